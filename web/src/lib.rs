//! Caja's web chat: Leptos components over plain, testable types.
//!
//! The app talks to the Worker with gloo-net (`api`) and keeps what must
//! survive a reload in IndexedDB (`store`).

pub mod api;
pub mod store;

mod app;

pub use app::App;

#[cfg(test)]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
