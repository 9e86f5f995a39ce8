//! respond: the last node of every turn. Keeps this turn's tool results in
//! the state (short-term only), makes sure there is a reply, and that an
//! open confirmation or question is never lost from view: a turn that
//! answered something else asks it again, unchanged (same action id, same
//! expiry, so its buttons stay valid).

use super::state::AgentState;
use super::{ConfirmationStatus, TurnCtx, text};
use crate::graph::NodeOutcome;

pub fn respond(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    state.tool_results = ctx.results.clone();
    if ctx.reply.is_empty() {
        ctx.say(text::HELP);
    }
    let shown = |ctx: &TurnCtx, text: &str| ctx.reply.iter().any(|r| r.contains(text));
    if let Some(prompt) = state.pending_action.confirmation_prompt.clone()
        && state.pending_action.is_pending()
        && !shown(ctx, &prompt)
        && ctx.confirmation != ConfirmationStatus::Reasked
    {
        ctx.say(text::STILL_PENDING);
        ctx.say(prompt);
        ctx.suggestions = vec![text::YES.into(), text::NO.into()];
        if ctx.confirmation == ConfirmationStatus::None {
            ctx.confirmation = ConfirmationStatus::Reasked;
        }
        return NodeOutcome::because("done", "pending confirmation asked again");
    }
    if let Some(question) = state.clarification_questions.first().cloned()
        && !state.pending_action.is_pending()
        && !shown(ctx, &question.question)
    {
        ctx.say(question.question);
        ctx.suggestions = text::question_suggestions(question.field);
        return NodeOutcome::because("done", "open question asked again");
    }
    NodeOutcome::because("done", "")
}
