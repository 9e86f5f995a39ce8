//! What the agent remembers of the turn before, for a follow-up that names
//! only what changes: the question answered last ("¿y en didi?") and the
//! purchase simulated last ("¿y si fueran de 2,500?"), the debt saved last
//! ("el mínimo es de 800").

use serde::{Deserialize, Serialize};

use super::state::{DaySpan, TransactionDraft};

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
