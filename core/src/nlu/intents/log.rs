//! Logging a transaction: "gasté 250 en uber", "me pagaron 8000", "uber
//! 120", "35 de un tamal".

use super::{Signals, received_money};
use crate::nlu::lexicon::cues;
use crate::nlu::{Features, Intent};

/// Scores LogTransaction.
pub(super) fn score(f: &Features<'_>, s: &Signals, add: &mut impl FnMut(Intent, f32)) {
    let Signals {
        amount,
        has_amount,
        has_category,
        has_date,
        question,
        debt_noun,
        asks_amount,
        owes_payment,
        ..
    } = *s;

    // Logging a transaction.
    let c = cues();
    let expense_verb = f.has(c.said.expense_verbs)
        || owes_payment
        || f.has_prefix(c.said.expense_prefixes) && !f.has(c.said.not_spent_forms);
    let income_verb = received_money(f);
    // A verb of money in a message that ends asking ("¿me pagaron 500?",
    // "o sea que gané 1,201?") asks about money; it logs none.
    let perfect_tense = f.has(c.said.perfect_auxiliaries) && f.has(c.said.past_participles);
    let asks_about_money = f.ends_asking && (expense_verb || income_verb);
    // Money in a message written as a question is asked about ("¿es
    // mucho gastar 2,000 en el súper?", "¿ya anoté los 800 del súper?"),
    // unless the question asks to record it ("¿me anotas 300 de luz?").
    let asks_to_record = f.has(c.said.log_commands)
        || f.has_prefix(c.said.log_request_prefixes) && !f.has(c.said.recorded_questions);
    let asks_with_amount = f.ends_asking && has_amount && !asks_to_record;
    // A message that opens asking and names no amount ("¿cómo entro a
    // la página?") asks something; it logs nothing.
    // Every verb of money denied, no amount: "no gasté nada hoy", "Don
    // Chucho no me ha pagado" tell of money that did not move.
    if !has_amount && f.money_denied() {
        return;
    }
    // A message that asks anywhere and names no money ("¿eso cuenta como
    // gasto? porque me lo van a regresar") asks; it logs nothing.
    let asks_without_money = !has_amount && f.asks_anywhere && !asks_to_record;
    let log_allowed = (!question || has_amount && !asks_amount && !f.folded.contains('?'))
        && !asks_without_money
        && !perfect_tense
        && !asks_about_money
        && !asks_with_amount;
    if (expense_verb || income_verb) && log_allowed {
        add(
            Intent::LogTransaction,
            if has_amount || has_category {
                0.93
            } else {
                0.8
            },
        );
    } else if expense_verb || income_verb || asks_with_amount {
        add(Intent::LogTransaction, 0.5);
    }
    if has_amount && has_category && log_allowed {
        add(Intent::LogTransaction, 0.88);
    } else if has_amount && log_allowed && f.tokens.len() <= 2 {
        add(Intent::LogTransaction, 0.6);
    } else if has_category && !has_amount && log_allowed && f.tokens.len() <= 3 {
        add(Intent::LogTransaction, 0.5);
    }
    if has_date && has_amount && log_allowed {
        add(Intent::LogTransaction, 0.7);
    }
    // "35 de un tamal", "1,200 yenes de ramen", "una coca 25": an amount
    // and what it was for, in words the category lexicon lacks.
    let amount_at_an_end =
        amount.is_some_and(|m| m.start == 0 || m.end == f.tokens.len()) && f.tokens.len() >= 2;
    if has_amount
        && !has_category
        && log_allowed
        && amount_at_an_end
        && !f.folded.contains('?')
        && (f.has(c.said.amount_purpose_words) || f.tokens.len() <= 4)
    {
        add(Intent::LogTransaction, 0.75);
    }
    // "fueron 1,240 entre 4": a bill shared is a bill paid.
    if has_amount && log_allowed && crate::nlu::split::find_split(f.tokens).is_some() {
        add(Intent::LogTransaction, 0.8);
    }
    if f.has(c.said.log_commands) && has_amount && !debt_noun {
        add(Intent::LogTransaction, 0.94);
    }
}
