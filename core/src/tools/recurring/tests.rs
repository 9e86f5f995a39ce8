use super::*;
use crate::tools::{ServiceRequest, ToolRequest};
use chrono::NaiveDate;

fn call() -> ToolCall {
    ToolCall {
        id: "t1".into(),
        request: ToolRequest::CallService(ServiceRequest {
            tool: "x".into(),
            service: "recurring.preview".into(),
            params: Map::new(),
            provider: crate::tools::Provider::Recurring,
        }),
    }
}

fn params(pairs: &[(&str, &str)]) -> Map<String, Value> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), json!(v)))
        .collect()
}

fn date(text: &str) -> NaiveDate {
    parse_iso_date(text).unwrap()
}

fn saved(items: &mut Vec<Item>, pairs: &[(&str, &str)]) -> Value {
    let out = run(
        &call(),
        "recurring.save",
        &params(pairs),
        items,
        "2026-11-26T18:00:00Z",
    );
    assert!(out.result.ok, "{:?}", out.result.error);
    for change in out.changes {
        apply(items, change);
    }
    serde_json::from_str(out.result.data.unwrap().get()).unwrap()
}

#[test]
fn days_of_the_week_are_stored_and_fall_on_each_week() {
    let days = Days31::parse("fri,tue,fri").unwrap();
    assert_eq!(days.to_text(), "tue,fri");
    assert!(Days31::parse("friday").is_none());
    // 2026-11-27 is a Friday, 2026-11-24 a Tuesday.
    assert!(days.falls_on(date("2026-11-27")) && days.falls_on(date("2026-11-24")));
    assert!(!days.falls_on(date("2026-11-25")));
    assert_eq!(days.next_on(date("2026-11-25")), Some(date("2026-11-27")));
    assert_eq!(days.next_on(date("2026-11-28")), Some(date("2026-12-01")));
    let both = Days31::parse("1,mon").unwrap();
    assert_eq!(both.to_text(), "1,mon");
    assert!(both.falls_on(date("2026-12-01")) && both.falls_on(date("2026-11-30")));
}

#[test]
fn days_read_stored_and_fall_on_short_months() {
    let days = Days31::parse("last,15,15").unwrap();
    assert_eq!(days.to_text(), "15,last");
    assert!(
        Days31::parse("0").is_none()
            && Days31::parse("32").is_none()
            && Days31::parse("").is_none()
    );
    let thirty_one = Days31::parse("31").unwrap();
    assert!(thirty_one.falls_on(date("2026-11-30")));
    assert!(thirty_one.falls_on(date("2027-02-28")));
    assert!(!thirty_one.falls_on(date("2026-12-30")));
    assert_eq!(days.next_on(date("2026-11-16")), Some(date("2026-11-30")));
    assert_eq!(days.next_on(date("2026-12-01")), Some(date("2026-12-15")));
}

#[test]
fn saved_once_with_its_category_and_kind_then_recorded_once_on_its_day() {
    let mut items = Vec::new();
    let rent = saved(
        &mut items,
        &[
            ("name", "la renta"),
            ("amount_mxn", "8500"),
            ("days", "1"),
            ("today", "2026-11-26"),
        ],
    );
    assert_eq!(rent["category"], "renta");
    assert_eq!(rent["kind"], "expense");
    assert_eq!(rent["next_label"], "el martes 1 de diciembre");
    let pay = saved(
        &mut items,
        &[
            ("name", "quincena"),
            ("amount_mxn", "9200"),
            ("days", "15,last"),
            ("today", "2026-11-26"),
        ],
    );
    assert_eq!(
        (pay["kind"].as_str(), pay["category"].as_str()),
        (Some("income"), Some("sueldo"))
    );
    // The same name again is refused; a name no category names is not stored.
    let again = run(
        &call(),
        "recurring.save",
        &params(&[
            ("name", "mi renta"),
            ("amount_mxn", "1"),
            ("days", "2"),
            ("today", "2026-11-26"),
        ]),
        &items,
        "t",
    );
    assert!(!again.result.ok && again.changes.is_empty());
    let unnamed = run(
        &call(),
        "recurring.save",
        &params(&[
            ("name", "lo de Rocío"),
            ("amount_mxn", "300"),
            ("days", "3"),
            ("today", "2026-11-26"),
        ]),
        &items,
        "t",
    );
    assert!(!unnamed.result.ok);
    let list = run(
        &call(),
        "recurring.list",
        &params(&[("today", "2026-11-26")]),
        &items,
        "t",
    );
    let data: Value = serde_json::from_str(list.result.data.unwrap().get()).unwrap();
    assert_eq!(data["expected_count"], 1, "{data}");
    assert!(
        data["expected"]
            .as_str()
            .unwrap()
            .contains("lunes 30 de noviembre: Quincena, $9,200.00")
    );

    // On its day: a «sí» records the movement with that day's date, once.
    let record = params(&[
        ("id", "1"),
        ("date", "2026-12-01"),
        ("amount_mxn", "8500.00"),
        ("today", "2026-12-01"),
    ]);
    let out = run(&call(), "recurring.record", &record, &items, "t");
    assert!(out.result.ok, "{:?}", out.result.error);
    let movement = out.movement.unwrap();
    assert_eq!(
        (
            movement.amount_mxn_cents,
            movement.date_iso.as_str(),
            movement.category.as_str()
        ),
        (850_000, "2026-12-01", "renta")
    );
    for change in out.changes {
        apply(&mut items, change);
    }
    let twice = run(&call(), "recurring.record", &record, &items, "t");
    assert!(!twice.result.ok && twice.movement.is_none());
    // Not on another day, nor at another amount than the one shown.
    let wrong_day = params(&[
        ("id", "2"),
        ("date", "2026-12-02"),
        ("amount_mxn", "9200"),
        ("today", "2026-12-02"),
    ]);
    assert!(
        !run(&call(), "recurring.record", &wrong_day, &items, "t")
            .result
            .ok
    );
    let changed = params(&[
        ("id", "2"),
        ("date", "2026-12-15"),
        ("amount_mxn", "9000"),
        ("today", "2026-12-15"),
    ]);
    assert!(
        !run(&call(), "recurring.record", &changed, &items, "t")
            .result
            .ok
    );
}
