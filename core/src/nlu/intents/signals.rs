//! What several intents' rules look at, read once per message. A signal
//! that only one intent uses lives in that intent's scorer instead.

use super::owes_payment;
use crate::nlu::Features;
use crate::nlu::amount::AmountMatch;
use crate::nlu::category::CategoryMatch;
use crate::nlu::lexicon::cues;

/// Facts about the message shared by the intent scorers.
pub(super) struct Signals<'a> {
    /// The amount the message names, if any.
    pub(super) amount: Option<&'a AmountMatch>,
    pub(super) has_amount: bool,
    pub(super) has_category: bool,
    pub(super) has_date: bool,
    /// The message asks something ("¿…?", "cuánto", "qué…").
    pub(super) question: bool,
    /// The first word, or "" for an empty message.
    pub(super) first: &'a str,
    /// A payment or purchase already made: "pagué", "aboné", "gasté", or a
    /// payment toward what is owed.
    pub(super) past_payment: bool,
    /// Money toward what is owed: "le di 500 de lo que le debo".
    pub(super) owes_payment: bool,
    /// A purchase weighed before making it: "¿puedo comprar…?",
    /// "¿me alcanza para…?".
    pub(super) simulate: bool,
    /// A spending limit in words: "no gastar más de", "máximo al mes".
    pub(super) budget_phrase: bool,
    /// A bank's name: "bbva", "santander", "spin".
    pub(super) bank_name: bool,
    /// Someone who lends: a store or lender, or a bank with a card or a loan.
    pub(super) lender: bool,
    /// Something owed: "deuda", "préstamo", "tarjeta", or a lender.
    pub(super) debt_noun: bool,
    /// "cuánto", "qué tanto": asking for an amount.
    pub(super) asks_amount: bool,
}

impl<'a> Signals<'a> {
    pub(super) fn read(
        f: &'a Features<'_>,
        amount: Option<&'a AmountMatch>,
        categories: &[CategoryMatch],
        has_date: bool,
    ) -> Self {
        let c = cues();
        let has_amount = amount.is_some();
        let has_category = !categories.is_empty();
        let question = f.is_question();
        let first = f.first_word().unwrap_or("");
        let owes_payment = owes_payment(f);
        let past_payment = f.has(c.said.past_payment_verbs) || owes_payment;

        // Simulation: "¿puedo comprar…?", "¿me alcanza para…?".
        let hypothetical =
            f.has(c.said.hypothetical_phrases) || f.first_is(c.said.hypothetical_starts);
        let simulate = f.has(c.said.simulate_phrases)
            || f.has(c.said.simulate_with_amount) && has_amount
            || hypothetical && has_amount && f.has_prefix(c.said.hypothetical_verb_prefixes)
            || f.has(c.said.afford_phrases) && question && has_amount
            || f.has(c.said.want_to_buy_phrases) && (question || has_amount)
            || f.has(c.said.plan_verbs) && f.has_prefix(c.said.buy_prefixes)
            || f.has(c.said.can_words)
                && question
                && has_amount
                && !f.has(c.said.not_purchase_words);

        // Budget.
        let budget_phrase = f.has(c.said.budget_phrases);

        // Debts.
        let bank_name = f.has(c.said.bank_names);
        let card = f.has(c.said.card_words) && !f.has(c.said.debit_words);
        let debt_said = card || f.has(c.said.bank_debt_words);
        let lender = f.has(c.said.lending_brands)
            || (bank_name || f.has(c.said.lender_merchants)) && debt_said;
        let debt_noun = f.has(c.said.debt_nouns) || lender;

        // Queries.
        let asks_amount = f.has(c.said.amount_questions);

        Signals {
            amount,
            has_amount,
            has_category,
            has_date,
            question,
            first,
            past_payment,
            owes_payment,
            simulate,
            budget_phrase,
            bank_name,
            lender,
            debt_noun,
            asks_amount,
        }
    }
}
