//! The limits of every stored field, defined once. The agent asks for a
//! valid value when a draft breaks them; both tool hosts refuse a write
//! that breaks them (`tools::rules`); the D1 schema's CHECKs repeat the
//! same numbers as a last line of defence (a test keeps them equal).
//!
//! Every amount limit stays far below 2^53 so an amount survives a trip
//! through a JavaScript number (D1 binds numbers as doubles).

use crate::money::Centavos;

/// Largest transaction, budget cap or debt amount: $1,000,000,000.00.
pub const MAX_AMOUNT: Centavos = 100_000_000_000;
/// The bank balance may be negative (overdraft) down to minus this.
pub const MAX_BANK_BALANCE: Centavos = 100_000_000_000;
/// Longest category name, in characters.
pub const MAX_CATEGORY_CHARS: usize = 60;
/// Longest transaction description, in characters.
pub const MAX_DESCRIPTION_CHARS: usize = 200;
/// Longest debt name, in characters.
pub const MAX_DEBT_NAME_CHARS: usize = 60;

/// Most messages one user sends in [`RATE_WINDOW_MS`] (every agent and
/// channel together); more get a notice instead of a turn.
pub const MAX_MESSAGES_PER_WINDOW: i64 = 30;
/// The window of the per-user rate limit: one minute.
pub const RATE_WINDOW_MS: i64 = 60_000;

/// Most items one message records at once.
pub const MAX_ITEMS: usize = 10;

/// Largest integer a JavaScript number holds exactly.
pub const MAX_SAFE_INTEGER: i64 = (1 << 53) - 1;

/// Whether a transaction amount or budget cap is valid (positive, at most
/// [`MAX_AMOUNT`]).
pub fn amount_ok(amount: Centavos) -> bool {
    (1..=MAX_AMOUNT).contains(&amount)
}

/// Whether a debt balance or minimum payment is valid (zero allowed).
pub fn debt_amount_ok(amount: Centavos) -> bool {
    (0..=MAX_AMOUNT).contains(&amount)
}

/// Whether a bank balance is valid.
pub fn bank_balance_ok(balance: Centavos) -> bool {
    (-MAX_BANK_BALANCE..=MAX_BANK_BALANCE).contains(&balance)
}

/// How long a conversation's record (its events, audit records and
/// messages) is kept by default once it has been quiet: a host may set
/// another number of days. The ledger, budgets, debts, cobros, contacts,
/// recurring items and transfers never expire.
pub const KEPT_DAYS: i64 = 180;
/// The fewest and most days a host may keep them.
pub const KEPT_DAYS_RANGE: std::ops::RangeInclusive<i64> = 1..=3650;
/// Most rows of one table one retention run removes (the next run goes on).
pub const RETENTION_BATCH: i64 = 500;

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn limits_fit_a_javascript_number() {
        const { assert!(MAX_AMOUNT < MAX_SAFE_INTEGER) };
        const { assert!(MAX_BANK_BALANCE < MAX_SAFE_INTEGER) };
        assert!(amount_ok(MAX_AMOUNT) && !amount_ok(MAX_AMOUNT + 1) && !amount_ok(0));
        assert!(debt_amount_ok(0) && !debt_amount_ok(-1));
        assert!(bank_balance_ok(-MAX_BANK_BALANCE) && !bank_balance_ok(MAX_BANK_BALANCE + 1));
    }

    /// The schema's CHECK constraints repeat these numbers; keep them equal.
    #[test]
    fn the_d1_schema_checks_the_same_limits() {
        let schema = concat!(
            include_str!("../../worker/migrations/0002_caja.sql"),
            include_str!("../../worker/migrations/0003_limits_and_row_versions.sql")
        );
        let max = MAX_AMOUNT.to_string();
        assert!(schema.contains(&format!("amount_mxn_cents <= {max}")));
        assert!(schema.contains(&format!("variable_cap_mxn_cents <= {max}")));
        assert!(schema.contains(&format!(
            "BETWEEN -{MAX_BANK_BALANCE} AND {MAX_BANK_BALANCE}"
        )));
        assert!(schema.contains(&format!(
            "length(category) BETWEEN 1 AND {MAX_CATEGORY_CHARS}"
        )));
        assert!(schema.contains(&format!("length(description) <= {MAX_DESCRIPTION_CHARS}")));
    }
}
