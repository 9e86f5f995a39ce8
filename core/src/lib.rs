//! Caja's core: the graph engine, the Financial Agent and the pieces it is
//! built from.
//!
//! Architecture invariant: this crate does no IO and knows nothing of the
//! hosts that run it (Workers, browsers, D1, IndexedDB, Telegram,
//! wasm-bindgen). Time, the message and the stored state come in as
//! arguments; the reply, the new state and the tool calls to make go out as
//! plain data. The same inputs give the same outputs on every host.

pub mod agent;
pub mod agents;
pub mod confidence;
pub mod export;
pub mod gate;
pub mod graph;
pub mod kinds;
pub mod limits;
pub mod money;
pub mod nlu;
pub mod reminders;
pub mod review;
pub mod time;
pub mod tools;

#[cfg(all(test, target_arch = "wasm32"))]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
