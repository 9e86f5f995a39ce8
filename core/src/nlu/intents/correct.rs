//! Corrections and deletion of the last movement: "borra el último",
//! "no, eran 300", "me equivoqué, fue en comida".

use super::Signals;
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
    let delete_verb = f
        .has_prefix_words(&["borra", "elimina", "quita", "deshaz", "anula", "remueve"])
        || f.has_word("cancela") && f.has_any(&["ultimo", "ultima", "movimiento", "registro"])
        || f.has_any(&[
            "borralo",
            "borrala",
            "eliminalo",
            "eliminala",
            "quitalo",
            "quitala",
            "borres",
            "elimines",
            "deshacer",
            "anulalo",
        ]);
    let last_ref = f.has_any(&[
        "ultimo",
        "ultima",
        "eso",
        "ese",
        "esa",
        "anterior",
        "lo",
        "registro",
        "movimiento",
        "gasto",
        "ingreso",
        "va",
    ]);
    if delete_verb && (last_ref || f.tokens.len() <= 3) && !f.has_any(&["deuda", "presupuesto"]) {
        add(Intent::DeleteLastTransaction, 0.95);
    }
    // "no sé" is a filler, not a correction.
    let early_no = f.tokens.iter().take(3).enumerate().any(|(i, t)| {
        t.is_any(&["no", "nel", "nop", "nope"])
            && !f
                .tokens
                .get(i + 1)
                .is_some_and(|n| n.is_any(&["se", "sabria", "recuerdo", "me"]))
    });
    let correction_start = (early_no
        || matches!(
            first,
            "no" | "perdon"
                | "corrige"
                | "corrijo"
                | "corregir"
                | "error"
                | "ups"
                | "oops"
                | "mejor"
                | "oye"
                | "espera"
        ))
        && f.has_any(&[
            "eran",
            "era",
            "fueron",
            "fue",
            "equivoque",
            "corrige",
            "cambia",
            "modifica",
            "mejor",
            "ponle",
            "cambialo",
            "correcta",
            "correcto",
        ]);
    if correction_start && !question {
        add(Intent::UpdateLastTransaction, 0.95);
    }
    let correction_cue = f.phrase("estaba mal")
        || f.phrase("esta mal")
        || f.has_any(&[
            "equivoque",
            "equivoco",
            "corrige",
            "corrigelo",
            "cambialo",
            "cambiale",
            "ponlo",
            "ponle",
            "edita",
            "editalo",
            "correcta",
            "correcto",
        ])
        || f.phrase("en realidad")
        || f.has_any(&["ultimo", "ultima"]) && f.has_any(&["era", "fue", "es", "eran", "fueron"]);
    if correction_cue
        && !question
        && (has_amount
            || has_category
            || has_date
            || f.has_any(&[
                "fecha",
                "monto",
                "categoria",
                "cantidad",
                "ingreso",
                "gasto",
            ]))
    {
        add(Intent::UpdateLastTransaction, 0.95);
    }
    if f.has_any(&["equivoque", "equivoco"])
        && (has_amount || has_category || has_date || f.has_any(&["fecha", "monto", "categoria"]))
    {
        add(Intent::UpdateLastTransaction, 0.92);
    }
    if f.has_any(&[
        "corrige",
        "cambia",
        "modifica",
        "actualiza",
        "corrigelo",
        "cambiale",
        "corregir",
    ]) && f.has_any(&[
        "ultimo",
        "ultima",
        "fecha",
        "monto",
        "categoria",
        "anterior",
    ]) && !f.has_any(&["deuda", "presupuesto", "saldo", "tarjeta", "pago"])
    {
        add(Intent::UpdateLastTransaction, 0.93);
    }
}
