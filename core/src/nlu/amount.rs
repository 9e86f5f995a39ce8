//! Amounts as Mexicans write them: `250`, `$1,500.50`, `1.5k`, `2 mil`,
//! `mil quinientos`, `doscientos cincuenta`, `300 MXN`, and foreign
//! currencies that must never be converted silently.

pub use super::currency::Foreign;
use super::currency::{foreign_adjective, foreign_word};
use super::lexicon::{CueList, cues};
use super::normalize::{Token, TokenKind};
use crate::money::Centavos;

/// An amount found in a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AmountMatch {
    pub centavos: Centavos,
    /// `Some` when the amount is in a foreign currency.
    pub foreign: Option<Foreign>,
    /// Token span `[start, end)`, currency words included.
    pub start: usize,
    pub end: usize,
    /// How sure we are this is money: `$`, "pesos", a multiplier…
    pub score: i32,
    /// Written with a minus sign or after "menos" ("-1,200", "menos 500").
    pub negative: bool,
}

fn peso_words() -> &'static CueList {
    super::lexicon::cues().peso_words
}

fn is_number_word(t: &Token) -> bool {
    let c = cues();
    t.number_word().is_some()
        || [
            c.thousand_words,
            c.million_words,
            c.half_words,
            c.hundreds_words,
            c.thousand_slang,
            c.million_slang,
        ]
        .iter()
        .any(|list| t.is_in(list))
}

/// Parses a digit token as centavos: `1,500.50`, `1500.5`, `1.500`, `250,50`.
pub fn parse_number(text: &str) -> Option<Centavos> {
    if text.contains('/') || text.matches('-').count() > 0 {
        return None;
    }
    let (integer, fraction) = split_decimal(text)?;
    let pesos: i64 = integer.parse().ok()?;
    let cents = match fraction.len() {
        0 => 0,
        1 => fraction.parse::<i64>().ok()? * 10,
        2 => fraction.parse::<i64>().ok()?,
        _ => fraction[..2].parse::<i64>().ok()?,
    };
    pesos.checked_mul(100)?.checked_add(cents)
}

/// Splits into integer digits and decimal digits, reading `,` and `.` the
/// Mexican way (comma for thousands, dot for decimals) with tolerance.
fn split_decimal(text: &str) -> Option<(String, String)> {
    let last_sep = text.rfind([',', '.']);
    let Some(pos) = last_sep else {
        return Some((text.to_string(), String::new()));
    };
    let after = &text[pos + 1..];
    let before = &text[..pos];
    let sep = text.as_bytes()[pos];
    let both_kinds = text.contains(',') && text.contains('.');
    // "1,500" or "1.500" or "12,000,000": a thousands separator.
    let thousands = after.len() == 3 && (!both_kinds || sep == b',' && !before.contains(','));
    let thousands = thousands && !(both_kinds && sep == b'.');
    if thousands {
        let digits: String = text.chars().filter(char::is_ascii_digit).collect();
        return Some((digits, String::new()));
    }
    let integer: String = before.chars().filter(char::is_ascii_digit).collect();
    Some((
        if integer.is_empty() {
            "0".into()
        } else {
            integer
        },
        after.to_string(),
    ))
}

/// Reads number words starting at `i`: "mil quinientos", "doscientos
/// cincuenta", "dos mil", "un millon". Returns (value, tokens used).
fn parse_words(tokens: &[Token], i: usize) -> Option<(i64, usize)> {
    let c = cues();
    let mut total: i64 = 0;
    let mut group: i64 = 0;
    let mut used = 0;
    let mut saw_any = false;
    let mut j = i;
    while j < tokens.len() && tokens[j].kind == TokenKind::Word {
        let t = &tokens[j];
        if t.is_in(c.and_words) && saw_any && j + 1 < tokens.len() && is_number_word(&tokens[j + 1])
        {
            j += 1;
            continue;
        }
        if let Some(value) = t.number_word() {
            group += value;
        } else if t.is_in(c.hundreds_words) && group > 0 && group < 10 {
            // "dos cientos": written apart.
            group *= 100;
        } else if t.is_in(c.half_words)
            && tokens.get(j + 1).is_some_and(|t| t.is_in(c.halved_units))
        {
            total += if tokens[j + 1].is_in(c.halved_millions) {
                500_000
            } else {
                500
            };
            j += 2;
            used = j - i;
            saw_any = true;
            continue;
        } else if t.is_in(c.thousand_words) {
            total += group.max(1) * 1000;
            group = 0;
        } else if t.is_in(c.thousand_slang) && group > 0 {
            // "una luca", "dos lucas": thousands of pesos in slang.
            total += group * 1000;
            group = 0;
        } else if t.is_in(c.million_slang) && group > 0 {
            // "un palo": a million pesos.
            total += group * 1_000_000;
            group = 0;
        } else if t.is_in(c.million_words) {
            // The highest order: "mil millones", "mil quinientos millones".
            total = (total + group).max(1) * 1_000_000;
            group = 0;
        } else {
            break;
        }
        saw_any = true;
        j += 1;
        used = j - i;
    }
    if !saw_any {
        return None;
    }
    // Digits finishing words: "treinta y 5", "doce mil 500".
    let joined = tokens.get(i + used).is_some_and(|t| t.is_in(c.and_words));
    let at = i + used + usize::from(joined);
    if let Some(rest) = tokens.get(at).filter(|t| t.kind == TokenKind::Number)
        && let Ok(extra) = rest.text.parse::<i64>()
    {
        let fits = if joined {
            group % 10 == 0 && group > 0 && extra < 10
        } else {
            total >= 1000 && group == 0 && extra < 1000
        };
        if fits {
            return Some((total + group + extra, at + 1 - i));
        }
    }
    Some((total + group, used))
}

/// "200 mil", "350 mil 500" after "millones": the thousands part, in
/// centavos; advances `end` past it.
fn thousands_after(tokens: &[Token], end: &mut usize) -> Centavos {
    let Some(number) = tokens.get(*end).filter(|t| t.kind == TokenKind::Number) else {
        return 0;
    };
    if !tokens
        .get(*end + 1)
        .is_some_and(|t| t.is_in(cues().thousand_words))
    {
        return 0;
    }
    let Ok(thousands) = number.text.parse::<i64>() else {
        return 0;
    };
    if thousands >= 1000 {
        return 0;
    }
    *end += 2;
    let mut extra = thousands * 1000;
    if let Some(rest) = tokens.get(*end).filter(|t| t.kind == TokenKind::Number)
        && let Ok(units) = rest.text.parse::<i64>()
        && units < 1000
    {
        extra += units;
        *end += 1;
    }
    extra * 100
}

/// Finds every amount in the tokens, skipping tokens marked in `used`.
pub fn find_amounts(tokens: &[Token], used: &[bool]) -> Vec<AmountMatch> {
    let c = cues();
    let mut found = Vec::new();
    let mut i = 0;
    let taken = |k: usize| used.get(k).copied().unwrap_or(false);
    while i < tokens.len() {
        if taken(i) {
            i += 1;
            continue;
        }
        let token = &tokens[i];
        let (mut centavos, mut end, mut score) = match token.kind {
            TokenKind::Number => match parse_number(&token.text) {
                Some(c) => (c, i + 1, 2),
                None => {
                    i += 1;
                    continue;
                }
            },
            TokenKind::Word => match parse_words(tokens, i) {
                Some((value, n)) if n > 0 => (value * 100, i + n, 0),
                _ => {
                    i += 1;
                    continue;
                }
            },
        };
        let words_only = token.kind == TokenKind::Word;
        // Spoken decimals: "1 punto cinco", "uno coma 5", "1 punto 2 mil".
        let decimal = spoken_decimal(tokens, end).filter(|_| centavos % 100 == 0);
        if let Some((cents, n)) = decimal {
            centavos += cents;
            end += n;
        }
        // A bare "un"/"una" is an article, not an amount, unless money
        // follows: "un euro", "una libra".
        let money_follows = tokens
            .get(end)
            .is_some_and(|t| t.is_in(peso_words()) || foreign_word(&t.text).is_some());
        if words_only && end == i + 1 && token.is_in(c.article_numbers) && !money_follows {
            i += 1;
            continue;
        }
        if token.dollar_sign {
            score += 4;
        }
        // Multipliers: "1.5k", "2 mil", "3 millones", "2 mil 500", "mil y medio".
        if let Some(next) = tokens.get(end).filter(|_| !taken(end)) {
            let next_in = |list: &CueList| next.is_in(list);
            let glued = next.start == token.end && !words_only;
            // "1.5k" only glued to the number: "2,300.00 M.N." is not millions.
            if next_in(c.thousand_suffixes) {
                if glued {
                    centavos = centavos.saturating_mul(1000);
                    end += 1;
                    score += 3;
                }
            } else if next_in(c.million_slang) {
                if !words_only {
                    centavos = centavos.saturating_mul(1_000_000);
                    end += 1;
                    score += 3;
                }
            } else if next_in(c.thousand_multipliers) {
                if !words_only || next_in(c.thousand_words) {
                    centavos = centavos.saturating_mul(1000);
                    end += 1;
                    score += 3;
                    // "5 mil millones": thousands of millions.
                    if tokens
                        .get(end)
                        .is_some_and(|t| !taken(end) && t.is_in(c.million_words))
                    {
                        centavos = centavos.saturating_mul(1_000_000);
                        end += 1;
                        centavos += thousands_after(tokens, &mut end);
                    } else if let Some(rest) = tokens.get(end) {
                        // "2 mil 500", "2 mil quinientos"
                        if rest.kind == TokenKind::Number && !rest.text.contains(['/', '-']) {
                            if let Some(extra) = parse_number(&rest.text).filter(|&c| c < 100_000) {
                                centavos += extra;
                                end += 1;
                            }
                        } else if let Some((extra, n)) = parse_words(tokens, end)
                            && extra < 1000
                        {
                            centavos += extra * 100;
                            end += n;
                        }
                    }
                }
            } else if next_in(c.million_words) {
                if !words_only {
                    centavos = centavos.saturating_mul(1_000_000);
                    end += 1;
                    score += 3;
                    // "1 millon 200 mil", "2 millones 350 mil 500"
                    centavos += thousands_after(tokens, &mut end);
                }
            } else if next_in(c.million_suffixes) && glued {
                centavos = centavos.saturating_mul(1_000_000);
                end += 1;
                score += 3;
            }
        }
        if words_only && centavos >= 100_000 {
            score += 2;
        }
        // "y medio" is half of the amount's own unit: "un millón y medio",
        // "dos lucas y media", "mil y medio", "veinte y medio".
        if tokens.get(end).is_some_and(|t| t.is_in(c.and_words))
            && tokens
                .get(end + 1)
                .is_some_and(|t| t.is_in(c.and_a_half_words))
        {
            let unit = [100_000_000, 100_000]
                .into_iter()
                .find(|unit| centavos % unit == 0)
                .unwrap_or(100);
            centavos += unit / 2;
            end += 2;
        }
        // Currency after ("250 pesos", "20 dolares", "300 mxn", "500 pesos
        // argentinos") or before ("usd 50", "€30", "r$ 20").
        let mut foreign = None;
        let word_at = |k: usize| tokens.get(k).filter(|t| t.kind == TokenKind::Word);
        if let Some(next) = word_at(end) {
            let adjective = word_at(end + 1).and_then(|t| foreign_adjective(&t.text));
            if next.is_in(peso_words()) {
                end += 1;
                match adjective {
                    Some(other) => {
                        foreign = Some(other);
                        end += 1;
                    }
                    // Named pesos beat a foreign amount in the same message.
                    None => score += 5,
                }
            } else if let Some(currency) = foreign_word(&next.text) {
                foreign = Some(adjective.unwrap_or(currency));
                end += 1 + usize::from(adjective.is_some());
            } else if next.is_in(c.currency_joiners)
                && let Some(currency) = word_at(end + 1).and_then(|t| foreign_word(&t.text))
            {
                foreign = Some(currency);
                end += 2;
            }
        }
        // "doce con cincuenta", "12 pesos con 50 centavos".
        if centavos % 100 == 0
            && let Some((cents, n)) = centavos_after(tokens, end)
        {
            centavos += cents;
            end += n;
        }
        let mut start = i;
        if i > 0 && !taken(i - 1) {
            let prev = &tokens[i - 1];
            if prev.is_in(c.peso_codes) {
                score += 4;
            } else if prev.is_in(c.dollar_sign_prefixes) {
                foreign = Some(Foreign("USD"));
                start = i - 1;
            } else if prev.is_in(c.real_sign_prefixes) && token.dollar_sign {
                foreign = Some(Foreign("BRL"));
                start = i - 1;
            } else if prev.is_in(c.sol_sign_prefixes) && prev.end < token.start.saturating_sub(1) {
                // "S/ 120", "S/.120": Peruvian soles.
                foreign = Some(Foreign("PEN"));
                start = i - 1;
            } else if let Some(currency) = foreign_word(&prev.text) {
                foreign = Some(currency);
                start = i - 1;
            }
        }
        if foreign.is_some() {
            score += 4;
        }
        if i > 0 && tokens[i - 1].is_in(c.price_words) {
            score += 1;
        }
        // Small counts right before a noun are quantities ("2 tacos").
        let before_noun = tokens
            .get(end)
            .is_some_and(|t| t.kind == TokenKind::Word && !t.is_in(c.not_counted_nouns));
        if before_noun && centavos <= 1_200 && foreign.is_none() && !token.dollar_sign {
            score -= 2;
        }
        // A year is rarely the money: "la renta de 2026 subió, pagué 8,500".
        let year_like = !words_only
            && end == i + 1
            && token.text.len() == 4
            && token
                .text
                .parse::<u32>()
                .is_ok_and(|y| (1950..=2100).contains(&y))
            && i > 0
            && tokens[i - 1].is_in(c.year_prepositions);
        if year_like && !token.dollar_sign && foreign.is_none() {
            score -= 3;
        }
        // Small number words right before a noun are quantities ("dos tacos").
        if words_only && centavos < 2_000 && score == 0 {
            score -= 2;
        }
        let negative =
            token.negative || (i > 0 && !taken(i - 1) && tokens[i - 1].is_in(c.minus_words));
        found.push(AmountMatch {
            centavos,
            foreign,
            start,
            end,
            score,
            negative,
        });
        i = end.max(i + 1);
    }
    super::priced::combine(tokens, used, &mut found);
    super::priced::counts_are_not_money(tokens, &mut found);
    found
}

/// "punto cinco", "coma 25", "punto 5" at `k`: (centavos, tokens used).
fn spoken_decimal(tokens: &[Token], k: usize) -> Option<(Centavos, usize)> {
    if !tokens.get(k)?.is_in(cues().decimal_points) {
        return None;
    }
    let next = tokens.get(k + 1)?;
    let digits = match next.kind {
        TokenKind::Number if next.text.chars().all(|c| c.is_ascii_digit()) => next.text.clone(),
        TokenKind::Word => next.number_word().filter(|v| *v < 100)?.to_string(),
        TokenKind::Number => return None,
    };
    let cents = match digits.len() {
        1 => digits.parse::<i64>().ok()? * 10,
        _ => digits[..2].parse::<i64>().ok()?,
    };
    Some((cents, 2))
}

/// "con cincuenta", "con 50 centavos" at `k`: (centavos, tokens used).
fn centavos_after(tokens: &[Token], k: usize) -> Option<(Centavos, usize)> {
    let c = cues();
    if !tokens.get(k)?.is_in(c.cents_joiners) {
        return None;
    }
    let next = tokens.get(k + 1)?;
    let cents: i64 = match next.kind {
        TokenKind::Number if next.text.chars().all(|c| c.is_ascii_digit()) => {
            next.text.parse().ok()?
        }
        TokenKind::Word => next.number_word()?,
        TokenKind::Number => return None,
    };
    if !(1..100).contains(&cents) {
        return None;
    }
    let after = tokens.get(k + 2);
    let centavos_word = after.is_some_and(|t| t.is_in(c.cents_words));
    let ends_item = after.is_none_or(|t| centavos_word || t.is_in(c.after_cents_words));
    ends_item.then_some((cents, 2 + usize::from(centavos_word)))
}

/// The amount most likely meant as money: the highest score, then the
/// first.
/// Takes out of `found` the amounts the message itself takes back, and
/// returns them: "fue 465 no 456", "350, no 300" and "120 en vez de 100"
/// take back the second; "80 digo 90", "150, bueno no, 170", "no eran 300,
/// eran 350" the first. A lone "no" right before an amount (no pause
/// between them) negates that amount; any other retraction word between
/// two amounts takes back the one before it.
pub fn take_back(tokens: &[Token], found: &mut Vec<AmountMatch>) -> Vec<AmountMatch> {
    let c = cues();
    if found.len() < 2 {
        return Vec::new();
    }
    // A pause: more than the one space between two tokens (", ", "... ").
    let pause = |k: usize| {
        k > 0
            && tokens
                .get(k)
                .is_some_and(|t| t.start > tokens[k - 1].end + 1)
    };
    let mut retracted = vec![false; found.len()];
    for i in 0..found.len() - 1 {
        let (a, b) = (&found[i], &found[i + 1]);
        let between: Vec<usize> = (a.end..b.start)
            .filter(|&k| !tokens[k].is_in(c.was_words))
            .collect();
        let instead = (a.end..b.start).any(|k| c.instead_phrases.cue_at(tokens, k).is_some());
        let lone_no = between.len() == 1 && tokens[between[0]].is_in(c.no_words) && !pause(b.start);
        if instead || lone_no {
            retracted[i + 1] = true;
        } else if between.iter().any(|&k| tokens[k].is_in(c.retraction_words)) {
            retracted[i] = true;
        } else {
            // "no eran 300, eran 350": the first said after a "no".
            let before = a.start.saturating_sub(2)..a.start;
            if before.into_iter().any(|k| tokens[k].is_in(c.no_words)) {
                retracted[i] = true;
            }
        }
    }
    let mut kept = Vec::new();
    let mut taken = Vec::new();
    for (m, out) in found.drain(..).zip(retracted) {
        if out { taken.push(m) } else { kept.push(m) }
    }
    *found = kept;
    taken
}

pub fn best_amount(matches: &[AmountMatch]) -> Option<&AmountMatch> {
    let mut best: Option<&AmountMatch> = None;
    for m in matches {
        if best.is_none_or(|b| m.score > b.score) {
            best = Some(m);
        }
    }
    best
}

#[cfg(test)]
mod tests;
