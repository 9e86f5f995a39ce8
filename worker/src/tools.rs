//! The agent's tools on D1. This module only fetches and stores rows; what
//! a valid write is and how totals are computed is decided once, in
//! `caja_core::tools::rules`, for this host and the in-memory one alike.
//!
//! Reads run against D1: what one suspension's calls read goes in one
//! batch (`prefetch.rs`). What a «sí» to the open prompt will read is read
//! with the commit of the turn that asked, and the next turn of the thread
//! takes it from there only while the person's ledger version is the one
//! it was read at (the commit is guarded on it; `prefetch::Ahead`).
//! Writes are staged as statements that commit in the turn's single batch,
//! together with the checkpoint and with guards that fail the batch if the
//! rows they were decided on changed meanwhile.

use caja_core::tools::store::{Change, Head, Need, View};
use caja_core::tools::{
    BankBalance, DebtRow, ToolCall, ToolResult, TransactionRow, codes, rules, run,
};
use serde::Deserialize;
use worker::{D1PreparedStatement, D1Result};

use crate::store::{Arg, Db, opt_int, opt_text, rows};

mod account;
pub mod cobros;
mod prefetch;
mod reads;
pub mod recurring;

use account::{delete_account_sql, holdings};
use prefetch::Fetched;
pub use prefetch::{Ahead, LEDGER_VERSION_SQL, ahead_from, ahead_statements};
use reads::{DebtDbRow, ROW_VERSION_SQL, debts_sql, groups_between, rows_between};
pub use reads::{Rows, bank_balance, budget_status, debt_list, list_transactions, month_summary};
pub use reads::{TX_COLUMNS, TxRow};

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
    /// The ledger head read from D1 during this turn, once needed (or
    /// given when the turn started), kept current with what it staged.
    head: Option<LedgerHead>,
    /// Whether a tool of this turn read the head.
    pub head_used: bool,
    /// The highest number of the head the turn started with, if given.
    head_at_start: Option<i64>,
    /// Statements that commit with the checkpoint.
    pub staged: Vec<D1PreparedStatement>,
    /// Statements after every other of the commit (an account deleted).
    pub after: Vec<D1PreparedStatement>,
    /// The bank balance written earlier in this turn, for later reads.
    written_bank_balance: Option<BankBalance>,
    written_reminders: Option<caja_core::reminders::Settings>,
    /// The movements added earlier in this turn, for later budget reads.
    inserted: Vec<TransactionRow>,
    /// The debts saved or paid earlier in this turn, by key, for later
    /// reads (a debt saved, then a payment to it queued in the same turn).
    written_debts: Vec<(String, DebtRow)>,
    /// The user's cobros book, read from D1 at the turn's first cobros
    /// call, with the changes staged since applied (they commit with the
    /// turn, so D1 itself does not have them yet).
    cobros_book: Option<caja_core::tools::cobros::Book>,
    /// What the suspension's calls read, in one batch.
    prefetched: prefetch::Prefetched,
    /// What the thread's last commit read ahead for this turn.
    carried: Ahead,
    /// The ledger version a read of this turn took from `carried`, which
    /// D1 must still have at commit.
    pub carried_used: Option<i64>,
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
            head_at_start: head.as_ref().map(|h| h.max_seq),
            head,
            head_used: false,
            staged: Vec::new(),
            after: Vec::new(),
            written_bank_balance: None,
            written_reminders: None,
            written_debts: Vec::new(),
            inserted: Vec::new(),
            cobros_book: None,
            prefetched: prefetch::Prefetched::default(),
            carried: Ahead::default(),
            carried_used: None,
        }
    }

    /// Takes what the thread's last commit read ahead.
    pub fn carry(&mut self, ahead: Ahead) {
        self.carried = ahead;
    }

    /// The answer to `need` read ahead or in this suspension's batch.
    fn answered(&mut self, need: &Need) -> Option<Fetched> {
        if let Some((_, found)) = self.carried.reads.iter().find(|(n, _)| n == need) {
            self.carried_used = Some(self.carried.version);
            return Some(found.clone());
        }
        self.prefetched.take(need)
    }

    /// Runs the calls of one suspension. A D1 failure becomes a failed
    /// call (`UNAVAILABLE`) the agent reports; it is logged, never hidden
    /// as an empty answer.
    pub async fn run(&mut self, calls: &[ToolCall]) -> Vec<ToolResult> {
        // What the calls read that this turn does not know yet, at once.
        let mut wanted: Vec<Need> = Vec::new();
        for need in calls.iter().flat_map(|call| run::needs(&call.request)) {
            let known = match need {
                Need::Head => self.head.is_some(),
                Need::BankBalance => self.written_bank_balance.is_some(),
                _ => self.carried.reads.iter().any(|(n, _)| *n == need),
            };
            if prefetch::batchable(&need) && !known && !wanted.contains(&need) {
                wanted.push(need);
            }
        }
        // A failed batch is read again call by call, where it reports.
        self.prefetched = prefetch::fetch(self.db, self.rows, wanted)
            .await
            .unwrap_or_default();
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

    /// The ledger head as this turn leaves it (what it read, with what it
    /// staged), if known.
    pub fn head_now(&self) -> Option<LedgerHead> {
        self.head.clone()
    }

    /// The highest transaction number the head this turn started from
    /// had; `None` when unknown.
    pub fn head_seq(&self) -> Option<i64> {
        self.head_at_start
    }

    /// The ledger head, read from D1 the first time this turn needs it.
    async fn head(&mut self) -> worker::Result<LedgerHead> {
        self.head_used = true;
        if self.head.is_none()
            && let Some(prefetch::Fetched::Head(head)) = self.prefetched.take(&Need::Head)
        {
            self.head = Some(head);
        }
        if let Some(head) = &self.head {
            return Ok(head.clone());
        }
        let results = self.db.batch(head_statements(self.db, self.rows)?).await?;
        let head = head_from(results.first(), results.get(1))?;
        self.head = Some(head.clone());
        Ok(head)
    }

    /// One call: what its rule needs is read from D1 (or from what this
    /// turn staged), the core decides, and its changes are staged.
    async fn run_one(&mut self, call: &ToolCall) -> worker::Result<ToolResult> {
        let mut view = View::default();
        for need in run::needs(&call.request) {
            self.load(&need, &mut view).await?;
        }
        let decision = run::decide(call, view, &self.now_iso);
        for change in decision.changes {
            self.stage(change)?;
        }
        Ok(decision.result)
    }

    /// Reads what a rule needs: from D1, with what this turn staged
    /// counted (it commits with the turn).
    async fn load(&mut self, need: &Need, view: &mut View) -> worker::Result<()> {
        let (db, rows, user) = (self.db, self.rows, self.rows.user);
        match need {
            Need::Head => {
                let head = self.head().await?;
                view.head = Head {
                    max_id: head.max_seq,
                    last: head.last,
                };
            }
            Need::Row(id) => view.row = self.live_row(*id).await?,
            Need::Rows {
                range,
                category,
                limit,
            } => {
                view.rows = match self.answered(need) {
                    Some(Fetched::Rows(found)) => found,
                    _ => {
                        rows_between(db, rows, range.as_ref(), category.as_deref(), *limit).await?
                    }
                }
            }
            Need::Groups { range, category } => {
                view.groups = match self.answered(need) {
                    Some(Fetched::Groups(found)) => found,
                    _ => groups_between(db, rows, &range.0, &range.1, category.as_deref()).await?,
                }
            }
            Need::Budget { month, category } => {
                let status = match self.answered(need) {
                    Some(Fetched::Budget(found)) => found,
                    _ => budget_status(db, user, month, category.as_deref()).await?,
                };
                view.budget = status.map(|status| rules::with_rows(status, &self.inserted));
            }
            Need::Debt(key) => {
                view.debt = match self.written_debts.iter().find(|(k, _)| k == key) {
                    Some((_, debt)) => Some(debt.clone()),
                    None => self.stored_debt(key).await?,
                }
            }
            Need::Debts => {
                let mut debts = match self.answered(need) {
                    Some(Fetched::Debts(found)) => found,
                    _ => {
                        let found: Vec<DebtDbRow> =
                            db.all(db.stmt(&debts_sql(""), &[Arg::Text(user)])?).await?;
                        found.iter().map(DebtDbRow::to_core).collect()
                    }
                };
                // What this turn staged commits with it: D1 lacks it yet.
                for (key, debt) in &self.written_debts {
                    match debts.iter_mut().find(|d| &rules::debt_key(&d.name) == key) {
                        Some(stored) => *stored = debt.clone(),
                        None => debts.push(debt.clone()),
                    }
                }
                view.debts = debts;
            }
            Need::BankBalance => {
                view.balance = match self.written_bank_balance.clone() {
                    Some(balance) => Some(balance),
                    None => match self.answered(need) {
                        Some(Fetched::Balance(found)) => found,
                        _ => bank_balance(db, user).await?,
                    },
                }
            }
            Need::Cobros => {
                if self.cobros_book.is_none() {
                    self.cobros_book = Some(cobros::book(db, user).await?);
                }
                view.book = self.cobros_book.clone().unwrap_or_default();
            }
            Need::Holdings => view.holdings = holdings(db, user).await?,
            Need::Recurring => view.recurring = recurring::items(db, user).await?,
            Need::Reminders => {
                view.reminders = match self.written_reminders {
                    Some(settings) => settings,
                    None => reminder_settings(db, user).await?,
                }
            }
        }
        Ok(())
    }

    /// Stages one change in the turn's commit batch, guarded on what the
    /// rule read, and keeps what later reads of this turn must count.
    fn stage(&mut self, change: Change) -> worker::Result<()> {
        let (db, user) = (self.db, self.rows.user);
        let at = self.now_iso.clone();
        match change {
            Change::Insert(row) => {
                self.stage_insert(&row)?;
                self.head = Some(LedgerHead {
                    max_seq: row.id,
                    last: Some(row),
                });
            }
            Change::Update { previous, row } => {
                self.stage_row_guard(previous.id, previous.version)?;
                self.stage_history(&previous, "UPDATE")?;
                let pays = row.pays.clone().map(String::from);
                let mut args = row_args(user, &row, &at).to_vec();
                args.push(opt_text(&pays));
                self.staged.push(db.stmt(
                    "UPDATE transactions SET kind = ?3, amount_mxn_cents = ?4, category_type = ?5, category = ?6, \
                     description = ?7, date_iso = ?8, updated_at = ?9, version = ?10, pays = ?11 WHERE user_id = ?1 AND seq = ?2",
                    &args,
                )?);
                if let Some(head) = &mut self.head
                    && head.last.as_ref().is_some_and(|last| last.id == row.id)
                {
                    head.last = Some(row);
                }
            }
            Change::Delete(row) => {
                self.stage_row_guard(row.id, row.version)?;
                self.stage_history(&row, "DELETE")?;
                self.staged.push(db.stmt(
                    "UPDATE transactions SET deleted_at = ?3, updated_at = ?3, version = version + 1 WHERE user_id = ?1 AND seq = ?2",
                    &[Arg::Text(user), Arg::Int(row.id), Arg::Text(&at)],
                )?);
                // The live row before it is unknown until the batch commits.
                self.head = None;
            }
            Change::SaveDebt { key, debt } => self.stage_debt(&key, &debt, None)?,
            Change::PayDebt { key, before, debt } => self.stage_debt(&key, &debt, Some(before))?,
            Change::SetBudget(input) => {
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
            }
            Change::SetBankBalance(balance) => {
                self.staged.push(db.stmt(
                    "INSERT INTO bank_balances (user_id, balance_mxn_cents, updated_at) VALUES (?1, ?2, ?3) \
                     ON CONFLICT (user_id) DO UPDATE SET balance_mxn_cents = excluded.balance_mxn_cents, updated_at = excluded.updated_at",
                    &[Arg::Text(user), Arg::Int(balance.balance_mxn_cents), Arg::Text(&balance.updated_at_iso)],
                )?);
                self.written_bank_balance = Some(balance);
            }
            Change::Cobros(change) => {
                if let Some(book) = &mut self.cobros_book {
                    book.apply(&change);
                }
                self.stage_cobros(change)?;
            }
            Change::SetReminders(settings) => {
                let flag = |on: bool| Arg::Int(i64::from(on));
                self.staged.push(db.stmt(
                    "INSERT INTO reminder_settings (user_id, cobros, debts, budgets, summary, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6) \
                     ON CONFLICT (user_id) DO UPDATE SET cobros = excluded.cobros, debts = excluded.debts, budgets = excluded.budgets, \
                     summary = excluded.summary, updated_at = excluded.updated_at",
                    &[Arg::Text(user), flag(settings.cobros), flag(settings.debts), flag(settings.budgets), flag(settings.summary), Arg::Text(&at)],
                )?);
                self.written_reminders = Some(settings);
            }
            Change::Recurring(change) => self.stage_recurring(change)?,
            Change::Transfer(transfer) => self.stage_transfer(&transfer)?,
            Change::DeleteAccount => {
                for sql in delete_account_sql() {
                    self.after.push(db.stmt(&sql, &[Arg::Text(user)])?);
                }
            }
        }
        Ok(())
    }

    /// Stages a transfer the remittances agent created.
    fn stage_transfer(&mut self, t: &caja_core::tools::transfers::Transfer) -> worker::Result<()> {
        let statement = self.db.stmt(
            "INSERT INTO transfers (user_id, id, recipient, gets_mxn_cents, delivery, created_at, arrives_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT DO NOTHING",
            &[
                Arg::Text(self.rows.user),
                Arg::Text(&t.id),
                Arg::Text(&t.recipient),
                Arg::Int(t.gets_mxn_cents),
                Arg::Text(&t.delivery),
                Arg::Int(t.created_at),
                Arg::Int(t.arrives_at),
            ],
        )?;
        self.staged.push(statement);
        Ok(())
    }

    /// Stages a new row in this thread; a stale max_seq fails the batch on
    /// the primary key.
    fn stage_insert(&mut self, row: &TransactionRow) -> worker::Result<()> {
        self.inserted.push(row.clone());
        let pays = row.pays.clone().map(String::from);
        let mut args = row_args(self.rows.user, row, &self.now_iso).to_vec();
        args.push(Arg::Text(self.thread_id));
        args.push(opt_text(&pays));
        let statement = self.db.stmt(
            "INSERT INTO transactions (user_id, seq, kind, amount_mxn_cents, category_type, category, description, date_iso, created_at, updated_at, version, thread_id, pays) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?10, ?11, ?12)",
            &args,
        )?;
        self.staged.push(statement);
        Ok(())
    }

    /// A debt saved (`before` none) or paid down from the balance
    /// `before`, which must still be the stored one at commit; later
    /// reads of this turn see it.
    fn stage_debt(&mut self, key: &str, debt: &DebtRow, before: Option<i64>) -> worker::Result<()> {
        self.remember_debt(key, debt);
        let (db, user, at) = (self.db, self.rows.user, self.now_iso.clone());
        let Some(before) = before else {
            self.staged.push(db.stmt(
                "INSERT INTO debts (user_id, name_key, name, balance_mxn_cents, minimum_payment_mxn_cents, due_day, updated_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) \
                 ON CONFLICT (user_id, name_key) DO UPDATE SET balance_mxn_cents = excluded.balance_mxn_cents, \
                 minimum_payment_mxn_cents = excluded.minimum_payment_mxn_cents, due_day = excluded.due_day, updated_at = excluded.updated_at",
                &[
                    Arg::Text(user),
                    Arg::Text(key),
                    Arg::Text(&debt.name),
                    opt_int(debt.balance_mxn_cents),
                    opt_int(debt.minimum_payment_mxn_cents),
                    opt_int(debt.due_day.map(i64::from)),
                    Arg::Text(&at),
                ],
            )?);
            return Ok(());
        };
        self.staged.push(db.guard(
            "SELECT balance_mxn_cents FROM debts WHERE user_id = ?1 AND name_key = ?2",
            &[Arg::Text(user), Arg::Text(key)],
            Arg::Int(before),
        )?);
        self.staged.push(db.stmt(
            "UPDATE debts SET balance_mxn_cents = ?3, updated_at = ?4 WHERE user_id = ?1 AND name_key = ?2",
            &[
                Arg::Text(user),
                Arg::Text(key),
                opt_int(debt.balance_mxn_cents),
                Arg::Text(&at),
            ],
        )?);
        Ok(())
    }

    /// A debt this turn staged, for its later reads.
    fn remember_debt(&mut self, key: &str, debt: &DebtRow) {
        self.written_debts.retain(|(k, _)| k != key);
        self.written_debts.push((key.to_string(), debt.clone()));
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

/// What the person lets Caja send first, as D1 has it (the defaults when
/// they never changed it).
pub async fn reminder_settings(
    db: &Db,
    user: &str,
) -> worker::Result<caja_core::reminders::Settings> {
    #[derive(serde::Deserialize)]
    struct Row {
        cobros: i64,
        debts: i64,
        budgets: i64,
        summary: i64,
    }
    let row: Option<Row> = db
        .first(db.stmt(
            "SELECT cobros, debts, budgets, summary FROM reminder_settings WHERE user_id = ?1",
            &[Arg::Text(user)],
        )?)
        .await?;
    Ok(
        row.map_or_else(Default::default, |r| caja_core::reminders::Settings {
            cobros: r.cobros != 0,
            debts: r.debts != 0,
            budgets: r.budgets != 0,
            summary: r.summary != 0,
        }),
    )
}
