//! Summaries of a month or a range of days, and the rows of a range.

use chrono::{Datelike, NaiveDate};

use super::{category_label, month_name, mxn, row_line};
use crate::money::Centavos;
use crate::tools::{CategoryTotal, CategoryType, MonthSummary, PeriodSummary, TransactionList};

pub fn month_summary(summary: &MonthSummary) -> String {
    let span = Span {
        intro: format!("En {}", month_name(&summary.month)),
        heading: format!("Resumen de {}", month_name(&summary.month)),
    };
    summary_text(
        &span,
        summary.category.as_deref(),
        summary.transaction_count,
        summary.total_expense_mxn_cents,
        summary.total_income_mxn_cents,
        &summary.by_category,
    )
}

pub fn period_summary(summary: &PeriodSummary, today: NaiveDate) -> String {
    summary_text(
        &Span::of(&summary.from, &summary.to, today),
        summary.category.as_deref(),
        summary.transaction_count,
        summary.total_expense_mxn_cents,
        summary.total_income_mxn_cents,
        &summary.by_category,
    )
}

/// How a summary names its days: "En noviembre de 2026" / "Del lunes
/// 2026-11-16 a hoy (2026-11-22)" / "El viernes 2026-11-20", and its
/// heading. Dates stay `YYYY-MM-DD` (seed 000), with the weekday, or
/// "hoy"/"ayer", beside them so a person follows them.
struct Span {
    intro: String,
    heading: String,
}

/// A day as a person follows it, with its preposition: ("del", "lunes
/// 2026-11-16") or ("de", "hoy (2026-11-22)"); (`el`, `de`) or (`al`,
/// `a`) by position.
fn day_said(day: &str, today: NaiveDate, weekday_article: &str, bare: &str) -> String {
    let Some(date) = crate::time::parse_iso_date(day) else {
        return format!("{weekday_article} {day}");
    };
    let relative = if date == today {
        Some(super::ui::TODAY_WORD)
    } else if today.pred_opt() == Some(date) {
        Some(super::ui::YESTERDAY_WORD)
    } else {
        None
    };
    match relative {
        Some(word) => format!("{bare} {word} ({day})"),
        None => {
            let weekday = super::ui::WEEKDAYS[date.weekday().num_days_from_monday() as usize];
            format!("{weekday_article} {weekday} {day}")
        }
    }
}

impl Span {
    fn of(from: &str, to: &str, today: NaiveDate) -> Span {
        if from == to {
            let one = day_said(from, today, "el", "");
            let one = one.trim_start();
            Span {
                intro: super::recurring::capitalized(one),
                heading: format!("Resumen {}", day_said(from, today, "del", "de")),
            }
        } else {
            let range = format!(
                "{} {}",
                day_said(from, today, "del", "de"),
                day_said(to, today, "al", "a")
            );
            Span {
                intro: super::recurring::capitalized(&range),
                heading: format!("Resumen {range}"),
            }
        }
    }

    /// "del lunes 2026-11-16 a hoy (2026-11-22)" / "del viernes 2026-11-20".
    fn days(from: &str, to: &str, today: NaiveDate) -> String {
        if from == to {
            day_said(from, today, "del", "de")
        } else {
            format!(
                "{} {}",
                day_said(from, today, "del", "de"),
                day_said(to, today, "al", "a")
            )
        }
    }
}

fn summary_text(
    span: &Span,
    category: Option<&str>,
    count: u32,
    expense: Centavos,
    income: Centavos,
    by_category: &[CategoryTotal],
) -> String {
    if let Some(category) = category {
        let label = category_label(category);
        if count == 0 {
            return format!("{} no tienes movimientos en {label}.", span.intro);
        }
        let total = by_category.first().map(|c| c.total_mxn_cents).unwrap_or(0);
        return format!(
            "{} llevas {} en {label} ({count} {}).",
            span.intro,
            mxn(total),
            if count == 1 {
                "movimiento"
            } else {
                "movimientos"
            }
        );
    }
    if count == 0 {
        return format!("{} no tienes movimientos registrados.", span.intro);
    }
    let mut text = format!(
        "{}:\n• Gastos: {}\n• Ingresos: {}",
        span.heading,
        mxn(expense),
        mxn(income)
    );
    let expenses: Vec<_> = by_category
        .iter()
        .filter(|c| c.category_type != CategoryType::Income)
        .collect();
    if !expenses.is_empty() {
        text.push_str("\nPor categoría:");
        for c in expenses {
            text.push_str(&format!(
                "\n• {}: {}",
                category_label(&c.category),
                mxn(c.total_mxn_cents)
            ));
        }
    }
    text
}

/// The rows of a range of days.
pub fn transactions_between(
    list: &TransactionList,
    from: &str,
    to: &str,
    today: NaiveDate,
) -> String {
    let span = Span::of(from, to, today);
    if list.transactions.is_empty() {
        return format!("{} no tienes movimientos registrados.", span.intro);
    }
    let mut text = format!("Tus movimientos {}:", Span::days(from, to, today));
    for row in &list.transactions {
        text.push_str("\n• ");
        text.push_str(&row_line(row));
    }
    text
}

/// "En noviembre de 2026" for a month.
pub fn month_intro(month: &str) -> String {
    format!("En {}", month_name(month))
}

/// "Del lunes 2026-11-16 al viernes 2026-11-20" / "El sábado
/// 2026-11-21" / "Hoy (2026-11-22)" for a range of days.
pub fn period_intro(from: &str, to: &str, today: NaiveDate) -> String {
    Span::of(from, to, today).intro
}

/// A question by merchant or thing ("¿cuánto en uber?"): what went to the
/// rows that name it (`None` when there are too many rows to read them
/// all), and the whole category beside it.
pub fn spent_on(
    intro: &str,
    word: &str,
    category: &str,
    category_total: Centavos,
    named: Option<&[&crate::tools::TransactionRow]>,
) -> String {
    let label = category_label(category);
    let whole = format!(
        "en toda la categoría {label} llevas {}",
        mxn(category_total)
    );
    match named {
        None => format!(
            "{intro} {whole}. Son demasiados movimientos para separar los de «{word}»; pregúntame por un periodo más corto."
        ),
        Some([]) => format!("{intro} no tienes movimientos de «{word}»; {whole}."),
        Some(rows) => {
            let spent: Centavos = rows.iter().map(|r| r.amount_mxn_cents).sum();
            let count = if rows.len() == 1 {
                "1 movimiento".to_string()
            } else {
                format!("{} movimientos", rows.len())
            };
            format!(
                "{intro} llevas {} en «{word}» ({count}); {whole}.",
                mxn(spent)
            )
        }
    }
}
