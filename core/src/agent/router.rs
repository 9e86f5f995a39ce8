//! router: decides where a message goes. Open questions go to clarify
//! (patch mode), a pending write to confirm, everything else to parse.
//! Bad input and commands are answered here.

use super::state::AgentState;
use super::{Mode, TurnCtx, text};
use crate::graph::NodeOutcome;
use crate::nlu::answers::{self, Command, Decision};
use crate::nlu::{Intent, Understanding};

pub fn router(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    if ctx.config.too_long(&ctx.message) {
        ctx.say(text::TOO_LONG);
        return NodeOutcome::because("respond", "message too long");
    }
    let trimmed = ctx.reading.text().to_string();
    let folded = ctx.reading.folded().to_string();
    if folded.trim().is_empty() || !folded.chars().any(|c| c.is_ascii_alphanumeric()) {
        ctx.say(text::EMPTY);
        return NodeOutcome::because("respond", "empty message");
    }
    // A button press for a prompt that is no longer the pending one.
    if let Some(id) = &ctx.action_id
        && state.confirmation_id() != Some(id.as_str())
    {
        ctx.confirmation = super::ConfirmationStatus::Stale;
        ctx.say(text::STALE_BUTTON);
        return NodeOutcome::because("respond", "stale confirmation button");
    }

    if let Some(command) = trimmed.strip_prefix('/') {
        let outcome = handle_command(state, ctx, command);
        state.last_user_message = trimmed;
        return outcome;
    }
    if super::delegate::wants(state, ctx) {
        return NodeOutcome::because("delegate", "a data agent's turn");
    }
    if answers::is_cancel(&folded) {
        let outcome = cancel(state, ctx);
        state.last_user_message = trimmed;
        return outcome;
    }
    if answers::is_help(&folded) {
        state.last_user_message = trimmed;
        ctx.say(text::HELP);
        return NodeOutcome::because("respond", "help");
    }

    if state.pending_action.is_pending() {
        match ctx.reading.decision() {
            Decision::Confirm | Decision::Reject => {
                state.last_user_message = trimmed;
                ctx.mode = Mode::Decide;
                return NodeOutcome::because("confirm", "confirmation token");
            }
            Decision::Other => {}
        }
        let u = ctx.reading.understanding().clone();
        if is_correction(&ctx.reading, &u)
            && (state.pending_transaction.is_some() || state.pending_params.is_some())
        {
            state.last_user_message = trimmed;
            ctx.mode = Mode::Correction;
            ctx.understanding = Some(u);
            return NodeOutcome::because("clarify", "correction of the pending draft");
        }
        if u.intent == Intent::QueryData && u.confidence >= 0.7 {
            // A question is answered and the same confirmation asked again
            // (same id, same expiry): respond re-asks it.
            state.last_user_message = trimmed;
            ctx.understanding = Some(u);
            return NodeOutcome::because("parse", "question while confirming");
        }
        if u.intent != Intent::Unknown
            && u.intent != Intent::UpdateLastTransaction
            && u.confidence >= 0.7
        {
            set_aside(state, ctx, "new_request_while_confirming");
            state.last_user_message = trimmed;
            ctx.understanding = Some(u);
            return NodeOutcome::because("parse", "new request replaces pending action");
        }
        state.last_user_message = trimmed;
        ctx.mode = Mode::Decide;
        return NodeOutcome::because("confirm", "not a confirmation token");
    }

    if !state.clarification_questions.is_empty() {
        let u = ctx.reading.understanding().clone();
        let choosing_intent = !state.intent_candidates.is_empty();
        if !choosing_intent && u.confidence >= 0.85 && is_full_request(&u) {
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
        return NodeOutcome::because("clarify", "answer to an open question");
    }

    state.last_user_message = trimmed;
    NodeOutcome::because("parse", "new message")
}

/// A message that stands on its own, not a bare answer ("180", "comida").
fn is_full_request(u: &crate::nlu::Understanding) -> bool {
    match u.intent {
        Intent::QueryData | Intent::DeleteLastTransaction | Intent::SimulatePurchase => true,
        Intent::LogTransaction => u.amount.is_some() && u.category.is_some(),
        Intent::SetBudget | Intent::ManageDebt => true,
        // "tengo 12,000 en el banco": the amount and the bank together.
        Intent::SetBankBalance => u.amount.is_some(),
        // While a draft is open a correction is about the draft.
        Intent::UpdateLastTransaction => false,
        Intent::Unknown => false,
    }
}

/// Whether a full request `u` is a new request rather than an answer that
/// patches the open draft: another kind of request, or the same kind about
/// something else ("gasté 300 en uber" while the taco's amount is asked).
fn replaces_draft(state: &AgentState, u: &crate::nlu::Understanding) -> bool {
    if state.draft_intent == Some(Intent::ManageDebt) && u.intent == Intent::SetBankBalance {
        // "saldo 2,500" while a debt is open is the debt's balance.
        return false;
    }
    if state.draft_intent != Some(u.intent) {
        return true;
    }
    let draft_category = state
        .pending_transaction
        .as_ref()
        .and_then(|d| d.category.as_deref());
    u.intent == Intent::LogTransaction
        && matches!((draft_category, u.category), (Some(open), Some(new)) if open != new.key)
}

/// Backs up the open flow, clears it and says so: nothing the user started
/// is dropped without a word.
fn set_aside(state: &mut AgentState, ctx: &mut TurnCtx, reason: &str) {
    let what = state.draft_intent.unwrap_or(state.extracted_intent);
    state.backup(reason, &ctx.now_iso);
    state.clear_flow();
    ctx.say(text::set_aside(what));
}

/// "no, fue en comida", "mejor 300", "eran 300": fixes a field of the
/// draft being confirmed.
fn is_correction(reading: &crate::nlu::Reading, u: &Understanding) -> bool {
    let marker =
        answers::starts_correction(reading.folded()) || u.intent == Intent::UpdateLastTransaction;
    if !marker {
        return false;
    }
    // Read the fields as a correction would carry them.
    let fields = reading.understanding_as(Intent::UpdateLastTransaction);
    let has_field = fields.amount.is_some() || fields.category.is_some() || fields.date.is_some();
    has_field || answers::names_correction_field(reading.folded())
}

fn cancel(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    // A data agent's flow and confirmation go too, and the thread is home.
    let data_open = state.agent_stack.len() > 1
        || state.current_flow.is_some()
        || state.pending_confirmation.is_some();
    if data_open {
        let mut o = state.orchestra();
        o.agent_stack.truncate(1);
        o.current_flow = None;
        o.pending_confirmation = None;
        state.store_orchestra(o);
    }
    if state.has_open_flow() || data_open {
        state.backup("cancel", &ctx.now_iso);
        state.clear_flow();
        ctx.confirmation = super::ConfirmationStatus::Rejected;
        ctx.say(text::CANCELLED);
        NodeOutcome::because("respond", "cancelled open flow")
    } else {
        ctx.say(text::NOTHING_TO_CANCEL);
        NodeOutcome::because("respond", "nothing to cancel")
    }
}

fn handle_command(state: &mut AgentState, ctx: &mut TurnCtx, command: &str) -> NodeOutcome {
    let name = command
        .split_whitespace()
        .next()
        .unwrap_or("")
        .split('@')
        .next()
        .unwrap_or("");
    match answers::command(name) {
        Command::Start => {
            ctx.say(text::GREETING);
            ctx.say(text::HELP);
            NodeOutcome::because("respond", "command /start")
        }
        Command::Help => {
            ctx.say(text::HELP);
            NodeOutcome::because("respond", "command /ayuda")
        }
        Command::Cancel => cancel(state, ctx),
        Command::Summary => {
            if state.has_open_flow() {
                state.backup("command_resumen", &ctx.now_iso);
                state.clear_flow();
            }
            ctx.understanding = Some(Understanding::month_summary(ctx.today));
            NodeOutcome::because("parse", "command /resumen")
        }
        Command::Unknown => {
            ctx.say(text::UNKNOWN_COMMAND);
            NodeOutcome::because("respond", "unknown command")
        }
    }
}
