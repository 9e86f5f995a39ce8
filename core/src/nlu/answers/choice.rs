//! An option of a numbered list picked by its number in words around it:
//! "el 2", "la 3, la del súper", "opción 1".

use crate::nlu::Reading;
use crate::nlu::lexicon::cues;
use crate::nlu::normalize::TokenKind;

/// The option (0-based) of a list of `count` that the message opens by
/// naming: an opener ("el", "opción") and a number from 1 to `count`
/// that is not money or a day ("el 2 de diciembre", "la 2 mil").
pub fn numbered_choice(reading: &Reading, count: usize) -> Option<usize> {
    let c = cues();
    let tokens = reading.tokens();
    let opener = tokens.first()?;
    let number = tokens.get(1)?;
    if !opener.is_in(c.answers.choice_openers) || number.kind != TokenKind::Number {
        return None;
    }
    if tokens
        .get(2)
        .is_some_and(|t| t.is_in(c.answers.choice_continuations) || t.month().is_some())
    {
        return None;
    }
    let n: usize = number.text.parse().ok()?;
    (1..=count).contains(&n).then(|| n - 1)
}
