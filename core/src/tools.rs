//! Tool calls and results as data: what the agent asks its host to do and
//! what comes back.
//!
//! Write tools only ever run as the payload of a confirmed pending action.
//! Read tools return the numbers the agent shows; the agent never computes a
//! total itself.

pub mod account;
pub mod cobros;
pub mod defs;
pub mod ledger;
pub mod links;
pub mod memory;
pub mod recurring;
pub mod reminder_settings;
pub mod rules;
pub mod run;
pub mod sandbox;
pub mod store;
pub mod transfers;

use serde::{Deserialize, Serialize};

use crate::money::Centavos;

pub use crate::kinds::{CategoryType, TransactionType};
/// Which stored movement a correction or delete means.
pub use crate::nlu::RowReference;

/// `add_transaction` input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AddTransactionInput {
    #[serde(rename = "type")]
    pub kind: TransactionType,
    pub amount_mxn_cents: Centavos,
    pub category_type: CategoryType,
    pub category: String,
    pub description: Option<String>,
    pub date_iso: String,
}

/// The version a row has when first stored; every change adds one.
pub const FIRST_VERSION: u32 = 1;

fn first_version() -> u32 {
    FIRST_VERSION
}

/// `update_last_transaction` input: the full new row for the transaction
/// that was last when the prompt was built, and the version of that row the
/// prompt showed (a changed row is never overwritten).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UpdateLastTransactionInput {
    pub transaction_id: i64,
    #[serde(default = "first_version")]
    pub transaction_version: u32,
    #[serde(rename = "type")]
    pub kind: TransactionType,
    pub amount_mxn_cents: Centavos,
    pub category_type: CategoryType,
    pub category: String,
    pub description: Option<String>,
    pub date_iso: String,
}

impl AddTransactionInput {
    /// The row this input stores, with id `id`.
    pub fn to_row(&self, id: i64) -> TransactionRow {
        TransactionRow {
            id,
            version: FIRST_VERSION,
            kind: self.kind,
            amount_mxn_cents: self.amount_mxn_cents,
            category_type: self.category_type,
            category: self.category.clone(),
            description: self.description.clone(),
            date_iso: self.date_iso.clone(),
            pays: None,
        }
    }
}

impl UpdateLastTransactionInput {
    /// The row this input leaves in place of the last one.
    pub fn to_row(&self) -> TransactionRow {
        TransactionRow {
            id: self.transaction_id,
            version: self.transaction_version + 1,
            kind: self.kind,
            amount_mxn_cents: self.amount_mxn_cents,
            category_type: self.category_type,
            category: self.category.clone(),
            description: self.description.clone(),
            date_iso: self.date_iso.clone(),
            pays: None,
        }
    }
}

/// `add_transactions` input: several rows from one message, confirmed in
/// one prompt and written together (all or none).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AddTransactionsInput {
    pub transactions: Vec<AddTransactionInput>,
}

/// `delete_last_transaction` input: the row the prompt showed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeleteLastTransactionInput {
    pub transaction_id: i64,
    #[serde(default = "first_version")]
    pub transaction_version: u32,
}

/// `add_or_update_debt` input; `None` fields are left as they are.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DebtInput {
    pub name: String,
    pub balance_mxn_cents: Option<Centavos>,
    pub minimum_payment_mxn_cents: Option<Centavos>,
    pub due_day: Option<u8>,
}

/// `pay_debt` input: a payment recorded as a transaction that also lowers
/// a known debt, written together. `balance_before_mxn_cents` is the
/// balance the prompt showed; if the debt changed since, nothing is
/// written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PayDebtInput {
    pub debt_name: String,
    pub balance_before_mxn_cents: Centavos,
    pub payment: AddTransactionInput,
}

impl PayDebtInput {
    /// The debt's balance after the payment (never below zero).
    pub fn balance_after(&self) -> Centavos {
        (self.balance_before_mxn_cents - self.payment.amount_mxn_cents).max(0)
    }
}

/// `pay_debt` data: the stored payment and the debt as it is now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DebtPayment {
    pub transaction: TransactionRow,
    pub debt: DebtRow,
}

/// `set_budget_cap` input: the monthly cap for variable spending, in force
/// from `month` on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BudgetCapInput {
    pub month: String,
    /// With `category`: that category's monthly cap, and 0 removes it from
    /// `month` on.
    pub variable_cap_mxn_cents: Centavos,
    /// The category key this budget is for; `None` for the general
    /// budget of variable spending.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
}

/// `set_bank_balance` input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BankBalanceInput {
    pub balance_mxn_cents: Centavos,
}

/// `simulate_purchase` input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SimulatePurchaseInput {
    pub amount_mxn_cents: Centavos,
    pub date_iso: String,
    pub category: String,
    pub category_type: CategoryType,
}

/// A data agent's call of a service: the agent's tool name, the service
/// and its parameters exactly as confirmed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServiceRequest {
    pub tool: String,
    pub service: String,
    pub params: serde_json::Map<String, serde_json::Value>,
    /// Who carries the service out (declared with the service in its
    /// agent file).
    #[serde(default, skip_serializing_if = "Provider::is_sandbox")]
    pub provider: Provider,
}

/// Who carries out a service an agent file declares. Hosts dispatch on
/// this, never on the service's name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Provider {
    /// The reference services in [`sandbox`]: pure functions every host
    /// runs the same way.
    #[default]
    Sandbox,
    /// The user's own movements, read by the host from its store
    /// ([`ledger`]: D1 on the Worker, memory elsewhere) with the same rules.
    Ledger,
    /// The user's contacts, payment requests and queued reminders
    /// ([`cobros`]), kept by the host's store with the same rules.
    Cobros,
    /// The person's reminder settings ([`reminder_settings`]), kept by
    /// the host's store with the same rules.
    Reminders,
    /// What the store holds of the person, counted, and its deletion
    /// ([`account`]).
    Account,
    /// The person's recurring movements ([`recurring`]), kept by the
    /// host's store with the same rules.
    Recurring,
    /// A result written in the agent file itself (templates over the
    /// call's `params` and `today`), computed by the engine without a
    /// host round trip.
    Data,
}

impl Provider {
    pub fn is_sandbox(&self) -> bool {
        *self == Provider::Sandbox
    }
}

/// Carries out a service request on a host, by its provider.
pub fn run_service(call: &ToolCall, request: &ServiceRequest, at_iso: &str) -> ToolResult {
    match request.provider {
        Provider::Sandbox => sandbox::execute(call, request, at_iso),
        Provider::Ledger
        | Provider::Cobros
        | Provider::Reminders
        | Provider::Account
        | Provider::Recurring => ToolResult::failure(
            call,
            codes::INVALID,
            "this service runs on the host's own store",
            at_iso,
        ),
        Provider::Data => ToolResult::failure(
            call,
            codes::INVALID,
            "a data service is computed by the engine, not by a host",
            at_iso,
        ),
    }
}

/// A request for one tool, tagged by the tool's name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "tool", content = "input", rename_all = "snake_case")]
pub enum ToolRequest {
    AddTransaction(AddTransactionInput),
    AddTransactions(AddTransactionsInput),
    UpdateLastTransaction(UpdateLastTransactionInput),
    DeleteLastTransaction(DeleteLastTransactionInput),
    AddOrUpdateDebt(DebtInput),
    PayDebt(PayDebtInput),
    SetBudgetCap(BudgetCapInput),
    SetBankBalance(BankBalanceInput),
    GetMonthSummary {
        month: String,
        category: Option<String>,
    },
    ListTransactions {
        month: Option<String>,
        category: Option<String>,
        limit: u32,
    },
    GetLastTransaction {},
    /// Totals of the days `from`..=`to` (`YYYY-MM-DD`).
    GetPeriodSummary {
        from: String,
        to: String,
        category: Option<String>,
    },
    /// Live transactions of the days `from`..=`to`, last recorded first.
    ListTransactionsBetween {
        from: String,
        to: String,
        category: Option<String>,
        limit: u32,
    },
    GetBudgetStatus {
        month: String,
        /// One category's budget (every expense of it counts) instead of
        /// the general one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        category: Option<String>,
    },
    ListDebts {
        month: String,
    },
    GetBankBalance {},
    SimulatePurchase(SimulatePurchaseInput),
    /// A data agent's service request (see [`run_service`]);
    /// an action service runs only once its confirmation was confirmed.
    CallService(ServiceRequest),
}

impl ToolRequest {
    /// The tool's name as hosts dispatch on it.
    pub fn name(&self) -> &str {
        match self {
            ToolRequest::CallService(call) => &call.tool,
            other => other.def().name,
        }
    }
}

/// One tool call for the host to carry out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolCall {
    /// Deterministic id, unique within the thread.
    pub id: String,
    #[serde(flatten)]
    pub request: ToolRequest,
}

/// A tool's failure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolError {
    pub code: String,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub details: Option<serde_json::Value>,
}

/// Error codes tools use.
pub mod codes {
    /// The thing asked for does not exist (no bank balance, no transaction).
    pub const NOT_FOUND: &str = "NOT_FOUND";
    /// The last transaction is no longer the one the prompt showed.
    pub const CONFLICT: &str = "CONFLICT";
    /// The input broke a rule of the data (an amount out of range, a bad
    /// date): see `rules::check_write`.
    pub const INVALID: &str = "INVALID";
    /// The host could not run the tool (database down).
    pub const UNAVAILABLE: &str = "UNAVAILABLE";
}

/// What came back from a tool call (seed field names). `data` is kept as
/// the JSON text the tool produced: it is copied into the checkpoint and
/// the turn output as it is, and read into a typed shape where it is used.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ToolResult {
    pub call_id: String,
    pub tool_name: String,
    pub ok: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<Box<serde_json::value::RawValue>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ToolError>,
    pub at_iso: String,
}

/// Two results are equal when their fields are, `data` compared as the
/// JSON text it is.
impl PartialEq for ToolResult {
    fn eq(&self, other: &Self) -> bool {
        self.call_id == other.call_id
            && self.tool_name == other.tool_name
            && self.ok == other.ok
            && self.data.as_ref().map(|d| d.get()) == other.data.as_ref().map(|d| d.get())
            && self.error == other.error
            && self.at_iso == other.at_iso
    }
}

impl Eq for ToolResult {}

impl ToolResult {
    pub fn success<T: Serialize>(call: &ToolCall, data: &T, at_iso: &str) -> ToolResult {
        ToolResult {
            call_id: call.id.clone(),
            tool_name: call.request.name().to_string(),
            ok: true,
            data: serde_json::value::to_raw_value(data).ok(),
            error: None,
            at_iso: at_iso.to_string(),
        }
    }

    pub fn failure(call: &ToolCall, code: &str, message: &str, at_iso: &str) -> ToolResult {
        ToolResult {
            call_id: call.id.clone(),
            tool_name: call.request.name().to_string(),
            ok: false,
            data: None,
            error: Some(ToolError {
                code: code.to_string(),
                message: message.to_string(),
                details: None,
            }),
            at_iso: at_iso.to_string(),
        }
    }

    /// Decodes `data` as `T`; `None` on a failed call or a shape mismatch.
    pub fn data_as<T: serde::de::DeserializeOwned>(&self) -> Option<T> {
        if !self.ok {
            return None;
        }
        self.data
            .as_ref()
            .and_then(|data| serde_json::from_str(data.get()).ok())
    }

    pub fn error_code(&self) -> Option<&str> {
        self.error.as_ref().map(|error| error.code.as_str())
    }
}

/// A stored transaction as tools return it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TransactionRow {
    pub id: i64,
    /// Starts at 1; every correction adds one.
    #[serde(default = "first_version")]
    pub version: u32,
    #[serde(rename = "type")]
    pub kind: TransactionType,
    pub amount_mxn_cents: Centavos,
    pub category_type: CategoryType,
    pub category: String,
    pub description: Option<String>,
    pub date_iso: String,
    /// What the movement paid, when it paid a debt or a cobro: a
    /// correction or deletion of it changes that debt or cobro too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pays: Option<Pays>,
}

/// What a stored movement paid: a debt of the user's (its key) or a
/// cobro paid to the user (its number). Stored as `debt:<key>` or
/// `cobro:<number>`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Pays {
    Debt(String),
    Cobro(i64),
}

impl From<Pays> for String {
    fn from(pays: Pays) -> String {
        match pays {
            Pays::Debt(key) => format!("debt:{key}"),
            Pays::Cobro(seq) => format!("cobro:{seq}"),
        }
    }
}

impl TryFrom<String> for Pays {
    type Error = String;
    fn try_from(text: String) -> Result<Pays, String> {
        match text.split_once(':') {
            Some(("debt", key)) if !key.is_empty() => Ok(Pays::Debt(key.to_string())),
            Some(("cobro", seq)) => seq
                .parse()
                .map(Pays::Cobro)
                .map_err(|_| format!("bad cobro number in {text}")),
            _ => Err(format!("unknown payment link {text}")),
        }
    }
}

/// `get_month_summary` data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MonthSummary {
    pub month: String,
    pub category: Option<String>,
    pub total_expense_mxn_cents: Centavos,
    pub total_income_mxn_cents: Centavos,
    pub transaction_count: u32,
    pub by_category: Vec<CategoryTotal>,
}

/// `get_period_summary` data: like a month's, for any range of days.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PeriodSummary {
    pub from: String,
    pub to: String,
    pub category: Option<String>,
    pub total_expense_mxn_cents: Centavos,
    pub total_income_mxn_cents: Centavos,
    pub transaction_count: u32,
    pub by_category: Vec<CategoryTotal>,
}

/// One line of a month summary.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CategoryTotal {
    pub category: String,
    pub category_type: CategoryType,
    pub total_mxn_cents: Centavos,
    pub count: u32,
}

/// `list_transactions` data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TransactionList {
    pub transactions: Vec<TransactionRow>,
}

/// `get_budget_status` data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BudgetStatus {
    pub month: String,
    /// The category when it is that category's budget (its cap, and all
    /// its expenses of the month as spent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    /// `None` when no cap is in force for the month.
    pub variable_cap_mxn_cents: Option<Centavos>,
    pub variable_spent_mxn_cents: Centavos,
    pub variable_remaining_mxn_cents: Option<Centavos>,
    /// With the general budget: each category budget in force that month
    /// (its cap above zero), by category.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub categories: Vec<BudgetStatus>,
}

/// A stored debt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DebtRow {
    pub name: String,
    pub balance_mxn_cents: Option<Centavos>,
    pub minimum_payment_mxn_cents: Option<Centavos>,
    pub due_day: Option<u8>,
}

/// `list_debts` data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DebtList {
    pub debts: Vec<DebtRow>,
    pub total_balance_mxn_cents: Centavos,
    pub total_minimum_mxn_cents: Centavos,
}

impl DebtList {
    /// The list with its totals (debts without a balance or minimum count
    /// as zero there).
    pub fn from_debts(debts: Vec<DebtRow>) -> DebtList {
        DebtList {
            total_balance_mxn_cents: debts.iter().filter_map(|d| d.balance_mxn_cents).sum(),
            total_minimum_mxn_cents: debts
                .iter()
                .filter_map(|d| d.minimum_payment_mxn_cents)
                .sum(),
            debts,
        }
    }
}

/// `get_bank_balance` and `set_bank_balance` data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BankBalance {
    pub balance_mxn_cents: Centavos,
    pub updated_at_iso: String,
}

/// `set_budget_cap` data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BudgetCap {
    pub month: String,
    pub variable_cap_mxn_cents: Centavos,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
}

impl From<&BudgetCapInput> for BudgetCap {
    /// The budget as stored by the write of `input`.
    fn from(input: &BudgetCapInput) -> BudgetCap {
        BudgetCap {
            month: input.month.clone(),
            variable_cap_mxn_cents: input.variable_cap_mxn_cents,
            category: input.category.clone(),
        }
    }
}

/// `simulate_purchase` data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Simulation {
    pub amount_mxn_cents: Centavos,
    pub bank_balance_mxn_cents: Centavos,
    pub balance_after_mxn_cents: Centavos,
    /// `None` when the user has no variable budget for the month.
    pub variable_budget_left_after_mxn_cents: Option<Centavos>,
    pub minimum_debt_payments_due_mxn_cents: Centavos,
    /// Balance after the purchase and the minimum payments still due.
    pub balance_after_debt_minimums_mxn_cents: Centavos,
}
