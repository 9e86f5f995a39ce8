//! Money sent abroad by the remittances agent: each transfer created is
//! stored, so Caja can say when it arrives, as seed 004 promises
//! ("Recibirás una notificación cuando María reciba el dinero"). The
//! remittance provider is a sandbox: a transfer arrives at the lower
//! bound of its estimate. A real provider would tell its arrival instead
//! (a webhook); the notice and its once-only key stay the same.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::money::Centavos;
use crate::time::UnixMillis;

/// The service whose success creates a transfer.
pub const CREATE_SERVICE: &str = "remittances.create_transfer";
/// When the sandbox's transfer arrives: its estimate is "2-4 horas".
pub const ARRIVES_AFTER_MS: i64 = 2 * 60 * 60 * 1000;
/// A notice not sent within this long after the arrival is not sent.
pub const NOTICE_WINDOW_MS: i64 = 3 * 24 * 60 * 60 * 1000;

/// One transfer as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Transfer {
    /// The provider's reference ("TXN-20261126-001").
    pub id: String,
    pub recipient: String,
    /// What the recipient gets, in centavos of pesos.
    pub gets_mxn_cents: Centavos,
    /// How: `BANK` or `CASH`.
    pub delivery: String,
    pub created_at: UnixMillis,
    pub arrives_at: UnixMillis,
}

impl Transfer {
    /// The transfer a successful create call's `data` describes, made at
    /// `now`; `None` when a field is missing.
    pub fn created(data: &Value, now: UnixMillis) -> Option<Transfer> {
        let text = |name: &str| data.get(name).and_then(Value::as_str).map(str::to_string);
        Some(Transfer {
            id: text("transfer_id")?,
            recipient: text("recipient_name")?,
            gets_mxn_cents: data.get("recipient_gets_mxn_cents")?.as_i64()?,
            delivery: text("delivery_type")?,
            created_at: now,
            arrives_at: now + ARRIVES_AFTER_MS,
        })
    }
}
