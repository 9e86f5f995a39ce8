//! A chain paused at a service call goes on there when the result comes:
//! what the run has done so far is kept whole ([`Paused`]), with the place
//! it stopped ([`Point`]) and the routing loop's place ([`Loop`]), so
//! nothing before the call runs again.
//!
//! Every way up from a call is a tail call except two, and both are
//! kept: inside the routing loop a route that started a flow goes on with
//! the loop's next iteration; anywhere else the turn ends with the reply
//! (a slot collected, a correction, a confirmation decided).

use super::{ChainStep, Decisions, End, Run, Step, Suspend};
use crate::agents::state::{FlowState, Orchestra};

/// Where a paused chain goes on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Point {
    /// Deciding the pending confirmation: the confirmed action's result.
    #[default]
    Pending,
    /// Entering `state` of the current flow of `agent`, at its
    /// `on_enter` call.
    Entering { agent: String, state: String },
    /// At the current state's tool of `agent`.
    StateTool { agent: String },
}

/// The routing loop's place at a pause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loop {
    pub iteration: usize,
    /// The routes taken before this iteration.
    pub seen: Vec<(String, String)>,
    /// The agent that had the iteration.
    pub agent: String,
    /// The route it took, when the call came from entering its flow.
    pub routed: Option<String>,
}

/// A chain run paused at a service call, kept for the host's result.
#[derive(Clone, Debug, Default)]
pub struct Paused {
    decided: Option<crate::gate::Decided>,
    decisions: Decisions,
    o: Orchestra,
    reply: Vec<String>,
    share: Option<String>,
    suggestions: Vec<String>,
    steps: Vec<ChainStep>,
    iterations: usize,
    consumed: bool,
    state_entries: usize,
    navigated: bool,
    dropped: Vec<(String, FlowState)>,
    queued: Vec<String>,
    ended: Vec<String>,
    entered: Vec<[String; 4]>,
    to_finance: bool,
    replaying: bool,
    at: Point,
    looping: Option<Loop>,
}

impl<'a> Run<'a> {
    /// Keeps what the run has done, to go on where `suspend` stopped it.
    pub fn pause(self, suspend: &Suspend) -> Paused {
        Paused {
            decided: self.decided,
            decisions: self.decisions,
            o: self.o,
            reply: self.reply,
            share: self.share,
            suggestions: self.suggestions,
            steps: self.steps,
            iterations: self.iterations,
            consumed: self.consumed,
            state_entries: self.state_entries,
            navigated: self.navigated,
            dropped: self.dropped,
            queued: self.queued,
            ended: self.ended,
            entered: self.entered,
            to_finance: self.to_finance,
            replaying: self.replaying,
            at: suspend.at.clone(),
            looping: suspend.looping.clone(),
        }
    }

    /// Goes on from `paused`, the service's result now at hand (the run's
    /// `fetch` answers it), and ends the turn's chain as the run would
    /// have.
    pub fn resume(&mut self, paused: Paused) -> Step<End> {
        let Paused {
            decided,
            decisions,
            o,
            reply,
            share,
            suggestions,
            steps,
            iterations,
            consumed,
            state_entries,
            navigated,
            dropped,
            queued,
            ended,
            entered,
            to_finance,
            replaying,
            at,
            looping,
        } = paused;
        self.decided = decided;
        self.decisions = decisions;
        self.o = o;
        self.reply = reply;
        self.share = share;
        self.suggestions = suggestions;
        self.steps = steps;
        self.iterations = iterations;
        self.consumed = consumed;
        self.state_entries = state_entries;
        self.navigated = navigated;
        self.dropped = dropped;
        self.queued = queued;
        self.ended = ended;
        self.entered = entered;
        self.to_finance = to_finance;
        self.replaying = replaying;
        let registry = self.registry;
        let agent = |id: &str| registry.agent(id).expect("a paused agent is loaded");
        let went_on = match &at {
            // The confirmation is decided from the start: nothing ran
            // before its action.
            Point::Pending => return self.run(),
            Point::Entering { agent: id, state } => self.entered_state(agent(id), state),
            Point::StateTool { agent: id } => self.state_tool(agent(id)),
        };
        let mut loop_of = |mut suspend: Box<Suspend>| {
            suspend.looping = suspend.looping.take().or_else(|| looping.clone());
            suspend
        };
        went_on.map_err(&mut loop_of)?;
        match looping {
            Some(Loop {
                iteration,
                mut seen,
                agent,
                routed: Some(routed),
            }) => match self.routed(iteration, &mut seen, agent, routed) {
                Some(end) => Ok(end),
                None => self.iterate(iteration + 1, seen),
            },
            _ => Ok(End::Replied),
        }
    }
}
