//! Conversation review (seed 004): the signed-in user's conversations, one
//! conversation's turns and final state, its events, and its replay through
//! the core in this Worker. The same routes under `/api/operator/` read
//! every user's conversations, only with the operator secret (off unless
//! `OPERATOR_SECRET` is set); they only read, and every request to them is
//! recorded in `operator_access`.
//!
//! Every query is scoped: by the session's user, or by nothing for the
//! operator. Pages are bounded and named by opaque cursors.

use caja_core::agent::state::AgentState;
use caja_core::review::{self, Conversation, Event, EventKind, MAX_REVIEW_TURNS};
use serde::Deserialize;
use serde_json::{Value, json};
use worker::{Env, Request, Response};

use crate::api::{Session, query_param};
use crate::config;
use crate::error::{ApiError, ApiResult};
use crate::record::{self, TurnRow};
use crate::shards;
use crate::store::{Arg, Db};

/// Conversations per page: default and most.
const LIST_DEFAULT: i64 = 20;
const LIST_MAX: i64 = 100;
/// Events per page: default and most.
const EVENTS_DEFAULT: i64 = 500;
const EVENTS_MAX: i64 = 2_000;
/// Longest conversation id (thread id) accepted.
const MAX_ID_CHARS: usize = 120;

/// Whose conversations a request may read.
enum Scope {
    User(String),
    Operator,
}

impl Scope {
    /// The user id a query is bound to; the operator's matches every row.
    fn user(&self) -> Arg<'_> {
        match self {
            Scope::User(id) => Arg::Text(id),
            Scope::Operator => Arg::Null,
        }
    }
}

/// What a review route asks for, parsed from its path.
enum Route {
    List,
    Detail(String),
    Events(String),
    Replay(String),
    Access,
}

/// Whether `path` is one of this module's routes.
pub fn owns(path: &str) -> bool {
    path == "/api/conversations"
        || path.starts_with("/api/conversations/")
        || path.starts_with("/api/operator/")
}

/// Serves `/api/conversations…` and `/api/operator/…`.
pub async fn handle(req: Request, env: &Env, directory: &Db) -> ApiResult {
    let path = req.path();
    let (operator, rest) = match path.strip_prefix("/api/operator/") {
        Some(rest) => (true, rest),
        None => (false, path.strip_prefix("/api/").unwrap_or_default()),
    };
    let route = parse_route(rest, operator).ok_or(ApiError::NotFound)??;
    serve(req, env, directory, operator, route).await
}

/// `None`: not a review path; `Some(Err)`: a review path with a bad id.
fn parse_route(rest: &str, operator: bool) -> Option<Result<Route, ApiError>> {
    if operator && rest == "access" {
        return Some(Ok(Route::Access));
    }
    let tail = rest.strip_prefix("conversations")?;
    if tail.is_empty() {
        return Some(Ok(Route::List));
    }
    let tail = tail.strip_prefix('/')?;
    let (id, what) = match tail.rsplit_once('/') {
        Some((id, what @ ("events" | "replay"))) => (id, what),
        _ => (tail, ""),
    };
    let id = match conversation_id(id) {
        Some(id) => id,
        None => return Some(Err(ApiError::BadRequest)),
    };
    Some(Ok(match what {
        "events" => Route::Events(id),
        "replay" => Route::Replay(id),
        _ => Route::Detail(id),
    }))
}

/// A thread id from a path segment (percent-decoded): letters, digits and
/// `:_.@-`, at most [`MAX_ID_CHARS`].
fn conversation_id(segment: &str) -> Option<String> {
    let mut bytes = Vec::with_capacity(segment.len());
    let mut it = segment.bytes();
    while let Some(b) = it.next() {
        if b == b'%' {
            let hi = it.next()?;
            let lo = it.next()?;
            bytes.push(u8::from_str_radix(std::str::from_utf8(&[hi, lo]).ok()?, 16).ok()?);
        } else {
            bytes.push(b);
        }
    }
    let id = String::from_utf8(bytes).ok()?;
    let valid = !id.is_empty()
        && id.chars().count() <= MAX_ID_CHARS
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || ":_.@-".contains(c));
    valid.then_some(id)
}

async fn serve(req: Request, env: &Env, directory: &Db, operator: bool, route: Route) -> ApiResult {
    if req.method() != worker::Method::Get {
        return Err(ApiError::MethodNotAllowed);
    }
    // Where the scope's conversations are: the person's shard, or every
    // shard for the operator.
    let (scope, dbs) = if operator {
        (
            operator_scope(&req, env, directory).await?,
            shards::all(env)?,
        )
    } else {
        let session = Session::of(&req, env, directory).await?;
        (Scope::User(session.user_id), vec![session.db])
    };
    match route {
        Route::List => list(&req, &dbs, &scope, crate::config::kept_days(env)).await,
        Route::Detail(id) => {
            let (db, row) = locate(&dbs, &scope, &id).await?;
            detail(db, row, &scope, &id).await
        }
        Route::Events(id) => {
            let (db, row) = locate(&dbs, &scope, &id).await?;
            events_page(&req, db, row, &id).await
        }
        Route::Replay(id) => {
            let (db, row) = locate(&dbs, &scope, &id).await?;
            replay(db, row, &id).await
        }
        Route::Access => access_log(&req, directory).await,
    }
}

/// The shard that holds the thread within the scope, and its checkpoint;
/// 404 when none does.
async fn locate<'d>(
    dbs: &'d [Db],
    scope: &Scope,
    id: &str,
) -> Result<(&'d Db, CheckpointRow), ApiError> {
    for db in dbs {
        if let Some(row) = checkpoint(db, scope, id).await? {
            return Ok((db, row));
        }
    }
    Err(ApiError::NotFound)
}

/// The operator view: absent (404) unless `OPERATOR_SECRET` is set; the
/// secret in `X-Caja-Operator`, compared in constant time. Every request is
/// recorded, allowed or not.
async fn operator_scope(req: &Request, env: &Env, db: &Db) -> Result<Scope, ApiError> {
    let Some(secret) = config::operator_secret(env) else {
        return Err(ApiError::NotFound);
    };
    let allowed = crate::auth::header_holds_secret(req, "X-Caja-Operator", &secret);
    let path: String = req.path().chars().take(300).collect();
    db.run(db.stmt(
        "INSERT INTO operator_access (at, path, allowed) VALUES (?1, ?2, ?3)",
        &[
            Arg::Text(&caja_core::time::iso_utc(config::now_ms(req, env))),
            Arg::Text(&path),
            Arg::Int(i64::from(allowed)),
        ],
    )?)
    .await?;
    if allowed {
        Ok(Scope::Operator)
    } else {
        Err(ApiError::Unauthorized)
    }
}

/// `limit=` within `1..=max` (absent: `default`); anything else is a 400.
fn limit(req: &Request, default: i64, max: i64) -> Result<i64, ApiError> {
    match query_param(req, "limit") {
        None => Ok(default),
        Some(text) => match text.parse::<i64>() {
            Ok(n) if (1..=max).contains(&n) => Ok(n),
            _ => Err(ApiError::BadRequest),
        },
    }
}

/// An opaque cursor: the hex of the position's parts joined by a newline.
fn cursor_of(parts: &[&str]) -> String {
    hex::encode(parts.join("\n"))
}

/// A cursor's parts, or a 400 when it is not one of ours.
fn cursor_parts(req: &Request, count: usize) -> Result<Option<Vec<String>>, ApiError> {
    let Some(text) = query_param(req, "cursor") else {
        return Ok(None);
    };
    let bytes = hex::decode(text.as_bytes()).map_err(|_| ApiError::BadRequest)?;
    let text = String::from_utf8(bytes).map_err(|_| ApiError::BadRequest)?;
    let parts: Vec<String> = text.split('\n').map(str::to_string).collect();
    if parts.len() != count || parts.iter().any(String::is_empty) {
        return Err(ApiError::BadRequest);
    }
    Ok(Some(parts))
}

#[derive(Deserialize)]
struct CheckpointRow {
    thread_id: String,
    user_id: String,
    version: i64,
    state: String,
    updated_at: String,
}

/// Where the thread is written: the web, a private Telegram chat or a
/// member's thread in a Telegram group (`tg:{chat}:{user}`, made by
/// `telegram::update`).
fn channel(thread_id: &str) -> &'static str {
    if thread_id.starts_with("web:") {
        "web"
    } else if let Some(chat) = thread_id.strip_prefix("tg:") {
        if chat.contains(':') {
            "telegram_group"
        } else {
            "telegram"
        }
    } else {
        "other"
    }
}

/// What a list row and a detail share.
fn summary(row: &CheckpointRow, state: Option<&AgentState>, operator: bool) -> Value {
    let mut out = json!({
        "id": row.thread_id,
        "channel": channel(&row.thread_id),
        "turns": row.version,
        "last_activity": row.updated_at,
    });
    if let Some(state) = state {
        out["agent"] = json!(review::active_agent(state));
        let agent = review::active_agent(state);
        if let Ok(registry) = caja_core::agents::registry::shipped() {
            out["agent_name"] = json!(registry.agent(agent).map(|a| a.spec.name.as_str()));
        }
        out["status"] = json!(review::status(state));
        out["last_message"] = json!(state.last_user_message.chars().take(80).collect::<String>());
    } else {
        out["status"] = json!("unreadable");
    }
    if operator {
        out["user_id"] = json!(row.user_id);
    }
    out
}

/// `GET …/conversations?limit=&cursor=`: newest activity first, the
/// shards' pages merged (each gives its newest after the cursor).
async fn list(req: &Request, dbs: &[Db], scope: &Scope, kept_days: i64) -> ApiResult {
    let limit = limit(req, LIST_DEFAULT, LIST_MAX)?;
    let after = cursor_parts(req, 2)?.unwrap_or_else(|| vec!["~".into(), String::new()]);
    let mut rows: Vec<CheckpointRow> = Vec::new();
    for db in dbs {
        rows.extend(
            db.all::<CheckpointRow>(db.stmt(
                "SELECT thread_id, user_id, version, state, updated_at FROM checkpoints \
                 WHERE (?1 IS NULL OR user_id = ?1) AND (updated_at, thread_id) < (?2, ?3) \
                 ORDER BY updated_at DESC, thread_id DESC LIMIT ?4",
                &[
                    scope.user(),
                    Arg::Text(&after[0]),
                    Arg::Text(&after[1]),
                    Arg::Int(limit + 1),
                ],
            )?)
            .await?,
        );
    }
    rows.sort_by(|a, b| (&b.updated_at, &b.thread_id).cmp(&(&a.updated_at, &a.thread_id)));
    rows.truncate(limit as usize + 1);
    let more = rows.len() as i64 > limit;
    let page = &rows[..rows.len().min(limit as usize)];
    let operator = matches!(scope, Scope::Operator);
    let conversations: Vec<Value> = page
        .iter()
        .map(|row| {
            summary(
                row,
                AgentState::from_json(&row.state).ok().as_ref(),
                operator,
            )
        })
        .collect();
    let next = more
        .then(|| page.last())
        .flatten()
        .map(|last| cursor_of(&[&last.updated_at, &last.thread_id]));
    json_response(
        &json!({ "conversations": conversations, "next_cursor": next, "kept_days": kept_days }),
    )
}

/// The thread's checkpoint within the scope, when this shard has it.
async fn checkpoint(db: &Db, scope: &Scope, id: &str) -> worker::Result<Option<CheckpointRow>> {
    db.first(db.stmt(
        "SELECT thread_id, user_id, version, state, updated_at FROM checkpoints \
         WHERE thread_id = ?1 AND (?2 IS NULL OR user_id = ?2)",
        &[Arg::Text(id), scope.user()],
    )?)
    .await
}

/// `GET …/conversations/{id}`: the turns (message and reply, the newest
/// [`MAX_REVIEW_TURNS`]), where the conversation stands and what it holds.
async fn detail(db: &Db, row: CheckpointRow, scope: &Scope, id: &str) -> ApiResult {
    let first = row.version - MAX_REVIEW_TURNS as i64;
    let rows = record::turns(
        db,
        id,
        Arg::Text(&row.user_id),
        first,
        MAX_REVIEW_TURNS as i64 + 1,
    )
    .await?;
    let mut turns: Vec<Value> = Vec::new();
    let mut replayable = false;
    for event in rows.iter().flat_map(TurnRow::events) {
        match event.kind {
            EventKind::ConversationStarted => replayable = true,
            EventKind::UserMessage => turns.push(json!({
                "turn": event.turn,
                "at": event.at,
                "agent": event.agent,
                "message": event.payload["message"],
                "button": event.payload.get("press").and_then(|p| p.get("prompt")).or_else(|| event.payload.get("action_id")),
            })),
            EventKind::BotMessage => {
                if let Some(last) = turns.last_mut().filter(|t| t["turn"] == event.turn) {
                    last["reply"] = event.payload["text"].clone();
                    last["flow"] = json!(event.flow);
                    last["step"] = json!(event.step);
                }
            }
            _ => {}
        }
    }
    let state = AgentState::from_json(&row.state).ok();
    let mut out = summary(&row, state.as_ref(), matches!(scope, Scope::Operator));
    out["truncated"] = json!(row.version > MAX_REVIEW_TURNS as i64);
    out["replayable"] = json!(replayable);
    out["turn_list"] = json!(turns);
    if let Some(state) = &state {
        out["stack"] = json!(
            state
                .agent_stack
                .iter()
                .map(|f| json!({ "agent": f.agent_id, "waiting": f.waiting, "entered_at": f.entered_at }))
                .collect::<Vec<_>>()
        );
        out["flow"] = json!(state.current_flow);
        out["pending_action"] = json!(state.pending_action);
        out["draft"] = json!({
            "transaction": state.pending_transaction,
            "params": state.pending_params,
            "questions": state.clarification_questions,
        });
    }
    json_response(&out)
}

/// `GET …/conversations/{id}/events?limit=&cursor=`: in order.
async fn events_page(req: &Request, db: &Db, row: CheckpointRow, id: &str) -> ApiResult {
    let limit = limit(req, EVENTS_DEFAULT, EVENTS_MAX)?;
    let after = match cursor_parts(req, 2)? {
        Some(parts) => {
            let turn = parts[0].parse::<i64>().map_err(|_| ApiError::BadRequest)?;
            let seq = parts[1].parse::<i64>().map_err(|_| ApiError::BadRequest)?;
            (turn, seq)
        }
        None => (-1, -1),
    };
    // Every turn holds at least one event: `limit + 1` turns from the
    // cursor's give the page and tell whether there is more.
    let rows = record::turns(db, id, Arg::Text(&row.user_id), after.0 - 1, limit + 1).await?;
    let rows: Vec<Event> = rows
        .iter()
        .flat_map(TurnRow::events)
        .filter(|e| (e.turn as i64, i64::from(e.seq)) > after)
        .take(limit as usize + 1)
        .collect();
    let more = rows.len() as i64 > limit;
    let events: Vec<Event> = rows.into_iter().take(limit as usize).collect();
    let next = more
        .then(|| events.last())
        .flatten()
        .map(|e| cursor_of(&[&e.turn.to_string(), &e.seq.to_string()]));
    json_response(&json!({ "id": id, "events": events, "next_cursor": next }))
}

/// `GET …/conversations/{id}/replay`: every stored turn run again through
/// the core in this Worker, and what came out differently.
async fn replay(db: &Db, row: CheckpointRow, id: &str) -> ApiResult {
    if row.version > MAX_REVIEW_TURNS as i64 {
        return Err(ApiError::TooLarge);
    }
    let rows = record::turns(
        db,
        id,
        Arg::Text(&row.user_id),
        -1,
        MAX_REVIEW_TURNS as i64 + 1,
    )
    .await?;
    let events: Vec<Event> = rows.iter().flat_map(TurnRow::events).collect();
    let conversation = match Conversation::from_events(&events) {
        Ok(conversation) => conversation,
        Err(error) => {
            return json_response(&json!({ "id": id, "replayable": false, "reason": error }));
        }
    };
    let turns = review::replay(&conversation);
    let differences: Vec<Value> = turns
        .iter()
        .filter(|t| !t.same())
        .map(|t| {
            json!({
                "turn": t.turn,
                "message": t.message,
                "reply": t.reply,
                "stored_reply": t.stored_reply,
                "calls": t.calls,
                "stored_calls": t.stored_calls,
            })
        })
        .collect();
    // The fields of the stored checkpoint the replay ends with otherwise.
    let state_differs: Vec<String> = match (turns.last(), AgentState::from_json(&row.state)) {
        (Some(last), Ok(stored)) => differing_fields(&last.state, &stored),
        (None, _) => Vec::new(),
        (Some(_), Err(_)) => vec!["checkpoint unreadable".into()],
    };
    let final_state_same = state_differs.is_empty();
    json_response(&json!({
        "id": id,
        "replayable": true,
        "turns": turns.len(),
        "same": turns.iter().filter(|t| t.same()).count(),
        "final_state_same": final_state_same,
        "state_differs": state_differs,
        "differences": differences,
    }))
}

/// The top-level fields where two states differ.
fn differing_fields(a: &AgentState, b: &AgentState) -> Vec<String> {
    let (Ok(Value::Object(a)), Ok(Value::Object(b))) =
        (serde_json::to_value(a), serde_json::to_value(b))
    else {
        return vec!["state".into()];
    };
    let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter(|k| a.get(*k) != b.get(*k))
        .map(|k| {
            format!(
                "{k}: {} ≠ {}",
                a.get(k).unwrap_or(&Value::Null),
                b.get(k).unwrap_or(&Value::Null)
            )
        })
        .collect()
}

#[derive(Deserialize, serde::Serialize)]
struct AccessRow {
    id: i64,
    at: String,
    path: String,
    allowed: i64,
}

/// `GET /api/operator/access?limit=`: the operator view's own record,
/// newest first.
async fn access_log(req: &Request, db: &Db) -> ApiResult {
    let limit = limit(req, 100, 1_000)?;
    let rows: Vec<AccessRow> = db
        .all(db.stmt(
            "SELECT id, at, path, allowed FROM operator_access ORDER BY id DESC LIMIT ?1",
            &[Arg::Int(limit)],
        )?)
        .await?;
    json_response(&json!({ "access": rows }))
}

fn json_response(value: &Value) -> ApiResult {
    Response::from_json(value).map_err(ApiError::from)
}
