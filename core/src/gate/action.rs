//! The one pending action of a session: whatever waits for a Sí/No, of
//! any agent. Its action is exactly what runs on "sí": a ledger write
//! (the seed's `pending_action` types, payload = the write tool's input)
//! or a data agent's service call (the seed's `tool_name` and
//! `tool_params`). Stored under `pending_action` with the seed's `type`,
//! `payload` and `confirmation_prompt`; checkpoints written before there
//! was one pending action (a data agent's `pending_confirmation`) are read
//! too, and migrate on the next write.

use serde::de::{DeserializeSeed, MapAccess, Visitor};
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

    /// Whether this write would do again what `done` did: the same
    /// movements (type, amount, category and day; the words that describe
    /// them aside) or the same change. A draft set to wait that the user
    /// then said anew and confirmed is not asked a second time.
    pub fn repeats(&self, done: &PendingWrite) -> bool {
        fn key(i: &crate::tools::AddTransactionInput) -> impl PartialEq + '_ {
            (i.kind, i.amount_mxn_cents, &i.category, &i.date_iso)
        }
        match (self, done) {
            (PendingWrite::AddTransaction(a), PendingWrite::AddTransaction(b)) => key(a) == key(b),
            (PendingWrite::AddTransactions(a), PendingWrite::AddTransactions(b)) => {
                a.transactions.len() == b.transactions.len()
                    && a.transactions
                        .iter()
                        .zip(&b.transactions)
                        .all(|(a, b)| key(a) == key(b))
            }
            _ => self == done,
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
}

/// Reads the payload of an action of type `kind`.
fn read_action<'de, D: Deserializer<'de>>(
    kind: PendingActionType,
    d: D,
) -> Result<Action, D::Error> {
    use PendingActionType as T;
    use PendingWrite as W;
    Ok(match kind {
        T::ServiceCall => Action::Service(ServiceCall::deserialize(d)?),
        T::AddTransaction => Action::Write(W::AddTransaction(Deserialize::deserialize(d)?)),
        T::AddTransactions => Action::Write(W::AddTransactions(Deserialize::deserialize(d)?)),
        T::UpdateLastTransaction => {
            Action::Write(W::UpdateLastTransaction(Deserialize::deserialize(d)?))
        }
        T::DeleteLastTransaction => {
            Action::Write(W::DeleteLastTransaction(Deserialize::deserialize(d)?))
        }
        T::AddOrUpdateDebt => Action::Write(W::AddOrUpdateDebt(Deserialize::deserialize(d)?)),
        T::PayDebt => Action::Write(W::PayDebt(Deserialize::deserialize(d)?)),
        T::SetBudgetCap => Action::Write(W::SetBudgetCap(Deserialize::deserialize(d)?)),
        T::SetBankBalance => Action::Write(W::SetBankBalance(Deserialize::deserialize(d)?)),
    })
}

/// [`read_action`] as a seed, so a payload after its `type` is read in
/// the one pass.
struct ActionSeed(PendingActionType);

impl<'de> DeserializeSeed<'de> for ActionSeed {
    type Value = Action;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Action, D::Error> {
        read_action(self.0, d)
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
#[derive(Default)]
struct Wire {
    kind: Option<PendingActionType>,
    /// The payload, read as soon as its type is known.
    action: Option<Action>,
    /// A payload that came before its type, read once the type is known.
    raw: Option<Box<RawValue>>,
    confirmation_prompt: Option<String>,
    agent_id: Option<String>,
    id: Option<String>,
    created_at_iso: Option<String>,
    expires_at_iso: Option<String>,
    // A data agent's confirmation as stored before (seed 004 names).
    tool_name: Option<String>,
    service: Option<String>,
    tool_params: Option<Map<String, Value>>,
    display_message: Option<String>,
    created_at: Option<String>,
    expires_at: Option<String>,
}

impl<'de> Deserialize<'de> for Wire {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Wire, D::Error> {
        d.deserialize_map(WireVisitor)
    }
}

struct WireVisitor;

impl<'de> Visitor<'de> for WireVisitor {
    type Value = Wire;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a pending action")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Wire, A::Error> {
        let mut w = Wire::default();
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            match key.as_ref() {
                "type" => w.kind = map.next_value()?,
                "payload" => match w.kind {
                    Some(kind) => w.action = map.next_value_seed(NullOr(ActionSeed(kind)))?,
                    None => w.raw = map.next_value()?,
                },
                "confirmation_prompt" => w.confirmation_prompt = map.next_value()?,
                "agent_id" => w.agent_id = map.next_value()?,
                "id" => w.id = map.next_value()?,
                "created_at_iso" => w.created_at_iso = map.next_value()?,
                "expires_at_iso" => w.expires_at_iso = map.next_value()?,
                "tool_name" => w.tool_name = map.next_value()?,
                "service" => w.service = map.next_value()?,
                "tool_params" => w.tool_params = map.next_value()?,
                "display_message" => w.display_message = map.next_value()?,
                "created_at" => w.created_at = map.next_value()?,
                "expires_at" => w.expires_at = map.next_value()?,
                _ => {
                    map.next_value::<serde::de::IgnoredAny>()?;
                }
            }
        }
        Ok(w)
    }
}

/// A seed that reads `null` as nothing.
struct NullOr<S>(S);

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for NullOr<S> {
    type Value = Option<S::Value>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        struct V<S>(S);
        impl<'de, S: DeserializeSeed<'de>> Visitor<'de> for V<S> {
            type Value = Option<S::Value>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a payload or null")
            }
            fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
                Ok(None)
            }
            fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
                Ok(None)
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
                self.0.deserialize(d).map(Some)
            }
        }
        d.deserialize_option(V(self.0))
    }
}

impl Wire {
    /// The action it holds; `None` when nothing waits.
    fn into_pending(self) -> Result<Option<PendingAction>, String> {
        let raw = |kind, raw: Box<RawValue>| {
            read_action(kind, &mut serde_json::Deserializer::from_str(raw.get()))
                .map_err(|e| e.to_string())
        };
        let action = match (self.kind, self.action, self.raw, self.tool_name) {
            (Some(_), Some(action), _, _) => action,
            (Some(kind), None, Some(payload), _) => raw(kind, payload)?,
            (Some(_), None, None, _) => return Err("pending_action.type without payload".into()),
            (None, _, Some(_), _) => return Err("pending_action.payload without type".into()),
            (None, _, None, Some(tool_name)) => Action::Service(ServiceCall {
                tool_name,
                service: self.service.unwrap_or_default(),
                tool_params: self.tool_params.unwrap_or_default(),
            }),
            (None, _, None, None) => return Ok(None),
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
            /// Left out for the Financial Agent (a checkpoint's usual case).
            #[serde(skip_serializing_if = "is_home")]
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

fn is_home(agent: &&str) -> bool {
    *agent == HOME
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
