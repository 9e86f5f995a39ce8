//! `cargo bench -p caja-core`: 1,000 threads through the 5-turn
//! conversation, natively. Prints turns/s and µs/turn. The same workload runs
//! in wasm with `bench/wasm-turns`.

#[path = "workload.rs"]
mod workload;

use std::time::Instant;

fn main() {
    // Warm up, then measure the best of three runs.
    workload::run(100);
    let mut best = f64::MAX;
    let mut turns = 0;
    for _ in 0..3 {
        let start = Instant::now();
        turns = workload::run(1_000);
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "native: {turns} turns in {:.1} ms: {:.0} turns/s, {:.2} µs/turn (1,000 threads x 5 turns, JSON checkpoint every turn)",
        best * 1e3,
        turns as f64 / best,
        best * 1e6 / turns as f64
    );
}
