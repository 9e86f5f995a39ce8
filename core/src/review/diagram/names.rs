//! How the diagrams name what the agent files do, in a person's words:
//! a flow by what starts it, a state by what it does, a condition's paths
//! by their slots' labels.

use super::NodeKind;
use crate::agent::text::review as words;
use crate::agents::path::Path;
use crate::agents::registry::Agent;
use crate::agents::spec::{RoutingKind, StateSpec};

/// A flow named by the tool that starts it ("Hacer una recarga"), else by
/// its id.
pub(super) fn flow_title<'a>(agent: &'a Agent, flow_id: &'a str) -> &'a str {
    agent
        .spec
        .tools
        .iter()
        .find(|t| {
            t.routing.as_ref().is_some_and(|r| {
                r.kind == RoutingKind::StartFlow && r.target.as_deref() == Some(flow_id)
            })
        })
        .and_then(|t| t.label.as_deref())
        .unwrap_or(flow_id)
}

/// A state's kind of node and what it does ("pide el monto"), for a file
/// that gives it no label.
pub(super) fn state_does(agent: &Agent, spec: &StateSpec) -> (NodeKind, String) {
    let slot = |slot: &str| slot_words(agent, slot);
    if spec.is_final {
        (NodeKind::Final, words::FINAL.to_string())
    } else if let Some(collect) = &spec.collect {
        (
            NodeKind::Collect,
            format!("{} {}", words::ASKS, slot(&collect.slot)),
        )
    } else if let Some(clarify) = &spec.clarify {
        let slots: Vec<String> = clarify.slots.iter().map(|s| slot(s)).collect();
        (
            NodeKind::Clarify,
            format!("{} {}", words::CLARIFIES, slots.join(", ")),
        )
    } else if let Some(tool) = spec.on_enter.as_ref().and_then(|e| e.call_tool.as_ref()) {
        (NodeKind::Step, format!("{} {}", words::CALLS, spaced(tool)))
    } else {
        (NodeKind::Step, words::SAYS.to_string())
    }
}

/// A tool or state id as words ("send_topup" → "send topup"), for an
/// agent file that gives no label.
pub(super) fn spaced(id: &str) -> String {
    id.replace('_', " ")
}

/// A slot as a person reads it: its label, else its name spaced.
fn slot_words(agent: &Agent, slot: &str) -> String {
    agent
        .spec
        .slots
        .get(slot)
        .and_then(|s| s.label.clone())
        .unwrap_or_else(|| spaced(slot))
}

/// A condition's path in words: a slot by its label, today as today,
/// data by its field's name.
pub(super) fn path_words(agent: &Agent, path: &Path) -> String {
    match path.segments() {
        [root, slot] if root == "slots" => slot_words(agent, slot),
        [root] if root == "today" => words::TODAY.to_string(),
        [_, rest @ ..] => spaced(&rest.join(" ")),
        [] => String::new(),
    }
}
