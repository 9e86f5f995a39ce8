//! router: decides where a message goes. Open questions go to clarify
//! (patch mode), a pending write to confirm, everything else to parse.
//! Bad input and commands are answered here.

use super::state::AgentState;
use super::{TurnCtx, text};
use crate::graph::NodeOutcome;
use crate::nlu::answers::{self, Command, Decision};
use crate::nlu::small_talk::SmallTalk;
use crate::nlu::{Intent, Understanding};

mod open;

/// Where a message goes: input that cannot be read is answered at once,
/// then commands, the repair patterns every agent shares, the choice of a
/// listed movement, the data agents, and the prompt or question open.
pub fn router(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    if let Some(answered) = unreadable(state, ctx) {
        return answered;
    }
    let trimmed = ctx.reading.text().to_string();
    let folded = ctx.reading.folded().to_string();
    if let Some(command) = trimmed.strip_prefix('/') {
        let outcome = handle_command(state, ctx, command);
        state.last_user_message = trimmed;
        return outcome;
    }
    // Leaving, help and small talk are read the same way in every agent,
    // before any agent reads the message; the open question of whichever
    // agent holds the turn is asked again by respond.
    if let Some(nav) = answers::leave(&ctx.reading) {
        let outcome = leave(state, ctx, nav);
        state.last_user_message = trimmed;
        return outcome;
    }
    if answers::is_help(&folded) {
        state.last_user_message = trimmed;
        ctx.say(text::HELP);
        return NodeOutcome::because("respond", "help");
    }
    // "¿qué tengo pendiente?": answered from the one place that knows.
    if answers::asks_pending(&ctx.reading) {
        state.last_user_message = trimmed;
        return super::pending::what_is_open(state, ctx);
    }
    if answers::asks_today(&ctx.reading) {
        state.last_user_message = trimmed;
        ctx.say(text::today(ctx.today));
        return NodeOutcome::because("respond", "what day it is");
    }
    let idle = !state.has_open_flow() && state.agent_stack.len() <= 1;
    if !answers_open_slot(state)
        && let Some(talk) = small_talk(&ctx.reading, idle)
    {
        state.last_user_message = trimmed;
        ctx.say(talk.reply());
        ctx.small_talk = Some(talk);
        return NodeOutcome::because("respond", "small talk");
    }
    // "2" to "¿cuál quieres corregir?": that movement's prompt.
    if let Some(choice) = state.row_choice.clone() {
        let words: Vec<&str> = ctx.reading.words().collect();
        let said = crate::agents::understand::number_alone(&ctx.reading)
            .or_else(|| crate::agents::understand::ordinal(&words));
        state.last_user_message = trimmed.clone();
        match said.map(|n| choice.rows.get(n).cloned()) {
            Some(Some(row)) => {
                return super::execute_tools::prepare_change(state, ctx, row, choice.delete, false);
            }
            // "9" among five: the list again, nothing dropped.
            Some(None) => {
                ctx.say(text::which_row(
                    &choice.rows,
                    choice.delete,
                    choice.rows.len(),
                ));
                return NodeOutcome::because("respond", "choice out of range");
            }
            None => set_aside(state, ctx, "new_request"),
        }
    }
    if super::delegate::wants(state, ctx) {
        return NodeOutcome::because("delegate", "a data agent's turn");
    }
    // A clear request for a data agent while a finance draft is open: the
    // draft waits (named, its prompt keeping its id and expiry) and comes
    // back when that agent is done, as a data flow waits for a finance
    // request; an answer to the open question comes first ("recarga"
    // answers "¿en qué categoría?").
    if state.has_open_flow()
        && ctx.reading.decision() == Decision::Other
        && !answers_category(state)
        && !answers::complete_finance_request(&ctx.reading)
        && super::delegate::clear_request(ctx)
    {
        wait_aside(state, ctx);
        state.last_user_message = trimmed;
        return NodeOutcome::because("delegate", "a clear request for a data agent");
    }

    if state.pending_action.is_pending() {
        return open::at_confirmation(state, ctx, trimmed);
    }
    if !state.clarification_questions.is_empty() {
        return open::at_question(state, ctx, trimmed);
    }
    state.last_user_message = trimmed;
    NodeOutcome::because("parse", "new message")
}

/// Input answered before anything reads it: too long, no words (a
/// reaction is answered as the words it stands for), or a button of a
/// prompt that is no longer the pending one (it says what became of it).
fn unreadable(state: &mut AgentState, ctx: &mut TurnCtx) -> Option<NodeOutcome> {
    if ctx.config.too_long(&ctx.message) {
        ctx.say(text::TOO_LONG);
        return Some(NodeOutcome::because("respond", "message too long"));
    }
    let trimmed = ctx.reading.text().to_string();
    let folded = ctx.reading.folded();
    let wordless = folded.trim().is_empty() || !folded.chars().any(|c| c.is_ascii_alphanumeric());
    // A press is read from its button, whatever its label.
    if wordless && ctx.press.is_none() {
        // "👍" or "🙏" alone is a reaction, never a "sí": answered as the
        // words it stands for; an open question is asked again by respond.
        if let Some(talk) = crate::nlu::small_talk::reaction(&trimmed) {
            state.last_user_message = trimmed;
            ctx.say(if state.confirmation_id().is_some() {
                text::REACTION_NOT_YES
            } else {
                talk.reply()
            });
            ctx.small_talk = Some(talk);
            return Some(NodeOutcome::because("respond", "a reaction"));
        }
        ctx.say(if trimmed.is_empty() {
            text::EMPTY
        } else {
            text::NO_WORDS
        });
        return Some(NodeOutcome::because("respond", "empty message"));
    }
    // A button press for a prompt that is no longer the pending one says
    // what became of it.
    if let Some(super::Press { prompt: id, .. }) = &ctx.press {
        use super::ConfirmationStatus as Status;
        use crate::gate::Press;
        let said = match crate::gate::press(
            state.confirmation_id(),
            state.last_decided.as_ref(),
            &state.reoffers,
            id,
        ) {
            Press::Current => None,
            Press::Reoffered => Some((text::REOFFERED_BUTTON, Status::Expired)),
            Press::AlreadyConfirmed => {
                Some((text::dialogue::ALREADY_CONFIRMED, Status::AlreadyConfirmed))
            }
            Press::AlreadyRejected => Some((text::dialogue::ALREADY_REJECTED, Status::Stale)),
            Press::Stale => Some((text::STALE_BUTTON, Status::Stale)),
        };
        if let Some((said, status)) = said {
            // The host's toast follows the status ("Ya estaba guardado").
            ctx.confirmation = status;
            ctx.say(said);
            return Some(NodeOutcome::because("respond", "stale confirmation button"));
        }
    }
    None
}

/// Leaves only what is on top when something waits under it: a finance
/// draft that interrupted a data flow, or a data agent's flow while a
/// finance draft waits. Its name, or `None` when nothing waits below.
fn leave_top(state: &mut AgentState, ctx: &mut TurnCtx) -> Option<String> {
    let finance = text::dialogue::finance_flow(state);
    if let Some(finance) = finance.filter(|_| crate::agents::chain::interrupted(&state.agent_stack))
    {
        state.backup("cancel", &ctx.now_iso);
        state.clear_flow();
        return Some(finance);
    }
    state.waiting_draft.as_ref()?;
    let named = drop_data_flows(state, ctx);
    (!named.is_empty()).then(|| named.join(" y "))
}

/// Drops every open flow of every data agent to the backup log, back to
/// the home agent with nothing asked; their names, in order.
fn drop_data_flows(state: &mut AgentState, ctx: &TurnCtx) -> Vec<String> {
    let Ok(registry) = crate::agents::registry::shipped() else {
        return Vec::new();
    };
    let mut o = state.orchestra();
    let mut named = Vec::new();
    for (name, flow) in crate::agents::chain::open_flows(registry, &o) {
        state.backup_flow("cancel", &ctx.now_iso, name.clone(), flow);
        named.push(name);
    }
    o.agent_stack.truncate(1);
    if let Some(home) = o.agent_stack.first_mut() {
        home.waiting = Default::default();
        home.suspended_flow = None;
        home.suspended_confirmation = None;
    }
    o.current_flow = None;
    o.pending_confirmation = None;
    state.store_orchestra(o);
    named
}

/// The small talk a message is: one made only of it, anywhere; one that
/// holds it among other words ("grax wey, eres un crack") only when
/// nothing is open (`idle`, so no answer is lost) and the rest asks for
/// nothing: no finance request, no other agent's trigger.
pub fn small_talk(reading: &crate::nlu::Reading, idle: bool) -> Option<SmallTalk> {
    if let Some(talk) = crate::nlu::small_talk::read(reading.tokens()) {
        return Some(talk);
    }
    if !idle {
        return None;
    }
    let talk = crate::nlu::small_talk::said(reading.tokens())?;
    let u = reading.understanding();
    let finance = u.intent != Intent::Unknown && u.confidence >= crate::confidence::SURE;
    let agent = super::delegate::home_trigger(reading) >= crate::confidence::ASK;
    (!finance && !agent).then_some(talk)
}

/// A message that stands on its own, not a bare answer ("180", "comida").
/// An answer comes first: "como 830 con la comisión" to "¿cuánto fue en
/// pesos?" is the amount, not a new income; only a whole request ("gasté
/// 300 en uber") is new.
fn is_full_request(reading: &crate::nlu::Reading, u: &crate::nlu::Understanding) -> bool {
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
fn replaces_draft(state: &AgentState, u: &crate::nlu::Understanding) -> bool {
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
        && matches!((draft_category, u.category), (Some(open), Some(new)) if open != new.key)
}

/// Backs up the open flow, clears it and says so: nothing the user started
/// is dropped without a word.
fn set_aside(state: &mut AgentState, ctx: &mut TurnCtx, reason: &str) {
    let what = text::dialogue::finance_flow(state);
    state.backup(reason, &ctx.now_iso);
    state.clear_flow();
    ctx.say(text::dialogue::set_aside(what.as_deref()));
}

/// Sets the open finance draft to wait for another agent's request; one
/// already waiting is dropped to the backup log and named.
fn wait_aside(state: &mut AgentState, ctx: &mut TurnCtx) {
    let what =
        text::dialogue::finance_flow(state).unwrap_or_else(|| text::dialogue::LAST_DRAFT.into());
    if let Some(waiting) = state.drop_waiting_draft("new_request", &ctx.now_iso) {
        ctx.say(text::dialogue::set_aside(Some(&waiting)));
    }
    ctx.say(text::dialogue::waits(&what));
    state.suspend_draft(what);
}

/// While the change of a stored movement waits for its "sí": the message
/// read as a change of another one ("el de los tacos fue ayer" when the
/// uber's waits), named by other words or another position.
fn names_another_row(state: &AgentState, reading: &crate::nlu::Reading) -> Option<Understanding> {
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
fn is_correction(reading: &crate::nlu::Reading, u: &Understanding) -> bool {
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
fn answers_closed_question(state: &AgentState, reading: &crate::nlu::Reading) -> bool {
    use super::state::Field;
    match state.clarification_questions.first().map(|q| q.field) {
        Some(Field::SplitShare) => answers::split_answer(reading).is_some(),
        Some(Field::FutureDate) => crate::nlu::moments::future_answer(reading.folded()).is_some(),
        _ => false,
    }
}

/// Whether the Financial Agent's open question asks for a category (or
/// which intent), which a data agent's word may answer.
fn answers_category(state: &AgentState) -> bool {
    use super::state::Field;
    !state.pending_action.is_pending()
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

/// "cancelar", "salir", "nada, olvídalo", "menú principal": everything
/// open in every agent is dropped (kept in the backup log) and named, and
/// the thread is home.
fn leave(state: &mut AgentState, ctx: &mut TurnCtx, nav: answers::Nav) -> NodeOutcome {
    let mut dropped: Vec<String> = Vec::new();
    let in_agent = state.agent_stack.len() > 1;
    // The prompt open now, if any, is cancelled: a late button says so.
    let pending = state.confirmation_id().map(|id| crate::gate::Decided {
        id: id.to_string(),
        confirmed: false,
    });
    // "mejor no" leaves what is on top; what waits below it comes back
    // (respond asks it again). "cancela todo" and the main menu leave all.
    let everything = nav == answers::Nav::Home || answers::says_everything(&ctx.reading);
    if !everything && let Some(top) = leave_top(state, ctx) {
        if pending.is_some() {
            state.last_decided = pending;
            ctx.confirmation = super::ConfirmationStatus::Rejected;
        }
        ctx.say(text::dialogue::cancelled(&[top]));
        return NodeOutcome::because("respond", "cancelled the request on top");
    }
    if let Some(finance) = text::dialogue::finance_flow(state) {
        state.backup("cancel", &ctx.now_iso);
        dropped.push(finance);
    }
    state.clear_flow();
    if let Some(waiting) = state.drop_waiting_draft("cancel", &ctx.now_iso) {
        dropped.push(waiting);
    }
    dropped.extend(drop_data_flows(state, ctx));
    if pending.is_some() {
        state.last_decided = pending;
        ctx.confirmation = super::ConfirmationStatus::Rejected;
    }
    match (dropped.is_empty(), in_agent, nav) {
        (false, _, _) => {
            ctx.say(text::dialogue::cancelled(&dropped));
            NodeOutcome::because("respond", "cancelled open flow")
        }
        (true, true, _) => {
            ctx.say(crate::agents::text::HOME_AGAIN);
            NodeOutcome::because("respond", "back home")
        }
        (true, false, answers::Nav::Cancel) => {
            ctx.say(text::NOTHING_TO_CANCEL);
            NodeOutcome::because("respond", "nothing to cancel")
        }
        (true, false, _) => {
            ctx.say(text::HELP);
            NodeOutcome::because("respond", "main menu")
        }
    }
}

fn handle_command(state: &mut AgentState, ctx: &mut TurnCtx, command: &str) -> NodeOutcome {
    let name = command
        .split_whitespace()
        .next()
        .unwrap_or("")
        .split('@')
        .next()
        .unwrap_or("");
    match answers::command(name) {
        Command::Start => {
            ctx.say(text::GREETING);
            ctx.say(text::HELP);
            NodeOutcome::because("respond", "command /start")
        }
        Command::Help => {
            ctx.say(text::HELP);
            NodeOutcome::because("respond", "command /ayuda")
        }
        Command::Cancel => leave(state, ctx, answers::Nav::Cancel),
        Command::Summary => {
            if state.has_open_flow() {
                state.backup("command_resumen", &ctx.now_iso);
                state.clear_flow();
            }
            ctx.understanding = Some(Understanding::month_summary(ctx.today));
            NodeOutcome::because("parse", "command /resumen")
        }
        Command::Unknown => {
            ctx.say(text::UNKNOWN_COMMAND);
            NodeOutcome::because("respond", "unknown command")
        }
    }
}
