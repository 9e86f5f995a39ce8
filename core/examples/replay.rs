//! Replays a dump of stored conversations (`[{id, events}]`, as
//! `tests/replay/replay.test.mjs` writes it) through the core and fails
//! when any reply or tool call comes out differently.
//!
//!     cargo run -p caja-core --example replay -- target/replay/conversations.json

use caja_core::review::{StoredConversation, replay_stored};

fn main() {
    let Some(file) = std::env::args().nth(1) else {
        eprintln!("usage: replay FILE");
        std::process::exit(2);
    };
    let json = std::fs::read_to_string(&file).unwrap_or_else(|e| {
        eprintln!("{file}: {e}");
        std::process::exit(2);
    });
    let stored: Vec<StoredConversation> = serde_json::from_str(&json).unwrap_or_else(|e| {
        eprintln!("{file}: not a list of conversations: {e}");
        std::process::exit(2);
    });
    let report = replay_stored(&stored);
    for difference in &report.differences {
        eprintln!("{difference}\n");
    }
    println!(
        "native replay: {} conversations, {} turns, {} different",
        report.conversations,
        report.turns,
        report.differences.len()
    );
    if !report.differences.is_empty() || stored.is_empty() {
        std::process::exit(1);
    }
}
