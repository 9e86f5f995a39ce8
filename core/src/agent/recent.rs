//! What the agent remembers of the turn before, for a follow-up that names
//! only what changes: the question answered last ("¿y en didi?") and the
//! purchase simulated last ("¿y si fueran de 2,500?"), the debt saved last
//! ("el mínimo es de 800").

use serde::{Deserialize, Serialize};

use super::state::{AgentState, DaySpan, TransactionDraft};
use crate::nlu::{Intent, Reading, Understanding};

/// A question as it was answered: what was asked, about what, when.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastQuery {
    /// The turn it was answered in.
    pub turn: u64,
    pub query: crate::nlu::QueryKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub month: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period: Option<DaySpan>,
}

/// A debt as it was saved: a follow-up the turn after that names no
/// debt ("el pago mínimo es de 800 y se paga el 5") is about it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastDebt {
    /// The turn it was saved in.
    pub turn: u64,
    pub name: String,
}

/// A purchase as it was simulated (or is waiting for the bank balance to
/// be simulated).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastSimulation {
    /// The turn it was answered in.
    pub turn: u64,
    pub draft: TransactionDraft,
}

/// "y 2000 para comida" the turn after a budget was saved: another
/// budget, never a movement nor a change of the last one. A follow-up
/// ("y", "también") with an amount, no word of money that moved ("y
/// gasté 200 en comida" is a movement) and no record named.
pub fn budget_follow_up(
    state: &AgentState,
    reading: &Reading,
    u: &Understanding,
) -> Option<Understanding> {
    let saved_budget = state
        .tool_results
        .iter()
        .any(|r| r.ok && r.tool_name == "set_budget_cap");
    let follows = saved_budget
        && matches!(
            u.intent,
            Intent::LogTransaction | Intent::UpdateLastTransaction | Intent::Unknown
        )
        && !u.kind_said
        && crate::nlu::answers::opens_follow_up(reading)
        && !crate::nlu::answers::names_last_record(reading);
    let budget = reading.understanding_as(Intent::SetBudget);
    (follows && budget.amount.is_some()).then_some(budget)
}

/// What the turn before saved, for a correction that names no record:
/// a movement (the correction is about the last one), a debt (about it),
/// or something else that is no movement (a budget, the balance, another
/// agent's action): never the last movement changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SavedBefore {
    Movement,
    Debt,
    Other,
}

pub fn saved_before(state: &AgentState) -> Option<SavedBefore> {
    let registry = crate::agents::registry::shipped().ok();
    let action = |name: &str| {
        registry.is_some_and(|r| {
            r.agents.iter().any(|a| {
                a.tool(name)
                    .is_some_and(|t| t.kind == crate::agents::spec::ToolKind::Action)
            })
        })
    };
    let mut saved = None;
    for result in state.tool_results.iter().filter(|r| r.ok) {
        let kind = match result.tool_name.as_str() {
            "add_transaction"
            | "add_transactions"
            | "update_last_transaction"
            | "delete_last_transaction"
            | "pay_debt" => SavedBefore::Movement,
            "add_or_update_debt" => SavedBefore::Debt,
            "set_budget_cap" | "set_bank_balance" => SavedBefore::Other,
            name if action(name) => SavedBefore::Other,
            _ => continue,
        };
        // A movement saved in the same turn is what a correction means.
        if saved != Some(SavedBefore::Movement) {
            saved = Some(kind);
        }
    }
    saved
}
