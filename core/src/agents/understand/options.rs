//! What a message names of the options' kind that no option holds: "el
//! internet de telmex" holds «telmex», no pick of «izzi (internet)»; "mi
//! hermano Pepe" holds «Pepe», no pick of «Juan García (hermano)». The
//! one rule for a choice's pick and for what is said before the options.

use crate::nlu::Reading;
use crate::nlu::category::key_of_word;

/// The word or name the message says, beside `offered` (the content words
/// of the options, or of the one option picked), that is of their kind
/// and not among them: a word of a category the offered words belong to
/// (one only), or a person's name the lexicon does not know said beside
/// an offered relation ("mi hermano Pepe").
pub fn unoffered(offered: &[String], reading: &Reading) -> Option<String> {
    let held = |w: &str| offered.iter().any(|o| o == w);
    // "doña Mari": a person's title is no thing named ("dona").
    let tokens = reading.tokens();
    // "la señora Chela": nor is the name after it a thing ("chela").
    let titles: Vec<&str> = crate::nlu::names::titles(tokens)
        .into_iter()
        .flat_map(|k| [k, k + 1])
        .filter_map(|k| tokens.get(k))
        .map(|t| t.text.as_str())
        .collect();
    // The message's words of a kind first: most name none, and then the
    // offered words are never looked up.
    let said: Vec<(&str, &str)> = crate::agents::words::content_tokens(reading.tokens())
        .into_iter()
        .filter(|w| w.len() > 2 && !held(w) && !titles.contains(w))
        .filter_map(|w| Some((w, key_of_word(w)?)))
        .collect();
    if !said.is_empty() {
        let kinds: Vec<&str> = offered.iter().filter_map(|w| key_of_word(w)).collect();
        let of_kind: Vec<&str> = said
            .iter()
            .filter(|(_, k)| kinds.contains(k))
            .map(|(w, _)| *w)
            .collect();
        if let [one] = of_kind.as_slice() {
            return Some(one.to_string());
        }
    }
    // A name beside who the person is to the user ("mi hermano Pepe"),
    // that relation among the offered words; "mi cel" names no one.
    let relations = crate::nlu::lexicon::cues().debts.person_relations;
    let relation_offered = reading
        .tokens()
        .iter()
        .any(|t| t.is_in(relations) && held(&t.text));
    // "a mi tía" while the options are a mother and a brother: who the
    // person is to the user, none of the options.
    let people = offered
        .iter()
        .any(|w| relations.words().contains(&w.as_str()));
    let tokens = reading.tokens();
    if let Some(k) = tokens
        .iter()
        .position(|t| people && t.is_in(relations) && !held(&t.text))
    {
        return Some(crate::nlu::names::written(reading, k, k + 1));
    }
    if !relation_offered {
        return None;
    }
    let person = crate::nlu::names::person(reading, &|_| false)?;
    let possessives = crate::nlu::lexicon::cues().debts.person_possessives.words();
    let first = crate::nlu::normalize::fold(person.split_whitespace().next()?);
    if possessives.contains(&first.as_str()) {
        return None;
    }
    let named = crate::agents::words::content_words(&person);
    let names: Vec<&String> = named
        .iter()
        .filter(|w| crate::nlu::lexicon::word_cues(w).is_none())
        .collect();
    (!names.is_empty() && names.iter().all(|w| !held(w))).then_some(person)
}
