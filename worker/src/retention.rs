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
use crate::shards;
use crate::store::{Arg, Db};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// One run at `now`: every shard, then the directory.
pub async fn run(env: &Env, now: i64) -> worker::Result<()> {
    let mut failed = Ok(());
    for (index, db) in shards::all(env)?.iter().enumerate() {
        if let Err(error) = expire_shard(env, db, now).await {
            worker::console_error!("retention of shard {index} failed: {error}");
            failed = Err(error);
        }
    }
    let directory = shards::directory(env)?;
    let now_iso = iso_utc(now);
    let expiring: [(&str, &str, &str, Arg, &str); 2] = [
        (
            "login_tokens",
            "rowid",
            "expires_at",
            Arg::Text(&now_iso),
            "",
        ),
        ("sessions", "rowid", "expires_at", Arg::Text(&now_iso), ""),
    ];
    expire(&directory, &expiring).await?;
    failed
}

/// A shard's expired turns, markers and closed reminders.
async fn expire_shard(env: &Env, db: &Db, now: i64) -> worker::Result<()> {
    let kept = now - config::kept_days(env) * DAY_MS;
    let markers_iso = iso_utc(now - DEDUPE_TTL_MS);
    // (table, row key, column, older than this, and more conditions).
    let expiring: [(&str, &str, &str, Arg, &str); 3] = [
        ("turns", "rowid", "at", Arg::Int(kept), ""),
        (
            "processed_updates",
            "rowid",
            "created_at",
            Arg::Text(&markers_iso),
            "",
        ),
        (
            "reminders",
            "rowid",
            "queued_at",
            Arg::Int(kept),
            " AND status NOT IN ('queued', 'sending')",
        ),
    ];
    expire(db, &expiring).await
}

/// Deletes a bounded batch of each (table, row key, column, cutoff, more
/// conditions).
async fn expire(db: &Db, expiring: &[(&str, &str, &str, Arg<'_>, &str)]) -> worker::Result<()> {
    let mut statements = Vec::new();
    for &(table, key, column, cutoff, more) in expiring {
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
