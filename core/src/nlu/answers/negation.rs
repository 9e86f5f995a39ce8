//! What a negation reaches in a reply ("no es gasto es ingreso").

use crate::nlu::lexicon::cues;
use crate::nlu::normalize::Token;

/// Which of `tokens` (read from `text`, the written message) are said
/// under a negation: from a negation word ("no", "ni", "ningún") to the
/// end of its clause (a comma, a period, "!" or "?"). "no tengo saldo,
/// quiero una recarga" negates "tengo saldo" only. Folding turns
/// punctuation into spaces and keeps the chars one for one, so token
/// offsets index the written text.
pub fn negated(text: &str, tokens: &[Token]) -> Vec<bool> {
    let c = cues();
    let written: Vec<char> = text.chars().collect();
    let mut under = false;
    // Whether the negation has denied a word yet: then a word that says
    // what is instead ("no es gasto es ingreso") ends its reach.
    let mut denied = false;
    let mut previous_end = 0;
    tokens
        .iter()
        .map(|t| {
            let between = written.get(previous_end..t.start).unwrap_or_default();
            if between.iter().any(|c| ",.;:!?¡¿".contains(*c))
                || under && denied && t.is_in(c.answers.negation_enders)
            {
                under = false;
            }
            previous_end = t.end;
            if t.is_in(c.answers.negations) {
                under = true;
                denied = false;
            } else if under && !t.is_in(c.answers.negation_enders) {
                denied = true;
            }
            under
        })
        .collect()
}
