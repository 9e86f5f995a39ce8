//! What expires, removed by the scheduled handler with the event's time
//! as `now`, a bounded batch per table per run (the next run goes on):
//!
//! - a turn's record (its events: the message, the audit, the reply) once
//!   it is `KEPT_DAYS` old (180 by default); a conversation that lost its
//!   first turns no longer replays, and its review says turns were
//!   removed;
//! - exactly-once markers after 7 days, login links and web sessions once
//!   expired, reminders' outbox rows once closed and `KEPT_DAYS` old.
//!
//! The ledger, budgets, debts, cobros, contacts, recurring items,
//! transfers and the session itself never expire.

use caja_core::limits::RETENTION_BATCH;
use caja_core::time::iso_utc;
use worker::Env;

use crate::config;
use crate::marker::DEDUPE_TTL_MS;
use crate::store::{Arg, Db};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// One run at `now`.
pub async fn run(env: &Env, now: i64) -> worker::Result<()> {
    let db = Db::new(env.d1("DB")?);
    let kept = now - config::kept_days(env) * DAY_MS;
    let now_iso = iso_utc(now);
    let markers_iso = iso_utc(now - DEDUPE_TTL_MS);
    // (table, row key, column, older than this, and more conditions).
    let expiring: [(&str, &str, &str, Arg, &str); 5] = [
        ("turns", "rowid", "at", Arg::Int(kept), ""),
        (
            "processed_updates",
            "rowid",
            "created_at",
            Arg::Text(&markers_iso),
            "",
        ),
        (
            "login_tokens",
            "rowid",
            "expires_at",
            Arg::Text(&now_iso),
            "",
        ),
        ("sessions", "rowid", "expires_at", Arg::Text(&now_iso), ""),
        (
            "reminders",
            "rowid",
            "queued_at",
            Arg::Int(kept),
            " AND status NOT IN ('queued', 'sending')",
        ),
    ];
    let mut statements = Vec::new();
    for (table, key, column, cutoff, more) in expiring {
        statements.push(db.stmt(
            &format!(
                "DELETE FROM {table} WHERE {key} IN (SELECT {key} FROM {table} WHERE {column} < ?1{more} LIMIT ?2)"
            ),
            &[cutoff, Arg::Int(RETENTION_BATCH)],
        )?);
    }
    db.batch(statements).await?;
    Ok(())
}
