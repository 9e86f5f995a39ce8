//! The one pending action of a session: whatever waits for a Sí/No, of
//! any agent. Its action is exactly what runs on "sí": a ledger write
//! (the seed's `pending_action` types, payload = the write tool's input)
//! or a data agent's service call (the seed's `tool_name` and
//! `tool_params`). Stored under `pending_action` with the seed's `type`,
//! `payload` and `confirmation_prompt`; checkpoints written before there
//! was one pending action (a data agent's `pending_confirmation`) are read
//! too, and migrate on the next write.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::tools::{
    AddTransactionInput, AddTransactionsInput, BankBalanceInput, BudgetCapInput, DebtInput,
    DeleteLastTransactionInput, PayDebtInput, ToolRequest, UpdateLastTransactionInput,
};

/// The agent a ledger write belongs to (the Financial Agent, the root of
/// every session).
pub const HOME: &str = "financial";

/// The pending action types of the seed, and a data agent's service call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PendingActionType {
    ServiceCall,
    AddTransaction,
    AddTransactions,
    UpdateLastTransaction,
    DeleteLastTransaction,
    AddOrUpdateDebt,
    PayDebt,
    SetBudgetCap,
    SetBankBalance,
}

/// A write waiting for "sí"; the payload is exactly the write tool's input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PendingWrite {
    AddTransaction(AddTransactionInput),
    AddTransactions(AddTransactionsInput),
    UpdateLastTransaction(UpdateLastTransactionInput),
    DeleteLastTransaction(DeleteLastTransactionInput),
    AddOrUpdateDebt(DebtInput),
    PayDebt(PayDebtInput),
    SetBudgetCap(BudgetCapInput),
    SetBankBalance(BankBalanceInput),
}

impl PendingWrite {
    pub fn action_type(&self) -> PendingActionType {
        match self {
            PendingWrite::AddTransaction(_) => PendingActionType::AddTransaction,
            PendingWrite::AddTransactions(_) => PendingActionType::AddTransactions,
            PendingWrite::UpdateLastTransaction(_) => PendingActionType::UpdateLastTransaction,
            PendingWrite::DeleteLastTransaction(_) => PendingActionType::DeleteLastTransaction,
            PendingWrite::AddOrUpdateDebt(_) => PendingActionType::AddOrUpdateDebt,
            PendingWrite::PayDebt(_) => PendingActionType::PayDebt,
            PendingWrite::SetBudgetCap(_) => PendingActionType::SetBudgetCap,
            PendingWrite::SetBankBalance(_) => PendingActionType::SetBankBalance,
        }
    }

    /// The tool request this write becomes once confirmed.
    pub fn to_request(&self) -> ToolRequest {
        match self.clone() {
            PendingWrite::AddTransaction(i) => ToolRequest::AddTransaction(i),
            PendingWrite::AddTransactions(i) => ToolRequest::AddTransactions(i),
            PendingWrite::UpdateLastTransaction(i) => ToolRequest::UpdateLastTransaction(i),
            PendingWrite::DeleteLastTransaction(i) => ToolRequest::DeleteLastTransaction(i),
            PendingWrite::AddOrUpdateDebt(i) => ToolRequest::AddOrUpdateDebt(i),
            PendingWrite::PayDebt(i) => ToolRequest::PayDebt(i),
            PendingWrite::SetBudgetCap(i) => ToolRequest::SetBudgetCap(i),
            PendingWrite::SetBankBalance(i) => ToolRequest::SetBankBalance(i),
        }
    }

    /// Reads the payload of a write of type `kind`, kept unparsed until
    /// the type is known.
    fn from_json(kind: PendingActionType, payload: &RawValue) -> Result<Self, String> {
        fn read<T: serde::de::DeserializeOwned>(payload: &RawValue) -> Result<T, String> {
            serde_json::from_str(payload.get()).map_err(|e| e.to_string())
        }
        Ok(match kind {
            PendingActionType::ServiceCall => return Err("a service call is no write".into()),
            PendingActionType::AddTransaction => PendingWrite::AddTransaction(read(payload)?),
            PendingActionType::AddTransactions => PendingWrite::AddTransactions(read(payload)?),
            PendingActionType::UpdateLastTransaction => {
                PendingWrite::UpdateLastTransaction(read(payload)?)
            }
            PendingActionType::DeleteLastTransaction => {
                PendingWrite::DeleteLastTransaction(read(payload)?)
            }
            PendingActionType::AddOrUpdateDebt => PendingWrite::AddOrUpdateDebt(read(payload)?),
            PendingActionType::PayDebt => PendingWrite::PayDebt(read(payload)?),
            PendingActionType::SetBudgetCap => PendingWrite::SetBudgetCap(read(payload)?),
            PendingActionType::SetBankBalance => PendingWrite::SetBankBalance(read(payload)?),
        })
    }
}

/// The payload is the write tool's input as it is, with no tag.
impl Serialize for PendingWrite {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            PendingWrite::AddTransaction(i) => i.serialize(s),
            PendingWrite::AddTransactions(i) => i.serialize(s),
            PendingWrite::UpdateLastTransaction(i) => i.serialize(s),
            PendingWrite::DeleteLastTransaction(i) => i.serialize(s),
            PendingWrite::AddOrUpdateDebt(i) => i.serialize(s),
            PendingWrite::PayDebt(i) => i.serialize(s),
            PendingWrite::SetBudgetCap(i) => i.serialize(s),
            PendingWrite::SetBankBalance(i) => i.serialize(s),
        }
    }
}

/// A data agent's action: exactly the service request that runs once
/// confirmed (seed 004's `tool_name` and `tool_params`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServiceCall {
    pub tool_name: String,
    pub service: String,
    pub tool_params: Map<String, Value>,
}

/// What runs on "sí".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Write(PendingWrite),
    Service(ServiceCall),
}

/// The one action waiting for "sí" in a session, of whichever agent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingAction {
    /// Identifies this prompt (Telegram's buttons and the web's carry it).
    pub id: String,
    /// The agent that asked.
    pub agent: String,
    pub action: Action,
    /// The prompt as shown.
    pub prompt: String,
    pub created_at_iso: String,
    /// When "sí" stops counting (UTC, RFC 3339).
    pub expires_at_iso: String,
}

impl PendingAction {
    /// The ledger write, when that is what waits.
    pub fn write(&self) -> Option<&PendingWrite> {
        match &self.action {
            Action::Write(write) => Some(write),
            Action::Service(_) => None,
        }
    }

    /// The service call, when that is what waits.
    pub fn service(&self) -> Option<&ServiceCall> {
        match &self.action {
            Action::Service(call) => Some(call),
            Action::Write(_) => None,
        }
    }

    /// The tool that runs on "sí".
    pub fn tool(&self) -> &str {
        match &self.action {
            Action::Write(write) => write.to_request().def().name,
            Action::Service(call) => &call.tool_name,
        }
    }

    /// Whether "sí" no longer counts at `now` (the gate's one rule).
    pub fn expired(&self, now: crate::time::UnixMillis) -> bool {
        super::expired(Some(&self.expires_at_iso), now)
    }

    /// Offers the same action anew under `id` until `expires_at_iso`;
    /// returns the old id, whose buttons follow the new one
    /// ([`super::reoffered`]).
    pub fn renew(&mut self, id: String, now_iso: &str, expires_at_iso: String) -> String {
        self.created_at_iso = now_iso.to_string();
        self.expires_at_iso = expires_at_iso;
        std::mem::replace(&mut self.id, id)
    }
}

/// A pending action as stored: the seed's `type`, `payload` and
/// `confirmation_prompt`, and the gate's id, agent and times. The fields
/// of a data agent's older `pending_confirmation` are read too.
#[derive(Default, Deserialize)]
struct Wire {
    #[serde(rename = "type", default)]
    kind: Option<PendingActionType>,
    #[serde(default)]
    payload: Option<Box<RawValue>>,
    #[serde(default)]
    confirmation_prompt: Option<String>,
    #[serde(default)]
    agent_id: Option<String>,
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    created_at_iso: Option<String>,
    #[serde(default)]
    expires_at_iso: Option<String>,
    // A data agent's confirmation as stored before (seed 004 names).
    #[serde(default)]
    tool_name: Option<String>,
    #[serde(default)]
    service: Option<String>,
    #[serde(default)]
    tool_params: Option<Map<String, Value>>,
    #[serde(default)]
    display_message: Option<String>,
    #[serde(default)]
    created_at: Option<String>,
    #[serde(default)]
    expires_at: Option<String>,
}

impl Wire {
    /// The action it holds; `None` when nothing waits.
    fn into_pending(self) -> Result<Option<PendingAction>, String> {
        let action = match (self.kind, self.payload, self.tool_name) {
            (Some(PendingActionType::ServiceCall), Some(payload), _) => {
                Action::Service(serde_json::from_str(payload.get()).map_err(|e| e.to_string())?)
            }
            (Some(kind), Some(payload), _) => {
                Action::Write(PendingWrite::from_json(kind, &payload)?)
            }
            (Some(_), None, _) => return Err("pending_action.type without payload".into()),
            (None, Some(_), _) => return Err("pending_action.payload without type".into()),
            (None, None, Some(tool_name)) => Action::Service(ServiceCall {
                tool_name,
                service: self.service.unwrap_or_default(),
                tool_params: self.tool_params.unwrap_or_default(),
            }),
            (None, None, None) => return Ok(None),
        };
        // A write stored without an agent is the Financial Agent's.
        Ok(Some(PendingAction {
            id: self.id.unwrap_or_default(),
            agent: self.agent_id.unwrap_or_else(|| HOME.to_string()),
            action,
            prompt: self
                .confirmation_prompt
                .or(self.display_message)
                .unwrap_or_default(),
            created_at_iso: self.created_at_iso.or(self.created_at).unwrap_or_default(),
            // A missing expiry reads as expired: nothing is confirmed on a
            // prompt whose age is unknown.
            expires_at_iso: self.expires_at_iso.or(self.expires_at).unwrap_or_default(),
        }))
    }
}

impl Serialize for PendingAction {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        #[serde(untagged)]
        enum Payload<'a> {
            Write(&'a PendingWrite),
            Service(&'a ServiceCall),
        }
        #[derive(Serialize)]
        struct Out<'a> {
            #[serde(rename = "type")]
            kind: PendingActionType,
            payload: Payload<'a>,
            confirmation_prompt: &'a str,
            agent_id: &'a str,
            id: &'a str,
            created_at_iso: &'a str,
            expires_at_iso: &'a str,
        }
        let (kind, payload) = match &self.action {
            Action::Write(write) => (write.action_type(), Payload::Write(write)),
            Action::Service(call) => (PendingActionType::ServiceCall, Payload::Service(call)),
        };
        Out {
            kind,
            payload,
            confirmation_prompt: &self.prompt,
            agent_id: &self.agent,
            id: &self.id,
            created_at_iso: &self.created_at_iso,
            expires_at_iso: &self.expires_at_iso,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for PendingAction {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Wire::deserialize(d)?
            .into_pending()
            .map_err(serde::de::Error::custom)?
            .ok_or_else(|| serde::de::Error::custom("no pending action"))
    }
}

/// `Option<PendingAction>` as stored: nothing pending is `{}` (the seed's
/// `pending_action` is always there), and `{}` or `null` read as nothing.
pub mod optional {
    use super::{PendingAction, Wire};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(
        pending: &Option<PendingAction>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match pending {
            Some(pending) => pending.serialize(s),
            None => serde_json::Map::new().serialize(s),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<PendingAction>, D::Error> {
        Option::<Wire>::deserialize(d)?
            .unwrap_or_default()
            .into_pending()
            .map_err(serde::de::Error::custom)
    }
}
