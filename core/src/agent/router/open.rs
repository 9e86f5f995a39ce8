//! The message while a prompt or a question is open: an answer to it, a
//! change of what it shows, a question answered in passing (the prompt is
//! asked again), or a new request that sets it aside, named.

use super::super::arbiter::{AtConfirmation, AtQuestion};
use super::super::state::{AgentState, PendingWrite};
use super::super::{Mode, TurnCtx, text};
use super::set_aside;
use crate::graph::NodeOutcome;

/// A finance write waits for its «sí»: carries out what the arbiter made
/// of the message.
pub(super) fn at_confirmation(
    state: &mut AgentState,
    ctx: &mut TurnCtx,
    trimmed: String,
    at: AtConfirmation,
) -> NodeOutcome {
    // What is set aside is backed up with the message that opened it.
    let outcome = match at {
        AtConfirmation::Decision => {
            ctx.mode = Mode::Decide;
            NodeOutcome::because("confirm", "confirmation token")
        }
        // The gate asks for the yes alone, or offers an expired prompt anew.
        AtConfirmation::YesWithMore => {
            ctx.mode = Mode::Decide;
            NodeOutcome::because("confirm", "a yes with more words")
        }
        // That one changes and the prompt is shown again under a new id.
        AtConfirmation::PatchRow(rows) => {
            state.drop_write();
            ctx.prepared = Some(PendingWrite::AddTransactions(rows));
            NodeOutcome::because("confirm", "a change of one of the movements")
        }
        AtConfirmation::AddRows(rows) => {
            state.drop_write();
            ctx.prepared = Some(PendingWrite::AddTransactions(rows));
            NodeOutcome::because("confirm", "another movement for the same «sí»")
        }
        // "el de los tacos fue ayer" while the uber's change waits: a
        // change of another movement, never merged into this one.
        AtConfirmation::AnotherRow(other) => {
            set_aside(state, ctx, "new_request_while_confirming");
            ctx.understanding = Some(*other);
            NodeOutcome::because("parse", "a change of another movement")
        }
        AtConfirmation::WhichOfSeveral => {
            ctx.say(text::WHICH_OF_SEVERAL);
            NodeOutcome::because("respond", "a change that names none of several")
        }
        AtConfirmation::Correction => {
            ctx.mode = Mode::Correction;
            ctx.understanding = Some(ctx.reading.understanding().clone());
            NodeOutcome::because("clarify", "correction of the pending draft")
        }
        // Answered, and the same confirmation asked again (same id, same
        // expiry): respond re-asks it.
        AtConfirmation::Question => {
            ctx.understanding = Some(ctx.reading.understanding().clone());
            NodeOutcome::because("parse", "question while confirming")
        }
        AtConfirmation::NewRequest => {
            set_aside(state, ctx, "new_request_while_confirming");
            ctx.understanding = Some(ctx.reading.understanding().clone());
            NodeOutcome::because("parse", "new request replaces pending action")
        }
        // The draft changes, and the prompt is shown again.
        AtConfirmation::Piece => {
            ctx.mode = Mode::Correction;
            ctx.understanding = Some(ctx.reading.understanding().clone());
            NodeOutcome::because("clarify", "a piece of the pending draft")
        }
        AtConfirmation::NotAToken => {
            ctx.mode = Mode::Decide;
            NodeOutcome::because("confirm", "not a confirmation token")
        }
    };
    state.last_user_message = trimmed;
    outcome
}

/// A finance question is open (a missing field, a choice among intents):
/// carries out what the arbiter made of the message.
pub(super) fn at_question(
    state: &mut AgentState,
    ctx: &mut TurnCtx,
    trimmed: String,
    at: AtQuestion,
) -> NodeOutcome {
    // What is set aside is backed up with the message that opened it.
    let outcome = match at {
        // "¿y si fueran de 2,500?": the purchase at the new price.
        AtQuestion::SimulationAgain(again) => {
            state.clear_flow();
            ctx.understanding = Some(*again);
            NodeOutcome::because("parse", "the simulation again at another price")
        }
        // Answered; respond asks the open question again.
        AtQuestion::Question => {
            ctx.understanding = Some(ctx.reading.understanding().clone());
            NodeOutcome::because("parse", "question while clarifying")
        }
        AtQuestion::NewRequest => {
            set_aside(state, ctx, "new_request_while_clarifying");
            ctx.understanding = Some(ctx.reading.understanding().clone());
            NodeOutcome::because("parse", "new request replaces open question")
        }
        AtQuestion::Answer => {
            ctx.mode = Mode::Patch;
            NodeOutcome::because("clarify", "answer to an open question")
        }
    };
    state.last_user_message = trimmed;
    outcome
}
