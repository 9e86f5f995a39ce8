//! An in-memory implementation of every tool: the reference semantics the
//! D1 implementation in the Worker must match. Used by the conversation
//! transcripts, the property tests and the benchmark.

use std::collections::BTreeMap;

use super::*;
use crate::time::{iso_utc, parse_iso_date};

/// One user's data.
#[derive(Clone, Debug, Default)]
pub struct MemoryLedger {
    transactions: Vec<StoredTransaction>,
    debts: BTreeMap<String, DebtRow>,
    /// (month it starts, cap), kept sorted by month.
    budget_caps: BTreeMap<String, Centavos>,
    /// (category, month it starts) → cap; 0 removes it from that month.
    category_caps: BTreeMap<(String, String), Centavos>,
    bank_balance: Option<BankBalance>,
    next_id: i64,
    /// Contacts and payment requests (the `cobros` provider).
    pub cobros: cobros::Book,
    /// Reminders queued for the user to forward, oldest first.
    pub queued_messages: Vec<cobros::QueuedMessage>,
    /// Every write executed, in order (for tests and audits).
    pub writes: Vec<ToolRequest>,
}

#[derive(Clone, Debug)]
struct StoredTransaction {
    row: TransactionRow,
    deleted: bool,
}

impl MemoryLedger {
    pub fn new() -> MemoryLedger {
        MemoryLedger {
            next_id: 1,
            ..MemoryLedger::default()
        }
    }

    /// Live (not deleted) transactions, oldest first.
    /// The debt stored under `name` (any case).
    pub fn debt(&self, name: &str) -> Option<&DebtRow> {
        self.debts.get(&rules::debt_key(name))
    }

    pub fn transactions(&self) -> impl DoubleEndedIterator<Item = &TransactionRow> {
        self.transactions
            .iter()
            .filter(|t| !t.deleted)
            .map(|t| &t.row)
    }

    /// Live transactions dated `from`..=`to`, oldest first.
    fn between<'a>(
        &'a self,
        from: &'a str,
        to: &'a str,
    ) -> impl DoubleEndedIterator<Item = &'a TransactionRow> {
        self.transactions()
            .filter(move |t| t.date_iso.as_str() >= from && t.date_iso.as_str() <= to)
    }

    /// The last live transaction.
    /// The live row with id `id`.
    fn live_row(&mut self, id: i64) -> Option<&mut StoredTransaction> {
        self.transactions
            .iter_mut()
            .find(|t| !t.deleted && t.row.id == id)
    }

    fn last(&self) -> Option<&TransactionRow> {
        self.transactions().next_back()
    }

    /// Stores one change a `cobros` service decided.
    fn apply(&mut self, change: cobros::Change) {
        self.cobros.apply(&change);
        match change {
            cobros::Change::AddContact(_)
            | cobros::Change::InsertRequest(_)
            | cobros::Change::UpdateRequest(_) => {}
            cobros::Change::QueueMessage(message) => self.queued_messages.push(message),
            cobros::Change::AddIncome(input) => {
                let row = input.to_row(self.next_id.max(1));
                self.next_id = row.id + 1;
                self.transactions.push(StoredTransaction {
                    row,
                    deleted: false,
                });
            }
        }
    }

    /// Carries out one call at instant `now`.
    pub fn execute(&mut self, call: &ToolCall, now: crate::time::UnixMillis) -> ToolResult {
        let at = iso_utc(now);
        if call.request.is_write() {
            self.writes.push(call.request.clone());
        }
        if let Err(problem) = rules::check_write(&call.request) {
            return ToolResult::failure(call, codes::INVALID, problem, &at);
        }
        match &call.request {
            ToolRequest::CallService(request) if request.provider == Provider::Ledger => {
                match ledger::window(request) {
                    Ok((from, to)) => {
                        let rows: Vec<TransactionRow> = self
                            .transactions()
                            .filter(|r| from <= r.date_iso && r.date_iso <= to)
                            .cloned()
                            .collect();
                        ledger::run(call, request, &rows, &at)
                    }
                    Err(problem) => ToolResult::failure(call, codes::INVALID, &problem, &at),
                }
            }
            ToolRequest::CallService(request) if request.provider == Provider::Cobros => {
                let outcome =
                    cobros::run(call, &request.service, &request.params, &self.cobros, &at);
                for change in outcome.changes {
                    self.apply(change);
                }
                outcome.result
            }
            ToolRequest::CallService(request) => super::run_service(call, request, &at),
            ToolRequest::AddTransaction(input) => {
                let row = input.to_row(self.next_id.max(1));
                self.next_id = row.id + 1;
                self.transactions.push(StoredTransaction {
                    row: row.clone(),
                    deleted: false,
                });
                ToolResult::success(call, &row, &at)
            }
            ToolRequest::AddTransactions(input) => {
                let mut transactions = Vec::with_capacity(input.transactions.len());
                for item in &input.transactions {
                    let row = item.to_row(self.next_id.max(1));
                    self.next_id = row.id + 1;
                    self.transactions.push(StoredTransaction {
                        row: row.clone(),
                        deleted: false,
                    });
                    transactions.push(row);
                }
                ToolResult::success(call, &TransactionList { transactions }, &at)
            }
            ToolRequest::UpdateLastTransaction(input) => {
                let Some(stored) = self.live_row(input.transaction_id) else {
                    return ToolResult::failure(call, codes::NOT_FOUND, "no such transaction", &at);
                };
                if let Err((code, problem)) =
                    rules::check_row(Some(&stored.row), input.transaction_version)
                {
                    return ToolResult::failure(call, code, problem, &at);
                }
                // The row keeps its place and id; its version goes up.
                stored.row = input.to_row();
                ToolResult::success(call, &stored.row.clone(), &at)
            }
            ToolRequest::DeleteLastTransaction(input) => {
                let Some(stored) = self.live_row(input.transaction_id) else {
                    return ToolResult::failure(call, codes::NOT_FOUND, "no such transaction", &at);
                };
                if let Err((code, problem)) =
                    rules::check_row(Some(&stored.row), input.transaction_version)
                {
                    return ToolResult::failure(call, code, problem, &at);
                }
                stored.deleted = true;
                ToolResult::success(call, &stored.row.clone(), &at)
            }
            ToolRequest::AddOrUpdateDebt(input) => {
                let key = rules::debt_key(&input.name);
                let merged = rules::merge_debt(self.debts.get(&key), input);
                self.debts.insert(key, merged.clone());
                ToolResult::success(call, &merged, &at)
            }
            ToolRequest::PayDebt(input) => {
                let key = rules::debt_key(&input.debt_name);
                let debt = match rules::pay_debt(self.debts.get(&key), input) {
                    Ok(debt) => debt,
                    Err((code, problem)) => return ToolResult::failure(call, code, problem, &at),
                };
                let row = input.payment.to_row(self.next_id.max(1));
                self.next_id = row.id + 1;
                self.transactions.push(StoredTransaction {
                    row: row.clone(),
                    deleted: false,
                });
                self.debts.insert(key, debt.clone());
                let payment = DebtPayment {
                    transaction: row,
                    debt,
                };
                ToolResult::success(call, &payment, &at)
            }
            ToolRequest::SetBudgetCap(input) => {
                match &input.category {
                    Some(category) => self.category_caps.insert(
                        (category.clone(), input.month.clone()),
                        input.variable_cap_mxn_cents,
                    ),
                    None => self
                        .budget_caps
                        .insert(input.month.clone(), input.variable_cap_mxn_cents),
                };
                ToolResult::success(call, &BudgetCap::from(input), &at)
            }
            ToolRequest::SetBankBalance(input) => {
                let balance = BankBalance {
                    balance_mxn_cents: input.balance_mxn_cents,
                    updated_at_iso: at.clone(),
                };
                self.bank_balance = Some(balance.clone());
                ToolResult::success(call, &balance, &at)
            }
            ToolRequest::GetMonthSummary { month, category } => {
                let rows = self
                    .transactions()
                    .filter(|t| t.date_iso.starts_with(month.as_str()))
                    .filter(|t| category.as_ref().is_none_or(|c| &t.category == c));
                let groups = rules::group_rows(rows);
                let summary = rules::month_summary(month, category.as_deref(), &groups);
                ToolResult::success(call, &summary, &at)
            }
            ToolRequest::ListTransactions {
                month,
                category,
                limit,
            } => {
                let transactions = self
                    .transactions()
                    .rev()
                    .filter(|t| {
                        month
                            .as_ref()
                            .is_none_or(|m| t.date_iso.starts_with(m.as_str()))
                    })
                    .filter(|t| category.as_ref().is_none_or(|c| &t.category == c))
                    .take(rules::list_limit(*limit) as usize)
                    .cloned()
                    .collect();
                ToolResult::success(call, &TransactionList { transactions }, &at)
            }
            ToolRequest::GetPeriodSummary { from, to, category } => {
                if !rules::period_ok(from, to) {
                    return ToolResult::failure(call, codes::INVALID, "bad period", &at);
                }
                let rows = self
                    .between(from, to)
                    .filter(|t| category.as_ref().is_none_or(|c| &t.category == c));
                let groups = rules::group_rows(rows);
                let summary = rules::period_summary(from, to, category.as_deref(), &groups);
                ToolResult::success(call, &summary, &at)
            }
            ToolRequest::ListTransactionsBetween {
                from,
                to,
                category,
                limit,
            } => {
                if !rules::period_ok(from, to) {
                    return ToolResult::failure(call, codes::INVALID, "bad period", &at);
                }
                let transactions = self
                    .between(from, to)
                    .rev()
                    .filter(|t| category.as_ref().is_none_or(|c| &t.category == c))
                    .take(rules::list_limit(*limit) as usize)
                    .cloned()
                    .collect();
                ToolResult::success(call, &TransactionList { transactions }, &at)
            }
            ToolRequest::GetLastTransaction {} => match self.last() {
                Some(row) => ToolResult::success(call, row, &at),
                None => ToolResult::failure(call, codes::NOT_FOUND, "no transactions", &at),
            },
            ToolRequest::GetBudgetStatus { month, category } => {
                if rules::month_bounds(month).is_none() {
                    return ToolResult::failure(call, codes::INVALID, "bad month", &at);
                }
                let status = match category {
                    Some(category) => self.category_budget_status(month, category),
                    None => self.budget_status(month),
                };
                ToolResult::success(call, &status, &at)
            }
            ToolRequest::ListDebts { .. } => {
                let list = DebtList::from_debts(self.debts.values().cloned().collect());
                ToolResult::success(call, &list, &at)
            }
            ToolRequest::GetBankBalance {} => match &self.bank_balance {
                Some(balance) => ToolResult::success(call, balance, &at),
                None => ToolResult::failure(call, codes::NOT_FOUND, "no bank balance", &at),
            },
            ToolRequest::SimulatePurchase(input) => {
                let Some(balance) = &self.bank_balance else {
                    return ToolResult::failure(call, codes::NOT_FOUND, "no bank balance", &at);
                };
                let Some(date) = parse_iso_date(&input.date_iso) else {
                    return ToolResult::failure(call, codes::INVALID, "bad date", &at);
                };
                let budget = self.budget_status(&crate::time::iso_month(date));
                let debts: Vec<DebtRow> = self.debts.values().cloned().collect();
                match rules::simulate(input, balance, &budget, &debts) {
                    Ok(simulation) => ToolResult::success(call, &simulation, &at),
                    Err(problem) => ToolResult::failure(call, codes::INVALID, problem, &at),
                }
            }
        }
    }

    fn category_budget_status(&self, month: &str, category: &str) -> BudgetStatus {
        let cap = self
            .category_caps
            .range(
                (category.to_string(), String::new())..=(category.to_string(), month.to_string()),
            )
            .next_back()
            .map(|(_, &cap)| cap);
        let spent: Centavos = self
            .transactions()
            .filter(|t| rules::counts_against_category(t, category, month))
            .map(|t| t.amount_mxn_cents)
            .sum();
        rules::category_budget_status(month, category, cap, spent)
    }

    fn budget_status(&self, month: &str) -> BudgetStatus {
        let cap = self
            .budget_caps
            .range(..=month.to_string())
            .next_back()
            .map(|(_, &cap)| cap);
        let spent: Centavos = self
            .transactions()
            .filter(|t| t.date_iso.starts_with(month))
            .filter(|t| rules::counts_against_budget(t.kind, t.category_type))
            .map(|t| t.amount_mxn_cents)
            .sum();
        let categories: std::collections::BTreeSet<&String> = self
            .category_caps
            .keys()
            .map(|(category, _)| category)
            .collect();
        BudgetStatus {
            categories: categories
                .into_iter()
                .map(|category| self.category_budget_status(month, category))
                .filter(|status| status.variable_cap_mxn_cents.is_some())
                .collect(),
            ..rules::budget_status(month, cap, spent)
        }
    }
}
