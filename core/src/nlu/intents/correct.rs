//! Corrections and deletion of the last movement: "borra el último",
//! "no, eran 300", "me equivoqué, fue en comida".

use super::Signals;
use crate::nlu::lexicon::cues;
use crate::nlu::{Features, Intent};

/// Scores DeleteLastTransaction, then UpdateLastTransaction.
pub(super) fn score(f: &Features<'_>, s: &Signals, add: &mut impl FnMut(Intent, f32)) {
    let Signals {
        has_amount,
        has_category,
        has_date,
        question,
        first,
        ..
    } = *s;

    // Corrections and deletion of the last movement.
    let c = cues();
    let delete_verb = f.has_prefix(c.said.delete_prefixes)
        || f.has(c.said.cancel_verbs) && f.has(c.said.last_record_words)
        || f.has(c.said.delete_words);
    let last_ref = f.has(c.said.last_references);
    if delete_verb && (last_ref || f.tokens.len() <= 3) && !f.has(c.said.not_last_movement_words) {
        add(Intent::DeleteLastTransaction, 0.95);
    }
    // "no sé" is a filler, not a correction.
    // A "no" after an amount takes back a number of this very message
    // ("gasolina 100... no, 120"): a new movement, not a correction.
    let early_no = f
        .tokens
        .iter()
        .take(3)
        .take_while(|t| t.kind != crate::nlu::normalize::TokenKind::Number)
        .enumerate()
        .any(|(i, t)| {
            t.is_in(c.said.no_words)
                && !f
                    .tokens
                    .get(i + 1)
                    .is_some_and(|n| n.is_in(c.said.no_fillers))
        });
    let correction_start =
        (early_no || c.said.correction_starts.contains(first)) && f.has(c.said.correction_words);
    if correction_start && !question {
        add(Intent::UpdateLastTransaction, 0.95);
    }
    // "gasolina 100... no, ponle 120": a number of this message is fixed
    // before any movement is named; a new movement, not a correction.
    let first_number = f
        .tokens
        .iter()
        .position(|t| t.kind == crate::nlu::normalize::TokenKind::Number);
    let first_fix = (0..f.tokens.len()).find(|&k| {
        c.said.correction_cues.cue_at(f.tokens, k).is_some()
            || c.said.no_words.at(f.tokens, k)
            || c.said.retraction_words.at(f.tokens, k)
    });
    let names_first = f
        .tokens
        .first()
        .is_some_and(|t| t.is_in(c.said.reference_articles) || t.is_in(c.said.edit_verbs));
    let self_corrected =
        !names_first && matches!((first_number, first_fix), (Some(n), Some(x)) if n < x);
    let correction_cue =
        f.has(c.said.correction_cues) || f.has(c.said.last_words) && f.has(c.said.was_words);
    if correction_cue
        && !self_corrected
        && !question
        && (has_amount || has_category || has_date || f.has(c.said.correctable_fields))
    {
        add(Intent::UpdateLastTransaction, 0.95);
    }
    // "cámbiela a servicios": a short message that opens changing what was
    // just saved, to a value Caja does not know; what to change is asked.
    let opens_changing = (0..1).any(|k| c.said.correction_cues.cue_at(f.tokens, k).is_some());
    if opens_changing && !question && f.tokens.len() <= 4 {
        add(Intent::UpdateLastTransaction, 0.8);
    }
    if f.has(c.said.mistake_words)
        && (has_amount || has_category || has_date || f.has(c.said.mistaken_fields))
    {
        add(Intent::UpdateLastTransaction, 0.92);
    }
    // "cambia ese ingreso de Lupita a ventas": a command to change what
    // is named, surer than the word of money in it.
    // A verb or a target may be a word of another list too ("ingreso").
    let said = |list: &crate::nlu::lexicon::CueList| {
        f.tokens
            .iter()
            .any(|t| list.words().contains(&t.text.as_str()))
    };
    if said(c.said.edit_verbs) && said(c.said.edit_targets) && !f.has(c.said.not_last_edit_words) {
        add(Intent::UpdateLastTransaction, 0.97);
    }
    let other_record = named_then_what_it_was(f, s, add);
    edit_verb_first(f, s, other_record, add);
}

/// "el de la luz fue 465", "los 1150 de los viajes son ingreso": a movement
/// named by an article and then what it really was. Returns whether the
/// message is about another record (a debt, the balance, a shared bill).
fn named_then_what_it_was(
    f: &Features<'_>,
    s: &Signals,
    add: &mut impl FnMut(Intent, f32),
) -> bool {
    let c = cues();
    let Signals {
        has_amount,
        has_category,
        question,
        debt_noun,
        ..
    } = *s;
    // A movement named by an article and then what it really was: "el de
    // la luz fue 465", "la gasolina de ayer ponla en viajes", "lo del
    // doctor eran 800". A recorded one is meant, not a new one.
    // "el sábado es la boda": an article that opens a day names none.
    // "y el de 20,000 corríjalo": a word that leads in is not what names.
    let lead = usize::from(f.tokens.len() > 2 && f.tokens[0].is_in(c.said.statement_lead_ins));
    let at = |k: usize| f.tokens.get(lead + k);
    let opens_day = at(1).is_some_and(|t| t.weekday().is_some());
    let names_a_movement = !opens_day
        && (at(0).is_some_and(|t| t.is_in(c.said.movement_articles))
            || at(0).is_some_and(|t| t.is_in(c.said.reference_articles))
                && at(1).is_some_and(|t| t.is_in(c.said.reference_articles)));
    // "fue 465", "ponlo en viajes", "son ingreso": what it was, with a
    // value after it (an amount, a category, a kind of money); not "se me
    // fueron 430" (spent) nor "no es broma".
    let says_what_it_was = f.tokens.iter().enumerate().any(|(k, t)| {
        (t.is_in(c.said.was_words) || t.is_in(c.said.assertion_words))
            && !(k > 0 && f.tokens[k - 1].is_in(c.said.not_assertion_before))
            && f.tokens[k + 1..].iter().any(|v| {
                v.kind == crate::nlu::normalize::TokenKind::Number
                    || v.number_word().is_some()
                    || crate::nlu::category::key_of_word(&v.text).is_some()
                    || v.is_in(c.answers.income_kind_words)
                    || v.is_in(c.answers.expense_kind_words)
            })
    });
    // A debt or the bank balance is updated by its own intents; "la cena
    // fueron 1,240 entre 4" is a shared bill to log.
    // A minimum payment is a debt's ("el pago mínimo es de 800").
    let other_record = debt_noun
        || f.has(c.said.minimum_words)
        || f.has(c.said.balance_nouns)
        || f.has(c.said.owe_verbs)
        || crate::nlu::split::find_split(f.tokens).is_some();
    if names_a_movement
        && says_what_it_was
        && !question
        && (has_amount || has_category || states_kind_only(f))
        && !f.has(c.said.not_last_movement_words)
        && !other_record
    {
        // Its kind stated ("los 1,150 de los viajes son ingreso") with no
        // verb of money moving: the recorded one changes kind, clearly;
        // its «ingreso» is no income arriving.
        let strength = if states_kind_only(f) { 0.97 } else { 0.94 };
        add(Intent::UpdateLastTransaction, strength);
    }
    other_record
}

/// Whether the message states a kind of money after a was-word ("son
/// ingreso", "es un gasto") and says no verb of money moving anywhere
/// else ("me pagaron", "gasté").
fn states_kind_only(f: &Features<'_>) -> bool {
    let c = cues();
    let kind_word = |t: &crate::nlu::normalize::Token| {
        t.is_in(c.answers.income_kind_words) || t.is_in(c.answers.expense_kind_words)
    };
    // The kind's place, after its was-word and at most one article.
    let stated: Vec<usize> = (0..f.tokens.len())
        .filter(|&k| kind_word(&f.tokens[k]))
        .filter(|&k| {
            let before = |n: usize| k.checked_sub(n).map(|i| &f.tokens[i]);
            before(1).is_some_and(|t| t.is_in(c.said.was_words))
                || before(1).is_some_and(|t| t.is_in(c.said.reference_articles))
                    && before(2).is_some_and(|t| t.is_in(c.said.was_words))
        })
        .collect();
    let moved = (0..f.tokens.len()).any(|k| {
        !stated.contains(&k)
            && (c.said.income_verbs.cue_at(f.tokens, k).is_some()
                || c.said.expense_verbs.cue_at(f.tokens, k).is_some())
    });
    !stated.is_empty() && !moved
}

/// "cambia el de 1,500 a ropa", "borra el uber de ayer", "ay, se duplicó,
/// borra uno de los de 250": an edit or a delete verb, then the movement
/// it acts on.
fn edit_verb_first(
    f: &Features<'_>,
    s: &Signals,
    other_record: bool,
    add: &mut impl FnMut(Intent, f32),
) {
    let c = cues();
    let Signals {
        has_amount,
        has_category,
        has_date,
        question,
        ..
    } = *s;
    // "borra uno de los ingresos de 250": one of several, named after.
    let names_movement_at = |k: usize| {
        f.tokens
            .get(k)
            .is_some_and(|t| t.is_in(c.said.reference_articles))
            || c.answers.one_of.cue_at(f.tokens, k).is_some()
    };
    let verb_then_movement = names_movement_at(1);
    if verb_then_movement
        && !question
        && !f.has(c.said.not_last_movement_words)
        && !f.has(c.said.not_last_edit_words)
        && !other_record
    {
        if f.first_is(c.said.edit_verbs) && (has_amount || has_category || has_date) {
            add(Intent::UpdateLastTransaction, 0.94);
        }
        let first_deletes = f.first_word().is_some_and(|w| {
            c.said
                .delete_prefixes
                .words()
                .iter()
                .any(|p| w.starts_with(p))
        });
        if first_deletes {
            add(Intent::DeleteLastTransaction, 0.95);
        }
    }
    // "ay, se duplicó, borra uno de los de 250": the delete verb opens its
    // own clause, anywhere in the message.
    let deletes = |t: &crate::nlu::normalize::Token| {
        c.said
            .delete_prefixes
            .words()
            .iter()
            .any(|p| t.text.starts_with(p))
    };
    let delete_clause =
        (1..f.tokens.len()).any(|k| deletes(&f.tokens[k]) && names_movement_at(k + 1));
    if delete_clause && !question && !f.has(c.said.not_last_movement_words) && !other_record {
        add(Intent::DeleteLastTransaction, 0.95);
    }
}
