//! The home agent's claim on a message at rest: which agent it routes to
//! and how surely, from the agents' trigger phrases and the learned model
//! ([`crate::nlu::learned`]) on one scale. A sure trigger the model agrees
//! with is the model's claim; a sure trigger alone wins when the finance
//! rules do not read the message as theirs; otherwise the model's claim
//! for an agent (every intent of that agent summed) routes when it is
//! sure, and against a request the finance rules read, when it is near
//! certain and the message does not tell of money already paid (a record,
//! never a request to act). The model reads what the person wants; the
//! rules read amounts, days, names, and the tense of what was done. A
//! model label names its agent before its first dot, and that name is
//! the home agent's intent for the route (`cobros.cobrar` → `cobros`).

use super::registry::{Agent, Registry, agent_words, intent_words, question_words};
use super::understand::{best_intent, exact_intent, intent_score};
use crate::confidence::{CLEAR, LEARNED_CERTAIN, LEARNED_SURE, SURE};
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
    // Several things said, the first a whole movement: the Financial
    // Agent takes it and hands each of the others to its agent after
    // ("pagué 900 de chelas, pero Ana y Beto me deben 300").
    if movement_first(registry, reading) {
        return None;
    }
    // "ah no, ese no lo pongas, era pa pagar la luz de su casa": what money
    // was for is told, nothing is asked of the agent it names.
    if tells_purpose(reading) {
        return None;
    }
    // Money a person handed over goes first to the agent that knows what
    // people owe; it hands the message back when nothing is owed.
    if let Some(received) = received_route(registry, reading) {
        return Some(received);
    }
    // Two periods compared go to the agent that compares them, whatever
    // else a question of one period would read.
    if let Some(compares) = best_route(registry, |_, agent| {
        super::understand::compares_intent(agent, reading).map(|(_, score)| score)
    }) {
        return Some(compares);
    }
    let claim = home_claim(registry, reading);
    // Money said to repeat goes to the agent that keeps what repeats,
    // unless another agent that takes money is surely asked ("cóbrale
    // 200 a Juan cada semana" is a cobro; "los domingos" of the weekly
    // summary's notice is no request with money).
    let takes_money = |route: &str| {
        registry.entered_by(route).is_some_and(|agent| {
            agent.spec.slots.values().any(|slot| {
                matches!(
                    slot.kind,
                    super::spec::SlotType::MoneyMxn | super::spec::SlotType::MoneyUsd
                )
            })
        })
    };
    if let Some(repeats) = repeats_route(registry, reading)
        && claim
            .is_none_or(|c| c.score < SURE || c.intent == repeats.intent || !takes_money(c.intent))
    {
        return Some(repeats);
    }
    let claim = claim?;
    if claim.score < SURE || own_pay_collected(reading) {
        return None;
    }
    let finance = reading.understanding();
    // "fui a pagar el recibo de la luz, fueron 235": money already paid is
    // a movement to record, whatever agent's phrase it holds (the learned
    // claim weighs the same in learned_claim).
    if !claim.learned
        && finance.intent == Intent::LogTransaction
        && finance.amount.is_some()
        && crate::nlu::tells_of_payment_made(reading)
    {
        return None;
    }
    // A debt's minimum payment is the Financial Agent's own record: a
    // sure request that gives one is not another agent's phrase ("el
    // pago mínimo es de 800 y se paga el 5 de cada mes"), nor the learned
    // model's guess ("coppel me cobra mínimo 700 el día 15" is no cobro).
    let own_record = finance.confidence >= SURE
        && finance.intent == Intent::ManageDebt
        && finance.debt_minimum.is_some();
    // The model's claim already weighed the rest of the finance reading.
    if claim.learned {
        return (!own_record).then_some(claim);
    }
    let finance_sure = finance.intent != Intent::Unknown && finance.confidence >= CLEAR;
    let exact = !own_record
        && registry
            .entered_by(claim.intent)
            .is_some_and(|agent| exact_intent(agent, &agent_words(agent, reading), SURE).is_some())
        && (!finance_certain(reading) || !model_knows(reading, claim.intent));
    let finance_wins = finance_sure && claim.score <= finance.confidence
        || answers::complete_finance_request(reading);
    if exact || !finance_wins {
        return Some(claim);
    }
    // A sure trigger the model agrees with is the model's claim too: both
    // point there, and the model's claim was weighed against the finance
    // rules already.
    learned_claim(registry, reading)
        .filter(|l| l.intent == claim.intent)
        .map(|l| Claim {
            score: claim.score.max(l.score),
            ..l
        })
}

/// "era pa pagar la luz de su casa": the message tells what money was for.
pub fn tells_purpose(reading: &Reading) -> bool {
    reading
        .cues()
        .has(crate::nlu::lexicon::cues().said.purpose_told_phrases)
}

/// The home agent's best route for `reading`, said with nothing open,
/// however sure.
pub fn home_claim<'a>(registry: &'a Registry, reading: &Reading) -> Option<Claim<'a>> {
    let home = registry.home();
    let words = intent_words(reading);
    let trigger = best_intent(home, &words).map(|(intent, score)| Claim {
        intent,
        score,
        learned: false,
    });
    // A route to an agent whose requests may be negations is matched
    // against every word ("no me mandes recordatorios").
    let trigger = match negated_route(registry, reading)
        .or_else(|| denied_route(registry, reading))
        .or_else(|| {
            // A quoted phrase that holds its negation ("ya no le cobres").
            super::understand::negated_request(home, reading).map(|(intent, score)| Claim {
                intent,
                score,
                learned: false,
            })
        }) {
        Some(negated) if trigger.is_none_or(|t| negated.score >= t.score) => Some(negated),
        _ => trigger,
    };
    if trigger.is_some_and(|t| t.score >= SURE) {
        return trigger;
    }
    code_route(registry, reading)
        .or_else(|| learned_claim(registry, reading))
        .or(trigger)
}

/// A code an agent gave ("COB-0001", read by one of its `code` slots)
/// names that agent: "cancela el cob-2" is about a cobro, whatever
/// other words it holds.
fn code_route<'a>(registry: &'a Registry, reading: &Reading) -> Option<Claim<'a>> {
    use super::spec::SlotType;
    use super::understand::{SlotRead, read_slot};
    let empty = serde_json::Map::new();
    registry
        .routes()
        .find(|(_, agent)| {
            agent.spec.slots.values().any(|slot| {
                slot.kind == SlotType::Code
                    && matches!(read_slot(agent, slot, reading, &empty), SlotRead::Value(..))
            })
        })
        .map(|(intent, _)| Claim {
            intent,
            score: SURE,
            learned: false,
        })
}

/// The best route, scored on every word of the message, among the routes
/// to agents that read a negation as a request.
fn negated_route<'a>(registry: &'a Registry, reading: &Reading) -> Option<Claim<'a>> {
    // Only a message with a negation reads differently on every word.
    if !reading.negated().iter().any(|n| *n) {
        return None;
    }
    let words = crate::agents::registry::question_words(reading);
    best_route(registry, |route, agent| {
        agent
            .reads_negation()
            .then(|| intent_score(registry.home(), route, &words))?
    })
}

/// The agent a message said at rest turns down ("no quiero el crédito"):
/// its route's phrases match the words under the negation, none of the
/// others. Agents that read a negation as a request ("no me mandes
/// recordatorios") or a denied event as a question are never turned down.
pub fn declined_agent<'a>(registry: &'a Registry, reading: &Reading) -> Option<&'a Agent> {
    if !reading.negated().iter().any(|n| *n) {
        return None;
    }
    // Only a message that asks for nothing else: no amount, no request
    // of any agent in the words outside the negation ("no tengo crédito
    // en el cel, recárgale 50" asks for a top-up).
    let home = registry.home();
    let said = intent_words(reading);
    let asks_else = !reading.extraction().amounts.is_empty()
        || super::understand::best_intent(home, &said)
            .is_some_and(|(_, s)| s >= crate::confidence::ASK);
    if asks_else {
        return None;
    }
    let declined = super::registry::declined_words(reading);
    registry
        .routes()
        .filter(|(_, agent)| !agent.reads_negation() && agent.spec.denied.is_empty())
        .find(|(route, _)| intent_score(home, route, &declined).is_some_and(|s| s >= CLEAR))
        .map(|(_, agent)| agent)
}

/// The route to an agent whose event the message denies, asking what the
/// agent's `denied` says it asks ("Juan no me ha pagado": the cobro's
/// status).
fn denied_route<'a>(registry: &'a Registry, reading: &Reading) -> Option<Claim<'a>> {
    best_route(registry, |_, agent| {
        denied_intent(registry, agent, reading).map(|(_, score)| score)
    })
}

/// The route a statement of money takes to the agent that keeps its kind
/// (money a person handed over, money said to repeat), said as one item
/// of a message: it waits its turn and goes there ("vendí 1500 y la Mari
/// me dio 300 de lo que me debe").
pub fn statement_route<'a>(registry: &'a Registry, reading: &Reading) -> Option<Claim<'a>> {
    best_route(registry, |_, agent| {
        super::understand::statement_intent(agent, reading).map(|(_, score)| score)
    })
}

/// The route one item of a message takes to another agent, once the
/// movements said before it are done: a statement of money another agent
/// keeps, or a request the home agent routes to another agent that is no
/// whole movement of its own ("…y Beto me debe 300").
pub fn item_route<'a>(registry: &'a Registry, reading: &Reading) -> Option<Claim<'a>> {
    statement_route(registry, reading).or_else(|| {
        home_route(registry, reading).filter(|_| !answers::complete_finance_request(reading))
    })
}

/// Whether the message says several things, the first a whole movement
/// that no other agent claims.
pub fn movement_first(registry: &Registry, reading: &Reading) -> bool {
    let [first, rest @ ..] = reading.items() else {
        return false;
    };
    if rest.is_empty() {
        return false;
    }
    let first = Reading::new(first, reading.today());
    answers::complete_finance_request(&first)
        && statement_route(registry, &first).is_none()
        && rest
            .iter()
            .any(|item| item_route(registry, &Reading::new(item, reading.today())).is_some())
}

/// The route to an agent that checks first money received from the
/// person the message names (its `received`: "el Chuy me pasó 250").
pub fn received_route<'a>(registry: &'a Registry, reading: &Reading) -> Option<Claim<'a>> {
    best_route(registry, |_, agent| {
        super::understand::received_intent(agent, reading).map(|(_, score)| score)
    })
}

/// The route to an agent that keeps money said to repeat (its `repeats`:
/// "pago 250 de gym mensual").
fn repeats_route<'a>(registry: &'a Registry, reading: &Reading) -> Option<Claim<'a>> {
    best_route(registry, |_, agent| {
        super::understand::repeats_intent(agent, reading).map(|(_, score)| score)
    })
}

/// The route `score` scores highest, as a claim of the rules.
fn best_route<'a>(
    registry: &'a Registry,
    score: impl Fn(&str, &Agent) -> Option<f32>,
) -> Option<Claim<'a>> {
    registry
        .routes()
        .filter_map(|(intent, agent)| {
            Some(Claim {
                intent,
                score: score(intent, agent)?,
                learned: false,
            })
        })
        .max_by(|a, b| a.score.total_cmp(&b.score))
}

/// The learned model's claim: the agent whose intents it gives the most
/// probability, when that is sure ([`LEARNED_SURE`]) and the agent is a
/// route of `home`. It is weighed against the finance rules' reading in
/// [`home_route`]: the model reads what the person wants, the rules read
/// the amounts, dates and names in it.
fn learned_claim<'a>(registry: &'a Registry, reading: &Reading) -> Option<Claim<'a>> {
    let home = registry.home();
    // A request the finance rules read that tells of money already paid
    // stays finance whatever the model says: it is not asked.
    let finance = reading.understanding();
    let asks_no_write =
        finance.intent.writes() && finance.amount.is_none() && reading.is_question();
    if finance.intent != Intent::Unknown
        && !asks_no_write
        && (crate::nlu::tells_of_payment_made(reading)
            || !reading.is_question() && crate::nlu::made_at_work(reading.cues())
            || reading
                .cues()
                .has(crate::nlu::lexicon::cues().said.charges_to_me))
    {
        return None;
    }
    // Who owes whom is the rules' to read.
    if user_owes(reading) {
        return None;
    }
    let scores = reading.learned_at_rest()?;
    let (best, _) = scores.best();
    if label_negated(registry, reading, best) {
        return None;
    }
    let agent = best.split('.').next()?;
    let (intent, _) = home.triggers.iter().find(|(intent, _)| intent == agent)?;
    home.tool_for_intent(intent)?;
    let score = scores.of_prefix(&format!("{agent}.")) + scores.of(agent);
    // Against a request the finance rules read, the model must be near
    // certain. A question with no amount is never a write, so the rules'
    // reading of one as a write is no request to weigh against.
    if finance.intent != Intent::Unknown && !asks_no_write && (score as f32) < LEARNED_CERTAIN {
        return None;
    }
    (score as f32 >= LEARNED_SURE).then_some(Claim {
        intent: intent.as_str(),
        score: score as f32,
        learned: true,
    })
}

/// A debt of the user's the rules read from a verb of owing, named and
/// with its balance ("le quedé a deber 500 a don Chuy", "el bryan me
/// prestó 300"): no money owed to the user, whatever the model hears, and
/// no request of a flow that asks money of someone.
pub fn user_owes(reading: &Reading) -> bool {
    let finance = reading.understanding();
    let said = reading.cues();
    let debts = &crate::nlu::lexicon::cues().said;
    // "¿y los 2000 que le quedé a deber al proveedor? apúntalos": a
    // question that asks to record it records it.
    let records = said.has(debts.log_commands)
        || reading.words().any(|w| {
            crate::nlu::lexicon::cues()
                .days
                .trigger_enclitics
                .words()
                .iter()
                .any(|e| {
                    w.strip_suffix(e)
                        .is_some_and(|stem| debts.log_commands.words().contains(&stem))
                })
        });
    finance.intent == Intent::ManageDebt
        && (said.has(debts.owe_verbs)
            || said.has(debts.borrowed_phrases)
            || said.has(debts.owed_for_purchase))
        && finance.confidence >= SURE
        // "doña Tere me vendió 6 tamales… y le quedé a deber": a phrase
        // that says the user owes needs no name read to be theirs.
        && (finance.debt_name.is_some()
            || said.has(debts.owed_for_purchase)
            || said.has(debts.borrowed_phrases))
        && finance.debt_balance.is_some()
        && (!reading.is_question() || records)
}

/// Whether the message tells of the user's own pay received ("cobro mi
/// quincena el viernes, son 6,500"): the rules read an income, and what
/// was collected is theirs, so no one owes it.
fn own_pay_collected(reading: &Reading) -> bool {
    let finance = reading.understanding();
    finance.kind == Some(crate::tools::TransactionType::Income)
        && reading
            .cues()
            .has(crate::nlu::lexicon::cues().said.own_pay_words)
}

/// Whether the learned model has a label for the home route `route`;
/// without one its certainty of another reading is no evidence against
/// that route's exact phrase.
fn model_knows(reading: &Reading, route: &str) -> bool {
    reading
        .learned_at_rest()
        .is_some_and(|scores| scores.knows(route))
}

/// Whether the learned model is near certain ([`LEARNED_CERTAIN`]) the
/// message is a finance request: then an agent's phrase in its words
/// ("ya me pagaron la raya, 2,800" holds "ya me pagaron") does not make
/// it that agent's.
pub fn finance_certain(reading: &Reading) -> bool {
    reading.learned_at_rest().is_some_and(|scores| {
        let (label, p) = scores.best();
        label.starts_with("finance.") && p as f32 >= LEARNED_CERTAIN
    })
}

/// Whether the model's label `label` (`cobros.pagado`) rests on words
/// the message negates: the labelled intent's phrases match the message
/// only with its negated words counted ("Don Chucho no me ha pagado" is
/// no «ya me pagó»). The model does not read negation; the rules do, and
/// a negated event is never the request to act on it.
fn label_negated(registry: &Registry, reading: &Reading, label: &str) -> bool {
    if label_denied(registry, reading, label).is_some() {
        return true;
    }
    let Some((route, own)) = label.split_once('.') else {
        return false;
    };
    if !reading.negated().iter().any(|n| *n) {
        return false;
    }
    let Some(agent) = registry.entered_by(route) else {
        return false;
    };
    if agent.reads_negation() {
        return false;
    }
    let with = intent_score(agent, own, &question_words(reading));
    let kept = intent_score(agent, own, &intent_words(reading));
    // Most of what the phrases found is in the negated words.
    with.is_some_and(|w| w > 0.0 && kept.unwrap_or(0.0) < w / 2.0)
}

/// The agent and the intent a message asks when the model's label names
/// an event its agent declares deniable (`denied`) and the message denies
/// every verb of money it says: "el Juan todavía no me paga nada" is no
/// «ya me pagó», it asks how Juan's cobro stands.
fn label_denied<'r>(
    registry: &'r Registry,
    reading: &Reading,
    label: &str,
) -> Option<(&'r Agent, &'r str)> {
    let (route, own) = label.split_once('.')?;
    let agent = registry.entered_by(route)?;
    let asked = agent.spec.denied.get(own)?;
    reading.money_denied().then_some((agent, asked.as_str()))
}

/// The intent of `agent` a denied event asks ([`label_denied`] on the
/// model's best label, or the agent's phrases read with the negated
/// words: [`super::understand::denied_intent`]).
pub fn denied_intent<'a>(
    registry: &Registry,
    agent: &'a Agent,
    reading: &Reading,
) -> Option<(&'a str, f32)> {
    if agent.spec.denied.is_empty() {
        return None;
    }
    let by_label = reading.learned_at_rest().and_then(|scores| {
        let (best, p) = scores.best();
        let (denied, asked) = label_denied(registry, reading, best)?;
        (denied.spec.id == agent.spec.id && p as f32 >= SURE).then(|| {
            let asked = agent.triggers.iter().find(|(i, _)| i == asked)?;
            Some((asked.0.as_str(), p as f32))
        })?
    });
    by_label.or_else(|| super::understand::denied_intent(agent, reading))
}

/// The learned model's sure label when it names `agent` (its route from
/// home): the label's own part, if it has one (`cobros.contacto` →
/// `contacto`), and how sure.
fn learned_for<'r>(
    registry: &Registry,
    agent: &Agent,
    reading: &Reading,
    scores: &'r crate::nlu::learned::Scores,
    floor: f32,
) -> Option<(Option<&'r str>, f32)> {
    let (best, p) = scores.best();
    if (p as f32) < floor || label_negated(registry, reading, best) {
        return None;
    }
    let (route, own) = match best.split_once('.') {
        Some((route, own)) => (route, Some(own)),
        None => (best, None),
    };
    let entered = registry.entered_by(route)?;
    (entered.spec.id == agent.spec.id).then_some((own, p as f32))
}

/// Whether the learned model, reading the message at rest, is sure it is
/// for `agent`, the agent the person is talking to (just entered, or one
/// of its flows just finished): the home agent's arbiter weighed that
/// against the finance rules before it entered the agent, and a message
/// to the agent in conversation needs only a sure label ([`SURE`]), not
/// the surer one that routes from home, so the agent does not hand it
/// back ("me dio 100 nomás" after a cobro to Mari is Mari's payment).
pub fn learned_agent(registry: &Registry, agent: &Agent, reading: &Reading) -> bool {
    reading
        .learned_at_rest()
        .is_some_and(|scores| learned_for(registry, agent, reading, scores, SURE).is_some())
}

/// The learned model's pick among `agent`'s own intents, for a message
/// that just entered it from home with no flow open: the model's best
/// label, when sure ([`SURE`], as for [`learned_agent`]), names this agent (its route from home) and one of
/// its intents (`cobros.contacto` → `contacto`), or the agent has one.
pub fn learned_intent<'a>(
    registry: &Registry,
    agent: &'a Agent,
    reading: &Reading,
) -> Option<(&'a str, f32)> {
    let scores = reading.learned_at_rest()?;
    let (own, p) = learned_for(registry, agent, reading, scores, SURE)?;
    let intent = match own {
        Some(own) => agent.triggers.iter().find(|(intent, _)| intent == own)?,
        None if agent.triggers.len() == 1 => &agent.triggers[0],
        None => return None,
    };
    agent.tool_for_intent(&intent.0)?;
    Some((intent.0.as_str(), p))
}
