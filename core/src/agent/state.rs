//! The per-thread state the host checkpoints (seed field names), with a
//! schema version so stored checkpoints can be migrated.

pub use super::recent::{LastQuery, LastSimulation};
use serde::{Deserialize, Serialize};

use crate::agents::state::{FlowState, Frame, Orchestra};
pub use crate::gate::action::{
    Action, PendingAction, PendingActionType, PendingWrite, ServiceCall, optional as pending_wire,
};

use crate::money::Centavos;
use crate::nlu::Intent;
use crate::tools::{CategoryType, ToolResult, TransactionType};

/// Version of the stored state's shape. Bump it and add a migration in
/// [`AgentState::from_json`] when the shape changes.
pub const SCHEMA_VERSION: u32 = 1;

/// How many snapshots `backup_overwrite_log` keeps.
pub const BACKUP_LOG_LIMIT: usize = 20;

/// A transaction being built (seed `TransactionDraft`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TransactionDraft {
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<TransactionType>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount_mxn_cents: Option<Centavos>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category_type: Option<CategoryType>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date_iso: Option<String>,
    /// The user said a future date is meant ("para ese día").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub date_confirmed: bool,
    /// The creditor the payment goes to ("le aboné a Coppel"); a known debt
    /// of that name is lowered with the payment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub debt_paid: Option<String>,
    /// Among how many people the bill was shared, until the user says
    /// which part is theirs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub split_ways: Option<u8>,
    /// The days gone by the user named without a day ("el mes pasado"):
    /// the day is asked within them, never taken to be today.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date_within: Option<DaySpan>,
    /// The request's own words said which way the money went: a category
    /// answered later does not turn it (an explicit "es ingreso" does).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub kind_said: bool,
}

/// An inclusive span of days, as ISO dates.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DaySpan {
    pub from: String,
    pub to: String,
}

/// What a clarification question asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QuestionKey {
    Amount,
    Date,
    Category,
    Description,
    Other,
}

/// One open question (seed `ClarificationQuestion`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClarificationQuestion {
    pub key: QuestionKey,
    pub question: String,
    /// What exactly is missing, beyond the seed's coarse key.
    #[serde(default)]
    pub field: Field,
}

/// A draft field that can be asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Field {
    #[default]
    Amount,
    Category,
    CategoryType,
    Date,
    ForeignAmount,
    BudgetCap,
    DebtName,
    DebtChange,
    BankBalance,
    Intent,
    CorrectionField,
    /// A logged day that has not come yet: paid today, that day, or pending?
    FutureDate,
    /// A shared bill: is the user's part the amount to log?
    SplitShare,
}

/// Parameters being collected for a write that is not a transaction.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParamsDraft {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget_cap_mxn_cents: Option<Centavos>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget_month: Option<String>,
    /// The category key of a category budget.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget_category: Option<String>,
    /// The category budget is to be removed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub budget_remove: bool,
    /// The user's word for a category budget when it is not the
    /// category's name ("gasolina" for transporte).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget_word: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub debt_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub debt_balance_mxn_cents: Option<Centavos>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub debt_minimum_mxn_cents: Option<Centavos>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub debt_due_day: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank_balance_mxn_cents: Option<Centavos>,
}

/// `timestamp` (seed `TimestampContext`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimestampContext {
    pub now_iso: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timezone: Option<String>,
}

/// What `backup_overwrite_log` keeps of an interrupted flow.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    pub last_user_message: String,
    pub extracted_intent: Intent,
    /// Empty members are left out (absent reads as empty).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending_action: Option<PendingAction>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending_transaction: Option<TransactionDraft>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clarification_questions: Vec<ClarificationQuestion>,
    /// A data agent's flow that was dropped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_flow: Option<FlowState>,
}

/// Movements offered by number: "¿cuál quieres corregir?".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowChoice {
    pub delete: bool,
    pub rows: Vec<crate::tools::TransactionRow>,
}

/// One entry of `backup_overwrite_log`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BackupEntry {
    pub at_iso: String,
    pub reason: String,
    /// What the reply named ("el gasto de $135.00 en comida (tacos)").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    pub snapshot: Snapshot,
}

/// The whole per-thread state (seed `FinancialAgentState`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AgentState {
    pub schema_version: u32,
    pub user_id: String,
    pub thread_id: String,
    pub last_user_message: String,
    pub extracted_intent: Intent,
    /// The intent the current drafts belong to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draft_intent: Option<Intent>,
    /// The one action waiting for "sí" in this session, of whichever
    /// agent (`crate::gate::action`).
    #[serde(default, with = "pending_wire")]
    pub pending_action: Option<PendingAction>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending_transaction: Option<TransactionDraft>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending_params: Option<ParamsDraft>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clarification_questions: Vec<ClarificationQuestion>,
    /// Candidates offered when the intent was unclear.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub intent_candidates: Vec<Intent>,
    /// The message whose intent was unclear.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unclear_message: Option<String>,
    /// A purchase simulation waiting for the bank balance to be set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resume_simulation: Option<TransactionDraft>,
    /// Which stored movement the open correction or delete means.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending_target: Option<crate::nlu::RowReference>,
    /// Movements listed by number for the user to say which one to
    /// correct or delete.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub row_choice: Option<RowChoice>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tool_results: Vec<ToolResult>,
    pub timestamp: TimestampContext,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub backup_overwrite_log: Vec<BackupEntry>,
    /// Turns run on this thread; makes tool call and prompt ids unique.
    #[serde(default)]
    pub turn_seq: u64,
    /// The data agents' session (seed 004 names): the agent stack from the
    /// home agent up, the current flow and the messages seen. Older checkpoints without them start at home.
    #[serde(default)]
    pub agent_stack: Vec<Frame>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_flow: Option<FlowState>,
    /// A data agent's confirmation in a checkpoint written before there was
    /// one pending action; [`AgentState::from_json`] moves it to
    /// `pending_action`.
    #[serde(
        default,
        rename = "pending_confirmation",
        skip_serializing,
        with = "pending_wire"
    )]
    legacy_confirmation: Option<PendingAction>,
    #[serde(default)]
    pub message_count: u64,
    /// The last prompt decided (any agent), so a late button says what
    /// already happened.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_decided: Option<crate::gate::Decided>,
    /// The question answered last, for a follow-up that names only what
    /// changes ("¿y en didi?", "¿y la semana pasada?").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_query: Option<LastQuery>,
    /// The purchase simulated last ("¿y si fueran de 2,500?").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_simulation: Option<LastSimulation>,
    /// The debt saved last ("el mínimo es de 800" the turn after).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_debt: Option<super::recent::LastDebt>,
    /// A finance draft waiting while another agent's request runs; it
    /// comes back once that agent has nothing open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub waiting_draft: Option<Box<super::waiting::WaitingDraft>>,
    /// The movements a message said after the one taken first ("vendí 800
    /// de tamales y gasté 200 en masa" when one of them needs a question),
    /// or its budgets ("9,000 en total y 3,000 para el súper"): each is
    /// taken in turn once nothing else is open (`respond`), and they are
    /// dropped, and named, when the person asks for something else or
    /// cancels everything.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub queued_items: Vec<String>,
    /// Words of expense categories the person used for money received
    /// («saqué 1,800 de viajes»), each with the income's category: said
    /// again without a word of which way the money went, they are income
    /// (`agent/income_words.rs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub income_words: Vec<(String, String)>,
    /// What the queued items are read as: budgets, or movements when
    /// unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub queued_as: Option<Intent>,
    /// Prompts offered anew after they expired, so their old buttons say
    /// what became of them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reoffers: Vec<crate::gate::Reoffer>,
}

/// Why a stored state could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StateError {
    /// Not JSON, or not the shape of any known version.
    Corrupt(String),
    /// Written by a newer Caja.
    UnknownVersion(u32),
}

impl std::fmt::Display for StateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StateError::Corrupt(why) => write!(f, "corrupt state: {why}"),
            StateError::UnknownVersion(v) => write!(f, "unknown state schema version {v}"),
        }
    }
}

impl std::error::Error for StateError {}

impl AgentState {
    /// Queues the items of a message after the one taken now, each to be
    /// read as `intent`.
    pub fn queue_items(&mut self, items: &[String], intent: Intent) {
        self.queued_items = items.to_vec();
        self.queued_as = (intent != Intent::LogTransaction).then_some(intent);
    }

    /// Drops every queued item, and gives them.
    pub fn take_queued(&mut self) -> Vec<String> {
        self.queued_as = None;
        std::mem::take(&mut self.queued_items)
    }

    /// The next queued item and what to read it as.
    pub fn next_queued(&mut self) -> Option<(String, Intent)> {
        if self.queued_items.is_empty() {
            return None;
        }
        let item = self.queued_items.remove(0);
        let intent = self.queued_as.unwrap_or(Intent::LogTransaction);
        if self.queued_items.is_empty() {
            self.queued_as = None;
        }
        Some((item, intent))
    }

    /// A fresh state for a thread.
    pub fn new(user_id: &str, thread_id: &str) -> AgentState {
        AgentState {
            schema_version: SCHEMA_VERSION,
            user_id: user_id.to_string(),
            thread_id: thread_id.to_string(),
            last_user_message: String::new(),
            extracted_intent: Intent::Unknown,
            draft_intent: None,
            pending_action: None,
            pending_transaction: None,
            pending_params: None,
            clarification_questions: Vec::new(),
            intent_candidates: Vec::new(),
            unclear_message: None,
            resume_simulation: None,
            pending_target: None,
            row_choice: None,
            tool_results: Vec::new(),
            timestamp: TimestampContext::default(),
            backup_overwrite_log: Vec::new(),
            turn_seq: 0,
            agent_stack: Vec::new(),
            current_flow: None,
            legacy_confirmation: None,
            message_count: 0,
            last_decided: None,
            last_query: None,
            last_simulation: None,
            last_debt: None,
            waiting_draft: None,
            queued_items: Vec::new(),
            queued_as: None,
            income_words: Vec::new(),
            reoffers: Vec::new(),
        }
    }

    /// The data agents' part of the state, moved out for the routing
    /// chain (never copied: a flow's service data can be large); put it
    /// back with [`Self::store_orchestra`].
    pub fn take_orchestra(&mut self) -> Orchestra {
        Orchestra {
            agent_stack: std::mem::take(&mut self.agent_stack),
            current_flow: self.current_flow.take(),
            pending: self.pending_action.take(),
            message_count: self.message_count,
        }
    }

    /// Stores what the routing chain ended with.
    pub fn store_orchestra(&mut self, o: Orchestra) {
        self.agent_stack = o.agent_stack;
        self.current_flow = o.current_flow;
        self.pending_action = o.pending;
        self.message_count = o.message_count;
    }

    /// Lends the data agents' part of the state to `f`, moved out and
    /// back.
    pub fn with_orchestra<R>(&mut self, f: impl FnOnce(&mut Orchestra) -> R) -> R {
        let mut o = self.take_orchestra();
        let out = f(&mut o);
        self.store_orchestra(o);
        out
    }

    /// Reads a stored checkpoint. Never panics.
    pub fn from_json(json: &str) -> Result<AgentState, StateError> {
        #[derive(Deserialize)]
        struct Version {
            schema_version: Option<u64>,
        }
        // States this crate writes start with the version: read it without
        // parsing the whole document twice.
        let quick = json
            .strip_prefix("{\"schema_version\":")
            .and_then(|rest| rest.split_once(','))
            .and_then(|(number, _)| number.parse::<u64>().ok());
        let version = match quick {
            Some(version) => version,
            None => {
                let probe: Version =
                    serde_json::from_str(json).map_err(|e| StateError::Corrupt(e.to_string()))?;
                probe
                    .schema_version
                    .ok_or_else(|| StateError::Corrupt("missing schema_version".into()))?
            }
        };
        let version = u32::try_from(version).map_err(|_| StateError::UnknownVersion(u32::MAX))?;
        if version > SCHEMA_VERSION || version == 0 {
            return Err(StateError::UnknownVersion(version));
        }
        let mut state: AgentState =
            serde_json::from_str(json).map_err(|e| StateError::Corrupt(e.to_string()))?;
        if let Some(pending) = state.legacy_confirmation.take() {
            state.pending_action = Some(pending);
        }
        Ok(state)
    }

    pub fn to_json(&self) -> String {
        // Sized for a usual checkpoint, so the buffer rarely grows.
        let mut out = Vec::with_capacity(1024);
        match serde_json::to_writer(&mut out, self) {
            Ok(()) => String::from_utf8(out).unwrap_or_default(),
            Err(_) => String::new(),
        }
    }

    /// The prompt a Sí/No button answers now ([`Self::pending`]). A
    /// press naming another id is stale.
    pub fn confirmation_id(&self) -> Option<&str> {
        self.pending().map(|p| p.id)
    }

    /// The ledger write waiting for "sí", when that is what waits.
    pub fn pending_write(&self) -> Option<&PendingWrite> {
        self.pending_action.as_ref()?.write()
    }

    /// Drops the pending action when it is a ledger write (a data agent's
    /// confirmation belongs to its flow).
    pub fn drop_write(&mut self) {
        if self.pending_write().is_some() {
            self.pending_action = None;
        }
    }

    /// Whether a flow is in progress (draft, questions or pending write).
    pub fn has_open_flow(&self) -> bool {
        self.pending_write().is_some()
            || !self.clarification_questions.is_empty()
            || self.pending_transaction.is_some()
            || self.pending_params.is_some()
            || !self.intent_candidates.is_empty()
    }

    /// Whether nothing waits for the person's answer at `now`: no prompt
    /// (or only an expired one), no draft, question, list to choose from
    /// or data flow open; or the person has been quiet longer than
    /// `quiet_ms` (what is open is set aside when they write again). A
    /// turn the host starts (`TurnInput::start`) is begun only then.
    pub fn at_rest(&self, now: crate::time::UnixMillis, quiet_ms: i64) -> bool {
        let quiet = crate::time::parse_iso_utc(&self.timestamp.now_iso)
            .is_none_or(|last| now - last >= quiet_ms);
        let prompt = self
            .pending_action
            .as_ref()
            .is_some_and(|p| !p.expired(now));
        let open = self.has_open_flow()
            || self.row_choice.is_some()
            || self.current_flow.is_some()
            || self.agent_stack.iter().any(|f| f.suspended_flow.is_some());
        !prompt && (quiet || !open)
    }

    /// Drops every draft, question and pending write.
    pub fn clear_flow(&mut self) {
        self.drop_write();
        self.pending_transaction = None;
        self.pending_params = None;
        self.clarification_questions.clear();
        self.intent_candidates.clear();
        self.unclear_message = None;
        self.resume_simulation = None;
        self.pending_target = None;
        self.row_choice = None;
        self.draft_intent = None;
    }
}
