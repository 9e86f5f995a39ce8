//! Replays a stored conversation through the core: each turn's input and
//! tool results go in again, and the replies and tool calls that come out
//! are compared with the ones stored.

use serde::{Deserialize, Serialize};

use super::events::{Event, EventKind};
use crate::agent::state::AgentState;
use crate::agent::{AgentConfig, TurnInput, TurnStep, resume_turn, start_turn};
use crate::agents::chain::ChainTrace;
use crate::graph::Trace;
use crate::tools::{ToolCall, ToolResult};

/// One stored turn, as its events tell it.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredTurn {
    pub turn: u64,
    pub input: TurnInput,
    pub calls: Vec<ToolCall>,
    pub results: Vec<ToolResult>,
    pub reply: String,
}

/// A conversation read from its events: the state it started from and its
/// turns in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Conversation {
    pub start: AgentState,
    pub turns: Vec<StoredTurn>,
}

/// Why stored events cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum ReplayError {
    /// No `conversation_started` event: the state the turns ran on is
    /// unknown.
    NoStart,
    /// Turns are missing between two stored ones.
    Gap { after: u64, next: u64 },
    /// A turn without its message, or an event whose payload is not what
    /// its kind stores.
    Unreadable { turn: u64, kind: EventKind },
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::NoStart => write!(f, "the conversation's start is not stored"),
            ReplayError::Gap { after, next } => {
                write!(f, "turns missing between {after} and {next}")
            }
            ReplayError::Unreadable { turn, kind } => write!(f, "turn {turn}: unreadable {kind:?}"),
        }
    }
}

fn payload<T: serde::de::DeserializeOwned>(event: &Event) -> Result<T, ReplayError> {
    serde_json::from_value(event.payload.clone()).map_err(|_| ReplayError::Unreadable {
        turn: event.turn,
        kind: event.kind,
    })
}

impl Conversation {
    /// Reads a conversation from its events (any order).
    pub fn from_events(events: &[Event]) -> Result<Conversation, ReplayError> {
        let mut events: Vec<&Event> = events.iter().collect();
        events.sort_by_key(|e| (e.turn, e.seq));
        let start = events
            .iter()
            .find(|e| e.kind == EventKind::ConversationStarted)
            .ok_or(ReplayError::NoStart)?;
        let first = start.turn + 1;
        let start: AgentState = payload(start)?;
        let mut turns: Vec<StoredTurn> = Vec::new();
        let mut reply_seen = Vec::new();
        for event in events.iter().filter(|e| e.turn >= first) {
            if turns.last().is_none_or(|t| t.turn != event.turn) {
                if event.kind != EventKind::UserMessage {
                    return Err(ReplayError::Unreadable {
                        turn: event.turn,
                        kind: EventKind::UserMessage,
                    });
                }
                let expected = turns.last().map_or(first, |t| t.turn + 1);
                if event.turn != expected {
                    return Err(ReplayError::Gap {
                        after: expected - 1,
                        next: event.turn,
                    });
                }
                turns.push(StoredTurn {
                    turn: event.turn,
                    input: payload(event)?,
                    calls: Vec::new(),
                    results: Vec::new(),
                    reply: String::new(),
                });
                reply_seen.push(false);
                continue;
            }
            let turn = turns.last_mut().expect("a turn was pushed above");
            match event.kind {
                EventKind::ToolCall => turn.calls.push(payload(event)?),
                EventKind::ToolResult => turn.results.push(payload(event)?),
                EventKind::BotMessage => {
                    #[derive(serde::Deserialize)]
                    struct Bot {
                        text: String,
                    }
                    turn.reply = payload::<Bot>(event)?.text;
                    *reply_seen.last_mut().expect("pushed with the turn") = true;
                }
                _ => {}
            }
        }
        if let Some(missing) = turns.iter().zip(&reply_seen).find(|(_, seen)| !**seen) {
            return Err(ReplayError::Unreadable {
                turn: missing.0.turn,
                kind: EventKind::BotMessage,
            });
        }
        Ok(Conversation { start, turns })
    }
}

/// One turn run again.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TurnReplay {
    pub turn: u64,
    /// When the turn ran (its `now`, Unix ms).
    pub at_ms: i64,
    pub message: String,
    pub reply: String,
    pub stored_reply: String,
    pub calls: Vec<ToolCall>,
    /// The stored calls, when the replay made others.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stored_calls: Option<Vec<ToolCall>>,
    /// The state after the turn.
    pub state: AgentState,
    pub trace: Trace,
    pub chain: ChainTrace,
}

impl TurnReplay {
    /// The replay gave the stored reply and tool calls.
    pub fn same(&self) -> bool {
        self.reply == self.stored_reply && self.stored_calls.is_none()
    }
}

/// Runs every stored turn again from the conversation's start, feeding
/// each call the result stored for it.
pub fn replay(conversation: &Conversation) -> Vec<TurnReplay> {
    let config = AgentConfig::default();
    let mut state = conversation.start.clone();
    let mut out = Vec::with_capacity(conversation.turns.len());
    for stored in &conversation.turns {
        let mut step = start_turn(state, stored.input.clone(), &config);
        let output = loop {
            match step {
                TurnStep::Done(output) => break output,
                TurnStep::NeedTools(turn) => {
                    let results = turn
                        .calls()
                        .iter()
                        .filter_map(|call| stored.results.iter().find(|r| r.call_id == call.id))
                        .cloned()
                        .collect();
                    step = resume_turn(*turn, results);
                }
            }
        };
        state = output.state.clone();
        out.push(TurnReplay {
            turn: stored.turn,
            at_ms: stored.input.now_ms,
            message: stored.input.message.clone(),
            stored_calls: (output.tool_calls != stored.calls).then(|| stored.calls.clone()),
            calls: output.tool_calls,
            reply: output.reply,
            stored_reply: stored.reply.clone(),
            state: output.state,
            trace: output.trace,
            chain: output.chain,
        });
    }
    out
}

/// A stored conversation as hosts export it (`[{id, events}]`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredConversation {
    pub id: String,
    pub events: Vec<Event>,
}

/// What replaying stored conversations gave.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReplayReport {
    pub conversations: usize,
    pub turns: usize,
    /// One line per conversation that cannot be replayed and per turn
    /// that came out differently, with what was stored and what came out.
    pub differences: Vec<String>,
}

/// Replays every conversation of `stored`.
pub fn replay_stored(stored: &[StoredConversation]) -> ReplayReport {
    let mut report = ReplayReport {
        conversations: stored.len(),
        ..ReplayReport::default()
    };
    for conversation in stored {
        let parsed = match Conversation::from_events(&conversation.events) {
            Ok(parsed) => parsed,
            Err(error) => {
                report
                    .differences
                    .push(format!("{}: not replayable: {error}", conversation.id));
                continue;
            }
        };
        for turn in replay(&parsed) {
            report.turns += 1;
            if !turn.same() {
                report.differences.push(format!(
                    "{} turn {} ({:?}):\n--- replayed ---\n{}\n--- stored ---\n{}\ncalls differ: {}",
                    conversation.id,
                    turn.turn,
                    turn.message,
                    turn.reply,
                    turn.stored_reply,
                    turn.stored_calls.is_some()
                ));
            }
        }
    }
    report
}
