//! The stored movement a correction or a deletion means: the newest rows
//! are read, the one named is found (or several offered, or none), and
//! its change or deletion is prepared for the «sí». A day named with no
//! row of that day is a new movement of that day.

use super::state::{AgentState, PendingWrite, RowChoice};
use super::{TurnCtx, text};
use crate::agent::text::reasons;
use crate::graph::NodeOutcome;
use crate::nlu::Intent;
use crate::tools::{
    DeleteLastTransactionInput, ToolRequest, ToolResult, TransactionList, TransactionRow,
    UpdateLastTransactionInput, rules,
};

/// The newest live rows, among which a correction or delete looks.
pub(super) fn find_rows_request() -> ToolRequest {
    ToolRequest::ListTransactions {
        month: None,
        category: None,
        limit: rules::ROW_SEARCH_LIMIT,
    }
}

pub(super) fn after_find_row(
    state: &mut AgentState,
    ctx: &mut TurnCtx,
    delete: bool,
    result: &ToolResult,
) -> NodeOutcome {
    let Some(list) = result.data_as::<TransactionList>() else {
        return super::execute_tools::failed(ctx, find_rows_request(), result);
    };
    if list.transactions.is_empty() {
        state.clear_flow();
        ctx.say(text::NO_TRANSACTIONS_TO_CHANGE);
        return NodeOutcome::because("respond", reasons::NO_TRANSACTIONS);
    }
    let target = state.pending_target.clone().unwrap_or_default();
    match rules::match_rows(&list.transactions, &target) {
        rules::RowMatch::One(row) => {
            let last = list.transactions.first() == Some(row);
            prepare_change(state, ctx, row.clone(), delete, last)
        }
        rules::RowMatch::Several(rows, fitting) => {
            let rows: Vec<TransactionRow> = rows.into_iter().cloned().collect();
            ctx.say(text::which_row(&rows, delete, fitting));
            ctx.suggestions = (1..=rows.len()).map(|n| n.to_string()).collect();
            state.row_choice = Some(RowChoice { delete, rows });
            NodeOutcome::because("respond", reasons::SEVERAL_ROWS_MATCH)
        }
        rules::RowMatch::None => {
            if !delete && let Some(outcome) = new_of_that_day(state, ctx, &target) {
                return outcome;
            }
            state.clear_flow();
            ctx.say(text::row_not_found(&target, delete));
            NodeOutcome::because("respond", reasons::NO_ROW_MATCHES)
        }
    }
}

/// "la venta de hoy fue de 2,870" when no sale of that day was saved: the
/// movement of that day is new, its amount and category said; it is
/// proposed as such (never another day's row changed).
fn new_of_that_day(
    state: &mut AgentState,
    ctx: &mut TurnCtx,
    target: &crate::nlu::RowReference,
) -> Option<NodeOutcome> {
    let date_iso = target.date_iso.clone()?;
    let mut draft = state.pending_transaction.clone().unwrap_or_default();
    let amount = draft
        .amount_mxn_cents
        .filter(|&a| crate::limits::amount_ok(a))?;
    let category = draft
        .category
        .as_deref()
        .and_then(crate::nlu::category::by_key)
        .or_else(|| {
            target
                .words
                .iter()
                .find_map(|w| crate::nlu::category::key_of_word(w))
                .and_then(crate::nlu::category::by_key)
        })?;
    let kind = category.category_type.transaction_kind();
    if draft.kind.is_some_and(|k| k != kind) || date_iso > crate::time::iso_date(ctx.today) {
        return None;
    }
    let input = crate::tools::AddTransactionInput {
        kind,
        amount_mxn_cents: amount,
        category_type: category.category_type,
        category: category.key.to_string(),
        description: draft.description.clone(),
        date_iso: date_iso.clone(),
    };
    draft.kind = Some(kind);
    draft.category = Some(input.category.clone());
    draft.category_type = Some(input.category_type);
    draft.date_iso = Some(date_iso);
    state.pending_transaction = Some(draft);
    state.pending_target = None;
    state.draft_intent = Some(Intent::LogTransaction);
    ctx.prepared = Some(PendingWrite::AddTransaction(input));
    Some(NodeOutcome::because(
        "confirm",
        reasons::A_NEW_MOVEMENT_OF_THAT_DAY,
    ))
}

/// The prompt to change or delete `row` (the last one when `last`): the
/// row as it is, and for a change as it will be. The write is guarded on
/// the row's id and version.
pub(super) fn prepare_change(
    state: &mut AgentState,
    ctx: &mut TurnCtx,
    row: TransactionRow,
    delete: bool,
    last: bool,
) -> NodeOutcome {
    state.row_choice = None;
    if delete {
        ctx.prepared_prompt = Some(text::delete_prompt(&row, last));
        ctx.prepared = Some(PendingWrite::DeleteLastTransaction(
            DeleteLastTransactionInput {
                transaction_id: row.id,
                transaction_version: row.version,
            },
        ));
        return NodeOutcome::because("confirm", reasons::DELETE_A_MOVEMENT);
    }
    let mut draft = state.pending_transaction.clone().unwrap_or_default();
    // Only the kind changes ("era ingreso"): an income takes the general
    // income category and keeps what the old category said; an expense
    // needs its category said.
    if draft.category.is_none()
        && let Some(kind) = draft.kind.filter(|k| *k != row.kind)
    {
        let Some(income) = crate::nlu::category::by_key("otros_ingresos")
            .filter(|_| kind == crate::kinds::TransactionType::Income)
        else {
            state.clear_flow();
            ctx.say(text::expense_needs_category(&row));
            return NodeOutcome::because("respond", reasons::AN_EXPENSE_NEEDS_ITS_CATEGORY);
        };
        if draft.description.is_none() && row.description.is_none() {
            draft.description = Some(text::category_label(&row.category));
        }
        draft.category = Some(income.key.to_string());
        draft.category_type = Some(income.category_type);
    }
    let category_changed = draft.category.is_some();
    let category_type = if category_changed {
        draft.category_type.unwrap_or(row.category_type)
    } else {
        row.category_type
    };
    // A category of the other kind never turns a movement over unasked:
    // "ponlo en negocio" of an expense is not a sale.
    let kind_meant = if draft.kind_said { draft.kind } else { None };
    if category_changed && category_type.transaction_kind() != kind_meant.unwrap_or(row.kind) {
        state.clear_flow();
        ctx.say(text::category_of_other_kind(
            &row,
            draft.category.as_deref().unwrap_or_default(),
        ));
        return NodeOutcome::because("respond", reasons::A_CATEGORY_OF_THE_OTHER_KIND);
    }
    let kind = if category_changed {
        category_type.transaction_kind()
    } else {
        draft.kind.unwrap_or(row.kind)
    };
    let update = UpdateLastTransactionInput {
        transaction_id: row.id,
        transaction_version: row.version,
        kind,
        amount_mxn_cents: draft.amount_mxn_cents.unwrap_or(row.amount_mxn_cents),
        category_type,
        category: draft.category.unwrap_or_else(|| row.category.clone()),
        // What it was for stays unless the user says what it was for.
        description: draft.description.or_else(|| row.description.clone()),
        date_iso: draft.date_iso.unwrap_or_else(|| row.date_iso.clone()),
    };
    // A change that leaves every field as it is asks nothing.
    let same = update.kind == row.kind
        && update.amount_mxn_cents == row.amount_mxn_cents
        && update.category == row.category
        && update.description == row.description
        && update.date_iso == row.date_iso;
    if same {
        state.clear_flow();
        ctx.say(text::already_so(&row));
        return NodeOutcome::because("respond", reasons::NOTHING_TO_CHANGE);
    }
    ctx.prepared_prompt = Some(text::update_prompt(&row, &update));
    ctx.prepared = Some(PendingWrite::UpdateLastTransaction(update));
    NodeOutcome::because("confirm", reasons::CHANGE_A_MOVEMENT)
}
