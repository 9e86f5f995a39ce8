//! Amounts a message takes back itself ("fue 465 no 456").

use super::AmountMatch;
use crate::nlu::lexicon::cues;
use crate::nlu::normalize::Token;

/// Takes out of `found` the amounts the message itself takes back, and
/// returns them: "fue 465 no 456", "350, no 300" and "120 en vez de 100"
/// take back the second; "80 digo 90", "150, bueno no, 170", "no eran 300,
/// eran 350" the first. A lone "no" right before an amount (no pause
/// between them) negates that amount; any other retraction word between
/// two amounts takes back the one before it.
pub fn take_back(tokens: &[Token], found: &mut Vec<AmountMatch>) -> Vec<AmountMatch> {
    let c = cues();
    if found.len() < 2 {
        return Vec::new();
    }
    // A pause: more than the one space between two tokens (", ", "... ").
    let pause = |k: usize| {
        k > 0
            && tokens
                .get(k)
                .is_some_and(|t| t.start > tokens[k - 1].end + 1)
    };
    let mut retracted = vec![false; found.len()];
    for i in 0..found.len() - 1 {
        let (a, b) = (&found[i], &found[i + 1]);
        // "fue de 104 no de 94": "de" and "fue" say nothing of which holds.
        let between: Vec<usize> = (a.end..b.start)
            .filter(|&k| {
                !tokens[k].is_in(c.said.was_words) && !tokens[k].is_in(c.debts.money_of_words)
            })
            .collect();
        let instead = (a.end..b.start).any(|k| c.said.instead_phrases.cue_at(tokens, k).is_some());
        let lone_no =
            between.len() == 1 && tokens[between[0]].is_in(c.said.no_words) && !pause(b.start);
        if instead || lone_no {
            retracted[i + 1] = true;
        } else if between
            .iter()
            .any(|&k| tokens[k].is_in(c.said.retraction_words))
        {
            retracted[i] = true;
        } else {
            // "no eran 300, eran 350", "no es de 100, es de 200": the
            // first said after a "no" (its "es", "de" between).
            let mut open = a.start;
            while open > 0
                && (tokens[open - 1].is_in(c.said.was_words)
                    || tokens[open - 1].is_in(c.debts.money_of_words))
            {
                open -= 1;
            }
            let before = a.start.saturating_sub(2)..a.start;
            let after_no = open > 0 && tokens[open - 1].is_in(c.said.no_words);
            if after_no || before.into_iter().any(|k| tokens[k].is_in(c.said.no_words)) {
                retracted[i] = true;
            }
        }
    }
    let mut kept = Vec::new();
    let mut taken = Vec::new();
    for (m, out) in found.drain(..).zip(retracted) {
        if out { taken.push(m) } else { kept.push(m) }
    }
    *found = kept;
    taken
}
