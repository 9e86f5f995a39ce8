//! Periods a question asks about, finer than a month: "hoy", "ayer",
//! "esta semana", "la semana pasada", "los últimos 7 días", "del 10 al 20
//! de noviembre", "entre el 1 y el 15", "este año", or one named day
//! ("el viernes", "el 15 de noviembre"). Weeks start on Monday.

use chrono::{Datelike, Days, NaiveDate};

use super::date::{find_date, recent_day_month, small_count};
use super::lexicon::{CueList, cues, values};
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
    let of = |k: usize| cues().of_words.at(tokens, k);
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

/// [`find_period`] with the grain and where the words are.
pub fn find_period_match(tokens: &[Token], today: NaiveDate) -> Option<PeriodMatch> {
    let (c, v) = (cues(), values());
    let word_in = |k: usize, list: &CueList| list.at(tokens, k);
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
            Some(_) if tokens[i].is_in(c.range_starts) || tokens[i].is_in(c.between_words) => {
                let first = i + 1 + usize::from(word_in(i + 1, c.day_articles));
                let Some(from_day) = day(tokens, first) else {
                    continue;
                };
                let from_month = month_at(tokens, first + 1);
                let joiner = first + 1 + from_month.map_or(0, |m| m.2);
                let joined = if tokens[i].is_in(c.range_starts) {
                    word_in(joiner, c.range_ends)
                } else {
                    word_in(joiner, c.between_joiners)
                };
                if !joined {
                    continue;
                }
                let second = joiner + 1 + usize::from(word_in(joiner + 1, c.day_articles));
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
            // "el fin de semana pasado", "este finde": Saturday and Sunday,
            // the last ones gone by ("pasado" said on a weekend: the one before).
            Some(_) if c.weekend_phrases.cue_at(tokens, i).is_some() => {
                let end = i + c.weekend_phrases.cue_at(tokens, i)?;
                let past_after = word_in(end, c.past_markers);
                let before = |list: &CueList| i > 0 && word_in(i - 1, list);
                let past = past_after || before(c.past_markers);
                let since_saturday = (today.weekday().num_days_from_monday() + 2) % 7;
                let mut saturday = today - Days::new(u64::from(since_saturday));
                if past && since_saturday <= 1 {
                    saturday = saturday - Days::new(7);
                }
                let start = if before(c.past_markers) || before(c.this_words) {
                    i - 1
                } else {
                    i
                };
                let sunday = (saturday + Days::new(1)).min(today);
                return found(
                    saturday,
                    sunday,
                    Grain::Range,
                    start,
                    end + usize::from(past_after),
                );
            }
            Some(_) if tokens[i].is_in(c.week_words) => {
                let before = |list: &CueList| i > 0 && word_in(i - 1, list);
                let after_past = word_in(i + 1, c.past_feminine_markers);
                if before(c.this_feminine_words) {
                    return found(monday_of(today), today, Grain::Week, i - 1, i + 1);
                }
                // "la semana que viene", "la próxima semana": the coming one.
                let coming_after = c.coming_week_after.cue_at(tokens, i + 1);
                if coming_after.is_some() || before(c.coming_week_before) {
                    let monday = monday_of(today) + Days::new(7);
                    let start = i - usize::from(coming_after.is_none());
                    let end = i + 1 + coming_after.unwrap_or(0);
                    return found(monday, monday + Days::new(6), Grain::Week, start, end);
                }
                let before_past = before(c.past_feminine_markers);
                if after_past || before_past {
                    let monday = monday_of(today) - Days::new(7);
                    let start = i.saturating_sub(usize::from(before_past));
                    let end = i + 1 + usize::from(after_past);
                    return found(monday, monday + Days::new(6), Grain::Week, start, end);
                }
            }
            // "los últimos 7 días", "los ultimos tres dias"
            Some(_) if tokens[i].is_in(c.last_days_openers) => {
                let n = tokens.get(i + 1).and_then(small_count)?;
                if word_in(i + 2, c.plural_day_units) && n >= 1 {
                    return found(today - Days::new(n - 1), today, Grain::Range, i, i + 3);
                }
            }
            // "la primera quincena de noviembre", "la segunda quincena"
            Some(_) if tokens[i].is_in(c.month_half_words) => {
                let ordinal = i.checked_sub(1).and_then(|k| word(tokens, k));
                let Some(&half) = ordinal.and_then(|w| v.month_halves.get(w)) else {
                    continue;
                };
                let (month, year, used) =
                    month_at(tokens, i + 1).unwrap_or((today.month(), Some(today.year()), 0));
                let year = year.unwrap_or_else(|| recent_year(today, month));
                let first = NaiveDate::from_ymd_opt(year, month, 1)?;
                let (from, to) = if half == 1 {
                    (first, first + Days::new(14))
                } else {
                    (first + Days::new(15), last_of_month(first)?)
                };
                return found(from, to, Grain::Range, i - 1, i + 1 + used);
            }
            // "el primer trimestre", "el segundo trimestre del año"
            Some(_) if tokens[i].is_in(c.quarter_words) => {
                let ordinal = i.checked_sub(1).and_then(|k| word(tokens, k));
                let Some(&quarter) = ordinal.and_then(|w| v.quarters.get(w)) else {
                    continue;
                };
                let start_month = 3 * quarter - 2;
                let year = if start_month > today.month() {
                    today.year() - 1
                } else {
                    today.year()
                };
                let from = NaiveDate::from_ymd_opt(year, start_month, 1)?;
                let to = last_of_month(NaiveDate::from_ymd_opt(year, start_month + 2, 1)?)?;
                return found(from, to.min(today), Grain::Range, i - 1, i + 1);
            }
            // "de lunes a miércoles", "desde el lunes"
            Some(_) if tokens[i].weekday().is_some() => {
                let before = |k: usize, list: &CueList| i >= k && word_in(i - k, list);
                let from_day = this_week_day(today, tokens[i].weekday()?);
                if before(1, c.weekday_range_starts)
                    && word_in(i + 1, c.weekday_range_ends)
                    && let Some(to_day) = tokens.get(i + 2).and_then(Token::weekday)
                {
                    let to = this_week_day(today, to_day);
                    if from_day <= to && to <= today {
                        return found(from_day, to, Grain::Range, i - 1, i + 3);
                    }
                }
                let since_two_back = before(2, c.since_words);
                let since = before(1, c.since_words) || since_two_back;
                if since && from_day <= today {
                    return found(
                        from_day,
                        today,
                        Grain::Range,
                        i - 1 - usize::from(since_two_back),
                        i + 1,
                    );
                }
            }
            // "desde el 10", "desde el 5 de noviembre"
            Some(_) if tokens[i].is_in(c.since_words) => {
                let first = i + 1 + usize::from(word_in(i + 1, c.day_articles));
                if let Some(from_day) = day(tokens, first) {
                    let month = month_at(tokens, first + 1);
                    let from = match month {
                        Some((m, Some(y), _)) => NaiveDate::from_ymd_opt(y, m, from_day),
                        Some((m, None, _)) => recent_day_month(today, from_day, m),
                        None => super::date::recent_day(today, from_day),
                    }?;
                    let end = first + 1 + month.map_or(0, |m| m.2);
                    return found(from, today, Grain::Range, i, end);
                }
            }
            // "el buen fin": Friday to the third Monday of November.
            Some(_) if c.buen_fin_phrases.cue_at(tokens, i).is_some() => {
                let (from, to) = buen_fin(today)?;
                let n = c.buen_fin_phrases.cue_at(tokens, i).unwrap_or(1);
                return found(from, to, Grain::Range, i, i + n);
            }
            // "septiembre y octubre"
            Some(w) if tokens[i].month().is_some() && w.len() >= 4 => {
                let first = tokens[i].month()?;
                if word_in(i + 1, c.and_words)
                    && let Some(second) = tokens.get(i + 2).and_then(Token::month)
                    && second > first
                {
                    let year = recent_year(today, second);
                    let from = NaiveDate::from_ymd_opt(year, first, 1)?;
                    let to = last_of_month(NaiveDate::from_ymd_opt(year, second, 1)?)?;
                    return found(from, to.min(today), Grain::Range, i, i + 3);
                }
            }
            Some(_) if tokens[i].is_in(c.year_words) => {
                if i > 0 && word_in(i - 1, c.this_words) {
                    let january = NaiveDate::from_ymd_opt(today.year(), 1, 1)?;
                    return found(january, today, Grain::Year, i - 1, i + 1);
                }
                if word_in(i + 1, c.past_markers) {
                    let year = today.year() - 1;
                    let january = NaiveDate::from_ymd_opt(year, 1, 1)?;
                    let december = NaiveDate::from_ymd_opt(year, 12, 31)?;
                    return found(january, december, Grain::Year, i, i + 2);
                }
            }
            _ => {}
        }
        // "en 2024", "del 2025": a whole year.
        let t = &tokens[i];
        if t.kind == TokenKind::Number
            && t.text.len() == 4
            && i > 0
            && tokens[i - 1].is_in(c.year_openers)
            && let Ok(year) = t.text.parse::<i32>()
            && (2000..=today.year()).contains(&year)
        {
            let from = NaiveDate::from_ymd_opt(year, 1, 1)?;
            let to = NaiveDate::from_ymd_opt(year, 12, 31)?.min(today);
            return found(from, to, Grain::Year, i - 1, i + 1);
        }
    }
    // One named day: "hoy", "ayer", "el viernes", "el 15 de noviembre".
    let day = find_date(tokens, today)?;
    // "¿cuánto llevo ahorita?" asks about the month so far, not today.
    let now_word = tokens[day.start].is_in(c.now_words)
        || tokens[day.start].is_in(c.this_words) && day.end == day.start + 2;
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
