//! The words a person uses for money they receive: a driver's «saqué
//! 1,800 de viajes» names an expense category («viajes») as what the
//! money came from. Said again with no word of which way the money went
//! («1600 de viajes»), the same word is income again, in the category it
//! had; a word of spending («gasté 300 en viajes») still makes it an
//! expense.

use super::state::AgentState;
use crate::kinds::{CategoryType, TransactionType};
use crate::nlu::category::{CategoryMatch, by_key, find_categories};
use crate::nlu::{Intent, Reading, Understanding};
use crate::tools::AddTransactionInput;

/// How many such words a thread keeps (the latest).
pub const MOST_KEPT: usize = 16;

fn expense_words(reading: &Reading) -> Vec<CategoryMatch> {
    let tokens = reading.tokens();
    find_categories(tokens, &vec![false; tokens.len()])
        .into_iter()
        .filter(|m| !m.fuzzy && m.category.category_type != CategoryType::Income)
        .collect()
}

/// Keeps the expense words of an income the message said to be one.
pub fn learn(state: &mut AgentState, reading: &Reading, u: &Understanding) {
    let income = u.intent == Intent::LogTransaction
        && u.kind == Some(TransactionType::Income)
        && u.kind_said;
    let Some(category) = u.category.filter(|_| income) else {
        return;
    };
    keep(state, reading, category.key);
}

fn keep(state: &mut AgentState, reading: &Reading, category: &str) {
    for m in expense_words(reading) {
        state.income_words.retain(|(word, _)| word != m.keyword);
        state
            .income_words
            .push((m.keyword.to_string(), category.to_string()));
    }
    let extra = state.income_words.len().saturating_sub(MOST_KEPT);
    state.income_words.drain(..extra);
}

/// The movements of one message («gané 1600 en uber y 700 en didi»,
/// «uber 1,180, didi 410, gasolina 450»): each item is read with the
/// person's words for income, and each income teaches its words.
pub fn items(
    state: &mut AgentState,
    items: &[String],
    today: chrono::NaiveDate,
    rows: &mut [AddTransactionInput],
) {
    for (item, row) in items.iter().zip(rows.iter_mut()) {
        let reading = Reading::new(item, today);
        let mut u = reading.understanding().clone();
        if row.kind == TransactionType::Expense && u.kind == Some(TransactionType::Expense) {
            apply(state, &reading, &mut u);
            if let Some(category) = u
                .category
                .filter(|_| u.kind == Some(TransactionType::Income))
            {
                row.kind = TransactionType::Income;
                row.category = category.key.to_string();
                row.category_type = category.category_type;
            }
        }
        if row.kind == TransactionType::Income {
            keep(state, &reading, &row.category.clone());
        }
    }
}

/// An expense no word said to be one, named by a word the person used
/// for income: income, in that income's category.
pub fn apply(state: &AgentState, reading: &Reading, u: &mut Understanding) {
    if u.intent != Intent::LogTransaction
        || u.kind != Some(TransactionType::Expense)
        || u.kind_said
        || state.income_words.is_empty()
    {
        return;
    }
    let used = expense_words(reading).into_iter().find_map(|m| {
        state
            .income_words
            .iter()
            .find(|(word, _)| word == m.keyword)
            .and_then(|(_, key)| by_key(key))
    });
    if let Some(category) = used {
        u.kind = Some(TransactionType::Income);
        u.category = Some(category);
    }
}
