//! The agent's tools on D1. Reads run at once; writes are staged as
//! statements that commit in the turn's single batch, together with the
//! checkpoint, so a turn's writes happen all together or not at all. The
//! semantics match `caja_core::tools::memory`, the reference.

use caja_core::tools::{
    BankBalance, BudgetCap, BudgetStatus, CategoryTotal, CategoryType, DebtList, DebtRow,
    MonthSummary, Simulation, ToolCall, ToolRequest, ToolResult, TransactionList, TransactionRow,
    TransactionType, codes,
};
use chrono::{Datelike, NaiveDate};
use serde::Deserialize;
use worker::D1PreparedStatement;

use crate::store::{Arg, Db, opt_int, opt_text, rows};

/// A stored transaction row.
#[derive(Clone, Debug, Deserialize)]
pub struct TxRow {
    pub seq: i64,
    pub kind: String,
    pub amount_mxn_cents: i64,
    pub category_type: String,
    pub category: String,
    pub description: Option<String>,
    pub date_iso: String,
}

impl TxRow {
    pub fn to_core(&self) -> Option<TransactionRow> {
        Some(TransactionRow {
            id: self.seq,
            kind: TransactionType::parse(&self.kind)?,
            amount_mxn_cents: self.amount_mxn_cents,
            category_type: CategoryType::parse(&self.category_type)?,
            category: self.category.clone(),
            description: self.description.clone(),
            date_iso: self.date_iso.clone(),
        })
    }
}

pub const TX_COLUMNS: &str =
    "seq, kind, amount_mxn_cents, category_type, category, description, date_iso";

/// What the turn loaded up front (in the same round trip as the checkpoint).
#[derive(Clone, Debug, Default)]
pub struct Preload {
    pub max_seq: i64,
    pub last: Option<TxRow>,
}

/// Runs tool calls for one user during one turn.
pub struct ToolRunner<'a> {
    pub db: &'a Db,
    pub user_id: &'a str,
    pub now_iso: String,
    pub preload: Preload,
    /// Statements that commit with the checkpoint.
    pub staged: Vec<D1PreparedStatement>,
    /// The bank balance written earlier in this turn, for later reads.
    pub written_bank_balance: Option<BankBalance>,
}

/// The month after `YYYY-MM`.
pub fn next_month(month: &str) -> String {
    let date = NaiveDate::parse_from_str(&format!("{month}-01"), "%Y-%m-%d")
        .unwrap_or(NaiveDate::from_ymd_opt(1970, 1, 1).unwrap_or_default());
    let (y, m) = if date.month() == 12 {
        (date.year() + 1, 1)
    } else {
        (date.year(), date.month() + 1)
    };
    format!("{y:04}-{m:02}")
}

#[derive(Deserialize)]
struct SumRow {
    category: String,
    category_type: String,
    kind: String,
    total: i64,
    n: i64,
}

#[derive(Deserialize)]
struct CapRow {
    variable_cap_mxn_cents: i64,
}

#[derive(Deserialize)]
struct TotalRow {
    total: Option<i64>,
}

#[derive(Deserialize)]
struct BalanceRow {
    balance_mxn_cents: i64,
    updated_at: String,
}

#[derive(Deserialize)]
struct DebtDbRow {
    name: String,
    balance_mxn_cents: Option<i64>,
    minimum_payment_mxn_cents: Option<i64>,
    due_day: Option<i64>,
}

impl DebtDbRow {
    fn to_core(&self) -> DebtRow {
        DebtRow {
            name: self.name.clone(),
            balance_mxn_cents: self.balance_mxn_cents,
            minimum_payment_mxn_cents: self.minimum_payment_mxn_cents,
            due_day: self.due_day.and_then(|d| u8::try_from(d).ok()),
        }
    }
}

const VARIABLE_SPENT_SQL: &str = "SELECT SUM(amount_mxn_cents) AS total FROM transactions \
    WHERE user_id = ?1 AND deleted_at IS NULL AND kind = 'EXPENSE' AND category_type = 'VARIABLE' \
    AND date_iso >= ?2 AND date_iso < ?3";
const CAP_SQL: &str = "SELECT variable_cap_mxn_cents FROM budgets WHERE user_id = ?1 AND month <= ?2 \
    ORDER BY month DESC LIMIT 1";
const DEBTS_SQL: &str = "SELECT name, balance_mxn_cents, minimum_payment_mxn_cents, due_day FROM debts \
    WHERE user_id = ?1 ORDER BY name_key";
const BALANCE_SQL: &str =
    "SELECT balance_mxn_cents, updated_at FROM bank_balances WHERE user_id = ?1";

impl ToolRunner<'_> {
    /// Runs the calls of one suspension; reads share one round trip where
    /// they can.
    pub async fn run(&mut self, calls: &[ToolCall]) -> Vec<ToolResult> {
        let mut results = Vec::with_capacity(calls.len());
        for call in calls {
            let result = match self.run_one(call).await {
                Ok(result) => result,
                Err(error) => {
                    worker::console_error!("tool {} failed: {error}", call.request.name());
                    ToolResult::failure(call, codes::UNAVAILABLE, "database error", &self.now_iso)
                }
            };
            results.push(result);
        }
        results
    }

    async fn run_one(&mut self, call: &ToolCall) -> worker::Result<ToolResult> {
        let at = self.now_iso.clone();
        let user = self.user_id;
        let db = self.db;
        Ok(match &call.request {
            ToolRequest::AddTransaction(input) => {
                if let Some(problem) = check_row(input.amount_mxn_cents, &input.date_iso) {
                    return Ok(ToolResult::failure(call, codes::INVALID, problem, &at));
                }
                let seq = self.preload.max_seq + 1;
                let row = input.to_row(seq);
                self.staged.push(db.stmt(
                    "INSERT INTO transactions (user_id, seq, kind, amount_mxn_cents, category_type, category, description, date_iso, created_at, updated_at) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9)",
                    &row_args(user, &row, &at),
                )?);
                self.preload.max_seq = seq;
                self.preload.last = Some(TxRow {
                    seq,
                    kind: input.kind.as_str().into(),
                    amount_mxn_cents: input.amount_mxn_cents,
                    category_type: input.category_type.as_str().into(),
                    category: input.category.clone(),
                    description: input.description.clone(),
                    date_iso: input.date_iso.clone(),
                });
                ToolResult::success(call, &row, &at)
            }
            ToolRequest::UpdateLastTransaction(input) => {
                if let Some(problem) = check_row(input.amount_mxn_cents, &input.date_iso) {
                    return Ok(ToolResult::failure(call, codes::INVALID, problem, &at));
                }
                let last = match self.last_matching(call, input.transaction_id) {
                    Ok(last) => last,
                    Err(failure) => return Ok(*failure),
                };
                self.stage_last_guard(last.seq)?;
                self.stage_history(&last, "UPDATE")?;
                let row = input.to_row();
                self.staged.push(db.stmt(
                    "UPDATE transactions SET kind = ?3, amount_mxn_cents = ?4, category_type = ?5, category = ?6, \
                     description = ?7, date_iso = ?8, updated_at = ?9 WHERE user_id = ?1 AND seq = ?2",
                    &row_args(user, &row, &at),
                )?);
                ToolResult::success(call, &row, &at)
            }
            ToolRequest::DeleteLastTransaction(input) => {
                let last = match self.last_matching(call, input.transaction_id) {
                    Ok(last) => last,
                    Err(failure) => return Ok(*failure),
                };
                self.stage_last_guard(last.seq)?;
                self.stage_history(&last, "DELETE")?;
                self.staged.push(db.stmt(
                    "UPDATE transactions SET deleted_at = ?3, updated_at = ?3 WHERE user_id = ?1 AND seq = ?2",
                    &[Arg::Text(user), Arg::Int(last.seq), Arg::Text(&at)],
                )?);
                match last.to_core() {
                    Some(row) => ToolResult::success(call, &row, &at),
                    None => ToolResult::failure(call, codes::UNAVAILABLE, "bad stored row", &at),
                }
            }
            ToolRequest::AddOrUpdateDebt(input) => {
                let bad_amount = [input.balance_mxn_cents, input.minimum_payment_mxn_cents]
                    .iter()
                    .flatten()
                    .any(|&amount| amount < 0);
                let bad_day = input.due_day.is_some_and(|day| !(1..=31).contains(&day));
                let name = input.name.trim();
                if bad_amount || bad_day || name.is_empty() || name.chars().count() > 60 {
                    return Ok(ToolResult::failure(
                        call,
                        codes::INVALID,
                        "invalid debt",
                        &at,
                    ));
                }
                let key = name.to_lowercase();
                let existing: Option<DebtDbRow> = db
                    .first(db.stmt(
                        &format!("{DEBTS_SQL} AND name_key = ?2").replace(
                            "WHERE user_id = ?1 ORDER BY name_key AND",
                            "WHERE user_id = ?1 AND",
                        ),
                        &[Arg::Text(user), Arg::Text(&key)],
                    )?)
                    .await?;
                let merged = DebtRow {
                    name: existing
                        .as_ref()
                        .map(|e| e.name.clone())
                        .unwrap_or_else(|| name.to_string()),
                    balance_mxn_cents: input
                        .balance_mxn_cents
                        .or(existing.as_ref().and_then(|e| e.balance_mxn_cents)),
                    minimum_payment_mxn_cents: input
                        .minimum_payment_mxn_cents
                        .or(existing.as_ref().and_then(|e| e.minimum_payment_mxn_cents)),
                    due_day: input.due_day.or(existing
                        .as_ref()
                        .and_then(|e| e.due_day.and_then(|d| u8::try_from(d).ok()))),
                };
                self.staged.push(db.stmt(
                    "INSERT INTO debts (user_id, name_key, name, balance_mxn_cents, minimum_payment_mxn_cents, due_day, updated_at) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) \
                     ON CONFLICT (user_id, name_key) DO UPDATE SET balance_mxn_cents = excluded.balance_mxn_cents, \
                     minimum_payment_mxn_cents = excluded.minimum_payment_mxn_cents, due_day = excluded.due_day, updated_at = excluded.updated_at",
                    &[
                        Arg::Text(user),
                        Arg::Text(&key),
                        Arg::Text(&merged.name),
                        opt_int(merged.balance_mxn_cents),
                        opt_int(merged.minimum_payment_mxn_cents),
                        opt_int(merged.due_day.map(i64::from)),
                        Arg::Text(&at),
                    ],
                )?);
                ToolResult::success(call, &merged, &at)
            }
            ToolRequest::SetBudgetCap(input) => {
                if input.variable_cap_mxn_cents <= 0 {
                    return Ok(ToolResult::failure(
                        call,
                        codes::INVALID,
                        "cap must be positive",
                        &at,
                    ));
                }
                self.staged.push(db.stmt(
                    "INSERT INTO budgets (user_id, month, variable_cap_mxn_cents, updated_at) VALUES (?1, ?2, ?3, ?4) \
                     ON CONFLICT (user_id, month) DO UPDATE SET variable_cap_mxn_cents = excluded.variable_cap_mxn_cents, updated_at = excluded.updated_at",
                    &[Arg::Text(user), Arg::Text(&input.month), Arg::Int(input.variable_cap_mxn_cents), Arg::Text(&at)],
                )?);
                let cap = BudgetCap {
                    month: input.month.clone(),
                    variable_cap_mxn_cents: input.variable_cap_mxn_cents,
                };
                ToolResult::success(call, &cap, &at)
            }
            ToolRequest::SetBankBalance(input) => {
                self.staged.push(db.stmt(
                    "INSERT INTO bank_balances (user_id, balance_mxn_cents, updated_at) VALUES (?1, ?2, ?3) \
                     ON CONFLICT (user_id) DO UPDATE SET balance_mxn_cents = excluded.balance_mxn_cents, updated_at = excluded.updated_at",
                    &[Arg::Text(user), Arg::Int(input.balance_mxn_cents), Arg::Text(&at)],
                )?);
                let balance = BankBalance {
                    balance_mxn_cents: input.balance_mxn_cents,
                    updated_at_iso: at.clone(),
                };
                self.written_bank_balance = Some(balance.clone());
                ToolResult::success(call, &balance, &at)
            }
            ToolRequest::GetMonthSummary { month, category } => {
                let summary = month_summary(db, user, month, category.as_deref()).await?;
                ToolResult::success(call, &summary, &at)
            }
            ToolRequest::ListTransactions {
                month,
                category,
                limit,
            } => {
                let mut sql = format!(
                    "SELECT {TX_COLUMNS} FROM transactions WHERE user_id = ?1 AND deleted_at IS NULL"
                );
                let mut args = vec![Arg::Text(user)];
                let end;
                if let Some(month) = month {
                    end = next_month(month);
                    sql.push_str(&format!(
                        " AND date_iso >= ?{} AND date_iso < ?{}",
                        args.len() + 1,
                        args.len() + 2
                    ));
                    args.push(Arg::Text(month));
                    args.push(Arg::Text(&end));
                }
                if let Some(category) = category {
                    sql.push_str(&format!(" AND category = ?{}", args.len() + 1));
                    args.push(Arg::Text(category));
                }
                sql.push_str(&format!(" ORDER BY seq DESC LIMIT {}", (*limit).min(200)));
                let found: Vec<TxRow> = db.all(db.stmt(&sql, &args)?).await?;
                let transactions = found.iter().filter_map(TxRow::to_core).collect();
                ToolResult::success(call, &TransactionList { transactions }, &at)
            }
            ToolRequest::GetLastTransaction {} => {
                match self.preload.last.as_ref().and_then(TxRow::to_core) {
                    Some(row) => ToolResult::success(call, &row, &at),
                    None => ToolResult::failure(call, codes::NOT_FOUND, "no transactions", &at),
                }
            }
            ToolRequest::GetBudgetStatus { month } => {
                let status = budget_status(db, user, month).await?;
                ToolResult::success(call, &status, &at)
            }
            ToolRequest::ListDebts { .. } => {
                ToolResult::success(call, &debt_list(db, user).await?, &at)
            }
            ToolRequest::GetBankBalance {} => match bank_balance(db, user).await? {
                Some(balance) => ToolResult::success(call, &balance, &at),
                None => ToolResult::failure(call, codes::NOT_FOUND, "no bank balance", &at),
            },
            ToolRequest::SimulatePurchase(input) => {
                let Some(date) = NaiveDate::parse_from_str(&input.date_iso, "%Y-%m-%d").ok() else {
                    return Ok(ToolResult::failure(call, codes::INVALID, "bad date", &at));
                };
                let month = format!("{:04}-{:02}", date.year(), date.month());
                let end = next_month(&month);
                let start = format!("{month}-01");
                let results = db
                    .batch(vec![
                        db.stmt(BALANCE_SQL, &[Arg::Text(user)])?,
                        db.stmt(CAP_SQL, &[Arg::Text(user), Arg::Text(&month)])?,
                        db.stmt(
                            VARIABLE_SPENT_SQL,
                            &[
                                Arg::Text(user),
                                Arg::Text(&start),
                                Arg::Text(&format!("{end}-01")),
                            ],
                        )?,
                        db.stmt(DEBTS_SQL, &[Arg::Text(user)])?,
                    ])
                    .await?;
                let stored: Option<BankBalance> = rows::<BalanceRow>(results.first())
                    .into_iter()
                    .next()
                    .map(|b| BankBalance {
                        balance_mxn_cents: b.balance_mxn_cents,
                        updated_at_iso: b.updated_at,
                    });
                let Some(balance) = self.written_bank_balance.clone().or(stored) else {
                    return Ok(ToolResult::failure(
                        call,
                        codes::NOT_FOUND,
                        "no bank balance",
                        &at,
                    ));
                };
                let cap = rows::<CapRow>(results.get(1))
                    .first()
                    .map(|c| c.variable_cap_mxn_cents);
                let spent = rows::<TotalRow>(results.get(2))
                    .first()
                    .and_then(|t| t.total)
                    .unwrap_or(0);
                let debts: Vec<DebtDbRow> = rows(results.get(3));
                let counts = input.category_type == CategoryType::Variable;
                let budget_left =
                    cap.map(|cap| cap - spent - if counts { input.amount_mxn_cents } else { 0 });
                let day = i64::from(date.day());
                let minimums: i64 = debts
                    .iter()
                    .filter(|d| d.due_day.is_none_or(|due| due >= day))
                    .filter_map(|d| d.minimum_payment_mxn_cents)
                    .sum();
                let after = balance.balance_mxn_cents - input.amount_mxn_cents;
                let simulation = Simulation {
                    amount_mxn_cents: input.amount_mxn_cents,
                    bank_balance_mxn_cents: balance.balance_mxn_cents,
                    balance_after_mxn_cents: after,
                    variable_budget_left_after_mxn_cents: budget_left,
                    minimum_debt_payments_due_mxn_cents: minimums,
                    balance_after_debt_minimums_mxn_cents: after - minimums,
                };
                ToolResult::success(call, &simulation, &at)
            }
        })
    }

    /// The user's last live transaction, if it is still `transaction_id`
    /// (the one the confirmation prompt showed).
    fn last_matching(
        &self,
        call: &ToolCall,
        transaction_id: i64,
    ) -> Result<TxRow, Box<ToolResult>> {
        match self.preload.last.clone() {
            None => Err(Box::new(ToolResult::failure(
                call,
                codes::NOT_FOUND,
                "no transactions",
                &self.now_iso,
            ))),
            Some(last) if last.seq != transaction_id => Err(Box::new(ToolResult::failure(
                call,
                codes::CONFLICT,
                "last changed",
                &self.now_iso,
            ))),
            Some(last) => Ok(last),
        }
    }

    /// Fails the commit unless `seq` is still the user's last live transaction.
    fn stage_last_guard(&mut self, seq: i64) -> worker::Result<()> {
        let guard = self.db.guard(
            "SELECT MAX(seq) FROM transactions WHERE user_id = ?1 AND deleted_at IS NULL",
            &[Arg::Text(self.user_id)],
            seq,
        )?;
        self.staged.push(guard);
        Ok(())
    }

    fn stage_history(&mut self, previous: &TxRow, change: &str) -> worker::Result<()> {
        let snapshot = previous
            .to_core()
            .and_then(|row| serde_json::to_string(&row).ok())
            .unwrap_or_default();
        let statement = self.db.stmt(
            "INSERT INTO transaction_history (user_id, seq, change, previous, changed_at) VALUES (?1, ?2, ?3, ?4, ?5)",
            &[Arg::Text(self.user_id), Arg::Int(previous.seq), Arg::Text(change), Arg::Text(&snapshot), Arg::Text(&self.now_iso)],
        )?;
        self.staged.push(statement);
        Ok(())
    }
}

/// Parameters ?1..?9 of the statements that write a transaction row.
fn row_args<'a>(user: &'a str, row: &'a TransactionRow, at: &'a str) -> [Arg<'a>; 9] {
    [
        Arg::Text(user),
        Arg::Int(row.id),
        Arg::Text(row.kind.as_str()),
        Arg::Int(row.amount_mxn_cents),
        Arg::Text(row.category_type.as_str()),
        Arg::Text(&row.category),
        opt_text(&row.description),
        Arg::Text(&row.date_iso),
        Arg::Text(at),
    ]
}

fn check_row(amount: i64, date_iso: &str) -> Option<&'static str> {
    if amount <= 0 {
        return Some("amount must be positive");
    }
    if NaiveDate::parse_from_str(date_iso, "%Y-%m-%d").is_err() {
        return Some("date must be YYYY-MM-DD");
    }
    None
}

/// Totals of a month, optionally of one category (also used by the API).
pub async fn month_summary(
    db: &Db,
    user: &str,
    month: &str,
    category: Option<&str>,
) -> worker::Result<MonthSummary> {
    let start = format!("{month}-01");
    let end = format!("{}-01", next_month(month));
    let mut sql = "SELECT category, category_type, kind, SUM(amount_mxn_cents) AS total, COUNT(*) AS n FROM transactions \
                   WHERE user_id = ?1 AND deleted_at IS NULL AND date_iso >= ?2 AND date_iso < ?3"
        .to_string();
    let mut args = vec![Arg::Text(user), Arg::Text(&start), Arg::Text(&end)];
    if let Some(category) = category {
        sql.push_str(" AND category = ?4");
        args.push(Arg::Text(category));
    }
    sql.push_str(" GROUP BY category, category_type, kind");
    let found: Vec<SumRow> = db.all(db.stmt(&sql, &args)?).await?;
    let mut summary = MonthSummary {
        month: month.to_string(),
        category: category.map(str::to_string),
        total_expense_mxn_cents: 0,
        total_income_mxn_cents: 0,
        transaction_count: 0,
        by_category: Vec::new(),
    };
    for row in found {
        let Some(category_type) = CategoryType::parse(&row.category_type) else {
            continue;
        };
        let count = u32::try_from(row.n).unwrap_or(0);
        summary.transaction_count += count;
        if row.kind == "INCOME" {
            summary.total_income_mxn_cents += row.total;
        } else {
            summary.total_expense_mxn_cents += row.total;
        }
        match summary
            .by_category
            .iter_mut()
            .find(|c| c.category == row.category && c.category_type == category_type)
        {
            Some(existing) => {
                existing.total_mxn_cents += row.total;
                existing.count += count;
            }
            None => summary.by_category.push(CategoryTotal {
                category: row.category,
                category_type,
                total_mxn_cents: row.total,
                count,
            }),
        }
    }
    summary.by_category.sort_by(|a, b| {
        b.total_mxn_cents
            .cmp(&a.total_mxn_cents)
            .then(a.category.cmp(&b.category))
    });
    Ok(summary)
}

/// Budget status of a month (also used by the API).
pub async fn budget_status(db: &Db, user: &str, month: &str) -> worker::Result<BudgetStatus> {
    let start = format!("{month}-01");
    let end = format!("{}-01", next_month(month));
    let results = db
        .batch(vec![
            db.stmt(CAP_SQL, &[Arg::Text(user), Arg::Text(month)])?,
            db.stmt(
                VARIABLE_SPENT_SQL,
                &[Arg::Text(user), Arg::Text(&start), Arg::Text(&end)],
            )?,
        ])
        .await?;
    let cap = rows::<CapRow>(results.first())
        .first()
        .map(|c| c.variable_cap_mxn_cents);
    let spent = rows::<TotalRow>(results.get(1))
        .first()
        .and_then(|t| t.total)
        .unwrap_or(0);
    Ok(BudgetStatus {
        month: month.to_string(),
        variable_cap_mxn_cents: cap,
        variable_spent_mxn_cents: spent,
        variable_remaining_mxn_cents: cap.map(|cap| cap - spent),
    })
}

/// All debts with tool-computed totals (also used by the API).
pub async fn debt_list(db: &Db, user: &str) -> worker::Result<DebtList> {
    let debts: Vec<DebtDbRow> = db.all(db.stmt(DEBTS_SQL, &[Arg::Text(user)])?).await?;
    let debts: Vec<DebtRow> = debts.iter().map(DebtDbRow::to_core).collect();
    Ok(DebtList::from_debts(debts))
}

/// The bank balance, if any (also used by the API).
pub async fn bank_balance(db: &Db, user: &str) -> worker::Result<Option<BankBalance>> {
    let found: Option<BalanceRow> = db.first(db.stmt(BALANCE_SQL, &[Arg::Text(user)])?).await?;
    Ok(found.map(|b| BankBalance {
        balance_mxn_cents: b.balance_mxn_cents,
        updated_at_iso: b.updated_at,
    }))
}
