//! Debts as people name them: the name ("tarjeta bbva", "coppel", "mi
//! hermano"), balance, minimum payment and due day.

use super::lexicon::{CueList, cues};
use super::*;

/// "el dia 15", "cada 15", "los dias 10", "fecha de pago 20", "vence el 5".
pub(super) fn find_due_day(tokens: &[Token]) -> Option<(u8, usize, usize)> {
    let c = cues();
    let anywhere = |list: &CueList| tokens.iter().any(|t| t.is_in(list));
    // "pagué los 3 boletos de 89": a count before the plural it counts is
    // no day of the month.
    let counts = |n: &Token| n.kind == TokenKind::Word && n.text.len() > 3 && n.text.ends_with('s');
    for i in 0..tokens.len() {
        let t = &tokens[i];
        if t.kind != TokenKind::Number || t.text.len() > 2 {
            continue;
        }
        let Ok(day) = t.text.parse::<u8>() else {
            continue;
        };
        if !(1..=31).contains(&day) {
            continue;
        }
        // The word `k` places before the number is in `list`.
        let prev = |k: usize, list: &CueList| {
            i.checked_sub(k)
                .is_some_and(|j| list.contains(&tokens[j].text))
        };
        let due_marker = prev(1, c.debts.due_day_markers)
            || prev(1, c.debts.day_words) && !prev(2, c.debts.date_day_articles) && i >= 2
            || prev(1, c.debts.day_words) && anywhere(c.debts.due_words)
            || prev(1, c.days.day_articles) && prev(2, c.debts.due_verbs)
            || prev(1, c.debts.to_day_articles) && anywhere(c.debts.due_to_words)
            || prev(1, c.debts.plural_day_articles)
                && !tokens
                    .get(i + 1)
                    .is_some_and(|n| n.is_in(c.debts.plural_article_money) || counts(n));
        let money_follows = tokens
            .get(i + 1)
            .is_some_and(|n| n.is_in(c.debts.due_day_money_words));
        // "corte el 3 y pago el 23": the statement's day is no due day.
        let cutoff = prev(1, c.debts.cutoff_words) || prev(2, c.debts.cutoff_words);
        if due_marker && !money_follows && !cutoff {
            let start = i.saturating_sub(1);
            return Some((day, start, i + 1));
        }
    }
    None
}

pub(super) fn debt_entities(
    u: &mut Understanding,
    f: &Features<'_>,
    amounts: &[AmountMatch],
    due_day: Option<u8>,
) {
    u.debt_due_day = due_day;
    let c = cues();
    // Which amount is the minimum and which the balance: read the words
    // since the previous amount.
    let mut segment_start = 0;
    // "compré 4 llantas por 6,000": a count is no figure of the debt when
    // money is said too.
    let sure = amounts.iter().any(|m| m.score > 0);
    for m in amounts
        .iter()
        .filter(|m| m.foreign.is_none() && (m.score > 0 || !sure))
    {
        let before: Vec<&str> = f.tokens[segment_start..m.start]
            .iter()
            .map(|t| t.text.as_str())
            .collect();
        segment_start = m.end;
        let minimum_word = before
            .iter()
            .any(|w| c.debts.minimum_payment_words.contains(w))
            || before
                .last()
                .is_some_and(|w| c.debts.payment_nouns.contains(w));
        let minimum_after = f
            .tokens
            .get(m.end)
            .is_some_and(|t| t.is_in(c.debts.per_period_words))
            || f.tokens
                .get(m.end)
                .is_some_and(|t| t.is_in(c.debts.rate_words))
                && f.tokens
                    .get(m.end + 1)
                    .is_some_and(|t| t.is_in(c.debts.rate_periods));
        let balance_word = before
            .iter()
            .any(|w| c.debts.debt_balance_words.contains(w));
        // "voy a abonar 2000 a la tarjeta": money paid toward the debt is
        // neither its balance nor its minimum.
        let paid = !balance_word
            && !minimum_word
            && !minimum_after
            && before.iter().rev().take(2).any(|w| {
                c.debts.payment_verbs.contains(w)
                    || c.said.bill_payment_verbs.contains(w)
                    || c.debts.forgive_verbs.contains(w)
            });
        if paid {
            continue;
        }
        // Both said before it: the nearer one names it ("la deuda de
        // coppel ahora el mínimo es 500" is the minimum).
        let last_at = |list: &[&str]| before.iter().rposition(|w| list.contains(w));
        let minimum_nearer = last_at(c.debts.minimum_payment_words.words())
            > last_at(c.debts.debt_balance_words.words());
        let minimum_last = before
            .last()
            .is_some_and(|w| c.said.minimum_words.contains(w));
        let balance_wins = balance_word && !minimum_after && !minimum_nearer && !minimum_last;
        let is_minimum = (minimum_word || minimum_after) && !balance_wins;
        if is_minimum && u.debt_minimum.is_none() {
            u.debt_minimum = Some(m.centavos);
        } else if u.debt_balance.is_none() {
            u.debt_balance = Some(m.centavos);
        } else if u.debt_minimum.is_none() {
            u.debt_minimum = Some(m.centavos);
        }
    }
    if amounts.is_empty() && f.has(c.said.zero_words) {
        u.debt_balance = Some(0);
    }
    // "pagó la cena de 1,200 y le debo la mitad": the amount said before
    // the half is what was paid, and half of it is owed (a centavo that
    // does not split goes to what is owed); "le debo la mitad del súper,
    // 670" says what is owed.
    let half_at = (0..f.tokens.len()).find(|&k| c.debts.owed_halves.cue_at(f.tokens, k).is_some());
    let paid_before = |at: usize| {
        amounts.iter().any(|m| {
            m.foreign.is_none() && m.centavos == u.debt_balance.unwrap_or(-1) && m.end <= at
        })
    };
    if let Some(at) = half_at
        && f.has(c.said.owe_verbs)
        && paid_before(at)
    {
        u.debt_balance = u.debt_balance.map(|b| b / 2 + b % 2);
    }
}

/// The debt's name as a token span: "tarjeta bbva", "coppel", "mi hermano".
pub(super) fn debt_name(f: &Features<'_>, amounts: &[AmountMatch]) -> Option<(usize, usize)> {
    let tokens = f.tokens;
    let in_amount = |i: usize| amounts.iter().any(|m| (m.start..m.end).contains(&i));
    let cues = cues();
    // A name never runs through a negation or the word that says what
    // is instead ("a Beto no, a Pedro", "no es Beto sino Pedro").
    let stop = |j: usize| {
        let t = &tokens[j];
        t.kind == TokenKind::Number
            || t.is_in(cues.debts.debt_name_stops)
            || t.is_in(cues.answers.negations)
            || t.is_in(cues.answers.negation_enders)
            || in_amount(j)
    };
    // A name said under a negation is the one the message denies.
    let denied = |j: usize| f.negated.get(j) == Some(&true);
    // Words after `start` up to a stop word.
    let run_from = |start: usize| {
        let mut end = start;
        while end < tokens.len() && !stop(end) {
            end += 1;
        }
        end
    };
    for (i, t) in tokens.iter().enumerate() {
        if !t.is_in(cues.debts.debt_kinds) || denied(i) {
            continue;
        }
        let mut j = i + 1;
        // "tarjeta de credito bbva"
        j += cues.debts.debt_kind_suffixes.cue_at(tokens, j).unwrap_or(0);
        let end = run_from(j);
        if end > j {
            return Some((i, end));
        }
        // "prestamo del coche", "prestamo de mi hermano", "credito de mercado pago"
        if tokens
            .get(j)
            .is_some_and(|n| n.is_in(cues.debts.debt_name_joiners))
            && !in_amount(j + 1)
        {
            let mut k = j + 1;
            if tokens
                .get(k)
                .is_some_and(|n| n.is_in(cues.debts.possessives))
            {
                k += 1;
            }
            let end = run_from(k);
            if end > k {
                return Some((i, end));
            }
        }
        return Some((i, i + 1));
    }
    if let Some(span) = lender_before(f) {
        return Some(span);
    }
    // "le debo 3 mil a mi hermano", "deuda con coppel", "debo en liverpool".
    for (i, t) in tokens.iter().enumerate() {
        if i == 0 || !t.is_in(cues.debts.creditor_prepositions) || in_amount(i + 1) || denied(i + 1)
        {
            continue;
        }
        let mut k = i + 1;
        if tokens.get(k).is_some_and(|n| n.is_in(cues.debts.articles)) {
            k += 1;
        }
        // "al de Bimbo": the one of Bimbo.
        if k > i + 1 || tokens[i].is_in(cues.debts.paid_to_prepositions) {
            k += usize::from(
                tokens
                    .get(k)
                    .is_some_and(|n| n.is_in(cues.debts.one_of_words)),
            );
        }
        let name_start = k;
        if tokens
            .get(k)
            .is_some_and(|n| n.is_in(cues.debts.possessives))
        {
            k += 1;
        }
        let end = run_from(k);
        if end > k {
            return Some((name_start, end));
        }
    }
    // Lenders named on their own: "coppel", "infonavit".
    tokens
        .iter()
        .position(|t| t.is_in(cues.debts.lenders))
        .map(|i| (i, i + 1))
}

/// The one who lent, said before the lending: "mi hermana me prestó
/// 1500", "el de la tienda me fió 300"; or who paid what the person now
/// owes them a part of: "Sofi pagó el súper, le debo la mitad". "de lo
/// que me prestó" names what a payment pays back, not who.
fn lender_before(f: &Features<'_>) -> Option<(usize, usize)> {
    let tokens = f.tokens;
    let cues = cues();
    // "Sofi pagó el súper, le debo la mitad": the paying comes before
    // the owing ("le debo 15 mil a Truper, pago el 30" is the person's
    // own payment day).
    let paid_for_me = |i: usize| {
        tokens[i].is_in(cues.debts.paid_for_me_verbs)
            && !tokens[i - 1].is_in(cues.debts.articles)
            && !tokens[i - 1].is_in(cues.debts.possessives)
            && (i + 1..tokens.len()).any(|k| cues.said.owe_verbs.cue_at(tokens, k).is_some())
    };
    let lent = (1..tokens.len())
        .find(|&i| cues.said.borrowed_phrases.cue_at(tokens, i).is_some() || paid_for_me(i))
        .filter(|_| !f.has(cues.debts.owed_phrases))?;
    // "doña Tere me vendió": the pronoun before the verb is no name.
    let mut lent_at = lent;
    while lent_at > 0 && tokens[lent_at - 1].is_in(cues.days.trigger_object_pronouns) {
        lent_at -= 1;
    }
    // "le debo 450 de la masa que me fió": what was lent, not who.
    if lent_at > 0 && tokens[lent_at - 1].is_in(cues.debts.relative_words) {
        return None;
    }
    let mut start = lent_at;
    while start > 0 && lent_at - start < 4 && tokens[start - 1].kind == TokenKind::Word {
        start -= 1;
    }
    // From the person's first word: "mi hermana", "el de la tienda".
    let words = &tokens[start..lent_at];
    let mut opening = words
        .iter()
        .position(|t| t.is_in(cues.debts.possessives) || t.is_in(cues.debts.articles))
        .unwrap_or(0);
    // "el bryan me prestó": the article is no part of the name ("el de
    // la tienda" keeps it: the one of the shop).
    if words
        .get(opening)
        .is_some_and(|t| t.is_in(cues.debts.articles))
        && words
            .get(opening + 1)
            .is_some_and(|t| !t.is_in(cues.debts.one_of_words))
    {
        opening += 1;
    }
    let named = words[opening..].iter().any(|t| {
        !t.is_in(cues.debts.possessives)
            && !t.is_in(cues.debts.debt_name_stops)
            && !t.is_in(cues.debts.not_name_words)
    });
    named.then_some((start + opening, lent_at))
}

pub(super) fn distinctive_words(name: &str) -> Vec<String> {
    fold(name)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && !cues().debts.generic_debt_words.contains(w))
        .map(str::to_string)
        .collect()
}

/// The creditor a payment goes to, as a token span: "le aboné 1,000 a
/// Coppel", "pagué 2 mil de la tarjeta nu", "le di 500 a mi compadre de lo
/// que le debo". Only a payment verb with a card, a lender, or "a <name>"
/// names one; "pagué 300 en uber" pays no debt.
pub(super) fn paid_to(f: &Features<'_>, amounts: &[AmountMatch]) -> Option<(usize, usize)> {
    let cues = cues();
    if !f.has(cues.debts.payment_verbs) {
        return None;
    }
    let tokens = f.tokens;
    let Some((start, end)) = debt_name(f, amounts) else {
        return named_first(f);
    };
    // "pagué la tarjeta" says what kind of debt, not which one.
    if tokens[start..end]
        .iter()
        .all(|t| cues.debts.generic_debt_words.contains(&t.text))
    {
        return None;
    }
    // The name must not be a place the money was spent in ("en uber") or
    // what it bought ("de luz").
    // The word before the name, past an article ("a la Fer") or the one
    // of ("al de Bimbo", "a la de Coppel").
    let past_article = |at: Option<usize>| match at {
        Some(k) if tokens[k].is_in(cues.debts.articles) => k.checked_sub(1),
        other => other,
    };
    let before = match start.checked_sub(1) {
        Some(k) if tokens[k].is_in(cues.debts.one_of_words) && k > 0 => {
            let one = k - 1;
            let named = tokens[one].is_in(cues.debts.articles)
                || tokens[one].is_in(cues.debts.paid_to_prepositions);
            if named {
                past_article(Some(one))
            } else {
                Some(k)
            }
        }
        other => past_article(other),
    };
    let named_by = |list: &CueList| before.is_some_and(|k| list.contains(&tokens[k].text));
    let card_or_lender = tokens[start..end]
        .iter()
        .any(|t| t.is_in(cues.debts.debt_kinds) || t.is_in(cues.debts.lenders));
    let owed = super::intents::owes_payment(f) || f.has(cues.debts.owed_cues);
    // "con tarjeta" says how something was paid, not what.
    let paid_to =
        if named_by(cues.debts.spent_in_prepositions) || named_by(cues.debts.with_words) && !owed {
            false
        } else {
            named_by(cues.debts.paid_to_prepositions)
                && (card_or_lender || owed || f.has(cues.debts.indirect_pronouns))
                || card_or_lender
        };
    paid_to.then_some((start, end))
}

/// "don Beto vino y le aboné 500": a person named by title first, and
/// the payment made to "le" after: the payment is to them.
fn named_first(f: &Features<'_>) -> Option<(usize, usize)> {
    let cues = cues();
    let tokens = f.tokens;
    let title = tokens.first()?.is_in(cues.debts.person_titles);
    let name = tokens
        .get(1)
        .is_some_and(|t| t.kind == TokenKind::Word && !t.is_in(cues.debts.not_name_words));
    let to_them = (1..tokens.len()).any(|k| {
        tokens[k - 1].is_in(cues.debts.indirect_pronouns)
            && cues.debts.payment_verbs.cue_at(tokens, k).is_some()
    });
    (title && name && to_them).then_some((0, 2))
}

/// The part of a debt a payment said in words instead of an amount.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OwedPart {
    /// "pagué el mínimo de la banamex": the stored minimum payment.
    Minimum,
    /// "ya le pagué todo al mecánico", "lo que le debía": the balance.
    Balance,
}

/// The part of a debt a message pays, said in words.
pub fn owed_part(reading: &Reading) -> Option<OwedPart> {
    let said = reading.cues();
    let c = cues();
    if said.has(c.said.minimum_words) {
        Some(OwedPart::Minimum)
    } else if said.has(c.said.whole_debt_words) {
        Some(OwedPart::Balance)
    } else {
        None
    }
}
