//! Loads every agent file at once and refuses a broken configuration,
//! listing every error together: unknown targets, unreachable states,
//! states with no exit, conditions or templates naming undeclared paths,
//! `enter_agent` cycles longer than the routing chain's cap, duplicate ids.
//! What loads is compiled: conditions and templates parsed once, trigger
//! phrases tokenized once.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use super::expr::Condition;
use super::spec::{AgentSpec, RoutingKind, StateSpec, ToolSpec};

mod compile;
mod flows;
use super::phrases::{Phrase, Postings, Vocab};
use super::state::FlowState;
use super::template::Template;
pub use super::words::{
    EXACT, QUESTION, SMALL, agent_words, content_tokens, content_words, declined_words,
    intent_words, question_words,
};
pub use flows::Check;

/// Most routing iterations in one turn.
pub const CHAIN_CAP: usize = 3;
/// The agent every thread starts in: the Financial Agent.
pub use crate::gate::action::HOME;

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
    (
        "reminders.json",
        include_str!("../../../agents/reminders.json"),
    ),
    ("account.json", include_str!("../../../agents/account.json")),
    (
        "recurring.json",
        include_str!("../../../agents/recurring.json"),
    ),
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
    /// Which trigger phrases hold each word of the vocabulary.
    pub postings: Postings,
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

impl Flow {
    /// How many steps from the initial state `state` is first reached,
    /// following transitions and tools' outcomes (`usize::MAX` when it is
    /// never): an earlier state comes first.
    pub fn depth(&self, state: &str) -> usize {
        let mut seen: Vec<&str> = vec![self.initial.as_str()];
        let mut next = 0;
        while let Some(&name) = seen.get(next) {
            if name == state {
                return next;
            }
            next += 1;
            let Some(spec) = self.states.get(name).map(|s| &s.spec) else {
                continue;
            };
            let tools = spec.state_tools.iter().flat_map(|t| {
                [
                    t.flow_transition.on_success.as_str(),
                    t.flow_transition.on_error.as_str(),
                ]
            });
            for to in spec
                .transitions
                .iter()
                .map(|t| t.then.as_str())
                .chain(tools)
            {
                if !seen.contains(&to) {
                    seen.push(to);
                }
            }
        }
        usize::MAX
    }
}

#[derive(Debug)]
pub struct State {
    pub spec: StateSpec,
    pub message: Option<Template>,
    /// The text offered for forwarding on entering, compiled.
    pub share: Option<Template>,
    /// Said when the state hands the message back to the home agent,
    /// compiled.
    pub hand_back: Option<Template>,
    /// Rejections of the collect, compiled: (condition, message).
    pub rejections: Vec<(Condition, Template)>,
    /// The clarification's question, compiled.
    pub question: Option<Template>,
    /// The `validate` checks, compiled.
    pub checks: Vec<Check>,
    pub transitions: Vec<(Option<Condition>, String)>,
}

impl Agent {
    /// Whether a request to this agent may be said as a negation: it holds
    /// a setting to turn off ("no me mandes recordatorios"), so its
    /// triggers read the words under a "no" too.
    pub fn reads_negation(&self) -> bool {
        self.spec
            .slots
            .values()
            .any(|slot| slot.kind == super::spec::SlotType::Switch)
    }

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

    /// What flow `flow_id` does, said before it starts: its summary that
    /// needs no value ("la solicitud de crédito").
    pub fn names(&self, flow_id: &str) -> String {
        self.describe(&FlowState {
            flow_id: flow_id.to_string(),
            current_state: String::new(),
            state_data: Default::default(),
            slots: Default::default(),
            entered_at: String::new(),
        })
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

    /// The agent the home agent's route `route` enters (`cobros` →
    /// the cobros agent; `credit` → snpl).
    pub fn entered_by(&self, route: &str) -> Option<&Agent> {
        let target = self
            .home()
            .tool_for_intent(route)?
            .routing
            .as_ref()?
            .target
            .as_deref()?;
        self.agent(target)
    }

    /// Every route of the home agent that enters another agent, with it.
    pub fn routes(&self) -> impl Iterator<Item = (&str, &Agent)> {
        self.home()
            .triggers
            .iter()
            .filter_map(|(route, _)| Some((route.as_str(), self.entered_by(route)?)))
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
        if let Some(agent) = compile::compile(spec, &ids, &mut errors) {
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
