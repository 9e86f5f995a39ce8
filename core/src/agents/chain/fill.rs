//! Filling a flow from what the user already said and checking it as a
//! whole: prefill from the message that started the flow, the
//! clarification loop (seed 003: ask what is unclear, read the request
//! again merged with the answer), `validate` checks over several slots,
//! and the results of `data` services.

use super::Via;
use serde_json::{Map, Value, json};

use super::{NO_OPTIONS, Run, Step, out_of_bounds, root};
use crate::agents::path::Root;
use crate::agents::registry::{Agent, Flow, State};
use crate::agents::spec::SlotType;
use crate::agents::state::Waiting;
use crate::agents::understand::{self, SlotRead};
use crate::nlu::Reading;

/// Where the request that started a flow is kept, the request merged
/// with the answers to its clarification, and the `prefill` slots not yet
/// tried (each is read from the request once: a value refused later is
/// asked for, never read again).
pub(super) const REQUEST: &str = "request";
const CLARIFIED: &str = "clarified_query";
/// The `prefill` values found in the starting message and not used yet,
/// by slot (null: a choice among options the flow fetches later, read
/// from the kept request when its state is entered).
const TO_PREFILL: &str = "prefill_pending";
/// The answers a correction kept ([`Run::keep_answers`]).
const KEPT: &str = "kept_answers";
/// A prefilled value said in another currency than its slot's.
const WRONG_CURRENCY: &str = "wrong_currency";
const NEGATIVE: &str = "negative";
/// A bare number said at the start for money in another currency: named
/// when the amount is asked, never taken ("mándale 1500 a mi mamá").
const UNSURE_CURRENCY: &str = "unsure_currency";
/// A check sent the flow back to ask for a slot again: once it is
/// answered, the states after it keep their answers (as a correction
/// does) and are checked again.
const KEEP_LATER: &str = "keep_later_answers";

/// The request as it stands: merged with the clarification's answers, else
/// as it was written.
fn request_text(data: &Map<String, Value>) -> &str {
    data.get(CLARIFIED)
        .or_else(|| data.get(REQUEST))
        .and_then(Value::as_str)
        .unwrap_or_default()
}

/// What a flow starting with `reading` keeps for later: the `prefill`
/// values the message holds (read now, once) and the request itself when
/// a state will read it again (a choice among options fetched later, a
/// clarification, whose answers are read with the request).
pub(super) fn starting_data(
    flow: &Flow,
    agent: &Agent,
    reading: &Reading,
) -> (Map<String, Value>, Map<String, Value>) {
    let mut data = Map::new();
    let mut slots = Map::new();
    for slot in &flow.optional {
        if let Some(spec) = agent.spec.slots.get(slot)
            && let SlotRead::Value(value, option) =
                understand::read_slot(agent, spec, reading, &data)
        {
            slots.insert(slot.clone(), value);
            if let Some(option) = option {
                data.insert(format!("{slot}_option"), option);
            }
        }
    }
    let mut pending = Map::new();
    let mut keep_request = flow.clarifies;
    for slot in &flow.prefill {
        let Some(spec) = agent.spec.slots.get(slot) else {
            continue;
        };
        if spec.options_from.is_some() {
            pending.insert(slot.clone(), Value::Null);
            keep_request = true;
        } else {
            match understand::read_slot(agent, spec, reading, &data) {
                // "mándale 1500 a mi mamá": a bare number is in the
                // currency a question names, and nothing asked it yet; it
                // may be pesos, so it is named when the amount is asked,
                // never taken nor dropped without a word.
                SlotRead::Value(value, _) if !understand::currency_named(spec, reading) => {
                    if let Some(shown) = crate::agents::template::price(&value) {
                        pending.insert(slot.clone(), serde_json::json!({ UNSURE_CURRENCY: shown }));
                    }
                }
                SlotRead::Value(value, _) => {
                    pending.insert(slot.clone(), value);
                }
                // Money in another currency is said when the state asks
                // for the amount, never taken as this one.
                SlotRead::WrongCurrency(code) => {
                    pending.insert(slot.clone(), serde_json::json!({ WRONG_CURRENCY: code }));
                }
                SlotRead::Negative => {
                    pending.insert(slot.clone(), serde_json::json!({ NEGATIVE: true }));
                }
                SlotRead::Nothing if flow.clarifies => {
                    // The answers to the clarification may still say it.
                    pending.insert(slot.clone(), Value::Null);
                }
                SlotRead::Nothing => {}
            }
        }
    }
    if keep_request {
        data.insert(REQUEST.into(), Value::from(reading.text()));
    }
    if !pending.is_empty() {
        data.insert(TO_PREFILL.into(), Value::Object(pending));
    }
    (data, slots)
}

impl<'a> Run<'a> {
    /// Reads `slot` from `reading` into the current flow when the value
    /// passes the slot's bounds and the state's rejections. `Err` carries
    /// the rejection's message for a value that was read but refused.
    fn fill(
        &mut self,
        agent: &Agent,
        state: &State,
        slot: &str,
        reading: &Reading,
    ) -> Result<bool, String> {
        let (Some(spec), Some(flow)) = (agent.spec.slots.get(slot), self.o.current_flow.as_ref())
        else {
            return Ok(false);
        };
        let SlotRead::Value(value, option) =
            understand::read_slot(agent, spec, reading, &flow.state_data)
        else {
            return Ok(false);
        };
        let value = super::each::for_each_counted(agent, spec, &flow.slots, reading, value);
        self.try_value(agent, state, slot, value, option)
    }

    /// Puts `value` in `slot` when it passes the slot's bounds and the
    /// state's rejections (`Err`: why it was refused). A refused value
    /// leaves the flow as it was.
    pub(super) fn try_value(
        &mut self,
        agent: &Agent,
        state: &State,
        slot: &str,
        value: Value,
        option: Option<Value>,
    ) -> Result<bool, String> {
        let Some(spec) = agent.spec.slots.get(slot) else {
            return Ok(false);
        };
        if let Some(bound) = out_of_bounds(spec, &value) {
            return Err(bound);
        }
        // A value of a fixed list is said by its label.
        let option = option.or_else(|| {
            let label = spec.labels.get(value.as_str()?)?;
            Some(serde_json::json!({ "value": value, "label": label }))
        });
        let Some(flow) = self.o.current_flow.as_mut() else {
            return Ok(false);
        };
        let before = flow.slots.insert(slot.to_string(), value);
        let key = format!("{slot}_option");
        let before_option = option.map(|o| flow.state_data.insert(key.clone(), o));
        let root = root(flow, NO_OPTIONS, &self.today);
        let Some((_, message)) = state.rejections.iter().find(|(c, _)| c.eval(root)) else {
            return Ok(true);
        };
        let why = message.render(root);
        match before {
            Some(old) => flow.slots.insert(slot.to_string(), old),
            None => flow.slots.remove(slot),
        };
        match before_option {
            Some(Some(old)) => flow.state_data.insert(key, old),
            Some(None) => flow.state_data.remove(&key),
            None => None,
        };
        Err(why)
    }

    /// A choice from the flow's data that the request did not pick: what
    /// the request named of the same kind as an option (a word of an
    /// option's category: "telmex" is internet, like "izzi (internet)")
    /// and no option holds is said before the options, never passed over
    /// ("No tengo «telmex» entre las opciones").
    fn name_what_is_not_offered(&mut self, agent: &Agent, slot: &str, request: &Reading) {
        let Some(flow) = self.o.current_flow.as_ref() else {
            return;
        };
        let Some(options) = super::options_list(agent, slot, &flow.state_data) else {
            return;
        };
        let offered = crate::agents::words::content_words(&options);
        if let Some(named) = understand::options::unoffered(&offered, request) {
            self.reply.push(crate::agents::text::not_offered(&named));
        }
    }

    /// After a correction, the other answers the flow holds are kept when
    /// their states come again, in this turn or after a confirmation the
    /// correction leads to (a new contact's), each with its checks.
    pub(super) fn keep_answers(&mut self, corrected: &str) {
        let Some(flow) = self.o.current_flow.as_mut() else {
            return;
        };
        let kept: Vec<Value> = flow
            .slots
            .keys()
            .filter(|slot| slot.as_str() != corrected)
            .map(|slot| Value::from(slot.as_str()))
            .collect();
        flow.state_data.insert(KEPT.into(), Value::Array(kept));
    }

    /// A new value for `slot` said with a correction of an earlier answer:
    /// the slot (and what belongs to it) is emptied and its state takes
    /// the value when it comes,
    /// with its checks, as from the request that starts a flow.
    pub(super) fn prefill_later(&mut self, agent: &Agent, slot: &str, value: Value) {
        let Some(flow) = self.o.current_flow.as_mut() else {
            return;
        };
        // What belongs to the old value is asked again.
        let belongs = agent
            .spec
            .slots
            .iter()
            .filter(|(_, s)| s.depends_on.iter().any(|d| d == slot));
        for name in std::iter::once(slot).chain(belongs.map(|(name, _)| name.as_str())) {
            flow.slots.remove(name);
            flow.state_data.remove(&format!("{name}_option"));
        }
        keep_to_prefill(&mut flow.state_data, slot, value);
    }

    /// Whether `slot` was answered before a correction ([`Self::keep_answers`]).
    pub(super) fn kept_before(&self, slot: &str) -> bool {
        self.o
            .current_flow
            .as_ref()
            .and_then(|flow| flow.state_data.get(KEPT))
            .and_then(Value::as_array)
            .is_some_and(|kept| kept.iter().any(|k| k.as_str() == Some(slot)))
    }

    /// A state that collects a slot of the flow's `prefill` not tried yet
    /// takes the value the request holds and goes on. `None` when the
    /// state must ask.
    pub(super) fn prefill(&mut self, agent: &'a Agent, state: &State) -> Option<Step> {
        let slot = &state.spec.collect.as_ref()?.slot;
        let flow = self.o.current_flow.as_mut()?;
        let Some(Value::Object(pending)) = flow.state_data.get_mut(TO_PREFILL) else {
            return None;
        };
        let found = pending.remove(slot)?;
        if pending.is_empty() {
            flow.state_data.remove(TO_PREFILL);
        }
        if flow.slots.contains_key(slot) {
            return None;
        }
        if let Some(code) = found.get(WRONG_CURRENCY).and_then(Value::as_str) {
            let code = if code == "USD" { "USD" } else { "MXN" };
            self.reply.push(crate::agents::text::wrong_currency(code));
            return None;
        }
        if let Some(shown) = found.get(UNSURE_CURRENCY).and_then(Value::as_str) {
            let want = agent.spec.slots.get(slot).map_or("MXN", |spec| {
                if spec.kind == SlotType::MoneyUsd {
                    "USD"
                } else {
                    "MXN"
                }
            });
            self.reply
                .push(crate::agents::text::currency_not_said(shown, want));
            return None;
        }
        if found.get(NEGATIVE).is_some() {
            self.reply.push(crate::agents::text::NEGATIVE_AMOUNT.into());
            return None;
        }
        let filled = if found.is_null() {
            let reading =
                Reading::without_model(request_text(&flow.state_data), self.reading.today());
            let filled = self.fill(agent, state, slot, &reading);
            if matches!(filled, Ok(false)) {
                self.name_what_is_not_offered(agent, slot, &reading);
            }
            filled
        } else {
            self.try_value(agent, state, slot, found, None)
        };
        match filled {
            Ok(true) => {
                self.step(&agent.spec.id, None, &format!("prefilled {slot}"));
                self.decisions.validation = Some(true);
                Some(self.after_collect(agent))
            }
            Ok(false) => None,
            Err(why) => {
                // Said before the state asks for a value it accepts.
                self.reply.push(why);
                None
            }
        }
    }

    /// A reply that does not answer the question asked but names an
    /// amount, in its currency, for a later question of the flow ("100
    /// dólares" while the recipient is asked) keeps it for that question
    /// and says so: nothing said is dropped. Amounts only: other words are
    /// too loose to keep unasked. Whether it kept one.
    pub(super) fn keep_for_later(&mut self, agent: &Agent) -> bool {
        let Some((asked, _)) = self.waiting_slot() else {
            return false;
        };
        let Some(open) = self.o.current_flow.as_mut() else {
            return false;
        };
        let Some(flow) = agent.flows.get(&open.flow_id) else {
            return false;
        };
        for name in &flow.prefill {
            let Some(spec) = agent.spec.slots.get(name) else {
                continue;
            };
            let money = matches!(spec.kind, SlotType::MoneyMxn | SlotType::MoneyUsd);
            if !money || *name == asked || open.slots.contains_key(name) {
                continue;
            }
            let SlotRead::Value(value, _) =
                understand::read_slot(agent, spec, self.reading, &open.state_data)
            else {
                continue;
            };
            if !understand::currency_named(spec, self.reading) {
                continue;
            }
            let Some(mut shown) = crate::agents::template::price(&value) else {
                continue;
            };
            if spec.kind == SlotType::MoneyUsd {
                shown.push_str(" USD");
            }
            keep_to_prefill(&mut open.state_data, name, value);
            self.consumed = true;
            self.step(&agent.spec.id, None, &format!("kept {name} for later"));
            self.reply.push(crate::agents::text::kept_for_later(&shown));
            return true;
        }
        false
    }

    /// Whether the reply only says again a value the flow already has
    /// ("a mi mamá" once the recipient is María): then the flow goes on
    /// with its question instead of "no te entendí". Values that name
    /// something (an option, an amount in its currency, a phone, a date)
    /// only; free words and yes/no choices are never read as a repetition.
    pub(super) fn restates_filled(&self, agent: &Agent) -> bool {
        let Some(open) = self.o.current_flow.as_ref() else {
            return false;
        };
        let waiting = self.waiting_slot().map(|(slot, _)| slot);
        open.slots.iter().any(|(name, current)| {
            let Some(spec) = agent.spec.slots.get(name) else {
                return false;
            };
            let names_it = match spec.kind {
                SlotType::Choice => spec.options_from.is_some(),
                SlotType::MoneyMxn | SlotType::MoneyUsd => {
                    understand::currency_named(spec, self.reading)
                }
                SlotType::Phone
                | SlotType::Digits
                | SlotType::Date
                | SlotType::FutureDate
                | SlotType::Code => true,
                _ => false,
            };
            names_it
                && waiting.as_ref() != Some(name)
                && matches!(
                    understand::read_slot(agent, spec, self.reading, &open.state_data),
                    SlotRead::Value(value, _) if &value == current
                )
        })
    }

    /// A state that asks to choose from a list of one takes that one ("the
    /// cobro of Juan" when Juan has one): there is nothing to choose.
    pub(super) fn only_option(&mut self, agent: &'a Agent, state: &State) -> Option<Step> {
        let slot = &state.spec.collect.as_ref()?.slot;
        let spec = agent.spec.slots.get(slot)?;
        if spec.kind != crate::agents::spec::SlotType::Choice {
            return None;
        }
        let from = spec.options_from.as_deref()?;
        let flow = self.o.current_flow.as_ref()?;
        if flow.slots.contains_key(slot) {
            return None;
        }
        let key = from.strip_prefix("data.").unwrap_or(from);
        let [option] = flow.state_data.get(key)?.as_array()?.as_slice() else {
            return None;
        };
        let value = option
            .get(spec.option_value.as_deref().unwrap_or("id"))?
            .clone();
        let option = option.clone();
        match self.try_value(agent, state, slot, value, Some(option)) {
            Ok(true) => {
                self.step(&agent.spec.id, None, &format!("{slot}: the only option"));
                Some(self.after_collect(agent))
            }
            _ => None,
        }
    }

    /// Enters a clarifying state: slots the starting message already holds
    /// are taken; when all are known the flow goes on, else the question
    /// is asked and the request kept for the answer.
    pub(super) fn enter_clarify(&mut self, agent: &'a Agent, state: &State) -> Step {
        let clarify = state.spec.clarify.as_ref().expect("a clarifying state");
        let request = self
            .o
            .current_flow
            .as_ref()
            .map(|f| request_text(&f.state_data));
        let reading = Reading::without_model(request.unwrap_or_default(), self.reading.today());
        for slot in self
            .unclear(&clarify.slots)
            .into_iter()
            .cloned()
            .collect::<Vec<_>>()
        {
            // A refused value is asked for by the clarification.
            let _ = self.fill(agent, state, &slot, &reading);
        }
        if self.unclear(&clarify.slots).is_empty() {
            self.step(&agent.spec.id, None, "clear: nothing to ask");
            return self.after_collect(agent);
        }
        self.ask_clarification(agent, 0);
        self.decisions.validation = Some(false);
        self.step(&agent.spec.id, None, "clarification asked");
        Ok(())
    }

    pub(super) fn ask_clarification(&mut self, agent: &Agent, attempts: u32) {
        if let Some(flow) = self.o.current_flow.as_ref() {
            if attempts == 0 {
                self.reply
                    .extend(super::state_message(agent, flow, &self.today));
            }
            self.reply
                .extend(super::flow::clarifying_question(agent, flow, &self.today));
        }
        if let Some(frame) = self.o.agent_stack.last_mut() {
            frame.waiting = Waiting::Clarify { attempts };
        }
    }

    /// The slots of `slots` the flow does not know yet.
    fn unclear<'s>(&self, slots: &'s [String]) -> Vec<&'s String> {
        let known = self.o.current_flow.as_ref().map(|f| &f.slots);
        slots
            .iter()
            .filter(|s| known.is_none_or(|k| !k.contains_key(*s)))
            .collect()
    }

    /// An answer to a clarification: merged into the request as it stands
    /// (`clarified_query`) and read again whole, so a part of the request
    /// and a part of the answer complete each other. Clear: the flow goes
    /// on; still unclear: asked again, up to the state's attempts.
    pub(super) fn clarify_answer(&mut self, agent: &'a Agent, attempts: u32) -> Step {
        // A plain "no" to the question drops the request.
        if self.reading.decision() == crate::nlu::answers::Decision::Reject {
            self.consumed = true;
            self.step(&agent.spec.id, None, "clarification refused");
            self.finish_flow();
            self.reply.push(crate::agents::text::CLARIFY_DROPPED.into());
            return Ok(());
        }
        let Some(flow) = self.o.current_flow.as_ref() else {
            return Ok(());
        };
        let Some(state) = agent.state_of(flow) else {
            return Ok(());
        };
        let clarify = state
            .spec
            .clarify
            .as_ref()
            .expect("waits for a clarification");
        let asked = request_text(&flow.state_data);
        let merged = format!("{asked} {}", self.reading.text())
            .trim()
            .to_string();
        let reading = Reading::without_model(&merged, self.reading.today());
        let missing: Vec<String> = self.unclear(&clarify.slots).into_iter().cloned().collect();
        let mut refused = None;
        for slot in &missing {
            if let Err(why) = self.fill(agent, state, slot, &reading) {
                refused = Some(why);
            }
        }
        if let Some(flow) = self.o.current_flow.as_mut() {
            flow.state_data
                .insert(CLARIFIED.into(), Value::from(merged));
        }
        self.consumed = true;
        let id = agent.spec.id.clone();
        if self.unclear(&clarify.slots).is_empty() {
            self.decisions.validation = Some(true);
            self.step(&id, None, "clarification merged");
            self.resume_after_check();
            return self.after_collect(agent);
        }
        self.decisions.validation = Some(false);
        self.step(&id, None, "still unclear");
        self.fail_attempt(agent, attempts, refused)
    }

    /// After a slot a check asked for again is answered: the later states
    /// keep their answers for the rest of the turn.
    pub(super) fn resume_after_check(&mut self) {
        if let Some(flow) = self.o.current_flow.as_mut()
            && flow.state_data.remove(KEEP_LATER).is_some()
        {
            self.replaying = true;
        }
    }

    /// The first `validate` check of the state that fails, applied: its
    /// message is said, the slots it names are forgotten and the flow goes
    /// to its state. `None` when every check passes.
    pub(super) fn validate(&mut self, agent: &'a Agent, state: &State) -> Option<Step> {
        let flow = self.o.current_flow.as_ref()?;
        let root = root(flow, NO_OPTIONS, &self.today);
        let (i, check) = state
            .checks
            .iter()
            .enumerate()
            .find(|(_, c)| c.condition.eval(root))?;
        let message = check.message.render(root);
        if let Some(flow) = self.o.current_flow.as_mut() {
            for slot in &check.clear {
                flow.slots.remove(slot);
                flow.state_data.remove(&format!("{slot}_option"));
            }
            flow.state_data.insert(KEEP_LATER.into(), Value::Bool(true));
        }
        self.decisions.validation = Some(false);
        self.reply.push(message);
        self.step(&agent.spec.id, None, "validation failed");
        Some(self.enter_state(agent, &check.then, Via::Check(i)))
    }
}

/// The result of a `data` service: each declared field's template over
/// the call's `params` and `today`.
pub(super) fn data_result(
    agent: &Agent,
    service: &str,
    params: &Map<String, Value>,
    today: &Value,
) -> Value {
    let input = json!({ "params": params, "today": today });
    let fields = agent.results.get(service).into_iter().flatten();
    Value::Object(
        fields
            .map(|(field, template)| {
                (
                    field.clone(),
                    Value::from(template.render(Root::Json(&input))),
                )
            })
            .collect(),
    )
}

/// Keeps `value` for `slot`'s state to take when it comes, with its
/// checks ([`Run::prefill`]).
fn keep_to_prefill(data: &mut Map<String, Value>, slot: &str, value: Value) {
    if let Value::Object(pending) = data
        .entry(TO_PREFILL)
        .or_insert_with(|| Value::Object(Map::new()))
    {
        pending.insert(slot.to_string(), value);
    }
}
