//! The arbiter: for every message that can be read, the one decision of
//! what it is, taken over one reading of it (`ctx.reading`) and the one
//! session (`AgentState`), and nothing else. It never changes anything:
//! `decide` returns a [`Verdict`] and the router carries it out.
//!
//! In the order they are weighed: a command; the repairs every agent
//! shares (leaving, help, "¿qué tengo pendiente?", the date, small talk);
//! the answer to a choice among listed movements; a data agent's turn
//! (one is active or waits for its «sí», or the message asks for one); a
//! clear request for a data agent while a finance draft is open (the
//! draft waits, named, and comes back); then what the finance prompt or
//! question open makes of it (an answer, a correction, a question in
//! passing, a new request that sets it aside); else a new request.
//! Every agent claims on one scale and the thresholds it is weighed by
//! live in one table, [`crate::confidence`]. Inside a data agent's flow,
//! the routing chain weighs the same claims with the same table
//! (`agents::chain::reads`).

use super::TurnCtx;
use super::state::{AgentState, Field, RowChoice};
use crate::confidence::{ASK, CLEAR, LEARNED_SURE, SURE};
use crate::nlu::answers::{self, Decision, Nav};
use crate::nlu::small_talk::SmallTalk;
use crate::nlu::{Intent, Reading, Understanding};
use crate::tools::{AddTransactionsInput, TransactionRow};

mod draft;
mod saved;
use draft::{at_confirmation, at_question};
use saved::{corrects_agent_save, corrects_coded_record};

/// What a message is, decided once.
#[derive(Debug)]
pub enum Verdict {
    /// `/start`, `/ayuda`…: the command's name.
    Command(String),
    Leave(Nav),
    Help,
    /// "¿qué tengo pendiente?"
    AskPending,
    /// "¿qué día es hoy?"
    Today,
    SmallTalk(SmallTalk),
    /// "2" to "¿cuál quieres corregir?": that movement.
    RowChosen {
        row: TransactionRow,
        delete: bool,
    },
    /// A position past the end of the list: the list again.
    RowOutOfRange(RowChoice),
    /// The routing chain of the data agents takes the turn.
    DataAgent,
    /// A data agent's intent starts from the message, as a host's start
    /// does (a correction of what that agent saved the turn before).
    StartAgent(crate::agents::state::Start),
    /// A clear request for a data agent while a finance draft is open:
    /// the draft waits, whole and named.
    DraftWaitsForDataAgent,
    /// The finance write waiting for its «sí» decides.
    AtConfirmation(AtConfirmation),
    /// The finance question open decides.
    AtQuestion(AtQuestion),
    /// Read as a new finance request.
    NewRequest,
}

/// What a message is while a finance write waits for its «sí».
#[derive(Debug)]
pub enum AtConfirmation {
    /// Sí or no (a token, or a press).
    Decision,
    /// "si, perdón, me entretuve": a yes with more words.
    YesWithMore,
    /// One of several movements changes: the rows as they become.
    PatchRow(AddTransactionsInput),
    /// Another movement for the same «sí».
    AddRows(AddTransactionsInput),
    /// A change of another stored movement than the one waiting.
    AnotherRow(Box<Understanding>),
    /// A change that names none of several movements waiting.
    WhichOfSeveral,
    /// A correction of the draft shown.
    Correction,
    /// A question answered in passing; the prompt is asked again.
    Question,
    /// A new request sets the prompt aside, named.
    NewRequest,
    /// A bare piece that fits the draft ("el 12", "350").
    Piece,
    /// "bórralo", "quítalo" with no record named: the draft shown is
    /// what it points at, and it is turned down.
    Withdraw,
    /// None of these: the gate answers.
    NotAToken,
}

/// What a message is while a finance question is open.
#[derive(Debug)]
pub enum AtQuestion {
    /// "¿y si fueran de 2,500?": the simulation at another price.
    SimulationAgain(Box<Understanding>),
    /// A question answered in passing; the open one is asked again.
    Question,
    /// A new request that sets the open question aside.
    NewRequest,
    /// A change of a movement saved before, read as such; the open
    /// question is set aside.
    AnotherRow(Box<Understanding>),
    /// The amount asked, given for several movements at once ("200 de
    /// tortillas y 80 de refresco" to "¿cuánto fue?"): the movements are
    /// the request, the draft that asked gives way to them.
    Pieces,
    /// The answer to the open question.
    Answer,
}

/// The decision, and whether a choice among listed movements left
/// unanswered is set aside first (the message then decides as though
/// nothing finance were open).
#[derive(Debug)]
pub struct Arbitration {
    pub row_choice_aside: bool,
    pub verdict: Verdict,
}

/// Decides what the message is. Pure: the router carries it out.
pub fn decide(state: &AgentState, ctx: &TurnCtx) -> Arbitration {
    let verdict = |verdict| Arbitration {
        row_choice_aside: false,
        verdict,
    };
    // A turn the host starts goes to the data agent it names.
    if ctx.start.is_some() {
        return verdict(Verdict::DataAgent);
    }
    if let Some(command) = ctx.reading.text().strip_prefix('/') {
        return verdict(Verdict::Command(command.to_string()));
    }
    if let Some(repair) = repair(state, &ctx.reading) {
        return verdict(repair);
    }
    if let Some(choice) = &state.row_choice {
        let words: Vec<&str> = ctx.reading.words().collect();
        let said = crate::agents::understand::number_alone(&ctx.reading)
            .or_else(|| crate::agents::understand::ordinal(&words))
            .or_else(|| answers::numbered_choice(&ctx.reading, choice.rows.len()));
        // "el 2, el de la luz" when the 2nd is the súper's: which one is
        // meant is asked again.
        let contradicts = |row: &crate::tools::TransactionRow| {
            ctx.reading
                .understanding()
                .category
                .is_some_and(|c| c.key != row.category)
        };
        match said.map(|n| choice.rows.get(n).cloned()) {
            Some(Some(row)) if contradicts(&row) => {
                return verdict(Verdict::RowOutOfRange(choice.clone()));
            }
            Some(Some(row)) => {
                return verdict(Verdict::RowChosen {
                    row,
                    delete: choice.delete,
                });
            }
            Some(None) => return verdict(Verdict::RowOutOfRange(choice.clone())),
            // Set aside: nothing finance is open any more.
            None => {
                let data = wants_data_agent(state, &ctx.reading, false);
                return Arbitration {
                    row_choice_aside: true,
                    verdict: if data {
                        Verdict::DataAgent
                    } else {
                        Verdict::NewRequest
                    },
                };
            }
        }
    }
    if let Some(start) = corrects_agent_save(state, &ctx.reading)
        .or_else(|| corrects_coded_record(state, &ctx.reading))
    {
        return verdict(Verdict::StartAgent(start));
    }
    if wants_data_agent(state, &ctx.reading, state.has_open_flow()) {
        return verdict(Verdict::DataAgent);
    }
    // An answer to the open question comes first ("recarga" answers
    // "¿en qué categoría?"), unless it is a whole request of its own.
    let whole_request = data_request_in_answer(state, &ctx.reading);
    // Money a person handed over ("Beto me pagó 150") goes to the agent
    // that knows what people owe, a finance draft open or not.
    let statement = state.has_open_flow()
        && (owed_to_user(&ctx.reading)
            || crate::agents::registry::shipped().is_ok_and(|registry| {
                crate::agents::claim::received_route(registry, &ctx.reading).is_some()
            }));
    let data_request = statement
        || !answers::complete_finance_request(&ctx.reading)
            && (whole_request || trigger_only(&ctx.reading) >= CLEAR);
    if state.has_open_flow()
        && ctx.reading.decision() == Decision::Other
        && (!answers_category(state) || whole_request || statement)
        && data_request
    {
        return verdict(Verdict::DraftWaitsForDataAgent);
    }
    if state.pending_write().is_some() {
        return verdict(Verdict::AtConfirmation(at_confirmation(
            state,
            &ctx.reading,
        )));
    }
    if !state.clarification_questions.is_empty() {
        // A bare "no" to a question that asks for a value (a category, an
        // amount, a name) is "never mind": what was open is left, named.
        if ctx.reading.decision() == Decision::Reject && asks_a_value(state)
            || says_nothing(&ctx.reading) && asks_what(state)
        {
            return verdict(Verdict::Leave(Nav::Cancel));
        }
        return verdict(Verdict::AtQuestion(at_question(state, &ctx.reading)));
    }
    verdict(learned_at_rest(&ctx.reading).unwrap_or(Verdict::NewRequest))
}

/// Money someone owes the user, with its amount ("también don Beto me debe
/// una luca"): what the agent that knows what people owe is for, never an
/// answer to a finance question nor a value of its draft.
fn owed_to_user(reading: &Reading) -> bool {
    reading
        .cues()
        .has(crate::nlu::lexicon::cues().debts.owed_to_me)
        && !reading.extraction().amounts.is_empty()
        && !reading.is_question()
}

/// Whether a reply to the open finance question is a whole request for a
/// data agent rather than the answer ("cóbrale 350 a doña Mari por los
/// tamales" to "¿en qué categoría va?"): the learned model, reading it in
/// the question's context, is sure it names one of the home agent's
/// routes, and the reply says more than a bare answer would (a number, or
/// three words or more: "recarga" alone is still the category).
fn data_request_in_answer(state: &AgentState, reading: &Reading) -> bool {
    if state.clarification_questions.is_empty() {
        return false;
    }
    let Some(scores) = question_context(state).and_then(|c| reading.learned_at(c)) else {
        return false;
    };
    let (label, p) = scores.best();
    let route = label.split('.').next().unwrap_or(label);
    let routes = crate::agents::registry::shipped()
        .is_ok_and(|r| r.home().triggers.iter().any(|(intent, _)| intent == route));
    let more_than_an_answer = reading
        .tokens()
        .iter()
        .any(|t| t.kind == crate::nlu::normalize::TokenKind::Number)
        || reading.words().count() >= 3;
    p as f32 >= LEARNED_SURE && routes && more_than_an_answer
}

/// A reply to an open question that the learned model, reading it in the
/// question's context, is sure wants to stop ("ya no, déjalo así"): it
/// leaves what is on top, named, as "cancelar" would. A reply with a
/// number in it is always read as an answer first.
fn learned_leave(state: &AgentState, reading: &Reading) -> Option<Nav> {
    let context = question_context(state)?;
    if reading
        .tokens()
        .iter()
        .any(|t| t.kind == crate::nlu::normalize::TokenKind::Number)
    {
        return None;
    }
    let (label, p) = reading.learned_at(context)?.best();
    (label == "dialogue.leave" && p as f32 >= LEARNED_SURE).then_some(Nav::Cancel)
}

/// A bare no ("no", "ahorita no", "nel, no quiero") to a data flow's
/// question that asks for a value, where no answer is a no (a choice may
/// hold one): "never mind", as at a finance question.
fn declines_value(state: &AgentState, reading: &Reading) -> bool {
    let asks_value = state.clarification_questions.is_empty()
        && question_context(state).is_some_and(|context| context != "ask_choice");
    let number = reading
        .tokens()
        .iter()
        .any(|t| t.kind == crate::nlu::normalize::TokenKind::Number);
    // "no sé cuál es" does not know; it declines nothing.
    let c = crate::nlu::lexicon::cues();
    let filler = reading
        .tokens()
        .windows(2)
        .any(|w| w[0].is_in(c.said.no_words) && w[1].is_in(c.said.no_fillers));
    // "a nadie" to "¿a quién le quieres cobrar?": no one, so never mind.
    let no_one = says_nothing(reading) && question_context(state) == Some("ask_person");
    asks_value
        && !number
        && !filler
        && (reading.decision() == Decision::Reject
            || no_one
            || answers::opens_with_no(reading) && answers::loose(reading) == answers::Loose::No)
}

/// The learned model's context for the question open, if one is: the
/// finance question asked, or the kind of the slot a data flow collects.
fn question_context(state: &AgentState) -> Option<&'static str> {
    if let Some(question) = state.clarification_questions.first() {
        return Some(match question.field {
            Field::Amount | Field::ForeignAmount | Field::BudgetCap | Field::BankBalance => {
                "ask_amount"
            }
            Field::Category | Field::CategoryType => "ask_category",
            Field::Date | Field::FutureDate => "ask_date",
            Field::DebtName => "ask_person",
            Field::DebtChange | Field::Intent | Field::CorrectionField | Field::SplitShare => {
                "ask_choice"
            }
        });
    }
    let frame = state.agent_stack.last()?;
    let crate::agents::state::Waiting::Slot { slot, .. } = &frame.waiting else {
        return None;
    };
    let registry = crate::agents::registry::shipped().ok()?;
    let spec = registry.agent(&frame.agent_id)?.spec.slots.get(slot)?;
    use crate::agents::spec::SlotType;
    Some(match spec.kind {
        SlotType::MoneyMxn | SlotType::MoneyUsd | SlotType::Integer => "ask_amount",
        SlotType::Date => "ask_date",
        SlotType::FutureDate => "ask_due_date",
        SlotType::Category => "ask_category",
        SlotType::Period => "ask_period",
        SlotType::Person => "ask_person",
        SlotType::Concept | SlotType::Text | SlotType::Label => "ask_concept",
        SlotType::MonthDays => "ask_date",
        SlotType::Phone | SlotType::Digits => "ask_phone",
        SlotType::Choice | SlotType::Switch | SlotType::Code => "ask_choice",
    })
}

/// A message at rest that no rule reads as a request and no agent
/// claims, read by the learned model when it is sure: a question about
/// what Caja does, small talk, or something Caja does not do (each
/// answered as such, never with a guess at a movement).
fn learned_at_rest(reading: &Reading) -> Option<Verdict> {
    if reading.understanding().intent != Intent::Unknown {
        return None;
    }
    let (label, p) = reading.learned_at_rest()?.best();
    if (p as f32) < LEARNED_SURE {
        return None;
    }
    let kind = |name| crate::nlu::small_talk::kind_named(name).map(Verdict::SmallTalk);
    match label {
        "dialogue.help" => Some(Verdict::Help),
        "out_of_scope" => kind("out_of_scope"),
        _ => kind(label.strip_prefix("small_talk.")?),
    }
}

/// The repair patterns read the same way in every agent, before any agent
/// reads the message.
fn repair(state: &AgentState, reading: &Reading) -> Option<Verdict> {
    if let Some(nav) = answers::leave(reading).or_else(|| learned_leave(state, reading)) {
        return Some(Verdict::Leave(nav));
    }
    if declines_value(state, reading) {
        return Some(Verdict::Leave(Nav::Cancel));
    }
    if answers::is_help(reading.folded()) {
        return Some(Verdict::Help);
    }
    if answers::asks_pending(reading) {
        return Some(Verdict::AskPending);
    }
    if answers::asks_today(reading) {
        return Some(Verdict::Today);
    }
    let idle = !state.has_open_flow() && state.agent_stack.len() <= 1;
    if answers_open_slot(state) {
        return None;
    }
    small_talk(reading, idle).map(Verdict::SmallTalk)
}

/// The small talk a message is: one made only of it, anywhere; one that
/// holds it among other words ("grax wey, eres un crack") only when
/// nothing is open (`idle`, so no answer is lost) and the rest asks for
/// nothing: no finance request, no other agent's trigger.
pub fn small_talk(reading: &Reading, idle: bool) -> Option<SmallTalk> {
    if let Some(talk) = crate::nlu::small_talk::read(reading.tokens()) {
        return Some(talk);
    }
    if !idle {
        return None;
    }
    let talk = crate::nlu::small_talk::said(reading.tokens())?;
    let u = reading.understanding();
    let finance = u.intent != Intent::Unknown && u.confidence >= SURE;
    let agent = home_trigger(reading) >= ASK;
    (!finance && !agent).then_some(talk)
}

/// Whether the data agents' chain takes the message: a data agent is
/// active or waits for its «sí», or (with no finance flow open) the
/// message asks for one.
fn wants_data_agent(state: &AgentState, reading: &Reading, finance_open: bool) -> bool {
    if crate::agents::registry::shipped().is_err() {
        return false;
    }
    let home = crate::agents::registry::HOME;
    let active = state.agent_stack.last().is_some_and(|f| f.agent_id != home);
    if active
        || state
            .pending_action
            .as_ref()
            .is_some_and(|p| p.service().is_some())
    {
        return true;
    }
    !finance_open && home_route(reading)
}

/// Whether the home agent routes the message to a data agent
/// ([`crate::agents::claim::home_route`], the one rule the chain follows).
fn home_route(reading: &Reading) -> bool {
    crate::agents::registry::shipped()
        .is_ok_and(|registry| crate::agents::claim::home_route(registry, reading).is_some())
}

/// How surely the message said at rest asks for a data agent (0 to 1):
/// the home agent's claim (`agents::claim`: trigger phrases and the
/// learned model), read once per message.
pub fn home_trigger(reading: &Reading) -> f32 {
    reading.home_trigger(|| {
        let Ok(registry) = crate::agents::registry::shipped() else {
            return 0.0;
        };
        crate::agents::claim::home_claim(registry, reading).map_or(0.0, |c| c.score)
    })
}

/// How well the message matches a trigger phrase of a home route, for a
/// message said while a finance question is open (the learned claim is
/// read at rest only).
fn trigger_only(reading: &Reading) -> f32 {
    let Ok(registry) = crate::agents::registry::shipped() else {
        return 0.0;
    };
    if crate::agents::claim::tells_purpose(reading) {
        return 0.0;
    }
    let words = crate::agents::registry::intent_words(reading);
    crate::agents::understand::best_intent(registry.home(), &words).map_or(0.0, |(_, score)| score)
}

/// "nada", "a nadie": the whole answer says there is nothing to give.
fn says_nothing(reading: &Reading) -> bool {
    let c = crate::nlu::lexicon::cues();
    let mut words = reading
        .tokens()
        .iter()
        .filter(|t| !t.is_in(c.days.answer_fillers) && !t.is_in(c.debts.person_prepositions));
    let first = words.next();
    first.is_some_and(|t| t.is_in(c.answers.nothing_answers))
        && words.all(|t| t.is_in(c.answers.nothing_answers))
}

/// Whether the open question asks what to do or which thing (what to
/// change, which intent), where "nada" is no value but never mind.
fn asks_what(state: &AgentState) -> bool {
    state
        .clarification_questions
        .first()
        .is_some_and(|q| matches!(q.field, Field::CorrectionField | Field::Intent))
}

/// Whether the Financial Agent's open question asks for a value a "no"
/// cannot be (not a choice, a share or whether a day is to come).
fn asks_a_value(state: &AgentState) -> bool {
    state.clarification_questions.first().is_some_and(|q| {
        matches!(
            q.field,
            Field::Amount
                | Field::ForeignAmount
                | Field::Category
                | Field::CategoryType
                | Field::Date
                | Field::DebtName
                | Field::BudgetCap
                | Field::BankBalance
        )
    })
}

/// Whether the Financial Agent's open question asks for a category, a
/// debt's name ("crédito del carro") or which intent, which a data
/// agent's word may answer.
pub(super) fn answers_category(state: &AgentState) -> bool {
    state.pending_write().is_none()
        && state.clarification_questions.first().is_some_and(|q| {
            matches!(
                q.field,
                Field::Category | Field::CategoryType | Field::Intent | Field::DebtName
            )
        })
}

/// Whether the active data agent waits for free text, which small talk
/// never answers for it.
fn answers_open_slot(state: &AgentState) -> bool {
    use crate::agents::state::Waiting;
    let Some(Waiting::Slot { slot, .. }) = state.agent_stack.last().map(|f| &f.waiting) else {
        return false;
    };
    let registry = crate::agents::registry::shipped().ok();
    registry
        .and_then(|r| r.agent(&state.agent_stack.last()?.agent_id))
        .and_then(|a| a.spec.slots.get(slot))
        .is_some_and(|s| s.kind == crate::agents::spec::SlotType::Text)
}
