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
use super::state::{AgentState, Field, PendingWrite, RowChoice};
use crate::confidence::{ASK, CLEAR, LEARNED_SURE, SURE};
use crate::nlu::answers::{self, Decision, Nav};
use crate::nlu::small_talk::SmallTalk;
use crate::nlu::{Intent, Reading, Understanding};
use crate::tools::{AddTransactionsInput, TransactionRow};

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
    if wants_data_agent(state, &ctx.reading, state.has_open_flow()) {
        return verdict(Verdict::DataAgent);
    }
    // An answer to the open question comes first ("recarga" answers
    // "¿en qué categoría?"), unless it is a whole request of its own.
    let whole_request = data_request_in_answer(state, &ctx.reading);
    // Money a person handed over ("Beto me pagó 150") goes to the agent
    // that knows what people owe, a finance draft open or not.
    let statement = crate::agents::registry::shipped().is_ok_and(|registry| {
        crate::agents::claim::received_route(registry, &ctx.reading).is_some()
    });
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
        if ctx.reading.decision() == Decision::Reject && asks_a_value(state) {
            return verdict(Verdict::Leave(Nav::Cancel));
        }
        return verdict(Verdict::AtQuestion(at_question(state, &ctx.reading)));
    }
    verdict(learned_at_rest(&ctx.reading).unwrap_or(Verdict::NewRequest))
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
        SlotType::Phone => "ask_phone",
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
    let words = crate::agents::registry::intent_words(reading);
    crate::agents::understand::best_intent(registry.home(), &words).map_or(0.0, |(_, score)| score)
}

fn at_confirmation(state: &AgentState, reading: &Reading) -> AtConfirmation {
    if reading.decision() != Decision::Other {
        return AtConfirmation::Decision;
    }
    // A yes with more words is not a change of the draft (its words are
    // never read into it); the gate asks for the yes alone.
    if answers::opens_with_yes(reading) {
        return AtConfirmation::YesWithMore;
    }
    // "ah no, los tacos fueron 150" while several movements wait.
    if let Some(rows) = super::rows::patch_row(state, reading) {
        return AtConfirmation::PatchRow(rows);
    }
    // "y 80 de refresco": another movement for the same «sí», never a
    // change of the one shown.
    if let Some(rows) = super::rows::add_rows(state, reading) {
        return AtConfirmation::AddRows(rows);
    }
    if new_movement(reading) {
        return AtConfirmation::NewRequest;
    }
    if let Some(other) = names_another_row(state, reading) {
        return AtConfirmation::AnotherRow(Box::new(other));
    }
    let u = reading.understanding();
    // "y eran 250" while several movements wait: which one is asked.
    let several = matches!(
        state.pending_write(),
        Some(PendingWrite::AddTransactions(_))
    );
    if several && (is_correction(reading, u) || super::drafts::would_patch(state, reading)) {
        return AtConfirmation::WhichOfSeveral;
    }
    // "no, es ingreso, soy taxista": the kind named differs from the
    // movement shown, whatever else is said.
    let kind_changes = state.pending_transaction.as_ref().is_some_and(|draft| {
        answers::kind_named(reading, draft.kind).is_some_and(|kind| draft.kind != Some(kind))
    });
    if (kind_changes || is_correction(reading, u))
        && (state.pending_transaction.is_some() || state.pending_params.is_some())
    {
        return AtConfirmation::Correction;
    }
    if u.intent == Intent::QueryData && u.confidence >= SURE {
        return AtConfirmation::Question;
    }
    let whole = u.intent != Intent::LogTransaction || answers::complete_finance_request(reading);
    if u.intent != Intent::Unknown
        && u.intent != Intent::UpdateLastTransaction
        && u.confidence >= SURE
        && whole
    {
        return AtConfirmation::NewRequest;
    }
    // "el 12", "pero fue entre 4", "350": a bare piece that fits.
    if super::drafts::would_patch(state, reading) {
        return AtConfirmation::Piece;
    }
    AtConfirmation::NotAToken
}

fn at_question(state: &AgentState, reading: &Reading) -> AtQuestion {
    if let Some(again) = super::parse::simulation_follow_up(state, reading) {
        return AtQuestion::SimulationAgain(Box::new(again));
    }
    let u = reading.understanding();
    // "hojas 95" while the category of "masa 380" is asked: another
    // movement, never the amount of this one changed without a word.
    if answers_category(state) && another_amount(state, reading, u) {
        return AtQuestion::NewRequest;
    }
    let choosing_intent = !state.intent_candidates.is_empty();
    if !choosing_intent
        && !answers_closed_question(state, reading)
        && u.confidence >= CLEAR
        && is_full_request(reading, u)
    {
        if u.intent == Intent::QueryData {
            return AtQuestion::Question;
        }
        if replaces_draft(state, u) {
            return AtQuestion::NewRequest;
        }
    }
    AtQuestion::Answer
}

/// A message that stands on its own, not a bare answer ("180", "comida").
/// An answer comes first: "como 830 con la comisión" to "¿cuánto fue en
/// pesos?" is the amount, not a new income; only a whole request ("gasté
/// 300 en uber") is new.
fn is_full_request(reading: &Reading, u: &Understanding) -> bool {
    match u.intent {
        Intent::QueryData | Intent::DeleteLastTransaction | Intent::SimulatePurchase => true,
        Intent::LogTransaction => {
            u.amount.is_some() && u.category.is_some() && answers::complete_finance_request(reading)
        }
        Intent::SetBudget | Intent::ManageDebt => true,
        // "tengo 12,000 en el banco": the amount and the bank together.
        Intent::SetBankBalance => u.amount.is_some(),
        // While a draft is open a correction is about the draft.
        Intent::UpdateLastTransaction => false,
        Intent::Unknown => false,
    }
}

/// Whether a full request `u` is a new request rather than an answer that
/// patches the open draft: another kind of request, or the same kind about
/// something else ("gasté 300 en uber" while the taco's amount is asked).
fn replaces_draft(state: &AgentState, u: &Understanding) -> bool {
    if state.draft_intent == Some(Intent::ManageDebt) && u.intent == Intent::SetBankBalance {
        // "saldo 2,500" while a debt is open is the debt's balance.
        return false;
    }
    if state.draft_intent != Some(u.intent) {
        return true;
    }
    let draft_category = state
        .pending_transaction
        .as_ref()
        .and_then(|d| d.category.as_deref());
    u.intent == Intent::LogTransaction
        && (matches!((draft_category, u.category), (Some(open), Some(new)) if open != new.key)
            || amount_differs(state, u))
}

/// Whether `u` names an amount and the open movement another one.
fn amount_differs(state: &AgentState, u: &Understanding) -> bool {
    let draft_amount = state
        .pending_transaction
        .as_ref()
        .and_then(|d| d.amount_mxn_cents);
    matches!((draft_amount, u.amount), (Some(open), Some(new)) if open != new)
}

/// Whether a reply to a movement's question names another amount than the
/// movement's, with no word of correcting it ("no, eran 95" corrects).
fn another_amount(state: &AgentState, reading: &Reading, u: &Understanding) -> bool {
    // While a purchase is weighed ("¿me alcanza para unos audífonos de
    // 2000?"), a movement with its own place is one ("el martes fui al
    // súper, 1,250 en costco").
    let draft = match state.draft_intent {
        Some(Intent::LogTransaction) => {
            matches!(u.intent, Intent::LogTransaction | Intent::Unknown)
        }
        Some(Intent::SimulatePurchase) => {
            u.intent == Intent::LogTransaction && u.category.is_some()
        }
        _ => false,
    };
    amount_differs(state, u) && draft && !answers::starts_correction(reading.folded())
}

/// A whole new movement said plainly, with its own verb of money in or
/// out and its amount, and nothing that opens a correction ("hoy me
/// saqué 1,800 en el taxi"): a request of its own, whatever draft or row
/// its words recall.
fn new_movement(reading: &Reading) -> bool {
    let own = reading.understanding();
    own.intent == Intent::LogTransaction
        && own.kind_said
        && own.amount.is_some()
        && own.confidence >= CLEAR
        && !answers::starts_correction(reading.folded())
}

/// While the change of a stored movement waits for its "sí": the message
/// read as a change of another one ("el de los tacos fue ayer" when the
/// uber's waits), named by other words or another position.
fn names_another_row(state: &AgentState, reading: &Reading) -> Option<Understanding> {
    // A delete of another one is a request of its own, read as such later.
    if state.draft_intent != Some(Intent::UpdateLastTransaction)
        || reading.understanding().intent == Intent::DeleteLastTransaction
    {
        return None;
    }
    let pending = state.pending_target.clone().unwrap_or_default();
    let said = reading.understanding_as(Intent::UpdateLastTransaction);
    let target = said.target.clone()?;
    let other_words =
        !target.words.is_empty() && !target.words.iter().any(|w| pending.words.contains(w));
    // Position 1 is also what a change naming no movement falls back to.
    let other_position = target.words.is_empty()
        && target.position.is_some_and(|p| {
            Some(p) != pending.position && (p != 1 || answers::names_last_record(reading))
        });
    (other_words || other_position).then_some(said)
}

/// "no, fue en comida", "mejor 300", "eran 300": fixes a field of the
/// draft being confirmed.
fn is_correction(reading: &Reading, u: &Understanding) -> bool {
    let marker =
        answers::starts_correction(reading.folded()) || u.intent == Intent::UpdateLastTransaction;
    if !marker {
        return false;
    }
    // Read the fields as a correction would carry them.
    let fields = reading.understanding_as(Intent::UpdateLastTransaction);
    let has_field = fields.amount.is_some() || fields.category.is_some() || fields.date.is_some();
    has_field || answers::names_correction_field(reading.folded())
}

/// Whether the message is one of the answers a question with set answers
/// takes ("el total" to "¿tu parte es…?", "ya lo pagué hoy"): it answers,
/// even when it would read as a request of its own.
fn answers_closed_question(state: &AgentState, reading: &Reading) -> bool {
    match state.clarification_questions.first().map(|q| q.field) {
        Some(Field::SplitShare) => answers::split_answer(reading).is_some(),
        Some(Field::FutureDate) => crate::nlu::moments::future_answer(reading.folded()).is_some(),
        _ => false,
    }
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

/// Whether the Financial Agent's open question asks for a category (or
/// which intent), which a data agent's word may answer.
fn answers_category(state: &AgentState) -> bool {
    state.pending_write().is_none()
        && state.clarification_questions.first().is_some_and(|q| {
            matches!(
                q.field,
                Field::Category | Field::CategoryType | Field::Intent
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
