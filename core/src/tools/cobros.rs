//! Cobros (seed 002's payment requests): money other people owe the user,
//! the contacts it is asked of, and the reminders queued for the user to
//! forward. The services agent files may declare under the `cobros`
//! provider (listed in [`super::defs`]) are decided here, once: a host hands [`run`] the user's
//! [`Book`] as its store has it and applies the [`Change`]s that come
//! back (D1 statements in the turn's commit batch on the Worker, memory
//! natively and in the browser). A host never decides a rule of its own.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::sandbox::{cents_up_to, decimal};
use super::{AddTransactionInput, CategoryType, ToolCall, ToolResult, TransactionType, codes};
use crate::limits;
use crate::money::Centavos;
use crate::nlu::normalize::fold;

mod params;

use params::{day, name, optional_day, optional_text};

/// A person the user may ask money of.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contact {
    /// As the user wrote it ("Juan Pérez").
    pub name: String,
    /// The name folded (case and accents): one contact per key.
    pub key: String,
}

impl Contact {
    pub fn new(name: &str) -> Contact {
        let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
        Contact {
            key: key(&name),
            name,
        }
    }
}

/// The key a name is stored under.
pub fn key(name: &str) -> String {
    fold(name).split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Where a payment request stands, as stored. Overdue is not stored: a
/// pending request is overdue once its due date has passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Pending,
    Paid,
    Cancelled,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::Paid => "paid",
            Status::Cancelled => "cancelled",
        }
    }

    pub fn parse(text: &str) -> Option<Status> {
        [Status::Pending, Status::Paid, Status::Cancelled]
            .into_iter()
            .find(|s| s.as_str() == text)
    }
}

/// A payment request (a cobro).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PaymentRequest {
    /// 1, 2, 3… per user; the reference is made from it.
    pub seq: i64,
    /// Starts at 1; every change adds one.
    pub version: u32,
    pub contact_key: String,
    pub contact_name: String,
    pub amount_mxn_cents: Centavos,
    /// What was paid toward it so far (part payments); the rest is owed.
    #[serde(default)]
    pub paid_mxn_cents: Centavos,
    pub concept: Option<String>,
    /// `YYYY-MM-DD`, not before the day it was asked.
    pub due_date: Option<String>,
    pub status: Status,
    /// `YYYY-MM-DD` in the user's zone.
    pub created_on: String,
    /// The day it was marked paid or cancelled.
    pub closed_on: Option<String>,
}

impl PaymentRequest {
    /// The reference the user sees: `COB-0001`.
    pub fn reference(&self) -> String {
        reference(self.seq)
    }

    /// What is still owed: the amount less what was paid toward it.
    pub fn owed(&self) -> Centavos {
        self.amount_mxn_cents - self.paid_mxn_cents
    }

    /// Pending with its due date passed.
    pub fn overdue(&self, today: &str) -> bool {
        self.status == Status::Pending && self.due_date.as_deref().is_some_and(|d| d < today)
    }

    /// How it is listed: the stored fields and the words for its status.
    pub fn to_item(&self, number: usize, today: &str) -> Value {
        // Pending or cancelled, what is (or was, when cancelled) still
        // owed: a cancellation forgives only that; paid, the whole amount.
        let shown = match self.status {
            Status::Pending | Status::Cancelled => self.owed(),
            Status::Paid => self.amount_mxn_cents,
        };
        let (status, label) = if self.overdue(today) {
            ("overdue", "vencido")
        } else {
            match self.status {
                Status::Pending => ("pending", "pendiente"),
                Status::Paid => ("paid", "pagado"),
                Status::Cancelled => ("cancelled", "cancelado"),
            }
        };
        json!({
            "number": number,
            "reference": self.reference(),
            "version": self.version,
            "contact_name": self.contact_name,
            // While pending, what is still owed (the whole amount until a
            // part is paid); cancelled, what was still owed; paid, the
            // whole amount.
            "amount_mxn": decimal(shown),
            "amount_mxn_cents": shown,
            "total_mxn": decimal(self.amount_mxn_cents),
            // Absent until a part was paid.
            "paid_mxn": (self.status == Status::Pending && self.paid_mxn_cents > 0)
                .then(|| decimal(self.paid_mxn_cents)),
            "concept": self.concept,
            "due_date": self.due_date,
            "status": status,
            "status_label": label,
            "created_on": self.created_on,
            "closed_on": self.closed_on,
        })
    }
}

/// `COB-` and the request's number.
pub fn reference(seq: i64) -> String {
    format!("COB-{seq:04}")
}

/// The request number a reference names ("COB-0001", "cob-1" → 1).
pub fn reference_seq(reference: &str) -> Option<i64> {
    let (prefix, digits) = reference.trim().split_once('-')?;
    (prefix.eq_ignore_ascii_case("cob") && !digits.is_empty() && digits.len() <= 12)
        .then(|| digits.parse().ok())
        .flatten()
}

/// A reminder queued for the user to forward (Caja never sends it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueuedMessage {
    pub request_seq: i64,
    pub contact_name: String,
    pub text: String,
    pub queued_on: String,
}

/// What a host stores of one user for these services.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    pub contacts: Vec<Contact>,
    pub requests: Vec<PaymentRequest>,
}

impl Book {
    /// The book after `change`, as the host will store it: later calls of
    /// the same turn decide on it (a change to the ledger or the queue of
    /// reminders leaves the book as it is).
    pub fn apply(&mut self, change: &Change) {
        match change {
            Change::AddContact(contact) => self.contacts.push(contact.clone()),
            Change::InsertRequest(request) => self.requests.push(request.clone()),
            Change::UpdateRequest(request) => {
                if let Some(stored) = self.requests.iter_mut().find(|r| r.seq == request.seq) {
                    *stored = request.clone();
                }
            }
            Change::QueueMessage(_) | Change::AddIncome(..) => {}
        }
    }
}

/// A change for the host to store, all of a call's together or none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    AddContact(Contact),
    InsertRequest(PaymentRequest),
    /// The request as it is after the change; stored only while the
    /// stored one still has `version - 1`.
    UpdateRequest(PaymentRequest),
    QueueMessage(QueuedMessage),
    /// The income a paid request brings into the user's ledger, and the
    /// request's number (the movement pays it).
    AddIncome(AddTransactionInput, i64),
}

/// A call's result and what it changes.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub result: ToolResult,
    pub changes: Vec<Change>,
}

/// Longest contact name, in characters.
pub const MAX_NAME_CHARS: usize = 60;
/// Longest concept of a request, in characters.
pub const MAX_CONCEPT_CHARS: usize = 120;
/// Longest reminder text, in characters.
pub const MAX_MESSAGE_CHARS: usize = 1_000;
/// Most contacts and requests one user keeps.
pub const MAX_CONTACTS: usize = 500;
pub const MAX_REQUESTS: usize = 5_000;

/// Carries out a service over `book` on `at` (an instant, for the result).
pub fn run(
    call: &ToolCall,
    service: &str,
    params: &Map<String, Value>,
    book: &Book,
    at: &str,
) -> Outcome {
    match decide(service, params, book) {
        Ok((data, changes)) => Outcome {
            result: ToolResult::success(call, &data, at),
            changes,
        },
        Err((code, problem)) => Outcome {
            result: ToolResult::failure(call, code, &problem, at),
            changes: Vec::new(),
        },
    }
}

type Decision = Result<(Value, Vec<Change>), (&'static str, String)>;

fn invalid(problem: impl Into<String>) -> (&'static str, String) {
    (codes::INVALID, problem.into())
}

fn decide(service: &str, params: &Map<String, Value>, book: &Book) -> Decision {
    let today = || day(params, "today");
    match service {
        "cobros.contacts" => {
            let contacts: Vec<Value> = book
                .contacts
                .iter()
                .map(|c| json!({ "name": c.name }))
                .collect();
            Ok((
                json!({ "contact_count": contacts.len(), "contacts": contacts }),
                vec![],
            ))
        }
        "cobros.contact" => contact(params, book),
        "cobros.add_contact" => add_contact(params, book),
        "cobros.create" => create(params, book, today()?),
        "cobros.list" => {
            let mut data = overview(book, &today()?);
            if let Some(all) = data.as_object_mut() {
                all.remove("closed");
            }
            Ok((data, vec![]))
        }
        "cobros.find" => find(params, book, today()?),
        "cobros.cancel" | "cobros.mark_paid" => close(service, params, book, today()?),
        "cobros.update" => update(params, book, today()?),
        "cobros.remind" => remind(params, book, today()?),
        other => Err(invalid(format!("unknown cobros service {other}"))),
    }
}

/// Whether a name is a contact: the one it names, or those it may mean.
fn contact(params: &Map<String, Value>, book: &Book) -> Decision {
    let name = name(params, "name")?;
    let found = matching_contacts(book, &name);
    let data = match found.as_slice() {
        [one] => {
            json!({ "contact_known": true, "contact_name": one.name, "contact_matches": [] })
        }
        _ => json!({
            "contact_known": false,
            "contact_name": name,
            "contact_matches": found.iter().map(|c| json!({ "name": c.name })).collect::<Vec<_>>(),
        }),
    };
    Ok((data, vec![]))
}

/// A new contact, unless it is one already.
fn add_contact(params: &Map<String, Value>, book: &Book) -> Decision {
    let contact = Contact::new(&name(params, "name")?);
    if book.contacts.iter().any(|c| c.key == contact.key) {
        return Err((
            codes::CONFLICT,
            format!("{} is a contact already", contact.name),
        ));
    }
    if book.contacts.len() >= MAX_CONTACTS {
        return Err(invalid("too many contacts"));
    }
    Ok((
        json!({ "contact_name": contact.name }),
        vec![Change::AddContact(contact)],
    ))
}

/// A new cobro to a contact, due today or later.
fn create(params: &Map<String, Value>, book: &Book, today: String) -> Decision {
    let contact = known_contact(book, &name(params, "contact")?)?;
    let amount = cents_up_to(params, "amount_mxn", limits::MAX_AMOUNT).map_err(invalid)?;
    let concept = optional_text(params, "concept", MAX_CONCEPT_CHARS)?;
    let due_date = optional_day(params, "due_date")?;
    if due_date.as_deref().is_some_and(|d| d < today.as_str()) {
        return Err(invalid("due date in the past"));
    }
    if book.requests.len() >= MAX_REQUESTS {
        return Err(invalid("too many payment requests"));
    }
    let request = PaymentRequest {
        seq: book.requests.iter().map(|r| r.seq).max().unwrap_or(0) + 1,
        version: 1,
        contact_key: contact.key.clone(),
        contact_name: contact.name.clone(),
        amount_mxn_cents: amount,
        paid_mxn_cents: 0,
        concept,
        due_date,
        status: Status::Pending,
        created_on: today.clone(),
        closed_on: None,
    };
    Ok((
        request.to_item(1, &today),
        vec![Change::InsertRequest(request)],
    ))
}

/// A contact's cobros, the newest first (only the pending ones if asked).
/// The cobros of a contact, or the one a reference names ("COB-0001":
/// its contact is then the one of that cobro, whatever name was said).
fn find(params: &Map<String, Value>, book: &Book, today: String) -> Decision {
    let only_pending = params.get("status").and_then(Value::as_str) == Some("pending");
    let wanted = |r: &&PaymentRequest| !only_pending || r.status == Status::Pending;
    let (known, contact_name, mut found) = match optional_text(params, "reference", MAX_NAME_CHARS)?
    {
        Some(reference) => {
            let seq = reference_seq(&reference);
            let found: Vec<&PaymentRequest> = book
                .requests
                .iter()
                .filter(|r| Some(r.seq) == seq)
                .filter(wanted)
                .collect();
            let name = found.first().map(|r| r.contact_name.clone());
            (name.is_some(), name.unwrap_or_default(), found)
        }
        None => {
            let name = name(params, "contact")?;
            let contacts = matching_contacts(book, &name);
            let found: Vec<&PaymentRequest> = book
                .requests
                .iter()
                .filter(|r| contacts.iter().any(|c| c.key == r.contact_key))
                .filter(wanted)
                .collect();
            let contact_name = match contacts.as_slice() {
                [one] => one.name.clone(),
                _ => name,
            };
            (!contacts.is_empty(), contact_name, found)
        }
    };
    // The newest first: "the cobro of Juan" is most likely the last.
    found.sort_by_key(|r| std::cmp::Reverse(r.seq));
    let items: Vec<Value> = (1..)
        .zip(&found)
        .map(|(n, r)| r.to_item(n, &today))
        .collect();
    Ok((
        json!({
            "contact_known": known,
            "contact_name": contact_name,
            "match_count": items.len(),
            "matches": items,
        }),
        vec![],
    ))
}

/// A cobro shown, cancelled or paid (paid: its income logged with it).
/// A payment of part of what is owed (`amount_mxn`, less than the rest)
/// lowers it and leaves the cobro pending; without an amount, or with
/// all that is owed, it is paid. The income is what was paid this time,
/// on the day it was paid (`paid_on`, today when not said).
fn close(service: &str, params: &Map<String, Value>, book: &Book, today: String) -> Decision {
    let stored = shown_request(book, params)?;
    let mut row = stored.clone();
    row.version += 1;
    let mut changes = Vec::new();
    if service == "cobros.cancel" {
        row.status = Status::Cancelled;
        row.closed_on = Some(today.clone());
    } else {
        // The day the person paid ("me pagó ayer"), never one to come.
        let paid_on = optional_day(params, "paid_on")?.unwrap_or_else(|| today.clone());
        if paid_on > today {
            return Err(invalid("a payment on a day to come"));
        }
        let owed = row.owed();
        let paid = match params.get("amount_mxn") {
            None | Some(Value::Null) => owed,
            Some(Value::String(s)) if s.trim().is_empty() => owed,
            Some(_) => cents_up_to(params, "amount_mxn", limits::MAX_AMOUNT).map_err(invalid)?,
        };
        if paid > owed {
            return Err(invalid("more than what is owed"));
        }
        row.paid_mxn_cents += paid;
        if row.owed() == 0 {
            row.status = Status::Paid;
            row.closed_on = Some(paid_on.clone());
        }
        let category = name(params, "category")?;
        let description = match &row.concept {
            Some(concept) => {
                format!("{} de {} ({concept})", row.reference(), row.contact_name)
            }
            None => format!("{} de {}", row.reference(), row.contact_name),
        };
        changes.push(Change::AddIncome(
            AddTransactionInput {
                kind: TransactionType::Income,
                amount_mxn_cents: paid,
                category_type: CategoryType::Income,
                category,
                description: Some(description),
                date_iso: paid_on,
            },
            row.seq,
        ));
    }
    let item = row.to_item(1, &today);
    changes.insert(0, Change::UpdateRequest(row));
    Ok((item, changes))
}

/// A cobro shown with a new amount (`amount_mxn`): more than what was
/// already paid of it, within the limits of any amount.
fn update(params: &Map<String, Value>, book: &Book, today: String) -> Decision {
    let stored = shown_request(book, params)?;
    let amount = cents_up_to(params, "amount_mxn", limits::MAX_AMOUNT).map_err(invalid)?;
    if amount <= stored.paid_mxn_cents {
        return Err(invalid("not more than what was paid"));
    }
    let mut row = stored.clone();
    row.version += 1;
    row.amount_mxn_cents = amount;
    let item = row.to_item(1, &today);
    Ok((item, vec![Change::UpdateRequest(row)]))
}

/// A reminder of a cobro shown, queued for the user to forward.
fn remind(params: &Map<String, Value>, book: &Book, today: String) -> Decision {
    let stored = shown_request(book, params)?;
    let text =
        optional_text(params, "text", MAX_MESSAGE_CHARS)?.ok_or_else(|| invalid("missing text"))?;
    let message = QueuedMessage {
        request_seq: stored.seq,
        contact_name: stored.contact_name.clone(),
        text: text.clone(),
        queued_on: today.clone(),
    };
    let mut item = stored.to_item(1, &today);
    item["message"] = Value::from(text);
    Ok((item, vec![Change::QueueMessage(message)]))
}

/// The user's cobros as lists show them: the pending ones (overdue
/// first, then by due date, none last, then as asked) with their totals,
/// and the closed ones, newest first, under `closed`.
pub fn overview(book: &Book, today: &str) -> Value {
    let mut open: Vec<&PaymentRequest> = book
        .requests
        .iter()
        .filter(|r| r.status == Status::Pending)
        .collect();
    open.sort_by_key(|r| {
        (
            !r.overdue(today),
            r.due_date.is_none(),
            r.due_date.clone(),
            r.seq,
        )
    });
    let total: Centavos = open.iter().map(|r| r.owed()).sum();
    let overdue: Vec<&&PaymentRequest> = open.iter().filter(|r| r.overdue(today)).collect();
    let overdue_total: Centavos = overdue.iter().map(|r| r.owed()).sum();
    let items: Vec<Value> = (1..).zip(&open).map(|(n, r)| r.to_item(n, today)).collect();
    let mut closed: Vec<&PaymentRequest> = book
        .requests
        .iter()
        .filter(|r| r.status != Status::Pending)
        .collect();
    closed.sort_by_key(|r| std::cmp::Reverse(r.seq));
    let closed: Vec<Value> = (1..)
        .zip(&closed)
        .map(|(n, r)| r.to_item(n, today))
        .collect();
    json!({
        "pending_count": open.len(),
        "pending_total_mxn": decimal(total),
        "pending_total_mxn_cents": total,
        "overdue_count": overdue.len(),
        "overdue_total_mxn": decimal(overdue_total),
        "overdue_total_mxn_cents": overdue_total,
        "requests": items,
        "closed": closed,
    })
}

/// The contacts a name means: the one stored under its key, else those
/// whose names hold every word of it ("Juan" → "Juan Pérez").
fn matching_contacts<'b>(book: &'b Book, name: &str) -> Vec<&'b Contact> {
    let wanted = key(name);
    if let Some(exact) = book.contacts.iter().find(|c| c.key == wanted) {
        return vec![exact];
    }
    let words: Vec<&str> = wanted.split(' ').filter(|w| !w.is_empty()).collect();
    if words.is_empty() {
        return Vec::new();
    }
    book.contacts
        .iter()
        .filter(|c| {
            let held: Vec<&str> = c.key.split(' ').collect();
            words.iter().all(|w| held.contains(w))
        })
        .collect()
}

/// The one contact a name means (a payment request is only ever for a
/// contact the store has: seed 002's "contact must exist in DB").
fn known_contact<'b>(book: &'b Book, name: &str) -> Result<&'b Contact, (&'static str, String)> {
    match matching_contacts(book, name).as_slice() {
        [one] => Ok(one),
        [] => Err((codes::NOT_FOUND, format!("no contact {name}"))),
        _ => Err(invalid(format!("several contacts match {name}"))),
    }
}

/// The pending request a confirmation showed (`reference` at `version`).
fn shown_request<'b>(
    book: &'b Book,
    params: &Map<String, Value>,
) -> Result<&'b PaymentRequest, (&'static str, String)> {
    let reference = name(params, "reference")?;
    let version = params
        .get("version")
        .and_then(|v| {
            v.as_u64()
                .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
        })
        .ok_or_else(|| invalid("missing version"))?;
    let stored = book
        .requests
        .iter()
        .find(|r| r.reference() == reference)
        .ok_or_else(|| (codes::NOT_FOUND, format!("no payment request {reference}")))?;
    if u64::from(stored.version) != version {
        return Err((
            codes::CONFLICT,
            format!("{reference} changed since it was shown"),
        ));
    }
    if stored.status != Status::Pending {
        return Err((
            codes::CONFLICT,
            format!("{reference} is {}", stored.status.as_str()),
        ));
    }
    Ok(stored)
}
