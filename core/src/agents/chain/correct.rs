//! Corrections of what a flow already holds: a new value for a filled
//! slot ("mejor 400 dólares", "mejor a Juan"), a choice denied or named
//! among none of its options, a value no state asks for. The flow goes
//! back to the state that collects the value and reads it again, with
//! its checks; the other answers are kept.

use super::Via;
use super::{End, Run, Step};
use crate::agents::registry::Agent;
use crate::agents::spec::SlotType;
use crate::agents::state::Waiting;
use crate::agents::text;
use crate::agents::understand::{self, SlotRead};
use crate::nlu::answers::{Decision, decide};

impl<'a> Run<'a> {
    /// A reply that gives a filled slot a new value ("mejor 400 dólares",
    /// "mejor a Juan") is a correction, while a confirmation is open or
    /// another question is asked: a pending confirmation is dropped and
    /// the flow goes back to the state that collects that slot, which
    /// reads the value again (bounds and rejections included) and goes on
    /// from there. Everything computed from the old value (a quote) is
    /// computed again, and the next question or confirmation shows the
    /// new numbers.
    pub(super) fn correct_filled(&mut self, agent: &'a Agent) -> Step<Option<End>> {
        if self.o.current_flow.is_none() {
            return Ok(None);
        }
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
        // "Lupe me pidió 500" while Rosa's cobro is shown: money said of
        // someone else is never a new value for this one's; "mejor a
        // Lupe" is a correction of the person.
        let corrects = crate::nlu::answers::starts_correction(self.reading.folded())
            || self.reading.instead().is_some();
        if !corrects
            && let Some(open) = self.o.current_flow.as_ref()
            && super::other_person(agent, open, self.reading)
        {
            return Ok(None);
        }
        if let Some(end) = self.unoffered_correction(agent) {
            return end;
        }
        let mut corrected = self.corrected_slots(agent);
        // The slot asked is answered, not corrected, when nothing else is.
        let waiting = self.waiting_slot().map(|(slot, _)| slot);
        if corrected
            .iter()
            .all(|(name, ..)| Some(name) == waiting.as_ref())
        {
            corrected.clear();
        }
        // A value no state asks for said anew ("mejor 100 de movistar"):
        // the flow runs again from its start with it.
        let optional = self.optional_said(agent);
        if !optional.is_empty() {
            return self.correct_from_start(agent, corrected, optional);
        }
        if corrected.is_empty() {
            return match self.denied_choice(agent) {
                Some((slot, state)) => self.go_back_to(agent, slot, state),
                None => Ok(None),
            };
        }
        // "no, mejor recarga 200 al 5587654321": every value said
        // changes. The flow goes back to the earliest state among them;
        // the later ones take their new values when they come, with their
        // checks.
        let flow_id = self.o.current_flow.as_ref().map(|f| f.flow_id.clone());
        if let Some(compiled) = flow_id.and_then(|id| agent.flows.get(&id)) {
            corrected.sort_by_key(|(_, _, state)| compiled.depth(state));
        }
        let (slot, _, state) = corrected.remove(0);
        for (name, value, _) in corrected {
            self.prefill_later(agent, &name, value);
        }
        self.go_back_to(agent, slot, state)
    }

    /// "mejor a mi papá" while the mother is picked: none of the options
    /// is the one named, which is said, and the choice is asked again, the
    /// other answers kept. "manda 300 dólares a mi papá" says other values
    /// too: the request starts over from the message, its values read with
    /// their checks (the choice, when its state comes, says what is not
    /// offered). `None` when the message names nothing of the kind.
    fn unoffered_correction(&mut self, agent: &'a Agent) -> Option<Step<Option<End>>> {
        let (slot, named) = self.names_unoffered_choice(agent)?;
        let flow = self.o.current_flow.as_ref()?;
        if super::says_new_values(agent, flow, self.reading) {
            let flow_id = flow.flow_id.clone();
            self.step(
                &agent.spec.id,
                None,
                "a new request for what is not offered",
            );
            if let Err(paused) = self.start_flow(agent, &flow_id) {
                return Some(Err(paused));
            }
            self.consumed = true;
            return Some(Ok(Some(End::Replied)));
        }
        let state = agent
            .flows
            .get(&flow.flow_id)?
            .states
            .iter()
            .find_map(|(name, s)| {
                s.spec
                    .collect
                    .as_ref()
                    .is_some_and(|c| c.slot == slot)
                    .then(|| name.clone())
            })?;
        self.reply.push(text::not_offered(&named));
        if let Some(flow) = self.o.current_flow.as_mut() {
            flow.slots.remove(&slot);
            flow.state_data.remove(&format!("{slot}_option"));
        }
        Some(self.go_back_to(agent, slot, state))
    }

    /// The filled slots the message gives a new value, each with the value
    /// and the state that collects it.
    fn corrected_slots(&self, agent: &Agent) -> Vec<(String, serde_json::Value, String)> {
        let Some(flow) = self.o.current_flow.as_ref() else {
            return Vec::new();
        };
        let Some(states) = agent.flows.get(&flow.flow_id).map(|f| &f.states) else {
            return Vec::new();
        };
        let words: Vec<&str> = self.reading.words().collect();
        // "mejor a Pedro", "a Juan no, a Pedro": said as a correction, a
        // person is a new value too.
        let corrects = crate::nlu::answers::starts_correction(self.reading.folded())
            || self.reading.instead().is_some();
        flow.slots
            .iter()
            .filter_map(|(name, current)| {
                let slot = agent.spec.slots.get(name)?;
                // Free words are read only as the answer to their own question.
                let free = match slot.kind {
                    SlotType::Text => true,
                    SlotType::Person => !corrects,
                    _ => false,
                };
                if free {
                    return None;
                }
                let SlotRead::Value(value, _) =
                    understand::read_slot(agent, slot, self.reading, &flow.state_data)
                else {
                    return None;
                };
                // A person said as a correction is said as one ("mejor a
                // Ana", "no, es Pedro"): "cuando pueda" names no one.
                if slot.kind == SlotType::Person && !said_as_person(self.reading, &value) {
                    return None;
                }
                // A yes/no word answers the confirmation; it never corrects
                // a choice ("no, mejor a Juan" is about the recipient).
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
                let same = if slot.kind == SlotType::Person {
                    super::same_person(&value, current)
                } else {
                    &value == current
                };
                (!same).then(|| (name.clone(), value, state.clone()))
            })
            .collect()
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

    /// New values for slots no state asks for, taken only from what the
    /// user says ("no, por la cena", "que sea para el viernes" while the
    /// cobro is shown, "mejor 100 de movistar"): they are set, any other
    /// value said anew is taken by its state when it comes (with its
    /// checks), and the flow runs again from its start keeping every other
    /// answer, so what is computed from them (the company of a number, a
    /// quote) and the confirmation show the new values.
    fn correct_from_start(
        &mut self,
        agent: &'a Agent,
        corrected: Vec<(String, serde_json::Value, String)>,
        optional: Vec<(String, serde_json::Value)>,
    ) -> Step<Option<End>> {
        let Some(initial) = self
            .o
            .current_flow
            .as_ref()
            .and_then(|flow| agent.flows.get(&flow.flow_id))
            .map(|compiled| compiled.initial.clone())
        else {
            return Ok(None);
        };
        self.o.drop_confirmation();
        let mut names = Vec::new();
        for (slot, value, _) in corrected {
            self.prefill_later(agent, &slot, value);
            names.push(slot);
        }
        if let Some(flow) = self.o.current_flow.as_mut() {
            for (slot, value) in optional {
                flow.slots.insert(slot.clone(), value);
                names.push(slot);
            }
        }
        self.step(
            &agent.spec.id,
            None,
            &format!("correction of {}", names.join(", ")),
        );
        self.replaying = true;
        self.enter_state(agent, &initial, Via::Start)?;
        self.consumed = true;
        Ok(Some(End::Replied))
    }

    /// The values no state asks for that the message says anew ("no, por
    /// la cena", "de movistar").
    fn optional_said(&self, agent: &Agent) -> Vec<(String, serde_json::Value)> {
        let Some(flow) = self.o.current_flow.as_ref() else {
            return Vec::new();
        };
        let Some(compiled) = agent.flows.get(&flow.flow_id) else {
            return Vec::new();
        };
        compiled
            .optional
            .iter()
            .filter_map(|name| {
                let slot = agent.spec.slots.get(name)?;
                match understand::read_slot(agent, slot, self.reading, &flow.state_data) {
                    SlotRead::Value(value, _) if flow.slots.get(name) != Some(&value) => {
                        Some((name.clone(), value))
                    }
                    _ => None,
                }
            })
            .collect()
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
