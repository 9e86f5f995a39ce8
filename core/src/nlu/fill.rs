//! From tokens to an [`Understanding`]: what the message says is read once
//! ([`Said`]: days, months, a split, a due day, amounts, categories), the
//! intent is decided over it, and the fields that intent needs are filled
//! by one function per kind of request.

use chrono::NaiveDate;

use super::amount::{AmountMatch, best_amount, find_amounts};
use super::category::CategoryMatch;
use super::date::{DateMatch, MonthMatch, find_date, find_month};
use super::debts::{debt_entities, debt_name, find_due_day};
use super::features::Features;
use super::intents::{decide, is_income, query_kind, score_intents};
use super::learned::hint::Hint;
use super::normalize::{Token, TokenKind};
use super::split::Split;
use super::written::{original_span, pick_category};
use super::{
    Intent, QueryKind, RowReference, Understanding, amount, answers, budget_category,
    budget_removal, category, date, debts, default_income_category, describe, lexicon, moments,
    period, reference, split, upcoming_year,
};
use crate::confidence::{LEARNED_SURE, RULES_CERTAIN};
use crate::kinds::{CategoryType, TransactionType};

/// What a message says, read once, whatever its intent.
struct Said<'t> {
    original: &'t str,
    tokens: &'t [Token],
    today: NaiveDate,
    f: Features<'t>,
    date: Option<DateMatch>,
    month: Option<MonthMatch>,
    split: Option<Split>,
    due_day: Option<(u8, usize, usize)>,
    amounts: Vec<AmountMatch>,
    taken_back: Vec<AmountMatch>,
    amount: Option<AmountMatch>,
    categories: Vec<CategoryMatch>,
}

impl<'t> Said<'t> {
    fn read(original: &'t str, folded: &'t str, tokens: &'t [Token], today: NaiveDate) -> Self {
        let f = Features::new(tokens, folded).written(original);
        let mut used = vec![false; tokens.len()];
        let date = find_date(tokens, today);
        moments::mark_not_money(tokens, date.as_ref(), &mut used);
        let date = date.filter(|d| !of_the_rest(tokens, d.start));
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
        for title in super::names::titles(tokens) {
            used[title] = true;
        }
        let taken_back = amount::take_back(tokens, &mut amounts);
        let amount = best_amount(&amounts).cloned();
        category::mark_means(tokens, &mut used);
        let mut categories =
            category::said_categories(tokens, &used, &answers::negated(original, tokens));
        categories.retain(|m| !category::is_payment_method(tokens, m, &f));
        category::take_back(tokens, &mut categories);
        Said {
            original,
            tokens,
            today,
            f,
            date,
            month,
            split,
            due_day,
            amounts,
            taken_back,
            amount,
            categories,
        }
    }

    /// The amount as pesos of the user's own: no foreign money, no minus.
    fn pesos(&self) -> Option<i64> {
        self.amount
            .as_ref()
            .filter(|m| m.foreign.is_none() && !m.negative)
            .map(|m| m.centavos)
    }

    fn chosen_category(&self) -> Option<&CategoryMatch> {
        pick_category(&self.categories, &self.f)
    }
}

/// Reads tokenized text; also returns how many amounts it names (days and
/// hours left out), which decides whether it holds several items.
pub(super) fn understand_tokens(
    original: &str,
    folded: &str,
    tokens: &[Token],
    today: NaiveDate,
    forced: Option<Intent>,
    hint: &dyn Fn() -> Hint,
) -> (Understanding, usize) {
    let said = Said::read(original, folded, tokens, today);
    let scores = score_intents(
        &said.f,
        said.amount.as_ref(),
        &said.categories,
        said.date.is_some(),
        said.month.is_some(),
    );
    let (intent, confidence, alternatives) = match forced {
        Some(intent) => (intent, 1.0, Vec::new()),
        None => weigh(
            decide(&scores),
            hint,
            original.contains('?') || said.f.is_question(),
            said.amount.is_some(),
            said.split.is_some(),
        ),
    };
    let mut u = Understanding {
        pays_bill: said.f.has(lexicon::cues().said.bill_payment_verbs),
        ..Understanding::bare(intent, confidence, alternatives)
    };
    u.negative_amount = said
        .amount
        .as_ref()
        .is_some_and(|m| m.negative && m.foreign.is_none());
    match intent {
        Intent::LogTransaction | Intent::SimulatePurchase | Intent::UpdateLastTransaction => {
            fill_movement(&mut u, &said, intent, &|| hint().income);
        }
        Intent::QueryData => fill_query(&mut u, &said),
        Intent::SetBudget => fill_budget(&mut u, &said),
        Intent::SetBankBalance => fill_balance(&mut u, &said),
        Intent::ManageDebt => fill_debt(&mut u, &said),
        Intent::DeleteLastTransaction | Intent::Unknown => {}
    }
    if matches!(
        intent,
        Intent::UpdateLastTransaction | Intent::DeleteLastTransaction
    ) {
        fill_target(&mut u, &said, intent);
    }
    // Money of its own only: a year or a count before its noun is no item.
    (u, said.amounts.iter().filter(|m| m.score > 0).count())
}

/// The rules' reading of the intent weighed with the learned model's: an
/// intent the model is sure of is the intent when the rules are not
/// certain of theirs (the rules' pick, when another, stays an
/// alternative), or read none (then a write only with an amount said: a
/// day alone is no movement). A question is never made a write, and a
/// bill shared (`shared`: "fueron 1000 entre 3") is a bill paid now,
/// never a change to a stored movement.
fn weigh(
    rules: (Intent, f32, Vec<(Intent, f32)>),
    hint: &dyn Fn() -> Hint,
    question: bool,
    money: bool,
    shared: bool,
) -> (Intent, f32, Vec<(Intent, f32)>) {
    let (intent, confidence, mut alternatives) = rules;
    // The model is read only when the rules are not certain.
    if confidence >= RULES_CERTAIN && intent != Intent::Unknown {
        return (intent, confidence, alternatives);
    }
    let overruled = hint()
        .intent
        .filter(|(sure, p)| {
            let unread = intent == Intent::Unknown && (money || !sure.writes());
            *p >= LEARNED_SURE
                && (unread || intent != Intent::Unknown && confidence < RULES_CERTAIN)
        })
        .filter(|(sure, _)| !question || !sure.writes())
        .filter(|(sure, _)| {
            !shared
                || !matches!(
                    sure,
                    Intent::UpdateLastTransaction | Intent::DeleteLastTransaction
                )
        });
    match overruled {
        Some((sure, p)) if sure == intent => (intent, confidence.max(p), alternatives),
        Some((sure, p)) => {
            alternatives.retain(|(i, _)| *i != sure);
            if intent != Intent::Unknown {
                alternatives.insert(0, (intent, confidence.min(1.0 - p)));
            }
            (sure, p, alternatives)
        }
        None => (intent, confidence, alternatives),
    }
}

/// A movement to log, simulate or change.
fn fill_movement(
    u: &mut Understanding,
    said: &Said,
    intent: Intent,
    income: &dyn Fn() -> Option<bool>,
) {
    let Said {
        original,
        tokens,
        f,
        amounts,
        categories,
        ..
    } = said;
    let chosen_category = said.chosen_category();
    u.amount = said.pesos();
    if intent == Intent::UpdateLastTransaction {
        // "no eran 80, eran 90": the last amount is the correction.
        u.amount = amounts
            .iter()
            .rev()
            .find(|m| m.foreign.is_none() && !m.negative)
            .map(|m| m.centavos)
            .or(u.amount);
    }
    u.foreign_currency = said.amount.as_ref().and_then(|m| m.foreign);
    u.category = chosen_category.map(|m| m.category);
    u.description = chosen_category.and_then(|m| describe(original, tokens, m));
    // "me cobraron 50 de comisión", "gasté 1,500 en la nómina": money
    // said to go out never takes a category of money received
    // ("comisión", "nómina"); it is asked.
    let out = f.has(lexicon::cues().days.charged_phrases)
        || f.has(lexicon::cues().said.spent_not_received) && !is_income(f);
    if out
        && u.category
            .is_some_and(|c| c.category_type == CategoryType::Income)
    {
        u.category = None;
    }
    // "compré 500 de pollo para los tamales del sábado": a day said in
    // what the money is for, after it, is that thing's day, not the day
    // the money moved.
    let for_purpose = |d: &super::date::DateMatch| {
        let from = said.amount.as_ref().map_or(0, |m| m.end);
        intent == Intent::LogTransaction
            && from <= d.start
            && tokens[from..d.start]
                .iter()
                .any(|t| t.is_in(lexicon::cues().said.purpose_prepositions))
    };
    let purpose_day = said.date.as_ref().is_some_and(for_purpose);
    u.date = said.date.as_ref().filter(|_| !purpose_day).map(|d| d.date);
    if intent == Intent::LogTransaction && u.date.is_none() && !purpose_day {
        u.period = days_gone_by(said);
    }
    // A word that says the kind decides it, then the category named;
    // without either, the learned model's reading when it is sure, else
    // an expense.
    let said_income = is_income(f);
    let said_expense = f.has(lexicon::cues().said.expense_verbs);
    let income = intent == Intent::LogTransaction
        && if said_income || said_expense || u.category.is_some() {
            said_income
        } else {
            income().unwrap_or(false)
        };
    u.kind_said = said_income || said_expense;
    if income
        && u.category
            .is_none_or(|c| c.category_type != CategoryType::Income)
    {
        // Money received: an expense keyword names what it was for ("me
        // reembolsaron lo de amazon"), not the category.
        let income_category = categories
            .iter()
            .find(|m| m.category.category_type == CategoryType::Income)
            .map(|m| m.category);
        u.category = income_category.or_else(|| default_income_category(f));
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
        u.split_ways = said.split.as_ref().map(|s| s.ways);
    }
    if intent == Intent::LogTransaction && u.kind == Some(TransactionType::Expense) {
        u.debt_paid = debts::paid_to(f, amounts).map(|span| original_span(original, tokens, span));
        if u.debt_paid.is_some() && u.category.is_none() {
            u.category = category::by_key("prestamo");
        }
    }
}

/// "gasté 300 el mes pasado": a span of days gone by names no day, and
/// today is not in it; days all gone by, or all to come ("la semana que
/// viene"): the day is asked, never taken to be today.
fn days_gone_by(said: &Said) -> Option<period::Period> {
    let today = said.today;
    let month = said.month.as_ref();
    let month_days = month.and_then(date::MonthMatch::days);
    let period = period::find_period_match(said.tokens, today)
        .filter(|p| !of_the_rest(said.tokens, p.start))
        .map(|p| p.period);
    match (period, month_days) {
        // "en octubre del año pasado": that year's October.
        (Some(p), Some(m)) if p.to - p.from > m.to - m.from => month.and_then(|m| {
            date::MonthMatch {
                year: chrono::Datelike::year(&p.from),
                ..m.clone()
            }
            .days()
        }),
        (p, m) => p.or(m),
    }
    .filter(|p| p.to < today || p.from > today)
}

/// A question about the user's money.
fn fill_query(u: &mut Understanding, said: &Said) {
    u.query = Some(query_kind(&said.f));
    let period = period::find_period_match(said.tokens, said.today);
    u.period = period.map(|p| p.period);
    // A period finer than a month is what is asked ("del 10 al 20 de este
    // mes"), not the month it falls in.
    u.month = said
        .month
        .clone()
        .filter(|_| u.period.is_none())
        .map(|m| m.iso());
    // Words of the period are not a category ("la primera quincena").
    let in_period = |m: &CategoryMatch| period.is_some_and(|p| m.start < p.end && p.start < m.end);
    if matches!(
        u.query,
        Some(QueryKind::Summary | QueryKind::Transactions | QueryKind::Budget)
    ) {
        let outside: Vec<CategoryMatch> = said
            .categories
            .iter()
            .filter(|m| !in_period(m))
            .cloned()
            .collect();
        let chosen = pick_category(&outside, &said.f).filter(|m| !m.fuzzy);
        u.category = chosen.map(|m| m.category);
        // "¿cuánto en uber?": the merchant or thing named, not only its
        // category.
        if u.query == Some(QueryKind::Summary) {
            u.description = chosen.and_then(|m| describe(said.original, said.tokens, m));
        }
    }
}

/// A budget to set or remove.
fn fill_budget(u: &mut Understanding, said: &Said) {
    // "presupuesto de 2,000 para comida": that category's budget.
    let chosen = budget_category(said.tokens, &said.categories)
        .or(said.chosen_category().filter(|m| !m.fuzzy));
    u.category = chosen.map(|m| m.category);
    // "presupuesto para gasolina": the word, when not the category's.
    u.description = chosen.and_then(|m| describe(said.original, said.tokens, m));
    u.budget_remove = budget_removal(&said.f);
    // "500 a la semana": budgets are monthly, so an amount said per
    // another span is never taken as the month's cap; the cap is asked.
    let other_span = said.f.has(lexicon::cues().said.budget_other_spans);
    u.amount = said.pesos().filter(|_| !u.budget_remove && !other_span);
    u.foreign_currency = said.amount.as_ref().and_then(|m| m.foreign);
    // A budget is set for now or later: "diciembre" said in November is
    // the coming December.
    u.month = said.month.clone().map(|m| {
        if m.explicit_year {
            m.iso()
        } else {
            date::MonthMatch {
                year: upcoming_year(m.month, said.today),
                ..m
            }
            .iso()
        }
    });
}

/// The bank balance.
fn fill_balance(u: &mut Understanding, said: &Said) {
    let amount = said.amount.as_ref();
    // An overdrawn account: "-1,200" is a balance below zero.
    u.amount = amount
        .filter(|m| m.foreign.is_none())
        .map(|m| if m.negative { -m.centavos } else { m.centavos });
    u.negative_amount = false;
    u.foreign_currency = amount.and_then(|m| m.foreign);
    if amount.is_none() && said.f.has(lexicon::cues().said.zero_words) {
        u.amount = Some(0);
    }
}

/// A debt to add or pay.
fn fill_debt(u: &mut Understanding, said: &Said) {
    let tokens = said.tokens;
    let due = said.due_day.map(|(d, _, _)| d).or_else(|| {
        // "se paga el 17": in a debt, a bare day is the due day.
        let d = said.date.as_ref()?;
        let day_token = tokens[d.start..d.end]
            .iter()
            .find(|t| t.kind == TokenKind::Number)?;
        (d.end - d.start <= 3 && day_token.text.len() <= 2)
            .then(|| day_token.text.parse().ok())
            .flatten()
    });
    debt_entities(u, &said.f, &said.amounts, due);
    u.debt_name =
        debt_name(&said.f, &said.amounts).map(|span| original_span(said.original, tokens, span));
}

/// Which stored movement a change or a delete means, and for a change the
/// new values said after the words that name it.
fn fill_target(u: &mut Understanding, said: &Said, intent: Intent) {
    let tokens = said.tokens;
    let split = (intent == Intent::UpdateLastTransaction)
        .then(|| reference::value_start(tokens))
        .flatten();
    let end = split.unwrap_or(tokens.len());
    let mut target = reference::read(
        tokens,
        end,
        &said.amounts,
        &said.taken_back,
        &said.categories,
        said.date.as_ref(),
    );
    if let Some(split) = split {
        // The new values are the ones after "fue"/"era"/"ponlo en"; what
        // comes before only says which movement.
        let no_word = |k: usize| tokens[k].is_in(lexicon::cues().said.no_words);
        let no = |k: usize| k > 0 && no_word(k - 1);
        u.amount = said
            .amounts
            .iter()
            .rev()
            .find(|m| m.start >= split && m.foreign.is_none() && !m.negative)
            .map(|m| m.centavos);
        // The word that marks the split is never the value ("ponlo" is not
        // a typo of "pollo").
        let values: Vec<&CategoryMatch> = said
            .categories
            .iter()
            .filter(|m| m.start > split && !no(m.start))
            .collect();
        u.category = values
            .iter()
            .find(|m| !m.fuzzy)
            .or(values.first())
            .map(|m| m.category);
        u.description = None;
        // "el seguro no lo pagué hoy, fue el jueves": the day said first
        // names the row, the one after the split is its new day.
        // A day denied ("no fue hoy, fue el 19") is the old one.
        let mut at = split;
        u.date = None;
        while let Some(d) = tokens
            .get(at..)
            .and_then(|rest| find_date(rest, said.today))
        {
            let start = at + d.start;
            let denied = (start.saturating_sub(2)..start).any(no_word);
            if !denied {
                u.date = Some(d.date);
                break;
            }
            if target.date_iso.is_none() {
                target.date_iso = Some(crate::time::iso_date(d.date));
            }
            at += d.end.max(1);
        }
        u.kind = u.category.map(|c| c.category_type.transaction_kind());
    }
    if target == RowReference::default() {
        // "no, eran 300", "bórralo": the last movement.
        target.position = Some(1);
    }
    u.target = Some(target);
}

/// Whether the day at `start` is said of what is still owed, not of the
/// money given ("me dio 100, lo demás el viernes"): a word for the rest
/// right before it.
fn of_the_rest(tokens: &[Token], start: usize) -> bool {
    let rest = &lexicon::cues().amounts.remainder_phrases;
    (start.saturating_sub(4)..start)
        .any(|k| rest.cue_at(tokens, k).is_some_and(|len| k + len <= start))
}
