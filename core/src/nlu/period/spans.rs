//! The spans of days a question names, one reader per word that opens
//! one. A reader answers `None` when the words name a span that is no
//! date (the reading stops, as `?` says), `Some(Next)` to go on with the
//! next token, `Some(Fall)` to try a whole year at this token ("en
//! 2024"), and `Some(Found(…))`.

use chrono::{Datelike, Days, NaiveDate};

use super::super::date::{find_date, recent_day_month, small_count};
use super::super::lexicon::{CueList, cues, values};
use super::super::normalize::{Token, TokenKind};
use super::{
    Grain, Period, PeriodMatch, buen_fin, day, last_of_month, monday_of, month_at, recent_year,
    this_week_day, word,
};

/// What a reader found at a token.
enum Step {
    Found(PeriodMatch),
    /// Nothing here; the next token.
    Next,
    /// Nothing here; a whole year may still start at this token.
    Fall,
}

use Step::{Fall, Found, Next};

/// A reader of the spans opened by the word at `i`.
type Reader = fn(&[Token], usize, NaiveDate) -> Option<Step>;

fn found(
    tokens: &[Token],
    from: NaiveDate,
    to: NaiveDate,
    grain: Grain,
    start: usize,
    end: usize,
) -> Option<Step> {
    Some(Found(PeriodMatch {
        period: Period { from, to },
        grain,
        start,
        end: end.min(tokens.len()),
    }))
}

fn word_in(tokens: &[Token], k: usize, list: &CueList) -> bool {
    list.at(tokens, k)
}

/// The reader for the word at `i`: the first whose opening words it is.
fn reader_for(tokens: &[Token], i: usize) -> Option<Reader> {
    let c = cues();
    let w = word(tokens, i)?;
    let t = &tokens[i];
    let reader: Reader = if t.is_in(c.days.range_starts) || t.is_in(c.days.between_words) {
        range
    } else if c.days.weekend_phrases.cue_at(tokens, i).is_some() {
        weekend
    } else if t.is_in(c.days.week_words) {
        week
    } else if t.is_in(c.days.last_days_openers) {
        last_days
    } else if t.is_in(c.days.month_half_words) {
        month_half
    } else if t.is_in(c.days.quarter_words) {
        quarter
    } else if t.weekday().is_some() {
        weekdays
    } else if t.is_in(c.days.since_words) {
        since_day
    } else if c.days.buen_fin_phrases.cue_at(tokens, i).is_some() {
        the_buen_fin
    } else if t.month().is_some() && w.len() >= 4 {
        two_months
    } else if t.is_in(c.days.year_words) {
        this_or_last_year
    } else {
        return None;
    };
    Some(reader)
}

/// [`super::find_period`] with the grain and where the words are.
pub fn find_period_match(tokens: &[Token], today: NaiveDate) -> Option<PeriodMatch> {
    let c = cues();
    for i in 0..tokens.len() {
        let step = match reader_for(tokens, i) {
            Some(read) => read(tokens, i, today)?,
            None => Fall,
        };
        match step {
            Found(span) => return Some(span),
            Next => continue,
            Fall => {}
        }
        if let Found(span) = whole_year(tokens, i, today)? {
            return Some(span);
        }
    }
    // One named day: "hoy", "ayer", "el viernes", "el 15 de noviembre".
    let day = find_date(tokens, today)?;
    // "¿cuánto llevo ahorita?" asks about the month so far, not today.
    let now_word = tokens[day.start].is_in(c.days.now_words)
        || tokens[day.start].is_in(c.days.this_words) && day.end == day.start + 2;
    if day.date > today || now_word {
        return None;
    }
    Some(PeriodMatch {
        period: Period {
            from: day.date,
            to: day.date,
        },
        grain: Grain::Day,
        start: day.start,
        end: day.end.min(tokens.len()),
    })
}

/// "del 10 al 20 de noviembre", "del 10 de octubre al 5 de noviembre",
/// "entre el 1 y el 15".
fn range(tokens: &[Token], i: usize, today: NaiveDate) -> Option<Step> {
    let c = cues();
    let first = i + 1 + usize::from(word_in(tokens, i + 1, c.days.day_articles));
    let Some(from_day) = day(tokens, first) else {
        return Some(Next);
    };
    let from_month = month_at(tokens, first + 1);
    let joiner = first + 1 + from_month.map_or(0, |m| m.2);
    let joined = if tokens[i].is_in(c.days.range_starts) {
        word_in(tokens, joiner, c.days.range_ends)
    } else {
        word_in(tokens, joiner, c.days.between_joiners)
    };
    if !joined {
        return Some(Next);
    }
    let second = joiner + 1 + usize::from(word_in(tokens, joiner + 1, c.days.day_articles));
    let Some(to_day) = day(tokens, second) else {
        return Some(Next);
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
    found(tokens, from, to, Grain::Range, i, end)
}

/// "el fin de semana pasado", "este finde": Saturday and Sunday, the
/// last ones gone by ("pasado" said on a weekend: the one before).
fn weekend(tokens: &[Token], i: usize, today: NaiveDate) -> Option<Step> {
    let c = cues();
    let end = i + c.days.weekend_phrases.cue_at(tokens, i)?;
    let past_after = word_in(tokens, end, c.days.past_markers);
    let before = |list: &CueList| i > 0 && word_in(tokens, i - 1, list);
    let past = past_after || before(c.days.past_markers);
    let since_saturday = (today.weekday().num_days_from_monday() + 2) % 7;
    let mut saturday = today - Days::new(u64::from(since_saturday));
    if past && since_saturday <= 1 {
        saturday = saturday - Days::new(7);
    }
    let start = if before(c.days.past_markers) || before(c.days.this_words) {
        i - 1
    } else {
        i
    };
    let sunday = (saturday + Days::new(1)).min(today);
    let end = end + usize::from(past_after);
    found(tokens, saturday, sunday, Grain::Range, start, end)
}

/// "esta semana", "la semana que viene", "la semana pasada".
fn week(tokens: &[Token], i: usize, today: NaiveDate) -> Option<Step> {
    let c = cues();
    let before = |list: &CueList| i > 0 && word_in(tokens, i - 1, list);
    let after_past = word_in(tokens, i + 1, c.days.past_feminine_markers);
    if before(c.days.this_feminine_words) {
        return found(tokens, monday_of(today), today, Grain::Week, i - 1, i + 1);
    }
    // "la semana que viene", "la próxima semana": the coming one.
    let coming_after = c.days.coming_week_after.cue_at(tokens, i + 1);
    if coming_after.is_some() || before(c.days.coming_week_before) {
        let monday = monday_of(today) + Days::new(7);
        let start = i - usize::from(coming_after.is_none());
        let end = i + 1 + coming_after.unwrap_or(0);
        return found(
            tokens,
            monday,
            monday + Days::new(6),
            Grain::Week,
            start,
            end,
        );
    }
    let before_past = before(c.days.past_feminine_markers);
    if after_past || before_past {
        let monday = monday_of(today) - Days::new(7);
        let start = i.saturating_sub(usize::from(before_past));
        let end = i + 1 + usize::from(after_past);
        return found(
            tokens,
            monday,
            monday + Days::new(6),
            Grain::Week,
            start,
            end,
        );
    }
    // "¿cuánto gasté en la semana?": this week, so far.
    let opener =
        (1..=3.min(i)).find(|&n| c.days.this_week_openers.cue_at(tokens, i - n) == Some(n));
    if let Some(n) = opener {
        return found(tokens, monday_of(today), today, Grain::Week, i - n, i + 1);
    }
    Some(Fall)
}

/// "los últimos 7 días", "los ultimos tres dias".
fn last_days(tokens: &[Token], i: usize, today: NaiveDate) -> Option<Step> {
    let n = tokens.get(i + 1).and_then(small_count)?;
    if word_in(tokens, i + 2, cues().days.plural_day_units) && n >= 1 {
        return found(
            tokens,
            today - Days::new(n - 1),
            today,
            Grain::Range,
            i,
            i + 3,
        );
    }
    Some(Fall)
}

/// "la primera quincena de noviembre", "la segunda quincena".
fn month_half(tokens: &[Token], i: usize, today: NaiveDate) -> Option<Step> {
    let ordinal = i.checked_sub(1).and_then(|k| word(tokens, k));
    let Some(&half) = ordinal.and_then(|w| values().month_halves.get(w)) else {
        return Some(Next);
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
    found(tokens, from, to, Grain::Range, i - 1, i + 1 + used)
}

/// "el primer trimestre", "el segundo trimestre del año".
fn quarter(tokens: &[Token], i: usize, today: NaiveDate) -> Option<Step> {
    let ordinal = i.checked_sub(1).and_then(|k| word(tokens, k));
    let Some(&quarter) = ordinal.and_then(|w| values().quarters.get(w)) else {
        return Some(Next);
    };
    let start_month = 3 * quarter - 2;
    let year = if start_month > today.month() {
        today.year() - 1
    } else {
        today.year()
    };
    let from = NaiveDate::from_ymd_opt(year, start_month, 1)?;
    let to = last_of_month(NaiveDate::from_ymd_opt(year, start_month + 2, 1)?)?;
    found(tokens, from, to.min(today), Grain::Range, i - 1, i + 1)
}

/// "de lunes a miércoles", "desde el lunes".
fn weekdays(tokens: &[Token], i: usize, today: NaiveDate) -> Option<Step> {
    let c = cues();
    let before = |k: usize, list: &CueList| i >= k && word_in(tokens, i - k, list);
    let from_day = this_week_day(today, tokens[i].weekday()?);
    if before(1, c.days.weekday_range_starts)
        && word_in(tokens, i + 1, c.days.weekday_range_ends)
        && let Some(to_day) = tokens.get(i + 2).and_then(Token::weekday)
    {
        let to = this_week_day(today, to_day);
        if from_day <= to && to <= today {
            return found(tokens, from_day, to, Grain::Range, i - 1, i + 3);
        }
    }
    let since_two_back = before(2, c.days.since_words);
    let since = before(1, c.days.since_words) || since_two_back;
    if since && from_day <= today {
        let start = i - 1 - usize::from(since_two_back);
        return found(tokens, from_day, today, Grain::Range, start, i + 1);
    }
    Some(Fall)
}

/// "desde el 10", "desde el 5 de noviembre".
fn since_day(tokens: &[Token], i: usize, today: NaiveDate) -> Option<Step> {
    let first = i + 1 + usize::from(word_in(tokens, i + 1, cues().days.day_articles));
    let Some(from_day) = day(tokens, first) else {
        return Some(Fall);
    };
    let month = month_at(tokens, first + 1);
    let from = match month {
        Some((m, Some(y), _)) => NaiveDate::from_ymd_opt(y, m, from_day),
        Some((m, None, _)) => recent_day_month(today, from_day, m),
        None => super::super::date::recent_day(today, from_day),
    }?;
    let end = first + 1 + month.map_or(0, |m| m.2);
    found(tokens, from, today, Grain::Range, i, end)
}

/// "el buen fin": Friday to the third Monday of November.
fn the_buen_fin(tokens: &[Token], i: usize, today: NaiveDate) -> Option<Step> {
    let (from, to) = buen_fin(today)?;
    let n = cues().days.buen_fin_phrases.cue_at(tokens, i).unwrap_or(1);
    found(tokens, from, to, Grain::Range, i, i + n)
}

/// "septiembre y octubre".
fn two_months(tokens: &[Token], i: usize, today: NaiveDate) -> Option<Step> {
    let first = tokens[i].month()?;
    if word_in(tokens, i + 1, cues().amounts.and_words)
        && let Some(second) = tokens.get(i + 2).and_then(Token::month)
        && second > first
    {
        let year = recent_year(today, second);
        let from = NaiveDate::from_ymd_opt(year, first, 1)?;
        let to = last_of_month(NaiveDate::from_ymd_opt(year, second, 1)?)?;
        return found(tokens, from, to.min(today), Grain::Range, i, i + 3);
    }
    Some(Fall)
}

/// "este año", "el año pasado".
fn this_or_last_year(tokens: &[Token], i: usize, today: NaiveDate) -> Option<Step> {
    let c = cues();
    if i > 0 && word_in(tokens, i - 1, c.days.this_words) {
        let january = NaiveDate::from_ymd_opt(today.year(), 1, 1)?;
        return found(tokens, january, today, Grain::Year, i - 1, i + 1);
    }
    if word_in(tokens, i + 1, c.days.past_markers) {
        let year = today.year() - 1;
        let january = NaiveDate::from_ymd_opt(year, 1, 1)?;
        let december = NaiveDate::from_ymd_opt(year, 12, 31)?;
        return found(tokens, january, december, Grain::Year, i, i + 2);
    }
    Some(Fall)
}

/// "en 2024", "del 2025": a whole year.
fn whole_year(tokens: &[Token], i: usize, today: NaiveDate) -> Option<Step> {
    let t = &tokens[i];
    if t.kind == TokenKind::Number
        && t.text.len() == 4
        && i > 0
        && tokens[i - 1].is_in(cues().days.year_openers)
        && let Ok(year) = t.text.parse::<i32>()
        && (2000..=today.year()).contains(&year)
    {
        let from = NaiveDate::from_ymd_opt(year, 1, 1)?;
        let to = NaiveDate::from_ymd_opt(year, 12, 31)?.min(today);
        return found(tokens, from, to, Grain::Year, i - 1, i + 1);
    }
    Some(Fall)
}
