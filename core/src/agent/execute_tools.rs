//! execute_tools: emits the tool calls for the turn's work, suspends so the
//! host can run them, and turns the results into the reply. Every number in
//! a reply comes from a result of this turn.

use super::state::{
    AgentState, ClarificationQuestion, Field, LastSimulation, ParamsDraft, PendingWrite,
    QuestionKey,
};
use super::{Spent, TurnCtx, Work, text};
use crate::agent::text::reasons;
use crate::graph::NodeOutcome;
use crate::nlu::Intent;
use crate::reminders;
use crate::tools::{
    BankBalance, BudgetCap, BudgetStatus, DebtInput, DebtList, DebtPayment, DebtRow, MonthSummary,
    PeriodSummary, SimulatePurchaseInput, Simulation, ToolError, ToolRequest, ToolResult,
    TransactionList, TransactionRow, codes, rules,
};

pub fn execute_tools(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    let work = ctx.work.clone();
    let requests: Vec<ToolRequest> = match &work {
        Work::None => return NodeOutcome::because("respond", reasons::NO_WORK),
        Work::Write(write) => vec![write.to_request()],
        Work::Query(requests) => requests.clone(),
        Work::Simulate(input) => vec![ToolRequest::SimulatePurchase(input.clone())],
        Work::FindRow { .. } => vec![super::find_row::find_rows_request()],
        Work::FindDebt { .. } | Work::DebtNamed(_) => vec![ToolRequest::ListDebts {
            month: crate::time::iso_month(ctx.today),
        }],
        Work::BudgetAlerts(spent) => spent.iter().map(Spent::request).collect(),
        Work::SpentOn { requests, .. } => requests.clone(),
        Work::BudgetBefore { input, .. } => vec![ToolRequest::GetBudgetStatus {
            month: input.month.clone(),
            category: input.category.clone(),
        }],
    };
    // First visit: emit the calls and wait for the host.
    let answered: Vec<usize> = ctx
        .calls
        .iter()
        .rev()
        .take(requests.len())
        .rev()
        .filter(|call| requests.contains(&call.request))
        .filter_map(|call| ctx.results.iter().position(|r| r.call_id == call.id))
        .collect();
    if answered.len() < requests.len() || !ctx.pending_calls.is_empty() {
        if ctx.pending_calls.is_empty() {
            for request in requests {
                ctx.call(state, request);
            }
        }
        return NodeOutcome::suspend();
    }
    ctx.work = Work::None;
    // The results are read while the node writes the reply: take them out
    // of the context for the call and put them back after.
    let results = std::mem::take(&mut ctx.results);
    let answered: Vec<&ToolResult> = answered.iter().map(|&i| &results[i]).collect();
    let outcome = match work {
        Work::None => NodeOutcome::because("respond", reasons::NO_WORK),
        Work::Write(write) => after_write(state, ctx, write, answered[0]),
        Work::Query(requests) => after_query(ctx, &requests, &answered),
        Work::Simulate(input) => after_simulation(state, ctx, input, answered[0]),
        Work::FindRow { delete } => {
            super::find_row::after_find_row(state, ctx, delete, answered[0])
        }
        Work::FindDebt {
            payment,
            paid,
            named,
            owed,
        } => super::debt_payment::after_find_debt(
            state,
            ctx,
            super::debt_payment::Found {
                payment,
                paid: &paid,
                named,
                owed,
            },
            answered[0],
        ),
        Work::DebtNamed(input) => after_debt_named(ctx, input, answered[0]),
        Work::BudgetAlerts(spent) => after_budget_reads(ctx, &spent, &answered),
        Work::SpentOn { word, requests } => after_spent_on(ctx, &word, &requests, &answered),
        Work::BudgetBefore { input, word } => after_budget_before(
            state,
            ctx,
            input,
            word.as_deref(),
            (requests[0].clone(), answered[0]),
        ),
    };
    ctx.results = results;
    outcome
}

/// What a corrected or deleted payment left of what it paid.
fn followed(result: &ToolResult) -> Option<crate::tools::links::Followed> {
    result
        .data_as::<crate::tools::links::FollowedData>()
        .and_then(|d| d.followed)
}

pub(super) fn failed(ctx: &mut TurnCtx, request: ToolRequest, result: &ToolResult) -> NodeOutcome {
    let error = result.error.clone().unwrap_or(ToolError {
        code: codes::UNAVAILABLE.into(),
        message: "tool failed".into(),
        details: None,
    });
    ctx.error = Some((request, error));
    NodeOutcome::because("error_handler", reasons::tool_ran(&result.tool_name, false))
}

fn after_write(
    state: &mut AgentState,
    ctx: &mut TurnCtx,
    write: PendingWrite,
    result: &ToolResult,
) -> NodeOutcome {
    // The movements a write added, read once: for the reply and the
    // budget alerts.
    let added = match &write {
        PendingWrite::AddTransaction(_) => {
            result
                .data_as::<TransactionRow>()
                .map(|row| TransactionList {
                    transactions: vec![row],
                })
        }
        PendingWrite::AddTransactions(_) => result.data_as::<TransactionList>(),
        _ => None,
    };
    let reply = match &write {
        PendingWrite::AddTransaction(_) => added
            .as_ref()
            .and_then(|l| l.transactions.first())
            .map(text::transaction_added),
        PendingWrite::AddTransactions(_) => added.as_ref().map(text::transactions_added),
        PendingWrite::UpdateLastTransaction(_) => result
            .data_as::<TransactionRow>()
            .map(|r| text::transaction_updated(&r, followed(result).as_ref())),
        PendingWrite::DeleteLastTransaction(_) => result
            .data_as::<TransactionRow>()
            .map(|r| text::transaction_deleted(&r, followed(result).as_ref())),
        PendingWrite::AddOrUpdateDebt(_) => result.data_as::<DebtRow>().map(|d| {
            state.last_debt = Some(super::recent::LastDebt {
                turn: state.turn_seq,
                name: d.name.clone(),
            });
            text::debt_saved(&d)
        }),
        PendingWrite::PayDebt(_) => result.data_as::<DebtPayment>().map(|p| text::debt_paid(&p)),
        PendingWrite::SetBudgetCap(_) => result
            .data_as::<BudgetCap>()
            .map(|b| text::budget_saved(&b)),
        PendingWrite::SetBankBalance(_) => result
            .data_as::<BankBalance>()
            .map(|b| text::bank_balance_saved(&b)),
    };
    let Some(reply) = reply else {
        return failed(ctx, write.to_request(), result);
    };
    // Others read a group: a personal write says it is saved, nothing more.
    if ctx.shared_chat && write.to_request().is_personal() {
        ctx.say(text::PERSONAL_SAVED_IN_GROUP);
    } else {
        ctx.say(reply);
    }
    if let Some(waiting) = state.drop_waiting_repeat(&write, &ctx.now_iso) {
        ctx.say(text::dialogue::done_meanwhile(&waiting));
    }
    let resume = state.resume_simulation.take();
    state.clear_flow();
    // A category budget is personal: never read in a shared chat.
    let spent = added
        .map(|l| Spent::of(&l.transactions))
        .unwrap_or_default();
    if !spent.is_empty() && !ctx.shared_chat {
        ctx.work = Work::BudgetAlerts(spent);
        return execute_tools(state, ctx);
    }
    if let (PendingWrite::SetBankBalance(_), Some(draft)) = (&write, resume)
        && let (Some(amount), Some(category), Some(category_type), Some(date_iso)) = (
            draft.amount_mxn_cents,
            draft.category.clone(),
            draft.category_type,
            draft.date_iso.clone(),
        )
    {
        // The seed's subflow: re-run the simulation with the original draft.
        ctx.work = Work::Simulate(SimulatePurchaseInput {
            amount_mxn_cents: amount,
            date_iso,
            category,
            category_type,
        });
        state.pending_transaction = Some(draft);
        state.draft_intent = Some(Intent::SimulatePurchase);
        return execute_tools(state, ctx);
    }
    NodeOutcome::because("respond", reasons::tool_ran(&result.tool_name, true))
}

/// "¿Cuánto en uber?": what went to rows that name it, beside the whole
/// category. The rows are all the category's when fewer than the most a
/// read returns; else only the category's total is given, and why.
fn after_spent_on(
    ctx: &mut TurnCtx,
    word: &str,
    requests: &[ToolRequest],
    results: &[&ToolResult],
) -> NodeOutcome {
    if ctx.shared_chat {
        ctx.say(text::GROUP_SCOPE);
    }
    let (Some(summary), Some(rows)) = (results.first(), results.get(1)) else {
        return NodeOutcome::because("respond", reasons::NO_RESULTS);
    };
    let span = match &requests[0] {
        ToolRequest::GetPeriodSummary { .. } => summary.data_as::<PeriodSummary>().map(|s| {
            (
                text::period_intro(&s.from, &s.to, ctx.today),
                s.by_category,
                s.category,
            )
        }),
        _ => summary
            .data_as::<MonthSummary>()
            .map(|s| (text::month_intro(&s.month), s.by_category, s.category)),
    };
    let (Some((intro, by_category, Some(category))), Some(list)) =
        (span, rows.data_as::<TransactionList>())
    else {
        let failed_at = if summary.ok { 1 } else { 0 };
        return failed(ctx, requests[failed_at].clone(), results[failed_at]);
    };
    let category_total = by_category.iter().map(|c| c.total_mxn_cents).sum();
    let complete = list.transactions.len() < rules::MAX_LIST_LIMIT as usize;
    let named: Vec<&TransactionRow> = list
        .transactions
        .iter()
        .filter(|r| rules::describes(r, word))
        .collect();
    ctx.say(text::spent_on(
        &intro,
        word,
        &category,
        category_total,
        complete.then_some(&named[..]),
    ));
    NodeOutcome::because("respond", reasons::QUERY_BY_DESCRIPTION_ANSWERED)
}

/// The alerts of the budgets the confirmed expenses crossed. The write is
/// already done and said: a read that failed only leaves its alert out.
fn after_budget_reads(ctx: &mut TurnCtx, spent: &[Spent], results: &[&ToolResult]) -> NodeOutcome {
    for (spent, result) in spent.iter().zip(results) {
        let Some(status) = result.data_as::<BudgetStatus>() else {
            continue;
        };
        let (after, cap) = (
            status.variable_spent_mxn_cents,
            status.variable_cap_mxn_cents.unwrap_or(0),
        );
        let Some(kind) = reminders::budget_crossed(after - spent.amount, after, cap) else {
            continue;
        };
        let alert =
            text::budget::alert(&status, &spent.category, kind == reminders::Kind::Budget100);
        ctx.said.push(reminders::Said {
            kind,
            reference: spent.category.clone(),
            period: status.month.clone(),
            text: alert.clone(),
        });
        ctx.say(alert);
    }
    NodeOutcome::because("respond", reasons::BUDGETS_READ)
}

/// The budget in force is known: nothing to remove, the same cap again,
/// or the prompt with the cap it replaces.
fn after_budget_before(
    state: &mut AgentState,
    ctx: &mut TurnCtx,
    input: crate::tools::BudgetCapInput,
    word: Option<&str>,
    (request, result): (ToolRequest, &ToolResult),
) -> NodeOutcome {
    let Some(status) = result.data_as::<BudgetStatus>() else {
        return failed(ctx, request, result);
    };
    let before = status.variable_cap_mxn_cents.filter(|&c| c > 0);
    let unchanged = match before {
        None => input.variable_cap_mxn_cents == 0,
        Some(cap) => cap == input.variable_cap_mxn_cents,
    };
    if unchanged {
        state.clear_flow();
        ctx.say(text::budget::unchanged(&input, before));
        return NodeOutcome::because("respond", reasons::THE_BUDGET_IS_ALREADY_SO);
    }
    ctx.prepared_prompt = Some(text::budget::prompt_with(&input, before, word));
    ctx.prepared = Some(PendingWrite::SetBudgetCap(input));
    NodeOutcome::because("confirm", reasons::BUDGET_READ)
}

/// With no budget of any kind for the month, the answer to a budget
/// question is what is left of the month's incomes (`parse::query` reads
/// the month's totals with the budget).
fn month_left(requests: &[ToolRequest], results: &[&ToolResult]) -> Option<String> {
    let [
        ToolRequest::GetBudgetStatus { .. },
        ToolRequest::GetMonthSummary { .. },
    ] = requests
    else {
        return None;
    };
    let status = results.first()?.data_as::<BudgetStatus>()?;
    let summary = results.get(1)?.data_as::<MonthSummary>()?;
    text::budget::month_left(&status, &summary)
}

fn after_query(
    ctx: &mut TurnCtx,
    requests: &[ToolRequest],
    results: &[&ToolResult],
) -> NodeOutcome {
    if ctx.shared_chat {
        // The host counted only this thread's movements: say so.
        ctx.say(text::GROUP_SCOPE);
    }
    let left = month_left(requests, results);
    for (request, result) in requests.iter().zip(results) {
        if let (Some(left), ToolRequest::GetBudgetStatus { .. }) = (&left, request) {
            ctx.say(left.clone());
            continue;
        }
        let reply = match request {
            // The month's totals read for a budget question are said only
            // when no budget is set (month_left).
            ToolRequest::GetMonthSummary { .. }
                if matches!(requests.first(), Some(ToolRequest::GetBudgetStatus { .. })) =>
            {
                if result.data_as::<MonthSummary>().is_none() {
                    return failed(ctx, request.clone(), result);
                }
                continue;
            }
            ToolRequest::GetMonthSummary { .. } => result
                .data_as::<MonthSummary>()
                .map(|s| text::month_summary(&s)),
            ToolRequest::ListTransactions { month, limit, .. } => result
                .data_as::<TransactionList>()
                .map(|l| text::transaction_list(&l, month.as_deref(), *limit)),
            ToolRequest::GetPeriodSummary { .. } => result
                .data_as::<PeriodSummary>()
                .map(|s| text::period_summary(&s, ctx.today)),
            ToolRequest::ListTransactionsBetween { from, to, .. } => result
                .data_as::<TransactionList>()
                .map(|l| text::transactions_between(&l, from, to, ctx.today)),
            ToolRequest::GetBudgetStatus { .. } => result
                .data_as::<BudgetStatus>()
                .map(|s| text::budget_status(&s)),
            ToolRequest::ListDebts { .. } => {
                result.data_as::<DebtList>().map(|l| text::debt_list(&l))
            }
            ToolRequest::GetBankBalance {} => {
                if result.error_code() == Some(codes::NOT_FOUND) {
                    Some(text::bank_balance(None))
                } else {
                    // The day it was set, in the user's zone.
                    let zone = ctx.zone.unwrap_or_else(crate::time::TimeZone::default_zone);
                    result.data_as::<BankBalance>().map(|mut b| {
                        if let Some(at) = crate::time::parse_iso_utc(&b.updated_at_iso) {
                            b.updated_at_iso = crate::time::iso_date(zone.date_at(at));
                        }
                        text::bank_balance(Some(&b))
                    })
                }
            }
            _ => None,
        };
        match reply {
            Some(reply) => ctx.say(reply),
            None => return failed(ctx, request.clone(), result),
        }
    }
    NodeOutcome::because("respond", reasons::QUERY_ANSWERED)
}

fn after_simulation(
    state: &mut AgentState,
    ctx: &mut TurnCtx,
    input: SimulatePurchaseInput,
    result: &ToolResult,
) -> NodeOutcome {
    if let Some(simulation) = result.data_as::<Simulation>() {
        ctx.say(text::simulation(&simulation, &input.category));
        let draft = state.pending_transaction.take();
        state.clear_flow();
        state.last_simulation = draft.map(|draft| LastSimulation {
            turn: state.turn_seq,
            draft,
        });
        return NodeOutcome::because("respond", reasons::SIMULATION_ANSWERED);
    }
    if result.error_code() == Some(codes::NOT_FOUND) {
        // No bank balance: collect it, confirm SET_BANK_BALANCE, then re-run.
        let draft = state.pending_transaction.take();
        state.clear_flow();
        state.resume_simulation = draft;
        state.draft_intent = Some(Intent::SetBankBalance);
        state.pending_params = Some(ParamsDraft::default());
        state.clarification_questions = vec![ClarificationQuestion {
            key: QuestionKey::Amount,
            question: text::question(Field::BankBalance, None),
            field: Field::BankBalance,
        }];
        ctx.say(text::BANK_BALANCE_NEEDED);
        return NodeOutcome::because("clarify", reasons::BANK_BALANCE_MISSING);
    }
    failed(ctx, ToolRequest::SimulatePurchase(input), result)
}

/// A debt to add or update, once the stored debts are read: the stored
/// debt its name means keeps its name, so one debt is never two.
fn after_debt_named(ctx: &mut TurnCtx, mut input: DebtInput, result: &ToolResult) -> NodeOutcome {
    let Some(list) = result.data_as::<DebtList>() else {
        let month = crate::time::iso_month(ctx.today);
        return failed(ctx, ToolRequest::ListDebts { month }, result);
    };
    if let Some(stored) = rules::match_debt(&list.debts, &input.name) {
        input.name = stored.name.clone();
    }
    ctx.prepared = Some(PendingWrite::AddOrUpdateDebt(input));
    NodeOutcome::because("confirm", reasons::DEBT_NAMED)
}
