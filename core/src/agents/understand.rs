//! Understanding for data agents, deterministic: intents by trigger
//! phrases with a confidence, navigation phrases, and slot readers per
//! type that reuse Caja's NLU for money and dates. Every Spanish word is in
//! the lexicon.

use serde_json::{Map, Value};

use super::registry::{Agent, content_tokens, content_words};
use super::services::decimal;
use super::spec::{SlotSpec, SlotType};
use crate::nlu::Reading;
use crate::nlu::lexicon::cues;

/// The best intent of `agent` for a message, with a confidence from 0 to
/// 1: the share of a trigger phrase's content words the message holds,
/// less a little for every other content word of the message.
pub fn best_intent<'a>(agent: &'a Agent, words: &[&str]) -> Option<(&'a str, f32)> {
    let mut best: Option<(&str, f32)> = None;
    for (intent, phrases) in &agent.triggers {
        for phrase in phrases {
            if phrase.is_empty() {
                continue;
            }
            let held = phrase
                .iter()
                .filter(|w| words.contains(&w.as_str()))
                .count();
            let covered = held as f32 / phrase.len() as f32;
            let extra = words.len().saturating_sub(held) as f32;
            let score = (covered - 0.02 * extra).max(0.0);
            if best.is_none_or(|(_, s)| score > s) {
                best = Some((intent.as_str(), score));
            }
        }
    }
    best
}

/// Where a navigation phrase sends the user.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nav {
    /// "cancelar", "mejor no": drop the flow and go home.
    Cancel,
    /// "menú principal", "inicio".
    Home,
    /// "regresa", "atrás".
    Back,
}

/// The navigation phrase a message holds, and whether it says anything
/// else ("mejor no. Quiero un crédito" also asks for something).
pub fn navigation(reading: &Reading) -> Option<(Nav, bool)> {
    let c = cues();
    let words = content_tokens(reading.tokens());
    let lists = [
        (c.nav_cancel, Nav::Cancel),
        (c.nav_home, Nav::Home),
        (c.nav_back, Nav::Back),
    ];
    for (phrases, nav) in lists {
        // Phrases come split into words from the lexicon.
        for phrase_words in phrases.cues() {
            let found = reading
                .tokens()
                .windows(phrase_words.len())
                .any(|w| w.iter().zip(phrase_words.iter()).all(|(t, p)| t.text == *p));
            if found {
                let rest = words
                    .iter()
                    .filter(|w| !phrase_words.contains(w) && !c.nav_fillers.words().contains(w))
                    .count();
                return Some((nav, rest > 0));
            }
        }
    }
    None
}

/// What a reply gives for a slot.
#[derive(Clone, Debug, PartialEq)]
pub enum SlotRead {
    /// The value, and for a choice from context the option chosen.
    Value(Value, Option<Value>),
    /// Money in another currency than the slot's (given).
    WrongCurrency(&'static str),
    /// Nothing of the slot's type.
    Nothing,
}

/// Reads a reply into a slot. `data` is the flow's data (for choices from
/// context).
pub fn read_slot(slot: &SlotSpec, reading: &Reading, data: &Map<String, Value>) -> SlotRead {
    match slot.kind {
        SlotType::MoneyMxn => money(reading, "MXN"),
        SlotType::MoneyUsd => money(reading, "USD"),
        SlotType::Date => {
            let when = crate::nlu::extract(reading.text(), reading.today()).dates;
            when.first().map_or(SlotRead::Nothing, |w| {
                SlotRead::Value(Value::from(w.from.to_string()), None)
            })
        }
        SlotType::Integer => reading
            .tokens()
            .iter()
            .find(|t| t.kind == crate::nlu::normalize::TokenKind::Number)
            .and_then(|t| t.text.parse::<i64>().ok())
            .map_or(SlotRead::Nothing, |n| SlotRead::Value(Value::from(n), None)),
        SlotType::Text => {
            let text = reading.text();
            if text.is_empty() || text.chars().count() > 200 {
                SlotRead::Nothing
            } else {
                SlotRead::Value(Value::from(text), None)
            }
        }
        SlotType::Phone => match choose(slot, reading, data) {
            SlotRead::Nothing => phone(reading.text()),
            chosen => chosen,
        },
        SlotType::Choice => choose(slot, reading, data),
    }
}

fn money(reading: &Reading, want: &'static str) -> SlotRead {
    let extraction = crate::nlu::extract(reading.text(), reading.today());
    let Some(m) = extraction.amounts.iter().find(|m| !m.negative) else {
        return SlotRead::Nothing;
    };
    // A bare number answers in the currency asked; "$" and "pesos" are
    // pesos, named foreign money is that money.
    let said_pesos = reading.text().contains('$')
        || content_tokens(reading.tokens())
            .iter()
            .any(|w| cues().peso_words.words().contains(w));
    let currency = match (m.currency, want) {
        ("MXN", "USD") if !said_pesos => "USD",
        (code, _) => code,
    };
    if currency != want {
        return SlotRead::WrongCurrency(want);
    }
    SlotRead::Value(decimal(m.centavos), None)
}

/// A phone number of 10 digits, optionally after +52 (spaces, dashes and
/// dots allowed), as "+52 55 1234 5678".
pub fn phone(text: &str) -> SlotRead {
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    let national = match digits.len() {
        10 => digits.as_str(),
        12 if digits.starts_with("52") => &digits[2..],
        _ => return SlotRead::Nothing,
    };
    let formatted = format!(
        "+52 {} {} {}",
        &national[..2],
        &national[2..6],
        &national[6..]
    );
    SlotRead::Value(Value::from(formatted), None)
}

/// A choice: from a list in context by number, ordinal or the words of an
/// option ("a mi mamá, María"), or from fixed values by their words.
fn choose(slot: &SlotSpec, reading: &Reading, data: &Map<String, Value>) -> SlotRead {
    let words = content_tokens(reading.tokens());
    if let Some(from) = &slot.options_from {
        let key = from.strip_prefix("data.").unwrap_or(from);
        let Some(options) = data.get(key).and_then(Value::as_array) else {
            return SlotRead::Nothing;
        };
        let value_of = |option: &Value| {
            let field = slot.option_value.as_deref().unwrap_or("id");
            option
                .get(field)
                .cloned()
                .map(|v| SlotRead::Value(v, Some(option.clone())))
        };
        if let Some(n) = number_alone(reading).or_else(|| ordinal(&words))
            && let Some(option) = options.get(n)
        {
            return value_of(option).unwrap_or(SlotRead::Nothing);
        }
        let score = |option: &Value| -> usize {
            slot.option_words
                .iter()
                .filter_map(|field| option.get(field).and_then(Value::as_str))
                .flat_map(content_words)
                .filter(|w| words.contains(&w.as_str()))
                .count()
        };
        let scores: Vec<usize> = options.iter().map(score).collect();
        let best = scores.iter().copied().max().unwrap_or(0);
        if best > 0 && scores.iter().filter(|&&s| s == best).count() == 1 {
            let i = scores.iter().position(|&s| s == best).unwrap_or(0);
            return value_of(&options[i]).unwrap_or(SlotRead::Nothing);
        }
        return SlotRead::Nothing;
    }
    let picked: Vec<&String> = slot
        .values
        .iter()
        .filter(|(_, cue)| cue.iter().any(|c| words.contains(&c.as_str())))
        .map(|(value, _)| value)
        .collect();
    match picked.as_slice() {
        [one] => SlotRead::Value(Value::from(one.as_str()), None),
        _ => match number_alone(reading)
            .or_else(|| ordinal(&words))
            .and_then(|n| slot.values.keys().nth(n))
        {
            Some(value) if slot.values.len() > 1 && picked.is_empty() => {
                SlotRead::Value(Value::from(value.as_str()), None)
            }
            _ => SlotRead::Nothing,
        },
    }
}

/// "1", "el primero", "la segunda": a 0-based position.
fn ordinal(words: &[&str]) -> Option<usize> {
    let ordinals = cues().ordinals.words();
    words.iter().find_map(|w| {
        let masculine = w.strip_suffix('a').map(|stem| format!("{stem}o"));
        ordinals
            .iter()
            .position(|o| *o == *w || masculine.as_deref() == Some(*o))
    })
}

/// A number alone ("2", "2)") picks an option by position.
pub fn number_alone(reading: &Reading) -> Option<usize> {
    let text = reading.text().trim_end_matches([')', '.']);
    text.parse::<usize>().ok().and_then(|n| n.checked_sub(1))
}
