//! Dates and months in Spanish: "hoy", "ayer", "antier", "el lunes",
//! "el 15", "15 de octubre", "15/10/2025", ISO dates, "hace 3 días";
//! months for queries: "este mes", "el mes pasado", "octubre de 2025".

use chrono::{Datelike, Days, Months, NaiveDate};

use super::lexicon::{CueList, cues, values};
use super::normalize::{Token, TokenKind};

/// A date found in a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DateMatch {
    pub date: NaiveDate,
    pub start: usize,
    pub end: usize,
}

/// A month found in a message, as (year, month).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MonthMatch {
    pub year: i32,
    pub month: u32,
    /// The message named the year.
    pub explicit_year: bool,
    pub start: usize,
    pub end: usize,
}

impl MonthMatch {
    /// Its first and last days.
    pub fn days(&self) -> Option<super::period::Period> {
        let from = NaiveDate::from_ymd_opt(self.year, self.month, 1)?;
        let to = from.checked_add_months(Months::new(1))?.pred_opt()?;
        Some(super::period::Period { from, to })
    }

    pub fn iso(&self) -> String {
        format!("{:04}-{:02}", self.year, self.month)
    }
}

pub(super) fn small_count(token: &Token) -> Option<u64> {
    match token.kind {
        TokenKind::Number => token.text.parse().ok().filter(|&n: &u64| n <= 366),
        TokenKind::Word if token.is_in(cues().days.count_words) => {
            token.number_word().and_then(|n| u64::try_from(n).ok())
        }
        TokenKind::Word => None,
    }
}

fn day_number(token: &Token) -> Option<u32> {
    if token.kind != TokenKind::Number || token.text.len() > 2 {
        return None;
    }
    token.text.parse().ok().filter(|d| (1..=31).contains(d))
}

/// The most recent date with day `day` that is not after `today`.
pub(super) fn recent_day(today: NaiveDate, day: u32) -> Option<NaiveDate> {
    let this_month = NaiveDate::from_ymd_opt(today.year(), today.month(), day);
    match this_month {
        Some(date) if date <= today => Some(date),
        _ => {
            let previous = today.checked_sub_months(Months::new(1))?;
            NaiveDate::from_ymd_opt(previous.year(), previous.month(), day)
        }
    }
}

/// The first date with day `day` from `today` on (today included); a
/// month without that day is skipped.
pub(super) fn coming_day(today: NaiveDate, day: u32) -> Option<NaiveDate> {
    (0..3).find_map(|ahead| {
        let month = today.checked_add_months(Months::new(ahead))?;
        NaiveDate::from_ymd_opt(month.year(), month.month(), day).filter(|date| *date >= today)
    })
}

/// The most recent (day, month) not after `today` when no year is given.
pub(super) fn recent_day_month(today: NaiveDate, day: u32, month: u32) -> Option<NaiveDate> {
    let date = NaiveDate::from_ymd_opt(today.year(), month, day)?;
    if date <= today {
        Some(date)
    } else {
        NaiveDate::from_ymd_opt(today.year() - 1, month, day)
    }
}

/// The two or three parts of `text` between `sep`, if it has two or three.
fn two_or_three(text: &str, sep: char) -> Option<(&str, &str, Option<&str>)> {
    let mut parts = text.split(sep);
    let (first, second, third) = (parts.next()?, parts.next()?, parts.next());
    parts.next().is_none().then_some((first, second, third))
}

/// The year a number names in a date: four digits from 1900 to next year,
/// or two digits as the most recent such year gone by ("26", "99").
pub(super) fn year_of(text: &str, today: NaiveDate) -> Option<i32> {
    let n: i32 = text.parse().ok()?;
    match text.len() {
        2 if 2000 + n <= today.year() => Some(2000 + n),
        2 => Some(1900 + n),
        4 => (1900..=today.year() + 1).contains(&n).then_some(n),
        _ => None,
    }
}

fn parse_slashed(text: &str, today: NaiveDate) -> Option<NaiveDate> {
    if text.contains('-') {
        return match two_or_three(text, '-')? {
            // ISO: the year comes first and has four digits.
            (y, m, Some(d)) if y.len() == 4 => {
                NaiveDate::from_ymd_opt(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?)
            }
            // "08-11-26", "08-11-2026": day first.
            (d, m, Some(y)) => {
                NaiveDate::from_ymd_opt(year_of(y, today)?, m.parse().ok()?, d.parse().ok()?)
            }
            (d, m, None) => recent_day_month(today, d.parse().ok()?, m.parse().ok()?),
        };
    }
    match two_or_three(text, '/')? {
        (d, m, None) => recent_day_month(today, d.parse().ok()?, m.parse().ok()?),
        (d, m, Some(y)) => {
            NaiveDate::from_ymd_opt(year_of(y, today)?, m.parse().ok()?, d.parse().ok()?)
        }
    }
}

/// Finds the transaction date in the tokens, relative to `today`: the
/// forms of `moments` first (explicit dates after a weekday, future words,
/// holidays…), then the first of the common forms below.
pub fn find_date(tokens: &[Token], today: NaiveDate) -> Option<DateMatch> {
    if let Some(found) = super::moments::special_date(tokens, today) {
        return Some(found);
    }
    let c = cues();
    (0..tokens.len()).find_map(|i| {
        let t = &tokens[i];
        let (date, start, end) = match t.kind {
            // "1/2 kilo" is half a kilo, not a date.
            TokenKind::Number
                if t.text.contains(['/', '-']) && !c.days.quantity_units.at(tokens, i + 1) =>
            {
                parse_slashed(&t.text, today).map(|date| (date, i, i + 1))
            }
            TokenKind::Number => number_date(tokens, i, today),
            TokenKind::Word => word_date(tokens, i, today),
        }?;
        Some(DateMatch {
            date: to_come(tokens, start, date, today),
            start,
            end,
        })
    })
}

/// "lo pago el viernes", "me pagan el lunes": a day of this week said
/// after a verb of paying still to come is the coming one, never the one
/// gone by.
fn to_come(tokens: &[Token], start: usize, date: NaiveDate, today: NaiveDate) -> NaiveDate {
    let c = cues();
    let mut k = start;
    while k > 0 && tokens[k - 1].is_in(c.debts.articles) {
        k -= 1;
    }
    // "el sábado es la boda, vamos a dar 1000": a plan of money said
    // anywhere makes the day one to come too.
    let planned = (0..tokens.len()).any(|k| c.days.will_pay_phrases.cue_at(tokens, k).is_some());
    let to_come = k > 0 && tokens[k - 1].is_in(c.days.coming_payment_verbs) || planned;
    let this_week = date < today && (today - date).num_days() < 7;
    if to_come && this_week {
        date + chrono::Duration::days(7)
    } else {
        date
    }
}

/// The next `day` of `month` from `today` on (this year's, or next
/// year's when it has gone by).
fn coming_day_month(today: NaiveDate, day: u32, month: u32) -> Option<NaiveDate> {
    let this_year = NaiveDate::from_ymd_opt(today.year(), month, day)?;
    if this_year >= today {
        Some(this_year)
    } else {
        NaiveDate::from_ymd_opt(today.year() + 1, month, day)
    }
}

/// A day starting at a number: "15 de octubre [de 2025]", "el 15", "el
/// dia 15"; the date and where it starts and ends.
/// Whether the number at `i` is a day a word opens: "el 28", "día 15",
/// "cámbiale la fecha al 3".
fn opened_day(tokens: &[Token], i: usize) -> bool {
    let c = cues();
    // "hoy es 24", "estamos a 28": today's day said by number.
    let today_is =
        (i.saturating_sub(3)..i).any(|k| c.days.today_is_phrases.cue_at(tokens, k) == Some(i - k));
    let opener = i > 0
        && (tokens[i - 1].is_in(c.days.day_openers)
            || tokens[i - 1].is_in(c.days.date_change_openers)
                && tokens[..i - 1]
                    .iter()
                    .any(|w| w.is_in(c.days.date_field_words)));
    (today_is || opener)
        && !tokens
            .get(i + 1)
            .is_some_and(|n| n.is_in(c.days.not_a_day_after))
}

/// Every day of the month a message names by number ("el 28", "28 de
/// noviembre"), wherever it is and whichever date was taken as the
/// movement's: none of them is money ("hoy es el 28, paga el mínimo").
pub fn day_spans(tokens: &[Token]) -> Vec<(usize, usize)> {
    let c = cues();
    let day = |i: usize| {
        tokens
            .get(i)
            .is_some_and(|t| day_number(t).is_some() && !t.dollar_sign)
    };
    let mut spans: Vec<(usize, usize)> = (0..tokens.len())
        .filter(|&i| day(i))
        .filter_map(|i| {
            let month = c.days.of_words.at(tokens, i + 1)
                && tokens.get(i + 2).and_then(Token::month).is_some();
            if month {
                Some((i, i + 3))
            } else if opened_day(tokens, i) {
                Some((i - 1, i + 1))
            } else {
                None
            }
        })
        .collect();
    // "los días 15 y 30": a day joined to days opened in the plural is a
    // day too, never money.
    let plural = spans
        .iter()
        .find(|(start, _)| c.days.plural_day_openers.at(tokens, *start))
        .copied();
    if let Some((_, mut end)) = plural {
        while c.amounts.and_words.at(tokens, end) && day(end + 1) {
            spans.push((end, end + 2));
            end += 2;
        }
    }
    spans
}

/// "el 15 de este mes", "el 3 del mes pasado": a day of the month named
/// by where it is from this one; the date and where it ends.
fn day_of_named_month(
    tokens: &[Token],
    i: usize,
    day: u32,
    today: NaiveDate,
) -> Option<(NaiveDate, usize)> {
    let c = cues();
    // "de este mes", "del mes pasado" ("del" is "de" and "el").
    let of = c.days.of_words.at(tokens, i + 1);
    let of_the =
        c.days.this_month_articles.at(tokens, i + 1) && !c.days.this_words.at(tokens, i + 1);
    let (back, end) =
        if of && c.days.this_words.at(tokens, i + 2) && c.days.month_words.at(tokens, i + 3) {
            (0, i + 4)
        } else if (of || of_the)
            && c.days.month_words.at(tokens, i + 2)
            && c.days.past_markers.at(tokens, i + 3)
        {
            (1, i + 4)
        } else {
            return None;
        };
    let month = today.checked_sub_months(Months::new(back))?;
    NaiveDate::from_ymd_opt(month.year(), month.month(), day).map(|date| (date, end))
}

fn number_date(tokens: &[Token], i: usize, today: NaiveDate) -> Option<(NaiveDate, usize, usize)> {
    let c = cues();
    let word_in = |k: usize, list: &CueList| list.at(tokens, k);
    let t = &tokens[i];
    let day = day_number(t)?;
    let month = word_in(i + 1, c.days.of_words)
        .then(|| tokens.get(i + 2).and_then(Token::month))
        .flatten();
    if month.is_none()
        && let Some((date, end)) = day_of_named_month(tokens, i, day, today)
    {
        return Some((date, i, end));
    }
    if let Some(month) = month {
        let year = word_in(i + 3, c.days.year_joiners)
            .then(|| tokens.get(i + 4))
            .flatten()
            .filter(|y| y.kind == TokenKind::Number && y.text.len() == 4)
            .and_then(|y| year_of(&y.text, today));
        // "vence el 5 de diciembre": the day a bill is due is to come.
        let due = i >= 1 && tokens[i - 1].is_in(c.amounts.due_markers)
            || i >= 2
                && tokens[i - 1].is_in(c.days.day_articles)
                && tokens[i - 2].is_in(c.amounts.due_markers);
        return match year {
            Some(year) => NaiveDate::from_ymd_opt(year, month, day).map(|date| (date, i, i + 5)),
            None if due => coming_day_month(today, day, month).map(|d| (d, i, i + 3)),
            None => recent_day_month(today, day, month).map(|d| (d, i, i + 3)),
        };
    }
    if !opened_day(tokens, i) {
        return None;
    }
    let start = if i >= 2
        && tokens[i - 1].is_in(c.debts.day_words)
        && tokens[i - 2].is_in(c.days.day_articles)
    {
        i - 2
    } else {
        i - 1
    };
    // A payment still to come ("me pagan la quincena el 30") names the
    // coming day.
    let coming = (0..tokens.len()).any(|k| c.days.will_pay_phrases.cue_at(tokens, k).is_some());
    if coming {
        coming_day(today, day)
    } else {
        recent_day(today, day)
    }
    .map(|date| (date, start, i + 1))
}

/// A day starting at a word: "hoy", "ayer", "antes de ayer", "hace 3
/// días", a weekday; the date and where it starts and ends.
fn word_date(tokens: &[Token], i: usize, today: NaiveDate) -> Option<(NaiveDate, usize, usize)> {
    word_date_alone(tokens, i, today)
        .map(|(date, start, end)| (date, start, end + with_its_number(tokens, end, date)))
}

/// "ayer 24": the day's own number said right after it is part of the
/// day, never money (a number that is not that day's is left alone: "ayer
/// 25 de tacos").
fn with_its_number(tokens: &[Token], end: usize, date: NaiveDate) -> usize {
    tokens
        .get(end)
        .and_then(day_number)
        .is_some_and(|n| n == date.day())
        .into()
}

fn word_date_alone(
    tokens: &[Token],
    i: usize,
    today: NaiveDate,
) -> Option<(NaiveDate, usize, usize)> {
    let c = cues();
    let t = &tokens[i];
    if let Some(back) = t.days_ago() {
        return today
            .checked_sub_days(Days::new(back))
            .map(|d| (d, i, i + 1));
    }
    if t.is_in(c.days.yesterday_words) {
        // "antes de ayer"
        return match i.checked_sub(2) {
            Some(k) if c.days.day_before_phrases.cue_at(tokens, k) == Some(2) => {
                today.checked_sub_days(Days::new(2)).map(|d| (d, k, i + 1))
            }
            _ => today.checked_sub_days(Days::new(1)).map(|d| (d, i, i + 1)),
        };
    }
    if t.is_in(c.days.ago_words) {
        let count = tokens.get(i + 1).and_then(small_count);
        let unit = |list: &CueList| list.at(tokens, i + 2);
        return match count {
            Some(n) if unit(c.days.day_units) => {
                today.checked_sub_days(Days::new(n)).map(|d| (d, i, i + 3))
            }
            Some(n) if unit(c.days.week_units) => today
                .checked_sub_days(Days::new(7 * n))
                .map(|d| (d, i, i + 3)),
            _ => None,
        };
    }
    weekday_date(tokens, i, today)
}

/// A weekday: the last one gone by ("el viernes", "el lunes pasado"; today
/// when it is today's), or
/// the one of a week named after it ("el sábado de la semana pasada",
/// "el martes de esta semana", "el miércoles de la semana que viene").
fn weekday_date(tokens: &[Token], i: usize, today: NaiveDate) -> Option<(NaiveDate, usize, usize)> {
    let c = cues();
    let day = tokens[i].weekday()?;
    let back = (today.weekday().num_days_from_monday() + 7 - day.num_days_from_monday()) % 7;
    // Today's own weekday is today ("el sábado" said on a Saturday), unless
    // it is said gone by ("el sábado pasado").
    let back = if back == 0 && c.days.past_markers.at(tokens, i + 1) {
        7
    } else {
        back
    };
    let week = [
        (c.days.last_week_phrases, -7),
        (c.days.this_week_phrases, 0),
        (c.days.next_week_phrases, 7),
    ]
    .into_iter()
    .find_map(|(list, shift)| list.cue_at(tokens, i + 1).map(|n| (shift, i + 1 + n)));
    if let Some((shift, end)) = week {
        let this_monday =
            today.checked_sub_days(Days::new(u64::from(today.weekday().num_days_from_monday())))?;
        let monday = this_monday.checked_add_signed(chrono::TimeDelta::days(shift))?;
        let start = if i > 0 && tokens[i - 1].is_in(c.days.day_articles) {
            i - 1
        } else {
            i
        };
        let date = monday.checked_add_days(Days::new(u64::from(day.num_days_from_monday())))?;
        return Some((date, start, end));
    }
    let start = if i > 0 && tokens[i - 1].is_in(c.days.weekday_articles) {
        i - 1
    } else {
        i
    };
    let end = if c.days.past_markers.at(tokens, i + 1) {
        i + 2
    } else {
        i + 1
    };
    today
        .checked_sub_days(Days::new(u64::from(back)))
        .map(|d| (d, start, end))
}

/// Finds a month for a query: "este mes", "el mes pasado", "octubre",
/// "octubre de 2025". A month without a year is the most recent one that
/// is not in the future.
pub fn find_month(tokens: &[Token], today: NaiveDate) -> Option<MonthMatch> {
    let (c, v) = (cues(), values());
    let word = |k: usize| {
        tokens
            .get(k)
            .filter(|t| t.kind == TokenKind::Word)
            .map(|t| t.text.as_str())
    };
    let word_in = |k: usize, list: &CueList| list.at(tokens, k);
    for i in 0..tokens.len() {
        match word(i) {
            Some(_) if tokens[i].is_in(c.days.month_words) => {
                let before = |list: &CueList| i > 0 && word_in(i - 1, list);
                // "el mes pasado", and "el pasado mes" with the word first.
                let back_before = i
                    .checked_sub(1)
                    .and_then(word)
                    .and_then(|w| v.months_back.get(w).copied());
                let back = word(i + 1).and_then(|w| v.months_back.get(w).copied());
                // "al mes", "por mes", "cada mes" are a rate, not a month.
                if before(c.days.rate_markers) && back.is_none() {
                    continue;
                }
                let (shift, start, end) = match (back, back_before) {
                    (_, Some(back)) => (back, i.saturating_sub(2), i + 1),
                    (Some(back), None) => (back, i.saturating_sub(1), i + 2),
                    (None, None) if before(c.days.this_month_articles) => (0, i - 1, i + 1),
                    (None, None) => (0, i, i + 1),
                };
                let date = today.checked_sub_months(Months::new(shift))?;
                return Some(MonthMatch {
                    year: date.year(),
                    month: date.month(),
                    explicit_year: true,
                    start,
                    end,
                });
            }
            Some(w) => {
                let Some(month) = tokens[i].month() else {
                    continue;
                };
                // Short forms ("mar", "may") only count after "en"/"de".
                let long_form = w.len() > 4 || tokens[i].is_in(c.days.whole_short_months);
                let after_preposition = i > 0 && tokens[i - 1].is_in(c.days.month_prepositions);
                if !long_form && !after_preposition {
                    continue;
                }
                // "15 de octubre" is a date, not a month.
                if i >= 2
                    && tokens[i - 1].is_in(c.days.of_words)
                    && day_number(&tokens[i - 2]).is_some()
                {
                    continue;
                }
                let year = word_in(i + 1, c.days.year_joiners)
                    .then(|| tokens.get(i + 2))
                    .flatten()
                    .or_else(|| tokens.get(i + 1))
                    .filter(|y| y.kind == TokenKind::Number && y.text.len() == 4)
                    .and_then(|y| year_of(&y.text, today));
                let explicit_year = year.is_some();
                let (year, end) = match year {
                    Some(year) => (year, if word(i + 1).is_some() { i + 3 } else { i + 2 }),
                    None if month > today.month() => (today.year() - 1, i + 1),
                    None => (today.year(), i + 1),
                };
                return Some(MonthMatch {
                    year,
                    month,
                    explicit_year,
                    start: i,
                    end,
                });
            }
            None => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::normalize::{fold, tokenize};
    use super::*;
    use crate::time::iso_date;

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 22).unwrap() // a Sunday
    }

    fn date(text: &str) -> Option<String> {
        find_date(&tokenize(&fold(text)), today()).map(|m| iso_date(m.date))
    }

    fn month(text: &str) -> Option<String> {
        find_month(&tokenize(&fold(text)), today()).map(|m| m.iso())
    }

    #[test]
    fn relative_and_absolute_dates() {
        let cases = [
            ("hoy", "2026-11-22"),
            ("ayer", "2026-11-21"),
            ("antier", "2026-11-20"),
            ("anteayer", "2026-11-20"),
            ("el lunes", "2026-11-16"),
            // Said on a Sunday: today; "pasado" is the one before.
            ("el domingo", "2026-11-22"),
            ("el domingo pasado", "2026-11-15"),
            ("el sábado", "2026-11-21"),
            ("el 15", "2026-11-15"),
            ("el 28", "2026-10-28"),
            ("15 de octubre", "2026-10-15"),
            ("15/10", "2026-10-15"),
            ("15/10/2025", "2025-10-15"),
            ("2026-11-03", "2026-11-03"),
            ("hace 3 días", "2026-11-19"),
            ("hace una semana", "2026-11-15"),
            ("3 de diciembre", "2025-12-03"),
        ];
        for (text, expected) in cases {
            assert_eq!(date(text).as_deref(), Some(expected), "{text}");
        }
        assert_eq!(date("gasté 250 en uber"), None);
    }

    #[test]
    fn months_for_queries() {
        let cases = [
            ("este mes", "2026-11"),
            ("el mes pasado", "2026-10"),
            ("octubre", "2026-10"),
            ("diciembre", "2025-12"),
            ("octubre de 2025", "2025-10"),
        ];
        for (text, expected) in cases {
            assert_eq!(month(text).as_deref(), Some(expected), "{text}");
        }
        assert_eq!(month("15 de octubre"), None);
    }
}
