//! One D1 round trip for what a suspension's calls read. A turn's tools
//! suspend the core once with every call it needs then ("¿puedo comprar
//! unos tenis?" reads the balance, the debts and the month's budget);
//! read one by one they cost a round trip each. The reads D1 answers with
//! single statements are sent in one batch first, and each call takes its
//! answer from there, with what earlier calls of the same turn staged
//! counted as before (`ToolRunner::load`): nothing is written between the
//! batch and the calls, so the answers are what reading one by one gives.

use caja_core::tools::rules::Group;
use caja_core::tools::store::Need;
use caja_core::tools::{BankBalance, BudgetStatus, DebtRow, TransactionRow};
use worker::{D1PreparedStatement, D1Result};

use super::reads::{
    BALANCE_SQL, DebtDbRow, Rows, balance_from, budget_of, budget_statements, debts_sql,
    groups_from, groups_statement, rows_from, rows_statement,
};
use super::{LedgerHead, head_from, head_statements};
use crate::store::{Arg, Db, rows};

/// A read answered by the batch.
pub(super) enum Fetched {
    Head(LedgerHead),
    Rows(Vec<TransactionRow>),
    Groups(Vec<Group>),
    Budget(Option<BudgetStatus>),
    Debts(Vec<DebtRow>),
    Balance(Option<BankBalance>),
}

/// The batch's answers, each taken once by the call that needs it.
#[derive(Default)]
pub(super) struct Prefetched(Vec<(Need, Fetched)>);

impl Prefetched {
    pub(super) fn take(&mut self, need: &Need) -> Option<Fetched> {
        let at = self.0.iter().position(|(n, _)| n == need)?;
        Some(self.0.remove(at).1)
    }
}

/// Whether the batch can answer `need` (with single statements).
pub(super) fn batchable(need: &Need) -> bool {
    matches!(
        need,
        Need::Head
            | Need::Rows { .. }
            | Need::Groups { .. }
            | Need::Budget { .. }
            | Need::Debts
            | Need::BankBalance
    )
}

/// Reads `needs` (batchable, each once) in one round trip; nothing when
/// fewer than two, which cost one round trip read as they come.
pub(super) async fn fetch(db: &Db, rows: Rows<'_>, needs: Vec<Need>) -> worker::Result<Prefetched> {
    if needs.len() < 2 {
        return Ok(Prefetched::default());
    }
    let mut statements: Vec<D1PreparedStatement> = Vec::new();
    let mut spans = Vec::with_capacity(needs.len());
    for need in &needs {
        let start = statements.len();
        statements.extend(statements_of(db, rows, need)?);
        spans.push(start..statements.len());
    }
    let results = db.batch(statements).await?;
    let mut fetched = Vec::with_capacity(needs.len());
    for (need, span) in needs.into_iter().zip(spans) {
        let answer = decode(&need, results.get(span).unwrap_or_default())?;
        fetched.push((need, answer));
    }
    Ok(Prefetched(fetched))
}

fn statements_of(db: &Db, rows: Rows<'_>, need: &Need) -> worker::Result<Vec<D1PreparedStatement>> {
    let user = rows.user;
    Ok(match need {
        Need::Head => head_statements(db, rows)?,
        Need::Rows {
            range,
            category,
            limit,
        } => vec![rows_statement(
            db,
            rows,
            range.as_ref(),
            category.as_deref(),
            *limit,
        )?],
        Need::Groups { range, category } => vec![groups_statement(
            db,
            rows,
            &range.0,
            &range.1,
            category.as_deref(),
        )?],
        Need::Budget { month, category } => {
            budget_statements(db, user, month, category.as_deref())?.unwrap_or_default()
        }
        Need::Debts => vec![db.stmt(&debts_sql(""), &[Arg::Text(user)])?],
        Need::BankBalance => vec![db.stmt(BALANCE_SQL, &[Arg::Text(user)])?],
        _ => Vec::new(),
    })
}

fn decode(need: &Need, results: &[D1Result]) -> worker::Result<Fetched> {
    Ok(match need {
        Need::Head => Fetched::Head(head_from(results.first(), results.get(1))?),
        Need::Rows { .. } => Fetched::Rows(rows_from(results.first())?),
        Need::Groups { .. } => Fetched::Groups(groups_from(results.first())?),
        Need::Budget { month, category } => Fetched::Budget(if results.is_empty() {
            None
        } else {
            Some(budget_of(month, category.as_deref(), results)?)
        }),
        Need::Debts => Fetched::Debts(
            rows::<DebtDbRow>(results.first())?
                .iter()
                .map(DebtDbRow::to_core)
                .collect(),
        ),
        Need::BankBalance => Fetched::Balance(balance_from(results.first())?),
        other => {
            return Err(worker::Error::RustError(format!(
                "{other:?} is not read in a batch"
            )));
        }
    })
}
