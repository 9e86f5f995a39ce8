//! The message while a prompt or a question is open: an answer to it, a
//! change of what it shows, a question answered in passing (the prompt is
//! asked again), or a new request that sets it aside, named.

use super::super::arbiter::{AtConfirmation, AtQuestion};
use super::super::state::{AgentState, PendingWrite};
use super::super::{Mode, TurnCtx, text};
use super::{set_aside, wait_aside};
use crate::agent::text::reasons;
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
            NodeOutcome::because("confirm", reasons::CONFIRMATION_TOKEN)
        }
        // The gate asks for the yes alone, or offers an expired prompt anew.
        AtConfirmation::YesWithMore => {
            ctx.mode = Mode::Decide;
            NodeOutcome::because("confirm", reasons::A_YES_WITH_MORE_WORDS)
        }
        // That one changes and the prompt is shown again under a new id.
        AtConfirmation::PatchRow(rows) => {
            state.drop_write();
            ctx.prepared = Some(PendingWrite::AddTransactions(rows));
            NodeOutcome::because("confirm", reasons::A_CHANGE_OF_ONE_OF_THE_MOVEMENTS)
        }
        AtConfirmation::AddRows(rows) => {
            state.drop_write();
            ctx.prepared = Some(PendingWrite::AddTransactions(rows));
            NodeOutcome::because("confirm", reasons::ANOTHER_MOVEMENT_FOR_THE_SAME_YES)
        }
        // "el de los tacos fue ayer" while the uber's change waits: a
        // change of another movement, never merged into this one.
        AtConfirmation::AnotherRow(other) => {
            wait_aside(state, ctx);
            ctx.understanding = Some(*other);
            NodeOutcome::because("parse", reasons::A_CHANGE_OF_ANOTHER_MOVEMENT)
        }
        AtConfirmation::WhichOfSeveral => {
            ctx.say(text::WHICH_OF_SEVERAL);
            NodeOutcome::because("respond", reasons::A_CHANGE_THAT_NAMES_NONE_OF_SEVERAL)
        }
        AtConfirmation::Correction => {
            ctx.mode = Mode::Correction;
            ctx.understanding = Some(ctx.reading.understanding().clone());
            NodeOutcome::because("clarify", reasons::CORRECTION_OF_THE_PENDING_DRAFT)
        }
        // Answered, and the same confirmation asked again (same id, same
        // expiry): respond re-asks it.
        AtConfirmation::Question => {
            ctx.understanding = Some(ctx.reading.understanding().clone());
            NodeOutcome::because("parse", reasons::QUESTION_WHILE_CONFIRMING)
        }
        AtConfirmation::NewRequest => {
            set_aside(state, ctx, "new_request_while_confirming");
            ctx.understanding = Some(ctx.reading.understanding().clone());
            NodeOutcome::because("parse", reasons::NEW_REQUEST_REPLACES_PENDING_ACTION)
        }
        // The draft changes, and the prompt is shown again.
        AtConfirmation::Piece => {
            ctx.mode = Mode::Correction;
            ctx.understanding = Some(ctx.reading.understanding().clone());
            NodeOutcome::because("clarify", reasons::A_PIECE_OF_THE_PENDING_DRAFT)
        }
        AtConfirmation::Withdraw => super::super::confirm::reject_pending(state, ctx),
        AtConfirmation::NotAToken => {
            ctx.mode = Mode::Decide;
            NodeOutcome::because("confirm", reasons::NOT_A_CONFIRMATION_TOKEN)
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
            NodeOutcome::because("parse", reasons::THE_SIMULATION_AGAIN_AT_ANOTHER_PRICE)
        }
        // Answered; respond asks the open question again.
        AtQuestion::Question => {
            ctx.understanding = Some(ctx.reading.understanding().clone());
            NodeOutcome::because("parse", reasons::QUESTION_WHILE_CLARIFYING)
        }
        AtQuestion::NewRequest => {
            set_aside(state, ctx, "new_request_while_clarifying");
            ctx.understanding = Some(ctx.reading.understanding().clone());
            NodeOutcome::because("parse", reasons::NEW_REQUEST_REPLACES_OPEN_QUESTION)
        }
        AtQuestion::AnotherRow(other) => {
            wait_aside(state, ctx);
            ctx.understanding = Some(*other);
            NodeOutcome::because("parse", reasons::A_CHANGE_OF_ANOTHER_MOVEMENT)
        }
        AtQuestion::Pieces => {
            state.clear_flow();
            ctx.understanding = Some(ctx.reading.understanding().clone());
            NodeOutcome::because("parse", reasons::THE_ANSWER_IN_PIECES)
        }
        AtQuestion::Answer => {
            ctx.mode = Mode::Patch;
            NodeOutcome::because("clarify", reasons::ANSWER_TO_AN_OPEN_QUESTION)
        }
    };
    state.last_user_message = trimmed;
    outcome
}
