//! The Cron Trigger: finds what is due for every person Caja can write to
//! on Telegram (`caja_core::reminders` decides, from facts read here in
//! one D1 batch), stores each reminder once in the `reminders` outbox and
//! puts the new ones on the `REMINDERS` queue; `deliver` sends them.
//!
//! Exactly once per (person, kind, reference, period): the outbox's
//! primary key lets only one of two overlapping runs insert a reminder,
//! and only what was inserted is queued. At least once across crashes: a
//! reminder queued or claimed but not recorded as sent within
//! `reminders::LEASE_MS` (its queue message lost, or the Worker killed
//! between claiming it and recording the send) is queued again by the
//! next run, so after a crash between the Bot API's answer and the record
//! the person may get it twice, never zero times.
//!
//! `now` is the event's scheduled time, never the wall clock.

use std::collections::HashMap;

use caja_core::reminders::{self, Facts, MonthBudget, Reminder, Settings, WeekTotals};
use caja_core::time::{TimeZone, iso_date, iso_month, iso_utc};
use caja_core::tools::DebtRow;
use caja_core::tools::cobros::{PaymentRequest, Status};
use serde::{Deserialize, Serialize};
use worker::{Env, Queue};

use crate::shards;
use crate::store::{Arg, Db, rows};
use crate::tools::recurring::{ITEM_COLUMNS, ItemRow};

/// The queue binding reminders travel on.
pub const QUEUE: &str = "REMINDERS";
/// One Queue `sendBatch` holds at most 100 messages.
const QUEUE_BATCH: usize = 100;
/// Outbox statements per D1 batch.
const STATEMENTS: usize = 50;

/// A queue message: which outbox row to send, and the schedule's `now`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Ticket {
    pub user_id: String,
    pub kind: String,
    pub reference: String,
    pub period: String,
    pub now: i64,
}

/// Who may get reminders: a Telegram user Telegram did not refuse.
const PEOPLE: &str = "FROM users u LEFT JOIN reminder_settings s ON s.user_id = u.id \
    WHERE u.telegram_user_id IS NOT NULL AND u.reminders_blocked_at IS NULL";

#[derive(Deserialize)]
struct PersonRow {
    user_id: String,
    chat_id: String,
    timezone: String,
    cobros: i64,
    debts: i64,
    budgets: i64,
    summary: i64,
}

impl PersonRow {
    fn settings(&self) -> Settings {
        Settings {
            cobros: self.cobros != 0,
            debts: self.debts != 0,
            budgets: self.budgets != 0,
            summary: self.summary != 0,
        }
    }

    fn zone(&self) -> TimeZone {
        TimeZone::by_name(&self.timezone).unwrap_or_else(TimeZone::default_zone)
    }
}

/// A pending cobro with a due date, and whose it is.
#[derive(Deserialize)]
struct CobroRow {
    user_id: String,
    seq: i64,
    contact_name: String,
    amount_mxn_cents: i64,
    paid_mxn_cents: i64,
    concept: Option<String>,
    due_date: Option<String>,
}

impl CobroRow {
    /// What `reminders::due` reads of it (pending by the query).
    fn into_core(self) -> PaymentRequest {
        PaymentRequest {
            seq: self.seq,
            version: 1,
            contact_key: String::new(),
            contact_name: self.contact_name,
            amount_mxn_cents: self.amount_mxn_cents,
            paid_mxn_cents: self.paid_mxn_cents,
            concept: self.concept,
            due_date: self.due_date,
            status: Status::Pending,
            created_on: String::new(),
            closed_on: None,
        }
    }
}

#[derive(Deserialize)]
struct DebtDue {
    user_id: String,
    name: String,
    balance_mxn_cents: Option<i64>,
    minimum_payment_mxn_cents: Option<i64>,
    due_day: Option<i64>,
}

#[derive(Deserialize)]
struct BudgetRow {
    user_id: String,
    month: String,
    category: Option<String>,
    cap: Option<i64>,
    spent: Option<i64>,
}

#[derive(Deserialize)]
struct TransferRow {
    user_id: String,
    id: String,
    recipient: String,
    gets_mxn_cents: i64,
    delivery: String,
    created_at: i64,
    arrives_at: i64,
}

impl TransferRow {
    fn into_core(self) -> caja_core::tools::transfers::Transfer {
        caja_core::tools::transfers::Transfer {
            id: self.id,
            recipient: self.recipient,
            gets_mxn_cents: self.gets_mxn_cents,
            delivery: self.delivery,
            created_at: self.created_at,
            arrives_at: self.arrives_at,
        }
    }
}

#[derive(Deserialize)]
struct WeekRow {
    user_id: String,
    expense: Option<i64>,
    income: Option<i64>,
    count: i64,
}

/// One run of the schedule at `now`, shard after shard; a shard that
/// fails does not keep the others' reminders back.
pub async fn run(env: &Env, now: i64) -> worker::Result<()> {
    let queue = env.queue(QUEUE)?;
    let mut failed = Ok(());
    for (index, db) in shards::all(env)?.iter().enumerate() {
        if let Err(error) = run_shard(db, &queue, now).await {
            worker::console_error!("schedule of shard {index} failed: {error}");
            failed = Err(error);
        }
    }
    failed
}

/// One shard's run: what is due among its people, and its stale tickets.
async fn run_shard(db: &Db, queue: &Queue, now: i64) -> worker::Result<()> {
    let people = gather(db, now).await?;
    let mut tickets = Vec::new();
    let due: Vec<(&PersonRow, Reminder)> = people
        .iter()
        .flat_map(|(person, facts)| {
            reminders::due(now, &person.zone(), &person.settings(), facts)
                .into_iter()
                .map(move |r| (person, r))
        })
        .collect();
    for chunk in due.chunks(STATEMENTS) {
        tickets.extend(store(db, chunk, now).await?);
    }
    tickets.extend(sweep(db, now).await?);
    send(queue, tickets).await
}

/// Every person Caja may write to, with the facts their reminders need.
async fn gather(db: &Db, now: i64) -> worker::Result<Vec<(PersonRow, Facts)>> {
    // Zones run from UTC-12 to UTC+14: the local month of anyone is the
    // UTC month of 14 hours before or after.
    let months = [now - 14 * 3_600_000, now + 14 * 3_600_000]
        .map(|t| iso_month(TimeZone::default_zone().date_at(t)));
    // The batch's statements, in this order.
    const PEOPLE_AT: usize = 0;
    const COBROS_AT: usize = 1;
    const DEBTS_AT: usize = 2;
    const BUDGETS_AT: [usize; 2] = [3, 4];
    const RECURRING_AT: usize = 5;
    const CATEGORY_BUDGETS_AT: [usize; 2] = [6, 7];
    const TRANSFERS_AT: usize = 8;
    let results = db
        .batch(vec![
            db.stmt(&format!("SELECT u.id AS user_id, u.telegram_user_id AS chat_id, u.timezone, \
                COALESCE(s.cobros, 1) AS cobros, COALESCE(s.debts, 1) AS debts, COALESCE(s.budgets, 1) AS budgets, \
                COALESCE(s.summary, 0) AS summary {PEOPLE}"), &[])?,
            db.stmt(&format!("SELECT p.user_id, p.seq, p.contact_name, p.amount_mxn_cents, p.paid_mxn_cents, p.concept, p.due_date \
                FROM payment_requests p WHERE p.status = 'pending' \
                AND p.due_date IS NOT NULL AND p.user_id IN (SELECT u.id {PEOPLE})"), &[])?,
            db.stmt(&format!("SELECT d.user_id, d.name, d.balance_mxn_cents, d.minimum_payment_mxn_cents, d.due_day \
                FROM debts d WHERE d.due_day IS NOT NULL AND d.user_id IN (SELECT u.id {PEOPLE})"), &[])?,
            budgets_sql(db, &months[0])?,
            budgets_sql(db, &months[1])?,
            db.stmt(&format!("SELECT {ITEM_COLUMNS} FROM recurring_items \
                WHERE user_id IN (SELECT u.id {PEOPLE})"), &[])?,
            category_budgets_sql(db, &months[0])?,
            category_budgets_sql(db, &months[1])?,
            db.stmt(&format!("SELECT user_id, id, recipient, gets_mxn_cents, delivery, created_at, arrives_at FROM transfers \
                WHERE arrives_at <= ?1 AND arrives_at > ?2 AND user_id IN (SELECT u.id {PEOPLE})"),
                &[Arg::Int(now), Arg::Int(now - caja_core::tools::transfers::NOTICE_WINDOW_MS)])?,
        ])
        .await?;
    let mut facts: HashMap<String, Facts> = HashMap::new();
    for c in rows::<CobroRow>(results.get(COBROS_AT))? {
        let user = c.user_id.clone();
        facts.entry(user).or_default().cobros.push(c.into_core());
    }
    for d in rows::<DebtDue>(results.get(DEBTS_AT))? {
        facts.entry(d.user_id).or_default().debts.push(DebtRow {
            name: d.name,
            balance_mxn_cents: d.balance_mxn_cents,
            minimum_payment_mxn_cents: d.minimum_payment_mxn_cents,
            due_day: d.due_day.and_then(|d| u8::try_from(d).ok()),
        });
    }
    for transfer in rows::<TransferRow>(results.get(TRANSFERS_AT))? {
        let user = transfer.user_id.clone();
        facts
            .entry(user)
            .or_default()
            .transfers
            .push(transfer.into_core());
    }
    for item in rows::<ItemRow>(results.get(RECURRING_AT))? {
        let core = item.to_core()?;
        facts.entry(item.user_id).or_default().recurring.push(core);
    }
    let people = rows::<PersonRow>(results.get(PEOPLE_AT))?;
    // The second month's rows only when it is another month.
    let read: &[usize] = if months[0] == months[1] {
        &[BUDGETS_AT[0], CATEGORY_BUDGETS_AT[0]]
    } else {
        &[
            BUDGETS_AT[0],
            BUDGETS_AT[1],
            CATEGORY_BUDGETS_AT[0],
            CATEGORY_BUDGETS_AT[1],
        ]
    };
    let mut budgets = Vec::new();
    for &i in read {
        budgets.extend(rows::<BudgetRow>(results.get(i))?);
    }
    for b in budgets {
        let Some(person) = people.iter().find(|p| p.user_id == b.user_id) else {
            continue;
        };
        // Only the budget of the person's own month.
        if b.month != iso_month(person.zone().date_at(now)) {
            continue;
        }
        if let Some(cap) = b.cap {
            facts
                .entry(b.user_id)
                .or_default()
                .budgets
                .push(MonthBudget {
                    month: b.month,
                    category: b.category,
                    cap,
                    spent: b.spent.unwrap_or(0),
                });
        }
    }
    let mut people: Vec<(PersonRow, Facts)> = people
        .into_iter()
        .map(|p| {
            let f = facts.remove(&p.user_id).unwrap_or_default();
            (p, f)
        })
        .collect();
    weeks(db, now, &mut people).await?;
    Ok(people)
}

/// The newest general budget up to `month` of everyone who has one, with
/// the month's variable expenses (what `budget_status` reads, for all).
fn budgets_sql(db: &Db, month: &str) -> worker::Result<worker::D1PreparedStatement> {
    let (start, end) = caja_core::tools::rules::month_bounds(month).unwrap_or_default();
    db.stmt(
        &format!("SELECT u.id AS user_id, ?1 AS month, NULL AS category, \
            (SELECT b.variable_cap_mxn_cents FROM budgets b WHERE b.user_id = u.id AND b.month <= ?1 ORDER BY b.month DESC LIMIT 1) AS cap, \
            (SELECT SUM(t.amount_mxn_cents) FROM transactions t WHERE t.user_id = u.id AND t.deleted_at IS NULL \
              AND t.kind = 'EXPENSE' AND t.category_type = 'VARIABLE' AND t.date_iso >= ?2 AND t.date_iso < ?3) AS spent \
            {PEOPLE} AND EXISTS (SELECT 1 FROM budgets b WHERE b.user_id = u.id AND b.month <= ?1)"),
        &[Arg::Text(month), Arg::Text(&start), Arg::Text(&end)],
    )
}

/// Every category budget in force in `month` (the newest cap of each
/// category up to it, above zero) and that category's expenses, as the
/// ledger counts them.
fn category_budgets_sql(db: &Db, month: &str) -> worker::Result<worker::D1PreparedStatement> {
    let (start, end) = caja_core::tools::rules::month_bounds(month).unwrap_or_default();
    db.stmt(
        &format!("SELECT b.user_id, ?1 AS month, b.category, b.cap_mxn_cents AS cap, \
            (SELECT SUM(t.amount_mxn_cents) FROM transactions t WHERE t.user_id = b.user_id AND t.deleted_at IS NULL \
              AND t.kind = 'EXPENSE' AND t.category = b.category AND t.date_iso >= ?2 AND t.date_iso < ?3) AS spent \
            FROM category_budgets b WHERE b.cap_mxn_cents > 0 AND b.month = (SELECT MAX(c.month) FROM category_budgets c \
              WHERE c.user_id = b.user_id AND c.category = b.category AND c.month <= ?1) \
            AND b.user_id IN (SELECT u.id {PEOPLE})"),
        &[Arg::Text(month), Arg::Text(&start), Arg::Text(&end)],
    )
}

/// On Sunday evening, the week's totals of whoever asked for a summary.
async fn weeks(db: &Db, now: i64, people: &mut [(PersonRow, Facts)]) -> worker::Result<()> {
    let mut by_week: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, (person, _)) in people.iter().enumerate() {
        if let Some((from, _)) = reminders::summary_week(now, &person.zone(), &person.settings()) {
            by_week.entry(iso_date(from)).or_default().push(i);
        }
    }
    for (from, members) in by_week {
        let Some((start, end)) = caja_core::tools::store::day_range(&from, &seventh(&from)) else {
            continue;
        };
        let found = db
            .all::<WeekRow>(db.stmt(
                "SELECT t.user_id, SUM(CASE WHEN t.kind = 'EXPENSE' THEN t.amount_mxn_cents END) AS expense, \
                 SUM(CASE WHEN t.kind = 'INCOME' THEN t.amount_mxn_cents END) AS income, COUNT(*) AS count \
                 FROM transactions t JOIN reminder_settings s ON s.user_id = t.user_id AND s.summary = 1 \
                 WHERE t.deleted_at IS NULL AND t.date_iso >= ?1 AND t.date_iso < ?2 GROUP BY t.user_id",
                &[Arg::Text(&start), Arg::Text(&end)],
            )?)
            .await?;
        for i in members {
            let (person, facts) = &mut people[i];
            let row = found.iter().find(|w| w.user_id == person.user_id);
            facts.week = Some(WeekTotals {
                from: from.clone(),
                expense: row.and_then(|w| w.expense).unwrap_or(0),
                income: row.and_then(|w| w.income).unwrap_or(0),
                count: row.map_or(0, |w| w.count),
            });
        }
    }
    Ok(())
}

/// The Sunday of the week that starts on `monday`.
fn seventh(monday: &str) -> String {
    caja_core::time::parse_iso_date(monday)
        .and_then(|d| d.checked_add_days(chrono::Days::new(6)))
        .map(iso_date)
        .unwrap_or_default()
}

#[derive(Deserialize)]
struct Key {
    user_id: String,
    kind: String,
    #[serde(rename = "ref")]
    reference: String,
    period: String,
}

impl Key {
    fn ticket(self, now: i64) -> Ticket {
        Ticket {
            user_id: self.user_id,
            kind: self.kind,
            reference: self.reference,
            period: self.period,
            now,
        }
    }
}

/// Stores the reminders not stored before; the new ones' tickets.
async fn store(db: &Db, due: &[(&PersonRow, Reminder)], now: i64) -> worker::Result<Vec<Ticket>> {
    let created = iso_utc(now);
    let statements = due
        .iter()
        .map(|(person, r)| {
            db.stmt(
                "INSERT INTO reminders (user_id, kind, ref, period, chat_id, text, share, status, queued_at, expires_at, created_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'queued', ?8, ?9, ?10) ON CONFLICT DO NOTHING \
                 RETURNING user_id, kind, ref, period",
                &[
                    Arg::Text(&person.user_id),
                    Arg::Text(r.kind.as_str()),
                    Arg::Text(&r.reference),
                    Arg::Text(&r.period),
                    Arg::Text(&person.chat_id),
                    Arg::Text(&r.text),
                    crate::store::opt_text(&r.share),
                    Arg::Int(now),
                    Arg::Int(r.expires_at),
                    Arg::Text(&created),
                ],
            )
        })
        .collect::<worker::Result<Vec<_>>>()?;
    if statements.is_empty() {
        return Ok(Vec::new());
    }
    let mut tickets = Vec::new();
    for result in db.batch(statements).await? {
        for key in result.results::<Key>()? {
            tickets.push(key.ticket(now));
        }
    }
    Ok(tickets)
}

#[derive(Deserialize)]
struct Stale {
    user_id: String,
    kind: String,
    #[serde(rename = "ref")]
    reference: String,
    period: String,
    status: String,
    queued_at: i64,
    expires_at: i64,
    timezone: String,
}

/// Reminders queued or claimed longer than the lease and never recorded
/// as sent: expired ones are closed, the others queued again (at most one
/// of two overlapping runs re-queues each: the update is conditional on
/// what was read). Not at night: they wait for the morning's run.
async fn sweep(db: &Db, now: i64) -> worker::Result<Vec<Ticket>> {
    let cutoff = now - reminders::LEASE_MS;
    let stale = db
        .all::<Stale>(db.stmt(
            "SELECT r.user_id, r.kind, r.ref, r.period, r.status, r.queued_at, r.expires_at, u.timezone \
             FROM reminders r JOIN users u ON u.id = r.user_id \
             WHERE r.status IN ('queued', 'sending') AND r.queued_at <= ?1 AND COALESCE(r.claimed_at, 0) <= ?1 \
             ORDER BY r.queued_at LIMIT 500",
            &[Arg::Int(cutoff)],
        )?)
        .await?;
    let mut statements = Vec::new();
    for s in &stale {
        let zone = TimeZone::by_name(&s.timezone).unwrap_or_else(TimeZone::default_zone);
        let (next, queued_at) = if s.expires_at <= now {
            ("expired", s.queued_at)
        } else if reminders::quiet(now, &zone) {
            continue;
        } else {
            ("queued", now)
        };
        statements.push(db.stmt(
            "UPDATE reminders SET status = ?6, queued_at = ?7, claimed_at = NULL \
             WHERE user_id = ?1 AND kind = ?2 AND ref = ?3 AND period = ?4 AND status = ?5 AND queued_at = ?8 \
             RETURNING user_id, kind, ref, period, status",
            &[
                Arg::Text(&s.user_id),
                Arg::Text(&s.kind),
                Arg::Text(&s.reference),
                Arg::Text(&s.period),
                Arg::Text(&s.status),
                Arg::Text(next),
                Arg::Int(queued_at),
                Arg::Int(s.queued_at),
            ],
        )?);
    }
    let mut tickets = Vec::new();
    for chunk in statements.chunks(STATEMENTS) {
        for result in db.batch(chunk.to_vec()).await? {
            #[derive(Deserialize)]
            struct Requeued {
                user_id: String,
                kind: String,
                #[serde(rename = "ref")]
                reference: String,
                period: String,
                status: String,
            }
            for row in result.results::<Requeued>()? {
                if row.status == "queued" {
                    let key = Key {
                        user_id: row.user_id,
                        kind: row.kind,
                        reference: row.reference,
                        period: row.period,
                    };
                    tickets.push(key.ticket(now));
                }
            }
        }
    }
    Ok(tickets)
}

/// Puts the tickets on the queue, 100 at a time.
async fn send(queue: &Queue, tickets: Vec<Ticket>) -> worker::Result<()> {
    for chunk in tickets.chunks(QUEUE_BATCH) {
        queue.send_batch(chunk.to_vec()).await?;
    }
    Ok(())
}
