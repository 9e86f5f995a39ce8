//! Compiling one subflow: every state's message, collect, clarification,
//! checks, tools and transitions, with every error listed; then the flow's
//! reachability and its summaries.

use std::collections::{BTreeMap, BTreeSet};

use super::{Flow, State};
use crate::agents::expr::{self, Condition};
use crate::agents::path::Scope;
use crate::agents::spec::{AgentSpec, FlowSpec, StateSpec, ToolKind};
use crate::agents::template::{self, Template};

/// A compiled `validate` check: condition, message, slots to forget, the
/// state to go to.
#[derive(Debug)]
pub struct Check {
    pub condition: Condition,
    pub message: Template,
    pub clear: Vec<String>,
    pub then: String,
}

pub(super) fn compile(
    spec: &AgentSpec,
    flow: &FlowSpec,
    scope: &Scope,
    message_scope: &Scope,
    err: &mut impl FnMut(String),
) -> Flow {
    let fid = &flow.id;
    let mut states = BTreeMap::new();
    if !flow.states.contains_key(&flow.initial) {
        err(format!(
            "flow {fid}: unknown initial state {}",
            flow.initial
        ));
    }
    for (sid, s) in &flow.states {
        let compiled = compile_state(spec, flow, sid, s, (scope, message_scope), err);
        states.insert(sid.clone(), compiled);
    }
    let optional = optional_prefill(spec, flow, err);
    check_reachable(flow, err);
    let mut summaries = Vec::new();
    for (i, source) in flow.summary.iter().enumerate() {
        let at = format!("flow {fid} summary {}", i + 1);
        summaries.extend(compiled(template::compile(source, scope), &at, err));
    }
    Flow {
        initial: flow.initial.clone(),
        summaries,
        prefill: flow
            .prefill
            .iter()
            .filter(|s| !optional.contains(s))
            .cloned()
            .collect(),
        optional,
        clarifies: flow.states.values().any(|s| s.clarify.is_some()),
        states,
    }
}

/// One state checked and compiled: its message and share, the call on
/// entering, its collect or clarify, checks, tools and transitions, and
/// that every target it names exists.
fn compile_state(
    spec: &AgentSpec,
    flow: &FlowSpec,
    sid: &str,
    s: &StateSpec,
    (scope, message_scope): (&Scope, &Scope),
    err: &mut impl FnMut(String),
) -> State {
    let (id, fid) = (&spec.id, &flow.id);
    let tool = |name: &str| spec.tools.iter().find(|t| t.name == name);
    let at = format!("flow {fid} state {sid}");
    let mut exits: Vec<&str> = Vec::new();
    // The texts said on entering, each compiled over the message scope.
    let mut said = |field: &str, source: Option<&String>| {
        let at = format!("{at} {field}");
        source.and_then(|source| compiled(template::compile(source, message_scope), &at, err))
    };
    let on_enter = s.on_enter.as_ref();
    let message = said("message", on_enter.and_then(|o| o.message.as_ref()));
    let share = said("share", on_enter.and_then(|o| o.share.as_ref()));
    let hand_back = said("hand_back", on_enter.and_then(|o| o.hand_back.as_ref()));
    if let Some(name) = s.on_enter.as_ref().and_then(|o| o.call_tool.as_ref()) {
        match tool(name) {
            Some(t) if t.kind == ToolKind::Information => {}
            _ => err(format!(
                "{at}: on_enter calls {name}, not an information tool of {id}"
            )),
        }
    }
    let rejections = compile_collect(spec, s, &at, scope, &mut exits, err);
    let question = compile_clarify(spec, s, &at, scope, &mut exits, err);
    let checks = compile_checks(spec, s, &at, scope, &mut exits, err);
    for st in &s.state_tools {
        if tool(&st.tool).is_none_or(|t| t.kind == ToolKind::Navigation) {
            err(format!(
                "{at}: state tool {} is not a service tool of {id}",
                st.tool
            ));
        }
        exits.push(&st.flow_transition.on_success);
        exits.push(&st.flow_transition.on_error);
    }
    let mut transitions = Vec::new();
    for (i, tr) in s.transitions.iter().enumerate() {
        exits.push(&tr.then);
        match &tr.condition {
            Some(source) => match expr::compile(source, scope) {
                Ok(c) => transitions.push((Some(c), tr.then.clone())),
                Err(e) => err(format!("{at} transition if: {e}")),
            },
            None if i + 1 == s.transitions.len() => transitions.push((None, tr.then.clone())),
            None => err(format!("{at}: a transition without if must be the last")),
        }
    }
    for target in &exits {
        if !flow.states.contains_key(*target) {
            err(format!("{at}: unknown target state {target}"));
        }
    }
    check_exits(s, &at, err);
    State {
        spec: s.clone(),
        message,
        share,
        hand_back,
        rejections,
        question,
        checks,
        transitions,
    }
}

/// A collect: its slot, attempts and exit; its rejections compiled.
fn compile_collect<'s>(
    spec: &AgentSpec,
    s: &'s StateSpec,
    at: &str,
    scope: &Scope,
    exits: &mut Vec<&'s str>,
    err: &mut impl FnMut(String),
) -> Vec<(Condition, Template)> {
    let mut rejections = Vec::new();
    if let Some(collect) = &s.collect {
        if !spec.slots.contains_key(&collect.slot) {
            err(format!("{at}: collects undeclared slot {}", collect.slot));
        }
        let tries = (collect.max_attempts, collect.on_exhausted.as_deref());
        check_attempts(at, "collect", tries, exits, err);
        for r in &collect.rejections {
            match (
                expr::compile(&r.condition, scope),
                template::compile(&r.message, scope),
            ) {
                (Ok(c), Ok(m)) => rejections.push((c, m)),
                (Err(e), _) => err(format!("{at} rejection if: {e}")),
                (_, Err(e)) => err(format!("{at} rejection message: {e}")),
            }
        }
    }
    rejections
}

/// A question asked again at most `max_attempts` times (at least once),
/// then left for its `on_exhausted` state.
fn check_attempts<'s>(
    at: &str,
    what: &str,
    (max_attempts, on_exhausted): (u32, Option<&'s str>),
    exits: &mut Vec<&'s str>,
    err: &mut impl FnMut(String),
) {
    if max_attempts == 0 {
        err(format!("{at}: max_attempts must be at least 1"));
    }
    match on_exhausted {
        Some(target) => exits.push(target),
        None => err(format!("{at}: a {what} needs on_exhausted")),
    }
}

/// A clarify: its slots, attempts and exit; its question compiled.
fn compile_clarify<'s>(
    spec: &AgentSpec,
    s: &'s StateSpec,
    at: &str,
    scope: &Scope,
    exits: &mut Vec<&'s str>,
    err: &mut impl FnMut(String),
) -> Option<Template> {
    let mut question = None;
    if let Some(clarify) = &s.clarify {
        if s.collect.is_some() {
            err(format!("{at}: a state collects or clarifies, not both"));
        }
        if clarify.slots.is_empty() {
            err(format!("{at}: clarify names no slot"));
        }
        for slot in &clarify.slots {
            if !spec.slots.contains_key(slot) {
                err(format!("{at}: clarifies undeclared slot {slot}"));
            }
        }
        let tries = (clarify.max_attempts, clarify.on_exhausted.as_deref());
        check_attempts(at, "clarify", tries, exits, err);
        let at = format!("{at} clarify question");
        question = compiled(template::compile(&clarify.question, scope), &at, err);
    }
    question
}

/// A state's checks over several slots, compiled; each names where it goes.
fn compile_checks<'s>(
    spec: &AgentSpec,
    s: &'s StateSpec,
    at: &str,
    scope: &Scope,
    exits: &mut Vec<&'s str>,
    err: &mut impl FnMut(String),
) -> Vec<Check> {
    let mut checks = Vec::new();
    for check in &s.validate {
        exits.push(&check.then);
        for slot in &check.clear {
            if !spec.slots.contains_key(slot) {
                err(format!("{at}: validate clears undeclared slot {slot}"));
            }
        }
        match (
            expr::compile(&check.condition, scope),
            template::compile(&check.message, scope),
        ) {
            (Ok(condition), Ok(message)) => checks.push(Check {
                condition,
                message,
                clear: check.clear.clone(),
                then: check.then.clone(),
            }),
            (Err(e), _) => err(format!("{at} validate if: {e}")),
            (_, Err(e)) => err(format!("{at} validate message: {e}")),
        }
    }
    checks
}

/// A prefill slot no state asks for is optional: taken from the starting
/// message when it says it, else left out.
fn optional_prefill(
    spec: &AgentSpec,
    flow: &FlowSpec,
    err: &mut impl FnMut(String),
) -> Vec<String> {
    let (id, fid) = (&spec.id, &flow.id);
    let mut optional = Vec::new();
    for slot in &flow.prefill {
        if !spec.slots.contains_key(slot) {
            err(format!(
                "flow {fid}: prefill names {slot}, which is no slot of {id}"
            ));
            continue;
        }
        let asked = flow.states.values().any(|s| {
            s.collect.as_ref().is_some_and(|c| &c.slot == slot)
                || s.clarify.as_ref().is_some_and(|c| c.slots.contains(slot))
        });
        if !asked {
            optional.push(slot.clone());
        }
    }
    optional
}

fn compiled<T>(
    result: Result<T, expr::ExprError>,
    at: &str,
    err: &mut impl FnMut(String),
) -> Option<T> {
    result.map_err(|e| err(format!("{at}: {e}"))).ok()
}

/// A final state has no exits; any other state has one, and a state that
/// waits for nothing leaves unconditionally.
fn check_exits(s: &StateSpec, at: &str, err: &mut impl FnMut(String)) {
    let waits = s.collect.is_some() || s.clarify.is_some();
    let has_exit = waits || !s.state_tools.is_empty() || !s.transitions.is_empty();
    if s.is_final && (has_exit || !s.validate.is_empty()) {
        err(format!("{at}: a final state has no exits"));
    }
    if !s.is_final && !has_exit {
        err(format!(
            "{at}: no exit (not final, collects nothing, no tools, no transitions)"
        ));
    }
    if !s.is_final
        && !waits
        && s.state_tools.is_empty()
        && s.transitions.last().is_none_or(|t| t.condition.is_some())
    {
        err(format!(
            "{at}: collects nothing, so its last transition needs no if"
        ));
    }
}

/// Every state reachable from the initial one, and a final state exists.
fn check_reachable(flow: &FlowSpec, err: &mut impl FnMut(String)) {
    let fid = &flow.id;
    let mut seen = BTreeSet::new();
    let mut queue = vec![flow.initial.as_str()];
    while let Some(sid) = queue.pop() {
        if !seen.insert(sid) {
            continue;
        }
        if let Some(s) = flow.states.get(sid) {
            queue.extend(s.collect.iter().filter_map(|c| c.on_exhausted.as_deref()));
            queue.extend(s.clarify.iter().filter_map(|c| c.on_exhausted.as_deref()));
            queue.extend(s.validate.iter().map(|c| c.then.as_str()));
            queue.extend(s.state_tools.iter().flat_map(|t| {
                [
                    t.flow_transition.on_success.as_str(),
                    t.flow_transition.on_error.as_str(),
                ]
            }));
            queue.extend(s.transitions.iter().map(|t| t.then.as_str()));
        }
    }
    for sid in flow.states.keys() {
        if !seen.contains(sid.as_str()) {
            err(format!("flow {fid}: state {sid} is unreachable"));
        }
    }
    if !flow.states.values().any(|s| s.is_final) {
        err(format!("flow {fid}: no final state"));
    }
}
