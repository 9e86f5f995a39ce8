//! Simulation: "¿puedo comprar…?", "¿me alcanza para…?". What counts as
//! weighing a purchase is `Signals::simulate` (signals.rs), read once
//! because budgets, debts, balances and queries all yield to it.

use super::Signals;
use crate::nlu::{Features, Intent};

/// Scores SimulatePurchase.
pub(super) fn score(_f: &Features<'_>, s: &Signals, add: &mut impl FnMut(Intent, f32)) {
    if s.simulate {
        add(Intent::SimulatePurchase, 0.93);
    }
}
