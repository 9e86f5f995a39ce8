//! Words of the web UI's own chrome (buttons, labels, status lines).

pub const NAV_LABEL: &str = "Secciones";
pub const NAV_CHAT: &str = "Chat";
pub const NAV_MONTH: &str = "Mi mes";
pub const NAV_DEBUG: &str = "Depuración";
pub const SIGN_OUT: &str = "Salir";
/// The ⋯ menu's export: everything, as a ZIP of CSV files.
pub const DOWNLOAD_DATA: &str = "Descargar mis datos";
/// Said when the export could not be downloaded.
pub const DOWNLOAD_FAILED: &str = "No pude descargar tus datos; intenta de nuevo en un momento.";
pub const OFFLINE: &str =
    "Sin conexión: tus mensajes se enviarán cuando vuelva. Nada se guarda hasta entonces.";
pub const LOADING: &str = "Cargando…";
pub const SIGNIN_TITLE: &str = "Entra a Caja";
pub const SIGNIN_HELP: &str = "Para entrar, escríbele /web a Caja en Telegram y abre el enlace que te manda (vale 15 minutos y se usa una vez).";
pub const SIGNIN_FAILED: &str = "Ese enlace ya no es válido. Pide uno nuevo con /web en Telegram.";
pub const CHAT_LABEL: &str = "Conversación con Caja";
pub const INPUT_LABEL: &str = "Mensaje";
pub const INPUT_PLACEHOLDER: &str = "Ej.: gasté 250 en uber ayer";
pub const SEND: &str = "Enviar";
pub const STATUS_PREDICTED: &str = "previsto";
pub const STATUS_PENDING: &str = "pendiente de enviar";
pub const WILL_SAVE_WHEN_ONLINE: &str = "Lo enviaré al servidor; todavía no se guarda nada.";
pub const ASKING_SERVER: &str = "Consultando tus datos…";
/// Said for a message sent before the local core is loaded.
pub const SENDING: &str = "Enviando…";
pub const DRAFT_LABEL: &str = "Borrador";
pub const DRAFT_TITLE: &str = "Borrador";
pub const DRAFT_PENDING: &str = "Esperando tu confirmación";
pub const MISSING: &str = "Falta:";
pub const MENU: &str = "Más opciones";
pub const GREETING_TITLE: &str = "¡Hola! Soy Caja.";
pub const GREETING_BODY: &str = "Anoto tus gastos e ingresos, tu presupuesto y tus deudas, y te respondo solo con lo que está guardado. Nada se guarda sin tu «sí». Prueba con:";
/// Examples the first screen offers to tap.
pub const EXAMPLES: [&str; 4] = [
    "gasté 250 en uber",
    "¿cuánto llevo este mes?",
    "presupuesto de 8,000",
    "¿me alcanza para unos tenis de 1,800?",
];
pub const EXPIRED_CARD: &str = "La confirmación venció: responde «sí» y te la muestro de nuevo.";
pub const MONTH_PREVIOUS: &str = "Mes anterior";
pub const MONTH_NEXT: &str = "Mes siguiente";
pub const NO_TRANSACTIONS: &str = "Sin movimientos este mes. Escribe en el chat, por ejemplo «gasté 250 en uber», y aparecerán aquí.";
pub const NO_SPENDING: &str = "Sin gastos este mes.";
pub const MONTH_LABEL: &str = "Mes";
pub const CSV: &str = "Descargar CSV";
/// The button that copies a text to forward (a reminder).
pub const COPY: &str = "Copiar para reenviar";
pub const COPIED: &str = "Copiado";
/// The browser refused the clipboard: the text is in the message above.
pub const COPY_FAILED: &str = "No pude copiarlo: selecciona el texto de arriba";
pub const MONTH_ERROR: &str =
    "No pude cargar los datos del mes. Revisa tu conexión e intenta de nuevo.";
pub const SPENDING_BY_CATEGORY_TITLE: &str = "Gasto por categoría";
pub const CHART_LABEL: &str = "Gráfica de barras del gasto por categoría";
pub const BUDGET: &str = "Presupuesto variable";
pub const NO_BUDGET: &str = "No tienes presupuesto para este mes.";
pub const BALANCE: &str = "Saldo en el banco";
pub const NO_BALANCE: &str = "Sin saldo registrado.";
/// "$12,000.00, al jueves 26 de noviembre": the balance and the day it
/// was told (in the person's zone).
pub fn balance_as_of(amount: &str, day: chrono::NaiveDate) -> String {
    format!("{amount}, al {}", super::reminders::day_words(day))
}
/// The heading of the category budgets in «Mi mes».
pub const CATEGORY_BUDGETS: &str = "Presupuestos por categoría";
/// "Comida: llevas $1,700.00 de $2,000.00; te quedan $300.00".
pub fn category_budget_line(
    label: &str,
    spent: &str,
    cap: &str,
    remaining: Option<&str>,
) -> String {
    let mut letters = label.chars();
    let label: String = letters
        .next()
        .map(|first| first.to_uppercase().chain(letters).collect())
        .unwrap_or_default();
    match remaining {
        Some(left) => format!("{label}: llevas {spent} de {cap}; te quedan {left}"),
        None => format!("{label}: llevas {spent} de {cap}; ya te pasaste"),
    }
}
pub const DEBTS: &str = "Deudas";
pub const NO_DEBTS: &str = "Sin deudas registradas.";
pub const TRANSACTIONS: &str = "Movimientos";
pub const FILTER: &str = "Categoría";
pub const ALL: &str = "Todas";
pub const HEALTH_NO_DB: &str = "La base de datos de Caja no responde por ahora: tus mensajes esperarán y nada se guarda hasta que vuelva.";
pub const HEALTH_DOWN: &str = "No puedo conectar con el servidor de Caja: tus mensajes esperarán y nada se guarda hasta que vuelva.";
pub const DRAFT_AMOUNT: &str = "Monto";
pub const DRAFT_CATEGORY: &str = "Categoría";
pub const DRAFT_TYPE: &str = "Tipo";
pub const DRAFT_DATE: &str = "Fecha";
pub const DRAFT_DESCRIPTION: &str = "Descripción";
pub const DEBUG_STATE: &str = "Estado (servidor)";
pub const DEBUG_TRACE: &str = "Recorrido del último turno";
pub const DEBUG_TOOLS: &str = "Herramientas";
pub const DEBUG_INPUT: &str = "Entrada";
pub const DEBUG_RESULT: &str = "Resultado";
pub const DEBUG_NO_RESULT: &str = "sin resultado";

/// Name of a missing draft field in the draft card.
pub fn field_label(field: crate::agent::state::Field) -> &'static str {
    use crate::agent::state::Field;
    match field {
        Field::Amount | Field::ForeignAmount => "monto",
        Field::Category => "categoría",
        Field::CategoryType => "tipo de categoría",
        Field::Date => "fecha",
        Field::BudgetCap => "tope del presupuesto",
        Field::DebtName => "nombre de la deuda",
        Field::DebtChange => "dato de la deuda",
        Field::BankBalance => "saldo del banco",
        Field::Intent => "qué quieres hacer",
        Field::CorrectionField => "qué corregir",
        Field::FutureDate => "fecha",
        Field::SplitShare => "tu parte de la cuenta",
    }
}

/// "Vence en 4:32 (a las 16:38)": the countdown and the local time.
pub fn expires_in(remaining_ms: i64, local_time: &str) -> String {
    let seconds = remaining_ms.max(0) / 1000;
    format!(
        "Vence en {}:{:02} (a las {local_time})",
        seconds / 60,
        seconds % 60
    )
}

/// The status line while messages wait in the outbox.
pub fn waiting_to_send(count: usize) -> String {
    if count == 1 {
        "1 mensaje espera para enviarse; lo reintento en un momento.".to_string()
    } else {
        format!("{count} mensajes esperan para enviarse; los reintento en un momento.")
    }
}

/// Spanish month names, January first.
pub const MONTHS: [&str; 12] = [
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
];

/// Today and yesterday, beside a date.
pub const TODAY_WORD: &str = "hoy";
pub const YESTERDAY_WORD: &str = "ayer";

/// Spanish weekday names, Monday first.
pub const WEEKDAYS: [&str; 7] = [
    "lunes",
    "martes",
    "miércoles",
    "jueves",
    "viernes",
    "sábado",
    "domingo",
];

/// "Hoy es domingo 22 de noviembre de 2026 (2026-11-22)."
pub fn today(day: chrono::NaiveDate) -> String {
    use chrono::Datelike;
    let weekday = WEEKDAYS[day.weekday().num_days_from_monday() as usize];
    let month = MONTHS[day.month0() as usize];
    format!(
        "Hoy es {weekday} {} de {month} de {} ({}).",
        day.day(),
        day.year(),
        crate::time::iso_date(day)
    )
}

/// "noviembre de 2026" for `2026-11`; the text itself when malformed.
pub fn month_name(month: &str) -> String {
    let name = month
        .get(5..7)
        .and_then(|m| m.parse::<usize>().ok())
        .and_then(|m| MONTHS.get(m.wrapping_sub(1)));
    match (name, month.get(..4)) {
        (Some(name), Some(year)) => format!("{name} de {year}"),
        _ => month.to_string(),
    }
}

/// A signed amount: "+$8,500.00" for income, "−$250.00" for an expense.
pub fn signed_amount(income: bool, formatted: &str) -> String {
    format!("{}{formatted}", if income { "+" } else { "−" })
}

pub fn month_totals(expenses: &str, income: &str) -> String {
    format!("Gastos: {expenses} · Ingresos: {income}")
}

pub fn budget_line(spent: &str, cap: &str, remaining: &str) -> String {
    format!("{spent} de {cap} · quedan {remaining}")
}

pub fn debt_line(
    name: &str,
    balance: Option<String>,
    minimum: Option<String>,
    due_day: Option<u8>,
) -> String {
    let dash = || "—".to_string();
    format!(
        "{name} · saldo {} · mínimo {} · día {}",
        balance.unwrap_or_else(dash),
        minimum.unwrap_or_else(dash),
        due_day.map(|d| d.to_string()).unwrap_or_else(dash)
    )
}

pub const NAV_COBROS: &str = "Cobros";
pub const COBROS_TITLE: &str = "Lo que te deben";
pub const COBROS_ERROR: &str = "No pude cargar tus cobros. Revisa tu conexión e intenta de nuevo.";
pub const NO_COBROS: &str = "Nadie te debe por ahora. Escribe en el chat, por ejemplo «cóbrale 350 a Juan por la pizza», y aparecerá aquí.";
pub const COBROS_CLOSED: &str = "Pagados y cancelados";
/// A pending cobro's actions: each says in the chat what a person would
/// type, so it is previewed there and done only after «sí».
pub const COBRO_ACTIONS: &str = "Acciones del cobro";
pub const COBRO_PAID: &str = "Ya me pagó";
pub const COBRO_REMIND: &str = "Recordatorio";
pub const COBRO_CANCEL: &str = "Cancelar";
pub fn cobro_paid_message(name: &str, reference: &str) -> String {
    format!("{name} ya me pagó el cobro {reference}")
}
pub fn cobro_remind_message(name: &str, reference: &str) -> String {
    format!("mándale un recordatorio a {name} del cobro {reference}")
}
pub fn cobro_cancel_message(reference: &str) -> String {
    format!("cancela el cobro {reference}")
}
pub const CONTACTS: &str = "Contactos";
pub const NO_CONTACTS: &str =
    "Aún no tienes contactos. Escribe en el chat «agrega a Juan a mis contactos».";

/// "Te deben $2,650.00 en 2 cobros pendientes."
pub fn cobros_total(total: &str, count: usize) -> String {
    if count == 1 {
        format!("Te deben {total} en 1 cobro pendiente.")
    } else {
        format!("Te deben {total} en {count} cobros pendientes.")
    }
}

/// "Vencidos: $150.00 (1 cobro)."
pub fn cobros_overdue(total: &str, count: usize) -> String {
    let noun = if count == 1 { "cobro" } else { "cobros" };
    format!("Vencidos: {total} ({count} {noun}).")
}

/// When a cobro is due, or that it has no due date.
pub fn due_line(due: Option<&str>) -> String {
    match due {
        Some(date) => format!("vence el {date}"),
        None => "sin fecha límite".to_string(),
    }
}

/// "pagado el 2026-11-22": a closed cobro's status and day.
pub fn closed_line(status_label: &str, closed_on: Option<&str>) -> String {
    match closed_on {
        Some(date) => format!("{status_label} el {date}"),
        None => status_label.to_string(),
    }
}

/// `text` split around its ISO dates ("2026-11-14"), each date flagged:
/// a view keeps a date on one line (the web's Cobros, the engine's
/// review markup).
pub fn date_runs(text: &str) -> Vec<(String, bool)> {
    let bytes = text.as_bytes();
    let is_date = |at: usize| {
        bytes.get(at..at + 10).is_some_and(|d| {
            d.iter().enumerate().all(|(i, b)| match i {
                4 | 7 => *b == b'-',
                _ => b.is_ascii_digit(),
            })
        })
    };
    let mut runs = Vec::new();
    let (mut start, mut at) = (0, 0);
    while at < bytes.len() {
        if is_date(at) && (at == 0 || !bytes[at - 1].is_ascii_digit()) {
            if at > start {
                runs.push((text[start..at].to_string(), false));
            }
            runs.push((text[at..at + 10].to_string(), true));
            at += 10;
            start = at;
        } else {
            at += 1;
        }
    }
    if start < text.len() {
        runs.push((text[start..].to_string(), false));
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::date_runs;

    #[test]
    fn dates_are_kept_whole() {
        assert_eq!(
            date_runs("COB-0001 · cancelado el 2026-11-14"),
            vec![
                ("COB-0001 · cancelado el ".to_string(), false),
                ("2026-11-14".to_string(), true)
            ]
        );
        assert_eq!(
            date_runs("sin fecha"),
            vec![("sin fecha".to_string(), false)]
        );
    }
}
