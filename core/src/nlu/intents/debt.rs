//! Debts: "debo 5000 en la tarjeta", "el mínimo de coppel es 300". Banks,
//! lenders and debt nouns are in signals.rs, since bank balances and
//! logging look at them too.

use super::Signals;
use crate::nlu::{Features, Intent};

/// Scores ManageDebt.
pub(super) fn score(f: &Features<'_>, s: &Signals, add: &mut impl FnMut(Intent, f32)) {
    let Signals {
        has_amount,
        question,
        past_payment,
        simulate,
        debt_noun,
        ..
    } = *s;

    // Debts.
    let debt_field = f.has_any(&[
        "saldo",
        "minimo",
        "mensualidad",
        "debo",
        "debe",
        "quedan",
        "queda",
        "quedo",
        "vence",
        "corte",
        "subio",
        "bajo",
        "va",
        "paga",
    ]) || f.phrase("pago minimo")
        || f.phrase("dia de pago")
        || f.phrase("se paga")
        || f.phrase("pago el")
        || f.phrase("me prestaron")
        || f.has_any(&[
            "nueva",
            "agrega",
            "registra",
            "anota",
            "actualiza",
            "cambia",
        ]) && f.has_any(&["deuda", "prestamo", "credito", "tarjeta"]);
    if debt_noun && debt_field && !question && !simulate && !past_payment {
        add(Intent::ManageDebt, if has_amount { 0.93 } else { 0.82 });
    }
    if f.has_any(&["deuda", "prestamo", "credito"])
        && has_amount
        && !question
        && !simulate
        && !past_payment
    {
        add(Intent::ManageDebt, 0.91);
    }
    if f.has_any(&["debo", "debe"]) && has_amount && !question && !simulate && !past_payment {
        add(Intent::ManageDebt, 0.93);
    }
    if f.phrase("me prestaron") && has_amount {
        add(Intent::ManageDebt, 0.9);
    }
    if f.phrase("tengo que pagar") && f.has_word("minimo") {
        add(Intent::ManageDebt, 0.9);
    }
    let schedule = f.phrase("cada mes")
        || f.phrase("al mes")
        || f.phrase("se paga")
        || f.phrase("dia de pago")
        || f.phrase("pago minimo")
        || f.has_any(&["mensualidad", "mensuales", "minimo"]);
    if debt_noun && schedule && !question && !simulate && !past_payment {
        add(Intent::ManageDebt, 0.95);
    }
}
