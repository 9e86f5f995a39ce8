//! A conversation split into sessions for the review: a thread lives for
//! weeks, a person remembers "what happened on Tuesday". A quiet gap of
//! [`SESSION_GAP_MS`] or more between two turns starts a new session;
//! each is titled by what happened in it (the agents that answered and
//! the changes confirmed).

use serde::Serialize;

use super::events::active_agent;
use super::replay::TurnReplay;
use crate::agent::text::review as words;

/// Quiet time that separates two sessions.
pub const SESSION_GAP_MS: i64 = 6 * 60 * 60 * 1000;

/// One session: turns `first..=last` (indexes into the replayed turns).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Session {
    pub first: usize,
    pub last: usize,
    /// When its first and last turns ran (Unix ms).
    pub start_ms: i64,
    pub end_ms: i64,
    /// "Finanzas y Cobros · 2 cambios confirmados".
    pub title: String,
}

/// The sessions of `turns`, in order; none when there are no turns.
pub fn sessions(turns: &[TurnReplay]) -> Vec<Session> {
    let mut out: Vec<Session> = Vec::new();
    let mut begin = 0;
    for (i, turn) in turns.iter().enumerate() {
        let quiet = i > 0 && turn.at_ms - turns[i - 1].at_ms >= SESSION_GAP_MS;
        if quiet {
            out.push(session(turns, begin, i - 1));
            begin = i;
        }
    }
    if !turns.is_empty() {
        out.push(session(turns, begin, turns.len() - 1));
    }
    out
}

fn session(turns: &[TurnReplay], first: usize, last: usize) -> Session {
    let part = &turns[first..=last];
    let mut agents: Vec<String> = Vec::new();
    for turn in part {
        let id = active_agent(&turn.state);
        let name = crate::agents::registry::shipped()
            .ok()
            .and_then(|registry| registry.agent(id).map(|a| a.spec.name.clone()))
            .unwrap_or_else(|| id.to_string());
        if !agents.contains(&name) {
            agents.push(name);
        }
    }
    let changes = part
        .iter()
        .flat_map(|turn| &turn.calls)
        .filter(|call| call.request.is_write())
        .count();
    Session {
        first,
        last,
        start_ms: part[0].at_ms,
        end_ms: part[part.len() - 1].at_ms,
        title: words::session_title(&agents, changes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::state::AgentState;
    use crate::tools::{BankBalanceInput, ToolCall, ToolRequest};

    const MINUTE: i64 = 60_000;

    fn turn(at_ms: i64, calls: Vec<ToolCall>) -> TurnReplay {
        TurnReplay {
            turn: 0,
            at_ms,
            message: String::new(),
            reply: String::new(),
            stored_reply: String::new(),
            calls,
            stored_calls: None,
            state: AgentState::new("u", "t"),
            trace: Default::default(),
            chain: Default::default(),
        }
    }

    fn call(request: ToolRequest) -> ToolCall {
        ToolCall {
            id: "c".into(),
            request,
        }
    }

    #[test]
    fn a_quiet_gap_of_six_hours_starts_a_session_and_a_shorter_one_does_not() {
        let t0 = 1_795_370_400_000;
        let turns = vec![
            turn(t0, vec![]),
            turn(t0 + MINUTE, vec![]),
            // Just under the gap: the same session.
            turn(t0 + MINUTE + SESSION_GAP_MS - 1, vec![]),
            // The gap exactly: a new one.
            turn(
                t0 + MINUTE + 2 * SESSION_GAP_MS - 1,
                vec![call(ToolRequest::GetBankBalance {})],
            ),
            turn(
                t0 + MINUTE + 2 * SESSION_GAP_MS,
                vec![call(ToolRequest::SetBankBalance(BankBalanceInput {
                    balance_mxn_cents: 100,
                }))],
            ),
        ];
        let found = sessions(&turns);
        assert_eq!(
            found
                .iter()
                .map(|s| (s.first, s.last, s.start_ms, s.end_ms))
                .collect::<Vec<_>>(),
            vec![
                (0, 2, t0, t0 + MINUTE + SESSION_GAP_MS - 1),
                (3, 4, turns[3].at_ms, turns[4].at_ms),
            ]
        );
        assert_eq!(found[0].title, "Agente financiero · sin cambios");
        // A read is no change; a balance set is one.
        assert_eq!(found[1].title, "Agente financiero · 1 cambio confirmado");
        assert!(sessions(&[]).is_empty());
    }

    #[test]
    fn a_title_names_the_agents_and_the_changes_confirmed() {
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            words::session_title(&names(&["Agente financiero", "Cobros"]), 1),
            "Agente financiero y Cobros · 1 cambio confirmado"
        );
        assert_eq!(
            words::session_title(&names(&["A", "B", "C"]), 3),
            "A, B y C · 3 cambios confirmados"
        );
    }
}
