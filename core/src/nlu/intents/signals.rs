//! What several intents' rules look at, read once per message. A signal
//! that only one intent uses lives in that intent's scorer instead.

use super::owes_payment;
use crate::nlu::Features;
use crate::nlu::amount::AmountMatch;
use crate::nlu::category::CategoryMatch;

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
        let has_amount = amount.is_some();
        let has_category = !categories.is_empty();
        let question = f.is_question();
        let first = f.first_word().unwrap_or("");
        let owes_payment = owes_payment(f);
        let past_payment = f.has_any(&[
            "pague",
            "abone",
            "pagamos",
            "deposite",
            "gaste",
            "compre",
            "transferi",
            "liquide",
        ]) || owes_payment;

        // Simulation: "¿puedo comprar…?", "¿me alcanza para…?".
        let hypothetical =
            f.phrase("y si") || f.phrase("que pasa si") || f.first_word() == Some("si");
        let simulate = f.phrase("me alcanza")
            || f.phrase("alcanza para")
            || f.has_any(&["alcanzo", "alcanzaria", "simula", "simular", "simulame"])
            || f.has_prefix(&["puedo compr", "podria compr"])
            || f.phrase("puedo comprar")
            || f.phrase("si compro")
            || f.phrase("si me compro")
            || f.phrase("si gasto") && has_amount
            || hypothetical
                && has_amount
                && f.has_prefix(&["compr", "contrat", "gast", "pid", "pag", "vo"])
            || f.phrase("puedo gastar") && has_amount
            || f.phrase("puedo pagar") && has_amount
            || f.phrase("puedo ir") && has_amount
            || f.phrase("me conviene comprar")
            || f.phrase("deberia comprar")
            || f.phrase("puedo darme")
            || f.phrase("me da para")
            || f.phrase("me da pa")
            || f.phrase("alcanza pa")
            || f.phrase("pueda comprar")
            || f.phrase("tengo para") && question && has_amount
            || f.phrase("tengo pa") && question && has_amount
            || f.phrase("me da la lana")
            || f.phrase("antes de comprar")
            || f.phrase("quiero comprar") && (question || has_amount)
            || f.phrase("estoy pensando en comprar")
            || f.has_any(&["pienso", "planeo"]) && f.has_prefix(&["compr"])
            || f.phrase("como quedo") && has_amount
            || f.phrase("como quedaria") && has_amount
            || f.phrase("puedo permitirme")
            || f.phrase("es buena idea comprar")
            || f.phrase("si o no") && has_amount
            || f.has_word("puedo")
                && question
                && has_amount
                && !f.has_any(&["presupuesto", "deuda", "debo"]);

        // Budget.
        let budget_phrase = f.phrase("gastar maximo")
            || f.phrase("gastar como maximo")
            || f.phrase("no gastar mas de")
            || f.phrase("gastar mas de")
            || f.phrase("maximo al mes")
            || f.phrase("no pasarme de")
            || f.phrase("no pasar de")
            || f.phrase("meta es no");

        // Debts.
        let bank_name = f.has_any(&[
            "banamex",
            "bbva",
            "santander",
            "hsbc",
            "banorte",
            "azteca",
            "scotiabank",
            "inbursa",
            "bancoppel",
            "spin",
            "mercado",
        ]);
        let card = f.has_any(&["tarjeta", "tdc", "credito"]) && !f.has_word("debito");
        let lender = f.has_any(&[
            "coppel",
            "elektra",
            "infonavit",
            "fovissste",
            "kueski",
            "fonacot",
            "famsa",
            "liverpool",
            "nu",
            "stori",
            "rappi",
            "invex",
            "amex",
            "didi",
        ]) || bank_name && (card || f.has_any(&["prestamo", "deuda", "debo"]));
        let debt_noun = f.has_any(&[
            "deuda", "deudas", "prestamo", "credito", "adeudo", "tarjeta", "tdc", "hipoteca",
        ]) || lender;

        // Queries.
        let asks_amount = f.has_any(&["cuanto", "cuanta", "cuantos", "cuantas"])
            || f.phrase("que tanto")
            || f.phrase("que tanta");

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
