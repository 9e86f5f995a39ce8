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
    super::lexicon::cues().amounts.peso_words
}

fn is_number_word(t: &Token) -> bool {
    let c = cues();
    t.number_word().is_some()
        || [
            c.amounts.thousand_words,
            c.amounts.million_words,
            c.amounts.half_words,
            c.amounts.hundreds_words,
            c.amounts.thousand_slang,
            c.amounts.million_slang,
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
pub(super) fn parse_words(tokens: &[Token], i: usize) -> Option<(i64, usize)> {
    let c = cues();
    let mut total: i64 = 0;
    let mut group: i64 = 0;
    let mut used = 0;
    let mut saw_any = false;
    let mut j = i;
    while j < tokens.len() && tokens[j].kind == TokenKind::Word {
        let t = &tokens[j];
        if t.is_in(c.amounts.and_words)
            && saw_any
            && j + 1 < tokens.len()
            && is_number_word(&tokens[j + 1])
        {
            j += 1;
            continue;
        }
        if let Some(value) = t.number_word() {
            group += value;
        } else if t.is_in(c.amounts.hundreds_words) && group > 0 && group < 10 {
            // "dos cientos": written apart.
            group *= 100;
        } else if t.is_in(c.amounts.half_words)
            && tokens
                .get(j + 1)
                .is_some_and(|t| t.is_in(c.amounts.halved_units))
        {
            total += if tokens[j + 1].is_in(c.amounts.halved_millions) {
                500_000
            } else {
                500
            };
            j += 2;
            used = j - i;
            saw_any = true;
            continue;
        } else if t.is_in(c.amounts.thousand_words) {
            total += group.max(1) * 1000;
            group = 0;
        } else if t.is_in(c.amounts.thousand_slang) && group > 0 {
            // "una luca", "dos lucas": thousands of pesos in slang.
            total += group * 1000;
            group = 0;
        } else if t.is_in(c.amounts.million_slang) && group > 0 {
            // "un palo": a million pesos.
            total += group * 1_000_000;
            group = 0;
        } else if t.is_in(c.amounts.million_words) {
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
    let joined = tokens
        .get(i + used)
        .is_some_and(|t| t.is_in(c.amounts.and_words));
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
        .is_some_and(|t| t.is_in(cues().amounts.thousand_words))
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
    let mut found = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        match read_amount(tokens, used, i) {
            Some(amount) => {
                i = amount.end.max(i + 1);
                found.push(amount);
            }
            None => i += 1,
        }
    }
    super::priced::combine(tokens, used, &mut found);
    super::priced::counts_are_not_money(tokens, &mut found);
    parts::wholes_are_not_money(tokens, &mut found);
    parts::halves(tokens, &mut found);
    parts::pesos_given_for_foreign(tokens, &mut found);
    found
}

/// Whether token `k` is already read as something else (a day, an hour).
fn taken(used: &[bool], k: usize) -> bool {
    used.get(k).copied().unwrap_or(false)
}

/// The amount that starts at token `i`, if one does.
fn read_amount(tokens: &[Token], used: &[bool], i: usize) -> Option<AmountMatch> {
    // "ciento" of "10 por ciento" is the rate's word, no number.
    let percent = &cues().amounts.percent_words;
    let rate_word = || {
        tokens[i].kind == TokenKind::Word
            && i > 0
            && percent.cue_at(tokens, i - 1).is_some_and(|n| n > 1)
    };
    if taken(used, i) || rate_word() {
        return None;
    }
    let token = &tokens[i];
    let (centavos, end, score) = match token.kind {
        TokenKind::Number => (parse_number(&token.text)?, i + 1, 2),
        TokenKind::Word => match parse_words(tokens, i) {
            Some((value, n)) if n > 0 => (value * 100, i + n, 0),
            _ => return None,
        },
    };
    let mut a = AmountMatch {
        centavos,
        foreign: None,
        start: i,
        end,
        score,
        negative: false,
    };
    let words_only = token.kind == TokenKind::Word;
    // Spoken decimals: "1 punto cinco", "uno coma 5", "1 punto 2 mil".
    if let Some((cents, n)) = spoken_decimal(tokens, a.end).filter(|_| a.centavos % 100 == 0) {
        a.centavos += cents;
        a.end += n;
    }
    // "3.5% mensual", "10 por ciento": a rate, never money.
    if percent.cue_at(tokens, a.end).is_some() {
        return None;
    }
    // A bare "un"/"una" is an article, not an amount, unless money
    // follows: "un euro", "una libra".
    let money_follows = tokens
        .get(a.end)
        .is_some_and(|t| t.is_in(peso_words()) || foreign_word(&t.text).is_some());
    if words_only && a.end == i + 1 && token.is_in(cues().amounts.article_numbers) && !money_follows
    {
        return None;
    }
    if token.dollar_sign {
        a.score += 4;
    }
    multiplied(tokens, used, i, &mut a);
    // "los dos", "las tres": a small count of things said before, not
    // money ("los dos mil", "los quinientos" are money).
    if words_only
        && a.centavos < 2_000
        && i > 0
        && tokens[i - 1].is_in(cues().amounts.count_articles)
        && !money_follows
    {
        return None;
    }
    if words_only && a.centavos >= 100_000 {
        a.score += 2;
    }
    and_a_half(tokens, &mut a);
    currency_after(tokens, &mut a);
    // "doce con cincuenta", "12 pesos con 50 centavos".
    if a.centavos % 100 == 0
        && let Some((cents, n)) = centavos_after(tokens, a.end)
    {
        a.centavos += cents;
        a.end += n;
    }
    currency_before(tokens, used, i, &mut a);
    weigh(tokens, i, &mut a);
    a.negative = token.negative
        || (i > 0 && !taken(used, i - 1) && tokens[i - 1].is_in(cues().amounts.minus_words));
    Some(a)
}

/// Multipliers: "1.5k", "2 mil", "3 millones", "2 mil 500", "mil y medio".
fn multiplied(tokens: &[Token], used: &[bool], i: usize, a: &mut AmountMatch) {
    let c = cues();
    let token = &tokens[i];
    let words_only = token.kind == TokenKind::Word;
    let Some(next) = tokens.get(a.end).filter(|_| !taken(used, a.end)) else {
        return;
    };
    let next_in = |list: &CueList| next.is_in(list);
    let glued = next.start == token.end && !words_only;
    let times = |a: &mut AmountMatch, factor: i64| {
        a.centavos = a.centavos.saturating_mul(factor);
        a.end += 1;
        a.score += 3;
    };
    // "1.5k" only glued to the number: "2,300.00 M.N." is not millions.
    if next_in(c.amounts.thousand_suffixes) {
        if glued {
            times(a, 1000);
        }
    } else if next_in(c.amounts.million_slang) {
        if !words_only {
            times(a, 1_000_000);
        }
    } else if next_in(c.amounts.thousand_multipliers) {
        if !words_only || next_in(c.amounts.thousand_words) {
            times(a, 1000);
            after_thousands(tokens, used, a);
        }
    } else if next_in(c.amounts.million_words) {
        if !words_only {
            times(a, 1_000_000);
            // "1 millon 200 mil", "2 millones 350 mil 500"
            a.centavos += thousands_after(tokens, &mut a.end);
        }
    } else if next_in(c.amounts.million_suffixes) && glued {
        times(a, 1_000_000);
    }
}

/// After "mil": "5 mil millones" (thousands of millions), "2 mil 500",
/// "2 mil quinientos".
fn after_thousands(tokens: &[Token], used: &[bool], a: &mut AmountMatch) {
    let end = a.end;
    if tokens
        .get(end)
        .is_some_and(|t| !taken(used, end) && t.is_in(cues().amounts.million_words))
    {
        a.centavos = a.centavos.saturating_mul(1_000_000);
        a.end += 1;
        a.centavos += thousands_after(tokens, &mut a.end);
    } else if let Some(rest) = tokens.get(end) {
        if rest.kind == TokenKind::Number && !rest.text.contains(['/', '-']) {
            if let Some(extra) = parse_number(&rest.text).filter(|&c| c < 100_000) {
                a.centavos += extra;
                a.end += 1;
            }
        } else if let Some((extra, n)) = parse_words(tokens, end)
            && extra < 1000
        {
            a.centavos += extra * 100;
            a.end += n;
        }
    }
}

/// "y medio" is half of the amount's own unit: "un millón y medio", "dos
/// lucas y media", "mil y medio", "veinte y medio".
fn and_a_half(tokens: &[Token], a: &mut AmountMatch) {
    let c = cues();
    if tokens
        .get(a.end)
        .is_some_and(|t| t.is_in(c.amounts.and_words))
        && tokens
            .get(a.end + 1)
            .is_some_and(|t| t.is_in(c.amounts.and_a_half_words))
    {
        let unit = [100_000_000, 100_000]
            .into_iter()
            .find(|unit| a.centavos % unit == 0)
            .unwrap_or(100);
        a.centavos += unit / 2;
        a.end += 2;
    }
}

/// Currency after the number: "250 pesos", "20 dolares", "300 mxn",
/// "500 pesos argentinos".
fn currency_after(tokens: &[Token], a: &mut AmountMatch) {
    let word_at = |k: usize| tokens.get(k).filter(|t| t.kind == TokenKind::Word);
    let Some(next) = word_at(a.end) else {
        return;
    };
    let adjective = word_at(a.end + 1).and_then(|t| foreign_adjective(&t.text));
    if next.is_in(peso_words()) {
        a.end += 1;
        match adjective {
            Some(other) => {
                a.foreign = Some(other);
                a.end += 1;
            }
            // Named pesos beat a foreign amount in the same message.
            None => a.score += 5,
        }
    } else if let Some(currency) = foreign_word(&next.text) {
        a.foreign = Some(adjective.unwrap_or(currency));
        a.end += 1 + usize::from(adjective.is_some());
    } else if next.is_in(cues().amounts.currency_joiners)
        && let Some(currency) = word_at(a.end + 1).and_then(|t| foreign_word(&t.text))
    {
        a.foreign = Some(currency);
        a.end += 2;
    }
}

/// Currency before the number: "mxn 300", "usd 50", "R$ 20", "S/ 120".
fn currency_before(tokens: &[Token], used: &[bool], i: usize, a: &mut AmountMatch) {
    let c = cues();
    let token = &tokens[i];
    if i > 0 && !taken(used, i - 1) {
        let prev = &tokens[i - 1];
        if prev.is_in(c.amounts.peso_codes) {
            a.score += 4;
        } else if prev.is_in(c.amounts.dollar_sign_prefixes) {
            a.foreign = Some(Foreign("USD"));
            a.start = i - 1;
        } else if prev.is_in(c.amounts.real_sign_prefixes) && token.dollar_sign {
            a.foreign = Some(Foreign("BRL"));
            a.start = i - 1;
        } else if prev.is_in(c.amounts.sol_sign_prefixes)
            && prev.end < token.start.saturating_sub(1)
        {
            // "S/ 120", "S/.120": Peruvian soles.
            a.foreign = Some(Foreign("PEN"));
            a.start = i - 1;
        } else if let Some(currency) = foreign_word(&prev.text) {
            a.foreign = Some(currency);
            a.start = i - 1;
        }
    }
    if a.foreign.is_some() {
        a.score += 4;
    }
}

/// How much the words around say it is money: a price word before it
/// counts for it; a small count before a noun, a year after "de" or "en"
/// and a small number said in words count against it.
fn weigh(tokens: &[Token], i: usize, a: &mut AmountMatch) {
    let c = cues();
    let token = &tokens[i];
    let words_only = token.kind == TokenKind::Word;
    if i > 0 && tokens[i - 1].is_in(c.amounts.price_words) {
        a.score += 1;
    }
    // Small counts right before a noun are quantities ("2 tacos").
    let before_noun = tokens
        .get(a.end)
        .is_some_and(|t| t.kind == TokenKind::Word && !t.is_in(c.amounts.not_counted_nouns));
    if before_noun && a.centavos <= 1_200 && a.foreign.is_none() && !token.dollar_sign {
        a.score -= 2;
    }
    // A year is rarely the money: "la renta de 2026 subió, pagué 8,500",
    // "el predial 2026, fueron 1,350".
    let year_like = !words_only
        && a.end == i + 1
        && token.text.len() == 4
        && !token.dollar_sign
        && a.foreign.is_none()
        && token
            .text
            .parse::<u32>()
            .is_ok_and(|y| (1950..=2100).contains(&y));
    if year_like && i > 0 {
        let before = &tokens[i - 1];
        // Right after what it dates ("el predial 2026", "el tsuru
        // 2014"), a year not round enough to be a price ("gasté 2000").
        // A weekday is no thing a year dates ("el viernes 1980" is money).
        let dates_a_noun = before.kind == TokenKind::Word
            && before.weekday().is_none()
            && ![
                c.said.expense_verbs,
                c.debts.payment_verbs,
                c.said.income_verbs,
            ]
            .iter()
            .any(|verbs| verbs.words().contains(&before.text.as_str()))
            && token.text.parse::<u32>().is_ok_and(|y| y % 50 != 0);
        if before.is_in(c.amounts.year_prepositions) && !parts::sold_for(tokens, i) {
            a.score -= 3;
        } else if dates_a_noun {
            a.score -= 2;
        }
    }
    // Small number words right before a noun are quantities ("dos tacos").
    if words_only && a.centavos < 2_000 && a.score == 0 {
        a.score -= 2;
    }
}

/// "punto cinco", "coma 25", "punto 5" at `k`: (centavos, tokens used).
fn spoken_decimal(tokens: &[Token], k: usize) -> Option<(Centavos, usize)> {
    if !tokens.get(k)?.is_in(cues().amounts.decimal_points) {
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
    if !tokens.get(k)?.is_in(c.amounts.cents_joiners) {
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
    let centavos_word = after.is_some_and(|t| t.is_in(c.amounts.cents_words));
    let ends_item = after.is_none_or(|t| centavos_word || t.is_in(c.amounts.after_cents_words));
    ends_item.then_some((cents, 2 + usize::from(centavos_word)))
}

/// The amount most likely meant as money: the highest score, then the
/// first.
pub fn best_amount(matches: &[AmountMatch]) -> Option<&AmountMatch> {
    let mut best: Option<&AmountMatch> = None;
    for m in matches {
        if best.is_none_or(|b| m.score > b.score) {
            best = Some(m);
        }
    }
    best
}

mod parts;
mod take_back;
pub use take_back::take_back;

#[cfg(test)]
mod tests;
