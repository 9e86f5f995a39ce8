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

use crate::api::query_param;
use crate::auth;
use crate::config;
use crate::error::{ApiError, ApiResult};
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
    let now = config::now_ms(&req, env);
    let user_id = auth::authenticate(db, &req, now)
        .await?
        .ok_or(ApiError::Unauthorized)?;
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
