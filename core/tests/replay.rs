//! Stored conversations replayed through the core: every reply and every
//! tool call must come out as it was stored. A change to the agents, the
//! understanding or the checkpoint format that would answer a past
//! conversation differently fails here.
//!
//! `tests/replay/conversations.json` holds conversations the Worker stored
//! during an end-to-end run, kept in the repository and replayed here
//! natively and in wasm in headless Chromium. `./test` also replays every
//! conversation of its own end-to-end run, in the Worker
//! (`tests/replay/replay.test.mjs`) and natively (`examples/replay.rs`);
//! `CAJA_KEEP_REPLAY=1 ./test` refreshes the kept ones.

use caja_core::review::{self, Conversation, Event};
use serde::Deserialize;

#[derive(Deserialize)]
struct Stored {
    id: String,
    events: Vec<Event>,
}

const KEPT: &str = include_str!("../../tests/replay/conversations.json");

/// Replays every conversation of `json`; returns how many turns ran.
fn replay_all(json: &str, source: &str) -> (usize, usize) {
    let stored: Vec<Stored> = serde_json::from_str(json).expect("a list of conversations");
    let mut failures = Vec::new();
    let mut turns = 0;
    for conversation in &stored {
        let parsed = match Conversation::from_events(&conversation.events) {
            Ok(parsed) => parsed,
            Err(error) => {
                failures.push(format!("{}: not replayable: {error}", conversation.id));
                continue;
            }
        };
        for turn in review::replay(&parsed) {
            turns += 1;
            if !turn.same() {
                failures.push(format!(
                    "{} turn {} ({:?}):\n--- replayed ---\n{}\n--- stored ---\n{}\ncalls differ: {}",
                    conversation.id,
                    turn.turn,
                    turn.message,
                    turn.reply,
                    turn.stored_reply,
                    turn.stored_calls.is_some()
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{source}: {} of the stored turns replay differently:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    (stored.len(), turns)
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn the_kept_conversations_replay_exactly() {
    let (conversations, turns) = replay_all(KEPT, "tests/replay/conversations.json");
    println!("{conversations} kept conversations, {turns} turns replayed");
    assert!(
        conversations >= 20,
        "at least 20 kept conversations, found {conversations}"
    );
}

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
