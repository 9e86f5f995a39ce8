//! What the user wrote for a category and a description: the words as
//! written, and which of several category matches a movement is about.

use super::category;
use super::features::Features;
use super::lexicon;
use super::normalize::{Token, folds_to};

/// The words that named the category, as the user wrote them ("Uber",
/// "tacos"), unless they only repeat the category's name.
pub fn describe(original: &str, tokens: &[Token], m: &category::CategoryMatch) -> Option<String> {
    if m.fuzzy || m.keyword == m.category.key || folds_to(m.category.label, m.keyword) {
        return None;
    }
    // A verb ("vendí", "gasté") says what was done, not what it was for.
    let c = lexicon::cues();
    if c.said.income_verbs.words().contains(&m.keyword)
        || c.said.expense_verbs.words().contains(&m.keyword)
    {
        return None;
    }
    // Phrases like "me regalaron" or "la tarjeta" say how, not what.
    let first_word = m.keyword.split(' ').next().unwrap_or("");
    if m.keyword.contains(' ')
        && lexicon::cues()
            .categories
            .manner_keyword_starts
            .contains(first_word)
    {
        return None;
    }
    let (Some(first), Some(last)) = (tokens.get(m.start), tokens.get(m.end.saturating_sub(1)))
    else {
        return None;
    };
    Some(
        original
            .chars()
            .skip(first.start)
            .take(last.end - first.start)
            .collect(),
    )
}

/// The original text of a token span, as typed ("Banamex", "Toño"): a
/// name is shown as the person wrote it (debts are matched by a folded
/// key, so the case never makes two of one).
pub(super) fn original_span(
    original: &str,
    tokens: &[Token],
    (start, end): (usize, usize),
) -> String {
    let (Some(first), Some(last)) = (tokens.get(start), tokens.get(end.saturating_sub(1))) else {
        return String::new();
    };
    original
        .chars()
        .skip(first.start)
        .take(last.end - first.start)
        .collect::<String>()
}

pub(super) fn pick_category<'a>(
    categories: &'a [category::CategoryMatch],
    f: &Features<'_>,
) -> Option<&'a category::CategoryMatch> {
    // A card payment keyword loses to a purchase category ("pagué el súper
    // con tarjeta") unless it is clearly the card being paid.
    let c = lexicon::cues();
    let card_payment = f.has(c.categories.card_payment_phrases);
    // "gas" with a vehicle ("500 de gas pal taxi") is the vehicle's fuel.
    let by_vehicle = categories.iter().any(|m| m.category.key == "transporte");
    let generic = |m: &category::CategoryMatch| {
        matches!(m.category.key, "tarjeta") && !card_payment
            || m.fuzzy
            || c.categories.generic_category_keywords.contains(m.keyword)
            || by_vehicle && c.categories.fuel_keywords.contains(m.keyword)
    };
    let mut best: Option<&category::CategoryMatch> = None;
    for m in categories {
        match best {
            None => best = Some(m),
            Some(b) => {
                if generic(b) && !generic(m) {
                    best = Some(m);
                }
            }
        }
    }
    best
}
