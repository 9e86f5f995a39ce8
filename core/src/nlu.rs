//! Spanish understanding, deterministic: intent with a confidence score and
//! the entities each intent needs. Rules over folded tokens, no lookup of
//! known sentences.

pub mod amount;
pub mod answers;
pub mod category;
pub mod currency;
pub mod date;
pub mod extract;
pub mod items;
pub mod learned;
pub mod lexicon;
pub mod moments;
pub mod names;
pub mod normalize;
pub mod period;
mod priced;
pub mod reading;
pub mod small_talk;
pub mod split;

mod debts;
mod features;
mod intents;
mod reference;
mod written;

use self::debts::{debt_entities, debt_name, find_due_day};
pub use self::extract::{Extraction, Money, When, extract};
use self::features::{Features, has_amount_word};
pub use self::intents::intent_scores;
use self::intents::{decide, is_income, query_kind, score_intents};
pub use self::period::Grain;
pub use self::reading::Reading;
pub use self::written::describe;
use self::written::{original_span, pick_category};

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use self::amount::{AmountMatch, Foreign, best_amount, find_amounts};
use self::category::{Category, find_categories};
use self::date::{find_date, find_month};
use self::normalize::{Token, TokenKind, fold, tokenize};
use crate::kinds::{CategoryType, TransactionType};
use crate::money::Centavos;

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
    /// semana", "del 10 al 20 de noviembre"); in a logged movement with no
    /// day, the days gone by it names ("el mes pasado", "la semana pasada").
    pub period: Option<period::Period>,
    pub query: Option<QueryKind>,
    pub debt_name: Option<String>,
    pub debt_balance: Option<Centavos>,
    pub debt_minimum: Option<Centavos>,
    pub debt_due_day: Option<u8>,
    /// The creditor a logged payment goes to ("le aboné 1,000 a Coppel"):
    /// when it names a known debt, the payment also lowers that debt.
    pub debt_paid: Option<String>,
    /// The stored movement a correction or delete points at ("el de la
    /// luz", "el uber de ayer", "el penúltimo").
    pub target: Option<RowReference>,
    /// Among how many people a logged bill was shared ("1,240 entre 4",
    /// "a medias"): the user's part is asked before anything is logged.
    pub split_ways: Option<u8>,
    /// "quita el presupuesto de comida": the category's budget goes.
    pub budget_remove: bool,
}

/// What a message says about which stored movement it means. The host's
/// rows are matched against it by `tools::rules::match_rows`; an open
/// correction keeps it in its checkpoint.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RowReference {
    /// Counted from the newest: 1 the last, 2 the one before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<u8>,
    /// Folded words that may name its description or category.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub words: Vec<String>,
    /// Amounts it may have had (the negated one in "465, no 456").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub amounts: Vec<Centavos>,
    /// The day it is said to be of (`YYYY-MM-DD`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date_iso: Option<String>,
}

impl Understanding {
    /// An intent with no entities.
    pub fn bare(
        intent: Intent,
        confidence: f32,
        alternatives: Vec<(Intent, f32)>,
    ) -> Understanding {
        Understanding {
            intent,
            confidence,
            alternatives,
            kind: None,
            amount: None,
            foreign_currency: None,
            negative_amount: false,
            pays_bill: false,
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
            debt_paid: None,
            target: None,
            split_ways: None,
            budget_remove: false,
        }
    }

    /// The summary of the month of `today` (the `/resumen` command).
    pub fn month_summary(today: NaiveDate) -> Understanding {
        Understanding {
            query: Some(QueryKind::Summary),
            month: Some(crate::time::iso_month(today)),
            ..Understanding::bare(Intent::QueryData, 1.0, Vec::new())
        }
    }
}

fn upcoming_year(month: u32, today: NaiveDate) -> i32 {
    use chrono::Datelike;
    if month >= today.month() {
        today.year()
    } else {
        today.year() + 1
    }
}

/// The category a budget is for: the first one named after the budget word
/// ("sube el presupuesto de comida": comida, not the transporte of "sube").
fn budget_category<'c>(
    tokens: &[Token],
    categories: &'c [category::CategoryMatch],
) -> Option<&'c category::CategoryMatch> {
    let budget = tokens
        .iter()
        .position(|t| t.is_in(lexicon::cues().budget_words))?;
    categories
        .iter()
        .filter(|m| !m.fuzzy && m.start > budget)
        .min_by_key(|m| m.start)
}

/// "quita el presupuesto de comida", "ya no quiero presupuesto para uber".
fn budget_removal(f: &Features<'_>) -> bool {
    let c = lexicon::cues();
    f.has(c.budget_words) && (f.has_prefix(c.delete_prefixes) || f.has(c.budget_remove_words))
}

/// Category of money received when no income keyword says which.
fn default_income_category(f: &Features<'_>) -> Option<&'static Category> {
    let c = lexicon::cues();
    let for_work = f.has(c.work_income_verbs) || f.has(c.paid_me_phrases) && f.has(c.work_words);
    category::by_key(if for_work { "ventas" } else { "otros_ingresos" })
}

/// The words of a debt's name that say whose it is, folded: "Tarjeta
/// Nu" → ["nu"]; "la tarjeta" → [] (it only says what kind of debt).
pub fn debt_words(name: &str) -> Vec<String> {
    debts::distinctive_words(name)
}

/// Reads one message. `today` is the user's civil date.
pub fn understand(text: &str, today: NaiveDate) -> Understanding {
    let folded = fold(text);
    let tokens = tokenize(&folded);
    understand_tokens(text, &folded, &tokens, today, None).0
}

/// Reads one message as `intent` (the user chose it): the entities that
/// intent needs, with full confidence.
pub fn understand_as(text: &str, today: NaiveDate, intent: Intent) -> Understanding {
    let folded = fold(text);
    let tokens = tokenize(&folded);
    understand_tokens(text, &folded, &tokens, today, Some(intent)).0
}

/// Reads tokenized text; also returns how many amounts it names (days and
/// hours left out), which decides whether it holds several items.
fn understand_tokens(
    original: &str,
    folded: &str,
    tokens: &[Token],
    today: NaiveDate,
    forced: Option<Intent>,
) -> (Understanding, usize) {
    let f = Features::new(tokens, folded);
    let mut used = vec![false; tokens.len()];

    let date = find_date(tokens, today);
    moments::mark_not_money(tokens, date.as_ref(), &mut used);
    let month = find_month(tokens, today);
    if let Some(m) = &month {
        used[m.start..m.end.min(tokens.len())]
            .iter_mut()
            .for_each(|u| *u = true);
    }
    let split = split::find_split(tokens);
    let due_day = find_due_day(tokens);
    if let Some((_, start, end)) = due_day {
        used[start..end].iter_mut().for_each(|u| *u = true);
    }
    let mut amounts = find_amounts(tokens, &used);
    let taken_back = amount::take_back(tokens, &mut amounts);
    let amount = best_amount(&amounts).cloned();
    let categories = category::said_categories(tokens, &used, &answers::negated(original, tokens));

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
        pays_bill: f.has(lexicon::cues().bill_payment_verbs),
        ..Understanding::bare(intent, confidence, alternatives)
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
            // "me cobraron 50 de comisión": a charge is money out, so a
            // word of money received ("comisión", "intereses") names no
            // category; it is asked.
            if f.has(lexicon::cues().charged_phrases)
                && u.category
                    .is_some_and(|c| c.category_type == CategoryType::Income)
            {
                u.category = None;
            }
            u.date = date.as_ref().map(|d| d.date);
            if intent == Intent::LogTransaction && u.date.is_none() {
                // "gasté 300 el mes pasado": a span of days gone by names
                // no day, and today is not in it.
                let month_days = month.as_ref().and_then(date::MonthMatch::days);
                let period = period::find_period_match(tokens, today).map(|p| p.period);
                u.period = match (period, month_days) {
                    // "en octubre del año pasado": that year's October.
                    (Some(p), Some(m)) if p.to - p.from > m.to - m.from => {
                        month.as_ref().and_then(|m| {
                            date::MonthMatch {
                                year: chrono::Datelike::year(&p.from),
                                ..m.clone()
                            }
                            .days()
                        })
                    }
                    (p, m) => p.or(m),
                }
                // Days all gone by, or all to come ("la semana que viene"):
                // the day is asked, never taken to be today.
                .filter(|p| p.to < today || p.from > today);
            }
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
            if intent == Intent::LogTransaction {
                u.split_ways = split.map(|s| s.ways);
            }
            if intent == Intent::LogTransaction && u.kind == Some(TransactionType::Expense) {
                u.debt_paid =
                    debts::paid_to(&f, &amounts).map(|span| original_span(original, tokens, span));
                if u.debt_paid.is_some() && u.category.is_none() {
                    u.category = category::by_key("prestamo");
                }
            }
        }
        Intent::QueryData => {
            u.query = Some(query_kind(&f));
            let period = period::find_period_match(tokens, today);
            u.period = period.map(|p| p.period);
            // A period finer than a month is what is asked ("del 10 al 20
            // de este mes"), not the month it falls in.
            u.month = month.filter(|_| u.period.is_none()).map(|m| m.iso());
            // Words of the period are not a category ("la primera quincena").
            let in_period = |m: &category::CategoryMatch| {
                period.is_some_and(|p| m.start < p.end && p.start < m.end)
            };
            if matches!(
                u.query,
                Some(QueryKind::Summary | QueryKind::Transactions | QueryKind::Budget)
            ) {
                let outside: Vec<category::CategoryMatch> = categories
                    .iter()
                    .filter(|m| !in_period(m))
                    .cloned()
                    .collect();
                let chosen = pick_category(&outside, &f).filter(|m| !m.fuzzy);
                u.category = chosen.map(|m| m.category);
                // "¿cuánto en uber?": the merchant or thing named, not only
                // its category.
                if u.query == Some(QueryKind::Summary) {
                    u.description = chosen.and_then(|m| describe(original, tokens, m));
                }
            }
        }
        Intent::SetBudget => {
            // "presupuesto de 2,000 para comida": that category's budget.
            let chosen =
                budget_category(tokens, &categories).or(chosen_category.filter(|m| !m.fuzzy));
            u.category = chosen.map(|m| m.category);
            // "presupuesto para gasolina": the word, when not the category's.
            u.description = chosen.and_then(|m| describe(original, tokens, m));
            u.budget_remove = budget_removal(&f);
            u.amount = amount.as_ref().and_then(money).filter(|_| !u.budget_remove);
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
            if amount.is_none() && f.has(lexicon::cues().zero_words) {
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
    if matches!(
        intent,
        Intent::UpdateLastTransaction | Intent::DeleteLastTransaction
    ) {
        let split = (intent == Intent::UpdateLastTransaction)
            .then(|| reference::value_start(tokens))
            .flatten();
        let end = split.unwrap_or(tokens.len());
        let mut target = reference::read(
            tokens,
            end,
            &amounts,
            &taken_back,
            &categories,
            date.as_ref(),
        );
        if let Some(split) = split {
            // The new values are the ones after "fue"/"era"/"ponlo en";
            // what comes before only says which movement.
            let no = |k: usize| k > 0 && tokens[k - 1].is_in(lexicon::cues().no_words);
            u.amount = amounts
                .iter()
                .rev()
                .find(|m| m.start >= split && m.foreign.is_none() && !m.negative)
                .map(|m| m.centavos);
            // The word that marks the split is never the value ("ponlo"
            // is not a typo of "pollo").
            let values: Vec<&category::CategoryMatch> = categories
                .iter()
                .filter(|m| m.start > split && !no(m.start))
                .collect();
            u.category = values
                .iter()
                .find(|m| !m.fuzzy)
                .or(values.first())
                .map(|m| m.category);
            u.description = None;
            u.date = date.as_ref().filter(|d| d.start >= split).map(|d| d.date);
            u.kind = u.category.map(|c| c.category_type.transaction_kind());
        }
        if target == RowReference::default() {
            // "no, eran 300", "bórralo": the last movement.
            target.position = Some(1);
        }
        u.target = Some(target);
    }
    // Money of its own only: a year or a count before its noun is no item.
    (u, amounts.iter().filter(|m| m.score > 0).count())
}

#[cfg(test)]
mod tests;
