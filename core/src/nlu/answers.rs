//! Readers of answers to the agent's own prompts: the seed's sí/no
//! allowlists (words in the lexicon) and the pick among intents offered.

use super::Intent;
use super::lexicon::cues;
use super::normalize::fold;

/// What a reply to a confirmation prompt says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Confirm,
    Reject,
    /// Anything else.
    Other,
}

/// Reads a reply: lower-cased, split on spaces and punctuation; a message
/// made only of confirm tokens confirms ("sí, confirmo"), only of reject
/// tokens rejects. Mixed or other words are `Other`.
pub fn decide(message: &str) -> Decision {
    let lowered = message.to_lowercase();
    let words: Vec<&str> = lowered
        .split(|c: char| {
            c.is_whitespace() || (c.is_ascii_punctuation() && c != '/') || "¡¿…".contains(c)
        })
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        return Decision::Other;
    }
    let cues = cues();
    if words.iter().all(|w| cues.confirm_tokens.contains(w)) {
        return Decision::Confirm;
    }
    if words.iter().all(|w| cues.reject_tokens.contains(w)) {
        return Decision::Reject;
    }
    Decision::Other
}

/// Which of the offered intents a reply picks: by number ("2", "1)") or by
/// a word of that intent ("consultar").
pub fn choose_intent(message: &str, candidates: &[Intent]) -> Option<Intent> {
    let folded = fold(message);
    let words: Vec<&str> = folded.split_whitespace().collect();
    let by_number = words
        .first()
        .and_then(|w| w.trim_end_matches([')', '.']).parse::<usize>().ok())
        .and_then(|n| n.checked_sub(1))
        .and_then(|n| candidates.get(n).copied());
    let c = cues();
    let by_word = candidates.iter().copied().find(|intent| {
        let cue = match intent {
            Intent::LogTransaction => c.choose_log,
            Intent::QueryData => c.choose_query,
            Intent::SimulatePurchase => c.choose_simulate,
            Intent::SetBudget => c.choose_budget,
            Intent::ManageDebt => c.choose_debt,
            Intent::SetBankBalance => c.choose_balance,
            Intent::UpdateLastTransaction => c.choose_correct,
            Intent::DeleteLastTransaction => c.choose_delete,
            Intent::Unknown => return false,
        };
        words.iter().any(|w| cue.contains(w))
    });
    by_number.or(by_word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn only_allowlisted_tokens_decide() {
        for yes in [
            "sí",
            "Si",
            " SÍ. ",
            "ok!",
            "va",
            "sí, confirmo",
            "yes",
            "s",
            "¡Sí!",
        ] {
            assert_eq!(decide(yes), Decision::Confirm, "{yes}");
        }
        for no in [
            "no",
            "No.",
            "cancelar",
            "cancela",
            "/cancelar",
            "no, cancela",
        ] {
            assert_eq!(decide(no), Decision::Reject, "{no}");
        }
        for other in [
            "sip",
            "claro",
            "sí pero no",
            "no, eran 300",
            "",
            "👍",
            "okay",
            "dale",
        ] {
            assert_eq!(decide(other), Decision::Other, "{other}");
        }
    }
}
