//! A movement that paid something keeps it in step: correcting the
//! amount of a debt's payment or of a cobro's payment changes that debt or
//! cobro by the difference, and deleting the payment (or making it
//! another kind of movement) takes it back whole. The ledger and what it
//! paid never disagree.

use serde::{Deserialize, Serialize};

use super::cobros::{self, Status};
use super::store::{Change, View};
use super::{DebtRow, Pays, TransactionRow, rules};
use crate::money::Centavos;

/// What a correction or deletion left of what the movement paid, for
/// the reply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Followed {
    /// The debt as it is now.
    Debt(DebtRow),
    /// The cobro as it is now.
    Cobro {
        reference: String,
        contact_name: String,
        owed_mxn_cents: Centavos,
        paid_mxn_cents: Centavos,
        paid: bool,
    },
}

/// What a correction or deletion of `previous` changes besides the row
/// (`after`: the row it leaves, `None` when deleted), and what it left.
/// A payment whose debt or cobro is gone changes nothing more; a change
/// that would make a cobro paid beyond its amount is refused.
pub fn follow(
    previous: &TransactionRow,
    after: Option<&TransactionRow>,
    view: &View,
) -> Result<(Vec<Change>, Option<Followed>), &'static str> {
    let Some(pays) = &previous.pays else {
        return Ok((Vec::new(), None));
    };
    // What the movement pays once changed: nothing when deleted or made
    // a movement of the other kind.
    let paid_after = after
        .filter(|row| row.kind == previous.kind)
        .map_or(0, |row| row.amount_mxn_cents);
    let less = previous.amount_mxn_cents - paid_after;
    match pays {
        Pays::Debt(key) => Ok(follow_debt(key, less, view)),
        Pays::Cobro(seq) => follow_cobro(*seq, less, after, view),
    }
}

/// The link the row left by a change keeps: none once it pays nothing.
pub fn kept(previous: &TransactionRow, after: &TransactionRow) -> Option<Pays> {
    (after.kind == previous.kind)
        .then(|| previous.pays.clone())
        .flatten()
}

fn follow_debt(key: &str, less: Centavos, view: &View) -> (Vec<Change>, Option<Followed>) {
    let Some(stored) = view.debts.iter().find(|d| rules::debt_key(&d.name) == key) else {
        return (Vec::new(), None);
    };
    let before = stored.balance_mxn_cents.unwrap_or(0);
    let debt = DebtRow {
        balance_mxn_cents: Some((before + less).max(0)),
        ..stored.clone()
    };
    let change = Change::PayDebt {
        key: key.to_string(),
        before,
        debt: debt.clone(),
    };
    (vec![change], Some(Followed::Debt(debt)))
}

fn follow_cobro(
    seq: i64,
    less: Centavos,
    after: Option<&TransactionRow>,
    view: &View,
) -> Result<(Vec<Change>, Option<Followed>), &'static str> {
    let Some(stored) = view.book.requests.iter().find(|r| r.seq == seq) else {
        return Ok((Vec::new(), None));
    };
    let paid = (stored.paid_mxn_cents - less).max(0);
    if paid > stored.amount_mxn_cents {
        return Err("more than what is owed");
    }
    let mut row = stored.clone();
    row.version += 1;
    row.paid_mxn_cents = paid;
    if row.status != Status::Cancelled {
        if paid == row.amount_mxn_cents {
            row.status = Status::Paid;
            row.closed_on = after.map(|r| r.date_iso.clone()).or(row.closed_on);
        } else {
            row.status = Status::Pending;
            row.closed_on = None;
        }
    }
    let followed = Followed::Cobro {
        reference: row.reference(),
        contact_name: row.contact_name.clone(),
        owed_mxn_cents: row.owed(),
        paid_mxn_cents: row.paid_mxn_cents,
        paid: row.status == Status::Paid,
    };
    Ok((
        vec![Change::Cobros(cobros::Change::UpdateRequest(row))],
        Some(followed),
    ))
}

/// A corrected or deleted movement as its tool returns it: the row's
/// fields, and what it paid as the change left it (`followed`).
pub fn corrected(row: &TransactionRow, followed: Option<Followed>) -> serde_json::Value {
    let mut data = serde_json::to_value(row).unwrap_or_default();
    if let (Some(fields), Some(followed)) = (data.as_object_mut(), followed) {
        fields.insert(
            "followed".into(),
            serde_json::to_value(followed).unwrap_or_default(),
        );
    }
    data
}

/// What a corrected or deleted movement's result says it paid.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct FollowedData {
    #[serde(default)]
    pub followed: Option<Followed>,
}
