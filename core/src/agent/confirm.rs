//! confirm: builds the single explicit prompt for a write (the pending
//! action's payload is the write tool's input) and, on the next turn, reads
//! the answer against the allowlists.

use super::gate;
use super::state::{Action, AgentState, PendingAction};
use super::{ConfirmationStatus, Mode, TurnCtx, Work, text};
use crate::agent::text::reasons;
use crate::gate::action::HOME;
use crate::graph::NodeOutcome;
use crate::nlu::answers::{self, Decision, Loose};

pub fn confirm(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    if std::mem::take(&mut ctx.mode) == Mode::Decide {
        return decide_pending(state, ctx);
    }
    let Some(write) = ctx.prepared.take() else {
        ctx.say(text::INTERNAL_ERROR);
        return NodeOutcome::because("respond", reasons::NOTHING_PREPARED_TO_CONFIRM);
    };
    let prompt = ctx
        .prepared_prompt
        .take()
        .unwrap_or_else(|| text::confirmation_prompt(&write));
    state.clarification_questions.clear();
    state.pending_action = Some(PendingAction {
        id: gate::prompt_id(state.turn_seq),
        agent: HOME.to_string(),
        action: Action::Write(write),
        prompt: prompt.clone(),
        created_at_iso: ctx.now_iso.clone(),
        expires_at_iso: gate::expires_at(ctx.now, ctx.config.confirmation_ttl_ms),
    });
    ctx.say(prompt);
    ctx.suggestions = vec![text::YES.into(), text::NO.into()];
    ctx.confirmation = ConfirmationStatus::Prompted;
    NodeOutcome::because("respond", reasons::PROMPTED)
}

/// The pending action turned down: nothing is done, and it is said.
pub(super) fn reject_pending(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    state.last_decided = state.pending_action.as_ref().map(|p| gate::Decided {
        id: p.id.clone(),
        confirmed: false,
        turn: state.turn_seq,
    });
    state.clear_flow();
    ctx.confirmation = ConfirmationStatus::Rejected;
    ctx.say(text::REJECTED);
    NodeOutcome::because("respond", reasons::REJECTED)
}

fn decide_pending(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    let decision = ctx.reading.decision();
    let pending = state.pending_action.as_ref();
    let expired = pending.is_none_or(|p| p.expired(ctx.now));
    let decided = |confirmed| {
        pending.map(|p| gate::Decided {
            id: p.id.clone(),
            confirmed,
            turn: state.turn_seq,
        })
    };
    match decision {
        Decision::Reject => reject_pending(state, ctx),
        Decision::Confirm if expired => offer_anew(state, ctx),
        Decision::Other if expired && answers::opens_with_yes(&ctx.reading) => {
            offer_anew(state, ctx)
        }
        Decision::Confirm => match state.pending_write().cloned() {
            Some(write) => {
                state.last_decided = decided(true);
                ctx.confirmation = ConfirmationStatus::Confirmed;
                ctx.work = Work::Write(write);
                NodeOutcome::because("execute_tools", reasons::CONFIRMED)
            }
            None => {
                ctx.say(text::NOTHING_TO_CANCEL);
                NodeOutcome::because("respond", reasons::NOTHING_PENDING)
            }
        },
        Decision::Other => {
            ctx.confirmation = ConfirmationStatus::Reasked;
            ctx.say(match answers::loose(&ctx.reading) {
                Loose::YesWithMore => text::YES_ALONE,
                Loose::Yes => text::SAY_YES,
                Loose::No => text::SAY_NO,
                Loose::Change => text::SAY_CHANGE,
                Loose::Unclear => text::REASK,
            });
            ctx.suggestions = vec![text::YES.into(), text::NO.into()];
            NodeOutcome::because("respond", reasons::NOT_AN_ALLOWLISTED_TOKEN)
        }
    }
}

/// An expired prompt answered: nothing is written; the same payload is
/// offered again under a new id, so an old button cannot confirm it.
fn offer_anew(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    let prompt = match state.pending_action.as_mut() {
        Some(pending) => {
            let old = pending.renew(
                gate::prompt_id(state.turn_seq),
                &ctx.now_iso,
                gate::expires_at(ctx.now, ctx.config.confirmation_ttl_ms),
            );
            gate::reoffered(&mut state.reoffers, &old, &pending.id);
            pending.prompt.clone()
        }
        None => text::CONFIRM_SUFFIX.into(),
    };
    ctx.confirmation = ConfirmationStatus::Expired;
    ctx.say(text::EXPIRED);
    ctx.say(prompt);
    ctx.suggestions = vec![text::YES.into(), text::NO.into()];
    NodeOutcome::because("respond", reasons::CONFIRMATION_EXPIRED)
}
