//! Queries: "¿cuánto gasté en comida?", "mis movimientos", "¿cómo voy?",
//! "gastos del 10 al 20 de noviembre", "¿cuánto debo?".

use super::Signals;
use crate::nlu::lexicon::cues;
use crate::nlu::normalize::TokenKind;
use crate::nlu::{Features, Intent, has_amount_word};

/// Scores QueryData.
pub(super) fn score(f: &Features<'_>, s: &Signals, add: &mut impl FnMut(Intent, f32)) {
    let Signals {
        has_amount,
        question,
        simulate,
        budget_phrase,
        asks_amount,
        ..
    } = *s;

    // Queries.
    let c = cues();
    let spending_words = f.has(c.said.spending_question_words);
    if asks_amount && spending_words && !simulate && !budget_phrase {
        add(Intent::QueryData, 0.95);
    }
    // "¿qué día gasté más?": which day, month or category money moved.
    if f.asks_which() && !has_amount && !simulate {
        add(Intent::QueryData, 0.93);
    }
    let list_words = f.has(c.said.listing_words);
    if list_words && !has_amount && !simulate {
        add(Intent::QueryData, 0.92);
    }
    if list_words && f.has(c.said.listed_things) && !simulate {
        add(Intent::QueryData, 0.92);
    }
    let how_am_i = f.has(c.said.how_am_i_phrases);
    if how_am_i && !simulate {
        add(Intent::QueryData, 0.93);
    }
    // "gastos del 10 al 20 de noviembre", "entre el 1 y el 15": a range.
    let range = f.tokens.windows(4).any(|w| {
        (w[0].is_in(c.days.range_starts)
            && w[1].kind == TokenKind::Number
            && w[2].is_in(c.days.range_ends))
            || (w[0].is_in(c.days.between_words)
                && w[1].is_in(c.days.day_articles)
                && w[2].kind == TokenKind::Number)
    });
    if range && !simulate && (spending_words || list_words || question) && !has_amount_word(f) {
        add(Intent::QueryData, 0.94);
    }
    if f.has(c.said.budget_nouns) && (question || f.has(c.said.budget_status_words)) && !has_amount
    {
        add(Intent::QueryData, 0.93);
    }
    if f.has(c.said.debts_query_words)
        && (question || f.tokens.len() <= 3 || f.has(c.said.whose_words))
        && !simulate
        && !has_amount
    {
        add(Intent::QueryData, 0.94);
    }
    if (f.has(c.said.due_date_questions)
        || f.has(c.said.which_words) && f.has(c.said.minimum_words))
        && !has_amount
    {
        add(Intent::QueryData, 0.94);
    }
    if f.has(c.said.balance_nouns) && !has_amount && (question || f.tokens.len() <= 2) {
        add(Intent::QueryData, 0.94);
    }
    if f.has(c.said.balance_questions) && !has_amount {
        add(Intent::QueryData, 0.94);
    }
    // "¿ya anoté los 800 del súper?": what is on record answers it.
    if f.has(c.said.recorded_questions) && (question || f.ends_asking) {
        add(Intent::QueryData, 0.93);
    }
    if f.has(c.said.my_words) && f.has(c.said.my_records) && !has_amount {
        add(Intent::QueryData, 0.92);
    }
}
