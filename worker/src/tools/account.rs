//! A person's account as a whole: every table that holds their rows, what
//! deleting the account removes, and how many rows of each kind they have.

use crate::store::{Arg, Db};

/// Every table that holds a person's rows, with the column that names
/// them (`users` last). A test lists the schema's tables, so a new one
/// cannot be forgotten here.
pub const PERSONAL_TABLES: &[(&str, &str)] = &[
    ("transactions", "user_id"),
    ("transaction_history", "user_id"),
    ("budgets", "user_id"),
    ("category_budgets", "user_id"),
    ("debts", "user_id"),
    ("bank_balances", "user_id"),
    ("payment_requests", "user_id"),
    ("queued_messages", "user_id"),
    ("contacts", "user_id"),
    ("reminders", "user_id"),
    ("reminder_settings", "user_id"),
    ("recurring_items", "user_id"),
    ("transfers", "user_id"),
    ("checkpoints", "user_id"),
    ("turns", "user_id"),
    ("processed_updates", "user_id"),
    ("users", "id"),
];

/// The statements that delete every row of a person (`?1`), in an order
/// the foreign keys allow.
pub(super) fn delete_account_sql() -> Vec<String> {
    PERSONAL_TABLES
        .iter()
        .map(|(table, column)| format!("DELETE FROM {table} WHERE {column} = ?1"))
        .collect()
}

/// How many rows of each kind D1 holds for the person.
pub(super) async fn holdings(
    db: &Db,
    user: &str,
) -> worker::Result<caja_core::tools::account::Holdings> {
    #[derive(serde::Deserialize)]
    struct Counts {
        movements: i64,
        budgets: i64,
        debts: i64,
        cobros: i64,
        contacts: i64,
        recurring: i64,
    }
    let counts: Option<Counts> = db
        .first(db.stmt(
            "SELECT (SELECT COUNT(*) FROM transactions WHERE user_id = ?1 AND deleted_at IS NULL) AS movements, \
             (SELECT COUNT(*) FROM budgets WHERE user_id = ?1) + (SELECT COUNT(*) FROM category_budgets WHERE user_id = ?1) AS budgets, \
             (SELECT COUNT(*) FROM debts WHERE user_id = ?1) AS debts, \
             (SELECT COUNT(*) FROM payment_requests WHERE user_id = ?1) AS cobros, \
             (SELECT COUNT(*) FROM contacts WHERE user_id = ?1) AS contacts, \
             (SELECT COUNT(*) FROM recurring_items WHERE user_id = ?1) AS recurring",
            &[Arg::Text(user)],
        )?)
        .await?;
    Ok(
        counts.map_or_else(Default::default, |c| caja_core::tools::account::Holdings {
            movements: c.movements,
            budgets: c.budgets,
            debts: c.debts,
            cobros: c.cobros,
            contacts: c.contacts,
            recurring: c.recurring,
        }),
    )
}
