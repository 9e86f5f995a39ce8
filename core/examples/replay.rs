//! Replays a dump of stored conversations (`[{id, events}]`, as
//! `tests/replay/replay.test.mjs` writes it) through the core and fails
//! when any reply or tool call comes out differently.
//!
//!     cargo run -p caja-core --example replay -- target/replay/conversations.json

use caja_core::review::{self, Conversation, Event};
use serde::Deserialize;

#[derive(Deserialize)]
struct Stored {
    id: String,
    events: Vec<Event>,
}

fn main() {
    let Some(file) = std::env::args().nth(1) else {
        eprintln!("usage: replay FILE");
        std::process::exit(2);
    };
    let json = std::fs::read_to_string(&file).unwrap_or_else(|e| {
        eprintln!("{file}: {e}");
        std::process::exit(2);
    });
    let stored: Vec<Stored> = serde_json::from_str(&json).unwrap_or_else(|e| {
        eprintln!("{file}: not a list of conversations: {e}");
        std::process::exit(2);
    });
    let (mut turns, mut differ) = (0, 0);
    for conversation in &stored {
        let parsed = match Conversation::from_events(&conversation.events) {
            Ok(parsed) => parsed,
            Err(error) => {
                differ += 1;
                eprintln!("{}: not replayable: {error}", conversation.id);
                continue;
            }
        };
        for turn in review::replay(&parsed) {
            turns += 1;
            if !turn.same() {
                differ += 1;
                eprintln!(
                    "{} turn {} ({:?}):\n--- replayed ---\n{}\n--- stored ---\n{}\ncalls differ: {}\n",
                    conversation.id,
                    turn.turn,
                    turn.message,
                    turn.reply,
                    turn.stored_reply,
                    turn.stored_calls.is_some()
                );
            }
        }
    }
    println!(
        "native replay: {} conversations, {turns} turns, {differ} different",
        stored.len()
    );
    if differ > 0 || stored.is_empty() {
        std::process::exit(1);
    }
}
