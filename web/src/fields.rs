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

/// `text` split around its ISO dates ("2026-11-14"), each date flagged:
/// the view keeps a date on one line.
pub(crate) fn date_runs(text: &str) -> Vec<(String, bool)> {
    let bytes = text.as_bytes();
    let is_date = |at: usize| {
        bytes.get(at..at + 10).is_some_and(|d| {
            d.iter().enumerate().all(|(i, b)| match i {
                4 | 7 => *b == b'-',
                _ => b.is_ascii_digit(),
            })
        })
    };
    let mut runs = Vec::new();
    let (mut start, mut at) = (0, 0);
    while at < bytes.len() {
        if is_date(at) && (at == 0 || !bytes[at - 1].is_ascii_digit()) {
            if at > start {
                runs.push((text[start..at].to_string(), false));
            }
            runs.push((text[at..at + 10].to_string(), true));
            at += 10;
            start = at;
        } else {
            at += 1;
        }
    }
    if start < text.len() {
        runs.push((text[start..].to_string(), false));
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::date_runs;
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn dates_are_kept_whole() {
        assert_eq!(
            date_runs("COB-0001 · cancelado el 2026-11-14"),
            vec![
                ("COB-0001 · cancelado el ".to_string(), false),
                ("2026-11-14".to_string(), true)
            ]
        );
        assert_eq!(
            date_runs("sin fecha"),
            vec![("sin fecha".to_string(), false)]
        );
    }
}
