//! Markup the review and the debug panel insert as it is: built here, in
//! the module the page loads on demand, so the first load carries none of
//! it. Every text is escaped; a date is wrapped so a line never breaks
//! inside it.

use caja_core::agent::text::{review as words, ui};
use serde_json::Value;

use crate::svg::esc;

/// `text` escaped, each `YYYY-MM-DD` in a `<span class="date">`.
pub(crate) fn dated(text: &str) -> String {
    ui::date_runs(text)
        .into_iter()
        .map(|(run, date)| {
            if date {
                format!(r#"<span class="date">{run}</span>"#)
            } else {
                esc(&run)
            }
        })
        .collect()
}

/// The sessions of a replayed conversation as buttons, each naming the
/// index of its first turn (`data-first`); the page marks the current one.
pub(crate) fn sessions(sessions: &[(usize, String, String)]) -> String {
    let total = sessions.len();
    sessions
        .iter()
        .enumerate()
        .map(|(k, (first, span, title))| {
            format!(
                r#"<li><button type="button" data-testid="review-session" data-first="{first}"><span class="when">{}</span><span class="title">{}</span><span class="visually-hidden">{}</span></button></li>"#,
                dated(span),
                esc(title),
                esc(&words::session_of(k + 1, total)),
            )
        })
        .collect()
}

/// Each tool call of a turn with its input and its result (matched by
/// call id), for the debug panel.
pub(crate) fn tools(calls: &Value, results: &Value) -> String {
    let pretty = |v: &Value| esc(&serde_json::to_string_pretty(v).unwrap_or_default());
    let results = results.as_array().map_or(&[][..], Vec::as_slice);
    calls
        .as_array()
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .map(|call| {
            let name = call["tool"].as_str().unwrap_or("?");
            let result = results
                .iter()
                .find(|r| r["call_id"] == call["id"])
                .map(pretty)
                .unwrap_or_else(|| esc(ui::DEBUG_NO_RESULT));
            format!(
                r#"<li data-testid="debug-tool"><strong>{}</strong><dl><dt>{}</dt><dd><pre>{}</pre></dd><dt>{}</dt><dd><pre>{result}</pre></dd></dl></li>"#,
                esc(name),
                ui::DEBUG_INPUT,
                pretty(&call["input"]),
                ui::DEBUG_RESULT,
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_kept_whole_and_text_is_escaped() {
        assert_eq!(
            dated("viernes 2026-11-20, <b>"),
            r#"viernes <span class="date">2026-11-20</span>, &lt;b&gt;"#
        );
        assert_eq!(dated("sin fecha"), "sin fecha");
    }

    #[test]
    fn a_tool_shows_its_input_and_its_result() {
        let calls = serde_json::json!([{ "id": "c1", "tool": "get_bank_balance", "input": {} }]);
        let results = serde_json::json!([{ "call_id": "c1", "ok": true }]);
        let html = tools(&calls, &results);
        assert!(html.contains("<strong>get_bank_balance</strong>"));
        assert!(html.contains("<dt>Entrada</dt><dd><pre>{}</pre></dd>"));
        assert!(html.contains("&quot;ok&quot;: true"));
    }
}
