//! The Spanish words Caja reads, as data: `lexicon.json`, compiled in and
//! parsed once at first use. Code names what a list signals (`payment
//! verbs`, `lenders`); the words themselves live in the file, so words are
//! added without touching code. Every word is folded (see
//! [`super::normalize::fold`]); a test checks it.

use std::sync::OnceLock;

use serde::Deserialize;

use super::category::Category;

const SOURCE: &str = include_str!("lexicon.json");

/// The parsed lexicon.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lexicon {
    #[allow(dead_code)] // documentation inside the file
    about: String,
    /// Every category, in the order they are suggested.
    pub categories: Vec<Category>,
    /// Words never read as categories, even one typo away from a keyword.
    #[serde(deserialize_with = "words")]
    pub not_category_words: Vec<&'static str>,
    pub cues: Cues,
    /// Holidays by name, with their day of the year.
    pub holidays: Vec<Holiday>,
}

/// A holiday people name instead of its date ("Navidad").
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Holiday {
    /// Folded words, space-separated.
    pub words: String,
    pub month: u32,
    pub day: u32,
}

/// Cue lists by what they signal.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cues {
    /// Verbs of paying something owed ("aboné", "liquidé").
    #[serde(deserialize_with = "words")]
    pub payment_verbs: Vec<&'static str>,
    /// Replies that confirm a pending action (the seed's allowlist; not
    /// folded: "sí" keeps its accent, "si" is listed too).
    #[serde(deserialize_with = "words")]
    pub confirm_tokens: Vec<&'static str>,
    /// Replies that reject it.
    #[serde(deserialize_with = "words")]
    pub reject_tokens: Vec<&'static str>,
    /// Words that pick logging among "¿Quieres 1) … o 2) …?".
    #[serde(deserialize_with = "words")]
    pub choose_log: Vec<&'static str>,
    /// Words that pick a question among "¿Quieres 1) … o 2) …?".
    #[serde(deserialize_with = "words")]
    pub choose_query: Vec<&'static str>,
    /// Words that pick a simulation among "¿Quieres 1) … o 2) …?".
    #[serde(deserialize_with = "words")]
    pub choose_simulate: Vec<&'static str>,
    /// Words that pick a budget among "¿Quieres 1) … o 2) …?".
    #[serde(deserialize_with = "words")]
    pub choose_budget: Vec<&'static str>,
    /// Words that pick a debt among "¿Quieres 1) … o 2) …?".
    #[serde(deserialize_with = "words")]
    pub choose_debt: Vec<&'static str>,
    /// Words that pick the bank balance among "¿Quieres 1) … o 2) …?".
    #[serde(deserialize_with = "words")]
    pub choose_balance: Vec<&'static str>,
    /// Words that pick a correction among "¿Quieres 1) … o 2) …?".
    #[serde(deserialize_with = "words")]
    pub choose_correct: Vec<&'static str>,
    /// Words that pick deleting among "¿Quieres 1) … o 2) …?".
    #[serde(deserialize_with = "words")]
    pub choose_delete: Vec<&'static str>,
    /// Words after a number that make it a clock time.
    #[serde(deserialize_with = "words")]
    pub clock_suffixes: Vec<&'static str>,
    /// Words after a number that make it a duration or a count of time.
    #[serde(deserialize_with = "words")]
    pub duration_units: Vec<&'static str>,
    /// Units of things bought: "20 kilos", "40 litros" count goods, not money.
    #[serde(deserialize_with = "words")]
    pub quantity_units: Vec<&'static str>,
    /// Words that end a clock time ("a las 10 y media").
    #[serde(deserialize_with = "words")]
    pub clock_fractions: Vec<&'static str>,
    /// Words after a number that make it money, not a day.
    #[serde(deserialize_with = "words")]
    pub amount_words: Vec<&'static str>,
    /// Weekday abbreviations as people write them before a day number.
    #[serde(deserialize_with = "words")]
    pub weekday_abbreviations: Vec<&'static str>,
    /// Words before "mañana" that make it the morning, not tomorrow.
    #[serde(deserialize_with = "words")]
    pub morning_markers: Vec<&'static str>,
    /// Words that name the present moment.
    #[serde(deserialize_with = "words")]
    pub now_words: Vec<&'static str>,
    /// Words that make a weekday the coming one ("el próximo viernes").
    #[serde(deserialize_with = "words")]
    pub next_markers: Vec<&'static str>,
    /// Phrases that say money goes to what is owed ("de lo que le debo").
    #[serde(deserialize_with = "words")]
    pub owed_phrases: Vec<&'static str>,
    /// Lenders people name on their own ("coppel", "infonavit").
    #[serde(deserialize_with = "words")]
    pub lenders: Vec<&'static str>,
    /// Words that say what kind of debt it is, not whose ("tarjeta").
    #[serde(deserialize_with = "words")]
    pub generic_debt_words: Vec<&'static str>,
    /// Words that start a debt's name ("tarjeta", "préstamo").
    #[serde(deserialize_with = "words")]
    pub debt_kinds: Vec<&'static str>,
    /// Words that end a debt's name.
    #[serde(deserialize_with = "words")]
    pub debt_name_stops: Vec<&'static str>,
    /// Words that join two items ("y", "más").
    #[serde(deserialize_with = "words")]
    pub item_joiners: Vec<&'static str>,
    /// Words that say an amount is pesos ("pesos", "varos", "mxn").
    #[serde(deserialize_with = "words")]
    pub peso_words: Vec<&'static str>,
}

/// A list of words kept for the life of the program: the lexicon is
/// parsed once (see [`lexicon`]), so each word is allocated once.
pub(super) fn words<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<&'static str>, D::Error> {
    let owned = Vec::<String>::deserialize(d)?;
    Ok(owned.into_iter().map(keep).collect())
}

fn keep(word: String) -> &'static str {
    Box::leak(word.into_boxed_str())
}

/// A category as the file writes it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CategoryEntry {
    key: String,
    label: String,
    #[serde(rename = "type")]
    category_type: crate::tools::CategoryType,
    keywords: Vec<String>,
}

impl<'de> Deserialize<'de> for Category {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Category, D::Error> {
        CategoryEntry::deserialize(d).map(Category::from)
    }
}

impl From<CategoryEntry> for Category {
    fn from(entry: CategoryEntry) -> Category {
        Category {
            key: keep(entry.key),
            label: keep(entry.label),
            category_type: entry.category_type,
            keywords: entry.keywords.into_iter().map(keep).collect(),
        }
    }
}

/// The lexicon, parsed on first use.
pub fn lexicon() -> &'static Lexicon {
    static LEXICON: OnceLock<Lexicon> = OnceLock::new();
    LEXICON.get_or_init(|| serde_json::from_str(SOURCE).expect("lexicon.json is valid"))
}

/// Cue lists.
pub fn cues() -> &'static Cues {
    &lexicon().cues
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nlu::normalize::fold;

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn every_word_is_folded_and_categories_are_unique() {
        let lex = lexicon();
        let c = &lex.cues;
        let holidays: Vec<&str> = lex.holidays.iter().map(|h| h.words.as_str()).collect();
        let lists: [&[&str]; 20] = [
            &holidays,
            &c.clock_suffixes,
            &c.duration_units,
            &c.quantity_units,
            &c.clock_fractions,
            &c.amount_words,
            &c.weekday_abbreviations,
            &c.morning_markers,
            &c.now_words,
            &c.next_markers,
            &c.owed_phrases,
            &lex.not_category_words,
            &c.payment_verbs,
            &c.lenders,
            &c.generic_debt_words,
            &c.debt_kinds,
            &c.debt_name_stops,
            &c.item_joiners,
            &c.peso_words,
            &[],
        ];
        let keywords = lex.categories.iter().flat_map(|c| c.keywords.iter());
        for token in c.confirm_tokens.iter().chain(&c.reject_tokens) {
            assert_eq!(token.to_lowercase(), *token, "{token:?} is not lower case");
        }
        for word in lists.iter().flat_map(|l| l.iter()).chain(keywords) {
            assert!(!word.is_empty());
            assert_eq!(fold(word).trim(), *word, "{word:?} is not folded");
        }
        assert!(lex.categories.len() >= 20);
        for (i, a) in lex.categories.iter().enumerate() {
            assert!(
                lex.categories[i + 1..].iter().all(|b| b.key != a.key),
                "duplicate category {}",
                a.key
            );
        }
    }
}
