//! parse: reads the message into an intent and drafts; queries become the
//! read calls they need. Computes no totals.

use super::drafts::{complete_items, start_drafts};
use super::state::PendingWrite;
use super::state::{AgentState, ClarificationQuestion, Field, QuestionKey};
use super::state::{DaySpan, LastQuery};
use super::{TurnCtx, Work, text};
use crate::agent::text::reasons;
use crate::graph::NodeOutcome;
use crate::nlu::{Intent, QueryKind, Understanding, understand};
use crate::time::{iso_date, iso_month};
use crate::tools::ToolRequest;
use crate::tools::rules::MAX_LIST_LIMIT;

pub fn parse(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    // The router hands over what it already read (a follow-up among it).
    let given = ctx.understanding.is_some();
    let mut u = match ctx.understanding.take() {
        Some(u) => u,
        None => ctx.reading.understanding().clone(),
    };
    // A new change asked for leaves the movements still queued from an
    // earlier message: they are named, never silently dropped. A question
    // keeps them (what is open is asked again).
    let new_change = !matches!(
        u.intent,
        Intent::QueryData | Intent::SimulatePurchase | Intent::Unknown
    );
    if !ctx.queued_item && new_change && !state.queued_items.is_empty() {
        let left = state.take_queued();
        ctx.say(text::items_left(&left));
    }
    if !ctx.queued_item {
        u = match several_items(state, ctx, u) {
            Ok(first) => first,
            Err(outcome) => return outcome,
        };
    }
    if !given {
        u = first_question(ctx, u);
    }
    if !given {
        u = super::recent::follow_ups(state, ctx, u);
    }
    // A correction right after a prompt was turned down is about what was
    // turned down, which was never saved ("no!! fueron 2,400 de
    // llantas"): it is a new request, never a change of a stored movement,
    // unless it names one ("el último", "el de 4,794", "el de ayer").
    let names_row = u
        .target
        .as_ref()
        .is_some_and(|t| t.position > Some(1) || !t.amounts.is_empty() || t.date_iso.is_some());
    if u.intent == Intent::UpdateLastTransaction
        && just_rejected(state)
        && !names_row
        && !crate::nlu::answers::names_last_record(&ctx.reading)
    {
        u = ctx.reading.understanding_as(Intent::LogTransaction);
    }
    if let Some(intent) = super::retold::retold_intent(state, &ctx.reading, &u) {
        u = super::retold::retold(&ctx.reading, intent);
    }
    if let Some(outcome) = super::recent::correction_after_other_save(state, ctx, &mut u, names_row)
    {
        return outcome;
    }
    if !names_row && new_movement_said(&u, &ctx.reading) {
        u = ctx.reading.understanding_as(Intent::LogTransaction);
    }
    // "el último era ingreso, no gasto": the kind a change names, when no
    // category says it.
    if u.intent == Intent::UpdateLastTransaction && u.category.is_none() {
        u.kind = crate::nlu::answers::kind_for_stored(&ctx.reading).or(u.kind);
    }
    if !given {
        super::income_words::apply(state, &ctx.reading, &mut u);
        super::income_words::learn(state, &ctx.reading, &u);
    }
    ctx.understanding = Some(u.clone());
    state.extracted_intent = u.intent;

    // "saqué 2000 del cajero", "deposité 5000 en el banco": the person's
    // own money moved, neither a movement nor the balance.
    let moved = matches!(
        u.intent,
        Intent::LogTransaction | Intent::SetBankBalance | Intent::Unknown
    ) && !ctx.queued_item
        && crate::nlu::first_request_moves_own_money(&ctx.reading);
    if moved {
        ctx.say(text::OWN_MONEY_MOVED);
        return NodeOutcome::because("respond", reasons::OWN_MONEY_MOVED);
    }
    if u.intent == Intent::Unknown {
        // A bare "sí" or "no" with no prompt open: say so, not the menu.
        if ctx.reading.decision() != crate::nlu::answers::Decision::Other {
            ctx.say(text::NOTHING_TO_CONFIRM);
            return NodeOutcome::because("respond", reasons::A_DECISION_WITH_NOTHING_PENDING);
        }
        ctx.say(text::HELP);
        return NodeOutcome::because("respond", reasons::UNKNOWN_INTENT);
    }
    if u.confidence < crate::confidence::SURE {
        return ask_which(state, ctx, &u);
    }
    if u.intent == Intent::QueryData {
        return query(state, ctx, &u);
    }

    if let Some(answered) = cash_is_no_balance(&mut u, ctx) {
        return answered;
    }

    if u.negative_amount {
        ctx.say(text::NEGATIVE_AMOUNT);
    }
    let foreign = start_drafts(state, &u);
    if u.intent == Intent::SetBudget {
        own_budget_category(state, &ctx.reading);
    }
    if let Some(code) = foreign {
        // Remembered through validate as an explicit question.
        state.clarification_questions = vec![ClarificationQuestion {
            key: QuestionKey::Amount,
            question: text::question(Field::ForeignAmount, Some(code)),
            field: Field::ForeignAmount,
        }];
    }
    NodeOutcome::because("validate", reasons::wants(u.intent))
}

/// Two questions in one message: the first is answered, the rest named
/// (never dropped); totals of one period asked together are one summary.
fn first_question(ctx: &mut TurnCtx, mut u: Understanding) -> Understanding {
    if matches!(u.intent, Intent::QueryData | Intent::SimulatePurchase) {
        let questions = crate::nlu::items::split_questions(ctx.reading.text());
        if let [first, rest @ ..] = questions.as_slice()
            && !rest.is_empty()
        {
            if let Some(summary) = totals_of_one_period(&questions, ctx.today) {
                // "¿cuánto vendí y cuánto gasté esta semana?": one summary
                // of the period answers every total asked.
                u = summary;
            } else {
                ctx.say(text::questions_not_answered(rest));
                u = understand(first, ctx.today);
            }
        }
    }
    u
}

/// Cash is never the bank balance (seed 000): said alone it is explained
/// and nothing asked; said beside the bank, the bank's part is the balance.
fn cash_is_no_balance(u: &mut Understanding, ctx: &mut TurnCtx) -> Option<NodeOutcome> {
    if u.intent != Intent::SetBankBalance {
        return None;
    }
    match crate::nlu::cash_said(&ctx.reading) {
        // Said, never dropped without a word.
        crate::nlu::Cash::BesideBank(amount) => {
            u.amount = Some(amount);
            ctx.say(text::CASH_BESIDE_THE_BANK);
        }
        crate::nlu::Cash::Only => {
            ctx.say(text::cash_is_not_the_bank(u.amount));
            return Some(NodeOutcome::because(
                "respond",
                reasons::CASH_IS_NOT_THE_BANK,
            ));
        }
        crate::nlu::Cash::Unsaid => {}
    }
    None
}

/// "ponle gasolina 200" after the tacos were saved: a change that says a
/// whole movement (its money and where it went), points at no stored one
/// by its words, opens no correction and that the learned model surely
/// reads as money spent or received is a new movement, never the tacos
/// changed.
fn new_movement_said(u: &Understanding, reading: &crate::nlu::Reading) -> bool {
    let learned_movement = || {
        reading.learned_at_rest().is_some_and(|scores| {
            let (label, p) = scores.best();
            matches!(label, "finance.expense" | "finance.income")
                && p as f32 >= crate::confidence::LEARNED_SURE
        })
    };
    u.intent == Intent::UpdateLastTransaction
        && u.amount.is_some()
        && u.category.is_some()
        && u.target.as_ref().is_none_or(|t| t.words.is_empty())
        && !crate::nlu::answers::starts_correction(reading.folded())
        && !crate::nlu::answers::names_last_record(reading)
        && learned_movement()
}

/// "presupuesto de 2,000 para insumos": a budget's category of the user's
/// own, when no category of Caja's was read (one budget said alone).
fn own_budget_category(state: &mut AgentState, reading: &crate::nlu::Reading) {
    if let Some(params) = state.pending_params.as_mut()
        && params.budget_category.is_none()
        && reading.extraction().items.len() < 2
    {
        params.budget_category = crate::nlu::answers::own_category_named(reading.tokens());
    }
}

/// Whether the turn before this one turned a prompt down.
fn just_rejected(state: &AgentState) -> bool {
    state
        .last_decided
        .as_ref()
        .is_some_and(|d| !d.confirmed && d.turn + 1 == state.turn_seq)
}

/// A reading not sure enough: the likely intents are offered (one weak
/// candidate is offered with the most common other).
fn ask_which(state: &mut AgentState, ctx: &mut TurnCtx, u: &Understanding) -> NodeOutcome {
    let mut candidates = vec![u.intent];
    candidates.extend(
        u.alternatives
            .iter()
            .map(|(i, _)| *i)
            .filter(|i| *i != Intent::Unknown),
    );
    candidates.dedup();
    candidates.truncate(3);
    if candidates.len() == 1 {
        // One weak candidate: offer it or help.
        candidates.push(if u.intent == Intent::LogTransaction {
            Intent::QueryData
        } else {
            Intent::LogTransaction
        });
    }
    state.clear_flow();
    state.intent_candidates = candidates.clone();
    state.unclear_message = Some(ctx.reading.text().to_string());
    state.clarification_questions = vec![ClarificationQuestion {
        key: QuestionKey::Other,
        question: text::which_intent(&candidates),
        field: Field::Intent,
    }];
    NodeOutcome::because("unclear", reasons::unsure(u.confidence))
}

/// A message that says several movements or budgets: complete movements
/// go in one prompt (`Err`, to validate); otherwise the first item is
/// read now and the rest queued, each read as what the message asked
/// (`respond` takes the next once the one before it is done). Budgets are
/// always taken one at a time, each read as a budget, never one amount
/// for another's category ("9,000 en total y 3,000 para el súper").
fn several_items(
    state: &mut AgentState,
    ctx: &mut TurnCtx,
    u: Understanding,
) -> Result<Understanding, NodeOutcome> {
    if u.intent == Intent::ManageDebt {
        return several_debts(state, ctx, u);
    }
    if !matches!(u.intent, Intent::LogTransaction | Intent::SetBudget) {
        return Ok(u);
    }
    // Another agent's items wait their turn, after the movements.
    let items = own_first(&ctx.reading, ctx.today);
    let (own, others) = items.all.split_at(items.others.unwrap_or(items.all.len()));
    if u.intent == Intent::LogTransaction
        && let Some(mut rows) = complete_items(own, ctx.today)
    {
        super::income_words::items(state, own, ctx.today, &mut rows.transactions);
        if !others.is_empty() {
            ctx.say(text::items_in_turn(&own.join(", "), others));
            state.queue_items(others, u.intent);
        }
        state.extracted_intent = u.intent;
        state.clear_flow();
        state.draft_intent = Some(Intent::LogTransaction);
        ctx.understanding = Some(u);
        ctx.prepared = Some(PendingWrite::AddTransactions(rows));
        return Err(NodeOutcome::because(
            "validate",
            reasons::SEVERAL_COMPLETE_ITEMS,
        ));
    }
    let items = items.all;
    let [first, rest @ ..] = items.as_slice() else {
        return Ok(u);
    };
    if rest.is_empty() {
        return Ok(u);
    }
    ctx.say(text::items_in_turn(first, rest));
    state.queue_items(rest, u.intent);
    Ok(match u.intent {
        Intent::SetBudget => crate::nlu::understand_as(first, ctx.today, Intent::SetBudget),
        // "la renta es de 9000 y la pago yo, …": an item the rules alone
        // are unsure of is what the whole message was read as.
        _ => Some(understand(first, ctx.today))
            .filter(|f| f.intent == u.intent || f.confidence >= crate::confidence::CLEAR)
            .unwrap_or_else(|| crate::nlu::understand_as(first, ctx.today, u.intent)),
    })
}

/// Debts of several creditors in one message ("debo 5000 a Coppel y
/// 3000 a Elektra"): one at a time, each read as a debt, never one's
/// amount taken as another's minimum. Only when every item names its own
/// creditor: "deuda con Coppel de 5,000, mínimo 500" is one debt.
fn several_debts(
    state: &mut AgentState,
    ctx: &mut TurnCtx,
    u: Understanding,
) -> Result<Understanding, NodeOutcome> {
    let items = ctx.reading.items().to_vec();
    let [first, rest @ ..] = items.as_slice() else {
        return Ok(u);
    };
    if rest.is_empty() {
        return Ok(u);
    }
    let read: Vec<Understanding> = items
        .iter()
        .map(|item| crate::nlu::understand_as(item, ctx.today, Intent::ManageDebt))
        .collect();
    if let Some(paid) = paid_after_debt(&items, &read[0], ctx.today) {
        ctx.say(text::items_in_turn(first, rest));
        state.queue_items(&[paid], Intent::LogTransaction);
        return Ok(read[0].clone());
    }
    // "…, pago 2,100 al mes el día 20": a minimum with no balance of its
    // own is the terms of the debt said before it, one debt.
    if read[1..]
        .iter()
        .any(|r| r.debt_balance.is_none() && (r.debt_minimum.is_some() || r.debt_due_day.is_some()))
    {
        return Ok(u);
    }
    let names: Vec<Option<String>> = read.into_iter().map(|r| r.debt_name).collect();
    let distinct = names.iter().enumerate().all(|(i, name)| {
        name.as_ref()
            .is_some_and(|n| !names[..i].iter().flatten().any(|m| m == n))
    });
    if !distinct {
        return Ok(u);
    }
    ctx.say(text::items_in_turn(first, rest));
    state.queue_items(rest, Intent::ManageDebt);
    Ok(crate::nlu::understand_as(
        first,
        ctx.today,
        Intent::ManageDebt,
    ))
}

/// "el bryan me prestó 300, ya le pagué 100": a payment made, said after
/// a debt with no creditor of its own, is a payment to that debt, taken
/// once the debt is saved: the item with the creditor named.
fn paid_after_debt(
    items: &[String],
    debt: &Understanding,
    today: chrono::NaiveDate,
) -> Option<String> {
    let [_, paid] = items else {
        return None;
    };
    let name = debt.debt_name.as_deref()?;
    debt.debt_balance?;
    let reading = crate::nlu::Reading::new(paid, today);
    let payment = reading.understanding();
    (payment.intent == Intent::LogTransaction
        && payment.amount.is_some()
        && payment.debt_paid.is_none()
        && crate::nlu::tells_of_payment_made(&reading))
    .then(|| format!("{paid} a {name}"))
}

/// When every question asks a total of money in or out ("¿cuánto
/// vendí?", "¿cuánto gasté?", "¿cómo voy?") and at most one says when:
/// the summary of that period, which answers them all.
fn totals_of_one_period(questions: &[String], today: chrono::NaiveDate) -> Option<Understanding> {
    use crate::kinds::CategoryType;
    let read: Vec<Understanding> = questions.iter().map(|q| understand(q, today)).collect();
    // "¿cuánto vendí?" alone reads as a sale with no amount: asked, it
    // is the total of sales.
    let income = |r: &Understanding| {
        r.category
            .is_some_and(|c| c.category_type == CategoryType::Income)
    };
    let totals = read.iter().all(|r| {
        let summary = r.query == Some(crate::nlu::QueryKind::Summary)
            || r.intent == Intent::LogTransaction && r.amount.is_none() && income(r);
        summary && r.description.is_none() && (r.category.is_none() || income(r))
    });
    let timed = |r: &&Understanding| r.period.is_some() || r.date.is_some() || r.month.is_some();
    if !totals || read.iter().filter(timed).count() > 1 {
        return None;
    }
    let mut summary = read.iter().find(timed).unwrap_or(&read[0]).clone();
    summary.intent = Intent::QueryData;
    summary.category = None;
    summary.kind = None;
    Some(summary)
}

/// A message's items, those another agent takes last ("la Mari me dio
/// 300 de lo que me debe": a cobro's payment), and where they start.
struct Items {
    all: Vec<String>,
    others: Option<usize>,
}

/// The items of the message, the ones another agent takes last, each in
/// its own words: the day the message opened with is lent to movements
/// only (another agent reads its own days: "el viernes" of a night out is
/// no cobro's due day).
fn own_first(reading: &crate::nlu::Reading, today: chrono::NaiveDate) -> Items {
    let items = reading.items();
    let registry = crate::agents::registry::shipped()
        .ok()
        .filter(|_| items.len() > 1);
    let Some(registry) = registry else {
        return Items {
            all: items.to_vec(),
            others: None,
        };
    };
    let (others, own): (Vec<String>, Vec<String>) = items.iter().cloned().partition(|item| {
        let reading = crate::nlu::Reading::new(item, today);
        crate::agents::claim::item_route(registry, &reading).is_some()
    });
    let at = (!others.is_empty()).then_some(own.len());
    let others = others
        .into_iter()
        .map(|item| crate::nlu::items::without_lent_day(reading.text(), &item, today));
    Items {
        all: own.into_iter().chain(others).collect(),
        others: at,
    }
}

/// A question: remembered for a follow-up, and turned into the read calls
/// it needs (by description, a list of rows too).
fn query(state: &mut AgentState, ctx: &mut TurnCtx, u: &Understanding) -> NodeOutcome {
    state.last_query = Some(LastQuery {
        turn: state.turn_seq,
        query: u.query.unwrap_or(QueryKind::Summary),
        category: u.category.map(|c| c.key.to_string()),
        description: u.description.clone(),
        month: u.month.clone(),
        period: u.period.map(|p| DaySpan {
            from: iso_date(p.from),
            to: iso_date(p.to),
        }),
    });
    let month = u.month.clone().unwrap_or_else(|| iso_month(ctx.today));
    let category = u.category.map(|c| c.key.to_string());
    let period = u.period.map(|p| (iso_date(p.from), iso_date(p.to)));
    let request = match (u.query.unwrap_or(QueryKind::Summary), period) {
        (QueryKind::Summary, Some((from, to))) => ToolRequest::GetPeriodSummary {
            from,
            to,
            category: category.clone(),
        },
        (QueryKind::Transactions, Some((from, to))) => ToolRequest::ListTransactionsBetween {
            from,
            to,
            category: category.clone(),
            limit: 20,
        },
        (kind, _) => {
            let all = ctx
                .reading
                .cues()
                .has(crate::nlu::lexicon::cues().said.all_rows_words);
            month_request(kind, u, (month.clone(), all), category.clone())
        }
    };
    if let (Some(word), Some(category)) = (&u.description, category) {
        let rows = match &request {
            ToolRequest::GetPeriodSummary { from, to, .. } => {
                ToolRequest::ListTransactionsBetween {
                    from: from.clone(),
                    to: to.clone(),
                    category: Some(category),
                    limit: MAX_LIST_LIMIT,
                }
            }
            _ => ToolRequest::ListTransactions {
                month: Some(month),
                category: Some(category),
                limit: MAX_LIST_LIMIT,
            },
        };
        ctx.work = Work::SpentOn {
            word: word.clone(),
            requests: vec![request, rows],
        };
        return NodeOutcome::because("validate", reasons::QUERY_BY_DESCRIPTION);
    }
    let mut requests = vec![request];
    if let ToolRequest::GetBudgetStatus {
        month,
        category: None,
    } = &requests[0]
    {
        // With no budget set, what is left is the month's incomes less its
        // expenses: read them with it.
        requests.push(ToolRequest::GetMonthSummary {
            month: month.clone(),
            category: None,
        });
    }
    ctx.work = Work::Query(requests);
    NodeOutcome::because("validate", reasons::QUERY)
}

/// The read for a question about a whole month (or the debts, budget,
/// balance).
fn month_request(
    kind: QueryKind,
    u: &crate::nlu::Understanding,
    (month, all): (String, bool),
    category: Option<String>,
) -> ToolRequest {
    match kind {
        QueryKind::Summary => ToolRequest::GetMonthSummary { month, category },
        // "todos mis movimientos del mes": every row, not the last ten.
        QueryKind::Transactions => ToolRequest::ListTransactions {
            month: u.month.clone(),
            category,
            limit: if all {
                crate::tools::rules::MAX_ROWS_SHOWN
            } else {
                10
            },
        },
        QueryKind::Budget => ToolRequest::GetBudgetStatus { month, category },
        QueryKind::Debts => ToolRequest::ListDebts { month },
        QueryKind::Balance => ToolRequest::GetBankBalance {},
    }
}
