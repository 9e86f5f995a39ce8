//! What a thread remembers of the data agents (seed 004's session state):
//! the agent stack, the current flow, the pending confirmation and the
//! message count. Each frame names what the bot waits for as an enum.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

pub use crate::gate::action::{PendingAction, ServiceCall};

/// Deepest agent stack kept; entering past it replaces the top frame.
pub const MAX_STACK: usize = 6;

/// One agent on the stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    pub agent_id: String,
    pub entered_at: String,
    pub entry_reason: String,
    /// What the bot waits for from the user in this frame (absent: any
    /// request).
    #[serde(default, skip_serializing_if = "Waiting::is_request")]
    pub waiting: Waiting,
    /// The flow this frame was in when another agent was entered on top;
    /// it resumes (its question asked again once) when that agent ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suspended_flow: Option<FlowState>,
    /// The confirmation this frame's flow was asking when a request for
    /// another agent interrupted it; asked again, same id and expiry, when
    /// the flow resumes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suspended_confirmation: Option<PendingAction>,
    /// The flow of this frame's agent that ended last: "y a Beto también
    /// 300" asks it again with other values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_flow: Option<String>,
}

impl Frame {
    /// The home agent's frame, at the bottom of every stack.
    pub fn home(now_iso: &str) -> Frame {
        Frame::new(crate::agents::registry::HOME, now_iso, "inicio")
    }

    /// A frame entered now, waiting for any request.
    pub fn new(agent_id: &str, now_iso: &str, why: &str) -> Frame {
        Frame {
            agent_id: agent_id.to_string(),
            entered_at: now_iso.to_string(),
            entry_reason: why.to_string(),
            waiting: Waiting::Request,
            suspended_flow: None,
            suspended_confirmation: None,
            last_flow: None,
        }
    }
}

/// What the bot waits for.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Waiting {
    /// Nothing in particular: any request.
    #[default]
    Request,
    /// The value of a flow's slot, after `attempts` failed replies.
    Slot { slot: String, attempts: u32 },
    /// "sí" or "no" to the pending confirmation.
    Confirmation { tool: String },
    /// Which of these intents of the agent was meant (asked when a request
    /// matched them only in part).
    Intent { options: Vec<String> },
    /// An answer to the clarifying question of the flow's state, after
    /// `attempts` answers that left it unclear.
    Clarify { attempts: u32 },
}

impl Waiting {
    pub fn is_request(&self) -> bool {
        *self == Waiting::Request
    }
}

/// A flow in progress (seed `current_flow`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlowState {
    pub flow_id: String,
    pub current_state: String,
    /// Data fetched by the flow's tools and the options chosen (absent:
    /// none).
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub state_data: Map<String, Value>,
    /// Values the user gave, by slot name.
    #[serde(default)]
    pub slots: Map<String, Value>,
    pub entered_at: String,
}

/// The data agents' part of a thread's checkpoint.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Orchestra {
    pub agent_stack: Vec<Frame>,
    pub current_flow: Option<FlowState>,
    /// The session's one pending action (a ledger write passes through
    /// untouched: the chain asks and decides only its agents' calls).
    pub pending: Option<PendingAction>,
    pub message_count: u64,
}

impl Orchestra {
    /// The active agent's id, `home` when the stack is empty.
    pub fn active<'a>(&'a self, home: &'a str) -> &'a str {
        self.agent_stack
            .last()
            .map_or(home, |f| f.agent_id.as_str())
    }

    /// A data agent's confirmation, when that is what waits.
    pub fn confirmation(&self) -> Option<(&PendingAction, &ServiceCall)> {
        let pending = self.pending.as_ref()?;
        Some((pending, pending.service()?))
    }

    /// Drops a data agent's confirmation (a pending ledger write stays).
    pub fn drop_confirmation(&mut self) {
        if self.confirmation().is_some() {
            self.pending = None;
        }
    }

    /// The agent ids from the bottom, as the seed's tables show them.
    pub fn stack_ids(&self) -> Vec<&str> {
        self.agent_stack
            .iter()
            .map(|f| f.agent_id.as_str())
            .collect()
    }
}

/// An intent of a data agent the host begins, with slot values it knows
/// (`TurnInput::start`): the flow starts with them, as if the person had
/// said them, and asks whatever it asks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Start {
    pub agent: String,
    pub intent: String,
    #[serde(default)]
    pub slots: serde_json::Map<String, serde_json::Value>,
}
