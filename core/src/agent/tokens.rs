//! The confirmation allowlists of the seed.

/// Tokens that confirm a pending action.
pub const CONFIRM_TOKENS: &[&str] = &["sí", "si", "s", "ok", "va", "confirmo", "yes"];
/// Tokens that reject it.
pub const REJECT_TOKENS: &[&str] = &["no", "cancelar", "cancela"];

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
    if words.iter().all(|w| CONFIRM_TOKENS.contains(w)) {
        return Decision::Confirm;
    }
    if words
        .iter()
        .all(|w| REJECT_TOKENS.contains(w) || *w == "/cancelar")
    {
        return Decision::Reject;
    }
    Decision::Other
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
