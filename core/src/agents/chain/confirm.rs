//! Confirmations of action tools: asked with exactly the service
//! request's parameters, decided by the sí/no allowlists, expiring, and
//! safe against stale buttons.

use super::Via;
use super::render_params;
use super::{End, NO_OPTIONS, Run, Step, Suspend, merge, root};
use crate::agents::registry::{Agent, intent_words};
use crate::agents::spec::{SlotType, ToolSpec};
use crate::agents::state::Waiting;
use crate::agents::text;
use crate::agents::understand::{self, SlotRead};
use crate::confidence::{CLEAR, SURE};
use crate::gate::ConfirmationStatus;
use crate::gate::{Action, PendingAction, ServiceCall};
use crate::nlu::answers::{self, Decision, Loose, decide};

impl<'a> Run<'a> {
    pub(super) fn ask_confirmation(&mut self, agent: &'a Agent, tool: &ToolSpec) {
        let flow = self
            .o
            .current_flow
            .as_ref()
            .expect("a confirmation belongs to a flow");
        let params = render_params(agent, tool, flow, &self.today);
        let message = agent.confirmations[&tool.name].render(root(flow, NO_OPTIONS, &self.today));
        let pending = PendingAction {
            id: self.prompt_id.to_string(),
            agent: agent.spec.id.clone(),
            action: Action::Service(ServiceCall {
                tool_name: tool.name.clone(),
                service: tool
                    .service
                    .as_ref()
                    .map(|s| s.name.clone())
                    .unwrap_or_default(),
                tool_params: params,
            }),
            prompt: message.clone(),
            created_at_iso: self.now_iso.to_string(),
            expires_at_iso: self.expires_iso.to_string(),
        };
        self.o.pending = Some(pending);
        if let Some(frame) = self.o.agent_stack.last_mut() {
            frame.waiting = Waiting::Confirmation {
                tool: tool.name.clone(),
            };
        }
        self.reply.push(message);
        self.suggestions = vec![text::YES.into(), text::NO.into()];
        self.decisions.gate = ConfirmationStatus::Prompted;
        self.step(&agent.spec.id, Some(&tool.name), "confirmation asked");
    }

    /// A reply to the pending confirmation. `None` lets the chain read the
    /// message as a new request (the confirmation is dropped).
    pub(super) fn decide_pending(&mut self) -> Step<Option<End>> {
        let (pending, call) = self
            .o
            .confirmation()
            .map(|(p, c)| (p.clone(), c.clone()))
            .expect("checked by the caller");
        let Some(agent) = self.registry.agent(&pending.agent) else {
            self.o.drop_confirmation();
            return Ok(None);
        };
        let id = agent.spec.id.clone();
        // A button for another prompt never gets here: the router refuses
        // stale buttons for both kinds of confirmation.
        // A «sí» to an expired prompt never runs it: it is offered anew.
        // Another request said meanwhile ("¿cuánto tengo en el banco?") is
        // answered, and the prompt waits with its flow to be offered anew
        // after it (`respond` renews it and says so), never in its place.
        if self.expired && self.reading.decision() != Decision::Reject && !self.goes_elsewhere() {
            return Ok(Some(self.offer_anew(&pending, &id)));
        }
        let tool = agent.tool(&call.tool_name).expect("checked at load");
        let flow = self.o.current_flow.clone();
        let transition = flow.as_ref().and_then(|f| {
            agent
                .state_of(f)?
                .spec
                .state_tools
                .iter()
                .find(|t| t.tool == tool.name)
                .map(|t| t.flow_transition.clone())
        });
        match self.reading.decision() {
            Decision::Confirm => self.confirmed(agent, &pending, &call, tool, transition),
            Decision::Reject => Ok(Some(self.rejected(&pending, &id))),
            Decision::Other => self.other_at_confirmation(agent, &pending),
        }
    }

    /// The message is no answer to the prompt but another request: a
    /// finance question or request, or another agent's.
    fn goes_elsewhere(&self) -> bool {
        self.reading.decision() == Decision::Other
            && (crate::nlu::answers::complete_finance_request(self.reading)
                || crate::nlu::answers::finance_question(self.reading, SURE)
                || understand::best_intent(self.registry.home(), &intent_words(self.reading))
                    .is_some_and(|(_, s)| s >= CLEAR))
    }

    /// The expired prompt under a new id and expiry, its old buttons
    /// pointed at it; nothing is said yet.
    fn renew_pending(&mut self) {
        if let Some(p) = self.o.pending.as_mut() {
            let old = p.renew(
                self.prompt_id.to_string(),
                self.now_iso,
                self.expires_iso.to_string(),
            );
            self.reoffered = Some((old, p.id.clone()));
        }
    }

    /// One expiry rule for every agent (`crate::gate`): nothing runs, and
    /// the same action is offered again under a new id, so an old button
    /// cannot confirm it. "no" still rejects it.
    fn offer_anew(&mut self, pending: &PendingAction, id: &str) -> End {
        // The old id's buttons are pointed at the new one by the caller,
        // which holds the session's re-offers.
        self.renew_pending();
        self.reply.push(text::EXPIRED.into());
        self.reply.push(pending.prompt.clone());
        self.suggestions = vec![text::YES.into(), text::NO.into()];
        self.decisions.gate = ConfirmationStatus::Expired;
        self.step(id, None, "confirmation expired");
        End::Replied
    }

    /// «Sí»: the action runs with exactly the parameters shown; the flow
    /// follows its transition for the outcome.
    fn confirmed(
        &mut self,
        agent: &'a Agent,
        pending: &PendingAction,
        call: &ServiceCall,
        tool: &ToolSpec,
        transition: Option<crate::agents::spec::FlowTransition>,
    ) -> Step<Option<End>> {
        let id = agent.spec.id.clone();
        // Exactly the parameters shown, never re-rendered.
        let Some(result) = (self.fetch)(&tool.name, &call.tool_params) else {
            return Err(Box::new(Suspend {
                tool: tool.name.clone(),
                service: call.service.clone(),
                params: call.tool_params.clone(),
                provider: agent
                    .spec
                    .services
                    .get(&call.service)
                    .map(|s| s.provider)
                    .unwrap_or_default(),
                at: super::pause::Point::Pending,
                looping: None,
                routed: None,
            }));
        };
        self.o.drop_confirmation();
        self.decisions.gate = ConfirmationStatus::Confirmed;
        self.step(&id, Some(&tool.name), "confirmed");
        let target = match result {
            Ok(data) => {
                self.decided = Some(crate::gate::Decided {
                    id: pending.id.clone(),
                    confirmed: true,
                    turn: 0,
                });
                if let Some(flow) = self.o.current_flow.as_mut() {
                    merge(&mut flow.state_data, tool.assign.as_deref(), data);
                }
                transition.map(|t| (t.on_success, Via::Ok))
            }
            Err(_) => {
                self.reply.push(text::SERVICE_FAILED.into());
                transition.map(|t| (t.on_error, Via::Error))
            }
        };
        match target {
            Some((target, via)) => self.enter_state(agent, &target, via)?,
            None => self.finish_flow(),
        }
        self.consumed = true;
        Ok(Some(End::Replied))
    }

    /// «No»: the flow ends here, as a final state would end it.
    fn rejected(&mut self, pending: &PendingAction, id: &str) -> End {
        self.o.drop_confirmation();
        self.decided = Some(crate::gate::Decided {
            id: pending.id.clone(),
            confirmed: false,
            turn: 0,
        });
        // The user ended the flow: it ends here, as a final state
        // would end it.
        self.finish_flow();
        self.reply.push(text::REJECTED.into());
        self.decisions.gate = ConfirmationStatus::Rejected;
        self.step(id, None, "confirmation rejected");
        End::Replied
    }

    /// Neither: a question answered with the confirmation asked again, a
    /// request that interrupts or sets it aside (`None`), the same request
    /// with other values, another request besides it, or a correction.
    fn other_at_confirmation(
        &mut self,
        agent: &'a Agent,
        pending: &PendingAction,
    ) -> Step<Option<End>> {
        let id = agent.spec.id.clone();
        let words = intent_words(self.reading);
        // A question about the service is answered and the
        // confirmation asked again, unchanged.
        if let Some(answer) = self.faq_answer(agent) {
            self.answer_faq(agent, answer);
            self.reply.push(pending.prompt.clone());
            self.suggestions = vec![text::YES.into(), text::NO.into()];
            self.decisions.gate = ConfirmationStatus::Reasked;
            return Ok(Some(End::Replied));
        }
        // "mis deudas", "mis movimientos": a sure request for the records,
        // asked or not, is no answer to the confirmation.
        let u = self.reading.understanding();
        let records =
            u.intent == crate::nlu::Intent::QueryData && u.confidence >= SURE && u.amount.is_none();
        let finance = crate::nlu::answers::complete_finance_request(self.reading)
            || crate::nlu::answers::finance_question(self.reading, SURE)
            || records;
        let other_agent =
            understand::best_intent(self.registry.home(), &words).is_some_and(|(_, s)| s >= CLEAR);
        // "no, espera, eran 720" right after a movement was saved: that
        // movement changes, and this confirmation waits with its flow.
        if self.corrects_saved() {
            return Ok(None);
        }
        // "nooo, 8000 es lo que debo, el pago es de 400": a no that goes
        // on to a finance request turns this one down (it never waits to
        // catch a later «sí») and the rest is read as that request. (A
        // word of another agent after a no is often what this one is
        // about: "no, es del préstamo que le hice" at a cobro's payment.)
        if finance && crate::nlu::answers::opens_with_no(self.reading) {
            self.rejected(pending, &id);
            self.consumed = false;
            return Ok(None);
        }
        // A finance question or request interrupts: the confirmation
        // is kept with the flow and asked again when it comes back.
        if finance {
            return Ok(None);
        }
        // A request for another agent: the confirmation waits with
        // its flow (`understand` sets them aside) and comes back,
        // same id and expiry, unless the person changed their mind
        // ("mejor quiero…"), which leaves it, as leaving does;
        // anything else asks it again, unchanged.
        let navigates = understand::navigation(self.reading).is_some();
        if other_agent && !navigates && !crate::nlu::answers::changes_mind(self.reading) {
            return Ok(None);
        }
        if navigates || other_agent {
            self.o.drop_confirmation();
            self.set_waiting_from_state(agent);
            return Ok(None);
        }
        // The same request again with other values starts the flow
        // over from it (the routing reads it as a trigger).
        let again = understand::best_intent(agent, &words)
            .filter(|(_, score)| *score >= SURE)
            .and_then(|(intent, _)| agent.tool_for_intent(intent))
            .and_then(|tool| tool.routing.as_ref()?.target.as_deref())
            .zip(self.o.current_flow.as_ref())
            .is_some_and(|(target, open)| {
                target == open.flow_id && super::says_new_values(agent, open, self.reading)
            });
        if again {
            return Ok(None);
        }
        // "y a Lupe 200", "también el agua": another request
        // besides this one, never a change of it; it is named to be
        // asked after, and the confirmation asked again, unchanged.
        if crate::nlu::answers::adds_item(self.reading) {
            let said = self.reading.text().trim();
            let rest = said.split_once(' ').filter(|(first, _)| {
                let first = crate::nlu::normalize::fold(first);
                crate::nlu::lexicon::cues()
                    .days
                    .adds_item
                    .words()
                    .contains(&first.as_str())
            });
            let said = rest.map_or(said, |(_, rest)| rest.trim());
            self.reply.push(text::one_at_a_time(said));
            self.reply.push(pending.prompt.clone());
            self.suggestions = vec![text::YES.into(), text::NO.into()];
            self.decisions.gate = ConfirmationStatus::Reasked;
            self.step(&id, None, "another request besides this one");
            return Ok(Some(End::Replied));
        }
        // "dale", "simón", "nel" alone are an answer, never a new value
        // for a slot (a name); the «sí» or «no» is asked for below.
        let answer_alone = crate::nlu::answers::sounds_like_yes(self.reading)
            || (self.reading.words().count() == 1 && answers::loose(self.reading) == Loose::No);
        if !answer_alone && let Some(end) = self.correct_filled(agent)? {
            return Ok(Some(end));
        }
        // A question the agent's file cannot answer is said to be
        // one; the confirmation follows, unchanged.
        let asks = self.reading.is_question();
        self.reply.push(if asks {
            text::unknown_question(&agent.spec.name)
        } else {
            match answers::loose(self.reading) {
                Loose::Yes | Loose::YesWithMore => text::SAY_YES,
                Loose::No => text::SAY_NO,
                Loose::Change => text::SAY_CHANGE,
                Loose::Unclear => text::REASK_CONFIRMATION,
            }
            .into()
        });
        self.reply.push(pending.prompt.clone());
        self.suggestions = vec![text::YES.into(), text::NO.into()];
        self.decisions.gate = ConfirmationStatus::Reasked;
        self.step(&id, None, "confirmation asked again");
        Ok(Some(End::Replied))
    }

    /// A reply that gives a filled slot a new value ("mejor 400 dólares",
    /// "mejor a Juan") is a correction, while a confirmation is open or
    /// another question is asked: a pending confirmation is dropped and
    /// the flow goes back to the state that collects that slot, which
    /// reads the value again (bounds and rejections included) and goes on
    /// from there. Everything computed from the old value (a quote) is
    /// computed again, and the next question or confirmation shows the
    /// new numbers.
    pub(super) fn correct_filled(&mut self, agent: &'a Agent) -> Step<Option<End>> {
        let Some(flow) = self.o.current_flow.as_ref() else {
            return Ok(None);
        };
        // A question asks; it corrects nothing unless it opens as a
        // correction ("¿mejor 200?"). "¿a poco tanto? el bimestre pasado
        // fueron como 500" is no new bill reference.
        if self.reading.text().contains(['?', '¿'])
            && !crate::nlu::answers::starts_correction(self.reading.folded())
        {
            return Ok(None);
        }
        // Money the user received ("mi hermano me mandó 300 dólares") is
        // another event, never a new value for what the user sends or pays.
        let u = self.reading.understanding();
        if u.intent == crate::nlu::Intent::LogTransaction
            && u.kind_said
            && u.kind == Some(crate::kinds::TransactionType::Income)
        {
            return Ok(None);
        }
        // "mejor a mi papá" while the mother is picked: none of the
        // options is the one named, which is said, and the choice is
        // asked again, the other answers kept. "manda 300 dólares a mi
        // papá" says other values too: the request starts over from the
        // message, its values read with their checks (the choice, when its
        // state comes, says what is not offered).
        if let Some((slot, named)) = self.names_unoffered_choice(agent) {
            if super::says_new_values(agent, flow, self.reading) {
                let flow_id = flow.flow_id.clone();
                self.step(
                    &agent.spec.id,
                    None,
                    "a new request for what is not offered",
                );
                self.start_flow(agent, &flow_id)?;
                self.consumed = true;
                return Ok(Some(End::Replied));
            }
            let state = agent.flows.get(&flow.flow_id).and_then(|f| {
                f.states
                    .iter()
                    .find(|(_, s)| s.spec.collect.as_ref().is_some_and(|c| c.slot == slot))
                    .map(|(name, _)| name.clone())
            });
            if let Some(state) = state {
                self.reply.push(text::not_offered(&named));
                if let Some(flow) = self.o.current_flow.as_mut() {
                    flow.slots.remove(&slot);
                    flow.state_data.remove(&format!("{slot}_option"));
                }
                return self.go_back_to(agent, slot, state);
            }
        }
        let Some(states) = agent.flows.get(&flow.flow_id).map(|f| &f.states) else {
            return Ok(None);
        };
        let waiting = self.waiting_slot().map(|(slot, _)| slot);
        let words: Vec<&str> = self.reading.words().collect();
        // "mejor a Pedro", "a Juan no, a Pedro": said as a correction, a
        // person is a new value too.
        let corrects = crate::nlu::answers::starts_correction(self.reading.folded())
            || self.reading.instead().is_some();
        let corrected = flow.slots.iter().find_map(|(name, current)| {
            let slot = agent.spec.slots.get(name)?;
            // Free words are read only as the answer to their own question.
            let free = match slot.kind {
                SlotType::Text => true,
                SlotType::Person => !corrects,
                _ => false,
            };
            if free || waiting.as_deref() == Some(name) {
                return None;
            }
            let SlotRead::Value(value, _) =
                understand::read_slot(agent, slot, self.reading, &flow.state_data)
            else {
                return None;
            };
            // A person said as a correction is said as one ("mejor a Ana",
            // "no, es Pedro"): "cuando pueda" names no one.
            if slot.kind == SlotType::Person && !said_as_person(self.reading, &value) {
                return None;
            }
            // A yes/no word answers the confirmation; it never corrects a
            // choice ("no, mejor a Juan" is about the recipient).
            let cues = value.as_str().and_then(|v| slot.values.get(v));
            if cues.is_some_and(|cues| {
                cues.iter()
                    .filter(|cue| words.contains(&cue.as_str()))
                    .all(|cue| decide(cue) != Decision::Other)
            }) {
                return None;
            }
            let (state, _) = states
                .iter()
                .find(|(_, s)| s.spec.collect.as_ref().is_some_and(|c| &c.slot == name))?;
            (&value != current).then(|| (name.clone(), state.clone()))
        });
        let Some((slot, state)) = corrected.or_else(|| self.denied_choice(agent)) else {
            return self.correct_optional(agent);
        };
        self.go_back_to(agent, slot, state)
    }

    /// A filled choice whose options are of a kind the message names
    /// something of, none of them ("a mi papá" while the options are a
    /// mother and a brother), and that thing as written.
    fn names_unoffered_choice(&self, agent: &Agent) -> Option<(String, String)> {
        let flow = self.o.current_flow.as_ref()?;
        flow.slots.keys().find_map(|name| {
            let options = super::options_list(agent, name, &flow.state_data)?;
            let offered = crate::agents::words::content_words(&options);
            let named = understand::options::unoffered(&offered, self.reading)?;
            Some((name.clone(), named))
        })
    }

    /// A choice the user denies with something no option holds instead:
    /// "a mi hermano no, a mi tía" while the brother is picked. The pick
    /// is undone and asked again, after saying what is not among the
    /// options; nothing is picked for the user.
    fn denied_choice(&mut self, agent: &'a Agent) -> Option<(String, String)> {
        let (denied, said) = self.reading.instead()?;
        let flow = self.o.current_flow.as_ref()?;
        let states = &agent.flows.get(&flow.flow_id)?.states;
        let today = self.reading.today();
        let denied = crate::nlu::Reading::without_model(denied, today);
        let (slot, state) = flow.slots.iter().find_map(|(name, current)| {
            let spec = agent.spec.slots.get(name)?;
            spec.options_from.as_ref()?;
            let SlotRead::Value(value, _) =
                understand::read_slot(agent, spec, &denied, &flow.state_data)
            else {
                return None;
            };
            let (state, _) = states
                .iter()
                .find(|(_, s)| s.spec.collect.as_ref().is_some_and(|c| &c.slot == name))?;
            (&value == current).then(|| (name.clone(), state.clone()))
        })?;
        let named = crate::agents::words::as_named(said);
        if !named.is_empty() {
            self.reply.push(text::not_offered(&named));
        }
        if let Some(flow) = self.o.current_flow.as_mut() {
            flow.slots.remove(&slot);
            flow.state_data.remove(&format!("{slot}_option"));
        }
        Some((slot, state))
    }

    /// Back to `state`, the one that collects `slot`, after a correction:
    /// a pending confirmation is dropped, what depends on the slot is
    /// asked again and the other answers are kept.
    fn go_back_to(&mut self, agent: &'a Agent, slot: String, state: String) -> Step<Option<End>> {
        self.o.drop_confirmation();
        if let Some(flow) = self.o.current_flow.as_mut() {
            flow.current_state = state;
            // What belongs to the corrected value is asked again.
            for (name, spec) in &agent.spec.slots {
                if spec.depends_on.contains(&slot) {
                    flow.slots.remove(name);
                    flow.state_data.remove(&format!("{name}_option"));
                }
            }
        }
        self.keep_answers(&slot);
        if let Some(frame) = self.o.agent_stack.last_mut() {
            frame.waiting = Waiting::Slot {
                slot: slot.clone(),
                attempts: 0,
            };
        }
        self.step(&agent.spec.id, None, &format!("correction of {slot}"));
        let denied = self
            .o
            .current_flow
            .as_ref()
            .is_some_and(|flow| !flow.slots.contains_key(&slot));
        if denied {
            self.ask_again(agent, true)?;
        } else {
            self.replaying = true;
            self.collect(agent)?;
        }
        self.consumed = true;
        Ok(Some(End::Replied))
    }

    /// A new value for a slot no state asks for, taken only from what the
    /// user says ("no, por la cena", "que sea para el viernes" while the
    /// cobro is shown): the value is set and the flow runs again from its
    /// start, keeping every answer, so its checks see the new value and
    /// the confirmation shows it.
    fn correct_optional(&mut self, agent: &'a Agent) -> Step<Option<End>> {
        let Some(flow) = self.o.current_flow.as_ref() else {
            return Ok(None);
        };
        let Some(compiled) = agent.flows.get(&flow.flow_id) else {
            return Ok(None);
        };
        let corrected = compiled.optional.iter().find_map(|name| {
            let slot = agent.spec.slots.get(name)?;
            match understand::read_slot(agent, slot, self.reading, &flow.state_data) {
                SlotRead::Value(value, _) if flow.slots.get(name) != Some(&value) => {
                    Some((name.clone(), value))
                }
                _ => None,
            }
        });
        let Some((slot, value)) = corrected else {
            return Ok(None);
        };
        let initial = compiled.initial.clone();
        self.o.drop_confirmation();
        if let Some(flow) = self.o.current_flow.as_mut() {
            flow.slots.insert(slot.clone(), value);
        }
        self.step(&agent.spec.id, None, &format!("correction of {slot}"));
        self.replaying = true;
        self.enter_state(agent, &initial, Via::Start)?;
        self.consumed = true;
        Ok(Some(End::Replied))
    }

    pub(super) fn set_waiting_from_state(&mut self, agent: &Agent) {
        let waiting = self
            .o
            .current_flow
            .as_ref()
            .map_or(Waiting::Request, |flow| super::nav::waiting_in(agent, flow));
        if let Some(frame) = self.o.agent_stack.last_mut() {
            frame.waiting = waiting;
        }
    }
}

/// Whether the name `value` is said where a correction says a person: at
/// the start, or after a preposition, a correction's word ("es", "mejor")
/// or a no.
fn said_as_person(reading: &crate::nlu::Reading, value: &serde_json::Value) -> bool {
    let Some(first) = value
        .as_str()
        .and_then(|v| v.split_whitespace().next())
        .map(crate::nlu::normalize::fold)
    else {
        return true;
    };
    let c = crate::nlu::lexicon::cues();
    let tokens = reading.tokens();
    let Some(k) = tokens.iter().position(|t| t.text == first) else {
        return true;
    };
    k == 0 || {
        let before = &tokens[k - 1];
        before.is_in(c.answers.instead_fillers)
            || before.is_in(c.said.no_words)
            || before.is_in(c.debts.person_prepositions)
            || before.is_in(c.debts.person_possessives)
            || before.is_in(c.debts.person_titles)
            || before.is_in(c.debts.person_relations)
    }
}
