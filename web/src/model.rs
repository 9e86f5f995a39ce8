//! The chat's plain data: messages, the outbox and what is persisted, with
//! the logic the components use (tested without a browser).

use std::collections::VecDeque;

use crate::state::WebState;
use serde::{Deserialize, Serialize};

/// Who wrote a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    User,
    Assistant,
}

/// Where a message stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Answered by the Worker (authoritative).
    Confirmed,
    /// The local core's prediction, waiting for the Worker.
    Predicted,
    /// Waiting in the outbox for the connection to return.
    Pending,
}

/// One line of the conversation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatMessage {
    /// The client_msg_id of the user message this belongs to.
    pub client_msg_id: String,
    pub role: Role,
    pub text: String,
    pub status: Status,
    /// Text offered to forward (a reminder): shown with a copy button.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub share: Option<String>,
}

/// A message not yet processed by the Worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutboxItem {
    pub client_msg_id: String,
    pub text: String,
}

/// Messages waiting to be sent, oldest first. They are sent in order and
/// each leaves only when the Worker acknowledged it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outbox {
    items: VecDeque<OutboxItem>,
}

impl Outbox {
    pub fn push(&mut self, item: OutboxItem) {
        if !self
            .items
            .iter()
            .any(|i| i.client_msg_id == item.client_msg_id)
        {
            self.items.push_back(item);
        }
    }

    /// The next message to send.
    pub fn front(&self) -> Option<&OutboxItem> {
        self.items.front()
    }

    /// Removes `client_msg_id` once the Worker answered it.
    pub fn acknowledge(&mut self, client_msg_id: &str) {
        self.items.retain(|i| i.client_msg_id != client_msg_id);
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn contains(&self, client_msg_id: &str) -> bool {
        self.items.iter().any(|i| i.client_msg_id == client_msg_id)
    }
}

/// Version of [`Persisted`]'s shape.
pub const PERSISTED_SCHEMA: u32 = 2;

/// Everything the browser keeps in IndexedDB.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Persisted {
    pub schema: u32,
    pub session_token: Option<String>,
    pub messages: Vec<ChatMessage>,
    pub outbox: Outbox,
    /// The Worker's state and its version, as last received.
    pub server_state: Option<WebState>,
    pub server_version: i64,
    /// The local core's state (drafts built while offline).
    pub local_state: Option<WebState>,
    /// Counter for client_msg_ids.
    pub next_seq: u64,
}

/// The first stored shape: a session and plain text lines.
#[derive(Deserialize)]
struct PersistedV1 {
    session_token: Option<String>,
    #[serde(default)]
    lines: Vec<(String, String)>,
}

/// Reads a stored record of any known schema, migrating older ones.
pub fn migrate(value: serde_json::Value) -> Persisted {
    match value.get("schema").and_then(serde_json::Value::as_u64) {
        Some(2) => serde_json::from_value(value).unwrap_or_default(),
        Some(1) | None => {
            let Ok(old) = serde_json::from_value::<PersistedV1>(value) else {
                return Persisted {
                    schema: PERSISTED_SCHEMA,
                    ..Persisted::default()
                };
            };
            let messages = old
                .lines
                .into_iter()
                .enumerate()
                .map(|(i, (role, text))| ChatMessage {
                    client_msg_id: format!("v1-{}", i / 2),
                    role: if role == "user" {
                        Role::User
                    } else {
                        Role::Assistant
                    },
                    text,
                    status: Status::Confirmed,
                    share: None,
                })
                .collect();
            Persisted {
                schema: PERSISTED_SCHEMA,
                session_token: old.session_token,
                messages,
                ..Persisted::default()
            }
        }
        Some(_) => Persisted {
            schema: PERSISTED_SCHEMA,
            ..Persisted::default()
        },
    }
}

impl Persisted {
    /// The state the local core continues from: the local one while it is
    /// ahead (outbox not empty), else the Worker's.
    pub fn working_state(&self) -> Option<&WebState> {
        if self.outbox.is_empty() {
            self.server_state.as_ref()
        } else {
            self.local_state.as_ref().or(self.server_state.as_ref())
        }
    }

    /// Takes the conversation as the Worker has it when the Worker is
    /// ahead of this browser (a new device, or another one wrote since)
    /// and nothing here waits to be sent: its lines, its state and so any
    /// open confirmation. Returns whether it did.
    pub fn adopt_server(
        &mut self,
        lines: Vec<(i64, Role, String)>,
        state: WebState,
        version: i64,
    ) -> bool {
        if !self.outbox.is_empty() || version <= self.server_version {
            return false;
        }
        self.messages = lines
            .into_iter()
            .map(|(id, role, text)| ChatMessage {
                client_msg_id: format!("server-{id}"),
                role,
                text,
                status: Status::Confirmed,
                share: None,
            })
            .collect();
        self.server_version = version;
        self.server_state = Some(state.clone());
        self.local_state = Some(state);
        true
    }

    /// Replaces the prediction for `client_msg_id` with the Worker's reply
    /// and adopts its state. Returns whether the prediction differed.
    pub fn reconcile(
        &mut self,
        client_msg_id: &str,
        reply: &str,
        share: Option<String>,
        state: WebState,
        version: i64,
    ) -> bool {
        let mut mismatch = true;
        for message in self
            .messages
            .iter_mut()
            .filter(|m| m.client_msg_id == client_msg_id)
        {
            match message.role {
                Role::User => message.status = Status::Confirmed,
                Role::Assistant => {
                    mismatch = message.text != reply;
                    message.text = reply.to_string();
                    message.status = Status::Confirmed;
                    message.share = share.clone();
                }
            }
        }
        if !self
            .messages
            .iter()
            .any(|m| m.client_msg_id == client_msg_id && m.role == Role::Assistant)
        {
            self.messages.push(ChatMessage {
                client_msg_id: client_msg_id.to_string(),
                role: Role::Assistant,
                text: reply.to_string(),
                status: Status::Confirmed,
                share,
            });
        }
        self.outbox.acknowledge(client_msg_id);
        if version >= self.server_version {
            self.server_version = version;
            self.server_state = Some(state.clone());
        }
        if self.outbox.is_empty() {
            self.local_state = Some(state);
        }
        mismatch
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn the_outbox_keeps_order_and_drops_only_acknowledged_items() {
        let mut outbox = Outbox::default();
        for id in ["a", "b", "c", "b"] {
            outbox.push(OutboxItem {
                client_msg_id: id.into(),
                text: id.into(),
            });
        }
        assert_eq!(outbox.len(), 3);
        assert_eq!(outbox.front().map(|i| i.client_msg_id.as_str()), Some("a"));
        outbox.acknowledge("b");
        assert_eq!(outbox.front().map(|i| i.client_msg_id.as_str()), Some("a"));
        outbox.acknowledge("a");
        assert_eq!(outbox.front().map(|i| i.client_msg_id.as_str()), Some("c"));
    }

    #[wasm_bindgen_test]
    fn the_server_conversation_is_adopted_only_when_it_is_ahead_and_nothing_waits() {
        let state = WebState::from_json(r#"{"user_id":"u"}"#).unwrap();
        let lines = || {
            vec![
                (1, Role::User, "gasté 80 en tacos".to_string()),
                (2, Role::Assistant, "¿Registro este movimiento?".to_string()),
            ]
        };
        let mut fresh = Persisted::default();
        assert!(fresh.adopt_server(lines(), state.clone(), 3));
        assert_eq!(fresh.messages.len(), 2);
        assert_eq!(fresh.messages[1].status, Status::Confirmed);
        assert_eq!(fresh.server_version, 3);
        // Up to date: nothing changes.
        assert!(!fresh.adopt_server(Vec::new(), state.clone(), 3));
        assert_eq!(fresh.messages.len(), 2);
        // A message waiting to be sent is never overwritten.
        let mut waiting = Persisted::default();
        waiting.outbox.push(OutboxItem {
            client_msg_id: "c1".into(),
            text: "hola".into(),
        });
        assert!(!waiting.adopt_server(lines(), state, 5));
        assert!(waiting.messages.is_empty());
    }

    #[wasm_bindgen_test]
    fn the_server_answer_replaces_the_prediction() {
        let mut p = Persisted::default();
        p.messages.push(ChatMessage {
            client_msg_id: "m1".into(),
            role: Role::User,
            text: "gasté 250 en uber".into(),
            status: Status::Pending,
            share: None,
        });
        p.messages.push(ChatMessage {
            client_msg_id: "m1".into(),
            role: Role::Assistant,
            text: "predicho".into(),
            status: Status::Predicted,
            share: None,
        });
        p.outbox.push(OutboxItem {
            client_msg_id: "m1".into(),
            text: "gasté 250 en uber".into(),
        });
        let server = WebState::from_json(r#"{"user_id":"u"}"#).unwrap();
        let mismatch = p.reconcile("m1", "del servidor", None, server.clone(), 3);
        assert!(mismatch);
        assert_eq!(p.messages[1].text, "del servidor");
        assert_eq!(p.messages[1].status, Status::Confirmed);
        assert_eq!(p.messages[0].status, Status::Confirmed);
        assert!(p.outbox.is_empty());
        assert_eq!(p.server_version, 3);
        assert_eq!(p.working_state(), Some(&server));
        // An older answer never replaces a newer state.
        let older = WebState::from_json(r#"{"user_id":"u","last_user_message":"viejo"}"#).unwrap();
        p.reconcile("m0", "viejo", None, older, 2);
        assert_eq!(p.server_version, 3);
        assert_eq!(p.server_state, Some(server));
    }

    #[wasm_bindgen_test]
    fn an_older_record_is_migrated() {
        let v1 = serde_json::json!({ "session_token": "abc", "lines": [["user", "hola"], ["assistant", "¡Hola!"]] });
        let p = migrate(v1);
        assert_eq!(p.schema, PERSISTED_SCHEMA);
        assert_eq!(p.session_token.as_deref(), Some("abc"));
        assert_eq!(p.messages.len(), 2);
        assert_eq!(p.messages[1].role, Role::Assistant);
        let future = serde_json::json!({ "schema": 99 });
        assert_eq!(migrate(future).messages.len(), 0);
    }
}
