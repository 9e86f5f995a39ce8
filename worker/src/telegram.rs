//! `POST /telegram/webhook`: Telegram updates in, Bot API methods out. The
//! reply goes back in the webhook response body when possible; button
//! presses also need `answerCallbackQuery`, a new message and the buttons
//! removed, sent to the configured Bot API base URL.

use caja_core::agent::TurnOutput;
use caja_core::agent::text::{self, host};
use caja_core::time::iso_utc;
use serde::Deserialize;
use serde_json::{Value, json};
use worker::{Env, Fetch, Headers, Method, Request, RequestInit, Response};

use crate::auth;
use crate::config::{self, read_body};
use crate::error::{ApiError, ApiResult};
use crate::store::Db;
use crate::turn::{self, TurnOutcome, TurnRequest};

/// Telegram's limit on a message's text.
const MAX_TELEGRAM_TEXT: usize = 4096;

#[derive(Deserialize)]
struct Update {
    update_id: i64,
    message: Option<Message>,
    edited_message: Option<Value>,
    callback_query: Option<CallbackQuery>,
}

#[derive(Deserialize)]
struct Message {
    message_id: Option<i64>,
    chat: Chat,
    from: Option<User>,
    text: Option<String>,
    voice: Option<Value>,
    audio: Option<Value>,
    photo: Option<Value>,
    sticker: Option<Value>,
}

#[derive(Deserialize)]
struct Chat {
    id: i64,
    #[serde(rename = "type")]
    kind: String,
}

#[derive(Deserialize)]
struct User {
    id: i64,
    first_name: Option<String>,
}

#[derive(Deserialize)]
struct CallbackQuery {
    id: String,
    from: User,
    message: Option<Message>,
    data: Option<String>,
}

fn truncate(text: &str) -> String {
    if text.chars().count() <= MAX_TELEGRAM_TEXT {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(MAX_TELEGRAM_TEXT - 1).collect();
    cut.push('…');
    cut
}

/// A `sendMessage`, with Sí/No buttons when a confirmation is pending.
fn send_message(chat_id: i64, output: &TurnOutput) -> Value {
    let mut method =
        json!({ "method": "sendMessage", "chat_id": chat_id, "text": truncate(&output.reply) });
    if output.state.pending_action.is_pending()
        && let Some(id) = &output.state.pending_action.id
    {
        method["reply_markup"] = json!({ "inline_keyboard": [[
            { "text": text::YES, "callback_data": format!("pa:{id}:y") },
            { "text": text::NO, "callback_data": format!("pa:{id}:n") },
        ]] });
    }
    method
}

/// One conversation per private chat; in a group, one per member, so
/// members never share drafts or confirmations.
fn thread_id(chat_id: i64, chat_kind: &str, user_id: i64) -> String {
    if chat_kind == "private" {
        format!("tg:{chat_id}")
    } else {
        format!("tg:{chat_id}:{user_id}")
    }
}

fn plain_message(chat_id: i64, text: &str) -> Value {
    json!({ "method": "sendMessage", "chat_id": chat_id, "text": text })
}

fn ok_json(value: &Value) -> ApiResult {
    Response::from_json(value).map_err(ApiError::from)
}

/// Handles one update.
pub async fn handle_webhook(mut req: Request, env: &Env, db: &Db) -> ApiResult {
    let Some(secret) = config::webhook_secret(env) else {
        worker::console_error!("TELEGRAM_WEBHOOK_SECRET is not configured");
        return Err(ApiError::Unauthorized);
    };
    let given = req
        .headers()
        .get("X-Telegram-Bot-Api-Secret-Token")
        .ok()
        .flatten()
        .unwrap_or_default();
    if !auth::secrets_equal(&given, &secret) {
        return Err(ApiError::Unauthorized);
    }
    let body = read_body(&mut req).await.map_err(|too_large| {
        if too_large {
            ApiError::TooLarge
        } else {
            ApiError::BadRequest
        }
    })?;
    let update: Update = serde_json::from_str(&body).map_err(|_| ApiError::BadJson)?;
    let now = config::now_ms(&req, env);

    if update.edited_message.is_some() {
        return ok_json(&json!({}));
    }
    if let Some(callback) = update.callback_query {
        return handle_callback(env, db, update.update_id, callback, now).await;
    }
    let Some(message) = update.message else {
        return ok_json(&json!({}));
    };
    let chat_id = message.chat.id;
    let Some(from) = message.from else {
        return ok_json(&json!({}));
    };
    let group = message.chat.kind != "private";
    let Some(raw_text) = message.text else {
        if group {
            return ok_json(&json!({}));
        }
        let reply = if message.voice.is_some() || message.audio.is_some() {
            host::VOICE
        } else if message.photo.is_some() {
            host::PHOTO
        } else if message.sticker.is_some() {
            host::STICKER
        } else {
            host::NON_TEXT
        };
        return ok_json(&plain_message(chat_id, reply));
    };
    let mut text = raw_text.trim().to_string();
    if group {
        // In groups only commands and mentions are for Caja.
        let mention = format!("@{}", config::bot_username(env));
        if text.contains(&mention) {
            text = text.replace(&mention, " ").trim().to_string();
        } else if !text.starts_with('/') {
            return ok_json(&json!({}));
        }
    }
    let _ = message.message_id;
    let user_id = format!("tg:{}", from.id);
    let command = text
        .split_whitespace()
        .next()
        .unwrap_or("")
        .split('@')
        .next()
        .unwrap_or("")
        .to_lowercase();
    if command == "/web" {
        if group {
            return ok_json(&plain_message(chat_id, host::WEB_ONLY_PRIVATE));
        }
        let (sql, args) = auth::ensure_user_sql(
            &user_id,
            Some(&from.id.to_string()),
            from.first_name.as_deref(),
            &iso_utc(now),
        );
        let args: Vec<crate::store::Arg> =
            args.iter().map(|a| crate::store::Arg::Text(a)).collect();
        db.run(db.stmt(&sql, &args)?).await?;
        let token = auth::create_login_token(db, &user_id, now).await?;
        let url = format!("{}/?login={token}", config::public_url(env));
        return ok_json(&plain_message(chat_id, &host::web_link(&url)));
    }

    let thread = format!("tg:{chat_id}");
    let render =
        move |output: &TurnOutput, _version: i64| send_message(chat_id, output).to_string();
    let request = TurnRequest {
        user_id: &user_id,
        thread_id: &thread,
        message: &text,
        now_ms: now,
        timezone: None,
        action_id: None,
        dedupe_key: Some(format!("tg:{}", update.update_id)),
        render: &render,
        before: vec![auth::ensure_user_sql(
            &user_id,
            Some(&from.id.to_string()),
            from.first_name.as_deref(),
            &iso_utc(now),
        )],
    };
    webhook_answer(turn::run(db, &request).await?, chat_id)
}

fn webhook_answer(outcome: TurnOutcome, chat_id: i64) -> ApiResult {
    let (body, round_trips) = match outcome {
        TurnOutcome::Done {
            response,
            round_trips,
            ..
        } => (response, round_trips),
        TurnOutcome::Duplicate {
            response,
            round_trips,
        } => (response, round_trips),
        TurnOutcome::Busy => (plain_message(chat_id, host::RETRY).to_string(), 0),
    };
    let headers = Headers::new();
    headers.set("Content-Type", "application/json").ok();
    headers
        .set("X-Caja-Round-Trips", &round_trips.to_string())
        .ok();
    Ok(Response::ok(body)?.with_headers(headers))
}

async fn handle_callback(
    env: &Env,
    db: &Db,
    update_id: i64,
    callback: CallbackQuery,
    now: i64,
) -> ApiResult {
    let Some(message) = callback.message else {
        return ok_json(
            &json!({ "method": "answerCallbackQuery", "callback_query_id": callback.id }),
        );
    };
    let chat_id = message.chat.id;
    let parts: Vec<&str> = callback.data.as_deref().unwrap_or("").split(':').collect();
    let (action_id, answer) = match parts.as_slice() {
        ["pa", id, "y"] => (id.to_string(), "sí"),
        ["pa", id, "n"] => (id.to_string(), "no"),
        _ => {
            return ok_json(
                &json!({ "method": "answerCallbackQuery", "callback_query_id": callback.id, "text": host::BUTTON_STALE }),
            );
        }
    };
    let user_id = format!("tg:{}", callback.from.id);
    let thread = thread_id(chat_id, &message.chat.kind, callback.from.id);
    let callback_id = callback.id.clone();
    let render = move |output: &TurnOutput, _version: i64| {
        let stale = output.audit.confirmation == caja_core::agent::ConfirmationStatus::Stale;
        json!({
            "method": "answerCallbackQuery",
            "callback_query_id": callback_id,
            "text": if stale { host::BUTTON_STALE } else { host::BUTTON_DONE },
        })
        .to_string()
    };
    let request = TurnRequest {
        user_id: &user_id,
        thread_id: &thread,
        message: answer,
        now_ms: now,
        timezone: None,
        action_id: Some(action_id),
        dedupe_key: Some(format!("tg:{update_id}")),
        render: &render,
        before: vec![auth::ensure_user_sql(
            &user_id,
            Some(&callback.from.id.to_string()),
            callback.from.first_name.as_deref(),
            &iso_utc(now),
        )],
    };
    let outcome = turn::run(db, &request).await?;
    if let TurnOutcome::Done { output, .. } = &outcome {
        // The buttons go; the answer arrives as a new message.
        if let Some(message_id) = message.message_id {
            bot_call(env, "editMessageReplyMarkup", &json!({ "chat_id": chat_id, "message_id": message_id, "reply_markup": { "inline_keyboard": [] } })).await;
        }
        let mut reply = send_message(chat_id, output);
        if let Some(map) = reply.as_object_mut() {
            map.remove("method");
        }
        bot_call(env, "sendMessage", &reply).await;
    }
    webhook_answer(outcome, chat_id)
}

/// Calls the Bot API; failures are logged, never fatal to the turn.
async fn bot_call(env: &Env, method: &str, body: &Value) {
    let Some(token) = config::bot_token(env) else {
        worker::console_error!("TELEGRAM_BOT_TOKEN is not configured; {method} not sent");
        return;
    };
    let url = format!("{}/bot{token}/{method}", config::telegram_api_base(env));
    let headers = Headers::new();
    headers.set("Content-Type", "application/json").ok();
    let mut init = RequestInit::new();
    init.with_method(Method::Post)
        .with_headers(headers)
        .with_body(Some(body.to_string().into()));
    let result = match Request::new_with_init(&url, &init) {
        Ok(request) => Fetch::Request(request)
            .send()
            .await
            .map(|r| r.status_code()),
        Err(error) => Err(error),
    };
    if let Err(error) = result {
        worker::console_error!("Bot API {method} failed: {error}");
    }
}
