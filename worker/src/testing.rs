//! Test-only reads, answered only while `ALLOW_TEST_CLOCK` is `"true"`
//! (never in production; 403 otherwise). The gate cannot be tested end to
//! end: the test server runs with the flag on.
//!
//! `GET /api/test/last-turn?thread=` lets the end-to-end tests replay the
//! conversation transcripts over the Telegram webhook and check what
//! `/api/chat` answers with: the thread's committed checkpoint (version and
//! state, read from D1) and the tool calls and routing chain of the turn
//! that committed it. A Telegram chat's thread (`tg:{chat}`) is not
//! reachable otherwise: the web session that `/web` signs in to reads the
//! user's `web:` thread only, and D1 keeps neither a turn's tool inputs
//! nor its chain. The caller signs in as the Telegram user (`/web`, then
//! `/api/login`); every read is scoped by the session's user, so another
//! user's thread reads as not found.
//!
//! The tool calls and chain of Telegram turns are kept in this isolate's
//! memory with the checkpoint version they committed (`turn` is null for
//! web threads); the answer carries both versions so a test sees when they
//! do not belong together.

use std::cell::RefCell;
use std::collections::HashMap;

use serde_json::{Value, json};
use worker::{Env, Request, Response};

use crate::api::Session;
use crate::api::query_param;
use crate::config;
use crate::error::{ApiError, ApiResult};
use crate::shards;
use crate::store::{Arg, Db};
use crate::turn::{CheckpointRow, TurnOutcome};

/// Most threads remembered in one isolate.
const LIMIT: usize = 2_000;

struct LastTurn {
    user_id: String,
    version: i64,
    tool_calls: Value,
    chain: Value,
}

thread_local! {
    static LAST_TURNS: RefCell<HashMap<String, LastTurn>> = RefCell::new(HashMap::new());
}

/// Remembers a committed turn of `thread_id` (test mode only).
pub fn remember(env: &Env, thread_id: &str, user_id: &str, outcome: &TurnOutcome) {
    let TurnOutcome::Done {
        output, version, ..
    } = outcome
    else {
        return;
    };
    if !config::test_mode(env) {
        return;
    }
    let turn = LastTurn {
        user_id: user_id.to_string(),
        version: *version,
        tool_calls: serde_json::to_value(&output.tool_calls).unwrap_or_default(),
        chain: serde_json::to_value(&output.chain).unwrap_or_default(),
    };
    LAST_TURNS.with(|turns| {
        let mut turns = turns.borrow_mut();
        if turns.len() >= LIMIT && !turns.contains_key(thread_id) {
            turns.clear();
        }
        turns.insert(thread_id.to_string(), turn);
    });
}

/// `GET /api/test/last-turn?thread=`: `{thread, version, state, turn:
/// {version, tool_calls, chain} | null}` for one of the session user's
/// threads.
pub async fn handle_last_turn(req: Request, env: &Env, db: &Db) -> ApiResult {
    if !config::test_mode(env) {
        return Err(ApiError::TestOnly);
    }
    let Session {
        user_id, db: shard, ..
    } = Session::of(&req, env, db).await?;
    let db = &shard;
    let thread = query_param(&req, "thread")
        .filter(|t| !t.is_empty())
        .ok_or(ApiError::BadRequest)?;
    let row: CheckpointRow = db
        .first(db.stmt(
            "SELECT version, state FROM checkpoints WHERE thread_id = ?1 AND user_id = ?2",
            &[Arg::Text(&thread), Arg::Text(&user_id)],
        )?)
        .await?
        .ok_or(ApiError::NotFound)?;
    let state: Value = serde_json::from_str(&row.state).map_err(|_| ApiError::Db)?;
    let turn = LAST_TURNS.with(|turns| {
        turns
            .borrow()
            .get(&thread)
            .filter(|t| t.user_id == user_id)
            .map(|t| json!({ "version": t.version, "tool_calls": t.tool_calls, "chain": t.chain }))
    });
    Response::from_json(&json!({
        "thread": thread,
        "version": row.version,
        "state": state,
        "turn": turn,
    }))
    .map_err(ApiError::from)
}

/// `GET /api/test/reminders?user=`: the outbox rows of one person, and
/// whether Telegram refused them (`blocked_at`). `POST` with `now` puts
/// every one of their reminders on the queue again, as a redelivery
/// would: a duplicate ticket must never send twice.
pub async fn handle_reminders(mut req: Request, env: &Env) -> ApiResult {
    if !config::test_mode(env) {
        return Err(ApiError::TestOnly);
    }
    let user = query_param(&req, "user")
        .filter(|u| !u.is_empty())
        .ok_or(ApiError::BadRequest)?;
    let db = &shards::for_user(env, &user)?;
    #[derive(serde::Deserialize, serde::Serialize)]
    struct Row {
        kind: String,
        #[serde(rename = "ref")]
        reference: String,
        period: String,
        status: String,
        attempts: i64,
        duplicates: i64,
        text: String,
        share: Option<String>,
        error: Option<String>,
    }
    let rows: Vec<Row> = db
        .all(db.stmt(
            "SELECT kind, ref, period, status, attempts, duplicates, text, share, error FROM reminders WHERE user_id = ?1 ORDER BY created_at, kind, ref, period",
            &[Arg::Text(&user)],
        )?)
        .await?;
    if req.method() == worker::Method::Post {
        let body: Value = req.json().await.map_err(|_| ApiError::BadRequest)?;
        let now = body["now"].as_i64().ok_or(ApiError::BadRequest)?;
        let tickets: Vec<crate::schedule::Ticket> = rows
            .iter()
            .map(|r| crate::schedule::Ticket {
                user_id: user.clone(),
                kind: r.kind.clone(),
                reference: r.reference.clone(),
                period: r.period.clone(),
                now,
            })
            .collect();
        let queue = env.queue(crate::schedule::QUEUE)?;
        if !tickets.is_empty() {
            queue.send_batch(tickets).await?;
        }
    }
    #[derive(serde::Deserialize)]
    struct Blocked {
        reminders_blocked_at: Option<String>,
    }
    let blocked: Option<Blocked> = db
        .first(db.stmt(
            "SELECT reminders_blocked_at FROM users WHERE id = ?1",
            &[Arg::Text(&user)],
        )?)
        .await?;
    Response::from_json(&json!({
        "reminders": rows,
        "blocked_at": blocked.and_then(|b| b.reminders_blocked_at),
    }))
    .map_err(ApiError::from)
}

/// `GET /api/test/rows?user=`: every table of the schema (from
/// `sqlite_master`), and for each one with a column naming a person
/// (`user_id`, or `id` in `users`) how many rows are that person's, summed
/// over the directory and every shard. `{"shard", "shards": [counts per
/// database]}` with `by_shard=1`: the person's shard, and each shard's
/// counts in order.
pub async fn handle_rows(req: Request, env: &Env, directory: &Db) -> ApiResult {
    if !config::test_mode(env) {
        return Err(ApiError::TestOnly);
    }
    let user = query_param(&req, "user")
        .filter(|u| !u.is_empty())
        .ok_or(ApiError::BadRequest)?;
    let shards = shards::all(env)?;
    if query_param(&req, "by_shard").as_deref() == Some("1") {
        let mut each = Vec::new();
        for db in &shards {
            each.push(Value::Object(counts(db, &user).await?));
        }
        let shard = shards::index_of(&user, shards::count(env)?);
        return Response::from_json(&json!({ "shard": shard, "shards": each }))
            .map_err(ApiError::from);
    }
    let mut out = counts(directory, &user).await?;
    for db in &shards {
        for (table, count) in counts(db, &user).await? {
            let sum = match (out.get(&table).and_then(Value::as_i64), count.as_i64()) {
                (Some(a), Some(b)) => json!(a + b),
                (a, b) => json!(a.or(b)),
            };
            out.insert(table, sum);
        }
    }
    Response::from_json(&Value::Object(out)).map_err(ApiError::from)
}

/// One database's tables, each with the person's row count (null for a
/// table that names nobody).
async fn counts(db: &Db, user: &str) -> worker::Result<serde_json::Map<String, Value>> {
    #[derive(serde::Deserialize)]
    struct Table {
        name: String,
        sql: Option<String>,
    }
    #[derive(serde::Deserialize)]
    struct Count {
        n: i64,
    }
    let tables: Vec<Table> = db
        .all(db.stmt(
            "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name",
            &[],
        )?)
        .await?;
    let mut out = serde_json::Map::new();
    for table in tables {
        let sql = table.sql.unwrap_or_default();
        let column = if table.name == "users" {
            Some("id")
        } else if sql.contains("user_id") {
            Some("user_id")
        } else {
            None
        };
        let count = match column {
            Some(column) => db
                .first::<Count>(db.stmt(
                    &format!(
                        "SELECT COUNT(*) AS n FROM \"{}\" WHERE {column} = ?1",
                        table.name
                    ),
                    &[Arg::Text(user)],
                )?)
                .await?
                .map(|c| c.n),
            None => None,
        };
        out.insert(table.name, json!(count));
    }
    Ok(out)
}
