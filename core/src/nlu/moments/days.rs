//! The day forms `date::find_date` tries first, one reader per kind of
//! token where a form starts: a number, a month or "el", a weekday, a
//! word of time to come or gone by, a day of El Buen Fin, a holiday.
//!
//! A reader answers `None` when the message has a form it cannot make a
//! day of (the whole reading stops, as `?` says), `Some(Go)` when nothing
//! starts at this token, and `Some(Found(…))` with the day.

use chrono::{Datelike, Days, Months, NaiveDate};

use super::super::date::{DateMatch, recent_day, recent_day_month, small_count};
use super::super::lexicon::{CueList, cues, lexicon};
use super::super::normalize::{Token, TokenKind};
use super::{day_at, day_month, word};

/// What a reader found at a token.
enum Read {
    Found(DateMatch),
    /// Nothing here: the next reader, or the next token.
    Go,
}

use Read::{Found, Go};

/// A reader of the day forms that start at token `i`.
type Reader = fn(&[Token], usize, NaiveDate) -> Option<Read>;

fn found(date: NaiveDate, start: usize, end: usize) -> Option<Read> {
    Some(Found(DateMatch { date, start, end }))
}

fn money_after(tokens: &[Token], k: usize) -> bool {
    cues().days.amount_words.at(tokens, k)
}

/// The day forms tried before the common ones, or `None`.
pub fn special_date(tokens: &[Token], today: NaiveDate) -> Option<DateMatch> {
    let c = cues();
    for i in 0..tokens.len() {
        let t = &tokens[i];
        let readers: &[Reader] = if t.kind == TokenKind::Number {
            &[at_number]
        } else if t.weekday().is_some() || t.is_in(c.days.weekday_abbreviations) {
            &[at_day_words, at_now, at_weekday]
        } else {
            &[at_day_words, at_now, at_relative, at_buen_fin, at_holiday]
        };
        for reader in readers {
            if let Found(date) = reader(tokens, i, today)? {
                return Some(date);
            }
        }
    }
    None
}

/// "15.11.2026", "15.11.26"; "3 marzo", "15 oct": a day and a month
/// without "de".
fn at_number(tokens: &[Token], i: usize, today: NaiveDate) -> Option<Read> {
    let t = &tokens[i];
    let mut parts = t.text.split('.');
    if let (Some(d), Some(m), Some(y), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
        && d.len() <= 2
        && m.len() <= 2
        && (y.len() == 2 || y.len() == 4)
    {
        let year = super::super::date::year_of(y, today)?;
        if let Some(date) = NaiveDate::from_ymd_opt(year, m.parse().ok()?, d.parse().ok()?) {
            return found(date, i, i + 1);
        }
    }
    if let Some((day, 1)) = day_at(tokens, i)
        && let Some(month) = tokens.get(i + 1).and_then(Token::month)
        && !money_after(tokens, i + 2)
    {
        let upcoming = i > 0 && tokens[i - 1].is_in(cues().days.next_markers);
        if let Some(date) = day_month(today, day, month, upcoming) {
            return found(date, i, i + 2);
        }
    }
    Some(Go)
}

/// "abril 5": a month, then its day; "el cinco de noviembre", "el
/// primero", "el próximo 1 de diciembre": a day after "el" or a "next"
/// word, in words or digits.
fn at_day_words(tokens: &[Token], i: usize, today: NaiveDate) -> Option<Read> {
    let c = cues();
    let t = &tokens[i];
    if let Some(month) = t.month().filter(|_| t.text.len() >= 3)
        && let Some((day, 1)) = day_at(tokens, i + 1)
        && tokens[i + 1].kind == TokenKind::Number
        && !money_after(tokens, i + 2)
        && !c.days.of_words.at(tokens, i + 2)
        && let Some(date) = day_month(today, day, month, false)
    {
        return found(date, i, i + 2);
    }
    // "vence el 5 de diciembre": the day a bill is due is to come.
    let due = i > 0 && tokens[i - 1].is_in(c.amounts.due_markers);
    let next_marker = t.is_in(c.days.next_markers);
    let opener = t.is_in(c.days.day_articles) || next_marker;
    let Some((day, n)) = day_at(tokens, i + 1)
        .filter(|_| opener && (tokens[i + 1].kind == TokenKind::Word || next_marker))
    else {
        return Some(Go);
    };
    let after = i + 1 + n;
    let upcoming = next_marker || due;
    let start = if next_marker && i > 0 && tokens[i - 1].is_in(c.days.day_articles) {
        i - 1
    } else {
        i
    };
    let month = c
        .days
        .of_words
        .at(tokens, after)
        .then(|| tokens.get(after + 1).and_then(Token::month))
        .flatten();
    match month {
        Some(month) => {
            if let Some(date) = day_month(today, day, month, upcoming) {
                return found(date, start, after + 2);
            }
        }
        None if !money_after(tokens, after) && !upcoming => {
            if let Some(date) = recent_day(today, day) {
                return found(date, start, after);
            }
        }
        None => {}
    }
    Some(Go)
}

/// Now: "ahorita", "en este momento", "esta noche".
fn at_now(tokens: &[Token], i: usize, today: NaiveDate) -> Option<Read> {
    let c = cues();
    if tokens[i].is_in(c.days.now_words) {
        return found(today, i, i + 1);
    }
    if let Some(n) = c.days.now_phrases.cue_at(tokens, i) {
        return found(today, i, i + n);
    }
    Some(Go)
}

/// A weekday: before an explicit date the date wins, weekday included
/// ("el viernes 3 de mayo de 2024", "mié 14"); "el próximo viernes", "el
/// viernes que viene". Nothing else starts at a weekday.
fn at_weekday(tokens: &[Token], i: usize, today: NaiveDate) -> Option<Read> {
    let c = cues();
    let t = &tokens[i];
    let start = if i > 0 && tokens[i - 1].is_in(c.days.weekday_articles) {
        i - 1
    } else {
        i
    };
    // Only a day right after the weekday ("viernes, 10 mil" is money).
    let adjacent = tokens
        .get(i + 1)
        .is_some_and(|next| next.start == t.end + 1);
    if let Some((day, n)) =
        day_at(tokens, i + 1).filter(|&(_, n)| adjacent && !money_after(tokens, i + 1 + n))
    {
        let after = i + 1 + n;
        // "el miércoles un libro de 450": a day said in words that is not
        // that weekday counts things; it is no day.
        let in_words = tokens[i + 1].kind == TokenKind::Word;
        // "el miércoles 25" on Sunday the 22nd: the 25th that is a
        // Wednesday is the coming one, not October's.
        let agreeing = |date: (NaiveDate, usize)| {
            let coming = (t.weekday() != Some(date.0.weekday()) && date.1 == after)
                .then(|| super::super::date::coming_day(today, day))
                .flatten()
                .filter(|d| t.weekday() == Some(d.weekday()));
            coming.map_or(date, |d| (d, date.1))
        };
        if let Some(date) = dated_after(tokens, after, day, today).map(agreeing)
            && (!in_words || t.weekday() == Some(date.0.weekday()))
        {
            return found(date.0, start, date.1);
        }
    }
    let next_before = i > 0 && tokens[i - 1].is_in(c.days.next_markers);
    let coming = c.days.coming_phrases.cue_at(tokens, i + 1);
    if let Some(day) = t.weekday().filter(|_| next_before || coming.is_some()) {
        let ahead = (day.num_days_from_monday() + 7 - today.weekday().num_days_from_monday()) % 7;
        let ahead = if ahead == 0 { 7 } else { ahead };
        let start = match next_before {
            true if i > 1 && tokens[i - 2].is_in(c.days.day_articles) => i - 2,
            true => i - 1,
            false => start,
        };
        let end = i + 1 + coming.unwrap_or(0);
        return found(
            today.checked_add_days(Days::new(u64::from(ahead)))?,
            start,
            end,
        );
    }
    Some(Go)
}

/// The day `day` said after a weekday, with its month and year when they
/// follow ("3 de mayo de 2024"), or the latest such day ("mié 14"): the
/// date and where it ends.
fn dated_after(
    tokens: &[Token],
    after: usize,
    day: u32,
    today: NaiveDate,
) -> Option<(NaiveDate, usize)> {
    let c = cues();
    let month = c
        .days
        .of_words
        .at(tokens, after)
        .then(|| tokens.get(after + 1).and_then(Token::month))
        .flatten();
    let Some(month) = month else {
        return recent_day(today, day).map(|date| (date, after));
    };
    let year = c
        .days
        .of_words
        .at(tokens, after + 2)
        .then(|| tokens.get(after + 3))
        .flatten()
        .filter(|y| y.kind == TokenKind::Number && y.text.len() == 4)
        .and_then(|y| super::super::date::year_of(&y.text, today));
    match year {
        Some(year) => NaiveDate::from_ymd_opt(year, month, day).map(|d| (d, after + 4)),
        None => recent_day_month(today, day, month).map(|d| (d, after + 2)),
    }
}

/// "mañana" (unless it is the morning, "en la mañana"), "pasado mañana",
/// "el día veinte", "en dos semanas", "hace tres meses".
fn at_relative(tokens: &[Token], i: usize, today: NaiveDate) -> Option<Read> {
    let c = cues();
    let t = &tokens[i];
    let unit_at = |k: usize, list: &CueList| list.at(tokens, k);
    if t.is_in(c.days.tomorrow_words) && (i == 0 || !tokens[i - 1].is_in(c.days.morning_markers)) {
        if i > 0 && tokens[i - 1].is_in(c.days.day_after_markers) {
            return found(today.checked_add_days(Days::new(2))?, i - 1, i + 1);
        }
        return found(today.checked_add_days(Days::new(1))?, i, i + 1);
    } else if t.is_in(c.debts.day_words) {
        if let Some((day, n)) = day_at(tokens, i + 1)
            && tokens.get(i + 1).is_some_and(|t| t.kind == TokenKind::Word)
        {
            let start = if i > 0 && tokens[i - 1].is_in(c.days.day_articles) {
                i - 1
            } else {
                i
            };
            return found(recent_day(today, day)?, start, i + 1 + n);
        }
    } else if let Some(opener) = c.days.within_phrases.cue_at(tokens, i) {
        let k = i + opener;
        if let Some(n) = tokens.get(k).and_then(small_count) {
            let date = if unit_at(k + 1, c.days.day_units) {
                today.checked_add_days(Days::new(n))
            } else if unit_at(k + 1, c.days.week_units) {
                today.checked_add_days(Days::new(7 * n))
            } else if unit_at(k + 1, c.days.month_units) {
                today.checked_add_months(Months::new(u32::try_from(n).ok()?))
            } else {
                None
            };
            if let Some(date) = date {
                return found(date, i, k + 2);
            }
        }
    } else if t.is_in(c.days.ago_words)
        && let Some(n) = tokens.get(i + 1).and_then(small_count)
    {
        let months = if unit_at(i + 2, c.days.month_units) {
            Some(n)
        } else if unit_at(i + 2, c.days.year_units) {
            Some(n * 12)
        } else {
            None
        };
        if let Some(date) = months
            .and_then(|m| u32::try_from(m).ok())
            .and_then(|m| today.checked_sub_months(Months::new(m)))
        {
            return found(date, i, i + 3);
        }
    }
    Some(Go)
}

/// "el primer día del buen fin", "el viernes del buen fin".
fn at_buen_fin(tokens: &[Token], i: usize, today: NaiveDate) -> Option<Read> {
    let c = cues();
    let Some(named) = c.days.buen_fin_phrases.cue_at(tokens, i) else {
        return Some(Go);
    };
    if i < 2 || !tokens[i - 1].is_in(c.days.of_the_words) {
        return Some(Go);
    }
    let Some((from, to)) = super::super::period::buen_fin(today) else {
        return Some(Go);
    };
    let ordinal = (i >= 3 && c.debts.day_words.at(tokens, i - 2))
        .then(|| word(tokens, i - 3))
        .flatten();
    let date = if ordinal.is_some_and(|w| c.days.first_ordinals.contains(w)) {
        Some((from, i - 3))
    } else if ordinal.is_some_and(|w| c.days.last_ordinals.contains(w)) {
        Some((to, i - 3))
    } else {
        tokens[i - 2].weekday().and_then(|day| {
            let offset =
                (day.num_days_from_monday() + 7 - from.weekday().num_days_from_monday()) % 7;
            let date = from.checked_add_days(Days::new(u64::from(offset)))?;
            (date <= to).then_some((date, i - 2))
        })
    };
    let Some((date, start)) = date else {
        return Some(Go);
    };
    let start = if start > 0 && tokens[start - 1].is_in(c.days.day_articles) {
        start - 1
    } else {
        start
    };
    found(date, start, i + named)
}

/// A holiday by its words ("el día de muertos").
fn at_holiday(tokens: &[Token], i: usize, today: NaiveDate) -> Option<Read> {
    for holiday in &lexicon().holidays {
        let matches = holiday
            .words
            .iter()
            .enumerate()
            .all(|(k, &expected)| word(tokens, i + k) == Some(expected));
        if matches {
            let date = recent_day_month(today, holiday.day, holiday.month)?;
            return found(date, i, i + holiday.words.len());
        }
    }
    Some(Go)
}
