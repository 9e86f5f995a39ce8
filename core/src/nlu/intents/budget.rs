//! Budget: "presupuesto de 3000 para comida", "no gastar más de 500".

use super::Signals;
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
    let budget_word =
        f.has_any(&["presupuesto", "presu", "limite", "tope", "maximo"]) || first == "max";
    if (budget_word || budget_phrase)
        && has_amount
        && !f.has_any(&["cuanto", "cuanta"])
        && !simulate
        && !past_payment
    {
        add(Intent::SetBudget, 0.93);
    }
    if budget_word
        && !has_amount
        && !question
        && f.has_any(&[
            "pon",
            "ponme",
            "fija",
            "quiero",
            "define",
            "establece",
            "crea",
            "configura",
        ])
    {
        add(Intent::SetBudget, 0.85);
    }
}
