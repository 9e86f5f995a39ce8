//! Turning what was understood into drafts, and patching drafts with
//! answers. Shared by parse, clarify and validate.

use chrono::{Datelike, NaiveDate};

use super::state::{AgentState, DaySpan, Field, ParamsDraft, TransactionDraft};
use crate::nlu::amount::{AmountMatch, best_amount, find_amounts};
use crate::nlu::answers;
use crate::nlu::category::{CategoryMatch, find_categories};
use crate::nlu::date::{DateMatch, find_date};
use crate::nlu::normalize::{Token, fold};
use crate::nlu::{Intent, Reading, Understanding, understand_as};
use crate::time::{iso_date, parse_iso_date};
use crate::tools::{AddTransactionInput, AddTransactionsInput, CategoryType, TransactionType};

/// Stores the drafts for `u` in the state. Returns the foreign currency
/// code when the amount was not in pesos.
pub fn start_drafts(state: &mut AgentState, u: &Understanding) -> Option<&'static str> {
    state.extracted_intent = u.intent;
    state.draft_intent = Some(u.intent);
    state.pending_target = u.target.clone();
    match u.intent {
        Intent::LogTransaction | Intent::SimulatePurchase | Intent::UpdateLastTransaction => {
            state.pending_transaction = Some(TransactionDraft {
                kind: u.kind,
                amount_mxn_cents: u.amount,
                category_type: u.category.map(|c| c.category_type),
                category: u.category.map(|c| c.key.to_string()),
                description: u.description.clone(),
                date_iso: u.date.map(iso_date),
                date_confirmed: false,
                debt_paid: (u.intent == Intent::LogTransaction)
                    .then(|| u.debt_paid.clone())
                    .flatten(),
                split_ways: u.split_ways,
                date_within: u
                    .period
                    .filter(|_| u.intent == Intent::LogTransaction && u.date.is_none())
                    .map(|p| DaySpan {
                        from: iso_date(p.from),
                        to: iso_date(p.to),
                    }),
                kind_said: u.kind_said,
            });
            if u.intent == Intent::SimulatePurchase
                && let Some(draft) = &mut state.pending_transaction
            {
                draft.kind = Some(TransactionType::Expense);
                // A purchase is a purchase: "un celular de 5 mil" is bought
                // from the variable budget, not paid as the phone bill.
                if draft.category_type == Some(CategoryType::Fixed) && !u.pays_bill {
                    draft.category_type = Some(CategoryType::Variable);
                }
            }
        }
        Intent::SetBudget => {
            state.pending_params = Some(ParamsDraft {
                budget_cap_mxn_cents: u.amount,
                budget_month: u.month.clone(),
                budget_category: u.category.map(|c| c.key.to_string()),
                budget_remove: u.budget_remove,
                budget_word: u.category.and(u.description.clone()),
                ..ParamsDraft::default()
            });
        }
        Intent::ManageDebt => {
            state.pending_params = Some(ParamsDraft {
                debt_name: u.debt_name.clone(),
                debt_balance_mxn_cents: u.debt_balance,
                debt_minimum_mxn_cents: u.debt_minimum,
                debt_due_day: u.debt_due_day,
                ..ParamsDraft::default()
            });
        }
        Intent::SetBankBalance => {
            state.pending_params = Some(ParamsDraft {
                bank_balance_mxn_cents: u.amount,
                ..ParamsDraft::default()
            });
        }
        Intent::QueryData | Intent::DeleteLastTransaction | Intent::Unknown => {}
    }
    u.foreign_currency.map(|f| f.code())
}

/// Whether a category is said as what the money was for ("para el
/// negocio", "pal negocio"): after a purpose preposition and an article.
fn for_purpose(
    tokens: &[crate::nlu::normalize::Token],
    m: &crate::nlu::category::CategoryMatch,
) -> bool {
    let c = crate::nlu::lexicon::cues();
    let before = m.start.checked_sub(1).and_then(|k| tokens.get(k));
    let preposition = match before {
        Some(t) if t.is_in(c.debts.articles) => m.start.checked_sub(2).and_then(|k| tokens.get(k)),
        other => other,
    };
    preposition.is_some_and(|t| t.is_in(c.said.purpose_prepositions))
}

/// What an answer contained.
#[derive(Debug, Default)]
pub struct Patch {
    pub applied: Vec<Field>,
    pub foreign: Option<&'static str>,
    /// A day was said that the span asked about holds not once.
    pub day_outside: bool,
    /// A budget's cap said per another span than a month ("2,500 por
    /// semana"): not taken.
    pub budget_span: bool,
    /// An amount said to be in cash where the bank balance is asked: not
    /// taken ("tengo 3000 en efectivo").
    pub cash: Option<i64>,
}

/// Applies an answer to the open drafts. Everything the answer contains
/// that fits the draft is applied, not only what was asked.
/// "compré 2 costales de masa" then "insumos del negocio": a category
/// answer never turns the way the request said the money went, nor does
/// one that names what a trade buys ("negocio insumos"), unless it names
/// the other way itself.
fn keeps_kind(draft: &TransactionDraft, reading: &Reading) -> bool {
    let buys = draft.kind == Some(TransactionType::Expense)
        && reading
            .cues()
            .has(crate::nlu::lexicon::cues().said.supplies_words);
    (draft.kind_said || buys) && answers::kind_named(reading, draft.kind).is_none()
}

pub fn apply_answer(state: &mut AgentState, reading: &Reading, asked: Option<Field>) -> Patch {
    let mut patch = Patch::default();
    let tokens = reading.tokens();
    let today = reading.today();
    let mut used = vec![false; tokens.len()];
    let intent = state.draft_intent.unwrap_or(Intent::Unknown);

    // Dates first so "el 15" is not read as 15 pesos.
    let date = if matches!(intent, Intent::ManageDebt) {
        None
    } else {
        find_date(tokens, today)
    };
    crate::nlu::moments::mark_not_money(tokens, date.as_ref(), &mut used);
    // "no fueron 300, fueron 350": what the answer takes back is not the
    // amount, as in a request (`nlu::amount::take_back`).
    let mut amounts = find_amounts(tokens, &used);
    crate::nlu::amount::take_back(tokens, &mut amounts);
    let amount = best_amount(&amounts).cloned();
    if let Some(a) = &amount {
        used[a.start..a.end.min(tokens.len())]
            .iter_mut()
            .for_each(|u| *u = true);
    }
    let mut categories = crate::nlu::category::said_categories(tokens, &used, reading.negated());
    crate::nlu::category::take_back(tokens, &mut categories);

    let said = Said {
        reading,
        asked,
        amount: amount.as_ref(),
        date: date.as_ref(),
        categories: &categories,
    };
    match intent {
        Intent::LogTransaction | Intent::SimulatePurchase | Intent::UpdateLastTransaction => {
            patch_transaction(state, &said, intent, &mut patch);
        }
        Intent::SetBudget => patch_budget(state, &said, &mut patch),
        Intent::SetBankBalance => patch_balance(state, &said, &mut patch),
        Intent::ManageDebt => patch_debt(state, &said, &mut patch),
        Intent::QueryData | Intent::DeleteLastTransaction | Intent::Unknown => {}
    }
    patch
}

/// What an answer said, read once for every draft it may patch.
#[derive(Clone, Copy)]
struct Said<'a> {
    reading: &'a Reading,
    asked: Option<Field>,
    amount: Option<&'a AmountMatch>,
    date: Option<&'a DateMatch>,
    categories: &'a [CategoryMatch],
}

/// A movement's draft (to log, simulate or change): amount, a shared
/// bill, category and its type, day.
fn patch_transaction(state: &mut AgentState, said: &Said, intent: Intent, patch: &mut Patch) {
    let Said {
        reading,
        asked,
        amount,
        date,
        categories,
    } = *said;
    let (message, folded, tokens) = (reading.text(), reading.folded(), reading.tokens());
    let draft = state
        .pending_transaction
        .get_or_insert_with(TransactionDraft::default);
    if let Some(a) = amount {
        if let Some(foreign) = a.foreign {
            patch.foreign = Some(foreign.code());
        } else if a.centavos > 0 {
            draft.amount_mxn_cents = Some(a.centavos);
            patch.applied.push(Field::Amount);
        }
    }
    // "no, fueron 1,240 entre 4": the bill is shared; its part is
    // asked before the confirmation again.
    if intent == Intent::LogTransaction
        && let Some(split) = crate::nlu::split::find_split(tokens)
    {
        draft.split_ways = Some(split.ways);
        patch.applied.push(Field::SplitShare);
    }
    // Answer first: a category word in the answer to another
    // question ("como 830 con la comisión" to "¿cuánto fue en
    // pesos?") keeps the draft's category unless it is a correction
    // ("no, en ropa").
    let other_question = matches!(
        asked,
        Some(Field::Amount | Field::ForeignAmount | Field::Date | Field::FutureDate)
    );
    // Nor does it turn an expense into an income ("envié 100
    // dólares" then "como 830 con la comisión").
    let keeps_category = other_question && !answers::starts_correction(folded);
    let keeps_kind = keeps_kind(draft, reading);
    let flips_kind = |m: &crate::nlu::category::CategoryMatch| {
        let income = m.category.category_type == CategoryType::Income;
        draft
            .kind
            .is_some_and(|k| (k == TransactionType::Income) != income)
    };
    // "es para el negocio": what the money was for, never where it came
    // from; it turns no expense into income.
    let for_purpose = |m: &crate::nlu::category::CategoryMatch| for_purpose(tokens, m);
    // A one-typo match only counts when the category was asked for.
    if let Some(m) = categories
        .iter()
        .filter(|m| !(keeps_category && (draft.category.is_some() || flips_kind(m))))
        .filter(|m| !(keeps_kind && flips_kind(m)))
        .filter(|m| !(for_purpose(m) && flips_kind(m)))
        .find(|m| !m.fuzzy || asked == Some(Field::Category))
    {
        draft.category = Some(m.category.key.to_string());
        draft.category_type = Some(m.category.category_type);
        if m.category.category_type == CategoryType::Income {
            draft.kind = Some(TransactionType::Income);
        } else if draft.kind == Some(TransactionType::Income) || draft.kind.is_none() {
            draft.kind = Some(TransactionType::Expense);
        }
        // The user's words for what it was ("uber", "walmart") stay
        // unless the answer names it anew: a category change keeps them.
        if let Some(description) = crate::nlu::describe(message, tokens, m) {
            draft.description = Some(description);
        }
        patch.applied.push(Field::Category);
    } else if (asked == Some(Field::Category) || answers::moves_to_category(tokens))
        && amount.is_none()
        && date.is_none()
    {
        // A category Caja does not know, answered or moved to at the
        // prompt ("mejor ponlo en herramientas"): keep the user's word
        // and ask its type.
        let word = answers::custom_category(tokens);
        if let Some(word) = word {
            draft.category = Some(word);
            draft.category_type = None;
            patch.applied.push(Field::Category);
        }
    }
    if (asked == Some(Field::CategoryType)
        || draft.category.is_some() && draft.category_type.is_none())
        && let Some(kind) = answers::category_type_named(folded)
    {
        draft.category_type = Some(kind);
        draft.kind = Some(kind.transaction_kind());
        patch.applied.push(Field::CategoryType);
    }
    if intent == Intent::LogTransaction {
        change_kind(draft, reading, patch);
    }
    // "el último era ingreso, no gasto": a stored movement's kind, when no
    // category says it.
    if intent == Intent::UpdateLastTransaction
        && !patch.applied.contains(&Field::Category)
        && let Some(kind) = answers::kind_for_stored(reading)
    {
        draft.kind = Some(kind);
        patch.applied.push(Field::CategoryType);
    }
    if let Some(d) = date {
        let day = match &draft.date_within {
            Some(span) if asked == Some(Field::Date) => within(span, d, tokens),
            _ => Some(d.date),
        };
        match day {
            Some(day) => {
                draft.date_iso = Some(iso_date(day));
                patch.applied.push(Field::Date);
            }
            None => patch.day_outside = true,
        }
    }
}

/// "no, es ingreso", "es un gasto": the kind named becomes the movement's;
/// a category of the other kind gives way (an income keeps what that
/// category said as its description; an expense asks for its category).
fn change_kind(draft: &mut TransactionDraft, reading: &Reading, patch: &mut Patch) {
    let Some(kind) = answers::kind_named(reading, draft.kind).filter(|k| draft.kind != Some(*k))
    else {
        return;
    };
    draft.kind = Some(kind);
    patch.applied.push(Field::CategoryType);
    let income = kind == TransactionType::Income;
    if draft
        .category_type
        .is_some_and(|t| (t == CategoryType::Income) == income)
    {
        return;
    }
    let before = draft.category.take();
    draft.category_type = None;
    if income && let Some(other) = crate::nlu::category::by_key("otros_ingresos") {
        if draft.description.is_none() {
            draft.description = before.map(|key| super::text::category_label(&key));
        }
        draft.category = Some(other.key.to_string());
        draft.category_type = Some(other.category_type);
    }
}

/// A budget's cap.
fn patch_budget(state: &mut AgentState, said: &Said, patch: &mut Patch) {
    // "2,500 por semana": budgets are monthly, so it is not the cap.
    if said
        .reading
        .cues()
        .has(crate::nlu::lexicon::cues().said.budget_other_spans)
    {
        patch.budget_span = true;
        return;
    }
    let params = state
        .pending_params
        .get_or_insert_with(ParamsDraft::default);
    put_pesos(
        &mut params.budget_cap_mxn_cents,
        said,
        Field::BudgetCap,
        patch,
    );
}

/// The bank balance ("cero" is one).
fn patch_balance(state: &mut AgentState, said: &Said, patch: &mut Patch) {
    let params = state
        .pending_params
        .get_or_insert_with(ParamsDraft::default);
    let field = &mut params.bank_balance_mxn_cents;
    match crate::nlu::cash_said(said.reading) {
        crate::nlu::Cash::Only => {
            patch.cash = said.amount.map(|a| a.centavos);
            return;
        }
        crate::nlu::Cash::BesideBank(amount) => {
            put(field, Some(amount), Field::BankBalance, patch);
            return;
        }
        crate::nlu::Cash::Unsaid => {}
    }
    if !put_pesos(field, said, Field::BankBalance, patch)
        && answers::says_zero(said.reading.folded())
    {
        put(field, Some(0), Field::BankBalance, patch);
    }
}

/// The amount said, in pesos, into a draft's field; money in another
/// currency is noted for its question instead. Whether an amount was said.
fn put_pesos(field: &mut Option<i64>, said: &Said, applied: Field, patch: &mut Patch) -> bool {
    let Some(a) = said.amount else {
        return false;
    };
    match a.foreign {
        Some(foreign) => patch.foreign = Some(foreign.code()),
        None => put(field, Some(a.centavos), applied, patch),
    }
    true
}

/// A debt: its name (a bare answer when the name was asked), balance,
/// minimum and day.
fn patch_debt(state: &mut AgentState, said: &Said, patch: &mut Patch) {
    let (reading, asked, message) = (said.reading, said.asked, said.reading.text());
    let as_debt = reading.understanding_as(Intent::ManageDebt);
    let params = state
        .pending_params
        .get_or_insert_with(ParamsDraft::default);
    // A yes or a no is never a name ("si" to «¿Cómo se llama la deuda?»).
    if asked == Some(Field::DebtName)
        && as_debt.debt_name.is_none()
        && reading.decision() == answers::Decision::Other
    {
        let name = message
            .trim()
            .trim_matches(|c: char| c.is_ascii_punctuation())
            .trim();
        // "gracias mija" thanks; it names nothing.
        let courtesy = crate::nlu::lexicon::cues().answers.confirm_tail;
        let only_courtesy = reading
            .tokens()
            .iter()
            .all(|t| courtesy.words().contains(&t.text.as_str()));
        if !name.is_empty() && name.chars().count() <= 60 && !only_courtesy {
            params.debt_name = Some(name.to_lowercase());
            patch.applied.push(Field::DebtName);
        }
    }
    // "no es Beto, es Pedro": the name denied is the one kept, the other
    // replaces it.
    let swapped = reading.instead().and_then(|(denied, said)| {
        let kept = params.debt_name.as_deref()?;
        (fold(denied) == fold(kept) && said.chars().count() <= 60).then(|| said.to_lowercase())
    });
    put(
        &mut params.debt_name,
        swapped.or(as_debt.debt_name),
        Field::DebtName,
        patch,
    );
    let change = Field::DebtChange;
    put(
        &mut params.debt_balance_mxn_cents,
        as_debt.debt_balance,
        change,
        patch,
    );
    put(
        &mut params.debt_minimum_mxn_cents,
        as_debt.debt_minimum,
        change,
        patch,
    );
    put(
        &mut params.debt_due_day,
        as_debt.debt_due_day,
        change,
        patch,
    );
}

/// A value the answer gives a draft's field, and the field named applied.
fn put<T>(field: &mut Option<T>, value: Option<T>, applied: Field, patch: &mut Patch) {
    if let Some(value) = value {
        *field = Some(value);
        patch.applied.push(applied);
    }
}

/// Whether `reading` is a piece of an open draft (a finance draft or its
/// parameters): it would change the draft if taken as an answer (tried on
/// a copy), and it is made of words Caja reads, at most one aside
/// ("en realidad fue en el oxxo"); "<script>alert(1)</script>" is not.
pub fn would_patch(state: &AgentState, reading: &Reading) -> bool {
    if state.pending_transaction.is_none() && state.pending_params.is_none() {
        return false;
    }
    // A correction's own words ("a Memo, no a Luis") are no strays.
    (stray_words(reading.tokens()) <= 1 || reading.instead().is_some())
        && !apply_answer(&mut state.clone(), reading, None)
            .applied
            .is_empty()
}

/// The words of `tokens` that neither the lexicon nor a category knows.
fn stray_words(tokens: &[Token]) -> usize {
    use crate::nlu::normalize::TokenKind;
    let mut known = vec![false; tokens.len()];
    for m in find_categories(tokens, &vec![false; tokens.len()]) {
        known[m.start..m.end.min(tokens.len())]
            .iter_mut()
            .for_each(|k| *k = true);
    }
    tokens
        .iter()
        .zip(known)
        .filter(|(t, known)| {
            t.kind == TokenKind::Word && !known && crate::nlu::lexicon::word_cues(&t.text).is_none()
        })
        .count()
}

/// Entities for the audit record.
pub fn entities(u: &Understanding) -> super::Entities {
    super::Entities {
        kind: u.kind,
        amount_mxn_cents: u.amount,
        currency: u.foreign_currency.map(|f| f.code().to_string()),
        category: u.category.map(|c| c.key.to_string()),
        category_type: u.category.map(|c| c.category_type),
        description: u.description.clone(),
        date_iso: u.date.map(iso_date),
        month: u.month.clone(),
        query: u.query,
        debt_name: u.debt_name.clone(),
        debt_balance_mxn_cents: u.debt_balance,
        debt_minimum_mxn_cents: u.debt_minimum,
        debt_due_day: u.debt_due_day,
    }
}

/// The rows of a message with several items, when every item is complete
/// on its own (amount in pesos within the limits, a category with its
/// type, a day that has come); `None` sends the message down the
/// one-item path, which asks for what is missing. An item without a day
/// takes the day of the item before it ("ayer 100 en tacos y 50 en
/// refresco").
pub fn complete_items(items: &[String], today: NaiveDate) -> Option<AddTransactionsInput> {
    if items.len() < 2 || items.len() > crate::limits::MAX_ITEMS {
        return None;
    }
    let mut rows: Vec<AddTransactionInput> = Vec::with_capacity(items.len());
    for item in items {
        let last_date = rows.last().and_then(|r| parse_iso_date(&r.date_iso));
        let row = match rows.last() {
            Some(last) => super::rows::next_row(item, today, last, last_date, false)?,
            None => complete_item(item, today, last_date)?,
        };
        rows.push(row);
    }
    Some(AddTransactionsInput { transactions: rows })
}

/// One movement said on its own, when complete: an amount in pesos within
/// the limits, a category with its type, a day that has come (the day of
/// the movement before it, `last_date`, when it names none).
pub fn complete_item(
    item: &str,
    today: NaiveDate,
    last_date: Option<NaiveDate>,
) -> Option<AddTransactionInput> {
    let u = understand_as(item, today, Intent::LogTransaction);
    let amount = u.amount.filter(|&a| crate::limits::amount_ok(a))?;
    if u.foreign_currency.is_some() || u.negative_amount {
        return None;
    }
    let category = u.category?;
    let date = u.date.or(last_date).unwrap_or(today);
    if date > today {
        return None;
    }
    Some(AddTransactionInput {
        kind: u.kind.unwrap_or(category.category_type.transaction_kind()),
        amount_mxn_cents: amount,
        category_type: category.category_type,
        category: category.key.to_string(),
        description: u.description.clone(),
        date_iso: iso_date(date),
    })
}

/// The day an answer names within the span it was asked in: "el 15" to
/// "¿qué día de octubre?" is October 15, "el martes" to "¿qué día de la
/// semana pasada?" is that week's Tuesday. A day already in the span, a
/// full date or a word like "hoy" stays as said. `None` when the span
/// holds no such day or several ("el martes" of a month): asked again.
fn within(
    span: &DaySpan,
    said: &crate::nlu::date::DateMatch,
    tokens: &[Token],
) -> Option<NaiveDate> {
    use crate::nlu::normalize::TokenKind;
    let (Some(from), Some(to)) = (parse_iso_date(&span.from), parse_iso_date(&span.to)) else {
        return Some(said.date);
    };
    let words = &tokens[said.start..said.end.min(tokens.len())];
    let full_date = words.iter().any(|t| {
        t.month().is_some() || t.kind == TokenKind::Number && t.text.contains(['/', '-', '.'])
    });
    if (from..=to).contains(&said.date) || full_date {
        return Some(said.date);
    }
    let day_number = words.iter().any(|t| t.kind == TokenKind::Number);
    let weekday = words.iter().find_map(Token::weekday);
    if !day_number && weekday.is_none() {
        return Some(said.date);
    }
    let mut days = from.iter_days().take_while(|d| *d <= to).filter(|d| {
        if day_number {
            d.day() == said.date.day()
        } else {
            Some(d.weekday()) == weekday
        }
    });
    match (days.next(), days.next()) {
        (Some(day), None) => Some(day),
        _ => None,
    }
}
