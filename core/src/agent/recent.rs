//! What the agent remembers of the turn before, for a follow-up that names
//! only what changes: the question answered last ("¿y en didi?") and the
//! purchase simulated last ("¿y si fueran de 2,500?"), the debt saved last
//! ("el mínimo es de 800").

use serde::{Deserialize, Serialize};

use super::state::{AgentState, DaySpan, TransactionDraft};
use super::{TurnCtx, text};
use crate::agent::text::reasons;
use crate::graph::NodeOutcome;
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
    Balance,
    Other,
}

pub fn saved_before(state: &AgentState) -> Option<SavedBefore> {
    let registry = crate::agents::registry::shipped().ok();
    let action = |name: &str| {
        registry.and_then(|r| {
            r.agents.iter().find_map(|a| {
                a.tool(name)
                    .filter(|t| t.kind == crate::agents::spec::ToolKind::Action)
            })
        })
    };
    // An agent's action whose service records a movement (a cobro's
    // payment) saved one.
    let records = |name: &str| {
        action(name).is_some_and(|tool| {
            tool.service.as_ref().is_some_and(|s| {
                crate::tools::run::records_movement(&s.name)
                    && !crate::tools::run::paid_through(&s.name)
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
            "set_bank_balance" => SavedBefore::Balance,
            "set_budget_cap" => SavedBefore::Other,
            name if records(name) => SavedBefore::Movement,
            name if action(name).is_some() => SavedBefore::Other,
            _ => continue,
        };
        // A movement saved in the same turn is what a correction means.
        if saved != Some(SavedBefore::Movement) {
            saved = Some(kind);
        }
    }
    saved
}

/// The follow-ups of what was answered or saved the turn before: the same
/// question with what it names ("¿y en didi?"), the simulation at another
/// price, another budget ("y 2000 para comida").
pub fn follow_ups(state: &AgentState, ctx: &TurnCtx, mut u: Understanding) -> Understanding {
    if let Some(follow) = follow_up(state, ctx, &u) {
        u = follow;
    }
    if let Some(again) = simulation_follow_up(state, &ctx.reading) {
        u = again;
    }
    if let Some(budget) = budget_follow_up(state, &ctx.reading, &u) {
        u = budget;
    }
    u
}

/// "¿y en didi?", "¿y la semana pasada?" right after a question: the same
/// question with what the follow-up names (a category or thing, a month
/// or days) in place of what it had. A message that reads on its own, or
/// names nothing of a question, is not one.
fn follow_up(state: &AgentState, ctx: &TurnCtx, u: &Understanding) -> Option<Understanding> {
    let last = state.last_query.as_ref()?;
    if last.turn + 1 != state.turn_seq
        || u.intent != Intent::Unknown && u.confidence >= crate::confidence::SURE
        || !crate::nlu::answers::opens_follow_up(&ctx.reading)
    {
        return None;
    }
    let said = ctx.reading.understanding_as(Intent::QueryData);
    if said.amount.is_some() {
        return None;
    }
    let time = said.period.is_some() || said.month.is_some();
    let about = said.category.is_some();
    if !time && !about {
        return None;
    }
    let mut follow = Understanding::bare(Intent::QueryData, 1.0, Vec::new());
    follow.query = Some(last.query);
    if about {
        follow.category = said.category;
        follow.description = said.description;
    } else {
        follow.category = last
            .category
            .as_deref()
            .and_then(crate::nlu::category::by_key);
        follow.description = last.description.clone();
    }
    if time {
        follow.month = said.month;
        follow.period = said.period;
    } else {
        follow.month = last.month.clone();
        follow.period = last.period.as_ref().and_then(|p| {
            Some(crate::nlu::period::Period {
                from: crate::time::parse_iso_date(&p.from)?,
                to: crate::time::parse_iso_date(&p.to)?,
            })
        });
    }
    Some(follow)
}

/// "¿y si fueran de 2,500?", "¿y unos de 900?" right after a purchase was
/// simulated, or while it waits for the bank balance: the same purchase
/// at the new price (in the category the follow-up names, else the same).
/// A message that is a whole request of its own ("y gasté 300 en uber")
/// is not one, nor one without an amount in pesos.
pub fn simulation_follow_up(
    state: &AgentState,
    reading: &crate::nlu::Reading,
) -> Option<Understanding> {
    let last = match (&state.resume_simulation, &state.last_simulation) {
        (Some(waiting), _) => waiting,
        (None, Some(last)) if last.turn + 1 == state.turn_seq => &last.draft,
        _ => return None,
    };
    if !crate::nlu::answers::opens_follow_up(reading) {
        return None;
    }
    let said = reading.understanding();
    let whole = match said.intent {
        Intent::Unknown | Intent::SimulatePurchase => false,
        // "¿y en comida 300?" asks about the purchase; "y gasté 300 en
        // uber" logs.
        Intent::LogTransaction => said.category.is_some() && !reading.text().contains('?'),
        _ => said.confidence >= crate::confidence::SURE,
    };
    let amount = said.amount.filter(|_| said.foreign_currency.is_none())?;
    if whole {
        return None;
    }
    let mut again = Understanding::bare(Intent::SimulatePurchase, 1.0, Vec::new());
    again.amount = Some(amount);
    match said.category {
        Some(category) => {
            again.category = Some(category);
            again.description = said.description.clone();
        }
        None => {
            again.category = last
                .category
                .as_deref()
                .and_then(crate::nlu::category::by_key);
            again.description = last.description.clone();
        }
    }
    Some(again)
}

/// "me equivoqué, eran 12,500" right after a debt was saved: a correction
/// naming no record is about what was saved last. The debt takes the new
/// value (the debt saved last is the one meant); after a budget, the
/// balance or another agent's action it is said that no movement changes,
/// never the last movement edited.
pub fn correction_after_other_save(
    state: &AgentState,
    ctx: &mut TurnCtx,
    u: &mut Understanding,
    names_row: bool,
) -> Option<NodeOutcome> {
    if u.intent != Intent::UpdateLastTransaction
        || names_row
        || crate::nlu::answers::names_last_record(&ctx.reading)
    {
        return None;
    }
    match saved_before(state)? {
        SavedBefore::Movement => None,
        SavedBefore::Debt if u.amount.is_some() => {
            *u = ctx.reading.understanding_as(Intent::ManageDebt);
            None
        }
        SavedBefore::Debt | SavedBefore::Balance | SavedBefore::Other => {
            ctx.say(text::LAST_SAVE_NOT_A_MOVEMENT);
            Some(NodeOutcome::because(
                "respond",
                reasons::LAST_SAVE_NOT_A_MOVEMENT,
            ))
        }
    }
}
