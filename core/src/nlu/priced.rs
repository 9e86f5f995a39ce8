//! A count and its price ("vendí 40 tamales a 15 cada uno", "10 recargas
//! de 50", "la colegiatura de mis 2 hijos, 1,850 cada uno"): the money is
//! the count times the price, and neither number alone is the amount.

use super::amount::AmountMatch;
use super::lexicon::cues;
use super::normalize::{Token, TokenKind};

/// Most words between a count and the price after it ("3 cajas de
/// refresco a 180").
const MOST_WORDS_BETWEEN: usize = 4;

/// The largest count read as one ("40 tamales"); a larger number is money
/// or a reference, never a count.
const MOST_COUNTED: i64 = 999;

/// Folds each priced count into one amount: the price's match becomes the
/// total, spanning the count, and the count's own match goes.
pub(super) fn combine(tokens: &[Token], used: &[bool], found: &mut Vec<AmountMatch>) {
    let mut counts = Vec::new();
    for k in 0..found.len() {
        let price = &found[k];
        let count =
            count_before(tokens, used, price).or_else(|| count_for_each(tokens, used, price));
        // A count said after its price for each ("…a cada uno, son 3")
        // is one though "son 3" alone would read as money.
        let after = |at: usize| at >= price.end;
        let Some((at, n)) = count.filter(|(at, _)| after(*at) || !inside_money(found, k, *at))
        else {
            continue;
        };
        let Some(total) = price.centavos.checked_mul(n) else {
            continue;
        };
        found[k] = AmountMatch {
            centavos: total,
            start: at.min(price.start),
            end: price.end.max(at + 1),
            score: price.score + 1,
            ..price.clone()
        };
        counts.push(at);
    }
    // The counts read as amounts of their own go.
    found.retain(|m| !(m.end == m.start + 1 && counts.contains(&m.start)));
}

/// A bare number before a plural noun ("14 viajes", "3 cosas") that has
/// no price of its own counts things when the message holds other money ("hice 14 viajes y me
/// quedaron 1,450"): it reads as money only when nothing else does.
pub(super) fn counts_are_not_money(tokens: &[Token], found: &mut Vec<AmountMatch>) {
    // "doña Mari se llevó 6 tamales", "compré 12 huevos": a lone small
    // count before what was counted, with no sign of money, is no amount;
    // the amount is asked.
    if let [only] = found.as_slice()
        && counted(tokens, only)
        && only.score <= 0
        && !tokens[only.start].dollar_sign
    {
        found.clear();
        return;
    }
    if found.len() < 2 {
        return;
    }
    // "don Beto me debe 3 atoles y 10 tamales": counts of several things
    // and no price are no amount either.
    if found
        .iter()
        .all(|m| counted(tokens, m) && m.score <= 0 && !tokens[m.start].dollar_sign)
    {
        found.clear();
        return;
    }
    for m in found.iter_mut() {
        if counted(tokens, m) && m.score > 0 {
            m.score = 0;
        }
    }
}

/// A bare number right before a plural noun that is not money: what it
/// counts ("14 viajes", "3 garrafones").
fn counted(tokens: &[Token], m: &AmountMatch) -> bool {
    let c = cues();
    m.end == m.start + 1
        && m.foreign.is_none()
        && count_at(tokens, &[], m.start).is_some()
        && tokens.get(m.end).is_some_and(|t| {
            t.kind == TokenKind::Word
                && t.text.len() > 3
                && t.text.ends_with('s')
                && !t.is_in(c.amounts.peso_words)
                && !t.is_in(c.amounts.not_counted_nouns)
        })
        // "cine 180 palomitas 120": a noun with a price of its own is the
        // next item, not what was counted.
        && tokens
            .get(m.end + 1)
            .is_none_or(|t| t.kind != TokenKind::Number)
}

/// A count right before the price, with a few words between and a price
/// word before it: "40 tamales a 15", "10 recargas de 50 pesos", "2 a 275".
fn count_before(tokens: &[Token], used: &[bool], price: &AmountMatch) -> Option<(usize, i64)> {
    let c = cues();
    let prep = price.start.checked_sub(1)?;
    if !tokens[prep].is_in(c.answers.unit_price_words) || !price_ends(tokens, price) {
        return None;
    }
    // "3 refrescos en 90", "el tanque de 30 kilos en 690": what it all
    // cost, unless "cada uno" follows.
    if tokens[prep].is_in(c.amounts.price_prepositions)
        && c.answers.each_one.cue_at(tokens, price.end).is_none()
    {
        return None;
    }
    let mut i = prep;
    for _ in 0..=MOST_WORDS_BETWEEN {
        let at = i.checked_sub(1)?;
        // A count and its price are said in one clause: a mark between
        // them ("le pagué 500 más, debe quedar en 2700") parts them.
        if tokens[at].end + 1 < tokens[at + 1].start {
            return None;
        }
        if let Some(n) = count_at(tokens, used, at) {
            // "el tanque de 30 kilos a 690": a measure said of a thing
            // is its size, not how many were bought.
            if is_size(tokens, at) {
                return None;
            }
            // Nothing counted between: only "2 a 275", a price above its
            // count ("500 en 3 cosas" is no price of 3).
            let bare = at + 1 == prep;
            // "2 de cal a 95" (two of lime, at 95 each), "4 de a 2500"
            // (four, at 2,500 each).
            let of = tokens[at + 1].is_in(c.debts.one_of_words);
            let of_item = of
                && at + 2 < prep
                && tokens[at + 2].kind == TokenKind::Word
                && !tokens[at + 2].is_in(c.answers.unit_price_words);
            let each_at = of && at + 2 == prep && c.answers.price_a.at(tokens, prep);
            let counted = tokens[at + 1].kind == TokenKind::Word
                && !tokens[at + 1].is_in(c.answers.unit_price_words)
                && !tokens[at + 1].is_in(c.amounts.not_counted_nouns)
                || of_item
                || each_at;
            let priced = if bare {
                c.answers.price_a.at(tokens, prep) && price.centavos > n * 100
            } else {
                counted
            };
            return priced.then_some((at, n));
        }
        if tokens[at].kind != TokenKind::Word {
            return None;
        }
        i = at;
    }
    None
}

/// Whether the count at `at` is the size of the thing named before it:
/// a measure after "de" and a word ("tanque de 30 kilos", "garrafón de
/// 20 litros").
fn is_size(tokens: &[Token], at: usize) -> bool {
    let c = cues();
    at >= 2
        && tokens[at - 1].is_in(c.debts.one_of_words)
        && tokens[at - 2].kind == TokenKind::Word
        && tokens
            .get(at + 1)
            .is_some_and(|t| t.is_in(c.amounts.measure_units))
}

/// A price ends its thing: nothing counted follows it ("a 15", "de 50
/// pesos", "a 15 cada uno"), unlike "en 3 cosas", where 3 is a count.
fn price_ends(tokens: &[Token], price: &AmountMatch) -> bool {
    let c = cues();
    tokens.get(price.end).is_none_or(|t| {
        t.kind != TokenKind::Word
            || t.is_in(c.amounts.and_words)
            || c.answers.each_one.cue_at(tokens, price.end).is_some()
    })
}

/// A price said "cada uno" after it, and a count earlier in the message
/// ("mis 2 hijos, 1,850 cada uno") or said right after it ("2500 a cada
/// uno, son 3").
fn count_for_each(tokens: &[Token], used: &[bool], price: &AmountMatch) -> Option<(usize, i64)> {
    // "1,850 cada uno", "2500 a cada uno".
    let gap = usize::from(cues().answers.price_a.at(tokens, price.end));
    let each = gap + cues().answers.each_one.cue_at(tokens, price.end + gap)?;
    // Earlier, a count names what it counts ("mis 2 hijos"): a number
    // that stands alone ("pagué 900 pero …") is money of its own.
    let before = (0..price.start)
        .rev()
        .filter(|&at| names_counted(tokens, at))
        .find_map(|at| count_at(tokens, used, at).map(|n| (at, n)));
    before.or_else(|| {
        let from = price.end + each;
        (from + 1..(from + 3).min(tokens.len())).find_map(|at| {
            // Read as a split of the bill too ("son 3"): with a price for
            // each, it counts them.
            let free = vec![false; tokens.len()];
            cues()
                .amounts
                .count_after_words
                .at(tokens, at - 1)
                .then(|| count_at(tokens, &free, at).map(|n| (at, n)))?
        })
    })
}

/// Whether the word after `at` is what a count there counts: a plural
/// noun or a unit of goods ("2 hijos", "3 kilos").
fn names_counted(tokens: &[Token], at: usize) -> bool {
    let c = cues();
    c.days.quantity_units.at(tokens, at + 1)
        || tokens.get(at + 1).is_some_and(|t| {
            t.kind == TokenKind::Word
                && t.text.len() > 3
                && t.text.ends_with('s')
                && !t.is_in(c.amounts.and_words)
                && !t.is_in(c.amounts.peso_words)
        })
}

/// A count at `at`: a whole number from 2 to [`MOST_COUNTED`], in digits
/// without a `$` or in words, not part of a day or a time.
fn count_at(tokens: &[Token], used: &[bool], at: usize) -> Option<i64> {
    let t = &tokens[at];
    // A quantity of goods ("3 kilos", "3 cajas") is a count; a day or a
    // time is not.
    let quantity = cues().days.quantity_units.at(tokens, at + 1);
    if used.get(at).copied().unwrap_or(false) && !quantity || t.dollar_sign || t.negative {
        return None;
    }
    let n = match t.kind {
        TokenKind::Number if t.text.chars().all(|ch| ch.is_ascii_digit()) => t.text.parse().ok()?,
        TokenKind::Word => t.number_word()?,
        _ => return None,
    };
    (2..=MOST_COUNTED).contains(&n).then_some(n)
}

/// Whether the token at `at` belongs to another amount that is surely
/// money (a `$`, "pesos", a multiplier), so it is no count.
fn inside_money(found: &[AmountMatch], price: usize, at: usize) -> bool {
    found.iter().enumerate().any(|(k, m)| {
        k != price && m.start <= at && at < m.end && (m.end - m.start > 1 || m.score > 2)
    })
}
