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
        personal: matches!(provider, Provider::Cobros),
    }
}

use Effect::{Action, Read, Write};
use Provider::{Cobros, Ledger, Sandbox};

/// The table. A service an agent file declares must be here under its
/// provider (checked at load), except a `data` service, which the file
/// itself computes and which changes nothing.
pub const DEFS: &[ToolDef] = &[
    finance("add_transaction", Write, false),
    finance("add_transactions", Write, false),
    finance("update_last_transaction", Write, false),
    finance("delete_last_transaction", Write, false),
    finance("add_or_update_debt", Write, true),
    finance("pay_debt", Write, true),
    finance("set_budget_cap", Write, false),
    finance("set_bank_balance", Write, false),
    finance("get_month_summary", Read, false),
    finance("list_transactions", Read, false),
    finance("get_last_transaction", Read, false),
    finance("get_period_summary", Read, false),
    finance("list_transactions_between", Read, false),
    finance("get_budget_status", Read, true),
    finance("list_debts", Read, true),
    finance("get_bank_balance", Read, true),
    finance("simulate_purchase", Read, true),
    service("topups.frequent_numbers", Sandbox, Read, false),
    service("topups.detect_carrier", Sandbox, Read, false),
    service("topups.send_topup", Sandbox, Action, true),
    service("snpl.eligibility", Sandbox, Read, false),
    service("snpl.apply", Sandbox, Action, true),
    service("remittances.recipients", Sandbox, Read, false),
    service("remittances.quote", Sandbox, Read, false),
    service("remittances.create_transfer", Sandbox, Action, true),
    service("billpay.billers", Sandbox, Read, false),
    service("billpay.bill", Sandbox, Read, false),
    service("billpay.pay", Sandbox, Action, true),
    service("ledger.statistics", Ledger, Read, false),
    service("cobros.contacts", Cobros, Read, false),
    service("cobros.contact", Cobros, Read, false),
    service("cobros.add_contact", Cobros, Write, true),
    service("cobros.create", Cobros, Write, true),
    service("cobros.list", Cobros, Read, false),
    service("cobros.find", Cobros, Read, false),
    service("cobros.cancel", Cobros, Write, true),
    // A paid cobro records the income in the ledger.
    service("cobros.mark_paid", Cobros, Write, true),
    // Queues a reminder for the user to forward without a confirmation,
    // as seed 002's tool table says: it moves no money and Caja never
    // sends it to anyone.
    service("cobros.remind", Cobros, Write, false),
];

/// The definition of the tool or service named `name`.
pub fn def(name: &str) -> Option<&'static ToolDef> {
    DEFS.iter().find(|d| d.name == name)
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

impl ToolRequest {
    /// This request's definition.
    pub fn def(&self) -> &'static ToolDef {
        match self {
            ToolRequest::CallService(request) if request.provider == Provider::Data => &DATA,
            ToolRequest::CallService(request) => {
                service_def(request.provider, &request.service).unwrap_or(&UNKNOWN)
            }
            other => def(other.name()).unwrap_or(&UNKNOWN),
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
        let mut names: Vec<&str> = DEFS.iter().map(|d| d.name).collect();
        names.sort_unstable();
        let before = names.len();
        names.dedup();
        assert_eq!(before, names.len(), "a tool defined twice");
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
