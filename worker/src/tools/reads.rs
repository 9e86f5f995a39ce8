//! The reads the tools and the API share: rows, totals, budget, debts and
//! the balance, straight from D1 (never cached). Totals are computed by
//! `caja_core::tools::rules` from grouped rows.

use caja_core::tools::rules::{self, Group};
use caja_core::tools::{
    BankBalance, BudgetStatus, CategoryType, DebtList, DebtRow, MonthSummary, TransactionRow,
    TransactionType,
};
use serde::Deserialize;
use worker::{D1PreparedStatement, D1Result};

use crate::store::{Arg, Db, rows};

/// A stored transaction row.
#[derive(Clone, Debug, Deserialize)]
pub struct TxRow {
    pub seq: i64,
    pub version: i64,
    pub kind: String,
    pub amount_mxn_cents: i64,
    pub category_type: String,
    pub category: String,
    pub description: Option<String>,
    pub date_iso: String,
    #[serde(default)]
    pub pays: Option<String>,
}

impl TxRow {
    /// The row as tools return it; a row that breaks the schema's own
    /// values is an error, never skipped.
    pub fn to_core(&self) -> worker::Result<TransactionRow> {
        let bad =
            || worker::Error::RustError(format!("stored transaction {} unreadable", self.seq));
        Ok(TransactionRow {
            id: self.seq,
            version: u32::try_from(self.version).map_err(|_| bad())?,
            kind: TransactionType::parse(&self.kind).ok_or_else(bad)?,
            amount_mxn_cents: self.amount_mxn_cents,
            category_type: CategoryType::parse(&self.category_type).ok_or_else(bad)?,
            category: self.category.clone(),
            description: self.description.clone(),
            date_iso: self.date_iso.clone(),
            pays: self
                .pays
                .clone()
                .map(caja_core::tools::Pays::try_from)
                .transpose()
                .map_err(|_| bad())?,
        })
    }
}

pub const TX_COLUMNS: &str =
    "seq, version, kind, amount_mxn_cents, category_type, category, description, date_iso, pays";

#[derive(Deserialize)]
pub(super) struct GroupRow {
    pub(super) category: String,
    pub(super) category_type: String,
    pub(super) kind: String,
    pub(super) total: i64,
    pub(super) n: i64,
}

#[derive(Deserialize)]
pub(super) struct CapRow {
    pub(super) variable_cap_mxn_cents: i64,
}

#[derive(Deserialize)]
pub(super) struct CategoryCapRow {
    pub(super) category: String,
    pub(super) cap_mxn_cents: i64,
}

#[derive(Deserialize)]
pub(super) struct CategoryTotalRow {
    pub(super) category: String,
    pub(super) total: Option<i64>,
}

#[derive(Deserialize)]
pub(super) struct TotalRow {
    pub(super) total: Option<i64>,
}

#[derive(Deserialize)]
pub(super) struct BalanceRow {
    pub(super) balance_mxn_cents: i64,
    pub(super) updated_at: String,
}

#[derive(Deserialize)]
pub(super) struct DebtDbRow {
    pub(super) name: String,
    pub(super) balance_mxn_cents: Option<i64>,
    pub(super) minimum_payment_mxn_cents: Option<i64>,
    pub(super) due_day: Option<i64>,
}

impl DebtDbRow {
    pub(super) fn to_core(&self) -> DebtRow {
        DebtRow {
            name: self.name.clone(),
            balance_mxn_cents: self.balance_mxn_cents,
            minimum_payment_mxn_cents: self.minimum_payment_mxn_cents,
            due_day: self.due_day.and_then(|d| u8::try_from(d).ok()),
        }
    }
}

pub(super) const VARIABLE_SPENT_SQL: &str = "SELECT SUM(amount_mxn_cents) AS total FROM transactions \
    WHERE user_id = ?1 AND deleted_at IS NULL AND kind = 'EXPENSE' AND category_type = 'VARIABLE' \
    AND date_iso >= ?2 AND date_iso < ?3";
pub(super) const CAP_SQL: &str = "SELECT variable_cap_mxn_cents FROM budgets WHERE user_id = ?1 AND month <= ?2 \
    ORDER BY month DESC LIMIT 1";
/// A category's cap in force for a month (0: removed), and its expenses.
pub(super) const CATEGORY_CAP_SQL: &str = "SELECT cap_mxn_cents AS variable_cap_mxn_cents FROM category_budgets \
    WHERE user_id = ?1 AND category = ?2 AND month <= ?3 ORDER BY month DESC LIMIT 1";
pub(super) const CATEGORY_SPENT_SQL: &str = "SELECT SUM(amount_mxn_cents) AS total FROM transactions \
    WHERE user_id = ?1 AND deleted_at IS NULL AND kind = 'EXPENSE' AND category = ?2 \
    AND date_iso >= ?3 AND date_iso < ?4";
/// Every category budget in force for a month (the newest cap of each
/// category up to it, above zero), and each category's expenses that month.
pub(super) const CATEGORY_CAPS_SQL: &str = "SELECT b.category, b.cap_mxn_cents FROM category_budgets b \
    WHERE b.user_id = ?1 AND b.cap_mxn_cents > 0 AND b.month = (SELECT MAX(c.month) FROM category_budgets c \
    WHERE c.user_id = ?1 AND c.category = b.category AND c.month <= ?2) ORDER BY b.category";
pub(super) const SPENT_BY_CATEGORY_SQL: &str = "SELECT category, SUM(amount_mxn_cents) AS total FROM transactions \
    WHERE user_id = ?1 AND deleted_at IS NULL AND kind = 'EXPENSE' AND date_iso >= ?2 AND date_iso < ?3 \
    GROUP BY category";
pub(super) const DEBT_COLUMNS: &str = "name, balance_mxn_cents, minimum_payment_mxn_cents, due_day";
pub(super) const BALANCE_SQL: &str =
    "SELECT balance_mxn_cents, updated_at FROM bank_balances WHERE user_id = ?1";
/// The last live row's identity and version, as the guards compare it.
pub(super) const ROW_VERSION_SQL: &str =
    "SELECT version FROM transactions WHERE user_id = ?1 AND seq = ?2 AND deleted_at IS NULL";

/// Which of a user's movements a read sees: all of them (their private
/// chat, the web, the API), or in a group only those logged in that
/// thread, so no row or total of another thread is ever shown there.
#[derive(Clone, Copy, Debug)]
pub struct Rows<'a> {
    pub user: &'a str,
    /// `Some(thread)` in a shared chat.
    pub thread: Option<&'a str>,
}

impl<'a> Rows<'a> {
    /// Every movement of `user`.
    pub fn all(user: &'a str) -> Self {
        Rows { user, thread: None }
    }

    /// Appends the thread condition to `sql` as parameter `args.len() + 1`.
    pub(super) fn scope(&self, sql: &mut String, args: &mut Vec<Arg<'a>>) {
        if let Some(thread) = self.thread {
            sql.push_str(&format!(" AND thread_id = ?{}", args.len() + 1));
            args.push(Arg::Text(thread));
        }
    }
}

pub(super) fn debts_sql(filter: &str) -> String {
    format!("SELECT {DEBT_COLUMNS} FROM debts WHERE user_id = ?1{filter} ORDER BY name_key")
}

/// Live transactions, last recorded first, optionally of one month and
/// category, at most `limit` (all when `None`; also used by the API).
pub async fn list_transactions(
    db: &Db,
    user: Rows<'_>,
    month: Option<&str>,
    category: Option<&str>,
    limit: Option<u32>,
) -> worker::Result<Vec<TransactionRow>> {
    let bounds = match month {
        Some(month) => match rules::month_bounds(month) {
            Some(bounds) => Some(bounds),
            None => return Ok(Vec::new()),
        },
        None => None,
    };
    rows_between(db, user, bounds.as_ref(), category, limit).await
}

/// Live transactions dated in `[start, end)` when given, last recorded
/// first.
pub(super) async fn rows_between<'a>(
    db: &Db,
    user: Rows<'a>,
    bounds: Option<&'a (String, String)>,
    category: Option<&'a str>,
    limit: Option<u32>,
) -> worker::Result<Vec<TransactionRow>> {
    let statement = rows_statement(db, user, bounds, category, limit)?;
    let found: Vec<TxRow> = db.all(statement).await?;
    found.iter().map(TxRow::to_core).collect()
}

/// The statement of [`rows_between`].
pub(super) fn rows_statement<'a>(
    db: &Db,
    user: Rows<'a>,
    bounds: Option<&'a (String, String)>,
    category: Option<&'a str>,
    limit: Option<u32>,
) -> worker::Result<D1PreparedStatement> {
    let mut sql =
        format!("SELECT {TX_COLUMNS} FROM transactions WHERE user_id = ?1 AND deleted_at IS NULL");
    let mut args = vec![Arg::Text(user.user)];
    if let Some((start, end)) = bounds {
        sql.push_str(" AND date_iso >= ?2 AND date_iso < ?3");
        args.push(Arg::Text(start));
        args.push(Arg::Text(end));
    }
    user.scope(&mut sql, &mut args);
    if let Some(category) = category {
        sql.push_str(&format!(" AND category = ?{}", args.len() + 1));
        args.push(Arg::Text(category));
    }
    sql.push_str(" ORDER BY seq DESC");
    if let Some(limit) = limit {
        sql.push_str(&format!(" LIMIT {}", rules::list_limit(limit)));
    }
    db.stmt(&sql, &args)
}

/// The rows of a [`rows_statement`] result.
pub(super) fn rows_from(result: Option<&D1Result>) -> worker::Result<Vec<TransactionRow>> {
    rows::<TxRow>(result)?.iter().map(TxRow::to_core).collect()
}

/// Totals of a month, optionally of one category (also used by the API);
/// `None` for a malformed month.
pub async fn month_summary(
    db: &Db,
    user: Rows<'_>,
    month: &str,
    category: Option<&str>,
) -> worker::Result<Option<MonthSummary>> {
    let Some((start, end)) = rules::month_bounds(month) else {
        return Ok(None);
    };
    let groups = groups_between(db, user, &start, &end, category).await?;
    Ok(Some(rules::month_summary(month, category, &groups)))
}

/// The live transactions dated in `[start, end)`, grouped as the summaries
/// need them.
pub(super) async fn groups_between<'a>(
    db: &Db,
    user: Rows<'a>,
    start: &'a str,
    end: &'a str,
    category: Option<&'a str>,
) -> worker::Result<Vec<Group>> {
    let statement = groups_statement(db, user, start, end, category)?;
    let found: Vec<GroupRow> = db.all(statement).await?;
    groups_of(found)
}

/// The statement of [`groups_between`].
pub(super) fn groups_statement<'a>(
    db: &Db,
    user: Rows<'a>,
    start: &'a str,
    end: &'a str,
    category: Option<&'a str>,
) -> worker::Result<D1PreparedStatement> {
    let mut sql = "SELECT category, category_type, kind, SUM(amount_mxn_cents) AS total, COUNT(*) AS n FROM transactions \
                   WHERE user_id = ?1 AND deleted_at IS NULL AND date_iso >= ?2 AND date_iso < ?3"
        .to_string();
    let mut args = vec![Arg::Text(user.user), Arg::Text(start), Arg::Text(end)];
    if let Some(category) = category {
        sql.push_str(" AND category = ?4");
        args.push(Arg::Text(category));
    }
    user.scope(&mut sql, &mut args);
    sql.push_str(" GROUP BY category, category_type, kind");
    db.stmt(&sql, &args)
}

/// The groups of a [`groups_statement`] result.
pub(super) fn groups_from(result: Option<&D1Result>) -> worker::Result<Vec<Group>> {
    groups_of(rows::<GroupRow>(result)?)
}

fn groups_of(found: Vec<GroupRow>) -> worker::Result<Vec<Group>> {
    found
        .into_iter()
        .map(|row| {
            let bad = || worker::Error::RustError(format!("unreadable group {}", row.category));
            Ok(Group {
                category_type: CategoryType::parse(&row.category_type).ok_or_else(bad)?,
                kind: TransactionType::parse(&row.kind).ok_or_else(bad)?,
                total_mxn_cents: row.total,
                count: u32::try_from(row.n).map_err(|_| bad())?,
                category: row.category,
            })
        })
        .collect()
}

/// The budget status from the results of its cap and spent statements:
/// the general one, or `category`'s.
pub(super) fn budget_from(
    month: &str,
    category: Option<&str>,
    cap: Option<&D1Result>,
    spent: Option<&D1Result>,
) -> worker::Result<BudgetStatus> {
    let cap = rows::<CapRow>(cap)?
        .first()
        .map(|c| c.variable_cap_mxn_cents);
    let spent = rows::<TotalRow>(spent)?
        .first()
        .and_then(|t| t.total)
        .unwrap_or(0);
    Ok(match category {
        Some(category) => rules::category_budget_status(month, category, cap, spent),
        None => rules::budget_status(month, cap, spent),
    })
}

/// Budget status of a month, the general one or `category`'s (also used
/// by the API); `None` for a malformed month.
pub async fn budget_status(
    db: &Db,
    user: &str,
    month: &str,
    category: Option<&str>,
) -> worker::Result<Option<BudgetStatus>> {
    let Some(statements) = budget_statements(db, user, month, category)? else {
        return Ok(None);
    };
    let results = db.batch(statements).await?;
    budget_of(month, category, &results).map(Some)
}

/// The statements of [`budget_status`] (`None` for a malformed month):
/// two for a category's, four for the general one.
pub(super) fn budget_statements(
    db: &Db,
    user: &str,
    month: &str,
    category: Option<&str>,
) -> worker::Result<Option<Vec<D1PreparedStatement>>> {
    let Some((start, end)) = rules::month_bounds(month) else {
        return Ok(None);
    };
    Ok(Some(match category {
        Some(category) => vec![
            db.stmt(
                CATEGORY_CAP_SQL,
                &[Arg::Text(user), Arg::Text(category), Arg::Text(month)],
            )?,
            db.stmt(
                CATEGORY_SPENT_SQL,
                &[
                    Arg::Text(user),
                    Arg::Text(category),
                    Arg::Text(&start),
                    Arg::Text(&end),
                ],
            )?,
        ],
        None => vec![
            db.stmt(CAP_SQL, &[Arg::Text(user), Arg::Text(month)])?,
            db.stmt(
                VARIABLE_SPENT_SQL,
                &[Arg::Text(user), Arg::Text(&start), Arg::Text(&end)],
            )?,
            db.stmt(CATEGORY_CAPS_SQL, &[Arg::Text(user), Arg::Text(month)])?,
            db.stmt(
                SPENT_BY_CATEGORY_SQL,
                &[Arg::Text(user), Arg::Text(&start), Arg::Text(&end)],
            )?,
        ],
    }))
}

/// The budget status from the results of [`budget_statements`].
pub(super) fn budget_of(
    month: &str,
    category: Option<&str>,
    results: &[D1Result],
) -> worker::Result<BudgetStatus> {
    let status = budget_from(month, category, results.first(), results.get(1))?;
    if category.is_some() {
        return Ok(status);
    }
    let categories = category_budgets(month, results.get(2), results.get(3))?;
    Ok(BudgetStatus {
        categories,
        ..status
    })
}

/// The category budgets in force from the results of their caps and
/// spending statements.
fn category_budgets(
    month: &str,
    caps: Option<&D1Result>,
    spent: Option<&D1Result>,
) -> worker::Result<Vec<BudgetStatus>> {
    let spent = rows::<CategoryTotalRow>(spent)?;
    Ok(rows::<CategoryCapRow>(caps)?
        .into_iter()
        .map(|cap| {
            let total = spent
                .iter()
                .find(|s| s.category == cap.category)
                .and_then(|s| s.total)
                .unwrap_or(0);
            rules::category_budget_status(month, &cap.category, Some(cap.cap_mxn_cents), total)
        })
        .collect())
}

/// All debts with their totals (also used by the API).
pub async fn debt_list(db: &Db, user: &str) -> worker::Result<DebtList> {
    let debts: Vec<DebtDbRow> = db.all(db.stmt(&debts_sql(""), &[Arg::Text(user)])?).await?;
    Ok(DebtList::from_debts(
        debts.iter().map(DebtDbRow::to_core).collect(),
    ))
}

/// The bank balance, if any (also used by the API).
pub async fn bank_balance(db: &Db, user: &str) -> worker::Result<Option<BankBalance>> {
    let found: Option<BalanceRow> = db.first(db.stmt(BALANCE_SQL, &[Arg::Text(user)])?).await?;
    Ok(found.map(BalanceRow::into_core))
}

/// The bank balance from a result of [`BALANCE_SQL`].
pub(super) fn balance_from(result: Option<&D1Result>) -> worker::Result<Option<BankBalance>> {
    Ok(rows::<BalanceRow>(result)?
        .into_iter()
        .next()
        .map(BalanceRow::into_core))
}

impl BalanceRow {
    fn into_core(self) -> BankBalance {
        BankBalance {
            balance_mxn_cents: self.balance_mxn_cents,
            updated_at_iso: self.updated_at,
        }
    }
}
