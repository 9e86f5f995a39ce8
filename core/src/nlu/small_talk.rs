//! Small talk and concepts: thanks, greetings, goodbyes and "¿qué es un
//! presupuesto?". Every word and every answer lives in `small_talk.json`;
//! this file only says how a message is matched against it.
//!
//! A message is small talk when every word of it is a cue of one kind or
//! a filler ("muchas gracias, caja"), so "hola, gasté 200" is not. A
//! concept question holds an opener ("qué es", "qué significa") and a term
//! of the glossary, and no number.

use std::sync::OnceLock;

use super::normalize::{Token, TokenKind, fold, tokenize};

const SOURCE: &str = include_str!("small_talk.json");

/// The kind of small talk named `name` in `small_talk.json` ("greeting",
/// "out_of_scope"), for a reading that names it.
pub fn kind_named(name: &str) -> Option<SmallTalk> {
    table()
        .kinds
        .iter()
        .position(|k| k.name == name)
        .map(SmallTalk::Kind)
}

/// What a small-talk message is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SmallTalk {
    /// A kind of `small_talk.json` (thanks, greeting, bye), by index.
    Kind(usize),
    /// A concept of the glossary, by index.
    Concept(usize),
}

impl SmallTalk {
    /// The answer, in Spanish, from the data file.
    pub fn reply(self) -> &'static str {
        let t = table();
        match self {
            SmallTalk::Kind(i) => &t.kinds[i].reply,
            SmallTalk::Concept(i) => &t.concepts[i].answer,
        }
    }

    /// A short name for traces and the audit ("thanks", "concept:deuda").
    pub fn label(self) -> String {
        let t = table();
        match self {
            SmallTalk::Kind(i) => t.kinds[i].name.clone(),
            SmallTalk::Concept(i) => format!(
                "concept:{}",
                t.concepts[i]
                    .terms
                    .first()
                    .map(|p| p.join(" "))
                    .unwrap_or_default()
            ),
        }
    }
}

/// A phrase as folded words.
type Phrase = Vec<String>;

struct Kind {
    name: String,
    cues: Vec<Phrase>,
    /// Emojis that say this kind on their own ("👍", "🙏").
    emojis: Vec<char>,
    reply: String,
}

struct Concept {
    terms: Vec<Phrase>,
    answer: String,
}

struct Table {
    kinds: Vec<Kind>,
    fillers: Vec<String>,
    openers: Vec<Phrase>,
    concepts: Vec<Concept>,
    /// Every word of a kind's cues and every filler, sorted: a message
    /// with any other word is no small talk of a kind.
    vocabulary: Vec<String>,
    /// The first words of the openers, sorted: a concept question holds
    /// one.
    opener_starts: Vec<String>,
    /// The first words of the kinds' cues and of the glossary's terms,
    /// sorted: a message with none of them is no small talk (most are
    /// not, and leave here without a copy).
    starts: Vec<String>,
}

impl Table {
    /// Whether `word` is a cue word of a kind or a filler.
    fn knows(&self, word: &str) -> bool {
        self.vocabulary
            .binary_search_by(|v| v.as_str().cmp(word))
            .is_ok()
    }

    /// Whether `word` starts a kind's cue or a glossary term.
    fn starts(&self, word: &str) -> bool {
        self.starts
            .binary_search_by(|v| v.as_str().cmp(word))
            .is_ok()
    }

    /// Whether `word` starts a concept question's opener.
    fn opens(&self, word: &str) -> bool {
        self.opener_starts
            .binary_search_by(|v| v.as_str().cmp(word))
            .is_ok()
    }
}

fn words_of(phrase: &str) -> Phrase {
    tokenize(&fold(phrase))
        .into_iter()
        .map(|t| t.text)
        .collect()
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| parse(SOURCE).unwrap_or_else(|e| panic!("small_talk.json: {e}")))
}

/// Reads the file through `serde_json::Value`, which the crate parses
/// anyway: a derived reader per struct would weigh on the web's wasm.
fn parse(source: &str) -> Result<Table, String> {
    use serde_json::Value;
    let file: Value = serde_json::from_str(source).map_err(|e| e.to_string())?;
    let field = |v: &'_ Value, name: &str| -> Result<Value, String> {
        v.get(name).cloned().ok_or(format!("missing {name}"))
    };
    let strings = |v: Value| -> Result<Vec<String>, String> {
        match v {
            Value::Array(items) => items
                .into_iter()
                .map(|i| match i {
                    Value::String(s) => Ok(s),
                    _ => Err("a list of strings was expected".to_string()),
                })
                .collect(),
            _ => Err("a list was expected".into()),
        }
    };
    let text = |v: Value| -> Result<String, String> {
        v.as_str()
            .map(str::to_string)
            .ok_or("a string was expected".into())
    };
    let object = |v: Value| -> Result<serde_json::Map<String, Value>, String> {
        match v {
            Value::Object(map) => Ok(map),
            _ => Err("an object was expected".into()),
        }
    };
    let top = object(file.clone())?;
    let known = ["kinds", "fillers", "concept_openers", "concepts"];
    if let Some(unknown) = top.keys().find(|k| !known.contains(&k.as_str())) {
        return Err(format!("unknown field {unknown}"));
    }
    let phrases = |list: Vec<String>| list.iter().map(|p| words_of(p)).collect::<Vec<_>>();
    let mut kinds = Vec::new();
    for (name, kind) in object(field(&file, "kinds")?)? {
        kinds.push(Kind {
            cues: phrases(strings(field(&kind, "cues")?)?),
            emojis: match kind.get("emojis") {
                Some(list) => strings(list.clone())?
                    .iter()
                    .flat_map(|e| e.chars())
                    .filter(|c| !is_emoji_modifier(*c))
                    .collect(),
                None => Vec::new(),
            },
            reply: text(field(&kind, "reply")?)?,
            name,
        });
    }
    let mut concepts = Vec::new();
    for concept in list(field(&file, "concepts")?)? {
        concepts.push(Concept {
            terms: phrases(strings(field(&concept, "terms")?)?),
            answer: text(field(&concept, "answer")?)?,
        });
    }
    let fillers: Vec<String> = strings(field(&file, "fillers")?)?
        .iter()
        .map(|w| fold(w))
        .collect();
    let openers = phrases(strings(field(&file, "concept_openers")?)?);
    // Sorted, for binary search on every message.
    let mut vocabulary: Vec<String> = kinds
        .iter()
        .flat_map(|k| k.cues.iter().flatten())
        .chain(&fillers)
        .cloned()
        .collect();
    vocabulary.sort_unstable();
    vocabulary.dedup();
    let mut opener_starts: Vec<String> =
        openers.iter().filter_map(|o| o.first().cloned()).collect();
    opener_starts.sort_unstable();
    opener_starts.dedup();
    let mut starts: Vec<String> = kinds
        .iter()
        .flat_map(|k| &k.cues)
        .chain(concepts.iter().flat_map(|c| &c.terms))
        .filter_map(|phrase| phrase.first().cloned())
        .collect();
    starts.sort_unstable();
    starts.dedup();
    Ok(Table {
        kinds,
        fillers,
        openers,
        concepts,
        vocabulary,
        opener_starts,
        starts,
    })
}

/// The objects of a JSON list.
fn list(v: serde_json::Value) -> Result<Vec<serde_json::Value>, String> {
    match v {
        serde_json::Value::Array(items) => Ok(items),
        _ => Err("a list was expected".into()),
    }
}

/// Where `phrase` occurs in `words`, as the positions it covers.
fn find(words: &[&str], phrase: &[String]) -> Option<std::ops::Range<usize>> {
    if phrase.is_empty() || phrase.len() > words.len() {
        return None;
    }
    (0..=words.len() - phrase.len())
        .find(|&i| {
            words[i..i + phrase.len()]
                .iter()
                .zip(phrase)
                .all(|(w, p)| *w == p)
        })
        .map(|i| i..i + phrase.len())
}

/// A word as written without stretched letters: a letter written three
/// times or more counts once, and so does a doubled last letter
/// ("graciaaas" → "gracias", "holaa" → "hola"). Small talk only: the
/// lexicon's words are not stretched.
fn unstretch(word: &str) -> String {
    let chars: Vec<char> = word.chars().collect();
    let mut out: Vec<char> = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        let run = chars[i..].iter().take_while(|c| **c == chars[i]).count();
        let last = i + run == chars.len();
        let keep = if run >= 3 || run == 2 && last && chars[i] != 'l' {
            1
        } else {
            run
        };
        out.extend(std::iter::repeat_n(chars[i], keep));
        i += run;
    }
    out.into_iter().collect()
}

/// How much a kind says when several are said together.
fn rank(kind: &str) -> u8 {
    match kind {
        "bye" => 2,
        "thanks" => 1,
        _ => 0,
    }
}

/// The words of a message as small talk reads them: stretched letters
/// undone (the tokens already write chat spellings out).
fn words(tokens: &[Token]) -> Option<Vec<String>> {
    if tokens.iter().any(|t| t.kind == TokenKind::Number) {
        return None;
    }
    let t = table();
    // Most messages hold no word the file knows: leave before copying.
    let may_be = tokens.iter().any(|w| {
        t.starts(&w.text)
            || w.text.as_bytes().windows(2).any(|p| p[0] == p[1]) && t.starts(&unstretch(&w.text))
    });
    if !may_be {
        return None;
    }
    let words: Vec<String> = tokens
        .iter()
        .filter(|t| t.kind == TokenKind::Word)
        .map(|w| unstretch(&w.text))
        .collect();
    (!words.is_empty()).then_some(words)
}

/// What small talk the tokens of a message are, if any: a concept
/// question, or a message made only of one kind's cues and fillers.
pub fn read(tokens: &[Token]) -> Option<SmallTalk> {
    let words = words(tokens)?;
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let t = table();
    if let Some(concept) = concept(&words) {
        return Some(concept);
    }
    // Every word a cue of one kind or a filler, and at least one cue.
    if !words.iter().all(|w| t.knows(w)) {
        return None;
    }
    let (kind, covered) = kind_of(&words)?;
    let all_covered = words
        .iter()
        .zip(&covered)
        .all(|(w, c)| *c || t.fillers.iter().any(|f| f == w));
    all_covered.then_some(SmallTalk::Kind(kind))
}

/// Whether `c` only changes how the emoji before it looks (a skin tone,
/// a variation selector, a joiner): read as if it were not there.
fn is_emoji_modifier(c: char) -> bool {
    matches!(
        c,
        '\u{1F3FB}'..='\u{1F3FF}' | '\u{FE0E}' | '\u{FE0F}' | '\u{200D}'
    )
}

/// The small talk a message of emojis alone says ("👍", "🙏🙏"): the kind
/// whose emojis are most of it, when every emoji belongs to some kind.
/// Punctuation and spaces around them are ignored.
pub fn reaction(message: &str) -> Option<SmallTalk> {
    let t = table();
    let emojis: Vec<char> = message
        .chars()
        .filter(|c| !c.is_whitespace() && !c.is_ascii_punctuation() && !is_emoji_modifier(*c))
        .collect();
    if emojis.is_empty() || emojis.iter().any(|c| c.is_alphanumeric()) {
        return None;
    }
    let counts: Vec<usize> = t
        .kinds
        .iter()
        .map(|k| emojis.iter().filter(|e| k.emojis.contains(e)).count())
        .collect();
    if emojis
        .iter()
        .any(|e| !t.kinds.iter().any(|k| k.emojis.contains(e)))
    {
        return None;
    }
    let best = counts
        .iter()
        .enumerate()
        .max_by_key(|(i, n)| (**n, usize::MAX - i))?;
    Some(SmallTalk::Kind(best.0))
}

/// The kind of small talk a short message holds a cue of, other words
/// allowed ("grax wey, eres un crack"). The caller decides the rest of the
/// message asks for nothing (no request, no answer is waited for).
pub fn said(tokens: &[Token]) -> Option<SmallTalk> {
    let words = words(tokens)?;
    if words.len() > 10 {
        return None;
    }
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    kind_of(&words).map(|(kind, _)| SmallTalk::Kind(kind))
}

/// A concept question: an opener ("qué es") and a term of the glossary.
fn concept(words: &[&str]) -> Option<SmallTalk> {
    let t = table();
    let may_ask = words.iter().any(|w| t.opens(w));
    if !may_ask || !t.openers.iter().any(|o| find(words, o).is_some()) {
        return None;
    }
    // The longest term named wins ("gasto fijo" over "gasto").
    let mut best: Option<(usize, usize)> = None;
    for (i, concept) in t.concepts.iter().enumerate() {
        for term in &concept.terms {
            if find(words, term).is_some() && best.is_none_or(|(_, len)| term.len() > len) {
                best = Some((i, term.len()));
            }
        }
    }
    best.map(|(i, _)| SmallTalk::Concept(i))
}

/// The kind whose cues the words hold (a goodbye outranks thanks, thanks
/// a greeting: "gracias, bye" ends the chat), and which words they cover.
fn kind_of(words: &[&str]) -> Option<(usize, Vec<bool>)> {
    let t = table();
    let mut covered = vec![false; words.len()];
    let mut kind_found: Option<usize> = None;
    for (k, kind) in t.kinds.iter().enumerate() {
        for cue in &kind.cues {
            let mut from = 0;
            while let Some(range) = find(&words[from..], cue) {
                let range = range.start + from..range.end + from;
                covered[range.clone()].iter_mut().for_each(|c| *c = true);
                kind_found = Some(kind_found.map_or(k, |found: usize| {
                    if rank(&t.kinds[k].name) > rank(&t.kinds[found].name) {
                        k
                    } else {
                        found
                    }
                }));
                from = range.end;
            }
        }
    }
    Some((kind_found?, covered))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn of(message: &str) -> Option<String> {
        read(&tokenize(&fold(message))).map(SmallTalk::label)
    }

    #[test]
    fn the_file_is_read_and_checked() {
        assert!(parse(SOURCE).is_ok());
        assert!(parse(r#"{"kinds": {}, "extra": 1}"#).is_err_and(|e| e.contains("extra")));
        assert!(parse(r#"{"kinds": {}}"#).is_err());
    }

    #[test]
    fn small_talk_said_with_other_words() {
        let said = |m: &str| said(&tokenize(&fold(m))).map(SmallTalk::label);
        assert_eq!(said("grax wey, eres un crack").as_deref(), Some("thanks"));
        assert_eq!(said("ya me voy, cuidate").as_deref(), Some("bye"));
        assert_eq!(said("gracias, fueron 300"), None);
        assert_eq!(said("no entiendo nada"), None);
    }

    #[test]
    fn small_talk_is_the_whole_message() {
        assert_eq!(of("gracias").as_deref(), Some("thanks"));
        assert_eq!(of("¡Muchas gracias, Caja!").as_deref(), Some("thanks"));
        assert_eq!(of("hola").as_deref(), Some("greeting"));
        assert_eq!(of("hola, gracias").as_deref(), Some("thanks"));
        assert_eq!(of("gracias, bye").as_deref(), Some("bye"));
        assert_eq!(of("ola q tal").as_deref(), Some("greeting"));
        assert_eq!(of("graciaaas").as_deref(), Some("thanks"));
        assert_eq!(of("holaa").as_deref(), Some("greeting"));
        // "sale" is an OK in Mexico, not thanks.
        assert_eq!(of("sale"), None);
        assert_eq!(of("buenas noches").as_deref(), Some("greeting"));
        assert_eq!(of("eso es todo, bye").as_deref(), Some("bye"));
        assert_eq!(of("hola, gasté 200 en tacos"), None);
        assert_eq!(of("¿qué tal voy este mes?"), None);
        assert_eq!(of("ok"), None);
        assert_eq!(of("sí"), None);
    }

    #[test]
    fn concepts_name_a_term_after_an_opener() {
        assert_eq!(
            of("¿qué es un presupuesto?").as_deref(),
            Some("concept:presupuesto")
        );
        assert_eq!(
            of("oye y que significa gasto fijo").as_deref(),
            Some("concept:gasto fijo")
        );
        assert_eq!(of("¿qué es una deuda?").as_deref(), Some("concept:deuda"));
        assert_eq!(
            of("q es un gasto variable").as_deref(),
            Some("concept:gasto variable")
        );
        assert_eq!(of("qué es un crédito?").as_deref(), Some("concept:credito"));
        assert_eq!(of("presupuesto de 8000"), None);
        assert_eq!(of("¿qué es un zapato?"), None);
        // Every answer is Spanish text from the file.
        for (i, concept) in table().concepts.iter().enumerate() {
            assert!(
                !concept.answer.is_empty() && !concept.terms.is_empty(),
                "{i}"
            );
        }
    }
}
