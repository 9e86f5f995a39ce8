//! Spanish understanding, deterministic: intent with a confidence score and
//! the entities each intent needs. Rules over folded tokens, no lookup of
//! known sentences.

pub mod amount;
pub mod category;
pub mod date;
pub mod normalize;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use self::amount::{AmountMatch, Foreign, best_amount, find_amounts};
use self::category::{Category, find_categories};
use self::date::{find_date, find_month};
use self::normalize::{Token, TokenKind, fold, tokenize};
use crate::money::Centavos;
use crate::tools::{CategoryType, TransactionType};

/// What the user wants (seed names plus corrections and the bank balance).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Intent {
    LogTransaction,
    QueryData,
    SetBudget,
    ManageDebt,
    SimulatePurchase,
    SetBankBalance,
    UpdateLastTransaction,
    DeleteLastTransaction,
    #[default]
    Unknown,
}

impl Intent {
    pub const ALL: [Intent; 9] = [
        Intent::LogTransaction,
        Intent::QueryData,
        Intent::SetBudget,
        Intent::ManageDebt,
        Intent::SimulatePurchase,
        Intent::SetBankBalance,
        Intent::UpdateLastTransaction,
        Intent::DeleteLastTransaction,
        Intent::Unknown,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Intent::LogTransaction => "LOG_TRANSACTION",
            Intent::QueryData => "QUERY_DATA",
            Intent::SetBudget => "SET_BUDGET",
            Intent::ManageDebt => "MANAGE_DEBT",
            Intent::SimulatePurchase => "SIMULATE_PURCHASE",
            Intent::SetBankBalance => "SET_BANK_BALANCE",
            Intent::UpdateLastTransaction => "UPDATE_LAST_TRANSACTION",
            Intent::DeleteLastTransaction => "DELETE_LAST_TRANSACTION",
            Intent::Unknown => "UNKNOWN",
        }
    }

    pub fn parse(text: &str) -> Option<Intent> {
        Intent::ALL.into_iter().find(|i| i.as_str() == text)
    }
}

/// Which data a query asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QueryKind {
    Summary,
    Transactions,
    Budget,
    Debts,
    Balance,
}

impl QueryKind {
    pub fn as_str(self) -> &'static str {
        match self {
            QueryKind::Summary => "summary",
            QueryKind::Transactions => "transactions",
            QueryKind::Budget => "budget",
            QueryKind::Debts => "debts",
            QueryKind::Balance => "balance",
        }
    }
}

/// Everything read from one message.
#[derive(Clone, Debug, PartialEq)]
pub struct Understanding {
    pub intent: Intent,
    /// 0.0 to 1.0.
    pub confidence: f32,
    /// Other intents that scored, best first (for "¿qué quisiste decir?").
    pub alternatives: Vec<(Intent, f32)>,
    pub kind: Option<TransactionType>,
    pub amount: Option<Centavos>,
    pub foreign_currency: Option<Foreign>,
    pub category: Option<&'static Category>,
    pub description: Option<String>,
    pub date: Option<NaiveDate>,
    pub month: Option<String>,
    pub query: Option<QueryKind>,
    pub debt_name: Option<String>,
    pub debt_balance: Option<Centavos>,
    pub debt_minimum: Option<Centavos>,
    pub debt_due_day: Option<u8>,
}

/// Facts about a folded message the intent rules look at.
struct Features<'a> {
    tokens: &'a [Token],
    folded: &'a str,
}

impl Features<'_> {
    fn has(&self, word: &str) -> bool {
        self.tokens.iter().any(|t| t.is_word(word))
    }

    fn has_any(&self, words: &[&str]) -> bool {
        self.tokens.iter().any(|t| t.is_any(words))
    }

    fn has_prefix(&self, prefixes: &[&str]) -> bool {
        self.tokens
            .iter()
            .any(|t| t.kind == TokenKind::Word && prefixes.iter().any(|p| t.text.starts_with(p)))
    }

    fn phrase(&self, phrase: &str) -> bool {
        let padded = format!(" {} ", self.words_joined());
        padded.contains(&format!(" {phrase} "))
    }

    fn words_joined(&self) -> String {
        self.tokens
            .iter()
            .map(|t| t.text.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn first_word(&self) -> Option<&str> {
        self.tokens.first().map(|t| t.text.as_str())
    }

    fn is_question(&self) -> bool {
        self.folded.contains('?')
            || self.has_any(&[
                "cuanto", "cuanta", "cuantos", "cuantas", "como", "que", "cual", "cuales", "donde",
                "puedo", "alcanza",
            ]) && !self.has_any(&["gaste", "pague", "compre"])
    }
}

const EXPENSE_VERBS: &[&str] = &[
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
    "gastado",
    "pagado",
    "fueron",
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

const INCOME_VERBS: &[&str] = &[
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

/// Reads one message. `today` is the user's civil date.
pub fn understand(text: &str, today: NaiveDate) -> Understanding {
    let folded = fold(text);
    let tokens = tokenize(&folded);
    understand_tokens(&folded, &tokens, today)
}

fn understand_tokens(folded: &str, tokens: &[Token], today: NaiveDate) -> Understanding {
    let f = Features { tokens, folded };
    let mut used = vec![false; tokens.len()];

    let date = find_date(tokens, today);
    if let Some(d) = &date {
        used[d.start..d.end].iter_mut().for_each(|u| *u = true);
    }
    let month = find_month(tokens, today);
    if let Some(m) = &month {
        used[m.start..m.end.min(tokens.len())]
            .iter_mut()
            .for_each(|u| *u = true);
    }
    let due_day = find_due_day(tokens);
    if let Some((_, start, end)) = due_day {
        used[start..end].iter_mut().for_each(|u| *u = true);
    }
    let amounts = find_amounts(tokens, &used);
    let amount = best_amount(&amounts).cloned();
    let categories = find_categories(tokens, &used);

    let scores = score_intents(
        &f,
        amount.as_ref(),
        &categories,
        date.is_some(),
        month.is_some(),
    );
    let (intent, confidence, alternatives) = decide(&scores);

    let mut u = Understanding {
        intent,
        confidence,
        alternatives,
        kind: None,
        amount: None,
        foreign_currency: None,
        category: None,
        description: None,
        date: None,
        month: None,
        query: None,
        debt_name: None,
        debt_balance: None,
        debt_minimum: None,
        debt_due_day: None,
    };
    let chosen_category = pick_category(&categories, &f);
    let money = |m: &AmountMatch| {
        if m.foreign.is_some() {
            None
        } else {
            Some(m.centavos)
        }
    };
    match intent {
        Intent::LogTransaction | Intent::SimulatePurchase | Intent::UpdateLastTransaction => {
            u.amount = amount.as_ref().and_then(money);
            u.foreign_currency = amount.as_ref().and_then(|m| m.foreign);
            u.category = chosen_category.map(|m| m.category);
            u.description = chosen_category
                .filter(|m| m.keyword != m.category.key && !m.fuzzy)
                .map(|m| m.keyword.to_string());
            u.date = date.map(|d| d.date);
            if intent == Intent::UpdateLastTransaction && month.is_some() && u.date.is_none() {
                u.date = None;
            }
            let income_words = f.has_any(INCOME_VERBS)
                || f.has_any(&["quincena", "nomina", "sueldo", "salario", "aguinaldo"])
                    && !f.has_any(&["gaste", "compre"]);
            u.kind = match u.category.map(|c| c.category_type) {
                Some(CategoryType::Income) => Some(TransactionType::Income),
                Some(_) => Some(TransactionType::Expense),
                None if income_words => Some(TransactionType::Income),
                None if intent == Intent::UpdateLastTransaction => None,
                None => Some(TransactionType::Expense),
            };
        }
        Intent::QueryData => {
            u.query = Some(query_kind(&f));
            u.month = month.map(|m| m.iso());
            if matches!(u.query, Some(QueryKind::Summary | QueryKind::Transactions)) {
                u.category = chosen_category.map(|m| m.category);
            }
        }
        Intent::SetBudget => {
            u.amount = amount.as_ref().and_then(money);
            u.foreign_currency = amount.as_ref().and_then(|m| m.foreign);
            u.month = month.map(|m| m.iso());
        }
        Intent::SetBankBalance => {
            u.amount = amount.as_ref().and_then(money);
            u.foreign_currency = amount.as_ref().and_then(|m| m.foreign);
            if amount.is_none() && f.has_any(&["cero", "ceros"]) {
                u.amount = Some(0);
            }
        }
        Intent::ManageDebt => {
            debt_entities(&mut u, &f, &amounts, due_day.map(|(d, _, _)| d));
        }
        Intent::DeleteLastTransaction | Intent::Unknown => {}
    }
    u
}

/// "el dia 15", "cada 15", "los dias 10", "fecha de pago 20", "vence el 5".
fn find_due_day(tokens: &[Token]) -> Option<(u8, usize, usize)> {
    for i in 0..tokens.len() {
        let t = &tokens[i];
        if t.kind != TokenKind::Number || t.text.len() > 2 {
            continue;
        }
        let Ok(day) = t.text.parse::<u8>() else {
            continue;
        };
        if !(1..=31).contains(&day) {
            continue;
        }
        let prev = |k: usize| i.checked_sub(k).map(|j| tokens[j].text.as_str());
        let due_marker = matches!(prev(1), Some("cada" | "dias" | "pago"))
            || prev(1) == Some("dia") && !matches!(prev(2), Some("el" | "al")) && prev(2).is_some()
            || prev(1) == Some("dia")
                && tokens
                    .iter()
                    .any(|t| t.is_any(&["pago", "paga", "vence", "corte", "fecha", "minimo"]))
            || matches!(prev(1), Some("el"))
                && matches!(
                    prev(2),
                    Some("vence" | "pagar" | "pago" | "paga" | "toca" | "corte")
                )
            || matches!(prev(1), Some("los"))
                && !tokens
                    .get(i + 1)
                    .is_some_and(|n| n.is_any(&["pesos", "mil"]));
        if due_marker {
            let start = i.saturating_sub(1);
            return Some((day, start, i + 1));
        }
    }
    None
}

fn debt_entities(
    u: &mut Understanding,
    f: &Features<'_>,
    amounts: &[AmountMatch],
    due_day: Option<u8>,
) {
    u.debt_due_day = due_day;
    // Which amount is the minimum and which the balance: look at the words
    // just before each amount.
    for m in amounts.iter().filter(|m| m.foreign.is_none()) {
        let window_start = m.start.saturating_sub(4);
        let before: Vec<&str> = f.tokens[window_start..m.start]
            .iter()
            .map(|t| t.text.as_str())
            .collect();
        let is_minimum = before.iter().any(|w| {
            matches!(
                *w,
                "minimo"
                    | "mínimo"
                    | "mensualidad"
                    | "mensual"
                    | "mensuales"
                    | "abono"
                    | "abonos"
                    | "pago"
                    | "cuota"
                    | "quincenal"
            )
        }) || f
            .tokens
            .get(m.end)
            .is_some_and(|t| t.is_any(&["mensuales", "al", "cada", "por", "quincenales"]))
            && f.tokens
                .get(m.end + 1)
                .is_some_and(|t| t.is_any(&["mes", "mensual", "quincena"]))
            || f.tokens
                .get(m.end)
                .is_some_and(|t| t.is_any(&["mensuales", "quincenales"]));
        let balance_words = before.iter().any(|w| {
            matches!(
                *w,
                "saldo" | "debo" | "deuda" | "quedo" | "queda" | "total" | "balance" | "adeudo"
            )
        });
        if is_minimum && !balance_words && u.debt_minimum.is_none() {
            u.debt_minimum = Some(m.centavos);
        } else if u.debt_balance.is_none() {
            u.debt_balance = Some(m.centavos);
        } else if u.debt_minimum.is_none() {
            u.debt_minimum = Some(m.centavos);
        }
    }
    if amounts.is_empty() && f.has_any(&["cero", "ceros"]) {
        u.debt_balance = Some(0);
    }
    u.debt_name = debt_name(f, amounts);
}

/// The debt's name: "tarjeta bbva", "coppel", "mi hermano".
fn debt_name(f: &Features<'_>, amounts: &[AmountMatch]) -> Option<String> {
    let tokens = f.tokens;
    let in_amount = |i: usize| amounts.iter().any(|m| (m.start..m.end).contains(&i));
    let stop = |t: &Token| {
        t.kind == TokenKind::Number
            || t.is_any(&[
                "de",
                "del",
                "por",
                "con",
                "es",
                "son",
                "ya",
                "quedo",
                "queda",
                "que",
                "y",
                "el",
                "la",
                "pago",
                "minimo",
                "saldo",
                "debo",
                "le",
                "a",
                "al",
                "en",
                "tiene",
                "tengo",
                "pesos",
                "mil",
                "mensuales",
                "cada",
                "vence",
                "mi",
                "los",
                "las",
                "esta",
                "corte",
                "fecha",
                "mensualidad",
                "abono",
                "quincenal",
                "dia",
                "total",
                "k",
                "varos",
                "ahora",
                "nueva",
                "nuevo",
                "actualiza",
                "registra",
                "agrega",
                "anota",
                "cambia",
                "deuda",
                "deudas",
                "credito",
                "para",
            ])
    };
    // Known lenders and cards.
    const CARDS: &[&str] = &["tarjeta", "tdc", "credito", "prestamo"];
    for (i, t) in tokens.iter().enumerate() {
        if t.is_any(CARDS) {
            let mut words = vec![t.text.clone()];
            if t.is_word("tdc") {
                words = vec!["tdc".into()];
            }
            let mut j = i + 1;
            if tokens.get(j).is_some_and(|n| n.is_any(&["de", "del"]))
                && tokens.get(j + 1).is_some_and(|n| n.is_word("credito"))
            {
                j += 2;
            }
            while let Some(next) = tokens.get(j) {
                if stop(next) || in_amount(j) || next.kind != TokenKind::Word {
                    break;
                }
                words.push(next.text.clone());
                j += 1;
            }
            // "prestamo de mi hermano"
            if t.is_word("prestamo")
                && tokens.get(i + 1).is_some_and(|n| n.is_any(&["de", "con"]))
                && words.len() == 1
            {
                let rest: Vec<String> = tokens[i + 2..]
                    .iter()
                    .take_while(|n| {
                        n.kind == TokenKind::Word
                            && !n.is_any(&["de", "por", "con", "y", "es", "son", "pago", "que"])
                    })
                    .map(|n| n.text.clone())
                    .collect();
                if !rest.is_empty() {
                    return Some(format!("prestamo de {}", rest.join(" ")));
                }
            }
            return Some(words.join(" "));
        }
    }
    // "le debo 3 mil a mi hermano", "deuda con coppel", "debo en liverpool".
    for (i, t) in tokens.iter().enumerate() {
        if t.is_any(&["a", "con", "en"]) && i > 0 && !in_amount(i + 1) {
            let mut words = Vec::new();
            let mut j = i + 1;
            if tokens.get(j).is_some_and(|n| n.is_any(&["el", "la"])) {
                j += 1;
            }
            if tokens.get(j).is_some_and(|n| n.is_word("mi")) {
                words.push("mi".to_string());
                j += 1;
            }
            while let Some(next) = tokens.get(j) {
                if stop(next) || in_amount(j) {
                    break;
                }
                words.push(next.text.clone());
                j += 1;
            }
            if words.iter().any(|w| w != "mi") {
                return Some(words.join(" "));
            }
        }
    }
    // Lenders named on their own: "coppel", "infonavit".
    const LENDERS: &[&str] = &[
        "coppel",
        "elektra",
        "infonavit",
        "fovissste",
        "kueski",
        "liverpool",
        "amex",
        "nu",
        "stori",
        "rappicard",
        "banamex",
        "bbva",
        "santander",
        "hsbc",
        "banorte",
        "famsa",
    ];
    tokens
        .iter()
        .find(|t| t.is_any(LENDERS))
        .map(|t| t.text.clone())
}

fn pick_category<'a>(
    categories: &'a [category::CategoryMatch],
    f: &Features<'_>,
) -> Option<&'a category::CategoryMatch> {
    // A card payment keyword loses to a purchase category ("pagué el súper
    // con tarjeta") unless it is clearly the card being paid.
    let card_payment = f.phrase("pague la tarjeta")
        || f.phrase("pago de tarjeta")
        || f.phrase("pago de la tarjeta")
        || f.phrase("pague mi tarjeta")
        || f.phrase("abone a la tarjeta");
    let mut best: Option<&category::CategoryMatch> = None;
    for m in categories {
        let generic = matches!(m.category.key, "tarjeta") && !card_payment
            || m.fuzzy
            || matches!(
                m.keyword,
                "casa"
                    | "semana"
                    | "trabajo"
                    | "chamba"
                    | "tienda"
                    | "corte"
                    | "cable"
                    | "pan"
                    | "salida"
                    | "parque"
                    | "cliente"
                    | "apoyo"
                    | "proyecto"
                    | "deuda"
                    | "deudas"
                    | "credito"
            );
        match best {
            None => best = Some(m),
            Some(b) => {
                let b_generic = matches!(b.category.key, "tarjeta") && !card_payment
                    || b.fuzzy
                    || matches!(
                        b.keyword,
                        "casa"
                            | "semana"
                            | "trabajo"
                            | "chamba"
                            | "tienda"
                            | "corte"
                            | "cable"
                            | "pan"
                            | "salida"
                            | "parque"
                            | "cliente"
                            | "apoyo"
                            | "proyecto"
                            | "deuda"
                            | "deudas"
                            | "credito"
                    );
                if b_generic && !generic {
                    best = Some(m);
                }
            }
        }
    }
    best
}

fn query_kind(f: &Features<'_>) -> QueryKind {
    if f.has_any(&["presupuesto", "presu", "limite", "tope"]) {
        return QueryKind::Budget;
    }
    if f.has_any(&[
        "debo", "deuda", "deudas", "debemos", "adeudo", "adeudos", "minimos", "minimo",
    ]) {
        return QueryKind::Debts;
    }
    let bank = f.has_any(&["banco", "cuenta", "saldo", "disponible"]);
    if bank && !f.has_any(&["gaste", "gastado", "gastos", "ingresos", "tarjeta", "tdc"]) {
        return QueryKind::Balance;
    }
    if f.has_any(&[
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
        "cuales",
        "compras",
    ]) && !f.has_any(&["cuanto", "total"])
    {
        return QueryKind::Transactions;
    }
    if f.phrase("que gaste") || f.phrase("en que gaste") && !f.has("cuanto") {
        return QueryKind::Transactions;
    }
    QueryKind::Summary
}

/// Raw evidence for each intent, before normalisation into a confidence.
fn score_intents(
    f: &Features<'_>,
    amount: Option<&AmountMatch>,
    categories: &[category::CategoryMatch],
    has_date: bool,
    has_month: bool,
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

    // Corrections and deletion of the last movement.
    let delete_verb = f.has_prefix(&[
        "borra",
        "elimina",
        "quita",
        "cancela el",
        "deshaz",
        "anula",
        "remueve",
    ]) || f.has_any(&[
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
    if delete_verb && (last_ref || f.tokens.len() <= 3) {
        add(Intent::DeleteLastTransaction, 0.95);
    }
    let correction_start = matches!(
        first,
        "no" | "perdon" | "corrige" | "corrijo" | "corregir" | "error" | "ups" | "oops" | "mejor"
    ) || f.has_any(&[
        "equivoque",
        "equivoco",
        "corrige",
        "corrigelo",
        "corregir",
        "cambia",
        "cambialo",
        "modifica",
        "actualiza",
    ]) && f.has_any(&[
        "ultimo",
        "ultima",
        "gasto",
        "movimiento",
        "monto",
        "fecha",
        "categoria",
        "eran",
        "era",
        "fue",
        "fueron",
    ]);
    let correction_verb = f.has_any(&[
        "eran",
        "era",
        "fueron",
        "fue",
        "equivoque",
        "corrige",
        "cambia",
        "modifica",
        "mejor",
    ]);
    if correction_start && correction_verb && !question {
        add(Intent::UpdateLastTransaction, 0.9);
    }
    if f.has_any(&["equivoque"]) && (has_amount || has_category || has_date) {
        add(Intent::UpdateLastTransaction, 0.9);
    }
    if f.has_any(&["corrige", "cambia", "modifica", "actualiza", "corrigelo"])
        && f.has_any(&["ultimo", "ultima", "fecha", "monto", "categoria"])
        && !f.has_any(&["deuda", "presupuesto", "saldo", "tarjeta"])
    {
        add(Intent::UpdateLastTransaction, 0.92);
    }

    // Simulation: "¿puedo comprar…?", "¿me alcanza para…?".
    let simulate = f.phrase("puedo comprar")
        || f.phrase("me alcanza")
        || f.phrase("alcanza para")
        || f.phrase("si compro")
        || f.phrase("si me compro")
        || f.phrase("si gasto")
        || f.phrase("si pago")
        || f.phrase("si contrato")
        || f.phrase("puedo gastar")
        || f.phrase("puedo pagar")
        || f.phrase("me conviene comprar")
        || f.phrase("deberia comprar")
        || f.phrase("puedo darme")
        || f.phrase("simula")
        || f.phrase("simular")
        || f.phrase("me da para")
        || f.phrase("quiero comprar") && (question || has_amount)
        || f.phrase("estoy pensando en comprar")
        || f.phrase("pienso comprar")
        || f.phrase("planeo comprar")
        || f.phrase("como quedo") && has_amount
        || f.phrase("como quedaria") && has_amount
        || f.phrase("puedo permitirme")
        || f.phrase("es buena idea comprar")
        || f.phrase("y si") && has_amount && f.has_prefix(&["compr", "contrat", "gast"]);
    if simulate {
        add(Intent::SimulatePurchase, 0.93);
    }

    // Budget.
    let budget_word = f.has_any(&["presupuesto", "presu", "limite", "tope", "maximo"]);
    let budget_set_verb = f.has_any(&[
        "pon",
        "ponme",
        "poner",
        "fija",
        "fijar",
        "establece",
        "define",
        "quiero",
        "sera",
        "es",
        "de",
        "cambia",
        "sube",
        "baja",
        "ajusta",
        "asigna",
        "configura",
        "actualiza",
        "mi",
    ]);
    if budget_word && has_amount && !f.phrase("cuanto") && !simulate {
        add(Intent::SetBudget, if budget_set_verb { 0.92 } else { 0.8 });
    }
    if (f.phrase("gastar maximo")
        || f.phrase("gastar como maximo")
        || f.phrase("no gastar mas de")
        || f.phrase("maximo al mes")
        || f.phrase("no pasarme de"))
        && has_amount
    {
        add(Intent::SetBudget, 0.9);
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
    let debt_words = f.has_any(&[
        "deuda",
        "deudas",
        "debo",
        "adeudo",
        "prestamo",
        "credito",
        "mensualidades",
        "minimo",
        "corte",
    ]) || f.phrase("pago minimo")
        || f.phrase("me prestaron");
    let debt_update = f.has_any(&[
        "saldo",
        "quedo",
        "queda",
        "vence",
        "debo",
        "minimo",
        "mensualidad",
        "deuda",
        "adeudo",
        "nueva",
        "registra",
        "agrega",
        "anota",
        "actualiza",
    ]);
    let card_balance = f.has_any(&["tarjeta", "tdc", "credito"])
        && f.has_any(&[
            "saldo", "quedo", "queda", "debo", "minimo", "corte", "vence", "adeudo",
        ])
        && !f.has_any(&["pague", "abone", "pagamos"]);
    if (debt_words && debt_update || card_balance) && !question && !simulate {
        add(Intent::ManageDebt, if has_amount { 0.92 } else { 0.8 });
    }
    if f.has("debo") && has_amount && !question && !simulate && !f.has_any(&["pague", "gaste"]) {
        add(Intent::ManageDebt, 0.92);
    }
    if f.phrase("me prestaron") && has_amount {
        add(Intent::ManageDebt, 0.85);
    }

    // Bank balance.
    let bank_words = f.has_any(&["banco", "cuenta", "saldo", "debito", "nomina"])
        || f.phrase("tengo disponible");
    if bank_words
        && (has_amount || f.has_any(&["cero", "ceros"]))
        && !question
        && !card_balance
        && !simulate
        && !f.has_any(&[
            "deuda",
            "debo",
            "tarjeta",
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
        ])
    {
        let set_words = f.has_any(&[
            "tengo",
            "traigo",
            "hay",
            "es",
            "actualiza",
            "pon",
            "quedan",
            "quedo",
            "queda",
            "saldo",
        ]);
        add(Intent::SetBankBalance, if set_words { 0.9 } else { 0.75 });
    }

    // Queries.
    let query_words = f.has_any(&[
        "cuanto",
        "cuanta",
        "cuantos",
        "cuantas",
        "resumen",
        "reporte",
        "balance",
        "total",
        "totales",
        "movimientos",
        "historial",
        "muestrame",
        "ensename",
        "dime",
        "ver",
        "mostrar",
        "consulta",
        "lista",
        "listado",
        "desglose",
        "estado",
        "llevo",
        "ultimos",
        "ultimas",
        "cuales",
    ]);
    let how_am_i = f.phrase("como voy")
        || f.phrase("como vamos")
        || f.phrase("como estoy")
        || f.phrase("como ando")
        || f.phrase("que tal voy")
        || f.phrase("en que se me va")
        || f.phrase("en que gaste")
        || f.phrase("en que gasto")
        || f.phrase("que gaste")
        || f.phrase("que me queda")
        || f.phrase("cuanto me queda");
    if (query_words || how_am_i) && !simulate {
        let strength = if question
            || how_am_i
            || f.has_any(&[
                "resumen",
                "reporte",
                "movimientos",
                "historial",
                "desglose",
                "muestrame",
                "ensename",
                "dime",
                "lista",
            ]) {
            0.92
        } else {
            0.75
        };
        // "cuánto gasté" with an amount would be odd: a statement wins.
        let strength = if has_amount && !question && !f.has_any(&["cuanto", "cuanta"]) {
            0.5
        } else {
            strength
        };
        add(Intent::QueryData, strength);
    }
    if f.has_any(&["debo", "deudas"]) && question && !simulate {
        add(Intent::QueryData, 0.93);
    }
    if (f.phrase("tengo en el banco")
        || f.phrase("mi saldo")
        || f.phrase("hay en") && f.has("cuenta"))
        && question
    {
        add(Intent::QueryData, 0.93);
    }

    // Logging a transaction.
    let expense_verb = f.has_any(EXPENSE_VERBS)
        || f.has_prefix(&["gast", "pag", "compr"])
            && !f.has_any(&["pagar", "comprar", "gastar", "pago minimo"]);
    let income_verb = f.has_any(INCOME_VERBS)
        || f.phrase("me pagaron")
        || f.phrase("me llego")
        || f.phrase("me cayo")
        || f.phrase("me depositaron");
    if (expense_verb || income_verb) && !question {
        let s = if has_amount || has_category {
            0.93
        } else {
            0.8
        };
        add(Intent::LogTransaction, s);
    } else if (expense_verb || income_verb) && question {
        add(Intent::LogTransaction, 0.55);
    }
    if has_amount && has_category && !question {
        add(Intent::LogTransaction, 0.88);
    } else if has_amount && !question && f.tokens.len() <= 2 {
        add(Intent::LogTransaction, 0.6);
    } else if has_category && !has_amount && !question && f.tokens.len() <= 3 {
        add(Intent::LogTransaction, 0.5);
    }
    if has_date && has_amount && !question {
        add(Intent::LogTransaction, 0.7);
    }
    let _ = has_month;
    scores
}

/// Picks the intent and a confidence. Strong evidence for one intent only
/// is confident; competing evidence lowers the confidence.
fn decide(scores: &[(Intent, f32)]) -> (Intent, f32, Vec<(Intent, f32)>) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()
    }

    #[test]
    fn logs_an_expense_with_amount_category_and_date() {
        let u = understand("gasté 250 en uber ayer", today());
        assert_eq!(u.intent, Intent::LogTransaction);
        assert!(u.confidence >= 0.7);
        assert_eq!(u.amount, Some(25_000));
        assert_eq!(u.category.map(|c| c.key), Some("transporte"));
        assert_eq!(u.kind, Some(TransactionType::Expense));
        assert_eq!(u.date, NaiveDate::from_ymd_opt(2026, 11, 21));
        assert_eq!(u.description.as_deref(), Some("uber"));
    }

    #[test]
    fn reads_queries_simulations_and_corrections() {
        let q = understand("¿cuánto llevo gastado en comida este mes?", today());
        assert_eq!(
            (q.intent, q.query),
            (Intent::QueryData, Some(QueryKind::Summary))
        );
        assert_eq!(q.category.map(|c| c.key), Some("comida"));
        assert_eq!(q.month.as_deref(), Some("2026-11"));
        let s = understand("¿puedo comprar unos tenis de 1,800?", today());
        assert_eq!(s.intent, Intent::SimulatePurchase);
        assert_eq!(s.amount, Some(180_000));
        assert_eq!(s.category.map(|c| c.key), Some("ropa"));
        let c = understand("no, eran 300", today());
        assert_eq!(c.intent, Intent::UpdateLastTransaction);
        assert_eq!(c.amount, Some(30_000));
        assert_eq!(
            understand("borra el último", today()).intent,
            Intent::DeleteLastTransaction
        );
        assert_eq!(understand("hola", today()).intent, Intent::Unknown);
    }
}
