//! What the learned model says of a message read as a finance request:
//! the finance intent it is sure of, and whether a movement is money in
//! or out. The
//! rules read the entities (amounts, dates, names); the model reads what
//! the person wants, on the one scale of [`crate::confidence`].

use super::Scores;
use crate::confidence::{LEARNED_SURE, SURE};
use crate::nlu::Intent;

/// The model's say on a finance reading; the default says nothing (the
/// model did not load), and the rules alone decide.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Hint {
    /// The finance intent the model is sure of, and how sure.
    pub intent: Option<(Intent, f32)>,
    /// A movement the model is sure is an income (`true`) or an expense.
    pub income: Option<bool>,
}

/// The finance intent a model label names (`finance.income` is a logged
/// movement), and whether it is money in.
pub fn finance_intent(label: &str) -> Option<(Intent, Option<bool>)> {
    Some(match label.strip_prefix("finance.")? {
        "expense" => (Intent::LogTransaction, Some(false)),
        "income" => (Intent::LogTransaction, Some(true)),
        "query" => (Intent::QueryData, None),
        "budget" => (Intent::SetBudget, None),
        "debt" => (Intent::ManageDebt, None),
        "balance" => (Intent::SetBankBalance, None),
        "simulate" => (Intent::SimulatePurchase, None),
        "correct" => (Intent::UpdateLastTransaction, None),
        "delete" => (Intent::DeleteLastTransaction, None),
        _ => return None,
    })
}

impl Hint {
    /// The model's say from its scores of the message said at rest.
    pub fn of(scores: &Scores) -> Hint {
        let (best, p) = scores.best();
        let sure = finance_intent(best).filter(|_| p as f32 >= SURE);
        Hint {
            intent: sure.map(|(intent, _)| (intent, p as f32)),
            income: sure
                .filter(|_| p as f32 >= LEARNED_SURE)
                .and_then(|(_, income)| income),
        }
    }
}
