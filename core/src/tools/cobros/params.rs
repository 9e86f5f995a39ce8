//! The cobros services' parameters, read and checked: text trimmed and
//! bounded, days as `YYYY-MM-DD`.

use serde_json::{Map, Value};

use super::{MAX_NAME_CHARS, invalid};

pub(super) fn name(
    params: &Map<String, Value>,
    field: &str,
) -> Result<String, (&'static str, String)> {
    optional_text(params, field, MAX_NAME_CHARS)?.ok_or_else(|| invalid(format!("missing {field}")))
}

/// A text parameter, trimmed; empty is absent.
pub(super) fn optional_text(
    params: &Map<String, Value>,
    field: &str,
    max: usize,
) -> Result<Option<String>, (&'static str, String)> {
    let text = match params.get(field) {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(s)) => s.trim(),
        Some(_) => return Err(invalid(format!("{field} is not text"))),
    };
    if text.chars().count() > max {
        return Err(invalid(format!("{field} too long")));
    }
    Ok((!text.is_empty()).then(|| text.to_string()))
}

pub(super) fn optional_day(
    params: &Map<String, Value>,
    field: &str,
) -> Result<Option<String>, (&'static str, String)> {
    match optional_text(params, field, 10)? {
        None => Ok(None),
        Some(day) if crate::time::parse_iso_date(&day).is_some() => Ok(Some(day)),
        Some(day) => Err(invalid(format!("{field} is not a date: {day}"))),
    }
}

pub(super) fn day(
    params: &Map<String, Value>,
    field: &str,
) -> Result<String, (&'static str, String)> {
    optional_day(params, field)?.ok_or_else(|| invalid(format!("missing {field}")))
}
