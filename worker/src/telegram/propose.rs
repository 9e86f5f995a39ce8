//! A turn Caja starts in a person's private chat (a recurring movement's
//! proposal on its day): run like any turn, exactly once per key, and
//! rendered with its Sí/No buttons for the queue consumer to send.

use caja_core::agent::{Start, TurnOutput};
use serde_json::Value;

use super::turn_message;
use super::update::{Person, Place};
use crate::store::Db;
use crate::turn::{self, TurnOutcome, TurnRequest};

/// What the consumer sends for a host-started turn.
pub enum Proposal {
    /// The `sendMessage` body: the prompt and its buttons (the same one
    /// again when the turn had already run: at least once).
    Send(Value),
    /// The person is in the middle of something: try again later.
    Wait,
    /// Nothing to ask (the item is gone or already recorded).
    Nothing,
}

/// Runs `start` in the private chat of Telegram user `chat_id`, once per
/// `key`.
pub async fn propose(
    directory: &Db,
    db: &Db,
    user_id: &str,
    chat_id: i64,
    start: Start,
    key: &str,
    now: i64,
) -> worker::Result<Proposal> {
    let place = Place {
        chat_id,
        private: true,
        topic: None,
    };
    let person = Person {
        telegram_id: chat_id,
        first_name: None,
        user_id: user_id.to_string(),
        thread_id: format!("tg:{chat_id}"),
    };
    // Stored for a redelivery: the message, or nothing when the turn
    // asked nothing.
    let render = |output: &TurnOutput, _version: i64| {
        if output.state.confirmation_id().is_some() {
            turn_message(&place, &person, output).to_string()
        } else {
            String::new()
        }
    };
    let request = TurnRequest {
        user_id,
        thread_id: &person.thread_id,
        shared_chat: false,
        message: "",
        now_ms: now,
        timezone: None,
        press: None,
        directory,
        dedupe_key: Some(key.to_string()),
        render: &render,
        keep: None,
        before: Vec::new(),
        start: Some(start),
    };
    let response = match turn::run(db, &request).await? {
        TurnOutcome::Done { response, .. } | TurnOutcome::Duplicate { response, .. } => response,
        TurnOutcome::NotAtRest | TurnOutcome::Busy => return Ok(Proposal::Wait),
        TurnOutcome::Limited => return Ok(Proposal::Nothing),
    };
    if response.is_empty() {
        return Ok(Proposal::Nothing);
    }
    let mut body: Value = serde_json::from_str(&response)?;
    if let Some(map) = body.as_object_mut() {
        map.remove("method");
    }
    Ok(Proposal::Send(body))
}
