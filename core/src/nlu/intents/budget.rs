//! Budget: "presupuesto de 3000 para comida", "no gastar más de 500".

use super::Signals;
use crate::nlu::lexicon::cues;
use crate::nlu::{Features, Intent};

/// Scores SetBudget.
pub(super) fn score(f: &Features<'_>, s: &Signals, add: &mut impl FnMut(Intent, f32)) {
    let Signals {
        has_amount,
        question,
        first,
        past_payment,
        simulate,
        budget_phrase,
        ..
    } = *s;

    // Budget.
    let c = cues();
    let budget_word = f.has(c.said.budget_words) || c.said.budget_first_words.contains(first);
    if (budget_word || budget_phrase)
        && has_amount
        && !f.has(c.said.how_much_words)
        && !simulate
        && !past_payment
    {
        add(Intent::SetBudget, 0.93);
    }
    if budget_word && !has_amount && !question && f.has(c.said.budget_commands) {
        add(Intent::SetBudget, 0.85);
    }
    // "quita el presupuesto de comida".
    if budget_word
        && !has_amount
        && (f.has_prefix(c.said.delete_prefixes) || f.has(c.said.budget_remove_words))
    {
        add(Intent::SetBudget, 0.9);
    }
}
