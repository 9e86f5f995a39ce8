//! Which stored movement a correction or delete means, and where its new
//! values start: "el de la luz fue 465 no 456", "borra el uber de ayer",
//! "cambia el penúltimo a 300". The host's rows are matched against the
//! reference by `tools::rules::match_rows`; nothing here knows the rows.

use super::RowReference;
use super::amount::AmountMatch;
use super::category::CategoryMatch;
use super::date::DateMatch;
use super::lexicon::cues;
use super::normalize::{Token, TokenKind};
use crate::money::Centavos;

/// Where the new values of a correction start: at "fue"/"era"/"ponlo", or
/// at the "a" of "cambia … a ropa". `None` when nothing marks it ("borra
/// el de la luz").
pub(super) fn value_start(tokens: &[Token]) -> Option<usize> {
    let c = cues();
    let mut changing = false;
    let mut change_to = None;
    for (k, t) in tokens.iter().enumerate() {
        if t.is_in(c.said.was_words) || t.is_in(c.said.assertion_words) {
            return Some(k);
        }
        if t.is_in(c.said.edit_verbs) {
            changing = true;
        } else if changing && k > 1 && t.is_in(c.said.change_to_words) {
            change_to = Some(k);
        }
    }
    change_to
}

/// The reference to a stored movement in `tokens[..end]`: its position
/// from the newest, the words that may name it (after an article, or a
/// category's keyword), amounts it had and its day. `taken_back` are the
/// amounts the message negates ("no 456"), which name the old row too.
pub(super) fn read(
    tokens: &[Token],
    end: usize,
    amounts: &[AmountMatch],
    taken_back: &[AmountMatch],
    categories: &[CategoryMatch],
    date: Option<&DateMatch>,
) -> RowReference {
    let c = cues();
    let end = end.min(tokens.len());
    let position = tokens[..end].iter().find_map(|t| {
        if t.is_in(c.said.third_last_words) {
            Some(3)
        } else if t.is_in(c.said.second_last_words) {
            Some(2)
        } else if t.is_in(c.said.last_words) {
            Some(1)
        } else {
            None
        }
    });
    let in_amount = |k: usize| {
        amounts
            .iter()
            .chain(taken_back)
            .any(|m| m.start <= k && k < m.end)
    };
    let in_date = |k: usize| date.is_some_and(|d| d.start <= k && k < d.end);
    let in_category = |k: usize| categories.iter().any(|m| m.start <= k && k < m.end);
    // "el abono que me hizo Raúl": who handed it over names it.
    let mut after_giver = vec![false; tokens.len() + 1];
    for i in 0..end {
        if let Some(len) = c.said.reference_giver_verbs.cue_at(tokens, i) {
            after_giver[i + len] = true;
        }
    }
    let mut words: Vec<String> = Vec::new();
    for k in 0..end {
        let t = &tokens[k];
        let after_article =
            k > 0 && tokens[k - 1].is_in(c.said.reference_articles) || after_giver[k];
        let named = t.kind == TokenKind::Word
            && t.text.len() >= 3
            && (after_article || in_category(k))
            && !in_amount(k)
            && !in_date(k)
            && !t.is_in(c.said.reference_stops)
            && !t.is_in(c.said.reference_articles)
            && !t.is_in(c.said.second_last_words)
            && !t.is_in(c.said.third_last_words)
            && !t.is_in(c.said.delete_prefixes)
            && !t.is_in(c.said.edit_verbs);
        if named && !words.contains(&t.text) {
            words.push(t.text.clone());
        }
    }
    let amounts: Vec<Centavos> = taken_back
        .iter()
        .chain(amounts.iter().filter(|m| m.end <= end))
        .filter(|m| m.foreign.is_none() && !m.negative)
        .map(|m| m.centavos)
        .collect();
    // "el último gasto", "borra el ingreso de ayer": only rows of that kind.
    // Said after an article or "último" the word names the row; "era
    // ingreso" names what it should be.
    let names_row = |k: usize| {
        k > 0 && {
            let before = &tokens[k - 1];
            before.is_in(c.said.reference_articles)
                || before.is_in(c.said.last_words)
                || before.is_in(c.said.second_last_words)
                || before.is_in(c.said.third_last_words)
        }
    };
    let kind = tokens[..end].iter().enumerate().find_map(|(k, t)| {
        if !names_row(k) {
            None
        } else if t.is_in(c.answers.expense_kind_words) {
            Some(crate::kinds::TransactionType::Expense)
        } else if t.is_in(c.answers.income_kind_words) {
            Some(crate::kinds::TransactionType::Income)
        } else {
            None
        }
    });
    RowReference {
        position,
        words,
        amounts,
        date_iso: date
            .filter(|d| d.end <= end)
            .map(|d| crate::time::iso_date(d.date)),
        kind,
    }
}
