//! Questions about an agent's own service ("¿cuánto tarda?", "¿cuál es el
//! tipo de cambio?"), answered from the agent file in any state, with
//! the open question or confirmation asked again after.

use serde_json::Map;

use super::{NO_OPTIONS, Run, state_message};
use crate::agents::path::Root;
use crate::agents::registry::Agent;
use crate::agents::state::Waiting;
use crate::agents::understand;
use crate::confidence::SURE;

impl<'a> Run<'a> {
    /// The answer to a question the message asks about the agent's
    /// service: the first of its answers whose every placeholder has a
    /// value in the flow (a general answer when no flow is open).
    pub(super) fn faq_answer(&self, agent: &Agent) -> Option<String> {
        if agent.faq.is_empty() {
            return None;
        }
        // A negation is part of the question ("¿no cobran comisión?").
        let words = crate::agents::registry::question_words(self.reading);
        let i = understand::faq_match(agent, &words, SURE)?;
        // Asked as a question: a question mark, or the form of one.
        let marked = self.reading.text().contains(['?', '¿']);
        if !marked && !self.reading.is_question() {
            return None;
        }
        let empty = Map::new();
        let (slots, data) = match &self.o.current_flow {
            Some(flow) => (&flow.slots, &flow.state_data),
            None => (&empty, &empty),
        };
        let root = Root::Flow {
            slots,
            data,
            options: NO_OPTIONS,
            today: &self.today,
        };
        agent.faq[i]
            .1
            .iter()
            .find(|answer| answer.missing(root).is_empty())
            .map(|answer| answer.render(root))
    }

    /// Answers the question and asks the open one again (a slot or a
    /// clarification; a confirmation is asked again by its own path).
    pub(super) fn answer_faq(&mut self, agent: &Agent, answer: String) {
        self.consumed = true;
        self.reply.push(answer);
        let waits = matches!(
            self.o.agent_stack.last().map(|f| &f.waiting),
            Some(Waiting::Slot { .. } | Waiting::Clarify { .. })
        );
        if waits && let Some(flow) = self.o.current_flow.as_ref() {
            self.reply.extend(state_message(agent, flow, &self.today));
        }
        self.step(
            &agent.spec.id,
            None,
            "answered a question about the service",
        );
    }
}
