//! The routing chain: each turn loops get agent → understand → process
//! tools until no routing happens, at most [`CHAIN_CAP`] iterations, with
//! loop detection; it stops early on a pending confirmation. Entering a
//! flow state runs its `on_enter.callTool` first (the host runs the call:
//! the chain suspends and is replayed with the result), so the data is in
//! `state_data` before the state's message renders.
//!
//! The chain works on a copy of the thread's [`Orchestra`]; the caller
//! stores it only when the chain ends, so a replay after a suspension
//! starts from the same place and never calls a service twice.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::registry::{Agent, CHAIN_CAP, HOME, Registry};
use super::spec::{RoutingKind, ToolSpec};
use super::state::{FlowState, Frame, Orchestra};
use super::understand;
use crate::agents::text;

mod confirm;
mod correct;
mod each;
mod faq;
mod fill;
mod flow;
mod nav;
mod pause;
mod reads;
use crate::nlu::Reading;
use flow::{
    NO_OPTIONS, merge, open_prompt, options_list, out_of_bounds, render_params, root, state_message,
};
pub use nav::{interrupted, open_flows, open_question, resume_interrupted};
pub use pause::Paused;

use crate::confidence::{ASK, CLEAR, SURE};
/// Most states entered in one turn (a flow of states without questions
/// could otherwise loop).
const MAX_STATE_ENTRIES: usize = 12;

/// Flows are checked against the agent files when a turn starts and only
/// ever move along checked transitions.
const CHECKED_FLOW: &str = "the flow's state exists (checked at turn start)";

/// One iteration of the chain, for the trace and the debug panel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChainStep {
    pub agent: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool: Option<String>,
    pub why: String,
}

/// What the chain did in one turn.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ChainTrace {
    /// Routing iterations: 1 when the agent that had the turn answered.
    pub iterations: usize,
    pub steps: Vec<ChainStep>,
    /// The decisions of the turn, for the audit record.
    #[serde(default, skip_serializing_if = "Decisions::is_empty")]
    pub decisions: Decisions,
    /// The flows that ended this turn (a final state, or a service that
    /// failed on entering a state), by id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ended: Vec<String>,
    /// The flow states entered this turn, in order, as
    /// `[agent, flow, state, via]`: the path a diagram marks, each step
    /// with the transition that led to it ([`Via::key`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entered: Vec<[String; 4]>,
}

/// How a flow came to a state: the key its diagram's edge carries too
/// (`review::diagram`), so a drawn edge that joins several transitions
/// shows the one that was taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    /// The flow started (or a correction replays it from its start).
    Start,
    /// The state's `validate` check at this index failed.
    Check(usize),
    /// The state's transition at this index: its condition held, or it
    /// is the one without a condition.
    Transition(usize),
    /// The state's tool answered.
    Ok,
    /// The state's tool failed.
    Error,
    /// The question ran out of attempts.
    Exhausted,
}

impl Via {
    pub fn key(self) -> String {
        match self {
            Via::Start => "start".into(),
            Via::Check(i) => format!("check:{i}"),
            Via::Transition(i) => format!("transition:{i}"),
            Via::Ok => "ok".into(),
            Via::Error => "error".into(),
            Via::Exhausted => "exhausted".into(),
        }
    }
}

/// What a data agent decided in a turn, recorded where it was decided.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Decisions {
    /// The intent routed to and its trigger score.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intent: Option<(String, f32)>,
    /// A slot's value was accepted (`true`) or refused (`false`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub validation: Option<bool>,
    /// What the confirmation gate did.
    #[serde(default)]
    pub gate: crate::gate::ConfirmationStatus,
}

impl Decisions {
    fn is_empty(&self) -> bool {
        *self == Decisions::default()
    }
}

/// How the chain ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The reply is in [`Run::reply`].
    Replied,
    /// The home agent (the Financial Agent) answers the message.
    Finance,
}

/// The chain needs a service result it does not have yet.
#[derive(Clone, Debug, PartialEq)]
pub struct Suspend {
    pub tool: String,
    pub service: String,
    pub params: Map<String, Value>,
    pub provider: crate::tools::Provider,
    /// Where the chain goes on when the result comes.
    at: pause::Point,
    /// The routing loop's place, when the call came from inside it.
    looping: Option<pause::Loop>,
    /// The route taken when the call came from entering its flow.
    routed: Option<String>,
}

/// Answers a service request made earlier in this turn: `None` when it has
/// not run yet, else its data or its error.
pub type Fetch<'a> = dyn FnMut(&str, &Map<String, Value>) -> Option<Result<Value, String>> + 'a;

/// One turn of the chain.
pub struct Run<'a> {
    pub registry: &'a Registry,
    pub reading: &'a Reading,
    pub now_iso: &'a str,
    /// When a confirmation asked now expires.
    pub expires_iso: &'a str,
    /// Whether the stored confirmation has expired.
    pub expired: bool,
    /// The id a confirmation asked this turn gets (`crate::gate`).
    pub prompt_id: &'a str,
    /// The confirmation decided this turn, if any.
    pub decided: Option<crate::gate::Decided>,
    /// A confirmation that expired and was offered anew: its old id and
    /// its new one (the caller keeps the session's re-offers).
    pub reoffered: Option<(String, String)>,
    /// Requests of the message left for after this one, each one another
    /// agent takes alone (the caller queues them).
    pub queued: Vec<String>,
    /// What was decided this turn, for the audit.
    pub decisions: Decisions,
    pub o: Orchestra,
    pub reply: Vec<String>,
    /// Text offered for the user to forward (a state's `on_enter.share`).
    pub share: Option<String>,
    pub suggestions: Vec<String>,
    pub steps: Vec<ChainStep>,
    /// Routing iterations run this turn (1 to [`CHAIN_CAP`]).
    pub iterations: usize,
    /// The message has been used (a flow started, a slot filled); later
    /// iterations only settle.
    consumed: bool,
    state_entries: usize,
    /// A navigation (go home, go back) already happened this turn.
    navigated: bool,
    /// Flows left for another request this turn, named with their details
    /// (the caller keeps them in the backup log).
    pub dropped: Vec<(String, FlowState)>,
    /// The flows that ended this turn, by id.
    pub ended: Vec<String>,
    /// The flow states entered this turn (`ChainTrace::entered`).
    pub entered: Vec<[String; 4]>,
    /// A request for the Financial Agent interrupted the flow this turn.
    to_finance: bool,
    /// Movements were saved the turn before (the caller knows): a
    /// correction that names nothing is about them, not about the flow.
    pub saved_before: bool,
    /// The message tells again the movement saved the turn before ("no
    /// espera, me dio 250"; the caller decides): an agent with nothing
    /// open hands it home as that movement's change.
    pub retold: bool,
    /// A correction is being replayed: the states whose slot was answered
    /// keep the answer instead of asking again (everything computed from
    /// them runs again; a confirmation is always asked again).
    replaying: bool,
    /// The user's civil date, for `today` in conditions and templates.
    today: Value,
    /// A turn the host starts ([`super::state::Start`]), taken when the
    /// run begins.
    pub start: Option<super::state::Start>,
    /// Slot values the next flow started begins with (a host start's).
    preset: Map<String, Value>,
    fetch: &'a mut Fetch<'a>,
}

type Step<T = ()> = Result<T, Box<Suspend>>;

impl<'a> Run<'a> {
    #[allow(clippy::too_many_arguments)] // one turn's inputs, named
    pub fn new(
        registry: &'a Registry,
        reading: &'a Reading,
        now_iso: &'a str,
        expires_iso: &'a str,
        expired: bool,
        prompt_id: &'a str,
        o: Orchestra,
        fetch: &'a mut Fetch<'a>,
    ) -> Run<'a> {
        Run {
            registry,
            reading,
            now_iso,
            expires_iso,
            expired,
            prompt_id,
            decided: None,
            reoffered: None,
            queued: Vec::new(),
            decisions: Decisions::default(),
            o,
            reply: Vec::new(),
            share: None,
            suggestions: Vec::new(),
            steps: Vec::new(),
            iterations: 1,
            consumed: false,
            state_entries: 0,
            navigated: false,
            dropped: Vec::new(),
            ended: Vec::new(),
            entered: Vec::new(),
            to_finance: false,
            saved_before: false,
            retold: false,
            replaying: false,
            today: Value::from(reading.today().to_string()),
            start: None,
            preset: Map::new(),
            fetch,
        }
    }

    /// Runs the chain for the turn's message.
    pub fn run(&mut self) -> Step<End> {
        if self.o.agent_stack.is_empty() {
            self.o.agent_stack.push(Frame::home(self.now_iso));
        }
        self.drop_unknown_flow();
        if let Some(start) = self.start.take() {
            return self.host_start(start);
        }
        if self.o.confirmation().is_some()
            && let Some(end) = self.decide_pending()?
        {
            return Ok(end);
        }
        self.iterate(1, Vec::new())
    }

    /// The routing loop from `from`, with the routes already taken this
    /// turn (`seen`).
    fn iterate(&mut self, from: usize, mut seen: Vec<(String, String)>) -> Step<End> {
        for iteration in from..=CHAIN_CAP {
            self.iterations = iteration;
            let agent_id = self.o.active(HOME).to_string();
            let Some(agent) = self.registry.agent(&agent_id) else {
                self.go_home();
                continue;
            };
            if self.consumed {
                self.step(&agent_id, None, "stable");
                return Ok(End::Replied);
            }
            let routed = if agent_id == HOME {
                if self.to_finance {
                    self.step(&agent_id, None, "finance");
                    return Ok(End::Finance);
                }
                // "no quiero el crédito": nothing of that agent is offered.
                if let Some(declined) = super::claim::declined_agent(self.registry, self.reading) {
                    self.step(HOME, None, "declined an agent");
                    self.reply.push(text::declined(&declined.spec.name));
                    self.consumed = true;
                    return Ok(End::Replied);
                }
                match self.home_route(agent) {
                    Some(tool) => tool,
                    None => {
                        self.step(&agent_id, None, "finance");
                        return Ok(End::Finance);
                    }
                }
            } else {
                let understood = self.understand(agent).map_err(|mut suspend| {
                    suspend.looping = Some(pause::Loop {
                        iteration,
                        seen: seen.clone(),
                        agent: agent_id.clone(),
                        routed: suspend.routed.take(),
                    });
                    suspend
                })?;
                match understood {
                    Some(tool) => tool,
                    None => return Ok(End::Replied),
                }
            };
            if let Some(end) = self.routed(iteration, &mut seen, agent_id, routed) {
                return Ok(end);
            }
        }
        Ok(End::Replied)
    }

    /// Loop detection after a route: the same agent routing the same way
    /// twice, or the last iteration with the message unused.
    fn routed(
        &mut self,
        iteration: usize,
        seen: &mut Vec<(String, String)>,
        agent: String,
        routed: String,
    ) -> Option<End> {
        let key = (agent, routed);
        if seen.contains(&key) || iteration == CHAIN_CAP && !self.consumed {
            self.go_home();
            self.reply.push(text::LOOP.into());
            self.step(&key.0, Some(&key.1), "routing loop stopped");
            return Some(End::Replied);
        }
        seen.push(key);
        None
    }

    /// Begins the intent a host start names, its flow starting with the
    /// host's slot values; an agent or intent the files lack is refused
    /// (the turn says nothing, the session is unchanged).
    fn host_start(&mut self, start: super::state::Start) -> Step<End> {
        let registry = self.registry;
        let Some(agent) = registry.agent(&start.agent) else {
            self.step(&start.agent, None, "host start: unknown agent");
            return Ok(End::Replied);
        };
        let Some(tool) = agent.tool_for_intent(&start.intent) else {
            self.step(&start.agent, None, "host start: unknown intent");
            return Ok(End::Replied);
        };
        if self.o.active(HOME) != agent.spec.id {
            self.enter_agent(&agent.spec.id, "host start");
        }
        self.preset = start.slots;
        self.decisions.intent = Some((start.intent.clone(), 1.0));
        self.route(agent, tool, "host start")?;
        Ok(End::Replied)
    }

    fn step(&mut self, agent: &str, tool: Option<&str>, why: &str) {
        self.steps.push(ChainStep {
            agent: agent.to_string(),
            tool: tool.map(str::to_string),
            why: why.to_string(),
        });
    }

    /// The home agent's route for the message ([`super::claim::home_route`]),
    /// entered.
    fn home_route(&mut self, home: &Agent) -> Option<String> {
        let claim = super::claim::home_route(self.registry, self.reading)?;
        let (intent, score) = (claim.intent, claim.score);
        let tool = home.tool_for_intent(intent)?;
        let target = tool.routing.as_ref()?.target.clone()?;
        self.decisions.intent = Some((intent.to_string(), score));
        self.enter_agent(&target, intent);
        self.step(
            HOME,
            Some(&tool.name),
            &format!(
                "{} {intent} ({score:.2})",
                if claim.learned { "learned" } else { "trigger" }
            ),
        );
        Some(tool.name.clone())
    }

    /// Runs a navigation tool of `agent`; a service called on entering
    /// the flow it starts goes on as this route, once its result comes.
    fn route(&mut self, agent: &'a Agent, tool: &ToolSpec, why: &str) -> Step<String> {
        let changed = changes_kept(agent, tool, self.reading);
        let tool = changed.unwrap_or(tool);
        self.route_to(agent, tool, why).map_err(|mut suspend| {
            suspend.routed = Some(tool.name.clone());
            suspend
        })
    }

    fn route_to(&mut self, agent: &'a Agent, tool: &ToolSpec, why: &str) -> Step<String> {
        let id = agent.spec.id.clone();
        let routing = tool.routing.as_ref().map(|r| (r.kind, r.target.clone()));
        self.step(&id, Some(&tool.name), why);
        match routing {
            Some((RoutingKind::StartFlow, Some(flow))) => {
                self.consumed = true;
                // The flow already in progress goes on with its question,
                // unless the message asks it again with other values
                // ("cóbrale 400 a Beto por la cena" while the pizza cobro
                // to Juan is shown): then it starts over from this message,
                // every value read again, none kept from before. Another
                // flow of the agent replaces it, named.
                // Something else left this turn: the reply says where it goes.
                let mut switched = !self.dropped.is_empty();
                // A request for someone else ("también me debe Lupe 180"
                // while Mari's cobro is shown), or another request of the
                // agent while its confirmation waits, sets the open one
                // aside: it comes back, same prompt, once this one is done.
                let waits = self.o.current_flow.as_ref().is_some_and(|open| {
                    !crate::nlu::answers::changes_mind(self.reading)
                        && if open.flow_id == flow {
                            other_person(agent, open, self.reading)
                        } else {
                            self.o.confirmation().is_some()
                        }
                });
                if waits {
                    self.wait_for_same(agent, why);
                }
                match self.o.current_flow.take() {
                    Some(open)
                        if open.flow_id == flow && !says_new_values(agent, &open, self.reading) =>
                    {
                        self.o.current_flow = Some(open);
                        self.reask(agent, Some(text::SAME_FLOW.into()))?;
                        return Ok(tool.name.clone());
                    }
                    Some(open) if open.flow_id == flow => {
                        self.o.drop_confirmation();
                        let named = agent.describe(&open);
                        self.reply.push(text::same_flow_anew(&named));
                        self.dropped.push((named, open));
                        switched = false;
                    }
                    Some(open) => {
                        let named = agent.describe(&open);
                        self.reply.push(text::left_flow(&named));
                        self.dropped.push((named, open));
                        switched = true;
                    }
                    None => {}
                }
                if switched {
                    self.reply.push(text::switched_to(&agent.names(&flow)));
                }
                self.start_flow(agent, &flow)?;
            }
            Some((RoutingKind::EnterAgent, Some(target))) => self.enter_agent(&target, why),
            Some((RoutingKind::GoBack, _)) => {
                self.go_back();
                self.consumed = true;
            }
            Some((RoutingKind::GoHome | RoutingKind::Escalate, _)) | Some((_, None)) | None => {
                self.go_home();
            }
        }
        Ok(tool.name.clone())
    }
}

/// "Pedro me debe 250, no 300": a request for money that denies, after
/// its amount, the amount said before is a change of what the agent kept
/// (its `corrects` intent), never a second one. ("Cóbrale 300, no, 250"
/// mends the request itself: the denied amount comes first.)
fn changes_kept<'a>(agent: &'a Agent, tool: &ToolSpec, reading: &Reading) -> Option<&'a ToolSpec> {
    let corrects = agent.spec.corrects.as_deref()?;
    if tool.intent.as_deref() == Some(corrects) {
        return None;
    }
    let amounts = &reading.extraction().amounts;
    let denies_after = amounts
        .iter()
        .enumerate()
        .any(|(i, kept)| !kept.retracted && amounts[i + 1..].iter().any(|m| m.retracted));
    let takes_money = tool
        .routing
        .as_ref()
        .and_then(|r| agent.flows.get(r.target.as_deref()?))
        .is_some_and(|flow| {
            flow.prefill.iter().any(|slot| {
                agent
                    .spec
                    .slots
                    .get(slot)
                    .is_some_and(|s| s.kind == crate::agents::spec::SlotType::MoneyMxn)
            })
        });
    (denies_after && takes_money)
        .then(|| agent.tool_for_intent(corrects))
        .flatten()
}

/// Whether `reading` gives a slot the flow reads from its starting message
/// a value other than the one it has ("cóbrale 400…" while 350 is shown).
pub(super) fn says_new_values(agent: &Agent, open: &FlowState, reading: &Reading) -> bool {
    prefill_differs(agent, open, reading, false)
}

/// Whether `reading` names another person than the one the open flow has
/// ("cóbrale 180 a Lupe" while Mari's cobro is shown).
pub(super) fn other_person(agent: &Agent, open: &FlowState, reading: &Reading) -> bool {
    let Some(flow) = agent.flows.get(&open.flow_id) else {
        return false;
    };
    flow.prefill.iter().any(|name| {
        let person = agent
            .spec
            .slots
            .get(name)
            .filter(|slot| slot.kind == crate::agents::spec::SlotType::Person);
        let (Some(slot), Some(had)) = (person, open.slots.get(name)) else {
            return false;
        };
        matches!(
            understand::read_slot(agent, slot, reading, &open.state_data),
            understand::SlotRead::Value(value, _) if !same_person(&value, had)
        )
    })
}

/// Whether two names are the same person's, however capitalised or
/// accented ("doña mari" is "doña Mari").
pub(super) fn same_person(a: &Value, b: &Value) -> bool {
    match (a.as_str(), b.as_str()) {
        (Some(a), Some(b)) => crate::nlu::normalize::fold(a) == crate::nlu::normalize::fold(b),
        _ => a == b,
    }
}

/// [`says_new_values`], counting only the slots the flow already has: a
/// value for one still to ask is an answer, not another request.
pub(super) fn replaces_values(agent: &Agent, open: &FlowState, reading: &Reading) -> bool {
    prefill_differs(agent, open, reading, true)
}

fn prefill_differs(agent: &Agent, open: &FlowState, reading: &Reading, filled_only: bool) -> bool {
    let Some(flow) = agent.flows.get(&open.flow_id) else {
        return false;
    };
    flow.prefill.iter().any(|name| {
        let Some(slot) = agent.spec.slots.get(name) else {
            return false;
        };
        if slot.options_from.is_some() {
            return false;
        }
        match understand::read_slot(agent, slot, reading, &open.state_data) {
            understand::SlotRead::Value(value, _) => match open.slots.get(name) {
                Some(had) => *had != value,
                None => !filled_only,
            },
            _ => false,
        }
    })
}
