//! Issue 19's held-out set (`tests/corpus/nlu_holdout5.jsonl`): what people
//! really write about their money — money received, splits, negated
//! numbers, corrections and deletes of older movements, category budgets,
//! questions by merchant, several clauses, group messages. Written by a
//! helper who never read the rules, before they changed; never tuned on.
//! Prints accuracy per field (`CAJA_CORPUS_MISSES=1` lists the misses) and
//! fails below the floors.

use caja_core::nlu::{Intent, Understanding, extract};
use caja_core::time::iso_date;
use chrono::NaiveDate;
use serde::Deserialize;

#[derive(Deserialize)]
struct Labelled {
    text: String,
    intent: String,
    #[serde(rename = "type")]
    kind: Option<String>,
    amount_mxn_cents: Option<i64>,
    currency: Option<String>,
    split_ways: Option<u8>,
    category: Option<String>,
    date_iso: Option<String>,
    month: Option<String>,
    period_from: Option<String>,
    period_to: Option<String>,
    query: Option<String>,
    description: Option<String>,
    target_description: Option<String>,
    target_amount_mxn_cents: Option<i64>,
    target_date_iso: Option<String>,
    target_position: Option<u8>,
    items: Option<Vec<Item>>,
}

#[derive(Deserialize)]
struct Item {
    #[serde(rename = "type")]
    kind: Option<String>,
    amount_mxn_cents: Option<i64>,
    category: Option<String>,
}

const HOLDOUT5: &str = include_str!("../../tests/corpus/nlu_holdout5.jsonl");

const FIELDS: [&str; 16] = [
    "intent",
    "type",
    "amount",
    "currency",
    "split_ways",
    "category",
    "date",
    "month",
    "period",
    "query",
    "description",
    "target_words",
    "target_amount",
    "target_date",
    "target_position",
    "items",
];

#[derive(Default, Clone, Copy)]
struct Tally {
    hit: u32,
    total: u32,
}

/// The mention a group message starts with is removed by the host before
/// the core reads it (`worker/src/telegram/update.rs`).
fn without_mention(text: &str) -> String {
    text.split_whitespace()
        .filter(|w| !w.starts_with('@'))
        .collect::<Vec<_>>()
        .join(" ")
}

fn fold(v: Option<&str>) -> Option<String> {
    v.map(caja_core::nlu::normalize::fold)
}

/// The row a correction or delete points at, as the reading gives it.
fn target(u: &Understanding) -> (Vec<String>, Vec<i64>, Option<String>, Option<u8>) {
    match &u.target {
        Some(t) => (
            t.words.clone(),
            t.amounts.clone(),
            t.date_iso.clone(),
            t.position,
        ),
        None => (Vec::new(), Vec::new(), None, None),
    }
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn people_holdout_accuracy_per_field() {
    let today = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
    let mut tallies = [Tally::default(); 16];
    let mut misses = Vec::new();
    let mut count = 0;
    for line in HOLDOUT5.lines().filter(|l| !l.trim().is_empty()) {
        let row: Labelled = serde_json::from_str(line).expect("corpus line is JSON");
        count += 1;
        let text = without_mention(&row.text);
        let e = extract(&text, today);
        let u = &e.reading;
        let want = Intent::parse(&row.intent).expect("known intent");
        let mut check = |i: usize, got: Option<String>, wanted: Option<String>| {
            tallies[i].total += 1;
            if got == wanted {
                tallies[i].hit += 1;
            } else {
                misses.push(format!(
                    "{} {got:?} want {wanted:?}: {}",
                    FIELDS[i], row.text
                ));
            }
        };
        check(
            0,
            Some(u.intent.as_str().into()),
            Some(want.as_str().into()),
        );
        if u.intent != want {
            continue;
        }
        let money = |c: Option<i64>| c.map(|c| c.to_string());
        let several = row.items.as_ref().is_some_and(|i| i.len() > 1);
        match want {
            Intent::LogTransaction => {
                check(1, u.kind.map(|k| k.as_str().into()), row.kind.clone());
                if !several {
                    check(2, money(u.amount), money(row.amount_mxn_cents));
                    check(5, u.category.map(|c| c.key.into()), row.category.clone());
                }
                check(
                    3,
                    u.foreign_currency.map(|f| f.code().into()),
                    row.currency.clone(),
                );
                check(
                    4,
                    u.split_ways.map(|n| n.to_string()),
                    row.split_ways.map(|n| n.to_string()),
                );
                check(6, u.date.map(iso_date), row.date_iso.clone());
                let show = |items: Vec<(Option<String>, Option<i64>, Option<String>)>| {
                    (items.len() > 1).then(|| format!("{items:?}"))
                };
                let got = show(
                    e.items
                        .iter()
                        .map(|i| {
                            (
                                i.kind.map(|k| k.as_str().to_string()),
                                i.amount,
                                i.category.map(|c| c.key.to_string()),
                            )
                        })
                        .collect(),
                );
                let wanted = show(
                    row.items
                        .iter()
                        .flatten()
                        .map(|i| (i.kind.clone(), i.amount_mxn_cents, i.category.clone()))
                        .collect(),
                );
                check(15, got, wanted);
            }
            Intent::QueryData => {
                check(5, u.category.map(|c| c.key.into()), row.category.clone());
                check(7, u.month.clone(), row.month.clone());
                let got = u
                    .period
                    .filter(|_| u.month.is_none())
                    .map(|p| format!("{}..{}", p.from, p.to));
                let wanted = match (&row.period_from, &row.period_to) {
                    (Some(f), Some(t)) => Some(format!("{f}..{t}")),
                    _ => None,
                };
                check(8, got, wanted);
                check(9, u.query.map(|q| q.as_str().into()), row.query.clone());
                check(
                    10,
                    fold(u.description.as_deref()),
                    fold(row.description.as_deref()),
                );
            }
            Intent::SetBudget => {
                check(2, money(u.amount), money(row.amount_mxn_cents));
                check(5, u.category.map(|c| c.key.into()), row.category.clone());
            }
            Intent::UpdateLastTransaction | Intent::DeleteLastTransaction => {
                if want == Intent::UpdateLastTransaction {
                    check(2, money(u.amount), money(row.amount_mxn_cents));
                    check(5, u.category.map(|c| c.key.into()), row.category.clone());
                }
                let (words, amounts, date, position) = target(u);
                // The row's description is among the words that point at it.
                let named = row.target_description.as_deref().map(|d| {
                    let d = caja_core::nlu::normalize::fold(d);
                    d.split_whitespace().all(|w| words.iter().any(|g| g == w))
                });
                check(
                    11,
                    named.map(|n| n.to_string()),
                    row.target_description.as_ref().map(|_| "true".into()),
                );
                let amount = row
                    .target_amount_mxn_cents
                    .map(|a| amounts.contains(&a).to_string());
                check(
                    12,
                    amount.or_else(|| (!amounts.is_empty()).then(|| format!("{amounts:?}"))),
                    row.target_amount_mxn_cents.map(|_| "true".into()),
                );
                check(13, date, row.target_date_iso.clone());
                check(
                    14,
                    position.map(|p| p.to_string()),
                    row.target_position.map(|p| p.to_string()),
                );
            }
            _ => {}
        }
    }
    println!("holdout5: {count} messages");
    for (name, tally) in FIELDS.iter().zip(&tallies) {
        let accuracy = if tally.total == 0 {
            100.0
        } else {
            f64::from(tally.hit) * 100.0 / f64::from(tally.total)
        };
        println!(
            "  {name:<16} {accuracy:>6.1}%  ({}/{})",
            tally.hit, tally.total
        );
    }
    if std::env::var("CAJA_CORPUS_MISSES").is_ok() {
        for miss in &misses {
            println!("  miss: {miss}");
        }
    }
    assert!(count >= 300, "holdout5 needs at least 300 messages");
    let floors = [
        0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    ];
    for ((name, tally), floor) in FIELDS.iter().zip(&tallies).zip(floors) {
        let accuracy = f64::from(tally.hit) / f64::from(tally.total.max(1));
        assert!(
            accuracy >= floor,
            "holdout5 {name} accuracy {accuracy:.3} below {floor}"
        );
    }
}

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
