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

pub mod debts;
mod features;
mod fill;
mod intents;
mod reference;
mod written;

pub use self::extract::{Extraction, Money, When, extract};
use self::features::{Features, has_amount_word};
use self::fill::understand_tokens;
pub use self::intents::{
    Cash, cash_said, first_request_moves_own_money, intent_scores, made_at_work, moves_own_money,
};
pub use self::period::Grain;
pub use self::reading::Reading;
pub use self::written::describe;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use self::amount::{AmountMatch, Foreign, best_amount, find_amounts};
use self::category::{Category, find_categories};
use self::date::find_date;
use self::normalize::{Token, TokenKind, fold, tokenize};
use crate::kinds::TransactionType;
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
    /// The intent asks to store something (a movement, a budget, a debt,
    /// the balance, a change or a deletion), not only to read.
    pub fn writes(self) -> bool {
        !matches!(
            self,
            Intent::QueryData | Intent::SimulatePurchase | Intent::Unknown
        )
    }

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
    /// The message's own words say which way the money went ("compré",
    /// "me pagaron"): an answer that only names a category never turns it.
    pub kind_said: bool,
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
    /// Which way its money went, when said ("el último gasto").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<TransactionType>,
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
            kind_said: false,
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
        .position(|t| t.is_in(lexicon::cues().said.budget_words))?;
    categories
        .iter()
        .filter(|m| !m.fuzzy && m.start > budget)
        .min_by_key(|m| m.start)
}

/// "quita el presupuesto de comida", "ya no quiero presupuesto para uber".
fn budget_removal(f: &Features<'_>) -> bool {
    let c = lexicon::cues();
    f.has(c.said.budget_words)
        && (f.has_prefix(c.said.delete_prefixes) || f.has(c.said.budget_remove_words))
}

/// Category of money received when no income keyword says which.
fn default_income_category(f: &Features<'_>) -> Option<&'static Category> {
    let c = lexicon::cues();
    // Money made at work in a trade's words ("saqué 1,800 de viajes")
    // is the person's own business, as a sale is.
    let for_work = f.has(c.categories.work_income_verbs)
        || f.has(c.categories.paid_me_phrases) && f.has(c.categories.work_words)
        || intents::made_at_work(&f.cues);
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
    understand_tokens(text, &folded, &tokens, today, None, &Default::default).0
}

/// Reads one message as `intent` (the user chose it): the entities that
/// intent needs, with full confidence.
pub fn understand_as(text: &str, today: NaiveDate, intent: Intent) -> Understanding {
    let folded = fold(text);
    let tokens = tokenize(&folded);
    understand_tokens(
        text,
        &folded,
        &tokens,
        today,
        Some(intent),
        &Default::default,
    )
    .0
}

#[cfg(test)]
mod tests;

/// Whether the message tells of money the person already paid: a verb of
/// paying in the past ("pagué", "pagamos") or a charge made to them ("me
/// cobró"), said as a statement. Such a message is something to record;
/// it never asks an agent to pay, send, top up, lend or charge now. (A
/// day gone by is no such sign: "le presté 500 ayer" is a cobro.)
pub fn tells_of_payment_made(reading: &Reading) -> bool {
    let cues = lexicon::cues();
    let said = reading.cues();
    !reading.is_question()
        && (said.has(cues.said.past_payment_verbs)
            || said.has(cues.said.went_to_pay_phrases)
            || said.has(cues.days.charged_phrases))
}
