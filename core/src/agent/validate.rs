//! validate: checks the draft against the seed's checklist, fills the
//! defaults (the date is today in the user's zone) and decides: ask, confirm
//! a write, or run read tools.

use super::state::{
    AgentState, ClarificationQuestion, Field, PendingWrite, QuestionKey, TransactionDraft,
};
use super::{TurnCtx, ValidationRecord, Work, text};
use crate::agent::text::reasons;
use crate::graph::NodeOutcome;
use crate::limits;
use crate::money::Centavos;
use crate::nlu::Intent;
use crate::time::{iso_date, iso_month};
use crate::tools::{
    AddTransactionInput, BankBalanceInput, BudgetCapInput, CategoryType, DebtInput,
    SimulatePurchaseInput, TransactionType,
};

pub fn validate(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    if ctx.prepared.is_some() {
        // parse already built a complete write (several items).
        ctx.validation = Some(ValidationRecord {
            ok: true,
            missing: Vec::new(),
        });
        return NodeOutcome::because("confirm", reasons::ITEMS_COMPLETE);
    }
    if matches!(ctx.work, Work::Query(_) | Work::SpentOn { .. }) {
        ctx.validation = Some(ValidationRecord {
            ok: true,
            missing: Vec::new(),
        });
        return NodeOutcome::because("execute_tools", reasons::QUERY_PARAMETERS_COMPLETE);
    }
    let foreign_pending = state
        .clarification_questions
        .iter()
        .find(|q| q.field == Field::ForeignAmount)
        .map(|q| q.question.clone());
    let today = iso_date(ctx.today);
    let mut missing: Vec<Field> = Vec::new();
    let foreign = foreign_pending.is_some();
    let amount_field = if foreign {
        Field::ForeignAmount
    } else {
        Field::Amount
    };

    let intent = state.draft_intent.unwrap_or(Intent::Unknown);
    let checked = match intent {
        Intent::LogTransaction | Intent::SimulatePurchase => {
            check_movement(state, ctx, intent, amount_field, &today, &mut missing)
        }
        Intent::UpdateLastTransaction => check_change(state, ctx, foreign, &mut missing),
        Intent::DeleteLastTransaction => {
            ctx.work = Work::FindRow { delete: true };
            Ok(Some(NodeOutcome::because(
                "execute_tools",
                reasons::FIND_THE_TRANSACTION_TO_DELETE,
            )))
        }
        Intent::SetBudget => check_budget(state, ctx, foreign, &mut missing),
        Intent::ManageDebt => check_debt(state, ctx, &mut missing),
        Intent::SetBankBalance => check_balance(state, ctx, foreign, &mut missing),
        Intent::QueryData | Intent::Unknown => {
            ctx.say(text::HELP);
            return NodeOutcome::because("respond", reasons::NOTHING_TO_VALIDATE);
        }
    };
    let outcome = match checked {
        Ok(outcome) => outcome,
        Err(answered) => return answered,
    };

    ctx.validation = Some(ValidationRecord {
        ok: missing.is_empty(),
        missing: missing
            .iter()
            .map(|f| format!("{f:?}").to_lowercase())
            .collect(),
    });
    if let Some(outcome) = outcome {
        state.clarification_questions.clear();
        return outcome;
    }
    state.clarification_questions = missing
        .iter()
        .map(|&field| ClarificationQuestion {
            key: question_key(field),
            question: match (&foreign_pending, field) {
                (Some(q), Field::ForeignAmount) => q.clone(),
                (_, Field::Amount) if intent == Intent::SimulatePurchase => {
                    text::PURCHASE_AMOUNT.to_string()
                }
                (_, Field::FutureDate) => text::future_date(
                    state
                        .pending_transaction
                        .as_ref()
                        .and_then(|d| d.date_iso.as_deref())
                        .unwrap_or_default(),
                ),
                (_, Field::Date) => state
                    .pending_transaction
                    .as_ref()
                    .and_then(|d| d.date_within.as_ref())
                    .map_or_else(
                        || text::question(field, None),
                        |span| text::which_day(span, ctx.today),
                    ),
                (_, Field::SplitShare) => state
                    .pending_transaction
                    .as_ref()
                    .and_then(|d| Some(text::split_share(d.amount_mxn_cents?, d.split_ways?)))
                    .unwrap_or_else(|| text::question(field, None)),
                (_, Field::BudgetCap) => state
                    .pending_params
                    .as_ref()
                    .and_then(|p| p.budget_category.as_deref())
                    .map_or_else(|| text::question(field, None), text::budget::ask_cap),
                _ => text::question(field, None),
            },
            field,
        })
        .collect();
    NodeOutcome::because("clarify", reasons::MISSING_FIELDS)
}

/// What checking a draft gave: `Ok(Some(next))` when it is complete,
/// `Ok(None)` when fields are missing (in `missing`), `Err(next)` when it
/// was answered another way (the turn goes on there, no record).
type Checked = Result<Option<NodeOutcome>, NodeOutcome>;

/// A movement to log or a purchase to simulate: amount (a shared bill
/// asks for the user's part), category and its type, a day (today when
/// none was said; a day to come is asked about).
fn check_movement(
    state: &mut AgentState,
    ctx: &mut TurnCtx,
    intent: Intent,
    amount_field: Field,
    today: &str,
    missing: &mut Vec<Field>,
) -> Checked {
    let draft = state
        .pending_transaction
        .get_or_insert_with(Default::default);
    drop_out_of_range(&mut draft.amount_mxn_cents, limits::amount_ok, ctx);
    fit_text_limits(draft);
    // "pagué el mínimo de la banamex", "ya le pagué todo al mecánico": the
    // amount is the named debt's stored minimum or balance, once read.
    let owed = (intent == Intent::LogTransaction
        && !ctx.shared_chat
        && draft.amount_mxn_cents.is_none()
        && draft.debt_paid.is_some())
    .then(|| crate::nlu::debts::owed_part(&ctx.reading))
    .flatten();
    // "fueron 1350 entre las 3, me deben 450 cada una": the others owe
    // their parts (cobros), so the user paid the whole bill: the total.
    if draft.split_ways.is_some() && others_owe_their_part(&ctx.reading) {
        draft.split_ways = None;
    }
    if draft.amount_mxn_cents.is_none() && owed.is_none() {
        missing.push(amount_field);
    } else if draft.split_ways.is_some() && intent == Intent::LogTransaction {
        missing.push(Field::SplitShare);
    }
    // A purchase asked about is a variable expense: a category Caja does
    // not know ("tecnología") never asks which kind of movement it is.
    if intent == Intent::SimulatePurchase && draft.category.is_some() {
        draft.category_type.get_or_insert(CategoryType::Variable);
    }
    if draft.category.is_none() {
        missing.push(Field::Category);
    } else if draft.category_type.is_none() {
        missing.push(Field::CategoryType);
    }
    if draft.date_iso.is_none() {
        // "el mes pasado" names no day, and today is not in it.
        if draft.date_within.is_some() && intent == Intent::LogTransaction {
            missing.push(Field::Date);
        } else {
            draft.date_iso = Some(today.to_string());
        }
    }
    // A day that has not come yet is never logged silently.
    let future = draft.date_iso.as_deref().is_some_and(|date| date > today);
    if intent == Intent::LogTransaction && future && !draft.date_confirmed {
        missing.push(Field::FutureDate);
    }
    if draft.kind.is_none() {
        draft.kind = Some(
            draft
                .category_type
                .map_or(TransactionType::Expense, CategoryType::transaction_kind),
        );
    }
    Ok(
        match (
            missing.is_empty(),
            draft.amount_mxn_cents.or(owed.map(|_| 0)),
            &draft.category,
            draft.category_type,
        ) {
            (true, Some(amount), Some(category), Some(category_type)) => {
                let date_iso = draft.date_iso.clone().unwrap_or_else(|| today.to_string());
                if intent == Intent::LogTransaction {
                    let payment = AddTransactionInput {
                        kind: draft.kind.unwrap_or(TransactionType::Expense),
                        amount_mxn_cents: amount,
                        category_type,
                        category: category.clone(),
                        description: draft.description.clone(),
                        date_iso,
                    };
                    let named = draft.debt_paid.clone();
                    log_movement(ctx, payment, named, owed)?
                } else {
                    ctx.work = Work::Simulate(SimulatePurchaseInput {
                        amount_mxn_cents: amount,
                        date_iso,
                        category: category.clone(),
                        category_type,
                    });
                    Some(NodeOutcome::because(
                        "execute_tools",
                        reasons::SIMULATION_COMPLETE,
                    ))
                }
            }
            _ => None,
        },
    )
}

/// A change of a stored movement: at least one new value.
fn check_change(
    state: &mut AgentState,
    ctx: &mut TurnCtx,
    foreign: bool,
    missing: &mut Vec<Field>,
) -> Checked {
    let draft = state
        .pending_transaction
        .get_or_insert_with(Default::default);
    let asked_amount = draft.amount_mxn_cents.is_some();
    fit_text_limits(draft);
    drop_out_of_range(&mut draft.amount_mxn_cents, limits::amount_ok, ctx);
    let any = draft.amount_mxn_cents.is_some()
        || draft.category.is_some()
        || draft.kind.is_some()
        || draft.date_iso.is_some()
        || draft.description.is_some();
    if asked_amount && draft.amount_mxn_cents.is_none() {
        missing.push(Field::Amount);
    } else if draft.category.is_some() && draft.category_type.is_none() {
        missing.push(Field::CategoryType);
    } else if !any {
        missing.push(if foreign {
            Field::ForeignAmount
        } else {
            Field::CorrectionField
        });
    }
    Ok(missing.is_empty().then(|| {
        ctx.work = Work::FindRow { delete: false };
        NodeOutcome::because("execute_tools", reasons::FIND_THE_TRANSACTION_TO_CORRECT)
    }))
}

/// A budget's cap for its month, or a category budget removed.
fn check_budget(
    state: &mut AgentState,
    ctx: &mut TurnCtx,
    foreign: bool,
    missing: &mut Vec<Field>,
) -> Checked {
    let params = state.pending_params.get_or_insert_with(Default::default);
    drop_out_of_range(&mut params.budget_cap_mxn_cents, limits::amount_ok, ctx);
    let month = params
        .budget_month
        .clone()
        .unwrap_or_else(|| iso_month(ctx.today));
    Ok(match (params.budget_remove, params.budget_cap_mxn_cents) {
        (true, _) => {
            let Some(category) = params.budget_category.clone() else {
                state.clear_flow();
                ctx.say(text::budget::GENERAL_NOT_REMOVED);
                return Err(NodeOutcome::because(
                    "respond",
                    reasons::GENERAL_BUDGET_IS_CHANGED_NOT_REMOVED,
                ));
            };
            Some(budget_before(
                ctx,
                BudgetCapInput {
                    month,
                    variable_cap_mxn_cents: 0,
                    category: Some(category),
                },
                params.budget_word.clone(),
            ))
        }
        (false, Some(cap)) => Some(budget_before(
            ctx,
            BudgetCapInput {
                month,
                variable_cap_mxn_cents: cap,
                category: params.budget_category.clone(),
            },
            params.budget_word.clone(),
        )),
        _ => {
            // "2,500 a la semana": said why the monthly cap is asked.
            if !foreign
                && ctx
                    .reading
                    .cues()
                    .has(crate::nlu::lexicon::cues().said.budget_other_spans)
            {
                ctx.say(text::BUDGET_PER_MONTH);
            }
            missing.push(if foreign {
                Field::ForeignAmount
            } else {
                Field::BudgetCap
            });
            None
        }
    })
}

/// A debt: its name and at least one of balance, minimum and day.
fn check_debt(state: &mut AgentState, ctx: &mut TurnCtx, missing: &mut Vec<Field>) -> Checked {
    let params = state.pending_params.get_or_insert_with(Default::default);
    drop_out_of_range(
        &mut params.debt_balance_mxn_cents,
        limits::debt_amount_ok,
        ctx,
    );
    drop_out_of_range(
        &mut params.debt_minimum_mxn_cents,
        limits::debt_amount_ok,
        ctx,
    );
    // A debt saved the turn before is the one a follow-up without a
    // name is about.
    if params.debt_name.is_none() {
        params.debt_name = state
            .last_debt
            .as_ref()
            .filter(|last| last.turn + 1 == state.turn_seq)
            .map(|last| last.name.clone());
    }
    if params.debt_name.is_none() {
        missing.push(Field::DebtName);
    }
    let changes = params.debt_balance_mxn_cents.is_some()
        || params.debt_minimum_mxn_cents.is_some()
        || params.debt_due_day.is_some();
    if !changes && let Some(name) = params.debt_name.clone() {
        pays_part(state, ctx, name)?;
    }
    let params = state.pending_params.get_or_insert_with(Default::default);
    if !changes {
        missing.push(Field::DebtChange);
    }
    Ok(match (&params.debt_name, missing.is_empty()) {
        (Some(name), true) => {
            let input = DebtInput {
                name: name.clone(),
                balance_mxn_cents: params.debt_balance_mxn_cents,
                minimum_payment_mxn_cents: params.debt_minimum_mxn_cents,
                due_day: params.debt_due_day,
            };
            // Which stored debt the name means is read from the debts
            // (never in a group, where no debt is read).
            if ctx.shared_chat {
                ctx.prepared = Some(PendingWrite::AddOrUpdateDebt(input));
                return Ok(Some(NodeOutcome::because(
                    "confirm",
                    reasons::DEBT_COMPLETE,
                )));
            }
            ctx.work = Work::DebtNamed(input);
            Some(NodeOutcome::because(
                "execute_tools",
                reasons::DEBT_COMPLETE,
            ))
        }
        _ => None,
    })
}

/// "me deben 450 cada una": the others' parts of a shared bill are
/// owed to the user.
fn others_owe_their_part(reading: &crate::nlu::Reading) -> bool {
    reading
        .cues()
        .has(crate::nlu::lexicon::cues().debts.owed_to_me)
}

/// A movement ready to confirm, unless it pays what is owed: with a
/// creditor named, or toward a debt with none ("ya pagué el mínimo de la
/// tarjeta": the message is read for a known debt's name), the debts are
/// read first (never in a group: there it is only a movement).
fn log_movement(
    ctx: &mut TurnCtx,
    payment: AddTransactionInput,
    named: Option<String>,
    owed: Option<crate::nlu::debts::OwedPart>,
) -> Result<Option<NodeOutcome>, NodeOutcome> {
    let unnamed = (named.is_none()
        && !ctx.shared_chat
        && payment.category_type == CategoryType::Debt
        && payment.kind == TransactionType::Expense)
        .then(|| ctx.reading.text().to_string());
    if let Some(paid) = named.clone().or(unnamed) {
        return Err(find_debt(ctx, payment, paid, named.is_some(), owed));
    }
    ctx.prepared = Some(PendingWrite::AddTransaction(payment));
    Ok(Some(NodeOutcome::because(
        "confirm",
        reasons::TRANSACTION_COMPLETE,
    )))
}

/// Whether a payment pays a known debt is read from the debts.
fn find_debt(
    ctx: &mut TurnCtx,
    payment: AddTransactionInput,
    paid: String,
    named: bool,
    owed: Option<crate::nlu::debts::OwedPart>,
) -> NodeOutcome {
    ctx.work = Work::FindDebt {
        payment,
        paid,
        named,
        owed,
    };
    NodeOutcome::because("execute_tools", reasons::PAYMENT_TO_A_DEBT)
}

/// "ya le pagué todo a don Beto", "pagué el total de la tarjeta": no
/// value of the debt, but a payment of a part of it said in words. It is
/// that payment, its amount read from the debts as "pagué el mínimo de la
/// banamex" is (`Err`: the turn goes on there); the draft is the
/// payment's, so an amount asked for when the part is not stored fills it.
fn pays_part(state: &mut AgentState, ctx: &mut TurnCtx, name: String) -> Result<(), NodeOutcome> {
    let owed = crate::nlu::debts::owed_part(&ctx.reading);
    if ctx.shared_chat || !crate::nlu::tells_of_payment_made(&ctx.reading) || owed.is_none() {
        return Ok(());
    }
    let category = crate::nlu::category::of_debt_payment(&name)
        .map_or("prestamo", |c| c.key)
        .to_string();
    let date_iso = iso_date(ctx.today);
    let payment = AddTransactionInput {
        kind: TransactionType::Expense,
        amount_mxn_cents: 0,
        category_type: CategoryType::Debt,
        category: category.clone(),
        description: Some(name.clone()),
        date_iso: date_iso.clone(),
    };
    state.pending_params = None;
    state.draft_intent = Some(Intent::LogTransaction);
    state.pending_transaction = Some(TransactionDraft {
        kind: Some(TransactionType::Expense),
        category_type: Some(CategoryType::Debt),
        category: Some(category),
        description: Some(name.clone()),
        date_iso: Some(date_iso),
        debt_paid: Some(name.clone()),
        ..Default::default()
    });
    // "el total de la tarjeta": a name of generic words only is the one
    // debt of its kind.
    let named = !crate::nlu::debt_words(&name).is_empty();
    Err(find_debt(ctx, payment, name, named, owed))
}

/// The bank balance.
fn check_balance(
    state: &mut AgentState,
    ctx: &mut TurnCtx,
    foreign: bool,
    missing: &mut Vec<Field>,
) -> Checked {
    let params = state.pending_params.get_or_insert_with(Default::default);
    drop_out_of_range(
        &mut params.bank_balance_mxn_cents,
        limits::bank_balance_ok,
        ctx,
    );
    Ok(match params.bank_balance_mxn_cents {
        Some(balance) => {
            ctx.prepared = Some(PendingWrite::SetBankBalance(BankBalanceInput {
                balance_mxn_cents: balance,
            }));
            Some(NodeOutcome::because(
                "confirm",
                reasons::BANK_BALANCE_COMPLETE,
            ))
        }
        None => {
            missing.push(if foreign {
                Field::ForeignAmount
            } else {
                Field::BankBalance
            });
            None
        }
    })
}

/// A budget to set or remove: the budget in force is read first, so the
/// prompt shows the cap it replaces (or that there is none to remove). In
/// a shared chat a personal budget is not read: the prompt goes as it is.
fn budget_before(ctx: &mut TurnCtx, input: BudgetCapInput, word: Option<String>) -> NodeOutcome {
    if ctx.shared_chat {
        ctx.prepared = Some(PendingWrite::SetBudgetCap(input));
        return NodeOutcome::because("confirm", reasons::BUDGET_COMPLETE);
    }
    ctx.work = Work::BudgetBefore { input, word };
    NodeOutcome::because("execute_tools", reasons::READ_THE_BUDGET_IT_REPLACES)
}

/// Drops an amount outside its limits (`ok`), so it is asked for again,
/// and says why. Nothing out of range ever reaches a confirmation prompt.
fn drop_out_of_range(amount: &mut Option<Centavos>, ok: fn(Centavos) -> bool, ctx: &mut TurnCtx) {
    if amount.is_some_and(|a| !ok(a)) {
        *amount = None;
        let notice = text::amount_out_of_range();
        if !ctx.reply.contains(&notice) {
            ctx.say(notice);
        }
    }
}

/// A category name too long to store is asked again; a description too
/// long is cut (it only repeats the user's words).
fn fit_text_limits(draft: &mut super::state::TransactionDraft) {
    if draft
        .category
        .as_ref()
        .is_some_and(|c| c.chars().count() > limits::MAX_CATEGORY_CHARS)
    {
        draft.category = None;
        draft.category_type = None;
    }
    if let Some(description) = &mut draft.description
        && description.chars().count() > limits::MAX_DESCRIPTION_CHARS
    {
        *description = description
            .chars()
            .take(limits::MAX_DESCRIPTION_CHARS)
            .collect();
    }
}

pub(super) fn question_key(field: Field) -> QuestionKey {
    match field {
        Field::Amount
        | Field::ForeignAmount
        | Field::BudgetCap
        | Field::BankBalance
        | Field::SplitShare => QuestionKey::Amount,
        Field::Category | Field::CategoryType => QuestionKey::Category,
        Field::Date | Field::FutureDate => QuestionKey::Date,
        _ => QuestionKey::Other,
    }
}
