//! respond: the last node of every turn. Keeps this turn's tool results in
//! the state (short-term only), makes sure there is a reply, and that an
//! open confirmation or question is never lost from view: a turn that
//! answered something else asks it again, unchanged (same action id, same
//! expiry, so its buttons stay valid).

use super::state::AgentState;
use super::{ConfirmationStatus, TurnCtx, text};
use crate::agent::text::reasons;
use crate::graph::NodeOutcome;

pub fn respond(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    state.tool_results = ctx.results.clone();
    if ctx.reply.is_empty() {
        ctx.say(text::HELP);
    }
    if let Some(outcome) = data_agent_again(state, ctx) {
        return outcome;
    }
    resume_waiting_draft(state, ctx);
    if let Some(next) = next_item(state, ctx) {
        return next;
    }
    let shown = |ctx: &TurnCtx, text: &str| ctx.reply.iter().any(|r| r.contains(text));
    if let Some(prompt) = state
        .pending_action
        .as_ref()
        .filter(|p| p.write().is_some())
        .map(|p| p.prompt.clone())
        && !shown(ctx, &prompt)
        && ctx.confirmation != ConfirmationStatus::Reasked
    {
        let line = still_or_anew(state, ctx);
        ctx.say(line);
        ctx.say(prompt);
        ctx.suggestions = vec![text::YES.into(), text::NO.into()];
        if ctx.confirmation == ConfirmationStatus::None {
            ctx.confirmation = ConfirmationStatus::Reasked;
        }
        return NodeOutcome::because("done", reasons::PENDING_CONFIRMATION_ASKED_AGAIN);
    }
    if let Some(question) = state.clarification_questions.first().cloned()
        && state.pending_write().is_none()
        && !shown(ctx, &question.question)
    {
        ctx.say(question.question);
        ctx.suggestions = text::question_suggestions(question.field);
        return NodeOutcome::because("done", reasons::OPEN_QUESTION_ASKED_AGAIN);
    }
    NodeOutcome::because("done", "")
}

/// The next movement a message said, once nothing else is open: read on
/// its own as a movement, and taken through the same steps.
fn next_item(state: &mut AgentState, ctx: &mut TurnCtx) -> Option<NodeOutcome> {
    let busy = state.pending_action.is_some()
        || state.pending_transaction.is_some()
        || !state.clarification_questions.is_empty()
        || !state.intent_candidates.is_empty()
        || state.has_open_flow()
        || state.waiting_draft.is_some();
    if busy {
        return None;
    }
    let (item, intent) = state.next_queued()?;
    ctx.say(text::next_item(&item));
    // An item another agent takes ("…y pago 400 cada semana los
    // miércoles" after a debt) goes to it, as a message of its own would.
    let reading = crate::nlu::Reading::new(&item, ctx.today);
    let claimed = crate::agents::registry::shipped()
        .is_ok_and(|registry| crate::agents::claim::item_route(registry, &reading).is_some());
    if claimed {
        ctx.reading = reading;
        ctx.mode = super::Mode::Fresh;
        ctx.prepared = None;
        ctx.queued_item = true;
        return Some(NodeOutcome::because("delegate", reasons::NEXT_ITEM));
    }
    // "…y saqué 2000 del cajero": the person's own money moved.
    if crate::nlu::first_request_moves_own_money(&reading) {
        ctx.say(text::OWN_MONEY_MOVED);
        return next_item(state, ctx);
    }
    // A movement (or budget) of a message that logged movements (or set
    // budgets), whatever else its words could mean alone ("50").
    ctx.understanding = Some(crate::nlu::understand_as(&item, ctx.today, intent));
    ctx.mode = super::Mode::Fresh;
    ctx.prepared = None;
    ctx.queued_item = true;
    Some(NodeOutcome::because("parse", reasons::NEXT_ITEM))
}

/// The data agents' side of "never lost from view": a flow the Financial
/// Agent interrupted comes back once nothing of finance is open, and a
/// turn that answered small talk or help asks the active agent's open
/// question again.
fn data_agent_again(state: &mut AgentState, ctx: &mut TurnCtx) -> Option<NodeOutcome> {
    if state.agent_stack.len() <= 1 && state.current_flow.is_none() {
        return None;
    }
    let registry = crate::agents::registry::shipped().ok()?;
    if crate::agents::chain::interrupted(&state.agent_stack) && !state.has_open_flow() {
        let today = serde_json::Value::from(ctx.today.to_string());
        let lines =
            state.with_orchestra(|o| crate::agents::chain::resume_interrupted(registry, o, &today));
        if !lines.is_empty() {
            if state.renew_if_expired(ctx.now, &ctx.now_iso, ctx.config.confirmation_ttl_ms) {
                ctx.say(text::EXPIRED);
            }
            ctx.reply.extend(lines);
            if state.pending_action.is_some() {
                ctx.suggestions = vec![text::YES.into(), text::NO.into()];
            }
            return Some(NodeOutcome::because(
                "done",
                reasons::INTERRUPTED_FLOW_RESUMED,
            ));
        }
    }
    if !ctx.chain.steps.is_empty() {
        return None;
    }
    let today = serde_json::Value::from(ctx.today.to_string());
    let question =
        state.with_orchestra(|o| crate::agents::chain::open_question(registry, o, &today))?;
    if ctx.reply.iter().any(|r| r.contains(&question)) {
        return None;
    }
    if state.pending_action.is_some() {
        let line = still_or_anew(state, ctx);
        ctx.say(line);
        ctx.suggestions = vec![text::YES.into(), text::NO.into()];
    }
    ctx.say(question);
    Some(NodeOutcome::because(
        "done",
        reasons::OPEN_QUESTION_ASKED_AGAIN,
    ))
}

/// What comes before an open prompt asked again: it is still pending
/// while alive; once expired it is offered anew under a new id.
fn still_or_anew(state: &mut AgentState, ctx: &mut TurnCtx) -> &'static str {
    if state.renew_if_expired(ctx.now, &ctx.now_iso, ctx.config.confirmation_ttl_ms) {
        if ctx.confirmation == ConfirmationStatus::None {
            ctx.confirmation = ConfirmationStatus::Expired;
        }
        text::EXPIRED
    } else {
        text::STILL_PENDING
    }
}

/// A finance draft that waited while another agent's request ran comes
/// back once that agent has nothing open (its prompt or question is then
/// asked again below).
fn resume_waiting_draft(state: &mut AgentState, ctx: &mut TurnCtx) {
    let data_open = state.current_flow.is_some()
        || state
            .pending_action
            .as_ref()
            .is_some_and(|p| p.service().is_some())
        || state.agent_stack.iter().any(|f| f.suspended_flow.is_some());
    if state.waiting_draft.is_none() || data_open {
        return;
    }
    if let Some(what) = state.resume_draft() {
        // The draft is the home agent's: the agent that was entered for
        // the request, now done, hands back.
        state.agent_stack.truncate(1);
        ctx.say(text::dialogue::back_to(&what));
        if state.pending_write().is_some() {
            ctx.suggestions = vec![text::YES.into(), text::NO.into()];
        }
    }
}
