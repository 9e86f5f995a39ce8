//! Intent scoring: every intent's rules over the message's features, and
//! the decision with its confidence. Cue words are the lists at the top.

use chrono::NaiveDate;

use super::*;

/// Verbs of paying a bill or an obligation (not buying a thing).
pub(super) const BILL_PAYMENT_VERBS: &[&str] =
    &["pagar", "pago", "pagaria", "liquidar", "cubrir", "abonar"];

pub(super) const EXPENSE_VERBS: &[&str] = &[
    "cene",
    "comi",
    "desayune",
    "almorce",
    "cenamos",
    "comimos",
    "desayunamos",
    "eche",
    "gaste",
    "gastamos",
    "pague",
    "pagamos",
    "compre",
    "compramos",
    "cobraron",
    "costo",
    "salio",
    "salieron",
    "invite",
    "soltamos",
    "solte",
    "di",
    "dimos",
    "deposite",
    "transferi",
    "meti",
    "puse",
    "cargue",
    "carge",
    "recargue",
    "ahorre",
    "done",
    "abone",
    "aparte",
    "gasto",
    "pago",
    "compra",
    "jale",
    "ech",
    "eche",
    "tanquee",
    "invert",
    "inverti",
    "mande",
    "envie",
    "pedi",
    "pedimos",
    "tome",
    "compro",
    "gastastes",
    "pagaron",
    "page",
    "gasre",
    "gate",
    "gatse",
    "paque",
];

pub(super) const INCOME_VERBS: &[&str] = &[
    "encontre",
    "cobre",
    "recibi",
    "gane",
    "vendi",
    "ingreso",
    "ingresaron",
    "depositaron",
    "pagaron",
    "llego",
    "cayo",
    "entraron",
    "entro",
    "ganamos",
    "recibimos",
    "ingresos",
    "regalaron",
    "devolvieron",
    "reembolsaron",
    "prestaron",
];

/// Money coming in: "me pagaron", "cobré", "me depositaron".
pub(super) fn is_income(f: &Features<'_>) -> bool {
    let received = received_money(f);
    let spent = f.has_any(&["gaste", "compre", "pague", "gastamos", "pagamos"]);
    received && !spent
}

/// Words of money received: "me pagaron", "cobré", "me llegó".
pub(super) fn received_money(f: &Features<'_>) -> bool {
    f.has_any(INCOME_VERBS)
        || f.phrase("me pagaron")
        || f.phrase("me llego")
        || f.phrase("me cayo")
        || f.phrase("me depositaron")
        || f.phrase("me transfirieron")
        || f.phrase("me mando")
        || f.phrase("me regalo")
        || f.phrase("me regalaron")
        || f.phrase("me devolvieron")
        || f.phrase("me reembolsaron")
}

pub(super) fn query_kind(f: &Features<'_>) -> QueryKind {
    if f.has_any(&["presupuesto", "presu", "limite", "tope"])
        || f.phrase("me queda para gastar")
        || f.phrase("puedo gastar")
        || f.has_any(&["pasarme", "pase"]) && !f.has_any(&["deuda", "tarjeta"])
    {
        return QueryKind::Budget;
    }
    let spending = f.has_any(&[
        "gaste", "gastado", "gastos", "gasto", "ingresos", "ingrese", "compre", "compras",
        "ganado", "gane",
    ]);
    if f.has_any(&[
        "debo",
        "deuda",
        "deudas",
        "debemos",
        "adeudo",
        "adeudos",
        "minimos",
        "minimo",
        "pendientes",
        "liquidar",
        "deben",
        "vence",
        "tarjetas",
        "prestamos",
    ]) || f.phrase("tengo que pagar")
        || f.phrase("cuando pago")
        || f.phrase("le debo")
    {
        return QueryKind::Debts;
    }
    let bank = f.has_any(&[
        "banco",
        "cuenta",
        "saldo",
        "disponible",
        "bbva",
        "santander",
        "banorte",
        "banamex",
        "hsbc",
    ]) || f.phrase("dinero tengo")
        || f.phrase("dinero me queda")
        || f.has("balance") && !spending;
    if bank && !spending {
        return QueryKind::Balance;
    }
    if f.has("mas") && (f.phrase("en que") || f.phrase("donde")) {
        return QueryKind::Summary;
    }
    let listing = f.has_any(&[
        "movimientos",
        "movimiento",
        "transacciones",
        "lista",
        "listado",
        "historial",
        "ultimos",
        "ultimas",
        "registros",
        "muestrame",
        "ensename",
        "detalle",
        "enlista",
        "enlistalo",
        "ver",
        "cuales",
    ]) || f.phrase("que gaste")
        || f.phrase("que compre")
        || f.phrase("en que gaste");
    if listing && !f.has_any(&["cuanto", "cuanta", "total", "resumen", "desglose"]) {
        return QueryKind::Transactions;
    }
    QueryKind::Summary
}

/// Raw evidence for each intent, before normalisation into a confidence.
pub(super) fn score_intents(
    f: &Features<'_>,
    amount: Option<&AmountMatch>,
    categories: &[category::CategoryMatch],
    has_date: bool,
    _has_month: bool,
) -> Vec<(Intent, f32)> {
    let mut scores: Vec<(Intent, f32)> = Vec::new();
    let mut add = |intent: Intent, score: f32| {
        if let Some(entry) = scores.iter_mut().find(|(i, _)| *i == intent) {
            entry.1 = entry.1.max(score);
        } else {
            scores.push((intent, score));
        }
    };
    let has_amount = amount.is_some();
    let has_category = !categories.is_empty();
    let question = f.is_question();
    let first = f.first_word().unwrap_or("");
    let past_payment = f.has_any(&[
        "pague",
        "abone",
        "pagamos",
        "deposite",
        "gaste",
        "compre",
        "transferi",
        "liquide",
    ]) || owes_payment(f);

    // Corrections and deletion of the last movement.
    let delete_verb = f.has_prefix(&["borra", "elimina", "quita", "deshaz", "anula", "remueve"])
        || f.has("cancela") && f.has_any(&["ultimo", "ultima", "movimiento", "registro"])
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

    // Simulation: "¿puedo comprar…?", "¿me alcanza para…?".
    let hypothetical = f.phrase("y si") || f.phrase("que pasa si") || f.first_word() == Some("si");
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
        || f.has("puedo")
            && question
            && has_amount
            && !f.has_any(&["presupuesto", "deuda", "debo"]);
    if simulate {
        add(Intent::SimulatePurchase, 0.93);
    }

    // Budget.
    let budget_word =
        f.has_any(&["presupuesto", "presu", "limite", "tope", "maximo"]) || first == "max";
    let budget_phrase = f.phrase("gastar maximo")
        || f.phrase("gastar como maximo")
        || f.phrase("no gastar mas de")
        || f.phrase("gastar mas de")
        || f.phrase("maximo al mes")
        || f.phrase("no pasarme de")
        || f.phrase("no pasar de")
        || f.phrase("meta es no");
    if (budget_word || budget_phrase)
        && has_amount
        && !f.has_any(&["cuanto", "cuanta"])
        && !simulate
        && !past_payment
    {
        add(Intent::SetBudget, 0.93);
    }
    if budget_word
        && !has_amount
        && !question
        && f.has_any(&[
            "pon",
            "ponme",
            "fija",
            "quiero",
            "define",
            "establece",
            "crea",
            "configura",
        ])
    {
        add(Intent::SetBudget, 0.85);
    }

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
    let card = f.has_any(&["tarjeta", "tdc", "credito"]) && !f.has("debito");
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
    if f.phrase("tengo que pagar") && f.has("minimo") {
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
        && (!f.has("tarjeta") || f.has("debito"))
        && !lender
    {
        add(Intent::SetBankBalance, 0.92);
    }

    // Queries.
    let asks_amount = f.has_any(&["cuanto", "cuanta", "cuantos", "cuantas"])
        || f.phrase("que tanto")
        || f.phrase("que tanta");
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
    if f.has("presupuesto")
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
        || f.has("cual") && f.has("minimo"))
        && !has_amount
    {
        add(Intent::QueryData, 0.94);
    }
    if f.has("saldo") && !has_amount && (question || f.tokens.len() <= 2) {
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
    if f.has("mis")
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

    // Logging a transaction.
    let expense_verb = f.has_any(EXPENSE_VERBS)
        || owes_payment(f)
        || f.phrase("se me fue")
        || f.phrase("se me fueron")
        || f.has_prefix(&["gast", "pag", "compr"])
            && !f.has_any(&["pagar", "comprar", "gastar", "gastos", "pagos", "compras"]);
    let income_verb = received_money(f);
    let perfect_tense = f.has("he")
        && f.has_any(&[
            "gastado", "pagado", "ganado", "comprado", "ahorrado", "donado",
        ]);
    let log_allowed = (!question || !asks_amount && !f.folded.contains('?')) && !perfect_tense;
    if (expense_verb || income_verb) && log_allowed {
        add(
            Intent::LogTransaction,
            if has_amount || has_category {
                0.93
            } else {
                0.8
            },
        );
    } else if expense_verb || income_verb {
        add(Intent::LogTransaction, 0.5);
    }
    if has_amount && has_category && log_allowed {
        add(Intent::LogTransaction, 0.88);
    } else if has_amount && log_allowed && f.tokens.len() <= 2 {
        add(Intent::LogTransaction, 0.6);
    } else if has_category && !has_amount && log_allowed && f.tokens.len() <= 3 {
        add(Intent::LogTransaction, 0.5);
    }
    if has_date && has_amount && log_allowed {
        add(Intent::LogTransaction, 0.7);
    }
    // "35 de un tamal", "1,200 yenes de ramen", "una coca 25": an amount
    // and what it was for, in words the category lexicon lacks.
    let amount_at_an_end =
        amount.is_some_and(|m| m.start == 0 || m.end == f.tokens.len()) && f.tokens.len() >= 2;
    if has_amount
        && !has_category
        && log_allowed
        && amount_at_an_end
        && !f.folded.contains('?')
        && (f.has_any(&["de", "del", "en", "por", "pa", "para"]) || f.tokens.len() <= 4)
    {
        add(Intent::LogTransaction, 0.75);
    }
    if f.has_any(&["anota", "apunta", "registra", "agrega"]) && has_amount && !debt_noun {
        add(Intent::LogTransaction, 0.94);
    }
    scores
}

/// A payment toward something owed: "le di 500 a mi compadre de lo que le
/// debo", "le pago 800 a Juan de lo que me prestó".
pub(super) fn owes_payment(f: &Features<'_>) -> bool {
    let cues = super::lexicon::cues();
    f.has_any(&cues.payment_verbs) && cues.owed_phrases.iter().any(|p| f.phrase(p))
}

/// Every intent's raw score for a message, for probing the rules.
pub fn intent_scores(text: &str, today: NaiveDate) -> Vec<(Intent, f32)> {
    let folded = fold(text);
    let tokens = tokenize(&folded);
    let f = Features {
        tokens: &tokens,
        folded: &folded,
    };
    let date = find_date(&tokens, today);
    let amounts = find_amounts(&tokens, &vec![false; tokens.len()]);
    let categories = find_categories(&tokens, &vec![false; tokens.len()]);
    score_intents(
        &f,
        best_amount(&amounts),
        &categories,
        date.is_some(),
        false,
    )
}

/// Picks the intent and a confidence. Strong evidence for one intent only
/// is confident; competing evidence lowers the confidence.
pub(super) fn decide(scores: &[(Intent, f32)]) -> (Intent, f32, Vec<(Intent, f32)>) {
    let mut sorted: Vec<(Intent, f32)> = scores.to_vec();
    // Specific intents win ties over logging: "no, eran 300" is a correction.
    let priority = |i: Intent| match i {
        Intent::DeleteLastTransaction => 0,
        Intent::UpdateLastTransaction => 1,
        Intent::SimulatePurchase => 2,
        Intent::SetBudget => 3,
        Intent::ManageDebt => 4,
        Intent::QueryData => 5,
        Intent::SetBankBalance => 6,
        Intent::LogTransaction => 7,
        Intent::Unknown => 8,
    };
    sorted.sort_by(|a, b| b.1.total_cmp(&a.1).then(priority(a.0).cmp(&priority(b.0))));
    let Some(&(top, top_score)) = sorted.first() else {
        return (Intent::Unknown, 1.0, Vec::new());
    };
    let second = sorted.get(1).map(|s| s.1).unwrap_or(0.0);
    let margin_penalty = if second > 0.0 && top_score - second < 0.03 {
        0.25
    } else {
        0.0
    };
    let confidence = ((top_score - margin_penalty) * 100.0).round() / 100.0;
    let alternatives = sorted
        .into_iter()
        .skip(1)
        .filter(|(_, s)| *s >= 0.5)
        .collect();
    (top, confidence.max(0.0), alternatives)
}
