//! Moving between agents: enter (push), go home (clear to the home
//! agent), go back (pop and resume the flow below, its question asked again
//! once), and the end of a flow.

use super::{Run, state_message};
use crate::agent::text::agents as text;
use crate::agents::registry::{Agent, HOME};
use crate::agents::state::Frame;
use crate::agents::state::{MAX_STACK, Waiting};

impl<'a> Run<'a> {
    pub(super) fn enter_agent(&mut self, target: &str, why: &str) {
        if let Some(top) = self.o.agent_stack.last_mut() {
            top.suspended_flow = self.o.current_flow.take();
        }
        self.o.pending_confirmation = None;
        self.o
            .agent_stack
            .push(Frame::new(target, self.now_iso, why));
        if self.o.agent_stack.len() > MAX_STACK {
            self.o.agent_stack.remove(1);
        }
    }

    /// Leaves the agent for home (its flow and confirmation dropped) and
    /// says so.
    pub(super) fn leave(&mut self, agent: &Agent, tool: &str, why: &str) {
        if self.o.current_flow.is_some() {
            self.reply.push(text::left_flow(&agent.spec.name));
        }
        self.go_home();
        self.step(&agent.spec.id, Some(tool), why);
    }

    pub(super) fn go_home(&mut self) {
        self.navigated = true;
        self.o.agent_stack.truncate(1);
        if let Some(home) = self.o.agent_stack.first_mut() {
            home.waiting = Waiting::Request;
            home.suspended_flow = None;
        }
        self.o.current_flow = None;
        self.o.pending_confirmation = None;
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
            self.o.pending_confirmation = None;
            if let Some(frame) = self.o.agent_stack.last_mut() {
                frame.waiting = Waiting::Request;
            }
        }
    }

    pub(super) fn go_back(&mut self) {
        self.navigated = true;
        if self.o.agent_stack.len() > 1 {
            self.o.agent_stack.pop();
        }
        self.o.pending_confirmation = None;
        let Some(top) = self.o.agent_stack.last_mut() else {
            return;
        };
        self.o.current_flow = top.suspended_flow.take();
        let agent_id = top.agent_id.clone();
        self.drop_unknown_flow();
        if let (Some(flow), Some(agent)) =
            (self.o.current_flow.as_ref(), self.registry.agent(&agent_id))
        {
            let message = state_message(agent, flow);
            self.set_waiting_from_state(agent);
            self.reply.push(text::resumed(&agent.spec.name));
            self.reply.extend(message);
        }
    }
}
