//! A due date read from a request: the next day that fits what was
//! said, never a day said of the act itself ("se los presté hoy" is when
//! the money was lent, not when it is due).

use crate::agents::spec::SlotSpec;
use crate::nlu::Reading;
use crate::nlu::normalize::fold;

/// The slot's words right before a day that make it the day of the act,
/// or the day since when, never a due date ("presté", "fié", "desde").
const NOT_DUE_BEFORE: &str = "not_due_before";

/// The slot's words that, said before a day, make it the day of something
/// else ("lo demás el viernes" is when the rest comes, not a payment's day).
const NOT_AFTER: &str = "not_after";

/// The day the message says something happened, if any: the first day
/// said, unless one of the slot's `not_after` words comes before it.
pub fn past(slot: &SlotSpec, reading: &Reading) -> Option<chrono::NaiveDate> {
    let first = reading.extraction().dates.first()?;
    let before = fold(reading.text().get(..first.span.start)?);
    let other = slot.values.get(NOT_AFTER).is_some_and(|words| {
        before
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| words.iter().any(|n| n == w))
    });
    (!other).then_some(first.from)
}

/// The due date the message says, if any.
/// A day of the act, or a day gone by with another said after it ("le
/// fié 300 ayer, me paga el viernes"), gives way to the next day said.
pub fn due(slot: &SlotSpec, reading: &Reading) -> Option<chrono::NaiveDate> {
    let first = reading.extraction().dates.first()?;
    let before = fold(reading.text().get(..first.span.start)?);
    let last = before
        .split(|c: char| !c.is_alphanumeric())
        .rfind(|w| !w.is_empty());
    let not_due = slot
        .values
        .get(NOT_DUE_BEFORE)
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    // "le presté el lunes", and "el lunes le fié 200 a Rosa": a day said
    // right before the act, or first in the clause that tells of it, is
    // when it was done.
    let acted_after = reading
        .text()
        .get(first.span.end..)
        .and_then(|rest| rest.split([',', ';', '.']).next())
        .is_some_and(|clause| {
            fold(clause)
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| not_due.iter().any(|n| n == w))
        });
    let of_the_act = last.is_some_and(|w| not_due.iter().any(|n| n == w)) || acted_after;
    let later = || {
        let rest = reading.text().get(first.span.end..)?;
        due(slot, &Reading::new(rest, reading.today()))
    };
    // "me debe 150 de la semana pasada": a span of days gone by says when
    // the money was lent, never when it is due.
    let past_span = first.from != first.to && first.to < reading.today();
    if of_the_act || past_span {
        return later();
    }
    if first.from < reading.today()
        && let Some(day) = later()
    {
        return Some(day);
    }
    upcoming_date(reading)
}

/// The date a message names, as a due date: the dates reader answers with
/// the most recent day that fits as of a reference day, and that answer
/// only moves forward as the reference does, so the next day that fits is
/// found by a binary search over the reference days of the coming year. A
/// date given whole (with its year) or relative to today ("ayer",
/// "mañana") stays as said.
fn upcoming_date(reading: &Reading) -> Option<chrono::NaiveDate> {
    let today = reading.today();
    let read = |reference| {
        crate::nlu::extract(reading.text(), reference)
            .dates
            .first()
            .map(|w| w.from)
    };
    let said = read(today)?;
    // "el sábado 28" is the next Saturday the 28th: a weekday with its day
    // moves forward like a day alone.
    let weekday = reading.tokens().iter().any(|t| t.weekday().is_some());
    let as_said = !weekday && crate::nlu::moments::special_date(reading.tokens(), today).is_some();
    if said >= today || as_said {
        return Some(said);
    }
    let day = |n: u64| today.checked_add_days(chrono::Days::new(n));
    // A day counted from today ("ayer", "hace 3 días") moves with the
    // reference day: it stays as said, in the past, for the checks to refuse.
    if read(day(1)?) == said.checked_add_days(chrono::Days::new(1)) {
        return Some(said);
    }
    let (mut low, mut high) = (0_u64, 366_u64);
    if read(day(high)?).is_none_or(|d| d < today) {
        return Some(said);
    }
    while high - low > 1 {
        let middle = (low + high) / 2;
        match read(day(middle)?) {
            Some(date) if date >= today => high = middle,
            _ => low = middle,
        }
    }
    read(day(high)?)
}
