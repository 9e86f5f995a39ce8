//! Loads every agent file at once and refuses a broken configuration,
//! listing every error together: unknown targets, unreachable states,
//! states with no exit, conditions or templates naming undeclared paths,
//! `enter_agent` cycles longer than the routing chain's cap, duplicate ids.
//! What loads is compiled: conditions and templates parsed once, trigger
//! phrases tokenized once.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use super::expr::Condition;
use super::path::Scope;
use super::spec::{AgentSpec, RoutingKind, SlotType, StateSpec, ToolKind, ToolSpec};
use crate::tools::Provider;

mod flows;
use super::phrases::{Phrase, Vocab};
use super::state::FlowState;
use super::template::{self, Template};
use super::words::trigger_words;
pub use super::words::{
    EXACT, QUESTION, SMALL, content_tokens, content_words, declined_words, intent_words,
    question_words,
};
pub use flows::Check;

/// Most routing iterations in one turn.
pub const CHAIN_CAP: usize = 3;
/// The agent every thread starts in: the Financial Agent.
pub const HOME: &str = "financial";

/// The agent files that ship, compiled in.
pub const SHIPPED: &[(&str, &str)] = &[
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
    ("stats.json", include_str!("../../../agents/stats.json")),
    ("cobros.json", include_str!("../../../agents/cobros.json")),
];

/// Every agent, checked and compiled.
#[derive(Debug)]
pub struct Registry {
    pub agents: Vec<Agent>,
}

#[derive(Debug)]
pub struct Agent {
    pub spec: AgentSpec,
    /// Every word of the agent's trigger and question phrases, numbered.
    pub vocab: Vocab,
    /// Trigger phrases as numbered content words, by intent.
    pub triggers: Vec<(String, Vec<Phrase>)>,
    pub flows: BTreeMap<String, Flow>,
    /// Confirmation messages and service parameters, by tool name.
    pub confirmations: BTreeMap<String, Template>,
    pub params: BTreeMap<String, Vec<(String, Template)>>,
    /// Option labels of choice slots, by slot.
    pub option_labels: BTreeMap<String, Template>,
    /// The results of the agent's `data` services, by service: each field
    /// and its template over `params` and `today`.
    pub results: BTreeMap<String, Vec<(String, Template)>>,
    /// The agent's questions: phrases as numbered content words, answers
    /// compiled.
    pub faq: Vec<(Vec<Phrase>, Vec<Template>)>,
}

#[derive(Debug)]
pub struct Flow {
    pub initial: String,
    /// The flow's `summary` templates, compiled.
    pub summaries: Vec<Template>,
    /// Slots read from the message that starts the flow.
    pub prefill: Vec<String>,
    /// Slots no state asks for, taken from the starting message when it
    /// says them ("estadísticas de comida": the category).
    pub optional: Vec<String>,
    /// A state of the flow clarifies the starting request.
    pub clarifies: bool,
    pub states: BTreeMap<String, State>,
}

#[derive(Debug)]
pub struct State {
    pub spec: StateSpec,
    pub message: Option<Template>,
    /// The text offered for forwarding on entering, compiled.
    pub share: Option<Template>,
    /// Rejections of the collect, compiled: (condition, message).
    pub rejections: Vec<(Condition, Template)>,
    /// The clarification's question, compiled.
    pub question: Option<Template>,
    /// The `validate` checks, compiled.
    pub checks: Vec<Check>,
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
            today: &serde_json::Value::Null,
        };
        self.flows
            .get(&flow.flow_id)
            .and_then(|f| f.summaries.iter().find(|t| t.missing(root).is_empty()))
            .map(|t| t.render(root))
            .unwrap_or_else(|| format!("lo de {}", self.spec.name))
    }

    /// The agent's tool named `name` (names are checked at load).
    pub fn tool(&self, name: &str) -> Option<&ToolSpec> {
        self.spec.tools.iter().find(|t| t.name == name)
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
    inherit_route_triggers(&mut specs);
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

/// A route into another agent (`enter_agent`) whose intent lists no phrases
/// is taken on every phrase that starts one of that agent's own flows: the
/// phrases are written once, in the agent they belong to, and the route
/// never falls behind them. A route that lists phrases keeps just those (a
/// narrow way in, like a remittance's "un crédito para la remesa").
fn inherit_route_triggers(specs: &mut [AgentSpec]) {
    let flow_phrases = |spec: &AgentSpec| -> Vec<String> {
        spec.tools
            .iter()
            .filter(|t| {
                t.routing
                    .as_ref()
                    .is_some_and(|r| r.kind == RoutingKind::StartFlow)
            })
            .filter_map(|t| spec.triggers.get(t.intent.as_deref()?))
            .flatten()
            .cloned()
            .collect()
    };
    let by_id: BTreeMap<String, Vec<String>> = specs
        .iter()
        .map(|s| (s.id.clone(), flow_phrases(s)))
        .collect();
    for spec in specs.iter_mut() {
        let routes: Vec<(String, String)> = spec
            .tools
            .iter()
            .filter_map(|t| {
                let routing = t.routing.as_ref()?;
                (routing.kind == RoutingKind::EnterAgent)
                    .then(|| Some((t.intent.clone()?, routing.target.clone()?)))?
            })
            .collect();
        for (intent, target) in routes {
            let Some(inherited) = by_id.get(&target) else {
                continue;
            };
            let phrases = spec.triggers.entry(intent).or_default();
            if phrases.is_empty() {
                for phrase in inherited {
                    if !phrases.contains(phrase) {
                        phrases.push(phrase.clone());
                    }
                }
            }
        }
    }
}

/// The paths an agent's conditions and templates may name.
fn scope_of(spec: &AgentSpec) -> Scope {
    let mut scope = Scope::new();
    for (name, slot) in &spec.slots {
        scope.declare(&format!("slots.{name}"));
        if slot.kind == SlotType::Period {
            // `{from, to}`: read below it.
            scope.declare_open(&format!("slots.{name}"));
        }
        if slot.options_from.is_some() {
            scope.declare_open(&format!("data.{name}_option"));
        }
        if !slot.labels.is_empty() || slot.kind == SlotType::Category {
            scope.declare(&format!("data.{name}_option.value"));
            scope.declare(&format!("data.{name}_option.label"));
        }
    }
    for tool in &spec.tools {
        let Some(service) = &tool.service else {
            continue;
        };
        match (&tool.assign, spec.services.get(&service.name)) {
            (Some(name), _) => scope.declare_open(&format!("data.{name}")),
            (None, Some(declared)) => {
                for field in &declared.fields {
                    scope.declare_open(&format!("data.{field}"));
                }
            }
            (None, None) => {}
        }
    }
    // The user's civil date, and the request that started the flow (as
    // written, and merged with the answers to a clarification).
    scope.declare("today");
    scope.declare("data.request");
    scope.declare("data.clarified_query");
    scope
}

fn compile(spec: &AgentSpec, ids: &[&str], errors: &mut Vec<String>) -> Option<Agent> {
    let before = errors.len();
    let id = &spec.id;
    let mut err = |e: String| errors.push(format!("{id}: {e}"));
    // A format may write its parts in other formats: each pass compiles
    // the formats whose parts are compiled, until a pass adds none (what
    // is left names an unknown format or goes round in a circle).
    let mut formats = BTreeMap::new();
    let mut left: Vec<(&String, &String)> = spec.formats.iter().collect();
    loop {
        let mut item = Scope::new().with_formats(formats.clone());
        item.declare_open("item");
        let mut problems = Vec::new();
        let count = formats.len();
        for (name, source) in std::mem::take(&mut left) {
            match template::compile(source, &item) {
                Ok(tpl) => {
                    formats.insert(name.clone(), tpl);
                }
                Err(e) => {
                    problems.push(format!("format {name}: {e}"));
                    left.push((name, source));
                }
            }
        }
        if left.is_empty() || formats.len() == count {
            problems.into_iter().for_each(&mut err);
            break;
        }
    }
    let mut item_scope = Scope::new().with_formats(formats.clone());
    item_scope.declare_open("item");
    let scope = scope_of(spec).with_formats(formats);
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
                let declared = spec.services.get(&service.name);
                if declared.is_none() {
                    err(format!(
                        "tool {} calls undeclared service {}",
                        t.name, service.name
                    ));
                }
                let action = declared.is_some_and(|d| d.action);
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

    let results = compile_services(spec, &mut err);
    let mut faq = Vec::new();
    for (i, entry) in spec.faq.iter().enumerate() {
        let phrases: Vec<Vec<String>> = entry.phrases.iter().map(|p| content_words(p)).collect();
        if phrases.is_empty() || phrases.iter().any(Vec::is_empty) {
            err(format!(
                "faq {}: every phrase needs a word that means something",
                i + 1
            ));
        }
        let mut answers = Vec::new();
        for source in &entry.answers {
            match template::compile(source, &scope) {
                Ok(tpl) => answers.push(tpl),
                Err(e) => err(format!("faq {} answer: {e}", i + 1)),
            }
        }
        if answers.is_empty() {
            err(format!("faq {} has no answer", i + 1));
        }
        faq.push((phrases, answers));
    }
    let mut option_labels = BTreeMap::new();
    for (name, slot) in &spec.slots {
        let from_context = slot.options_from.is_some();
        if slot.kind == SlotType::Choice && !from_context && slot.values.is_empty() {
            err(format!("choice slot {name} needs options_from or values"));
        }
        for other in &slot.depends_on {
            if !spec.slots.contains_key(other) || other == name {
                err(format!("slot {name} depends on unknown slot {other}"));
            }
        }
        if !slot.labels.is_empty() {
            for value in slot.values.keys() {
                if !slot.labels.contains_key(value) {
                    err(format!("slot {name}: value {value} has no label"));
                }
            }
            for value in slot.labels.keys() {
                if !slot.values.contains_key(value) {
                    err(format!("slot {name}: label for unknown value {value}"));
                }
            }
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
            match template::compile(label, &item_scope) {
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
        let compiled = flows::compile(spec, flow, &scope, &message_scope, &mut err);
        flows.insert(flow.id.clone(), compiled);
    }

    let triggers: Vec<(String, Vec<Vec<String>>)> = spec
        .triggers
        .iter()
        .map(|(intent, phrases)| {
            (
                intent.clone(),
                phrases.iter().map(|p| trigger_words(p)).collect(),
            )
        })
        .collect();
    let every = triggers
        .iter()
        .flat_map(|(_, p)| p)
        .chain(faq.iter().flat_map(|(p, _)| p));
    let vocab = Vocab::of(every.map(Vec::as_slice));
    let numbered = |phrases: &[Vec<String>]| phrases.iter().map(|p| vocab.phrase(p)).collect();
    let triggers = triggers
        .iter()
        .map(|(intent, phrases)| (intent.clone(), numbered(phrases)))
        .collect();
    let faq = faq
        .into_iter()
        .map(|(phrases, answers)| (numbered(&phrases), answers))
        .collect();
    (errors.len() == before).then(|| Agent {
        spec: spec.clone(),
        vocab,
        triggers,
        flows,
        confirmations,
        params,
        option_labels,
        results,
        faq,
    })
}

/// The provider's name as agent files write it.
fn provider_name(provider: Provider) -> &'static str {
    match provider {
        Provider::Sandbox => "sandbox",
        Provider::Ledger => "ledger",
        Provider::Cobros => "cobros",
        Provider::Data => "data",
    }
}

/// Checks the declared services against their providers and compiles the
/// results of `data` services.
fn compile_services(
    spec: &AgentSpec,
    err: &mut impl FnMut(String),
) -> BTreeMap<String, Vec<(String, Template)>> {
    let mut scope = Scope::new();
    scope.declare_open("params");
    scope.declare("today");
    let mut results = BTreeMap::new();
    for (name, declared) in &spec.services {
        match declared.provider {
            Provider::Sandbox | Provider::Ledger | Provider::Cobros => {
                let provider = declared.provider;
                match crate::tools::defs::service_def(provider, name) {
                    None => err(format!(
                        "service {name}: the {} provider has no such service",
                        provider_name(provider)
                    )),
                    Some(def) if def.confirmed != declared.action => err(format!(
                        "service {name}: declared action {} but the {} provider says {}",
                        declared.action,
                        provider_name(provider),
                        def.confirmed
                    )),
                    Some(_) => {}
                }
                if !declared.result.is_empty() {
                    err(format!(
                        "service {name}: only a data service writes its result"
                    ));
                }
            }
            Provider::Data => {
                if declared.action {
                    err(format!(
                        "service {name}: a data service changes nothing, so it is no action"
                    ));
                }
                let mut fields = Vec::new();
                for field in &declared.fields {
                    match declared.result.get(field) {
                        Some(source) => match template::compile(source, &scope) {
                            Ok(tpl) => fields.push((field.clone(), tpl)),
                            Err(e) => err(format!("service {name} result {field}: {e}")),
                        },
                        None => err(format!("service {name}: no result for field {field}")),
                    }
                }
                for field in declared.result.keys() {
                    if !declared.fields.contains(field) {
                        err(format!(
                            "service {name}: result {field} is not a declared field"
                        ));
                    }
                }
                results.insert(name.clone(), fields);
            }
        }
    }
    results
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
