//! The authoritative state, the trace, the tool calls of the last turn and
//! the diagram the conversation stands in (its state highlighted), for
//! developers (`?debug=1` or the menu).

use leptos::prelude::*;

use caja_core::agent::text::review as words;

use crate::app::Ctx;
use crate::diagram::Diagram;
use crate::engine::{self, Engine};
use crate::text;

/// The diagram the conversation stands in, its current state highlighted
/// (once the engine is loaded).
fn live_diagram(ctx: Ctx) -> String {
    if ctx.engine.get() != Engine::Ready {
        return String::new();
    }
    let state = ctx
        .app
        .with(|a| serde_json::to_string(&a.server_state).unwrap_or_default());
    let Some(marks) = engine::state_marks(&state) else {
        return String::new();
    };
    let id = serde_json::from_str::<serde_json::Value>(&marks)
        .ok()
        .and_then(|m| m["diagram"].as_str().map(str::to_string))
        .unwrap_or_default();
    engine::diagram_svg(&id, &marks).unwrap_or_default()
}

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
                    <li>{words::trace_step(&s.node, &s.edge, &s.to, &s.reason)}</li>
                }).collect_view())}
            </ol>
            <h2>{words::REVIEW_FLOW}</h2>
            <Diagram svg=Signal::derive(move || live_diagram(ctx)) label=words::REVIEW_FLOW testid="debug-diagram" />
            <h2>{text::DEBUG_TOOLS}</h2>
            // Each tool with its input and its result, written by the engine.
            <ol data-testid="debug-tools" class="tools" inner_html=move || {
                let ready = ctx.engine.get() == Engine::Ready;
                ctx.last_reply.get().filter(|_| ready).and_then(|r| engine::tools_html(&r.tool_calls.to_string(), &r.tool_results.to_string())).unwrap_or_default()
            }></ol>
        </section>
    }
}
