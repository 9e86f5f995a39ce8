//! The agent's tools on D1. This module only fetches and stores rows; what
//! a valid write is and how totals are computed is decided once, in
//! `caja_core::tools::rules`, for this host and the in-memory one alike.
//!
//! Reads run at once and always against D1: nothing about the ledger is
//! carried over from an earlier turn, so no cache can answer after a write.
//! Writes are staged as statements that commit in the turn's single batch,
//! together with the checkpoint and with guards that fail the batch if the
//! rows they were decided on changed meanwhile.

use caja_core::time::{iso_month, parse_iso_date};
use caja_core::tools::rules;
use caja_core::tools::{
    BankBalance, BudgetCap, CategoryType, DebtPayment, DebtRow, SimulatePurchaseInput, ToolCall,
    ToolRequest, ToolResult, TransactionList, TransactionRow, TransactionType, codes,
};
use serde::Deserialize;
use worker::{D1PreparedStatement, D1Result};

use crate::store::{Arg, Db, opt_int, opt_text, rows};

pub mod cobros;
mod reads;

use reads::{
    BALANCE_SQL, BalanceRow, CAP_SQL, DebtDbRow, ROW_VERSION_SQL, VARIABLE_SPENT_SQL, budget_from,
    debts_sql, period_bounds, period_summary, rows_between,
};
pub use reads::{Rows, bank_balance, budget_status, debt_list, list_transactions, month_summary};

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
        })
    }
}

pub const TX_COLUMNS: &str =
    "seq, version, kind, amount_mxn_cents, category_type, category, description, date_iso";

/// The user's highest transaction number and last live row, as D1 has
/// them now.
#[derive(Clone, Debug, Default)]
pub struct LedgerHead {
    pub max_seq: i64,
    pub last: Option<TransactionRow>,
}

#[derive(Deserialize)]
struct MaxSeqRow {
    max_seq: i64,
}

/// The statements that read the ledger head (two results): the user's
/// highest number, and the last live row `rows` sees.
pub fn head_statements(db: &Db, rows: Rows<'_>) -> worker::Result<Vec<D1PreparedStatement>> {
    let mut last =
        format!("SELECT {TX_COLUMNS} FROM transactions WHERE user_id = ?1 AND deleted_at IS NULL");
    let mut args = vec![Arg::Text(rows.user)];
    rows.scope(&mut last, &mut args);
    last.push_str(" ORDER BY seq DESC LIMIT 1");
    Ok(vec![
        db.stmt(
            "SELECT COALESCE(MAX(seq), 0) AS max_seq FROM transactions WHERE user_id = ?1",
            &[Arg::Text(rows.user)],
        )?,
        db.stmt(&last, &args)?,
    ])
}

/// The ledger head from the two results of [`head_statements`].
pub fn head_from(
    max_seq: Option<&D1Result>,
    last: Option<&D1Result>,
) -> worker::Result<LedgerHead> {
    let last = match rows::<TxRow>(last)?.first() {
        Some(row) => Some(row.to_core()?),
        None => None,
    };
    Ok(LedgerHead {
        max_seq: rows::<MaxSeqRow>(max_seq)?.first().map_or(0, |r| r.max_seq),
        last,
    })
}

/// Runs tool calls for one user during one turn.
pub struct ToolRunner<'a> {
    pub db: &'a Db,
    /// The thread new movements are logged in.
    thread_id: &'a str,
    /// Whose data this is, and the movements this turn may read (only the
    /// thread's in a group).
    rows: Rows<'a>,
    pub now_iso: String,
    /// The ledger head read from D1 during this turn, once needed.
    head: Option<LedgerHead>,
    /// Statements that commit with the checkpoint.
    pub staged: Vec<D1PreparedStatement>,
    /// The bank balance written earlier in this turn, for later reads.
    written_bank_balance: Option<BankBalance>,
    /// The movements added earlier in this turn, for later budget reads.
    inserted: Vec<TransactionRow>,
    /// The user's cobros book, read from D1 at the turn's first cobros
    /// call, with the changes staged since applied (they commit with the
    /// turn, so D1 itself does not have them yet).
    cobros_book: Option<caja_core::tools::cobros::Book>,
}

impl<'a> ToolRunner<'a> {
    /// A runner; `head` is the ledger head `rows` sees when the turn
    /// already read it.
    pub fn new(
        db: &'a Db,
        rows: Rows<'a>,
        thread_id: &'a str,
        now_iso: String,
        head: Option<LedgerHead>,
    ) -> Self {
        ToolRunner {
            db,
            thread_id,
            rows,
            now_iso,
            head,
            staged: Vec::new(),
            written_bank_balance: None,
            inserted: Vec::new(),
            cobros_book: None,
        }
    }

    /// Runs the calls of one suspension. A D1 failure becomes a failed
    /// call (`UNAVAILABLE`) the agent reports; it is logged, never hidden
    /// as an empty answer.
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

    /// The ledger head, read from D1 the first time this turn needs it.
    async fn head(&mut self) -> worker::Result<LedgerHead> {
        if let Some(head) = &self.head {
            return Ok(head.clone());
        }
        let results = self.db.batch(head_statements(self.db, self.rows)?).await?;
        let head = head_from(results.first(), results.get(1))?;
        self.head = Some(head.clone());
        Ok(head)
    }

    async fn run_one(&mut self, call: &ToolCall) -> worker::Result<ToolResult> {
        let at = self.now_iso.clone();
        let user = self.rows.user;
        let rows = self.rows;
        let db = self.db;
        if let Err(problem) = rules::check_write(&call.request) {
            return Ok(ToolResult::failure(call, codes::INVALID, problem, &at));
        }
        Ok(match &call.request {
            ToolRequest::AddTransaction(input) => {
                let head = self.head().await?;
                let row = input.to_row(head.max_seq + 1);
                self.stage_insert(&row)?;
                self.head = Some(LedgerHead {
                    max_seq: row.id,
                    last: Some(row.clone()),
                });
                ToolResult::success(call, &row, &at)
            }
            ToolRequest::AddTransactions(input) => {
                let head = self.head().await?;
                let mut transactions = Vec::with_capacity(input.transactions.len());
                for (offset, item) in (1..).zip(&input.transactions) {
                    let row = item.to_row(head.max_seq + offset);
                    self.stage_insert(&row)?;
                    transactions.push(row);
                }
                self.head = Some(LedgerHead {
                    max_seq: head.max_seq + (transactions.len() as i64),
                    last: transactions.last().cloned(),
                });
                ToolResult::success(call, &TransactionList { transactions }, &at)
            }
            ToolRequest::UpdateLastTransaction(input) => {
                let stored = self.live_row(input.transaction_id).await?;
                if let Err((code, problem)) =
                    rules::check_row(stored.as_ref(), input.transaction_version)
                {
                    return Ok(ToolResult::failure(call, code, problem, &at));
                }
                let Some(previous) = stored else {
                    return Ok(ToolResult::failure(
                        call,
                        codes::NOT_FOUND,
                        "no such transaction",
                        &at,
                    ));
                };
                self.stage_row_guard(previous.id, previous.version)?;
                self.stage_history(&previous, "UPDATE")?;
                let row = input.to_row();
                self.staged.push(db.stmt(
                    "UPDATE transactions SET kind = ?3, amount_mxn_cents = ?4, category_type = ?5, category = ?6, \
                     description = ?7, date_iso = ?8, updated_at = ?9, version = ?10 WHERE user_id = ?1 AND seq = ?2",
                    &row_args(user, &row, &at),
                )?);
                if let Some(head) = &mut self.head
                    && head.last.as_ref().is_some_and(|last| last.id == row.id)
                {
                    head.last = Some(row.clone());
                }
                ToolResult::success(call, &row, &at)
            }
            ToolRequest::DeleteLastTransaction(input) => {
                let stored = self.live_row(input.transaction_id).await?;
                if let Err((code, problem)) =
                    rules::check_row(stored.as_ref(), input.transaction_version)
                {
                    return Ok(ToolResult::failure(call, code, problem, &at));
                }
                let Some(deleted) = stored else {
                    return Ok(ToolResult::failure(
                        call,
                        codes::NOT_FOUND,
                        "no such transaction",
                        &at,
                    ));
                };
                self.stage_row_guard(deleted.id, deleted.version)?;
                self.stage_history(&deleted, "DELETE")?;
                self.staged.push(db.stmt(
                    "UPDATE transactions SET deleted_at = ?3, updated_at = ?3, version = version + 1 WHERE user_id = ?1 AND seq = ?2",
                    &[Arg::Text(user), Arg::Int(deleted.id), Arg::Text(&at)],
                )?);
                // The live row before it is unknown until the batch commits.
                self.head = None;
                ToolResult::success(call, &deleted, &at)
            }
            ToolRequest::AddOrUpdateDebt(input) => {
                let key = rules::debt_key(&input.name);
                let existing = self.stored_debt(&key).await?;
                let merged = rules::merge_debt(existing.as_ref(), input);
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
            ToolRequest::PayDebt(input) => {
                let key = rules::debt_key(&input.debt_name);
                let existing = self.stored_debt(&key).await?;
                let debt = match rules::pay_debt(existing.as_ref(), input) {
                    Ok(debt) => debt,
                    Err((code, problem)) => {
                        return Ok(ToolResult::failure(call, code, problem, &at));
                    }
                };
                // The balance read above must still be the one at commit.
                self.staged.push(db.guard(
                    "SELECT balance_mxn_cents FROM debts WHERE user_id = ?1 AND name_key = ?2",
                    &[Arg::Text(user), Arg::Text(&key)],
                    Arg::Int(input.balance_before_mxn_cents),
                )?);
                self.staged.push(db.stmt(
                    "UPDATE debts SET balance_mxn_cents = ?3, updated_at = ?4 WHERE user_id = ?1 AND name_key = ?2",
                    &[
                        Arg::Text(user),
                        Arg::Text(&key),
                        opt_int(debt.balance_mxn_cents),
                        Arg::Text(&at),
                    ],
                )?);
                let head = self.head().await?;
                let row = input.payment.to_row(head.max_seq + 1);
                self.stage_insert(&row)?;
                self.head = Some(LedgerHead {
                    max_seq: row.id,
                    last: Some(row.clone()),
                });
                ToolResult::success(
                    call,
                    &DebtPayment {
                        transaction: row,
                        debt,
                    },
                    &at,
                )
            }
            ToolRequest::SetBudgetCap(input) => {
                let cap = Arg::Int(input.variable_cap_mxn_cents);
                self.staged.push(match &input.category {
                    Some(category) => db.stmt(
                        "INSERT INTO category_budgets (user_id, category, month, cap_mxn_cents, updated_at) VALUES (?1, ?2, ?3, ?4, ?5) \
                         ON CONFLICT (user_id, category, month) DO UPDATE SET cap_mxn_cents = excluded.cap_mxn_cents, updated_at = excluded.updated_at",
                        &[Arg::Text(user), Arg::Text(category), Arg::Text(&input.month), cap, Arg::Text(&at)],
                    )?,
                    None => db.stmt(
                        "INSERT INTO budgets (user_id, month, variable_cap_mxn_cents, updated_at) VALUES (?1, ?2, ?3, ?4) \
                         ON CONFLICT (user_id, month) DO UPDATE SET variable_cap_mxn_cents = excluded.variable_cap_mxn_cents, updated_at = excluded.updated_at",
                        &[Arg::Text(user), Arg::Text(&input.month), cap, Arg::Text(&at)],
                    )?,
                });
                ToolResult::success(call, &BudgetCap::from(input), &at)
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
                match month_summary(db, rows, month, category.as_deref()).await? {
                    Some(summary) => ToolResult::success(call, &summary, &at),
                    None => ToolResult::failure(call, codes::INVALID, "bad month", &at),
                }
            }
            ToolRequest::ListTransactions {
                month,
                category,
                limit,
            } => {
                let transactions = list_transactions(
                    db,
                    rows,
                    month.as_deref(),
                    category.as_deref(),
                    Some(*limit),
                )
                .await?;
                ToolResult::success(call, &TransactionList { transactions }, &at)
            }
            ToolRequest::GetPeriodSummary { from, to, category } => {
                match period_summary(db, rows, from, to, category.as_deref()).await? {
                    Some(summary) => ToolResult::success(call, &summary, &at),
                    None => ToolResult::failure(call, codes::INVALID, "bad period", &at),
                }
            }
            ToolRequest::ListTransactionsBetween {
                from,
                to,
                category,
                limit,
            } => match period_bounds(from, to) {
                Some(bounds) => {
                    let transactions =
                        rows_between(db, rows, Some(&bounds), category.as_deref(), Some(*limit))
                            .await?;
                    ToolResult::success(call, &TransactionList { transactions }, &at)
                }
                None => ToolResult::failure(call, codes::INVALID, "bad period", &at),
            },
            ToolRequest::GetLastTransaction {} => match self.head().await?.last {
                Some(row) => ToolResult::success(call, &row, &at),
                None => ToolResult::failure(call, codes::NOT_FOUND, "no transactions", &at),
            },
            ToolRequest::GetBudgetStatus { month, category } => {
                match budget_status(db, user, month, category.as_deref()).await? {
                    Some(status) => {
                        // What this turn added commits with it: count it.
                        let status = rules::with_rows(status, &self.inserted);
                        ToolResult::success(call, &status, &at)
                    }
                    None => ToolResult::failure(call, codes::INVALID, "bad month", &at),
                }
            }
            ToolRequest::ListDebts { .. } => {
                ToolResult::success(call, &debt_list(db, user).await?, &at)
            }
            ToolRequest::GetBankBalance {} => match bank_balance(db, user).await? {
                Some(balance) => ToolResult::success(call, &balance, &at),
                None => ToolResult::failure(call, codes::NOT_FOUND, "no bank balance", &at),
            },
            ToolRequest::SimulatePurchase(input) => self.simulate(call, input).await?,
            ToolRequest::CallService(request)
                if request.provider == caja_core::tools::Provider::Ledger =>
            {
                // The user's own rows, read from D1; the rule is the core's.
                let window = caja_core::tools::ledger::window(request)
                    .ok()
                    .and_then(|(from, to)| period_bounds(&from, &to));
                match window {
                    Some(bounds) => {
                        let found = rows_between(db, rows, Some(&bounds), None, None).await?;
                        caja_core::tools::ledger::run(call, request, &found, &at)
                    }
                    None => ToolResult::failure(call, codes::INVALID, "bad period", &at),
                }
            }
            ToolRequest::CallService(request)
                if request.provider == caja_core::tools::Provider::Cobros =>
            {
                // Decided by the core over the rows D1 has (read once a
                // turn) and what this turn staged; the changes commit with
                // the turn.
                let mut book = match self.cobros_book.take() {
                    Some(book) => book,
                    None => cobros::book(db, user).await?,
                };
                let outcome = caja_core::tools::cobros::run(
                    call,
                    &request.service,
                    &request.params,
                    &book,
                    &at,
                );
                for change in &outcome.changes {
                    book.apply(change);
                }
                self.cobros_book = Some(book);
                self.stage_cobros(outcome.changes).await?;
                outcome.result
            }
            ToolRequest::CallService(request) => caja_core::tools::run_service(call, request, &at),
        })
    }

    async fn simulate(
        &self,
        call: &ToolCall,
        input: &SimulatePurchaseInput,
    ) -> worker::Result<ToolResult> {
        let (db, user, at) = (self.db, self.rows.user, &self.now_iso);
        let Some(month) = parse_iso_date(&input.date_iso).map(iso_month) else {
            return Ok(ToolResult::failure(call, codes::INVALID, "bad date", at));
        };
        let Some((start, end)) = rules::month_bounds(&month) else {
            return Ok(ToolResult::failure(call, codes::INVALID, "bad date", at));
        };
        let results = db
            .batch(vec![
                db.stmt(BALANCE_SQL, &[Arg::Text(user)])?,
                db.stmt(CAP_SQL, &[Arg::Text(user), Arg::Text(&month)])?,
                db.stmt(
                    VARIABLE_SPENT_SQL,
                    &[Arg::Text(user), Arg::Text(&start), Arg::Text(&end)],
                )?,
                db.stmt(&debts_sql(""), &[Arg::Text(user)])?,
            ])
            .await?;
        let stored = rows::<BalanceRow>(results.first())?
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
                at,
            ));
        };
        let budget = budget_from(&month, None, results.get(1), results.get(2))?;
        let debts: Vec<DebtRow> = rows::<DebtDbRow>(results.get(3))?
            .iter()
            .map(DebtDbRow::to_core)
            .collect();
        Ok(match rules::simulate(input, &balance, &budget, &debts) {
            Ok(simulation) => ToolResult::success(call, &simulation, at),
            Err(problem) => ToolResult::failure(call, codes::INVALID, problem, at),
        })
    }

    /// Stages a new row in this thread; a stale max_seq fails the batch on
    /// the primary key.
    fn stage_insert(&mut self, row: &TransactionRow) -> worker::Result<()> {
        self.inserted.push(row.clone());
        let mut args = row_args(self.rows.user, row, &self.now_iso).to_vec();
        args.push(Arg::Text(self.thread_id));
        let statement = self.db.stmt(
            "INSERT INTO transactions (user_id, seq, kind, amount_mxn_cents, category_type, category, description, date_iso, created_at, updated_at, version, thread_id) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?10, ?11)",
            &args,
        )?;
        self.staged.push(statement);
        Ok(())
    }

    /// The debt stored under `key`, as D1 has it now.
    async fn stored_debt(&self, key: &str) -> worker::Result<Option<DebtRow>> {
        let row: Option<DebtDbRow> = self
            .db
            .first(self.db.stmt(
                &debts_sql(" AND name_key = ?2"),
                &[Arg::Text(self.rows.user), Arg::Text(key)],
            )?)
            .await?;
        Ok(row.map(|r| r.to_core()))
    }

    /// The live row `seq` as D1 has it now, if this turn may see it (what
    /// this turn staged is not there yet: a turn changes at most one row).
    async fn live_row(&mut self, seq: i64) -> worker::Result<Option<TransactionRow>> {
        let mut sql = format!(
            "SELECT {TX_COLUMNS} FROM transactions WHERE user_id = ?1 AND seq = ?2 AND deleted_at IS NULL"
        );
        let mut args = vec![Arg::Text(self.rows.user), Arg::Int(seq)];
        self.rows.scope(&mut sql, &mut args);
        let statement = self.db.stmt(&sql, &args)?;
        let found: Vec<TxRow> = self.db.all(statement).await?;
        found.first().map(TxRow::to_core).transpose()
    }

    /// Fails the turn's batch unless row `seq` is still live at `version`.
    fn stage_row_guard(&mut self, seq: i64, version: u32) -> worker::Result<()> {
        let guard = self.db.guard(
            ROW_VERSION_SQL,
            &[Arg::Text(self.rows.user), Arg::Int(seq)],
            Arg::Int(i64::from(version)),
        )?;
        self.staged.push(guard);
        Ok(())
    }

    fn stage_history(&mut self, previous: &TransactionRow, change: &str) -> worker::Result<()> {
        let snapshot =
            serde_json::to_string(previous).map_err(|e| worker::Error::RustError(e.to_string()))?;
        let statement = self.db.stmt(
            "INSERT INTO transaction_history (user_id, seq, change, previous, changed_at) VALUES (?1, ?2, ?3, ?4, ?5)",
            &[Arg::Text(self.rows.user), Arg::Int(previous.id), Arg::Text(change), Arg::Text(&snapshot), Arg::Text(&self.now_iso)],
        )?;
        self.staged.push(statement);
        Ok(())
    }
}

/// Parameters ?1..?10 of the statements that write a transaction row.
fn row_args<'a>(user: &'a str, row: &'a TransactionRow, at: &'a str) -> [Arg<'a>; 10] {
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
        Arg::Int(i64::from(row.version)),
    ]
}
