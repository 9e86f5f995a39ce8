//! Confirmations of action tools: asked with exactly the service
//! request's parameters, decided by the sí/no allowlists, expiring, and
//! safe against stale buttons.

use super::Via;
use super::render_params;
use super::{End, NO_OPTIONS, Run, Step, Suspend, merge, root};
use crate::agents::registry::{Agent, intent_words};
use crate::agents::spec::ToolSpec;
use crate::agents::state::Waiting;
use crate::agents::text;
use crate::agents::understand;
use crate::confidence::{CLEAR, LEARNED_CERTAIN, SURE};
use crate::gate::ConfirmationStatus;
use crate::gate::{Action, PendingAction, ServiceCall};
use crate::nlu::answers::{self, Decision, Loose};

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
            && (self.finance_request()
                || understand::best_intent(self.registry.home(), &intent_words(self.reading))
                    .is_some_and(|(_, s)| s >= CLEAR))
    }

    /// A finance request or question, said while a prompt waits: "mis
    /// deudas", "mis últimos movimientos" (a sure request for the records,
    /// asked or not) are one too.
    fn finance_request(&self) -> bool {
        let u = self.reading.understanding();
        let records =
            u.intent == crate::nlu::Intent::QueryData && u.confidence >= SURE && u.amount.is_none();
        crate::nlu::answers::complete_finance_request(self.reading)
            || crate::nlu::answers::finance_question(self.reading, SURE)
            || records
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

    /// "cambia el cobro de doña Mari a 450" while that very cobro waits
    /// here, not yet made: the agent's change of what it keeps (its
    /// `corrects` intent, said surely) changes this one, as "mejor 450"
    /// would; with no new value in it, what to change is asked. A change
    /// naming someone else is about what was kept for them (`None`).
    fn change_of_this(
        &mut self,
        agent: &'a Agent,
        pending: &PendingAction,
        words: &[&str],
    ) -> Step<Option<End>> {
        let Some(corrects) = agent.spec.corrects.as_deref() else {
            return Ok(None);
        };
        let said = understand::best_intent(agent, words)
            .is_some_and(|(intent, score)| intent == corrects && score >= SURE);
        let change_flow = agent
            .tool_for_intent(corrects)
            .and_then(|tool| tool.routing.as_ref()?.target.clone());
        let Some(open) = self.o.current_flow.as_ref() else {
            return Ok(None);
        };
        if !said
            || change_flow.as_deref() == Some(open.flow_id.as_str())
            || super::other_person(agent, open, self.reading)
        {
            return Ok(None);
        }
        if let Some(end) = self.correct_filled(agent)? {
            return Ok(Some(end));
        }
        self.reply.push(text::SAY_CHANGE.into());
        self.reply.push(pending.prompt.clone());
        self.suggestions = vec![text::YES.into(), text::NO.into()];
        self.decisions.gate = ConfirmationStatus::Reasked;
        self.step(&agent.spec.id, None, "change of the request shown");
        Ok(Some(End::Replied))
    }

    /// "la señora Lupe se llevó 5 tamales fiados" while Rosa's cobro is
    /// shown: another person's request of this agent's open flow, which
    /// the learned model is near certain of though no phrase says it
    /// whole. This one waits, named, and that one starts, as one in the
    /// agent's own words would ("Lupe me debe 75").
    fn other_persons_request(&mut self, agent: &'a Agent) -> Step<Option<End>> {
        let Some(open) = self.o.current_flow.as_ref() else {
            return Ok(None);
        };
        if !super::other_person(agent, open, self.reading) {
            return Ok(None);
        }
        let Some((intent, p)) =
            crate::agents::claim::learned_intent(self.registry, agent, self.reading)
        else {
            return Ok(None);
        };
        let Some(tool) = agent.tool_for_intent(intent) else {
            return Ok(None);
        };
        let same_flow =
            tool.routing.as_ref().and_then(|r| r.target.as_deref()) == Some(open.flow_id.as_str());
        if p < LEARNED_CERTAIN || !same_flow {
            return Ok(None);
        }
        self.route(agent, tool, "learned request for another person")?;
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
        let finance = self.finance_request();
        let other_agent =
            understand::best_intent(self.registry.home(), &words).is_some_and(|(_, s)| s >= CLEAR);
        if let Some(end) = self.change_of_this(agent, pending, &words)? {
            return Ok(Some(end));
        }
        if let Some(end) = self.other_persons_request(agent)? {
            return Ok(Some(end));
        }
        let again = understand::best_intent(agent, &words)
            .filter(|(_, score)| *score >= SURE)
            .and_then(|(intent, _)| agent.tool_for_intent(intent))
            .and_then(|tool| tool.routing.as_ref()?.target.as_deref())
            .zip(self.o.current_flow.as_ref())
            .is_some_and(|(target, open)| {
                target == open.flow_id && super::says_new_values(agent, open, self.reading)
            });
        // The same request said again as a correction ("mejor cóbrale
        // 450"): what it says changes, the rest is kept.
        if again
            && crate::nlu::answers::starts_correction(self.reading.folded())
            && let Some(end) = self.correct_filled(agent)?
        {
            return Ok(Some(end));
        }
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
        if again {
            return Ok(None);
        }
        // "y a Lupe 200", "también el agua": another request
        // besides this one, named to be asked after.
        if crate::nlu::answers::adds_item(self.reading) {
            return Ok(Some(self.another_besides(&id, pending)));
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

    /// "y a Lupe 200", "también el agua" at a confirmation: another
    /// request besides this one, never a change of it; it is named to be
    /// asked after, and the confirmation asked again, unchanged.
    fn another_besides(&mut self, id: &str, pending: &PendingAction) -> End {
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
        self.step(id, None, "another request besides this one");
        End::Replied
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
