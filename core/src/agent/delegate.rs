//! delegate: hands the turn to the data agents' routing chain when a data
//! agent is active or the message asks for one. Service calls go to the
//! host like every tool call: the chain pauses where it called
//! (`chain::Paused`, kept in the turn's context), the node suspends, and on
//! resume the chain goes on from there with the result: nothing before
//! the call runs again, and no service runs twice. When the chain ends at home with the message unanswered,
//! the Financial Agent reads it (`parse`).

use crate::agent::text::reasons;
use serde_json::{Map, Value};

use super::state::AgentState;
use super::{ConfirmationStatus, TurnCtx, text};
use crate::agents::chain::{End, Run, Suspend};
use crate::agents::registry;
use crate::graph::NodeOutcome;
use crate::tools::{ServiceRequest, ToolRequest};

pub fn delegate(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    let registry = match registry::shipped() {
        Ok(registry) => registry,
        Err(_) => {
            ctx.say(text::INTERNAL_ERROR);
            return NodeOutcome::because("respond", reasons::AGENT_FILES_DO_NOT_LOAD);
        }
    };
    // A proposal the host started ("hoy toca tu renta") may be answered
    // any time that day: it holds until the quiet hours begin.
    let ttl = match &ctx.zone {
        Some(zone) if ctx.host_started => (crate::reminders::end_of_day(ctx.now, zone) - ctx.now)
            .max(ctx.config.confirmation_ttl_ms),
        _ => ctx.config.confirmation_ttl_ms,
    };
    let expires_iso = crate::gate::expires_at(ctx.now, ttl);
    let expired = state
        .pending_action
        .as_ref()
        .is_some_and(|p| p.expired(ctx.now));
    let prompt_id = crate::gate::prompt_id(state.turn_seq);
    let calls = &ctx.calls;
    let results = &ctx.results;
    let mut fetch = |tool: &str, params: &Map<String, Value>| {
        calls
            .iter()
            .find(|c| matches!(&c.request, ToolRequest::CallService(r) if r.tool == tool && &r.params == params))
            .and_then(|c| results.iter().find(|r| r.call_id == c.id))
            .map(|r| match (&r.data, &r.error) {
                (Some(data), None) if r.ok => {
                    serde_json::from_str(data.get()).map_err(|e| e.to_string())
                }
                (_, error) => Err(error.as_ref().map_or_else(String::new, |e| e.message.clone())),
            })
    };
    // A chain paused at a service call goes on there, with the session
    // it holds; otherwise the thread's session is moved into the chain
    // (and back below).
    let paused = ctx.chain_paused.take();
    let session = match paused {
        Some(_) => Default::default(),
        None => state.take_orchestra(),
    };
    let mut run = Run::new(
        registry,
        &ctx.reading,
        &ctx.now_iso,
        &expires_iso,
        expired,
        &prompt_id,
        session,
        &mut fetch,
    );
    run.start = ctx.start.take();
    // A change that would leave what was saved as it is ("mejor 100"
    // after $100 was saved) is about the open flow, not the saved row.
    run.saved_before = state.saved_movements_last_turn()
        && !super::retold::leaves_saved_as_is(state, &ctx.reading);
    run.retold = super::retold::retells_saved_movement(state, &ctx.reading);
    let outcome = match paused {
        Some(paused) => run.resume(*paused),
        None => run.run(),
    };
    let end = match outcome {
        Err(suspend) => {
            let paused = run.pause(&suspend);
            ctx.chain_paused = Some(Box::new(paused));
            let Suspend {
                tool,
                service,
                params,
                provider,
                ..
            } = *suspend;
            ctx.call(
                state,
                ToolRequest::CallService(ServiceRequest {
                    tool,
                    service,
                    params,
                    provider,
                }),
            );
            return NodeOutcome::suspend();
        }
        Ok(end) => end,
    };
    store_run(state, ctx, Finished::from(run));
    match end {
        End::Finance => NodeOutcome::because("parse", reasons::THE_HOME_AGENT_ANSWERS),
        End::Replied => NodeOutcome::because("respond", reasons::A_DATA_AGENT_ANSWERED),
    }
}

/// What a routing chain's run ended with, owned (the run borrows the
/// turn's tool results).
struct Finished {
    o: crate::agents::state::Orchestra,
    reply: Vec<String>,
    suggestions: Vec<String>,
    share: Option<String>,
    dropped: Vec<(String, crate::agents::state::FlowState)>,
    decided: Option<crate::gate::Decided>,
    reoffered: Option<(String, String)>,
    queued: Vec<String>,
    trace: crate::agents::chain::ChainTrace,
}

impl From<Run<'_>> for Finished {
    fn from(run: Run<'_>) -> Finished {
        Finished {
            o: run.o,
            reply: run.reply,
            suggestions: run.suggestions,
            share: run.share,
            dropped: run.dropped,
            decided: run.decided,
            reoffered: run.reoffered,
            queued: run.queued,
            trace: crate::agents::chain::ChainTrace {
                iterations: run.iterations,
                steps: run.steps,
                decisions: run.decisions,
                ended: run.ended,
                entered: run.entered,
            },
        }
    }
}

/// Stores what the routing chain ended with: the session, the decided
/// prompt, the flows it left (backed up), its reply and its trace.
fn store_run(state: &mut AgentState, ctx: &mut TurnCtx, run: Finished) {
    // A confirmation that expired was offered anew: its old buttons
    // follow it.
    if let Some((old, new)) = run.reoffered {
        crate::gate::reoffered(&mut state.reoffers, &old, &new);
    }
    state.store_orchestra(run.o);
    if let Some(decided) = run.decided {
        // Decided on this turn (the chain does not count turns).
        state.last_decided = Some(crate::gate::Decided {
            turn: state.turn_seq,
            ..decided
        });
    }
    for (named, flow) in run.dropped {
        state.backup_flow("new_request", &ctx.now_iso, named, flow);
    }
    // Requests the message said after this one wait their turn
    // (`respond` hands each to its agent).
    state.queued_items.extend(run.queued);
    state.last_user_message = ctx.reading.text().to_string();
    for line in run.reply {
        ctx.say(line);
    }
    ctx.share = run.share;
    if !run.suggestions.is_empty() {
        ctx.suggestions = run.suggestions;
    }
    // The gate's outcome, for the audit, as for the Financial Agent.
    if run.trace.decisions.gate != ConfirmationStatus::None {
        ctx.confirmation = run.trace.decisions.gate;
    }
    ctx.chain = run.trace;
}
