//! What Caja says about the conversation itself, the same for every agent:
//! what was cancelled or set aside (named with its details), a button for
//! a prompt already confirmed, a flow picked up again.

use super::{category_label, kind_label};
use crate::agent::state::{AgentState, PendingWrite, TransactionDraft};
use crate::money::format_mxn as mxn;
use crate::tools::{AddTransactionInput, TransactionType};

/// "Listo, cancelé el gasto de $135.00 en comida (tacos). No se guardó nada."
pub fn cancelled(dropped: &[String]) -> String {
    if dropped.is_empty() {
        return super::CANCELLED.to_string();
    }
    format!("Listo, cancelé {}. No se guardó nada.", join(dropped))
}

/// A new request set an open draft aside.
pub fn set_aside(dropped: Option<&str>) -> String {
    format!(
        "Dejé sin guardar {}; si lo quieres, escríbemelo de nuevo.",
        dropped.unwrap_or("lo anterior")
    )
}

/// A waiting draft that the write just confirmed already did.
pub fn done_meanwhile(what: &str) -> String {
    format!("Era lo mismo que tenía en espera: {what}. Ya no te lo vuelvo a preguntar.")
}

/// How a draft the reply cannot describe is named.
pub const LAST_DRAFT: &str = "lo que estábamos registrando";

/// A request for another agent while a finance draft is open: the draft
/// waits and comes back.
pub fn waits(what: &str) -> String {
    crate::agents::text::waits(what)
}

/// "¿qué tengo pendiente?": whether something waits for an answer now
/// (`respond` asks it next) and what waits for later.
pub fn what_is_open(open: bool, waiting: &[String]) -> String {
    let later = (!waiting.is_empty()).then(|| format!("En espera: {}.", join(waiting)));
    match (open, later) {
        (false, None) => {
            "No tienes nada pendiente conmigo: nada espera tu «sí». ¿En qué te ayudo?".into()
        }
        (false, Some(later)) => later,
        (true, None) => "Esto es lo que tenemos pendiente:".into(),
        (true, Some(later)) => format!("{later} Ahora mismo:"),
    }
}

/// The waiting draft comes back.
pub fn back_to(what: &str) -> String {
    format!("Sigamos con {what}.")
}

/// A Sí/No button for a prompt a typed "sí" (or an earlier tap) already
/// confirmed: nothing is done twice.
pub const ALREADY_CONFIRMED: &str =
    "Ya lo había guardado con tu «sí»; no lo hice otra vez. Si es otro movimiento, escríbemelo.";

/// A button for a prompt that was already rejected or cancelled.
pub const ALREADY_REJECTED: &str =
    "Eso ya lo habías cancelado; no se guardó nada. Si lo quieres, escríbemelo de nuevo.";

fn join(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} y {last}", init.join(", ")),
    }
}

/// The Financial Agent's open flow in a few words, with its details ("el
/// gasto de $135.00 en comida (tacos)"), or `None` when nothing is open.
pub fn finance_flow(state: &AgentState) -> Option<String> {
    if let Some(write) = state.pending_write() {
        return Some(write_summary(write));
    }
    if let Some(draft) = &state.pending_transaction {
        // A purchase weighed is a question, never a movement.
        if state.draft_intent == Some(crate::nlu::Intent::SimulatePurchase) {
            return Some(match draft.amount_mxn_cents {
                Some(amount) => format!("la cuenta de si te alcanza para {}", mxn(amount)),
                None => "la cuenta de si te alcanza".to_string(),
            });
        }
        return Some(draft_summary(draft));
    }
    if let Some(p) = &state.pending_params {
        if let Some(name) = &p.debt_name {
            return Some(format!("la deuda con {name}"));
        }
        if p.budget_cap_mxn_cents.is_some() || p.budget_category.is_some() || p.budget_remove {
            return Some(budget_summary(
                p.budget_category.as_deref(),
                p.budget_cap_mxn_cents,
                p.budget_remove,
            ));
        }
        if let Some(balance) = p.bank_balance_mxn_cents {
            return Some(format!("el saldo de {}", mxn(balance)));
        }
    }
    if state.has_open_flow() {
        let intent = state.draft_intent.unwrap_or(state.extracted_intent);
        return Some(format!(
            "lo que empezamos ({})",
            super::intent_label(intent)
        ));
    }
    None
}

fn kind_word(kind: Option<TransactionType>) -> String {
    kind.map_or_else(
        || "movimiento".to_string(),
        |k| kind_label(k).to_lowercase(),
    )
}

fn transaction_summary(t: &AddTransactionInput) -> String {
    let mut text = format!(
        "el {} de {} en {}",
        kind_word(Some(t.kind)),
        mxn(t.amount_mxn_cents),
        category_label(&t.category)
    );
    if let Some(d) = t.description.as_deref().filter(|d| *d != t.category) {
        text.push_str(&format!(" ({d})"));
    }
    text
}

fn draft_summary(d: &TransactionDraft) -> String {
    let mut text = format!("el {}", kind_word(d.kind));
    if let Some(amount) = d.amount_mxn_cents {
        text.push_str(&format!(" de {}", mxn(amount)));
    }
    match (&d.category, &d.description) {
        (Some(c), Some(desc)) if desc != c => {
            text.push_str(&format!(" en {} ({desc})", category_label(c)))
        }
        (Some(c), _) => text.push_str(&format!(" en {}", category_label(c))),
        (None, Some(desc)) => text.push_str(&format!(" ({desc})")),
        (None, None) => {}
    }
    text
}

/// "el presupuesto de comida de $2,000.00", "la baja del presupuesto de
/// ropa", "el presupuesto de $8,000.00" (the general one).
fn budget_summary(category: Option<&str>, cap: Option<i64>, remove: bool) -> String {
    let of = category
        .map(|c| format!(" de {}", category_label(c)))
        .unwrap_or_default();
    match cap {
        _ if remove => format!("la baja del presupuesto{of}"),
        Some(cap) => format!("el presupuesto{of} de {}", mxn(cap)),
        None => format!("el presupuesto{of}"),
    }
}

fn write_summary(write: &PendingWrite) -> String {
    match write {
        PendingWrite::AddTransaction(t) => transaction_summary(t),
        PendingWrite::AddTransactions(list) => {
            format!("los {} movimientos", list.transactions.len())
        }
        PendingWrite::UpdateLastTransaction(t) => format!(
            "la corrección del movimiento ({} de {})",
            kind_word(Some(t.kind)),
            mxn(t.amount_mxn_cents)
        ),
        PendingWrite::DeleteLastTransaction(_) => "el borrado del movimiento".into(),
        PendingWrite::AddOrUpdateDebt(d) => match d.balance_mxn_cents {
            Some(balance) => format!("la deuda con {} de {}", d.name, mxn(balance)),
            None => format!("la deuda con {}", d.name),
        },
        PendingWrite::PayDebt(p) => format!(
            "el pago de {} a {}",
            mxn(p.payment.amount_mxn_cents),
            p.debt_name
        ),
        PendingWrite::SetBudgetCap(b) => budget_summary(
            b.category.as_deref(),
            Some(b.variable_cap_mxn_cents),
            b.variable_cap_mxn_cents == 0,
        ),
        PendingWrite::SetBankBalance(b) => format!("el saldo de {}", mxn(b.balance_mxn_cents)),
    }
}
