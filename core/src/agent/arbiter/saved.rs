//! A correction said with nothing open that is about something an
//! agent saved: the one saved the turn before ("ah no, la renta es de
//! 9,800"), or a record named by its code ("corrige el COB-0001"): that
//! agent's change of it.

use super::super::state::AgentState;
use crate::confidence::CLEAR;
use crate::nlu::answers;
use crate::nlu::{Intent, Reading};

/// "ah no, la renta es de 9,800" the turn after a data agent saved
/// something (the fixed payment): a correction that names no record of
/// the ledger is that agent's own change (its `corrects` intent), started
/// from the message. Only with nothing open (no flow, no prompt), and
/// when no agent claims the message as a request of its own.
pub(super) fn corrects_agent_save(
    state: &AgentState,
    reading: &Reading,
) -> Option<crate::agents::state::Start> {
    if !idle(state) {
        return None;
    }
    let registry = crate::agents::registry::shipped().ok()?;
    let start = state
        .tool_results
        .iter()
        .filter(|r| r.ok)
        .find_map(|result| {
            registry.agents.iter().find_map(|agent| {
                let intent = agent.spec.corrects.clone()?;
                let saved = agent.spec.corrects_after.contains(&result.tool_name);
                // An agent that names what it saves (a cobro's folio)
                // changes only what it named: a contact added is no cobro.
                let coded = agent
                    .spec
                    .slots
                    .values()
                    .any(|slot| slot.kind == crate::agents::spec::SlotType::Code);
                let mut slots = identifiers(agent, result, coded);
                let named = !coded || !slots.is_empty();
                // "no espera, lo de don Pepe eran 1,300" right after
                // Lupita's cobro: a correction that names another of the
                // agent's records is about that one, found as the change
                // finds it.
                if names_another(agent, result, reading) {
                    slots.clear();
                }
                (saved && named).then(|| crate::agents::state::Start {
                    agent: agent.spec.id.clone(),
                    intent,
                    slots,
                })
            })
        })?;
    if !corrects(reading) {
        return None;
    }
    // A request an agent claims ("la renta es de 8,500 cada día 1", "no
    // le cobro nada nuevo, ya me pagó 250") is that request.
    if crate::agents::claim::home_route(registry, reading).is_some() {
        return None;
    }
    Some(start)
}

/// Nothing open: no flow, no prompt.
fn idle(state: &AgentState) -> bool {
    !state.has_open_flow() && state.pending_action.is_none() && state.current_flow.is_none()
}

/// Whether the message corrects something and names no movement of the
/// ledger ("el último").
fn corrects(reading: &Reading) -> bool {
    let u = reading.understanding();
    let corrects = u.intent == Intent::UpdateLastTransaction && u.confidence >= CLEAR
        || answers::starts_correction(reading.folded());
    corrects && !answers::names_last_record(reading)
}

/// "corrige el COB-0001, son 1,300": a correction that names a record by
/// the code an agent gave it is that agent's change of it (its `corrects`
/// intent), whenever it was saved. Only with nothing open.
pub(super) fn corrects_coded_record(
    state: &AgentState,
    reading: &Reading,
) -> Option<crate::agents::state::Start> {
    if !idle(state) || !corrects(reading) {
        return None;
    }
    let registry = crate::agents::registry::shipped().ok()?;
    registry.agents.iter().find_map(|agent| {
        let intent = agent.spec.corrects.clone()?;
        let slots: serde_json::Map<String, serde_json::Value> = agent
            .spec
            .slots
            .iter()
            .filter(|(_, slot)| slot.kind == crate::agents::spec::SlotType::Code)
            .filter_map(|(name, slot)| {
                match crate::agents::understand::read_slot(
                    agent,
                    slot,
                    reading,
                    &Default::default(),
                ) {
                    crate::agents::understand::SlotRead::Value(v, _) => Some((name.clone(), v)),
                    _ => None,
                }
            })
            .collect();
        (!slots.is_empty()).then(|| crate::agents::state::Start {
            agent: agent.spec.id.clone(),
            intent,
            slots,
        })
    })
}

/// Whether the message names, in one of the agent's identifying slots (a
/// folio, a person), a value the saved record does not hold.
fn names_another(
    agent: &crate::agents::registry::Agent,
    result: &crate::tools::ToolResult,
    reading: &Reading,
) -> bool {
    use crate::agents::spec::SlotType;
    let fold = |v: &serde_json::Value| v.as_str().map(crate::nlu::normalize::fold);
    let data: Option<serde_json::Value> = result
        .data
        .as_ref()
        .and_then(|d| serde_json::from_str(d.get()).ok());
    let held: Vec<String> = data
        .as_ref()
        .and_then(|d| d.as_object())
        .map(|d| d.values().filter_map(fold).collect())
        .unwrap_or_default();
    agent
        .spec
        .slots
        .values()
        .filter(|slot| matches!(slot.kind, SlotType::Code | SlotType::Person))
        .any(|slot| {
            let crate::agents::understand::SlotRead::Value(said, _) =
                crate::agents::understand::read_slot(agent, slot, reading, &Default::default())
            else {
                return false;
            };
            fold(&said).is_some_and(|said| !held.contains(&said))
        })
}

/// The identifiers an agent gave what it saved (its `code` slots, as the
/// saved result names them: "COB-0001"; an agent with no code names it
/// by its `label` slots: the fixed payment «Gym»), so its change points
/// at it, never at a word of the correction ("no espera, son 500").
fn identifiers(
    agent: &crate::agents::registry::Agent,
    result: &crate::tools::ToolResult,
    coded: bool,
) -> serde_json::Map<String, serde_json::Value> {
    use crate::agents::spec::SlotType;
    let naming = if coded {
        SlotType::Code
    } else {
        SlotType::Label
    };
    let data: Option<serde_json::Value> = result
        .data
        .as_ref()
        .and_then(|d| serde_json::from_str(d.get()).ok());
    agent
        .spec
        .slots
        .iter()
        .filter(|(_, slot)| slot.kind == naming)
        .filter_map(|(name, _)| Some((name.clone(), data.as_ref()?.get(name)?.clone())))
        .collect()
}
