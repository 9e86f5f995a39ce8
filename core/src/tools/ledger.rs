//! The ledger services agent files may declare (provider `ledger`): read
//! tools over the user's own movements, carried out by every host from
//! the rows it stores (D1 on the Worker, memory natively and in the
//! browser) with these same rules. A host fetches the live rows of the
//! days [`window`] names and calls [`run`].

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};
use serde_json::{Map, Value, json};

use super::sandbox::decimal;
use super::{ServiceRequest, ToolCall, ToolResult, TransactionRow, TransactionType, codes, rules};
use crate::time::parse_iso_date;

/// The days whose rows a request needs (`from`, `to`, inclusive): for the
/// statistics, the period asked and the one of the same length before it.
pub fn window(request: &ServiceRequest) -> Result<(String, String), String> {
    let (from, to) = period(&request.params)?;
    let (before_from, before_to) = compared(&request.params)?.unwrap_or(previous(from, to));
    Ok((
        from.min(before_from).to_string(),
        to.max(before_to).to_string(),
    ))
}

/// The period named to compare with (`compare_from`, `compare_to`), when
/// the request names one; it must be a valid period.
fn compared(params: &Map<String, Value>) -> Result<Option<(NaiveDate, NaiveDate)>, String> {
    let day = |name: &str| params.get(name).and_then(Value::as_str).unwrap_or_default();
    let (from, to) = (day("compare_from"), day("compare_to"));
    if from.is_empty() && to.is_empty() {
        return Ok(None);
    }
    if !rules::period_ok(from, to) {
        return Err(format!("bad period to compare {from}..{to}"));
    }
    match (parse_iso_date(from), parse_iso_date(to)) {
        (Some(from), Some(to)) => Ok(Some((from, to))),
        _ => Err(format!("bad period to compare {from}..{to}")),
    }
}

/// Carries out a ledger service over `rows` (the live rows of
/// [`window`]'s days, in any order).
pub fn run(
    call: &ToolCall,
    request: &ServiceRequest,
    rows: &[TransactionRow],
    at: &str,
) -> ToolResult {
    let result = match request.service.as_str() {
        "ledger.statistics" => period(&request.params).and_then(|(from, to)| {
            let before = compared(&request.params)?.unwrap_or(previous(from, to));
            // An empty or absent category means every category.
            let category = request.params.get("category").and_then(Value::as_str);
            let category = category.filter(|c| !c.is_empty());
            let rows: Vec<TransactionRow> = rows
                .iter()
                .filter(|r| category.is_none_or(|c| r.category == c))
                .cloned()
                .collect();
            let mut out = statistics(&rows, (from, to), before);
            out["filter"] = json!(
                category
                    .map(|c| vec![json!({ "category": c })])
                    .unwrap_or_default()
            );
            Ok(out)
        }),
        other => Err(format!("unknown ledger service {other}")),
    };
    match result {
        Ok(data) => ToolResult::success(call, &data, at),
        Err(problem) => ToolResult::failure(call, codes::INVALID, &problem, at),
    }
}

/// `from` and `to` of the request, a valid period.
fn period(params: &Map<String, Value>) -> Result<(NaiveDate, NaiveDate), String> {
    let day = |name: &str| params.get(name).and_then(Value::as_str).unwrap_or_default();
    let (from, to) = (day("from"), day("to"));
    if !rules::period_ok(from, to) {
        return Err(format!("bad period {from}..{to}"));
    }
    match (parse_iso_date(from), parse_iso_date(to)) {
        (Some(from), Some(to)) => Ok((from, to)),
        _ => Err(format!("bad period {from}..{to}")),
    }
}

/// The period of the same length that ends the day before `from`: as
/// many whole months before when the period is whole months (October ->
/// September, 2025 -> 2024), else as many days.
fn previous(from: NaiveDate, to: NaiveDate) -> (NaiveDate, NaiveDate) {
    let end = from.pred_opt().unwrap_or(from);
    let whole_months = from.day() == 1 && to.succ_opt().is_some_and(|next| next.day() == 1);
    if whole_months {
        let months = (to.year() - from.year()) * 12 + to.month() as i32 - from.month() as i32 + 1;
        if let Some(start) = u32::try_from(months)
            .ok()
            .and_then(|m| from.checked_sub_months(chrono::Months::new(m)))
        {
            return (start, end);
        }
    }
    (end - (to - from), end)
}

/// Totals per month, the average spent per month, the three categories
/// with the most spent, the largest expense, and the spending of the
/// period before (or the one named to compare with), in decimal pesos.
fn statistics(
    rows: &[TransactionRow],
    (from, to): (NaiveDate, NaiveDate),
    (previous_from, previous_to): (NaiveDate, NaiveDate),
) -> Value {
    let day = |row: &TransactionRow| parse_iso_date(&row.date_iso);
    let within = |row: &&TransactionRow, a: NaiveDate, b: NaiveDate| {
        day(row).is_some_and(|d| a <= d && d <= b)
    };
    let current: Vec<&TransactionRow> = rows.iter().filter(|r| within(r, from, to)).collect();
    let spent = |rows: &[&TransactionRow]| -> i64 {
        rows.iter()
            .filter(|r| r.kind == TransactionType::Expense)
            .map(|r| r.amount_mxn_cents)
            .sum()
    };
    let earned: i64 = current
        .iter()
        .filter(|r| r.kind == TransactionType::Income)
        .map(|r| r.amount_mxn_cents)
        .sum();
    let previous_rows: Vec<&TransactionRow> = rows
        .iter()
        .filter(|r| within(r, previous_from, previous_to))
        .collect();
    let (total, before) = (spent(&current), spent(&previous_rows));

    // Every month the period touches, in order, with its totals.
    let mut months: BTreeMap<(i32, u32), (i64, i64)> = BTreeMap::new();
    let mut cursor = from.with_day(1).unwrap_or(from);
    while cursor <= to {
        months.insert((cursor.year(), cursor.month()), (0, 0));
        match cursor.checked_add_months(chrono::Months::new(1)) {
            Some(next) => cursor = next,
            None => break,
        }
    }
    let mut categories: BTreeMap<&str, i64> = BTreeMap::new();
    for row in &current {
        let Some(date) = day(row) else { continue };
        let entry = months.entry((date.year(), date.month())).or_default();
        match row.kind {
            TransactionType::Expense => {
                entry.0 += row.amount_mxn_cents;
                *categories.entry(row.category.as_str()).or_default() += row.amount_mxn_cents;
            }
            TransactionType::Income => entry.1 += row.amount_mxn_cents,
        }
    }
    let mut top: Vec<(&str, i64)> = categories.into_iter().collect();
    top.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let largest = current
        .iter()
        .filter(|r| r.kind == TransactionType::Expense)
        .max_by(|a, b| {
            a.amount_mxn_cents
                .cmp(&b.amount_mxn_cents)
                .then(b.id.cmp(&a.id))
        })
        .map(|r| {
            json!({"amount": decimal(r.amount_mxn_cents), "category": r.category,
                   "description": r.description, "date": r.date_iso})
        });
    let month_count = i64::try_from(months.len().max(1)).unwrap_or(1);
    // Rounded to the centavo, half away from zero.
    let average = (total + month_count / 2) / month_count;
    json!({
        "from": from.to_string(),
        "to": to.to_string(),
        "count": current.len(),
        "total_expense": decimal(total),
        "total_income": decimal(earned),
        "average_expense": decimal(average),
        "month_count": month_count,
        "months": months.iter().map(|((year, month), (expense, income))| json!({
            "month": format!("{year:04}-{month:02}"),
            "expense": decimal(*expense),
            "income": decimal(*income),
        })).collect::<Vec<_>>(),
        "top_categories": top.iter().take(3).map(|(category, total)| json!({
            "category": category, "total": decimal(*total),
        })).collect::<Vec<_>>(),
        "largest": largest,
        "previous_from": previous_from.to_string(),
        "previous_to": previous_to.to_string(),
        "previous_expense": decimal(before),
        "change_expense": decimal(total - before),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::{CategoryType, ToolRequest};

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn row(
        id: i64,
        kind: TransactionType,
        cents: i64,
        category: &str,
        date: &str,
    ) -> TransactionRow {
        TransactionRow {
            id,
            version: 1,
            kind,
            amount_mxn_cents: cents,
            category_type: CategoryType::Variable,
            category: category.into(),
            description: None,
            date_iso: date.into(),
            pays: None,
        }
    }

    #[test]
    fn statistics_of_a_period_and_the_one_before() {
        use TransactionType::{Expense, Income};
        let rows = [
            row(1, Expense, 10_000, "comida", "2026-09-30"),
            row(2, Expense, 25_050, "comida", "2026-10-02"),
            row(3, Expense, 80_000, "renta", "2026-10-15"),
            row(4, Income, 900_000, "salario", "2026-10-15"),
            row(5, Expense, 4_000, "transporte", "2026-11-01"),
        ];
        let october = (
            NaiveDate::from_ymd_opt(2026, 10, 1).unwrap(),
            NaiveDate::from_ymd_opt(2026, 10, 31).unwrap(),
        );
        let out = statistics(&rows, october, previous(october.0, october.1));
        assert_eq!(out["count"], 3);
        assert_eq!(out["total_expense"], json!(1050.5));
        assert_eq!(out["total_income"], json!(9000));
        assert_eq!(out["average_expense"], json!(1050.5));
        assert_eq!(
            out["months"],
            json!([{"month": "2026-10", "expense": 1050.5, "income": 9000}])
        );
        assert_eq!(
            out["top_categories"][0],
            json!({"category": "renta", "total": 800})
        );
        assert_eq!(out["largest"]["amount"], json!(800));
        assert_eq!(out["previous_from"], "2026-09-01");
        assert_eq!(out["previous_to"], "2026-09-30");
        assert_eq!(out["previous_expense"], json!(100));
        assert_eq!(out["change_expense"], json!(950.5));
    }

    #[test]
    fn the_window_covers_the_period_before_and_bad_periods_fail() {
        let request = |from: &str, to: &str| ServiceRequest {
            tool: "stats".into(),
            service: "ledger.statistics".into(),
            params: serde_json::from_value(json!({"from": from, "to": to})).unwrap(),
            provider: crate::tools::Provider::Ledger,
        };
        assert_eq!(
            window(&request("2025-01-01", "2025-12-31")),
            Ok(("2024-01-01".into(), "2025-12-31".into()))
        );
        let call = ToolCall {
            id: "c1".into(),
            request: ToolRequest::CallService(request("2025-02-01", "2025-01-01")),
        };
        let ToolRequest::CallService(bad) = &call.request else {
            unreachable!()
        };
        assert!(!run(&call, bad, &[], "2026-11-23T00:00:00.000Z").ok);
    }

    #[test]
    fn a_period_named_to_compare_with_is_the_one_before() {
        let request = |params: Value| ServiceRequest {
            tool: "stats".into(),
            service: "ledger.statistics".into(),
            params: serde_json::from_value(params).unwrap(),
            provider: crate::tools::Provider::Ledger,
        };
        let nov_vs_sep = request(json!({"from": "2026-11-01", "to": "2026-11-30",
            "compare_from": "2026-09-01", "compare_to": "2026-09-30"}));
        assert_eq!(
            window(&nov_vs_sep),
            Ok(("2026-09-01".into(), "2026-11-30".into()))
        );
        let rows = [
            row(1, TransactionType::Expense, 90_000, "ropa", "2026-09-03"),
            row(2, TransactionType::Expense, 120_000, "comida", "2026-10-10"),
            row(3, TransactionType::Expense, 30_000, "comida", "2026-11-20"),
        ];
        let call = ToolCall {
            id: "c1".into(),
            request: ToolRequest::CallService(nov_vs_sep.clone()),
        };
        let out = run(&call, &nov_vs_sep, &rows, "2026-11-23T00:00:00.000Z");
        let data: Value = out.data_as().expect("statistics");
        assert_eq!(data["previous_from"], "2026-09-01");
        assert_eq!(data["previous_expense"], json!(900));
        assert_eq!(data["change_expense"], json!(-600));
        // Without one named, the month before; with a bad one, no answer.
        let plain = request(json!({"from": "2026-11-01", "to": "2026-11-30", "compare_from": ""}));
        assert_eq!(
            window(&plain),
            Ok(("2026-10-01".into(), "2026-11-30".into()))
        );
        let bad = request(json!({"from": "2026-11-01", "to": "2026-11-30",
            "compare_from": "2026-09-30", "compare_to": "2026-09-01"}));
        assert!(window(&bad).is_err());
    }
}
