//! Who and what for, in a request for money: a person's name ("cóbrale
//! 350 a Juan Pérez", "¿ya me pagó mi roomie?") and the concept ("por la
//! pizza"), kept as the user wrote them. A name is a run of words that
//! are neither function words nor words the caller owns (an agent's
//! trigger words), nor part of an amount or a date.

use super::lexicon::cues;
use super::normalize::{Token, TokenKind};
use super::reading::Reading;

/// Which tokens may be part of a name.
fn name_words(reading: &Reading, own: &dyn Fn(&str) -> bool) -> Vec<bool> {
    let spans = money_and_days(reading);
    let c = cues();
    let tokens = reading.tokens();
    tokens
        .iter()
        .enumerate()
        .map(|(i, t)| {
            t.kind == TokenKind::Word
                && !t.code
                && t.text.chars().any(char::is_alphabetic)
                && !t.is_in(c.debts.not_name_words)
                // "recuérdame el 15…", "pónganme": a word that is no name
                // with an object pronoun joined to it is none either.
                && !c.days.trigger_enclitics.words().iter().any(|e| {
                    t.text
                        .strip_suffix(e)
                        .is_some_and(|stem| c.debts.not_name_words.contains(stem))
                })
                // "30 kilos a 18 el kilo": a unit of measure is no name.
                && !t.is_in(c.amounts.measure_units)
                // "pagué la cena de 900": a verb of paying is no name.
                && !t.is_in(c.said.past_payment_verbs)
                // "uy no, el doctor fue 50": an interjection is no name.
                && !t.is_in(c.days.interjections)
                // "me debe las dos": a number said in words is no name.
                && super::amount::parse_words(tokens, i).is_none()
                && !t.is_in(c.debts.concept_starts)
                && !own(&t.text)
                && !spans[i]
        })
        .collect()
}

/// The words of `tokens[start..end]` as written in the message.
pub(crate) fn written(reading: &Reading, start: usize, end: usize) -> String {
    let tokens = reading.tokens();
    let (first, last) = (tokens[start].start, tokens[end - 1].end);
    reading
        .text()
        .chars()
        .skip(first)
        .take(last - first)
        .collect::<String>()
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_string()
}

/// Where a concept starts and ends, as token indices.
fn concept_span(reading: &Reading, names: &[bool]) -> Option<(usize, usize)> {
    let tokens = reading.tokens();
    let c = cues();
    // "por los tamales", or "de" right after the money ("me debe 200 de
    // las chelas").
    let money_of = |k: usize| {
        k > 0
            && tokens[k].is_in(c.debts.money_of_words)
            && tokens[k - 1].kind == TokenKind::Number
            && tokens[k - 1].text.parse::<i64>().is_ok_and(|n| {
                reading
                    .extraction()
                    .amounts
                    .iter()
                    .any(|m| m.centavos == n * 100)
            })
    };
    // "se llevó 6 tamales": with no word that opens it, what a count
    // (no money of the message) counts is what it is for.
    let counted = |k: usize| {
        tokens[k].kind == TokenKind::Number
            && names.get(k + 1).copied().unwrap_or(false)
            && tokens[k].text.parse::<i64>().is_ok_and(|n| {
                (2..=999).contains(&n)
                    && !reading
                        .extraction()
                        .amounts
                        .iter()
                        .any(|m| m.centavos == n * 100)
            })
    };
    let start =
        match (0..tokens.len()).find(|&k| tokens[k].is_in(c.debts.concept_starts) || money_of(k)) {
            Some(k) => k + 1,
            None => (0..tokens.len()).find(|&k| counted(k))?,
        };
    let mut end = start;
    while end < tokens.len() {
        let t = &tokens[end];
        // "por 5 tamales": a count before what it counts.
        let count = t.kind == TokenKind::Number && names.get(end + 1).copied().unwrap_or(false);
        let word_ok = names[end]
            || count
            || t.is_in(c.debts.articles)
            || t.is_in(c.debts.person_possessives)
            || (t.kind == TokenKind::Word
                && t.is_in(c.debts.not_name_words)
                && !t.is_in(c.debts.concept_ends)
                && !t.is_in(c.debts.person_prepositions));
        if !word_ok {
            break;
        }
        end += 1;
    }
    // Trailing function words are not part of it ("por la").
    while end > start && !names[end - 1] {
        end -= 1;
    }
    (end > start).then_some((start, end))
}

/// What something is called ("la renta es de 8,500 cada día 1" →
/// "renta"): the first run of name words, with what it is of when name
/// words follow "de" ("el seguro del carro", "la cuota de Rocío").
pub fn label(reading: &Reading, own: &dyn Fn(&str) -> bool) -> Option<String> {
    let tokens = reading.tokens();
    // A day of the week is when, never what ("los martes y jueves pago 80
    // de la clase").
    let names: Vec<bool> = name_words(reading, own)
        .into_iter()
        .zip(tokens)
        .map(|(name, t)| name && t.weekday().is_none())
        .collect();
    let c = cues();
    let run_end = |from: usize| {
        (from..names.len())
            .find(|&k| !names[k])
            .unwrap_or(names.len())
    };
    let start = names.iter().position(|n| *n)?;
    let mut end = run_end(start);
    while end < tokens.len() && tokens[end].is_in(c.debts.money_of_words) {
        let mut k = end + 1;
        while tokens
            .get(k)
            .is_some_and(|t| t.is_in(c.debts.articles) || t.is_in(c.debts.person_possessives))
        {
            k += 1;
        }
        if !names.get(k).copied().unwrap_or(false) {
            break;
        }
        end = run_end(k);
    }
    Some(written(reading, start, end))
}

/// What the money is for ("por la pizza" → "la pizza").
pub fn concept(reading: &Reading, own: &dyn Fn(&str) -> bool) -> Option<String> {
    let names = name_words(reading, own);
    let (start, end) = concept_span(reading, &names)?;
    let first = start;
    Some(written(reading, first, end))
}

/// Which tokens may be part of a person's name: name words outside the
/// concept ("por la pizza").
fn person_words(reading: &Reading, own: &dyn Fn(&str) -> bool) -> Vec<bool> {
    let mut names = name_words(reading, own);
    if let Some((start, end)) = concept_span(reading, &names) {
        names[start..end].iter_mut().for_each(|n| *n = false);
    }
    // "ya me confundí": a word right after an object pronoun is a verb.
    let tokens = reading.tokens();
    let pronouns = cues().days.trigger_object_pronouns;
    for k in 1..tokens.len() {
        if tokens[k - 1].is_in(pronouns) {
            names[k] = false;
        }
    }
    // "a Juan no, a Pedro": the person denied is not the one said.
    if reading.instead().is_some() {
        for (name, denied) in names.iter_mut().zip(reading.negated()) {
            *name &= !denied;
        }
    }
    names
}

/// Where the run of name words from `start` ends.
fn run_end(names: &[bool], start: usize) -> usize {
    (start..names.len())
        .find(|&k| !names[k])
        .unwrap_or(names.len())
}

/// The person a message names: a title and the name after it ("doña
/// Lupe se llevó fiado 150 de tortillas"), else the words after "a",
/// "de", "con"… (with "mi" and the like: "a mi roomie"), else the first
/// run of name words ("Juan ya me pagó"); never the concept.
pub fn person(reading: &Reading, own: &dyn Fn(&str) -> bool) -> Option<String> {
    let names = person_words(reading, own);
    let tokens = reading.tokens();
    let c = cues();
    let run_from = |start: usize| run_end(&names, start);
    // "mi compadre el Chuy", "mi primo Luis": who they are to the user,
    // then their name (an article between): the name is the person.
    let articles = &c.days.trigger_determiners;
    for (i, t) in tokens.iter().enumerate() {
        if !t.is_in(c.debts.person_relations) {
            continue;
        }
        let mut k = i + 1;
        if tokens.get(k).is_some_and(|a| articles.contains(&a.text)) {
            k += 1;
        }
        let end = run_from(k);
        if k < tokens.len() && names[k] && end > k {
            return Some(written(reading, k, end));
        }
    }
    for (i, t) in tokens.iter().enumerate() {
        let end = run_from(i + 1);
        if t.is_in(c.debts.person_titles) && end > i + 1 {
            let opens = match i.checked_sub(1) {
                Some(before) if tokens[before].is_in(c.debts.person_possessives) => before,
                _ => i,
            };
            return Some(written(reading, opens, end));
        }
    }
    // "su parte del súper": a category of Caja's after "de" is what the
    // money was for ("a Luz" is still a person).
    let categories = super::category::find_categories(tokens, &vec![false; tokens.len()]);
    let names_category = |k: usize| categories.iter().any(|m| m.start == k && !m.fuzzy);
    for (i, t) in tokens.iter().enumerate() {
        // "250 del súper": after an amount, what the money was for.
        let of_money = t.is_in(c.debts.money_of_words)
            && (i > 0 && tokens[i - 1].kind == TokenKind::Number || names_category(i + 1));
        if !t.is_in(c.debts.person_prepositions) || of_money {
            continue;
        }
        let mut k = i + 1;
        // "a la Lety": the article is not the name ("para la gasolina" is
        // what the money was for).
        if t.is_in(c.debts.paid_to_prepositions)
            && tokens.get(k).is_some_and(|a| a.is_in(c.debts.articles))
        {
            k += 1;
        }
        let opens = k;
        if tokens
            .get(k)
            .is_some_and(|n| n.is_in(c.debts.person_possessives))
        {
            k += 1;
        }
        let end = run_from(k);
        if end > k {
            return Some(written(reading, opens, end));
        }
    }
    let start = names.iter().position(|n| *n)?;
    let opens = if start > 0 && tokens[start - 1].is_in(c.debts.person_possessives) {
        start - 1
    } else {
        start
    };
    Some(written(reading, opens, run_from(start)))
}

/// A request made of two people joined by "y" ("Ana y Beto me deben 300
/// cada uno", "cóbrale 300 a Ana y a Beto"): the message said for each
/// one alone, in its words, the first person first. `None` unless the
/// message names exactly that.
pub fn per_person(reading: &Reading, own: &dyn Fn(&str) -> bool) -> Option<[String; 2]> {
    let names = person_words(reading, own);
    let tokens = reading.tokens();
    let c = cues();
    let run_end = |from: usize| run_end(&names, from);
    let first = names.iter().position(|n| *n)?;
    let first_end = run_end(first);
    let and = tokens.get(first_end)?;
    if !and.is_in(c.amounts.and_words) {
        return None;
    }
    // "y a Beto", "y a mi compadre Beto": the second person's own words
    // start after the preposition.
    let mut second = first_end + 1;
    if tokens
        .get(second)
        .is_some_and(|t| t.is_in(c.debts.person_prepositions))
    {
        second += 1;
    }
    let opens = second;
    while tokens
        .get(second)
        .is_some_and(|t| t.is_in(c.debts.person_possessives) || t.is_in(c.debts.person_titles))
    {
        second += 1;
    }
    if !names.get(second).copied().unwrap_or(false) {
        return None;
    }
    let second_end = run_end(second);
    // A third person joined to them ("Ana, Luis y Beto") is more than
    // this reads; later words ("de la renta") are what it is for.
    let third = tokens
        .get(second_end)
        .is_some_and(|t| t.is_in(c.amounts.and_words))
        && names.get(second_end + 1).copied().unwrap_or(false);
    if third {
        return None;
    }
    let chars: Vec<char> = reading.text().chars().collect();
    let cut = |from: usize, to: usize| -> String {
        let kept: String = chars[..from].iter().chain(&chars[to..]).collect();
        kept.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let first_said = cut(tokens[first_end - 1].end, tokens[second_end - 1].end);
    let second_said = cut(tokens[first].start, tokens[opens].start);
    Some([first_said, second_said])
}

/// "caro ya me pagó y meche también": a request said for one person, then
/// another added at its end with "también": the request for each, in its
/// words (the second with the first's name changed). `None` otherwise.
pub fn also_person(reading: &Reading, own: &dyn Fn(&str) -> bool) -> Option<[String; 2]> {
    let names = person_words(reading, own);
    let tokens = reading.tokens();
    let c = cues();
    let last = tokens.len().checked_sub(1)?;
    if !tokens[last].is_in(c.amounts.follow_up_words) {
        return None;
    }
    // "y meche también", "y a meche también": the second person.
    let and = (0..last)
        .rev()
        .find(|&k| tokens[k].is_in(c.amounts.and_words))?;
    let mut second = and + 1;
    if tokens
        .get(second)
        .is_some_and(|t| t.is_in(c.debts.person_prepositions))
    {
        second += 1;
    }
    if second >= last || !(second..last).all(|k| names[k]) {
        return None;
    }
    // The first person: the first run of name words before the "y".
    let first = (0..and).find(|&k| names[k])?;
    let first_end = run_end(&names, first).min(and);
    let chars: Vec<char> = reading.text().chars().collect();
    let span = |from: usize, to: usize| -> String { chars[from..to].iter().collect() };
    let said = span(0, tokens[and].start)
        .trim_end_matches([',', ' '])
        .to_string();
    let (a, b) = (tokens[first].start, tokens[first_end - 1].end);
    let other = span(tokens[second].start, tokens[last - 1].end);
    let second_said = format!("{}{}{}", span(0, a), other, span(b, tokens[and].start));
    let second_said = second_said.trim_end_matches([',', ' ']).to_string();
    Some([said, second_said])
}

/// Who handed the money over, when the message says it beside a verb of
/// one giver handing money over (`giver_verbs`: "me pasó", "me
/// depositó"): the name right before the verb, a gap word or a day
/// between ("el Chuy ya me pasó 250"), or right after it, past an amount
/// and an article ("me pasó 250 el Chuy", "me depositó mi jefe"). A
/// category of Caja's is what the money was, never who gave it ("me
/// mandó la quincena"). The name is kept as [`person`] reads it, so a
/// flow that asks for the person gets the same one.
pub fn giver(reading: &Reading, own: &dyn Fn(&str) -> bool) -> Option<String> {
    let c = cues();
    let tokens = reading.tokens();
    let (verb, len) =
        (0..tokens.len()).find_map(|i| Some((i, c.debts.giver_verbs.cue_at(tokens, i)?)))?;
    let names = name_words(reading, own);
    let categories = super::category::find_categories(tokens, &vec![false; tokens.len()]);
    let names_category = |k: usize| categories.iter().any(|m| m.start == k && !m.fuzzy);
    let spans = money_and_days(reading);
    let passable = |k: usize| spans[k] || tokens[k].is_in(c.debts.giver_gap_words);
    // Before the verb: the name run that ends there.
    let mut end = verb;
    while end > 0 && !names[end - 1] && passable(end - 1) {
        end -= 1;
    }
    let mut start = end;
    while start > 0 && names[start - 1] {
        start -= 1;
    }
    let mut found = (start < end).then_some(start);
    if found.is_none() {
        // After it: past an amount, an article or a possessive.
        let mut k = verb + len;
        while k < tokens.len()
            && !names[k]
            && (passable(k)
                || tokens[k].is_in(c.debts.articles)
                || tokens[k].is_in(c.debts.person_possessives)
                || tokens[k].is_in(c.debts.person_titles))
        {
            k += 1;
        }
        found = names.get(k).copied().unwrap_or(false).then_some(k);
    }
    let titled = |k: usize| tokens[k].is_in(c.debts.person_titles);
    let at = found.filter(|&k| titled(k) || !names_category(k))?;
    let said = person(reading, own)?;
    let name = written(
        reading,
        at,
        (at..names.len())
            .find(|&k| !names[k])
            .unwrap_or(names.len()),
    );
    super::normalize::fold(&said)
        .ends_with(&super::normalize::fold(&name))
        .then_some(said)
}

/// Which tokens lie in an amount or a date the message says (token
/// offsets are chars; the spans of amounts and dates are bytes).
fn money_and_days(reading: &Reading) -> Vec<bool> {
    let extraction = reading.extraction();
    reading
        .tokens()
        .iter()
        .map(|t| {
            let (start, end) = (reading.byte_at(t.start), reading.byte_at(t.end));
            extraction
                .amounts
                .iter()
                .map(|m| &m.span)
                .chain(extraction.dates.iter().map(|w| &w.span))
                .any(|span| start < span.end && span.start < end)
        })
        .collect()
}

/// The tokens that are a person's title before their name ("doña Mari",
/// "a don Beto", "la seño Lupe"): never a category, though a title may
/// fold to a thing's word ("doña" and "dona"). A title after a number or
/// a determiner other than "el"/"la" ("una dona", "2 donas") is no title.
pub fn titles(tokens: &[Token]) -> Vec<usize> {
    let c = cues();
    (0..tokens.len())
        .filter(|&i| {
            let t = &tokens[i];
            let named = tokens.get(i + 1).is_some_and(|n| {
                // A name is no word the lexicon knows ("doña Mari", not
                // "el doctor me cobró").
                n.kind == TokenKind::Word && super::lexicon::word_cues(&n.text).is_none()
            });
            let counted = i.checked_sub(1).map(|p| &tokens[p]).is_some_and(|p| {
                p.kind == TokenKind::Number
                    || p.is_in(c.days.trigger_determiners) && !p.is_in(c.debts.articles)
            });
            t.is_in(c.debts.person_titles) && named && !counted
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> chrono::NaiveDate {
        chrono::NaiveDate::from_ymd_opt(2026, 11, 23).unwrap()
    }

    fn own(word: &str) -> bool {
        ["cobrale", "cobro", "recordatorio", "contactos", "pago"].contains(&word)
    }

    fn read(text: &str) -> (Option<String>, Option<String>) {
        let reading = Reading::new(text, today());
        (person(&reading, &own), concept(&reading, &own))
    }

    #[test]
    fn names_and_concepts_as_written() {
        let cases: &[(&str, Option<&str>, Option<&str>)] = &[
            (
                "cóbrale 350 a Juan por la pizza para el viernes",
                Some("Juan"),
                Some("la pizza"),
            ),
            (
                "hazle un cobro de 2,500 a mi roomie para el 1 de diciembre",
                Some("mi roomie"),
                None,
            ),
            ("cancela el cobro de Juan", Some("Juan"), None),
            ("¿ya me pagó Juan?", Some("Juan"), None),
            ("Juan ya me pagó", Some("Juan"), None),
            ("mándale un recordatorio a Juan", Some("Juan"), None),
            (
                "agrega a Juan Pérez a mis contactos",
                Some("Juan Pérez"),
                None,
            ),
            ("Juan Pérez", Some("Juan Pérez"), None),
            ("a mi hermana", Some("mi hermana"), None),
            (
                "cóbrale a Ana 1,240 por la cena del sábado",
                Some("Ana"),
                Some("la cena"),
            ),
            ("por la renta", None, Some("la renta")),
            ("350", None, None),
        ];
        for (text, name, what) in cases {
            let (got_name, got_what) = read(text);
            assert_eq!(got_name.as_deref(), *name, "person in {text:?}");
            assert_eq!(got_what.as_deref(), *what, "concept in {text:?}");
        }
    }

    #[test]
    fn a_title_and_its_name_are_the_person_wherever_they_stand() {
        for (text, name) in [
            ("doña Lupe se llevó fiado 150 de tortillas", "doña Lupe"),
            ("le fié 200 a don Pepe", "don Pepe"),
            ("Sofi me debe 250 del super", "Sofi"),
            ("Juan me debe 350 de la pizza", "Juan"),
            (
                "el licenciado Ruiz me debe 3,000 de la asesoría",
                "licenciado Ruiz",
            ),
            // Who they are to the user, then the name: the name.
            ("mi compadre Beto se llevó 2 cartones de huevo", "Beto"),
            ("le presté 500 a mi compadre el Chuy", "Chuy"),
            ("cóbrale 200 a mi primo Luis", "Luis"),
            ("mi hermana me debe 300", "mi hermana"),
        ] {
            assert_eq!(read(text).0.as_deref(), Some(name), "person in {text:?}");
        }
    }

    #[test]
    fn the_giver_stands_beside_a_verb_of_handing_money_over() {
        for (text, giver) in [
            ("el Chuy ya me pasó 250", Some("Chuy")),
            ("me depositó mi jefe 2000", Some("mi jefe")),
            ("me pasó 250 el Chuy", Some("Chuy")),
            ("doña Mari me dio 100 ayer", Some("doña Mari")),
            // What the money was, or no one beside the verb.
            ("me pagaron 300 de la costura", None),
            ("me mandó la quincena 8000", None),
            ("cóbrale a Mari lo que me pasó", None),
            ("gasté 200 en tacos", None),
        ] {
            let reading = Reading::new(text, today());
            assert_eq!(
                super::giver(&reading, &own).as_deref(),
                giver,
                "giver in {text:?}"
            );
        }
    }
}
