//! A number written with digits that is no amount: a bill's reference
//! ("1234 5678 9012", "0012-3456-7890"), kept as its digits, leading
//! zeros included.

use serde_json::Value;

use super::SlotRead;
use crate::agents::spec::SlotSpec;

/// Digits a slot accepts when its file gives no bounds.
const FEWEST: usize = 4;
const MOST: usize = 40;

/// The one run of digits in `text` (groups joined by a space or a hyphen
/// are one run) whose length is within the slot's `min` and `max` digits;
/// nothing when none is, or when several are.
pub(super) fn read(slot: &SlotSpec, text: &str) -> SlotRead {
    let fewest = slot.min.map_or(FEWEST, |n| n as usize);
    let most = slot.max.map_or(MOST, |n| n as usize);
    let mut fitting = runs(text)
        .into_iter()
        .filter(|run| (fewest..=most).contains(&run.len()));
    match (fitting.next(), fitting.next()) {
        (Some(run), None) => SlotRead::Value(Value::from(run), None),
        _ => SlotRead::Nothing,
    }
}

/// The runs of digits in `text`: digits, and a single space or hyphen
/// between two digits, which joins their groups.
fn runs(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for (i, c) in chars.iter().enumerate() {
        if c.is_ascii_digit() {
            current.push(*c);
            continue;
        }
        let joins = (*c == ' ' || *c == '-')
            && !current.is_empty()
            && chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if !joins && !current.is_empty() {
            out.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// A phone number of 10 digits, optionally after +52 (spaces, dashes and
/// dots allowed), as "+52 55 1234 5678": the whole reply, else the first
/// run of digits among other words ("recarga de 100 al 55 1234 5678").
pub fn phone(text: &str) -> SlotRead {
    let national = |digits: &str| -> Option<String> {
        match digits.len() {
            10 => Some(digits.to_string()),
            12 if digits.starts_with("52") => Some(digits[2..].to_string()),
            _ => None,
        }
    };
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    // Runs of digits joined by the separators a number is written with.
    let runs = text
        .split(|c: char| !(c.is_ascii_digit() || " -.+()".contains(c)))
        .map(|run| run.chars().filter(char::is_ascii_digit).collect::<String>());
    let Some(national) = national(&digits).or_else(|| runs.into_iter().find_map(|r| national(&r)))
    else {
        return SlotRead::Nothing;
    };
    let formatted = format!(
        "+52 {} {} {}",
        &national[..2],
        &national[2..6],
        &national[6..]
    );
    SlotRead::Value(Value::from(formatted), None)
}

#[cfg(test)]
mod tests {
    use super::runs;

    #[test]
    fn groups_joined_by_a_space_or_hyphen_are_one_run() {
        assert_eq!(runs("es la 0012 3456-7890 ok"), ["001234567890"]);
        assert_eq!(runs("eran 400 no 350"), ["400", "350"]);
        assert_eq!(runs("400, 350"), ["400", "350"]);
    }
}
