//! The pure rules every tool host applies: what a valid write is, which
//! row a correction may touch, how a debt update merges, and how month
//! totals, budget status and the purchase simulation are computed from
//! stored rows. The in-memory tools and the D1 tools only fetch and store
//! rows; they decide nothing here themselves, so the hosts cannot drift.

use chrono::Datelike;

use super::*;
use crate::limits::{
    self, MAX_CATEGORY_CHARS, MAX_DEBT_NAME_CHARS, MAX_DESCRIPTION_CHARS, amount_ok,
    bank_balance_ok, debt_amount_ok,
};
use crate::time::parse_iso_date;

/// Why a write was refused (a `codes::INVALID` tool error's message).
pub type Refusal = &'static str;

/// Checks a write request against the limits before anything is stored.
pub fn check_write(request: &ToolRequest) -> Result<(), Refusal> {
    match request {
        ToolRequest::AddTransaction(i) => {
            check_transaction(i.amount_mxn_cents, &i.category, &i.description, &i.date_iso)
        }
        ToolRequest::UpdateLastTransaction(i) => {
            check_transaction(i.amount_mxn_cents, &i.category, &i.description, &i.date_iso)
        }
        ToolRequest::AddTransactions(i) => {
            if i.transactions.is_empty() || i.transactions.len() > limits::MAX_ITEMS {
                return Err("too many or no items");
            }
            i.transactions.iter().try_for_each(|t| {
                check_transaction(t.amount_mxn_cents, &t.category, &t.description, &t.date_iso)
            })
        }
        ToolRequest::DeleteLastTransaction(_) => Ok(()),
        ToolRequest::PayDebt(i) => {
            check_debt_name(&i.debt_name)?;
            if !debt_amount_ok(i.balance_before_mxn_cents) {
                return Err("debt amount out of range");
            }
            let p = &i.payment;
            check_transaction(p.amount_mxn_cents, &p.category, &p.description, &p.date_iso)
        }
        ToolRequest::AddOrUpdateDebt(i) => {
            check_debt_name(&i.name)?;
            let amounts = [i.balance_mxn_cents, i.minimum_payment_mxn_cents];
            if amounts.iter().flatten().any(|&a| !debt_amount_ok(a)) {
                return Err("debt amount out of range");
            }
            if i.due_day.is_some_and(|day| !(1..=31).contains(&day)) {
                return Err("due day out of range");
            }
            Ok(())
        }
        ToolRequest::SetBudgetCap(i) => {
            let removes = i.category.is_some() && i.variable_cap_mxn_cents == 0;
            if !amount_ok(i.variable_cap_mxn_cents) && !removes {
                return Err("cap out of range");
            }
            if i.category.as_ref().is_some_and(|c| {
                c.is_empty() || c.chars().count() > crate::limits::MAX_CATEGORY_CHARS
            }) {
                return Err("bad category");
            }
            month_bounds(&i.month)
                .map(|_| ())
                .ok_or("month must be YYYY-MM")
        }
        ToolRequest::SetBankBalance(i) => {
            if bank_balance_ok(i.balance_mxn_cents) {
                Ok(())
            } else {
                Err("balance out of range")
            }
        }
        _ => Ok(()),
    }
}

fn check_debt_name(name: &str) -> Result<(), Refusal> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > MAX_DEBT_NAME_CHARS {
        return Err("invalid debt name");
    }
    Ok(())
}

fn check_transaction(
    amount: Centavos,
    category: &str,
    description: &Option<String>,
    date_iso: &str,
) -> Result<(), Refusal> {
    if !amount_ok(amount) {
        return Err("amount out of range");
    }
    let category_chars = category.chars().count();
    if category_chars == 0 || category_chars > MAX_CATEGORY_CHARS {
        return Err("invalid category");
    }
    if description
        .as_ref()
        .is_some_and(|d| d.chars().count() > MAX_DESCRIPTION_CHARS)
    {
        return Err("description too long");
    }
    if parse_iso_date(date_iso).is_none() {
        return Err("date must be YYYY-MM-DD");
    }
    Ok(())
}

/// Whether a correction or delete of `(transaction_id, version)` may touch
/// `row`, that live row as stored now. The prompt showed it; if it changed
/// or went since (another thread, another device), nothing is written.
pub fn check_row(
    row: Option<&TransactionRow>,
    version: u32,
) -> Result<(), (&'static str, Refusal)> {
    match row {
        None => Err((codes::NOT_FOUND, "no such transaction")),
        Some(row) if row.version != version => Err((codes::CONFLICT, "row changed")),
        Some(_) => Ok(()),
    }
}

/// How many of the newest rows a correction or delete looks among.
pub const ROW_SEARCH_LIMIT: u32 = 100;

/// The rows a [`RowReference`] may mean.
#[derive(Debug, PartialEq, Eq)]
pub enum RowMatch<'a> {
    One(&'a TransactionRow),
    /// Several fit as well: the newest (at most [`MAX_ROW_CHOICES`]), and
    /// how many fit in all.
    Several(Vec<&'a TransactionRow>, usize),
    None,
}

/// The folded words of a row's description.
fn description_words(row: &TransactionRow) -> Vec<String> {
    row.description
        .as_deref()
        .map(|d| {
            crate::nlu::normalize::fold(d)
                .split_whitespace()
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// Whether a row's description names `what` (every word of it, a plural
/// or singular counting): "uber" in "Uber al aeropuerto".
pub fn describes(row: &TransactionRow, what: &str) -> bool {
    let described = description_words(row);
    let what = crate::nlu::normalize::fold(what);
    let mut words = what.split_whitespace().peekable();
    words.peek().is_some() && words.all(|w| described.iter().any(|d| d == w || stem_eq(d, w)))
}

/// Most rows offered to choose from.
pub const MAX_ROW_CHOICES: usize = 5;

/// The rows `target` means among `rows` (newest first). Each thing the
/// message said (a word of its description or category, an old amount,
/// its day) is a criterion; the rows that meet the most criteria are the
/// candidates, and a word that names its description outranks one that
/// only names its category. A position counts among the candidates ("el
/// penúltimo uber"), or among all rows when nothing else was said.
pub fn match_rows<'a>(rows: &'a [TransactionRow], target: &RowReference) -> RowMatch<'a> {
    // "el último gasto": the rows of the kind said, the newest first still.
    // "la venta de hoy": a day said is the row's day; another day's
    // row is no row of that day.
    let rows: Vec<&'a TransactionRow> = rows
        .iter()
        .filter(|r| target.kind.is_none_or(|kind| r.kind == kind))
        .filter(|r| target.date_iso.as_deref().is_none_or(|d| r.date_iso == d))
        .collect();
    let criteria = usize::from(!target.words.is_empty())
        + usize::from(!target.amounts.is_empty())
        + usize::from(target.date_iso.is_some());
    // The category each word names, read once (not once a row).
    let named: Vec<(&str, Option<&str>)> = target
        .words
        .iter()
        .map(|w| (w.as_str(), crate::nlu::category::key_of_word(w)))
        .collect();
    let word_score = |row: &TransactionRow| -> u32 {
        let described = description_words(row);
        named
            .iter()
            .map(|&(w, category)| {
                if described.iter().any(|d| d == w || stem_eq(d, w)) {
                    2
                } else if row.category == w || category == Some(row.category.as_str()) {
                    1
                } else {
                    0
                }
            })
            .max()
            .unwrap_or(0)
    };
    // Among rows that meet as many criteria, the one with the amount said
    // comes first: the money a person takes back ("lo de uber no fue
    // 1,240") names its row more surely than a word's category does.
    let scored: Vec<(usize, bool, u32, &TransactionRow)> = rows
        .iter()
        .map(|&row| {
            let words = word_score(row);
            let amount = target.amounts.contains(&row.amount_mxn_cents);
            let met = usize::from(words > 0)
                + usize::from(amount)
                + usize::from(target.date_iso.as_deref() == Some(row.date_iso.as_str()));
            (met, amount, words, row)
        })
        .collect();
    let best = scored.iter().map(|(m, a, w, _)| (*m, *a, *w)).max();
    let candidates: Vec<&TransactionRow> = match best {
        _ if criteria == 0 => rows.clone(),
        Some((met, amount, words)) if met > 0 => scored
            .iter()
            .filter(|(m, a, w, _)| (*m, *a, *w) == (met, amount, words))
            .map(|(.., r)| *r)
            .collect(),
        _ => Vec::new(),
    };
    match (target.position, candidates.as_slice()) {
        (_, []) => RowMatch::None,
        (Some(p), _) => candidates
            .get(usize::from(p.max(1)) - 1)
            .map_or(RowMatch::None, |r| RowMatch::One(r)),
        (None, [one]) => RowMatch::One(one),
        (None, several) => RowMatch::Several(
            several.iter().take(MAX_ROW_CHOICES).copied().collect(),
            several.len(),
        ),
    }
}

/// "tacos" and "taco", "uber" and "ubers": the same word but for a plural
/// ending.
fn stem_eq(a: &str, b: &str) -> bool {
    let stem = |w: &str| -> String {
        w.strip_suffix("es")
            .filter(|s| s.len() >= 3)
            .or_else(|| w.strip_suffix('s'))
            .unwrap_or(w)
            .to_string()
    };
    a.len() >= 3 && b.len() >= 3 && stem(a) == stem(b)
}

/// Most rows a list shown in the chat holds, "todos" asked: they fit one
/// Telegram message (4,096 characters).
pub const MAX_ROWS_SHOWN: u32 = 50;

/// Most rows `list_transactions` returns, whatever was asked.
pub const MAX_LIST_LIMIT: u32 = 200;

/// The number of rows a `list_transactions` call returns at most.
pub fn list_limit(asked: u32) -> u32 {
    asked.min(MAX_LIST_LIMIT)
}

/// The key debts are stored under: the trimmed name, lowercased.
pub fn debt_key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// A debt after `input` is applied to what was stored (`None` fields of
/// the input keep the stored values).
pub fn merge_debt(existing: Option<&DebtRow>, input: &DebtInput) -> DebtRow {
    DebtRow {
        name: existing
            .map(|e| e.name.clone())
            .unwrap_or_else(|| input.name.trim().to_string()),
        balance_mxn_cents: input
            .balance_mxn_cents
            .or(existing.and_then(|e| e.balance_mxn_cents)),
        minimum_payment_mxn_cents: input
            .minimum_payment_mxn_cents
            .or(existing.and_then(|e| e.minimum_payment_mxn_cents)),
        due_day: input.due_day.or(existing.and_then(|e| e.due_day)),
    }
}

/// The debt after `input` is paid, given the debt stored now: refused when
/// the debt is gone or its balance is not the one the prompt showed.
pub fn pay_debt(
    existing: Option<&DebtRow>,
    input: &PayDebtInput,
) -> Result<DebtRow, (&'static str, Refusal)> {
    let Some(debt) = existing else {
        return Err((codes::NOT_FOUND, "no such debt"));
    };
    if debt.balance_mxn_cents != Some(input.balance_before_mxn_cents) {
        return Err((codes::CONFLICT, "debt changed"));
    }
    Ok(DebtRow {
        balance_mxn_cents: Some(input.balance_after()),
        ..debt.clone()
    })
}

/// `YYYY-MM` → (`YYYY-MM-01`, first day of the next month), the half-open
/// range of a month's dates; `None` for anything else.
pub fn month_bounds(month: &str) -> Option<(String, String)> {
    let start = parse_iso_date(&format!("{month}-01"))?;
    if month.len() != 7 {
        return None;
    }
    let (y, m) = if start.month() == 12 {
        (start.year() + 1, 1)
    } else {
        (start.year(), start.month() + 1)
    };
    Some((format!("{month}-01"), format!("{y:04}-{m:02}-01")))
}

/// One group of a month's live transactions: same category, type and kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub category: String,
    pub category_type: CategoryType,
    pub kind: TransactionType,
    pub total_mxn_cents: Centavos,
    pub count: u32,
}

/// Groups rows the way [`month_summary`] needs them (what SQL's GROUP BY
/// gives the D1 host).
pub fn group_rows<'a>(rows: impl IntoIterator<Item = &'a TransactionRow>) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    for row in rows {
        match groups.iter_mut().find(|g| {
            g.category == row.category && g.category_type == row.category_type && g.kind == row.kind
        }) {
            Some(group) => {
                group.total_mxn_cents += row.amount_mxn_cents;
                group.count += 1;
            }
            None => groups.push(Group {
                category: row.category.clone(),
                category_type: row.category_type,
                kind: row.kind,
                total_mxn_cents: row.amount_mxn_cents,
                count: 1,
            }),
        }
    }
    groups
}

/// Totals and per-category lines of some groups: (expense, income,
/// count, lines by total, largest first).
fn summarize(groups: &[Group]) -> (Centavos, Centavos, u32, Vec<CategoryTotal>) {
    let (mut expense, mut income, mut count) = (0, 0, 0);
    let mut lines: Vec<CategoryTotal> = Vec::new();
    for group in groups {
        count += group.count;
        match group.kind {
            TransactionType::Income => income += group.total_mxn_cents,
            TransactionType::Expense => expense += group.total_mxn_cents,
        }
        match lines
            .iter_mut()
            .find(|c| c.category == group.category && c.category_type == group.category_type)
        {
            Some(line) => {
                line.total_mxn_cents += group.total_mxn_cents;
                line.count += group.count;
            }
            None => lines.push(CategoryTotal {
                category: group.category.clone(),
                category_type: group.category_type,
                total_mxn_cents: group.total_mxn_cents,
                count: group.count,
            }),
        }
    }
    lines.sort_by(|a, b| {
        b.total_mxn_cents
            .cmp(&a.total_mxn_cents)
            .then(a.category.cmp(&b.category))
    });
    (expense, income, count, lines)
}

/// Month totals from the month's groups (already filtered by category when
/// one was asked for).
pub fn month_summary(month: &str, category: Option<&str>, groups: &[Group]) -> MonthSummary {
    let (expense, income, count, by_category) = summarize(groups);
    MonthSummary {
        month: month.to_string(),
        category: category.map(str::to_string),
        total_expense_mxn_cents: expense,
        total_income_mxn_cents: income,
        transaction_count: count,
        by_category,
    }
}

/// Totals of the days `from`..=`to` from their groups.
pub fn period_summary(
    from: &str,
    to: &str,
    category: Option<&str>,
    groups: &[Group],
) -> PeriodSummary {
    let (expense, income, count, by_category) = summarize(groups);
    PeriodSummary {
        from: from.to_string(),
        to: to.to_string(),
        category: category.map(str::to_string),
        total_expense_mxn_cents: expense,
        total_income_mxn_cents: income,
        transaction_count: count,
        by_category,
    }
}

/// Whether `from`..=`to` is a valid range of days (at most 5 years).
pub fn period_ok(from: &str, to: &str) -> bool {
    match (parse_iso_date(from), parse_iso_date(to)) {
        (Some(a), Some(b)) => a <= b && (b - a).num_days() <= 5 * 366,
        _ => false,
    }
}

/// Whether a row counts against the variable budget.
pub fn counts_against_budget(kind: TransactionType, category_type: CategoryType) -> bool {
    kind == TransactionType::Expense && category_type == CategoryType::Variable
}

/// The budget of a month from its cap in force and the variable spending.
pub fn budget_status(month: &str, cap: Option<Centavos>, spent: Centavos) -> BudgetStatus {
    BudgetStatus {
        month: month.to_string(),
        category: None,
        variable_cap_mxn_cents: cap,
        variable_spent_mxn_cents: spent,
        variable_remaining_mxn_cents: cap.map(|cap| cap - spent),
        categories: Vec::new(),
    }
}

/// A category's budget for `month`: its cap in force (a cap of 0 means
/// removed) and every expense of the category that month as spent.
pub fn category_budget_status(
    month: &str,
    category: &str,
    cap: Option<Centavos>,
    spent: Centavos,
) -> BudgetStatus {
    BudgetStatus {
        category: Some(category.to_string()),
        ..budget_status(month, cap.filter(|&c| c > 0), spent)
    }
}

/// Whether a row counts against its category's budget.
pub fn counts_against_category(row: &TransactionRow, category: &str, month: &str) -> bool {
    row.kind == TransactionType::Expense
        && row.category == category
        && row.date_iso.starts_with(month)
}

/// Whether `row` counts against the budget of `month`: `category`'s, or
/// the general one of variable spending when `None`.
pub fn counts_against(row: &TransactionRow, category: Option<&str>, month: &str) -> bool {
    match category {
        Some(category) => counts_against_category(row, category, month),
        None => {
            row.date_iso.starts_with(month) && counts_against_budget(row.kind, row.category_type)
        }
    }
}

/// `status` with `rows` counted too, those of them that count against it
/// (movements written in the same turn, before they commit).
pub fn with_rows(status: BudgetStatus, rows: &[TransactionRow]) -> BudgetStatus {
    let extra: Centavos = rows
        .iter()
        .filter(|r| counts_against(r, status.category.as_deref(), &status.month))
        .map(|r| r.amount_mxn_cents)
        .sum();
    let spent = status.variable_spent_mxn_cents.saturating_add(extra);
    BudgetStatus {
        variable_spent_mxn_cents: spent,
        variable_remaining_mxn_cents: status.variable_cap_mxn_cents.map(|cap| cap - spent),
        categories: status
            .categories
            .into_iter()
            .map(|c| with_rows(c, rows))
            .collect(),
        ..status
    }
}

/// Minimum payments still due in the month on or after `day` (debts
/// without a due day count as due).
pub fn minimums_due(debts: &[DebtRow], day: u32) -> Centavos {
    debts
        .iter()
        .filter(|d| d.due_day.is_none_or(|due| u32::from(due) >= day))
        .filter_map(|d| d.minimum_payment_mxn_cents)
        .sum()
}

/// The purchase simulation from stored data: the bank balance, the budget
/// of the purchase's month and the debts.
pub fn simulate(
    input: &SimulatePurchaseInput,
    balance: &BankBalance,
    budget: &BudgetStatus,
    debts: &[DebtRow],
) -> Result<Simulation, Refusal> {
    if !limits::amount_ok(input.amount_mxn_cents) {
        return Err("amount out of range");
    }
    let date = parse_iso_date(&input.date_iso).ok_or("bad date")?;
    let budget_left = budget.variable_remaining_mxn_cents.map(|left| {
        if input.category_type == CategoryType::Variable {
            left - input.amount_mxn_cents
        } else {
            left
        }
    });
    let minimums = minimums_due(debts, date.day());
    let after = balance.balance_mxn_cents - input.amount_mxn_cents;
    Ok(Simulation {
        amount_mxn_cents: input.amount_mxn_cents,
        bank_balance_mxn_cents: balance.balance_mxn_cents,
        balance_after_mxn_cents: after,
        variable_budget_left_after_mxn_cents: budget_left,
        minimum_debt_payments_due_mxn_cents: minimums,
        balance_after_debt_minimums_mxn_cents: after - minimums,
    })
}

mod debt_match;
pub use debt_match::{match_debt, some_debt_named};

#[cfg(test)]
mod tests;
