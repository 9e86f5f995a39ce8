//! Spanish understanding, deterministic: intent with a confidence score and
//! the entities each intent needs. Rules over folded tokens, no lookup of
//! known sentences.

pub mod amount;
pub mod category;
pub mod date;
pub mod items;
pub mod moments;
pub mod normalize;
pub mod period;

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
    /// The amount was written negative ("-1,200", "menos 500"); it is not
    /// read as an expense or income (only a bank balance may be negative).
    pub negative_amount: bool,
    /// The message pays something ("pagar la colegiatura") rather than
    /// buying it ("un celular"): a simulated bill keeps its category type.
    pub pays_bill: bool,
    pub category: Option<&'static Category>,
    pub description: Option<String>,
    pub date: Option<NaiveDate>,
    pub month: Option<String>,
    /// A period finer than a month a question asks about ("ayer", "esta
    /// semana", "del 10 al 20 de noviembre").
    pub period: Option<period::Period>,
    pub query: Option<QueryKind>,
    pub debt_name: Option<String>,
    pub debt_balance: Option<Centavos>,
    pub debt_minimum: Option<Centavos>,
    pub debt_due_day: Option<u8>,
}

/// Whether the message names money ("pesos", "$"), which a range question
/// does not.
fn has_amount_word(f: &Features<'_>) -> bool {
    f.tokens.iter().any(|t| t.dollar_sign) || f.has_any(&["pesos", "varos", "mxn"])
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

    fn first_word(&self) -> Option<&str> {
        self.tokens.first().map(|t| t.text.as_str())
    }

    /// Whether the words of `phrase` appear as consecutive tokens.
    fn phrase(&self, phrase: &str) -> bool {
        let (first, rest) = phrase.split_once(' ').unwrap_or((phrase, ""));
        self.tokens.iter().enumerate().any(|(i, t)| {
            t.text == first
                && (rest.is_empty()
                    || rest.split(' ').enumerate().all(|(k, word)| {
                        self.tokens.get(i + 1 + k).is_some_and(|t| t.text == word)
                    }))
        })
    }

    fn is_question(&self) -> bool {
        let interrogative_start = matches!(
            self.first_word(),
            Some("que" | "como" | "cual" | "donde" | "cuando" | "puedo" | "alcanza" | "quien")
        ) || self.tokens.len() > 1
            && matches!(self.first_word(), Some("oye" | "y" | "a" | "en" | "pues"))
            && self.tokens[1]
                .is_any(&["que", "como", "cual", "cuanto", "cuanta", "donde", "quien"]);
        self.folded.contains('?')
            || self.has_any(&["cuanto", "cuanta", "cuantos", "cuantas", "cuales"])
            || interrogative_start && !self.has_any(&["gaste", "pague", "compre"])
    }
}

/// Verbs of paying a bill or an obligation (not buying a thing).
const BILL_PAYMENT_VERBS: &[&str] = &["pagar", "pago", "pagaria", "liquidar", "cubrir", "abonar"];

const EXPENSE_VERBS: &[&str] = &[
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

const INCOME_VERBS: &[&str] = &[
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

fn upcoming_year(month: u32, today: NaiveDate) -> i32 {
    use chrono::Datelike;
    if month >= today.month() {
        today.year()
    } else {
        today.year() + 1
    }
}

/// Money coming in: "me pagaron", "cobré", "me depositaron".
fn is_income(f: &Features<'_>) -> bool {
    let received = received_money(f);
    let spent = f.has_any(&["gaste", "compre", "pague", "gastamos", "pagamos"]);
    received && !spent
}

/// Words of money received: "me pagaron", "cobré", "me llegó".
fn received_money(f: &Features<'_>) -> bool {
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

/// Category of money received when no income keyword says which.
fn default_income_category(f: &Features<'_>) -> Option<&'static Category> {
    let for_work = f.has_any(&["cobre", "vendi", "facture", "cobramos"])
        || f.phrase("me pagaron") && f.has_any(&["por", "trabajo", "proyecto", "cliente"]);
    category::by_key(if for_work { "ventas" } else { "otros_ingresos" })
}

/// Reads one message. `today` is the user's civil date.
pub fn understand(text: &str, today: NaiveDate) -> Understanding {
    let folded = fold(text);
    let tokens = tokenize(&folded);
    understand_tokens(text, &folded, &tokens, today, None)
}

/// Reads one message as `intent` (the user chose it): the entities that
/// intent needs, with full confidence.
pub fn understand_as(text: &str, today: NaiveDate, intent: Intent) -> Understanding {
    let folded = fold(text);
    let tokens = tokenize(&folded);
    understand_tokens(text, &folded, &tokens, today, Some(intent))
}

fn understand_tokens(
    original: &str,
    folded: &str,
    tokens: &[Token],
    today: NaiveDate,
    forced: Option<Intent>,
) -> Understanding {
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
    moments::mark_clock_times(tokens, &mut used);
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
    let (intent, confidence, alternatives) = match forced {
        Some(intent) => (intent, 1.0, Vec::new()),
        None => decide(&scores),
    };

    let mut u = Understanding {
        intent,
        confidence,
        alternatives,
        kind: None,
        amount: None,
        foreign_currency: None,
        negative_amount: false,
        pays_bill: f.has_any(BILL_PAYMENT_VERBS),
        category: None,
        description: None,
        date: None,
        month: None,
        period: None,
        query: None,
        debt_name: None,
        debt_balance: None,
        debt_minimum: None,
        debt_due_day: None,
    };
    let chosen_category = pick_category(&categories, &f);
    let money = |m: &AmountMatch| {
        if m.foreign.is_some() || m.negative {
            None
        } else {
            Some(m.centavos)
        }
    };
    u.negative_amount = amount
        .as_ref()
        .is_some_and(|m| m.negative && m.foreign.is_none());
    match intent {
        Intent::LogTransaction | Intent::SimulatePurchase | Intent::UpdateLastTransaction => {
            u.amount = amount.as_ref().and_then(money);
            if intent == Intent::UpdateLastTransaction {
                // "no eran 80, eran 90": the last amount is the correction.
                u.amount = amounts
                    .iter()
                    .rev()
                    .find(|m| m.foreign.is_none() && !m.negative)
                    .map(|m| m.centavos)
                    .or(u.amount);
            }
            u.foreign_currency = amount.as_ref().and_then(|m| m.foreign);
            u.category = chosen_category.map(|m| m.category);
            u.description = chosen_category.and_then(|m| describe(original, tokens, m));
            u.date = date.map(|d| d.date);
            let income = intent == Intent::LogTransaction && is_income(&f);
            if income
                && u.category
                    .is_none_or(|c| c.category_type != CategoryType::Income)
            {
                // Money received: an expense keyword names what it was for
                // ("me reembolsaron lo de amazon"), not the category.
                let income_category = categories
                    .iter()
                    .find(|m| m.category.category_type == CategoryType::Income)
                    .map(|m| m.category);
                u.category = income_category.or_else(|| default_income_category(&f));
                u.description = None;
            }
            u.kind = match u.category.map(|c| c.category_type) {
                Some(CategoryType::Income) => Some(TransactionType::Income),
                Some(_) => Some(TransactionType::Expense),
                None if income => Some(TransactionType::Income),
                None if intent == Intent::UpdateLastTransaction => None,
                None => Some(TransactionType::Expense),
            };
        }
        Intent::QueryData => {
            u.query = Some(query_kind(&f));
            u.month = month.map(|m| m.iso());
            u.period = period::find_period(tokens, today);
            if matches!(u.query, Some(QueryKind::Summary | QueryKind::Transactions)) {
                u.category = chosen_category.filter(|m| !m.fuzzy).map(|m| m.category);
            }
        }
        Intent::SetBudget => {
            u.amount = amount.as_ref().and_then(money);
            u.foreign_currency = amount.as_ref().and_then(|m| m.foreign);
            // A budget is set for now or later: "diciembre" said in November
            // is the coming December.
            u.month = month.map(|m| {
                if m.explicit_year {
                    m.iso()
                } else {
                    date::MonthMatch {
                        year: upcoming_year(m.month, today),
                        ..m
                    }
                    .iso()
                }
            });
        }
        Intent::SetBankBalance => {
            // An overdrawn account: "-1,200" is a balance below zero.
            u.amount = amount
                .as_ref()
                .filter(|m| m.foreign.is_none())
                .map(|m| if m.negative { -m.centavos } else { m.centavos });
            u.negative_amount = false;
            u.foreign_currency = amount.as_ref().and_then(|m| m.foreign);
            if amount.is_none() && f.has_any(&["cero", "ceros"]) {
                u.amount = Some(0);
            }
        }
        Intent::ManageDebt => {
            let due = due_day.map(|(d, _, _)| d).or_else(|| {
                // "se paga el 17": in a debt, a bare day is the due day.
                let d = date.as_ref()?;
                let day_token = tokens[d.start..d.end]
                    .iter()
                    .find(|t| t.kind == TokenKind::Number)?;
                (d.end - d.start <= 3 && day_token.text.len() <= 2)
                    .then(|| day_token.text.parse().ok())
                    .flatten()
            });
            debt_entities(&mut u, &f, &amounts, due);
            u.debt_name = debt_name(&f, &amounts).map(|span| original_span(original, tokens, span));
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
            || prev(1) == Some("al")
                && tokens
                    .iter()
                    .any(|t| t.is_any(&["dia", "pago", "paga", "vence", "corte"]))
            || matches!(prev(1), Some("los"))
                && !tokens
                    .get(i + 1)
                    .is_some_and(|n| n.is_any(&["pesos", "mil"]));
        let money_follows = tokens
            .get(i + 1)
            .is_some_and(|n| n.is_any(&["mil", "k", "pesos", "varos", "mxn", "lucas", "pesitos"]));
        if due_marker && !money_follows {
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
    // Which amount is the minimum and which the balance: read the words
    // since the previous amount.
    let mut segment_start = 0;
    for m in amounts.iter().filter(|m| m.foreign.is_none()) {
        let before: Vec<&str> = f.tokens[segment_start..m.start]
            .iter()
            .map(|t| t.text.as_str())
            .collect();
        segment_start = m.end;
        let minimum_word = before.iter().any(|w| {
            matches!(
                *w,
                "minimo"
                    | "mensualidad"
                    | "mensual"
                    | "mensuales"
                    | "abono"
                    | "abonos"
                    | "cuota"
                    | "quincenal"
            )
        }) || before.last().is_some_and(|w| *w == "pago" || *w == "pagar");
        let minimum_after = f
            .tokens
            .get(m.end)
            .is_some_and(|t| t.is_any(&["mensuales", "quincenales"]))
            || f.tokens
                .get(m.end)
                .is_some_and(|t| t.is_any(&["al", "cada", "por"]))
                && f.tokens
                    .get(m.end + 1)
                    .is_some_and(|t| t.is_any(&["mes", "quincena"]));
        let balance_word = before.iter().any(|w| {
            matches!(
                *w,
                "saldo"
                    | "debo"
                    | "debe"
                    | "deuda"
                    | "quedo"
                    | "queda"
                    | "quedan"
                    | "total"
                    | "balance"
                    | "adeudo"
                    | "va"
            )
        });
        let is_minimum = (minimum_word || minimum_after)
            && !(balance_word && !minimum_after && before.last().is_none_or(|w| *w != "minimo"));
        if is_minimum && u.debt_minimum.is_none() {
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
}

/// The words that named the category, as the user wrote them ("Uber",
/// "tacos"), unless they only repeat the category's name.
pub fn describe(original: &str, tokens: &[Token], m: &category::CategoryMatch) -> Option<String> {
    if m.fuzzy || m.keyword == m.category.key || m.keyword == fold(m.category.label) {
        return None;
    }
    // Phrases like "me regalaron" or "la tarjeta" say how, not what.
    let first_word = m.keyword.split(' ').next().unwrap_or("");
    if m.keyword.contains(' ')
        && matches!(
            first_word,
            "me" | "la" | "el" | "los" | "las" | "mi" | "pago" | "de" | "del"
        )
    {
        return None;
    }
    let (Some(first), Some(last)) = (tokens.get(m.start), tokens.get(m.end.saturating_sub(1)))
    else {
        return None;
    };
    Some(
        original
            .chars()
            .skip(first.start)
            .take(last.end - first.start)
            .collect(),
    )
}

/// The original text (lower-cased, accents kept) of a token span.
fn original_span(original: &str, tokens: &[Token], (start, end): (usize, usize)) -> String {
    let (Some(first), Some(last)) = (tokens.get(start), tokens.get(end.saturating_sub(1))) else {
        return String::new();
    };
    original
        .chars()
        .skip(first.start)
        .take(last.end - first.start)
        .collect::<String>()
        .to_lowercase()
}

/// The debt's name as a token span: "tarjeta bbva", "coppel", "mi hermano".
fn debt_name(f: &Features<'_>, amounts: &[AmountMatch]) -> Option<(usize, usize)> {
    let tokens = f.tokens;
    let in_amount = |i: usize| amounts.iter().any(|m| (m.start..m.end).contains(&i));
    const STOP: &[&str] = &[
        "de",
        "del",
        "por",
        "con",
        "es",
        "son",
        "ya",
        "quedo",
        "queda",
        "quedan",
        "que",
        "y",
        "el",
        "la",
        "pago",
        "minimo",
        "saldo",
        "debo",
        "debe",
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
        "para",
        "subio",
        "bajo",
        "se",
        "paga",
        "va",
        "me",
        "una",
        "un",
        "sera",
        "era",
    ];
    let stop = |j: usize| {
        let t = &tokens[j];
        t.kind == TokenKind::Number || t.is_any(STOP) || in_amount(j)
    };
    // Words after `start` up to a stop word.
    let run_from = |start: usize| {
        let mut end = start;
        while end < tokens.len() && !stop(end) {
            end += 1;
        }
        end
    };
    const CARDS: &[&str] = &["tarjeta", "tdc", "credito", "prestamo", "hipoteca"];
    for (i, t) in tokens.iter().enumerate() {
        if !t.is_any(CARDS) {
            continue;
        }
        let mut j = i + 1;
        // "tarjeta de credito bbva"
        if tokens.get(j).is_some_and(|n| n.is_word("de"))
            && tokens.get(j + 1).is_some_and(|n| n.is_word("credito"))
        {
            j += 2;
        }
        let end = run_from(j);
        if end > j {
            return Some((i, end));
        }
        // "prestamo del coche", "prestamo de mi hermano", "credito de mercado pago"
        if tokens
            .get(j)
            .is_some_and(|n| n.is_any(&["de", "del", "con"]))
            && !in_amount(j + 1)
        {
            let mut k = j + 1;
            if tokens.get(k).is_some_and(|n| n.is_word("mi")) {
                k += 1;
            }
            let end = run_from(k);
            if end > k {
                return Some((i, end));
            }
        }
        return Some((i, i + 1));
    }
    // "le debo 3 mil a mi hermano", "deuda con coppel", "debo en liverpool".
    for (i, t) in tokens.iter().enumerate() {
        if i == 0 || !t.is_any(&["a", "con", "en"]) || in_amount(i + 1) {
            continue;
        }
        let mut k = i + 1;
        if tokens.get(k).is_some_and(|n| n.is_any(&["el", "la"])) {
            k += 1;
        }
        let name_start = k;
        if tokens.get(k).is_some_and(|n| n.is_word("mi")) {
            k += 1;
        }
        let end = run_from(k);
        if end > k {
            return Some((name_start, end));
        }
    }
    // Lenders named on their own: "coppel", "infonavit".
    const LENDERS: &[&str] = &[
        "coppel",
        "elektra",
        "infonavit",
        "fovissste",
        "kueski",
        "fonacot",
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
        .position(|t| t.is_any(LENDERS))
        .map(|i| (i, i + 1))
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
fn score_intents(
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
    ]);

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
    if f.has_any(&["anota", "apunta", "registra", "agrega"]) && has_amount && !debt_noun {
        add(Intent::LogTransaction, 0.94);
    }
    scores
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
