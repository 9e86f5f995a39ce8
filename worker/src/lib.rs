//! Caja's Cloudflare Worker: the HTTP edge in front of D1.
//!
//! `#[event(fetch)]` builds the router; one module per resource, handlers
//! named `handle_*`.

mod error;
mod health;

use worker::{Context, Env, Request, Response, Router, event};

#[event(fetch)]
async fn fetch(req: Request, env: Env, _ctx: Context) -> worker::Result<Response> {
    Router::new()
        .get_async("/health", health::handle_health)
        .get("/api/format", health::handle_format)
        .run(req, env)
        .await
}
