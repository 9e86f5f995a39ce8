//! Accuracy of the Spanish understanding on the labelled corpus in
//! `tests/corpus/nlu.jsonl`: prints accuracy per field and fails below the
//! floors. Run with `--nocapture` to see the misses.

use caja_core::nlu::{Intent, extract};
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
    category: Option<String>,
    date_iso: Option<String>,
    month: Option<String>,
    query: Option<String>,
    debt_name: Option<String>,
    debt_balance_mxn_cents: Option<i64>,
    debt_minimum_mxn_cents: Option<i64>,
    debt_due_day: Option<u8>,
    /// The newer sets also label debt payments, periods finer than a month
    /// and several items; older sets lack these keys and skip them.
    #[serde(default)]
    debt_paid: Option<String>,
    #[serde(default)]
    period_from: Option<String>,
    #[serde(default)]
    period_to: Option<String>,
    #[serde(default)]
    items: Option<Vec<Item>>,
}

#[derive(Deserialize)]
struct Item {
    amount_mxn_cents: Option<i64>,
    category: Option<String>,
}

const CORPUS: &str = include_str!("../../tests/corpus/nlu.jsonl");
/// Written independently of the rules and never tuned on: measures how the
/// rules generalize.
const HOLDOUT: &str = include_str!("../../tests/corpus/nlu_holdout.jsonl");
/// A second independent set, written after the rules were tuned on the
/// first two; never tuned on.
const HOLDOUT2: &str = include_str!("../../tests/corpus/nlu_holdout2.jsonl");
/// Held out for issue 10 (money and days): foreign currencies, negative
/// amounts, days and hours that are not amounts, future days, several
/// items, Mexican numerals. Written before the rules changed; never tuned on.
const HOLDOUT3: &str = include_str!("../../tests/corpus/nlu_holdout3.jsonl");
/// Messages written for issue 10's forms (dates, numerals, currencies,
/// several items, questions by day, debt payments): tuned on.
const FORMS: &str = include_str!("../../tests/corpus/nlu_forms.jsonl");
/// Held out for the rest of issue 10, written before the rules changed
/// (same forms; never tuned on).
const HOLDOUT4: &str = include_str!("../../tests/corpus/nlu_holdout4.jsonl");

#[derive(Default)]
struct Tally {
    hit: u32,
    total: u32,
}

impl Tally {
    fn check<T: PartialEq>(&mut self, got: T, want: T) -> bool {
        self.total += 1;
        let ok = got == want;
        if ok {
            self.hit += 1;
        }
        ok
    }

    fn accuracy(&self) -> f64 {
        if self.total == 0 {
            1.0
        } else {
            f64::from(self.hit) / f64::from(self.total)
        }
    }
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn corpus_accuracy_per_field() {
    evaluate(
        "corpus",
        CORPUS,
        300,
        [
            0.90, 0.90, 0.95, 0.95, 0.90, 0.95, 0.90, 0.90, 0.85, 0.85, 0.85, 0.85, 0.0, 0.0, 0.0,
        ],
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn holdout_accuracy_per_field() {
    evaluate(
        "holdout",
        HOLDOUT,
        200,
        [
            0.80, 0.80, 0.85, 0.85, 0.70, 0.85, 0.80, 0.75, 0.50, 0.60, 0.60, 0.60, 0.0, 0.0, 0.0,
        ],
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn second_holdout_accuracy_per_field() {
    evaluate(
        "holdout2",
        HOLDOUT2,
        200,
        [
            0.80, 0.80, 0.85, 0.85, 0.70, 0.85, 0.80, 0.75, 0.50, 0.60, 0.60, 0.60, 0.0, 0.0, 0.0,
        ],
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn third_holdout_accuracy_per_field() {
    evaluate(
        "holdout3",
        HOLDOUT3,
        150,
        // Currency at 100%: no foreign amount is ever read as pesos.
        [
            0.90, 0.95, 0.95, 1.0, 0.84, 0.97, 0.90, 0.85, 0.85, 0.85, 0.85, 0.85, 0.0, 0.0, 0.0,
        ],
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn forms_accuracy_per_field() {
    evaluate(
        "forms",
        FORMS,
        250,
        // Currency at 100%: no foreign amount is ever read as pesos.
        [
            0.95, 0.97, 0.97, 1.0, 0.92, 0.96, 0.93, 0.95, 0.75, 0.9, 0.9, 0.9, 0.97, 0.95, 0.92,
        ],
    );
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn fourth_holdout_accuracy_per_field() {
    evaluate(
        "holdout4",
        HOLDOUT4,
        150,
        // Issue 10's targets: dates ≥ 93%, money ≥ 92% exact with no
        // foreign amount read as pesos.
        [
            0.96, 0.97, 0.95, 1.0, 0.94, 0.97, 0.95, 0.95, 0.9, 0.9, 0.9, 0.9, 0.95, 0.9, 0.92,
        ],
    );
}

fn evaluate(label: &str, corpus: &str, minimum: usize, floors: [f64; 15]) {
    let today = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
    let names = [
        "intent",
        "type",
        "amount",
        "currency",
        "category",
        "date",
        "month",
        "query",
        "debt_name",
        "debt_balance",
        "debt_minimum",
        "debt_due_day",
        "debt_paid",
        "period",
        "items",
    ];
    let mut tallies: Vec<Tally> = names.iter().map(|_| Tally::default()).collect();
    let mut misses = Vec::new();
    let mut count = 0;
    for line in corpus.lines().filter(|l| !l.trim().is_empty()) {
        let row: Labelled = serde_json::from_str(line).expect("corpus line is JSON");
        count += 1;
        let raw: serde_json::Value = serde_json::from_str(line).expect("corpus line is JSON");
        let newer = raw.get("items").is_some();
        let e = extract(&row.text, today);
        let u = &e.reading;
        let want_intent = Intent::parse(&row.intent).expect("known intent");
        let intent_ok = tallies[0].check(u.intent, want_intent);
        if !intent_ok {
            misses.push(format!(
                "intent {:?} want {:?}: {}",
                u.intent, want_intent, row.text
            ));
            continue;
        }
        // Entities are scored on messages whose intent was right.
        let mut field = |i: usize, got: Option<String>, want: Option<String>| {
            let fold = |v: &Option<String>| v.as_deref().map(caja_core::nlu::normalize::fold);
            if !tallies[i].check(fold(&got), fold(&want)) {
                misses.push(format!("{} {got:?} want {want:?}: {}", names[i], row.text));
            }
        };
        let transaction_like = matches!(
            want_intent,
            Intent::LogTransaction | Intent::SimulatePurchase | Intent::UpdateLastTransaction
        );
        if want_intent == Intent::LogTransaction {
            field(1, u.kind.map(|k| k.as_str().to_string()), row.kind.clone());
        }
        if transaction_like || matches!(want_intent, Intent::SetBudget | Intent::SetBankBalance) {
            field(
                2,
                u.amount.map(|a| a.to_string()),
                row.amount_mxn_cents.map(|a| a.to_string()),
            );
            field(
                3,
                u.foreign_currency.map(|f| f.code().to_string()),
                row.currency.clone(),
            );
        }
        if transaction_like || want_intent == Intent::QueryData {
            field(
                4,
                u.category.map(|c| c.key.to_string()),
                row.category.clone(),
            );
        }
        if transaction_like {
            field(5, u.date.map(iso_date), row.date_iso.clone());
        }
        if want_intent == Intent::QueryData {
            field(6, u.month.clone(), row.month.clone());
            field(
                7,
                u.query.map(|q| q.as_str().to_string()),
                row.query.clone(),
            );
        }
        if want_intent == Intent::ManageDebt {
            field(8, u.debt_name.clone(), row.debt_name.clone());
            field(
                9,
                u.debt_balance.map(|a| a.to_string()),
                row.debt_balance_mxn_cents.map(|a| a.to_string()),
            );
            field(
                10,
                u.debt_minimum.map(|a| a.to_string()),
                row.debt_minimum_mxn_cents.map(|a| a.to_string()),
            );
            field(
                11,
                u.debt_due_day.map(|d| d.to_string()),
                row.debt_due_day.map(|d| d.to_string()),
            );
        }
        if !newer {
            continue;
        }
        if want_intent == Intent::LogTransaction {
            field(12, u.debt_paid.clone(), row.debt_paid.clone());
        }
        if want_intent == Intent::QueryData {
            let span = |from: &Option<String>, to: &Option<String>| match (from, to) {
                (Some(f), Some(t)) => Some(format!("{f}..{t}")),
                _ => None,
            };
            let got = u.period.map(|p| format!("{}..{}", p.from, p.to));
            // A whole month is labelled as the month, not as a period.
            let got = if row.month.is_some() && row.period_from.is_none() {
                None
            } else {
                got
            };
            field(13, got, span(&row.period_from, &row.period_to));
        }
        if want_intent == Intent::LogTransaction {
            let show = |items: Vec<(Option<i64>, Option<String>)>| {
                (!items.is_empty()).then(|| format!("{items:?}"))
            };
            let got = show(
                e.items
                    .iter()
                    .map(|i| (i.amount, i.category.map(|c| c.key.to_string())))
                    .collect(),
            );
            let want = show(
                row.items
                    .iter()
                    .flatten()
                    .map(|i| (i.amount_mxn_cents, i.category.clone()))
                    .collect(),
            );
            field(14, got, want);
        }
    }
    println!("{label}: {count} messages");
    for (name, tally) in names.iter().zip(&tallies) {
        println!(
            "  {name:<14} {:>6.1}%  ({}/{})",
            tally.accuracy() * 100.0,
            tally.hit,
            tally.total
        );
    }
    if std::env::var("CAJA_CORPUS_MISSES").is_ok() {
        for miss in &misses {
            println!("  miss: {miss}");
        }
    }
    assert!(
        count >= minimum,
        "{label} needs at least {minimum} messages"
    );
    for ((name, tally), floor) in names.iter().zip(&tallies).zip(floors) {
        assert!(
            tally.accuracy() >= floor,
            "{label} {name} accuracy {:.3} below {floor}",
            tally.accuracy()
        );
    }
}

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
