//! Bank balance: "tengo 12000 en el banco", "mi saldo en bbva es 3500".

use super::Signals;
use crate::nlu::lexicon::cues;
use crate::nlu::{Features, Intent};

/// Scores SetBankBalance.
pub(super) fn score(f: &Features<'_>, s: &Signals, add: &mut impl FnMut(Intent, f32)) {
    let Signals {
        has_amount,
        question,
        simulate,
        bank_name,
        lender,
        ..
    } = *s;

    // Bank balance.
    let c = cues();
    let bank_words = f.has(c.said.bank_account_words) || bank_name && f.has(c.said.have_verbs);
    // "…así que no cuenta, ¿verdad?": a message that ends asking asks
    // about the balance, unless it asks to record it.
    let asks = f.ends_asking && !f.has(c.said.log_commands);
    if bank_words
        && (has_amount || f.has(c.said.zero_words))
        && !question
        && !asks
        && !simulate
        && !f.has(c.said.not_bank_balance_words)
        && (!f.has(c.said.card_nouns) || f.has(c.said.debit_words))
        && !lender
        // "dividimos la cuenta de 1500 entre 5": a bill, not the bank.
        && crate::nlu::split::find_split(f.tokens).is_none()
        && !paid_with_account(f)
    {
        add(Intent::SetBankBalance, 0.92);
    }
}

/// "súper 1,245.50 con la de débito": an account named after "con" (a
/// few words on) says how something was paid, never the account's balance.
fn paid_with_account(f: &Features<'_>) -> bool {
    let c = cues();
    f.tokens.iter().enumerate().any(|(i, t)| {
        t.is_in(c.debts.with_words)
            && f.tokens[i + 1..]
                .iter()
                .take(3)
                .any(|n| n.is_in(c.said.bank_account_words) || n.is_in(c.said.card_nouns))
    })
}

/// What a message says of cash beside the bank balance, the one balance
/// Caja keeps (seed 000: cash available is the bank balance only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cash {
    /// No cash is named.
    Unsaid,
    /// Only cash ("tengo 3000 en efectivo"): no bank balance is said.
    Only,
    /// Cash and the bank, each with its money ("1,500 en la cartera y
    /// 2,000 en el banco"): the bank's part.
    BesideBank(crate::money::Centavos),
}

/// How a message that may tell a balance speaks of cash.
pub fn cash_said(reading: &crate::nlu::Reading) -> Cash {
    let c = cues();
    let tokens = reading.tokens();
    if !tokens.iter().any(|t| t.is_in(c.said.cash_places)) {
        return Cash::Unsaid;
    }
    let bank_named = tokens
        .iter()
        .any(|t| t.is_in(c.said.bank_account_words) || t.is_in(c.said.card_nouns));
    if !bank_named {
        return Cash::Only;
    }
    // The one part that names no cash and tells a balance.
    let mut banked = reading.items().iter().filter_map(|item| {
        let part = crate::nlu::Reading::without_model(item, reading.today());
        let u = part.understanding();
        (cash_said(&part) == Cash::Unsaid && u.intent == crate::nlu::Intent::SetBankBalance)
            .then_some(u.amount)
            .flatten()
    });
    match (banked.next(), banked.next()) {
        (Some(amount), None) => Cash::BesideBank(amount),
        _ => Cash::Unsaid,
    }
}

/// "saqué 2000 del cajero", "deposité 5000 en el banco": the user's own
/// money moved between cash and the bank, neither spent nor received. A
/// person named ("en la cuenta de mi hermano") makes it money given.
pub fn moves_own_money(reading: &crate::nlu::Reading) -> bool {
    let c = cues();
    let tokens = reading.tokens();
    tokens.iter().any(|t| t.is_in(c.said.own_money_verbs))
        && tokens.iter().any(|t| t.is_in(c.said.own_money_places))
        && !tokens
            .iter()
            .any(|t| t.is_in(c.debts.person_relations) || t.is_in(c.debts.person_titles))
}

/// Whether the request read (the message, or its first item when it says
/// several) moves the person's own money: "saqué 2000 del cajero (y
/// gasté 500 en tacos)".
pub fn first_request_moves_own_money(reading: &crate::nlu::Reading) -> bool {
    let first = match reading.items() {
        [first, _, ..] => Some(crate::nlu::Reading::without_model(first, reading.today())),
        _ => None,
    };
    let said = first.as_ref().unwrap_or(reading);
    !said.extraction().amounts.is_empty() && moves_own_money(said)
}
