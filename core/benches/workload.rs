//! The benchmark workload shared by the native benchmark and the wasm run:
//! threads through a 5-turn conversation with in-memory tools and the state
//! decoded from JSON and encoded back at every turn (the checkpoint round
//! trip).

use caja_core::agent::state::AgentState;
use caja_core::agent::{AgentConfig, TurnInput, run_turn};
use caja_core::tools::memory::MemoryLedger;

pub const CONVERSATION: [&str; 5] = ["gasté 250 en uber", "sí", "gasté en comida", "180", "si"];
/// 2026-11-22T18:00:00Z.
pub const NOW: i64 = 1_795_370_400_000;

/// Runs turn `i` of the conversation on a stored checkpoint; returns the
/// checkpoint after it.
fn turn(config: &AgentConfig, ledger: &mut MemoryLedger, stored: &str, i: usize) -> String {
    let state = AgentState::from_json(stored).expect("checkpoint decodes");
    let input = TurnInput {
        message: CONVERSATION[i].to_string(),
        now_ms: NOW + i as i64 * 1_000,
        timezone: None,
        action_id: None,
    };
    run_turn(state, input, config, |call| ledger.execute(call, NOW))
        .state
        .to_json()
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
