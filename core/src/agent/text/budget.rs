//! The words of budgets per category: set, change, remove, how much is
//! left, and the alerts when an expense crosses 80 % and 100 % of one.

use super::{category_label, month_name, mxn};
use crate::money::Centavos;
use crate::tools::{BudgetCap, BudgetCapInput, BudgetStatus, MonthSummary};

/// How the general budget is named.
const GENERAL: &str = "gastos variables";

/// "quita mi presupuesto" with no category.
pub const GENERAL_NOT_REMOVED: &str = "Tu presupuesto general de gastos variables no se quita, se cambia: escribe, por ejemplo, «presupuesto de 8,000 al mes». Para quitar uno por categoría dime cuál: «quita el presupuesto de comida».";

/// The confirmation prompt's title and lines for a budget: the cap in
/// force (`before`) when it was read, and the user's word for the
/// category when it is not its name ("gasolina" for transporte).
pub fn prompt(
    input: &BudgetCapInput,
    before: Option<Centavos>,
    word: Option<&str>,
) -> (String, Vec<String>) {
    let label = input
        .category
        .as_deref()
        .map_or_else(|| GENERAL.to_string(), category_label);
    let since = format!("Desde: {}", month_name(&input.month));
    let word = word
        .filter(|w| !w.eq_ignore_ascii_case(&label))
        .map(|w| format!(" («{w}» va en {label})"))
        .unwrap_or_default();
    if input.variable_cap_mxn_cents == 0 {
        let mut lines = Vec::new();
        if let Some(cap) = before {
            lines.push(format!("Tope actual: {}", mxn(cap)));
        }
        lines.push(since);
        return (format!("¿Quito tu presupuesto de {label}{word}?"), lines);
    }
    let cap = mxn(input.variable_cap_mxn_cents);
    let line = match before {
        Some(old) => format!("Tope mensual: {cap} (antes {})", mxn(old)),
        None => format!("Tope mensual: {cap}"),
    };
    let title = match before {
        Some(_) => format!("¿Cambio tu presupuesto mensual de {label}{word}?"),
        None => format!("¿Fijo tu presupuesto mensual de {label}{word}?"),
    };
    (title, vec![line, since])
}

/// The whole prompt once the budget in force was read.
pub fn prompt_with(input: &BudgetCapInput, before: Option<Centavos>, word: Option<&str>) -> String {
    let (title, lines) = prompt(input, before, word);
    super::framed(title, lines)
}

/// Nothing to write: the budget is already what was asked, or there is
/// none to remove.
pub fn unchanged(input: &BudgetCapInput, before: Option<Centavos>) -> String {
    let label = input
        .category
        .as_deref()
        .map_or_else(|| GENERAL.to_string(), category_label);
    match before {
        None => format!(
            "No tienes presupuesto de {label} en {}, así que no hay nada que quitar.",
            month_name(&input.month)
        ),
        Some(cap) => format!(
            "Tu presupuesto de {label} ya es de {} al mes; lo dejo igual.",
            mxn(cap)
        ),
    }
}

/// "¿De cuánto…?" for a category budget.
pub fn ask_cap(category: &str) -> String {
    format!(
        "¿De cuánto quieres tu presupuesto mensual de {}?",
        category_label(category)
    )
}

/// After the write.
pub fn saved(cap: &BudgetCap, category: &str) -> String {
    let label = category_label(category);
    if cap.variable_cap_mxn_cents == 0 {
        return format!(
            "Listo, ya no tienes presupuesto de {label} desde {}.",
            month_name(&cap.month)
        );
    }
    format!(
        "Listo, tu presupuesto de {label} es de {} al mes desde {}. Pregúntame «¿cuánto me queda para {label}?» cuando quieras.",
        mxn(cap.variable_cap_mxn_cents),
        month_name(&cap.month)
    )
}

/// "¿Cuánto me queda para comida?" with no budget for it: what was spent.
pub fn none(category: &str, month: &str, spent: &str) -> String {
    let label = category_label(category);
    format!(
        "No tienes presupuesto de {label}. En {month} llevas {spent} en {label}. Para fijarlo escribe, por ejemplo, «presupuesto de 2,000 para {label}»."
    )
}

/// The alert of a category budget an expense took to 80 % of its cap, or
/// to all of it (`used_up`), as the status after it reads.
pub fn alert(status: &BudgetStatus, category: &str, used_up: bool) -> String {
    let cap = status.variable_cap_mxn_cents.unwrap_or(0);
    let after = status.variable_spent_mxn_cents;
    let label = category_label(category);
    let month = month_name(&status.month);
    if !used_up {
        return format!(
            "Aviso: ya usaste el {} % de tu presupuesto de {label} de {month}: llevas {} de {}, te quedan {}.",
            i128::from(after) * 100 / i128::from(cap.max(1)),
            mxn(after),
            mxn(cap),
            mxn(cap - after)
        );
    }
    if after == cap {
        format!(
            "Ojo: llegaste al tope de tu presupuesto de {label} de {month}: llevas {} de {}.",
            mxn(after),
            mxn(cap)
        )
    } else {
        format!(
            "Ojo: ya pasaste tu presupuesto de {label} de {month}: llevas {} de {}, te pasaste por {}.",
            mxn(after),
            mxn(cap),
            mxn(after - cap)
        )
    }
}

/// What is left of a month's incomes when no budget of any kind is set
/// that month and some income was recorded; `None` otherwise (the budget's
/// own answer stands).
pub fn month_left(status: &BudgetStatus, summary: &MonthSummary) -> Option<String> {
    let no_budget = status.variable_cap_mxn_cents.is_none() && status.categories.is_empty();
    let income = summary.total_income_mxn_cents;
    if !no_budget || status.category.is_some() || income <= 0 {
        return None;
    }
    let month = month_name(&status.month);
    let expense = summary.total_expense_mxn_cents;
    let left = income - expense;
    let outcome = if left >= 0 {
        format!("te quedan {}", mxn(left))
    } else {
        format!("gastaste {} más de lo que entró", mxn(-left))
    };
    Some(format!(
        "No tienes presupuesto para {month}. En {month} llevas {} de ingresos y {} de gastos: {outcome}. Para fijar un presupuesto escribe, por ejemplo, «presupuesto de 8,000 al mes».",
        mxn(income),
        mxn(expense)
    ))
}
