//! Reading the Worker's untyped JSON answers field by field (the web
//! build carries no decoder of its own for them).

use serde_json::Value;

pub(crate) fn field<'v>(value: &'v Value, name: &str) -> Option<&'v str> {
    value.get(name).and_then(Value::as_str)
}

pub(crate) fn cents(value: &Value, name: &str) -> i64 {
    value.get(name).and_then(Value::as_i64).unwrap_or(0)
}

pub(crate) fn count(value: &Value, name: &str) -> usize {
    value.get(name).and_then(Value::as_u64).unwrap_or(0) as usize
}

pub(crate) fn items<'v>(value: &'v Value, name: &str) -> &'v [Value] {
    value
        .get(name)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}
