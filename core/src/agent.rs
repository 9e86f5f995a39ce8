//! The Financial Agent: the seed's graph (router, parse, validate, clarify,
//! confirm, execute_tools, respond, error_handler) on the generic engine,
//! and the turn API hosts call.
//!
//! A turn is sans-IO. The host calls [`start_turn`] with the stored state,
//! the message and `now`; when the agent needs tools it gets
//! [`TurnStep::NeedTools`], runs the calls (D1 in the Worker, HTTP in the
//! browser, memory in tests) and hands the results to [`resume_turn`]. The
//! turn ends with [`TurnStep::Done`]: the reply, the new state, the trace and
//! an audit record.

pub use crate::gate::{self, ConfirmationStatus};
pub mod state;
pub mod text;

mod arbiter;
mod audit;
mod backup;
mod clarify;
mod confirm;
mod debt_payment;
mod delegate;
mod drafts;
mod error_handler;
mod execute_tools;
mod find_row;
mod income_words;
mod input;
mod parse;
mod pending;
mod recent;
mod respond;
mod retold;
mod router;
mod rows;
mod spent;
mod validate;
mod waiting;

pub(crate) use spent::Spent;

use std::sync::OnceLock;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::graph::{END, Graph, GraphBuilder, RunEnd, Trace};
use crate::nlu::{Reading, Understanding};
use crate::time::{TimeZone, UnixMillis, iso_utc};
use crate::tools::{SimulatePurchaseInput, ToolCall, ToolError, ToolRequest, ToolResult};
use state::{AgentState, PendingWrite};

pub use crate::nlu::answers::{Decision, decide};
pub use arbiter::small_talk;
pub use audit::{
    Alternative, AuditRecord, Entities, EntityList, EntityRecord, SeedConfirmation, ToolOutcome,
    ValidationRecord, ValidationResult,
};
pub use input::{Press, Start, TurnInput};
pub use pending::PendingView;

/// Settings a host may change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AgentConfig {
    /// How long a confirmation prompt stays valid.
    pub confirmation_ttl_ms: i64,
    /// Longest message read, in characters.
    pub max_message_chars: usize,
    /// How long a finance question waits for its answer: a message after
    /// a longer quiet is read as new, and the draft set aside is named.
    pub question_ttl_ms: i64,
}

impl Default for AgentConfig {
    fn default() -> Self {
        AgentConfig {
            confirmation_ttl_ms: 5 * 60 * 1000,
            max_message_chars: 1000,
            question_ttl_ms: 6 * 60 * 60 * 1000,
        }
    }
}

impl AgentConfig {
    /// Whether a message is past [`AgentConfig::max_message_chars`].
    pub fn too_long(&self, message: &str) -> bool {
        message.chars().count() > self.max_message_chars
    }
}

/// The end of a turn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TurnOutput {
    pub reply: String,
    /// Quick replies ("Sí", "No", categories…).
    pub suggestions: Vec<String>,
    /// Text the user may forward to someone else (a cobro's reminder):
    /// Telegram offers it with a share button, the web with a copy button.
    /// Caja never sends it to anyone itself.
    pub share: Option<String>,
    /// The request needs the user's personal data and was written in a
    /// shared chat: it was not read there, and the host may answer it in
    /// the user's private chat.
    pub answer_privately: bool,
    /// Reminders this answer said (a budget's alert): the host records
    /// them as sent, so its schedule does not say them again.
    pub said: Vec<crate::reminders::Said>,
    pub state: AgentState,
    pub trace: Trace,
    /// Every call made this turn, in order, and their results.
    pub tool_calls: Vec<ToolCall>,
    pub tool_results: Vec<ToolResult>,
    #[cfg(feature = "audit")]
    pub audit: AuditRecord,
    /// The routing chain: iterations and what each did (one iteration when
    /// the Financial Agent answered alone).
    pub chain: crate::agents::chain::ChainTrace,
}

impl TurnOutput {
    /// The write calls this turn made.
    pub fn writes(&self) -> impl Iterator<Item = &ToolCall> {
        self.tool_calls.iter().filter(|c| c.request.is_write())
    }
}

/// What execute_tools has to do this turn.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) enum Work {
    #[default]
    None,
    /// A confirmed write.
    Write(PendingWrite),
    /// Read calls for a query.
    Query(Vec<ToolRequest>),
    Simulate(SimulatePurchaseInput),
    /// Read the newest transactions, find the one the message means
    /// (`state.pending_target`), then prompt to change or delete it.
    FindRow {
        delete: bool,
    },
    /// Read the debts, then prompt for the payment, lowering the debt it
    /// pays when one is known by that name.
    FindDebt {
        payment: crate::tools::AddTransactionInput,
        paid: String,
        /// The creditor was named as such ("le aboné a Coppel"); otherwise
        /// `paid` is the message, read for a known debt's name.
        named: bool,
        /// The part of the debt said instead of an amount ("el mínimo"):
        /// the amount is that debt's, once found.
        owed: Option<crate::nlu::debts::OwedPart>,
    },
    /// Read the debts, then prompt to add or update the debt: a name that
    /// means a stored debt ("tarjeta bbva" for «tarjeta de crédito bbva»)
    /// updates that one, by the rule a payment finds its debt with.
    DebtNamed(crate::tools::DebtInput),
    /// A question by merchant or thing ("¿cuánto en uber?"): the summary of
    /// its category, then that category's rows, to add up the ones with
    /// `word` in their description.
    SpentOn {
        word: String,
        requests: Vec<ToolRequest>,
    },
    /// Before a budget's prompt: read the one in force, to show the cap
    /// it replaces; `word` is the user's word for its category.
    BudgetBefore {
        input: crate::tools::BudgetCapInput,
        word: Option<String>,
    },
    /// After confirmed expenses: read the budget of each category and
    /// month they went to, to say when one crossed 80 % or 100 %.
    BudgetAlerts(Vec<Spent>),
}

/// How the router sent the turn on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Mode {
    #[default]
    Fresh,
    /// The message answers an open question.
    Patch,
    /// The message corrects a draft awaiting confirmation.
    Correction,
    /// The message decides a pending confirmation.
    Decide,
}

/// Per-turn working memory of the graph.
#[derive(Clone, Debug, Default)]
pub(crate) struct TurnCtx {
    /// The message, read once for every node of the turn.
    pub reading: Reading,
    /// The message as sent (for the audit record).
    pub message: String,
    pub now: UnixMillis,
    pub now_iso: String,
    pub today: NaiveDate,
    /// The user's zone: "today" and every day shown are its days.
    pub zone: Option<TimeZone>,
    pub config: AgentConfig,
    /// The button pressed, if the turn is a press.
    pub press: Option<Press>,
    /// See [`TurnInput::shared_chat`].
    pub shared_chat: bool,
    /// See [`TurnInput::start`]; taken by the chain when it starts.
    pub start: Option<input::Start>,
    /// The host started this turn (a proposal): its confirmation holds
    /// until the day's quiet hours, not the usual few minutes.
    pub host_started: bool,
    /// See [`TurnOutput::answer_privately`].
    pub answer_privately: bool,
    /// See [`TurnOutput::said`].
    pub said: Vec<crate::reminders::Said>,
    pub mode: Mode,
    pub understanding: Option<Understanding>,
    pub reply: Vec<String>,
    /// Text offered for the user to forward (see [`TurnOutput::share`]).
    pub share: Option<String>,
    pub suggestions: Vec<String>,
    pub work: Work,
    /// A write ready for the confirmation prompt.
    pub prepared: Option<PendingWrite>,
    /// This pass reads the next movement queued from an earlier message
    /// (`AgentState::queued_items`), not a new request.
    pub queued_item: bool,
    /// Prompt text that replaces the generic one (delete shows the row).
    pub prepared_prompt: Option<String>,
    /// Calls emitted at the last suspension.
    pub pending_calls: Vec<ToolCall>,
    pub calls: Vec<ToolCall>,
    pub results: Vec<ToolResult>,
    pub call_count: u32,
    pub error: Option<(ToolRequest, ToolError)>,
    pub confirmation: ConfirmationStatus,
    pub validation: Option<ValidationRecord>,
    /// The data agents' routing chain, when it ran.
    pub chain: crate::agents::chain::ChainTrace,
    /// The chain paused at a service call, until the host's result.
    pub chain_paused: Option<Box<crate::agents::chain::Paused>>,
    /// The message was small talk or a concept question.
    pub small_talk: Option<crate::nlu::small_talk::SmallTalk>,
}

impl TurnCtx {
    pub fn say(&mut self, text: impl Into<String>) {
        self.reply.push(text.into());
    }

    /// Queues a tool call with a deterministic id.
    pub fn call(&mut self, state: &AgentState, request: ToolRequest) -> String {
        self.call_count += 1;
        let id = format!("c{}-{}", state.turn_seq, self.call_count);
        let call = ToolCall {
            id: id.clone(),
            request,
        };
        self.pending_calls.push(call.clone());
        self.calls.push(call);
        id
    }

    /// The result for a call id, once the host supplied it.
    #[cfg(feature = "audit")]
    pub fn result(&self, id: &str) -> Option<&ToolResult> {
        self.results.iter().find(|r| r.call_id == id)
    }
}

fn agent_graph() -> &'static Graph<AgentState, TurnCtx> {
    static GRAPH: OnceLock<Graph<AgentState, TurnCtx>> = OnceLock::new();
    GRAPH.get_or_init(|| {
        GraphBuilder::new("financial_agent", "router")
            .step_limit(24)
            .node("router", router::router)
            .node("delegate", delegate::delegate)
            .node("parse", parse::parse)
            .node("validate", validate::validate)
            .node("clarify", clarify::clarify)
            .node("confirm", confirm::confirm)
            .node("execute_tools", execute_tools::execute_tools)
            .node("respond", respond::respond)
            .node("error_handler", error_handler::error_handler)
            .edge("router", "clarify", "clarify")
            .edge("router", "confirm", "confirm")
            .edge("router", "parse", "parse")
            .edge("router", "delegate", "delegate")
            .edge("delegate", "parse", "parse")
            .edge("delegate", "respond", "respond")
            .edge("router", "respond", "respond")
            .edge("parse", "validate", "validate")
            .edge("parse", "unclear", "clarify")
            .edge("parse", "respond", "respond")
            .edge("validate", "clarify", "clarify")
            .edge("validate", "confirm", "confirm")
            .edge("validate", "execute_tools", "execute_tools")
            .edge("validate", "respond", "respond")
            .edge("clarify", "validate", "validate")
            .edge("clarify", "parse", "parse")
            .edge("clarify", "respond", "respond")
            .edge("confirm", "execute_tools", "execute_tools")
            .edge("confirm", "respond", "respond")
            .edge("execute_tools", "respond", "respond")
            .edge("execute_tools", "confirm", "confirm")
            .edge("execute_tools", "clarify", "clarify")
            .edge("execute_tools", "error_handler", "error_handler")
            .edge("error_handler", "respond", "respond")
            .edge("respond", "parse", "parse")
            .edge("respond", "delegate", "delegate")
            .edge("respond", "done", END)
            .build()
            .unwrap_or_else(|errors| panic!("{errors}"))
    })
}

/// The agent graph's edges as `(from, label, to)`, for docs and the UI.
pub fn graph_edges() -> Vec<(&'static str, &'static str, &'static str)> {
    agent_graph().edge_list().collect()
}

/// A turn waiting for tool results.
#[derive(Clone, Debug)]
pub struct SuspendedTurn {
    state: AgentState,
    ctx: TurnCtx,
    path: Vec<String>,
    trace: Trace,
}

impl SuspendedTurn {
    /// The calls the host must run before resuming.
    #[allow(clippy::misnamed_getters)] // the calls of this suspension only
    pub fn calls(&self) -> &[ToolCall] {
        &self.ctx.pending_calls
    }

    /// The state as it will be stored if the turn completes.
    pub fn state(&self) -> &AgentState {
        &self.state
    }
}

/// A step of a turn.
#[derive(Clone, Debug)]
pub enum TurnStep {
    NeedTools(Box<SuspendedTurn>),
    Done(Box<TurnOutput>),
}

/// Starts a turn for `input` on `state`.
pub fn start_turn(state: AgentState, input: TurnInput, config: &AgentConfig) -> TurnStep {
    let zone = input
        .timezone
        .as_deref()
        .and_then(TimeZone::by_name)
        .unwrap_or_else(TimeZone::default_zone);
    let mut state = state;
    state.turn_seq += 1;
    // "¿Cuánto fue?" asked yesterday and never answered: the next
    // morning's "gasolina 400" is a new request, never that answer.
    let stale = !state.clarification_questions.is_empty()
        && state.pending_action.is_none()
        && crate::time::parse_iso_utc(&state.timestamp.now_iso)
            .is_some_and(|at| input.now_ms - at >= config.question_ttl_ms);
    if stale {
        state.clear_flow();
    }
    let now_iso = iso_utc(input.now_ms);
    state.timestamp.now_iso = now_iso.clone();
    state.timestamp.timezone = Some(zone.name().to_string());
    // Every thread starts at the home agent (older checkpoints too).
    state.message_count += 1;
    if state.agent_stack.is_empty() {
        state
            .agent_stack
            .push(crate::agents::state::Frame::home(&now_iso));
    }
    let today = zone.date_at(input.now_ms);
    let ctx = TurnCtx {
        // A message past the limit is refused by the router, unread.
        reading: match &input.press {
            _ if config.too_long(&input.message) => Reading::default(),
            // A turn the host starts reads no words.
            _ if input.start.is_some() => Reading::without_model("", today),
            Some(press) => Reading::pressed(&input.message, today, press.yes),
            None => Reading::new(&input.message, today),
        },
        message: input.message,
        now: input.now_ms,
        now_iso,
        today,
        zone: Some(zone),
        config: config.clone(),
        press: input.press,
        shared_chat: input.shared_chat,
        host_started: input.start.is_some(),
        start: input.start,
        ..TurnCtx::default()
    };
    let mut ctx = ctx;
    if stale {
        ctx.say(text::QUESTION_SET_ASIDE);
    }
    advance(SuspendedTurn {
        state,
        ctx,
        path: Vec::new(),
        trace: Trace::default(),
    })
}

/// Continues a suspended turn with the results of its calls. Results for
/// calls it did not ask for are ignored; a missing result counts as a failed
/// call.
pub fn resume_turn(mut turn: SuspendedTurn, mut results: Vec<ToolResult>) -> TurnStep {
    let asked = std::mem::take(&mut turn.ctx.pending_calls);
    for call in &asked {
        let result = match results.iter().position(|r| r.call_id == call.id) {
            Some(found) => results.swap_remove(found),
            None => ToolResult::failure(
                call,
                crate::tools::codes::UNAVAILABLE,
                "no result",
                &turn.ctx.now_iso,
            ),
        };
        turn.ctx.results.push(result);
    }
    advance(turn)
}

/// Runs a whole turn, carrying out calls with `execute` (tests, the
/// benchmark, and hosts whose tools are synchronous).
pub fn run_turn(
    state: AgentState,
    input: TurnInput,
    config: &AgentConfig,
    mut execute: impl FnMut(&ToolCall) -> ToolResult,
) -> TurnOutput {
    let mut step = start_turn(state, input, config);
    loop {
        match step {
            TurnStep::Done(output) => return *output,
            TurnStep::NeedTools(turn) => {
                let results = turn.calls().iter().map(&mut execute).collect();
                step = resume_turn(*turn, results);
            }
        }
    }
}

fn advance(mut turn: SuspendedTurn) -> TurnStep {
    let path = std::mem::take(&mut turn.path);
    let outcome = agent_graph().run(&mut turn.state, &mut turn.ctx, &path, &mut turn.trace);
    match outcome {
        Ok(RunEnd::Suspended { path }) => {
            // A write is the exact payload of a prompt its user confirmed
            // with their own «sí»: it is made, and its reply shows nothing
            // stored (`execute_tools`).
            let reads_personal =
                |c: &crate::tools::ToolCall| c.request.is_personal() && !c.request.is_write();
            if turn.ctx.shared_chat && turn.calls().iter().any(reads_personal) {
                // Where others read along, personal data is never read:
                // the calls are not made and the request waits for the
                // private chat.
                let asked = std::mem::take(&mut turn.ctx.pending_calls);
                turn.ctx.calls.retain(|c| !asked.contains(c));
                turn.ctx.answer_privately = true;
                let why = "personal data in a shared chat";
                let reason = text::reasons::PERSONAL_IN_A_SHARED_CHAT.into();
                return abandon(turn, why, reason, text::PERSONAL_IN_GROUP);
            }
            turn.path = path;
            TurnStep::NeedTools(Box::new(turn))
        }
        Ok(RunEnd::Finished { .. }) => TurnStep::Done(Box::new(finish(turn))),
        // A graph error is a bug.
        Err(error) => abandon(
            turn,
            "internal error",
            text::reasons::internal(&error.to_string()),
            text::INTERNAL_ERROR,
        ),
    }
}

/// Ends a turn that cannot go on. Nothing half-done may stay open: the
/// flow is kept in the backup log and dropped, so no prompt of this turn
/// can be confirmed later.
fn abandon(mut turn: SuspendedTurn, backup: &str, reason: String, reply: &str) -> TurnStep {
    turn.state.backup(backup, &turn.ctx.now_iso);
    turn.state.clear_flow();
    turn.state.drop_waiting_draft(backup, &turn.ctx.now_iso);
    turn.state.agent_stack.truncate(1);
    turn.state.current_flow = None;
    turn.state.pending_action = None;
    turn.trace.steps.push(crate::graph::TraceStep {
        node: "financial_agent".into(),
        edge: "error".into(),
        to: END.into(),
        reason: reason.into(),
    });
    turn.ctx.reply = vec![reply.to_string()];
    turn.ctx.suggestions.clear();
    TurnStep::Done(Box::new(finish(turn)))
}

fn finish(turn: SuspendedTurn) -> TurnOutput {
    let SuspendedTurn {
        state, ctx, trace, ..
    } = turn;
    let reply = ctx.reply.join("\n\n");
    #[cfg(feature = "audit")]
    let tool_outcomes = ctx
        .calls
        .iter()
        .map(|call| {
            let result = ctx.result(&call.id);
            ToolOutcome {
                call_id: call.id.clone(),
                tool: call.request.name().to_string(),
                write: call.request.is_write(),
                ok: result.is_some_and(|r| r.ok),
                error_code: result.and_then(|r| r.error_code().map(str::to_string)),
            }
        })
        .collect();
    #[cfg(feature = "audit")]
    let audit = audit::record(&state, &ctx, &reply, tool_outcomes, trace.clone());
    TurnOutput {
        reply,
        suggestions: ctx.suggestions,
        share: ctx.share,
        answer_privately: ctx.answer_privately,
        said: ctx.said,
        state,
        trace,
        tool_calls: ctx.calls,
        tool_results: ctx.results,
        #[cfg(feature = "audit")]
        audit,
        chain: if ctx.chain.steps.is_empty() {
            crate::agents::chain::ChainTrace {
                iterations: 1,
                steps: vec![crate::agents::chain::ChainStep {
                    agent: crate::agents::registry::HOME.into(),
                    tool: None,
                    why: "finance".into(),
                }],
                decisions: Default::default(),
                ended: Vec::new(),
                entered: Vec::new(),
            }
        } else {
            ctx.chain
        },
    }
}

#[cfg(test)]
mod tests;
