//! A turn as a host stores it: one record per turn holding its events,
//! and the projections read from it (the audit record, the lines of the
//! conversation). The events are the one record of a turn; what one event
//! already says is not said again by another: the agent, the flow and the
//! open step once per turn, a confirmation's prompt only when the reply
//! says something else, and the audit only what no other event tells.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::events::{Event, EventKind};

/// A stored turn: where it ended and its events in order, each as
/// `[kind, payload]`, or `[kind, payload, flow]` when the event names
/// another flow than the turn's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TurnRecord {
    pub agent: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flow: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<String>,
    pub events: Vec<Value>,
}

/// What an audit record says that other events of its turn already say:
/// the audit's field and where the projection reads it back.
const DERIVED: [(&str, Source); 7] = [
    ("at_iso", Source::At),
    ("agent", Source::Agent),
    ("message", Source::Field(EventKind::UserMessage, "message")),
    ("intent", Source::Field(EventKind::Intent, "name")),
    (
        "intent_confidence",
        Source::Field(EventKind::Intent, "confidence"),
    ),
    (
        "alternatives",
        Source::Field(EventKind::Intent, "alternatives"),
    ),
    ("response", Source::Field(EventKind::BotMessage, "text")),
];

#[derive(Clone, Copy)]
enum Source {
    At,
    Agent,
    Field(EventKind, &'static str),
}

fn derived(source: Source, events: &[Event]) -> Option<Value> {
    match source {
        Source::At => events.first().map(|e| json!(e.at)),
        Source::Agent => events.first().map(|e| json!(e.agent)),
        Source::Field(kind, field) => events
            .iter()
            .find(|e| e.kind == kind)
            .and_then(|e| e.payload.get(field))
            .cloned(),
    }
}

/// The prompt of a confirmation asked, when the turn's reply is that
/// prompt.
fn prompt_is_reply(events: &[Event], asked: &Event) -> bool {
    let reply = events.iter().find(|e| e.kind == EventKind::BotMessage);
    reply.is_some_and(|r| r.payload.get("text") == asked.payload.get("prompt"))
}

impl TurnRecord {
    /// The record of one turn's events (all of the same turn, as
    /// [`super::of_turn`] or [`super::started`] give them).
    pub fn of(events: &[Event]) -> TurnRecord {
        let first = events.first();
        let flow = first.and_then(|e| e.flow.clone());
        let entries = events
            .iter()
            .map(|event| {
                let mut payload = event.payload.clone();
                if event.kind == EventKind::ConfirmationAsked && prompt_is_reply(events, event) {
                    strip(&mut payload, "prompt");
                }
                if event.kind == EventKind::TurnAudited {
                    for (field, source) in DERIVED {
                        if payload.get(field).is_some()
                            && payload.get(field) == derived(source, events).as_ref()
                        {
                            strip(&mut payload, field);
                        }
                    }
                }
                let kind = serde_json::to_value(event.kind).unwrap_or(Value::Null);
                if event.flow == flow {
                    json!([kind, payload])
                } else {
                    json!([kind, payload, event.flow])
                }
            })
            .collect();
        TurnRecord {
            agent: first.map(|e| e.agent.clone()).unwrap_or_default(),
            flow,
            step: first.and_then(|e| e.step.clone()),
            events: entries,
        }
    }

    /// The turn's events again, exactly as they were built; an entry this
    /// core cannot read is left out and counted in the second value.
    pub fn events(&self, turn: u64, at: &str) -> (Vec<Event>, usize) {
        let mut events: Vec<Event> = Vec::with_capacity(self.events.len());
        let mut unreadable = 0;
        for entry in &self.events {
            let Some(parts) = entry.as_array() else {
                unreadable += 1;
                continue;
            };
            let kind = parts.first().cloned().map(serde_json::from_value);
            let Some(Ok(kind)) = kind else {
                unreadable += 1;
                continue;
            };
            let flow = match parts.get(2) {
                Some(flow) => flow.as_str().map(str::to_string),
                None => self.flow.clone(),
            };
            events.push(Event {
                turn,
                seq: events.len() as u32,
                at: at.to_string(),
                kind,
                agent: self.agent.clone(),
                flow,
                step: self.step.clone(),
                payload: parts.get(1).cloned().unwrap_or(Value::Null),
            });
        }
        let reply = events
            .iter()
            .find(|e| e.kind == EventKind::BotMessage)
            .and_then(|e| e.payload.get("text").cloned());
        let said: Vec<Option<Value>> = DERIVED
            .iter()
            .map(|(_, source)| derived(*source, &events))
            .collect();
        for event in &mut events {
            let Some(payload) = event.payload.as_object_mut() else {
                continue;
            };
            match event.kind {
                EventKind::ConfirmationAsked if !payload.contains_key("prompt") => {
                    if let Some(reply) = &reply {
                        payload.insert("prompt".into(), reply.clone());
                    }
                }
                EventKind::TurnAudited => {
                    for ((field, _), value) in DERIVED.iter().zip(&said) {
                        // The audit leaves out an empty list of alternatives.
                        let empty = |v: &&Value| v.as_array().is_some_and(Vec::is_empty);
                        if let Some(value) = value
                            .as_ref()
                            .filter(|v| !payload.contains_key(*field) && !empty(v))
                        {
                            payload.insert(field.to_string(), value.clone());
                        }
                    }
                }
                _ => {}
            }
        }
        (events, unreadable)
    }
}

fn strip(payload: &mut Value, field: &str) {
    if let Some(object) = payload.as_object_mut() {
        object.remove(field);
    }
}

/// The audit record of one turn (the seed's fields), read from its events:
/// what the turn's audit event kept and what the other events say.
/// `None` for a turn without one (the conversation's start, or a turn
/// stored before audits were events).
pub fn audit_record(events: &[Event]) -> Option<Value> {
    let audited = events.iter().find(|e| e.kind == EventKind::TurnAudited)?;
    let mut record: Map<String, Value> = audited.payload.as_object().cloned().unwrap_or_default();
    // The audit leaves out an empty list of alternatives.
    if record
        .get("alternatives")
        .and_then(Value::as_array)
        .is_some_and(Vec::is_empty)
    {
        record.remove("alternatives");
    }
    // The confidence is an f32 the events widened: said as the audit says
    // it ("0.93", not "0.9300000071525574").
    if let Some(confidence) = record.get("intent_confidence").and_then(Value::as_f64) {
        let short: f64 = format!("{}", confidence as f32)
            .parse()
            .unwrap_or(confidence);
        record.insert("intent_confidence".into(), json!(short));
    }
    Some(Value::Object(record))
}

/// A line of the conversation: who spoke and what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    /// `user` or `assistant`.
    pub role: &'static str,
    pub text: String,
}

/// What was said in a turn: the person's message (none for a turn the
/// host started, or a button press without text) and Caja's reply.
pub fn lines(events: &[Event]) -> Vec<Line> {
    let mut lines = Vec::new();
    for event in events {
        match event.kind {
            EventKind::UserMessage => {
                let text = event.payload["message"].as_str().unwrap_or_default();
                if event.payload.get("start").is_none_or(Value::is_null) && !text.is_empty() {
                    lines.push(Line {
                        role: "user",
                        text: text.to_string(),
                    });
                }
            }
            EventKind::BotMessage => lines.push(Line {
                role: "assistant",
                text: event.payload["text"].as_str().unwrap_or_default().into(),
            }),
            _ => {}
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::state::AgentState;
    use crate::agent::{AgentConfig, TurnInput, run_turn};
    use crate::review::{of_turn, started};
    use crate::tools::memory::MemoryLedger;

    /// Each turn's events and the audit record as the host stored it
    /// before audits were events (its JSON text).
    fn turns(messages: &[&str]) -> Vec<(Vec<Event>, Value)> {
        let mut state = AgentState::new("u1", "t1");
        let mut ledger = MemoryLedger::new();
        let mut out = vec![(
            vec![started(0, "2026-11-22T18:00:00.000Z", &state)],
            Value::Null,
        )];
        for (n, message) in messages.iter().enumerate() {
            let input = TurnInput {
                message: message.to_string(),
                now_ms: 1_795_370_400_000 + 60_000 * n as i64,
                timezone: None,
                press: None,
                shared_chat: false,
                start: None,
            };
            let before = state.clone();
            let output = run_turn(state, input.clone(), &AgentConfig::default(), |call| {
                ledger.execute(call, input.now_ms)
            });
            let audit = serde_json::from_str(&serde_json::to_string(&output.audit).unwrap());
            out.push((
                of_turn(n as u64 + 1, &before, &input, &output),
                audit.unwrap(),
            ));
            state = output.state;
        }
        out
    }

    const MESSAGES: [&str; 7] = [
        "gasté 250 en uber ayer",
        "sí",
        "¿cuánto llevo gastado este mes?",
        "quiero una recarga",
        "+52 55 9999 8888",
        "mejor no",
        "cóbrale 350 a Juan por la pizza",
    ];

    #[test]
    fn a_record_gives_back_its_events_exactly() {
        for (events, _) in turns(&MESSAGES) {
            let (turn, at) = (events[0].turn, events[0].at.clone());
            let record = TurnRecord::of(&events);
            let text = serde_json::to_string(&record).unwrap();
            let read: TurnRecord = serde_json::from_str(&text).unwrap();
            // Stored as text, as events always were (a float read back
            // from text may differ in its last digit).
            let events: Vec<Event> =
                serde_json::from_str(&serde_json::to_string(&events).unwrap()).unwrap();
            assert_eq!(read.events(turn, &at), (events, 0), "turn {turn}: {text}");
        }
    }

    #[test]
    fn the_audit_record_is_read_from_the_events_as_it_was_stored() {
        for (events, stored) in turns(&MESSAGES).into_iter().skip(1) {
            let record = TurnRecord::of(&events);
            let (events, _) = record.events(events[0].turn, &events[0].at);
            assert_eq!(audit_record(&events), Some(stored));
        }
    }

    #[test]
    fn a_number_stored_as_text_reads_back_the_same() {
        // The model's probability of a turn, as an audit record holds it:
        // read back from its text, the same f64, to the last digit.
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut some = vec![0.999_999_999_985_097_9_f64, 0.1 + 0.2, 1e-300, 0.7];
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            some.push(1.0 - (x >> 11) as f64 / (1u64 << 53) as f64 * 1e-3);
        }
        for p in some {
            let text = serde_json::to_string(&serde_json::json!({ "probability": p })).unwrap();
            let read: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(read["probability"].as_f64(), Some(p), "{text}");
        }
    }

    #[test]
    fn what_other_events_say_is_stored_once() {
        let all = turns(&MESSAGES);
        let (asked, _) = &all[1];
        let record = serde_json::to_string(&TurnRecord::of(asked)).unwrap();
        let message = "gasté 250 en uber ayer";
        assert_eq!(record.matches(message).count(), 1, "{record}");
        assert_eq!(
            record.matches("¿Registro este movimiento?").count(),
            1,
            "{record}"
        );
        assert!(
            !record.contains("at_iso") && !record.contains("\"response\""),
            "{record}"
        );
    }

    #[test]
    fn the_lines_are_the_message_and_the_reply() {
        let all = turns(&MESSAGES[..1]);
        let said = lines(&all[1].0);
        assert_eq!(said.len(), 2);
        assert_eq!((said[0].role, said[0].text.as_str()), ("user", MESSAGES[0]));
        assert_eq!(said[1].role, "assistant");
        assert!(
            said[1].text.starts_with("¿Registro este movimiento?"),
            "{said:?}"
        );
    }
}
