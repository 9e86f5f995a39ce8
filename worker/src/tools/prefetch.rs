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
#[derive(Clone)]
pub enum Fetched {
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

/// Reads made with a turn's commit for the next turn of the thread
/// (`AgentState::next_needs`: what a «sí» to the open prompt reads), with
/// the person's ledger version they were read at. The next turn takes
/// them instead of reading D1 and its commit is guarded on that version:
/// any change of the ledger since (another device, a cobro paid, the
/// schedule) fails the commit and the turn runs again from D1.
#[derive(Clone, Default)]
pub struct Ahead {
    pub version: i64,
    pub reads: Vec<(Need, Fetched)>,
}

/// The person's ledger version (migration 0014), moved on by triggers on
/// every table the ledger tools read.
pub const LEDGER_VERSION_SQL: &str =
    "SELECT COALESCE((SELECT ledger_version FROM users WHERE id = ?1), 0) AS v";

/// Where a commit's read-ahead sits in its batch.
pub struct AheadPlan {
    needs: Vec<Need>,
    spans: Vec<std::ops::Range<usize>>,
}

/// The statements that read `needs` (batchable ones; the head only when
/// not `head_known`) after a commit's writes, the ledger version first;
/// appended at `offset` of the batch.
pub fn ahead_statements(
    db: &Db,
    rows: Rows<'_>,
    needs: Vec<Need>,
    head_known: bool,
    offset: usize,
) -> worker::Result<(Vec<D1PreparedStatement>, AheadPlan)> {
    let needs: Vec<Need> = needs
        .into_iter()
        .filter(|n| batchable(n) && !(head_known && *n == Need::Head))
        .collect();
    if needs.is_empty() {
        return Ok((
            Vec::new(),
            AheadPlan {
                needs,
                spans: Vec::new(),
            },
        ));
    }
    let mut statements = vec![db.stmt(LEDGER_VERSION_SQL, &[Arg::Text(rows.user)])?];
    let mut spans = Vec::with_capacity(needs.len() + 1);
    spans.push(offset..offset + 1);
    for need in &needs {
        let start = offset + statements.len();
        statements.extend(statements_of(db, rows, need)?);
        spans.push(start..offset + statements.len());
    }
    Ok((statements, AheadPlan { needs, spans }))
}

#[derive(serde::Deserialize)]
struct VersionRow {
    v: i64,
}

/// The ledger head and the read-ahead the thread keeps after its commit:
/// `head` unless the commit read it. A read-ahead that cannot be read is
/// left out, never trusted: the next turn reads D1.
pub fn ahead_from(
    plan: AheadPlan,
    results: &[D1Result],
    head: Option<LedgerHead>,
) -> (Option<LedgerHead>, Ahead) {
    let mut ahead = match decode_ahead(plan, results) {
        Ok(ahead) => ahead.unwrap_or_default(),
        Err(error) => {
            worker::console_error!("read-ahead unreadable: {error}");
            Ahead::default()
        }
    };
    let read = ahead.reads.iter().position(|(n, _)| *n == Need::Head);
    match read.map(|at| ahead.reads.remove(at).1) {
        Some(Fetched::Head(read)) => (Some(read), ahead),
        _ => (head, ahead),
    }
}

/// The read-ahead from the commit's `results`; `None` when nothing was
/// read ahead.
fn decode_ahead(plan: AheadPlan, results: &[D1Result]) -> worker::Result<Option<Ahead>> {
    let Some((version, spans)) = plan.spans.split_first() else {
        return Ok(None);
    };
    let version = rows::<VersionRow>(results.get(version.start))?
        .first()
        .map(|r| r.v)
        .ok_or_else(|| worker::Error::RustError("no ledger version read".into()))?;
    let mut reads = Vec::with_capacity(plan.needs.len());
    for (need, span) in plan.needs.into_iter().zip(spans) {
        let answer = decode(&need, results.get(span.clone()).unwrap_or_default())?;
        reads.push((need, answer));
    }
    Ok(Some(Ahead { version, reads }))
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
