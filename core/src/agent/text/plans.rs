//! Words of the web's views of what is ahead: the fixed payments still
//! expected this month (in «Mi mes») and the reminders view. A switch in
//! the reminders view says in the chat what a person would type, so the
//! change is previewed and confirmed there like any other.

use crate::money::{Centavos, format_mxn};

/// «Mi mes»: the heading of the fixed payments still expected.
pub const EXPECTED_TITLE: &str = "Pagos fijos que faltan este mes";
/// No fixed payment stored at all.
pub const NO_RECURRING: &str =
    "No tienes pagos fijos. Escribe en el chat, por ejemplo, «la renta es de 8,500 cada día 1».";
/// Every fixed payment of the month is already recorded.
pub const NOTHING_EXPECTED: &str = "Ya registraste todos tus pagos fijos de este mes.";
pub const RECURRING_ERROR: &str = "No pude cargar tus pagos fijos.";

/// "Por salir $8,719.00 · Por entrar $9,200.00".
pub fn expected_totals(expense: Centavos, income: Centavos) -> String {
    match (expense, income) {
        (0, income) => format!("Por entrar {}", format_mxn(income)),
        (expense, 0) => format!("Por salir {}", format_mxn(expense)),
        (expense, income) => format!(
            "Por salir {} · Por entrar {}",
            format_mxn(expense),
            format_mxn(income)
        ),
    }
}

/// The ⋯ menu's entry and the view's heading.
pub const NAV_REMINDERS: &str = "Recordatorios";
pub const REMINDERS_TITLE: &str = "Tus recordatorios";
pub const REMINDERS_ERROR: &str = "No pude cargar tus recordatorios.";
/// How a switch works.
pub const REMINDERS_HOW: &str =
    "Cada cambio te lo pregunto en el chat y lo guardo solo cuando respondes «sí».";
/// A web-only account: reminders go through Telegram.
pub const REMINDERS_NO_TELEGRAM: &str = "Los recordatorios llegan por Telegram, y esta cuenta no está conectada a Telegram. Escríbele a Caja en Telegram para recibirlos.";
/// Telegram refused a message (blocked, or the chat never opened).
pub const REMINDERS_BLOCKED: &str = "Telegram no me deja escribirte, así que no te llega ninguno. Escríbele a Caja en Telegram y vuelven a llegar.";
pub const ON: &str = "Activado";
pub const OFF: &str = "Desactivado";
pub const TURN_ON: &str = "Activar";
pub const TURN_OFF: &str = "Desactivar";

/// One switch of the reminders view: its topic (as `Settings` names it),
/// its label, and what the chat is told to turn it on and off.
pub struct Switch {
    pub topic: &'static str,
    pub label: &'static str,
    pub turn_on: &'static str,
    pub turn_off: &'static str,
}

pub const SWITCHES: [Switch; 4] = [
    Switch {
        topic: "cobros",
        label: "Cobros: el día antes de la fecha límite y cuando se vencen",
        turn_on: "activa los recordatorios de cobros",
        turn_off: "ya no me mandes los recordatorios de cobros",
    },
    Switch {
        topic: "debts",
        label: "Pagos de tus deudas: el día antes",
        turn_on: "activa los recordatorios de mis deudas",
        turn_off: "ya no me mandes los recordatorios de mis deudas",
    },
    Switch {
        topic: "budgets",
        label: "Presupuestos: al 80 % y al 100 %",
        turn_on: "activa los avisos del presupuesto",
        turn_off: "ya no me mandes los avisos del presupuesto",
    },
    Switch {
        topic: "summary",
        label: "Resumen semanal: domingo en la tarde",
        turn_on: "mándame el resumen los domingos",
        turn_off: "ya no me mandes el resumen semanal",
    },
];
