//! `POST /telegram/webhook`: Telegram updates in, Bot API methods out. An
//! update is parsed once into what arrived (`update::Arrival`), with one
//! function for its sender and thread; each kind has one handler. The reply
//! goes back in the webhook response body when possible; button presses
//! also need `answerCallbackQuery`, a new message and the buttons removed,
//! sent to the configured Bot API base URL.

mod propose;
mod update;
pub use propose::{Proposal, propose};

use caja_core::agent::text::{self, host};
use caja_core::agent::{ConfirmationStatus, TurnOutput};
use caja_core::time::iso_utc;
use serde_json::{Value, json};
use worker::{Env, Fetch, Headers, Method, Request, RequestInit, Response};

use crate::auth;
use crate::config::{self, read_body};
use crate::error::{ApiError, ApiResult};
use crate::shards;
use crate::store::{Arg, Db, is_conflict};
use crate::turn::{self, TurnOutcome, TurnRequest};
use update::{Arrival, NonText, Person, Place};

/// Telegram's limit on a message's text.
const MAX_TELEGRAM_TEXT: usize = 4096;

fn truncate(text: &str) -> String {
    if text.chars().count() <= MAX_TELEGRAM_TEXT {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(MAX_TELEGRAM_TEXT - 1).collect();
    cut.push('…');
    cut
}

/// A `sendMessage` of `text` to `place` (in its forum topic, if any).
fn plain_message(place: &Place, text: &str) -> Value {
    let mut method =
        json!({ "method": "sendMessage", "chat_id": place.chat_id, "text": truncate(text) });
    if let Some(topic) = place.topic {
        method["message_thread_id"] = json!(topic);
    }
    method
}

/// The reply to a turn, with Sí/No buttons while a confirmation (a write
/// or a data agent's action) is pending. The buttons name their owner, so
/// in a group another member's press is told apart from a stale one.
/// A text to forward (a reminder) gets a button that opens Telegram's share
/// sheet with it: the user picks the chat; Caja never sends it itself.
/// In a group the reply starts with the member's name.
fn turn_message(place: &Place, owner: &Person, output: &TurnOutput) -> Value {
    let mut method = if place.private {
        plain_message(place, &output.reply)
    } else {
        let named = host::for_member(owner.first_name.as_deref()) + &output.reply;
        plain_message(place, &named)
    };
    let mut rows = Vec::new();
    if let Some(id) = output.state.confirmation_id() {
        let owner = owner.telegram_id;
        rows.push(json!([
            { "text": text::YES, "callback_data": format!("pa:{id}:y:{owner}") },
            { "text": text::NO, "callback_data": format!("pa:{id}:n:{owner}") },
        ]));
    }
    if let Some(share) = output.share.as_deref().and_then(share_link) {
        rows.push(json!([{ "text": host::SHARE, "url": share }]));
    }
    if !rows.is_empty() {
        method["reply_markup"] = json!({ "inline_keyboard": rows });
    }
    method
}

/// Telegram's share link for `text` (`https://t.me/share/url?url=…`).
pub fn share_link(text: &str) -> Option<String> {
    worker::Url::parse_with_params("https://t.me/share/url", &[("url", text)])
        .ok()
        .map(String::from)
}

fn ok_json(value: &Value) -> ApiResult {
    Response::from_json(value).map_err(ApiError::from)
}

/// The exactly-once key of an update: scoped to the bot and the chat, so
/// an update id Telegram reuses elsewhere never returns another chat's
/// stored answer.
fn dedupe_key(env: &Env, update_id: i64, chat_id: i64) -> String {
    let bot = config::bot_token(env)
        .and_then(|token| token.split(':').next().map(str::to_string))
        .unwrap_or_else(|| config::bot_username(env));
    format!("tg:{bot}:{chat_id}:{update_id}")
}

/// Handles one update.
pub async fn handle_webhook(mut req: Request, env: &Env, directory: &Db) -> ApiResult {
    let Some(secret) = config::webhook_secret(env) else {
        worker::console_error!("TELEGRAM_WEBHOOK_SECRET is not configured");
        return Err(ApiError::Unauthorized);
    };
    if !auth::header_holds_secret(&req, "X-Telegram-Bot-Api-Secret-Token", &secret) {
        return Err(ApiError::Unauthorized);
    }
    let body = read_body(&mut req).await.map_err(|too_large| {
        if too_large {
            ApiError::TooLarge
        } else {
            ApiError::BadRequest
        }
    })?;
    let update: update::Update = serde_json::from_str(&body).map_err(|_| ApiError::BadJson)?;
    let now = config::now_ms(&req, env);
    let mut answer = arrive(env, directory, update, now).await;
    // What the directory was asked (nothing, but for /web): an update
    // reaches its sender's shard without it.
    if let Ok(response) = &mut answer {
        response
            .headers_mut()
            .set(
                "X-Caja-Directory-Round-Trips",
                &directory.round_trips().to_string(),
            )
            .ok();
    }
    answer
}

/// An update's answer, by what arrived.
async fn arrive(env: &Env, directory: &Db, update: update::Update, now: i64) -> ApiResult {
    let update_id = update.update_id;
    match update::arrival(update, &config::bot_username(env)) {
        Arrival::Ignored => ok_json(&json!({})),
        Arrival::NonText { place, kind } => {
            let reply = match kind {
                NonText::Voice => host::VOICE,
                NonText::Photo => host::PHOTO,
                NonText::Sticker => host::STICKER,
                NonText::Document => host::DOCUMENT,
                NonText::Video => host::VIDEO,
                NonText::Location => host::LOCATION,
                NonText::Contact => host::CONTACT,
                NonText::Other => host::NON_TEXT,
            };
            ok_json(&plain_message(&place, reply))
        }
        Arrival::Forwarded { place } => ok_json(&plain_message(&place, host::FORWARDED)),
        Arrival::Edited { place } => ok_json(&plain_message(&place, host::EDITED)),
        Arrival::NotAPerson { place } => ok_json(&plain_message(&place, host::NOT_A_PERSON)),
        Arrival::Text {
            place,
            person,
            text,
        } => {
            let key = dedupe_key(env, update_id, place.chat_id);
            handle_text(env, directory, &key, place, person, text, now).await
        }
        Arrival::Button {
            callback_id,
            place: Some(place),
            message_id,
            person,
            data,
        } => {
            let key = dedupe_key(env, update_id, place.chat_id);
            let press = Press {
                callback_id,
                place,
                message_id,
                person,
                data,
            };
            handle_button(env, directory, &key, press, now).await
        }
        Arrival::Button { callback_id, .. } => {
            ok_json(&callback_answer(&callback_id, host::BUTTON_STALE))
        }
    }
}

async fn handle_text(
    env: &Env,
    directory: &Db,
    key: &str,
    place: Place,
    person: Person,
    text: String,
    now: i64,
) -> ApiResult {
    // The sender's shard: the only one this update touches.
    let db = &shards::for_user(env, &person.user_id)?;
    let command = text
        .split_whitespace()
        .next()
        .unwrap_or("")
        .split('@')
        .next()
        .unwrap_or("")
        .to_lowercase();
    if command == "/web" {
        if !place.private {
            return ok_json(&plain_message(&place, host::WEB_ONLY_PRIVATE));
        }
        return web_link(env, directory, db, key, &place, &person, now).await;
    }
    let bot = config::bot_username(env);
    let asks_help = matches!(command.as_str(), "/start" | "/ayuda" | "/help")
        || caja_core::nlu::answers::is_help(&caja_core::nlu::normalize::fold(&text));
    let render = |output: &TurnOutput, _version: i64| {
        let mut message = turn_message(&place, &person, output);
        if !place.private && asks_help {
            // In a group: how to talk to Caja there.
            let reply = format!("{}\n\n{}", output.reply, host::group_help(&bot));
            let named = host::for_member(person.first_name.as_deref()) + &reply;
            message["text"] = json!(truncate(&named));
        }
        message.to_string()
    };
    let request = TurnRequest {
        user_id: &person.user_id,
        thread_id: &person.thread_id,
        shared_chat: !place.private,
        message: &text,
        now_ms: now,
        timezone: None,
        press: None,
        directory,
        dedupe_key: Some(key.to_string()),
        render: &render,
        keep: None,
        before: before_turn(&place, &person, now),
        start: None,
    };
    let outcome = turn::run(db, &request).await?;
    crate::testing::remember(env, &person.thread_id, &person.user_id, &outcome);
    if let TurnOutcome::Done { output, .. } = &outcome
        && output.answer_privately
    {
        answer_privately(env, directory, db, key, &place, &person, &text, now).await;
    }
    webhook_answer(outcome, plain_message(&place, host::RATE_LIMITED))
}

/// A personal question asked in a group: asked again in the member's
/// private chat with Caja and answered there; when Telegram refuses (the
/// member never opened that chat), the group is told how to open it.
#[allow(clippy::too_many_arguments)]
async fn answer_privately(
    env: &Env,
    directory: &Db,
    db: &Db,
    key: &str,
    group: &Place,
    person: &Person,
    text: &str,
    now: i64,
) {
    let private = Place {
        chat_id: person.telegram_id,
        private: true,
        topic: None,
    };
    let thread_id = format!("tg:{}", person.telegram_id);
    let render =
        |output: &TurnOutput, _version: i64| turn_message(&private, person, output).to_string();
    let request = TurnRequest {
        user_id: &person.user_id,
        thread_id: &thread_id,
        shared_chat: false,
        message: text,
        now_ms: now,
        timezone: None,
        press: None,
        directory,
        dedupe_key: Some(format!("{key}:private")),
        render: &render,
        keep: None,
        before: vec![ensure_user(person, now)],
        start: None,
    };
    // The group's turn is stored already: whatever happens here, the
    // group is told when the private answer did not go out.
    let outcome = turn::run(db, &request).await;
    if let Ok(outcome) = &outcome {
        crate::testing::remember(env, &thread_id, &person.user_id, outcome);
    }
    let sent = match outcome {
        Ok(TurnOutcome::Done { output, .. }) => {
            send_message(env, turn_message(&private, person, &output)).await
        }
        // Already answered for this update.
        Ok(TurnOutcome::Duplicate { .. }) => true,
        Ok(TurnOutcome::Busy | TurnOutcome::Limited | TurnOutcome::NotAtRest) => false,
        Err(error) => {
            worker::console_error!("private answer failed: {error:?}");
            false
        }
    };
    if !sent {
        let notice = host::private_chat_closed(&config::bot_username(env));
        send_message(env, plain_message(group, &notice)).await;
    }
}

/// Sends a `sendMessage` method body as its own Bot API call; whether
/// Telegram accepted it.
async fn send_message(env: &Env, mut message: Value) -> bool {
    if let Some(map) = message.as_object_mut() {
        map.remove("method");
    }
    bot_call(env, "sendMessage", &message).await
}

/// What a turn stores first: the person, and in their private chat, that
/// Telegram lets Caja write to them again (reminders resume).
fn before_turn(place: &Place, person: &Person, now: i64) -> Vec<(String, Vec<String>)> {
    let mut before = vec![ensure_user(person, now)];
    if place.private {
        before.push((
            "UPDATE users SET reminders_blocked_at = NULL WHERE id = ?1 AND reminders_blocked_at IS NOT NULL".into(),
            vec![person.user_id.clone()],
        ));
    }
    before
}

fn ensure_user(person: &Person, now: i64) -> (String, Vec<String>) {
    auth::ensure_user_sql(
        &person.user_id,
        Some(&person.telegram_id.to_string()),
        person.first_name.as_deref(),
        &iso_utc(now),
    )
}

/// `/web`: a one-time sign-in link, minted once per update however often
/// Telegram delivers it.
async fn web_link(
    env: &Env,
    directory: &Db,
    db: &Db,
    key: &str,
    place: &Place,
    person: &Person,
    now: i64,
) -> ApiResult {
    let stored = || async {
        let found = db
            .batch(vec![crate::marker::find_processed(db, key, now)?])
            .await?;
        crate::marker::processed_response(found.first())
    };
    if let Some(response) = stored().await? {
        return raw_json(response);
    }
    let token = auth::random_token();
    let url = format!("{}/?login={token}", config::public_url(env));
    let response = plain_message(place, &host::web_link(&url)).to_string();
    // The link first, in the directory: a delivery that loses the race
    // below leaves an unused link that expires.
    directory
        .run(auth::login_token_statement(
            directory,
            &person.user_id,
            &token,
            now,
        )?)
        .await?;
    let (sql, args) = ensure_user(person, now);
    let args: Vec<Arg> = args.iter().map(|a| Arg::Text(a)).collect();
    let mut batch = vec![db.stmt(&sql, &args)?];
    batch.append(&mut crate::marker::mark_processed(
        db,
        key,
        &person.user_id,
        &response,
        now,
    )?);
    match db.batch(batch).await {
        Ok(_) => raw_json(response),
        // Another delivery of the same update won: answer as it did.
        Err(error) if is_conflict(&error) => match stored().await? {
            Some(response) => raw_json(response),
            None => Err(error.into()),
        },
        Err(error) => Err(error.into()),
    }
}

fn raw_json(body: String) -> ApiResult {
    let headers = Headers::new();
    headers.set("Content-Type", "application/json").ok();
    Ok(Response::ok(body)?.with_headers(headers))
}

/// The webhook's answer to a turn; `limited` is said instead of a turn
/// to a user over the rate limit (always a 200: Telegram must not
/// deliver the update again).
fn webhook_answer(outcome: TurnOutcome, limited: Value) -> ApiResult {
    let (body, round_trips) = match outcome {
        TurnOutcome::Done {
            response,
            round_trips,
            ..
        } => (response, round_trips),
        TurnOutcome::Duplicate {
            response,
            round_trips,
            ..
        } => (response, round_trips),
        // Lost every race: a 503 makes Telegram deliver the update again,
        // so the message is not lost.
        // (A person's own message never waits for rest.)
        TurnOutcome::Busy | TurnOutcome::NotAtRest => return Err(ApiError::Retry),
        TurnOutcome::Limited => return ok_json(&limited),
    };
    let response = raw_json(body)?;
    response
        .headers()
        .set("X-Caja-Round-Trips", &round_trips.to_string())
        .ok();
    Ok(response)
}

fn callback_answer(callback_id: &str, text: &str) -> Value {
    json!({ "method": "answerCallbackQuery", "callback_query_id": callback_id, "text": text })
}

/// A button press on one of Caja's messages.
struct Press {
    callback_id: String,
    place: Place,
    message_id: Option<i64>,
    person: Person,
    data: String,
}

/// The toast a press gets: what happened, never "Listo" unless the write
/// was made.
fn press_toast(output: &TurnOutput) -> &'static str {
    match output.audit.confirmation_detail {
        ConfirmationStatus::Stale => host::BUTTON_STALE,
        ConfirmationStatus::AlreadyConfirmed => host::BUTTON_ALREADY_DONE,
        ConfirmationStatus::Expired => host::BUTTON_EXPIRED,
        ConfirmationStatus::Rejected => host::BUTTON_REJECTED,
        ConfirmationStatus::Confirmed
            if output.writes().count() > 0 && output.tool_results.iter().all(|r| r.ok) =>
        {
            host::BUTTON_DONE
        }
        _ => host::BUTTON_SEE_CHAT,
    }
}

async fn handle_button(env: &Env, directory: &Db, key: &str, press: Press, now: i64) -> ApiResult {
    let parts: Vec<&str> = press.data.split(':').collect();
    // The button's data is the press: its prompt and its answer; the
    // word stored with it is the button's label.
    let (prompt, yes, owner) = match parts.as_slice() {
        ["pa", id, yes_no @ ("y" | "n"), rest @ ..] if rest.len() <= 1 => (
            id.to_string(),
            *yes_no == "y",
            rest.first().and_then(|o| o.parse::<i64>().ok()),
        ),
        _ => return ok_json(&callback_answer(&press.callback_id, host::BUTTON_STALE)),
    };
    if owner.is_some_and(|owner| owner != press.person.telegram_id) {
        return ok_json(&callback_answer(&press.callback_id, host::BUTTON_NOT_YOURS));
    }
    let callback_id = press.callback_id.clone();
    let render = |output: &TurnOutput, _version: i64| {
        callback_answer(&callback_id, press_toast(output)).to_string()
    };
    let request = TurnRequest {
        user_id: &press.person.user_id,
        thread_id: &press.person.thread_id,
        shared_chat: !press.place.private,
        message: if yes { "sí" } else { "no" },
        now_ms: now,
        timezone: None,
        press: Some(caja_core::agent::Press { prompt, yes }),
        directory,
        dedupe_key: Some(key.to_string()),
        render: &render,
        keep: None,
        before: vec![ensure_user(&press.person, now)],
        start: None,
    };
    let db = shards::for_user(env, &press.person.user_id)?;
    let outcome = turn::run(&db, &request).await?;
    crate::testing::remember(
        env,
        &press.person.thread_id,
        &press.person.user_id,
        &outcome,
    );
    if let TurnOutcome::Done { output, .. } = &outcome {
        // The buttons go; the answer arrives as a new message.
        if let Some(message_id) = press.message_id {
            bot_call(env, "editMessageReplyMarkup", &json!({ "chat_id": press.place.chat_id, "message_id": message_id, "reply_markup": { "inline_keyboard": [] } })).await;
        }
        send_message(env, turn_message(&press.place, &press.person, output)).await;
    }
    webhook_answer(outcome, callback_answer(&callback_id, host::RATE_LIMITED))
}

/// How Telegram answered a Bot API call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotAnswer {
    Accepted,
    /// 429: try again after this many seconds.
    RetryAfter(u32),
    /// 403: the person blocked the bot or never opened the private chat.
    Refused,
    /// Any other answer (a status), or none (0: the call failed).
    Failed(u16),
}

/// Calls the Bot API; failures are logged, never fatal to the turn.
/// Whether Telegram accepted the call.
async fn bot_call(env: &Env, method: &str, body: &Value) -> bool {
    bot_send(env, method, body).await == BotAnswer::Accepted
}

/// Calls the Bot API and says how Telegram answered.
pub async fn bot_send(env: &Env, method: &str, body: &Value) -> BotAnswer {
    let Some(token) = config::bot_token(env) else {
        worker::console_error!("TELEGRAM_BOT_TOKEN is not configured; {method} not sent");
        return BotAnswer::Failed(0);
    };
    let url = format!("{}/bot{token}/{method}", config::telegram_api_base(env));
    let headers = Headers::new();
    headers.set("Content-Type", "application/json").ok();
    let mut init = RequestInit::new();
    init.with_method(Method::Post)
        .with_headers(headers)
        .with_body(Some(body.to_string().into()));
    let mut response = match Request::new_with_init(&url, &init) {
        Ok(request) => Fetch::Request(request).send().await,
        Err(error) => Err(error),
    };
    let status = match &response {
        Ok(r) => r.status_code(),
        Err(error) => {
            worker::console_error!("Bot API {method} failed: {error}");
            return BotAnswer::Failed(0);
        }
    };
    if (200..300).contains(&status) {
        return BotAnswer::Accepted;
    }
    worker::console_error!("Bot API {method} refused: {status}");
    match status {
        403 => BotAnswer::Refused,
        429 => {
            // Telegram says how long to wait in `parameters.retry_after`.
            let body: Option<Value> = match response.as_mut() {
                Ok(r) => r.json().await.ok(),
                Err(_) => None,
            };
            let wait = body
                .as_ref()
                .and_then(|b| b.pointer("/parameters/retry_after"))
                .and_then(Value::as_u64)
                .unwrap_or(30);
            BotAnswer::RetryAfter(u32::try_from(wait.clamp(1, 3600)).unwrap_or(30))
        }
        other => BotAnswer::Failed(other),
    }
}
