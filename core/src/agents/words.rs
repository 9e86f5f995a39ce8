//! The words a message and a phrase are matched by: content words
//! (fillers from the lexicon left out), small words marked, a question
//! marked, and what a negation declines.

use crate::nlu::normalize::{TokenKind, fold, tokenize};

/// The folded words of a phrase that carry meaning (articles and other
/// fillers from the lexicon left out).
pub fn content_words(text: &str) -> Vec<String> {
    content_tokens(&tokenize(&fold(text)))
        .into_iter()
        .map(str::to_string)
        .collect()
}

/// A trigger phrase's content words; a phrase written as a question
/// ("¿ya me pagó?") opens with [`QUESTION`] and matches questions only.
///
/// A phrase ending in "." opens with [`STATEMENT`] and matches messages
/// that tell of money: they ask nothing and name an amount ("Ana me deben
/// 300" for "\"me deben\"."; not "¿me deben algo?" nor "muéstrame los
/// que me deben").
///
/// A phrase written in quotes ("\"ya me pagó\"") matches only a message
/// that says every one of its words, the small ones too ("ya", "me"),
/// which other phrases leave out, in its order and together (one other
/// word of the agent's may stand between two): "es un pago pendiente" is
/// not "ya me pagó", nor is "si pago la renta, ¿cuánto me queda?"
/// "me pagó".
pub fn trigger_words(phrase: &str) -> Vec<String> {
    let mut text = phrase.trim();
    let question = text.starts_with('¿');
    // "\"me deben\"." tells of something: a question never matches it.
    let statement = !question && text.ends_with('.');
    text = text
        .trim_start_matches('¿')
        .trim_end_matches('?')
        .trim_end_matches('.')
        .trim();
    let exact = text.len() > 1 && text.starts_with('"') && text.ends_with('"');
    let days = &crate::nlu::lexicon::cues().days;
    let fillers = days.trigger_fillers.words();
    let mut words: Vec<String> = tokenize(&fold(text))
        .iter()
        .filter(|t| t.kind == TokenKind::Word)
        .filter_map(|t| {
            let small = fillers.contains(&t.text.as_str());
            match exact && days.trigger_determiners.contains(&t.text) {
                true => Some(DETERMINER.to_string()),
                false if !small => Some(t.text.clone()),
                false if exact => Some(format!("{SMALL}{}", t.text)),
                false => None,
            }
        })
        .collect();
    if exact {
        words.insert(0, EXACT.to_string());
    }
    if question {
        words.insert(0, QUESTION.to_string());
    }
    if statement {
        words.insert(0, STATEMENT.to_string());
    }
    words
}

/// Any determiner ("el", "mi", "ese", "esta") of a quoted phrase, and
/// said with each determiner of a message: a small word, one for them
/// all.
pub const DETERMINER: &str = "~el";

/// Marks a quoted trigger phrase: every word must be held.
pub const EXACT: &str = "\"";

/// Opens a small word (a trigger filler) among a message's words and a
/// quoted phrase's: held, never counted as an extra word.
pub const SMALL: char = '~';

/// The word that marks a question among a message's words and a trigger
/// phrase's.
pub const QUESTION: &str = "?";

/// Opens the words of a trigger phrase written as a statement (ending in
/// "."): it matches messages that ask nothing and name an amount.
pub const STATEMENT: &str = ".";

/// The word that marks, among a message's words, that it names an amount.
pub const MONEY: &str = "$";

/// The words trigger phrases are matched against: [`content_tokens`]
/// outside a negation ("no quiero ningún crédito" asks for no credit), the
/// small words marked with [`SMALL`], and [`QUESTION`] when the message
/// asks.
pub fn intent_words(reading: &crate::nlu::Reading) -> Vec<&str> {
    said_words(reading, |under| !under)
}

/// The words `agent`'s triggers are matched against: [`intent_words`],
/// or every word ([`question_words`]) when the agent's requests may be
/// said as a negation ([`super::Agent::reads_negation`]).
pub fn agent_words<'r>(
    agent: &super::registry::Agent,
    reading: &'r crate::nlu::Reading,
) -> Vec<&'r str> {
    if agent.reads_negation() {
        question_words(reading)
    } else {
        intent_words(reading)
    }
}

/// The words a message says under a negation ("no quiero ningún
/// crédito"), read as a request would be: what it declines.
pub fn declined_words(reading: &crate::nlu::Reading) -> Vec<&str> {
    content_words_negated(reading, true)
}

/// The content words said under a negation (`negated`), or outside one.
fn content_words_negated(reading: &crate::nlu::Reading, negated: bool) -> Vec<&str> {
    let fillers = crate::nlu::lexicon::cues().days.trigger_fillers.words();
    reading
        .tokens()
        .iter()
        .zip(reading.negated())
        .filter(|(t, under)| {
            **under == negated && t.kind == TokenKind::Word && !fillers.contains(&t.text.as_str())
        })
        .map(|(t, _)| t.text.as_str())
        .collect()
}

/// Every word of a message for a question about an agent's service: a
/// negation is part of the question ("¿no cobran comisión?").
pub fn question_words(reading: &crate::nlu::Reading) -> Vec<&str> {
    said_words(reading, |_| true)
}

/// A message's content words that `keep` keeps (by whether a negation
/// covers them) and every small word, in the order said (a quoted phrase
/// is matched in its order), then [`QUESTION`] when the message asks.
fn said_words(reading: &crate::nlu::Reading, keep: impl Fn(bool) -> bool) -> Vec<&str> {
    let days = &crate::nlu::lexicon::cues().days;
    let mut small = reading.small_words().iter();
    let mut words = Vec::new();
    for (token, under) in reading.tokens().iter().zip(reading.negated()) {
        if token.is_in(days.trigger_fillers) {
            words.extend(small.next().map(String::as_str));
        } else if token.kind == TokenKind::Word && keep(*under) {
            words.push(token.text.as_str());
        }
        // Said as well as the word itself, for a quoted phrase's
        // determiner.
        if token.kind == TokenKind::Word && days.trigger_determiners.contains(&token.text) {
            words.push(DETERMINER);
        }
    }
    if reading.is_question() {
        words.push(QUESTION);
    }
    if !reading.extraction().amounts.is_empty() {
        words.push(MONEY);
    }
    words
}

/// Words as the user wrote them, without the fillers that open them ("a
/// mi tía" names «tía»).
pub fn as_named(text: &str) -> String {
    let fillers = crate::nlu::lexicon::cues().days.trigger_fillers.words();
    let mut rest = text.trim();
    while let Some((first, after)) = rest.split_once(char::is_whitespace) {
        if !fillers.contains(&fold(first).as_str()) {
            break;
        }
        rest = after.trim_start();
    }
    rest.to_string()
}

/// [`content_words`] of a message already read.
pub fn content_tokens(tokens: &[crate::nlu::normalize::Token]) -> Vec<&str> {
    let fillers = crate::nlu::lexicon::cues().days.trigger_fillers.words();
    tokens
        .iter()
        .filter(|t| t.kind == TokenKind::Word && !fillers.contains(&t.text.as_str()))
        .map(|t| t.text.as_str())
        .collect()
}
