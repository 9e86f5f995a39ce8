//! Every tool's rule, once, for every host: what it reads ([`needs`]) and,
//! from what was read, its result and the changes to store ([`decide`]).
//! [`run`] drives a [`Store`] a host keeps in memory; the Worker loads
//! from D1 and stages the changes in its commit batch with the same two
//! functions.

use super::store::{Change, Need, Store, View, day_range};
use super::{
    BankBalance, BudgetCap, DebtList, DebtPayment, Pays, Provider, ServiceRequest, ToolCall,
    ToolRequest, ToolResult, TransactionList, TransactionRow, cobros, codes, ledger, links, rules,
};
use crate::time::{iso_month, parse_iso_date};

/// A tool's result and the changes it asks the store to apply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub result: ToolResult,
    pub changes: Vec<Change>,
}

impl Decision {
    fn read(result: ToolResult) -> Decision {
        Decision {
            result,
            changes: Vec::new(),
        }
    }
}

/// Carries out one call over a store kept in memory.
pub fn run(store: &mut impl Store, call: &ToolCall, at: &str) -> ToolResult {
    let mut view = View::default();
    for need in needs(&call.request) {
        store.load(&need, &mut view);
    }
    let decision = decide(call, view, at);
    for change in decision.changes {
        store.apply(change);
    }
    decision.result
}

/// The month of a purchase date, when the date is one.
fn month_of(date_iso: &str) -> Option<String> {
    parse_iso_date(date_iso).map(iso_month)
}

/// What a request reads before it decides.
pub fn needs(request: &ToolRequest) -> Vec<Need> {
    // An invalid write is refused by `decide` before anything it read
    // counts; reading for it is harmless.
    match request {
        ToolRequest::AddTransaction(_) | ToolRequest::AddTransactions(_) => vec![Need::Head],
        ToolRequest::GetLastTransaction {} => vec![Need::Head],
        // What a payment paid changes with it (`links`).
        ToolRequest::UpdateLastTransaction(input) => {
            vec![Need::Row(input.transaction_id), Need::Debts, Need::Cobros]
        }
        ToolRequest::DeleteLastTransaction(input) => {
            vec![Need::Row(input.transaction_id), Need::Debts, Need::Cobros]
        }
        ToolRequest::AddOrUpdateDebt(input) => vec![Need::Debt(rules::debt_key(&input.name))],
        ToolRequest::PayDebt(input) => {
            vec![Need::Debt(rules::debt_key(&input.debt_name)), Need::Head]
        }
        ToolRequest::SetBudgetCap(_) | ToolRequest::SetBankBalance(_) => Vec::new(),
        ToolRequest::GetMonthSummary { month, category } => rules::month_bounds(month)
            .map(|range| Need::Groups {
                range,
                category: category.clone(),
            })
            .into_iter()
            .collect(),
        ToolRequest::GetPeriodSummary { from, to, category } => day_range(from, to)
            .map(|range| Need::Groups {
                range,
                category: category.clone(),
            })
            .into_iter()
            .collect(),
        ToolRequest::ListTransactions {
            month,
            category,
            limit,
        } => {
            let range = month.as_deref().map(rules::month_bounds);
            match range {
                // A malformed month has no rows.
                Some(None) => Vec::new(),
                range => vec![Need::Rows {
                    range: range.flatten(),
                    category: category.clone(),
                    limit: Some(*limit),
                }],
            }
        }
        ToolRequest::ListTransactionsBetween {
            from,
            to,
            category,
            limit,
        } => day_range(from, to)
            .map(|range| Need::Rows {
                range: Some(range),
                category: category.clone(),
                limit: Some(*limit),
            })
            .into_iter()
            .collect(),
        ToolRequest::GetBudgetStatus { month, category } => rules::month_bounds(month)
            .map(|_| Need::Budget {
                month: month.clone(),
                category: category.clone(),
            })
            .into_iter()
            .collect(),
        ToolRequest::ListDebts { .. } => vec![Need::Debts],
        ToolRequest::GetBankBalance {} => vec![Need::BankBalance],
        ToolRequest::SimulatePurchase(input) => {
            let mut needs = vec![Need::BankBalance, Need::Debts];
            if let Some(month) = month_of(&input.date_iso) {
                needs.push(Need::Budget {
                    month,
                    category: None,
                });
            }
            needs
        }
        ToolRequest::CallService(request) => service_needs(request),
    }
}

fn service_needs(request: &ServiceRequest) -> Vec<Need> {
    match request.provider {
        Provider::Ledger => ledger::window(request)
            .ok()
            .and_then(|(from, to)| day_range(&from, &to))
            .map(|range| Need::Rows {
                range: Some(range),
                category: None,
                limit: None,
            })
            .into_iter()
            .collect(),
        // A paid cobro records its income: the ledger head names its id.
        Provider::Cobros if records_movement(&request.service) => {
            vec![Need::Cobros, Need::Head]
        }
        Provider::Cobros => vec![Need::Cobros],
        Provider::Reminders => vec![Need::Reminders],
        Provider::Account => vec![Need::Holdings],
        // A «sí» to a proposal records its movement: the ledger head
        // names its id.
        Provider::Recurring if records_movement(&request.service) => {
            vec![Need::Recurring, Need::Head]
        }
        Provider::Recurring => vec![Need::Recurring],
        // A payment made through a service records its expense.
        Provider::Sandbox if paid_through(&request.service) => vec![Need::Head],
        Provider::Sandbox | Provider::Data => Vec::new(),
    }
}

/// Whether a service records a movement in the ledger besides its own
/// rows (a cobro's payment, a fixed payment's «sí»).
pub fn records_movement(service: &str) -> bool {
    matches!(service, "cobros.mark_paid" | "recurring.record") || paid_through(service)
}

/// Whether a service pays something of the user's in pesos (a bill, a
/// phone top-up): its payment is an expense of theirs, recorded with it.
/// The money went as sent, so no retelling corrects that movement.
pub fn paid_through(service: &str) -> bool {
    matches!(service, "billpay.pay" | "topups.send_topup")
}

/// The result of a call and the changes to store, from what its
/// [`needs`] loaded.
pub fn decide(call: &ToolCall, view: View, at: &str) -> Decision {
    if let Err(problem) = rules::check_write(&call.request) {
        return Decision::read(ToolResult::failure(call, codes::INVALID, problem, at));
    }
    match &call.request {
        ToolRequest::CallService(request) => decide_service(call, request, view, at),
        request if request.is_write() => decide_write(call, view, at),
        _ => Decision::read(decide_read(call, view, at)),
    }
}

/// Rows numbered after the head, in order.
fn number(view: &View, inputs: &[super::AddTransactionInput]) -> Vec<TransactionRow> {
    (1..)
        .zip(inputs)
        .map(|(offset, input)| input.to_row(view.head.max_id + offset))
        .collect()
}

fn decide_write(call: &ToolCall, view: View, at: &str) -> Decision {
    let fail = |(code, problem): (&str, &str)| {
        Decision::read(ToolResult::failure(call, code, problem, at))
    };
    let done = |result: ToolResult, changes: Vec<Change>| Decision { result, changes };
    match &call.request {
        ToolRequest::AddTransaction(input) => {
            let row = number(&view, std::slice::from_ref(input)).remove(0);
            done(
                ToolResult::success(call, &row, at),
                vec![Change::Insert(row)],
            )
        }
        ToolRequest::AddTransactions(input) => {
            let transactions = number(&view, &input.transactions);
            let changes = transactions.iter().cloned().map(Change::Insert).collect();
            done(
                ToolResult::success(call, &TransactionList { transactions }, at),
                changes,
            )
        }
        ToolRequest::UpdateLastTransaction(input) => {
            if let Err(refusal) = rules::check_row(view.row.as_ref(), input.transaction_version) {
                return fail(refusal);
            }
            let Some(previous) = view.row.clone() else {
                return fail((codes::NOT_FOUND, "no such transaction"));
            };
            // The row keeps its place and id; its version goes up.
            let mut row = input.to_row();
            row.pays = links::kept(&previous, &row);
            let (mut changes, followed) = match links::follow(&previous, Some(&row), &view) {
                Ok(followed) => followed,
                Err(problem) => return fail((codes::INVALID, problem)),
            };
            changes.insert(
                0,
                Change::Update {
                    previous,
                    row: row.clone(),
                },
            );
            let corrected = links::corrected(&row, followed);
            done(ToolResult::success(call, &corrected, at), changes)
        }
        ToolRequest::DeleteLastTransaction(input) => {
            if let Err(refusal) = rules::check_row(view.row.as_ref(), input.transaction_version) {
                return fail(refusal);
            }
            let Some(row) = view.row.clone() else {
                return fail((codes::NOT_FOUND, "no such transaction"));
            };
            let (mut changes, followed) = match links::follow(&row, None, &view) {
                Ok(followed) => followed,
                Err(problem) => return fail((codes::INVALID, problem)),
            };
            changes.insert(0, Change::Delete(row.clone()));
            let deleted = links::corrected(&row, followed);
            done(ToolResult::success(call, &deleted, at), changes)
        }
        ToolRequest::AddOrUpdateDebt(input) => {
            let debt = rules::merge_debt(view.debt.as_ref(), input);
            let key = rules::debt_key(&input.name);
            done(
                ToolResult::success(call, &debt, at),
                vec![Change::SaveDebt { key, debt }],
            )
        }
        ToolRequest::PayDebt(input) => {
            let debt = match rules::pay_debt(view.debt.as_ref(), input) {
                Ok(debt) => debt,
                Err(refusal) => return fail(refusal),
            };
            let key = rules::debt_key(&input.debt_name);
            let mut row = number(&view, std::slice::from_ref(&input.payment)).remove(0);
            row.pays = Some(Pays::Debt(key.clone()));
            let changes = vec![
                Change::PayDebt {
                    key,
                    before: input.balance_before_mxn_cents,
                    debt: debt.clone(),
                },
                Change::Insert(row.clone()),
            ];
            let payment = DebtPayment {
                transaction: row,
                debt,
            };
            done(ToolResult::success(call, &payment, at), changes)
        }
        ToolRequest::SetBudgetCap(input) => done(
            ToolResult::success(call, &BudgetCap::from(input), at),
            vec![Change::SetBudget(input.clone())],
        ),
        ToolRequest::SetBankBalance(input) => {
            let balance = BankBalance {
                balance_mxn_cents: input.balance_mxn_cents,
                updated_at_iso: at.to_string(),
            };
            done(
                ToolResult::success(call, &balance, at),
                vec![Change::SetBankBalance(balance)],
            )
        }
        _ => fail((codes::INVALID, "not a write")),
    }
}

fn decide_read(call: &ToolCall, view: View, at: &str) -> ToolResult {
    let invalid = |problem: &str| ToolResult::failure(call, codes::INVALID, problem, at);
    let missing = |problem: &str| ToolResult::failure(call, codes::NOT_FOUND, problem, at);
    let list = |transactions: Vec<TransactionRow>| {
        ToolResult::success(call, &TransactionList { transactions }, at)
    };
    match &call.request {
        ToolRequest::GetMonthSummary { month, category } => {
            if rules::month_bounds(month).is_none() {
                return invalid("bad month");
            }
            let summary = rules::month_summary(month, category.as_deref(), &view.groups);
            ToolResult::success(call, &summary, at)
        }
        ToolRequest::GetPeriodSummary { from, to, category } => {
            if day_range(from, to).is_none() {
                return invalid("bad period");
            }
            let summary = rules::period_summary(from, to, category.as_deref(), &view.groups);
            ToolResult::success(call, &summary, at)
        }
        ToolRequest::ListTransactions { .. } => list(view.rows),
        ToolRequest::ListTransactionsBetween { from, to, .. } => match day_range(from, to) {
            Some(_) => list(view.rows),
            None => invalid("bad period"),
        },
        ToolRequest::GetLastTransaction {} => match &view.head.last {
            Some(row) => ToolResult::success(call, row, at),
            None => missing("no transactions"),
        },
        // Loaded only for a month that is one (`needs`).
        ToolRequest::GetBudgetStatus { .. } => match &view.budget {
            Some(status) => ToolResult::success(call, status, at),
            None => invalid("bad month"),
        },
        ToolRequest::ListDebts { .. } => {
            ToolResult::success(call, &DebtList::from_debts(view.debts), at)
        }
        ToolRequest::GetBankBalance {} => match &view.balance {
            Some(balance) => ToolResult::success(call, balance, at),
            None => missing("no bank balance"),
        },
        ToolRequest::SimulatePurchase(input) => {
            let (Some(_), Some(budget)) = (month_of(&input.date_iso), &view.budget) else {
                return invalid("bad date");
            };
            let Some(balance) = &view.balance else {
                return missing("no bank balance");
            };
            match rules::simulate(input, balance, budget, &view.debts) {
                Ok(simulation) => ToolResult::success(call, &simulation, at),
                Err(problem) => invalid(problem),
            }
        }
        _ => invalid("not a read"),
    }
}

fn decide_service(call: &ToolCall, request: &ServiceRequest, view: View, at: &str) -> Decision {
    match request.provider {
        Provider::Ledger => Decision::read(match ledger::window(request) {
            Ok((from, to)) if day_range(&from, &to).is_some() => {
                ledger::run(call, request, &view.rows, at)
            }
            Ok(_) => ToolResult::failure(call, codes::INVALID, "bad period", at),
            Err(problem) => ToolResult::failure(call, codes::INVALID, &problem, at),
        }),
        Provider::Cobros => {
            let outcome = cobros::run(call, &request.service, &request.params, &view.book, at);
            let mut max_id = view.head.max_id;
            let changes = outcome
                .changes
                .into_iter()
                .map(|change| match change {
                    cobros::Change::AddIncome(input, seq) => {
                        max_id += 1;
                        let mut row = input.to_row(max_id);
                        row.pays = Some(Pays::Cobro(seq));
                        Change::Insert(row)
                    }
                    other => Change::Cobros(other),
                })
                .collect();
            Decision {
                result: outcome.result,
                changes,
            }
        }
        Provider::Reminders => {
            let outcome = super::reminder_settings::run(
                call,
                &request.service,
                &request.params,
                view.reminders,
                at,
            );
            Decision {
                result: outcome.result,
                changes: outcome.save.map(Change::SetReminders).into_iter().collect(),
            }
        }
        Provider::Account => {
            let outcome =
                super::account::run(call, &request.service, &request.params, view.holdings, at);
            Decision {
                result: outcome.result,
                changes: if outcome.delete {
                    vec![Change::DeleteAccount]
                } else {
                    Vec::new()
                },
            }
        }
        Provider::Recurring => {
            let outcome =
                super::recurring::run(call, &request.service, &request.params, &view.recurring, at);
            let mut changes: Vec<Change> =
                outcome.changes.into_iter().map(Change::Recurring).collect();
            if let Some(movement) = outcome.movement {
                changes.insert(0, Change::Insert(movement.to_row(view.head.max_id + 1)));
            }
            Decision {
                result: outcome.result,
                changes,
            }
        }
        Provider::Sandbox | Provider::Data => {
            let result = super::run_service(call, request, at);
            // A transfer created is kept, to say when it arrives.
            let created = (request.service == super::transfers::CREATE_SERVICE && result.ok)
                .then(|| {
                    let now = crate::time::parse_iso_utc(at)?;
                    super::transfers::Transfer::created(
                        &result.data_as::<serde_json::Value>()?,
                        now,
                    )
                })
                .flatten();
            let paid = (result.ok && paid_through(&request.service))
                .then(|| super::sandbox::paid_movement(&request.params))
                .flatten();
            let mut changes: Vec<Change> = created.map(Change::Transfer).into_iter().collect();
            if let Some(movement) = paid {
                changes.push(Change::Insert(movement.to_row(view.head.max_id + 1)));
            }
            Decision { result, changes }
        }
    }
}
