//! The decision record of a turn, the same for every agent (seed 002's
//! field names). Built once when the turn ends, from what the turn
//! decided: the agent that held it, the reading and its confidence, the
//! entities and where they were read, validation, the confirmation gate,
//! the tool outcomes, the response and any error.

use super::state::AgentState;
use super::{Alternative, AuditRecord, EntityList, ToolOutcome, TurnCtx, ValidationResult, drafts};
use crate::agents::registry::HOME;
use crate::graph::Trace;
use crate::nlu::normalize::TokenKind;

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
