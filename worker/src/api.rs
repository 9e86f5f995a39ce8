//! The JSON API for the web UI: login, chat, and read endpoints. Every
//! query is scoped by the session's user id, never by an id from the body.

use caja_core::agent::TurnOutput;
use caja_core::agent::state::AgentState;
use caja_core::review;
use caja_core::time::{TimeZone, iso_month, iso_utc};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use worker::{Env, Request, Response};

use crate::auth;
use crate::config::{self, read_body};
use crate::error::{ApiError, ApiResult};
use crate::record;
use crate::shards;
use crate::store::{Arg, Db};
use crate::tools;
use crate::turn::{self, CheckpointRow, TurnOutcome, TurnRequest};

fn json<T: Serialize>(value: &T) -> ApiResult {
    Response::from_json(value).map_err(ApiError::from)
}

async fn body_json<T: for<'de> Deserialize<'de>>(req: &mut Request) -> Result<T, ApiError> {
    let body = read_body(req).await.map_err(|too_large| {
        if too_large {
            ApiError::TooLarge
        } else {
            ApiError::BadRequest
        }
    })?;
    serde_json::from_str(&body).map_err(|_| ApiError::BadJson)
}

/// What every signed-in handler starts from: the request's clock and the
/// session's user. Every query is scoped by `user_id`.
pub(crate) struct Session {
    pub(crate) now: i64,
    pub(crate) user_id: String,
    /// The shard that holds the user's rows.
    pub(crate) db: Db,
}

impl Session {
    /// The session's user, asked of the directory; `directory` counts that
    /// round trip.
    pub(crate) async fn of(req: &Request, env: &Env, directory: &Db) -> Result<Session, ApiError> {
        let now = config::now_ms(req, env);
        let user_id = auth::authenticate(directory, req, now)
            .await?
            .ok_or(ApiError::Unauthorized)?;
        let db = shards::for_user(env, &user_id)?;
        Ok(Session { now, user_id, db })
    }

    fn web_thread(&self) -> String {
        web_thread(&self.user_id)
    }
}

fn web_thread(user_id: &str) -> String {
    format!("web:{user_id}")
}

pub(crate) fn query_param(req: &Request, name: &str) -> Option<String> {
    req.url()
        .ok()?
        .query_pairs()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.into_owned())
}

/// `month=YYYY-MM`, defaulting to this month in Mexico City.
fn month_param(req: &Request, now: i64) -> Result<String, ApiError> {
    match query_param(req, "month") {
        Some(month) => {
            let valid = month.len() == 7
                && month.as_bytes()[4] == b'-'
                && month[..4].bytes().all(|b| b.is_ascii_digit())
                && month[5..]
                    .parse::<u32>()
                    .is_ok_and(|m| (1..=12).contains(&m));
            if valid {
                Ok(month)
            } else {
                Err(ApiError::BadRequest)
            }
        }
        None => Ok(iso_month(TimeZone::default_zone().date_at(now))),
    }
}

#[derive(Deserialize)]
struct LoginBody {
    token: String,
}

/// `POST /api/login {"token"}` → a session.
pub async fn handle_login(mut req: Request, env: &Env, db: &Db) -> ApiResult {
    let now = config::now_ms(&req, env);
    let body: LoginBody = body_json(&mut req).await?;
    if body.token.is_empty() || body.token.len() > 128 {
        return Err(ApiError::LoginToken);
    }
    match auth::exchange_login_token(db, &body.token, now).await? {
        Some((user_id, session)) => json(&json!({
            "session_token": session,
            "user_id": user_id,
            "expires_at": iso_utc(now + auth::SESSION_TTL_MS),
        })),
        None => Err(ApiError::LoginToken),
    }
}

/// `POST /api/logout`.
pub async fn handle_logout(req: Request, env: &Env, db: &Db) -> ApiResult {
    let session = Session::of(&req, env, db).await?;
    auth::revoke(db, &req, session.now).await?;
    json(&json!({ "ok": true }))
}

#[derive(Deserialize)]
struct DevLoginBody {
    user: Option<String>,
}

/// `POST /api/dev/login-link`: a login token for a local user (dev only).
pub async fn handle_dev_login(mut req: Request, env: &Env, db: &Db) -> ApiResult {
    if !config::dev_mode(env) {
        return Err(ApiError::NotFound);
    }
    let now = config::now_ms(&req, env);
    let body: DevLoginBody = body_json(&mut req).await?;
    let name = body.user.unwrap_or_else(|| "dev".into());
    if name.is_empty()
        || name.len() > 40
        || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
    {
        return Err(ApiError::BadRequest);
    }
    let user_id = format!("dev:{name}");
    let (sql, args) = auth::ensure_user_sql(&user_id, None, Some(&name), &iso_utc(now));
    let args: Vec<Arg> = args.iter().map(|a| Arg::Text(a)).collect();
    let shard = shards::for_user(env, &user_id)?;
    shard.run(shard.stmt(&sql, &args)?).await?;
    let token = auth::create_login_token(db, &user_id, now).await?;
    json(&json!({
        "token": token,
        "url": format!("{}/?login={token}", config::public_url(env)),
    }))
}

#[derive(Deserialize)]
struct ChatBody {
    text: String,
    client_msg_id: String,
    /// The browser's IANA zone; only zones Caja knows are used.
    #[serde(default)]
    timezone: Option<String>,
    /// A Sí/No button pressed: `{"prompt": id, "yes": bool}`; `text` is
    /// its label.
    #[serde(default)]
    press: Option<caja_core::agent::Press>,
}

/// The answer to a chat message: what the person reads and answers
/// ([`KeptChat`], all the exactly-once marker keeps) and the turn's state,
/// trace and tool calls.
#[derive(Serialize)]
struct ChatResponse<'a> {
    #[serde(flatten)]
    kept: KeptChat<'a>,
    state: &'a AgentState,
    version: i64,
    trace: &'a caja_core::graph::Trace,
    tool_calls: &'a [caja_core::tools::ToolCall],
    tool_results: &'a [caja_core::tools::ToolResult],
    /// The data agents' routing chain (iterations and steps).
    chain: &'a caja_core::agents::chain::ChainTrace,
}

/// What the exactly-once marker keeps of a chat answer; a redelivery adds
/// the thread's state as it is then ([`redelivered`]), and no trace.
#[derive(Serialize)]
struct KeptChat<'a> {
    reply: &'a str,
    suggestions: &'a [String],
    /// Text for the user to forward (a reminder): the web shows a copy button.
    #[serde(skip_serializing_if = "Option::is_none")]
    share: Option<&'a str>,
    /// The one prompt waiting for a Sí/No, of whichever agent.
    pending_action_id: Option<&'a str>,
    pending: Option<caja_core::agent::PendingView<'a>>,
}

impl<'a> KeptChat<'a> {
    fn of(output: &'a TurnOutput) -> Self {
        KeptChat {
            reply: &output.reply,
            suggestions: &output.suggestions,
            share: output.share.as_deref(),
            pending_action_id: output.state.pending().map(|p| p.id),
            pending: output.state.pending(),
        }
    }
}

fn render_chat(output: &TurnOutput, version: i64) -> String {
    serde_json::to_string(&ChatResponse {
        kept: KeptChat::of(output),
        state: &output.state,
        version,
        trace: &output.trace,
        tool_calls: &output.tool_calls,
        tool_results: &output.tool_results,
        chain: &output.chain,
    })
    .unwrap_or_default()
}

fn keep_chat(output: &TurnOutput, _version: i64) -> String {
    serde_json::to_string(&KeptChat::of(output)).unwrap_or_default()
}

/// The answer to a repeated client_msg_id: what the marker kept, with the
/// checkpoint the thread has now (the client adopts it) and an empty trace.
fn redelivered(kept: &str, checkpoint: Option<CheckpointRow>) -> String {
    let mut answer: Value = serde_json::from_str(kept).unwrap_or_else(|_| json!({}));
    let Some(fields) = answer.as_object_mut() else {
        return kept.to_string();
    };
    // A marker stored whole (before markers kept less) is answered as is.
    if fields.contains_key("state") {
        return kept.to_string();
    }
    let (version, state) = checkpoint.map_or((0, Value::Null), |c| {
        (
            c.version,
            serde_json::from_str(&c.state).unwrap_or(Value::Null),
        )
    });
    fields.insert("state".into(), state);
    fields.insert("version".into(), json!(version));
    fields.insert("trace".into(), json!({ "steps": [] }));
    fields.insert("tool_calls".into(), json!([]));
    fields.insert("tool_results".into(), json!([]));
    answer.to_string()
}

/// `POST /api/chat {"text","client_msg_id"}`.
pub async fn handle_chat(mut req: Request, env: &Env, db: &Db) -> ApiResult {
    let directory = db;
    let Session { now, user_id, db } = Session::of(&req, env, directory).await?;
    let body: ChatBody = body_json(&mut req).await?;
    let id = body.client_msg_id.trim();
    if id.is_empty() || id.len() > 100 {
        return Err(ApiError::BadRequest);
    }
    if body
        .press
        .as_ref()
        .is_some_and(|p| p.prompt.is_empty() || p.prompt.len() > 40)
    {
        return Err(ApiError::BadRequest);
    }
    let thread = web_thread(&user_id);
    let request = TurnRequest {
        user_id: &user_id,
        thread_id: &thread,
        shared_chat: false,
        message: &body.text,
        now_ms: now,
        timezone: body
            .timezone
            .as_deref()
            .and_then(caja_core::time::TimeZone::by_name)
            .map(|zone| zone.name().to_string()),
        press: body.press.clone(),
        directory,
        dedupe_key: Some(format!("web:{user_id}:{id}")),
        render: &render_chat,
        keep: Some(&keep_chat),
        before: Vec::new(),
        start: None,
    };
    let response = match turn::run(&db, &request).await? {
        TurnOutcome::Done {
            response,
            round_trips,
            ..
        } => (response, round_trips, false),
        TurnOutcome::Duplicate {
            response,
            checkpoint,
            round_trips,
        } => (redelivered(&response, checkpoint), round_trips, true),
        TurnOutcome::Busy | TurnOutcome::NotAtRest => return Err(ApiError::Busy),
        TurnOutcome::Limited => return Err(ApiError::RateLimited),
    };
    let headers = worker::Headers::new();
    headers.set("Content-Type", "application/json").ok();
    headers
        .set(
            "X-Caja-Round-Trips",
            &(response.1 + directory.round_trips()).to_string(),
        )
        .ok();
    headers
        .set(
            "X-Caja-Duplicate",
            if response.2 { "true" } else { "false" },
        )
        .ok();
    Ok(Response::ok(response.0)?.with_headers(headers))
}

/// `GET /api/state`.
pub async fn handle_state(req: Request, env: &Env, db: &Db) -> ApiResult {
    let session = Session::of(&req, env, db).await?;
    let db = &session.db;
    let thread = session.web_thread();
    let row: Option<CheckpointRow> = db
        .first(db.stmt(
            "SELECT version, state FROM checkpoints WHERE thread_id = ?1 AND user_id = ?2",
            &[Arg::Text(&thread), Arg::Text(&session.user_id)],
        )?)
        .await?;
    let (version, state) = match row {
        Some(row) => (row.version, AgentState::from_json(&row.state).ok()),
        None => (0, None),
    };
    let state = state.unwrap_or_else(|| AgentState::new(&session.user_id, &thread));
    json(&json!({ "version": version, "state": state }))
}

fn limit_param(req: &Request, default: i64) -> i64 {
    query_param(req, "limit")
        .and_then(|l| l.parse().ok())
        .unwrap_or(default)
        .clamp(1, 500)
}

/// `GET /api/history?limit=`: the newest lines of the web thread, read
/// from its turns; a line's id is its turn's number twice, plus one for
/// the reply.
pub async fn handle_history(req: Request, env: &Env, db: &Db) -> ApiResult {
    let session = Session::of(&req, env, db).await?;
    let db = &session.db;
    let limit = limit_param(&req, 100);
    // A turn says at most two lines.
    let turns = record::newest_turns(db, &session.web_thread(), &session.user_id, limit).await?;
    let mut messages: Vec<Value> = Vec::new();
    for row in &turns {
        let at = iso_utc(row.at);
        for line in review::lines(&row.events()) {
            let id = row.turn * 2 + i64::from(line.role == "assistant");
            messages.push(json!({ "id": id, "role": line.role, "text": line.text, "at": at }));
        }
    }
    let skip = messages
        .len()
        .saturating_sub(usize::try_from(limit).unwrap_or(0));
    json(&json!({ "messages": &messages[skip..] }))
}

/// A month's transactions as the month view shows them: by date, newest
/// first.
async fn month_transactions(
    db: &Db,
    user_id: &str,
    month: &str,
    category: Option<&str>,
) -> Result<Vec<caja_core::tools::TransactionRow>, ApiError> {
    let mut rows =
        tools::list_transactions(db, tools::Rows::all(user_id), Some(month), category, None)
            .await?;
    rows.sort_by(|a, b| b.date_iso.cmp(&a.date_iso).then(b.id.cmp(&a.id)));
    Ok(rows)
}

/// `GET /api/transactions?month=&category=`.
pub async fn handle_transactions(req: Request, env: &Env, db: &Db) -> ApiResult {
    let session = Session::of(&req, env, db).await?;
    let db = &session.db;
    let month = month_param(&req, session.now)?;
    let category = query_param(&req, "category").filter(|c| !c.is_empty());
    let transactions =
        month_transactions(db, &session.user_id, &month, category.as_deref()).await?;
    json(&json!({ "month": month, "category": category, "transactions": transactions }))
}

/// `GET /api/summary?month=`.
pub async fn handle_summary(req: Request, env: &Env, db: &Db) -> ApiResult {
    let session = Session::of(&req, env, db).await?;
    let db = &session.db;
    let month = month_param(&req, session.now)?;
    let summary =
        tools::month_summary(db, tools::Rows::all(&session.user_id), &month, None).await?;
    json(&summary.ok_or(ApiError::BadRequest)?)
}

/// `GET /api/budget?month=`.
pub async fn handle_budget(req: Request, env: &Env, db: &Db) -> ApiResult {
    let session = Session::of(&req, env, db).await?;
    let db = &session.db;
    let month = month_param(&req, session.now)?;
    let status = tools::budget_status(db, &session.user_id, &month, None).await?;
    json(&status.ok_or(ApiError::BadRequest)?)
}

/// `GET /api/debts`.
pub async fn handle_debts(req: Request, env: &Env, db: &Db) -> ApiResult {
    let session = Session::of(&req, env, db).await?;
    let db = &session.db;
    json(&tools::debt_list(db, &session.user_id).await?)
}

/// `GET /api/balance`.
pub async fn handle_balance(req: Request, env: &Env, db: &Db) -> ApiResult {
    let session = Session::of(&req, env, db).await?;
    let db = &session.db;
    json(&json!({ "bank_balance": tools::bank_balance(db, &session.user_id).await? }))
}

/// `GET /api/audit?limit=`: the audit records of the web thread's newest
/// turns, newest first, read from their events.
pub async fn handle_audit(req: Request, env: &Env, db: &Db) -> ApiResult {
    let session = Session::of(&req, env, db).await?;
    let db = &session.db;
    let limit = limit_param(&req, 50);
    let turns = record::newest_turns(db, &session.web_thread(), &session.user_id, limit).await?;
    let records: Vec<Value> = turns
        .iter()
        .rev()
        .filter_map(|row| {
            let record = review::audit_record(&row.events())?;
            Some(json!({ "id": row.turn, "at": iso_utc(row.at), "record": record }))
        })
        .collect();
    json(&json!({ "records": records }))
}

/// `GET /api/contacts`: the signed-in user's contacts.
pub async fn handle_contacts(req: Request, env: &Env, db: &Db) -> ApiResult {
    let session = Session::of(&req, env, db).await?;
    let db = &session.db;
    let book = tools::cobros::book(db, &session.user_id).await?;
    let contacts: Vec<_> = book
        .contacts
        .iter()
        .map(|c| json!({ "name": c.name }))
        .collect();
    json(&json!({ "contacts": contacts }))
}

/// `GET /api/payment-requests[?timezone=America/Cancun]`: the signed-in
/// user's cobros, open ones first (overdue, then by due date), with what is
/// still owed. Overdue is decided on today's date in the given zone (one
/// Caja knows; else Mexico City's), as the chat does.
pub async fn handle_payment_requests(req: Request, env: &Env, db: &Db) -> ApiResult {
    let session = Session::of(&req, env, db).await?;
    let db = &session.db;
    let zone = query_param(&req, "timezone")
        .and_then(|name| TimeZone::by_name(&name))
        .unwrap_or_else(TimeZone::default_zone);
    let book = tools::cobros::book(db, &session.user_id).await?;
    let today = zone.date_at(session.now).to_string();
    json(&caja_core::tools::cobros::overview(&book, &today))
}
