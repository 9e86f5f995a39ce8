//! A period slot: the days a message asks about and, when it compares two
//! ("octubre vs noviembre", "este mes contra octubre"), the period it
//! compares them with.

use chrono::{Datelike, NaiveDate};
use serde_json::{Value, json};

use crate::nlu::Reading;

/// The days asked, and the period named to compare them with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asked {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub compared: Option<(NaiveDate, NaiveDate)>,
}

impl Asked {
    /// The slot's value: `from` and `to`, and `compare_from` and
    /// `compare_to` when a period to compare with was named.
    pub fn to_value(self) -> Value {
        let mut value = json!({ "from": self.from.to_string(), "to": self.to.to_string() });
        if let Some((from, to)) = self.compared {
            value["compare_from"] = json!(from.to_string());
            value["compare_to"] = json!(to.to_string());
        }
        value
    }
}

/// What `reading` asks: two periods compared, the later one asked and
/// the other compared with it; one period compared, with this month when
/// it is another; else the period named.
pub fn read(reading: &Reading) -> Option<Asked> {
    let compares = reading
        .cues()
        .has(crate::nlu::lexicon::cues().said.comparison_words);
    if compares {
        let mut spans = named_months(reading);
        for when in &reading.extraction().dates {
            if !spans.contains(&(when.from, when.to)) {
                spans.push((when.from, when.to));
            }
        }
        spans.sort();
        spans.dedup();
        match spans.as_slice() {
            [earlier, later] => {
                return Some(Asked {
                    from: later.0,
                    to: later.1,
                    compared: Some(*earlier),
                });
            }
            [only] => {
                let today = reading.today();
                let month = this_month(today)?;
                if *only != month && only.1 < month.0 {
                    return Some(Asked {
                        from: month.0,
                        to: month.1,
                        compared: Some(*only),
                    });
                }
            }
            _ => {}
        }
    }
    named(reading).map(|(from, to)| Asked {
        from,
        to,
        compared: None,
    })
}

/// The first and last day of `today`'s month.
fn this_month(today: NaiveDate) -> Option<(NaiveDate, NaiveDate)> {
    let first = today.with_day(1)?;
    let last = first
        .checked_add_months(chrono::Months::new(1))?
        .pred_opt()?;
    Some((first, last))
}

/// Each month named by its name, the last one that has begun unless a
/// year follows it ("octubre de 2025").
fn named_months(reading: &Reading) -> Vec<(NaiveDate, NaiveDate)> {
    let today = reading.today();
    let tokens = reading.tokens();
    let year_at = |k: usize| {
        tokens.get(k).and_then(|t| {
            let year = (t.kind == crate::nlu::normalize::TokenKind::Number && t.text.len() == 4)
                .then(|| t.text.parse::<i32>().ok())??;
            (2000..=today.year()).contains(&year).then_some(year)
        })
    };
    tokens
        .iter()
        .enumerate()
        .filter_map(|(i, t)| {
            let month = t.month()?;
            let year = year_at(i + 1)
                .or_else(|| year_at(i + 2))
                .unwrap_or(today.year() - i32::from(month > today.month()));
            let first = NaiveDate::from_ymd_opt(year, month, 1)?;
            let last = first
                .checked_add_months(chrono::Months::new(1))?
                .pred_opt()?;
            Some((first, last))
        })
        .collect()
}

/// The days a message asks about: a run of months ("de enero a marzo
/// [de 2025]"), a day or period the dates reader finds ("este mes", "el
/// mes pasado", "octubre", "esta semana"), or a year alone ("2025").
/// Months without a year are the last ones that have begun.
fn named(reading: &Reading) -> Option<(NaiveDate, NaiveDate)> {
    let today = reading.today();
    let tokens = reading.tokens();
    let years: Vec<i32> = tokens
        .iter()
        .filter_map(|t| {
            let year = (t.kind == crate::nlu::normalize::TokenKind::Number && t.text.len() == 4)
                .then(|| t.text.parse::<i32>().ok())??;
            (2000..=today.year()).contains(&year).then_some(year)
        })
        .collect();
    let months: Vec<u32> = tokens.iter().filter_map(|t| t.month()).collect();
    if let [first, .., last] = months.as_slice() {
        // A run that passes December crosses into the next year ("de
        // diciembre a febrero"); two years named go with the two months,
        // one year alone with the last month.
        let wraps = first > last;
        let (from_year, to_year) = match years.as_slice() {
            [a, b, ..] => (*a, *b),
            [year] => (*year - i32::from(wraps), *year),
            [] => {
                let to_year = today.year() - i32::from(*last > today.month());
                (to_year - i32::from(wraps), to_year)
            }
        };
        let from = NaiveDate::from_ymd_opt(from_year, *first, 1)?;
        let after = NaiveDate::from_ymd_opt(to_year, *last, 1)?
            .checked_add_months(chrono::Months::new(1))?;
        if from < after {
            return Some((from, after.pred_opt()?));
        }
    }
    if let Some(when) = reading.extraction().dates.first() {
        return Some((when.from, when.to));
    }
    let year = *years.first()?;
    Some((
        NaiveDate::from_ymd_opt(year, 1, 1)?,
        NaiveDate::from_ymd_opt(year, 12, 31)?,
    ))
}
