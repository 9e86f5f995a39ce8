//! Which of an agent's requests a message makes, beyond its best phrase:
//! the flow that takes the amount a request says, the request a denied
//! event asks, and the one money received from a person asks first.

use super::{best_intent, intent_score};
use crate::agents::registry::{Agent, Flow};
use crate::agents::spec::SlotType;
use crate::nlu::Reading;

/// [`best_intent`], but a request that says an amount never goes to a
/// flow that reads nothing from the request (a listing) when a flow that
/// takes the amount matches it about as well ([`ALMOST`] below): "¿me
/// podría registrar la renta de 6,000 que pago cada mes?" holds the words
/// of "what do I pay every month" and of a new fixed payment, and only
/// the new one takes its 6,000.
pub fn best_request<'a>(
    agent: &'a Agent,
    words: &[&str],
    reading: &Reading,
) -> Option<(&'a str, f32)> {
    let best = best_intent(agent, words)?;
    let says_amount = !reading.extraction().amounts.is_empty();
    if !says_amount || !reads_nothing(agent, best.0) {
        return Some(best);
    }
    let closest = agent
        .triggers
        .iter()
        .map(|(intent, _)| intent.as_str())
        .filter(|intent| takes_amount(agent, intent))
        .filter_map(|intent| Some((intent, intent_score(agent, intent, words)?)))
        .filter(|(_, score)| *score >= best.1 - ALMOST)
        .max_by(|a, b| a.1.total_cmp(&b.1));
    closest.or(Some(best))
}

/// How much lower a phrase may score and still count as matching about
/// as well as the best.
const ALMOST: f32 = 0.05;

/// The flow `intent` starts.
fn flow_of<'a>(agent: &'a Agent, intent: &str) -> Option<&'a Flow> {
    agent
        .tool_for_intent(intent)
        .and_then(|tool| tool.routing.as_ref()?.target.as_deref())
        .and_then(|flow| agent.flows.get(flow))
}

/// Whether the flow `intent` starts reads nothing from the request.
fn reads_nothing(agent: &Agent, intent: &str) -> bool {
    flow_of(agent, intent).is_some_and(|flow| flow.prefill.is_empty() && flow.optional.is_empty())
}

/// Whether the flow `intent` starts reads an amount from the request.
fn takes_amount(agent: &Agent, intent: &str) -> bool {
    flow_of(agent, intent).is_some_and(|flow| {
        flow.prefill.iter().any(|slot| {
            agent
                .spec
                .slots
                .get(slot)
                .is_some_and(|spec| matches!(spec.kind, SlotType::MoneyMxn | SlotType::MoneyUsd))
        })
    })
}

/// The intent a message asks by denying the event of another, as the
/// agent's `denied` declares: "Juan no me ha pagado" denies «me pagó»
/// and asks how the cobro stands. The event's phrases match the message
/// only with its negated words counted (a negated event is never the
/// request to act on it).
pub fn denied_intent<'a>(agent: &'a Agent, reading: &Reading) -> Option<(&'a str, f32)> {
    if agent.spec.denied.is_empty() || !reading.negated().iter().any(|n| *n) {
        return None;
    }
    let every = crate::agents::registry::question_words(reading);
    let kept = crate::agents::registry::intent_words(reading);
    agent.spec.denied.iter().find_map(|(event, asks)| {
        let with = intent_score(agent, event, &every)?;
        let without = intent_score(agent, event, &kept).unwrap_or(0.0);
        (with >= crate::confidence::SURE && without < with / 2.0).then_some((asks.as_str(), with))
    })
}

/// The intent money received from a person asks first, as the agent's
/// `received` declares: a verb of one giver handing money over, the
/// giver's name beside it ([`crate::nlu::names::giver`], the name the
/// flow's person slot reads) and an amount, said as a statement and not
/// denied ("el Chuy me pasó 250": does the Chuy owe that?).
pub fn received_intent<'a>(agent: &'a Agent, reading: &Reading) -> Option<(&'a str, f32)> {
    let intent = agent.spec.received.as_deref()?;
    if reading.is_question() || reading.extraction().amounts.is_empty() || reading.money_denied() {
        return None;
    }
    // "mi hijo me mandó 200 dólares": what is owed to the user is in
    // pesos; money in another currency handed over pays no cobro.
    if reading
        .extraction()
        .amounts
        .iter()
        .all(|m| m.currency != "MXN")
    {
        return None;
    }
    // "quita los 300 que me dio Raúl", "no, me dio 250": a change or a
    // deletion of what was recorded tells of no money handed over now.
    let u = reading.understanding();
    let edits = matches!(
        u.intent,
        crate::nlu::Intent::DeleteLastTransaction | crate::nlu::Intent::UpdateLastTransaction
    ) && u.confidence >= crate::confidence::SURE;
    if edits {
        return None;
    }
    crate::nlu::names::giver(reading, &|word| super::own_word(agent, word))?;
    Some((intent, crate::confidence::CLEAR))
}

/// The intent a statement of money asks of the agent: money a person
/// handed over ([`received_intent`]) or money said to repeat
/// ([`repeats_intent`]).
pub fn statement_intent<'a>(agent: &'a Agent, reading: &Reading) -> Option<(&'a str, f32)> {
    received_intent(agent, reading)
        .or_else(|| repeats_intent(agent, reading))
        .or_else(|| compares_intent(agent, reading))
}

/// The intent two periods compared ask ("octubre vs noviembre", "este
/// mes contra el pasado"), as the agent's `compares` declares: its
/// `period` slot reads a period to compare with.
pub fn compares_intent<'a>(agent: &'a Agent, reading: &Reading) -> Option<(&'a str, f32)> {
    let intent = agent.spec.compares.as_deref()?;
    let periods = agent
        .spec
        .slots
        .values()
        .any(|s| s.kind == SlotType::Period);
    (periods && super::period::read(reading).is_some_and(|asked| asked.compared.is_some()))
        .then_some((intent, crate::confidence::SURE))
}

/// The intent money said to repeat asks, as the agent's `repeats`
/// declares: a statement with an amount that the finance rules read as a
/// movement (or not at all), no payment already made, and a repetition
/// the agent's `month_days` slot reads ("pago 250 de gym mensual",
/// "netflix 199 cada 12", "300 de la tanda los viernes").
pub fn repeats_intent<'a>(agent: &'a Agent, reading: &Reading) -> Option<(&'a str, f32)> {
    use crate::nlu::Intent;
    let intent = agent.spec.repeats.as_deref()?;
    let finance = reading.understanding();
    // Money said to repeat corrects no one movement ("el sueldo de la
    // muchacha es 1500 cada sábado"), unless it names the last one.
    let correction = finance.intent == Intent::UpdateLastTransaction
        && !crate::nlu::answers::names_last_record(reading);
    let movement = matches!(finance.intent, Intent::LogTransaction | Intent::Unknown) || correction;
    if !movement
        || reading.is_question()
        || reading.items().len() > 1
        || reading.extraction().amounts.is_empty()
        || crate::nlu::tells_of_payment_made(reading)
    {
        return None;
    }
    agent
        .spec
        .slots
        .values()
        .filter(|slot| slot.kind == SlotType::MonthDays)
        .any(|slot| super::month_days::repeats(slot, reading))
        .then_some((intent, crate::confidence::CLEAR))
}

/// A request that turns the flow's switch both ways ("no me mandes
/// avisos de cobros y mándame el resumen") is two requests: the clauses
/// up to where the switch turns, and the rest. `None` when the switch
/// turns one way only (or the flow reads none from its request).
pub fn switch_turns(agent: &Agent, flow: &Flow, reading: &Reading) -> Option<[String; 2]> {
    let slot = flow.prefill.iter().chain(&flow.optional).find_map(|name| {
        agent
            .spec
            .slots
            .get(name)
            .filter(|s| s.kind == SlotType::Switch)
    })?;
    let empty = serde_json::Map::new();
    let clauses = crate::nlu::items::clauses(reading.text());
    let mut first = None;
    for (i, clause) in clauses.iter().enumerate() {
        let read = Reading::new(clause, reading.today());
        let super::SlotRead::Value(value, _) = super::read_slot(agent, slot, &read, &empty) else {
            continue;
        };
        match &first {
            None => first = Some(value),
            Some(had) if *had != value => {
                return Some([clauses[..i].join(", "), clauses[i..].join(", ")]);
            }
            Some(_) => {}
        }
    }
    None
}

/// A request of a flow that reads a person, made for two people at once
/// ("Ana y Beto me deben 300 cada uno"): one request for each.
pub fn people_turns(agent: &Agent, flow: &Flow, reading: &Reading) -> Option<[String; 2]> {
    flow.prefill.iter().chain(&flow.optional).find(|name| {
        agent
            .spec
            .slots
            .get(*name)
            .is_some_and(|s| s.kind == SlotType::Person)
    })?;
    let own = |word: &str| super::own_word(agent, word);
    crate::nlu::names::per_person(reading, &own)
        .or_else(|| crate::nlu::names::also_person(reading, &own))
}

/// The requests a message makes of a flow, in order: its items, a switch
/// turned both ways as two, two people asked at once as one for each.
pub fn requests(agent: &Agent, flow: &Flow, reading: &Reading) -> Vec<String> {
    switch_turns(agent, flow, reading)
        .or_else(|| {
            (reading.items().len() <= 1)
                .then(|| people_turns(agent, flow, reading))
                .flatten()
        })
        .map_or_else(|| reading.items().to_vec(), Vec::from)
}

/// The intent of `agent` a message says in one of its quoted phrases that
/// holds a negation ("ya no le cobres a Lupe" for "\"ya no le cobres\""),
/// scored on every word: such a negation is the request, never a way of
/// turning the agent down.
pub fn negated_request<'a>(agent: &'a Agent, reading: &Reading) -> Option<(&'a str, f32)> {
    if !reading.negated().iter().any(|n| *n) {
        return None;
    }
    let words = crate::agents::registry::question_words(reading);
    let said = agent.vocab.said(&words);
    let negations = crate::nlu::lexicon::cues().said.no_words.words();
    agent
        .triggers
        .iter()
        .filter_map(|(intent, phrases)| {
            let (score, _) =
                crate::agents::phrases::negated_scored(&agent.vocab, phrases, &said, negations)?;
            Some((intent.as_str(), score))
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
}
