//! The Spanish words Caja reads, as data: `lexicon.json`, compiled in and
//! parsed once at first use. Code names what a list signals (`payment
//! verbs`, `lenders`); the words themselves live in the file, so words are
//! added without touching code. Every word is folded (see
//! [`super::normalize::fold`]); a test checks it.
//!
//! A cue of several words ("me alcanza") is split into its words once, at
//! load. Every cue word knows the lists it is a cue of ([`WordCues`]); a
//! token looks its word up once, when the message is tokenized, so "is this
//! token in that list?" is a bit test, and so is "does the message hold a
//! cue of that list?" once [`MessageCues`] has matched the phrases.

mod cues;
mod values;

use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

use chrono::Weekday;
use serde::Deserialize;

pub use self::cues::Cues;
pub use self::values::{Currencies, Values};
use self::values::{CurrenciesEntry, ValuesEntry, by_word};
use super::category::Category;
use super::normalize::{Token, TokenKind};

const SOURCE: &str = include_str!("lexicon.json");

/// The parsed lexicon.
#[derive(Debug)]
pub struct Lexicon {
    /// Every category, in the order they are suggested.
    pub categories: Vec<Category>,
    pub cues: Cues,
    /// Words that stand for a number.
    pub values: Values,
    /// Words that name a foreign currency.
    pub currencies: Currencies,
    /// Holidays by name, with their day of the year.
    pub holidays: Vec<Holiday>,
    /// Chat spellings and the word they stand for ("q" → "que", "xq" →
    /// "porque", "tmb" → "también"): tokens carry the word.
    pub spellings: WordMap<&'static str>,
    /// For each cue word or word of `values`, what the lexicon knows of it.
    word_index: WordMap<WordCues>,
}

/// `lexicon.json` as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LexiconFile {
    #[allow(dead_code)] // documentation inside the file
    about: String,
    categories: Vec<Category>,
    cues: BTreeMap<String, Vec<String>>,
    values: ValuesEntry,
    currencies: CurrenciesEntry,
    holidays: Vec<HolidayEntry>,
    spellings: values::Grouped,
}

/// A holiday people name instead of its date ("Navidad").
#[derive(Debug)]
pub struct Holiday {
    /// Folded words, in order.
    pub words: Box<[&'static str]>,
    pub month: u32,
    pub day: u32,
}

/// A holiday as the file writes it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HolidayEntry {
    /// Folded words, space-separated.
    words: String,
    month: u32,
    day: u32,
}

/// A map keyed by folded words, with a hasher fast on short keys.
pub type WordMap<V> = HashMap<&'static str, V, BuildHasherDefault<WordHasher>>;

/// FNV-1a: words are a few bytes long, and the keys are our own data.
pub struct WordHasher(u64);

impl Default for WordHasher {
    fn default() -> Self {
        WordHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// One bit per cue list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CueMask([u64; cues::COUNT.div_ceil(64)]);

impl CueMask {
    fn set(&mut self, bit: usize) {
        self.0[bit / 64] |= 1 << (bit % 64);
    }

    fn has(&self, bit: usize) -> bool {
        self.0[bit / 64] & (1 << (bit % 64)) != 0
    }

    fn add(&mut self, other: &CueMask) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }
}

/// What the lexicon knows of one word: the lists it is a whole cue of, the
/// cues of several words it starts (with their list's bit), and the
/// numbers it stands for.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct WordCues {
    words: CueMask,
    phrases: Vec<(usize, Box<[&'static str]>)>,
    number: Option<i64>,
    month: Option<u32>,
    weekday: Option<Weekday>,
    days_ago: Option<u64>,
}

/// The word a chat spelling stands for ("xq" → "porque"), if it is one.
pub fn spelling(word: &str) -> Option<&'static str> {
    lexicon().spellings.get(word).copied()
}

/// The lexicon's entry for a folded word, if it is a cue word.
pub fn word_cues(word: &str) -> Option<&'static WordCues> {
    lexicon().word_index.get(word)
}

impl Token {
    /// Whether it is a word of `list` (a list of single words).
    pub fn is_in(&self, list: &CueList) -> bool {
        debug_assert!(
            list.phrases.is_empty(),
            "a list of phrases read word by word"
        );
        self.cues.is_some_and(|cues| cues.words.has(list.bit))
    }

    /// The number it is in words ("veinte"; see [`Values::number_words`]).
    pub fn number_word(&self) -> Option<i64> {
        self.cues?.number
    }

    /// The month it names, 1 = January.
    pub fn month(&self) -> Option<u32> {
        self.cues?.month
    }

    /// The weekday it names.
    pub fn weekday(&self) -> Option<Weekday> {
        self.cues?.weekday
    }

    /// The days before today it names ("antier").
    pub fn days_ago(&self) -> Option<u64> {
        self.cues?.days_ago
    }
}

/// A list of cues: single words, and phrases already split into words.
#[derive(Debug)]
pub struct CueList {
    /// Its bit in a [`CueMask`].
    bit: usize,
    /// Cues of one word.
    words: Vec<&'static str>,
    /// Cues of several words, in order.
    phrases: Vec<Box<[&'static str]>>,
}

/// Something that may be a word: a token (numbers are not) or a `&str`.
pub trait AsWord {
    fn as_word(&self) -> Option<&str>;
}

impl AsWord for Token {
    fn as_word(&self) -> Option<&str> {
        (self.kind == TokenKind::Word).then_some(self.text.as_str())
    }
}

impl AsWord for &str {
    fn as_word(&self) -> Option<&str> {
        Some(self)
    }
}

impl CueList {
    fn new(bit: usize, cues: Vec<String>) -> CueList {
        let mut list = CueList {
            bit,
            words: Vec::new(),
            phrases: Vec::new(),
        };
        for cue in cues {
            let words: Box<[&'static str]> = keep(cue).split(' ').collect();
            match *words {
                [word] => list.words.push(word),
                _ => list.phrases.push(words),
            }
        }
        list
    }

    /// Whether `word` is a cue of this list (a list of single words).
    pub fn contains(&self, word: &str) -> bool {
        debug_assert!(
            self.phrases.is_empty(),
            "a list of phrases read word by word"
        );
        self.words.contains(&word)
    }

    /// The cues of one word.
    pub fn words(&self) -> &[&'static str] {
        &self.words
    }

    /// Every cue, as its words.
    pub fn cues(&self) -> impl Iterator<Item = &[&'static str]> {
        self.words
            .iter()
            .map(std::slice::from_ref)
            .chain(self.phrases.iter().map(|p| &**p))
    }

    /// Whether a cue of several words appears in `words`, in a row.
    fn phrase_in<W: AsWord>(&self, words: &[W]) -> bool {
        (0..words.len()).any(|i| self.phrases.iter().any(|p| starts_at(p, words, i)))
    }

    /// Whether `tokens[k]` is a word of this list (a list of single words).
    pub fn at(&self, tokens: &[Token], k: usize) -> bool {
        tokens.get(k).is_some_and(|t| t.is_in(self))
    }

    /// The length in words of the longest cue that starts at `tokens[i]`.
    pub fn cue_at(&self, tokens: &[Token], i: usize) -> Option<usize> {
        let cues = tokens.get(i)?.cues?;
        cues.phrases
            .iter()
            .filter(|(bit, p)| *bit == self.bit && starts_at(p, tokens, i))
            .map(|(_, p)| p.len())
            .max()
            .or_else(|| cues.words.has(self.bit).then_some(1))
    }

    /// Whether `words` are nothing but cues of this list, one after
    /// another ("por favor gracias" of courtesy words); empty is covered.
    pub fn covers(&self, words: &[&str]) -> bool {
        let mut i = 0;
        while i < words.len() {
            let longest = self
                .cues()
                .filter(|cue| starts_at(cue, words, i))
                .map(<[&str]>::len)
                .max();
            match longest {
                Some(n) => i += n,
                None => return false,
            }
        }
        true
    }

    /// Whether any cue appears in `words` (a phrase as consecutive words).
    pub fn found_in<W: AsWord>(&self, words: &[W]) -> bool {
        words
            .iter()
            .any(|w| w.as_word().is_some_and(|w| self.words.contains(&w)))
            || self.phrase_in(words)
    }
}

/// Whether the words of `cue` are `words[i..]`'s first ones.
fn starts_at<W: AsWord>(cue: &[&str], words: &[W], i: usize) -> bool {
    words.len() - i >= cue.len()
        && cue
            .iter()
            .zip(&words[i..])
            .all(|(c, w)| w.as_word() == Some(*c))
}

/// The cue lists a message holds a cue of: its words' lists, and the lists
/// of the phrases found at a word that starts them. Read once per message.
#[derive(Clone, Copy, Debug, Default)]
pub struct MessageCues(CueMask);

impl MessageCues {
    pub fn of(tokens: &[Token]) -> MessageCues {
        let mut found = CueMask::default();
        for (i, cues) in tokens
            .iter()
            .enumerate()
            .filter_map(|(i, t)| Some((i, t.cues?)))
        {
            found.add(&cues.words);
            for (bit, phrase) in &cues.phrases {
                if !found.has(*bit) && starts_at(phrase, tokens, i) {
                    found.set(*bit);
                }
            }
        }
        MessageCues(found)
    }

    /// Whether the message holds a cue of `list`.
    pub fn has(&self, list: &CueList) -> bool {
        self.0.has(list.bit)
    }
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
    category_type: crate::kinds::CategoryType,
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

fn index_words(cues: &Cues, values: &Values) -> WordMap<WordCues> {
    let mut index: WordMap<WordCues> = WordMap::default();
    // Not inlined: six inlined copies of the map's insertion weigh in wasm.
    #[inline(never)]
    fn entry<'a>(index: &'a mut WordMap<WordCues>, word: &'static str) -> &'a mut WordCues {
        index.entry(word).or_default()
    }
    for (&word, &n) in &values.number_words {
        entry(&mut index, word).number = Some(i64::from(n));
    }
    for (&word, &month) in &values.months {
        entry(&mut index, word).month = Some(month);
    }
    for (&word, &day) in &values.weekdays {
        let weekday = u8::try_from(day)
            .ok()
            .and_then(|d| Weekday::try_from(d.checked_sub(1)?).ok());
        entry(&mut index, word).weekday = Some(weekday.expect("weekdays are 1 to 7"));
    }
    for (&word, &days) in &values.days_ago {
        entry(&mut index, word).days_ago = Some(u64::from(days));
    }
    for (_, list) in cues.all() {
        for &word in &list.words {
            entry(&mut index, word).words.set(list.bit);
        }
        for phrase in &list.phrases {
            entry(&mut index, phrase[0])
                .phrases
                .push((list.bit, phrase.clone()));
        }
    }
    index
}

/// The lexicon, parsed on first use.
pub fn lexicon() -> &'static Lexicon {
    static LEXICON: OnceLock<Lexicon> = OnceLock::new();
    LEXICON.get_or_init(|| {
        let file: LexiconFile = serde_json::from_str(SOURCE).expect("lexicon.json is valid");
        let cues = Cues::from_map(file.cues).expect("lexicon.json has every cue list");
        let values = Values::from_entry(file.values).expect("lexicon.json has valid values");
        let codes = |grouped| by_word(grouped, |code| Some(keep(code.to_string())));
        let currencies = Currencies {
            names: codes(file.currencies.names).expect("lexicon.json has valid currencies"),
            adjectives: codes(file.currencies.adjectives)
                .expect("lexicon.json has valid currencies"),
        };
        let spellings = by_word(file.spellings, |word| Some(keep(word.to_string())))
            .expect("lexicon.json has valid spellings");
        Lexicon {
            spellings,
            categories: file.categories,
            word_index: index_words(&cues, &values),
            cues,
            values,
            currencies,
            holidays: file
                .holidays
                .into_iter()
                .map(|h| Holiday {
                    words: keep(h.words).split(' ').collect(),
                    month: h.month,
                    day: h.day,
                })
                .collect(),
        }
    })
}

/// Cue lists.
pub fn cues() -> &'static Cues {
    &lexicon().cues
}

/// Words that stand for numbers.
pub fn values() -> &'static Values {
    &lexicon().values
}

/// Words that name foreign currencies.
pub fn currencies() -> &'static Currencies {
    &lexicon().currencies
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nlu::normalize::{fold, tokenize};

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    /// Lists matched against the message lower-cased, not folded: the
    /// seed's allowlists keep "sí" and "/cancelar".
    const LOWER_CASE_ONLY: [&str; 2] = ["confirm_tokens", "reject_tokens"];

    fn assert_folded(word: &str, whose: &str) {
        assert!(!word.is_empty(), "an empty word in {whose}");
        assert_eq!(fold(word).trim(), word, "{word:?} in {whose} is not folded");
    }

    #[test]
    fn every_word_is_folded_and_categories_are_unique() {
        let lex = lexicon();
        for (name, list) in lex.cues.all() {
            assert!(list.cues().next().is_some(), "{name} is empty");
            for word in list.cues().flatten() {
                if LOWER_CASE_ONLY.contains(&name) {
                    assert_eq!(word.to_lowercase(), *word, "{word:?} is not lower case");
                } else {
                    assert_folded(word, name);
                }
            }
        }
        let v = &lex.values;
        let values = [
            ("number_words", v.number_words.keys().collect::<Vec<_>>()),
            ("months", v.months.keys().collect()),
            ("weekdays", v.weekdays.keys().collect()),
            ("days_ago", v.days_ago.keys().collect()),
            ("months_back", v.months_back.keys().collect()),
            ("month_halves", v.month_halves.keys().collect()),
            ("quarters", v.quarters.keys().collect()),
        ];
        for (name, words) in values {
            words.iter().for_each(|w| assert_folded(w, name));
        }
        let currencies = lex
            .currencies
            .names
            .iter()
            .chain(&lex.currencies.adjectives);
        for (word, code) in currencies {
            assert_folded(word, "currencies");
            assert!(
                (3..=4).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_uppercase()),
                "{code:?} is not an ISO code"
            );
        }
        for holiday in &lex.holidays {
            holiday
                .words
                .iter()
                .for_each(|w| assert_folded(w, "holidays"));
        }
        for category in &lex.categories {
            category
                .keywords
                .iter()
                .for_each(|w| assert_folded(w, category.key));
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

    #[test]
    fn phrases_match_consecutive_words_only() {
        let list = CueList::new(0, vec!["me alcanza".into(), "simula".into()]);
        let words = |s: &'static str| s.split(' ').collect::<Vec<&str>>();
        assert!(list.found_in(&words("y me alcanza")));
        assert!(list.found_in(&words("simula esto")));
        assert!(!list.found_in(&words("me no alcanza")));
        assert!(!list.found_in(&words("alcanza me")));
        assert!(!list.found_in(&words("me")));
        let tokens = |s: &str| tokenize(&fold(s));
        let within = cues().days.within_phrases;
        assert_eq!(within.cue_at(&tokens("dentro de 3"), 0), Some(2));
        assert_eq!(within.cue_at(&tokens("dentro 3"), 0), Some(1));
        assert_eq!(within.cue_at(&tokens("y en 3"), 1), Some(1));
        assert_eq!(within.cue_at(&tokens("y en 3"), 0), None);
        assert!(cues().days.of_words.at(&tokens("15 de mayo"), 1));
        assert!(!cues().days.of_words.at(&tokens("15 de mayo"), 3));
    }

    #[test]
    fn a_message_finds_its_words_and_phrases_once() {
        let tokens = tokenize(&fold("¿Y si me alcanza para 20 tacos el miércoles?"));
        let found = MessageCues::of(&tokens);
        let c = cues();
        assert!(found.has(c.said.simulate_phrases)); // "me alcanza"
        assert!(found.has(c.said.hypothetical_phrases)); // "y si"
        assert!(found.has(c.said.question_lead_ins)); // "y"
        assert!(!found.has(c.said.how_am_i_phrases));
        assert_eq!(tokens[8].weekday(), Some(Weekday::Wed));
        assert!(tokens[5].number_word().is_none()); // "20" is digits
        assert_eq!(tokenize("veinte")[0].number_word(), Some(20));
        assert_eq!(tokenize("sept")[0].month(), Some(9));
    }
}
