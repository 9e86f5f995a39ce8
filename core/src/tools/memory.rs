//! An in-memory implementation of every tool: the reference semantics the
//! D1 implementation in the Worker must match. Used by the conversation
//! transcripts, the property tests and the benchmark.

use std::collections::BTreeMap;

use chrono::Datelike;

use super::*;
use crate::time::{iso_utc, parse_iso_date};

/// One user's data.
#[derive(Clone, Debug, Default)]
pub struct MemoryLedger {
    transactions: Vec<StoredTransaction>,
    debts: BTreeMap<String, DebtRow>,
    /// (month it starts, cap), kept sorted by month.
    budget_caps: BTreeMap<String, Centavos>,
    bank_balance: Option<BankBalance>,
    next_id: i64,
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
    pub fn transactions(&self) -> impl DoubleEndedIterator<Item = &TransactionRow> {
        self.transactions
            .iter()
            .filter(|t| !t.deleted)
            .map(|t| &t.row)
    }

    /// Carries out one call at instant `now`.
    pub fn execute(&mut self, call: &ToolCall, now: crate::time::UnixMillis) -> ToolResult {
        let at = iso_utc(now);
        if call.request.is_write() {
            self.writes.push(call.request.clone());
        }
        match &call.request {
            ToolRequest::AddTransaction(input) => {
                if let Some(problem) = check_row(input.amount_mxn_cents, &input.date_iso) {
                    return ToolResult::failure(call, codes::INVALID, problem, &at);
                }
                let row = input.to_row(self.next_id.max(1));
                self.next_id = row.id + 1;
                self.transactions.push(StoredTransaction {
                    row: row.clone(),
                    deleted: false,
                });
                ToolResult::success(call, &row, &at)
            }
            ToolRequest::UpdateLastTransaction(input) => {
                if let Some(problem) = check_row(input.amount_mxn_cents, &input.date_iso) {
                    return ToolResult::failure(call, codes::INVALID, problem, &at);
                }
                let Some(last) = self.transactions.iter_mut().rev().find(|t| !t.deleted) else {
                    return ToolResult::failure(call, codes::NOT_FOUND, "no transactions", &at);
                };
                if last.row.id != input.transaction_id {
                    return ToolResult::failure(call, codes::CONFLICT, "last changed", &at);
                }
                let previous = last.row.clone();
                // History: the old row stays, marked deleted; the new one takes its id.
                last.deleted = true;
                let row = TransactionRow {
                    id: previous.id,
                    ..input.to_row()
                };
                self.transactions.push(StoredTransaction {
                    row: row.clone(),
                    deleted: false,
                });
                ToolResult::success(call, &row, &at)
            }
            ToolRequest::DeleteLastTransaction(input) => {
                let Some(last) = self.transactions.iter_mut().rev().find(|t| !t.deleted) else {
                    return ToolResult::failure(call, codes::NOT_FOUND, "no transactions", &at);
                };
                if last.row.id != input.transaction_id {
                    return ToolResult::failure(call, codes::CONFLICT, "last changed", &at);
                }
                last.deleted = true;
                ToolResult::success(call, &last.row.clone(), &at)
            }
            ToolRequest::AddOrUpdateDebt(input) => {
                let bad_amount = [input.balance_mxn_cents, input.minimum_payment_mxn_cents]
                    .iter()
                    .flatten()
                    .any(|&amount| amount < 0);
                let bad_day = input.due_day.is_some_and(|day| !(1..=31).contains(&day));
                if bad_amount || bad_day || input.name.trim().is_empty() {
                    return ToolResult::failure(call, codes::INVALID, "invalid debt", &at);
                }
                let key = input.name.to_lowercase();
                let debt = self.debts.entry(key).or_insert_with(|| DebtRow {
                    name: input.name.clone(),
                    balance_mxn_cents: None,
                    minimum_payment_mxn_cents: None,
                    due_day: None,
                });
                if input.balance_mxn_cents.is_some() {
                    debt.balance_mxn_cents = input.balance_mxn_cents;
                }
                if input.minimum_payment_mxn_cents.is_some() {
                    debt.minimum_payment_mxn_cents = input.minimum_payment_mxn_cents;
                }
                if input.due_day.is_some() {
                    debt.due_day = input.due_day;
                }
                ToolResult::success(call, &debt.clone(), &at)
            }
            ToolRequest::SetBudgetCap(input) => {
                if input.variable_cap_mxn_cents <= 0 {
                    return ToolResult::failure(call, codes::INVALID, "cap must be positive", &at);
                }
                self.budget_caps
                    .insert(input.month.clone(), input.variable_cap_mxn_cents);
                let cap = BudgetCap {
                    month: input.month.clone(),
                    variable_cap_mxn_cents: input.variable_cap_mxn_cents,
                };
                ToolResult::success(call, &cap, &at)
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
                ToolResult::success(call, &self.month_summary(month, category.as_deref()), &at)
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
                    .take(*limit as usize)
                    .cloned()
                    .collect();
                ToolResult::success(call, &TransactionList { transactions }, &at)
            }
            ToolRequest::GetLastTransaction {} => match self.transactions().last() {
                Some(row) => ToolResult::success(call, row, &at),
                None => ToolResult::failure(call, codes::NOT_FOUND, "no transactions", &at),
            },
            ToolRequest::GetBudgetStatus { month } => {
                ToolResult::success(call, &self.budget_status(month), &at)
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
                let month = crate::time::iso_month(date);
                let status = self.budget_status(&month);
                let counts_against_budget = input.category_type == CategoryType::Variable;
                let budget_left = status.variable_remaining_mxn_cents.map(|left| {
                    if counts_against_budget {
                        left - input.amount_mxn_cents
                    } else {
                        left
                    }
                });
                let day = date.day();
                let minimums_due: Centavos = self
                    .debts
                    .values()
                    .filter(|d| d.due_day.is_none_or(|due| u32::from(due) >= day))
                    .filter_map(|d| d.minimum_payment_mxn_cents)
                    .sum();
                let after = balance.balance_mxn_cents - input.amount_mxn_cents;
                let simulation = Simulation {
                    amount_mxn_cents: input.amount_mxn_cents,
                    bank_balance_mxn_cents: balance.balance_mxn_cents,
                    balance_after_mxn_cents: after,
                    variable_budget_left_after_mxn_cents: budget_left,
                    minimum_debt_payments_due_mxn_cents: minimums_due,
                    balance_after_debt_minimums_mxn_cents: after - minimums_due,
                };
                ToolResult::success(call, &simulation, &at)
            }
        }
    }

    fn month_summary(&self, month: &str, category: Option<&str>) -> MonthSummary {
        let mut by_category: BTreeMap<(String, CategoryType), (Centavos, u32)> = BTreeMap::new();
        let mut expense = 0;
        let mut income = 0;
        let mut count = 0;
        for t in self
            .transactions()
            .filter(|t| t.date_iso.starts_with(month))
        {
            if category.is_some_and(|c| c != t.category) {
                continue;
            }
            count += 1;
            match t.kind {
                TransactionType::Expense => expense += t.amount_mxn_cents,
                TransactionType::Income => income += t.amount_mxn_cents,
            }
            let entry = by_category
                .entry((t.category.clone(), t.category_type))
                .or_default();
            entry.0 += t.amount_mxn_cents;
            entry.1 += 1;
        }
        let mut by_category: Vec<CategoryTotal> = by_category
            .into_iter()
            .map(
                |((category, category_type), (total, count))| CategoryTotal {
                    category,
                    category_type,
                    total_mxn_cents: total,
                    count,
                },
            )
            .collect();
        by_category.sort_by(|a, b| {
            b.total_mxn_cents
                .cmp(&a.total_mxn_cents)
                .then(a.category.cmp(&b.category))
        });
        MonthSummary {
            month: month.to_string(),
            category: category.map(str::to_string),
            total_expense_mxn_cents: expense,
            total_income_mxn_cents: income,
            transaction_count: count,
            by_category,
        }
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
            .filter(|t| t.kind == TransactionType::Expense)
            .filter(|t| t.category_type == CategoryType::Variable)
            .map(|t| t.amount_mxn_cents)
            .sum();
        BudgetStatus {
            month: month.to_string(),
            variable_cap_mxn_cents: cap,
            variable_spent_mxn_cents: spent,
            variable_remaining_mxn_cents: cap.map(|cap| cap - spent),
        }
    }
}

fn check_row(amount: Centavos, date_iso: &str) -> Option<&'static str> {
    if amount <= 0 {
        return Some("amount must be positive");
    }
    if parse_iso_date(date_iso).is_none() {
        return Some("date must be YYYY-MM-DD");
    }
    None
}
