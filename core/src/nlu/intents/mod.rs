//! Intent scoring and the decision with its confidence. `score_intents`
//! reads the signals several intents share once (signals.rs), then asks
//! each intent's scorer for its evidence: correct.rs (update and delete the
//! last movement), simulate.rs, budget.rs, debt.rs, balance.rs (bank
//! balance), query.rs and log.rs. The cue lists and readers defined here
//! also serve the entity readers in nlu.rs and debts.rs.

mod balance;
mod budget;
mod correct;
mod debt;
mod log;
mod query;
mod signals;
mod simulate;

use chrono::NaiveDate;

pub use self::balance::{Cash, cash_said, first_request_moves_own_money, moves_own_money};
use self::signals::Signals;
use super::lexicon::{MessageCues, cues};
use super::*;

/// Money coming in: "me pagaron", "cobré", "me depositaron".
pub(super) fn is_income(f: &Features<'_>) -> bool {
    let c = cues();
    let received = received_money(f);
    let spent = f.has(c.said.spent_not_received);
    // "me llegó el recibo de la luz": what arrived is a bill to pay.
    let bill_arrived = f.has(c.amounts.arrival_verbs) && f.has(c.amounts.bill_words);
    received && !spent && !bill_arrived
}

/// Words of money received: "me pagaron", "cobré", "me llegó", or money
/// made at work in a trade's words ("saqué 1,800 de viajes", "hice 650
/// de didi").
pub(super) fn received_money(f: &Features<'_>) -> bool {
    f.has(cues().said.income_verbs) || made_at_work(&f.cues)
}

/// Money made at work in a trade's words ("saqué 1,800 de viajes",
/// "llevo 3 viajes, 450"), unless money spent is said ("llevo gastado 900
/// en viajes").
pub fn made_at_work(said: &MessageCues) -> bool {
    let c = cues();
    (said.has(c.answers.earned_verbs) || said.has(c.answers.tally_verbs))
        && said.has(c.answers.earnings_words)
        && !said.has(c.answers.spending_words)
}

pub(super) fn query_kind(f: &Features<'_>) -> QueryKind {
    let c = cues();
    // "¿cuánto me queda en el banco?": the account, unless a budget is named.
    if f.has(c.said.balance_query_cues)
        && !f.has(c.said.budget_words)
        && !f.has(c.said.spending_query_words)
    {
        return QueryKind::Balance;
    }
    if f.has(c.said.budget_query_cues)
        || f.has(c.said.category_left_cues)
        || f.has(c.said.overspend_words) && !f.has(c.said.debt_not_budget_words)
    {
        return QueryKind::Budget;
    }
    let spending = f.has(c.said.spending_query_words);
    if f.has(c.said.debt_query_cues) {
        return QueryKind::Debts;
    }
    let bank = f.has(c.said.balance_query_cues) || f.has(c.said.balance_words) && !spending;
    if bank && !spending {
        return QueryKind::Balance;
    }
    if f.has(c.said.most_words) && f.has(c.said.where_phrases) {
        return QueryKind::Summary;
    }
    let listing = f.has(c.said.listing_query_cues);
    if listing && !f.has(c.said.totals_words) {
        return QueryKind::Transactions;
    }
    QueryKind::Summary
}

/// Raw evidence for each intent, before normalisation into a confidence.
/// Each intent's scorer adds its rules' scores; an intent keeps its best.
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
    let s = Signals::read(f, amount, categories, has_date);
    // This order is the order intents first appear in the scores.
    correct::score(f, &s, &mut add);
    simulate::score(f, &s, &mut add);
    budget::score(f, &s, &mut add);
    debt::score(f, &s, &mut add);
    balance::score(f, &s, &mut add);
    query::score(f, &s, &mut add);
    log::score(f, &s, &mut add);
    scores
}

/// A payment toward something owed: "le di 500 a mi compadre de lo que le
/// debo", "le pago 800 a Juan de lo que me prestó".
pub(super) fn owes_payment(f: &Features<'_>) -> bool {
    let cues = cues();
    f.has(cues.debts.payment_verbs) && f.has(cues.debts.owed_phrases)
}

/// Every intent's raw score for a message, for probing the rules.
pub fn intent_scores(text: &str, today: NaiveDate) -> Vec<(Intent, f32)> {
    let folded = fold(text);
    let tokens = tokenize(&folded);
    let f = Features::new(&tokens, &folded).written(text);
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
        .filter(|(_, s)| *s >= crate::confidence::ALTERNATIVE)
        .collect();
    (top, confidence.max(0.0), alternatives)
}
