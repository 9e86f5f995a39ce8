//! Diagrams read from what the engine runs: the agent hierarchy from the
//! compiled registry, each data flow's state machine from its compiled
//! states, and the Financial Agent's graph from its built edges. Nothing
//! here is a second description of the agents; a host lays these graphs
//! out and draws them.
//!
//! A flow's transitions are drawn in the order the engine tries them
//! (`agents::chain::flow`): the state's `validate` checks, its
//! conditional transitions, its tool (behind the confirmation gate when the
//! tool asks for one), then its unconditional transition.

use serde::{Deserialize, Serialize};

use crate::agent::state::AgentState;
use crate::agent::text::review as words;
mod names;

use crate::agents::chain::Via;
use crate::agents::expr::Condition;
use crate::agents::path::Path;
use crate::agents::registry::{Agent, HOME, Registry};
use crate::agents::spec::RoutingKind;
use crate::review::{Status, TurnReplay, active_agent, status};

/// What a node is, for its shape and colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NodeKind {
    /// The initial pseudo-state.
    Start,
    Agent,
    Flow,
    /// A state that says or computes something and moves on.
    Step,
    /// A state waiting for one slot.
    Collect,
    /// A state asking for what is unclear of the starting request.
    Clarify,
    /// The confirmation gate in front of an action.
    Confirm,
    Final,
}

/// How an edge is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EdgeKind {
    Next,
    /// Asked again: the state loops on itself.
    Loop,
    /// A failure path (a service error, attempts exhausted, a "no").
    Failure,
    /// A route between agents or into a flow.
    Route,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Node {
    pub id: String,
    pub title: String,
    /// What the node does, in a few words ("pide phone_number").
    pub detail: String,
    pub kind: NodeKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edge {
    pub from: String,
    pub to: String,
    /// Every transition the edge draws, joined.
    pub label: String,
    pub kind: EdgeKind,
    /// A flow's edge: each transition it draws, by the key a run records
    /// when it takes it (`agents::chain::Via`), with its own label.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<(String, String)>,
}

impl Edge {
    /// The label to show when the edge was taken `via` a transition: that
    /// transition's alone (a joined label would name conditions that did
    /// not hold), else the whole.
    pub fn label_via(&self, via: &str) -> &str {
        self.parts
            .iter()
            .find(|(key, _)| key == via)
            .map_or(&self.label, |(_, label)| label)
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagram {
    /// `agents`, `financial` or `agent/flow`.
    pub id: String,
    pub title: String,
    pub nodes: Vec<Node>,
    pub edges: Vec<Edge>,
}

impl Diagram {
    fn node(&mut self, id: &str, title: &str, detail: String, kind: NodeKind) {
        if !self.nodes.iter().any(|n| n.id == id) {
            self.nodes.push(Node {
                id: id.to_string(),
                title: title.to_string(),
                detail,
                kind,
            });
        }
    }

    /// Adds an edge; a second edge between the same two nodes joins the
    /// first (its label appended), so parallel labels never overlap.
    fn edge(&mut self, from: &str, to: &str, label: impl Into<String>, kind: EdgeKind) {
        self.edge_via(from, to, label, kind, None);
    }

    /// Adds a flow's edge for the transition `via` (see [`Edge::parts`]).
    fn edge_via(
        &mut self,
        from: &str,
        to: &str,
        label: impl Into<String>,
        kind: EdgeKind,
        via: Option<Via>,
    ) {
        let label = label.into();
        let part = via.map(|v| (v.key(), label.clone()));
        if let Some(same) = self.edges.iter_mut().find(|e| e.from == from && e.to == to) {
            same.parts.extend(part);
            if !label.is_empty() && same.label != label {
                same.label = if same.label.is_empty() {
                    label
                } else {
                    format!("{} · {label}", same.label)
                };
            }
            return;
        }
        self.edges.push(Edge {
            from: from.to_string(),
            to: to.to_string(),
            label,
            kind,
            parts: part.into_iter().collect(),
        });
    }
}

/// The id of a flow's diagram.
pub fn flow_id(agent: &str, flow: &str) -> String {
    format!("{agent}/{flow}")
}

/// The agents and their flows, with the routes between them: the home
/// agent enters an agent by its words, an agent starts its flows by
/// intent, enters another agent or goes back home.
pub fn hierarchy(registry: &Registry) -> Diagram {
    let mut d = Diagram {
        id: "agents".into(),
        title: words::REVIEW_HIERARCHY.into(),
        ..Diagram::default()
    };
    for agent in &registry.agents {
        let id = &agent.spec.id;
        d.node(id, &agent.spec.name, String::new(), NodeKind::Agent);
        for tool in &agent.spec.tools {
            let (Some(routing), label) = (&tool.routing, tool.label.as_deref()) else {
                continue;
            };
            let label = label.or(tool.intent.as_deref()).unwrap_or(&tool.name);
            let Some(target) = routing.target.as_deref() else {
                continue;
            };
            match routing.kind {
                RoutingKind::EnterAgent => d.edge(id, target, label, EdgeKind::Route),
                RoutingKind::StartFlow => {
                    // The flow is named by what starts it ("Hacer una recarga").
                    let flow = flow_id(id, target);
                    d.node(&flow, label, String::new(), NodeKind::Flow);
                    d.edge(id, &flow, words::FLOW_ROUTE, EdgeKind::Route);
                }
                RoutingKind::GoHome | RoutingKind::GoBack | RoutingKind::Escalate => {}
            }
        }
        if id != HOME && agent.spec.navigation.can_go_home {
            d.edge(id, HOME, words::GO_HOME, EdgeKind::Failure);
        }
    }
    d
}

/// The Financial Agent's graph as it is built (`agent::graph_edges`).
pub fn financial() -> Diagram {
    let mut d = Diagram {
        id: HOME.into(),
        title: words::FINANCIAL_TITLE.into(),
        ..Diagram::default()
    };
    d.node(words::START, words::START, String::new(), NodeKind::Start);
    d.edge(words::START, "router", "", EdgeKind::Next);
    let step = |id: &str| words::capitalized(words::financial_step(id));
    for (from, label, to) in crate::agent::graph_edges() {
        d.node(from, &step(from), String::new(), NodeKind::Step);
        let to = if to == crate::graph::END {
            words::END
        } else {
            to
        };
        let kind = if to == words::END {
            NodeKind::Final
        } else {
            NodeKind::Step
        };
        let title = if to == words::END {
            to.to_string()
        } else {
            step(to)
        };
        d.node(to, &title, String::new(), kind);
        let edge = if to == "error_handler" {
            EdgeKind::Failure
        } else {
            EdgeKind::Next
        };
        d.edge(from, to, words::financial_branch(label), edge);
    }
    d
}

/// One data flow's state machine, or `None` when the agent has no such
/// flow.
pub fn flow(agent: &Agent, flow_id_: &str) -> Option<Diagram> {
    let flow = agent.flows.get(flow_id_)?;
    let title = names::flow_title(agent, flow_id_);
    let mut d = Diagram {
        id: flow_id(&agent.spec.id, flow_id_),
        title: format!("{} · {title}", agent.spec.name),
        ..Diagram::default()
    };
    let say = |path: &Path| names::path_words(agent, path);
    d.node(words::START, words::START, String::new(), NodeKind::Start);
    d.edge_via(
        words::START,
        &flow.initial,
        "",
        EdgeKind::Next,
        Some(Via::Start),
    );
    for (name, state) in &flow.states {
        let spec = &state.spec;
        let (kind, does) = names::state_does(agent, spec);
        // The agent file's label, else what the state does.
        let title = spec
            .label
            .clone()
            .unwrap_or_else(|| words::capitalized(&does));
        d.node(name, &title, String::new(), kind);
        // A collect or a clarification asks again until its attempts run out.
        let retry = match (&spec.collect, &spec.clarify) {
            (Some(c), _) if c.rejections.is_empty() => {
                Some((words::REASK, c.on_exhausted.as_ref(), c.max_attempts))
            }
            (Some(c), _) => Some((words::REJECTED, c.on_exhausted.as_ref(), c.max_attempts)),
            (None, Some(c)) => Some((words::UNCLEAR, c.on_exhausted.as_ref(), c.max_attempts)),
            (None, None) => None,
        };
        if let Some((label, exhausted, attempts)) = retry {
            d.edge(name, name, label, EdgeKind::Loop);
            if let Some(to) = exhausted {
                let label = words::after_attempts(attempts);
                d.edge_via(name, to, label, EdgeKind::Failure, Some(Via::Exhausted));
            }
        }
        // A condition as the file labels it, else written out in words.
        let said = |label: &Option<String>, condition: Option<&Condition>| {
            label.clone().unwrap_or_else(|| {
                words::when(&condition.map(|c| c.in_words(&say)).unwrap_or_default())
            })
        };
        for (i, (check, compiled)) in spec.validate.iter().zip(&state.checks).enumerate() {
            let label = said(&check.label, Some(&compiled.condition));
            d.edge_via(
                name,
                &check.then,
                label,
                EdgeKind::Failure,
                Some(Via::Check(i)),
            );
        }
        for (i, (t, (compiled, _))) in spec.transitions.iter().zip(&state.transitions).enumerate() {
            if t.condition.is_some() {
                let label = said(&t.label, compiled.as_ref());
                let via = Some(Via::Transition(i));
                d.edge_via(name, &t.then, label, EdgeKind::Next, via);
            }
        }
        if let Some(st) = spec.state_tools.first() {
            let confirmed = agent
                .tool(&st.tool)
                .is_some_and(|t| t.requires_confirmation);
            let from = if confirmed {
                let gate = format!("{name}:{}", words::CONFIRMS);
                let title = words::capitalized(words::financial_step("confirm"));
                d.node(&gate, &title, String::new(), NodeKind::Confirm);
                d.edge(name, &gate, words::ANSWERED, EdgeKind::Next);
                d.node(
                    words::CANCELLED,
                    words::CANCELLED,
                    String::new(),
                    NodeKind::Final,
                );
                d.edge(&gate, words::CANCELLED, words::NO_CANCEL, EdgeKind::Failure);
                gate
            } else {
                name.clone()
            };
            let ok = if confirmed {
                format!("{}, {}", words::YES, words::SERVICE_OK)
            } else {
                words::SERVICE_OK.to_string()
            };
            let transition = &st.flow_transition;
            d.edge_via(
                &from,
                &transition.on_success,
                ok,
                EdgeKind::Next,
                Some(Via::Ok),
            );
            d.edge_via(
                &from,
                &transition.on_error,
                words::SERVICE_ERROR,
                EdgeKind::Failure,
                Some(Via::Error),
            );
        }
        if let Some(i) = spec.transitions.iter().position(|t| t.condition.is_none()) {
            let guarded = spec.transitions.iter().any(|t| t.condition.is_some())
                || !spec.state_tools.is_empty()
                || !spec.validate.is_empty();
            let label = if guarded { words::ELSE } else { "" };
            let via = Some(Via::Transition(i));
            d.edge_via(name, &spec.transitions[i].then, label, EdgeKind::Next, via);
        }
    }
    Some(d)
}

/// Every diagram: the hierarchy, the Financial Agent's graph, then each
/// agent's flows.
pub fn all(registry: &Registry) -> Vec<Diagram> {
    let mut home = financial();
    home.title = registry.home().spec.name.clone();
    let mut out = vec![hierarchy(registry), home];
    for agent in &registry.agents {
        out.extend(agent.flows.keys().filter_map(|id| flow(agent, id)));
    }
    out
}

/// Where a replayed turn leaves the diagrams: the diagram to show, its
/// current node, the nodes passed through to get there (in order) and the
/// agents on the stack (home first).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marks {
    pub diagram: String,
    pub current: Option<String>,
    pub path: Vec<String>,
    /// Beside `path` in a flow: the transition that led to each of its
    /// nodes (`agents::chain::Via::key`; empty for the first).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub via: Vec<String>,
    pub agents: Vec<String>,
}

/// The marks of a live conversation's `state` (the chat's debug panel):
/// the open data flow's state, or the Financial Agent's open step, with the
/// agents on the stack; a live state carries no path.
pub fn marks_of_state(state: &AgentState) -> Marks {
    let agents = stack_agents(state);
    let (diagram, current) = match &state.current_flow {
        Some(f) => (
            flow_id(active_agent(state), &f.flow_id),
            Some(f.current_state.clone()),
        ),
        None => (HOME.to_string(), financial_step(state)),
    };
    Marks {
        diagram,
        current,
        path: Vec::new(),
        via: Vec::new(),
        agents,
    }
}

/// The agents on `state`'s stack, home first, each once per run.
fn stack_agents(state: &AgentState) -> Vec<String> {
    let mut agents = vec![HOME.to_string()];
    for frame in &state.agent_stack {
        if agents.last() != Some(&frame.agent_id) {
            agents.push(frame.agent_id.clone());
        }
    }
    agents
}

/// The Financial Agent's node a state waits at, if any.
fn financial_step(state: &AgentState) -> Option<String> {
    match status(state) {
        Status::AwaitingConfirmation => Some("confirm".to_string()),
        Status::AwaitingAnswer => Some("clarify".to_string()),
        Status::Idle => None,
    }
}

/// The marks after turn `k` of `turns`, replayed from `start`: the open
/// data flow with the states it entered since it started, else the flow
/// that ended this turn, else the Financial Agent's graph with this
/// turn's path through it.
pub fn marks(start: &AgentState, turns: &[TurnReplay], k: usize) -> Marks {
    let Some(turn) = turns.get(k) else {
        return Marks::default();
    };
    let state = &turn.state;
    let agents = stack_agents(state);
    let open = state
        .current_flow
        .as_ref()
        .map(|f| (active_agent(state).to_string(), f.flow_id.clone()));
    let ended = turn
        .chain
        .entered
        .last()
        .map(|[a, f, _, _]| (a.clone(), f.clone()));
    if let Some((agent, flow)) = open.or(ended) {
        let mut path = Vec::new();
        let mut via = Vec::new();
        for (i, t) in turns[..=k].iter().enumerate() {
            let before = if i == 0 { start } else { &turns[i - 1].state };
            let was_open = before
                .current_flow
                .as_ref()
                .is_some_and(|f| f.flow_id == flow)
                || before.agent_stack.iter().any(|fr| {
                    fr.suspended_flow
                        .as_ref()
                        .is_some_and(|f| f.flow_id == flow)
                });
            let mine: Vec<&[String; 4]> = t
                .chain
                .entered
                .iter()
                .filter(|[a, f, _, _]| *a == agent && *f == flow)
                .collect();
            if !mine.is_empty() && !was_open {
                path = vec![words::START.to_string()];
                via = vec![String::new()];
            }
            for [_, _, state, how] in mine {
                path.push(state.clone());
                via.push(how.clone());
            }
        }
        let current = state
            .current_flow
            .as_ref()
            .filter(|f| f.flow_id == flow)
            .map(|f| f.current_state.clone())
            .or_else(|| path.last().cloned());
        return Marks {
            diagram: flow_id(&agent, &flow),
            current,
            path,
            via,
            agents,
        };
    }
    let mut path = vec![words::START.to_string()];
    path.extend(turn.trace.nodes().into_iter().map(str::to_string));
    if turn
        .trace
        .steps
        .last()
        .is_some_and(|s| &*s.to == crate::graph::END)
    {
        path.push(words::END.to_string());
    }
    Marks {
        diagram: HOME.to_string(),
        current: financial_step(state),
        path,
        via: Vec::new(),
        agents,
    }
}

#[cfg(test)]
mod tests;
