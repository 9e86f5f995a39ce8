//! The Spanish words Caja reads, as data: `lexicon.json`, compiled in and
//! parsed once at first use. Code names what a list signals (`payment
//! verbs`, `lenders`); the words themselves live in the file, so words are
//! added without touching code. Every word is folded (see
//! [`super::normalize::fold`]); a test checks it.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use super::category::Category;

const SOURCE: &str = include_str!("lexicon.json");

/// The parsed lexicon.
#[derive(Debug)]
pub struct Lexicon {
    /// Every category, in the order they are suggested.
    pub categories: Vec<Category>,
    pub cues: Cues,
    /// Holidays by name, with their day of the year.
    pub holidays: Vec<Holiday>,
}

/// `lexicon.json` as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LexiconFile {
    #[allow(dead_code)] // documentation inside the file
    about: String,
    categories: Vec<Category>,
    cues: BTreeMap<String, Vec<String>>,
    holidays: Vec<Holiday>,
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

/// Declares the cue lists: each is a field of [`Cues`] and a key of the
/// file's `"cues"` object; a missing or unknown key is an error.
macro_rules! cue_lists {
    ($($(#[doc = $doc:expr])* $name:ident,)*) => {
        /// Cue lists by what they signal.
        #[derive(Debug)]
        pub struct Cues {
            $($(#[doc = $doc])* pub $name: Vec<&'static str>,)*
        }

        impl Cues {
            fn from_map(mut map: BTreeMap<String, Vec<String>>) -> Result<Cues, String> {
                let cues = Cues {
                    $($name: take(&mut map, stringify!($name))?,)*
                };
                match map.keys().next() {
                    Some(extra) => Err(format!("unknown cue list {extra}")),
                    None => Ok(cues),
                }
            }
        }
    };
}

fn take(map: &mut BTreeMap<String, Vec<String>>, name: &str) -> Result<Vec<&'static str>, String> {
    map.remove(name)
        .map(|words| words.into_iter().map(keep).collect())
        .ok_or_else(|| format!("missing cue list {name}"))
}

cue_lists! {
    /// Words never read as categories, even one typo away from a keyword.
    not_category_words,
    /// Verbs of paying something owed ("aboné", "liquidé").
    payment_verbs,
    /// Replies that confirm a pending action (the seed's allowlist; not
    /// folded: "sí" keeps its accent, "si" is listed too).
    confirm_tokens,
    /// Replies that reject it.
    reject_tokens,
    /// Words that pick logging among "¿Quieres 1) … o 2) …?".
    choose_log,
    /// Words that pick a question among "¿Quieres 1) … o 2) …?".
    choose_query,
    /// Words that pick a simulation among "¿Quieres 1) … o 2) …?".
    choose_simulate,
    /// Words that pick a budget among "¿Quieres 1) … o 2) …?".
    choose_budget,
    /// Words that pick a debt among "¿Quieres 1) … o 2) …?".
    choose_debt,
    /// Words that pick the bank balance among "¿Quieres 1) … o 2) …?".
    choose_balance,
    /// Words that pick a correction among "¿Quieres 1) … o 2) …?".
    choose_correct,
    /// Words that pick deleting among "¿Quieres 1) … o 2) …?".
    choose_delete,
    /// Words after a number that make it a clock time.
    clock_suffixes,
    /// Words after a number that make it a duration or a count of time.
    duration_units,
    /// Units of things bought: "20 kilos", "40 litros" count goods, not money.
    quantity_units,
    /// Words that end a clock time ("a las 10 y media").
    clock_fractions,
    /// Words after a number that make it money, not a day.
    amount_words,
    /// Weekday abbreviations as people write them before a day number.
    weekday_abbreviations,
    /// Words before "mañana" that make it the morning, not tomorrow.
    morning_markers,
    /// Words that name the present moment.
    now_words,
    /// Words that make a weekday the coming one ("el próximo viernes").
    next_markers,
    /// Phrases that say money goes to what is owed ("de lo que le debo").
    owed_phrases,
    /// Lenders people name on their own ("coppel", "infonavit").
    lenders,
    /// Words that say what kind of debt it is, not whose ("tarjeta").
    generic_debt_words,
    /// Words that start a debt's name ("tarjeta", "préstamo").
    debt_kinds,
    /// Words that end a debt's name.
    debt_name_stops,
    /// Words that join two items ("y", "más").
    item_joiners,
    /// Words that say an amount is pesos ("pesos", "varos", "mxn").
    peso_words,
    /// A message made only of these cancels the open flow.
    cancel_words,
    /// A message made only of these asks for help.
    help_words,
    /// First words that make a message a correction of the draft being
    /// confirmed ("no, eran 300", "mejor en comida").
    correction_starts,
    /// Field names a correction may name without a value ("la fecha").
    correction_fields,
    /// Words that answer an amount with zero.
    zero_words,
    /// Words that answer a category's type: fixed expense.
    type_fixed,
    /// … variable expense.
    type_variable,
    /// … debt.
    type_debt,
    /// … donation.
    type_donation,
    /// … savings.
    type_savings,
    /// … income.
    type_income,
    /// Words around a category named in an answer ("es de la …").
    answer_fillers,
    /// Command names (after "/") that ask for help.
    command_help,
    /// Command names that cancel.
    command_cancel,
    /// Command names that ask for this month's summary.
    command_summary,
    /// Words a data agent's trigger phrase may hold without meaning
    /// anything ("quiero una …").
    trigger_fillers,
    /// Phrases that drop a data agent's flow ("mejor no", "cancelar").
    nav_cancel,
    /// Phrases that go to the main menu.
    nav_home,
    /// Phrases that go back to the previous agent.
    nav_back,
    /// Words around a navigation phrase that ask for nothing else.
    nav_fillers,
    /// Ordinal words, in order ("primero" = 1); feminine forms are read
    /// from them.
    ordinals,
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
    LEXICON.get_or_init(|| {
        let file: LexiconFile = serde_json::from_str(SOURCE).expect("lexicon.json is valid");
        Lexicon {
            categories: file.categories,
            cues: Cues::from_map(file.cues).expect("lexicon.json has every cue list"),
            holidays: file.holidays,
        }
    })
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
            &c.not_category_words,
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
