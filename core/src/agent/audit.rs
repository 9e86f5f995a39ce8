//! The decision record of a turn, the same for every agent (seed 002's
//! field names). Built once when the turn ends, from what the turn
//! decided: the agent that held it, the reading and its confidence, the
//! entities and where they were read, validation, the confirmation gate,
//! the tool outcomes, the response and any error.

#![cfg_attr(not(feature = "audit"), allow(dead_code))]

use serde::{Deserialize, Serialize};

use super::state::AgentState;
use super::{TurnCtx, drafts};
use crate::agents::registry::HOME;
use crate::gate::ConfirmationStatus;
use crate::graph::Trace;
use crate::nlu::normalize::TokenKind;

/// Validation outcome for the audit.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValidationRecord {
    pub ok: bool,
    pub missing: Vec<String>,
}

/// One tool call and how it went, for the audit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolOutcome {
    pub call_id: String,
    pub tool: String,
    pub write: bool,
    pub ok: bool,
    pub error_code: Option<String>,
}

/// What was read from the message, for the audit.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entities {
    #[serde(rename = "type")]
    pub kind: Option<crate::tools::TransactionType>,
    pub amount_mxn_cents: Option<i64>,
    pub currency: Option<String>,
    pub category: Option<String>,
    pub category_type: Option<crate::tools::CategoryType>,
    pub description: Option<String>,
    pub date_iso: Option<String>,
    pub month: Option<String>,
    pub query: Option<crate::nlu::QueryKind>,
    pub debt_name: Option<String>,
    pub debt_balance_mxn_cents: Option<i64>,
    pub debt_minimum_mxn_cents: Option<i64>,
    pub debt_due_day: Option<u8>,
}

/// One entity read from the message, and where (seed 002 `entities`):
/// char offsets `[start, end)` of the words it was read from, when they
/// can be pointed at.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EntityRecord {
    pub name: String,
    pub value: serde_json::Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<usize>,
}

/// The entities of a turn as read: typed, with the spans found, turned
/// into [`EntityRecord`]s only when a host serializes or asks for them
/// (a turn that is not audited pays nothing for them).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EntityList {
    pub(crate) finance: Option<Entities>,
    /// `(field, start, end)` of the finance entities found in the text.
    pub(crate) spans: Vec<(&'static str, usize, usize)>,
    /// A data agent's slots.
    pub(crate) slots: serde_json::Map<String, serde_json::Value>,
}

impl EntityList {
    /// One record per entity, finance fields first, then slots.
    pub fn records(&self) -> Vec<EntityRecord> {
        let finance = match self.finance.as_ref().map(serde_json::to_value) {
            Some(Ok(serde_json::Value::Object(fields))) => fields,
            _ => serde_json::Map::new(),
        };
        finance
            .into_iter()
            .chain(self.slots.clone())
            .filter(|(_, value)| !value.is_null())
            .map(|(name, value)| {
                let span = self.spans.iter().find(|(field, ..)| *field == name);
                EntityRecord {
                    start: span.map(|s| s.1),
                    end: span.map(|s| s.2),
                    name,
                    value,
                }
            })
            .collect()
    }

    pub fn is_empty(&self) -> bool {
        self.finance.is_none() && self.slots.is_empty()
    }
}

impl Serialize for EntityList {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.records().serialize(s)
    }
}

/// Another reading that scored (seed 002 alternatives).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Alternative {
    pub intent: String,
    pub confidence: f32,
}

/// The seed's `validation_result`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ValidationResult {
    Pass,
    Fail,
    Clarify,
    /// Nothing was validated this turn (a question, small talk, a button).
    #[default]
    NotRun,
}

/// The seed's `confirmation_status`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeedConfirmation {
    Pending,
    Confirmed,
    Rejected,
    #[default]
    NotRequired,
}

impl From<ConfirmationStatus> for SeedConfirmation {
    fn from(status: ConfirmationStatus) -> Self {
        match status {
            ConfirmationStatus::Prompted
            | ConfirmationStatus::Reasked
            | ConfirmationStatus::Expired => SeedConfirmation::Pending,
            ConfirmationStatus::Confirmed => SeedConfirmation::Confirmed,
            ConfirmationStatus::Rejected => SeedConfirmation::Rejected,
            ConfirmationStatus::None
            | ConfirmationStatus::Stale
            | ConfirmationStatus::AlreadyConfirmed => SeedConfirmation::NotRequired,
        }
    }
}

/// One decision record per turn, the same for every agent (seed 002's
/// field names): which agent held the turn, what it read and how sure it
/// was, what it validated, what the confirmation gate did, what the tools
/// returned and what was answered.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AuditRecord {
    pub at_iso: String,
    pub message: String,
    /// The agent that held the turn (`financial` or a data agent's id).
    pub agent: String,
    pub intent: String,
    pub intent_confidence: f32,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub alternatives: Vec<Alternative>,
    pub entities: EntityList,
    pub validation_result: ValidationResult,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub validation_missing: Vec<String>,
    pub confirmation_status: SeedConfirmation,
    /// What the gate did in more detail (prompted, reasked, expired, stale…).
    pub confirmation_detail: ConfirmationStatus,
    pub tool_result: Vec<ToolOutcome>,
    pub response: String,
    pub error: Option<String>,
    pub trace: Trace,
    /// The learned model's reading, when it was weighed this turn: its
    /// best label, how sure, and the features that weighed most.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub learned: Option<LearnedReading>,
}

/// What the learned intent model read ([`crate::nlu::learned`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LearnedReading {
    pub label: String,
    pub probability: f64,
    /// "feature (weight)", largest first.
    pub why: Vec<String>,
}

pub(super) fn record(
    state: &AgentState,
    ctx: &TurnCtx,
    reply: &str,
    tool_result: Vec<ToolOutcome>,
    trace: Trace,
) -> AuditRecord {
    let data_agent = ctx
        .chain
        .steps
        .last()
        .filter(|step| step.agent != HOME && step.why != "finance")
        .map(|step| step.agent.clone());
    let (intent, intent_confidence, alternatives) = reading(ctx, data_agent.is_some());
    let entities = match (&data_agent, &ctx.understanding) {
        (Some(_), _) => EntityList {
            slots: state
                .current_flow
                .as_ref()
                .map(|f| f.slots.clone())
                .unwrap_or_default(),
            ..EntityList::default()
        },
        (None, Some(u)) => finance_entities(ctx, drafts::entities(u)),
        (None, None) => EntityList::default(),
    };
    let validation_result = match (&ctx.validation, data_agent.is_some()) {
        (Some(v), _) if v.ok => ValidationResult::Pass,
        (Some(_), _) => ValidationResult::Clarify,
        (None, true) => match ctx.chain.decisions.validation {
            Some(true) => ValidationResult::Pass,
            Some(false) => ValidationResult::Fail,
            None => ValidationResult::NotRun,
        },
        (None, false) => ValidationResult::NotRun,
    };
    let error = tool_result
        .iter()
        .find(|t| !t.ok)
        .map(|t| {
            format!(
                "{}: {}",
                t.tool,
                t.error_code.as_deref().unwrap_or("no result")
            )
        })
        .or_else(|| {
            trace
                .steps
                .iter()
                .find(|s| &*s.edge == "error")
                .map(|s| s.reason.to_string())
        });
    AuditRecord {
        at_iso: ctx.now_iso.clone(),
        message: match ctx.message.char_indices().nth(ctx.config.max_message_chars) {
            Some((cut, _)) => ctx.message[..cut].to_string(),
            None => ctx.message.clone(),
        },
        agent: data_agent.unwrap_or_else(|| HOME.to_string()),
        intent,
        intent_confidence,
        alternatives,
        entities,
        validation_result,
        validation_missing: ctx
            .validation
            .as_ref()
            .map(|v| v.missing.clone())
            .unwrap_or_default(),
        confirmation_status: ctx.confirmation.into(),
        confirmation_detail: ctx.confirmation,
        tool_result,
        response: reply.to_string(),
        error,
        trace,
        learned: ctx.reading.learned_if_read().map(|scores| {
            let (label, probability) = scores.best();
            LearnedReading {
                label: label.to_string(),
                probability,
                why: crate::nlu::learned::shipped()
                    .map(|model| model.why(ctx.reading.learned_base(), "none", scores))
                    .unwrap_or_default()
                    .iter()
                    .map(|(feature, weight)| format!("{feature} ({weight})"))
                    .collect(),
            }
        }),
    }
}

/// The intent the turn acted on, how sure, and the other readings.
fn reading(ctx: &TurnCtx, data_agent: bool) -> (String, f32, Vec<Alternative>) {
    if let Some(talk) = ctx.small_talk {
        return (talk.label(), 1.0, Vec::new());
    }
    if data_agent {
        return match &ctx.chain.decisions.intent {
            Some((intent, score)) => (intent.clone(), *score, Vec::new()),
            // An answer to the agent's own question or confirmation.
            None => ("ANSWER".to_string(), 1.0, Vec::new()),
        };
    }
    match &ctx.understanding {
        Some(u) => (
            u.intent.as_str().to_string(),
            u.confidence,
            u.alternatives
                .iter()
                .map(|(intent, confidence)| Alternative {
                    intent: intent.as_str().to_string(),
                    confidence: *confidence,
                })
                .collect(),
        ),
        None if ctx.confirmation != Default::default() => {
            ("CONFIRMATION".to_string(), 1.0, Vec::new())
        }
        None => ("UNKNOWN".to_string(), 0.0, Vec::new()),
    }
}

/// The finance entities read, each with the words it came from when they
/// can be pointed at (numbers for amounts, a word for the description).
fn finance_entities(ctx: &TurnCtx, e: super::Entities) -> EntityList {
    let tokens = ctx.reading.tokens();
    let number_span = |cents: i64| {
        let whole = (cents / 100).to_string();
        tokens
            .iter()
            .find(|t| t.kind == TokenKind::Number && t.text.replace([',', '.'], "") == whole)
            .or_else(|| {
                tokens.iter().find(|t| {
                    t.kind == TokenKind::Number
                        && t.text.replace(',', "").parse::<f64>().ok() == Some(cents as f64 / 100.0)
                })
            })
            .map(|t| (t.start, t.end))
    };
    let word_span = |text: &str| {
        let folded = crate::nlu::normalize::fold(text);
        let first = folded
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_string();
        tokens
            .iter()
            .find(|t| t.text == first)
            .map(|t| (t.start, t.end))
    };
    let mut spans = Vec::new();
    let numbers = [
        ("amount_mxn_cents", e.amount_mxn_cents),
        ("debt_balance_mxn_cents", e.debt_balance_mxn_cents),
        ("debt_minimum_mxn_cents", e.debt_minimum_mxn_cents),
    ];
    for (field, cents) in numbers {
        if let Some((start, end)) = cents.and_then(number_span) {
            spans.push((field, start, end));
        }
    }
    if let Some((start, end)) = e.description.as_deref().and_then(word_span) {
        spans.push(("category", start, end));
        spans.push(("description", start, end));
    }
    if let Some((start, end)) = e.debt_name.as_deref().and_then(word_span) {
        spans.push(("debt_name", start, end));
    }
    EntityList {
        finance: Some(e),
        spans,
        slots: Default::default(),
    }
}
