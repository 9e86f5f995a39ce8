//! Periods a question asks about, finer than a month: "hoy", "ayer",
//! "esta semana", "la semana pasada", "los últimos 7 días", "del 10 al 20
//! de noviembre", "entre el 1 y el 15", "este año", or one named day
//! ("el viernes", "el 15 de noviembre"). Weeks start on Monday.

mod spans;
pub use spans::find_period_match;

use chrono::{Datelike, Days, NaiveDate};

use super::lexicon::cues;
use super::normalize::{Token, TokenKind};

/// An inclusive range of days.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    pub from: NaiveDate,
    pub to: NaiveDate,
}

fn word(tokens: &[Token], k: usize) -> Option<&str> {
    tokens
        .get(k)
        .filter(|t| t.kind == TokenKind::Word)
        .map(|t| t.text.as_str())
}

fn day(tokens: &[Token], k: usize) -> Option<u32> {
    let t = tokens.get(k).filter(|t| t.kind == TokenKind::Number)?;
    t.text.parse().ok().filter(|d| (1..=31).contains(d))
}

/// "de noviembre [de 2026]" at `k`: (month, year, tokens used).
fn month_at(tokens: &[Token], k: usize) -> Option<(u32, Option<i32>, usize)> {
    let of = |k: usize| cues().days.of_words.at(tokens, k);
    if !of(k) {
        return None;
    }
    let month = tokens.get(k + 1).and_then(Token::month)?;
    let year = of(k + 2)
        .then(|| tokens.get(k + 3))
        .flatten()
        .filter(|y| y.kind == TokenKind::Number && y.text.len() == 4)
        .and_then(|y| y.text.parse().ok());
    Some((month, year, if year.is_some() { 4 } else { 2 }))
}

/// The most recent year in which `month` has begun.
fn recent_year(today: NaiveDate, month: u32) -> i32 {
    if month > today.month() {
        today.year() - 1
    } else {
        today.year()
    }
}

fn last_of_month(first: NaiveDate) -> Option<NaiveDate> {
    first.checked_add_months(chrono::Months::new(1))?.pred_opt()
}

/// `day` of the week `today` is in (weeks start on Monday).
fn this_week_day(today: NaiveDate, day: chrono::Weekday) -> NaiveDate {
    monday_of(today) + Days::new(u64::from(day.num_days_from_monday()))
}

/// El Buen Fin of the most recent November that had one: Friday to the
/// third Monday of November (the Revolution Day holiday).
pub(super) fn buen_fin(today: NaiveDate) -> Option<(NaiveDate, NaiveDate)> {
    let of_year = |year: i32| {
        let first = NaiveDate::from_ymd_opt(year, 11, 1)?;
        let to_monday = (7 - first.weekday().num_days_from_monday()) % 7;
        let third_monday = first + Days::new(u64::from(to_monday) + 14);
        Some((third_monday - Days::new(3), third_monday))
    };
    let this_year = of_year(today.year())?;
    if this_year.0 <= today {
        Some(this_year)
    } else {
        of_year(today.year() - 1)
    }
}

fn monday_of(date: NaiveDate) -> NaiveDate {
    date - Days::new(u64::from(date.weekday().num_days_from_monday()))
}

/// How fine a named period is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grain {
    Day,
    Week,
    Month,
    Year,
    /// Days between two named ends ("del 10 al 20", "los últimos 7 días").
    Range,
}

/// A period found in a message, with its grain and token span `[start, end)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodMatch {
    pub period: Period,
    pub grain: Grain,
    pub start: usize,
    pub end: usize,
}

/// The period a question names, if it names one finer than a month.
pub fn find_period(tokens: &[Token], today: NaiveDate) -> Option<Period> {
    find_period_match(tokens, today).map(|m| m.period)
}

#[cfg(test)]
mod tests {
    use super::super::normalize::{fold, tokenize};
    use super::*;

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn period(text: &str) -> Option<(String, String)> {
        let today = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        find_period(&tokenize(&fold(text)), today).map(|p| (p.from.to_string(), p.to.to_string()))
    }

    #[test]
    fn periods_questions_name() {
        let cases: &[(&str, &str, &str)] = &[
            ("¿cuánto gasté ayer?", "2026-11-21", "2026-11-21"),
            ("¿cuánto gasté hoy?", "2026-11-22", "2026-11-22"),
            ("¿cuánto llevo esta semana?", "2026-11-16", "2026-11-22"),
            ("¿qué gasté la semana pasada?", "2026-11-09", "2026-11-15"),
            (
                "gastos del 10 al 20 de noviembre",
                "2026-11-10",
                "2026-11-20",
            ),
            (
                "del 25 de octubre al 5 de noviembre",
                "2026-10-25",
                "2026-11-05",
            ),
            ("entre el 1 y el 15", "2026-11-01", "2026-11-15"),
            ("los últimos 7 días", "2026-11-16", "2026-11-22"),
            ("¿cuánto gasté el viernes?", "2026-11-20", "2026-11-20"),
            ("este año", "2026-01-01", "2026-11-22"),
            ("¿cuánto gasté en 2024?", "2024-01-01", "2024-12-31"),
            (
                "la primera quincena de noviembre",
                "2026-11-01",
                "2026-11-15",
            ),
            ("la segunda quincena de octubre", "2026-10-16", "2026-10-31"),
            ("de lunes a miércoles", "2026-11-16", "2026-11-18"),
            ("desde el lunes", "2026-11-16", "2026-11-22"),
            ("el primer trimestre del año", "2026-01-01", "2026-03-31"),
            ("septiembre y octubre", "2026-09-01", "2026-10-31"),
            ("¿cuánto gasté en el buen fin?", "2026-11-13", "2026-11-16"),
        ];
        for &(text, from, to) in cases {
            assert_eq!(
                period(text),
                Some((from.to_string(), to.to_string())),
                "{text}"
            );
        }
        assert_eq!(period("¿cuánto llevo este mes?"), None);
    }
}
