//! A reply to a Sí/No prompt that is neither allowlisted word: what the
//! person meant, read by the rules ("simón", "órale") and the learned
//! model (in the `confirm` context) on one scale. Only the allowlisted
//! words ever confirm or reject (seed 000); this reading only decides
//! how the prompt is asked again, so the person hears what was
//! understood and the exact word that does it.

use super::{after_interjections, cues, opens_with_yes, sounds_like_yes};
use crate::confidence::LEARNED_SURE;
use crate::nlu::Reading;

/// What a reply that is no allowlisted token meant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loose {
    /// A yes in other words ("ándale", "así está bien").
    Yes,
    /// A yes followed by more words ("sí, gracias, oye…").
    YesWithMore,
    /// A no in other words ("nel", "así no", "no lo guardes").
    No,
    /// It wants something shown changed, without saying to what.
    Change,
    /// Nothing that can be told.
    Unclear,
}

/// A reply that opens with a no ("nel, mejor ni lo hagas").
pub fn opens_with_no(reading: &Reading) -> bool {
    after_interjections(reading)
        .next()
        .is_some_and(|w| cues().answers.reject_tokens.contains(w))
}

/// Reads a reply to a Sí/No prompt that was no allowlisted token.
pub fn loose(reading: &Reading) -> Loose {
    if opens_with_yes(reading) {
        return Loose::YesWithMore;
    }
    if sounds_like_yes(reading) {
        return Loose::Yes;
    }
    let Some((label, p)) = reading.learned_at("confirm").map(|s| s.best()) else {
        return Loose::Unclear;
    };
    let no = matches!(label, "dialogue.no" | "dialogue.leave");
    // A reply that opens with a no is one when the model leans that way
    // at all; otherwise the model decides only when it is sure.
    if no && opens_with_no(reading) {
        return Loose::No;
    }
    if (p as f32) < LEARNED_SURE {
        return Loose::Unclear;
    }
    match label {
        "dialogue.yes" => Loose::Yes,
        _ if no => Loose::No,
        "dialogue.correct" => Loose::Change,
        _ => Loose::Unclear,
    }
}
