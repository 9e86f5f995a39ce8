//! Readers of answers to the agent's own prompts: the seed's sí/no
//! allowlists (words in the lexicon) and the pick among intents offered.

use super::Intent;
use super::lexicon::cues;
use super::normalize::fold;
use crate::kinds::CategoryType;

mod category;
mod choice;
mod kind;
mod loose;
mod negation;

pub use category::{custom_category, moves_to_category, own_category_named};
pub use choice::numbered_choice;
pub use kind::{kind_for_stored, kind_named};
pub use loose::{Loose, loose, opens_with_no};
pub use negation::{instead, negated};

/// What a reply to a confirmation prompt says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Confirm,
    Reject,
    /// Anything else.
    Other,
}

/// Reads a reply: lower-cased, split on spaces and punctuation; a message
/// made only of confirm tokens confirms ("sí, confirmo"), only of reject
/// tokens rejects. Mixed or other words are `Other`.
pub fn decide(message: &str) -> Decision {
    let lowered = message.to_lowercase();
    let words: Vec<&str> = lowered
        .split(|c: char| {
            c.is_whitespace() || (c.is_ascii_punctuation() && c != '/') || "¡¿…".contains(c)
        })
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        return Decision::Other;
    }
    let cues = cues();
    if words
        .iter()
        .all(|w| cues.answers.confirm_tokens.contains(w))
    {
        return Decision::Confirm;
    }
    // "sí porfa", "ok, gracias": the token, then only courtesy.
    if cues.answers.confirm_tokens.contains(words[0]) && {
        let rest: Vec<String> = words[1..].iter().map(|w| fold(w)).collect();
        let rest: Vec<&str> = rest.iter().map(String::as_str).collect();
        cues.answers.confirm_tail.covers(&rest)
    } {
        return Decision::Confirm;
    }
    // Saying no is never a write: "mmm no", "nel", "siempre no" reject too.
    let said: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !cues.days.interjections.contains(w))
        .collect();
    if !said.is_empty() && said.iter().all(|w| cues.answers.reject_tokens.contains(w))
        || cues
            .answers
            .reject_phrases
            .cues()
            .any(|cue| cue == said.as_slice())
    {
        return Decision::Reject;
    }
    // "mejor no los compro": a reject phrase and only words of declining
    // after it. Any other word ("mejor no, ponlo en comida") may correct
    // the draft, so it is not read as a no.
    let folded: Vec<String> = said.iter().map(|w| fold(w)).collect();
    let declines = cues.answers.reject_phrases.cues().any(|cue| {
        folded.len() > cue.len()
            && folded.iter().zip(cue).all(|(w, c)| w == c)
            && folded[cue.len()..]
                .iter()
                .all(|w| cues.answers.reject_tail.contains(w))
    });
    if declines {
        return Decision::Reject;
    }
    Decision::Other
}

/// A reply that opens with a confirm token and says more that is not a
/// change ("si, perdón, me entretuve con un cliente"): a yes whose other
/// words are not read into the draft.
pub fn opens_with_yes(reading: &super::Reading) -> bool {
    let c = cues();
    let mut words = after_interjections(reading);
    let first = words
        .next()
        .is_some_and(|w| c.answers.confirm_tokens.contains(w));
    let next = words.next();
    first && next.is_some_and(|w| !c.answers.yes_but.words().contains(&w))
}

/// What a reply says after the yes it opens with ("sí, y también 40 de
/// propina", "sip, y 80 de refresco"), as written; `None` unless it opens
/// with a yes (allowlisted or not) and says more.
pub fn after_yes(reading: &super::Reading) -> Option<String> {
    let c = cues();
    let interjections = c.days.interjections.words();
    let tokens = reading.tokens();
    let k = tokens
        .iter()
        .position(|t| !interjections.contains(&t.text.as_str()))?;
    let yes = &tokens[k];
    let said_yes = c.answers.confirm_tokens.contains(yes.text.as_str())
        || c.answers
            .sounds_like_yes
            .words()
            .contains(&yes.text.as_str());
    let next = tokens.get(k + 1)?;
    if !said_yes {
        return None;
    }
    let rest = reading.text().get(reading.byte_at(next.start)..)?.trim();
    (!rest.is_empty()).then(|| rest.to_string())
}

/// The words of a reply after the interjections it opens with ("ah",
/// "mmm").
pub(super) fn after_interjections<'r>(
    reading: &'r super::Reading,
) -> impl Iterator<Item = &'r str> + 'r {
    let interjections = cues().days.interjections.words();
    reading
        .words()
        .skip_while(move |w| interjections.contains(w))
}

/// A reply that sounds like a yes without an allowlisted token ("simón",
/// "órale", "de acuerdo"): nothing is saved, and the «sí» is asked for.
pub fn sounds_like_yes(reading: &super::Reading) -> bool {
    let c = cues();
    let words: Vec<&str> = reading
        .words()
        .filter(|w| !c.days.interjections.words().contains(w))
        .collect();
    !words.is_empty() && c.answers.sounds_like_yes.covers(&words)
}

/// Which of the offered intents a reply picks: by number ("2", "1)") or by
/// a word of that intent ("consultar").
pub fn choose_intent(message: &str, candidates: &[Intent]) -> Option<Intent> {
    let folded = fold(message);
    let words: Vec<&str> = folded.split_whitespace().collect();
    let by_number = words
        .first()
        .and_then(|w| w.trim_end_matches([')', '.']).parse::<usize>().ok())
        .and_then(|n| n.checked_sub(1))
        .and_then(|n| candidates.get(n).copied());
    let c = cues();
    let by_word = candidates.iter().copied().find(|intent| {
        let cue = match intent {
            Intent::LogTransaction => c.answers.choose_log,
            Intent::QueryData => c.answers.choose_query,
            Intent::SimulatePurchase => c.answers.choose_simulate,
            Intent::SetBudget => c.answers.choose_budget,
            Intent::ManageDebt => c.answers.choose_debt,
            Intent::SetBankBalance => c.answers.choose_balance,
            Intent::UpdateLastTransaction => c.answers.choose_correct,
            Intent::DeleteLastTransaction => c.answers.choose_delete,
            Intent::Unknown => return false,
        };
        words.iter().any(|w| cue.contains(w))
    });
    by_number.or(by_word)
}

/// A command the agent answers ("/ayuda", "/cancelar", "/resumen").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Start,
    Help,
    Cancel,
    Summary,
    Unknown,
}

/// Reads a command name (after "/", before any "@bot" suffix).
pub fn command(name: &str) -> Command {
    let folded = fold(name);
    let name = folded.trim();
    let c = cues();
    if name == "start" {
        Command::Start
    } else if c.days.command_help.words().contains(&name) {
        Command::Help
    } else if c.days.command_cancel.words().contains(&name) {
        Command::Cancel
    } else if c.days.command_summary.words().contains(&name) {
        Command::Summary
    } else {
        Command::Unknown
    }
}

/// The words of a folded message, without the punctuation around them.
fn bare_words(folded: &str) -> impl Iterator<Item = &str> {
    folded
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_ascii_alphanumeric()))
        .filter(|w| !w.is_empty())
}

/// Whether a folded message is one word of `list` and nothing else.
fn only_word_of(folded: &str, list: &[&str]) -> bool {
    let mut words = bare_words(folded);
    matches!((words.next(), words.next()), (Some(w), None) if list.contains(&w))
}

/// "cancelar", "olvídalo": the message cancels the open flow.
pub fn is_cancel(folded: &str) -> bool {
    only_word_of(folded, cues().days.cancel_words.words())
}

/// A finance request complete enough to stand on its own even while
/// another agent waits for an answer, or when it holds another agent's
/// word ("debo 18,450 de la tarjeta de crédito", "anota la recarga de 100
/// como gasto"): an amount, and an explicit cue of what to do with it.
/// "como 830 con la comisión" is not one: it answers the question asked.
pub fn complete_finance_request(reading: &super::Reading) -> bool {
    let c = cues();
    let found = reading.cues();
    let any = |lists: &[&super::lexicon::CueList]| lists.iter().any(|l| found.has(l));
    let log = [
        c.said.expense_verbs,
        c.said.income_verbs,
        c.said.log_commands,
        c.debts.payment_verbs,
        c.categories.paid_me_phrases,
        c.answers.choose_log,
    ];
    let debt = [
        c.said.owe_verbs,
        c.said.debt_commands,
        c.said.borrowed_phrases,
        c.said.loan_nouns,
    ];
    let budget = [c.said.budget_words, c.said.budget_phrases];
    let balance = [c.said.bank_account_words, c.said.bank_names];
    // The cues first: most messages hold none, and need no understanding.
    if !(any(&log) || any(&debt) || any(&budget) || any(&balance)) {
        return false;
    }
    let u = reading.understanding();
    if u.confidence < crate::confidence::SURE {
        return false;
    }
    match u.intent {
        // "ya pagué el mínimo de la Nu": the amount is the named debt's
        // stored part.
        Intent::LogTransaction => {
            (u.amount.is_some()
                || u.debt_paid.is_some() && super::debts::owed_part(reading).is_some())
                && any(&log)
        }
        Intent::ManageDebt => (u.amount.is_some() || u.debt_balance.is_some()) && any(&debt),
        Intent::SetBudget => u.amount.is_some() && any(&budget),
        Intent::SetBankBalance => u.amount.is_some() && any(&balance),
        _ => false,
    }
}

/// A question for the Financial Agent ("¿cuánto llevo gastado este
/// mes?", "¿puedo comprar unos tenis de 1,800?") read with at least
/// `confidence`. Only a message that asks is read this far.
pub fn finance_question(reading: &super::Reading, confidence: f32) -> bool {
    if !reading.is_question() {
        return false;
    }
    let u = reading.understanding();
    matches!(u.intent, Intent::QueryData | Intent::SimulatePurchase) && u.confidence >= confidence
}

/// Where a navigation phrase sends the user.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nav {
    /// "cancelar", "mejor no", "salir", "nada, olvídalo": drop what is open.
    Cancel,
    /// "menú principal", "inicio".
    Home,
    /// "regresa", "atrás".
    Back,
}

/// The navigation phrase a message holds, and whether it says anything
/// else ("mejor no. Quiero un crédito" also asks for something).
pub fn navigation(reading: &super::Reading) -> Option<(Nav, bool)> {
    let c = cues();
    // The message's cue lists are read once: most hold no navigation.
    let found = reading.cues();
    if !(found.has(c.days.nav_cancel) || found.has(c.days.nav_home) || found.has(c.days.nav_back)) {
        return None;
    }
    // "déjalo así" keeps what is shown: never a way out (at a question,
    // the learned reading tells whether it wants out).
    if sounds_like_yes(reading) {
        return None;
    }
    let fillers = c.days.trigger_fillers.words();
    let words: Vec<&str> = reading
        .tokens()
        .iter()
        .filter(|t| !fillers.contains(&t.text.as_str()))
        .map(|t| t.text.as_str())
        .collect();
    let lists = [
        (c.days.nav_cancel, Nav::Cancel),
        (c.days.nav_home, Nav::Home),
        (c.days.nav_back, Nav::Back),
    ];
    // The longest phrase found wins ("menú principal" over "menú").
    let mut best: Option<(Nav, &super::lexicon::CueList, &[&str])> = None;
    for (phrases, nav) in lists {
        // Phrases come split into words from the lexicon.
        for phrase_words in phrases.cues() {
            let found = reading
                .tokens()
                .windows(phrase_words.len())
                .any(|w| w.iter().zip(phrase_words.iter()).all(|(t, p)| t.text == *p));
            if found && best.is_none_or(|(_, _, b)| phrase_words.len() > b.len()) {
                best = Some((nav, phrases, phrase_words));
            }
        }
    }
    let (nav, phrases, phrase_words) = best?;
    // Words of the same list say the same again ("ya no, cancélalo").
    let same = |w: &&str| phrases.cues().any(|cue| cue.contains(w));
    // Words of declining add nothing ("mejor no los compro").
    let declining = |w: &&str| c.answers.reject_tail.contains(w);
    let rest = words
        .iter()
        .filter(|w| {
            !phrase_words.contains(w)
                && !c.days.nav_fillers.words().contains(w)
                && !same(w)
                && !declining(w)
        })
        .count();
    Some((nav, rest > 0))
}

/// A message that only asks to leave what is open ("cancelar", "salir",
/// "nada, olvídalo", "mejor no", "menú principal"), the same in every
/// agent. "Regresa" (one agent back) is the data agents' own.
pub fn leave(reading: &super::Reading) -> Option<Nav> {
    let folded = reading.folded();
    if is_cancel(folded) {
        return Some(Nav::Cancel);
    }
    match navigation(reading)? {
        (nav @ (Nav::Cancel | Nav::Home), false) => Some(nav),
        _ => None,
    }
}

/// The message leaves everything open, not only the request on top
/// ("cancela todo", "olvida las dos").
pub fn says_everything(reading: &super::Reading) -> bool {
    let words: Vec<&str> = reading.words().collect();
    cues().days.leave_everything.found_in(&words)
}

/// The message says it replaces the request in progress ("mejor quiero
/// un crédito", "pensándolo bien…").
pub fn changes_mind(reading: &super::Reading) -> bool {
    let words: Vec<&str> = reading.words().collect();
    cues().days.change_of_mind.found_in(&words)
}

/// The message opens as an addition ("y 80 de refresco", "también
/// gasté 50 en taxi", "ah, y además…"), not as a correction ("y eran
/// 80").
pub fn adds_item(reading: &super::Reading) -> bool {
    let c = cues();
    let mut words = reading
        .words()
        .skip_while(|w| c.days.interjections.words().contains(w));
    match (words.next(), words.next()) {
        (Some(first), next) => {
            c.days.adds_item.words().contains(&first)
                && next.is_none_or(|w| !c.days.draft_correction_starts.words().contains(&w))
        }
        (None, _) => false,
    }
}

/// The whole message asks what is open ("¿qué tengo pendiente?", "oye,
/// ¿en qué íbamos?").
pub fn asks_pending(reading: &super::Reading) -> bool {
    let c = cues();
    let tokens = reading.tokens();
    // Every cue is a short whole message.
    if tokens.len() > 8 {
        return false;
    }
    let start = (0..tokens.len())
        .find(|&k| tokens[k].text != "y" && !c.days.interjections.at(tokens, k))
        .unwrap_or(tokens.len());
    c.days.asks_pending.cue_at(tokens, start) == Some(tokens.len() - start)
}

/// "ayuda", "menú": the message asks for help.
pub fn is_help(folded: &str) -> bool {
    only_word_of(folded, cues().days.help_words.words())
}

/// "¿y en didi?", "y la semana pasada": a message that opens as a follow-up
/// of what was just said.
pub fn opens_follow_up(reading: &super::Reading) -> bool {
    let c = cues();
    reading
        .words()
        .find(|w| !c.days.interjections.words().contains(w))
        .is_some_and(|w| c.days.follow_up_openers.words().contains(&w))
}

/// "¿qué día es hoy?", "¿a cuántos estamos?": the message only asks the date.
pub fn asks_today(reading: &super::Reading) -> bool {
    let c = cues();
    let words: Vec<&str> = reading
        .words()
        .filter(|w| !c.days.interjections.words().contains(w))
        .collect();
    c.days
        .today_questions
        .cues()
        .any(|cue| cue == words.as_slice())
}

/// What a reply to "¿Tu parte es $310.00?" says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitAnswer {
    /// "sí", "mi parte": the part offered.
    Part,
    /// "el total", "yo pagué todo": the whole bill.
    Total,
    /// An amount in pesos: the one to log, whichever it is.
    Amount(crate::money::Centavos),
}

/// Reads a reply to the shared-bill question; `None` when it says none of
/// those (a bare "no" says what is not meant, not what is).
pub fn split_answer(reading: &super::Reading) -> Option<SplitAnswer> {
    let c = cues();
    // The amount the message means ("fue 1,420 no 1,240": 1,420).
    if let Some(amount) = reading.understanding_as(Intent::LogTransaction).amount {
        return Some(SplitAnswer::Amount(amount));
    }
    if reading.is_question() {
        // "¿cómo que mi parte?" asks; it does not answer.
        return None;
    }
    let words: Vec<&str> = bare_words(reading.folded()).collect();
    if c.said.split_total_words.found_in(&words) {
        return Some(SplitAnswer::Total);
    }
    let first_confirms = words
        .iter()
        .find(|w| !c.days.interjections.words().contains(w))
        .is_some_and(|w| c.answers.confirm_tokens.words().contains(w));
    (first_confirms || c.said.split_part_words.found_in(&words)).then_some(SplitAnswer::Part)
}

/// Whether the first word marks a correction ("no, eran 300", "mejor…").
pub fn starts_correction(folded: &str) -> bool {
    let c = cues();
    bare_words(folded)
        .find(|w| !c.days.interjections.words().contains(w))
        .is_some_and(|w| c.days.draft_correction_starts.words().contains(&w))
}

/// Whether the message names a stored movement ("el último", "el
/// movimiento"), so a correction in it is about the ledger.
pub fn names_last_record(reading: &super::Reading) -> bool {
    reading
        .words()
        .any(|w| cues().said.last_record_words.words().contains(&w))
}

/// Whether the message names a field to correct ("la fecha").
pub fn names_correction_field(folded: &str) -> bool {
    bare_words(folded).any(|w| cues().days.correction_fields.words().contains(&w))
}

/// "cero", "nada": an amount answered with zero.
pub fn says_zero(folded: &str) -> bool {
    bare_words(folded).any(|w| cues().days.zero_answer_words.words().contains(&w))
}

/// The category type an answer names ("es fijo", "ahorro").
pub fn category_type_named(folded: &str) -> Option<CategoryType> {
    let c = cues();
    let lists: [(&[&str], CategoryType); 6] = [
        (c.days.type_fixed.words(), CategoryType::Fixed),
        (c.days.type_variable.words(), CategoryType::Variable),
        (c.days.type_debt.words(), CategoryType::Debt),
        (c.days.type_donation.words(), CategoryType::Donation),
        (c.days.type_savings.words(), CategoryType::Savings),
        (c.days.type_income.words(), CategoryType::Income),
    ];
    lists
        .into_iter()
        .find(|(words, _)| bare_words(folded).any(|w| words.contains(&w)))
        .map(|(_, kind)| kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn answer_readers_use_whole_words() {
        assert!(is_cancel("cancelar") && is_cancel("olvidalo.") && !is_cancel("cancelar el gasto"));
        assert!(is_help("ayuda") && !is_help("ayuda con la renta"));
        assert!(starts_correction("no, eran 300") && !starts_correction("nomas 300"));
        assert!(names_correction_field("cambia la fecha") && !names_correction_field("fechado"));
        assert_eq!(category_type_named("es fijo."), Some(CategoryType::Fixed));
        assert_eq!(category_type_named("ahorro"), Some(CategoryType::Savings));
        assert_eq!(category_type_named("no se"), None);
        assert_eq!(command("Resumen"), Command::Summary);
        assert_eq!(command("cancel"), Command::Cancel);
        assert_eq!(command("borrar"), Command::Unknown);
    }

    #[test]
    fn only_allowlisted_tokens_decide() {
        for yes in [
            "sí",
            "Si",
            " SÍ. ",
            "ok!",
            "va",
            "sí, confirmo",
            "yes",
            "s",
            "¡Sí!",
        ] {
            assert_eq!(decide(yes), Decision::Confirm, "{yes}");
        }
        for no in [
            "no",
            "No.",
            "cancelar",
            "cancela",
            "/cancelar",
            "no, cancela",
        ] {
            assert_eq!(decide(no), Decision::Reject, "{no}");
        }
        for other in [
            "sip",
            "claro",
            "sí pero no",
            "no, eran 300",
            "",
            "👍",
            "okay",
            "dale",
        ] {
            assert_eq!(decide(other), Decision::Other, "{other}");
        }
    }
}
