//! The words of recurring movements (`crate::tools::recurring`): their
//! days, their lines in a list, and what is still expected this month.

use chrono::NaiveDate;

use crate::kinds::TransactionType;
use crate::money::format_mxn;
use crate::tools::recurring::{Days31, Item};

pub use super::reminders::day_words;

/// "gasto" or "ingreso".
pub fn kind(kind: TransactionType) -> &'static str {
    match kind {
        TransactionType::Expense => "gasto",
        TransactionType::Income => "ingreso",
    }
}

/// "cada día 1", "los días 15 y último de cada mes", "el último día de
/// cada mes", "cada viernes", "cada lunes y jueves".
pub fn days(days: &Days31) -> String {
    let mut parts: Vec<String> = days.numbers.iter().map(u8::to_string).collect();
    if days.last {
        parts.push("último".into());
    }
    let of_month = match parts.as_slice() {
        [] => String::new(),
        [only] if days.last => format!("el {only} día de cada mes"),
        [only] => format!("cada día {only}"),
        [init @ .., tail] => format!("los días {} y {tail} de cada mes", init.join(", ")),
    };
    let names: Vec<&str> = days
        .weekdays
        .iter()
        .map(|d| super::ui::WEEKDAYS[usize::from(*d - 1)])
        .collect();
    let of_week = match names.as_slice() {
        [] => String::new(),
        [only] => format!("cada {only}"),
        [init @ .., tail] => format!("cada {} y {tail}", init.join(", ")),
    };
    match (of_month.is_empty(), of_week.is_empty()) {
        (_, true) => of_month,
        (true, false) => of_week,
        (false, false) => format!("{of_week} y {of_month}"),
    }
}

/// "• La renta: $8,500.00 de gasto, cada día 1".
pub fn item_line(item: &Item, on: &Days31) -> String {
    format!(
        "• {}: {} de {}, {}",
        capitalized(&item.name),
        format_mxn(item.amount_mxn_cents),
        kind(item.kind),
        days(on)
    )
}

/// What is still expected this month, one line per day under its heading:
/// "• martes 1 de diciembre: renta, $8,500.00 (gasto)".
pub fn expected_lines(expected: &[(NaiveDate, &Item)]) -> String {
    if expected.is_empty() {
        return "Ya no te queda ninguno por registrar este mes.".into();
    }
    let lines = expected
        .iter()
        .map(|(day, item)| {
            let when = day_words(*day);
            format!(
                "• {when}: {}, {} ({})",
                item.name,
                format_mxn(item.amount_mxn_cents),
                kind(item.kind)
            )
        })
        .collect::<Vec<_>>()
        .join("\n");
    format!("Lo que falta este mes:\n{lines}")
}

/// "hoy", "mañana" or "el martes 1 de diciembre", for a day from `today` on.
pub fn when(day: NaiveDate, today: NaiveDate) -> String {
    match (day - today).num_days() {
        0 => "hoy".into(),
        1 => "mañana".into(),
        _ => format!("el {}", day_words(day)),
    }
}

/// The first letter upper case ("netflix" → "Netflix").
pub fn capitalized(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
