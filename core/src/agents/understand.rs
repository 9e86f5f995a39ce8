//! Understanding for data agents, deterministic: intents by trigger
//! phrases with a confidence, navigation phrases, and slot readers per
//! type that reuse Caja's NLU for money and dates. Every Spanish word is in
//! the lexicon.

use serde_json::{Map, Value};

mod dates;
mod digits;
pub use digits::phone;
mod month_days;
pub mod options;
mod period;
mod requests;

pub use requests::{
    best_request, compares_intent, denied_intent, negated_request, received_intent, repeats_intent,
    requests, statement_intent,
};

use super::phrases;
use super::registry::{Agent, content_tokens, content_words};
use super::spec::{SlotSpec, SlotType};
use crate::nlu::Reading;
use crate::nlu::lexicon::cues;
use crate::tools::sandbox::decimal;

/// The best intent of `agent` for a message, with a confidence from 0 to
/// 1: the share of a trigger phrase's content words the message holds,
/// less a little for every other content word of the message.
pub fn best_intent<'a>(agent: &'a Agent, words: &[&str]) -> Option<(&'a str, f32)> {
    let said = agent.vocab.said(words);
    let (intent, score) = agent.postings.best(&agent.triggers, &said)?;
    Some((agent.triggers[intent].0.as_str(), score))
}

/// The intents of `agent` a message matches in part (a score from
/// `floor` up to below `sure`), best first, at most three, each with a
/// tool to call.
pub fn partial_intents<'a>(
    agent: &'a Agent,
    words: &[&str],
    floor: f32,
    sure: f32,
) -> Vec<&'a str> {
    let mut scored: Vec<(&str, f32)> = agent
        .triggers
        .iter()
        .map(|(intent, _)| intent)
        .filter(|intent| agent.tool_for_intent(intent).is_some())
        .filter_map(|intent| {
            let score = intent_score(agent, intent, words)?;
            (floor..sure)
                .contains(&score)
                .then_some((intent.as_str(), score))
        })
        .collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    scored
        .into_iter()
        .take(3)
        .map(|(intent, _)| intent)
        .collect()
}

/// The best score of one intent's phrases for a message.
pub fn intent_score(agent: &Agent, intent: &str, words: &[&str]) -> Option<f32> {
    let (_, phrases) = agent.triggers.iter().find(|(name, _)| name == intent)?;
    phrases::scored(phrases, &agent.vocab.said(words)).map(|(score, _)| score)
}

/// The agent's question a message asks, if one matches as surely as a
/// trigger does: its index in the agent's `faq`.
pub fn faq_match(agent: &Agent, words: &[&str], sure: f32) -> Option<usize> {
    let said = agent.vocab.said(words);
    agent
        .faq
        .iter()
        .enumerate()
        .filter_map(|(i, (phrases, _))| Some((i, phrases::scored(phrases, &said)?.0)))
        .filter(|(_, score)| *score >= sure)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

/// The intent of `agent` a message says in the very words of one of its
/// quoted phrases ("\"ya me pagó\"": every word written), as surely as
/// `sure`. The author wrote those words to mean that intent, so such a
/// request outranks a finance reading of the same message.
pub fn exact_intent<'a>(agent: &'a Agent, words: &[&str], sure: f32) -> Option<&'a str> {
    let said = agent.vocab.said(words);
    agent
        .triggers
        .iter()
        .filter_map(|(intent, phrases)| {
            let (score, exact) = phrases::scored(phrases, &said)?;
            (exact && score >= sure).then_some((intent.as_str(), score))
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(intent, _)| intent)
}

/// The intent a reply picks among `options` offered: by number or
/// ordinal, by "sí" to a single option, or by the words of one option's
/// label or phrases (a unique best).
pub fn pick_intent<'o>(
    agent: &Agent,
    reading: &Reading,
    words: &[&str],
    options: &'o [String],
) -> Option<&'o str> {
    if let Some(n) = number_alone(reading).or_else(|| ordinal(words)) {
        return options.get(n).map(String::as_str);
    }
    if options.len() == 1 && reading.decision() == crate::nlu::answers::Decision::Confirm {
        return options.first().map(String::as_str);
    }
    let score = |intent: &String| -> f32 {
        let by_label = agent.intent_label(intent).map_or(0.0, |label| {
            let label_words = content_words(label);
            let held = label_words
                .iter()
                .filter(|w| words.contains(&w.as_str()))
                .count();
            held as f32 / label_words.len().max(1) as f32
        });
        by_label.max(intent_score(agent, intent, words).unwrap_or(0.0))
    };
    let scores: Vec<f32> = options.iter().map(score).collect();
    let best = scores.iter().copied().fold(0.0, f32::max);
    let at_best: Vec<usize> = (0..options.len()).filter(|&i| scores[i] == best).collect();
    match at_best.as_slice() {
        [one] if best > 0.0 => Some(options[*one].as_str()),
        _ => None,
    }
}

pub use crate::nlu::answers::{Nav, navigation};

/// What a reply gives for a slot.
#[derive(Clone, Debug, PartialEq)]
pub enum SlotRead {
    /// The value, and for a choice from context the option chosen.
    Value(Value, Option<Value>),
    /// Money in another currency than the slot's (given).
    WrongCurrency(&'static str),
    /// Money written below zero, and none above.
    Negative,
    /// Nothing of the slot's type.
    Nothing,
}

/// The clause of a message of several that says the money, read alone.
fn money_clause(reading: &Reading) -> Option<Reading> {
    let clauses = crate::nlu::items::clauses(reading.text());
    if clauses.len() < 2 || reading.extraction().amounts.is_empty() {
        return None;
    }
    clauses
        .iter()
        .map(|c| Reading::new(c, reading.today()))
        .find(|r| !r.extraction().amounts.is_empty())
}

/// Whether `word` is one of the agent's own words ("cóbrale",
/// "recordatorio"): never a name.
fn own_word(agent: &Agent, word: &str) -> bool {
    agent
        .triggers
        .iter()
        .any(|(_, p)| phrases::any_holds(&agent.vocab, p, word))
}

/// A movement told with its money and what it was for ("ayer 2 kilos de
/// tortilla a 24 el kilo"): its numbers are no count or reference.
fn tells_of_purchase(reading: &Reading) -> bool {
    let u = reading.understanding();
    u.intent == crate::nlu::Intent::LogTransaction && u.amount.is_some() && u.category.is_some()
}

/// Reads a reply into a slot. `data` is the flow's data (for choices from
/// context).
pub fn read_slot(
    agent: &Agent,
    slot: &SlotSpec,
    reading: &Reading,
    data: &Map<String, Value>,
) -> SlotRead {
    let own = |word: &str| own_word(agent, word);
    let text = |found: Option<String>| {
        found
            .filter(|t| t.chars().count() <= 120)
            .map_or(SlotRead::Nothing, |t| SlotRead::Value(Value::from(t), None))
    };
    match slot.kind {
        SlotType::Person => text(crate::nlu::names::person(reading, &own)),
        SlotType::Concept => text(crate::nlu::names::concept(reading, &own)),
        SlotType::MoneyMxn => money(reading, "MXN", &day_spans(agent, reading)),
        SlotType::MoneyUsd => money(reading, "USD", &day_spans(agent, reading)),
        SlotType::Date => dates::past(slot, reading).map_or(SlotRead::Nothing, |day| {
            SlotRead::Value(Value::from(day.to_string()), None)
        }),
        SlotType::Category => crate::nlu::category::find_categories(reading.tokens(), &[])
            .into_iter()
            .find(|m| !m.fuzzy)
            .map_or(SlotRead::Nothing, |m| {
                let (key, label) = (m.category.key, m.category.label);
                SlotRead::Value(
                    Value::from(key),
                    Some(serde_json::json!({ "value": key, "label": label })),
                )
            }),
        SlotType::Period => period::read(reading).map_or(SlotRead::Nothing, |asked| {
            SlotRead::Value(asked.to_value(), None)
        }),
        SlotType::FutureDate => dates::due(slot, reading).map_or(SlotRead::Nothing, |date| {
            SlotRead::Value(Value::from(date.to_string()), None)
        }),
        // A message that names money ("¿mejor 200 dólares?") holds no
        // count or reference number.
        SlotType::Integer if names_money(reading) || tells_of_purchase(reading) => {
            SlotRead::Nothing
        }
        SlotType::Integer => reading
            .tokens()
            .iter()
            .find(|t| t.kind == crate::nlu::normalize::TokenKind::Number)
            .and_then(|t| t.text.parse::<i64>().ok())
            .map_or(SlotRead::Nothing, |n| SlotRead::Value(Value::from(n), None)),
        SlotType::Digits if names_money(reading) || tells_of_purchase(reading) => SlotRead::Nothing,
        SlotType::Digits => digits::read(slot, reading.text()),
        SlotType::Text => {
            let text = reading.text();
            if text.is_empty() || text.chars().count() > 200 {
                SlotRead::Nothing
            } else {
                SlotRead::Value(Value::from(text), None)
            }
        }
        // A number typed is the number, whatever saved name is said with
        // it ("recárgale 50 a mi mamá al 5511112222").
        SlotType::Phone => match phone(reading.text()) {
            SlotRead::Nothing => choose(slot, reading, data),
            typed => typed,
        },
        SlotType::Choice => choose(slot, reading, data),
        SlotType::Switch => switch(slot, reading),
        SlotType::MonthDays => month_days::read(slot, reading)
            .map_or(SlotRead::Nothing, |(days, _)| {
                SlotRead::Value(Value::from(days), None)
            }),
        SlotType::Label => {
            let skip = slot.values.get("skip").map(Vec::as_slice).unwrap_or(&[]);
            let skipped = |word: &str| skip.iter().any(|s| s == word);
            // "Buenos días, joven. Soy maestra jubilada, pago el cable 450
            // cada mes": what is named is in the clause with the money,
            // when it names anything.
            let label = |r: &Reading| crate::nlu::names::label(r, &skipped);
            text(
                money_clause(reading)
                    .and_then(|c| label(&c))
                    .or_else(|| label(reading)),
            )
        }
        SlotType::Code => code(slot, reading),
    }
}

/// A code the message says whose letters are one of the slot's
/// `prefix` values ("COB-0001", "cob-1"), as `COB-0001` or `COB-1`.
fn code(slot: &SlotSpec, reading: &Reading) -> SlotRead {
    let prefixes = slot.values.get("prefix").map(Vec::as_slice).unwrap_or(&[]);
    reading
        .tokens()
        .windows(2)
        .find(|pair| {
            let (letters, digits) = (&pair[0], &pair[1]);
            letters.code
                && digits.code
                && digits.kind == crate::nlu::normalize::TokenKind::Number
                && digits.text.bytes().all(|b| b.is_ascii_digit())
                && prefixes.contains(&letters.text)
        })
        .map_or(SlotRead::Nothing, |pair| {
            let code = format!("{}-{}", pair[0].text.to_uppercase(), pair[1].text);
            SlotRead::Value(Value::from(code), None)
        })
}

/// The strongest switch value whose phrase the message says, as a run of
/// its words.
fn switch(slot: &SlotSpec, reading: &Reading) -> SlotRead {
    let words: Vec<&str> = reading.words().collect();
    let says = |phrase: &String| {
        let run: Vec<&str> = phrase.split_whitespace().collect();
        !run.is_empty() && words.windows(run.len()).any(|w| w == run.as_slice())
    };
    crate::agents::spec::SWITCH_VALUES
        .iter()
        .find(|value| slot.values.get(**value).is_some_and(|p| p.iter().any(says)))
        .map_or(SlotRead::Nothing, |value| {
            SlotRead::Value(Value::from(*value), None)
        })
}

/// Whether a money slot in a currency other than pesos has its currency
/// named in `reading` ("100 dólares", "usd 100"); any other slot: true.
pub fn currency_named(spec: &SlotSpec, reading: &Reading) -> bool {
    spec.kind != SlotType::MoneyUsd
        || reading
            .extraction()
            .amounts
            .iter()
            .any(|m| !m.negative && m.currency == "USD")
}

/// Where the agent's days of the month were said, as byte ranges of the
/// message: a day of the month is never the amount ("el 1 de cada mes
/// pago 8 mil").
fn day_spans(agent: &Agent, reading: &Reading) -> Vec<std::ops::Range<usize>> {
    agent
        .spec
        .slots
        .values()
        .filter(|s| s.kind == SlotType::MonthDays)
        .filter_map(|s| month_days::read(s, reading))
        .flat_map(|(_, spans)| spans)
        .map(|r| reading.byte_at(r.start)..reading.byte_at(r.end))
        .collect()
}

fn money(reading: &Reading, want: &'static str, days: &[std::ops::Range<usize>]) -> SlotRead {
    let extraction = reading.extraction();
    // The digits of a phone number are never money ("el número es 55 8765
    // 4321" while a top-up waits).
    let phones = phone_runs(reading.text());
    let amounts: Vec<_> = extraction
        .amounts
        .iter()
        .filter(|m| {
            !phones
                .iter()
                .any(|run| run.start <= m.span.start && m.span.end <= run.end)
                && !days
                    .iter()
                    .any(|d| m.span.start < d.end && d.start < m.span.end)
        })
        .collect();
    // "unos 80, no, mejor 150": an amount the message takes back is not
    // the answer.
    // "le fié 2 docenas, son 480": a count is no money when another
    // amount is.
    let usable = || amounts.iter().filter(|m| !m.negative && !m.retracted);
    let Some(m) = usable().find(|m| !m.doubtful).or_else(|| usable().next()) else {
        if amounts.iter().any(|m| m.negative) {
            return SlotRead::Negative;
        }
        return SlotRead::Nothing;
    };
    // A bare number answers in the currency asked; "$" and "pesos" are
    // pesos, named foreign money is that money.
    let said_pesos = says_pesos(reading);
    let currency = match (m.currency, want) {
        ("MXN", "USD") if !said_pesos => "USD",
        (code, _) => code,
    };
    if currency != want {
        return SlotRead::WrongCurrency(want);
    }
    SlotRead::Value(decimal(m.centavos), None)
}

/// Whether the message names money: pesos or another currency.
fn names_money(reading: &Reading) -> bool {
    says_pesos(reading)
        || reading
            .extraction()
            .amounts
            .iter()
            .any(|m| m.currency != "MXN")
}

/// Whether the message says pesos: "$" or a peso word.
fn says_pesos(reading: &Reading) -> bool {
    reading.text().contains('$')
        || content_tokens(reading.tokens())
            .iter()
            .any(|w| cues().amounts.peso_words.words().contains(w))
}

/// The byte ranges of `text` that write a phone number: runs of digits
/// and the separators a number is written with that hold 10 digits (12
/// after 52).
fn phone_runs(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut runs = Vec::new();
    let mut start = None;
    let is_part = |c: char| c.is_ascii_digit() || " -.+()".contains(c);
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), '\0')))
    {
        match (start, c != '\0' && is_part(c)) {
            (None, true) => start = Some(i),
            (Some(from), false) => {
                let digits: String = text[from..i].chars().filter(char::is_ascii_digit).collect();
                if digits.len() == 10 || digits.len() == 12 && digits.starts_with("52") {
                    runs.push(from..i);
                }
                start = None;
            }
            _ => {}
        }
    }
    runs
}

/// A choice: from a list in context by number, ordinal or the words of an
/// option ("a mi mamá, María"), or from fixed values by their words.
fn choose(slot: &SlotSpec, reading: &Reading, data: &Map<String, Value>) -> SlotRead {
    // Words said under a negation pick nothing: "a mi hermano no, a mi
    // tía" names the brother to deny him.
    let said: Vec<_> = reading
        .tokens()
        .iter()
        .zip(reading.negated())
        .filter(|(_, under)| !**under)
        .map(|(t, _)| t.clone())
        .collect();
    let words = content_tokens(&said);
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
            let option_words: Vec<String> = slot
                .option_words
                .iter()
                .filter_map(|field| options[i].get(field).and_then(Value::as_str))
                .flat_map(content_words)
                .collect();
            if options::unoffered(&option_words, reading).is_some() {
                return SlotRead::Nothing;
            }
            return value_of(&options[i]).unwrap_or(SlotRead::Nothing);
        }
        return SlotRead::Nothing;
    }
    // A value's words are explicit, so they are read among every word of
    // the reply: "no" answers a yes/no choice though it is a filler.
    // A value said with yes/no words ("si", "no") is picked only by a
    // reply that is a yes or a no as the confirmation gate reads it:
    // "y si lo pago la otra semana?" holds "si" but says neither.
    let every_word: Vec<&str> = reading.words().collect();
    let answer = reading.decision();
    // A cue of several words is said as a run of them ("me paga").
    let says = |c: &&String| {
        let run: Vec<&str> = c.split_whitespace().collect();
        !run.is_empty() && every_word.windows(run.len()).any(|w| w == run.as_slice())
    };
    let mut picked: Vec<&String> = slot
        .values
        .iter()
        .filter(|(_, cue)| {
            let said = cue.iter().filter(says);
            let mut said = said.peekable();
            said.peek().is_some()
                && said.all(|c| {
                    let kind = crate::nlu::answers::decide(c);
                    kind == crate::nlu::answers::Decision::Other || kind == answer
                })
        })
        .map(|(value, _)| value)
        .collect();
    // Of values said both, the one said in more words is the one meant:
    // "la nómina del ayudante" (an expense) holds "nómina" (an income).
    if picked.len() > 1 && !slot.many {
        let longest = |value: &&String| {
            slot.values[*value]
                .iter()
                .filter(says)
                .map(|c| c.split_whitespace().count())
                .max()
                .unwrap_or(0)
        };
        let most = picked.iter().map(longest).max().unwrap_or(0);
        if picked.iter().filter(|v| longest(v) == most).count() == 1 {
            picked.retain(|v| longest(v) == most);
        }
    }
    match picked.as_slice() {
        [one] => SlotRead::Value(Value::from(one.as_str()), None),
        [_, _, ..] if slot.many => SlotRead::Value(
            Value::from(
                picked
                    .iter()
                    .map(|v| v.as_str())
                    .collect::<Vec<_>>()
                    .join(","),
            ),
            None,
        ),
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
pub fn ordinal(words: &[&str]) -> Option<usize> {
    let ordinals = cues().days.ordinals.words();
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
