//! A category of the user's own, as an answer names it ("es de gimnasio")
//! or a request does ("presupuesto de 2,000 para insumos").

use super::cues;
use crate::nlu::normalize::{Token, TokenKind};

/// The content words of an answer that names a category Caja does not
/// know ("es de gimnasio" → "gimnasio"): one word of 3 to 30 letters, or
/// two of 30 together.
/// "mejor ponlo en herramientas", "en insumos del negocio mejor": a
/// message that opens moving the movement to a category (the words
/// before the move are fillers or a correction's), whatever it names;
/// never a way of paying ("en efectivo").
pub fn moves_to_category(tokens: &[Token]) -> bool {
    let c = cues();
    let Some(at) =
        (0..tokens.len()).find(|&k| c.answers.category_moves.cue_at(tokens, k).is_some())
    else {
        return false;
    };
    let opening = tokens[..at].iter().all(|t| {
        t.is_in(c.days.answer_fillers) || t.is_in(c.said.no_words) || t.is_in(c.days.interjections)
    });
    let means = tokens.iter().any(|t| t.is_in(c.answers.payment_means));
    opening && !means
}

pub fn custom_category(tokens: &[Token]) -> Option<String> {
    let c = cues();
    let fillers = c.days.answer_fillers.words();
    // The words that say which way the money went ("es ingreso, no
    // gasto") name no category: the kind is read from them elsewhere.
    let kind_word = |t: &Token| {
        t.is_in(c.answers.income_kind_words)
            || t.is_in(c.answers.expense_kind_words)
            || t.is_in(c.answers.negations)
    };
    let words: Vec<&str> = tokens
        .iter()
        .filter(|t| t.kind == TokenKind::Word && !fillers.contains(&t.text.as_str()))
        .filter(|t| !kind_word(t))
        .map(|t| t.text.as_str())
        .collect();
    // One word of three letters or more, or up to three words in 30
    // letters ("insumos del negocio").
    let letters: usize = words.iter().map(|w| w.len()).sum();
    match words.as_slice() {
        [word] if word.len() >= 3 && word.len() <= 30 => Some(word.to_string()),
        [_, _] | [_, _, _] if letters <= 30 => Some(words.join(" ")),
        _ => None,
    }
}

/// A category of the user's own a request names after "para", "en" or
/// "por" ("presupuesto de 2,000 para insumos"): one to three words at the
/// end of the message, none known to the lexicon (a month, "gastos" or
/// "comida" are read elsewhere).
pub fn own_category_named(tokens: &[Token]) -> Option<String> {
    let c = cues();
    let at = tokens
        .iter()
        .rposition(|t| t.is_in(c.debts.spent_in_prepositions))?;
    let rest = &tokens[at + 1..];
    // "para mercancía al mes": the span said after it is no part of it.
    let rest = match (0..rest.len()).find(|&k| c.said.budget_month_spans.cue_at(rest, k).is_some())
    {
        Some(end) => &rest[..end],
        None => rest,
    };
    let unknown = |t: &Token| {
        t.kind == TokenKind::Word
            && (crate::nlu::lexicon::word_cues(&t.text).is_none()
                || t.is_in(c.days.answer_fillers)
                || t.is_in(c.said.supplies_words))
    };
    let known = !crate::nlu::category::find_categories(rest, &vec![false; rest.len()]).is_empty();
    if rest.is_empty() || rest.len() > 3 || known || !rest.iter().all(unknown) {
        return None;
    }
    custom_category(rest)
}
