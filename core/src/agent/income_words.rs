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
    for m in expense_words(reading) {
        state.income_words.retain(|(word, _)| word != m.keyword);
        state
            .income_words
            .push((m.keyword.to_string(), category.key.to_string()));
    }
    let extra = state.income_words.len().saturating_sub(MOST_KEPT);
    state.income_words.drain(..extra);
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
