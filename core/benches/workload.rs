//! The benchmark workloads shared by the native benchmark and the wasm run:
//! threads through the 5-turn finance conversation, and through seed 004's
//! 10-turn walkthrough across the data agents (routing chain, enrichment
//! and a confirmed transfer), with in-memory tools and the state decoded
//! from JSON and encoded back at every turn (the checkpoint round trip).

use caja_core::agent::state::AgentState;
use caja_core::agent::{AgentConfig, TurnInput, run_turn};
use caja_core::tools::ToolRequest;
use caja_core::tools::memory::MemoryLedger;

pub const CONVERSATION: [&str; 5] = ["gasté 250 en uber", "sí", "gasté en comida", "180", "si"];
/// Seed 004's walkthrough: top-up, then credit, then a remittance to Mamá
/// confirmed and sent.
pub const WALKTHROUGH: [&str; 10] = [
    "Hola",
    "Quiero una recarga",
    "+52 55 9999 8888",
    "Sabes qué, mejor no. Quiero un crédito",
    "Mmm pensándolo bien, mejor quiero enviar dinero a mi mamá",
    "A mi mamá, María",
    "200 dólares",
    "Por banco",
    "Sí, confirmo",
    "Sí",
];
/// 2026-11-22T18:00:00Z.
pub const NOW: i64 = 1_795_370_400_000;

/// Runs turn `i` of `messages` on a stored checkpoint; returns the
/// checkpoint after it and the service calls the turn made.
fn turn_of(
    messages: &[&str],
    config: &AgentConfig,
    ledger: &mut MemoryLedger,
    stored: &str,
    i: usize,
) -> (String, usize) {
    let state = AgentState::from_json(stored).expect("checkpoint decodes");
    let input = TurnInput {
        message: messages[i].to_string(),
        now_ms: NOW + i as i64 * 1_000,
        timezone: None,
        press: None,
        shared_chat: false,
        start: None,
    };
    let output = run_turn(state, input, config, |call| ledger.execute(call, NOW));
    let services = output
        .tool_calls
        .iter()
        .filter(|c| matches!(c.request, ToolRequest::CallService(_)))
        .count();
    (output.state.to_json(), services)
}

fn turn(config: &AgentConfig, ledger: &mut MemoryLedger, stored: &str, i: usize) -> String {
    turn_of(&CONVERSATION, config, ledger, stored, i).0
}

/// Runs `threads` walkthroughs; returns the number of turns. Panics unless
/// every thread makes the walkthrough's six service calls (four lookups,
/// the quote, the one transfer) and ends with no flow or confirmation open.
pub fn run_walkthrough(threads: usize) -> usize {
    let config = AgentConfig::default();
    let mut turns = 0;
    for thread in 0..threads {
        let mut ledger = MemoryLedger::new();
        let mut stored = AgentState::new("bench-user", &format!("walk-{thread}")).to_json();
        let mut services = 0;
        for i in 0..WALKTHROUGH.len() {
            let (next, calls) = turn_of(&WALKTHROUGH, &config, &mut ledger, &stored, i);
            stored = next;
            services += calls;
            turns += 1;
        }
        assert_eq!(services, 6, "thread {thread}: service calls");
        let state = AgentState::from_json(&stored).expect("decodes");
        assert!(state.current_flow.is_none() && state.pending_action.is_none());
    }
    turns
}

/// Runs `threads` conversations; returns the number of turns. Panics unless
/// every thread ends with exactly two transactions.
pub fn run(threads: usize) -> usize {
    let config = AgentConfig::default();
    let mut turns = 0;
    for thread in 0..threads {
        let mut ledger = MemoryLedger::new();
        let mut stored = AgentState::new("bench-user", &format!("thread-{thread}")).to_json();
        for i in 0..CONVERSATION.len() {
            stored = turn(&config, &mut ledger, &stored, i);
            turns += 1;
        }
        assert_eq!(
            ledger.transactions().count(),
            2,
            "thread {thread} must end with 2 transactions"
        );
    }
    turns
}

/// The checkpoint stored before each turn of one thread.
#[allow(dead_code)] // the native benchmark's breakdown only
pub fn checkpoints() -> Vec<String> {
    let config = AgentConfig::default();
    let mut ledger = MemoryLedger::new();
    let mut stored = AgentState::new("bench-user", "thread-0").to_json();
    let mut all = Vec::new();
    for i in 0..CONVERSATION.len() {
        let next = turn(&config, &mut ledger, &stored, i);
        all.push(std::mem::replace(&mut stored, next));
    }
    all
}
