//! Moving between agents: enter (push), go home (clear to the home
//! agent), go back (pop and resume the flow below, its question asked again
//! once), and the end of a flow.

use serde_json::Value;

use super::{Run, open_prompt};
use crate::agents::registry::{Agent, HOME};
use crate::agents::state::Frame;
use crate::agents::state::{MAX_STACK, Orchestra, Waiting};
use crate::agents::text;

impl<'a> Run<'a> {
    pub(super) fn enter_agent(&mut self, target: &str, why: &str) {
        if let Some(top) = self.o.agent_stack.last_mut()
            && self.o.current_flow.is_some()
        {
            top.suspended_flow = self.o.current_flow.take();
        }
        self.o.drop_confirmation();
        self.push_frame(Frame::new(target, self.now_iso, why));
    }

    /// Pushes a frame; past [`MAX_STACK`] the oldest frame above home
    /// goes, and a flow waiting in it is left, named, never silently.
    fn push_frame(&mut self, frame: Frame) {
        self.o.agent_stack.push(frame);
        if self.o.agent_stack.len() > MAX_STACK {
            let oldest = self.o.agent_stack.remove(1);
            if let Some(flow) = oldest.suspended_flow {
                self.drop_named(&oldest.agent_id, flow);
            }
        }
    }

    /// Leaves the agent for home (its flow and confirmation dropped) and
    /// says what was dropped, with its details.
    pub(super) fn leave(&mut self, agent: &Agent, tool: &str, why: &str) {
        self.go_home();
        self.step(&agent.spec.id, Some(tool), why);
    }

    /// A flow left for something else: named in the reply with its
    /// details and kept for the backup log, never dropped silently.
    fn drop_named(&mut self, agent_id: &str, flow: crate::agents::state::FlowState) {
        if let Some(agent) = self.registry.agent(agent_id) {
            let named = agent.describe(&flow);
            self.reply.push(text::left_flow(&named));
            self.dropped.push((named, flow));
        }
    }

    /// A request for the Financial Agent in the middle of a flow: the flow
    /// (and its open confirmation) waits under a home frame and comes back
    /// once the Financial Agent is done with the request. An agent with no
    /// flow open is simply left.
    pub(super) fn interrupt(&mut self, agent: &Agent, why: &str) -> String {
        if self.o.current_flow.is_none() {
            // Home answers it itself: routing it again by trigger words
            // would enter this agent once more.
            self.go_home();
            self.to_finance = true;
            self.step(&agent.spec.id, Some("go_home"), why);
            return "go_home".into();
        }
        self.set_waiting(why);
        self.to_finance = true;
        self.step(&agent.spec.id, Some("interrupt"), why);
        "interrupt".into()
    }

    /// A clear request for another data agent in the middle of a flow:
    /// the flow and its confirmation wait, as for a finance request, and
    /// home routes the request; the flow comes back once the other agent
    /// has nothing open. An agent with no flow open is simply left.
    pub(super) fn set_aside_for(&mut self, agent: &Agent, why: &str) -> String {
        let Some(flow) = &self.o.current_flow else {
            self.leave(agent, "go_home", why);
            return "go_home".into();
        };
        self.reply.push(text::waits(&agent.describe(flow)));
        self.set_waiting(why);
        self.step(&agent.spec.id, Some("interrupt"), why);
        "interrupt".into()
    }

    /// Another request of the same agent while its flow is open: the
    /// flow and its confirmation wait, named, as for another agent's
    /// request, and the agent is entered anew above them for this one.
    pub(super) fn wait_for_same(&mut self, agent: &Agent, why: &str) {
        let Some(flow) = &self.o.current_flow else {
            return;
        };
        self.reply.push(text::waits(&agent.describe(flow)));
        self.set_waiting(why);
        self.push_frame(Frame::new(&agent.spec.id, self.now_iso, why));
    }

    /// The open flow and its confirmation wait in their frame, under a
    /// new home frame.
    fn set_waiting(&mut self, why: &str) {
        if let Some(top) = self.o.agent_stack.last_mut() {
            top.suspended_flow = self.o.current_flow.take();
            top.suspended_confirmation = self.o.pending.take_if(|p| p.service().is_some());
        }
        self.push_frame(Frame::new(HOME, self.now_iso, why));
        self.navigated = true;
    }

    /// Whether the open flow began with this turn's message.
    pub(super) fn began_this_turn(&self) -> bool {
        let Some(flow) = &self.o.current_flow else {
            return false;
        };
        let start = super::Via::Start.key();
        self.entered
            .iter()
            .any(|[_, id, _, via]| *id == flow.flow_id && *via == start)
    }

    /// The flow that began with this turn's message hands it back: it
    /// ends, its agent is left (a flow waiting under the
    /// home frame below stays), and the home agent reads the message.
    pub(super) fn hand_back(&mut self, agent: &Agent) {
        self.o.drop_confirmation();
        if let Some(flow) = self.o.current_flow.take() {
            self.ended.push(flow.flow_id);
        }
        while self.o.agent_stack.len() > 1 && self.o.active(HOME) != HOME {
            self.o.agent_stack.pop();
        }
        if let Some(top) = self.o.agent_stack.last_mut() {
            top.waiting = Waiting::Request;
        }
        self.to_finance = true;
        self.consumed = false;
        self.navigated = true;
        self.step(
            &agent.spec.id,
            Some("hand_back"),
            "nothing of this agent's: home reads it",
        );
    }

    /// Back to the home agent: every flow open above it (the active one
    /// and those waiting under other agents) is dropped, each named.
    pub(super) fn go_home(&mut self) {
        self.navigated = true;
        let active = self.o.active(HOME).to_string();
        if let Some(flow) = self.o.current_flow.take() {
            self.drop_named(&active, flow);
        }
        let above: Vec<Frame> = self
            .o
            .agent_stack
            .drain(1.min(self.o.agent_stack.len())..)
            .collect();
        for frame in above.into_iter().rev() {
            if let Some(flow) = frame.suspended_flow {
                self.drop_named(&frame.agent_id, flow);
            }
        }
        if let Some(home) = self.o.agent_stack.first_mut() {
            home.waiting = Waiting::Request;
            home.suspended_flow = None;
        }
        self.o.drop_confirmation();
    }

    /// Pops the top agent; the one below resumes its flow and asks its
    /// pending question again, once.
    /// Drops the active agent's flow (and its confirmation) when the agent
    /// files no longer have its state, so the chain only sees checked
    /// states.
    pub(super) fn drop_unknown_flow(&mut self) {
        let agent = self.registry.agent(self.o.active(HOME));
        let known = match &self.o.current_flow {
            Some(flow) => agent.and_then(|a| a.state_of(flow)).is_some(),
            None => true,
        };
        if !known {
            self.o.current_flow = None;
            self.o.drop_confirmation();
            if let Some(frame) = self.o.agent_stack.last_mut() {
                frame.waiting = Waiting::Request;
            }
        }
    }

    pub(super) fn go_back(&mut self) {
        self.navigated = true;
        if self.o.agent_stack.len() > 1 {
            let active = self.o.active(HOME).to_string();
            if let Some(flow) = self.o.current_flow.take() {
                self.drop_named(&active, flow);
            }
            self.o.agent_stack.pop();
        }
        self.o.drop_confirmation();
        let Some(top) = self.o.agent_stack.last_mut() else {
            return;
        };
        self.o.current_flow = top.suspended_flow.take();
        let agent_id = top.agent_id.clone();
        self.drop_unknown_flow();
        if let (Some(flow), Some(agent)) =
            (self.o.current_flow.as_ref(), self.registry.agent(&agent_id))
        {
            let message = open_prompt(agent, flow, &self.today);
            self.set_waiting_from_state(agent);
            self.reply.push(text::resumed(&agent.spec.name));
            self.reply.extend(message);
        }
    }
}

/// After the Financial Agent finished a request that interrupted a data
/// agent's flow (nothing of finance is open any more): the home frame on
/// top is popped and the flow below comes back with its open question or
/// confirmation asked again (same id and expiry). The lines to say, empty
/// when nothing was interrupted.
pub fn resume_interrupted(
    registry: &crate::agents::registry::Registry,
    o: &mut Orchestra,
    today: &Value,
) -> Vec<String> {
    if o.current_flow.is_some() || o.pending.is_some() || !interrupted(&o.agent_stack) {
        return Vec::new();
    }
    // The frames above the flow that waits (a home frame, and the agent
    // the request entered, now done) are left.
    let Some(waiting) = o
        .agent_stack
        .iter()
        .rposition(|f| f.suspended_flow.is_some())
    else {
        return Vec::new();
    };
    o.agent_stack.truncate(waiting + 1);
    let Some(top) = o.agent_stack.last_mut() else {
        return Vec::new();
    };
    let flow = top.suspended_flow.take();
    let pending = top.suspended_confirmation.take();
    let Some((agent, flow)) = registry.agent(&top.agent_id).zip(flow) else {
        return Vec::new();
    };
    if agent.state_of(&flow).is_none() {
        top.waiting = Waiting::Request;
        return Vec::new();
    }
    let question = match pending {
        Some(pending) => {
            top.waiting = Waiting::Confirmation {
                tool: pending.tool().to_string(),
            };
            let shown = pending.prompt.clone();
            o.pending = Some(pending);
            Some(shown)
        }
        None => {
            top.waiting = waiting_in(agent, &flow);
            open_prompt(agent, &flow, today)
        }
    };
    o.current_flow = Some(flow);
    let header = text::resumed(&agent.spec.name);
    vec![match question {
        Some(question) => format!("{header}\n{question}"),
        None => header,
    }]
}

/// Whether a flow waits under a home frame that another request (a
/// finance one, or one for another data agent) pushed over it.
pub fn interrupted(stack: &[Frame]) -> bool {
    // A flow waits under a home frame another request pushed (the agent
    // that request entered may be on top of it).
    stack
        .windows(2)
        .any(|pair| pair[0].suspended_flow.is_some() && pair[1].agent_id == HOME)
}

/// What a flow's current state waits for.
pub(super) fn waiting_in(agent: &Agent, flow: &crate::agents::state::FlowState) -> Waiting {
    let Some(state) = agent.state_of(flow) else {
        return Waiting::Request;
    };
    match (&state.spec.collect, &state.spec.clarify) {
        (Some(collect), _) => Waiting::Slot {
            slot: collect.slot.clone(),
            attempts: 0,
        },
        (None, Some(_)) => Waiting::Clarify { attempts: 0 },
        (None, None) => Waiting::Request,
    }
}

/// The open question of the active data agent, to ask again after a turn
/// that answered something else (thanks, a concept, help): its pending
/// confirmation, else the message of the state that waits for a slot.
pub fn open_question(
    registry: &crate::agents::registry::Registry,
    o: &Orchestra,
    today: &Value,
) -> Option<String> {
    if let Some((pending, _)) = o.confirmation() {
        return Some(pending.prompt.clone());
    }
    let agent = registry.agent(o.active(HOME))?;
    let flow = o.current_flow.as_ref()?;
    match waiting_in(agent, flow) {
        Waiting::Slot { .. } | Waiting::Clarify { .. } => open_prompt(agent, flow, today),
        _ => None,
    }
}

/// Every data flow open in a session, named with its details: the active
/// one and those waiting under an interruption.
pub fn open_flows(
    registry: &crate::agents::registry::Registry,
    o: &Orchestra,
) -> Vec<(String, crate::agents::state::FlowState)> {
    let mut open = Vec::new();
    for frame in &o.agent_stack {
        if let (Some(flow), Some(agent)) = (&frame.suspended_flow, registry.agent(&frame.agent_id))
        {
            open.push((agent.describe(flow), flow.clone()));
        }
    }
    if let (Some(flow), Some(agent)) = (&o.current_flow, registry.agent(o.active(HOME))) {
        open.push((agent.describe(flow), flow.clone()));
    }
    open
}
