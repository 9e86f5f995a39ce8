//! An in-memory implementation of every tool: the reference semantics the
//! D1 implementation in the Worker must match. Used by the conversation
//! transcripts, the property tests and the benchmark.

use std::collections::BTreeMap;

use super::store::{Change, Head, Need, Store, View, in_range};
use super::*;
use crate::time::iso_utc;

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
    /// What the person lets Caja send first.
    pub reminders: crate::reminders::Settings,
    /// The person's recurring movements, by id.
    pub recurring: Vec<super::recurring::Item>,
    /// The transfers sent, oldest first.
    pub transfers: Vec<super::transfers::Transfer>,
    /// Every write executed, in order (for tests and audits).
    pub writes: Vec<ToolRequest>,
}

#[derive(Clone, Debug)]
struct StoredTransaction {
    row: TransactionRow,
    deleted: bool,
}

impl MemoryLedger {
    /// How many rows of each kind this store holds.
    fn holdings(&self) -> super::account::Holdings {
        let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        super::account::Holdings {
            movements: count(self.transactions().count()),
            budgets: count(self.budget_caps.len() + self.category_caps.len()),
            debts: count(self.debts.len()),
            cobros: count(self.cobros.requests.len()),
            contacts: count(self.cobros.contacts.len()),
            recurring: count(self.recurring.len()),
        }
    }

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

    /// Carries out one call at instant `now` with the core's rule
    /// ([`super::run`]); this store only loads and keeps rows.
    pub fn execute(&mut self, call: &ToolCall, now: crate::time::UnixMillis) -> ToolResult {
        if call.request.is_write() {
            self.writes.push(call.request.clone());
        }
        super::run::run(self, call, &iso_utc(now))
    }

    fn insert(&mut self, row: TransactionRow) {
        self.next_id = self.next_id.max(row.id + 1);
        self.transactions.push(StoredTransaction {
            row,
            deleted: false,
        });
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

impl Store for MemoryLedger {
    fn load(&mut self, need: &Need, view: &mut View) {
        match need {
            Need::Head => {
                view.head = Head {
                    max_id: self.next_id.max(1) - 1,
                    last: self.last().cloned(),
                }
            }
            Need::Row(id) => view.row = self.transactions().find(|r| r.id == *id).cloned(),
            Need::Rows {
                range,
                category,
                limit,
            } => {
                let limit = limit.map_or(usize::MAX, |l| rules::list_limit(l) as usize);
                view.rows = self
                    .transactions()
                    .rev()
                    .filter(|t| range.as_ref().is_none_or(|r| in_range(&t.date_iso, r)))
                    .filter(|t| category.as_ref().is_none_or(|c| &t.category == c))
                    .take(limit)
                    .cloned()
                    .collect();
            }
            Need::Groups { range, category } => {
                let rows = self
                    .transactions()
                    .filter(|t| in_range(&t.date_iso, range))
                    .filter(|t| category.as_ref().is_none_or(|c| &t.category == c));
                view.groups = rules::group_rows(rows);
            }
            Need::Budget { month, category } => {
                view.budget = Some(match category {
                    Some(category) => self.category_budget_status(month, category),
                    None => self.budget_status(month),
                })
            }
            Need::Debt(key) => view.debt = self.debts.get(key).cloned(),
            Need::Debts => view.debts = self.debts.values().cloned().collect(),
            Need::BankBalance => view.balance = self.bank_balance.clone(),
            Need::Cobros => view.book = self.cobros.clone(),
            Need::Reminders => view.reminders = self.reminders,
            Need::Holdings => view.holdings = self.holdings(),
            Need::Recurring => view.recurring = self.recurring.clone(),
        }
    }

    fn apply(&mut self, change: Change) {
        match change {
            Change::Insert(row) => self.insert(row),
            Change::Update { row, .. } => {
                if let Some(stored) = self.live_row(row.id) {
                    stored.row = row;
                }
            }
            Change::Delete(row) => {
                if let Some(stored) = self.live_row(row.id) {
                    stored.deleted = true;
                }
            }
            Change::SaveDebt { key, debt } | Change::PayDebt { key, debt, .. } => {
                self.debts.insert(key, debt);
            }
            Change::SetBudget(input) => {
                match input.category {
                    Some(category) => self
                        .category_caps
                        .insert((category, input.month), input.variable_cap_mxn_cents),
                    None => self
                        .budget_caps
                        .insert(input.month, input.variable_cap_mxn_cents),
                };
            }
            Change::SetBankBalance(balance) => self.bank_balance = Some(balance),
            Change::Cobros(change) => {
                self.cobros.apply(&change);
                if let cobros::Change::QueueMessage(message) = change {
                    self.queued_messages.push(message);
                }
            }
            Change::SetReminders(settings) => self.reminders = settings,
            Change::Recurring(change) => super::recurring::apply(&mut self.recurring, change),
            Change::Transfer(transfer) => self.transfers.push(transfer),
            Change::DeleteAccount => *self = MemoryLedger::default(),
        }
    }
}
