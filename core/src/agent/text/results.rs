//! What Caja says after a tool ran: a write saved or refused, and every
//! read's answer (lists, budgets, debts, the balance, a simulation).
//! Amounts come in as tool data and are only formatted here.

use super::{budget, category_label, kind_label, month_name};
use crate::money::format_mxn as mxn;
use crate::tools::{
    BankBalance, BudgetCap, BudgetStatus, DebtList, DebtPayment, DebtRow, Simulation,
    TransactionList, TransactionRow, TransactionType, links::Followed,
};

pub fn write_failed(retry_possible: bool) -> String {
    if retry_possible {
        "No pude guardar el cambio por un error del servidor; no se guardó nada. Responde «sí» para intentar de nuevo o «no» para cancelar.".into()
    } else {
        "No pude guardar el cambio; no se guardó nada.".into()
    }
}

pub fn write_rejected_invalid() -> String {
    "Los datos no son válidos para guardarse; no se guardó nada. Empecemos de nuevo: escríbeme el movimiento completo.".into()
}

pub(super) fn row_line(row: &TransactionRow) -> String {
    let sign = if row.kind == TransactionType::Income {
        "+"
    } else {
        ""
    };
    let mut line = format!(
        "{} · {} · {sign}{}",
        row.date_iso,
        category_label(&row.category),
        mxn(row.amount_mxn_cents)
    );
    if let Some(d) = &row.description {
        line.push_str(" · ");
        line.push_str(d);
    }
    line
}

pub fn transaction_added(row: &TransactionRow) -> String {
    format!(
        "Listo, registré el {} de {} en {} ({}).",
        kind_label(row.kind).to_lowercase(),
        mxn(row.amount_mxn_cents),
        category_label(&row.category),
        row.date_iso
    )
}

pub fn transactions_added(list: &TransactionList) -> String {
    let mut text = format!("Listo, registré {} movimientos:", list.transactions.len());
    for row in &list.transactions {
        text.push_str("\n• ");
        text.push_str(&row_line(row));
    }
    text
}

pub fn transaction_updated(row: &TransactionRow, paid: Option<&Followed>) -> String {
    let mut text = format!("Listo, corregí el movimiento: {}.", row_line(row));
    text.push_str(&followed(paid));
    text
}

pub fn transaction_deleted(row: &TransactionRow, paid: Option<&Followed>) -> String {
    let mut text = format!(
        "Listo, borré el movimiento: {}. Ya no cuenta en tus totales.",
        row_line(row)
    );
    text.push_str(&followed(paid));
    text
}

/// What a corrected or deleted payment paid, as the change left it.
fn followed(followed: Option<&Followed>) -> String {
    match followed {
        None => String::new(),
        Some(Followed::Debt(debt)) => format!(
            " Tu deuda «{}» quedó en {}.",
            debt.name,
            mxn(debt.balance_mxn_cents.unwrap_or(0))
        ),
        Some(Followed::Cobro {
            reference,
            contact_name,
            owed_mxn_cents,
            paid,
            ..
        }) if *paid || *owed_mxn_cents == 0 => {
            format!(" El cobro {reference} de {contact_name} sigue pagado.")
        }
        Some(Followed::Cobro {
            reference,
            contact_name,
            owed_mxn_cents,
            paid_mxn_cents,
            ..
        }) => {
            let paid = if *paid_mxn_cents > 0 {
                format!(" (ya te abonó {})", mxn(*paid_mxn_cents))
            } else {
                String::new()
            };
            format!(
                " El cobro {reference} quedó pendiente: {contact_name} te debe {}{paid}.",
                mxn(*owed_mxn_cents)
            )
        }
    }
}

pub fn debt_paid(payment: &DebtPayment) -> String {
    format!(
        "Listo, registré el pago de {} ({}) y tu deuda «{}» quedó en {}.",
        mxn(payment.transaction.amount_mxn_cents),
        payment.transaction.date_iso,
        payment.debt.name,
        mxn(payment.debt.balance_mxn_cents.unwrap_or(0))
    )
}

/// Said before the prompt when a payment names no debt Caja knows.
/// A payment of a debt's minimum or balance, that part not stored.
pub fn owed_part_unknown(debt: &str, minimum: bool) -> String {
    let part = if minimum {
        "el pago mínimo"
    } else {
        "el saldo"
    };
    format!("No tengo guardado {part} de «{debt}», así que necesito el monto.")
}

pub fn debt_unknown(paid: &str) -> String {
    format!(
        "No tengo registrada una deuda con «{paid}», así que lo anoto solo como pago. \
         Si quieres llevar ese saldo, dime por ejemplo «le debo 4,000 a {paid}»."
    )
}

pub fn debt_saved(debt: &DebtRow) -> String {
    let mut parts = Vec::new();
    if let Some(b) = debt.balance_mxn_cents {
        parts.push(format!("saldo {}", mxn(b)));
    }
    if let Some(m) = debt.minimum_payment_mxn_cents {
        parts.push(format!("pago mínimo {}", mxn(m)));
    }
    if let Some(d) = debt.due_day {
        parts.push(format!("día de pago {d}"));
    }
    if parts.is_empty() {
        format!("Listo, guardé la deuda «{}».", debt.name)
    } else {
        format!(
            "Listo, guardé la deuda «{}»: {}.",
            debt.name,
            parts.join(", ")
        )
    }
}

pub fn budget_saved(cap: &BudgetCap) -> String {
    if let Some(category) = &cap.category {
        return budget::saved(cap, category);
    }
    format!(
        "Listo, tu presupuesto de gastos variables es de {} al mes desde {}.",
        mxn(cap.variable_cap_mxn_cents),
        month_name(&cap.month)
    )
}

pub fn bank_balance_saved(balance: &BankBalance) -> String {
    format!(
        "Listo, tu saldo en el banco quedó en {}.",
        mxn(balance.balance_mxn_cents)
    )
}

/// The rows of a list read with at most `limit` rows; a full list says
/// there may be more and how to see them all.
pub fn transaction_list(list: &TransactionList, month: Option<&str>, limit: u32) -> String {
    if list.transactions.is_empty() {
        return match month {
            Some(month) => format!("No tienes movimientos en {}.", month_name(month)),
            None => "Todavía no tienes movimientos registrados.".into(),
        };
    }
    let mut text = match month {
        Some(month) => format!("Tus movimientos de {}:", month_name(month)),
        None => "Tus últimos movimientos:".to_string(),
    };
    // Newest day first; a day's rows as the list gives them.
    let mut rows: Vec<&TransactionRow> = list.transactions.iter().collect();
    rows.sort_by(|a, b| b.date_iso.cmp(&a.date_iso));
    for row in rows {
        text.push_str("\n• ");
        text.push_str(&row_line(row));
    }
    if list.transactions.len() >= limit as usize {
        let of = month
            .map(|m| format!(" de {}", month_name(m)))
            .unwrap_or_default();
        if limit < crate::tools::rules::MAX_ROWS_SHOWN {
            text.push_str(&format!(
                "\nSon los {limit} más recientes; para ver más dime «todos mis movimientos{of}»."
            ));
        } else {
            text.push_str(&format!(
                "\nSon los {limit} más recientes; para ver otros, pídelos por mes o por categoría, por ejemplo «mis movimientos de comida{of}»."
            ));
        }
    }
    text
}

pub fn budget_status(status: &BudgetStatus) -> String {
    let month = month_name(&status.month);
    let spent = mxn(status.variable_spent_mxn_cents);
    let heading = match &status.category {
        Some(category) => format!("Presupuesto de {} en {month}", category_label(category)),
        None => format!("Presupuesto de {month}"),
    };
    let mut text = match (status.variable_cap_mxn_cents, &status.category) {
        (Some(_), _) => format!("{heading}: {}", budget_figures(status)),
        (None, Some(category)) => budget::none(category, &month, &spent),
        (None, None) if !status.categories.is_empty() => format!(
            "No tienes presupuesto general para {month}; llevas {spent} en gastos variables."
        ),
        (None, None) => format!(
            "No tienes presupuesto para {month}. Llevas {spent} en gastos variables. Para fijarlo escribe, por ejemplo, «presupuesto de 8,000 al mes»."
        ),
    };
    if !status.categories.is_empty() {
        text.push_str("\nPor categoría:");
        for category in &status.categories {
            text.push_str(&format!(
                "\n• {}: {}",
                category_label(category.category.as_deref().unwrap_or_default()),
                budget_figures(category)
            ));
        }
    }
    text
}

/// "tope $2,000.00, gastado $300.00, te quedan $1,700.00." (or by how
/// much it was passed) of a budget with a cap.
fn budget_figures(status: &BudgetStatus) -> String {
    let cap = mxn(status.variable_cap_mxn_cents.unwrap_or_default());
    let spent = mxn(status.variable_spent_mxn_cents);
    match status.variable_remaining_mxn_cents {
        Some(left) if left < 0 => format!(
            "tope {cap}, gastado {spent}. Te pasaste por {}.",
            mxn(-left)
        ),
        left => format!(
            "tope {cap}, gastado {spent}, te quedan {}.",
            mxn(left.unwrap_or_default())
        ),
    }
}

pub fn debt_list(list: &DebtList) -> String {
    if list.debts.is_empty() {
        return "No tienes deudas registradas.".into();
    }
    let mut text = "Tus deudas:".to_string();
    for d in &list.debts {
        let mut parts = vec![d.name.clone()];
        if let Some(b) = d.balance_mxn_cents {
            parts.push(format!("saldo {}", mxn(b)));
        }
        if let Some(m) = d.minimum_payment_mxn_cents {
            parts.push(format!("mínimo {}", mxn(m)));
        }
        if let Some(day) = d.due_day {
            parts.push(format!("día {day}"));
        }
        text.push_str("\n• ");
        text.push_str(&parts.join(" · "));
    }
    text.push_str(&format!(
        "\nTotal: {} · Pagos mínimos: {}",
        mxn(list.total_balance_mxn_cents),
        mxn(list.total_minimum_mxn_cents)
    ));
    text
}

pub fn bank_balance(balance: Option<&BankBalance>) -> String {
    match balance {
        Some(b) => format!(
            "Tu saldo en el banco es de {}, como me lo dijiste el {}. Los movimientos que anotas no lo cambian; si cambió, dime por ejemplo «tengo 12,000 en el banco».",
            mxn(b.balance_mxn_cents),
            b.updated_at_iso.get(..10).unwrap_or(&b.updated_at_iso)
        ),
        None => "No tengo registrado tu saldo en el banco. Dime, por ejemplo, «tengo 12,000 en el banco».".into(),
    }
}

pub fn simulation(sim: &Simulation, category: &str) -> String {
    let mut text = format!(
        "Si compras eso por {} ({}):\n• Tu saldo en el banco quedaría en {}.",
        mxn(sim.amount_mxn_cents),
        category_label(category),
        mxn(sim.balance_after_mxn_cents)
    );
    match sim.variable_budget_left_after_mxn_cents {
        Some(left) if left >= 0 => {
            text.push_str(&format!(
                "\n• Tu presupuesto variable de este mes quedaría en {}.",
                mxn(left)
            ));
        }
        Some(left) => {
            text.push_str(&format!(
                "\n• Te pasarías de tu presupuesto variable del mes por {}.",
                mxn(-left)
            ));
        }
        None => text.push_str("\n• No tienes presupuesto variable para este mes."),
    }
    text.push_str(&format!(
        "\n• Pagos mínimos de deudas pendientes este mes: {}.",
        mxn(sim.minimum_debt_payments_due_mxn_cents)
    ));
    text.push_str(&format!(
        "\n• Después de la compra y de esos pagos te quedarían {}.",
        mxn(sim.balance_after_debt_minimums_mxn_cents)
    ));
    text
}

/// What a change of a payment does to what it paid (`paid_after`: what
/// it pays once changed): the debt goes up or down, or what was paid of
/// the cobro, by the difference.
pub(super) fn link_line(
    before: &TransactionRow,
    paid_after: crate::money::Centavos,
) -> Option<String> {
    let less = before.amount_mxn_cents - paid_after;
    let (way, by) = match less {
        0 => return None,
        l if l > 0 => ("sube", l),
        l => ("baja", -l),
    };
    Some(match before.pays.as_ref()? {
        crate::tools::Pays::Debt(key) => format!("Deuda «{key}»: {way} {}", mxn(by)),
        crate::tools::Pays::Cobro(seq) => {
            let paid_way = if less > 0 { "baja" } else { "sube" };
            format!(
                "Cobro {}: lo que te han pagado {paid_way} {}",
                crate::tools::cobros::reference(*seq),
                mxn(by)
            )
        }
    })
}

/// Cash said beside the bank's balance: said, never dropped.
pub const CASH_BESIDE_THE_BANK: &str =
    "El efectivo no lo guardo como saldo: solo llevo el de tu cuenta de banco.";
