//! Periods a question asks about, finer than a month: "hoy", "ayer",
//! "esta semana", "la semana pasada", "los últimos 7 días", "del 10 al 20
//! de noviembre", "entre el 1 y el 15", "este año", or one named day
//! ("el viernes", "el 15 de noviembre"). Weeks start on Monday.

use chrono::{Datelike, Days, NaiveDate};

use super::date::{find_date, month_number, recent_day_month, small_count};
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
    if word(tokens, k) != Some("de") {
        return None;
    }
    let month = word(tokens, k + 1).and_then(month_number)?;
    let year = (word(tokens, k + 2) == Some("de"))
        .then(|| tokens.get(k + 3))
        .flatten()
        .filter(|y| y.kind == TokenKind::Number && y.text.len() == 4)
        .and_then(|y| y.text.parse().ok());
    Some((month, year, if year.is_some() { 4 } else { 2 }))
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

/// [`find_period`] with the grain and where the words are.
pub fn find_period_match(tokens: &[Token], today: NaiveDate) -> Option<PeriodMatch> {
    let found = |from: NaiveDate, to: NaiveDate, grain: Grain, start: usize, end: usize| {
        Some(PeriodMatch {
            period: Period { from, to },
            grain,
            start,
            end: end.min(tokens.len()),
        })
    };
    for i in 0..tokens.len() {
        match word(tokens, i) {
            // "del 10 al 20 de noviembre", "del 10 de octubre al 5 de noviembre",
            // "entre el 1 y el 15"
            Some(opener @ ("del" | "entre")) => {
                let first = i + 1 + usize::from(word(tokens, i + 1) == Some("el"));
                let Some(from_day) = day(tokens, first) else {
                    continue;
                };
                let from_month = month_at(tokens, first + 1);
                let joiner = first + 1 + from_month.map_or(0, |m| m.2);
                let joined = match opener {
                    "del" => word(tokens, joiner) == Some("al"),
                    _ => word(tokens, joiner) == Some("y"),
                };
                if !joined {
                    continue;
                }
                let second = joiner + 1 + usize::from(word(tokens, joiner + 1) == Some("el"));
                let Some(to_day) = day(tokens, second) else {
                    continue;
                };
                let to_month = month_at(tokens, second + 1);
                let (to_m, to_y) = to_month
                    .map(|(m, y, _)| (m, y))
                    .unwrap_or((today.month(), None));
                let to = match to_y {
                    Some(year) => NaiveDate::from_ymd_opt(year, to_m, to_day),
                    None => recent_day_month(today, to_day, to_m),
                }?;
                let (from_m, from_y) = from_month
                    .map(|(m, y, _)| (m, y.unwrap_or(to.year())))
                    .unwrap_or((to.month(), to.year()));
                let from = NaiveDate::from_ymd_opt(from_y, from_m, from_day)?;
                let from = if from > to {
                    from.with_year(from.year() - 1)?
                } else {
                    from
                };
                let end = second + 1 + to_month.map_or(0, |m| m.2);
                return found(from, to, Grain::Range, i, end);
            }
            Some("semana") => {
                let before = i.checked_sub(1).and_then(|k| word(tokens, k));
                let after = word(tokens, i + 1);
                if before == Some("esta") {
                    return found(monday_of(today), today, Grain::Week, i - 1, i + 1);
                }
                if after == Some("pasada") || before == Some("pasada") {
                    let monday = monday_of(today) - Days::new(7);
                    let start = i.saturating_sub(usize::from(before == Some("pasada")));
                    let end = i + 1 + usize::from(after == Some("pasada"));
                    return found(monday, monday + Days::new(6), Grain::Week, start, end);
                }
            }
            // "los últimos 7 días", "los ultimos tres dias"
            Some("ultimos") => {
                let n = tokens.get(i + 1).and_then(small_count)?;
                if matches!(word(tokens, i + 2), Some("dias")) && n >= 1 {
                    return found(today - Days::new(n - 1), today, Grain::Range, i, i + 3);
                }
            }
            Some("ano") => {
                let before = i.checked_sub(1).and_then(|k| word(tokens, k));
                if before == Some("este") {
                    let january = NaiveDate::from_ymd_opt(today.year(), 1, 1)?;
                    return found(january, today, Grain::Year, i - 1, i + 1);
                }
                if word(tokens, i + 1) == Some("pasado") {
                    let year = today.year() - 1;
                    let january = NaiveDate::from_ymd_opt(year, 1, 1)?;
                    let december = NaiveDate::from_ymd_opt(year, 12, 31)?;
                    return found(january, december, Grain::Year, i, i + 2);
                }
            }
            _ => {}
        }
    }
    // One named day: "hoy", "ayer", "el viernes", "el 15 de noviembre".
    let day = find_date(tokens, today)?;
    // "¿cuánto llevo ahorita?" asks about the month so far, not today.
    let now_word = tokens[day.start].is_any(&["ahora", "ahorita"])
        || tokens[day.start].is_word("este") && day.end == day.start + 2;
    if day.date > today || now_word {
        return None;
    }
    found(day.date, day.date, Grain::Day, day.start, day.end)
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
