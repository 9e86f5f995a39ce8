//! A bill shared among several people: "fueron 1,240 entre 4", "pagamos a
//! medias los 600", "50/50", "entre mi hermana y yo". The count is never
//! money; the agent asks whether the user's part is the amount to log.

use super::lexicon::cues;
use super::normalize::{Token, TokenKind};

/// The most people a bill is read as shared among; "entre 200" is no
/// count of people.
pub const MAX_WAYS: u8 = 30;

/// A shared bill: among how many, and the tokens that say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    pub ways: u8,
    pub start: usize,
    pub end: usize,
}

/// The shared bill `tokens` mean: the last one said ("a medias, no,
/// entre 3" is among 3).
pub fn find_split(tokens: &[Token]) -> Option<Split> {
    find_splits(tokens).last().copied()
}

/// Every mention of a shared bill in `tokens`, in order.
pub fn find_splits(tokens: &[Token]) -> Vec<Split> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        match split_at(tokens, i) {
            Some(split) => {
                i = split.end;
                found.push(split);
            }
            None => i += 1,
        }
    }
    found
}

fn split_at(tokens: &[Token], i: usize) -> Option<Split> {
    let c = cues();
    // "a medias", "mitad y mitad", "fifty fifty"
    // "entre las dos apps": between two things, no people sharing.
    if let Some(n) = c.said.split_halves.cue_at(tokens, i)
        && !tokens
            .get(i + n)
            .is_some_and(|t| t.is_in(c.said.split_things))
    {
        return Some(Split {
            ways: 2,
            start: i,
            end: i + n,
        });
    }
    // "50/50": half each, written as a fraction.
    if tokens[i].kind == TokenKind::Number && tokens[i].text == "50/50" {
        return Some(Split {
            ways: 2,
            start: i,
            end: i + 1,
        });
    }
    // "me toca la tercera parte", "un tercio": a share as a fraction.
    if let Some(ways) = fraction_at(tokens, i) {
        return Some(Split {
            ways,
            start: i,
            end: i + 1 + c.said.split_part_words.cue_at(tokens, i + 1).unwrap_or(0),
        });
    }
    if c.said.split_people_verbs.at(tokens, i) {
        // "éramos 4", "fuimos 5 personas".
        return counted(tokens, i, i + 1);
    }
    let n = c.said.split_among.cue_at(tokens, i)?;
    among(tokens, i, i + n)
}

/// The ways of a fraction at `tokens[i]`: an ordinal before "parte"
/// ("tercera parte") or a fraction's noun after "un" ("un tercio").
fn fraction_at(tokens: &[Token], i: usize) -> Option<u8> {
    let c = cues();
    let word = &tokens[i].text;
    let ways = c.said.split_fractions.words().iter().find_map(|pair| {
        let (said, ways) = pair.split_once(':')?;
        (said == word).then(|| ways.parse::<u8>().ok())?
    })?;
    let part_after = c.said.split_part_words.cue_at(tokens, i + 1).is_some();
    let article_before = i > 0 && c.days.trigger_determiners.contains(&tokens[i - 1].text);
    (part_after || article_before).then_some(ways)
}

/// The count of people at `tokens[k]` ("4", "cuatro"), if it is one.
fn count_at(tokens: &[Token], k: usize) -> Option<u8> {
    let t = tokens.get(k)?;
    let n = match t.kind {
        TokenKind::Number if t.text.chars().all(|d| d.is_ascii_digit()) => t.text.parse().ok()?,
        TokenKind::Number => return None,
        TokenKind::Word => t.number_word()?,
    };
    u8::try_from(n).ok().filter(|w| (2..=MAX_WAYS).contains(w))
}

/// A split from `cue` whose count is at `tokens[k]`; not when money
/// follows the number ("entre 200 y 300", "entre 4 mil", "éramos 4 pesos").
fn counted(tokens: &[Token], cue: usize, k: usize) -> Option<Split> {
    let c = cues();
    let ways = count_at(tokens, k)?;
    let money_after = c.amounts.thousand_words.at(tokens, k + 1)
        || c.amounts.and_words.at(tokens, k + 1)
            && tokens
                .get(k + 2)
                .is_some_and(|n| n.kind == TokenKind::Number)
        || c.said.split_money_after.at(tokens, k + 1)
        // "entre las dos apps": things, not people.
        || c.said.split_things.at(tokens, k + 1);
    (!money_after).then_some(Split {
        ways,
        start: cue,
        end: k + 1 + usize::from(c.said.split_people_words.at(tokens, k + 1)),
    })
}

/// After "entre" / "dividido en": a count ("4", "los tres", "cuatro
/// personas") or the people themselves ("mi hermana y yo").
fn among(tokens: &[Token], cue: usize, mut k: usize) -> Option<Split> {
    let c = cues();
    while c.said.split_count_articles.at(tokens, k) {
        k += 1;
    }
    let t = tokens.get(k)?;
    if t.kind == TokenKind::Number || t.number_word().is_some() {
        return counted(tokens, cue, k);
    }
    // "entre mi hermana y yo", "entre Ana, Luis y yo": the people named,
    // the speaker last.
    let end = (k..tokens.len().min(k + 10)).find(|&j| tokens[j].is_in(c.said.split_self_words))?;
    let and = end
        .checked_sub(1)
        .filter(|&j| j > k && tokens[j].is_in(c.amounts.and_words))?;
    // A comma between names leaves more than one space between tokens.
    let commas = (k..and)
        .filter(|&j| tokens[j + 1].start > tokens[j].end + 1)
        .count();
    let others = (k..and)
        .filter(|&j| tokens[j].is_in(c.amounts.and_words))
        .count()
        + commas
        + 1;
    let ways = u8::try_from(others + 1).ok()?;
    (ways <= MAX_WAYS).then_some(Split {
        ways,
        start: cue,
        end: end + 1,
    })
}

#[cfg(test)]
mod tests {
    use super::find_split;
    use crate::nlu::normalize::{fold, tokenize};

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn ways(text: &str) -> Option<u8> {
        find_split(&tokenize(&fold(text))).map(|s| s.ways)
    }

    #[test]
    fn reads_counts_halves_and_people() {
        let cases = [
            ("fueron 1,240 entre 4", Some(4)),
            ("la pizza 450 entre los tres", Some(3)),
            ("airbnb 4800 dividido entre 6 personas", Some(6)),
            ("pagamos a medias los 600", Some(2)),
            ("cena 800 50/50", Some(2)),
            ("uber 300 entre mi hermana y yo", Some(2)),
            ("cena 900 entre Ana, Luis y yo", Some(3)),
            ("a medias, no, entre 3", Some(3)),
            ("ah no, eramos 5", Some(5)),
            ("yo pague todo pero fuimos 4, fueron 1600", Some(4)),
            ("fueron 500", None),
            ("eran 300 pesos", None),
            ("gasté entre 200 y 300 en el súper", None),
            ("entre 4 mil y 5 mil", None),
            ("comida 500 entre semana", None),
            ("entre 1", None),
            ("entre 200", None),
        ];
        for (text, want) in cases {
            assert_eq!(ways(text), want, "{text}");
        }
    }
}
