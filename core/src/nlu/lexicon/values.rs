//! The lexicon's words that stand for something: numbers ("veinte",
//! "octubre", "lunes", "antier") and foreign currencies ("dólares"), each
//! written in `lexicon.json` grouped under what it stands for.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{WordMap, keep};

/// Words that name a foreign currency, with its ISO 4217 code (`BTC` for
/// bitcoin).
#[derive(Debug)]
pub struct Currencies {
    /// Codes, names and the tokens symbols become ("usd", "dólares", "eur").
    pub names: WordMap<&'static str>,
    /// Adjectives that make "pesos" or "dólares" another country's
    /// ("colombianos", "canadienses").
    pub adjectives: WordMap<&'static str>,
}

/// The `"currencies"` object as written: each code with its words.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CurrenciesEntry {
    pub(super) names: Grouped,
    pub(super) adjectives: Grouped,
}

/// Words grouped under what they stand for (`{"1": ["un", "uno"]}`,
/// `{"USD": ["dolares"]}`): the shape of the cue lists, so one parser
/// reads them all.
pub(crate) type Grouped = BTreeMap<String, Vec<String>>;

/// Each word of `grouped` with what it stands for; a word under two keys
/// is an error.
pub(super) fn by_word<V: Copy>(
    grouped: Grouped,
    value: impl Fn(&str) -> Option<V>,
) -> Result<WordMap<V>, String> {
    let mut words = WordMap::default();
    for (key, list) in grouped {
        let v = value(&key).ok_or_else(|| format!("{key:?} is not a value"))?;
        for word in list {
            if words.insert(keep(word), v).is_some() {
                return Err(format!("a word stands for two values near {key:?}"));
            }
        }
    }
    Ok(words)
}

/// Words that stand for a number, by what the number counts. Tokens carry
/// the first four (`Token::number_word`, `Token::month`…).
#[derive(Debug)]
pub struct Values {
    /// Numbers in words, up to the hundreds ("veinte", "quinientos"); the
    /// readers combine them with "mil", "millones"…
    pub number_words: WordMap<u32>,
    /// Month names and abbreviations, 1 = January.
    pub months: WordMap<u32>,
    /// Weekday names and abbreviations, 1 = Monday.
    pub weekdays: WordMap<u32>,
    /// Days before today a word names ("ayer" aside: "antes de ayer").
    pub days_ago: WordMap<u32>,
    /// Months before this one a word after "mes" names ("el mes pasado").
    pub months_back: WordMap<u32>,
    /// Which half of a month ("la primera quincena").
    pub month_halves: WordMap<u32>,
    /// Which quarter of a year ("el primer trimestre").
    pub quarters: WordMap<u32>,
}

/// The `"values"` object as written: each number with its words.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ValuesEntry {
    number_words: Grouped,
    months: Grouped,
    weekdays: Grouped,
    days_ago: Grouped,
    months_back: Grouped,
    month_halves: Grouped,
    quarters: Grouped,
}

impl Values {
    pub(super) fn from_entry(entry: ValuesEntry) -> Result<Values, String> {
        let numbers = |grouped| by_word(grouped, |key| key.parse::<u32>().ok());
        Ok(Values {
            number_words: numbers(entry.number_words)?,
            months: numbers(entry.months)?,
            weekdays: numbers(entry.weekdays)?,
            days_ago: numbers(entry.days_ago)?,
            months_back: numbers(entry.months_back)?,
            month_halves: numbers(entry.month_halves)?,
            quarters: numbers(entry.quarters)?,
        })
    }
}
