//! Which way the money went, as a reply to a movement shown names it
//! ("es ingreso", "no es gasto").

use crate::kinds::TransactionType::{self, Expense, Income};
use crate::nlu::lexicon::cues;

/// Each kind's words in a reply: (said plainly, said under a negation).
type Said = ((bool, bool), (bool, bool));

fn kinds_said(reading: &crate::nlu::Reading) -> Said {
    let c = cues();
    let (mut income, mut expense) = ((false, false), (false, false));
    let tokens = reading.tokens();
    for (i, (t, negated)) in tokens.iter().zip(reading.negated()).enumerate() {
        // "es lo que gané", "saqué": money earned is an income.
        let earned = c.answers.earned_verbs.cue_at(tokens, i).is_some();
        let slot = if t.is_in(c.answers.income_kind_words) || earned {
            &mut income
        } else if t.is_in(c.answers.expense_kind_words) {
            &mut expense
        } else {
            continue;
        };
        if *negated {
            slot.1 = true
        } else {
            slot.0 = true
        }
    }
    (income, expense)
}

/// The kind of movement a reply to a movement `shown` as one kind names
/// ("es ingreso", "no, es un gasto", "no es gasto").
pub fn kind_named(
    reading: &crate::nlu::Reading,
    shown: Option<TransactionType>,
) -> Option<TransactionType> {
    let (income, expense) = kinds_said(reading);
    // One kind said plainly is that kind. One kind only under a negation
    // is the other kind when it is the kind shown ("no es gasto" to an
    // expense); otherwise the "no" is the reply's own ("no es ingreso" to
    // an expense: "no, es ingreso").
    let negated_only = |(said, negated): (bool, bool)| negated && !said;
    match (income, expense) {
        ((true, _), (false, _)) => Some(Income),
        ((false, _), (true, _)) => Some(Expense),
        (i, (false, false)) if negated_only(i) => Some(if shown == Some(Income) {
            Expense
        } else {
            Income
        }),
        ((false, false), e) if negated_only(e) => Some(if shown == Some(Expense) {
            Income
        } else {
            Expense
        }),
        _ => None,
    }
}

/// The kind a change of a stored movement names, before the movement is
/// known: one said plainly ("el último es ingreso"), or the other of the
/// one denied ("no era gasto": the movement was one, and is the other).
pub fn kind_for_stored(reading: &crate::nlu::Reading) -> Option<TransactionType> {
    let (income, expense) = kinds_said(reading);
    let denied = match (income, expense) {
        ((false, true), (false, false)) => Some(Income),
        ((false, false), (false, true)) => Some(Expense),
        _ => None,
    };
    kind_named(reading, denied)
}
