//! What a negation reaches in a reply ("no es gasto es ingreso").

use crate::nlu::lexicon::cues;
use crate::nlu::normalize::Token;

/// Which of `tokens` (read from `text`, the written message) are said
/// under a negation: from a negation word ("no", "ni", "ningún") to the
/// end of its clause (a comma, a period, "!" or "?"). "no tengo saldo,
/// quiero una recarga" negates "tengo saldo" only. Folding turns
/// punctuation into spaces and keeps the chars one for one, so token
/// offsets index the written text.
pub fn negated(text: &str, tokens: &[Token]) -> Vec<bool> {
    let written: Vec<char> = text.chars().collect();
    let mut marks = before_negation(&written, tokens);
    for (mark, ahead) in marks.iter_mut().zip(after_negation(&written, tokens)) {
        *mark |= ahead;
    }
    marks
}

/// Whether a clause boundary (a comma, a period, "!" or "?") lies in
/// `between`, the written text between two tokens.
fn bounds(between: &[char]) -> bool {
    between.iter().any(|c| ",.;:!?¡¿".contains(*c))
}

/// The words a negation said after them denies: "a Beto no, a Pedro"
/// denies "a Beto". The negation closes its clause (a boundary or the end
/// follows it) and words of the clause come before it; a negation asked
/// back ("ya pagué, ¿no?", "le pagué no?") denies nothing.
fn after_negation(written: &[char], tokens: &[Token]) -> Vec<bool> {
    let c = cues();
    let mut marks = vec![false; tokens.len()];
    let mut clause_start = 0;
    for (i, t) in tokens.iter().enumerate() {
        let previous_end = if i == 0 { 0 } else { tokens[i - 1].end };
        // A clause starts after a boundary or at a word that joins another
        // ("mándame el resumen y los de cobros no" denies the cobros').
        if bounds(written.get(previous_end..t.start).unwrap_or_default())
            || t.is_in(c.amounts.item_joiners)
        {
            clause_start = i;
        }
        let rest = written.get(t.end..).unwrap_or_default();
        let following = tokens.get(i + 1).map_or(written.len(), |n| n.start);
        let closes =
            bounds(written.get(t.end..following).unwrap_or_default()) || i + 1 == tokens.len();
        let asked = rest
            .iter()
            .find(|c| !c.is_whitespace())
            .is_some_and(|c| *c == '?');
        if t.is_in(c.answers.negations) && closes && !asked && i > clause_start {
            marks[clause_start..i].iter_mut().for_each(|m| *m = true);
        }
    }
    marks
}

/// The words a negation said before them reaches, to the end of its
/// clause or to the word that says what is instead.
fn before_negation(written: &[char], tokens: &[Token]) -> Vec<bool> {
    let c = cues();
    let mut under = false;
    // Whether the negation has denied a word yet: then a word that says
    // what is instead ("no es gasto es ingreso") ends its reach.
    let mut denied = false;
    let mut previous_end = 0;
    tokens
        .iter()
        .map(|t| {
            let between = written.get(previous_end..t.start).unwrap_or_default();
            if bounds(between) || under && denied && t.is_in(c.answers.negation_enders) {
                under = false;
            }
            previous_end = t.end;
            if t.is_in(c.answers.negations) {
                under = true;
                denied = false;
            } else if under && !t.is_in(c.answers.negation_enders) {
                denied = true;
            }
            under
        })
        .collect()
}

/// What a correction denies and what it says instead, each as written:
/// "no es Beto, es Pedro", "a Beto no, a Pedro", "a Pedro, no a Beto",
/// "no fue Beto sino Pedro" give ("Beto", "Pedro"). Each is one run of
/// words, the fillers around them left out ("es", "a"); `None` unless the
/// message says both and nothing else.
pub fn instead(text: &str, tokens: &[Token], negated: &[bool]) -> Option<(String, String)> {
    let c = cues();
    let mut denied: Option<(usize, usize)> = None;
    let mut said: Option<(usize, usize)> = None;
    // "ya no le cobres", "uy no, …": a word that only opens the message
    // is no value said instead.
    let opener = |t: &Token| t.is_in(c.days.interjections) || t.is_in(c.said.no_longer_words);
    for (i, (t, under)) in tokens.iter().zip(negated).enumerate() {
        if t.is_in(c.answers.negations) || t.is_in(c.answers.instead_fillers) || opener(t) {
            continue;
        }
        let run = if *under { &mut denied } else { &mut said };
        match run {
            None => *run = Some((i, i + 1)),
            // Each value is one run: words of the other between end it.
            Some((_, end))
                if tokens[*end..i].iter().zip(&negated[*end..i]).all(|(t, n)| {
                    *n == *under
                        || t.is_in(c.answers.negations)
                        || t.is_in(c.answers.instead_fillers)
                }) =>
            {
                *end = i + 1
            }
            Some(_) => return None,
        }
    }
    let written = |(start, end): (usize, usize)| {
        let (from, to) = (tokens[start].start, tokens[end - 1].end);
        text.chars().skip(from).take(to - from).collect::<String>()
    };
    Some((written(denied?), written(said?)))
}
