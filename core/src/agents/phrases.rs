//! Phrases compiled for matching: every word of an agent's trigger and
//! question phrases gets a number in the agent's vocabulary when the
//! agent loads, a phrase is a list of numbers, and a message is looked up
//! once per agent as a set of those numbers. Scoring a phrase is then a
//! few bit tests, not string comparisons against every word said.

use super::words::{EXACT, MONEY, QUESTION, SMALL, STATEMENT};

/// The sorted words of an agent's phrases; a word's number is its index.
#[derive(Debug, Default)]
pub struct Vocab {
    words: Vec<String>,
}

impl Vocab {
    /// The vocabulary of every word in `phrases` (markers left out).
    pub fn of<'p>(phrases: impl Iterator<Item = &'p [String]>) -> Vocab {
        let mut words: Vec<String> = phrases
            .flatten()
            .filter(|w| ![QUESTION, EXACT, STATEMENT, MONEY].contains(&w.as_str()))
            .cloned()
            .collect();
        words.sort_unstable();
        words.dedup();
        Vocab { words }
    }

    fn id(&self, word: &str) -> Option<usize> {
        self.words.binary_search_by(|w| w.as_str().cmp(word)).ok()
    }

    /// Whether `word` is one of the vocabulary's words.
    pub fn contains(&self, word: &str) -> bool {
        self.id(word).is_some()
    }

    /// The word of the vocabulary a message's verb says in another form:
    /// the infinitive of a phrase's command ("¿podría quitar…?" says
    /// "quita"), or the command with a pronoun joined ("quítalo").
    /// `scratch` holds the forms tried, so that a message's words are
    /// looked up without a new string each.
    fn form_id(&self, word: &str, scratch: &mut String) -> Option<usize> {
        if word.starts_with(SMALL) || word == QUESTION || word == MONEY {
            return None;
        }
        let days = &crate::nlu::lexicon::cues().days;
        let stems = days
            .trigger_enclitics
            .words()
            .iter()
            .filter_map(|e| word.strip_suffix(e))
            .filter(|stem| stem.len() >= 4);
        std::iter::once(word).chain(stems).find_map(|stem| {
            let joined = (stem != word).then(|| self.id(stem)).flatten();
            joined.or_else(|| {
                days.trigger_verb_endings.words().iter().find_map(|pair| {
                    let (said, phrase) = pair.split_once(':')?;
                    let root = stem.strip_suffix(said)?;
                    scratch.clear();
                    scratch.push_str(root);
                    scratch.push_str(phrase);
                    self.id(scratch)
                })
            })
        })
    }

    /// A message's words as this vocabulary sees them.
    pub fn said(&self, words: &[&str]) -> Said {
        let mut held = vec![0u64; self.words.len().div_ceil(64)];
        // A word may say a phrase's word in another form too ("pagado"
        // is itself, and says "pagó").
        let mut scratch = String::new();
        let pronouns_said = crate::nlu::lexicon::cues().days.trigger_object_pronouns;
        let mut ids = Vec::new();
        let mut pronouns = Vec::new();
        for w in words {
            let pronoun = w
                .strip_prefix(SMALL)
                .is_some_and(|small| pronouns_said.words().contains(&small));
            let own = self.id(w);
            let form = self.form_id(w, &mut scratch).filter(|f| own != Some(*f));
            let before = ids.len();
            ids.extend(own.into_iter().chain(form));
            if pronoun && ids.len() == before {
                ids.push(OTHER_PRONOUN);
            }
            pronouns.resize(ids.len(), pronoun);
        }
        for &id in ids.iter().filter(|&&id| id != OTHER_PRONOUN) {
            held[id / 64] |= 1 << (id % 64);
        }
        Said {
            held,
            ids,
            pronouns,
            said: words.iter().filter(|w| counted(w)).count(),
            asks: words.contains(&QUESTION),
            money: words.contains(&MONEY),
        }
    }

    /// A phrase's words (as [`super::words::trigger_words`] or
    /// [`super::words::content_words`] give them) as numbers.
    pub fn phrase(&self, words: &[String]) -> Phrase {
        let statement = words.first().is_some_and(|w| w == STATEMENT);
        let words = &words[usize::from(statement)..];
        let question = words.first().is_some_and(|w| w == QUESTION);
        let rest = &words[usize::from(question)..];
        let exact = rest.first().is_some_and(|w| w == EXACT);
        let rest = &rest[usize::from(exact)..];
        let id = |w: &String| self.id(w).expect("the vocabulary holds its phrases' words");
        Phrase {
            content: rest.iter().filter(|w| counted(w)).map(id).collect(),
            small: rest.iter().filter(|w| !counted(w)).map(id).collect(),
            order: if exact {
                rest.iter().map(id).collect()
            } else {
                Vec::new()
            },
            question,
            statement,
            exact,
        }
    }
}

/// An object pronoun the vocabulary has no number for.
const OTHER_PRONOUN: usize = usize::MAX;

/// A word that counts as said: not the question mark, not a small word.
fn counted(word: &str) -> bool {
    word != QUESTION && word != MONEY && !word.starts_with(SMALL)
}

/// One phrase: its content words and small words by number.
#[derive(Debug, Default)]
pub struct Phrase {
    content: Vec<usize>,
    small: Vec<usize>,
    /// A quoted phrase's words in its order.
    order: Vec<usize>,
    /// Written as a question: matches questions only.
    question: bool,
    /// Written as a statement: matches messages that ask nothing.
    statement: bool,
    /// Written in quotes: every word must be said.
    exact: bool,
}

impl Phrase {
    /// Whether the phrase holds the word numbered `id` in its vocabulary.
    fn holds(&self, id: usize) -> bool {
        self.content.contains(&id) || self.small.contains(&id)
    }

    fn len(&self) -> usize {
        self.content.len() + self.small.len()
    }
}

/// A message's words looked up in one vocabulary.
#[derive(Debug)]
pub struct Said {
    held: Vec<u64>,
    /// The numbers of the words held, in the order said; an object
    /// pronoun the vocabulary lacks is [`OTHER_PRONOUN`].
    ids: Vec<usize>,
    /// Whether each of `ids` is an object pronoun ("me", "le").
    pronouns: Vec<bool>,
    /// How many words the message says (small words and the question
    /// mark left out).
    said: usize,
    /// The message asks.
    asks: bool,
    /// The message names an amount.
    money: bool,
}

impl Said {
    fn has(&self, id: usize) -> bool {
        self.held[id / 64] & (1 << (id % 64)) != 0
    }

    /// Whether `order` is said in that order, each word after the one
    /// before it with at most one other word of the vocabulary between,
    /// never an object pronoun the phrase does not say there ("me [le]
    /// pago": the payment goes to someone else).
    fn says_in_order(&self, order: &[usize]) -> bool {
        let Some((&first, rest)) = order.split_first() else {
            return true;
        };
        self.ids.iter().enumerate().any(|(start, &id)| {
            id == first && {
                let mut at = start;
                rest.iter().all(|&next| {
                    let found = (at + 1..self.ids.len())
                        .take(2)
                        .take_while(|&k| self.ids[k] == next || !self.pronouns[k])
                        .position(|k| self.ids[k] == next);
                    found.map(|step| at += step + 1).is_some()
                })
            }
        })
    }
}

/// The best phrase's score, and whether that phrase is a quoted one: the
/// share of its words held, less a little for every other word said. A
/// phrase written as a question matches questions only, and beats an
/// equal statement phrase on a question ("¿ya me pagó?" asks, "ya me
/// pagó" tells).
pub fn scored(phrases: &[Phrase], said: &Said) -> Option<(f32, bool)> {
    phrases
        .iter()
        .filter_map(|phrase| score(phrase, said))
        .max_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))
        .map(|(s, exact, _)| (s, exact))
}

/// [`scored`] among the quoted phrases that hold a negation word
/// (`negations`): the negation is the request ("\"ya no me propongas\""),
/// so `said` holds every word of the message, negated or not.
pub fn negated_scored(
    vocab: &Vocab,
    phrases: &[Phrase],
    said: &Said,
    negations: &[&str],
) -> Option<(f32, bool)> {
    let ids: Vec<usize> = negations
        .iter()
        .flat_map(|w| [vocab.id(w), vocab.id(&format!("{SMALL}{w}"))])
        .flatten()
        .collect();
    phrases
        .iter()
        .filter(|p| p.exact && ids.iter().any(|&id| p.holds(id)))
        .filter_map(|phrase| score(phrase, said))
        .max_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))
        .map(|(s, exact, _)| (s, exact))
}

/// One phrase's score for `said`, whether it is a quoted one, and how
/// many of its words were said: of two phrases that score the same, the
/// one that holds more of the message is the more specific ("ya me pagó
/// el cobro" is a payment, though "cobro" alone would be a new cobro).
fn score(phrase: &Phrase, said: &Said) -> Option<(f32, bool, usize)> {
    let tells = !said.asks && said.money;
    if phrase.question && !said.asks || phrase.statement && !tells || phrase.len() == 0 {
        return None;
    }
    let content = phrase.content.iter().filter(|&&id| said.has(id)).count();
    let held = content + phrase.small.iter().filter(|&&id| said.has(id)).count();
    if phrase.exact && (held < phrase.len() || !said.says_in_order(&phrase.order)) {
        return None;
    }
    let covered = held as f32 / phrase.len() as f32;
    let extra = said.said.saturating_sub(content) as f32;
    let bonus = if phrase.question { 0.01 } else { 0.0 };
    Some((
        (covered - 0.02 * extra).max(0.0) + bonus,
        phrase.exact,
        held,
    ))
}

/// For each word of a vocabulary, the trigger phrases that hold it, as
/// `(intent, phrase)` places: a message's phrases are found from its
/// words, not by trying every phrase.
#[derive(Debug, Default)]
pub struct Postings(Vec<Vec<(usize, usize)>>);

impl Postings {
    pub fn of(vocab: &Vocab, triggers: &[(String, Vec<Phrase>)]) -> Postings {
        let mut lists = vec![Vec::new(); vocab.words.len()];
        for (intent, (_, phrases)) in triggers.iter().enumerate() {
            for (at, phrase) in phrases.iter().enumerate() {
                for &id in phrase.content.iter().chain(&phrase.small) {
                    lists[id].push((intent, at));
                }
            }
        }
        for list in &mut lists {
            list.dedup();
        }
        Postings(lists)
    }

    /// The best intent (its index) for `said` among the phrases that hold
    /// one of its words, and its score: the same as trying every phrase
    /// above no score at all (a phrase holding no word said scores 0, or
    /// 0.01 for a question).
    pub fn best(&self, triggers: &[(String, Vec<Phrase>)], said: &Said) -> Option<(usize, f32)> {
        let mut places: Vec<(usize, usize)> = said
            .ids
            .iter()
            .filter(|&&id| id != OTHER_PRONOUN)
            .flat_map(|&id| self.0[id].iter().copied())
            .collect();
        places.sort_unstable();
        places.dedup();
        let mut best: Option<(usize, f32, usize)> = None;
        for group in places.chunk_by(|a, b| a.0 == b.0) {
            let intent = group[0].0;
            let phrases = &triggers[intent].1;
            let top = group
                .iter()
                .filter_map(|&(_, at)| score(&phrases[at], said))
                .max_by(|a, b| a.0.total_cmp(&b.0).then(a.2.cmp(&b.2)));
            if let Some((s, _, held)) = top
                && best.is_none_or(|(_, b, b_held)| s > b || s == b && held > b_held)
            {
                best = Some((intent, s, held));
            }
        }
        best.map(|(intent, s, _)| (intent, s))
    }
}

/// Whether any of `phrases` holds `word`.
pub fn any_holds(vocab: &Vocab, phrases: &[Phrase], word: &str) -> bool {
    vocab
        .id(word)
        .is_some_and(|id| phrases.iter().any(|p| p.holds(id)))
}
