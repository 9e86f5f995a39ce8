//! What Caja says first: the reminders a schedule sends (`crate::reminders`)
//! and the words for a person's reminder settings.

use chrono::{Datelike, NaiveDate};

use super::ui::{MONTHS, WEEKDAYS};
use crate::money::{Centavos, format_mxn};

/// "jueves 26 de noviembre".
pub fn day_words(day: NaiveDate) -> String {
    let weekday = WEEKDAYS[day.weekday().num_days_from_monday() as usize];
    let month = MONTHS[day.month0() as usize];
    format!("{weekday} {} de {month}", day.day())
}

fn concept_words(concept: Option<&str>) -> String {
    concept
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(|c| format!(" por {c}"))
        .unwrap_or_default()
}

/// To the person owed, the day before a cobro is due.
pub fn cobro_tomorrow(name: &str, owed: Centavos, concept: Option<&str>, due: NaiveDate) -> String {
    format!(
        "Recordatorio: mañana, {}, {name} te debe pagar {}{}. Si quieres recordárselo, reenvíale el mensaje de abajo con el botón «Reenviar».",
        day_words(due),
        format_mxn(owed),
        concept_words(concept)
    )
}

/// To the person owed, once a cobro's due date passed (then weekly).
pub fn cobro_overdue(
    name: &str,
    owed: Centavos,
    concept: Option<&str>,
    due: NaiveDate,
    days: i64,
) -> String {
    let since = if days == 1 {
        "desde ayer".to_string()
    } else {
        format!("desde hace {days} días")
    };
    format!(
        "Recordatorio: {name} te debe {}{}; venció el {} ({since}). Si ya te pagó, dime «{name} ya me pagó». Para recordárselo, reenvíale el mensaje de abajo con el botón «Reenviar».",
        format_mxn(owed),
        concept_words(concept),
        day_words(due),
    )
}

/// The text the person owed forwards to whoever owes.
pub fn cobro_forward(name: &str, owed: Centavos, concept: Option<&str>, due: NaiveDate) -> String {
    format!(
        "Hola, {name}. Te recuerdo que quedó pendiente el pago de {}{} para el {}. ¡Gracias!",
        format_mxn(owed),
        concept_words(concept),
        day_words(due)
    )
}

/// The day before a debt's payment day.
pub fn debt_due(
    name: &str,
    due: NaiveDate,
    minimum: Option<Centavos>,
    balance: Option<Centavos>,
) -> String {
    let mut text = format!(
        "Recordatorio: mañana, {}, toca el pago de {name}.",
        day_words(due)
    );
    if let Some(minimum) = minimum.filter(|m| *m > 0) {
        text.push_str(&format!(" El pago mínimo es de {}.", format_mxn(minimum)));
    }
    if let Some(balance) = balance {
        text.push_str(&format!(" Saldo registrado: {}.", format_mxn(balance)));
    }
    text.push_str(" Cuando pagues, dime cuánto y lo registro.");
    text
}

/// The month's general budget reached 80 % or all of it.
pub fn budget(
    category: Option<&str>,
    month: &str,
    (spent, cap): (Centavos, Centavos),
    used_up: bool,
) -> String {
    let month = super::ui::month_name(month);
    let which = match category {
        Some(category) => format!(
            "tu presupuesto de {}",
            super::category_label(category).to_lowercase()
        ),
        None => "tu presupuesto".to_string(),
    };
    let counted = match category {
        Some(_) => "en gastos",
        None => "en gastos variables",
    };
    if used_up {
        format!(
            "Aviso: ya usaste todo {which} de {month}: llevas {} {counted} de {} ({} de más).",
            format_mxn(spent),
            format_mxn(cap),
            format_mxn(spent - cap)
        )
    } else {
        format!(
            "Aviso: llevas {} de {which} de {} para {month} (más del 80 %). Te quedan {}.",
            format_mxn(spent),
            format_mxn(cap),
            format_mxn(cap - spent)
        )
    }
}

/// A transfer arrived: who got how much, how, and its reference.
pub fn transfer_arrived(transfer: &crate::tools::transfers::Transfer) -> String {
    let how = match transfer.delivery.as_str() {
        "CASH" => "ya puede recogerlo en efectivo en sucursal",
        _ => "ya lo tiene en su cuenta",
    };
    format!(
        "Tu envío llegó: {} recibió {} MXN y {how}. Referencia {}.",
        transfer.recipient,
        format_mxn(transfer.gets_mxn_cents),
        transfer.id
    )
}

/// Sunday evening, for whoever asked for it.
pub fn weekly_summary(
    from: NaiveDate,
    to: NaiveDate,
    expense: Centavos,
    income: Centavos,
    count: i64,
) -> String {
    if count == 0 {
        return format!(
            "Tu resumen de la semana (del {} al {}): no registraste movimientos. Cuando gastes o te paguen, escríbemelo y lo anoto.",
            day_words(from),
            day_words(to)
        );
    }
    let moves = if count == 1 {
        "1 movimiento".to_string()
    } else {
        format!("{count} movimientos")
    };
    format!(
        "Tu resumen de la semana (del {} al {}): gastos {}, ingresos {}, {moves}. Para ver el detalle, pregúntame «¿en qué gasté esta semana?».",
        day_words(from),
        day_words(to),
        format_mxn(expense),
        format_mxn(income)
    )
}

/// One line per topic of a person's reminder settings.
pub fn settings_lines(settings: &crate::reminders::Settings) -> String {
    let yes_no = |on: bool| if on { "sí" } else { "no" };
    [
        (
            "Cobros (el día antes de la fecha límite y cuando se vencen)",
            settings.cobros,
        ),
        ("Pagos de tus deudas (el día antes)", settings.debts),
        (
            "Presupuestos, el del mes y los de cada categoría (al 80 % y al 100 %)",
            settings.budgets,
        ),
        ("Resumen semanal (domingo en la tarde)", settings.summary),
    ]
    .iter()
    .map(|(label, on)| format!("• {label}: {}", yes_no(*on)))
    .collect::<Vec<_>>()
    .join("\n")
}

/// Where and when reminders go.
pub const DELIVERY: &str =
    "Te los mando por Telegram, entre las 8:00 y las 22:00 de tu zona, una vez cada uno.";

/// What Caja holds of a person, one line per kind with its count.
pub fn holdings(counts: &crate::tools::account::Holdings) -> String {
    let line = |label: &str, n: i64| format!("• {label}: {n}");
    [
        line("Movimientos (gastos e ingresos)", counts.movements),
        line("Presupuestos", counts.budgets),
        line("Deudas", counts.debts),
        line("Cobros", counts.cobros),
        line("Contactos", counts.contacts),
        line("Pagos fijos", counts.recurring),
    ]
    .join("\n")
}

/// What a recurring movement's proposal is about, as the outbox keeps it
/// (the message itself is the proposal's turn).
pub fn recurring_due(name: &str, amount: Centavos) -> String {
    format!("Hoy toca tu pago fijo: {name}, {}.", format_mxn(amount))
}
