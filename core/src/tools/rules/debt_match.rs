//! Which stored debt a payment or a debt's name means.

use super::debt_key;
use crate::tools::DebtRow;

/// The known debt a payment to `paid` goes to: the debt whose name is the
/// same, or whose distinctive words are all in it ("coppel" pays "Coppel",
/// "tarjeta nu" pays "Nu"), else the one debt whose name has every
/// distinctive word said ("toño" pays "mi compadre Toño"). `None` when no
/// debt or more than one fits, and
/// when `paid` only says what kind of debt it is ("la tarjeta").
pub fn match_debt<'a>(debts: &'a [DebtRow], paid: &str) -> Option<&'a DebtRow> {
    use crate::nlu::debt_words;
    let key = debt_key(&crate::nlu::normalize::fold(paid));
    let folded = |d: &DebtRow| debt_key(&crate::nlu::normalize::fold(&d.name));
    if let Some(exact) = debts.iter().find(|d| folded(d) == key) {
        return Some(exact);
    }
    // A debt named by its distinctive words ("nu" of "tarjeta nu"); one
    // named only in generic words ("tarjeta") by all of them.
    let all_words = |text: &str| -> Vec<String> {
        crate::nlu::normalize::fold(text)
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    };
    let paid_words = debt_words(paid);
    let paid_all = all_words(paid);
    let mut fits = debts.iter().filter(|d| {
        let words = debt_words(&d.name);
        if words.is_empty() {
            let generic = all_words(&d.name);
            !generic.is_empty() && generic.iter().all(|w| paid_all.contains(w))
        } else {
            words.iter().all(|w| paid_words.contains(w))
        }
    });
    if let Some(first) = fits.next() {
        return fits.next().is_none().then_some(first);
    }
    // A part of the debt's name ("toño" or "compadre" of "mi compadre
    // Toño"), when only one debt has it.
    if paid_words.is_empty() {
        return None;
    }
    let mut part = debts.iter().filter(|d| {
        let words = debt_words(&d.name);
        paid_words.iter().all(|w| words.contains(w))
    });
    if let Some(first) = part.next() {
        return part.next().is_none().then_some(first);
    }
    // The same person said as another relation ("mi hermano Jorge" for
    // «mi carnal Jorge»): their own name, the relation words aside, when
    // only one debt has it.
    let relations = crate::nlu::lexicon::cues().debts.person_relations;
    let own = |words: Vec<String>| -> Vec<String> {
        words
            .into_iter()
            .filter(|w| !relations.words().contains(&w.as_str()))
            .collect()
    };
    let paid_own = own(paid_words);
    if paid_own.is_empty() {
        return None;
    }
    let mut named = debts.iter().filter(|d| {
        let words = own(debt_words(&d.name));
        !words.is_empty() && paid_own.iter().all(|w| words.contains(w))
    });
    let first = named.next()?;
    named.next().is_none().then_some(first)
}

/// Whether any stored debt holds every distinctive word of `paid` ("Juan"
/// of «Juan Pérez» and «Juan López»): the payment is toward a debt, even
/// when which one is not known.
pub fn some_debt_named(debts: &[DebtRow], paid: &str) -> bool {
    let paid_words = crate::nlu::debt_words(paid);
    !paid_words.is_empty()
        && debts.iter().any(|d| {
            let words = crate::nlu::debt_words(&d.name);
            paid_words.iter().all(|w| words.contains(w))
        })
}
