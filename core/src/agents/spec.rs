//! Agent files as written: a superset of seed 004's format (`id`, `name`,
//! `description`, `navigation`, `tools`, `subflows`) with deterministic
//! `triggers`, typed `slots` and explicit `routing`. Unknown fields are
//! errors, so a typo never passes silently. `agents/schema.json` describes
//! the same shape for editors; [`super::registry`] checks what a schema
//! cannot (every reference resolves, every state is reachable and has an
//! exit, conditions and templates name declared paths).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// One agent file.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct AgentSpec {
    pub id: String,
    pub name: String,
    pub description: String,
    #[serde(default)]
    pub navigation: Navigation,
    /// Said when the agent is entered and starts no flow.
    #[serde(default)]
    pub greeting: Option<String>,
    /// Example phrases per intent, for the deterministic matcher.
    #[serde(default)]
    pub triggers: BTreeMap<String, Vec<String>>,
    /// An intent whose event, said denied, asks another of the agent's
    /// intents: `{"pagado": "estado"}` reads "Juan no me ha pagado" as a
    /// question about how Juan's cobro stands, never as a payment.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub denied: BTreeMap<String, String>,
    /// The intent that checks money received from a person first: "el
    /// Chuy me pasó 250" (a verb of one giver handing money over, the
    /// name beside it, an amount) starts this intent's flow with the
    /// person and the amount; the flow hands the message back to the
    /// home agent (`hand_back`) when nothing of the agent's is owed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub received: Option<String>,
    /// The intent money said to repeat asks ("pago 250 de gym mensual",
    /// "300 de la tanda cada viernes"): the agent's `month_days` slot
    /// reads the repetition with its `repeat` and `every` words, in a
    /// statement of a movement (no question, no payment already made).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repeats: Option<String>,
    /// The intent two periods compared ask ("octubre vs noviembre"): the
    /// agent's `period` slot reads the one asked and the one to compare
    /// it with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compares: Option<String>,
    /// The intent a correction said right after this agent saved
    /// something asks ("ah no, la renta es de 9,800" after a fixed payment
    /// was saved): the flow starts from that message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corrects: Option<String>,
    /// The action tools whose save that correction changes ("create_request":
    /// a cobro made; never a payment recorded on it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub corrects_after: Vec<String>,
    #[serde(default)]
    pub slots: BTreeMap<String, SlotSpec>,
    /// How an item of a list is written, by name, for `{path|each:NAME}`
    /// in messages: a template over `item`.
    #[serde(default)]
    pub formats: BTreeMap<String, String>,
    /// Questions about the agent's own service, answered in any state
    /// ("¿cuánto tarda?"), with the open question asked again after.
    #[serde(default)]
    pub faq: Vec<FaqSpec>,
    /// The services the agent's tools call, declared with their result
    /// fields and who carries them out.
    #[serde(default)]
    pub services: BTreeMap<String, ServiceSpec>,
    #[serde(default)]
    pub tools: Vec<ToolSpec>,
    #[serde(default)]
    pub subflows: Vec<FlowSpec>,
}

/// A service as an agent file declares it: what its result holds (the
/// paths templates and conditions may name under `data`), whether it
/// changes something (then only a confirmed action tool may call it), and
/// its provider. A `data` service's result is written here, each string a
/// template over the call's `params` and `today`.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ServiceSpec {
    pub provider: crate::tools::Provider,
    #[serde(default)]
    pub action: bool,
    pub fields: Vec<String>,
    #[serde(default)]
    pub result: BTreeMap<String, String>,
}

/// A question people ask about the agent's service: example phrases (read
/// as trigger phrases are) and the answers, templates over the flow's
/// `slots`, `data` and `today`: the first whose every placeholder has a
/// value is said, so a general answer comes last.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FaqSpec {
    pub phrases: Vec<String>,
    pub answers: Vec<String>,
}

/// Where the agent may send the user (seed `navigation`).
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Navigation {
    #[serde(default)]
    pub can_go_up: bool,
    #[serde(default)]
    pub can_go_home: bool,
    #[serde(default)]
    pub can_escalate: bool,
}

/// What a slot holds and how a reply is read into it.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SlotSpec {
    #[serde(rename = "type")]
    pub kind: SlotType,
    /// How the slot is named to a person ("la fecha límite"): the review's
    /// diagrams say it.
    #[serde(default)]
    pub label: Option<String>,
    /// For `choice`: the path of the list offered (`data.recipients`).
    #[serde(default)]
    pub options_from: Option<String>,
    /// For `choice`: the field of an option stored in the slot (`id`).
    #[serde(default)]
    pub option_value: Option<String>,
    /// For `choice`: the fields of an option a reply may name (`name`,
    /// `relationship`).
    #[serde(default)]
    pub option_words: Vec<String>,
    /// For `choice` from context: how an option is listed (`{options}` in
    /// a message), a template over `item` (`"{item.name} ({item.phone})"`).
    #[serde(default)]
    pub option_label: Option<String>,
    /// For `choice` from a fixed list: the allowed values and the words
    /// that pick each.
    #[serde(default)]
    pub values: BTreeMap<String, Vec<String>>,
    /// For `choice` from a fixed list: how each value is said to the user
    /// (`data.<slot>_option.label`), so a stored value never shows.
    #[serde(default)]
    pub labels: BTreeMap<String, String>,
    /// For `choice` from a fixed list: every value named is kept, joined
    /// by commas in the list's order ("presupuesto y deudas" →
    /// `budgets,debts`), instead of none when several are.
    #[serde(default)]
    pub many: bool,
    /// Slots this one belongs to: when one of them is corrected, this
    /// value is forgotten and asked again (a bill's reference belongs to
    /// its biller), while other later answers are kept.
    #[serde(default)]
    pub depends_on: Vec<String>,
    /// Smallest and largest number accepted (money in the slot's unit;
    /// for `digits`, how many digits).
    #[serde(default)]
    pub min: Option<f64>,
    #[serde(default)]
    pub max: Option<f64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SlotType {
    /// Pesos, read by Caja's amount reader; foreign money is refused.
    MoneyMxn,
    /// Dollars ("200 dólares", "200 usd", "200"); pesos are refused.
    MoneyUsd,
    Date,
    /// A due date: a day named without its year or month ("el 15", "30 de
    /// noviembre", "el lunes") is the next one, not the last.
    FutureDate,
    /// One of Caja's categories of money ("comida", "transporte"), stored
    /// by its key, with its label in `data.<slot>_option.label`.
    Category,
    /// Days a question is about ("este mes", "2025", "de enero a marzo"),
    /// stored as `{from, to}` (`YYYY-MM-DD`, inclusive).
    Period,
    /// A person's name as written ("Juan Pérez", "mi roomie"): the words
    /// after "a"/"de"/"con", else a run of words that are not the agent's
    /// own trigger words nor function words.
    Person,
    /// What money is for, as written ("por la pizza" → "la pizza").
    Concept,
    /// A phone number of 10 digits, with an optional +52.
    Phone,
    Integer,
    /// A number of digits that is no amount (a bill's reference): one run
    /// of digits, groups joined by a space or a hyphen, of `min` to `max`
    /// digits; stored as its digits, leading zeros kept.
    Digits,
    Text,
    /// One of a list from context or of fixed `values`.
    Choice,
    /// A setting turned `on`, `off`, or kept `only` (and the rest off):
    /// `values` gives the phrases of each (`on` and `off` at least). When
    /// several are said, `only` outranks `off`, which outranks `on`: "no
    /// me mandes recordatorios" holds a sending verb and a "no".
    Switch,
    /// Days of the month ("cada día 1", "los días 15 y último"), stored as
    /// `1` or `15,last`: `values` gives the words that introduce a day
    /// (`day`), join two (`join`), name the month's last (`last`), and
    /// phrases that stand for days (`"15,last": ["quincena"]`).
    MonthDays,
    /// What something is called ("la renta", "Netflix"), as written: the
    /// first run of words that are not function words, numbers, dates,
    /// nor the slot's `values.skip` words.
    Label,
    /// A code Caja gave ("COB-0001"): letters glued to digits, the letters
    /// one of `values.prefix`; stored upper-case with its digits as said.
    Code,
}

/// The values of a switch slot, strongest first.
pub const SWITCH_VALUES: [&str; 3] = ["only", "off", "on"];

/// A tool: information, action or navigation.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ToolSpec {
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub kind: ToolKind,
    /// The intent (a key of `triggers`) that calls this tool.
    #[serde(default)]
    pub intent: Option<String>,
    /// What the user sees for the intent when asked which one is meant.
    #[serde(default)]
    pub label: Option<String>,
    #[serde(default)]
    pub routing: Option<Routing>,
    #[serde(default)]
    pub requires_confirmation: bool,
    #[serde(default)]
    pub confirmation_message: Option<String>,
    /// The request the host carries out.
    #[serde(default)]
    pub service: Option<ServiceCall>,
    /// Where the result goes in `state_data` (default: merged at the top).
    #[serde(default)]
    pub assign: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ToolKind {
    Information,
    Action,
    Navigation,
}

/// Explicit routing of a navigation tool.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Routing {
    #[serde(rename = "type")]
    pub kind: RoutingKind,
    #[serde(default)]
    pub target: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RoutingKind {
    EnterAgent,
    StartFlow,
    GoHome,
    GoBack,
    Escalate,
}

/// A service request: the service's name and its parameters, each a
/// template over the flow's data (`"{slots.phone_number}"`).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ServiceCall {
    pub name: String,
    #[serde(default)]
    pub params: BTreeMap<String, String>,
}

/// A subflow: a state machine inside one agent.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FlowSpec {
    pub id: String,
    pub initial: String,
    /// How the flow is named when it is cancelled or set aside ("el envío
    /// de {slots.amount_usd|price} USD a {data.recipient_option.name}"):
    /// the first template whose every placeholder has a value is used.
    #[serde(default)]
    pub summary: Vec<String>,
    /// Slots read from the message that started the flow: a state that
    /// collects one of them takes the value found there (if it passes the
    /// state's checks) and asks only for what is missing.
    #[serde(default)]
    pub prefill: Vec<String>,
    pub states: BTreeMap<String, StateSpec>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct StateSpec {
    /// What the state does, in a person's words ("Pide el número"): the
    /// review's diagrams title it so.
    #[serde(default)]
    pub label: Option<String>,
    #[serde(default)]
    pub on_enter: Option<OnEnter>,
    #[serde(default)]
    pub collect: Option<Collect>,
    /// Asks for what is still unclear of the request that started the
    /// flow and reads the request again merged with the answer (seed
    /// 003's clarification loop). A state collects or clarifies, not both.
    #[serde(default)]
    pub clarify: Option<Clarify>,
    /// Checks over several slots, run once the state's collect or clarify
    /// is done and before its tools and transitions: the first whose `if`
    /// holds says its message, forgets the slots it names and goes to its
    /// state.
    #[serde(default)]
    pub validate: Vec<Check>,
    #[serde(default)]
    pub state_tools: Vec<StateTool>,
    /// Checked in order after the state's collect and tools; the first
    /// whose `if` holds (or an `else`) is taken.
    #[serde(default)]
    pub transitions: Vec<Transition>,
    #[serde(default)]
    pub is_final: bool,
}

/// What entering a state does: fetch data first, then say the message.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct OnEnter {
    #[serde(default, rename = "callTool")]
    pub call_tool: Option<String>,
    #[serde(default)]
    pub message: Option<String>,
    /// Text for the user to forward to someone else (a reminder): hosts
    /// offer it with a share or copy button; Caja never sends it itself.
    #[serde(default)]
    pub share: Option<String>,
    /// The request that started the flow this turn is not the agent's
    /// after all: this line (a template like `message`) is said, the
    /// flow ends and the home agent reads the message as if the agent had
    /// never taken it. In a flow started by an earlier message, the state
    /// says its `message` instead.
    #[serde(default)]
    pub hand_back: Option<String>,
}

/// Waiting for one slot's value.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Collect {
    pub slot: String,
    /// Checked against the read value; a failing one says its message and
    /// asks again.
    #[serde(default)]
    pub rejections: Vec<Rejection>,
    /// Said when the reply holds no value of the slot's type.
    #[serde(default)]
    pub reask: Option<String>,
    #[serde(default = "default_attempts")]
    pub max_attempts: u32,
    /// The state taken after `max_attempts` failed replies.
    #[serde(default)]
    pub on_exhausted: Option<String>,
}

fn default_attempts() -> u32 {
    3
}

/// A clarification: the slots the request must fill and the question that
/// asks for them.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Clarify {
    pub slots: Vec<String>,
    pub question: String,
    #[serde(default = "default_attempts")]
    pub max_attempts: u32,
    /// The state taken after `max_attempts` answers left it unclear.
    #[serde(default)]
    pub on_exhausted: Option<String>,
}

/// A check over several slots (`validate`).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Check {
    #[serde(rename = "if")]
    pub condition: String,
    /// The condition in a person's words ("si la fecha límite ya pasó").
    #[serde(default)]
    pub label: Option<String>,
    pub message: String,
    /// The slots the failing check forgets, so their states ask again.
    #[serde(default)]
    pub clear: Vec<String>,
    pub then: String,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Rejection {
    #[serde(rename = "if")]
    pub condition: String,
    /// The condition in a person's words.
    #[serde(default)]
    pub label: Option<String>,
    pub message: String,
}

/// A tool run when the state's collect is filled (or on entry when the
/// state collects nothing), and where its outcome leads.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct StateTool {
    pub tool: String,
    pub flow_transition: FlowTransition,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FlowTransition {
    #[serde(rename = "onSuccess")]
    pub on_success: String,
    #[serde(rename = "onError")]
    pub on_error: String,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Transition {
    #[serde(default, rename = "if")]
    pub condition: Option<String>,
    /// The condition in a person's words.
    #[serde(default)]
    pub label: Option<String>,
    pub then: String,
}
