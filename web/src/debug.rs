//! The authoritative state, the trace and the tool calls of the last turn,
//! for developers (`?debug=1` or the menu).

use leptos::prelude::*;

use crate::app::Ctx;
use crate::text;

/// The authoritative state, the trace and the tool calls of the last turn.
#[component]
pub(crate) fn DebugPanel() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let pretty =
        |value: serde_json::Value| serde_json::to_string_pretty(&value).unwrap_or_default();
    view! {
        <section class="debug" data-testid="debug-panel" aria-label=text::NAV_DEBUG>
            <h2>{text::DEBUG_STATE}</h2>
            <pre data-testid="debug-state">{move || pretty(serde_json::to_value(ctx.app.with(|a| a.server_state.clone())).unwrap_or_default())}</pre>
            <h2>{text::DEBUG_TRACE}</h2>
            <ol data-testid="debug-trace">
                {move || ctx.last_reply.get().map(|r| r.trace.steps.into_iter().map(|s| view! {
                    <li>{format!("{} —{}→ {} {}", s.node, s.edge, s.to, s.reason)}</li>
                }).collect_view())}
            </ol>
            <h2>{text::DEBUG_TOOLS}</h2>
            <pre data-testid="debug-tools">{move || ctx.last_reply.get().map(|r| pretty(serde_json::json!({ "calls": r.tool_calls, "results": r.tool_results }))).unwrap_or_default()}</pre>
        </section>
    }
}
