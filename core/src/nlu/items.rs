//! Messages that hold several items: "gasté 100 en tacos y 50 en refresco",
//! or one item per line. Caja takes one item per turn; the rest is named in
//! the reply, never dropped without a word.

use chrono::NaiveDate;

use super::amount::find_amounts;
use super::date::find_date;
use super::normalize::{fold, tokenize};

/// Characters that end an item when followed by whitespace or the end.
const ITEM_PUNCTUATION: &[char] = &[',', ';', '.'];

/// The items of a message, in order, as the user wrote them. A piece
/// without an amount belongs to the item before it ("100 en tacos y
/// refresco" is one item). One item (the whole message) when it has fewer
/// than two amounts.
pub fn split_items(text: &str, today: NaiveDate) -> Vec<String> {
    let tokens = tokenize(&fold(text));
    split_counted(text, &tokens, today, amount_count(text, today))
}

/// [`split_items`] for a message already read: `amounts` is how many
/// amounts the whole message names.
pub(super) fn split_counted(
    text: &str,
    tokens: &[super::normalize::Token],
    today: NaiveDate,
    amounts: usize,
) -> Vec<String> {
    // Most messages hold one amount: nothing to split, unless a part of
    // it is said owed after it ("la renta es de 9000 y la pago yo, Karla
    // me debe la mitad"); its words are looked for in the message first.
    let part_owed =
        || owes_a_part(tokens) && clauses(text).iter().any(|c| owed_part_of_before(c, today));
    if amounts < 2 && !(amounts == 1 && part_owed()) {
        return vec![text.trim().to_string()];
    }
    let pieces = pieces(text)
        .into_iter()
        .flat_map(|piece| priced_parts(text, today, piece))
        .collect();
    items_of(text, today, pieces)
}

/// A piece that holds two sums with words between them and nothing to
/// join them ("gané 1600 en uber 700 en didi", "cine 180 palomitas 120")
/// is two: words after a sum that open with a preposition ("en uber")
/// are that sum's, others the next one's ("palomitas 120").
fn priced_parts(text: &str, today: NaiveDate, (a, b): (usize, usize)) -> Vec<(usize, usize)> {
    let piece = &text[a..b];
    let tokens = tokenize(&fold(piece));
    let mut used = vec![false; tokens.len()];
    super::moments::mark_not_money(&tokens, find_date(&tokens, today).as_ref(), &mut used);
    let mut found = find_amounts(&tokens, &used);
    super::amount::take_back(&tokens, &mut found);
    let c = super::lexicon::cues();
    // "el 1 de cada mes": a number an article opens is a day's.
    let opened = |m: &&super::amount::AmountMatch| {
        m.start > 0 && tokens[m.start - 1].is_in(c.days.day_articles)
    };
    let sure: Vec<_> = found.iter().filter(|m| m.score > 0 && !opened(m)).collect();
    if sure.len() < 2 {
        return vec![(a, b)];
    }
    // "entre 200 y 300", "de 500 a 600": a range's words join its sums.
    let joining = |t: &super::normalize::Token| {
        t.is_in(c.amounts.sum_prepositions)
            || t.is_in(c.amounts.item_joiners)
            || t.is_in(c.amounts.range_words)
            || t.is_in(c.debts.articles)
    };
    // Char offsets in the piece to byte offsets in the text.
    let byte_at = |chars: usize| {
        a + piece
            .char_indices()
            .nth(chars)
            .map_or(piece.len(), |(i, _)| i)
    };
    let mut cuts = Vec::new();
    for pair in sure.windows(2) {
        let Some(between) = tokens.get(pair[0].end..pair[1].start) else {
            continue;
        };
        if between.iter().all(joining)
            || between
                .iter()
                .any(|t| t.kind != super::normalize::TokenKind::Word)
        {
            continue;
        }
        let own_words = between[0].is_in(c.amounts.sum_prepositions);
        let cut = if own_words {
            tokens[pair[1].start].start
        } else {
            between[0].start
        };
        cuts.push(byte_at(cut));
    }
    let mut parts = Vec::new();
    let mut from = a;
    for cut in cuts {
        parts.push((from, cut));
        from = cut;
    }
    parts.push((from, b));
    parts.retain(|&(x, y)| !text[x..y].trim().is_empty());
    parts
}

/// The clauses of a message: its pieces between the words and marks that
/// join items ("y", ",", a new line), each trimmed, none empty.
pub fn clauses(text: &str) -> Vec<String> {
    pieces(text)
        .into_iter()
        .map(|(a, b)| text[a..b].trim().to_string())
        .collect()
}

/// The byte ranges between the joiners of `text`, none blank.
fn pieces(text: &str) -> Vec<(usize, usize)> {
    let mut cuts: Vec<(usize, usize)> = Vec::new();
    let mut word_start: Option<usize> = None;
    // The two words before, folded: "entre 200 y 300" is one amount said
    // as a range, never two items.
    let mut before: [String; 2] = Default::default();
    let mut push_word = |start: usize, end: usize, cuts: &mut Vec<(usize, usize)>| {
        let word = &text[start..end];
        let bare = word.trim_end_matches(ITEM_PUNCTUATION);
        let folded = fold(bare);
        let cues = super::lexicon::cues();
        let in_range = cues.amounts.amount_range_starts.contains(&before[0])
            && before[1].bytes().next().is_some_and(|b| b.is_ascii_digit());
        if cues.amounts.item_joiners.contains(&folded) && !in_range {
            cuts.push((start, end));
        } else if bare.len() < word.len() {
            cuts.push((start + bare.len(), end));
        }
        before = [std::mem::take(&mut before[1]), folded];
    };
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            if let Some(start) = word_start.take() {
                push_word(start, i, &mut cuts);
            }
            if c == '\n' {
                cuts.push((i, i + 1));
            }
        } else if word_start.is_none() {
            word_start = Some(i);
        }
    }
    if let Some(start) = word_start {
        push_word(start, text.len(), &mut cuts);
    }

    // Pieces between cuts, as byte ranges of the original text.
    let mut pieces: Vec<(usize, usize)> = Vec::new();
    let mut from = 0;
    for (start, end) in cuts {
        pieces.push((from, start));
        from = end;
    }
    pieces.push((from, text.len()));
    pieces.retain(|&(a, b)| !text[a..b].trim().is_empty());
    pieces
}

/// The items of `text` made of its pieces: a piece without an amount
/// joins the item before it.
fn items_of(text: &str, today: NaiveDate, pieces: Vec<(usize, usize)>) -> Vec<String> {
    // Merge pieces without an amount into the item before them; the ones
    // before the first amount ("mire, tengo una taquería, hoy vendí 3500
    // y…") open the first item, never stand as one.
    let mut items: Vec<(usize, usize)> = Vec::new();
    let mut opening: Option<usize> = None;
    for (k, &(a, b)) in pieces.iter().enumerate() {
        let priced = has_amount(&text[a..b], today)
            || !items.is_empty() && owed_part_of_before(&text[a..b], today);
        if !priced && opening.is_none() && joined_to_next(text, today, &pieces, k) {
            opening = Some(a);
            continue;
        }
        // A sentence begun with no money ("… son 204. Y Ramiro, todavía me
        // debe 90") opens the next item when one follows.
        let new_sentence = k > 0
            && text[pieces[k - 1].1..a].contains(['.', '?', '!'])
            && pieces[k + 1..]
                .iter()
                .any(|&(x, y)| has_amount(&text[x..y], today));
        match items.last_mut() {
            // "…, no, eran 90": a correction's opening opens the next.
            Some(_) if !priced && (opens_correction(&text[a..b]) || new_sentence) => {
                opening.get_or_insert(a);
            }
            // Words after an opening belong to it, never to the item before.
            Some(_) if !priced && opening.is_some() => {}
            Some(last) if !priced => last.1 = b,
            None if !priced => {
                opening.get_or_insert(a);
            }
            _ => items.push((opening.take().unwrap_or(a), b)),
        }
    }
    if let (Some(last), Some(_)) = (items.last_mut(), opening) {
        last.1 = text.len();
    }
    let priced = |&&(a, b): &&(usize, usize)| {
        has_amount(&text[a..b], today) || owed_part_of_before(&text[a..b], today)
    };
    if items.iter().filter(priced).count() < 2 {
        return vec![text.trim().to_string()];
    }
    // The last day said ("ayer se me olvidó apuntar: vendí 3900 y…") is
    // the day of every item after it that names none, until an item names
    // another: "hoy vendí 1,850 y ayer 2,100 de tamales y 380 de atole"
    // sold the atole yesterday.
    let mut day = None;
    let items = items
        .into_iter()
        .map(|(a, b)| {
            let item = text[a..b].trim();
            match &day {
                _ if has_day(item, today) => {
                    day = lent_day(item, today);
                    item.to_string()
                }
                Some(day) => format!("{day} {item}"),
                None => item.to_string(),
            }
        })
        .collect();
    fold_corrections(lend_owed_amounts(items, today))
}

/// "Karla me debe la mitad" said after "la renta es de 9000": a part
/// owed of money said before it, with no amount of its own.
fn owed_part_of_before(piece: &str, today: NaiveDate) -> bool {
    owes_a_part(&tokenize(&fold(piece))) && !has_amount(piece, today)
}

/// Whether `tokens` say a part of money owed to the user ("me debe la
/// mitad").
fn owes_a_part(tokens: &[super::normalize::Token]) -> bool {
    let c = super::lexicon::cues();
    let has = |list: &super::lexicon::CueList| {
        (0..tokens.len()).any(|k| list.cue_at(tokens, k).is_some())
    };
    has(c.debts.owed_halves) && has(c.debts.owed_to_me)
}

/// Each item that owes a part of money said before it names that money
/// ("… me debe la mitad de 9000"), as a day said first is lent.
fn lend_owed_amounts(items: Vec<String>, today: NaiveDate) -> Vec<String> {
    let mut before: Option<i64> = None;
    items
        .into_iter()
        .map(|item| {
            if owed_part_of_before(&item, today)
                && let Some(centavos) = before
            {
                let pesos = if centavos % 100 == 0 {
                    (centavos / 100).to_string()
                } else {
                    format!("{}.{:02}", centavos / 100, centavos % 100)
                };
                return format!("{item} de {pesos}");
            }
            let tokens = tokenize(&fold(&item));
            let mut used = vec![false; tokens.len()];
            super::moments::mark_not_money(&tokens, find_date(&tokens, today).as_ref(), &mut used);
            if let Some(m) = super::amount::best_amount(&find_amounts(&tokens, &used)) {
                before = Some(m.centavos);
            }
            item
        })
        .collect()
}

/// Whether the piece `k`, a word or two without an amount that a clause
/// opens ("…, pero Ana"), is joined by "y" to the priced piece after it:
/// the two are said together ("Ana y Beto me deben 300").
fn joined_to_next(text: &str, today: NaiveDate, pieces: &[(usize, usize)], k: usize) -> bool {
    let (Some(&(a, b)), Some(&(next_a, next_b))) = (pieces.get(k), pieces.get(k + 1)) else {
        return false;
    };
    let gap = |from: usize, to: usize| fold(text[from..to].trim());
    let and_words = super::lexicon::cues().amounts.and_words;
    let joined_by_and = |from, to| and_words.contains(&gap(from, to));
    let before_joined = k
        .checked_sub(1)
        .is_some_and(|p| joined_by_and(pieces[p].1, a));
    k > 0
        && !before_joined
        && text[a..b].split_whitespace().count() <= 2
        && joined_by_and(b, next_a)
        && has_amount(&text[next_a..next_b], today)
}

/// Whether `piece` is nothing but words that open a correction ("no",
/// "no espera").
fn opens_correction(piece: &str) -> bool {
    let c = super::lexicon::cues();
    let folded = fold(piece);
    let mut words = folded
        .split(|ch: char| !ch.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .peekable();
    words
        .peek()
        .is_some_and(|w| c.amounts.item_correction_starts.words().contains(w))
        && words.all(|w| {
            c.amounts.item_correction_starts.words().contains(&w)
                || c.days.interjections.words().contains(&w)
        })
}

/// An item that opens as a correction ("no espera, los chiles fueron
/// 200") takes the place of the earlier item it names (one sharing a word
/// with it: "150 de chiles"), or of the one just before; it is never a
/// movement of its own. What opens it is left out.
fn fold_corrections(mut items: Vec<String>) -> Vec<String> {
    let c = super::lexicon::cues();
    let opener = |w: &str| {
        c.days.draft_correction_starts.words().contains(&w)
            || c.days.interjections.words().contains(&w)
    };
    let mut i = 1;
    while i < items.len() {
        let folded = fold(&items[i]);
        let words: Vec<&str> = folded
            .split(|ch: char| !ch.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        let opens = words
            .first()
            .is_some_and(|w| c.amounts.item_correction_starts.words().contains(w));
        if !opens {
            i += 1;
            continue;
        }
        // The correction without its opening words, as written.
        let skip = words.iter().take_while(|w| opener(w)).count();
        let rest: Vec<&str> = items[i].split_whitespace().skip(skip).collect();
        let named = |item: &str| {
            let item = fold(item);
            words[skip..].iter().any(|w| {
                w.len() > 3
                    && !w.bytes().all(|b| b.is_ascii_digit())
                    && item
                        .split(|ch: char| !ch.is_alphanumeric())
                        .any(|x| x == *w)
            })
        };
        if rest.is_empty() {
            i += 1;
            continue;
        }
        let number = |w: &&str| w.bytes().any(|b| b.is_ascii_digit());
        match (0..i).rev().find(|&j| named(&items[j])) {
            Some(j) => items[j] = rest.join(" "),
            // "80 de refresco, no, eran 90": the new amount in the one
            // before, its words kept.
            None => {
                let Some(new) = rest.iter().find(|w| number(w)) else {
                    i += 1;
                    continue;
                };
                let before: Vec<&str> = items[i - 1].split_whitespace().collect();
                let Some(at) = before.iter().position(number) else {
                    i += 1;
                    continue;
                };
                let mut words: Vec<String> = before.iter().map(|w| w.to_string()).collect();
                words[at] = new.to_string();
                items[i - 1] = words.join(" ");
            }
        }
        items.remove(i);
    }
    items
}

/// `item` of `message` without the day [`split_items`] lent it (one said
/// before it in the message).
pub fn without_lent_day(message: &str, item: &str, today: NaiveDate) -> String {
    leading_day(item, today)
        .and_then(|day| item.strip_prefix(&format!("{day} ")))
        .filter(|own| !message.contains(item) && message.contains(own))
        .unwrap_or(item)
        .to_string()
}

/// The words of the day an item lends to the items after it: the last day
/// it names ("el jueves… de 120 y el viernes una pizza"), unless that day
/// ends the item ("me prestó 300 el viernes" is the loan's day alone);
/// then the one said before its first amount, if any.
fn lent_day(text: &str, today: NaiveDate) -> Option<String> {
    let tokens = tokenize(&fold(text));
    let mut last = None;
    let mut at = 0;
    while let Some(day) = tokens.get(at..).and_then(|rest| find_date(rest, today)) {
        last = Some((at + day.start, at + day.end));
        at += day.end.max(1);
    }
    let (start, end) = last?;
    if end == tokens.len() {
        return leading_day(text, today);
    }
    let (from, to) = (tokens[start].start, tokens[end - 1].end);
    Some(text.chars().skip(from).take(to - from).collect())
}

/// The words of the day `text` names before its first amount, if any.
fn leading_day(text: &str, today: NaiveDate) -> Option<String> {
    let tokens = tokenize(&fold(text));
    let day = find_date(&tokens, today)?;
    let mut used = vec![false; tokens.len()];
    super::moments::mark_not_money(&tokens, Some(&day), &mut used);
    let first_amount = find_amounts(&tokens, &used).first()?.start;
    if day.end > first_amount {
        return None;
    }
    let (from, to) = (tokens[day.start].start, tokens[day.end - 1].end);
    Some(text.chars().skip(from).take(to - from).collect())
}

fn has_day(piece: &str, today: NaiveDate) -> bool {
    find_date(&tokenize(&fold(piece)), today).is_some()
}

fn has_amount(piece: &str, today: NaiveDate) -> bool {
    amount_count(piece, today) > 0
}

/// How many amounts a piece of text holds (days and hours left out).
fn amount_count(piece: &str, today: NaiveDate) -> usize {
    let tokens = tokenize(&fold(piece));
    let mut used = vec![false; tokens.len()];
    super::moments::mark_not_money(&tokens, find_date(&tokens, today).as_ref(), &mut used);
    let mut found = find_amounts(&tokens, &used);
    super::amount::take_back(&tokens, &mut found);
    // A year ("desde 2015") or a count before its noun ("14 viajes") is
    // no item's money.
    found.iter().filter(|m| m.score > 0).count()
}

/// The questions a message asks, each as written: a new one starts after
/// a question mark or at "y" followed by a question word ("¿cuánto gané
/// esta semana y cuánto me queda libre?"). One question, or none, is the
/// whole message.
pub fn split_questions(text: &str) -> Vec<String> {
    let c = super::lexicon::cues();
    let asks = |word: &str| {
        let folded = super::normalize::fold(word);
        let word = folded.trim_matches(|ch: char| !ch.is_alphanumeric());
        c.said.question_words.words().contains(&word)
            || c.said.question_starts.words().contains(&word)
    };
    let words: Vec<(usize, &str)> = text
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - text.as_ptr() as usize, w))
        .collect();
    let mut cuts = vec![0];
    for (i, (at, word)) in words.iter().enumerate() {
        let next = words.get(i + 1).map(|(_, w)| *w);
        // "… y a quién le debo?": a preposition may open the question.
        let preposition = next.is_some_and(|w| {
            c.said
                .question_prepositions
                .words()
                .contains(&super::normalize::fold(w).as_str())
        });
        let asked_next = if preposition {
            words.get(i + 2).is_some_and(|(_, w)| asks(w))
        } else {
            next.is_some_and(asks)
        };
        let and_asks = super::normalize::fold(word) == "y" && asked_next;
        let after_mark = i > 0 && words[i - 1].1.ends_with('?') && asks(word);
        if and_asks || after_mark {
            cuts.push(*at);
        }
    }
    cuts.push(text.len());
    let parts: Vec<String> = cuts
        .windows(2)
        .map(|w| {
            let part = text[w[0]..w[1]].trim();
            let part = part
                .strip_prefix("y ")
                .or_else(|| part.strip_prefix("Y "))
                .unwrap_or(part);
            part.trim().to_string()
        })
        .filter(|p| p.split_whitespace().any(asks))
        .collect();
    if parts.len() < 2 {
        return vec![text.trim().to_string()];
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::split_items;
    use chrono::NaiveDate;

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()
    }

    #[test]
    fn an_opening_without_an_amount_opens_the_first_item_and_lends_its_day() {
        assert_eq!(
            split_items(
                "mire, tengo una taquería, hoy vendí 3500 y gasté 1200 en carne",
                today()
            ),
            [
                "mire, tengo una taquería, hoy vendí 3500",
                "hoy gasté 1200 en carne"
            ]
        );
        assert_eq!(
            split_items(
                "ayer se me olvidó: vendí 3900 y el lunes gasté 800",
                today()
            ),
            ["ayer se me olvidó: vendí 3900", "el lunes gasté 800"]
        );
    }

    #[test]
    fn splits_items_joined_by_words_commas_and_lines() {
        let cases: [(&str, &[&str]); 6] = [
            (
                "gasté 100 en tacos y 50 en refresco",
                &["gasté 100 en tacos", "50 en refresco"],
            ),
            (
                "gasté 100 en tacos\ngasté 50 en refresco",
                &["gasté 100 en tacos", "gasté 50 en refresco"],
            ),
            (
                "uber 120, tacos 80; súper 1,500",
                &["uber 120", "tacos 80", "súper 1,500"],
            ),
            (
                "gasté 100 en tacos y refresco",
                &["gasté 100 en tacos y refresco"],
            ),
            (
                "gasté 1,500 en el súper el 15",
                &["gasté 1,500 en el súper el 15"],
            ),
            ("gasté 250 en uber ayer", &["gasté 250 en uber ayer"]),
        ];
        for (text, expected) in cases {
            assert_eq!(split_items(text, today()), expected, "{text}");
        }
    }
}
