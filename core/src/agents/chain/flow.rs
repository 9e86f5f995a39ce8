//! The flow engine: entering states (data first, then the message),
//! collecting a slot's value, its bounds and rejections, re-asking, the
//! state's tools and transitions, and the end of a flow.

use super::Via;
use serde_json::{Map, Value, json};

use super::pause::Point;
use super::{CHECKED_FLOW, MAX_STATE_ENTRIES, Run, Step, Suspend, fill};
use crate::agents::path::Root;
use crate::agents::registry::Agent;
use crate::agents::spec::{SlotType, ToolSpec};
use crate::agents::state::{FlowState, Waiting};
use crate::agents::text;
use crate::agents::understand::{self, SlotRead};
use crate::nlu::answers;

impl<'a> Run<'a> {
    pub(super) fn waiting_slot(&self) -> Option<(String, u32)> {
        match &self.o.agent_stack.last()?.waiting {
            Waiting::Slot { slot, attempts } => Some((slot.clone(), *attempts)),
            _ => None,
        }
    }

    /// Reads the message into the slot the flow waits for. `None` when the
    /// reply holds nothing of the slot's type (other routes may read it).
    pub(super) fn collect(&mut self, agent: &'a Agent) -> Step<Option<Option<String>>> {
        if let Some(Waiting::Clarify { attempts }) = self.o.agent_stack.last().map(|f| &f.waiting) {
            let attempts = *attempts;
            self.clarify_answer(agent, attempts)?;
            return Ok(Some(None));
        }
        let Some((slot_name, attempts)) = self.waiting_slot() else {
            return Ok(None);
        };
        let Some(slot) = agent.spec.slots.get(&slot_name) else {
            return Ok(None);
        };
        // A question is never the answer to a question that takes any
        // words ("¿cobran comisión?" while the reference is asked).
        let free = matches!(
            slot.kind,
            SlotType::Text | SlotType::Person | SlotType::Concept
        );
        if free && self.reading.text().contains(['?', '¿']) {
            return Ok(None);
        }
        // "la farmacia fue 98, no 89" while the amount is asked.
        if self.corrects_money_before() {
            return Ok(None);
        }
        // "no, mejor a Juan" while "¿confirmas este envío?" is asked: a
        // message that opens as a correction and names a new value for an
        // earlier answer corrects it; its "no" is not the answer.
        if !self.replaying
            && answers::starts_correction(self.reading.folded())
            && self.correct_filled(agent)?.is_some()
        {
            return Ok(Some(None));
        }
        let Some(flow) = self.o.current_flow.as_ref() else {
            return Ok(None);
        };
        let id = agent.spec.id.clone();
        let (value, option) =
            match understand::read_slot(agent, slot, self.reading, &flow.state_data) {
                SlotRead::Nothing => {
                    // Not an answer to this question: maybe a new value for one
                    // answered before ("mejor 150" while the delivery is asked).
                    return Ok(self.correct_filled(agent)?.map(|_| None));
                }
                SlotRead::WrongCurrency(code) => {
                    self.consumed = true;
                    self.decisions.validation = Some(false);
                    self.step(&id, None, "wrong currency");
                    self.fail_attempt(agent, attempts, Some(text::wrong_currency(code)))?;
                    return Ok(Some(None));
                }
                SlotRead::Negative => {
                    self.consumed = true;
                    self.decisions.validation = Some(false);
                    self.step(&id, None, "negative amount");
                    self.fail_attempt(agent, attempts, Some(text::NEGATIVE_AMOUNT.into()))?;
                    return Ok(Some(None));
                }
                SlotRead::Value(value, option) => (
                    super::each::for_each_counted(agent, slot, &flow.slots, self.reading, value),
                    option,
                ),
            };
        self.consumed = true;
        let state = agent.state_of(flow).expect(CHECKED_FLOW);
        if let Err(why) = self.try_value(agent, state, &slot_name, value, option) {
            self.decisions.validation = Some(false);
            self.step(&id, None, "refused");
            self.fail_attempt(agent, attempts, Some(why))?;
            return Ok(Some(None));
        }
        self.decisions.validation = Some(true);
        self.step(&id, None, &format!("collected {slot_name}"));
        self.resume_after_check();
        self.after_collect(agent)?;
        Ok(Some(None))
    }

    pub(super) fn fail_attempt(
        &mut self,
        agent: &'a Agent,
        attempts: u32,
        why: Option<String>,
    ) -> Step {
        let attempts = attempts + 1;
        let Some(flow) = self.o.current_flow.as_ref() else {
            return Ok(());
        };
        let state = agent.state_of(flow).expect(CHECKED_FLOW);
        let (max, target) = match (&state.spec.collect, &state.spec.clarify) {
            (Some(c), _) => (c.max_attempts, c.on_exhausted.clone()),
            (None, Some(c)) => (c.max_attempts, c.on_exhausted.clone()),
            (None, None) => (1, None),
        };
        if attempts >= max
            && let Some(target) = target
        {
            if let Some(why) = why {
                self.reply.push(why);
            }
            return self.enter_state(agent, &target, Via::Exhausted);
        }
        if let Some(frame) = self.o.agent_stack.last_mut()
            && let Waiting::Slot { attempts: a, .. } | Waiting::Clarify { attempts: a } =
                &mut frame.waiting
        {
            *a = attempts;
        }
        self.reask(agent, why)
    }

    /// Says why a reply did not fit and asks the state's question again.
    pub(super) fn reask(&mut self, agent: &'a Agent, why: Option<String>) -> Step {
        let Some(flow) = self.o.current_flow.as_ref() else {
            return Ok(());
        };
        let state = agent.state_of(flow).expect(CHECKED_FLOW);
        if state.spec.clarify.is_some() {
            let attempts = match self.o.agent_stack.last().map(|f| &f.waiting) {
                Some(Waiting::Clarify { attempts }) => *attempts,
                _ => 0,
            };
            self.reply.push(why.unwrap_or_else(|| text::REASK.into()));
            self.ask_clarification(agent, attempts.max(1));
            return Ok(());
        }
        let reask = state.spec.collect.as_ref().and_then(|c| c.reask.clone());
        let message = state_message(agent, flow, &self.today);
        self.reply
            .push(why.or(reask).unwrap_or_else(|| text::REASK.into()));
        self.reply.extend(message);
        Ok(())
    }

    /// Asks the state's question again after a reply that was taken for
    /// something else: its message, after the state's own re-ask words
    /// when `reask`; never "no te entendí".
    pub(super) fn ask_again(&mut self, agent: &'a Agent, reask: bool) -> Step {
        let Some(flow) = self.o.current_flow.as_ref() else {
            return Ok(());
        };
        let state = agent.state_of(flow).expect(CHECKED_FLOW);
        if state.spec.clarify.is_some() {
            return self.reask(agent, None);
        }
        let reask = state
            .spec
            .collect
            .as_ref()
            .and_then(|c| c.reask.clone())
            .filter(|_| reask);
        let message = state_message(agent, flow, &self.today);
        self.reply.extend(reask);
        self.reply.extend(message);
        Ok(())
    }

    /// After a slot is filled: conditional transitions, then the state's
    /// tools, then the unconditional transition.
    pub(super) fn after_collect(&mut self, agent: &'a Agent) -> Step {
        let Some(flow) = self.o.current_flow.as_ref() else {
            return Ok(());
        };
        let state = agent.state_of(flow).expect(CHECKED_FLOW);
        if let Some(checked) = self.validate(agent, state) {
            return checked;
        }
        let flow = self.o.current_flow.as_ref().expect("still in the flow");
        let root = root(flow, NO_OPTIONS, &self.today);
        let chosen = state
            .transitions
            .iter()
            .enumerate()
            .find(|(_, (condition, _))| condition.as_ref().is_some_and(|c| c.eval(root)));
        if let Some((i, (_, target))) = chosen {
            return self.enter_state(agent, target, Via::Transition(i));
        }
        if !state.spec.state_tools.is_empty() {
            return self.state_tool(agent);
        }
        if let Some((None, target)) = state.transitions.last() {
            let i = state.transitions.len() - 1;
            return self.enter_state(agent, target, Via::Transition(i));
        }
        Ok(())
    }

    /// Runs the current state's tool: asks its confirmation, or calls it
    /// and follows the transition for its outcome.
    pub(super) fn state_tool(&mut self, agent: &'a Agent) -> Step {
        let flow = self
            .o
            .current_flow
            .as_ref()
            .expect("a tool runs inside a flow");
        let state = agent.state_of(flow).expect(CHECKED_FLOW);
        let st = state
            .spec
            .state_tools
            .first()
            .expect("the state has a tool");
        let tool = agent.tool(&st.tool).expect("checked at load");
        let transition = st.flow_transition.clone();
        if tool.requires_confirmation {
            self.ask_confirmation(agent, tool);
            return Ok(());
        }
        let at = Point::StateTool {
            agent: agent.spec.id.clone(),
        };
        let (target, via) = match self.call(agent, tool, at)? {
            Ok(()) => (transition.on_success, Via::Ok),
            Err(()) => (transition.on_error, Via::Error),
        };
        self.enter_state(agent, &target, via)
    }

    /// Runs a service tool; its result goes into `state_data`. Without
    /// the result yet the chain pauses, to go on `at` when it comes.
    pub(super) fn call(
        &mut self,
        agent: &'a Agent,
        tool: &ToolSpec,
        at: Point,
    ) -> Step<Result<(), ()>> {
        let flow = self
            .o
            .current_flow
            .as_ref()
            .expect("a tool runs inside a flow");
        let params = render_params(agent, tool, flow, &self.today);
        let service = tool.service.as_ref().expect("checked at load").name.clone();
        let provider = agent.spec.services[&service].provider;
        let found = match provider {
            crate::tools::Provider::Data => {
                Some(Ok(fill::data_result(agent, &service, &params, &self.today)))
            }
            crate::tools::Provider::Sandbox
            | crate::tools::Provider::Ledger
            | crate::tools::Provider::Cobros
            | crate::tools::Provider::Reminders
            | crate::tools::Provider::Account
            | crate::tools::Provider::Recurring => (self.fetch)(&tool.name, &params),
        };
        let Some(result) = found else {
            return Err(Box::new(Suspend {
                tool: tool.name.clone(),
                service,
                params,
                provider,
                at,
                looping: None,
                routed: None,
            }));
        };
        match result {
            Ok(data) => {
                if let Some(flow) = self.o.current_flow.as_mut() {
                    merge(&mut flow.state_data, tool.assign.as_deref(), data);
                }
                Ok(Ok(()))
            }
            Err(_) => {
                self.reply.push(text::SERVICE_FAILED.into());
                Ok(Err(()))
            }
        }
    }
    pub(super) fn start_flow(&mut self, agent: &'a Agent, flow_id: &str) -> Step {
        // A confirmation lives and dies with its flow: a flow that starts
        // in place of another never inherits the other's prompt.
        self.o.drop_confirmation();
        let flow = &agent.flows[flow_id];
        // "cóbrale 160 a Caro y 160 a Memo": one request per message; the
        // flow reads the first and the rest is named, never dropped
        // without a word.
        let items = understand::requests(agent, flow, self.reading);
        let first_only;
        let reading = match items.as_slice() {
            [first, rest @ ..] if !rest.is_empty() && !self.replaying => {
                // What another agent would take alone waits its turn;
                // otherwise it is named, never dropped without a word.
                let today = self.reading.today();
                let claimed = |item: &String| {
                    let read = crate::nlu::Reading::new(item, today);
                    crate::agents::claim::item_route(self.registry, &read).is_some()
                };
                if rest.iter().all(claimed) {
                    self.reply.push(text::in_turn(first, rest));
                    self.queued = rest.to_vec();
                } else {
                    self.reply.push(text::one_per_message(first, rest));
                }
                first_only = crate::nlu::Reading::new(first, today);
                &first_only
            }
            _ => self.reading,
        };
        // A new flow starts empty: nothing leaks from an earlier one. The
        // request that started it is kept when the flow reads it (prefill,
        // clarify).
        let (state_data, mut slots) = fill::starting_data(flow, agent, reading);
        slots.extend(std::mem::take(&mut self.preset));
        self.o.current_flow = Some(FlowState {
            flow_id: flow_id.to_string(),
            current_state: flow.initial.clone(),
            state_data,
            slots,
            entered_at: self.now_iso.to_string(),
        });
        self.enter_state(agent, &flow.initial.clone(), Via::Start)
    }

    /// Enters a state: fetch its data, say its message, then wait for its
    /// collect, run its tools or follow its transitions.
    pub(super) fn enter_state(&mut self, agent: &'a Agent, state_id: &str, via: Via) -> Step {
        self.state_entries += 1;
        let Some(flow) = self.o.current_flow.as_mut() else {
            return Ok(());
        };
        if self.state_entries > MAX_STATE_ENTRIES {
            self.reply.push(text::LOOP.into());
            self.go_home();
            return Ok(());
        }
        flow.current_state = state_id.to_string();
        let flow_id = flow.flow_id.clone();
        self.entered.push([
            agent.spec.id.clone(),
            flow_id.clone(),
            state_id.to_string(),
            via.key(),
        ]);
        let state = &agent.flows[&flow_id].states[state_id];
        if let Some(name) = state
            .spec
            .on_enter
            .as_ref()
            .and_then(|o| o.call_tool.as_ref())
        {
            self.step(&agent.spec.id, Some(name), "enrich on enter");
        }
        self.entered_state(agent, state_id)
    }

    /// A state entered: its `on_enter` call first (the chain pauses here
    /// until its result comes), then its message, its question, its tools
    /// or its transitions.
    pub(super) fn entered_state(&mut self, agent: &'a Agent, state_id: &str) -> Step {
        let flow = self
            .o
            .current_flow
            .as_ref()
            .expect("a state is entered in a flow");
        let state = &agent.flows[&flow.flow_id].states[state_id];
        if let Some(name) = state
            .spec
            .on_enter
            .as_ref()
            .and_then(|o| o.call_tool.as_ref())
        {
            let tool = agent.tool(name).expect("checked at load");
            let at = Point::Entering {
                agent: agent.spec.id.clone(),
                state: state_id.to_string(),
            };
            if self.call(agent, tool, at)?.is_err() {
                self.finish_flow();
                return Ok(());
            }
        }
        if let Some(note) = &state.hand_back
            && self.began_this_turn()
        {
            let flow = self.o.current_flow.as_ref().expect("still in the flow");
            self.reply
                .push(note.render(root(flow, NO_OPTIONS, &self.today)));
            self.hand_back(agent);
            return Ok(());
        }
        let collects = state.spec.collect.as_ref().map(|c| c.slot.as_str());
        if (self.replaying || collects.is_some_and(|slot| self.kept_before(slot)))
            && let Some(kept) = self.keep_answer(agent, state)
        {
            return kept;
        }
        if let Some(filled) = self.prefill(agent, state) {
            return filled;
        }
        if let Some(taken) = self.only_option(agent, state) {
            return taken;
        }
        if state.spec.clarify.is_some() {
            return self.enter_clarify(agent, state);
        }
        let flow = self.o.current_flow.as_ref().expect("still in the flow");
        let message = state_message(agent, flow, &self.today);
        self.reply.extend(message);
        if let Some(share) = &state.share {
            self.share = Some(share.render(root(flow, &Value::Null, &self.today)));
        }
        if state.spec.is_final {
            self.finish_flow();
            return Ok(());
        }
        if let Some(collect) = &state.spec.collect {
            if let Some(frame) = self.o.agent_stack.last_mut() {
                frame.waiting = Waiting::Slot {
                    slot: collect.slot.clone(),
                    attempts: 0,
                };
            }
            return Ok(());
        }
        self.after_collect(agent)
    }

    /// While a correction is replayed, a state whose slot was answered
    /// before keeps that answer (the flow goes on from it) unless the
    /// state now refuses it, which is said before the question is asked.
    pub(super) fn keep_answer(
        &mut self,
        agent: &'a Agent,
        state: &crate::agents::registry::State,
    ) -> Option<Step> {
        let slot = &state.spec.collect.as_ref()?.slot;
        let flow = self.o.current_flow.as_ref()?;
        flow.slots.get(slot)?;
        let root = root(flow, NO_OPTIONS, &self.today);
        match state.rejections.iter().find(|(c, _)| c.eval(root)) {
            None => {
                self.step(&agent.spec.id, None, &format!("kept {slot}"));
                Some(self.after_collect(agent))
            }
            Some((_, message)) => {
                let why = message.render(root);
                self.reply.push(why);
                if let Some(flow) = self.o.current_flow.as_mut() {
                    flow.slots.remove(slot);
                }
                None
            }
        }
    }

    /// The flow ended: the frame waits for a new request; a specialist
    /// entered on top of another agent's flow hands back to it.
    pub(super) fn finish_flow(&mut self) {
        self.o.drop_confirmation();
        let ended = self.o.current_flow.take().map(|flow| flow.flow_id);
        if let Some(frame) = self.o.agent_stack.last_mut() {
            frame.waiting = Waiting::Request;
            frame.last_flow.clone_from(&ended);
        }
        self.ended.extend(ended);
        let below_has_flow = self.o.agent_stack.len() > 2
            && self.o.agent_stack[self.o.agent_stack.len() - 2]
                .suspended_flow
                .is_some();
        if below_has_flow {
            self.go_back();
        }
    }
}

/// What conditions and templates read: `slots`, `data` and `options`,
/// borrowed from the flow.
pub(super) fn root<'a>(flow: &'a FlowState, options: &'a Value, today: &'a Value) -> Root<'a> {
    Root::Flow {
        slots: &flow.slots,
        data: &flow.state_data,
        options,
        today,
    }
}

/// `options` when a state lists none.
pub(super) const NO_OPTIONS: &Value = &Value::Null;

pub(super) fn render_params(
    agent: &Agent,
    tool: &ToolSpec,
    flow: &FlowState,
    today: &Value,
) -> Map<String, Value> {
    let root = root(flow, NO_OPTIONS, today);
    agent
        .params
        .get(&tool.name)
        .into_iter()
        .flatten()
        .map(|(name, template)| (name.clone(), Value::from(template.render(root))))
        .collect()
}

pub(super) fn merge(data: &mut Map<String, Value>, assign: Option<&str>, result: Value) {
    match (assign, result) {
        (Some(name), Value::Object(mut fields)) if fields.contains_key(name) => {
            data.insert(name.to_string(), fields.remove(name).unwrap_or(Value::Null));
        }
        (Some(name), other) => {
            data.insert(name.to_string(), other);
        }
        (None, Value::Object(fields)) => data.extend(fields),
        (None, other) => {
            data.insert("result".into(), other);
        }
    }
}

/// The message of the flow's state, with the numbered options it offers.
pub(super) fn state_message(agent: &Agent, flow: &FlowState, today: &Value) -> Option<String> {
    let state = agent.state_of(flow).expect(CHECKED_FLOW);
    let message = state.message.as_ref()?;
    let options = state
        .spec
        .collect
        .as_ref()
        .and_then(|c| options_list(agent, &c.slot, &flow.state_data))
        .map_or(Value::Null, Value::String);
    Some(message.render(root(flow, &options, today)))
}

/// The numbered options of a choice slot from context.
pub(super) fn options_list(agent: &Agent, slot: &str, data: &Map<String, Value>) -> Option<String> {
    let spec = agent.spec.slots.get(slot)?;
    let from = spec.options_from.as_deref()?;
    let list = data
        .get(from.strip_prefix("data.").unwrap_or(from))?
        .as_array()?;
    let label = agent.option_labels.get(slot)?;
    Some(
        list.iter()
            .enumerate()
            .map(|(i, item)| format!("{}. {}", i + 1, label.render(&json!({ "item": item }))))
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

/// Why a number is outside a slot's `min`/`max`, if it is.
pub(super) fn out_of_bounds(slot: &crate::agents::spec::SlotSpec, value: &Value) -> Option<String> {
    let n = value.as_f64()?;
    match (slot.min, slot.max) {
        (Some(min), _) if n < min => Some(text::below_min(slot.kind, min)),
        (_, Some(max)) if n > max => Some(text::above_max(slot.kind, max)),
        _ => None,
    }
}

/// What the flow's state asks, to ask it again: its message, and for a
/// clarifying state its question.
pub(super) fn open_prompt(
    agent: &Agent,
    flow: &crate::agents::state::FlowState,
    today: &Value,
) -> Option<String> {
    let message = state_message(agent, flow, today);
    let question = clarifying_question(agent, flow, today);
    match (message, question) {
        (Some(m), Some(q)) => Some(format!("{m}\n{q}")),
        (m, q) => m.or(q),
    }
}

/// The question of the flow's clarifying state, rendered.
pub(super) fn clarifying_question(
    agent: &Agent,
    flow: &FlowState,
    today: &Value,
) -> Option<String> {
    let question = agent.state_of(flow)?.question.as_ref()?;
    Some(question.render(root(flow, NO_OPTIONS, today)))
}
