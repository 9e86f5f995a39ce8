//! The one answer to "which prompt waits for a Sí/No": a finance write or
//! a data agent's action, whichever is open, with its id, agent, prompt
//! and expiry. The gate, the API, the web's countdown card and its quick
//! replies all read it here.

use crate::agent::text::reasons;
use serde::Serialize;

use super::state::AgentState;
use super::{Spent, TurnCtx, text};
use crate::gate::{self, PendingWrite};
use crate::graph::NodeOutcome;
use crate::time::UnixMillis;
use crate::tools::run;
use crate::tools::store::Need;

/// The prompt waiting for a Sí/No.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PendingView<'a> {
    /// The prompt's id (Telegram's buttons and the web's carry it).
    pub id: &'a str,
    /// The agent that asked.
    pub agent: &'a str,
    /// The tool that runs on "sí".
    pub tool: &'a str,
    /// The prompt as shown.
    pub prompt: Option<&'a str>,
    /// When "sí" stops counting (UTC, RFC 3339).
    pub expires_at_iso: Option<&'a str>,
}

impl AgentState {
    /// The one prompt waiting for a Sí/No, of whichever agent.
    pub fn pending(&self) -> Option<PendingView<'_>> {
        let pending = self.pending_action.as_ref()?;
        Some(PendingView {
            id: &pending.id,
            agent: &pending.agent,
            tool: pending.tool(),
            prompt: Some(&pending.prompt),
            expires_at_iso: Some(&pending.expires_at_iso),
        })
    }

    /// Whether the turn before saved movements: a correction that names
    /// nothing the turn after ("no, espera, eran 720") is about them, even
    /// when a flow set aside came back in the same reply
    /// ([`super::recent::saved_before`] decides what was saved).
    pub fn saved_movements_last_turn(&self) -> bool {
        super::recent::saved_before(self) == Some(super::recent::SavedBefore::Movement)
    }

    /// What a «sí» to the open prompt reads: its write's own needs, then
    /// the budget of each category its expenses go to (the alert that
    /// follows the write, `execute_tools::after_write`). A host may read
    /// them in this turn's commit and keep them for the next turn, as long
    /// as nothing changes the ledger in between.
    pub fn next_needs(&self) -> Vec<Need> {
        let Some(write) = self.pending_action.as_ref().and_then(|p| p.write()) else {
            return Vec::new();
        };
        let mut needs = run::needs(&write.to_request());
        let rows = match write {
            PendingWrite::AddTransaction(input) => std::slice::from_ref(input),
            PendingWrite::AddTransactions(list) => &list.transactions[..],
            _ => &[],
        };
        for spent in Spent::of_inputs(rows) {
            for need in run::needs(&spent.request()) {
                if !needs.contains(&need) {
                    needs.push(need);
                }
            }
        }
        needs
    }

    /// Gives the pending prompt, of whichever agent, a new id and expiry
    /// when it expired before `now`, so an expired prompt is never shown
    /// again as pending: it is offered anew (an old button is stale).
    /// Whether it did.
    pub(crate) fn renew_if_expired(&mut self, now: UnixMillis, now_iso: &str, ttl_ms: i64) -> bool {
        let Some(pending) = self.pending_action.as_mut() else {
            return false;
        };
        if !pending.expired(now) {
            return false;
        }
        let old = pending.renew(
            gate::prompt_id(self.turn_seq),
            now_iso,
            gate::expires_at(now, ttl_ms),
        );
        gate::reoffered(&mut self.reoffers, &old, &pending.id);
        true
    }
}

/// "¿qué tengo pendiente?": what waits elsewhere is named here, and
/// `respond` asks the open prompt or question again (an expired prompt
/// offered anew).
pub(crate) fn what_is_open(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    let mut waiting: Vec<String> = state
        .waiting_draft
        .iter()
        .map(|draft| draft.summary.clone())
        .chain(state.queued_items.iter().map(|item| format!("«{item}»")))
        .collect();
    if let Ok(registry) = crate::agents::registry::shipped() {
        state.with_orchestra(|o| {
            let active = |flow: &crate::agents::state::FlowState| {
                o.current_flow
                    .as_ref()
                    .is_some_and(|f| f.flow_id == flow.flow_id && f.entered_at == flow.entered_at)
            };
            for (named, flow) in crate::agents::chain::open_flows(registry, o) {
                if !active(&flow) {
                    waiting.push(named);
                }
            }
        });
    }
    let open = state.pending().is_some() || state.has_open_flow() || state.current_flow.is_some();
    ctx.say(text::dialogue::what_is_open(open, &waiting));
    NodeOutcome::because("respond", reasons::ASKED_WHAT_IS_OPEN)
}
