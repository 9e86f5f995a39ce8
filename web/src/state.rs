//! The session's state as the web holds it: the Worker's JSON kept as it
//! came (handed to the engine as is, stored as is), and the few fields the
//! draft card and the quick replies read. The page never decodes or
//! writes a whole `AgentState`: that decoder lives in the engine module,
//! which the page loads after the chat is interactive.

use std::sync::Arc;

use caja_core::agent::state::Field;
use caja_core::tools::CategoryType;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;

/// The agent a confirmation belongs to when the state does not name one
/// (the seed's finance prompt; `caja_core::gate::action::HOME`).
const HOME: &str = "financial";

/// The Worker's state (or the engine's prediction) and what the page
/// reads of it.
#[derive(Clone, Debug)]
pub struct WebState {
    raw: Arc<str>,
    view: StateView,
}

/// What the page reads of a state.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
pub struct StateView {
    #[serde(default)]
    pending_action: Option<PendingCard>,
    #[serde(default)]
    pub pending_transaction: Option<DraftCard>,
    #[serde(default)]
    pub clarification_questions: Vec<Question>,
}

/// The prompt waiting for a Sí/No.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
pub struct PendingCard {
    /// What waits (a write's type or a service call); the seed writes
    /// `{}` when nothing does.
    #[serde(default, rename = "type")]
    kind: Option<String>,
    #[serde(default)]
    pub id: String,
    #[serde(default, rename = "agent_id")]
    agent: Option<String>,
    #[serde(default)]
    pub expires_at_iso: Option<String>,
}

impl PendingCard {
    /// The agent that asked.
    pub fn agent(&self) -> &str {
        self.agent.as_deref().unwrap_or(HOME)
    }
}

/// The finance draft being built.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
pub struct DraftCard {
    #[serde(default)]
    pub amount_mxn_cents: Option<i64>,
    #[serde(default)]
    pub category_type: Option<CategoryType>,
    #[serde(default)]
    pub category: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub date_iso: Option<String>,
}

/// A question the draft waits on.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
pub struct Question {
    #[serde(default)]
    pub field: Field,
}

impl WebState {
    /// A state from its JSON, or `None` when it is not a JSON object.
    pub fn from_json(raw: &str) -> Option<WebState> {
        let view = serde_json::from_str::<StateView>(raw).ok()?;
        Some(WebState {
            raw: raw.into(),
            view,
        })
    }

    /// No state yet: the engine starts a fresh one.
    pub fn fresh() -> WebState {
        WebState {
            raw: "null".into(),
            view: StateView::default(),
        }
    }

    /// The state's JSON, as the Worker or the engine wrote it.
    pub fn json(&self) -> &str {
        &self.raw
    }

    /// What the page reads of it.
    pub fn view(&self) -> &StateView {
        &self.view
    }

    /// The prompt waiting for a Sí/No, of whichever agent.
    pub fn pending(&self) -> Option<&PendingCard> {
        self.view
            .pending_action
            .as_ref()
            .filter(|p| p.kind.is_some())
    }
}

impl PartialEq for WebState {
    fn eq(&self, other: &WebState) -> bool {
        self.raw == other.raw
    }
}

impl Serialize for WebState {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match RawValue::from_string(self.raw.to_string()) {
            Ok(raw) => raw.serialize(s),
            Err(_) => s.serialize_unit(),
        }
    }
}

impl<'de> Deserialize<'de> for WebState {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<WebState, D::Error> {
        let raw = Box::<RawValue>::deserialize(d)?;
        WebState::from_json(raw.get())
            .ok_or_else(|| serde::de::Error::custom("a state is a JSON object"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn the_card_reads_what_the_core_writes() {
        let mut state = caja_core::agent::state::AgentState::new("u", "web:u");
        state.pending_transaction = Some(caja_core::agent::state::TransactionDraft {
            amount_mxn_cents: Some(25_000),
            category: Some("transporte".into()),
            ..Default::default()
        });
        let json = serde_json::to_string(&state).unwrap();
        let web = WebState::from_json(&json).unwrap();
        let draft = web.view().pending_transaction.clone().unwrap();
        assert_eq!(draft.amount_mxn_cents, Some(25_000));
        assert_eq!(draft.category.as_deref(), Some("transporte"));
        assert!(web.pending().is_none());
        // The seed's empty object is nothing waiting; a prompt is read.
        let waiting = WebState::from_json(
            r#"{"pending_action":{"type":"SERVICE_CALL","payload":{},"id":"p4","agent_id":"cobros","expires_at_iso":"2026-11-22T18:05:00.000Z"}}"#,
        )
        .unwrap();
        let card = waiting.pending().unwrap();
        assert_eq!((card.id.as_str(), card.agent()), ("p4", "cobros"));
        let home =
            WebState::from_json(r#"{"pending_action":{"type":"ADD_TRANSACTION","id":"p2"}}"#)
                .unwrap();
        assert_eq!(home.pending().unwrap().agent(), "financial");
        assert!(
            WebState::from_json(r#"{"pending_action":{}}"#)
                .unwrap()
                .pending()
                .is_none()
        );
        // Kept as it came, and written back the same.
        assert_eq!(serde_json::to_string(&web).unwrap(), json);
        let again: WebState = serde_json::from_str(&json).unwrap();
        assert_eq!(again, web);
    }
}
