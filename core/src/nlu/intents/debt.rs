//! Debts: "debo 5000 en la tarjeta", "el mínimo de coppel es 300". Banks,
//! lenders and debt nouns are in signals.rs, since bank balances and
//! logging look at them too.

use super::Signals;
use crate::nlu::lexicon::cues;
use crate::nlu::{Features, Intent};

/// Scores ManageDebt.
pub(super) fn score(f: &Features<'_>, s: &Signals, add: &mut impl FnMut(Intent, f32)) {
    let Signals {
        has_amount,
        question,
        past_payment,
        simulate,
        debt_noun,
        ..
    } = *s;

    // Debts.
    let c = cues();
    let debt_field = f.has(c.said.debt_field_cues)
        || f.has(c.said.debt_commands) && f.has(c.said.debt_command_objects);
    if debt_noun && debt_field && !question && !simulate && !past_payment {
        add(Intent::ManageDebt, if has_amount { 0.93 } else { 0.82 });
    }
    // "ocupo un préstamo de 3 mil" asks for credit: no debt yet.
    let wants_loan = asks_for_loan(f);
    if f.has(c.said.loan_nouns)
        && has_amount
        && !question
        && !simulate
        && !past_payment
        && !wants_loan
    {
        add(Intent::ManageDebt, 0.91);
    }
    // "el wero me debe 700" is owed to the user: a cobro's, no debt.
    let owed_to_me = f.has(c.debts.owed_to_me);
    if f.has(c.said.owe_verbs)
        && has_amount
        && !question
        && !simulate
        && !past_payment
        && !owed_to_me
    {
        add(Intent::ManageDebt, 0.93);
    }
    // Money someone lent is owed to them, whatever it was for; money
    // paid "de lo que me prestó" pays it back (a movement).
    if f.has(c.said.borrowed_phrases) && has_amount && !question && !f.has(c.debts.owed_phrases) {
        add(Intent::ManageDebt, 0.96);
    }
    // "le compré balatas a Garza, 2,800, pero se las quedé debiendo": what
    // is still owed for a purchase is a debt, surer than the purchase.
    if f.has(c.said.owed_for_purchase) && has_amount && !question && !simulate {
        add(Intent::ManageDebt, 0.98);
    }
    if f.has(c.said.must_pay_phrases) && f.has(c.said.minimum_words) {
        add(Intent::ManageDebt, 0.9);
    }
    // "el pago mínimo es de 800 y se paga el 5 de cada mes": a debt's
    // minimum and its day, the debt asked; surer than the verb of paying
    // in it ("se paga"), which tells of no payment made.
    if f.has(c.said.minimum_words) && has_amount && !question && !simulate && !past_payment {
        let schedule = f.has(c.said.debt_schedule_cues);
        add(Intent::ManageDebt, if schedule { 0.97 } else { 0.9 });
    }
    let schedule = f.has(c.said.debt_schedule_cues);
    if debt_noun && schedule && !question && !simulate && !past_payment {
        add(Intent::ManageDebt, 0.95);
    }
}

/// "ocupo un préstamo", "quiero un crédito de 3 mil": a word of wanting
/// right before a loan noun (an article between), asking for credit.
fn asks_for_loan(f: &Features<'_>) -> bool {
    let c = cues();
    let tokens = f.tokens;
    let articles = &c.days.trigger_determiners;
    (0..tokens.len()).any(|i| {
        let Some(len) = c.said.loan_wants.cue_at(tokens, i) else {
            return false;
        };
        let mut k = i + len;
        if tokens.get(k).is_some_and(|t| articles.contains(&t.text)) {
            k += 1;
        }
        c.said.loan_nouns.at(tokens, k)
    })
}
