//! Caja's web chat: Leptos components over plain, testable types. It runs
//! the same `caja-core` in the browser to predict replies at once; the
//! Worker's answer is the authority.
//!
//! `api` talks to the Worker (gloo-net), `store` keeps what must survive a
//! reload in IndexedDB, `model` holds the chat's data and logic; the
//! components are `app` (shell), `chat`, `month`, `cobros`, `plans` (fixed
//! payments ahead, reminders), `review` and `debug` (`fields` reads untyped
//! JSON), with `diagram` for the engine's drawings; `engine` loads the
//! core itself, `boot` decides what waits until
//! the chat is shown; `text` has the UI's Spanish words.

pub mod api;
pub mod model;
pub mod state;
pub mod store;
pub mod text;

mod app;
mod boot;
mod chat;
mod cobros;
mod debug;
mod diagram;
mod engine;
mod fields;
mod month;
mod plans;
mod review;

pub use app::App;

#[cfg(test)]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
