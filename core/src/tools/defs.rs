//! Every tool Caja can call, defined once: what it does to the world
//! (reads, writes the user's stored data, or acts outside Caja), whether
//! it runs only as the payload of a confirmed prompt, and whether what it
//! touches is only the user's to see. Hosts, the gate, the audit, the
//! agent-file check and the button toasts all ask this table; nothing else
//! decides whether a call is a write.

use super::{Provider, ToolRequest};

/// What a tool does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Changes nothing.
    Read,
    /// Changes what the host stores for the user (movements, debts,
    /// budgets, the balance, contacts, cobros, queued reminders).
    Write,
    /// Asks a provider to act outside Caja (send a top-up, a transfer).
    Action,
}

/// One tool's definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToolDef {
    /// The finance tool's name, or the service an agent file declares.
    pub name: &'static str,
    /// Who carries it out: `None` for the Financial Agent's own tools
    /// (every host's store), else the provider an agent file must name.
    pub provider: Option<Provider>,
    pub effect: Effect,
    /// It runs only as the exact payload of a prompt the user confirmed.
    pub confirmed: bool,
    /// It touches what only the user may see wherever they write (never
    /// run in a group).
    pub personal: bool,
}

impl ToolDef {
    /// Whether the tool changes anything, stored or outside.
    pub fn changes(&self) -> bool {
        self.effect != Effect::Read
    }
}

const fn finance(name: &'static str, effect: Effect, personal: bool) -> ToolDef {
    ToolDef {
        name,
        provider: None,
        effect,
        confirmed: !matches!(effect, Effect::Read),
        personal,
    }
}

const fn service(
    name: &'static str,
    provider: Provider,
    effect: Effect,
    confirmed: bool,
) -> ToolDef {
    ToolDef {
        name,
        provider: Some(provider),
        effect,
        confirmed,
        // The cobros book is the user's alone; the other providers read
        // nothing of the user's that a group may not see.
        personal: matches!(
            provider,
            Provider::Cobros | Provider::Reminders | Provider::Account | Provider::Recurring
        ),
    }
}

use Effect::{Action, Read, Write};
use Provider::{Account, Cobros, Ledger, Recurring, Reminders, Sandbox};

/// The table, sorted by name (a test checks it) so a lookup is a binary
/// search. A service an agent file declares must be here under its
/// provider (checked at load), except a `data` service, which the file
/// itself computes and which changes nothing.
pub const DEFS: &[ToolDef] = &[
    service("account.check", Account, Read, false),
    // Deletes every row of the person: after the typed phrase and a «sí».
    service("account.delete", Account, Write, true),
    service("account.summary", Account, Read, false),
    finance("add_or_update_debt", Write, true),
    finance("add_transaction", Write, false),
    finance("add_transactions", Write, false),
    service("billpay.bill", Sandbox, Read, false),
    service("billpay.billers", Sandbox, Read, false),
    service("billpay.pay", Sandbox, Action, true),
    service("cobros.add_contact", Cobros, Write, true),
    service("cobros.cancel", Cobros, Write, true),
    service("cobros.contact", Cobros, Read, false),
    service("cobros.contacts", Cobros, Read, false),
    service("cobros.create", Cobros, Write, true),
    service("cobros.find", Cobros, Read, false),
    service("cobros.list", Cobros, Read, false),
    // A paid cobro records the income in the ledger.
    service("cobros.mark_paid", Cobros, Write, true),
    // Queues a reminder for the user to forward without a confirmation,
    // as seed 002's tool table says: it moves no money and Caja never
    // sends it to anyone.
    service("cobros.remind", Cobros, Write, false),
    service("cobros.update", Cobros, Write, true),
    finance("delete_last_transaction", Write, false),
    finance("get_bank_balance", Read, true),
    finance("get_budget_status", Read, true),
    finance("get_last_transaction", Read, false),
    finance("get_month_summary", Read, false),
    finance("get_period_summary", Read, false),
    service("ledger.statistics", Ledger, Read, false),
    finance("list_debts", Read, true),
    finance("list_transactions", Read, false),
    finance("list_transactions_between", Read, false),
    finance("pay_debt", Write, true),
    service("recurring.cancel", Recurring, Write, true),
    service("recurring.due", Recurring, Read, false),
    service("recurring.find", Recurring, Read, false),
    service("recurring.list", Recurring, Read, false),
    service("recurring.preview", Recurring, Read, false),
    // The movement of a proposal made on its day, after its «sí».
    service("recurring.record", Recurring, Write, true),
    service("recurring.save", Recurring, Write, true),
    service("recurring.update", Recurring, Write, true),
    service("reminders.preview", Reminders, Read, false),
    // A person's own settings: stored only as previewed and confirmed.
    service("reminders.save", Reminders, Write, true),
    service("reminders.settings", Reminders, Read, false),
    service("remittances.create_transfer", Sandbox, Action, true),
    service("remittances.quote", Sandbox, Read, false),
    service("remittances.recipients", Sandbox, Read, false),
    finance("set_bank_balance", Write, false),
    finance("set_budget_cap", Write, false),
    finance("simulate_purchase", Read, true),
    service("snpl.apply", Sandbox, Action, true),
    service("snpl.eligibility", Sandbox, Read, false),
    service("topups.detect_carrier", Sandbox, Read, false),
    service("topups.frequent_numbers", Sandbox, Read, false),
    service("topups.send_topup", Sandbox, Action, true),
    finance("update_last_transaction", Write, false),
];

/// The definition of the tool or service named `name`.
pub fn def(name: &str) -> Option<&'static ToolDef> {
    DEFS.binary_search_by(|d| d.name.cmp(name))
        .ok()
        .map(|i| &DEFS[i])
}

/// The definition of a service of `provider`.
pub fn service_def(provider: Provider, name: &str) -> Option<&'static ToolDef> {
    def(name).filter(|d| d.provider == Some(provider))
}

/// A `data` service: computed by the engine from its agent file; it
/// reads nothing stored and changes nothing.
const DATA: ToolDef = ToolDef {
    name: "data",
    provider: Some(Provider::Data),
    effect: Read,
    confirmed: false,
    personal: false,
};

/// A service the table does not know (an agent file is refused at load
/// for declaring one, so only a hand-made request gets here): treated as
/// the most careful kind, a confirmed, personal action.
const UNKNOWN: ToolDef = ToolDef {
    name: "unknown",
    provider: None,
    effect: Action,
    confirmed: true,
    personal: true,
};

/// The place of `name` in [`DEFS`], found when compiling (a name missing
/// from the table does not compile).
const fn index_of(name: &str) -> usize {
    let name = name.as_bytes();
    let mut i = 0;
    while i < DEFS.len() {
        let candidate = DEFS[i].name.as_bytes();
        if candidate.len() == name.len() {
            let mut k = 0;
            while k < name.len() && candidate[k] == name[k] {
                k += 1;
            }
            if k == name.len() {
                return i;
            }
        }
        i += 1;
    }
    panic!("a finance tool missing from DEFS")
}

/// The definition named `name`, looked up when compiling.
macro_rules! named {
    ($name:literal) => {
        &DEFS[const { index_of($name) }]
    };
}

impl ToolRequest {
    /// This request's definition (a finance tool's name is its
    /// definition's).
    pub fn def(&self) -> &'static ToolDef {
        match self {
            ToolRequest::AddTransaction(_) => named!("add_transaction"),
            ToolRequest::AddTransactions(_) => named!("add_transactions"),
            ToolRequest::UpdateLastTransaction(_) => named!("update_last_transaction"),
            ToolRequest::DeleteLastTransaction(_) => named!("delete_last_transaction"),
            ToolRequest::AddOrUpdateDebt(_) => named!("add_or_update_debt"),
            ToolRequest::PayDebt(_) => named!("pay_debt"),
            ToolRequest::SetBudgetCap(_) => named!("set_budget_cap"),
            ToolRequest::SetBankBalance(_) => named!("set_bank_balance"),
            ToolRequest::GetMonthSummary { .. } => named!("get_month_summary"),
            ToolRequest::ListTransactions { .. } => named!("list_transactions"),
            ToolRequest::GetLastTransaction {} => named!("get_last_transaction"),
            ToolRequest::GetPeriodSummary { .. } => named!("get_period_summary"),
            ToolRequest::ListTransactionsBetween { .. } => named!("list_transactions_between"),
            ToolRequest::GetBudgetStatus { .. } => named!("get_budget_status"),
            ToolRequest::ListDebts { .. } => named!("list_debts"),
            ToolRequest::GetBankBalance {} => named!("get_bank_balance"),
            ToolRequest::SimulatePurchase(_) => named!("simulate_purchase"),
            ToolRequest::CallService(request) if request.provider == Provider::Data => &DATA,
            ToolRequest::CallService(request) => {
                service_def(request.provider, &request.service).unwrap_or(&UNKNOWN)
            }
        }
    }

    /// Whether it reads what only the user may see wherever they write:
    /// the bank balance, debts, budgets, what a purchase would leave, the
    /// cobros book. Movements are not: a host keeps them per thread.
    pub fn is_personal(&self) -> bool {
        self.def().personal
    }

    /// Whether the call changes anything: stored data (a paid cobro
    /// included) or the world outside (a transfer).
    pub fn is_write(&self) -> bool {
        self.def().changes()
    }

    /// Whether it runs only as the exact payload of a confirmed prompt.
    pub fn needs_confirmation(&self) -> bool {
        self.def().confirmed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_finance_tool_has_one_definition() {
        let names: Vec<&str> = DEFS.iter().map(|d| d.name).collect();
        assert!(
            names.windows(2).all(|pair| pair[0] < pair[1]),
            "the table is sorted by name, each tool once"
        );
        for d in DEFS {
            // Whatever runs without a confirmation must not act outside.
            assert!(d.confirmed || d.effect != Action, "{}", d.name);
            // A finance write is always confirmed.
            if d.provider.is_none() {
                assert_eq!(d.confirmed, d.changes(), "{}", d.name);
            }
        }
    }

    #[test]
    fn a_paid_cobro_is_a_write_and_a_statistics_read_is_not() {
        let call = |provider, service: &str| {
            ToolRequest::CallService(super::super::ServiceRequest {
                tool: "t".into(),
                service: service.into(),
                params: Default::default(),
                provider,
            })
        };
        assert!(call(Cobros, "cobros.mark_paid").is_write());
        assert!(call(Cobros, "cobros.mark_paid").needs_confirmation());
        assert!(call(Cobros, "cobros.list").is_personal());
        assert!(!call(Ledger, "ledger.statistics").is_write());
        assert!(call(Sandbox, "billpay.pay").is_write());
        assert!(!call(Provider::Data, "x.y").is_write());
        // The same name under another provider is not that service.
        assert!(call(Sandbox, "cobros.mark_paid").needs_confirmation());
        assert!(call(Sandbox, "cobros.mark_paid").is_personal());
    }
}
