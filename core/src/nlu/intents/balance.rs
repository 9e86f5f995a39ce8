//! Bank balance: "tengo 12000 en el banco", "mi saldo en bbva es 3500".

use super::Signals;
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
    let bank_words = f.has_any(&["banco", "cuenta", "saldo", "debito", "disponible"])
        || bank_name && f.has_any(&["tengo", "quedan", "hay", "traigo", "es"]);
    if bank_words
        && (has_amount || f.has_any(&["cero", "ceros"]))
        && !question
        && !simulate
        && !f.has_any(&[
            "deuda",
            "debo",
            "prestamo",
            "hipoteca",
            "adeudo",
            "tdc",
            "credito",
            "gaste",
            "pague",
            "deposite",
            "meti",
            "transferi",
            "depositaron",
            "pagaron",
            "quincena",
            "cobre",
            "recibi",
            "llego",
            "cayo",
            "sueldo",
            "minimo",
        ])
        && (!f.has_word("tarjeta") || f.has_word("debito"))
        && !lender
    {
        add(Intent::SetBankBalance, 0.92);
    }
}
