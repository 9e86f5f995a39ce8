//! The message while a prompt or a question is open: an answer to it, a
//! change of what it shows, a question answered in passing (the prompt is
//! asked again), or a new request that sets it aside, named.

use super::super::state::{AgentState, PendingWrite};
use super::super::{Mode, TurnCtx, text};
use super::{
    answers_closed_question, is_correction, is_full_request, names_another_row, replaces_draft,
    set_aside,
};
use crate::graph::NodeOutcome;
use crate::nlu::Intent;
use crate::nlu::answers::{self, Decision};

/// A finance write waits for its «sí».
pub(super) fn at_confirmation(
    state: &mut AgentState,
    ctx: &mut TurnCtx,
    trimmed: String,
) -> NodeOutcome {
    match ctx.reading.decision() {
        Decision::Confirm | Decision::Reject => {
            state.last_user_message = trimmed;
            ctx.mode = Mode::Decide;
            return NodeOutcome::because("confirm", "confirmation token");
        }
        Decision::Other => {}
    }
    // "si, perdón, me entretuve con un cliente": a yes with more words is
    // not a change of the draft (its words are never read into it); the
    // gate asks for the yes alone, or offers an expired prompt anew.
    if answers::opens_with_yes(&ctx.reading) {
        state.last_user_message = trimmed;
        ctx.mode = Mode::Decide;
        return NodeOutcome::because("confirm", "a yes with more words");
    }
    // "ah no, los tacos fueron 150" while several movements wait: that
    // one changes and the prompt is shown again under a new id.
    if let Some(rows) = super::super::rows::patch_row(state, &ctx.reading) {
        state.last_user_message = trimmed;
        state.pending_action = Default::default();
        ctx.prepared = Some(PendingWrite::AddTransactions(rows));
        return NodeOutcome::because("confirm", "a change of one of the movements");
    }
    // "y 80 de refresco", "también gasté 50 en taxi": another movement
    // for the same «sí», never a change of the one shown.
    if let Some(rows) = super::super::rows::add_rows(state, &ctx.reading) {
        state.last_user_message = trimmed;
        state.pending_action = Default::default();
        ctx.prepared = Some(PendingWrite::AddTransactions(rows));
        return NodeOutcome::because("confirm", "another movement for the same «sí»");
    }
    let u = ctx.reading.understanding().clone();
    if let Some(other) = names_another_row(state, &ctx.reading) {
        // "el de los tacos fue ayer" while the uber's change waits: a
        // change of another movement, never merged into this one.
        set_aside(state, ctx, "new_request_while_confirming");
        state.last_user_message = trimmed;
        ctx.understanding = Some(other);
        return NodeOutcome::because("parse", "a change of another movement");
    }
    // "y eran 250" while several movements wait: which one is asked,
    // never all of them folded into one.
    if matches!(
        state.pending_action.write,
        Some(PendingWrite::AddTransactions(_))
    ) && (is_correction(&ctx.reading, &u)
        || super::super::drafts::would_patch(state, &ctx.reading))
    {
        state.last_user_message = trimmed;
        ctx.say(text::WHICH_OF_SEVERAL);
        return NodeOutcome::because("respond", "a change that names none of several");
    }
    // "no, es ingreso, soy taxista": the kind named differs from the
    // movement shown, whatever else is said.
    let kind_changes = state.pending_transaction.as_ref().is_some_and(|draft| {
        answers::kind_named(&ctx.reading).is_some_and(|kind| draft.kind != Some(kind))
    });
    if (kind_changes || is_correction(&ctx.reading, &u))
        && (state.pending_transaction.is_some() || state.pending_params.is_some())
    {
        state.last_user_message = trimmed;
        ctx.mode = Mode::Correction;
        ctx.understanding = Some(u);
        return NodeOutcome::because("clarify", "correction of the pending draft");
    }
    if u.intent == Intent::QueryData && u.confidence >= crate::confidence::SURE {
        // A question is answered and the same confirmation asked again
        // (same id, same expiry): respond re-asks it.
        state.last_user_message = trimmed;
        ctx.understanding = Some(u);
        return NodeOutcome::because("parse", "question while confirming");
    }
    let whole =
        u.intent != Intent::LogTransaction || answers::complete_finance_request(&ctx.reading);
    if u.intent != Intent::Unknown
        && u.intent != Intent::UpdateLastTransaction
        && u.confidence >= crate::confidence::SURE
        && whole
    {
        set_aside(state, ctx, "new_request_while_confirming");
        state.last_user_message = trimmed;
        ctx.understanding = Some(u);
        return NodeOutcome::because("parse", "new request replaces pending action");
    }
    // "el 12", "pero fue entre 4", "350": a bare piece that fits the
    // draft being confirmed changes it, and the prompt is shown again.
    if super::super::drafts::would_patch(state, &ctx.reading) {
        state.last_user_message = trimmed;
        ctx.mode = Mode::Correction;
        ctx.understanding = Some(u);
        return NodeOutcome::because("clarify", "a piece of the pending draft");
    }
    state.last_user_message = trimmed;
    ctx.mode = Mode::Decide;
    NodeOutcome::because("confirm", "not a confirmation token")
}

/// A finance question is open (a missing field, a choice among intents).
pub(super) fn at_question(
    state: &mut AgentState,
    ctx: &mut TurnCtx,
    trimmed: String,
) -> NodeOutcome {
    // "¿y si fueran de 2,500?" while the bank balance is asked for a
    // simulation: the purchase at the new price, never the balance.
    if let Some(again) = super::super::parse::simulation_follow_up(state, &ctx.reading) {
        state.clear_flow();
        state.last_user_message = trimmed;
        ctx.understanding = Some(again);
        return NodeOutcome::because("parse", "the simulation again at another price");
    }
    let u = ctx.reading.understanding().clone();
    let choosing_intent = !state.intent_candidates.is_empty();
    if !choosing_intent
        && !answers_closed_question(state, &ctx.reading)
        && u.confidence >= crate::confidence::CLEAR
        && is_full_request(&ctx.reading, &u)
    {
        if u.intent == Intent::QueryData {
            // Answered; respond asks the open question again.
            state.last_user_message = trimmed;
            ctx.understanding = Some(u);
            return NodeOutcome::because("parse", "question while clarifying");
        }
        if replaces_draft(state, &u) {
            set_aside(state, ctx, "new_request_while_clarifying");
            state.last_user_message = trimmed;
            ctx.understanding = Some(u);
            return NodeOutcome::because("parse", "new request replaces open question");
        }
    }
    state.last_user_message = trimmed;
    ctx.mode = Mode::Patch;
    NodeOutcome::because("clarify", "answer to an open question")
}
