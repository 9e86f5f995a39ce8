//! The days a recurring movement falls on, read from what the person
//! said: "cada día 1", "el 12", "los días 15 y último", "el 5 y el 20",
//! "cada viernes", or a phrase the slot's file gives a value ("cada
//! quincena"). A number is a day only where the slot's `day` words
//! introduce it ("día", "el", "los") or it joins a day before it ("15 y
//! 30"), and never when a unit follows it ("cada 2 meses"), so the amount
//! of "netflix 219 cada mes el 12" is never a day, nor a day the amount.
//! A day of the week is read where a `day` word introduces it.

use std::ops::Range;

use crate::agents::spec::SlotSpec;
use crate::nlu::Reading;
use crate::nlu::normalize::TokenKind;
use crate::tools::recurring::Days31;

/// The slot's words that introduce a day ("día", "el").
const DAY: &str = "day";
/// The slot's words that join two days ("y", ",").
const JOIN: &str = "join";
/// The slot's words for the month's last day.
const LAST: &str = "last";
/// The slot's words after a number that make it a count of time ("cada
/// 2 meses"), not a day.
const UNITS: &str = "units";
/// The slot's words that say a movement repeats ("mensual", "cada
/// semana").
const REPEAT: &str = "repeat";
/// The slot's words that introduce every one of a day ("cada 12",
/// "todos los viernes").
const EVERY: &str = "every";
/// The slot's words that introduce a day of the week said as a habit
/// ("los viernes", "cada lunes").
const EVERY_WEEKDAY: &str = "every_weekday";
/// Keys of the slot's words that are not a value.
const WORD_KEYS: [&str; 7] = [DAY, JOIN, LAST, UNITS, REPEAT, EVERY, EVERY_WEEKDAY];

/// The slot's words under `key`.
fn words<'s>(slot: &'s SlotSpec, key: &str) -> &'s [String] {
    slot.values.get(key).map(Vec::as_slice).unwrap_or(&[])
}

/// The message's folded words, and whether a phrase starts at a word.
struct Said<'r> {
    folded: Vec<&'r str>,
}

impl Said<'_> {
    fn at(&self, i: usize, phrase: &str) -> bool {
        let run: Vec<&str> = phrase.split_whitespace().collect();
        !run.is_empty() && self.folded.get(i..i + run.len()) == Some(run.as_slice())
    }

    fn ends_at(&self, i: usize, list: &[String]) -> bool {
        list.iter().any(|p| {
            let n = p.split_whitespace().count();
            i + 1 >= n && self.at(i + 1 - n, p)
        })
    }

    fn anywhere(&self, list: &[String]) -> bool {
        list.iter()
            .any(|p| (0..self.folded.len()).any(|i| self.at(i, p)))
    }
}

/// Whether the message says the movement repeats: a word of the slot's
/// `repeat` ("mensual", "cada quincena"; a value's own phrase is not
/// enough: "me pagaron la quincena" is one payday), or a day after an
/// `every` word
/// ("cada 12", "todos los 15") or a day of the week said as a habit
/// ("los viernes", "cada lunes").
pub fn repeats(slot: &SlotSpec, reading: &Reading) -> bool {
    let tokens = reading.tokens();
    let said = Said {
        folded: tokens.iter().map(|t| t.text.as_str()).collect(),
    };
    said.anywhere(words(slot, REPEAT))
        || tokens.iter().enumerate().skip(1).any(|(i, t)| {
            let day = t.kind == TokenKind::Number && !said.ends_at(i + 1, words(slot, UNITS));
            let every = |key| said.ends_at(i - 1, words(slot, key));
            day && every(EVERY) || t.weekday().is_some() && every(EVERY_WEEKDAY)
        })
}

/// The days said, as stored ("1", "15,last"), and the char spans of the
/// numbers read as days.
pub fn read(slot: &SlotSpec, reading: &Reading) -> Option<(String, Vec<Range<usize>>)> {
    let tokens = reading.tokens();
    let said = Said {
        folded: tokens.iter().map(|t| t.text.as_str()).collect(),
    };
    let mut days = Days31::default();
    let mut spans = Vec::new();
    // Whether the last day read can be joined by "y" to the next.
    let mut chain = false;
    for (i, t) in tokens.iter().enumerate() {
        let introduced = i > 0 && said.ends_at(i - 1, words(slot, DAY));
        let joined = chain && i > 0 && said.ends_at(i - 1, words(slot, JOIN));
        // "el día primero" is the 1st.
        let first = t.is_in(crate::nlu::lexicon::cues().days.first_day_words);
        let number = (t.kind == TokenKind::Number && t.text.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.text.parse::<u8>().ok())
            .flatten()
            .or(first.then_some(1))
            .filter(|n| (1..=31).contains(n))
            .filter(|_| !said.ends_at(i + 1, words(slot, UNITS)));
        // A day alone answers "¿qué día toca?" ("15", "15 y último").
        let alone =
            i == 0 && (tokens.len() == 1 || said.at(1, "y") || said.ends_at(1, words(slot, JOIN)));
        if let Some(n) = number.filter(|_| introduced || joined || alone) {
            if !days.numbers.contains(&n) {
                days.numbers.push(n);
            }
            spans.push(t.start..t.end);
            chain = true;
            continue;
        }
        // A day of the week alone answers "¿qué día toca?" ("viernes").
        if let Some(day) = t.weekday().filter(|_| introduced || joined || i == 0) {
            days.add_weekday(day.number_from_monday() as u8);
            chain = true;
            continue;
        }
        if words(slot, LAST).iter().any(|p| said.at(i, p)) {
            days.last = true;
            chain = true;
            continue;
        }
        // Words between two days keep the chain ("el 5 y el 20").
        chain = chain && (said.ends_at(i, words(slot, JOIN)) || said.ends_at(i, words(slot, DAY)));
    }
    // A phrase the file gives days ("quincena" → "15,last"), unless the
    // days are said ("la quincena, los días 15 y 30").
    let said_days = !days.numbers.is_empty() || days.last;
    for (value, phrases) in slot.values.iter().filter(|_| !said_days) {
        if WORD_KEYS.contains(&value.as_str()) {
            continue;
        }
        if said.anywhere(phrases)
            && let Some(named) = Days31::parse(value)
        {
            days.numbers.extend(named.numbers);
            days.last |= named.last;
        }
    }
    let text = Days31::parse(&days.to_text())?.to_text();
    Some((text, spans))
}
