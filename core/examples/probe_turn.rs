use caja_core::agent::state::AgentState;
use caja_core::agent::{AgentConfig, TurnInput, run_turn};
use caja_core::tools::memory::MemoryLedger;
fn main() {
    let config = AgentConfig::default();
    let mut state = AgentState::new("u", "t");
    let mut ledger = MemoryLedger::new();
    let now = 1_795_370_400_000i64;
    for m in std::env::args().skip(1) {
        let input = TurnInput { message: m.clone(), now_ms: now, timezone: None, action_id: None };
        let out = run_turn(state, input, &config, |call| ledger.execute(call, now));
        println!("> {m}\n{}\n  chain={:?}\n  path={:?}", out.reply, out.chain.steps, out.trace.steps.iter().map(|t| format!("{t:?}")).collect::<Vec<_>>().join(" | ").chars().take(600).collect::<String>());
        state = out.state;
    }
}
