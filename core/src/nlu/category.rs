//! The Mexican category lexicon: which words mean which category, and what
//! type each category is.

use super::lexicon::WordMap;
use super::normalize::{Token, TokenKind};
use crate::kinds::CategoryType;

/// A category Caja knows.
#[derive(Debug, PartialEq, Eq)]
pub struct Category {
    /// Stored key (ASCII, lower case).
    pub key: &'static str,
    /// How it is shown to people.
    pub label: &'static str,
    pub category_type: CategoryType,
    /// Folded keywords; several words are a phrase.
    pub keywords: Vec<&'static str>,
}

/// Every category, in the order they are suggested (from the lexicon).
pub fn categories() -> &'static [Category] {
    &super::lexicon::lexicon().categories
}

// `CATEGORY_LABELS`, written by `build.rs` from the lexicon.
include!(concat!(env!("OUT_DIR"), "/category_labels.rs"));

/// A category's label by key ("supermercado" → "súper"), read from a table
/// built with the crate: no lexicon is loaded, so a host that only shows
/// categories stays small.
pub fn label_of(key: &str) -> Option<&'static str> {
    CATEGORY_LABELS
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, label)| *label)
}

/// The categories a message names, leaving out `used` tokens and those
/// said under a negation (`negated`): "no es préstamo, es súper" names
/// súper.
pub fn said_categories(tokens: &[Token], used: &[bool], negated: &[bool]) -> Vec<CategoryMatch> {
    let unsaid: Vec<bool> = used.iter().zip(negated).map(|(u, n)| *u || *n).collect();
    find_categories(tokens, &unsaid)
}

/// Marks as `used` the way money sent to a person went ("le mandé 1000
/// a mi nieta por oxxo"): the store it went through is no category.
pub fn mark_means(tokens: &[Token], used: &mut [bool]) {
    let c = super::lexicon::cues();
    let Some(sent) = tokens
        .iter()
        .position(|t| t.is_in(c.amounts.sent_money_verbs))
    else {
        return;
    };
    for k in sent + 2..tokens.len() {
        if tokens[k - 1].is_in(c.amounts.means_prepositions) {
            used[k] = true;
        }
    }
}

/// Takes out of `found` the categories the message itself takes back:
/// one said before a pause and a retraction word after which the message
/// says where the money went instead ("300 en farmacia, no espera, fue en
/// el súper"; "200 en comida, no, en transporte"): the later one holds.
pub fn take_back(tokens: &[Token], found: &mut Vec<CategoryMatch>) {
    let c = super::lexicon::cues();
    let pause = |k: usize| k > 0 && tokens[k].start > tokens[k - 1].end + 1;
    let retracted_after = |end: usize| {
        (end..tokens.len()).find(|&k| {
            tokens[k].is_in(c.said.retraction_words)
                // It opens its clause: "…, no espera, …", "…, bueno en …".
                && pause(k)
                && (k + 1..tokens.len()).any(|j| {
                    // "ponle 120 en vez de 100" takes back money, not a place.
                    tokens[j].is_in(c.debts.spent_in_prepositions)
                        && c.said.instead_phrases.cue_at(tokens, j).is_none()
                })
        })
    };
    let mut k = 0;
    while k < found.len() {
        // Only for a category said after the retraction, which holds.
        let retracted = retracted_after(found[k].end)
            .is_some_and(|r| found.iter().any(|later| later.start > r));
        if retracted {
            found.remove(k);
        } else {
            k += 1;
        }
    }
}

/// Looks a category up by its key.
pub fn by_key(key: &str) -> Option<&'static Category> {
    categories().iter().find(|c| c.key == key)
}

/// Looks a category up by key or label as a person would type it.
pub fn by_name(name: &str) -> Option<&'static Category> {
    let folded = super::normalize::fold(name);
    let folded = folded.trim();
    categories()
        .iter()
        .find(|c| c.key == folded || super::normalize::fold(c.label) == folded)
}

/// A keyword found in a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CategoryMatch {
    pub category: &'static Category,
    /// The keyword as it appears in the lexicon.
    pub keyword: &'static str,
    /// Token span `[start, end)`.
    pub start: usize,
    pub end: usize,
    /// Matched with one typo.
    pub fuzzy: bool,
}

/// The key of the category a single word names ("súper" → supermercado),
/// exactly, without typos.
pub fn key_of_word(word: &str) -> Option<&'static str> {
    let tokens = super::normalize::tokenize(&super::normalize::fold(word));
    find_categories(&tokens, &vec![false; tokens.len()])
        .into_iter()
        .find(|m| !m.fuzzy)
        .map(|m| m.category.key)
}

/// The category of a payment that lowers the debt `debt_name`: the debt
/// category its words name ("tarjeta didi card" is a card), else the
/// one the lexicon's `debt_payment_words` name; never the category of a
/// brand inside the name ("didi" is transporte).
pub fn of_debt_payment(debt_name: &str) -> Option<&'static Category> {
    let debt = |words: &str| {
        let tokens = super::normalize::tokenize(&super::normalize::fold(words));
        find_categories(&tokens, &vec![false; tokens.len()])
            .into_iter()
            .map(|m| m.category)
            .find(|c| c.category_type == CategoryType::Debt)
    };
    debt(debt_name).or_else(|| {
        super::lexicon::cues()
            .debts
            .debt_payment_words
            .words()
            .iter()
            .find_map(|w| debt(w))
    })
}

/// Whether a debt's category word is said as how something was paid
/// ("compré productos en la tarjeta BBVA", "con la tarjeta"): a charge
/// to the card, never a payment of it, unless a verb of paying is said
/// ("aboné 500 en la tarjeta").
pub(super) fn is_payment_method(
    tokens: &[Token],
    m: &CategoryMatch,
    f: &super::Features<'_>,
) -> bool {
    let c = super::lexicon::cues();
    if m.category.category_type != CategoryType::Debt {
        return false;
    }
    let mut k = m.start;
    if k > 0 && tokens[k - 1].is_in(c.debts.articles) {
        k -= 1;
    }
    let by = k > 0 && tokens[k - 1].is_in(c.debts.method_prepositions);
    let pays_into = f.has(c.debts.payment_verbs);
    by && f.has(c.said.expense_verbs) && !pays_into
}

/// Every category keyword in the tokens (longest phrase first at each
/// position), skipping tokens marked in `used`.
pub fn find_categories(tokens: &[Token], used: &[bool]) -> Vec<CategoryMatch> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        // "don Chema", "doña Luz": the word after a person's title is
        // their name, never a thing's.
        let named = i > 0 && tokens[i - 1].is_in(super::lexicon::cues().debts.person_titles);
        if used.get(i).copied().unwrap_or(false) || tokens[i].kind != TokenKind::Word || named {
            i += 1;
            continue;
        }
        match best_at(tokens, i) {
            Some(m) => {
                i = m.end;
                found.push(m);
            }
            None => i += 1,
        }
    }
    found
}

/// Keywords indexed by their first word, built once.
struct Index {
    by_first_word: WordMap<Vec<Keyword>>,
    /// Single-word keywords a typo may reach, with their category, by
    /// length in bytes: a word is compared only with keywords one byte
    /// shorter, as long, or one longer. Each keeps its place in the
    /// category list, and the first place wins.
    fuzzy_by_len: Vec<Vec<Fuzzy>>,
}

/// A keyword a typo may reach.
struct Fuzzy {
    place: usize,
    category: &'static Category,
    keyword: &'static str,
}

/// A keyword with its category, split into words once.
struct Keyword {
    category: &'static Category,
    keyword: &'static str,
    words: Box<[&'static str]>,
}

fn index() -> &'static Index {
    static INDEX: std::sync::OnceLock<Index> = std::sync::OnceLock::new();
    INDEX.get_or_init(|| {
        let mut by_first_word: WordMap<Vec<Keyword>> = WordMap::default();
        let mut fuzzy_by_len: Vec<Vec<Fuzzy>> = Vec::new();
        let mut place = 0;
        for category in categories() {
            for &keyword in &category.keywords {
                let words: Box<[&str]> = keyword.split(' ').collect();
                by_first_word.entry(words[0]).or_default().push(Keyword {
                    category,
                    keyword,
                    words,
                });
                if !keyword.contains(' ')
                    && keyword.len() >= 5
                    && keyword.bytes().all(|b| b.is_ascii_lowercase())
                {
                    if fuzzy_by_len.len() <= keyword.len() {
                        fuzzy_by_len.resize_with(keyword.len() + 1, Vec::new);
                    }
                    fuzzy_by_len[keyword.len()].push(Fuzzy {
                        place,
                        category,
                        keyword,
                    });
                    place += 1;
                }
            }
        }
        Index {
            by_first_word,
            fuzzy_by_len,
        }
    })
}

fn best_at(tokens: &[Token], start: usize) -> Option<CategoryMatch> {
    let word = tokens[start].text.as_str();
    let index = index();
    let mut best: Option<CategoryMatch> = None;
    // Exact keywords, by the word itself and its singular forms.
    let plurals = super::lexicon::cues().categories.plural_suffixes.words();
    let singulars = plurals.iter().filter_map(|s| word.strip_suffix(s));
    for first in std::iter::once(word).chain(singulars) {
        let Some(candidates) = index.by_first_word.get(first) else {
            continue;
        };
        for candidate in candidates {
            let words = candidate.words.len();
            if start + words > tokens.len() {
                continue;
            }
            if best.as_ref().is_some_and(|b| b.end - b.start >= words) {
                continue;
            }
            let exact = candidate
                .words
                .iter()
                .zip(&tokens[start..start + words])
                .all(|(k, t)| t.kind == TokenKind::Word && word_matches(k, &t.text));
            if exact {
                best = Some(CategoryMatch {
                    category: candidate.category,
                    keyword: candidate.keyword,
                    start,
                    end: start + words,
                    fuzzy: false,
                });
            }
        }
    }
    if best.is_some() {
        return best;
    }
    // A word the lexicon knows ("porque", "pague") is no typo of a keyword.
    if word.len() < 5
        || tokens[start].cues.is_some()
        || super::lexicon::cues()
            .categories
            .not_category_words
            .contains(word)
    {
        return None;
    }
    let lengths = index.fuzzy_by_len.len();
    index.fuzzy_by_len[(word.len() - 1).min(lengths)..(word.len() + 2).min(lengths)]
        .iter()
        .flatten()
        // Both are long enough, the word is not a known non-category word
        // (checked above) and fuzzy keywords are plain lowercase ASCII (the
        // index keeps only those).
        .filter(|f| edit_distance_at_most_one(f.keyword.as_bytes(), word.as_bytes()))
        .min_by_key(|f| f.place)
        .map(|f| CategoryMatch {
            category: f.category,
            keyword: f.keyword,
            start,
            end: start + 1,
            fuzzy: true,
        })
}

fn word_matches(keyword: &str, word: &str) -> bool {
    if keyword == word {
        return true;
    }
    // Plurals: "tacos" for "taco", "farmacias" for "farmacia".
    keyword.len() >= 3
        && super::lexicon::cues()
            .categories
            .plural_suffixes
            .words()
            .iter()
            .any(|s| word.strip_suffix(s) == Some(keyword))
}

/// True when `a` and `b` differ by at most one insertion, deletion,
/// substitution or swap of neighbours.
fn edit_distance_at_most_one(a: &[u8], b: &[u8]) -> bool {
    if a == b {
        return true;
    }
    let (la, lb) = (a.len(), b.len());
    if la.abs_diff(lb) > 1 {
        return false;
    }
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (ra, rb) = (&a[prefix..], &b[prefix..]);
    if la == lb {
        let swapped = ra.len() >= 2 && ra[0] == rb[1] && ra[1] == rb[0] && ra[2..] == rb[2..];
        return ra[1..] == rb[1..] || swapped;
    }
    if la > lb {
        ra[1..] == *rb
    } else {
        *ra == rb[1..]
    }
}

#[cfg(test)]
mod tests {
    use super::super::normalize::{fold, tokenize};
    use super::*;

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn the_built_labels_are_the_lexicons() {
        assert_eq!(CATEGORY_LABELS.len(), categories().len());
        for category in categories() {
            assert_eq!(label_of(category.key), Some(category.label));
        }
        assert_eq!(label_of("supermercado"), Some("súper"));
        assert_eq!(label_of("no es una categoría"), None);
    }

    fn first(text: &str) -> Option<&'static str> {
        let tokens = tokenize(&fold(text));
        let used = vec![false; tokens.len()];
        find_categories(&tokens, &used)
            .first()
            .map(|m| m.category.key)
    }

    #[test]
    fn keywords_phrases_plurals_and_typos() {
        assert_eq!(first("250 en uber"), Some("transporte"));
        assert_eq!(first("unos tacos"), Some("comida"));
        assert_eq!(first("el recibo de luz"), Some("luz"));
        assert_eq!(first("gasolna 500"), Some("transporte"));
        assert_eq!(first("gimnacio"), Some("gimnasio"));
        assert_eq!(first("pague 300"), None);
        assert_eq!(first("Netflix"), Some("suscripciones"));
    }

    #[test]
    fn the_lexicon_has_enough_categories_and_no_duplicate_keys() {
        assert!(categories().len() >= 20);
        for (i, a) in categories().iter().enumerate() {
            assert!(
                categories()[i + 1..].iter().all(|b| b.key != a.key),
                "{}",
                a.key
            );
            assert!(
                a.key.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
                "{}",
                a.key
            );
        }
    }
}
