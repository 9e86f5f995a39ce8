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

use caja_core::review::{StoredConversation, replay_stored};

const KEPT: &str = include_str!("../../tests/replay/conversations.json");

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn the_kept_conversations_replay_exactly() {
    let stored: Vec<StoredConversation> =
        serde_json::from_str(KEPT).expect("a list of conversations");
    let report = replay_stored(&stored);
    assert!(
        report.differences.is_empty(),
        "tests/replay/conversations.json: {} of the stored turns replay differently:\n{}",
        report.differences.len(),
        report.differences.join("\n\n")
    );
    println!(
        "{} kept conversations, {} turns replayed",
        report.conversations, report.turns
    );
    assert!(
        report.conversations >= 20,
        "at least 20 kept conversations, found {}",
        report.conversations
    );
}

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
