//! The confirmation gate's rules, one place for every agent (the
//! Financial Agent and the data agents): how a prompt
//! is named, when it expires, and what a Sí/No button answers. The
//! Financial Agent's pending write and a data agent's pending action both
//! ask these functions, so the two can never disagree.

use serde::{Deserialize, Serialize};

pub mod action;

pub use action::{Action, PendingAction, PendingWrite, ServiceCall};

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
    /// The turn it was decided on (0 in older checkpoints).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub turn: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// A prompt offered anew under a new id after it expired: its old
/// buttons stand for the new prompt's fate (never for a "sí").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reoffer {
    pub from: String,
    pub to: String,
}

/// How many re-offers a thread remembers (its newest).
pub const REOFFERS_KEPT: usize = 8;

/// Records that the prompt `from` was offered anew as `to`.
pub fn reoffered(list: &mut Vec<Reoffer>, from: &str, to: &str) {
    if from == to {
        return;
    }
    list.push(Reoffer {
        from: from.to_string(),
        to: to.to_string(),
    });
    let excess = list.len().saturating_sub(REOFFERS_KEPT);
    list.drain(..excess);
}

/// The id a prompt was last offered under, following its re-offers.
fn latest<'a>(list: &'a [Reoffer], id: &'a str) -> &'a str {
    list.iter()
        .fold(id, |id, r| if r.from == id { &r.to } else { id })
}

/// What a Sí/No button press answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    /// The prompt open now: the press decides it.
    Current,
    /// A button of a prompt that expired and was offered anew, which is
    /// still open: the old button does not decide it.
    Reoffered,
    /// A prompt already confirmed (by a typed "sí" or an earlier tap).
    AlreadyConfirmed,
    /// A prompt already rejected or cancelled.
    AlreadyRejected,
    /// A prompt replaced, expired under a new id, or unknown.
    Stale,
}

/// What a press of the button for prompt `id` answers, given the prompt
/// open now and the last one decided.
pub fn press(open: Option<&str>, last: Option<&Decided>, reoffers: &[Reoffer], id: &str) -> Press {
    if open == Some(id) {
        return Press::Current;
    }
    // An expired prompt's button answers for what became of its re-offer.
    let id = latest(reoffers, id);
    if open == Some(id) {
        return Press::Reoffered;
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
    fn an_old_button_follows_its_reoffers() {
        let mut list = Vec::new();
        reoffered(&mut list, "p1", "p3");
        reoffered(&mut list, "p3", "p5");
        let saved = Decided {
            id: "p5".into(),
            confirmed: true,
            turn: 0,
        };
        assert_eq!(press(Some("p5"), None, &list, "p1"), Press::Reoffered);
        assert_eq!(press(Some("p5"), None, &list, "p5"), Press::Current);
        assert_eq!(
            press(None, Some(&saved), &list, "p1"),
            Press::AlreadyConfirmed
        );
        assert_eq!(
            press(None, Some(&saved), &list, "p3"),
            Press::AlreadyConfirmed
        );
        assert_eq!(press(None, Some(&saved), &list, "p2"), Press::Stale);
        for n in 0..20 {
            reoffered(&mut list, &format!("q{n}"), &format!("q{}", n + 1));
        }
        assert_eq!(list.len(), REOFFERS_KEPT);
    }

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
    /// A button of an expired prompt that was offered anew and is open.
    pub const REOFFERED_BUTTON: &str =
        "Esa confirmación venció y te la mostré de nuevo: responde en el mensaje más reciente.";
    /// A prompt answered after its expiry: it is shown again.
    pub const EXPIRED: &str =
        "La confirmación anterior expiró y no se guardó nada. Te la muestro de nuevo:";
}
