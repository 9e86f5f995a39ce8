//! The home agent's claim on a message at rest: which agent it routes to
//! and how surely, from the agents' trigger phrases and the learned model
//! ([`crate::nlu::learned`]) on one scale. A trigger matched surely wins
//! (its phrases are exact); otherwise the model's claim for an agent
//! (every intent of that agent summed) routes when it is sure and either
//! the Financial Agent's rules read no request, or they are not certain
//! of theirs, the model is near certain and the message holds some of the
//! agent's own trigger words.
//! The model alone never takes a message the rules read as finance: it
//! is right about nine times in ten on its held-out sets, and sure even
//! when wrong. A model label names its agent before its first dot, and
//! that name is the home agent's intent for the route (`cobros.cobrar` →
//! `cobros`).

use super::registry::{Agent, Registry, intent_words};
use super::understand::{best_intent, exact_intent, intent_score};
use crate::confidence::{ASK, CLEAR, LEARNED_CERTAIN, LEARNED_SURE, RULES_CERTAIN, SURE};
use crate::nlu::{Intent, Reading, answers};

/// A route of the home agent claimed for a message.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Claim<'a> {
    pub intent: &'a str,
    pub score: f32,
    /// The learned model made the claim.
    pub learned: bool,
}

/// The route the home agent takes for a message said at rest: its claim
/// when sure, unless the Financial Agent reads the message as its own.
/// A complete finance request stays with the Financial Agent though it
/// holds another agent's word ("debo 18,450 de la tarjeta de crédito"):
/// both are read on one scale, a request that is whole for finance
/// outranks a trigger word, and otherwise the surer reading wins. A
/// request in the very words of a quoted phrase of the agent the route
/// enters ("Juan ya me pagó 350") is that agent's, as inside it.
pub fn home_route<'a>(registry: &'a Registry, reading: &Reading) -> Option<Claim<'a>> {
    let home = registry.home();
    let claim = home_claim(home, reading)?;
    if claim.score < SURE {
        return None;
    }
    // The model's claim already weighed the finance reading.
    if claim.learned {
        return Some(claim);
    }
    let finance = reading.understanding();
    let finance_sure = finance.intent != Intent::Unknown && finance.confidence >= CLEAR;
    let words = intent_words(reading);
    let exact = home
        .tool_for_intent(claim.intent)
        .and_then(|t| t.routing.as_ref()?.target.as_deref())
        .and_then(|target| registry.agent(target))
        .is_some_and(|agent| exact_intent(agent, &words, SURE).is_some());
    let finance_wins = finance_sure && claim.score <= finance.confidence
        || answers::complete_finance_request(reading);
    (exact || !finance_wins).then_some(claim)
}

/// The home agent's best route for `reading`, said with nothing open,
/// however sure.
pub fn home_claim<'a>(home: &'a Agent, reading: &Reading) -> Option<Claim<'a>> {
    let words = intent_words(reading);
    let trigger = best_intent(home, &words).map(|(intent, score)| Claim {
        intent,
        score,
        learned: false,
    });
    if trigger.is_some_and(|t| t.score >= SURE) {
        return trigger;
    }
    learned_claim(home, reading).or(trigger)
}

/// The learned model's claim: the agent whose intents it gives the most
/// probability, when that is sure and the agent is a route of `home`.
/// Against a finance request the rules read, it is made only when the
/// rules are not certain of it, the model is near certain
/// ([`LEARNED_CERTAIN`]) and the message holds some of the agent's own
/// trigger words: the model and the rules must both point there.
fn learned_claim<'a>(home: &'a Agent, reading: &Reading) -> Option<Claim<'a>> {
    let finance = reading.understanding();
    if finance.intent != Intent::Unknown && finance.confidence >= RULES_CERTAIN {
        return None;
    }
    let scores = reading.learned_at_rest()?;
    let (best, _) = scores.best();
    let agent = best.split('.').next()?;
    let (intent, _) = home.triggers.iter().find(|(intent, _)| intent == agent)?;
    home.tool_for_intent(intent)?;
    let score = scores.of_prefix(&format!("{agent}.")) + scores.of(agent);
    // Against a finance reading of the rules, the model's claim needs to
    // be near certain and the agent's own words in the message (a
    // trigger matched in part).
    let corroborated =
        || intent_score(home, intent, &intent_words(reading)).is_some_and(|score| score >= ASK);
    if finance.intent != Intent::Unknown && ((score as f32) < LEARNED_CERTAIN || !corroborated()) {
        return None;
    }
    (score as f32 >= LEARNED_SURE).then_some(Claim {
        intent: intent.as_str(),
        score: score as f32,
        learned: true,
    })
}

/// The learned model's pick among `agent`'s own intents, for a message
/// that just entered it from home with no flow open: the model's best
/// label, when sure, names this agent (its route from home) and one of
/// its intents (`cobros.contacto` → `contacto`), or the agent has one.
pub fn learned_intent<'a>(
    registry: &Registry,
    agent: &'a Agent,
    reading: &Reading,
) -> Option<(&'a str, f32)> {
    let scores = reading.learned_at_rest()?;
    let (best, p) = scores.best();
    if (p as f32) < LEARNED_SURE {
        return None;
    }
    let (route, own) = match best.split_once('.') {
        Some((route, own)) => (route, Some(own)),
        None => (best, None),
    };
    let target = registry
        .home()
        .tool_for_intent(route)?
        .routing
        .as_ref()?
        .target
        .as_deref()?;
    if target != agent.spec.id {
        return None;
    }
    let intent = match own {
        Some(own) => agent.triggers.iter().find(|(intent, _)| intent == own)?,
        None if agent.triggers.len() == 1 => &agent.triggers[0],
        None => return None,
    };
    agent.tool_for_intent(&intent.0)?;
    Some((intent.0.as_str(), p as f32))
}
