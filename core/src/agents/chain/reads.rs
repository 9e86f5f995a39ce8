//! A data agent reads the message that reached it, in order: a question
//! about its service; leaving it (declined, a navigation phrase); another
//! agent's request (finance or a data agent), which interrupts or sets the
//! flow aside; the answer to its open question; a pick among intents it
//! offered; one of its own requests; else what was said is kept, said
//! again, or asked about.

use super::{ASK, CLEAR, Run, SURE, Step, text};
use crate::agents::registry::{Agent, declined_words};
use crate::agents::spec::SlotType;
use crate::agents::state::Waiting;
use crate::agents::understand::{self, Nav};
use crate::confidence::LEARNED_CERTAIN;
use crate::nlu::answers;

/// What a step of the reading decided: the turn goes to the loop with
/// this route (`Some(tool)`), or the agent answered (`None`).
type Routed = Option<String>;

impl<'a> Run<'a> {
    /// A data agent reads the message. `Some(tool)` when it routed.
    pub(super) fn understand(&mut self, agent: &'a Agent) -> Step<Routed> {
        let words = crate::agents::registry::agent_words(agent, self.reading);
        if self.retold && self.o.current_flow.is_none() {
            return Ok(Some(self.interrupt(agent, "a change of what was saved")));
        }
        // A question about this agent's service is answered here.
        if let Some(answer) = self.faq_answer(agent) {
            self.answer_faq(agent, answer);
            return Ok(None);
        }
        let (own, learned) = self.own_request(agent, &words);
        if own.is_none_or(|(_, score)| score < SURE)
            && let Some(tool) = self.follow_up(agent)
        {
            return self.route(agent, tool, "the same request again").map(Some);
        }
        if let Some(routed) = self.leaves_for_another(agent, &words, own, learned) {
            return Ok(routed);
        }
        let sure = own.filter(|(_, score)| *score >= SURE);
        if let Some(routed) = self.navigates(agent, sure.is_some()) {
            return Ok(routed);
        }
        // A reply to an open collect beats the other routes, except that
        // a whole request for another of this agent's flows is that
        // request, not an answer to a question that takes any words ("cóbrale
        // 350 a Juan por la pizza" while a new contact's name is asked).
        let target = sure
            .and_then(|(intent, _)| agent.tool_for_intent(intent))
            .and_then(|tool| tool.routing.as_ref()?.target.as_deref())
            .zip(self.o.current_flow.as_ref());
        let other_flow = target.is_some_and(|(target, open)| target != open.flow_id);
        // A whole request for the open flow that gives another value to
        // one it already has ("cada mes pago 450 de internet" while the
        // rent's day is asked) is that request anew, never a correction
        // of the rent.
        let anew = target.is_some_and(|(target, open)| {
            target == open.flow_id
                && !answers::starts_correction(self.reading.folded())
                && super::replaces_values(agent, open, self.reading)
        });
        let free_answer = self
            .waiting_slot()
            .and_then(|(slot, _)| agent.spec.slots.get(&slot))
            .is_some_and(|slot| matches!(slot.kind, SlotType::Text | SlotType::Person));
        if !(anew || other_flow && free_answer)
            && let Some(done) = self.collect(agent)?
        {
            return Ok(done);
        }
        // A reply to "which one did you mean?" (asked once).
        let asked = match self.o.agent_stack.last_mut() {
            Some(frame) if matches!(frame.waiting, Waiting::Intent { .. }) => {
                Some(std::mem::take(&mut frame.waiting))
            }
            _ => None,
        };
        // A whole request for another of the agent's intents is that
        // request, not a pick among the options offered.
        if let Some(Waiting::Intent { options }) = asked
            && sure.is_none_or(|(intent, _)| options.iter().any(|o| o == intent))
            && let Some(intent) = understand::pick_intent(agent, self.reading, &words, &options)
            && let Some(tool) = agent.tool_for_intent(intent)
        {
            self.decisions.intent = Some((intent.to_string(), 1.0));
            return self
                .route(agent, tool, &format!("chose {intent}"))
                .map(Some);
        }
        if let Some((intent, score)) = sure
            && let Some(tool) = agent.tool_for_intent(intent)
        {
            self.decisions.intent = Some((intent.to_string(), score));
            return self
                .route(agent, tool, &format!("trigger {intent} ({score:.2})"))
                .map(Some);
        }
        if let Some(routed) = self.finance_reads_it(agent) {
            return Ok(routed);
        }
        // One intent in part is the request: a menu of one is no question.
        if let [only] = understand::partial_intents(agent, &words, ASK, SURE).as_slice()
            && self.waiting_slot().is_none()
            && let Some(tool) = agent.tool_for_intent(only)
        {
            self.decisions.intent = Some((only.to_string(), ASK));
            return self
                .route(agent, tool, &format!("only partial intent {only}"))
                .map(Some);
        }
        if self.asks_which(agent, &words) {
            return Ok(None);
        }
        // An agent with nothing open hands a message it does not
        // understand to the home agent, which reads it as anything else
        // ("regístralo como gasto" after a finished transfer).
        if self.o.current_flow.is_none() && !self.navigated {
            return Ok(Some(
                self.interrupt(agent, "not this agent's: home reads it"),
            ));
        }
        self.nothing_routed(agent)
    }

    /// The agent's own best intent, read once (sure when it is a whole
    /// request), and whether the home agent's arbiter routed the message
    /// here over other readings (the learned model's, or a statement of
    /// money handed over or said to repeat).
    fn own_request(&self, agent: &'a Agent, words: &[&str]) -> (Option<(&'a str, f32)>, bool) {
        // The agent's own best intent, read once; `sure` when it is a
        // whole request.
        let received = understand::statement_intent(agent, self.reading);
        let own = understand::best_request(agent, words, self.reading)
            .or_else(|| super::super::claim::denied_intent(self.registry, agent, self.reading));
        // "ya no le cobres a Lupe": a quoted phrase of the agent's that
        // holds the negation is the request, surer than a part of another.
        let own = match (own, understand::negated_request(agent, self.reading)) {
            (Some(own), Some(negated)) if negated.1 > own.1 => Some(negated),
            (None, negated) => negated,
            (own, _) => own,
        };
        // With nothing open in it (just entered from home, or a flow of
        // it finished), the agent waits for a request as home does: the
        // learned model picks among its intents when no phrase is sure,
        // and over a phrase matched in part when it is near certain of
        // another ("cancele el cobro a Jorge" holds words of a new cobro).
        let just_entered = self.o.current_flow.is_none()
            && self.o.agent_stack.last().is_some_and(|f| {
                f.agent_id == agent.spec.id && matches!(f.waiting, Waiting::Request)
            });
        let exact = || understand::exact_intent(agent, words, SURE).is_some();
        let own = match own {
            // Money a person handed over is checked here first, whatever
            // else its words match.
            _ if received.is_some() => received,
            _ if !just_entered => own,
            Some((_, score)) if score >= SURE => {
                super::super::claim::learned_intent(self.registry, agent, self.reading)
                    .filter(|(_, p)| *p >= LEARNED_CERTAIN && !exact())
                    .or(own)
            }
            _ => super::super::claim::learned_intent(self.registry, agent, self.reading).or(own),
        };
        let learned = received.is_some()
            || just_entered
                && super::super::claim::learned_agent(self.registry, agent, self.reading);
        (own, learned)
    }

    /// "y a Beto también 300", "y Spotify 129 el 3", right after a flow of
    /// this agent ended: the same request again, when the message says it
    /// adds to the one just done (it opens with "y" or says "también"),
    /// names an amount and another value that flow reads from its request,
    /// and is no movement of the user's own.
    fn follow_up(&self, agent: &'a Agent) -> Option<&'a crate::agents::spec::ToolSpec> {
        let frame = self.o.agent_stack.last()?;
        if self.o.current_flow.is_some() || frame.agent_id != agent.spec.id {
            return None;
        }
        let flow_id = frame.last_flow.as_deref()?;
        let c = crate::nlu::lexicon::cues();
        let tokens = self.reading.tokens();
        let adds = tokens.first().is_some_and(|t| t.is_in(c.amounts.and_words))
            || tokens.iter().any(|t| t.is_in(c.amounts.follow_up_words));
        let flow = agent.flows.get(flow_id)?;
        let empty = serde_json::Map::new();
        let slots = || {
            flow.prefill
                .iter()
                .chain(&flow.optional)
                .filter_map(|name| agent.spec.slots.get(name))
        };
        let money = |slot: &crate::agents::spec::SlotSpec| {
            matches!(slot.kind, SlotType::MoneyMxn | SlotType::MoneyUsd)
        };
        let read = |slot: &crate::agents::spec::SlotSpec| {
            matches!(
                understand::read_slot(agent, slot, self.reading, &empty),
                understand::SlotRead::Value(..)
            )
        };
        let reads_category = slots().any(|slot| slot.kind == SlotType::Category);
        // A movement of the user's own ("y gasté 80 en tacos", "y 80 de
        // refresco" after a cobro) is none.
        // A person said after «a» ("y a Pedro también 600 por las
        // balatas") is whom it is for, whatever the words of what for.
        let to_someone = tokens.windows(2).any(|pair| {
            pair[0].is_in(c.debts.person_prepositions)
                && !pair[0].is_in(c.debts.money_of_words)
                && pair[1].kind == crate::nlu::normalize::TokenKind::Word
        });
        let finance = self.reading.understanding();
        let own_movement =
            finance.kind_said || finance.category.is_some() && !reads_category && !to_someone;
        // Besides the amount, a value of a kind that words alone do not
        // fill (a person, a day, a phone), so "y 80 de refresco" after a
        // fixed payment is no other fixed payment.
        let typed = |slot: &crate::agents::spec::SlotSpec| {
            !money(slot)
                && !matches!(
                    slot.kind,
                    SlotType::Choice
                        | SlotType::Category
                        | SlotType::Text
                        | SlotType::Concept
                        | SlotType::Label
                )
        };
        // "y otro igual para el güero de 2200": the same again says so.
        let same_again = self.reading.cues().has(c.amounts.same_again_phrases);
        let values = slots().any(|slot| money(slot) && read(slot))
            && (same_again || slots().any(|slot| typed(slot) && read(slot)));
        // "y el bryan me prestó 300" after a cobro: the user owes it.
        if !adds || own_movement || !values || crate::agents::claim::user_owes(self.reading) {
            return None;
        }
        agent
            .spec
            .tools
            .iter()
            .find(|t| t.routing.as_ref().and_then(|r| r.target.as_deref()) == Some(flow_id))
    }

    /// The message is not for this agent: declined ("no quiero ningún
    /// crédito" inside the credit: the agent is left, what was open is
    /// named, never offered again), a whole finance request or a clear
    /// question (it interrupts the flow: the Financial Agent answers and the
    /// flow comes back), or a clear request for another agent's domain (the
    /// open flow waits for it and comes back after; "mejor quiero un
    /// crédito" replaces it).
    fn leaves_for_another(
        &mut self,
        agent: &'a Agent,
        words: &[&str],
        own: Option<(&str, f32)>,
        learned: bool,
    ) -> Option<Routed> {
        if own.is_none_or(|(_, score)| score < ASK)
            && understand::best_intent(agent, &declined_words(self.reading))
                .is_some_and(|(_, score)| score >= CLEAR)
        {
            self.leave(agent, "go_home", "declined this agent");
            self.consumed = true;
            self.reply.push(text::HOME_AGAIN.into());
            return Some(Some("go_home".into()));
        }
        // With nothing open here, a request is read as the home agent
        // reads it at rest (the one arbiter, `claim::home_route`): one for
        // another agent goes there ("cóbrale 600 a Rosy por el hipil que
        // le vendí" after a fixed payment was saved is a cobro).
        // Several things said, the first a whole movement ("pagué la cena
        // de 900, Ana y Beto me deben 300"), is the Financial Agent's
        // first, here as at rest, whatever this agent hears in the rest.
        if self.o.current_flow.is_none()
            && super::super::claim::movement_first(self.registry, self.reading)
        {
            self.leave(agent, "go_home", "a movement first");
            return Some(Some("go_home".into()));
        }
        if self.o.current_flow.is_none()
            && own.is_none_or(|(_, score)| score < SURE)
            && let Some(claim) = super::super::claim::home_route(self.registry, self.reading)
            && self
                .registry
                .entered_by(claim.intent)
                .is_some_and(|other| other.spec.id != agent.spec.id)
        {
            self.leave(agent, "go_home", &format!("request for {}", claim.intent));
            return Some(Some("go_home".into()));
        }
        // A request in the very words of one of this agent's quoted
        // phrases is its own ("Juan ya me pagó 350" is a cobro paid, not
        // an income to log), and so is one the home agent's arbiter just
        // routed here on the learned model's reading, already weighed
        // against the finance rules, or money a person handed over (the
        // agent checks it first and hands it back when nothing is owed).
        let own_request = learned
            || understand::exact_intent(agent, words, SURE).is_some()
                && !super::super::claim::finance_certain(self.reading);
        if !own_request
            && !self.corrects_flow_first()
            && (answers::complete_finance_request(self.reading)
                || answers::finance_question(self.reading, CLEAR))
        {
            return Some(Some(self.interrupt(agent, "a finance request")));
        }
        // A reply of several words the learned model is near certain asks
        // for another agent ("quiero mandarle 1000 a mi hermana" while a
        // bill's reference is asked) is that request: the flow waits.
        if let Some(other) = self.learned_elsewhere(agent) {
            return Some(Some(
                self.set_aside_for(agent, &format!("learned request for {other}")),
            ));
        }
        // A reply that names one of the fixed values the open question
        // offers ("los de cobros" to "¿cuáles quieres recibir?") answers
        // it, though its words are also another agent's; so is a request
        // the home agent's arbiter routed here over the others' words.
        if learned || self.names_a_fixed_value(agent) {
            return None;
        }
        let home = self.registry.home();
        let (intent, score) = understand::best_intent(home, words)?;
        let tool = home.tool_for_intent(intent)?;
        let elsewhere =
            tool.routing.as_ref().and_then(|r| r.target.as_deref()) != Some(agent.spec.id.as_str());
        if score < CLEAR || !elsewhere || own.is_some_and(|(_, own)| own >= score) {
            return None;
        }
        let why = format!("request for {intent}");
        if answers::changes_mind(self.reading) {
            self.leave(agent, "go_home", &why);
            return Some(Some("go_home".into()));
        }
        Some(Some(self.set_aside_for(agent, &why)))
    }

    /// The route of another agent the learned model is near certain a
    /// reply of four words or more asks for, while this agent's flow is
    /// open and the reply is no choice it offered.
    fn learned_elsewhere(&self, agent: &Agent) -> Option<&'a str> {
        // A change of mind ("mejor quiero un crédito") replaces the flow,
        // read below.
        if self.o.current_flow.is_none()
            || self.reading.words().count() < 4
            || answers::changes_mind(self.reading)
        {
            return None;
        }
        // The route home would take, so the flow waits only for the agent
        // the message then enters, never for its own.
        // A question is never the answer to the open one ("cuál es mi
        // gasto más grande del mes" while an amount is asked): the model's
        // sure reading is enough.
        let needed = if self.reading.is_question() {
            crate::confidence::LEARNED_SURE
        } else {
            LEARNED_CERTAIN
        };
        let claim = super::super::claim::home_route(self.registry, self.reading)
            .filter(|c| c.learned && c.score >= needed)?;
        let other = self.registry.entered_by(claim.intent)?;
        (other.spec.id != agent.spec.id && !self.names_a_fixed_value(agent)).then_some(claim.intent)
    }

    /// Whether the flow waits for a slot of fixed values (a choice from
    /// the agent file's own list, or a switch) and the reply names one.
    fn names_a_fixed_value(&self, agent: &Agent) -> bool {
        let Some((slot, _)) = self.waiting_slot() else {
            return false;
        };
        let Some(spec) = agent.spec.slots.get(&slot) else {
            return false;
        };
        let fixed = match spec.kind {
            SlotType::Choice => spec.options_from.is_none(),
            SlotType::Switch => true,
            _ => false,
        };
        let empty = serde_json::Map::new();
        let data = self
            .o
            .current_flow
            .as_ref()
            .map_or(&empty, |f| &f.state_data);
        fixed
            && matches!(
                understand::read_slot(agent, spec, self.reading, data),
                understand::SlotRead::Value(..)
            )
    }

    /// A navigation phrase moves once per turn: an agent entered after it
    /// reads the rest of the message. Inside a whole request for one of
    /// this agent's intents ("cancela el cobro de Juan") the word is that
    /// request's, not a way out.
    fn navigates(&mut self, agent: &'a Agent, sure: bool) -> Option<Routed> {
        let (nav, says_more) = understand::navigation(self.reading)
            .filter(|_| !self.navigated)
            .filter(|(_, says_more)| !(*says_more && sure))?;
        match nav {
            Nav::Back if self.o.agent_stack.len() > 1 => {
                self.go_back();
                self.step(&agent.spec.id, Some("go_back"), "navigation phrase");
                self.consumed = true;
                Some(Some("go_back".into()))
            }
            _ => {
                self.leave(agent, "go_home", "navigation phrase");
                self.consumed = !says_more;
                if self.consumed {
                    self.reply.push(text::HOME_AGAIN.into());
                }
                Some(Some("go_home".into()))
            }
        }
    }

    /// A finance request this agent does not hold interrupts the flow. A
    /// correction without a word for a stored movement ("ah no, mejor
    /// 100") is about this flow, never about the ledger's last movement,
    /// unless the amount it takes back is none of the flow's ("eran 400,
    /// no 350" while a bill's reference is asked) or movements were saved
    /// the turn before and the flow only came back after them.
    fn finance_reads_it(&mut self, agent: &'a Agent) -> Option<Routed> {
        if self.corrects_flow_first() {
            return None;
        }
        let finance = self.reading.understanding();
        let edits_ledger = !matches!(
            finance.intent,
            crate::nlu::Intent::UpdateLastTransaction | crate::nlu::Intent::DeleteLastTransaction
        ) || answers::names_last_record(self.reading)
            || self.takes_back_money_not_here()
            || self.corrects_saved();
        let sure_finance =
            finance.intent != crate::nlu::Intent::Unknown && finance.confidence >= CLEAR;
        (edits_ledger && (sure_finance || answers::finance_question(self.reading, SURE)))
            .then(|| Some(self.interrupt(agent, "a finance request")))
    }

    /// "mejor que sean 100 porque también le compré palomitas" at a cobro's
    /// confirmation: a message that opens correcting, with its money said
    /// before any verb of spending or receiving, corrects the open flow;
    /// what follows says why.
    fn corrects_flow_first(&self) -> bool {
        let new_movement =
            self.reading.understanding().intent == crate::nlu::Intent::LogTransaction;
        if self.o.current_flow.is_none()
            || !new_movement
            || !answers::starts_correction(self.reading.folded())
        {
            return false;
        }
        let c = crate::nlu::lexicon::cues();
        let tokens = self.reading.tokens();
        let verb = (0..tokens.len()).find(|&k| {
            c.said.expense_verbs.cue_at(tokens, k).is_some()
                || c.said.income_verbs.cue_at(tokens, k).is_some()
        });
        let money = tokens
            .iter()
            .position(|t| t.kind == crate::nlu::normalize::TokenKind::Number);
        money.is_some_and(|at| verb.is_none_or(|v| at < v))
    }

    /// Whether the message takes back an amount ("no 350") that no value
    /// of the open flow holds: it corrects something said before it.
    fn takes_back_money_not_here(&self) -> bool {
        let Some((denied, _)) = self.reading.instead() else {
            return false;
        };
        let denied = crate::nlu::Reading::without_model(denied, self.reading.today());
        let [money] = denied.extraction().amounts.as_slice() else {
            return false;
        };
        self.o.current_flow.is_some() && !self.flow_holds(money.centavos)
    }

    /// A correction or deletion said the turn after movements were saved,
    /// with no value of the open flow in it ("no, espera, eran 720",
    /// "borra ese abono"): it is about what was saved, the flow having
    /// only come back after it.
    pub(super) fn corrects_saved(&self) -> bool {
        let u = self.reading.understanding();
        self.saved_before
            && matches!(
                u.intent,
                crate::nlu::Intent::UpdateLastTransaction
                    | crate::nlu::Intent::DeleteLastTransaction
            )
            && u.confidence >= CLEAR
            && !self.takes_back_flow_value()
    }

    /// Whether an amount the message says is a value of the open flow.
    fn takes_back_flow_value(&self) -> bool {
        let amounts = &self.reading.extraction().amounts;
        amounts.iter().any(|money| self.flow_holds(money.centavos))
    }

    /// Whether a value of the open flow is this amount.
    fn flow_holds(&self, centavos: crate::money::Centavos) -> bool {
        let pesos = centavos as f64 / 100.0;
        self.o.current_flow.as_ref().is_some_and(|flow| {
            flow.slots
                .values()
                .any(|v| v.as_f64().is_some_and(|n| n == pesos))
        })
    }

    /// Money taken back about something named ("la farmacia fue 98, no
    /// 89"), none of the flow's values the one taken back: it corrects
    /// something said before, and answers no question of the flow.
    pub(super) fn corrects_money_before(&self) -> bool {
        let tokens = self.reading.tokens();
        self.takes_back_money_not_here()
            && !crate::nlu::category::find_categories(tokens, &vec![false; tokens.len()]).is_empty()
    }

    /// Some of the agent's intents in part, none for sure, and no question
    /// open: it asks which one was meant.
    fn asks_which(&mut self, agent: &'a Agent, words: &[&str]) -> bool {
        let options = understand::partial_intents(agent, words, ASK, SURE);
        if options.is_empty() || self.waiting_slot().is_some() {
            return false;
        }
        let labels: Vec<&str> = options
            .iter()
            .filter_map(|intent| agent.intent_label(intent))
            .collect();
        self.reply
            .push(text::which_intent(&agent.spec.name, &labels));
        self.suggestions = labels.iter().map(|l| l.to_string()).collect();
        if let Some(frame) = self.o.agent_stack.last_mut() {
            frame.waiting = Waiting::Intent {
                options: options.iter().map(|o| o.to_string()).collect(),
            };
        }
        self.consumed = true;
        self.step(&agent.spec.id, None, "unsure: asked which");
        true
    }

    /// Nothing routed: what was said out of turn is kept, a repetition
    /// goes on, a question this agent cannot answer is said to be one;
    /// only else "no te entendí".
    fn nothing_routed(&mut self, agent: &'a Agent) -> Step<Routed> {
        let id = agent.spec.id.clone();
        let kept = self.keep_for_later(agent);
        let restated = !kept && self.restates_filled(agent);
        let unanswered = !kept && !restated && self.reading.is_question();
        if restated {
            self.consumed = true;
            self.step(&id, None, "said again what the flow has");
        } else if unanswered {
            self.consumed = true;
            self.step(&id, None, "a question it cannot answer");
            self.reply.push(text::unknown_question(&agent.spec.name));
        } else if !kept {
            self.step(&id, None, "not understood");
        }
        match self.waiting_slot() {
            // What it kept is said, or the reply repeats what the flow
            // already has: the question follows without "no te entendí".
            Some(_) if kept || restated => self.ask_again(agent, kept)?,
            Some(_) if unanswered => self.ask_again(agent, false)?,
            None if unanswered => self.suggestions = vec![text::MENU.into()],
            Some(_) => self.reask(agent, None)?,
            None => {
                self.reply.push(text::not_understood(&agent.spec.name));
                self.suggestions = vec![text::MENU.into()];
            }
        }
        Ok(None)
    }
}
