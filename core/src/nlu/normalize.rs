//! Text folding and tokenizing: lower case, no accents, no emoji, so that
//! "Gasté", "gaste" and "GASTE 🙃" read the same.

use super::lexicon::{WordCues, spelling, word_cues};

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// Letters only (after folding).
    Word,
    /// Digits, possibly with `,` `.` `/` `-` inside (`1,500.50`, `15/10`).
    Number,
}

/// One token of a folded message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub text: String,
    pub kind: TokenKind,
    /// A `$` came right before it.
    pub dollar_sign: bool,
    /// A minus sign came right before the number ("-1,200").
    pub negative: bool,
    /// Part of a code: letters with digits glued to them, directly or by
    /// one hyphen ("COB-0001", "TXN-20261126", "abc123"). A code's number
    /// is never money and its letters are never a name.
    pub code: bool,
    /// Char offsets `[start, end)` in the folded text, which has the same
    /// chars as the original message one for one.
    pub start: usize,
    pub end: usize,
    /// The lexicon's cue lists for this word, looked up once.
    pub(super) cues: Option<&'static WordCues>,
}

/// Lower-cases and strips accents; letters keep, everything that is not a
/// letter, digit or one of `$ , . / - : %` becomes a space.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    out.extend(text.chars().map(fold_char));
    out
}

/// Whether `text` folds to `folded`, without building the folded text.
pub fn folds_to(text: &str, folded: &str) -> bool {
    text.chars().map(fold_char).eq(folded.chars())
}

fn fold_char(ch: char) -> char {
    match ch {
        'á' | 'à' | 'ä' | 'â' | 'Á' | 'À' | 'Ä' | 'Â' => 'a',
        'é' | 'è' | 'ë' | 'ê' | 'É' | 'È' | 'Ë' | 'Ê' => 'e',
        'í' | 'ì' | 'ï' | 'î' | 'Í' | 'Ì' | 'Ï' | 'Î' => 'i',
        'ó' | 'ò' | 'ö' | 'ô' | 'Ó' | 'Ò' | 'Ö' | 'Ô' => 'o',
        'ú' | 'ù' | 'ü' | 'û' | 'Ú' | 'Ù' | 'Ü' | 'Û' => 'u',
        'ñ' | 'Ñ' => 'n',
        '€' | '£' | '¥' | '₿' => ch,
        // The typographic minus sign reads like a hyphen.
        '−' | '–' => '-',
        c if c.is_ascii_alphanumeric() => c.to_ascii_lowercase(),
        '$' | ',' | '.' | '/' | '-' | ':' | '%' | '+' | '&' => ch,
        _ => ' ',
    }
}

/// Splits folded text into word and number tokens. Separators inside
/// numbers (`1,500.50`, `15/10/2025`, `2026-11-03`) stay in the token;
/// letters glued to digits split off (`1.5k` → `1.5`, `k`).
pub fn tokenize(folded: &str) -> Vec<Token> {
    let chars: Vec<char> = folded.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    let mut dollar = false;
    while i < chars.len() {
        let c = chars[i];
        if c == '$' {
            dollar = true;
            i += 1;
            continue;
        }
        let symbol = match c {
            '%' => Some("%"),
            '€' => Some("eur"),
            '£' => Some("gbp"),
            '¥' => Some("jpy"),
            '₿' => Some("btc"),
            _ => None,
        };
        if let Some(code) = symbol {
            tokens.push(Token {
                text: code.into(),
                kind: TokenKind::Word,
                dollar_sign: false,
                negative: false,
                code: false,
                start: i,
                end: i + 1,
                cues: word_cues(code),
            });
            i += 1;
            continue;
        }
        // ".75": a decimal with no integer part (never 75 pesos).
        let leading_dot = c == '.'
            && chars.get(i + 1).is_some_and(char::is_ascii_digit)
            && (i == 0 || !chars[i - 1].is_ascii_alphanumeric());
        if c.is_ascii_digit() || leading_dot {
            let start = i;
            if leading_dot {
                i += 1;
            }
            // "-1,200", "-$250": a minus sign right before the number.
            let mut k = start;
            if k > 0 && chars[k - 1] == '$' {
                k -= 1;
            }
            let negative =
                k > 0 && chars[k - 1] == '-' && (k < 2 || !chars[k - 2].is_ascii_alphanumeric());
            while i < chars.len() {
                let d = chars[i];
                let inner_separator = matches!(d, ',' | '.' | '/' | '-')
                    && i + 1 < chars.len()
                    && chars[i + 1].is_ascii_digit();
                if d.is_ascii_digit() || inner_separator {
                    i += 1;
                } else {
                    break;
                }
            }
            let code = !dollar && glued_to_letters(&chars, start, tokens.last());
            if code && let Some(letters) = tokens.last_mut() {
                letters.code = true;
            }
            tokens.push(Token {
                text: chars[start..i].iter().collect(),
                kind: TokenKind::Number,
                dollar_sign: dollar,
                negative,
                code,
                start,
                end: i,
                cues: None,
            });
            dollar = false;
            continue;
        }
        if c.is_ascii_alphabetic() {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphabetic() || chars[i] == '&') {
                i += 1;
            }
            let text: String = chars[start..i].iter().collect();
            // A chat spelling stands for its word ("xq" → "porque"), but not
            // right after a number: "5k", "2 x 1", "1 tb".
            let after_number = tokens
                .last()
                .is_some_and(|t: &Token| t.kind == TokenKind::Number);
            let text = match spelling(&text) {
                Some(word) if !after_number => word.to_string(),
                _ => text,
            };
            tokens.push(Token {
                cues: word_cues(&text),
                text,
                kind: TokenKind::Word,
                dollar_sign: false,
                negative: false,
                code: false,
                start,
                end: i,
            });
            // "us$50": the dollar sign belongs to the following number.
            continue;
        }
        if c != ' ' {
            dollar = dollar && c == ' ';
        }
        i += 1;
    }
    tokens
}

/// Whether the number starting at `start` is glued to the word before it,
/// directly or by one hyphen: "COB-0001", "abc123".
fn glued_to_letters(chars: &[char], start: usize, before: Option<&Token>) -> bool {
    let glued_at = match start.checked_sub(1).map(|b| chars[b]) {
        Some('-') => start.checked_sub(2),
        Some(_) => start.checked_sub(1),
        None => None,
    };
    glued_at.is_some_and(|g| chars[g].is_ascii_alphabetic())
        && before
            .is_some_and(|t| t.kind == TokenKind::Word && Some(t.end) == glued_at.map(|g| g + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn a_code_is_letters_glued_to_digits_and_money_is_not() {
        let codes = |input: &str| -> Vec<(String, bool)> {
            tokenize(&fold(input))
                .into_iter()
                .map(|t| (t.text, t.code))
                .collect()
        };
        let yes = |t: &str| (t.to_string(), true);
        let no = |t: &str| (t.to_string(), false);
        assert_eq!(
            codes("ya me pagó 200 del COB-0001"),
            vec![
                no("ya"),
                no("me"),
                no("pago"),
                no("200"),
                no("del"),
                yes("cob"),
                yes("0001")
            ]
        );
        assert_eq!(
            codes("folio abc123"),
            vec![no("folio"), yes("abc"), yes("123")]
        );
        // Money glued to its unit, a sign or a currency is no code.
        assert_eq!(codes("250mxn"), vec![no("250"), no("mxn")]);
        assert_eq!(codes("us$50"), vec![no("us"), no("50")]);
        assert_eq!(codes("gasté -250"), vec![no("gaste"), no("250")]);
        assert_eq!(
            codes("de 5 a 10"),
            vec![no("de"), no("5"), no("a"), no("10")]
        );
    }

    fn texts(input: &str) -> Vec<String> {
        tokenize(&fold(input)).into_iter().map(|t| t.text).collect()
    }

    #[test]
    fn folds_accents_case_and_emoji() {
        assert_eq!(
            texts("Gasté $1,500.50 en UBER 🚕 ayer!"),
            ["gaste", "1,500.50", "en", "uber", "ayer"]
        );
        assert_eq!(
            texts("1.5k del súper el 15/10/2025"),
            ["1.5", "k", "del", "super", "el", "15/10/2025"]
        );
        let tokens = tokenize(&fold("$250 y 300"));
        assert!(tokens[0].dollar_sign);
        assert!(!tokens[2].dollar_sign);
    }
}
