//! The filters of template placeholders: `money`, `price` (`$` and
//! `money`), `int` and `upper`.
//!
//! `money` and `int` read the number's shortest decimal text (as JSON prints
//! it), never a float computation: `money` rounds to 2 decimals half away
//! from zero (2.675 → `2.68`, 0.005 → `0.01`) and groups thousands with
//! commas (3490 → `3,490.00`); `int` truncates toward zero (-3.7 → `-3`).
//! `upper` upper-cases a string; `spoken_date` says a `YYYY-MM-DD` date
//! as people write it to someone else ("4 de diciembre"). A filter given
//! the wrong type gives nothing: no implicit casts.

use std::fmt;

use serde_json::Value;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Filter {
    Money,
    /// `money` after a `$` sign ("$3,490.00"; "-$5.00").
    Price,
    Int,
    Upper,
    SpokenDate,
}

impl Filter {
    pub(super) fn named(name: &str) -> Option<Filter> {
        match name {
            "money" => Some(Filter::Money),
            "price" => Some(Filter::Price),
            "int" => Some(Filter::Int),
            "upper" => Some(Filter::Upper),
            "spoken_date" => Some(Filter::SpokenDate),
            _ => None,
        }
    }
}

impl fmt::Display for Filter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Filter::Money => "money",
            Filter::Price => "price",
            Filter::Int => "int",
            Filter::Upper => "upper",
            Filter::SpokenDate => "spoken_date",
        })
    }
}

/// What a present, non-null value renders as, or `None` when the filter
/// does not apply to it.
pub(super) fn apply(filter: Option<Filter>, value: &Value) -> Option<String> {
    match (filter, value) {
        (None, Value::String(text)) => Some(text.clone()),
        (None, other) => Some(other.to_string()),
        (Some(Filter::Money), Value::Number(number)) => money(&number.to_string()),
        (Some(Filter::Price), Value::Number(number)) => {
            money(&number.to_string()).map(|m| match m.strip_prefix('-') {
                Some(magnitude) => format!("-${magnitude}"),
                None => format!("${m}"),
            })
        }
        (Some(Filter::Int), Value::Number(number)) => {
            let decimal = Decimal::read(&number.to_string())?;
            let negative = decimal.negative && decimal.int != "0";
            Some(format!(
                "{}{}",
                if negative { "-" } else { "" },
                decimal.int
            ))
        }
        (Some(Filter::Upper), Value::String(text)) => Some(text.to_uppercase()),
        (Some(Filter::SpokenDate), Value::String(text)) => spoken_date(text),
        _ => None,
    }
}

/// "4 de diciembre" for `2026-12-04`; nothing for another text.
fn spoken_date(text: &str) -> Option<String> {
    use chrono::Datelike;
    let day = chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()?;
    let month = crate::agent::text::ui::MONTHS[day.month0() as usize];
    Some(format!("{} de {month}", day.day()))
}

/// A number's decimal digits, read from its text.
struct Decimal {
    negative: bool,
    /// Integer digits without leading zeros; "0" for none.
    int: String,
    fraction: String,
}

impl Decimal {
    /// Reads `-12.5`, `3490`, `1e21` or `1.5e-7`.
    fn read(text: &str) -> Option<Decimal> {
        let (negative, text) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (mantissa, exponent) = match text.split_once(['e', 'E']) {
            Some((mantissa, exponent)) => {
                let exponent = exponent.strip_prefix('+').unwrap_or(exponent);
                (mantissa, exponent.parse::<i32>().ok()?)
            }
            None => (text, 0),
        };
        let (int, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let digits = format!("{int}{fraction}");
        let valid = !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit());
        if !valid || !(-400..=400).contains(&exponent) {
            return None;
        }
        // How many digits stand before the decimal point.
        let point = int.len() as i32 + exponent;
        let (int, fraction) = if point <= 0 {
            (
                String::new(),
                "0".repeat(point.unsigned_abs() as usize) + &digits,
            )
        } else if point as usize >= digits.len() {
            (
                digits.clone() + &"0".repeat(point as usize - digits.len()),
                String::new(),
            )
        } else {
            let (int, fraction) = digits.split_at(point as usize);
            (int.to_string(), fraction.to_string())
        };
        let int = match int.trim_start_matches('0') {
            "" => "0".to_string(),
            int => int.to_string(),
        };
        Some(Decimal {
            negative,
            int,
            fraction,
        })
    }
}

/// `1,234.50`: 2 decimals, half away from zero, thousands grouped.
fn money(text: &str) -> Option<String> {
    let decimal = Decimal::read(text)?;
    let fraction = format!("{:0<3}", decimal.fraction);
    let mut cents = format!("{}{}", decimal.int, &fraction[..2]).into_bytes();
    if fraction.as_bytes()[2] >= b'5' {
        // Add one centavo, carrying.
        let mut i = cents.len();
        loop {
            if i == 0 {
                cents.insert(0, b'1');
                break;
            }
            i -= 1;
            if cents[i] == b'9' {
                cents[i] = b'0';
            } else {
                cents[i] += 1;
                break;
            }
        }
    }
    let cents = String::from_utf8(cents).ok()?;
    let (int, fraction) = cents.split_at(cents.len() - 2);
    let zero = cents.bytes().all(|byte| byte == b'0');
    let sign = if decimal.negative && !zero { "-" } else { "" };
    let int = int.trim_start_matches('0');
    let mut grouped = String::with_capacity(int.len() + int.len() / 3 + 4);
    for (index, digit) in int.chars().enumerate() {
        if index > 0 && (int.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    let grouped = if grouped.is_empty() { "0" } else { &grouped };
    Some(format!("{sign}{grouped}.{fraction}"))
}

#[cfg(test)]
mod tests {
    use super::{Filter, apply};
    use serde_json::json;

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn check(filter: Filter, cases: &[(serde_json::Value, &str)]) {
        for (value, expected) in cases {
            let rendered = apply(Some(filter), value).unwrap_or_else(|| "(nothing)".into());
            assert_eq!(rendered, *expected, "{value}|{filter}");
        }
    }

    #[test]
    fn a_spoken_date_is_the_day_and_the_month() {
        check(
            Filter::SpokenDate,
            &[
                (json!("2026-12-04"), "4 de diciembre"),
                (json!("2027-01-31"), "31 de enero"),
                (json!("2026-13-01"), "(nothing)"),
                (json!("mañana"), "(nothing)"),
                (json!(20261204), "(nothing)"),
            ],
        );
    }

    #[test]
    fn money_rounds_half_away_from_zero_on_the_decimal_text() {
        check(
            Filter::Money,
            &[
                (json!(3490), "3,490.00"),
                (json!(3.99), "3.99"),
                (json!(203.99), "203.99"),
                (json!(17.45), "17.45"),
                (json!(0.5), "0.50"),
                (json!(1234567.891), "1,234,567.89"),
                // The f64 nearest 2.675 is below it; its text is not.
                (json!(2.675), "2.68"),
                (json!(-2.675), "-2.68"),
                (json!(0.005), "0.01"),
                (json!(0.0049), "0.00"),
                (json!(999.995), "1,000.00"),
                (json!(-1234.5), "-1,234.50"),
                (json!(-0.001), "0.00"),
                (json!(0), "0.00"),
                (json!(100), "100.00"),
                (json!(1e21), "1,000,000,000,000,000,000,000.00"),
                (json!(1.5e-7), "0.00"),
                (json!(u64::MAX), "18,446,744,073,709,551,615.00"),
                (json!(i64::MIN), "-9,223,372,036,854,775,808.00"),
                (json!("200"), "(nothing)"),
                (json!(true), "(nothing)"),
            ],
        );
    }

    #[test]
    fn int_truncates_and_upper_takes_strings_only() {
        check(
            Filter::Int,
            &[
                (json!(3.99), "3"),
                (json!(-3.7), "-3"),
                (json!(-0.5), "0"),
                (json!(3490), "3490"),
                (json!(1e21), "1000000000000000000000"),
                (json!("3"), "(nothing)"),
            ],
        );
        check(
            Filter::Upper,
            &[(json!("Ana María"), "ANA MARÍA"), (json!(5), "(nothing)")],
        );
        assert_eq!(apply(None, &json!(3.5)).as_deref(), Some("3.5"));
        assert_eq!(apply(None, &json!(["a", 1])).as_deref(), Some("[\"a\",1]"));
        assert_eq!(Filter::named("money"), Some(Filter::Money));
        assert_eq!(Filter::named("Money"), None);
    }
}
