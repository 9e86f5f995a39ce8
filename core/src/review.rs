//! Conversation review: what a turn did, as a list of events a host stores
//! with the turn, and the exact replay of a stored conversation through the
//! same core.
//!
//! A turn's events hold everything the turn needs to run again (the
//! message, `now`, the zone, the pressed button and every tool result), so
//! a conversation is replayed without a database and the replay must give
//! the very replies and tool calls that were stored: the core is
//! deterministic on every host. What the replay cannot give back (a reply
//! or call that differs) is reported turn by turn.

pub mod diagram;
pub mod events;
#[cfg(feature = "audit")]
pub mod record;
pub mod replay;
pub mod sessions;

pub use events::{Event, EventKind, Status, active_agent, position, status};
#[cfg(feature = "audit")]
pub use events::{of_turn, started};
#[cfg(feature = "audit")]
pub use record::{Line, TurnRecord, audit_record, lines};
pub use replay::{
    Conversation, ReplayError, ReplayReport, StoredConversation, TurnReplay, replay, replay_stored,
};
pub use sessions::{SESSION_GAP_MS, Session, sessions};

/// Most turns a conversation's review returns (a longer one is cut and
/// says so); the events of a turn number in the tens.
pub const MAX_REVIEW_TURNS: usize = 500;

#[cfg(all(test, feature = "audit"))]
mod tests {
    use super::*;
    use crate::agent::state::AgentState;
    use crate::agent::{AgentConfig, TurnInput, run_turn};
    use crate::time::parse_iso_utc;
    use crate::tools::memory::MemoryLedger;

    /// Runs `messages` on a fresh thread with an in-memory ledger, a
    /// minute apart, and returns the events a host would store.
    fn conversation(messages: &[&str]) -> Vec<Event> {
        let mut state = AgentState::new("u1", "t1");
        let mut ledger = MemoryLedger::new();
        let start = parse_iso_utc("2026-11-22T18:00:00Z").unwrap();
        let mut events = vec![started(0, "2026-11-22T18:00:00.000Z", &state)];
        for (n, message) in messages.iter().enumerate() {
            let input = TurnInput {
                message: message.to_string(),
                now_ms: start + 60_000 * n as i64,
                timezone: None,
                press: None,
                shared_chat: false,
                start: None,
            };
            let before = state.clone();
            let output = run_turn(state, input.clone(), &AgentConfig::default(), |call| {
                ledger.execute(call, input.now_ms)
            });
            events.extend(of_turn(n as u64 + 1, &before, &input, &output));
            state = output.state;
        }
        events
    }

    fn kinds(events: &[Event], turn: u64) -> Vec<EventKind> {
        events
            .iter()
            .filter(|e| e.turn == turn)
            .map(|e| e.kind)
            .collect()
    }

    #[test]
    fn a_logged_expense_tells_its_reading_draft_confirmation_and_write() {
        let events = conversation(&["gasté 250 en uber", "sí"]);
        use EventKind::*;
        let first = kinds(&events, 1);
        assert_eq!(first[0], UserMessage);
        assert!(first.contains(&Intent), "{first:?}");
        assert!(first.contains(&SlotSet), "{first:?}");
        assert!(first.contains(&ConfirmationAsked), "{first:?}");
        assert_eq!(*first.last().unwrap(), BotMessage);
        let amount = events
            .iter()
            .find(|e| e.turn == 1 && e.kind == SlotSet && e.payload["name"] == "amount_mxn_cents")
            .expect("the amount is a slot set");
        assert_eq!(amount.payload["value"], 25_000);
        assert_eq!(amount.payload["source"], "request");
        assert_eq!(amount.step.as_deref(), Some("confirmation"));
        let second = kinds(&events, 2);
        assert!(second.contains(&ConfirmationAnswered), "{second:?}");
        let write = events
            .iter()
            .find(|e| e.turn == 2 && e.kind == ToolCall)
            .expect("the confirmed write is a tool call");
        assert_eq!(write.payload["tool"], "add_transaction");
        assert!(second.contains(&ToolResult), "{second:?}");
        // Positions within a turn count from 0 with no gaps.
        let seqs: Vec<u32> = events
            .iter()
            .filter(|e| e.turn == 2)
            .map(|e| e.seq)
            .collect();
        assert_eq!(seqs, (0..seqs.len() as u32).collect::<Vec<_>>());
    }

    #[test]
    fn a_data_agent_flow_tells_frames_flows_and_slots() {
        let events = conversation(&["quiero hacer una recarga", "5512345678", "cancelar"]);
        use EventKind::*;
        let first = kinds(&events, 1);
        assert!(first.contains(&FramePushed), "{first:?}");
        assert!(first.contains(&FlowStarted), "{first:?}");
        assert!(first.contains(&ClarificationAsked), "{first:?}");
        let second = kinds(&events, 2);
        assert!(second.contains(&SlotSet), "{second:?}");
        assert!(second.contains(&ClarificationMerged), "{second:?}");
        let third = kinds(&events, 3);
        assert!(third.contains(&FlowCancelled), "{third:?}");
        assert!(third.contains(&FramePopped), "{third:?}");
    }

    #[test]
    fn a_stored_conversation_replays_to_the_same_replies_and_calls() {
        let events = conversation(&["gasté 250 en uber ayer", "sí", "¿cuánto llevo gastado?"]);
        let stored = Conversation::from_events(&events).unwrap();
        assert_eq!(stored.turns.len(), 3);
        let replayed = replay(&stored);
        assert!(replayed.iter().all(TurnReplay::same), "{replayed:#?}");
        assert!(replayed[1].calls.iter().any(|c| c.request.is_write()));
    }

    #[test]
    fn a_reply_or_call_the_core_no_longer_gives_is_reported() {
        let mut events = conversation(&["gasté 250 en uber", "sí"]);
        let bot = events
            .iter_mut()
            .find(|e| e.turn == 1 && e.kind == EventKind::BotMessage)
            .unwrap();
        bot.payload["text"] = "otra respuesta".into();
        let call = events
            .iter_mut()
            .find(|e| e.turn == 2 && e.kind == EventKind::ToolCall)
            .unwrap();
        call.payload["input"]["amount_mxn_cents"] = 1.into();
        let replayed = replay(&Conversation::from_events(&events).unwrap());
        assert!(!replayed[0].same());
        assert_eq!(replayed[0].stored_reply, "otra respuesta");
        assert!(replayed[1].stored_calls.is_some());
        assert!(!replayed[1].same());
    }

    #[test]
    fn events_that_cannot_be_replayed_say_why() {
        let events = conversation(&["hola", "gasté 20 en café", "no"]);
        let without_start: Vec<Event> = events[1..].to_vec();
        assert_eq!(
            Conversation::from_events(&without_start),
            Err(ReplayError::NoStart)
        );
        let gap: Vec<Event> = events.iter().filter(|e| e.turn != 2).cloned().collect();
        assert_eq!(
            Conversation::from_events(&gap),
            Err(ReplayError::Gap { after: 1, next: 3 })
        );
        let mut bad = events.clone();
        bad.retain(|e| !(e.turn == 3 && e.kind == EventKind::BotMessage));
        assert_eq!(
            Conversation::from_events(&bad),
            Err(ReplayError::Unreadable {
                turn: 3,
                kind: EventKind::BotMessage
            })
        );
    }

    #[test]
    fn status_names_what_waits() {
        let events = conversation(&["gasté 250 en uber"]);
        let stored = Conversation::from_events(&events).unwrap();
        let after = &replay(&stored)[0].state;
        assert_eq!(status(after), Status::AwaitingConfirmation);
        assert_eq!(status(&stored.start), Status::Idle);
    }
}
