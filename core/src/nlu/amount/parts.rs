//! Money said as a part of other money: half of it ("la mitad de 9000"),
//! the whole a part comes out of ("de los 90 me dio 75"), and a price
//! that follows a sale ("vendí un acumulador en 2100", never a year).

use super::AmountMatch;
use crate::nlu::lexicon::cues;
use crate::nlu::normalize::{Token, TokenKind};

/// "la mitad de 9000": half of the money said, a centavo that does not
/// split going to the half.
pub(super) fn halves(tokens: &[Token], found: &mut [AmountMatch]) {
    let openers = &cues().amounts.half_of_openers;
    for m in found.iter_mut() {
        let half = (m.start.saturating_sub(4)..m.start)
            .find(|&j| openers.cue_at(tokens, j) == Some(m.start - j));
        if let Some(j) = half {
            m.centavos = m.centavos / 2 + m.centavos % 2;
            m.start = j;
        }
    }
}

/// "de los 90 me dio 75", "me dio 200 de los 500": an amount said as the
/// whole a part comes out of is no money that moved when the part is
/// said too.
pub(super) fn wholes_are_not_money(tokens: &[Token], found: &mut [AmountMatch]) {
    let openers = &cues().amounts.whole_openers;
    let whole = |m: &AmountMatch| {
        (m.start.saturating_sub(3)..m.start).any(|j| openers.cue_at(tokens, j) == Some(m.start - j))
    };
    let wholes: Vec<bool> = found.iter().map(whole).collect();
    let part_said = found
        .iter()
        .zip(&wholes)
        .any(|(m, whole)| !whole && m.score > 0);
    if !part_said {
        return;
    }
    for (m, whole) in found.iter_mut().zip(wholes) {
        if whole {
            m.score = m.score.min(0);
        }
    }
}

/// "vendí un acumulador en 2100": a number after "en" that follows a
/// verb of money and the thing it moved for is its price, never a year;
/// a question ("¿cuánto gasté en comida en 2025?") asks about the year.
pub(super) fn sold_for(tokens: &[Token], i: usize) -> bool {
    let c = cues();
    if i < 2 || !tokens[i - 1].is_in(c.amounts.price_prepositions) {
        return false;
    }
    let asks = tokens.iter().any(|t| t.is_in(c.said.question_words));
    let verb = (0..i - 1).rev().take(5).find(|&k| {
        c.said.expense_verbs.cue_at(tokens, k).is_some()
            || c.said.income_verbs.cue_at(tokens, k).is_some()
    });
    let between = |k: usize| &tokens[k + 1..i - 1];
    !asks
        && verb.is_some_and(|k| {
            !between(k).is_empty() && between(k).iter().all(|t| t.kind == TokenKind::Word)
        })
}

/// "me depositaron 420 dólares, en pesos fueron 7,686", "150 dólares, ya
/// los cambié, me dieron 2,715": money in another currency, then its
/// value in pesos said after it (a word of pesos or of changing money
/// between them or around it). The foreign amount goes: the pesos are the
/// amount.
pub fn pesos_given_for_foreign(tokens: &[Token], found: &mut Vec<AmountMatch>) {
    let c = cues();
    let [foreign, pesos] = found.as_slice() else {
        return;
    };
    let converts = foreign.foreign.is_some()
        && pesos.foreign.is_none()
        && !pesos.negative
        && pesos.start >= foreign.end
        // "20 dólares y 300 pesos": two sums.
        && !pesos
            .start
            .checked_sub(1)
            .is_some_and(|k| tokens[k].is_in(c.amounts.and_words))
        && (foreign.end..(pesos.end + 1).min(tokens.len()))
            .any(|k| c.amounts.conversion_words.cue_at(tokens, k).is_some());
    if converts {
        found.remove(0);
    }
}
