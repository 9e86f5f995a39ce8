//! A conversation in the terminal with in-memory tools: one message per
//! line on stdin, replies on stdout.
//!
//! ```text
//! $ printf 'gasté 250 en uber ayer\nsí\n' | cargo run -p caja-core --example chat
//! > gasté 250 en uber ayer
//! ¿Registro este movimiento? …
//! ```
//!
//! `CAJA_CHAT_TRACE=1` prints each turn's steps, `CAJA_CHAT_STATE=1` its
//! checkpoint.

use std::io::BufRead;

use caja_core::agent::state::AgentState;
use caja_core::agent::{AgentConfig, TurnInput, run_turn};
use caja_core::tools::memory::MemoryLedger;

fn main() {
    let config = AgentConfig::default();
    let mut state = AgentState::new("terminal", "terminal");
    let mut ledger = MemoryLedger::new();
    // 2026-11-22 12:00 in Mexico City, one minute per message.
    let mut now = 1_795_370_400_000;
    for line in std::io::stdin().lock().lines() {
        let Ok(message) = line else { break };
        let input = TurnInput {
            message: message.clone(),
            now_ms: now,
            timezone: None,
            press: None,
            shared_chat: false,
            start: None,
        };
        let output = run_turn(state, input, &config, |call| ledger.execute(call, now));
        println!("> {message}\n{}\n", output.reply);
        // CAJA_CHAT_TRACE=1 prints the routing chain's steps of each turn.
        if std::env::var_os("CAJA_CHAT_TRACE").is_some() {
            for step in &output.chain.steps {
                eprintln!("  · {step:?}");
            }
            for step in &output.trace.steps {
                eprintln!(
                    "  - {} -[{}]-> {} {}",
                    step.node, step.edge, step.to, step.reason
                );
            }
        }
        // CAJA_CHAT_STATE=1 prints the checkpoint after each turn.
        if std::env::var_os("CAJA_CHAT_STATE").is_some() {
            eprintln!("  = {}", output.state.to_json());
        }
        state = output.state;
        now += 60_000;
    }
}
