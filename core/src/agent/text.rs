//! Every word Caja says, in one place so it can be reviewed together.
//! Spanish (Mexico), short and neutral. Amounts come in as tool data and are
//! only formatted here.

use crate::agent::state::{Field, PendingWrite};
use crate::money::{Centavos, format_mxn as mxn};
use crate::nlu::Intent;
use crate::nlu::category;
use crate::tools::{
    AddTransactionInput, CategoryType, TransactionRow, TransactionType, UpdateLastTransactionInput,
};

/// The gate's words, the same for every agent.
pub use crate::gate::text::{CANCELLED, EXPIRED, NO, REOFFERED_BUTTON, YES};
pub use ui::{month_name, today};

pub const CONFIRM_SUFFIX: &str = "Responde: sí / no";
pub const REASK: &str = "Responde exactamente: sí / no";
/// A reply that sounds like a yes without being one of the allowlisted
/// words: nothing is saved until the «sí» itself.
pub const SAY_YES: &str =
    "Entiendo que sí, pero para guardarlo necesito que me escribas «sí» (o «no» para cancelar).";
/// A reply that sounds like a no without being one of the allowlisted
/// words: the prompt stays until the «no» itself.
pub const SAY_NO: &str =
    "Entiendo que no, pero para cancelarlo necesito la palabra.\nResponde exactamente: sí / no";
/// A reply that asks to change what was shown without saying to what.
pub const SAY_CHANGE: &str = "¿Qué cambio? Dime el dato nuevo, por ejemplo «eran 300», «en comida» o «fue ayer». Para guardarlo o cancelarlo tal cual:\nResponde exactamente: sí / no";
/// A yes with more words: only the yes saves, and nothing else said is
/// read into what was shown.
pub const YES_ALONE: &str = "Para guardarlo tal como te lo mostré, respóndeme solo «sí» (o «no» para cancelar). Si algo cambió, dime qué.";

/// What Caja can be told, with examples (after a greeting).
macro_rules! help_examples {
    () => {
        "Puedes escribirme, por ejemplo:\n\
• «gasté 250 en uber ayer»\n\
• «me pagaron la quincena, 8,500»\n\
• «¿cuánto llevo gastado en comida este mes?»\n\
• «presupuesto de 8,000 al mes»\n\
• «tengo una deuda con Coppel de 5,000, mínimo 500 el día 15»\n\
• «¿puedo comprar unos tenis de 1,800?»\n\
También hago recargas, envíos de dinero, créditos y pagos de servicios (de prueba: no se mueve dinero real).\n\
Nada se guarda sin que me digas «sí»."
    };
}

pub const HELP: &str = concat!("Soy Caja, te ayudo con tus finanzas. ", help_examples!());

/// `/start`: the greeting says who Caja is; the examples follow, once.
pub const START_EXAMPLES: &str = help_examples!();

pub const GREETING: &str = "¡Hola! Soy Caja. Registro tus gastos e ingresos, tu presupuesto, \
tus deudas y tu saldo, y te respondo solo con lo que está guardado.";

/// A finance question left unanswered for hours, set aside when the
/// person writes again.
pub const QUESTION_SET_ASIDE: &str = "Lo que estábamos anotando hace unas horas quedó sin guardar.";

/// A budget's cap said per week, fortnight, day or year: budgets are
/// monthly, so it is not taken.
pub const BUDGET_PER_MONTH: &str =
    "Los presupuestos son por mes: no tomé un monto por semana, quincena, día o año.";

pub const EMPTY: &str =
    "No recibí texto. Escríbeme un movimiento, por ejemplo «gasté 250 en uber».";
/// An emoji while a confirmation waits: it is no «sí».
pub const REACTION_NOT_YES: &str = "Para guardarlo necesito que me escribas «sí»; si no, «no».";
/// Only symbols or emojis Caja does not read as anything.
pub const NO_WORDS: &str = "Ese mensaje no trae palabras ni números que yo pueda leer. Escríbeme un movimiento, por ejemplo «gasté 250 en uber», o una pregunta.";
pub const TOO_LONG: &str = "Tu mensaje es demasiado largo. Escríbeme un movimiento o una pregunta a la vez, en menos de 1,000 caracteres.";
pub const UNKNOWN_COMMAND: &str = "No conozco ese comando. Usa /ayuda para ver lo que puedo hacer.";
pub const NOTHING_TO_CANCEL: &str = "No hay nada pendiente que cancelar.";
/// A bare "sí" or "no" when no prompt is open.
pub const NOTHING_TO_CONFIRM: &str = "No tengo nada pendiente de confirmar, así que no hice ni guardé nada. ¿En qué te ayudo? Por ejemplo: «gasté 250 en uber».";
pub const REJECTED: &str = "Cancelado. No se guardó nada.";
/// A change while several movements wait that names none of them.
pub const WHICH_OF_SEVERAL: &str = "Son varios movimientos y no sé cuál cambiar; no cambié nada. Nómbralo, por ejemplo «los tacos fueron 150».";
pub const STALE_BUTTON: &str = "Ese botón ya no es válido; no se guardó nada.";
pub const NOT_UNDERSTOOD: &str = "No entendí tu respuesta.";
/// A day answered that the days the user named hold not once ("el 31" of
/// September, "el martes" of a whole month).
pub const DAY_OUTSIDE: &str = "Ese día no está en las fechas que mencionaste, o hay más de uno así: dímelo con su fecha completa.";
/// Asked in a group for the balance, debts, budgets or cobros.
pub const PERSONAL_IN_GROUP: &str =
    "Eso es personal, así que no lo muestro en el grupo. Te contesto en nuestro chat privado.";

/// A personal write (a debt, the balance, a budget) confirmed with the
/// user's own button in a group: saved, and nothing stored is shown there.
pub const PERSONAL_SAVED_IN_GROUP: &str = "Listo, lo guardé. Como es personal, los detalles te los doy en nuestro chat privado: pregúntame ahí.";

/// Before an answer about movements given in a group.
pub const GROUP_SCOPE: &str = "Solo cuento lo que registraste en este grupo:";

pub const INTERNAL_ERROR: &str = "Tuve un problema interno y no se guardó nada. Intenta de nuevo.";
pub const NO_TRANSACTIONS_TO_CHANGE: &str =
    "No tienes movimientos registrados, así que no hay nada que corregir ni borrar.";
pub const DEBT_CHANGED: &str = "Esa deuda cambió desde que te pregunté; no registré el pago ni cambié la deuda. Pídemelo de nuevo para verla como está ahora.";
pub const LAST_CHANGED: &str = "Ese movimiento cambió o se borró desde que te pregunté; no modifiqué nada. Pídemelo de nuevo para verlo como está ahora.";
pub const READ_FAILED: &str =
    "No pude consultar tus datos en este momento; no hay cambios. Intenta de nuevo en un momento.";
pub const NEGATIVE_AMOUNT: &str = "Escribiste un monto negativo y no lo tomé: los gastos y los ingresos se registran en positivo. Si te devolvieron dinero, escríbeme por ejemplo «me reembolsaron 300».";
/// Money said to be held in cash: Caja keeps the bank balance only.
pub fn cash_is_not_the_bank(amount: Option<i64>) -> String {
    let example = amount.map_or_else(
        || "12,000".to_string(),
        |c| mxn(c).replace('$', "").trim_end_matches(".00").to_string(),
    );
    format!(
        "Solo llevo el saldo de tu cuenta de banco; el efectivo no lo guardo como saldo. Si ese dinero está en el banco, dime «tengo {example} en el banco»."
    )
}
pub const OWN_MONEY_MOVED: &str = "Sacar tu dinero del cajero o depositarlo en tu cuenta no es gasto ni ingreso: es el mismo dinero, así que no lo registro. Si cambió lo que tienes en el banco, dime por ejemplo «tengo 12,000 en el banco».";
pub const LAST_SAVE_NOT_A_MOVEMENT: &str = "Lo último que guardé no es un movimiento que pueda corregir así, así que no cambié nada. Dime qué quieres cambiar y cómo, por ejemplo «mi presupuesto de comida es de 2,500» o «corrige el último gasto a 720».";
pub const FUTURE_NOT_LOGGED: &str = "Entendido: no registro pagos que todavía no haces. Cuando lo pagues, escríbemelo; si es una deuda, dime por ejemplo «tengo una deuda con Coppel de 5,000».";
pub const STILL_PENDING: &str = "Sigue pendiente tu confirmación:";

/// Asked when a logged day has not come yet.
pub fn future_date(date_iso: &str) -> String {
    format!(
        "La fecha {date_iso} todavía no llega. ¿Ya lo pagaste hoy, lo registro para ese día o es un pago pendiente?"
    )
}

/// The day of a movement said with a span of days gone by ("el mes
/// pasado", "la semana pasada").
pub fn which_day(span: &crate::agent::state::DaySpan, today: chrono::NaiveDate) -> String {
    use chrono::Datelike;
    let parse = crate::time::parse_iso_date;
    let (Some(from), Some(to)) = (parse(&span.from), parse(&span.to)) else {
        return question(Field::Date, None);
    };
    let month_of = |d: chrono::NaiveDate| month_name(&crate::time::iso_month(d));
    let whole_months = from.day() == 1 && to.succ_opt().is_some_and(|d| d.day() == 1);
    // An example inside the span: the 15th of a month, else its middle.
    let example = if whole_months {
        from.with_day(15).unwrap_or(from)
    } else {
        from + chrono::Days::new(((to - from).num_days() / 2).unsigned_abs())
    };
    let named = if whole_months {
        if from.month() == to.month() {
            month_of(from)
        } else {
            format!("de {} a {}", month_of(from), month_of(to))
        }
    } else if from.month() == to.month() {
        format!("del {} al {} de {}", from.day(), to.day(), month_of(to))
    } else {
        format!(
            "del {} de {} al {} de {}",
            from.day(),
            month_of(from),
            to.day(),
            month_of(to)
        )
    };
    let (day, iso) = (example.day(), crate::time::iso_date(example));
    if from > today {
        // Days still to come: what was paid is logged, the rest is asked.
        return format!(
            "¿Qué día será? Mencionaste {named}: dime, por ejemplo, «el {day}» ({iso}); si ya lo pagaste, dime «hoy»."
        );
    }
    format!(
        "¿Qué día fue? Mencionaste {named}: dime, por ejemplo, «el {day}» ({iso}), o «hoy» si fue hoy."
    )
}

/// A reply to the shared-bill question that names no amount to log.
pub const SPLIT_WHICH: &str =
    "Para registrarlo necesito saber cuánto: tu parte, el total o el monto que tú pusiste.";

/// A shared bill: "Fueron $1,240.00 entre 4. ¿Tu parte es $310.00?"
pub fn split_share(total: crate::money::Centavos, ways: u8) -> String {
    let part = crate::money::share(total, ways);
    let among = if ways == 2 {
        "a medias".to_string()
    } else {
        format!("entre {ways}")
    };
    format!(
        "Fueron {} {among}. ¿Tu parte es {}? Respóndeme «sí», o escríbeme cuánto registro (tu parte o el total).",
        mxn(total),
        mxn(part)
    )
}

/// Said when a draft is dropped because of an amount outside the limits.
pub fn amount_out_of_range() -> String {
    format!(
        "Ese monto está fuera de lo que puedo registrar (de $0.01 a {}), así que no lo tomé.",
        mxn(crate::limits::MAX_AMOUNT)
    )
}

fn quoted(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|r| format!("«{r}»")).collect();
    quoted.join(", ")
}

/// Said when a message held several movements that are taken one at a
/// time.
pub fn items_in_turn(taken: &str, rest: &[String]) -> String {
    crate::agents::text::in_turn(taken, rest)
}

/// Said when the next queued movement is taken.
pub fn next_item(item: &str) -> String {
    format!("Sigo con «{item}»:")
}

/// Said when queued movements are left for a new request.
pub fn items_left(items: &[String]) -> String {
    let again = if items.len() == 1 {
        "si lo quieres, mándamelo de nuevo"
    } else {
        "si los quieres, mándamelos de nuevo"
    };
    format!("Dejé sin registrar {}; {again}.", quoted(items))
}

/// Said when a message asked more questions than one turn answers.
pub fn questions_not_answered(rest: &[String]) -> String {
    let quoted: Vec<String> = rest.iter().map(|r| format!("«{r}»")).collect();
    format!(
        "Te contesto una pregunta por mensaje: la primera va abajo. También me preguntaste {}; mándamela en otro mensaje y te respondo.",
        quoted.join(", ")
    )
}

pub const PURCHASE_AMOUNT: &str = "¿Cuánto cuesta? (en pesos)";
pub const BANK_BALANCE_NEEDED: &str =
    "Para simular la compra necesito tu saldo en el banco, y no lo tengo registrado.";

/// Spanish name of a category key (custom categories show as typed).
pub fn category_label(key: &str) -> String {
    category::label_of(key).unwrap_or(key).to_string()
}

pub fn category_type_label(kind: CategoryType) -> &'static str {
    match kind {
        CategoryType::Income => "ingreso",
        CategoryType::Fixed => "gasto fijo",
        CategoryType::Variable => "gasto variable",
        CategoryType::Debt => "pago de deuda",
        CategoryType::Donation => "donación",
        CategoryType::Savings => "ahorro",
    }
}

/// "Gasto" or "Ingreso".
pub fn kind_label(kind: TransactionType) -> &'static str {
    match kind {
        TransactionType::Expense => "Gasto",
        TransactionType::Income => "Ingreso",
    }
}

/// The question asked for a missing field.
pub fn question(field: Field, foreign_code: Option<&str>) -> String {
    match field {
        Field::Amount => "¿Cuánto fue? (en pesos)".into(),
        Field::Category => "¿En qué categoría va? Por ejemplo: comida, transporte, súper, renta.".into(),
        Field::CategoryType => "¿Qué tipo de movimiento es: gasto fijo, gasto variable, pago de deuda, donación, ahorro o ingreso?".into(),
        Field::Date => "¿Qué día fue? (por ejemplo: hoy, ayer o 2026-11-15)".into(),
        Field::ForeignAmount => format!(
            "Solo registro pesos mexicanos y no convierto {} por mi cuenta. ¿Cuánto fue en pesos?",
            foreign_code.unwrap_or("otras monedas")
        ),
        Field::BudgetCap => "¿De cuánto quieres tu presupuesto mensual de gastos variables?".into(),
        Field::DebtName => "¿Cómo se llama la deuda? Por ejemplo: tarjeta BBVA o Coppel.".into(),
        Field::DebtChange => "¿Qué quieres registrar de esa deuda: saldo, pago mínimo o día de pago?".into(),
        Field::BankBalance => "¿Cuánto tienes hoy en tu cuenta de banco? (en pesos)".into(),
        Field::Intent => "No estoy seguro de qué quieres hacer.".into(),
        Field::CorrectionField => "¿Qué quieres corregir del último movimiento: el monto, la categoría o la fecha?".into(),
        Field::FutureDate => "Esa fecha todavía no llega. ¿Ya lo pagaste hoy, lo registro para ese día o es un pago pendiente?".into(),
        Field::SplitShare => "¿Registro tu parte de la cuenta o el total?".into(),
    }
}

/// Quick replies offered with a question.
pub fn question_suggestions(field: Field) -> Vec<String> {
    match field {
        Field::Category => ["comida", "transporte", "súper", "renta", "salud"]
            .map(String::from)
            .to_vec(),
        Field::CategoryType => ["gasto variable", "gasto fijo", "ahorro", "ingreso"]
            .map(String::from)
            .to_vec(),
        Field::Date => ["hoy", "ayer"].map(String::from).to_vec(),
        Field::FutureDate => ["Ya lo pagué hoy", "Para ese día", "Es un pago pendiente"]
            .map(String::from)
            .to_vec(),
        Field::SplitShare => ["Sí, mi parte", "Registra el total"]
            .map(String::from)
            .to_vec(),
        _ => Vec::new(),
    }
}

pub fn intent_label(intent: Intent) -> &'static str {
    match intent {
        Intent::LogTransaction => "registrar un movimiento",
        Intent::QueryData => "consultar tus datos",
        Intent::SetBudget => "fijar tu presupuesto",
        Intent::ManageDebt => "registrar una deuda",
        Intent::SimulatePurchase => "simular una compra",
        Intent::SetBankBalance => "actualizar tu saldo del banco",
        Intent::UpdateLastTransaction => "corregir el último movimiento",
        Intent::DeleteLastTransaction => "borrar el último movimiento",
        Intent::Unknown => "otra cosa",
    }
}

/// "¿Quieres 1) registrar un movimiento o 2) simular una compra?"
pub fn which_intent(candidates: &[Intent]) -> String {
    let options: Vec<String> = candidates
        .iter()
        .enumerate()
        .map(|(i, intent)| format!("{}) {}", i + 1, intent_label(*intent)))
        .collect();
    format!(
        "No estoy seguro de qué quieres hacer. ¿Quieres {}?",
        options.join(" o ")
    )
}

fn date_line(date_iso: &str) -> String {
    format!("Fecha: {date_iso}")
}

fn description_line(description: &Option<String>) -> Option<String> {
    description.as_ref().map(|d| format!("Descripción: {d}"))
}

fn transaction_lines(
    kind: TransactionType,
    amount: Centavos,
    category: &str,
    category_type: CategoryType,
    description: &Option<String>,
    date_iso: &str,
) -> Vec<String> {
    let mut lines = vec![
        format!("Tipo: {}", kind_label(kind).to_lowercase()),
        format!("Monto: {}", mxn(amount)),
        format!(
            "Categoría: {} ({})",
            category_label(category),
            category_type_label(category_type)
        ),
    ];
    lines.extend(description_line(description));
    lines.push(date_line(date_iso));
    lines
}

/// The lines of a transaction about to be added.
fn input_lines(t: &AddTransactionInput) -> Vec<String> {
    transaction_lines(
        t.kind,
        t.amount_mxn_cents,
        &t.category,
        t.category_type,
        &t.description,
        &t.date_iso,
    )
}

/// The confirmation prompt: every field that will be written, then
/// "Responde: sí / no".
pub fn confirmation_prompt(write: &PendingWrite) -> String {
    let (title, lines) = match write {
        PendingWrite::AddTransaction(t) => {
            ("¿Registro este movimiento?".to_string(), input_lines(t))
        }
        PendingWrite::UpdateLastTransaction(t) => (
            "¿Corrijo el último movimiento para que quede así?".to_string(),
            transaction_lines(
                t.kind,
                t.amount_mxn_cents,
                &t.category,
                t.category_type,
                &t.description,
                &t.date_iso,
            ),
        ),
        PendingWrite::AddTransactions(items) => (
            format!("¿Registro estos {} movimientos?", items.transactions.len()),
            items
                .transactions
                .iter()
                .map(|t| {
                    transaction_lines(
                        t.kind,
                        t.amount_mxn_cents,
                        &t.category,
                        t.category_type,
                        &t.description,
                        &t.date_iso,
                    )
                    .join(" · ")
                })
                .collect(),
        ),
        PendingWrite::DeleteLastTransaction(_) => {
            ("¿Borro el último movimiento?".to_string(), Vec::new())
        }
        PendingWrite::AddOrUpdateDebt(d) => {
            let mut lines = vec![format!("Deuda: {}", d.name)];
            if let Some(balance) = d.balance_mxn_cents {
                lines.push(format!("Saldo: {}", mxn(balance)));
            }
            if let Some(minimum) = d.minimum_payment_mxn_cents {
                lines.push(format!("Pago mínimo: {}", mxn(minimum)));
            }
            if let Some(day) = d.due_day {
                lines.push(format!("Día de pago: {day} de cada mes"));
            }
            ("¿Guardo estos datos de la deuda?".to_string(), lines)
        }
        PendingWrite::PayDebt(p) => {
            let mut lines = input_lines(&p.payment);
            lines.push(format!(
                "Deuda «{}»: de {} a {}",
                p.debt_name,
                mxn(p.balance_before_mxn_cents),
                mxn(p.balance_after())
            ));
            (
                format!("¿Registro este pago y bajo tu deuda con «{}»?", p.debt_name),
                lines,
            )
        }
        PendingWrite::SetBudgetCap(b) => budget::prompt(b, None, None),
        PendingWrite::SetBankBalance(b) => (
            "¿Actualizo tu saldo en el banco?".to_string(),
            vec![format!("Saldo: {}", mxn(b.balance_mxn_cents))],
        ),
    };
    framed(title, lines)
}

/// A confirmation prompt: its title, a line per field, how to answer.
fn framed(title: String, lines: Vec<String>) -> String {
    let mut text = title;
    for line in lines {
        text.push_str("\n• ");
        text.push_str(&line);
    }
    text.push('\n');
    text.push_str(CONFIRM_SUFFIX);
    text
}

/// A stored income said to be an expense: which expense is asked for
/// with the change itself (there is no expense without its category).
pub fn expense_needs_category(row: &TransactionRow) -> String {
    format!(
        "Para pasarlo a gasto necesito su categoría: {}. Dime, por ejemplo, «el último fue gasto de comida».",
        row_line(row)
    )
}

/// A change that would leave the row as it is.
pub fn already_so(row: &TransactionRow) -> String {
    format!(
        "Ya está así: {}. No cambié nada; dime qué dato quieres corregir y cómo debe quedar.",
        row_line(row)
    )
}

/// A change to a category of the other kind, unasked: nothing changes,
/// and what to say instead.
pub fn category_of_other_kind(row: &TransactionRow, category: &str) -> String {
    let (own, other, example) = match row.kind {
        TransactionType::Expense => ("gasto", "ingreso", "«ponlo en hogar»"),
        TransactionType::Income => ("ingreso", "gasto", "«ponlo en ventas»"),
    };
    format!(
        "«{}» es una categoría de {other}s y el movimiento ({}) es un {own}: no lo cambié. Dime una categoría de {own}s ({example}) o, si lo registré al revés, «el último fue {other}».",
        category_label(category),
        row_line(row),
    )
}

/// The prompt for changing a stored row: the row as it is, then every
/// field as it will be.
pub fn update_prompt(before: &TransactionRow, after: &UpdateLastTransactionInput) -> String {
    let mut text = format!(
        "¿Corrijo este movimiento?\nAntes: {}\nQueda así:",
        row_line(before)
    );
    for line in transaction_lines(
        after.kind,
        after.amount_mxn_cents,
        &after.category,
        after.category_type,
        &after.description,
        &after.date_iso,
    ) {
        text.push_str("\n• ");
        text.push_str(&line);
    }
    let paid_after = if after.kind == before.kind {
        after.amount_mxn_cents
    } else {
        0
    };
    if let Some(line) = link_line(before, paid_after) {
        text.push_str("\n• ");
        text.push_str(&line);
    }
    text.push('\n');
    text.push_str(CONFIRM_SUFFIX);
    text
}

/// Several stored rows fit what the user said: which one?
/// `fitting` is how many fit in all; the newest are listed.
pub fn which_row(rows: &[TransactionRow], delete: bool, fitting: usize) -> String {
    let shown = if fitting > rows.len() {
        format!(" (te muestro los {} más recientes)", rows.len())
    } else {
        String::new()
    };
    let mut text = format!(
        "Encontré {fitting} movimientos que coinciden{shown}. ¿Cuál quieres {}?",
        if delete { "borrar" } else { "corregir" }
    );
    for (n, row) in (1..).zip(rows) {
        text.push_str(&format!("\n{n}. {}", row_line(row)));
    }
    text.push_str("\nResponde con el número.");
    text
}

/// No stored row fits what the user said.
pub fn row_not_found(target: &crate::nlu::RowReference, delete: bool) -> String {
    let mut said: Vec<String> = target.words.iter().map(|w| format!("«{w}»")).collect();
    said.extend(target.amounts.iter().map(|a| mxn(*a)));
    said.extend(target.date_iso.iter().cloned());
    let what = if said.is_empty() {
        String::new()
    } else {
        format!(" ({})", said.join(", "))
    };
    format!(
        "No encontré entre tus movimientos recientes uno que coincida con lo que dices{what}, así que no {} nada. Escríbeme «mis últimos movimientos» para verlos y dime cuál es.",
        if delete { "borré" } else { "corregí" }
    )
}

/// The prompt for deleting, which shows the row that will go.
pub fn delete_prompt(row: &TransactionRow, last: bool) -> String {
    let mut text = if last {
        "¿Borro el último movimiento?"
    } else {
        "¿Borro este movimiento?"
    }
    .to_string();
    for line in transaction_lines(
        row.kind,
        row.amount_mxn_cents,
        &row.category,
        row.category_type,
        &row.description,
        &row.date_iso,
    ) {
        text.push_str("\n• ");
        text.push_str(&line);
    }
    if let Some(line) = link_line(row, 0) {
        text.push_str("\n• ");
        text.push_str(&line);
    }
    text.push('\n');
    text.push_str(CONFIRM_SUFFIX);
    text
}

pub use results::*;

pub mod budget;
pub mod dialogue;
pub mod export;
pub mod host;
pub mod plans;
pub mod reasons;
pub mod recurring;
pub mod reminders;
pub mod results;
pub mod review;
mod summary;
pub mod ui;

pub use summary::{
    month_intro, month_summary, period_intro, period_summary, spent_on, transactions_between,
};
