//! Reference (sandbox) services for the demo agents: pure functions of the
//! request, returning raw data in seed 004's shapes and sample data, never
//! wording. Every host runs these same functions, so a conversation gives
//! the same numbers natively, in wasm and on the Worker. Amounts are
//! computed in integer cents and shown as decimal numbers, as the seed's
//! services return them (`3.99`, `17.45`, `3490`).

use serde_json::{Map, Value, json};

use crate::tools::{ServiceRequest, ToolCall, ToolResult, codes};

/// Sandbox rate: centavos per dollar (17.45 MXN per USD).
const RATE_CENTS_PER_USD: i64 = 1_745;
/// Sandbox remittance fee in US cents (3.99 USD).
const FEE_US_CENTS: i64 = 399;
/// SNPL limits in dollars (tier SILVER).
const SNPL_MIN_USD: i64 = 200;
const SNPL_MAX_USD: i64 = 600;
const SNPL_WEEKS: i64 = 8;
/// Top-up amounts offered, in pesos.
/// The sandbox's phone companies: id and name.
const CARRIERS: [(&str, &str); 6] = [
    ("telcel_mx", "Telcel"),
    ("att_mx", "AT&T"),
    ("movistar_mx", "Movistar"),
    ("bait_mx", "Bait"),
    ("unefon_mx", "Unefon"),
    ("virgin_mx", "Virgin Mobile"),
];

pub const TOPUP_OPTIONS: [i64; 4] = [50, 100, 200, 500];

/// Runs a sandbox service. `key` identifies the call (the host's call id)
/// and makes references deterministic; `day` is `YYYY-MM-DD`.
pub fn run(
    service: &str,
    params: &Map<String, Value>,
    key: &str,
    day: &str,
) -> Result<Value, String> {
    let reference = |prefix: &str| format!("{prefix}-{}-{}", day.replace('-', ""), short(key));
    match service {
        "topups.frequent_numbers" => Ok(json!({"frequent_numbers": [
            {"name": "Mamá", "phone": "+52 55 1234 5678"},
            {"name": "Hermano", "phone": "+52 33 8765 4321"}
        ]})),
        "topups.detect_carrier" => detect_carrier(params),
        "topups.send_topup" => {
            let amount = cents(params, "amount_mxn")?;
            if !TOPUP_OPTIONS.iter().any(|&o| o * 100 == amount) {
                return Err("amount is not a top-up option".into());
            }
            Ok(json!({"topup_id": reference("TOP"), "status": "COMPLETED",
                      "phone_number": text(params, "phone_number")?,
                      "carrier_id": text(params, "carrier_id")?, "amount_mxn": decimal(amount)}))
        }
        "snpl.eligibility" => Ok(json!({"eligible": true, "tier": "SILVER",
            "min_amount": SNPL_MIN_USD, "max_amount": SNPL_MAX_USD, "weeks": SNPL_WEEKS,
            "reason": "Good payment history"})),
        "snpl.apply" => {
            let amount = cents(params, "amount_usd")?;
            if !(SNPL_MIN_USD * 100..=SNPL_MAX_USD * 100).contains(&amount) {
                return Err("amount outside the SNPL limit".into());
            }
            // Weekly payment rounded up to the cent, so the total is covered.
            let weekly = (amount + SNPL_WEEKS - 1) / SNPL_WEEKS;
            Ok(
                json!({"application_id": reference("SNPL"), "status": "APPROVED",
                      "amount_usd": decimal(amount), "weeks": SNPL_WEEKS,
                      "weekly_payment_usd": decimal(weekly)}),
            )
        }
        "remittances.recipients" => Ok(json!({"recipients": recipients()})),
        "remittances.quote" => {
            let amount = cents(params, "amount_usd")?;
            Ok(quote(amount))
        }
        "remittances.create_transfer" => {
            let amount = cents(params, "amount_usd")?;
            let id = text(params, "recipient_id")?;
            let delivery = text(params, "delivery")?;
            let recipient = recipients()
                .into_iter()
                .find(|r| r["id"] == id)
                .ok_or_else(|| format!("unknown recipient {id}"))?;
            if !recipient["delivery_methods"]
                .as_array()
                .is_some_and(|m| m.iter().any(|d| d == delivery))
            {
                return Err(format!("{id} cannot receive by {delivery}"));
            }
            let mut out = quote(amount);
            let fields = out.as_object_mut().ok_or("quote is an object")?;
            fields.insert("transfer_id".into(), reference("TXN").into());
            fields.insert("status".into(), "PROCESSING".into());
            fields.insert("recipient_name".into(), recipient["name"].clone());
            fields.insert("delivery_type".into(), delivery.to_uppercase().into());
            fields.insert(
                "recipient_gets_mxn_cents".into(),
                (amount * RATE_CENTS_PER_USD / 100).into(),
            );
            Ok(out)
        }
        "billpay.billers" => Ok(json!({"billers": [
            {"id": "cfe", "name": "CFE (luz)"},
            {"id": "agua_cdmx", "name": "Agua CDMX"},
            {"id": "izzi", "name": "izzi (internet)"}
        ]})),
        "billpay.bill" => {
            let biller = text(params, "biller_id")?;
            let reference_number = text(params, "reference")?;
            // The biller, and the category its payment is spent in.
            let (name, category) = match biller {
                "cfe" => ("CFE (luz)", "luz"),
                "agua_cdmx" => ("Agua CDMX", "agua"),
                "izzi" => ("izzi (internet)", "internet"),
                _ => return Err(format!("unknown biller {biller}")),
            };
            // Sandbox amount: derived from the reference, 150.00 to 1,149.00.
            let seed: i64 = reference_number.bytes().map(|b| i64::from(b % 10)).sum();
            let due = 15_000 + (seed * 3_700) % 100_000;
            Ok(json!({"biller_name": name, "reference": reference_number,
                      "amount_due_mxn": decimal(due), "due_date": "2026-12-10",
                      "category": category}))
        }
        "billpay.pay" => Ok(json!({"payment_id": reference("PAY"), "status": "PAID",
                                   "amount_mxn": decimal(cents(params, "amount_mxn")?)})),
        _ => Err(format!("unknown service {service}")),
    }
}

/// A payment made through a service (a bill, a top-up) as the expense it
/// records: the pesos paid (`amount_mxn`), in the category and with the
/// description the agent names (`category`, `description`), on the day it
/// gives (`today`, the person's local date). `None` when a part is missing.
pub fn paid_movement(params: &Map<String, Value>) -> Option<crate::tools::AddTransactionInput> {
    let amount = cents(params, "amount_mxn").ok()?;
    let category = text(params, "category").ok()?;
    let date = text(params, "today").ok()?;
    crate::time::parse_iso_date(date)?;
    let description = text(params, "description").ok().map(str::to_string);
    Some(crate::tools::AddTransactionInput {
        kind: crate::tools::TransactionType::Expense,
        amount_mxn_cents: amount,
        // Bills and phone plans are fixed expenses.
        category_type: crate::tools::CategoryType::Fixed,
        category: category.to_string(),
        description,
        date_iso: date.to_string(),
    })
}

/// Carries out a service call as a tool call, the same way on every host.
pub fn execute(call: &ToolCall, request: &ServiceRequest, at_iso: &str) -> ToolResult {
    let day = at_iso.get(..10).unwrap_or_default();
    match run(&request.service, &request.params, &call.id, day) {
        Ok(data) => ToolResult::success(call, &data, at_iso),
        Err(problem) => ToolResult::failure(call, codes::INVALID, &problem, at_iso),
    }
}

fn recipients() -> Vec<Value> {
    vec![
        json!({"id": "rec_001", "name": "María García", "relationship": "Mamá", "country": "MX",
               "delivery_methods": ["bank", "cash"]}),
        json!({"id": "rec_002", "name": "Juan García", "relationship": "Hermano", "country": "MX",
               "delivery_methods": ["bank"]}),
    ]
}

/// A quote for `amount` US cents: fee, total and pesos received, in
/// integer cents.
fn quote(amount: i64) -> Value {
    let gets = amount * RATE_CENTS_PER_USD / 100;
    json!({"amount_usd": decimal(amount), "fee_usd": decimal(FEE_US_CENTS),
           "total_usd": decimal(amount + FEE_US_CENTS),
           "exchange_rate": decimal(RATE_CENTS_PER_USD), "recipient_gets": decimal(gets),
           "recipient_currency": "MXN", "eta": "2-4 horas"})
}

/// Cents as a JSON number: whole units stay integers (`3490`), others keep
/// two decimals (`3.99`).
pub fn decimal(cents: i64) -> Value {
    if cents % 100 == 0 {
        Value::from(cents / 100)
    } else {
        // Two decimals of an integer are exact in the decimal string.
        format!("{}.{:02}", cents / 100, (cents % 100).abs())
            .parse::<serde_json::Number>()
            .map(Value::Number)
            .unwrap_or(Value::Null)
    }
}

/// The company of a phone number. Sandbox rule: area codes 55 and 33 are
/// Telcel, others AT&T; a number carried to another company is of the one
/// the user names (`carrier`, one of [`CARRIERS`]' ids).
fn detect_carrier(params: &Map<String, Value>) -> Result<Value, String> {
    let phone = text(params, "phone_number")?;
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    let national = digits
        .strip_prefix("52")
        .filter(|d| d.len() == 10)
        .unwrap_or(&digits);
    if national.len() != 10 {
        return Err(format!("invalid phone number {phone}"));
    }
    let said = params
        .get("carrier")
        .and_then(Value::as_str)
        .and_then(|id| CARRIERS.iter().find(|(known, _)| *known == id));
    let (id, name) = match said {
        Some(&(id, name)) => (id, name),
        None if national.starts_with("55") || national.starts_with("33") => ("telcel_mx", "Telcel"),
        None => ("att_mx", "AT&T"),
    };
    Ok(
        json!({"phone_number": phone, "carrier_id": id, "carrier_name": name,
              "country": "MX", "valid": true}),
    )
}

/// A parameter holding a decimal amount, as integer cents (at most
/// $1,000,000.00 in the demo services).
fn cents(params: &Map<String, Value>, name: &str) -> Result<i64, String> {
    cents_up_to(params, name, 100_000_000)
}

/// A parameter holding a positive decimal amount of at most `max` cents,
/// as integer cents.
pub(crate) fn cents_up_to(
    params: &Map<String, Value>,
    name: &str,
    max: i64,
) -> Result<i64, String> {
    let raw = match params.get(name) {
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::String(s)) => s.clone(),
        _ => return Err(format!("missing {name}")),
    };
    let (whole, fraction) = raw.split_once('.').unwrap_or((&raw, ""));
    if fraction.len() > 2 || whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{name} is not an amount: {raw}"));
    }
    let whole: i64 = whole.parse().map_err(|_| format!("{name} too large"))?;
    let fraction: i64 = format!("{fraction:0<2}").parse().unwrap_or(0);
    whole
        .checked_mul(100)
        .and_then(|w| w.checked_add(fraction))
        .filter(|&c| c > 0 && c <= max)
        .ok_or_else(|| format!("{name} out of range"))
}

fn text<'a>(params: &'a Map<String, Value>, name: &str) -> Result<&'a str, String> {
    params
        .get(name)
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
        .ok_or_else(|| format!("missing {name}"))
}

/// The last digits of a call key, for readable references.
fn short(key: &str) -> String {
    let digits: String = key.chars().filter(char::is_ascii_digit).collect();
    format!("{:0>3}", &digits[digits.len().saturating_sub(3)..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn quote_matches_the_seed() {
        let q = quote(20_000);
        assert_eq!(q["fee_usd"], json!(3.99));
        assert_eq!(q["total_usd"], json!(203.99));
        assert_eq!(q["exchange_rate"], json!(17.45));
        assert_eq!(q["recipient_gets"], json!(3490));
    }

    #[test]
    fn every_service_declares_its_fields() {
        let params: Map<String, Value> = serde_json::from_value(json!({
            "phone_number": "+52 55 9999 8888", "carrier_id": "telcel_mx", "amount_mxn": "100",
            "amount_usd": "200", "recipient_id": "rec_001", "delivery": "bank",
            "biller_id": "cfe", "reference": "123456"
        }))
        .unwrap();
        assert!(
            run("remittances.create_transfer", &params, "c1", "2026-11-22").unwrap()["transfer_id"]
                .as_str()
                .unwrap()
                .starts_with("TXN-20261122-")
        );
    }

    #[test]
    fn bad_requests_are_errors() {
        let params: Map<String, Value> =
            serde_json::from_value(json!({"amount_usd": "700", "phone_number": "123"})).unwrap();
        assert!(run("snpl.apply", &params, "c1", "2026-11-22").is_err());
        assert!(run("topups.detect_carrier", &params, "c1", "2026-11-22").is_err());
        assert!(run("nope", &params, "c1", "2026-11-22").is_err());
    }
}
