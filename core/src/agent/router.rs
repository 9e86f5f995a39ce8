//! router: carries out what the arbiter decides a message is. Open
//! questions go to clarify (patch mode), a pending write to confirm, a
//! data agent's turn to delegate, everything else to parse. Bad input and
//! commands are answered here.

use super::arbiter::{Arbitration, Verdict};
use super::state::AgentState;
use super::{TurnCtx, text};
use crate::agent::text::reasons;
use crate::graph::NodeOutcome;
use crate::nlu::Understanding;
use crate::nlu::answers::{self, Command};

mod open;

/// Where a message goes: input that cannot be read is answered at once;
/// everything else is what the arbiter (`arbiter::decide`) says it is,
/// carried out here.
pub fn router(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    if let Some(answered) = unreadable(state, ctx) {
        return answered;
    }
    let trimmed = ctx.reading.text().to_string();
    let Arbitration {
        row_choice_aside,
        verdict,
    } = super::arbiter::decide(state, ctx);
    if row_choice_aside {
        state.last_user_message.clone_from(&trimmed);
        set_aside(state, ctx, "new_request");
    }
    if let Verdict::AtConfirmation(at) = verdict {
        return open::at_confirmation(state, ctx, trimmed, at);
    }
    if let Verdict::AtQuestion(at) = verdict {
        return open::at_question(state, ctx, trimmed, at);
    }
    let outcome = match verdict {
        Verdict::Command(command) => handle_command(state, ctx, &command),
        Verdict::Leave(nav) => leave(state, ctx, nav),
        Verdict::Help => {
            ctx.say(text::HELP);
            NodeOutcome::because("respond", reasons::HELP)
        }
        // "¿qué tengo pendiente?": answered from the one place that knows.
        Verdict::AskPending => {
            state.last_user_message = trimmed;
            return super::pending::what_is_open(state, ctx);
        }
        Verdict::Today => {
            ctx.say(text::today(ctx.today));
            NodeOutcome::because("respond", reasons::WHAT_DAY_IT_IS)
        }
        Verdict::SmallTalk(talk) => {
            ctx.say(talk.reply());
            ctx.small_talk = Some(talk);
            NodeOutcome::because("respond", reasons::SMALL_TALK)
        }
        Verdict::RowChosen { row, delete } => {
            state.last_user_message = trimmed;
            return super::find_row::prepare_change(state, ctx, row, delete, false);
        }
        // "9" among five: the list again, nothing dropped.
        Verdict::RowOutOfRange(choice) => {
            ctx.say(text::which_row(
                &choice.rows,
                choice.delete,
                choice.rows.len(),
            ));
            NodeOutcome::because("respond", reasons::CHOICE_OUT_OF_RANGE)
        }
        // The chain sets the message it reads itself.
        Verdict::DataAgent => {
            return NodeOutcome::because("delegate", reasons::A_DATA_AGENT_S_TURN);
        }
        Verdict::StartAgent(start) => {
            ctx.start = Some(start);
            return NodeOutcome::because("delegate", reasons::A_DATA_AGENT_S_TURN);
        }
        // The draft waits (named, its prompt keeping its id and expiry)
        // and comes back when that agent is done, as a data flow waits
        // for a finance request.
        Verdict::DraftWaitsForDataAgent => {
            wait_aside(state, ctx);
            NodeOutcome::because("delegate", reasons::A_CLEAR_REQUEST_FOR_A_DATA_AGENT)
        }
        Verdict::NewRequest => NodeOutcome::because("parse", reasons::NEW_MESSAGE),
        Verdict::AtConfirmation(_) | Verdict::AtQuestion(_) => unreachable!("carried out above"),
    };
    state.last_user_message = trimmed;
    outcome
}

/// Input answered before anything reads it: too long, no words (a
/// reaction is answered as the words it stands for), or a button of a
/// prompt that is no longer the pending one (it says what became of it).
fn unreadable(state: &mut AgentState, ctx: &mut TurnCtx) -> Option<NodeOutcome> {
    if ctx.config.too_long(&ctx.message) {
        ctx.say(text::TOO_LONG);
        return Some(NodeOutcome::because("respond", reasons::MESSAGE_TOO_LONG));
    }
    let trimmed = ctx.reading.text().to_string();
    let folded = ctx.reading.folded();
    let wordless = folded.trim().is_empty() || !folded.chars().any(|c| c.is_ascii_alphanumeric());
    // A press is read from its button, whatever its label; a turn the
    // host starts has no words.
    if wordless && ctx.press.is_none() && ctx.start.is_none() {
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
            return Some(NodeOutcome::because("respond", reasons::A_REACTION));
        }
        ctx.say(if trimmed.is_empty() {
            text::EMPTY
        } else {
            text::NO_WORDS
        });
        return Some(NodeOutcome::because("respond", reasons::EMPTY_MESSAGE));
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
            return Some(NodeOutcome::because(
                "respond",
                reasons::STALE_CONFIRMATION_BUTTON,
            ));
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
    if let Some(top) = leave_top_flow(state, ctx) {
        return Some(top);
    }
    state.waiting_draft.as_ref()?;
    let named = drop_data_flows(state, ctx);
    (!named.is_empty()).then(|| named.join(" y "))
}

/// A data agent's flow on top of another that waits below it (a top-up
/// asked while a bill's reference was asked): the top one is dropped to
/// the backup log and named; the one below comes back (respond asks it
/// again, as promised when it was set aside).
fn leave_top_flow(state: &mut AgentState, ctx: &TurnCtx) -> Option<String> {
    let registry = crate::agents::registry::shipped().ok()?;
    if state.current_flow.is_none() || !crate::agents::chain::interrupted(&state.agent_stack) {
        return None;
    }
    let mut o = state.take_orchestra();
    let agent = registry.agent(o.active(crate::agents::registry::HOME));
    let named = match (agent, o.current_flow.take()) {
        (Some(agent), Some(flow)) => {
            let name = agent.describe(&flow);
            state.backup_flow("cancel", &ctx.now_iso, name.clone(), flow);
            o.drop_confirmation();
            Some(name)
        }
        (_, flow) => {
            o.current_flow = flow;
            None
        }
    };
    state.store_orchestra(o);
    named
}

/// Drops every open flow of every data agent to the backup log, back to
/// the home agent with nothing asked; their names, in order.
fn drop_data_flows(state: &mut AgentState, ctx: &TurnCtx) -> Vec<String> {
    let Ok(registry) = crate::agents::registry::shipped() else {
        return Vec::new();
    };
    let mut o = state.take_orchestra();
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
    o.drop_confirmation();
    state.store_orchestra(o);
    named
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
        turn: state.turn_seq,
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
        return NodeOutcome::because("respond", reasons::CANCELLED_THE_REQUEST_ON_TOP);
    }
    if let Some(finance) = text::dialogue::finance_flow(state) {
        state.backup("cancel", &ctx.now_iso);
        dropped.push(finance);
    }
    state.clear_flow();
    if let Some(waiting) = state.drop_waiting_draft("cancel", &ctx.now_iso) {
        dropped.push(waiting);
    }
    dropped.extend(
        state
            .take_queued()
            .into_iter()
            .map(|item| format!("«{item}»")),
    );
    dropped.extend(drop_data_flows(state, ctx));
    if pending.is_some() {
        state.last_decided = pending;
        ctx.confirmation = super::ConfirmationStatus::Rejected;
    }
    match (dropped.is_empty(), in_agent, nav) {
        (false, _, _) => {
            ctx.say(text::dialogue::cancelled(&dropped));
            NodeOutcome::because("respond", reasons::CANCELLED_OPEN_FLOW)
        }
        (true, true, _) => {
            ctx.say(crate::agents::text::HOME_AGAIN);
            NodeOutcome::because("respond", reasons::BACK_HOME)
        }
        (true, false, answers::Nav::Cancel) => {
            ctx.say(text::NOTHING_TO_CANCEL);
            NodeOutcome::because("respond", reasons::NOTHING_TO_CANCEL)
        }
        (true, false, _) => {
            ctx.say(text::HELP);
            NodeOutcome::because("respond", reasons::MAIN_MENU)
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
            ctx.say(text::START_EXAMPLES);
            NodeOutcome::because("respond", reasons::COMMAND_START)
        }
        Command::Help => {
            ctx.say(text::HELP);
            NodeOutcome::because("respond", reasons::COMMAND_AYUDA)
        }
        Command::Cancel => leave(state, ctx, answers::Nav::Cancel),
        Command::Summary => {
            if state.has_open_flow() {
                state.backup("command_resumen", &ctx.now_iso);
                state.clear_flow();
            }
            ctx.understanding = Some(Understanding::month_summary(ctx.today));
            NodeOutcome::because("parse", reasons::COMMAND_RESUMEN)
        }
        Command::Unknown => {
            ctx.say(text::UNKNOWN_COMMAND);
            NodeOutcome::because("respond", reasons::UNKNOWN_COMMAND)
        }
    }
}
