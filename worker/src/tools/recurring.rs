//! The recurring provider on D1: reads the person's recurring movements
//! for `caja_core::tools::recurring` to decide on, and stages what it
//! decides in the turn's commit batch, each change guarded on the version
//! the decision read (a new item collides on its primary key).

use caja_core::kinds::TransactionType;
use caja_core::tools::recurring::{Change, Item, MAX_ITEMS};
use serde::Deserialize;

use super::ToolRunner;
use crate::store::{Arg, Db, opt_text};

/// A stored recurring item.
#[derive(Deserialize)]
pub struct ItemRow {
    pub user_id: String,
    id: i64,
    version: i64,
    kind: String,
    amount_mxn_cents: i64,
    name: String,
    category: String,
    days: String,
    recorded_on: Option<String>,
}

pub const ITEM_COLUMNS: &str =
    "user_id, id, version, kind, amount_mxn_cents, name, category, days, recorded_on";

impl ItemRow {
    /// The item as the core reads it; a row that breaks the schema's own
    /// values is an error, never skipped.
    pub fn to_core(&self) -> worker::Result<Item> {
        let bad =
            || worker::Error::RustError(format!("stored recurring item {} unreadable", self.id));
        Ok(Item {
            id: self.id,
            version: u32::try_from(self.version).map_err(|_| bad())?,
            kind: match self.kind.as_str() {
                "EXPENSE" => TransactionType::Expense,
                "INCOME" => TransactionType::Income,
                _ => return Err(bad()),
            },
            amount_mxn_cents: self.amount_mxn_cents,
            name: self.name.clone(),
            category: self.category.clone(),
            days: self.days.clone(),
            recorded_on: self.recorded_on.clone(),
        })
    }
}

/// The person's recurring items, as D1 has them now.
pub async fn items(db: &Db, user: &str) -> worker::Result<Vec<Item>> {
    let found: Vec<ItemRow> = db
        .all(db.stmt(
            &format!("SELECT {ITEM_COLUMNS} FROM recurring_items WHERE user_id = ?1 ORDER BY id LIMIT {MAX_ITEMS}"),
            &[Arg::Text(user)],
        )?)
        .await?;
    found.iter().map(ItemRow::to_core).collect()
}

impl ToolRunner<'_> {
    /// Stages one change a recurring call decided.
    pub(super) fn stage_recurring(&mut self, change: Change) -> worker::Result<()> {
        let (db, user) = (self.db, self.rows.user);
        let at = self.now_iso.clone();
        let guard = |item: &Item, version: u32| {
            db.guard(
                "SELECT version FROM recurring_items WHERE user_id = ?1 AND id = ?2",
                &[Arg::Text(user), Arg::Int(item.id)],
                Arg::Int(i64::from(version)),
            )
        };
        match change {
            Change::Add(item) => self.staged.push(db.stmt(
                "INSERT INTO recurring_items (user_id, id, version, kind, amount_mxn_cents, name, category, days, recorded_on, created_at, updated_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)",
                &[
                    Arg::Text(user),
                    Arg::Int(item.id),
                    Arg::Int(i64::from(item.version)),
                    Arg::Text(item.kind.as_str()),
                    Arg::Int(item.amount_mxn_cents),
                    Arg::Text(&item.name),
                    Arg::Text(&item.category),
                    Arg::Text(&item.days),
                    opt_text(&item.recorded_on),
                    Arg::Text(&at),
                ],
            )?),
            Change::Update(item) => {
                self.staged.push(guard(&item, item.version - 1)?);
                self.staged.push(db.stmt(
                    "UPDATE recurring_items SET version = ?3, amount_mxn_cents = ?4, days = ?5, recorded_on = ?6, updated_at = ?7 \
                     WHERE user_id = ?1 AND id = ?2",
                    &[
                        Arg::Text(user),
                        Arg::Int(item.id),
                        Arg::Int(i64::from(item.version)),
                        Arg::Int(item.amount_mxn_cents),
                        Arg::Text(&item.days),
                        opt_text(&item.recorded_on),
                        Arg::Text(&at),
                    ],
                )?);
            }
            Change::Remove(item) => {
                self.staged.push(guard(&item, item.version)?);
                self.staged.push(db.stmt(
                    "DELETE FROM recurring_items WHERE user_id = ?1 AND id = ?2",
                    &[Arg::Text(user), Arg::Int(item.id)],
                )?);
            }
        }
        Ok(())
    }
}
