//! What a turn takes in: a message, or a button pressed, typed at the
//! edge; stored turns read back, those from before presses were typed too.

use serde::{Deserialize, Serialize};

use crate::nlu::answers::{Decision, decide};
use crate::time::UnixMillis;

/// One user message, or one button pressed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "InputWire")]
pub struct TurnInput {
    /// What the person wrote; for a press, the button's word as shown.
    pub message: String,
    pub now_ms: UnixMillis,
    /// IANA zone; America/Mexico_City when absent or unknown.
    #[serde(default)]
    pub timezone: Option<String>,
    /// A Sí/No button pressed: the prompt it answers and the answer, typed
    /// by the host from the button's data, never read from words. A press
    /// for a prompt that is not the pending one confirms nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub press: Option<Press>,
    /// The message was written where others read the replies (a Telegram
    /// group): the user's personal data (balance, debts, budgets, cobros)
    /// is never read there, and the host limits movements to those logged
    /// in this thread.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shared_chat: bool,
    /// A turn the host starts, not the person (then `message` is empty):
    /// an agent's intent begun with the slot values the host knows, such
    /// as a recurring movement proposed on its day. Whatever it asks the
    /// person waits for their answer like any other prompt; it writes
    /// nothing by itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Start>,
}

pub use crate::agents::state::Start;

/// A button pressed: which prompt, and whether it said yes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Press {
    pub prompt: String,
    pub yes: bool,
}

/// A turn's input as stored: turns stored before presses were typed name
/// the prompt as `action_id` and the answer as the button's word.
#[derive(Deserialize)]
struct InputWire {
    message: String,
    now_ms: UnixMillis,
    #[serde(default)]
    timezone: Option<String>,
    #[serde(default)]
    press: Option<Press>,
    #[serde(default)]
    action_id: Option<String>,
    #[serde(default)]
    shared_chat: bool,
    #[serde(default)]
    start: Option<Start>,
}

impl From<InputWire> for TurnInput {
    fn from(wire: InputWire) -> TurnInput {
        let press = wire.press.or_else(|| {
            let prompt = wire.action_id?;
            let yes = decide(&wire.message) == Decision::Confirm;
            Some(Press { prompt, yes })
        });
        TurnInput {
            message: wire.message,
            now_ms: wire.now_ms,
            timezone: wire.timezone,
            press,
            shared_chat: wire.shared_chat,
            start: wire.start,
        }
    }
}
