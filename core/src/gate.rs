//! The confirmation gate's rules, one place for every agent (the
//! Financial Agent and the data agents): how a prompt
//! is named, when it expires, and what a Sí/No button answers. The
//! Financial Agent's pending write and a data agent's pending action both
//! ask these functions, so the two can never disagree.

use serde::{Deserialize, Serialize};

use crate::time::{UnixMillis, iso_utc, parse_iso_utc};

/// The id of a prompt asked on turn `turn_seq` (Telegram buttons carry
/// it). One scheme for every agent, so ids never collide.
pub fn prompt_id(turn_seq: u64) -> String {
    format!("p{turn_seq}")
}

/// When a prompt asked at `now` expires.
pub fn expires_at(now: UnixMillis, ttl_ms: i64) -> String {
    iso_utc(now + ttl_ms)
}

/// Whether a prompt with this expiry has expired at `now`. A missing or
/// unreadable expiry counts as expired: nothing is confirmed on a prompt
/// whose age is unknown.
pub fn expired(expires_iso: Option<&str>, now: UnixMillis) -> bool {
    expires_iso
        .and_then(parse_iso_utc)
        .is_none_or(|expires| now >= expires)
}

/// Whether this turn touched the confirmation gate, and how (the same
/// for every agent).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConfirmationStatus {
    #[default]
    None,
    Prompted,
    Confirmed,
    Rejected,
    Reasked,
    Expired,
    Stale,
    /// A button for a prompt already confirmed: nothing done again.
    AlreadyConfirmed,
}

/// The last prompt the user decided, so a button pressed afterwards is
/// told what already happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decided {
    pub id: String,
    /// `true` when it was confirmed ("sí"), `false` when rejected.
    pub confirmed: bool,
}

/// What a Sí/No button press answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    /// The prompt open now: the press decides it.
    Current,
    /// A prompt already confirmed (by a typed "sí" or an earlier tap).
    AlreadyConfirmed,
    /// A prompt already rejected or cancelled.
    AlreadyRejected,
    /// A prompt replaced, expired under a new id, or unknown.
    Stale,
}

/// What a press of the button for prompt `id` answers, given the prompt
/// open now and the last one decided.
pub fn press(open: Option<&str>, last: Option<&Decided>, id: &str) -> Press {
    if open == Some(id) {
        return Press::Current;
    }
    match last {
        Some(d) if d.id == id && d.confirmed => Press::AlreadyConfirmed,
        Some(d) if d.id == id => Press::AlreadyRejected,
        _ => Press::Stale,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn one_expiry_rule() {
        let at = "2026-11-22T18:05:00.000Z";
        let expires = parse_iso_utc(at).expect("valid");
        assert!(!expired(Some(at), expires - 1));
        assert!(expired(Some(at), expires));
        assert!(expired(None, 0));
        assert!(expired(Some("garbage"), 0));
    }
}

/// The gate's own words, said the same way by every agent.
pub mod text {
    pub const YES: &str = "Sí";
    pub const NO: &str = "No";
    /// A pending prompt cancelled by the user.
    pub const CANCELLED: &str = "Lo cancelé. No se guardó nada.";
    /// A "no" to a data agent's prompt: the prompt may itself ask to
    /// cancel something ("¿Cancelo el cobro…?"), so "I cancelled it" would
    /// say the opposite of what happened.
    pub const REJECTED: &str = "Entendido, no lo hice: no cambié nada.";
    /// A prompt answered after its expiry: it is shown again.
    pub const EXPIRED: &str =
        "La confirmación anterior expiró y no se guardó nada. Te la muestro de nuevo:";
}
