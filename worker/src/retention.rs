//! What expires, removed by the scheduled handler with the event's time
//! as `now`, a bounded batch per table per run (the next run goes on):
//!
//! - a conversation's record once it has been quiet for `KEPT_DAYS` (180
//!   by default): all its events at once (never part of them: a record
//!   replays from its start, and the next message starts a new record
//!   from the stored session), and its audit records and messages older
//!   than that;
//! - exactly-once markers after 7 days, login links and web sessions once
//!   expired, reminders' outbox rows once closed and `KEPT_DAYS` old.
//!
//! The ledger, budgets, debts, cobros, contacts, recurring items,
//! transfers and the session itself never expire.

use caja_core::limits::RETENTION_BATCH;
use caja_core::time::iso_utc;
use worker::Env;

use crate::config;
use crate::store::{Arg, Db};
use crate::turn::DEDUPE_TTL_MS;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// One run at `now`.
pub async fn run(env: &Env, now: i64) -> worker::Result<()> {
    let db = Db::new(env.d1("DB")?);
    let kept = now - config::kept_days(env) * DAY_MS;
    let (kept_iso, now_iso) = (iso_utc(kept), iso_utc(now));
    let markers_iso = iso_utc(now - DEDUPE_TTL_MS);
    // (table, row key, column, older than this, and more conditions).
    let expiring: [(&str, &str, &str, Arg, &str); 6] = [
        ("audit_records", "id", "at", Arg::Text(&kept_iso), ""),
        ("messages", "id", "at", Arg::Text(&kept_iso), ""),
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
    // Whole records of threads quiet since before `kept`.
    let mut statements = vec![db.stmt(
        "DELETE FROM events WHERE thread_id IN (SELECT thread_id FROM events GROUP BY thread_id \
         HAVING MAX(at) < ?1 LIMIT ?2)",
        &[Arg::Text(&kept_iso), Arg::Int(RETENTION_BATCH)],
    )?];
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
