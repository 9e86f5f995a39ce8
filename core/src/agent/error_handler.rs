//! error_handler: turns a failed tool into a safe Spanish message that says
//! nothing was written and what to do next.

use super::state::AgentState;
use super::{TurnCtx, text};
use crate::agent::text::reasons;
use crate::graph::NodeOutcome;
use crate::tools::codes;

pub fn error_handler(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    let Some((request, error)) = ctx.error.take() else {
        ctx.say(text::INTERNAL_ERROR);
        return NodeOutcome::because("respond", reasons::NO_ERROR_RECORDED);
    };
    if !request.is_write() {
        ctx.say(text::READ_FAILED);
        return NodeOutcome::because("respond", reasons::failed(false, &error.code));
    }
    // Nothing was written: a late button must not say it was.
    state.last_decided = None;
    let pays_debt = matches!(request, crate::tools::ToolRequest::PayDebt(_));
    match error.code.as_str() {
        codes::CONFLICT | codes::NOT_FOUND if pays_debt => {
            state.clear_flow();
            ctx.say(text::DEBT_CHANGED);
        }
        // The row the prompt showed changed or went meanwhile.
        codes::CONFLICT | codes::NOT_FOUND => {
            state.clear_flow();
            ctx.say(text::LAST_CHANGED);
        }
        codes::INVALID => {
            state.clear_flow();
            ctx.say(text::write_rejected_invalid());
        }
        _ => {
            // Keep the pending action so "sí" can retry; give it a new window.
            let pending = state.pending_action.as_mut();
            let retry = pending.is_some();
            if let Some(pending) = pending {
                pending.expires_at_iso =
                    super::gate::expires_at(ctx.now, ctx.config.confirmation_ttl_ms);
            }
            ctx.say(text::write_failed(retry));
            ctx.suggestions = vec![text::YES.into(), text::NO.into()];
        }
    }
    NodeOutcome::because("respond", reasons::failed(true, &error.code))
}
