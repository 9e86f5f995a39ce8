//! `cargo bench -p caja-core`: 1,000 threads through the 5-turn finance
//! conversation, natively, then 300 threads through seed 004's 10-turn
//! walkthrough across the data agents. Prints µs/turn for each, then what a
//! finance turn is made of: the checkpoint round trip (JSON decode +
//! encode) and one reading of the message. The same workloads run in wasm
//! with `bench/wasm-turns`.

#[path = "workload.rs"]
mod workload;

use std::hint::black_box;
use std::time::Instant;

use caja_core::agent::state::AgentState;
use caja_core::nlu::Reading;

/// Best of three runs of `f`, in seconds.
fn best_of_three(mut f: impl FnMut()) -> f64 {
    (0..3)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64()
        })
        .fold(f64::MAX, f64::min)
}

fn main() {
    workload::run(100);
    let mut turns = 0;
    let best = best_of_three(|| turns = workload::run(1_000));
    println!(
        "native: {turns} turns in {:.1} ms: {:.0} turns/s, {:.2} µs/turn (1,000 threads x 5 turns, JSON checkpoint every turn)",
        best * 1e3,
        turns as f64 / best,
        best * 1e6 / turns as f64
    );

    workload::run_walkthrough(50);
    let mut walk = 0;
    let best = best_of_three(|| walk = workload::run_walkthrough(300));
    println!(
        "walkthrough: {walk} turns in {:.1} ms: {:.2} µs/turn (300 threads x seed 004's 10 turns across the data agents, chain included)",
        best * 1e3,
        best * 1e6 / walk as f64
    );

    const ROUNDS: usize = 5_000;
    let checkpoints = workload::checkpoints();
    let json = best_of_three(|| {
        for _ in 0..ROUNDS {
            for stored in &checkpoints {
                let state = AgentState::from_json(black_box(stored)).expect("decodes");
                black_box(state.to_json());
            }
        }
    });
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 22).expect("date");
    let reading = best_of_three(|| {
        for _ in 0..ROUNDS {
            for message in workload::CONVERSATION {
                black_box(Reading::new(black_box(message), today).understanding());
            }
        }
    });
    let per = |seconds: f64, n: usize| seconds * 1e6 / (ROUNDS * n) as f64;
    println!(
        "  of which: checkpoint round trip {:.2} µs/turn, one reading {:.2} µs/message",
        per(json, checkpoints.len()),
        per(reading, workload::CONVERSATION.len())
    );
}
