//! Fuzzes decoding of stored checkpoints: corrupt input is an error, never
//! a panic, and whatever decodes re-encodes to an equal state.
#![no_main]

use caja_core::agent::state::AgentState;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data)
        && let Ok(state) = AgentState::from_json(text)
    {
        assert_eq!(AgentState::from_json(&state.to_json()), Ok(state));
    }
});
