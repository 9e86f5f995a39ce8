//! HTTP client for the Worker's JSON API (same origin), with gloo-net.

use crate::state::WebState;
use caja_core::graph::Trace;
use caja_core::tools::{BankBalance, BudgetStatus, DebtList, MonthSummary, TransactionRow};
use gloo_net::http::{Request, RequestBuilder};
use serde::Deserialize;
use serde::de::DeserializeOwned;

/// The Worker's `/health` answer.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct Health {
    pub ok: bool,
    pub db: bool,
}

/// Why a call to the Worker did not produce an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApiError {
    /// The Worker could not be reached (offline, server down).
    Unreachable,
    /// The session is missing, expired or revoked.
    Unauthorized,
    /// The Worker answered with another error status.
    Status(u16),
    /// The answer was not the JSON we expected.
    Malformed,
}

/// `POST /api/chat` answer.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct ChatReply {
    pub reply: String,
    pub suggestions: Vec<String>,
    /// Text for the user to forward (a reminder).
    #[serde(default)]
    pub share: Option<String>,
    pub state: WebState,
    pub version: i64,
    pub pending_action_id: Option<String>,
    pub trace: Trace,
    /// Shown as JSON in the debug panel only: kept untyped, so the web
    /// build carries no decoder for every tool request.
    pub tool_calls: serde_json::Value,
    pub tool_results: serde_json::Value,
}

/// `GET /api/state`: the Worker's checkpoint of the web thread.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct ServerState {
    pub version: i64,
    pub state: WebState,
}

/// One stored line of the web thread (`GET /api/history`).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct HistoryLine {
    pub id: i64,
    pub role: String,
    pub text: String,
}

#[derive(Deserialize)]
struct History {
    messages: Vec<HistoryLine>,
}

#[derive(Deserialize)]
struct Session {
    session_token: String,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Transactions {
    pub transactions: Vec<TransactionRow>,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Balance {
    pub bank_balance: Option<BankBalance>,
}

fn authed(builder: RequestBuilder, token: &str) -> RequestBuilder {
    builder.header("Authorization", &format!("Bearer {token}"))
}

async fn send<T: DeserializeOwned>(
    request: Result<Request, gloo_net::Error>,
) -> Result<T, ApiError> {
    let request = request.map_err(|_| ApiError::Malformed)?;
    let response = request.send().await.map_err(|_| ApiError::Unreachable)?;
    match response.status() {
        200 => response.json::<T>().await.map_err(|_| ApiError::Malformed),
        401 => Err(ApiError::Unauthorized),
        status => Err(ApiError::Status(status)),
    }
}

async fn get<T: DeserializeOwned>(path: &str, token: &str) -> Result<T, ApiError> {
    send(authed(Request::get(path), token).build()).await
}

/// `GET /health`.
pub async fn fetch_health() -> Result<Health, ApiError> {
    send(Request::get("/health").build()).await
}

/// Exchanges a one-time login token for a session token.
pub async fn login(login_token: &str) -> Result<String, ApiError> {
    let body = serde_json::json!({ "token": login_token });
    let session: Session = send(Request::post("/api/login").json(&body)).await?;
    Ok(session.session_token)
}

pub async fn logout(token: &str) -> Result<(), ApiError> {
    let _: serde_json::Value = send(authed(Request::post("/api/logout"), token).build()).await?;
    Ok(())
}

/// Sends one message; a repeated `client_msg_id` gets the first answer.
pub async fn chat(token: &str, text: &str, client_msg_id: &str) -> Result<ChatReply, ApiError> {
    let body = serde_json::json!({
        "text": text,
        "client_msg_id": client_msg_id,
        "timezone": browser_timezone(),
    });
    send(authed(Request::post("/api/chat"), token).json(&body)).await
}

pub async fn summary(token: &str, month: &str) -> Result<MonthSummary, ApiError> {
    get(&format!("/api/summary?month={month}"), token).await
}

pub async fn budget(token: &str, month: &str) -> Result<BudgetStatus, ApiError> {
    get(&format!("/api/budget?month={month}"), token).await
}

pub async fn balance(token: &str) -> Result<Balance, ApiError> {
    get("/api/balance", token).await
}

/// `GET /api/state`.
pub async fn server_state(token: &str) -> Result<ServerState, ApiError> {
    get("/api/state", token).await
}

/// `GET /api/history`: the newest lines of the web thread, oldest first.
pub async fn history(token: &str) -> Result<Vec<HistoryLine>, ApiError> {
    get::<History>("/api/history", token)
        .await
        .map(|h| h.messages)
}

/// `GET /api/payment-requests`: kept untyped (read field by field in
/// `cobros.rs`), so the web build carries no decoder of its own for it.
pub async fn payment_requests(token: &str) -> Result<serde_json::Value, ApiError> {
    let zone = browser_timezone().unwrap_or_default();
    get(&format!("/api/payment-requests?timezone={zone}"), token).await
}

/// `GET /api/recurring`: the fixed payments and those still expected this
/// month in the browser's zone, untyped like the payment requests.
pub async fn recurring(token: &str) -> Result<serde_json::Value, ApiError> {
    let zone = browser_timezone().unwrap_or_default();
    get(&format!("/api/recurring?timezone={zone}"), token).await
}

/// `GET /api/reminders`: the reminder settings, untyped.
pub async fn reminders(token: &str) -> Result<serde_json::Value, ApiError> {
    get("/api/reminders", token).await
}

/// `GET /api/contacts`, untyped like the payment requests.
pub async fn contacts(token: &str) -> Result<serde_json::Value, ApiError> {
    get("/api/contacts", token).await
}

pub async fn debts(token: &str) -> Result<DebtList, ApiError> {
    get("/api/debts", token).await
}

pub async fn transactions(
    token: &str,
    month: &str,
    category: &str,
) -> Result<Transactions, ApiError> {
    let filter = if category.is_empty() {
        String::new()
    } else {
        format!("&category={category}")
    };
    get(&format!("/api/transactions?month={month}{filter}"), token).await
}

/// The month's CSV as text.
/// The month's movements as the CSV file the Worker wrote (bytes: its BOM
/// kept, so Excel reads it as UTF-8).
pub async fn export_csv(token: &str, month: &str) -> Result<Vec<u8>, ApiError> {
    file(token, &format!("/api/export.csv?month={month}")).await
}

/// `GET /api/export.zip`: everything the person has, up to today.
pub async fn export_zip(token: &str) -> Result<Vec<u8>, ApiError> {
    file(token, "/api/export.zip").await
}

/// A file the Worker serves at `path`, as its bytes.
async fn file(token: &str, path: &str) -> Result<Vec<u8>, ApiError> {
    let request = authed(Request::get(path), token)
        .build()
        .map_err(|_| ApiError::Malformed)?;
    let response = request.send().await.map_err(|_| ApiError::Unreachable)?;
    if response.status() != 200 {
        return Err(ApiError::Status(response.status()));
    }
    response.binary().await.map_err(|_| ApiError::Malformed)
}

/// The browser's IANA time zone ("America/Cancun"), if it reports one.
pub fn browser_timezone() -> Option<String> {
    let format = js_sys::Intl::DateTimeFormat::new(&js_sys::Array::new(), &js_sys::Object::new());
    let options = format.resolved_options();
    js_sys::Reflect::get(&options, &wasm_bindgen::JsValue::from_str("timeZone"))
        .ok()
        .and_then(|zone| zone.as_string())
}

/// A row of `GET /api/conversations`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct ConversationRow {
    pub id: String,
    pub channel: String,
    pub turns: i64,
    pub last_activity: String,
    #[serde(default)]
    pub agent_name: Option<String>,
    /// `idle`, `awaiting_answer`, `awaiting_confirmation` or `unreadable`.
    pub status: String,
    #[serde(default)]
    pub last_message: String,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct ConversationPage {
    pub conversations: Vec<ConversationRow>,
    pub next_cursor: Option<String>,
    /// Days a quiet conversation's record is kept.
    #[serde(default)]
    pub kept_days: Option<i64>,
}

/// `GET /api/conversations`: the user's conversations, newest first.
pub async fn conversations(
    token: &str,
    cursor: Option<&str>,
) -> Result<ConversationPage, ApiError> {
    let after = cursor
        .map(|c| format!("&cursor={}", js_sys::encode_uri_component(c)))
        .unwrap_or_default();
    get(&format!("/api/conversations?limit=20{after}"), token).await
}

#[derive(Deserialize)]
struct EventPage {
    events: Vec<serde_json::Value>,
    next_cursor: Option<String>,
}

/// Most pages of events read for one conversation (2,000 events each).
const EVENT_PAGES: usize = 20;

/// Every stored event of conversation `id`, page after page, as the JSON
/// array the engine replays.
pub async fn conversation_events(token: &str, id: &str) -> Result<String, ApiError> {
    let id = String::from(js_sys::encode_uri_component(id));
    let mut events = Vec::new();
    let mut cursor: Option<String> = None;
    for _ in 0..EVENT_PAGES {
        let after = cursor
            .as_deref()
            .map(|c| format!("&cursor={}", js_sys::encode_uri_component(c)))
            .unwrap_or_default();
        let page: EventPage = get(
            &format!("/api/conversations/{id}/events?limit=2000{after}"),
            token,
        )
        .await?;
        events.extend(page.events);
        cursor = page.next_cursor;
        if cursor.is_none() {
            break;
        }
    }
    serde_json::to_string(&events).map_err(|_| ApiError::Malformed)
}
