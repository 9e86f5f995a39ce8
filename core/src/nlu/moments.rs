//! Days and hours that are not money: clock times and durations (whose
//! numbers are never an amount), and the day forms `date::find_date` tries
//! first: an explicit date after a weekday ("el viernes 3 de mayo de 2024"),
//! future words ("mañana", "el próximo viernes", "en dos semanas"),
//! "día veinte", "mié 14", "hace tres meses", "15.11.2026" and holidays.

use chrono::{Datelike, Days, Months, NaiveDate};

use super::date::{DateMatch, recent_day, recent_day_month, small_count};
use super::lexicon::{CueList, cues, lexicon};
use super::normalize::{Token, TokenKind};

/// How a user answers "that day has not come yet".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FutureAnswer {
    /// Paid already: today is the day.
    PaidToday,
    /// Record it for that day.
    OnThatDay,
    /// Not paid yet: nothing to record.
    Pending,
}

/// Reads an answer to the future-date question, if it is one. Its cues
/// are checked in this order (a "todavía no lo pago" is pending even though
/// it says "pago").
pub fn future_answer(folded: &str) -> Option<FutureAnswer> {
    let words: Vec<&str> = folded.split_whitespace().collect();
    let c = cues();
    [
        (FutureAnswer::Pending, c.future_pending),
        (FutureAnswer::OnThatDay, c.future_on_that_day),
        (FutureAnswer::PaidToday, c.future_paid_today),
    ]
    .into_iter()
    .find_map(|(answer, list)| list.found_in(&words).then_some(answer))
}

fn word(tokens: &[Token], k: usize) -> Option<&str> {
    tokens
        .get(k)
        .filter(|t| t.kind == TokenKind::Word)
        .map(|t| t.text.as_str())
}

/// A day of the month written in words ("veinte", "treinta y uno",
/// "primero"), read with the same number words as amounts.
fn day_in_words(tokens: &[Token], i: usize) -> Option<(u32, usize)> {
    let t = tokens.get(i).filter(|t| t.kind == TokenKind::Word)?;
    let c = cues();
    let first = if t.is_in(c.first_day_words) {
        1
    } else {
        t.number_word().filter(|v| (1..=30).contains(v))?
    };
    if first == 30 && c.thirty_one_tails.cue_at(tokens, i + 1) == Some(2) {
        return Some((31, 3));
    }
    u32::try_from(first).ok().map(|day| (day, 1))
}

/// A day of a month without a year: the most recent one, or the coming
/// one after "el próximo".
fn day_month(today: NaiveDate, day: u32, month: u32, upcoming: bool) -> Option<NaiveDate> {
    if !upcoming {
        return recent_day_month(today, day, month);
    }
    let date = NaiveDate::from_ymd_opt(today.year(), month, day)?;
    if date > today {
        Some(date)
    } else {
        NaiveDate::from_ymd_opt(today.year() + 1, month, day)
    }
}

fn day_at(tokens: &[Token], i: usize) -> Option<(u32, usize)> {
    let t = tokens.get(i)?;
    match t.kind {
        TokenKind::Number if t.text.len() <= 2 => t
            .text
            .parse()
            .ok()
            .filter(|d| (1..=31).contains(d))
            .map(|d| (d, 1)),
        TokenKind::Number => None,
        TokenKind::Word => day_in_words(tokens, i),
    }
}

/// Marks in `used` what is not money: the day `date` names, every
/// clock time, duration and quantity of goods, and the count of people a
/// bill is shared among. Every reader of amounts
/// (the understanding, answers to questions, item splitting) calls this.
pub fn mark_not_money(tokens: &[Token], date: Option<&DateMatch>, used: &mut [bool]) {
    let len = used.len();
    let spans = date
        .map(|d| (d.start, d.end))
        .into_iter()
        .chain(clock_spans(tokens))
        .chain(code_spans(tokens))
        .chain(
            super::split::find_splits(tokens)
                .into_iter()
                .map(|s| (s.start, s.end)),
        );
    for (start, end) in spans {
        used[start.min(len)..end.min(len)]
            .iter_mut()
            .for_each(|u| *u = true);
    }
}

/// Token spans of a phone number (10 digits, or 12 opening with 52,
/// written together or in groups: "55 2345 6789", "+52 55 1234 5678") and
/// of a long reference (8 digits or more in one run, no `$`: "88112233"):
/// their digits are never money.
pub fn code_spans(tokens: &[Token]) -> Vec<(usize, usize)> {
    let digits = |t: &Token| {
        t.kind == TokenKind::Number && !t.dollar_sign && t.text.bytes().all(|b| b.is_ascii_digit())
    };
    let mut spans = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if !digits(&tokens[i]) {
            i += 1;
            continue;
        }
        let (mut end, mut count) = (i + 1, tokens[i].text.len());
        while end < tokens.len()
            && count < 12
            && digits(&tokens[end])
            && tokens[end].start <= tokens[end - 1].end + 3
        {
            count += tokens[end].text.len();
            end += 1;
        }
        let phone = count == 10 || count == 12 && tokens[i].text.starts_with("52");
        if phone {
            spans.push((i, end));
            i = end;
        } else {
            if tokens[i].text.len() >= 8 {
                spans.push((i, i + 1));
            }
            i += 1;
        }
    }
    spans
}

/// Token spans of clock times, durations and quantities of goods: their
/// numbers are not money.
pub fn clock_spans(tokens: &[Token]) -> Vec<(usize, usize)> {
    let c = cues();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let t = &tokens[i];
        // "a las 10", "a la una", "a las diez y media", "a las 3 de la tarde"
        if t.is_in(c.clock_articles) || c.one_oclock_phrases.cue_at(tokens, i) == Some(2) {
            let is_number = tokens.get(i + 1).is_some_and(|n| {
                n.kind == TokenKind::Number && n.text.len() <= 2
                    || day_in_words(tokens, i + 1).is_some()
            });
            if is_number && i > 0 && tokens[i - 1].is_in(c.clock_prepositions) {
                let mut end = i + 2;
                if let Some((_, n)) = day_in_words(tokens, i + 1) {
                    end = i + 1 + n;
                } else if let Some(minutes) = tokens.get(end)
                    && minutes.kind == TokenKind::Number
                    && minutes.start == tokens[end - 1].end + 1
                {
                    // "a las 10:30"
                    end += 1;
                }
                if tokens.get(end).is_some_and(|t| t.is_in(c.and_words))
                    && (c.clock_fractions.at(tokens, end + 1)
                        || tokens
                            .get(end + 1)
                            .is_some_and(|n| n.kind == TokenKind::Number))
                {
                    end += 2;
                }
                end = clock_tail(tokens, end);
                spans.push((i, end));
                i = end;
                continue;
            }
        }
        if t.kind == TokenKind::Number {
            // "10:30": two numbers around a colon.
            if let Some(next) = tokens.get(i + 1)
                && next.kind == TokenKind::Number
                && next.start == t.end + 1
                && t.text.len() <= 2
                && next.text.len() == 2
            {
                let end = clock_tail(tokens, i + 2);
                spans.push((i, end));
                i = end;
                continue;
            }
            if c.clock_suffixes.at(tokens, i + 1) && t.text.len() <= 2 {
                spans.push((i, i + 2));
                i += 2;
                continue;
            }
            if c.duration_units.at(tokens, i + 1) || c.quantity_units.at(tokens, i + 1) {
                spans.push((i, i + 2));
                i += 2;
                continue;
            }
        }
        i += 1;
    }
    spans
}

/// Extends a clock time over "am", "de la tarde", "hrs"…
fn clock_tail(tokens: &[Token], end: usize) -> usize {
    let c = cues();
    if c.clock_suffixes.at(tokens, end) {
        end + 1
    } else {
        end + c.day_parts.cue_at(tokens, end).unwrap_or(0)
    }
}

/// The day forms tried before the common ones, or `None`.
pub fn special_date(tokens: &[Token], today: NaiveDate) -> Option<DateMatch> {
    let c = cues();
    let found = |date: NaiveDate, start: usize, end: usize| Some(DateMatch { date, start, end });
    let word_in = |k: usize, list: &CueList| list.at(tokens, k);
    let money_after = |k: usize| c.amount_words.at(tokens, k);
    for i in 0..tokens.len() {
        let t = &tokens[i];
        if t.kind == TokenKind::Number {
            // "15.11.2026", "15.11.26"
            let mut parts = t.text.split('.');
            if let (Some(d), Some(m), Some(y), None) =
                (parts.next(), parts.next(), parts.next(), parts.next())
                && d.len() <= 2
                && m.len() <= 2
                && (y.len() == 2 || y.len() == 4)
            {
                let year = super::date::year_of(y, today)?;
                if let Some(date) = NaiveDate::from_ymd_opt(year, m.parse().ok()?, d.parse().ok()?)
                {
                    return found(date, i, i + 1);
                }
            }
            // "3 marzo", "15 oct": a day and a month without "de".
            if let Some((day, 1)) = day_at(tokens, i)
                && let Some(month) = tokens.get(i + 1).and_then(Token::month)
                && !money_after(i + 2)
            {
                let upcoming = i > 0 && tokens[i - 1].is_in(cues().next_markers);
                if let Some(date) = day_month(today, day, month, upcoming) {
                    return found(date, i, i + 2);
                }
            }
            continue;
        }
        let w = t.text.as_str();
        // "abril 5", "noviembre 15": a month, then its day.
        if let Some(month) = t.month().filter(|_| w.len() >= 3)
            && let Some((day, 1)) = day_at(tokens, i + 1)
            && tokens[i + 1].kind == TokenKind::Number
            && !money_after(i + 2)
            && !word_in(i + 2, c.of_words)
            && let Some(date) = day_month(today, day, month, false)
        {
            return found(date, i, i + 2);
        }
        // "el cinco de noviembre", "el primero", "el próximo 1 de
        // diciembre": a day after "el" or a "next" word, in words or digits.
        let next_marker = t.is_in(c.next_markers);
        let opener = t.is_in(c.day_articles) || next_marker;
        if opener
            && let Some((day, n)) = day_at(tokens, i + 1)
                .filter(|_| tokens[i + 1].kind == TokenKind::Word || next_marker)
        {
            let after = i + 1 + n;
            let upcoming = next_marker;
            let start = if upcoming && i > 0 && tokens[i - 1].is_in(c.day_articles) {
                i - 1
            } else {
                i
            };
            let month = word_in(after, c.of_words)
                .then(|| tokens.get(after + 1).and_then(Token::month))
                .flatten();
            match month {
                Some(month) => {
                    if let Some(date) = day_month(today, day, month, upcoming) {
                        return found(date, start, after + 2);
                    }
                }
                None if !money_after(after) && !upcoming => {
                    if let Some(date) = recent_day(today, day) {
                        return found(date, start, after);
                    }
                }
                None => {}
            }
        }
        // Now: "ahorita", "en este momento", "esta noche".
        if t.is_in(c.now_words) {
            return found(today, i, i + 1);
        }
        if let Some(n) = c.now_phrases.cue_at(tokens, i) {
            return found(today, i, i + n);
        }
        // A weekday before an explicit date: the date wins, weekday included.
        if t.weekday().is_some() || t.is_in(c.weekday_abbreviations) {
            let start = if i > 0 && tokens[i - 1].is_in(c.weekday_articles) {
                i - 1
            } else {
                i
            };
            // Only a day right after the weekday ("viernes, 10 mil" is money).
            let adjacent = tokens
                .get(i + 1)
                .is_some_and(|next| next.start == t.end + 1);
            if let Some((day, n)) =
                day_at(tokens, i + 1).filter(|&(_, n)| adjacent && !money_after(i + 1 + n))
            {
                let after = i + 1 + n;
                let month = word_in(after, c.of_words)
                    .then(|| tokens.get(after + 1).and_then(Token::month))
                    .flatten();
                match month {
                    Some(month) => {
                        let year = word_in(after + 2, c.of_words)
                            .then(|| tokens.get(after + 3))
                            .flatten()
                            .filter(|y| y.kind == TokenKind::Number && y.text.len() == 4)
                            .and_then(|y| super::date::year_of(&y.text, today));
                        let (date, end) = match year {
                            Some(year) => (NaiveDate::from_ymd_opt(year, month, day), after + 4),
                            None => (recent_day_month(today, day, month), after + 2),
                        };
                        if let Some(date) = date {
                            return found(date, start, end);
                        }
                    }
                    // "mié 14", "el viernes 20"
                    None => {
                        if let Some(date) = recent_day(today, day) {
                            return found(date, start, after);
                        }
                    }
                }
            }
            // "el próximo viernes", "el viernes que viene"
            let next_before = i > 0 && tokens[i - 1].is_in(cues().next_markers);
            let coming = c.coming_phrases.cue_at(tokens, i + 1);
            let next_after = coming.is_some();
            if let Some(day) = t.weekday().filter(|_| next_before || next_after) {
                let ahead =
                    (day.num_days_from_monday() + 7 - today.weekday().num_days_from_monday()) % 7;
                let ahead = if ahead == 0 { 7 } else { ahead };
                let start = if next_before {
                    if i > 1 && tokens[i - 2].is_in(c.day_articles) {
                        i - 2
                    } else {
                        i - 1
                    }
                } else {
                    start
                };
                let end = i + 1 + coming.unwrap_or(0);
                return found(
                    today.checked_add_days(Days::new(u64::from(ahead)))?,
                    start,
                    end,
                );
            }
            continue;
        }
        // "mañana" is tomorrow unless it is the morning ("en la mañana").
        if t.is_in(c.tomorrow_words) && (i == 0 || !tokens[i - 1].is_in(c.morning_markers)) {
            if i > 0 && tokens[i - 1].is_in(c.day_after_markers) {
                return found(today.checked_add_days(Days::new(2))?, i - 1, i + 1);
            }
            return found(today.checked_add_days(Days::new(1))?, i, i + 1);
        } else if t.is_in(c.day_words) {
            // "el día veinte", "día 20"
            if let Some((day, n)) = day_at(tokens, i + 1)
                && tokens.get(i + 1).is_some_and(|t| t.kind == TokenKind::Word)
            {
                let start = if i > 0 && tokens[i - 1].is_in(c.day_articles) {
                    i - 1
                } else {
                    i
                };
                return found(recent_day(today, day)?, start, i + 1 + n);
            }
        } else if let Some(opener) = c.within_phrases.cue_at(tokens, i) {
            // "en dos semanas", "dentro de 3 días"
            let k = i + opener;
            if let Some(n) = tokens.get(k).and_then(small_count) {
                let unit = |list: &CueList| word_in(k + 1, list);
                let date = if unit(c.day_units) {
                    today.checked_add_days(Days::new(n))
                } else if unit(c.week_units) {
                    today.checked_add_days(Days::new(7 * n))
                } else if unit(c.month_units) {
                    today.checked_add_months(Months::new(u32::try_from(n).ok()?))
                } else {
                    None
                };
                if let Some(date) = date {
                    return found(date, i, k + 2);
                }
            }
        } else if t.is_in(c.ago_words) {
            // "hace tres meses", "hace un año"
            if let Some(n) = tokens.get(i + 1).and_then(small_count) {
                let unit = |list: &CueList| word_in(i + 2, list);
                let months = if unit(c.month_units) {
                    Some(n)
                } else if unit(c.year_units) {
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
        }
        // "el primer día del buen fin", "el viernes del buen fin"
        if let Some(named) = c.buen_fin_phrases.cue_at(tokens, i)
            && i >= 2
            && tokens[i - 1].is_in(c.of_the_words)
            && let Some((from, to)) = super::period::buen_fin(today)
        {
            let ordinal = (i >= 3 && word_in(i - 2, c.day_words))
                .then(|| word(tokens, i - 3))
                .flatten();
            let date = if ordinal.is_some_and(|w| c.first_ordinals.contains(w)) {
                Some((from, i - 3))
            } else if ordinal.is_some_and(|w| c.last_ordinals.contains(w)) {
                Some((to, i - 3))
            } else {
                tokens[i - 2].weekday().and_then(|day| {
                    let offset = (day.num_days_from_monday() + 7
                        - from.weekday().num_days_from_monday())
                        % 7;
                    let date = from.checked_add_days(Days::new(u64::from(offset)))?;
                    (date <= to).then_some((date, i - 2))
                })
            };
            if let Some((date, start)) = date {
                let start = if start > 0 && tokens[start - 1].is_in(c.day_articles) {
                    start - 1
                } else {
                    start
                };
                return found(date, start, i + named);
            }
        }
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
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::date::find_date;
    use super::super::normalize::{fold, tokenize};
    use super::*;

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()
    }

    fn date(text: &str) -> Option<String> {
        find_date(&tokenize(&fold(text)), today()).map(|d| d.date.to_string())
    }

    #[test]
    fn days_people_name() {
        let cases: &[(&str, &str)] = &[
            ("el viernes 3 de mayo de 2024", "2024-05-03"),
            ("mañana pago 500 de luz", "2026-11-23"),
            ("pasado mañana", "2026-11-24"),
            ("el próximo viernes le pago 800", "2026-11-27"),
            ("el viernes que viene", "2026-11-27"),
            ("el viernes", "2026-11-20"),
            ("día veinte", "2026-11-20"),
            ("mié 14", "2026-11-14"),
            ("en dos semanas", "2026-12-06"),
            ("dentro de 3 días", "2026-11-25"),
            ("hace tres meses", "2026-08-22"),
            ("15.11.2026", "2026-11-15"),
            ("en navidad", "2025-12-25"),
            ("el día de muertos", "2026-11-02"),
            ("ayer en la mañana", "2026-11-21"),
            ("el cinco de noviembre pagué la luz", "2026-11-05"),
            ("el primero de marzo", "2026-03-01"),
            ("el veintiocho compré croquetas", "2026-10-28"),
            ("3 marzo compré lentes", "2026-03-03"),
            ("abril 5 cena", "2026-04-05"),
            ("el próximo 1 de diciembre me cobran", "2026-12-01"),
            ("ahorita pagué 70", "2026-11-22"),
            ("en este momento pago", "2026-11-22"),
            ("el mié me corté el pelo", "2026-11-18"),
            ("sáb gasté 350", "2026-11-21"),
            ("el sábado de la semana pasada", "2026-11-14"),
            ("el martes de esta semana", "2026-11-17"),
            ("el primer día del buen fin compré ropa", "2026-11-13"),
            ("el viernes del buen fin", "2026-11-13"),
            ("el último día del buen fin", "2026-11-16"),
        ];
        for &(text, expected) in cases {
            assert_eq!(date(text).as_deref(), Some(expected), "{text}");
        }
    }

    #[test]
    fn clock_times_and_durations_are_spans() {
        let spans = |text: &str| clock_spans(&tokenize(&fold(text)));
        assert_eq!(spans("mañana a las diez y media"), vec![(2, 6)]);
        assert_eq!(spans("gasté 150 en tacos a las 3"), vec![(5, 7)]);
        assert_eq!(spans("a las 10:30 pm"), vec![(1, 5)]);
        assert_eq!(spans("uber de 45 minutos, 120"), vec![(2, 4)]);
        assert_eq!(spans("gasté 300 en uber"), vec![]);
    }
}
