//! Several movements waiting for one «sí»: a message that names one of
//! them ("ah no, los tacos fueron 150") changes that one, and the prompt
//! is shown again under a new id; the others stay as they were. A message
//! that adds one ("y 80 de refresco") joins it to them.

use super::drafts::{apply_answer, complete_item};
use super::state::{AgentState, PendingWrite, TransactionDraft};
use crate::nlu::normalize::fold;
use crate::nlu::{Intent, Reading};
use crate::tools::{AddTransactionInput, AddTransactionsInput, TransactionType};

/// The pending movements with the one the message names changed, or
/// `None` when no movements wait, the message names none or more than
/// one, or says nothing that changes it.
pub fn patch_row(state: &AgentState, reading: &Reading) -> Option<AddTransactionsInput> {
    let Some(PendingWrite::AddTransactions(input)) = state.pending_write() else {
        return None;
    };
    let words: Vec<&str> = reading.words().filter(|w| w.chars().count() > 2).collect();
    let mut named: Vec<usize> = input
        .transactions
        .iter()
        .enumerate()
        .filter(|(_, row)| names(row, &words))
        .map(|(i, _)| i)
        .collect();
    // "el de 380 fue ayer", "el atole de 380…": the amount of one row names
    // it, alone or among the rows its words name.
    let by_amount = amount_names(&input.transactions, reading);
    if let Some(one) = by_amount.filter(|i| named.is_empty() || named.contains(i)) {
        named = vec![one];
    }
    // "lo de uber y didi es lo que gané": each row named changes alike.
    if named.is_empty() {
        return None;
    }
    // One amount never becomes the amount of several.
    let mut rows = input.clone();
    for &i in &named {
        let row = patched(state, &input.transactions[i], reading)?;
        if named.len() > 1 && row.amount_mxn_cents != input.transactions[i].amount_mxn_cents {
            return None;
        }
        rows.transactions[i] = row;
    }
    (rows != *input).then_some(rows)
}

/// `row` with what the reply says of it applied; `None` when it says
/// nothing of it.
fn patched(
    state: &AgentState,
    row: &AddTransactionInput,
    reading: &Reading,
) -> Option<AddTransactionInput> {
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
    // The words that name the row ("el atole de 380 fue de hoy") say which
    // one, not a new category for it: the change is read without them.
    let described: Vec<String> = row
        .description
        .as_deref()
        .map(|d| fold(d).split_whitespace().map(str::to_string).collect())
        .unwrap_or_default();
    let rest: Vec<&str> = reading
        .text()
        .split_whitespace()
        .filter(|w| {
            !described
                .iter()
                .any(|d| *d == fold(w).trim_matches(|c: char| !c.is_alphanumeric()))
        })
        .collect();
    let change = Reading::new(&rest.join(" "), reading.today());
    if apply_answer(&mut scratch, &change, None).applied.is_empty() {
        return None;
    }
    let draft = scratch.pending_transaction?;
    Some(AddTransactionInput {
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
    })
}

/// The one row whose amount the message says after "el de", "la de", "lo
/// de"… ("el de 380") or takes back ("no 89"), when no other row has that
/// amount.
fn amount_names(rows: &[AddTransactionInput], reading: &Reading) -> Option<usize> {
    let c = crate::nlu::lexicon::cues();
    let tokens = reading.tokens();
    let said: Vec<i64> = (1..tokens.len())
        .filter(|&k| {
            tokens[k - 1].is_in(c.debts.money_of_words)
                && tokens[k].kind == crate::nlu::normalize::TokenKind::Number
        })
        .filter_map(|k| tokens[k].text.replace(',', "").parse::<i64>().ok())
        .map(|pesos| pesos * 100)
        // "el lavado fue 98, no 89": the amount taken back was the row's.
        .chain(
            reading
                .extraction()
                .amounts
                .iter()
                .filter(|m| m.retracted && m.currency == "MXN")
                .map(|m| m.centavos),
        )
        .collect();
    let mut matching = (0..rows.len()).filter(|&i| said.contains(&rows[i].amount_mxn_cents));
    match (matching.next(), matching.next()) {
        (Some(one), None) => Some(one),
        _ => None,
    }
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

/// "y 80 de refresco", "también gasté 50 en taxi" while one or several new
/// movements wait for one «sí»: the movements the message names join
/// them (each complete on its own: an amount in pesos, a category, a day
/// that has come), and the prompt is shown again under a new id. `None`
/// when nothing new waits, the message does not open as an addition, or
/// what it adds is not complete (the one-item path reads it then).
pub fn add_rows(state: &AgentState, reading: &Reading) -> Option<AddTransactionsInput> {
    if !crate::nlu::answers::adds_item(reading) {
        return None;
    }
    join_rows(state, reading)
}

/// "350 de gasolina" (or «gsate 350 en gasolna») while the garnachas
/// wait: money for something of another category than every movement
/// waiting is another movement, never a new amount for the one shown. It
/// joins them as [`add_rows`] does. `None` when the message says no
/// amount, no category, or one of a movement waiting.
pub fn other_category_rows(state: &AgentState, reading: &Reading) -> Option<AddTransactionsInput> {
    let u = reading.understanding();
    let category = u.category?.key;
    u.amount?;
    let waiting = match state.pending_write()? {
        PendingWrite::AddTransaction(one) => vec![one],
        PendingWrite::AddTransactions(many) => many.transactions.iter().collect(),
        _ => return None,
    };
    if waiting.iter().any(|row| row.category == category) {
        return None;
    }
    join_rows(state, reading)
}

/// The movements waiting, and after them those the message names.
fn join_rows(state: &AgentState, reading: &Reading) -> Option<AddTransactionsInput> {
    let mut rows = match state.pending_write()? {
        PendingWrite::AddTransaction(one) => vec![one.clone()],
        PendingWrite::AddTransactions(many) => many.transactions.clone(),
        _ => return None,
    };
    // "y a Luis también 150": money of someone named, with nothing it
    // was for, is no movement of the user's (a cobro follows one).
    let u = reading.understanding();
    if u.category.is_none() && crate::nlu::names::person(reading, &|_| false).is_some() {
        return None;
    }
    let items = reading.items();
    let said: Vec<&str> = if items.len() > 1 {
        items.iter().map(String::as_str).collect()
    } else {
        vec![reading.text()]
    };
    let mut last_date = rows
        .last()
        .and_then(|row| crate::time::parse_iso_date(&row.date_iso));
    for item in said {
        let row = next_row(item, reading.today(), rows.last()?, last_date, true)?;
        last_date = crate::time::parse_iso_date(&row.date_iso);
        rows.push(row);
    }
    if rows.len() > crate::limits::MAX_ITEMS {
        return None;
    }
    Some(AddTransactionsInput { transactions: rows })
}

/// A movement said after `last` in the same breath ("vendí 1,250 de
/// tamales y atole 340", or "y 300 de propinas" while an income waits):
/// one that says no kind of its own goes on with an income, in the
/// income's category; else it stands on its own, or without a category
/// of its own takes `last`'s when `borrow` (an addition to a waiting
/// movement: "y 30 de papas"). Every reader of several movements decides
/// the movement after another here.
pub(crate) fn next_row(
    item: &str,
    today: chrono::NaiveDate,
    last: &AddTransactionInput,
    last_date: Option<chrono::NaiveDate>,
    borrow: bool,
) -> Option<AddTransactionInput> {
    let u = crate::nlu::understand_as(item, today, Intent::LogTransaction);
    let folded = fold(item);
    let words: Vec<&str> = folded.split_whitespace().collect();
    let says_expense = crate::nlu::lexicon::cues()
        .said
        .expense_verbs
        .found_in(&words);
    // "gané 1600 en uber, gasolina 550": what is only ever bought is no
    // sale, whatever was said before it.
    let bought = crate::nlu::lexicon::cues()
        .said
        .bought_only_words
        .found_in(&words);
    let income_goes_on = last.kind == TransactionType::Income
        && u.kind != Some(TransactionType::Income)
        && !says_expense
        && !bought;
    match complete_item(item, today, last_date) {
        Some(row) if !income_goes_on => Some(row),
        None if !income_goes_on && !borrow => None,
        // "y 30 de papas": no category of its own, so the one of the
        // movement before it; the prompt shows it before any «sí».
        _ => like_last(&u, today, last),
    }
}

/// A movement said with its amount but no category of its own, in the
/// category (and type and kind) of `last`, on its day unless it names one.
fn like_last(
    u: &crate::nlu::Understanding,
    today: chrono::NaiveDate,
    last: &AddTransactionInput,
) -> Option<AddTransactionInput> {
    let amount = u.amount.filter(|&a| crate::limits::amount_ok(a))?;
    if u.foreign_currency.is_some() || u.negative_amount {
        return None;
    }
    let date = match u.date {
        Some(date) if date > today => return None,
        Some(date) => crate::time::iso_date(date),
        None => last.date_iso.clone(),
    };
    Some(AddTransactionInput {
        amount_mxn_cents: amount,
        description: u.description.clone(),
        date_iso: date,
        ..last.clone()
    })
}
