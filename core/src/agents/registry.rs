//! Loads every agent file at once and refuses a broken configuration,
//! listing every error together: unknown targets, unreachable states,
//! states with no exit, conditions or templates naming undeclared paths,
//! `enter_agent` cycles longer than the routing chain's cap, duplicate ids.
//! What loads is compiled: conditions and templates parsed once, trigger
//! phrases tokenized once.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use super::expr::{self, Condition};
use super::path::Scope;
use super::services;
use super::spec::{AgentSpec, RoutingKind, SlotType, StateSpec, ToolKind, ToolSpec};
use super::state::FlowState;
use super::template::{self, Template};
use crate::nlu::normalize::{TokenKind, fold, tokenize};

/// Most routing iterations in one turn.
pub const CHAIN_CAP: usize = 3;
/// The agent every thread starts in: the Financial Agent.
pub const HOME: &str = "financial";

/// The agent files that ship, compiled in.
const SHIPPED: &[(&str, &str)] = &[
    (
        "financial.json",
        include_str!("../../../agents/financial.json"),
    ),
    ("topups.json", include_str!("../../../agents/topups.json")),
    ("snpl.json", include_str!("../../../agents/snpl.json")),
    (
        "remittances.json",
        include_str!("../../../agents/remittances.json"),
    ),
    ("billpay.json", include_str!("../../../agents/billpay.json")),
];

/// Every agent, checked and compiled.
#[derive(Debug)]
pub struct Registry {
    pub agents: Vec<Agent>,
}

#[derive(Debug)]
pub struct Agent {
    pub spec: AgentSpec,
    /// Trigger phrases as folded content words, by intent.
    pub triggers: Vec<(String, Vec<Vec<String>>)>,
    pub flows: BTreeMap<String, Flow>,
    /// Confirmation messages and service parameters, by tool name.
    pub confirmations: BTreeMap<String, Template>,
    pub params: BTreeMap<String, Vec<(String, Template)>>,
    /// Option labels of choice slots, by slot.
    pub option_labels: BTreeMap<String, Template>,
}

#[derive(Debug)]
pub struct Flow {
    pub initial: String,
    /// The flow's `summary` templates, compiled.
    pub summaries: Vec<Template>,
    pub states: BTreeMap<String, State>,
}

#[derive(Debug)]
pub struct State {
    pub spec: StateSpec,
    pub message: Option<Template>,
    /// Rejections of the collect, compiled: (condition, message).
    pub rejections: Vec<(Condition, Template)>,
    pub transitions: Vec<(Option<Condition>, String)>,
}

impl Agent {
    /// The state `flow` is in, if this agent still has it (a stored flow
    /// may name a state an edited agent file no longer has).
    pub fn state_of(&self, flow: &FlowState) -> Option<&State> {
        self.flows
            .get(&flow.flow_id)?
            .states
            .get(&flow.current_state)
    }

    /// The flow in a few words with its details, for a cancel or a flow
    /// set aside: the first `summary` template that renders whole, else
    /// the agent's name.
    pub fn describe(&self, flow: &FlowState) -> String {
        let root = super::path::Root::Flow {
            slots: &flow.slots,
            data: &flow.state_data,
            options: &serde_json::Value::Null,
        };
        self.flows
            .get(&flow.flow_id)
            .and_then(|f| f.summaries.iter().find(|t| t.missing(root).is_empty()))
            .map(|t| t.render(root))
            .unwrap_or_else(|| format!("lo de {}", self.spec.name))
    }

    /// The tool an intent calls.
    pub fn tool_for_intent(&self, intent: &str) -> Option<&ToolSpec> {
        self.spec
            .tools
            .iter()
            .find(|t| t.intent.as_deref() == Some(intent))
    }

    /// What the user sees for an intent: its tool's label, else its first
    /// trigger phrase.
    pub fn intent_label(&self, intent: &str) -> Option<&str> {
        self.tool_for_intent(intent)
            .and_then(|t| t.label.as_deref())
            .or_else(|| self.spec.triggers.get(intent)?.first().map(String::as_str))
    }
}

impl Registry {
    pub fn agent(&self, id: &str) -> Option<&Agent> {
        self.agents.iter().find(|a| a.spec.id == id)
    }

    pub fn home(&self) -> &Agent {
        self.agent(HOME).expect("the registry has the home agent")
    }
}

/// The shipped agents. A broken shipped file is a build defect: tests
/// load it, and the hosts refuse to start (`check` prints the errors).
pub fn shipped() -> Result<&'static Registry, &'static [String]> {
    static REGISTRY: OnceLock<Result<Registry, Vec<String>>> = OnceLock::new();
    REGISTRY
        .get_or_init(|| load(SHIPPED))
        .as_ref()
        .map_err(Vec::as_slice)
}

/// Loads and checks agent files given as (file name, JSON text).
pub fn load(files: &[(&str, &str)]) -> Result<Registry, Vec<String>> {
    let mut errors = Vec::new();
    let mut specs: Vec<AgentSpec> = Vec::new();
    for (file, text) in files {
        match serde_json::from_str::<AgentSpec>(text) {
            Ok(spec) => specs.push(spec),
            Err(e) => errors.push(format!("{file}: {e}")),
        }
    }
    let ids: Vec<&str> = specs.iter().map(|s| s.id.as_str()).collect();
    for (i, id) in ids.iter().enumerate() {
        if ids[..i].contains(id) {
            errors.push(format!("duplicate agent id {id}"));
        }
    }
    if !ids.contains(&HOME) {
        errors.push(format!("no home agent {HOME}"));
    }
    check_enter_cycles(&specs, &mut errors);
    let mut agents = Vec::new();
    for spec in &specs {
        if let Some(agent) = compile(spec, &ids, &mut errors) {
            agents.push(agent);
        }
    }
    if errors.is_empty() {
        Ok(Registry { agents })
    } else {
        Err(errors)
    }
}

/// The paths an agent's conditions and templates may name.
fn scope_of(spec: &AgentSpec) -> Scope {
    let mut scope = Scope::new();
    for (name, slot) in &spec.slots {
        scope.declare(&format!("slots.{name}"));
        if slot.options_from.is_some() {
            scope.declare_open(&format!("data.{name}_option"));
        }
    }
    for tool in &spec.tools {
        let Some(service) = &tool.service else {
            continue;
        };
        match (&tool.assign, services::fields(&service.name)) {
            (Some(name), _) => scope.declare_open(&format!("data.{name}")),
            (None, Some(fields)) => {
                for field in fields {
                    scope.declare_open(&format!("data.{field}"));
                }
            }
            (None, None) => {}
        }
    }
    scope
}

fn compile(spec: &AgentSpec, ids: &[&str], errors: &mut Vec<String>) -> Option<Agent> {
    let before = errors.len();
    let id = &spec.id;
    let mut err = |e: String| errors.push(format!("{id}: {e}"));
    let scope = scope_of(spec);
    let tool = |name: &str| spec.tools.iter().find(|t| t.name == name);

    let mut names = BTreeSet::new();
    let mut confirmations = BTreeMap::new();
    let mut params = BTreeMap::new();
    for t in &spec.tools {
        if !names.insert(t.name.as_str()) {
            err(format!("duplicate tool {}", t.name));
        }
        if let Some(intent) = &t.intent
            && !spec.triggers.contains_key(intent)
        {
            err(format!(
                "tool {} names intent {intent}, which has no triggers",
                t.name
            ));
        }
        match (t.kind, &t.routing, &t.service) {
            (ToolKind::Navigation, Some(routing), None) => {
                let target = routing.target.as_deref();
                match routing.kind {
                    RoutingKind::EnterAgent => match target {
                        Some(target) if target == id => {
                            err(format!("tool {} enters its own agent", t.name));
                        }
                        Some(target) if ids.contains(&target) => {}
                        _ => err(format!("tool {} enters unknown agent {target:?}", t.name)),
                    },
                    RoutingKind::StartFlow => {
                        if !spec.subflows.iter().any(|f| Some(f.id.as_str()) == target) {
                            err(format!("tool {} starts unknown flow {target:?}", t.name));
                        }
                    }
                    RoutingKind::GoHome | RoutingKind::GoBack | RoutingKind::Escalate => {}
                }
            }
            (ToolKind::Navigation, _, _) => {
                err(format!(
                    "navigation tool {} needs a routing and no service",
                    t.name
                ));
            }
            (_, Some(_), _) | (_, _, None) => {
                err(format!("tool {} needs a service and no routing", t.name));
            }
            (kind, None, Some(service)) => {
                if services::fields(&service.name).is_none() {
                    err(format!(
                        "tool {} calls unknown service {}",
                        t.name, service.name
                    ));
                }
                let action = services::is_action(&service.name);
                if action != (kind == ToolKind::Action) {
                    err(format!(
                        "tool {}: service {} changes data only for action tools",
                        t.name, service.name
                    ));
                }
                if kind == ToolKind::Action && !t.requires_confirmation {
                    err(format!("action tool {} must require confirmation", t.name));
                }
                let mut compiled = Vec::new();
                for (name, source) in &service.params {
                    match template::compile(source, &scope) {
                        Ok(tpl) => compiled.push((name.clone(), tpl)),
                        Err(e) => err(format!("tool {} param {name}: {e}", t.name)),
                    }
                }
                params.insert(t.name.clone(), compiled);
            }
        }
        match (&t.confirmation_message, t.requires_confirmation) {
            (Some(source), true) => match template::compile(source, &scope) {
                Ok(tpl) => {
                    confirmations.insert(t.name.clone(), tpl);
                }
                Err(e) => err(format!("tool {} confirmation_message: {e}", t.name)),
            },
            (None, true) => err(format!(
                "tool {} requires confirmation but has no message",
                t.name
            )),
            (Some(_), false) => err(format!(
                "tool {} has a confirmation message but needs none",
                t.name
            )),
            (None, false) => {}
        }
    }
    for intent in spec.triggers.keys() {
        if !spec.tools.iter().any(|t| t.intent.as_ref() == Some(intent)) {
            err(format!("intent {intent} calls no tool"));
        }
    }

    let mut option_labels = BTreeMap::new();
    for (name, slot) in &spec.slots {
        let from_context = slot.options_from.is_some();
        if slot.kind == SlotType::Choice && !from_context && slot.values.is_empty() {
            err(format!("choice slot {name} needs options_from or values"));
        }
        if let Some(from) = &slot.options_from {
            if let Err(e) = scope.resolve(from) {
                err(format!("slot {name} options_from: {e}"));
            }
            if slot.option_value.is_none() {
                err(format!(
                    "slot {name} takes options from context but names no option_value"
                ));
            }
        }
        if let Some(label) = &slot.option_label {
            let mut item = Scope::new();
            item.declare_open("item");
            match template::compile(label, &item) {
                Ok(tpl) => {
                    option_labels.insert(name.clone(), tpl);
                }
                Err(e) => err(format!("slot {name} option_label: {e}")),
            }
        }
    }

    let mut flows = BTreeMap::new();
    // A state's message may also list its collect's choices: `{options}`.
    let mut message_scope = scope.clone();
    message_scope.declare("options");
    for flow in &spec.subflows {
        let fid = &flow.id;
        let mut states = BTreeMap::new();
        if !flow.states.contains_key(&flow.initial) {
            err(format!(
                "flow {fid}: unknown initial state {}",
                flow.initial
            ));
        }
        for (sid, s) in &flow.states {
            let at = format!("flow {fid} state {sid}");
            let mut exits: Vec<&str> = Vec::new();
            let message = match s.on_enter.as_ref().and_then(|o| o.message.as_ref()) {
                Some(source) => match template::compile(source, &message_scope) {
                    Ok(tpl) => Some(tpl),
                    Err(e) => {
                        err(format!("{at} message: {e}"));
                        None
                    }
                },
                None => None,
            };
            if let Some(name) = s.on_enter.as_ref().and_then(|o| o.call_tool.as_ref()) {
                match tool(name) {
                    Some(t) if t.kind == ToolKind::Information => {}
                    _ => err(format!(
                        "{at}: on_enter calls {name}, not an information tool of {id}"
                    )),
                }
            }
            let mut rejections = Vec::new();
            if let Some(collect) = &s.collect {
                if !spec.slots.contains_key(&collect.slot) {
                    err(format!("{at}: collects undeclared slot {}", collect.slot));
                }
                if collect.max_attempts == 0 {
                    err(format!("{at}: max_attempts must be at least 1"));
                }
                match &collect.on_exhausted {
                    Some(target) => exits.push(target),
                    None => err(format!("{at}: a collect needs on_exhausted")),
                }
                for r in &collect.rejections {
                    match (
                        expr::compile(&r.condition, &scope),
                        template::compile(&r.message, &scope),
                    ) {
                        (Ok(c), Ok(m)) => rejections.push((c, m)),
                        (Err(e), _) => err(format!("{at} rejection if: {e}")),
                        (_, Err(e)) => err(format!("{at} rejection message: {e}")),
                    }
                }
            }
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
                    Some(source) => match expr::compile(source, &scope) {
                        Ok(c) => transitions.push((Some(c), tr.then.clone())),
                        Err(e) => err(format!("{at} transition if: {e}")),
                    },
                    None if i + 1 == s.transitions.len() => {
                        transitions.push((None, tr.then.clone()))
                    }
                    None => err(format!("{at}: a transition without if must be the last")),
                }
            }
            for target in &exits {
                if !flow.states.contains_key(*target) {
                    err(format!("{at}: unknown target state {target}"));
                }
            }
            if s.is_final
                && (s.collect.is_some() || !s.state_tools.is_empty() || !s.transitions.is_empty())
            {
                err(format!("{at}: a final state has no exits"));
            }
            let has_exit =
                s.collect.is_some() || !s.state_tools.is_empty() || !s.transitions.is_empty();
            if !s.is_final && !has_exit {
                err(format!(
                    "{at}: no exit (not final, collects nothing, no tools, no transitions)"
                ));
            }
            if !s.is_final && s.collect.is_none() && s.state_tools.is_empty() {
                // A state that waits for nothing must leave unconditionally.
                if s.transitions.last().is_none_or(|t| t.condition.is_some()) {
                    err(format!(
                        "{at}: collects nothing, so its last transition needs no if"
                    ));
                }
            }
            states.insert(
                sid.clone(),
                State {
                    spec: s.clone(),
                    message,
                    rejections,
                    transitions,
                },
            );
        }
        // Every state reachable from the initial one.
        let mut seen = BTreeSet::new();
        let mut queue = vec![flow.initial.as_str()];
        while let Some(sid) = queue.pop() {
            if !seen.insert(sid) {
                continue;
            }
            if let Some(s) = flow.states.get(sid) {
                queue.extend(s.collect.iter().filter_map(|c| c.on_exhausted.as_deref()));
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
        let mut summaries = Vec::new();
        for (i, source) in flow.summary.iter().enumerate() {
            match template::compile(source, &scope) {
                Ok(tpl) => summaries.push(tpl),
                Err(e) => err(format!("flow {fid} summary {}: {e}", i + 1)),
            }
        }
        flows.insert(
            fid.clone(),
            Flow {
                initial: flow.initial.clone(),
                summaries,
                states,
            },
        );
    }

    let triggers = spec
        .triggers
        .iter()
        .map(|(intent, phrases)| {
            (
                intent.clone(),
                phrases.iter().map(|p| content_words(p)).collect(),
            )
        })
        .collect();
    (errors.len() == before).then(|| Agent {
        spec: spec.clone(),
        triggers,
        flows,
        confirmations,
        params,
        option_labels,
    })
}

/// The folded words of a phrase that carry meaning (articles and other
/// fillers from the lexicon left out).
pub fn content_words(text: &str) -> Vec<String> {
    content_tokens(&tokenize(&fold(text)))
        .into_iter()
        .map(str::to_string)
        .collect()
}

/// [`content_words`] of a message already read.
pub fn content_tokens(tokens: &[crate::nlu::normalize::Token]) -> Vec<&str> {
    let fillers = crate::nlu::lexicon::cues().trigger_fillers.words();
    tokens
        .iter()
        .filter(|t| t.kind == TokenKind::Word && !fillers.contains(&t.text.as_str()))
        .map(|t| t.text.as_str())
        .collect()
}

/// `enter_agent` routes form a graph; a cycle longer than the chain's cap
/// could never finish in one turn.
fn check_enter_cycles(specs: &[AgentSpec], errors: &mut Vec<String>) {
    let edges: BTreeMap<&str, Vec<&str>> = specs
        .iter()
        .map(|s| {
            let targets = s
                .tools
                .iter()
                .filter_map(|t| t.routing.as_ref())
                .filter(|r| r.kind == RoutingKind::EnterAgent)
                .filter_map(|r| r.target.as_deref())
                .collect();
            (s.id.as_str(), targets)
        })
        .collect();
    // Depth-first over simple paths (agents are few).
    fn walk<'a>(
        edges: &BTreeMap<&'a str, Vec<&'a str>>,
        path: &mut Vec<&'a str>,
        errors: &mut Vec<String>,
    ) {
        let last = *path.last().expect("path starts with an agent");
        for &next in edges.get(last).map(Vec::as_slice).unwrap_or(&[]) {
            if next == path[0] {
                if path.len() > CHAIN_CAP {
                    let cycle = path.join(" → ");
                    let message = format!(
                        "enter_agent cycle {cycle} → {next} is longer than the chain cap {CHAIN_CAP}"
                    );
                    if !errors.contains(&message) {
                        errors.push(message);
                    }
                }
            } else if !path.contains(&next) && next > path[0] {
                path.push(next);
                walk(edges, path, errors);
                path.pop();
            }
        }
    }
    for &start in edges.keys() {
        walk(&edges, &mut vec![start], errors);
    }
}
