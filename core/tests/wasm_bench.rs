//! The benchmark workloads in the browser (wasm): the finance conversation
//! (every thread ends with two transactions) and seed 004's walkthrough;
//! prints µs/turn. Timing is printed, never
//! asserted. `bench/wasm-turns` runs it with speed optimisations (the bench profile).
#![cfg(target_arch = "wasm32")]

#[path = "../benches/workload.rs"]
mod workload;

use wasm_bindgen_test::wasm_bindgen_test;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn five_turn_conversations_in_wasm() {
    // Warm up so the engine's optimizing tier compiles the hot code, then
    // take the best of three runs, as the native benchmark does.
    workload::run(300);
    let mut ms = f64::MAX;
    let mut turns = 0;
    for _ in 0..3 {
        let start = js_sys::Date::now();
        turns = workload::run(1_000);
        ms = ms.min(js_sys::Date::now() - start);
    }
    wasm_bindgen_test::console_log!(
        "wasm: {turns} turns in {ms:.1} ms: {:.0} turns/s, {:.2} µs/turn",
        turns as f64 / (ms / 1e3),
        ms * 1e3 / turns as f64
    );
}

#[wasm_bindgen_test]
fn the_seed_walkthrough_in_wasm() {
    workload::run_walkthrough(30);
    let mut ms = f64::MAX;
    let mut turns = 0;
    for _ in 0..3 {
        let start = js_sys::Date::now();
        turns = workload::run_walkthrough(300);
        ms = ms.min(js_sys::Date::now() - start);
    }
    wasm_bindgen_test::console_log!(
        "wasm walkthrough: {turns} turns in {ms:.1} ms: {:.2} µs/turn",
        ms * 1e3 / turns as f64
    );
}
