//! respond: the last node of every turn. Keeps this turn's tool results in
//! the state (short-term only) and makes sure there is a reply.

use super::state::AgentState;
use super::{TurnCtx, text};
use crate::graph::NodeOutcome;

pub fn respond(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    state.tool_results = ctx.results.clone();
    if ctx.reply.is_empty() {
        ctx.say(text::HELP);
    }
    NodeOutcome::because("done", "")
}
