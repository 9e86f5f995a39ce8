//! What a host implements for the tools: a store. A tool's rule
//! ([`super::run`]) names what it reads ([`Need`]), decides from what was
//! read ([`View`]) and returns the [`Change`]s to store; the host loads
//! what a need names and applies the changes atomically (the in-memory
//! store at once, the Worker in the turn's one D1 batch, guarded on what
//! was read). A host never decides a rule of its own.

use super::rules::Group;
use super::{BankBalance, BudgetCapInput, BudgetStatus, DebtRow, TransactionRow, cobros};
use crate::money::Centavos;
use crate::time::parse_iso_date;

/// What a tool reads before it decides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Need {
    /// The highest movement id ever used and the newest live movement.
    Head,
    /// The live movement with this id.
    Row(i64),
    /// Live movements dated in the half-open range `[start, end)` when
    /// given, of one category when given, newest first, at most `limit`
    /// (after [`super::rules::list_limit`]) when given.
    Rows {
        range: Option<(String, String)>,
        category: Option<String>,
        limit: Option<u32>,
    },
    /// Live movements dated in `[start, end)`, grouped by category, type
    /// and kind ([`super::rules::group_rows`]).
    Groups {
        range: (String, String),
        category: Option<String>,
    },
    /// A month's budget status: the general one with every category
    /// budget in force, or one category's. It counts what the turn wrote.
    Budget {
        month: String,
        category: Option<String>,
    },
    /// The debt stored under this key ([`super::rules::debt_key`]).
    Debt(String),
    /// Every debt.
    Debts,
    /// The bank balance, as the turn left it.
    BankBalance,
    /// The contacts and payment requests, as the turn left them.
    Cobros,
    /// The person's reminder settings, as the turn left them.
    Reminders,
    /// How many rows of each kind the store holds for the person.
    Holdings,
    /// The person's recurring movements, as the turn left them.
    Recurring,
}

/// The newest movements' ids.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Head {
    pub max_id: i64,
    pub last: Option<TransactionRow>,
}

/// What a store loaded for a tool's needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct View {
    pub head: Head,
    pub row: Option<TransactionRow>,
    pub rows: Vec<TransactionRow>,
    pub groups: Vec<Group>,
    pub budget: Option<BudgetStatus>,
    pub debt: Option<DebtRow>,
    pub debts: Vec<DebtRow>,
    pub balance: Option<BankBalance>,
    pub book: cobros::Book,
    pub reminders: crate::reminders::Settings,
    pub holdings: super::account::Holdings,
    pub recurring: Vec<super::recurring::Item>,
}

/// One change a tool decided, for the store to apply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A new movement (its id one above the head the rule read).
    Insert(TransactionRow),
    /// `row` replaces `previous` (same id), only while `previous` is
    /// still live at its version.
    Update {
        previous: TransactionRow,
        row: TransactionRow,
    },
    /// The movement is deleted, only while still live at its version.
    Delete(TransactionRow),
    /// The debt under `key` becomes `debt`.
    SaveDebt {
        key: String,
        debt: DebtRow,
    },
    /// A payment lowers the debt under `key` to `debt`'s balance, only
    /// while its balance is still `before`.
    PayDebt {
        key: String,
        before: Centavos,
        debt: DebtRow,
    },
    SetBudget(BudgetCapInput),
    SetBankBalance(BankBalance),
    /// A contact, a payment request or a queued reminder (a paid cobro's
    /// income is an [`Change::Insert`]).
    Cobros(cobros::Change),
    /// The person's reminder settings become these.
    SetReminders(crate::reminders::Settings),
    /// A recurring movement added, changed or removed.
    Recurring(super::recurring::Change),
    /// A transfer the remittances agent created.
    Transfer(super::transfers::Transfer),
    /// Every row of the person goes, in every table, and their sessions
    /// end (the Worker applies it after the turn's own rows, so none
    /// stays).
    DeleteAccount,
}

/// A store a host keeps in its own memory: loads and applies at once.
pub trait Store {
    /// Loads what `need` names into `view`.
    fn load(&mut self, need: &Need, view: &mut View);
    /// Applies one change.
    fn apply(&mut self, change: Change);
}

/// The half-open range `[from, day after to)` of the days `from`..=`to`;
/// `None` when the period is not valid ([`super::rules::period_ok`]).
pub fn day_range(from: &str, to: &str) -> Option<(String, String)> {
    if !super::rules::period_ok(from, to) {
        return None;
    }
    let end = parse_iso_date(to)?.succ_opt()?;
    Some((from.to_string(), end.format("%Y-%m-%d").to_string()))
}

/// Whether `date` (`YYYY-MM-DD`) is in the half-open `range`.
pub fn in_range(date: &str, range: &(String, String)) -> bool {
    range.0.as_str() <= date && date < range.1.as_str()
}
