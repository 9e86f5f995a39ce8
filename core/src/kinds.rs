//! The kinds of money every layer names: what a category is and whether
//! money came in or went out. The understanding reads them and the tools
//! store them, so they live below both.

use serde::{Deserialize, Serialize};

/// What a category is, for budgeting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum CategoryType {
    Income,
    Fixed,
    Variable,
    Debt,
    Donation,
    Savings,
}

impl CategoryType {
    pub fn as_str(self) -> &'static str {
        match self {
            CategoryType::Income => "INCOME",
            CategoryType::Fixed => "FIXED",
            CategoryType::Variable => "VARIABLE",
            CategoryType::Debt => "DEBT",
            CategoryType::Donation => "DONATION",
            CategoryType::Savings => "SAVINGS",
        }
    }

    pub fn parse(text: &str) -> Option<CategoryType> {
        Some(match text {
            "INCOME" => CategoryType::Income,
            "FIXED" => CategoryType::Fixed,
            "VARIABLE" => CategoryType::Variable,
            "DEBT" => CategoryType::Debt,
            "DONATION" => CategoryType::Donation,
            "SAVINGS" => CategoryType::Savings,
            _ => return None,
        })
    }

    /// Money of an income category comes in; of any other, goes out.
    pub fn transaction_kind(self) -> TransactionType {
        if self == CategoryType::Income {
            TransactionType::Income
        } else {
            TransactionType::Expense
        }
    }
}

/// Money in or out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TransactionType {
    Expense,
    Income,
}

impl TransactionType {
    pub fn as_str(self) -> &'static str {
        match self {
            TransactionType::Expense => "EXPENSE",
            TransactionType::Income => "INCOME",
        }
    }

    pub fn parse(text: &str) -> Option<TransactionType> {
        match text {
            "EXPENSE" => Some(TransactionType::Expense),
            "INCOME" => Some(TransactionType::Income),
            _ => None,
        }
    }
}
