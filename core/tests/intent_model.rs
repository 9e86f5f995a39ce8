//! The learned intent model on its held-out set (`tests/corpus/intent/
//! holdout.jsonl`: writers whose messages were never trained on). Prints
//! accuracy per agent and per intent, and every miss with
//! `CAJA_CORPUS_MISSES=1`; fails under the floors. The same scores on
//! every host: the logits of the whole set hash to one constant natively
//! and in wasm.

use caja_core::nlu::learned;

const HOLDOUT: &str = include_str!("../../tests/corpus/intent/holdout.jsonl");

/// FNV-1a over every integer logit of the held-out set, in order. Printed
/// when it differs (after retraining, update it).
const LOGITS_DIGEST: u64 = 0xe6f7_26b6_83bf_9299;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;
#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

struct Row {
    text: String,
    context: String,
    label: String,
}

fn rows() -> Vec<Row> {
    learned::train::corpus_rows(HOLDOUT)
        .expect("the held-out set reads")
        .into_iter()
        .map(|(text, context, label)| Row {
            text,
            context,
            label,
        })
        .collect()
}

/// The agent a label belongs to ("cobros.cobrar" → "cobros").
fn agent(label: &str) -> &str {
    label.split('.').next().unwrap_or(label)
}

#[test]
fn held_out_accuracy_per_agent_and_intent() {
    let model = learned::shipped().expect("the shipped model parses");
    let misses = std::env::var("CAJA_CORPUS_MISSES").is_ok();
    let mut per_label: std::collections::BTreeMap<&str, (usize, usize)> = Default::default();
    let mut per_agent: std::collections::BTreeMap<&str, (usize, usize)> = Default::default();
    let rows = rows();
    let mut right = 0;
    for row in &rows {
        let scores = model.score(&row.text, &row.context);
        let (best, p) = scores.best();
        let ok = best == row.label;
        right += usize::from(ok);
        let l = per_label.entry(row.label.as_str()).or_default();
        l.0 += usize::from(ok);
        l.1 += 1;
        let a = per_agent.entry(agent(&row.label)).or_default();
        a.0 += usize::from(agent(best) == agent(&row.label));
        a.1 += 1;
        if misses && !ok {
            println!(
                "MISS [{}] {:?}: {} ({:.2}), want {} ; {:?}",
                row.context,
                row.text,
                best,
                p,
                row.label,
                model.why(
                    &caja_core::nlu::learned::Base::of(&row.text),
                    &row.context,
                    &scores
                )
            );
        }
    }
    let pct = |(r, n): (usize, usize)| 100.0 * r as f64 / n.max(1) as f64;
    println!(
        "intent model, held out: {right}/{} ({:.1}%)",
        rows.len(),
        pct((right, rows.len()))
    );
    for (agent, counts) in &per_agent {
        println!(
            "  agent {agent:12} {:>4}/{:<4} {:5.1}%",
            counts.0,
            counts.1,
            pct(*counts)
        );
    }
    for (label, counts) in &per_label {
        println!(
            "  intent {label:22} {:>3}/{:<3} {:5.1}%",
            counts.0,
            counts.1,
            pct(*counts)
        );
    }
    assert!(
        rows.len() >= 1000,
        "the held-out set has {} rows",
        rows.len()
    );
    assert!(
        pct((right, rows.len())) >= 90.0,
        "held-out accuracy under 90%"
    );
    for (agent, counts) in &per_agent {
        assert!(pct(*counts) >= 75.0, "agent {agent} under 75% held out");
    }
}

#[test]
fn every_host_gives_the_same_scores() {
    let model = learned::shipped().expect("the shipped model parses");
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for row in rows() {
        for logit in model.score(&row.text, &row.context).logits {
            for b in logit.to_le_bytes() {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        }
    }
    assert_eq!(
        h, LOGITS_DIGEST,
        "logits digest {h:#x}: update LOGITS_DIGEST after retraining"
    );
}

#[test]
fn exp_is_exact_enough_and_monotone() {
    let mut last = 0.0;
    for i in (0..=400).rev() {
        let x = -f64::from(i) / 10.0;
        let e = learned::exp(x);
        assert!(e >= last, "exp is monotone at {x}");
        assert!(
            (e - x.exp()).abs() <= 1e-12 * x.exp().max(1e-300) + 1e-300,
            "exp({x})"
        );
        last = e;
    }
}
