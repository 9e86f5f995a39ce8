//! Caja's Cloudflare Worker: the authority for what is written. It runs the
//! `caja-core` agent next to D1, serves the Telegram webhook and the JSON API
//! for the web UI, and serves the built web UI as static assets.
//!
//! `#[event(fetch)]` dispatches by path; one module per resource, handlers
//! named `handle_*`.

mod api;
mod auth;
mod config;
mod deliver;
mod error;
mod export;
mod health;
mod marker;
mod plans;
mod record;
mod retention;
mod review;
mod schedule;
mod shards;
mod store;
mod telegram;
mod testing;
mod tools;
mod turn;

use error::{ApiError, respond};
use worker::{
    Context, Env, MessageBatch, Method, Request, Response, ScheduleContext, ScheduledEvent, event,
};

/// The Cron Trigger: what is due goes on the reminders queue. Its `now` is
/// the event's scheduled time (tests set it), never the wall clock.
#[event(scheduled)]
async fn scheduled(event: ScheduledEvent, env: Env, _ctx: ScheduleContext) {
    let now = event.schedule() as i64;
    if let Err(error) = schedule::run(&env, now).await {
        worker::console_error!("scheduled run failed: {error}");
    }
    // Apart: a failed reminders run never keeps what expired.
    if let Err(error) = retention::run(&env, now).await {
        worker::console_error!("retention run failed: {error}");
    }
}

/// The reminders queue and its dead-letter queue.
#[event(queue)]
async fn queue(
    batch: MessageBatch<schedule::Ticket>,
    env: Env,
    _ctx: Context,
) -> worker::Result<()> {
    deliver::handle(batch, &env).await
}

#[event(fetch)]
async fn fetch(req: Request, env: Env, _ctx: Context) -> worker::Result<Response> {
    let path = req.path();
    let method = req.method();
    if path == "/health" {
        return match method {
            Method::Get => health::handle_health(&env).await,
            _ => ApiError::MethodNotAllowed.response(),
        };
    }
    if path == "/api/format" && method == Method::Get {
        return health::handle_format(&req);
    }
    // The directory; a handler finds the person's shard from it.
    let db = match shards::directory(&env) {
        Ok(db) => db,
        Err(_) => return ApiError::Db.response(),
    };
    if review::owns(&path) {
        return respond(review::handle(req, &env, &db).await);
    }
    let result = match (method.clone(), path.as_str()) {
        (Method::Post, "/telegram/webhook") => telegram::handle_webhook(req, &env, &db).await,
        (Method::Post, "/api/login") => api::handle_login(req, &env, &db).await,
        (Method::Post, "/api/logout") => api::handle_logout(req, &env, &db).await,
        (Method::Post, "/api/dev/login-link") => api::handle_dev_login(req, &env, &db).await,
        (Method::Post, "/api/chat") => api::handle_chat(req, &env, &db).await,
        (Method::Get, "/api/state") => api::handle_state(req, &env, &db).await,
        (Method::Get, "/api/history") => api::handle_history(req, &env, &db).await,
        (Method::Get, "/api/transactions") => api::handle_transactions(req, &env, &db).await,
        (Method::Get, "/api/summary") => api::handle_summary(req, &env, &db).await,
        (Method::Get, "/api/budget") => api::handle_budget(req, &env, &db).await,
        (Method::Get, "/api/debts") => api::handle_debts(req, &env, &db).await,
        (Method::Get, "/api/balance") => api::handle_balance(req, &env, &db).await,
        (Method::Get, "/api/audit") => api::handle_audit(req, &env, &db).await,
        (Method::Get, "/api/contacts") => api::handle_contacts(req, &env, &db).await,
        (Method::Get, "/api/payment-requests") => {
            api::handle_payment_requests(req, &env, &db).await
        }
        (Method::Get, "/api/recurring") => plans::handle_recurring(req, &env, &db).await,
        (Method::Get, "/api/reminders") => plans::handle_reminders(req, &env, &db).await,
        (Method::Get, "/api/export.csv") => export::handle_csv(req, &env, &db).await,
        (Method::Get, "/api/export.zip") => export::handle_zip(req, &env, &db).await,
        (Method::Get, "/api/test/last-turn") => testing::handle_last_turn(req, &env, &db).await,
        (Method::Get, "/api/test/rows") => testing::handle_rows(req, &env, &db).await,
        (Method::Get | Method::Post, "/api/test/reminders") => {
            testing::handle_reminders(req, &env).await
        }
        (_, path) if KNOWN_ROUTES.contains(&path) => Err(ApiError::MethodNotAllowed),
        _ => Err(ApiError::NotFound),
    };
    respond(result)
}

const KNOWN_ROUTES: &[&str] = &[
    "/telegram/webhook",
    "/api/login",
    "/api/logout",
    "/api/dev/login-link",
    "/api/chat",
    "/api/state",
    "/api/history",
    "/api/transactions",
    "/api/summary",
    "/api/budget",
    "/api/debts",
    "/api/balance",
    "/api/audit",
    "/api/contacts",
    "/api/payment-requests",
    "/api/recurring",
    "/api/reminders",
    "/api/export.csv",
    "/api/export.zip",
    "/api/test/last-turn",
    "/api/test/reminders",
    "/api/test/rows",
    "/api/format",
];
