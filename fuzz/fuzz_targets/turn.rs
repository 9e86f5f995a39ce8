//! Fuzzes a sequence of turns: arbitrary messages (split on '\n') through
//! the agent with in-memory tools. Any panic is a bug.
#![no_main]

use caja_core::agent::state::AgentState;
use caja_core::agent::{AgentConfig, TurnInput, run_turn};
use caja_core::tools::memory::MemoryLedger;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let config = AgentConfig::default();
    let mut state = AgentState::new("u", "t");
    let mut ledger = MemoryLedger::new();
    let mut now = 1_795_370_400_000i64;
    for message in text.split('\n').take(16) {
        now += 61_000;
        let input = TurnInput { message: message.to_string(), now_ms: now, timezone: None, action_id: None };
        let output = run_turn(state, input, &config, |call| ledger.execute(call, now));
        state = AgentState::from_json(&output.state.to_json()).expect("state round-trips");
    }
});
