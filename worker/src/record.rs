//! The stored turns (`turns`, one row per turn: `caja_core::review::TurnRecord`)
//! read back as events, the one record of a conversation; the review, the
//! audit records, the web's history and the export are read from them.
//!
//! A record is stored as its JSON deflated (a BLOB): a turn's events
//! repeat their keys and values, and deflate takes them down to about a
//! third. Records written by SQL (a thread's turn 0, the migration of the
//! old events) are JSON text; both are read.

use caja_core::review::{Event, TurnRecord};
use caja_core::time::iso_utc;
use serde::Deserialize;
use serde_bytes::ByteBuf;

use crate::store::{Arg, Db};

/// One stored turn.
#[derive(Deserialize)]
pub struct TurnRow {
    pub turn: i64,
    /// The turn's `now` (ms, UTC).
    pub at: i64,
    /// The record as JSON text, or deflated.
    pub text: Option<String>,
    pub packed: Option<ByteBuf>,
}

/// The columns a [`TurnRow`] reads.
pub const TURN_COLUMNS: &str = "turn, at, \
    CASE WHEN typeof(record) = 'text' THEN record END AS text, \
    CASE WHEN typeof(record) = 'blob' THEN record END AS packed";

/// Most bytes a stored record inflates to (a turn's events are a few KB).
const MAX_RECORD_BYTES: usize = 4 << 20;

/// A turn's record as stored: its JSON, deflated.
pub fn pack(record: &TurnRecord) -> Vec<u8> {
    let json = serde_json::to_vec(record).unwrap_or_default();
    miniz_oxide::deflate::compress_to_vec(&json, 9)
}

impl TurnRow {
    /// The turn's events; what cannot be read is reported and left out.
    pub fn events(&self) -> Vec<Event> {
        let Ok(turn) = u64::try_from(self.turn) else {
            return Vec::new();
        };
        let read = match (&self.text, &self.packed) {
            (Some(text), _) => serde_json::from_str(text).map_err(|e| e.to_string()),
            (None, Some(packed)) => {
                miniz_oxide::inflate::decompress_to_vec_with_limit(packed, MAX_RECORD_BYTES)
                    .map_err(|e| format!("{:?}", e.status))
                    .and_then(|json| serde_json::from_slice(&json).map_err(|e| e.to_string()))
            }
            (None, None) => Err("empty".into()),
        };
        let record: TurnRecord = match read {
            Ok(record) => record,
            Err(error) => {
                worker::console_error!("unreadable record of turn {turn}: {error}");
                return Vec::new();
            }
        };
        let (events, unreadable) = record.events(turn, &iso_utc(self.at));
        if unreadable > 0 {
            worker::console_error!("{unreadable} unreadable events in turn {turn}");
        }
        events
    }
}

/// The turns of `thread` (of `user`, or anyone's when `Arg::Null`) after
/// turn `after`, oldest first, at most `limit`.
pub async fn turns(
    db: &Db,
    thread: &str,
    user: Arg<'_>,
    after: i64,
    limit: i64,
) -> worker::Result<Vec<TurnRow>> {
    db.all(db.stmt(
        &format!(
            "SELECT {TURN_COLUMNS} FROM turns WHERE thread_id = ?1 AND (?2 IS NULL OR user_id = ?2) \
             AND turn > ?3 ORDER BY turn LIMIT ?4"
        ),
        &[Arg::Text(thread), user, Arg::Int(after), Arg::Int(limit)],
    )?)
    .await
}

/// The newest `limit` turns of `thread` of `user`, oldest first.
pub async fn newest_turns(
    db: &Db,
    thread: &str,
    user: &str,
    limit: i64,
) -> worker::Result<Vec<TurnRow>> {
    let mut rows: Vec<TurnRow> = db
        .all(db.stmt(
            &format!(
                "SELECT {TURN_COLUMNS} FROM turns WHERE thread_id = ?1 AND user_id = ?2 AND turn > 0 \
                 ORDER BY turn DESC LIMIT ?3"
            ),
            &[Arg::Text(thread), Arg::Text(user), Arg::Int(limit)],
        )?)
        .await?;
    rows.reverse();
    Ok(rows)
}
