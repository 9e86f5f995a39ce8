//! The events of a turn (seed 004's event trace): built once when the turn
//! ends, from the state before it, its input and its output, and stored by
//! the host in the turn's commit.

use serde::{Deserialize, Serialize};
use serde_json::Value;
#[cfg(feature = "audit")]
use serde_json::{Map, json};

use crate::agent::state::AgentState;
#[cfg(feature = "audit")]
use crate::agent::{TurnInput, TurnOutput};
#[cfg(feature = "audit")]
use crate::gate::ConfirmationStatus;

/// What happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    /// The state the conversation's first stored turn started from.
    ConversationStarted,
    /// What the user sent, with `now`, the zone and the button pressed: the
    /// turn's input, exactly.
    UserMessage,
    /// The reading acted on: intent, confidence, alternatives.
    Intent,
    /// A value taken for a slot or a draft field, and where it came from.
    SlotSet,
    FramePushed,
    FramePopped,
    FlowStarted,
    FlowCompleted,
    /// Left before its end (the user cancelled or left it).
    FlowCancelled,
    /// Set aside under another agent's request; it comes back.
    FlowInterrupted,
    FlowResumed,
    /// A question asked for a missing or unclear value.
    ClarificationAsked,
    /// The answer to it was taken into the request.
    ClarificationMerged,
    ConfirmationAsked,
    ConfirmationAnswered,
    ConfirmationExpired,
    ToolCall,
    ToolResult,
    /// The turn's audit record (seed 000), without what the turn's other
    /// events already say (`record::audit_record` reads it whole).
    TurnAudited,
    BotMessage,
}

/// One event of a conversation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// The turn (the thread's checkpoint version it committed).
    pub turn: u64,
    /// The position within the turn, from 0.
    pub seq: u32,
    /// When the turn ran (UTC ISO).
    pub at: String,
    pub kind: EventKind,
    /// The agent that held the turn (`financial` or a data agent's id).
    pub agent: String,
    /// The data agent's flow, when one was open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flow: Option<String>,
    /// The flow's state, or the Financial Agent's open step
    /// (`clarification`, `confirmation`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<String>,
    #[serde(default)]
    pub payload: Value,
}

/// Where a conversation stands, for lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A confirmation waits for "sí" or "no".
    AwaitingConfirmation,
    /// A question waits for its answer.
    AwaitingAnswer,
    /// Nothing open.
    Idle,
}

/// The agent on top of `state`'s stack (the home agent when it is empty).
pub fn active_agent(state: &AgentState) -> &str {
    state
        .agent_stack
        .last()
        .map_or(crate::agents::registry::HOME, |f| f.agent_id.as_str())
}

/// Where the conversation of `state` stands.
pub fn status(state: &AgentState) -> Status {
    if state.pending_action.is_some() {
        Status::AwaitingConfirmation
    } else if !state.clarification_questions.is_empty()
        || state.current_flow.is_some()
        || state.row_choice.is_some()
        || !state.intent_candidates.is_empty()
    {
        Status::AwaitingAnswer
    } else {
        Status::Idle
    }
}

/// The data agent's flow and its state, or the Financial Agent's open
/// step, as events name them.
pub fn position(state: &AgentState) -> (Option<String>, Option<String>) {
    (
        state.current_flow.as_ref().map(|f| f.flow_id.clone()),
        step_of(state),
    )
}

/// The Financial Agent's open step, or the data agent's flow state.
fn step_of(state: &AgentState) -> Option<String> {
    if let Some(flow) = &state.current_flow {
        return Some(flow.current_state.clone());
    }
    match status(state) {
        Status::AwaitingConfirmation => Some("confirmation".into()),
        Status::AwaitingAnswer => Some("clarification".into()),
        Status::Idle => None,
    }
}

/// The event that names the state a conversation's first stored turn
/// started from (stored once per conversation).
#[cfg(feature = "audit")]
pub fn started(turn: u64, at: &str, before: &AgentState) -> Event {
    let (flow, step) = position(before);
    Event {
        turn,
        seq: 0,
        at: at.to_string(),
        kind: EventKind::ConversationStarted,
        agent: active_agent(before).to_string(),
        flow,
        step,
        payload: serde_json::to_value(before).unwrap_or(Value::Null),
    }
}

/// Builds a turn's events in order; `seq` is their index.
#[cfg(feature = "audit")]
struct Builder {
    turn: u64,
    at: String,
    agent: String,
    flow: Option<String>,
    step: Option<String>,
    events: Vec<Event>,
}

#[cfg(feature = "audit")]
impl Builder {
    fn push(&mut self, kind: EventKind, payload: Value) {
        self.push_in(kind, self.flow.clone(), payload);
    }

    fn push_in(&mut self, kind: EventKind, flow: Option<String>, payload: Value) {
        self.events.push(Event {
            turn: self.turn,
            seq: self.events.len() as u32,
            at: self.at.clone(),
            kind,
            agent: self.agent.clone(),
            flow,
            step: self.step.clone(),
            payload,
        });
    }
}

/// The events of turn `turn`: it started from `before`, read `input` and
/// ended with `output`.
#[cfg(feature = "audit")]
pub fn of_turn(
    turn: u64,
    before: &AgentState,
    input: &TurnInput,
    output: &TurnOutput,
) -> Vec<Event> {
    let after = &output.state;
    let audit = &output.audit;
    let (flow, step) = position(after);
    let mut b = Builder {
        turn,
        at: crate::time::iso_utc(input.now_ms),
        agent: audit.agent.clone(),
        flow,
        step,
        events: Vec::new(),
    };
    b.push(
        EventKind::UserMessage,
        serde_json::to_value(input).unwrap_or(Value::Null),
    );
    if !audit.intent.is_empty() {
        b.push(
            EventKind::Intent,
            json!({
                "name": audit.intent,
                "confidence": audit.intent_confidence,
                "alternatives": audit.alternatives,
            }),
        );
    }
    frames(&mut b, before, after);
    flows(&mut b, before, output);
    slots(&mut b, before, after);
    clarifications(&mut b, before, after);
    confirmation(&mut b, before, output);
    for call in &output.tool_calls {
        b.push(
            EventKind::ToolCall,
            serde_json::to_value(call).unwrap_or(Value::Null),
        );
        if let Some(result) = output.tool_results.iter().find(|r| r.call_id == call.id) {
            b.push(
                EventKind::ToolResult,
                serde_json::to_value(result).unwrap_or(Value::Null),
            );
        }
    }
    b.push(
        EventKind::TurnAudited,
        serde_json::to_value(&output.audit).unwrap_or(Value::Null),
    );
    b.push(
        EventKind::BotMessage,
        json!({
            "text": output.reply,
            "suggestions": output.suggestions,
            "share": output.share,
            "answer_privately": output.answer_privately,
        }),
    );
    b.events
}

/// Frames popped (top first) and pushed (bottom first) between the stacks.
#[cfg(feature = "audit")]
fn frames(b: &mut Builder, before: &AgentState, after: &AgentState) {
    let ids = |s: &AgentState| -> Vec<String> {
        s.agent_stack.iter().map(|f| f.agent_id.clone()).collect()
    };
    let (old, new) = (ids(before), ids(after));
    let common = old.iter().zip(&new).take_while(|(a, b)| a == b).count();
    for agent in old[common..].iter().rev() {
        b.push(EventKind::FramePopped, json!({ "agent": agent }));
    }
    for (depth, agent) in new.iter().enumerate().skip(common) {
        let reason = &after.agent_stack[depth].entry_reason;
        b.push(
            EventKind::FramePushed,
            json!({ "agent": agent, "depth": depth, "reason": reason }),
        );
    }
}

/// The flows suspended in a state's frames, by id.
#[cfg(feature = "audit")]
fn suspended(state: &AgentState) -> Vec<&str> {
    state
        .agent_stack
        .iter()
        .filter_map(|f| f.suspended_flow.as_ref())
        .map(|f| f.flow_id.as_str())
        .collect()
}

#[cfg(feature = "audit")]
fn flows(b: &mut Builder, before: &AgentState, output: &TurnOutput) {
    let after = &output.state;
    let old = before.current_flow.as_ref().map(|f| f.flow_id.as_str());
    let new = after.current_flow.as_ref().map(|f| f.flow_id.as_str());
    let ended = &output.chain.ended;
    let was_set_aside = suspended(before);
    let set_aside = suspended(after);
    if let Some(old) = old
        && Some(old) != new
    {
        let kind = if ended.iter().any(|e| e == old) {
            EventKind::FlowCompleted
        } else if set_aside.contains(&old) {
            EventKind::FlowInterrupted
        } else {
            EventKind::FlowCancelled
        };
        b.push_in(kind, Some(old.to_string()), json!({ "flow": old }));
    }
    if let Some(new) = new
        && Some(new) != old
    {
        let kind = if was_set_aside.contains(&new) && !set_aside.contains(&new) {
            EventKind::FlowResumed
        } else {
            EventKind::FlowStarted
        };
        b.push_in(kind, Some(new.to_string()), json!({ "flow": new }));
    }
    // A flow that started and ended within the turn.
    for flow in ended {
        if Some(flow.as_str()) != old {
            b.push_in(
                EventKind::FlowStarted,
                Some(flow.clone()),
                json!({ "flow": flow }),
            );
            b.push_in(
                EventKind::FlowCompleted,
                Some(flow.clone()),
                json!({ "flow": flow }),
            );
        }
    }
}

/// New or changed values of the data agent's slots, or of the Financial
/// Agent's drafts, and where each came from.
#[cfg(feature = "audit")]
fn slots(b: &mut Builder, before: &AgentState, after: &AgentState) {
    let same_flow = match (&before.current_flow, &after.current_flow) {
        (Some(a), Some(z)) => a.flow_id == z.flow_id,
        _ => false,
    };
    let empty = Map::new();
    if let Some(flow) = &after.current_flow {
        let old = match (&before.current_flow, same_flow) {
            (Some(f), true) => &f.slots,
            _ => &empty,
        };
        let source = if same_flow { "answer" } else { "request" };
        for (name, value) in &flow.slots {
            if old.get(name) != Some(value) {
                let source = if old.contains_key(name) {
                    "correction"
                } else {
                    source
                };
                b.push(
                    EventKind::SlotSet,
                    json!({ "name": name, "value": value, "source": source }),
                );
            }
        }
    }
    let draft = |s: &AgentState| -> Map<String, Value> {
        let mut fields = Map::new();
        for value in [
            s.pending_transaction.as_ref().map(serde_json::to_value),
            s.pending_params.as_ref().map(serde_json::to_value),
        ]
        .into_iter()
        .flatten()
        .flatten()
        {
            if let Value::Object(map) = value {
                fields.extend(map.into_iter().filter(|(_, v)| !v.is_null()));
            }
        }
        fields
    };
    let (old, new) = (draft(before), draft(after));
    for (name, value) in &new {
        if old.get(name) != Some(value) {
            let source = if old.contains_key(name) {
                "correction"
            } else if old.is_empty() {
                "request"
            } else {
                "answer"
            };
            b.push(
                EventKind::SlotSet,
                json!({ "name": name, "value": value, "source": source }),
            );
        }
    }
}

/// What the open question of a state is: the Financial Agent's first
/// clarification, or the slot or clarification a data agent's frame
/// waits for.
#[cfg(feature = "audit")]
fn question(state: &AgentState) -> Option<Value> {
    use crate::agents::state::Waiting;
    if let Some(q) = state.clarification_questions.first() {
        return Some(json!({ "key": q.key, "question": q.question }));
    }
    match &state.agent_stack.last()?.waiting {
        Waiting::Slot { slot, attempts } => Some(json!({ "slot": slot, "attempts": attempts })),
        Waiting::Clarify { attempts } => Some(json!({ "clarify": true, "attempts": attempts })),
        Waiting::Intent { options } => Some(json!({ "options": options })),
        Waiting::Request | Waiting::Confirmation { .. } => None,
    }
}

#[cfg(feature = "audit")]
fn clarifications(b: &mut Builder, before: &AgentState, after: &AgentState) {
    let (old, new) = (question(before), question(after));
    if old.is_some() && old != new {
        b.push(EventKind::ClarificationMerged, old.unwrap_or_default());
    }
    if let Some(new) = new {
        b.push(EventKind::ClarificationAsked, new);
    }
}

#[cfg(feature = "audit")]
fn confirmation(b: &mut Builder, before: &AgentState, output: &TurnOutput) {
    let after = &output.state;
    let prompt = |s: &AgentState| -> Option<(String, String)> {
        s.pending_action
            .as_ref()
            .map(|p| (p.id.clone(), p.prompt.clone()))
    };
    let (old, new) = (prompt(before), prompt(after));
    match output.audit.confirmation_detail {
        ConfirmationStatus::Confirmed | ConfirmationStatus::Rejected => {
            let confirmed = output.audit.confirmation_detail == ConfirmationStatus::Confirmed;
            b.push(
                EventKind::ConfirmationAnswered,
                json!({
                    "id": old.as_ref().map(|o| o.0.clone()),
                    "answer": if confirmed { "confirmed" } else { "rejected" },
                }),
            );
        }
        ConfirmationStatus::Expired => b.push(
            EventKind::ConfirmationExpired,
            json!({ "id": old.as_ref().map(|o| o.0.clone()) }),
        ),
        _ => {}
    }
    if let Some((id, text)) = new {
        let again = old.as_ref().is_some_and(|o| o.0 == id);
        b.push(
            EventKind::ConfirmationAsked,
            json!({ "id": id, "prompt": text, "again": again }),
        );
    }
}
