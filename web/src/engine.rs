//! The engine (`caja-engine`): the core itself, built as a second wasm
//! module that the page loads after the chat is interactive (`boot.rs`),
//! so the first load carries the chat alone. Until it is ready the chat sends to the
//! Worker without a local prediction; once ready, predictions, the replay
//! of stored conversations and the diagrams call it synchronously.
//! Everything crosses as JSON strings.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

/// Where Trunk writes the engine's JavaScript module (`index.html`).
const ENGINE_URL: &str = "/caja-engine.js";

#[wasm_bindgen(inline_js = r#"
let engine = null;
let loading = null;
export function load_engine(url) {
  if (!loading) {
    loading = import(url).then(async (m) => { await m.default(); engine = m; return true; });
    loading.catch(() => { loading = null; });
  }
  return loading;
}
export function engine_call(name, a, b) {
  return engine ? engine[name](a, b) : undefined;
}
"#)]
extern "C" {
    fn load_engine(url: &str) -> js_sys::Promise;
    fn engine_call(name: &str, a: &str, b: &str) -> Option<String>;
}

/// Whether the engine can be called.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Engine {
    Loading,
    Ready,
    Failed,
}

impl Engine {
    pub(crate) fn attr(self) -> &'static str {
        match self {
            Engine::Loading => "loading",
            Engine::Ready => "ready",
            Engine::Failed => "failed",
        }
    }
}

/// Loads the engine once (a failed load is tried again on the next call)
/// and says when it is ready, without waiting for it.
pub(crate) fn load(signal: RwSignal<Engine>) {
    leptos::task::spawn_local(load_now(signal));
}

/// Loads the engine (once; a failed load is tried again on the next call)
/// and returns when it is ready or has failed.
pub(crate) async fn load_now(signal: RwSignal<Engine>) {
    if signal.get_untracked() == Engine::Ready {
        return;
    }
    signal.set(Engine::Loading);
    let loaded = wasm_bindgen_futures::JsFuture::from(load_engine(ENGINE_URL)).await;
    signal.set(if loaded.is_ok() {
        Engine::Ready
    } else {
        Engine::Failed
    });
}

/// Calls engine function `name`; `None` while it is not loaded.
fn call(name: &str, a: &str, b: &str) -> Option<String> {
    engine_call(name, a, b)
}

/// What the local core predicts for a message.
pub(crate) enum Prediction {
    /// The core answered without the Worker's data.
    Done {
        reply: String,
        suggestions: Vec<String>,
        state: Box<crate::state::WebState>,
    },
    /// The turn needs the Worker; `writes` when it would change data.
    NeedsWorker { writes: bool },
}

#[derive(serde::Deserialize)]
struct Predicted {
    done: bool,
    #[serde(default)]
    writes: bool,
    #[serde(default)]
    reply: String,
    #[serde(default)]
    suggestions: Vec<String>,
    #[serde(default)]
    state: Option<crate::state::WebState>,
}

/// The local prediction of `input` on `state`, or `None` while the engine
/// is not loaded (or could not read them).
pub(crate) fn predict(
    state: &crate::state::WebState,
    input: &caja_core::agent::TurnInput,
) -> Option<Prediction> {
    let input = serde_json::to_string(input).ok()?;
    let out: Predicted = serde_json::from_str(&call("predict", state.json(), &input)?).ok()?;
    Some(match (out.done, out.state) {
        (true, Some(state)) => Prediction::Done {
            reply: out.reply,
            suggestions: out.suggestions,
            state: Box::new(state),
        },
        _ => Prediction::NeedsWorker { writes: out.writes },
    })
}

/// The replay of a conversation's events (a JSON array), as the engine
/// gives it (`{"turns","sessions"}` or `{"error"}`), its times in `zone`.
pub(crate) fn replay(events: &str, zone: &str) -> Option<String> {
    call("replay", events, zone)
}

/// The SVG of diagram `id` with `marks` (JSON) drawn on it.
pub(crate) fn diagram_svg(id: &str, marks: &str) -> Option<String> {
    call("diagram_svg", id, marks)
}

/// A turn's tool calls and results (JSON arrays) as the debug panel's
/// list.
pub(crate) fn tools_html(calls: &str, results: &str) -> Option<String> {
    call("tools_html", calls, results)
}

/// The marks of a live state (JSON), for the debug panel's diagram.
pub(crate) fn state_marks(state: &str) -> Option<String> {
    call("state_marks", state, "")
}
