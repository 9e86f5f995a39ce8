//! Several movements waiting for one «sí»: a message that names one of
//! them ("ah no, los tacos fueron 150") changes that one, and the prompt
//! is shown again under a new id; the others stay as they were.

use super::drafts::apply_answer;
use super::state::{AgentState, PendingWrite, TransactionDraft};
use crate::nlu::normalize::fold;
use crate::nlu::{Intent, Reading};
use crate::tools::{AddTransactionInput, AddTransactionsInput};

/// The pending movements with the one the message names changed, or
/// `None` when no movements wait, the message names none or more than
/// one, or says nothing that changes it.
pub fn patch_row(state: &AgentState, reading: &Reading) -> Option<AddTransactionsInput> {
    let Some(PendingWrite::AddTransactions(input)) = state.pending_action.write.as_ref() else {
        return None;
    };
    let words: Vec<&str> = reading.words().filter(|w| w.chars().count() > 2).collect();
    let named: Vec<usize> = input
        .transactions
        .iter()
        .enumerate()
        .filter(|(_, row)| names(row, &words))
        .map(|(i, _)| i)
        .collect();
    let [i] = named.as_slice() else {
        return None;
    };
    let row = &input.transactions[*i];
    let mut scratch = AgentState::new(&state.user_id, &state.thread_id);
    scratch.draft_intent = Some(Intent::LogTransaction);
    scratch.pending_transaction = Some(TransactionDraft {
        kind: Some(row.kind),
        amount_mxn_cents: Some(row.amount_mxn_cents),
        category_type: Some(row.category_type),
        category: Some(row.category.clone()),
        description: row.description.clone(),
        date_iso: Some(row.date_iso.clone()),
        ..TransactionDraft::default()
    });
    if apply_answer(&mut scratch, reading, None).applied.is_empty() {
        return None;
    }
    let draft = scratch.pending_transaction?;
    let changed = AddTransactionInput {
        kind: draft.kind?,
        amount_mxn_cents: draft
            .amount_mxn_cents
            .filter(|&a| crate::limits::amount_ok(a))?,
        category_type: draft.category_type?,
        category: draft.category?,
        // The row keeps what it was called: the correction's words are
        // not its description.
        description: row.description.clone(),
        date_iso: draft.date_iso?,
    };
    if &changed == row {
        return None;
    }
    let mut rows = input.clone();
    rows.transactions[*i] = changed;
    Some(rows)
}

/// Whether one of `words` is the row's description or its category.
fn names(row: &AddTransactionInput, words: &[&str]) -> bool {
    let description = row.description.as_deref().map(fold).unwrap_or_default();
    let label = crate::nlu::category::label_of(&row.category)
        .map(fold)
        .unwrap_or_default();
    words.iter().any(|w| {
        description.split_whitespace().any(|d| d == *w)
            || *w == row.category
            || label.split_whitespace().any(|l| l == *w)
    })
}
