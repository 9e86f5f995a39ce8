//! The core for the browser, loaded only when needed: the web's first load
//! carries the chat alone, and this module brings the agent itself (for
//! instant predictions), the replay of stored conversations and the
//! diagrams. Its API is JSON strings both ways, so the two wasm modules
//! share no memory and no Rust types cross between them.
//!
//! Every function here is pure and runs natively too, where the tests call
//! it.

mod html;
mod svg;

use caja_core::agent::state::AgentState;
use caja_core::agent::text::review as words;
use caja_core::agent::{AgentConfig, TurnInput, TurnStep, start_turn};
use caja_core::agents::registry;
use caja_core::review::diagram::{self, Diagram, Marks};
use caja_core::review::{self, Conversation, Event, ReplayError};
use caja_core::time::{TimeZone, iso_date};
use serde::Serialize;
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

/// A local prediction of the turn for `input` on `state` (both JSON):
/// `{"done":true,"reply","suggestions","state"}` when the core answers
/// without tools, else `{"done":false,"writes"}` (the turn needs the
/// Worker; `writes` says it would change data). Bad JSON is
/// `{"error"}`.
#[wasm_bindgen]
pub fn predict(state: &str, input: &str) -> String {
    // `null`: the page has no state yet (offline before the first answer).
    let parsed = serde_json::from_str::<Option<AgentState>>(state)
        .map(|s| s.unwrap_or_else(|| AgentState::new("local", "local")))
        .and_then(|s| serde_json::from_str::<TurnInput>(input).map(|i| (s, i)));
    let (state, input) = match parsed {
        Ok(parsed) => parsed,
        Err(error) => return json!({ "error": error.to_string() }).to_string(),
    };
    match start_turn(state, input, &AgentConfig::default()) {
        TurnStep::Done(output) => json!({
            "done": true,
            "reply": output.reply,
            "suggestions": output.suggestions,
            "state": output.state,
        }),
        TurnStep::NeedTools(turn) => json!({
            "done": false,
            "writes": turn.calls().iter().any(|c| c.request.is_write()),
        }),
    }
    .to_string()
}

/// One replayed turn as the review screen shows it.
#[derive(Serialize)]
struct ShownTurn {
    turn: u64,
    at_ms: i64,
    /// When it ran, in the person's zone ("viernes 2026-11-20, 16:38",
    /// as markup), and its day there.
    when: String,
    day: String,
    message: String,
    reply: String,
    stored_reply: String,
    same: bool,
    calls: Vec<Value>,
    state: AgentState,
    trace: Vec<String>,
    marks: Marks,
}

/// Replays a conversation's stored events (a JSON array, as
/// `GET /api/conversations/{id}/events` lists them) through this core:
/// `{"turns":[…],"sessions":[…]}` with, per turn, when it ran (in `zone`,
/// an IANA name; Mexico City when unknown), the message, the replayed and
/// stored replies, whether they agree, the tool calls, the state after
/// it, its trace and where it leaves the diagrams; per session its turns,
/// span and title; or `{"error"}` when the events cannot be replayed.
#[wasm_bindgen]
pub fn replay(events: &str, zone: &str) -> String {
    let zone = TimeZone::by_name(zone).unwrap_or_else(TimeZone::default_zone);
    let when = |ms: i64| (zone.date_at(ms), zone.clock_at(ms));
    let events: Vec<Event> = match serde_json::from_str(events) {
        Ok(events) => events,
        Err(error) => return json!({ "error": error.to_string() }).to_string(),
    };
    let conversation = match Conversation::from_events(&events) {
        Ok(conversation) => conversation,
        Err(error) => return json!({ "error": replay_error(&error) }).to_string(),
    };
    let turns = review::replay(&conversation);
    let shown: Vec<ShownTurn> = turns
        .iter()
        .enumerate()
        .map(|(k, t)| ShownTurn {
            turn: t.turn,
            at_ms: t.at_ms,
            when: {
                let (day, clock) = when(t.at_ms);
                html::dated(&words::turn_when(day, &clock))
            },
            day: iso_date(when(t.at_ms).0),
            message: t.message.clone(),
            reply: t.reply.clone(),
            stored_reply: t.stored_reply.clone(),
            same: t.same(),
            calls: t
                .calls
                .iter()
                .map(|c| serde_json::to_value(c).unwrap_or(Value::Null))
                .collect(),
            state: t.state.clone(),
            trace: t
                .trace
                .steps
                .iter()
                .map(|s| words::trace_step(&s.node, &s.edge, &s.to, &s.reason))
                .collect(),
            marks: diagram::marks(&conversation.start, &turns, k),
        })
        .collect();
    let sessions: Vec<(usize, String, String)> = review::sessions(&turns)
        .into_iter()
        .map(|session| {
            let (start, end) = (when(session.start_ms), when(session.end_ms));
            let span = words::session_span((start.0, &start.1), (end.0, &end.1));
            (session.first, span, session.title)
        })
        .collect();
    let firsts: Vec<usize> = sessions.iter().map(|s| s.0).collect();
    let sessions = json!({ "firsts": firsts, "html": html::sessions(&sessions) });
    json!({ "turns": shown, "sessions": sessions }).to_string()
}

fn replay_error(error: &ReplayError) -> &'static str {
    match error {
        ReplayError::NoStart => "no_start",
        ReplayError::Gap { .. } => "gap",
        ReplayError::Unreadable { .. } => "unreadable",
    }
}

/// Where a live conversation's state (JSON) stands on the diagrams: the
/// marks `diagram_svg` takes, or `{}` when the state cannot be read.
#[wasm_bindgen]
pub fn state_marks(state: &str) -> String {
    serde_json::from_str::<AgentState>(state)
        .map(|s| serde_json::to_string(&diagram::marks_of_state(&s)).unwrap_or_default())
        .unwrap_or_else(|_| "{}".to_string())
}

/// The debug panel's list of a turn's tool calls (JSON arrays of calls
/// and results) as markup.
#[wasm_bindgen]
pub fn tools_html(calls: &str, results: &str) -> String {
    let parse = |text: &str| serde_json::from_str::<Value>(text).unwrap_or(Value::Null);
    html::tools(&parse(calls), &parse(results))
}

/// The diagrams the engine can draw: `[{"id","title"}]`.
#[wasm_bindgen]
pub fn diagrams() -> String {
    let list: Vec<Value> = all()
        .iter()
        .map(|d| json!({ "id": d.id, "title": d.title }))
        .collect();
    Value::Array(list).to_string()
}

/// The SVG of diagram `id` with `marks` (JSON, as `replay` gives them;
/// empty for none) drawn on it: the current node highlighted, the path
/// taken marked, the rest dimmed. An unknown id gives an empty string.
#[wasm_bindgen]
pub fn diagram_svg(id: &str, marks: &str) -> String {
    let marks: Marks = serde_json::from_str(marks).unwrap_or_default();
    all()
        .iter()
        .find(|d| d.id == id)
        .map(|d| svg::render(d, &marks))
        .unwrap_or_default()
}

fn all() -> Vec<Diagram> {
    match registry::shipped() {
        Ok(registry) => diagram::all(registry),
        Err(_) => vec![diagram::financial()],
    }
}
