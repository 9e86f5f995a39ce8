//! Days and hours that are not money: clock times and durations (whose
//! numbers are never an amount), and the day forms `date::find_date` tries
//! first: an explicit date after a weekday ("el viernes 3 de mayo de 2024"),
//! future words ("mañana", "el próximo viernes", "en dos semanas"),
//! "día veinte", "mié 14", "hace tres meses", "15.11.2026" and holidays.

use chrono::{Datelike, NaiveDate};

mod days;
pub use days::special_date;

use super::date::{DateMatch, recent_day_month};
use super::lexicon::cues;
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
        (FutureAnswer::Pending, c.days.future_pending),
        (FutureAnswer::OnThatDay, c.days.future_on_that_day),
        (FutureAnswer::PaidToday, c.days.future_paid_today),
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
    let first = if t.is_in(c.days.first_day_words) {
        1
    } else {
        t.number_word().filter(|v| (1..=30).contains(v))?
    };
    if first == 30 && c.days.thirty_one_tails.cue_at(tokens, i + 1) == Some(2) {
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

/// Marks in `used` what is not money: the day `date` names and every
/// other day named by number, every clock time, duration and quantity of goods, and the count of people a
/// bill is shared among. Every reader of amounts
/// (the understanding, answers to questions, item splitting) calls this.
pub fn mark_not_money(tokens: &[Token], date: Option<&DateMatch>, used: &mut [bool]) {
    let len = used.len();
    let spans = date
        .map(|d| (d.start, d.end))
        .into_iter()
        .chain(super::date::day_spans(tokens))
        .chain(clock_spans(tokens))
        .chain(code_spans(tokens))
        .chain(label_spans(tokens))
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

/// Token spans of a bare number a word makes a place, a unit or a route
/// ("la vecina del 4", "el depa 3", "la ruta 57"): never money. A number
/// with money around it ("del 500 pesos", "$4", "del 100 al 200") is
/// left to the amount's readers.
pub fn label_spans(tokens: &[Token]) -> Vec<(usize, usize)> {
    let c = cues();
    // "pagué la renta del depa 9000": a number in the thousands that is
    // the message's only one is its money, not the place.
    let numbers = tokens
        .iter()
        .filter(|t| t.kind == TokenKind::Number)
        .count();
    let only_money = |t: &Token| numbers == 1 && t.text.parse::<u64>().is_ok_and(|n| n >= 1000);
    (1..tokens.len())
        .filter(|&i| {
            let t = &tokens[i];
            let bare = t.kind == TokenKind::Number
                && !t.dollar_sign
                && t.text.bytes().all(|b| b.is_ascii_digit());
            let money_after = tokens.get(i + 1).is_some_and(|n| {
                n.is_in(c.days.not_a_day_after)
                    || n.is_in(c.days.range_ends)
                    || n.is_in(c.amounts.peso_words)
            });
            bare && tokens[i - 1].is_in(c.amounts.label_openers) && !money_after && !only_money(t)
        })
        .map(|i| (i, i + 1))
        .collect()
}

/// Token spans of a phone number (10 digits, or 12 opening with 52,
/// written together or in groups: "55 2345 6789", "+52 55 1234 5678") and
/// of a long reference (8 digits or more in one run, no `$`: "88112233")
/// and of a code's number ("COB-0001"): their digits are never money.
pub fn code_spans(tokens: &[Token]) -> Vec<(usize, usize)> {
    let digits = |t: &Token| {
        t.kind == TokenKind::Number && !t.dollar_sign && t.text.bytes().all(|b| b.is_ascii_digit())
    };
    // "COB-0001": a code's number.
    let mut spans: Vec<(usize, usize)> = (0..tokens.len())
        .filter(|&k| tokens[k].code && tokens[k].kind == TokenKind::Number)
        .map(|k| (k, k + 1))
        .collect();
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
        if t.is_in(c.days.clock_articles) || c.days.one_oclock_phrases.cue_at(tokens, i) == Some(2)
        {
            let is_number = tokens.get(i + 1).is_some_and(|n| {
                n.kind == TokenKind::Number && n.text.parse::<u8>().is_ok_and(|h| h <= 24)
                    || day_in_words(tokens, i + 1).is_some()
            });
            if is_number && i > 0 && tokens[i - 1].is_in(c.days.clock_prepositions) {
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
                if tokens
                    .get(end)
                    .is_some_and(|t| t.is_in(c.amounts.and_words))
                    && (c.days.clock_fractions.at(tokens, end + 1)
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
            if c.days.clock_suffixes.at(tokens, i + 1) && t.text.len() <= 2 {
                spans.push((i, i + 2));
                i += 2;
                continue;
            }
            // "mínimo 650, día 28", "340, día de pago 10": a unit that
            // opens a day said a few words after it is that day's, and the
            // number before it is no duration.
            let day_number = |n: &Token| {
                n.kind == TokenKind::Number
                    && n.text.parse::<u32>().is_ok_and(|d| (1..=31).contains(&d))
            };
            let opens_day = c.days.day_openers.at(tokens, i + 1)
                && tokens
                    .iter()
                    .skip(i + 2)
                    .take(3)
                    .take_while(|n| n.kind == TokenKind::Number || !n.is_in(c.days.duration_units))
                    .find(|n| n.kind == TokenKind::Number)
                    .is_some_and(day_number);
            let duration = c.days.duration_units.at(tokens, i + 1) && !opens_day;
            if duration || c.days.quantity_units.at(tokens, i + 1) {
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
    if c.days.clock_suffixes.at(tokens, end) {
        end + 1
    } else {
        end + c.days.day_parts.cue_at(tokens, end).unwrap_or(0)
    }
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
