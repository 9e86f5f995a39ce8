//! The days of the month a recurring movement falls on, read from what
//! the person said: "cada día 1", "el 12", "los días 15 y último", "el 5
//! y el 20", or a phrase the slot's file gives a value ("cada quincena").
//! A number is a day only where the slot's `day` words introduce it ("día",
//! "el", "los") or it joins a day before it ("15 y 30"), so the amount of
//! "netflix 219 cada mes el 12" is never a day, nor a day the amount.

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

/// The days said, as stored ("1", "15,last"), and the char spans of the
/// numbers read as days.
pub fn read(slot: &SlotSpec, reading: &Reading) -> Option<(String, Vec<Range<usize>>)> {
    let words = |key: &str| slot.values.get(key).map(Vec::as_slice).unwrap_or(&[]);
    let tokens = reading.tokens();
    let folded: Vec<&str> = tokens.iter().map(|t| t.text.as_str()).collect();
    let says_at = |i: usize, phrase: &str| {
        let run: Vec<&str> = phrase.split_whitespace().collect();
        !run.is_empty() && folded.get(i..i + run.len()) == Some(run.as_slice())
    };
    let ends_at = |i: usize, list: &[String]| {
        list.iter().any(|p| {
            let n = p.split_whitespace().count();
            i + 1 >= n && says_at(i + 1 - n, p)
        })
    };
    let mut days = Days31::default();
    let mut spans = Vec::new();
    // Whether the last day read can be joined by "y" to the next.
    let mut chain = false;
    for (i, t) in tokens.iter().enumerate() {
        let introduced = i > 0 && ends_at(i - 1, words(DAY));
        let joined = chain && i > 0 && ends_at(i - 1, words(JOIN));
        let number = (t.kind == TokenKind::Number && t.text.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.text.parse::<u8>().ok())
            .flatten()
            .filter(|n| (1..=31).contains(n));
        if let Some(n) = number.filter(|_| introduced || joined) {
            if !days.numbers.contains(&n) {
                days.numbers.push(n);
            }
            spans.push(t.start..t.end);
            chain = true;
            continue;
        }
        if words(LAST).iter().any(|p| says_at(i, p)) {
            days.last = true;
            chain = true;
            continue;
        }
        // Words between two days keep the chain ("el 5 y el 20").
        chain = chain && (ends_at(i, words(JOIN)) || ends_at(i, words(DAY)));
    }
    // A phrase the file gives days ("quincena" → "15,last").
    for (value, phrases) in &slot.values {
        if [DAY, JOIN, LAST].contains(&value.as_str()) {
            continue;
        }
        let said = phrases
            .iter()
            .any(|p| (0..folded.len()).any(|i| says_at(i, p)));
        if said && let Some(named) = Days31::parse(value) {
            days.numbers.extend(named.numbers);
            days.last |= named.last;
        }
    }
    let text = Days31::parse(&days.to_text())?.to_text();
    Some((text, spans))
}
