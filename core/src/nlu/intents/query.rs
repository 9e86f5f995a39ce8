//! Queries: "¿cuánto gasté en comida?", "mis movimientos", "¿cómo voy?",
//! "gastos del 10 al 20 de noviembre", "¿cuánto debo?".

use super::Signals;
use crate::nlu::normalize::TokenKind;
use crate::nlu::{Features, Intent, has_amount_word};

/// Scores QueryData.
pub(super) fn score(f: &Features<'_>, s: &Signals, add: &mut impl FnMut(Intent, f32)) {
    let Signals {
        has_amount,
        question,
        simulate,
        budget_phrase,
        asks_amount,
        ..
    } = *s;

    // Queries.
    let spending_words = f.has_any(&[
        "traigo", "entro", "anotado", "hice", "gaste", "gastado", "gastos", "gasto", "gastamos",
        "llevo", "pague", "pagado", "ingrese", "ingresos", "gane", "compre", "donado", "ahorrado",
        "ahorre", "gastan", "gastando", "me", "queda", "quedan", "debo", "deben", "debe", "tengo",
        "tenia", "hay", "falta", "dinero", "saldo", "ganado", "puedo", "he",
    ]);
    if asks_amount && spending_words && !simulate && !budget_phrase {
        add(Intent::QueryData, 0.95);
    }
    let list_words = f.has_any(&[
        "movimientos",
        "historial",
        "muestrame",
        "ensename",
        "ensenar",
        "lista",
        "listado",
        "enlista",
        "enlistalo",
        "detalle",
        "desglose",
        "resumen",
        "reporte",
        "balance",
        "total",
        "totales",
        "ultimos",
        "ultimas",
        "transacciones",
        "registros",
        "ver",
        "mostrar",
        "consulta",
        "consultar",
        "dime",
    ]);
    if list_words && !has_amount && !simulate {
        add(Intent::QueryData, 0.92);
    }
    if list_words
        && (f.has_any(&[
            "gastos",
            "ingresos",
            "movimientos",
            "pagos",
            "compras",
            "gaste",
            "compre",
        ]))
        && !simulate
    {
        add(Intent::QueryData, 0.92);
    }
    let how_am_i = f.phrase("como voy")
        || f.phrase("como vamos")
        || f.phrase("como estoy")
        || f.phrase("como ando")
        || f.phrase("que tal voy")
        || f.phrase("voy bien")
        || f.phrase("en que se me va")
        || f.phrase("en que se me fue")
        || f.phrase("en que se me fueron")
        || f.phrase("en que se me ha ido")
        || f.phrase("en que se me han ido")
        || f.phrase("en que se fue")
        || f.phrase("en que gaste")
        || f.phrase("en que gasto")
        || f.phrase("que gaste")
        || f.phrase("que compre")
        || f.phrase("que gastos")
        || f.phrase("que he anotado")
        || f.phrase("que anote")
        || f.phrase("me pase")
        || f.phrase("estoy dentro")
        || f.phrase("que me queda")
        || f.phrase("cuanto me queda");
    if how_am_i && !simulate {
        add(Intent::QueryData, 0.93);
    }
    // "gastos del 10 al 20 de noviembre", "entre el 1 y el 15": a range.
    let range = f.tokens.windows(4).any(|w| {
        (w[0].is_word("del") && w[1].kind == TokenKind::Number && w[2].is_word("al"))
            || (w[0].is_word("entre") && w[1].is_word("el") && w[2].kind == TokenKind::Number)
    });
    if range && !simulate && (spending_words || list_words || question) && !has_amount_word(f) {
        add(Intent::QueryData, 0.94);
    }
    if f.has_word("presupuesto")
        && (question || f.has_any(&["porcentaje", "usado", "queda", "pase"]))
        && !has_amount
    {
        add(Intent::QueryData, 0.93);
    }
    if f.has_any(&["deudas", "debo", "pendientes", "adeudos"])
        && (question || f.tokens.len() <= 3 || f.has_any(&["mis", "quien"]))
        && !simulate
        && !has_amount
    {
        add(Intent::QueryData, 0.94);
    }
    if (f.phrase("cuando tengo que pagar")
        || f.phrase("cuando pago")
        || f.phrase("cuando vence")
        || f.has_word("cual") && f.has_word("minimo"))
        && !has_amount
    {
        add(Intent::QueryData, 0.94);
    }
    if f.has_word("saldo") && !has_amount && (question || f.tokens.len() <= 2) {
        add(Intent::QueryData, 0.94);
    }
    if (f.phrase("tengo en el banco")
        || f.phrase("mi saldo")
        || f.phrase("mi balance")
        || f.phrase("cuanto dinero"))
        && !has_amount
    {
        add(Intent::QueryData, 0.94);
    }
    if f.has_word("mis")
        && f.has_any(&[
            "gastos",
            "ingresos",
            "movimientos",
            "compras",
            "pagos",
            "deudas",
        ])
        && !has_amount
    {
        add(Intent::QueryData, 0.92);
    }
}
