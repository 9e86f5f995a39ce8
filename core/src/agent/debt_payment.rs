//! A payment toward what the user owes, once the debts are read: it
//! lowers the debt it names when one is known, and the part of it said in
//! words ("el mínimo", "todo", "lo que le debía") is the stored minimum or
//! balance, shown in the prompt like any amount.

use super::execute_tools::failed;
use super::state::{AgentState, ClarificationQuestion, Field, PendingWrite, QuestionKey};
use super::{TurnCtx, text};
use crate::agent::text::reasons;
use crate::graph::NodeOutcome;
use crate::nlu::debts::OwedPart;
use crate::tools::{
    AddTransactionInput, CategoryType, DebtList, DebtRow, PayDebtInput, ToolRequest, ToolResult,
    rules,
};

/// A payment whose debt is looked for among the stored ones.
pub(super) struct Found<'a> {
    pub payment: AddTransactionInput,
    /// The creditor as said, or the message when none was named.
    pub paid: &'a str,
    /// The creditor was named as such ("le aboné a Coppel").
    pub named: bool,
    /// The part of the debt said instead of an amount.
    pub owed: Option<OwedPart>,
}

pub(super) fn after_find_debt(
    state: &mut AgentState,
    ctx: &mut TurnCtx,
    found: Found,
    result: &ToolResult,
) -> NodeOutcome {
    let Some(list) = result.data_as::<DebtList>() else {
        let month = crate::time::iso_month(ctx.today);
        return failed(ctx, ToolRequest::ListDebts { month }, result);
    };
    let Found {
        mut payment,
        paid,
        named,
        owed,
    } = found;
    let stored = rules::match_debt(&list.debts, paid)
        .or_else(|| only_debt_of_kind(&list.debts, &payment).filter(|_| !named));
    if let Some(part) = owed {
        match stored.and_then(|debt| part_of(debt, part)) {
            Some(amount) => payment.amount_mxn_cents = amount,
            None => return ask_amount(state, ctx, paid, stored, part),
        }
    }
    let debt = stored.and_then(|d| Some((d.name.clone(), d.balance_mxn_cents.filter(|b| *b > 0)?)));
    match debt {
        Some((debt_name, balance)) => {
            // What lowers a debt is a debt payment, whatever brand its
            // name holds ("abone 900 a la didi card" is no transporte).
            if payment.category_type != CategoryType::Debt
                && let Some(category) = crate::nlu::category::of_debt_payment(&debt_name)
            {
                payment.category = category.key.to_string();
                payment.category_type = category.category_type;
            }
            ctx.prepared = Some(PendingWrite::PayDebt(PayDebtInput {
                debt_name,
                balance_before_mxn_cents: balance,
                payment,
            }));
            NodeOutcome::because("confirm", reasons::PAYMENT_LOWERS_A_KNOWN_DEBT)
        }
        None => {
            if named && payment.category_type == CategoryType::Debt {
                // Money handed to someone with nothing owed named: what it
                // was for is asked, with no word of debts.
                if !names_a_debt(&ctx.reading) && !rules::some_debt_named(&list.debts, paid) {
                    return ask_category(state);
                }
                ctx.say(text::debt_unknown(paid));
            }
            ctx.prepared = Some(PendingWrite::AddTransaction(payment));
            NodeOutcome::because("confirm", reasons::PAYMENT_TO_NO_KNOWN_DEBT)
        }
    }
}

/// Whether the message's own words name what is owed ("el préstamo",
/// "abono", "Coppel"): a payment to someone with no debt stored is a
/// debt's payment only then.
fn names_a_debt(reading: &crate::nlu::Reading) -> bool {
    crate::nlu::category::find_categories(reading.tokens(), &[])
        .iter()
        .any(|m| !m.fuzzy && m.category.category_type == CategoryType::Debt)
}

/// "hoy le pagué 3,500 a mi ayudante", no debt with him stored: what the
/// money was for is asked, never taken to be a loan's payment.
fn ask_category(state: &mut AgentState) -> NodeOutcome {
    if let Some(draft) = state.pending_transaction.as_mut() {
        draft.category = None;
        draft.category_type = None;
        draft.debt_paid = None;
    }
    state.clarification_questions = vec![ClarificationQuestion {
        key: QuestionKey::Category,
        question: text::question(Field::Category, None),
        field: Field::Category,
    }];
    NodeOutcome::because("clarify", reasons::MISSING_FIELDS)
}

/// The stored minimum or balance of `debt`, when it has one.
fn part_of(debt: &DebtRow, part: OwedPart) -> Option<crate::money::Centavos> {
    match part {
        OwedPart::Minimum => debt.minimum_payment_mxn_cents,
        OwedPart::Balance => debt.balance_mxn_cents,
    }
    .filter(|amount| *amount > 0)
}

/// The part said is not stored (no such debt, or no minimum kept): the
/// amount is asked, saying why, the rest of the payment kept.
fn ask_amount(
    state: &mut AgentState,
    ctx: &mut TurnCtx,
    paid: &str,
    stored: Option<&DebtRow>,
    part: OwedPart,
) -> NodeOutcome {
    ctx.say(text::owed_part_unknown(
        stored.map_or(paid, |d| d.name.as_str()),
        part == OwedPart::Minimum,
    ));
    state.clarification_questions = vec![ClarificationQuestion {
        key: QuestionKey::Amount,
        question: text::question(Field::Amount, None),
        field: Field::Amount,
    }];
    NodeOutcome::because("clarify", reasons::MISSING_FIELDS)
}

/// "le pagué 5000 a la tarjeta", no card named: the one stored debt whose
/// payments go to the payment's category (the only card), if there is
/// exactly one.
pub(super) fn only_debt_of_kind<'a>(
    debts: &'a [DebtRow],
    payment: &AddTransactionInput,
) -> Option<&'a DebtRow> {
    if payment.category_type != CategoryType::Debt {
        return None;
    }
    let mut of_kind = debts.iter().filter(|d| {
        crate::nlu::category::of_debt_payment(&d.name).is_some_and(|c| c.key == payment.category)
    });
    let only = of_kind.next()?;
    of_kind.next().is_none().then_some(only)
}
