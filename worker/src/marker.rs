//! The exactly-once marker of a Telegram update or a web `client_msg_id`:
//! what a redelivery is answered with, for a week.

use caja_core::time::iso_utc;
use serde::Deserialize;

use crate::store::{Arg, Db, rows};

/// How long an exactly-once marker holds. Telegram redelivers for far less
/// than this, and may reuse update ids after a week without updates.
pub const DEDUPE_TTL_MS: i64 = 7 * 24 * 60 * 60 * 1000;

#[derive(Deserialize)]
struct ProcessedRow {
    response: String,
}

/// The statement that finds a live exactly-once marker (one result).
pub fn find_processed(
    db: &Db,
    key: &str,
    now_ms: i64,
) -> worker::Result<worker::D1PreparedStatement> {
    db.stmt(
        "SELECT response FROM processed_updates WHERE update_key = ?1 AND created_at > ?2",
        &[Arg::Text(key), Arg::Text(&iso_utc(now_ms - DEDUPE_TTL_MS))],
    )
}

/// The stored response of a live marker among `result`'s rows.
pub fn processed_response(result: Option<&worker::D1Result>) -> worker::Result<Option<String>> {
    Ok(rows::<ProcessedRow>(result)?
        .into_iter()
        .next()
        .map(|r| r.response))
}

/// The statements that record `key` as processed with `response`: an
/// expired marker of the same key is replaced; a live one fails the batch
/// (another request got there first).
pub fn mark_processed(
    db: &Db,
    key: &str,
    user_id: &str,
    response: &str,
    now_ms: i64,
) -> worker::Result<Vec<worker::D1PreparedStatement>> {
    let now_iso = iso_utc(now_ms);
    Ok(vec![
        db.stmt(
            "DELETE FROM processed_updates WHERE update_key = ?1 AND created_at <= ?2",
            &[Arg::Text(key), Arg::Text(&iso_utc(now_ms - DEDUPE_TTL_MS))],
        )?,
        db.stmt(
            "INSERT INTO processed_updates (update_key, user_id, response, created_at) VALUES (?1, ?2, ?3, ?4)",
            &[Arg::Text(key), Arg::Text(user_id), Arg::Text(response), Arg::Text(&now_iso)],
        )?,
    ])
}
