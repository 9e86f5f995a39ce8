//! What the first load leaves for later. The chat needs the app module, the
//! session and the stored conversation; everything else (the engine, the
//! offline shell of the service worker) waits until the chat is shown and
//! the browser is idle, so that it never competes with the first load for
//! the network or the processor. A service worker registered at once would
//! download the app module a second time, and the engine with it, during
//! the first load.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(inline_js = r#"
export function when_idle() {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 200);
  });
}
export function register_shell() {
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js').catch(() => {});
}
"#)]
extern "C" {
    fn when_idle() -> js_sys::Promise;
    fn register_shell();
}

/// Resolves once the browser has nothing more urgent to do (at most a
/// second later).
pub(crate) async fn idle() {
    let _ = wasm_bindgen_futures::JsFuture::from(when_idle()).await;
}

/// Registers the service worker that keeps the app shell for offline use
/// (`public/sw.js`).
pub(crate) fn register_service_worker() {
    register_shell();
}
