//! The cobros provider on D1: reads the user's contacts and payment
//! requests (one batch, always from D1) for `caja_core::tools::cobros`
//! to decide on, and turns the changes it decides into statements of the
//! turn's commit batch, each guarded on what the decision read.

use caja_core::tools::cobros::{
    Book, Change, Contact, MAX_CONTACTS, MAX_REQUESTS, PaymentRequest, Status,
};
use serde::Deserialize;

use super::ToolRunner;
use crate::store::{Arg, Db, opt_text, rows};

#[derive(Deserialize)]
struct ContactRow {
    name_key: String,
    name: String,
}

/// A stored payment request.
#[derive(Deserialize)]
pub struct RequestRow {
    seq: i64,
    version: i64,
    contact_key: String,
    contact_name: String,
    amount_mxn_cents: i64,
    paid_mxn_cents: i64,
    concept: Option<String>,
    due_date: Option<String>,
    status: String,
    created_on: String,
    closed_on: Option<String>,
}

impl RequestRow {
    /// The request as the core reads it; a row that breaks the schema's
    /// own values is an error, never skipped.
    pub fn to_core(&self) -> worker::Result<PaymentRequest> {
        let bad = || worker::Error::RustError(format!("stored cobro {} unreadable", self.seq));
        Ok(PaymentRequest {
            seq: self.seq,
            version: u32::try_from(self.version).map_err(|_| bad())?,
            contact_key: self.contact_key.clone(),
            contact_name: self.contact_name.clone(),
            amount_mxn_cents: self.amount_mxn_cents,
            paid_mxn_cents: self.paid_mxn_cents,
            concept: self.concept.clone(),
            due_date: self.due_date.clone(),
            status: Status::parse(&self.status).ok_or_else(bad)?,
            created_on: self.created_on.clone(),
            closed_on: self.closed_on.clone(),
        })
    }
}

pub const REQUEST_COLUMNS: &str = "seq, version, contact_key, contact_name, amount_mxn_cents, paid_mxn_cents, concept, due_date, status, created_on, closed_on";

/// The user's contacts and payment requests, as D1 has them now.
pub async fn book(db: &Db, user: &str) -> worker::Result<Book> {
    let results = db
        .batch(vec![
            db.stmt(
                &format!("SELECT name_key, name FROM contacts WHERE user_id = ?1 ORDER BY name_key LIMIT {MAX_CONTACTS}"),
                &[Arg::Text(user)],
            )?,
            db.stmt(
                &format!(
                    "SELECT {REQUEST_COLUMNS} FROM payment_requests WHERE user_id = ?1 ORDER BY seq LIMIT {MAX_REQUESTS}"
                ),
                &[Arg::Text(user)],
            )?,
        ])
        .await?;
    let contacts = rows::<ContactRow>(results.first())?
        .into_iter()
        .map(|c| Contact {
            name: c.name,
            key: c.name_key,
        })
        .collect();
    let requests = rows::<RequestRow>(results.get(1))?
        .iter()
        .map(RequestRow::to_core)
        .collect::<worker::Result<Vec<_>>>()?;
    Ok(Book { contacts, requests })
}

impl ToolRunner<'_> {
    /// Stages one change a cobros call decided. A new contact or request
    /// collides on its primary key if another turn stored it first; a
    /// changed request commits only while D1 still has the version the
    /// decision read. (A paid cobro's income comes as a movement.)
    pub(super) fn stage_cobros(&mut self, change: Change) -> worker::Result<()> {
        let (db, user) = (self.db, self.rows.user);
        let at = self.now_iso.clone();
        {
            match change {
                Change::AddContact(contact) => self.staged.push(db.stmt(
                    "INSERT INTO contacts (user_id, name_key, name, created_at) VALUES (?1, ?2, ?3, ?4)",
                    &[Arg::Text(user), Arg::Text(&contact.key), Arg::Text(&contact.name), Arg::Text(&at)],
                )?),
                Change::InsertRequest(r) => self.staged.push(db.stmt(
                    "INSERT INTO payment_requests (user_id, seq, version, contact_key, contact_name, amount_mxn_cents, concept, due_date, status, created_on, closed_on, updated_at) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
                    &[
                        Arg::Text(user),
                        Arg::Int(r.seq),
                        Arg::Int(i64::from(r.version)),
                        Arg::Text(&r.contact_key),
                        Arg::Text(&r.contact_name),
                        Arg::Int(r.amount_mxn_cents),
                        opt_text(&r.concept),
                        opt_text(&r.due_date),
                        Arg::Text(r.status.as_str()),
                        Arg::Text(&r.created_on),
                        opt_text(&r.closed_on),
                        Arg::Text(&at),
                    ],
                )?),
                Change::UpdateRequest(r) => {
                    self.staged.push(db.guard(
                        "SELECT version FROM payment_requests WHERE user_id = ?1 AND seq = ?2",
                        &[Arg::Text(user), Arg::Int(r.seq)],
                        Arg::Int(i64::from(r.version) - 1),
                    )?);
                    self.staged.push(db.stmt(
                        "UPDATE payment_requests SET version = ?3, status = ?4, closed_on = ?5, updated_at = ?6, paid_mxn_cents = ?7, amount_mxn_cents = ?8 WHERE user_id = ?1 AND seq = ?2",
                        &[
                            Arg::Text(user),
                            Arg::Int(r.seq),
                            Arg::Int(i64::from(r.version)),
                            Arg::Text(r.status.as_str()),
                            opt_text(&r.closed_on),
                            Arg::Text(&at),
                            Arg::Int(r.paid_mxn_cents),
                            Arg::Int(r.amount_mxn_cents),
                        ],
                    )?);
                }
                Change::QueueMessage(m) => self.staged.push(db.stmt(
                    "INSERT INTO queued_messages (user_id, request_seq, contact_name, text, queued_on, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                    &[
                        Arg::Text(user),
                        Arg::Int(m.request_seq),
                        Arg::Text(&m.contact_name),
                        Arg::Text(&m.text),
                        Arg::Text(&m.queued_on),
                        Arg::Text(&at),
                    ],
                )?),
                Change::AddIncome(..) => {
                    return Err(worker::Error::RustError(
                        "a paid cobro's income is staged as a movement".into(),
                    ));
                }
            }
        }
        Ok(())
    }
}
