//! The person's own data, downloaded: `GET /api/export.zip?from=&to=` is
//! everything Caja holds of the signed-in person as a ZIP of CSV files
//! (`caja_core::export`: UTF-8 with BOM, headers in Spanish); dated rows
//! (movements, budgets, cobros, conversations) are those in the range,
//! the rest (debts, contacts, recurring items) as they are now.
//! `GET /api/export.csv?from=&to=` (or `?month=`) is the movements alone.

use caja_core::agent::text::{self, export as words};
use caja_core::export::{Table, csv, pesos, zip};
use caja_core::kinds::{CategoryType, TransactionType};
use caja_core::reminders::{self, Kind};
use caja_core::review;
use caja_core::time::{TimeZone, iso_date, parse_iso_date, parse_iso_utc};
use serde::Deserialize;
use worker::{Env, Request, Response};

use crate::api::{Session, query_param};
use crate::error::{ApiError, ApiResult};
use crate::record::{TURN_COLUMNS, TurnRow};
use crate::store::{Arg, Db, rows};
use crate::tools::cobros::{REQUEST_COLUMNS, RequestRow};
use crate::tools::recurring::{ITEM_COLUMNS, ItemRow};

/// The days asked for, `from` and `to` inclusive (`YYYY-MM-DD`): both
/// given, or a `month`, or everything up to today.
fn range(req: &Request) -> Result<(String, String), ApiError> {
    let day = |name: &str| -> Result<Option<String>, ApiError> {
        match query_param(req, name) {
            None => Ok(None),
            Some(d) if parse_iso_date(&d).is_some() => Ok(Some(d)),
            Some(_) => Err(ApiError::BadRequest),
        }
    };
    let (from, to) = match (day("from")?, day("to")?, query_param(req, "month")) {
        (None, None, Some(month)) => {
            let first = parse_iso_date(&format!("{month}-01")).ok_or(ApiError::BadRequest)?;
            let last = first
                .checked_add_months(chrono::Months::new(1))
                .and_then(|d| d.pred_opt())
                .ok_or(ApiError::BadRequest)?;
            (iso_date(first), iso_date(last))
        }
        // An open side is everything on that side: a movement dated
        // today in the person's zone (or ahead of any zone's today) is
        // never left out.
        (from, to, None) => (
            from.unwrap_or_else(|| words::FIRST_DAY.into()),
            to.unwrap_or_else(|| words::LAST_DAY.into()),
        ),
        _ => return Err(ApiError::BadRequest),
    };
    if from > to {
        return Err(ApiError::BadRequest);
    }
    Ok((from, to))
}

#[derive(Deserialize)]
struct Movement {
    date_iso: String,
    kind: String,
    amount_mxn_cents: i64,
    category: String,
    category_type: String,
    description: Option<String>,
}

impl Movement {
    fn row(&self) -> Vec<String> {
        let kind = match self.kind.as_str() {
            "INCOME" => TransactionType::Income,
            _ => TransactionType::Expense,
        };
        let category_type = CategoryType::parse(&self.category_type);
        vec![
            self.date_iso.clone(),
            text::kind_label(kind).to_string(),
            pesos(self.amount_mxn_cents),
            text::category_label(&self.category),
            category_type
                .map(text::category_type_label)
                .unwrap_or("")
                .to_string(),
            self.description.clone().unwrap_or_default(),
        ]
    }
}

const MOVEMENTS_SQL: &str = "SELECT date_iso, kind, amount_mxn_cents, category, category_type, description FROM transactions \
    WHERE user_id = ?1 AND deleted_at IS NULL AND date_iso BETWEEN ?2 AND ?3 ORDER BY date_iso, seq";

fn movements(found: Vec<Movement>) -> Table<'static> {
    Table {
        name: words::MOVEMENTS_FILE,
        header: words::MOVEMENTS,
        rows: found.iter().map(Movement::row).collect(),
    }
}

/// Attachment headers for `name`.
fn attachment(body: Response, kind: &str, name: &str) -> ApiResult {
    let headers = worker::Headers::new();
    headers.set("Content-Type", kind).ok();
    headers
        .set(
            "Content-Disposition",
            &format!("attachment; filename=\"{name}\""),
        )
        .ok();
    Ok(body.with_headers(headers))
}

/// `GET /api/export.csv?from=&to=` (or `?month=`): the movements as CSV.
pub async fn handle_csv(req: Request, env: &Env, db: &Db) -> ApiResult {
    let session = Session::of(&req, env, db).await?;
    let db = &session.db;
    let (from, to) = range(&req)?;
    let found: Vec<Movement> = db
        .all(db.stmt(
            MOVEMENTS_SQL,
            &[
                Arg::Text(&session.user_id),
                Arg::Text(&from),
                Arg::Text(&to),
            ],
        )?)
        .await?;
    let table = movements(found);
    let body = Response::ok(csv(table.header, &table.rows))?;
    attachment(
        body,
        "text/csv; charset=utf-8",
        &words::file_name("caja-movimientos", &from, &to, "csv"),
    )
}

#[derive(Deserialize)]
struct Budget {
    month: String,
    category: Option<String>,
    cap: i64,
}

#[derive(Deserialize)]
struct Debt {
    name: String,
    balance_mxn_cents: Option<i64>,
    minimum_payment_mxn_cents: Option<i64>,
    due_day: Option<i64>,
}

#[derive(Deserialize)]
struct Named {
    name: String,
}

#[derive(Deserialize)]
struct Sent {
    id: String,
    recipient: String,
    gets_mxn_cents: i64,
    delivery: String,
    created_at: i64,
    timezone: String,
}

/// A stored turn and its person's zone.
#[derive(Deserialize)]
struct Turn {
    turn: i64,
    at: i64,
    text: Option<String>,
    packed: Option<serde_bytes::ByteBuf>,
    timezone: String,
}

/// A reminder Caja sent on its own (a proposal is a turn of its own).
#[derive(Deserialize)]
struct Reminder {
    kind: String,
    #[serde(rename = "ref")]
    reference: String,
    period: String,
    text: String,
    sent_at: i64,
    timezone: String,
}

/// `GET /api/export.zip?from=&to=`: everything, as a ZIP of CSV files.
pub async fn handle_zip(req: Request, env: &Env, db: &Db) -> ApiResult {
    let session = Session::of(&req, env, db).await?;
    let db = &session.db;
    let (from, to) = range(&req)?;
    let user = Arg::Text(&session.user_id);
    let (f, t) = (Arg::Text(&from), Arg::Text(&to));
    let (from_month, to_month) = (from[..7].to_string(), to[..7].to_string());
    // Turns and reminders by UTC instant, widened by a day each side; kept
    // by the local day of the person's zone below.
    let widen = |d: &str, days: i64| {
        parse_iso_utc(&format!("{d}T00:00:00Z")).map_or(0, |t| t + days * 86_400_000)
    };
    let (since, until) = (Arg::Int(widen(&from, -1)), Arg::Int(widen(&to, 2)));
    let results = db
        .batch(vec![
            db.stmt(MOVEMENTS_SQL, &[user, f, t])?,
            db.stmt(
                "SELECT month, NULL AS category, variable_cap_mxn_cents AS cap FROM budgets WHERE user_id = ?1 AND month BETWEEN ?2 AND ?3 \
                 UNION ALL SELECT month, category, cap_mxn_cents AS cap FROM category_budgets WHERE user_id = ?1 AND month BETWEEN ?2 AND ?3 \
                 ORDER BY month, category",
                &[user, Arg::Text(&from_month), Arg::Text(&to_month)],
            )?,
            db.stmt("SELECT name, balance_mxn_cents, minimum_payment_mxn_cents, due_day FROM debts WHERE user_id = ?1 ORDER BY name_key", &[user])?,
            db.stmt(&format!("SELECT {REQUEST_COLUMNS} FROM payment_requests WHERE user_id = ?1 AND created_on BETWEEN ?2 AND ?3 ORDER BY seq"), &[user, f, t])?,
            db.stmt("SELECT name FROM contacts WHERE user_id = ?1 ORDER BY name_key", &[user])?,
            db.stmt(&format!("SELECT {ITEM_COLUMNS} FROM recurring_items WHERE user_id = ?1 ORDER BY id"), &[user])?,
            db.stmt(
                &format!("SELECT {TURN_COLUMNS}, u.timezone FROM turns t JOIN users u ON u.id = t.user_id \
                 WHERE t.user_id = ?1 AND t.turn > 0 AND t.at >= ?2 AND t.at < ?3 ORDER BY t.at, t.thread_id, t.turn"),
                &[user, since, until],
            )?,
            db.stmt(
                "SELECT t.id, t.recipient, t.gets_mxn_cents, t.delivery, t.created_at, u.timezone FROM transfers t \
                 JOIN users u ON u.id = t.user_id WHERE t.user_id = ?1 ORDER BY t.created_at, t.id",
                &[user],
            )?,
            db.stmt(
                "SELECT r.kind, r.ref, r.period, r.text, r.sent_at, u.timezone FROM reminders r JOIN users u ON u.id = r.user_id \
                 WHERE r.user_id = ?1 AND r.status = 'sent' AND r.attempts > 0 AND r.sent_at >= ?2 AND r.sent_at < ?3",
                &[Arg::Text(&session.user_id), Arg::Int(widen(&from, -1)), Arg::Int(widen(&to, 2))],
            )?,
        ])
        .await?;
    let tables = tables(&results, &from, &to)?;
    let mut files: Vec<(String, Vec<u8>)> = vec![(
        words::README_FILE.into(),
        words::readme(&from, &to).into_bytes(),
    )];
    files.extend(
        tables
            .iter()
            .map(|t| (t.name.to_string(), csv(t.header, &t.rows).into_bytes())),
    );
    let today = TimeZone::default_zone().date_at(session.now);
    use chrono::Datelike;
    let archive = zip(&files, (today.year(), today.month(), today.day()));
    attachment(
        Response::from_bytes(archive)?,
        "application/zip",
        &words::file_name("caja-mis-datos", &from, &to, "zip"),
    )
}

/// What was said, by instant: each turn's message and reply, and the
/// reminders Caja sent on its own; only those of a local day in the range.
fn lines(
    turns: Option<&worker::D1Result>,
    reminders: Option<&worker::D1Result>,
    from: &str,
    to: &str,
) -> worker::Result<Vec<Vec<String>>> {
    let zone = |name: &str| TimeZone::by_name(name).unwrap_or_else(TimeZone::default_zone);
    let mut said: Vec<(i64, &'static str, String, TimeZone)> = Vec::new();
    for turn in rows::<Turn>(turns)? {
        let timezone = turn.timezone;
        let row = TurnRow {
            turn: turn.turn,
            at: turn.at,
            text: turn.text,
            packed: turn.packed,
        };
        for line in review::lines(&row.events()) {
            said.push((row.at, line.role, line.text, zone(&timezone)));
        }
    }
    for r in rows::<Reminder>(reminders)? {
        let proposal = Kind::parse(&r.kind)
            .and_then(|kind| reminders::start(kind, &r.reference, &r.period))
            .is_some();
        if !proposal {
            said.push((r.sent_at, "assistant", r.text, zone(&r.timezone)));
        }
    }
    // Stable: a turn's message stays before its reply.
    said.sort_by_key(|line| line.0);
    Ok(said
        .into_iter()
        .filter_map(|(at, role, text, zone)| {
            let day = iso_date(zone.date_at(at));
            (from <= day.as_str() && day.as_str() <= to).then(|| {
                vec![
                    words::local_time(at, &zone),
                    words::who(role).to_string(),
                    text,
                ]
            })
        })
        .collect())
}

/// The files of the archive from the batch's results, in its order.
fn tables(
    results: &[worker::D1Result],
    from: &str,
    to: &str,
) -> worker::Result<[Table<'static>; 8]> {
    let budgets = rows::<Budget>(results.get(1))?
        .into_iter()
        .map(|b| {
            vec![
                b.month,
                b.category.map_or_else(
                    || words::ALL_CATEGORIES.to_string(),
                    |c| text::category_label(&c),
                ),
                pesos(b.cap),
            ]
        })
        .collect();
    let debts = rows::<Debt>(results.get(2))?
        .into_iter()
        .map(|d| {
            let money = |c: Option<i64>| c.map(pesos).unwrap_or_default();
            vec![
                d.name,
                money(d.balance_mxn_cents),
                money(d.minimum_payment_mxn_cents),
                d.due_day.map(|d| d.to_string()).unwrap_or_default(),
            ]
        })
        .collect();
    let cobros = rows::<RequestRow>(results.get(3))?
        .iter()
        .map(|r| r.to_core().map(|c| words::cobro_row(&c)))
        .collect::<worker::Result<Vec<_>>>()?;
    let contacts = rows::<Named>(results.get(4))?
        .into_iter()
        .map(|c| vec![c.name])
        .collect();
    let recurring = rows::<ItemRow>(results.get(5))?
        .iter()
        .map(|r| r.to_core().map(|i| words::recurring_row(&i)))
        .collect::<worker::Result<Vec<_>>>()?;
    let lines = lines(results.get(6), results.get(8), from, to)?;
    let transfers = rows::<Sent>(results.get(7))?
        .into_iter()
        .filter_map(|s| {
            let zone = TimeZone::by_name(&s.timezone).unwrap_or_else(TimeZone::default_zone);
            let day = iso_date(zone.date_at(s.created_at));
            (from <= day.as_str() && day.as_str() <= to).then(|| {
                vec![
                    words::local_time(s.created_at, &zone),
                    s.id,
                    s.recipient,
                    pesos(s.gets_mxn_cents),
                    words::delivery(&s.delivery).to_string(),
                ]
            })
        })
        .collect();
    Ok([
        movements(rows::<Movement>(results.first())?),
        Table {
            name: words::BUDGETS_FILE,
            header: words::BUDGETS,
            rows: budgets,
        },
        Table {
            name: words::DEBTS_FILE,
            header: words::DEBTS,
            rows: debts,
        },
        Table {
            name: words::COBROS_FILE,
            header: words::COBROS,
            rows: cobros,
        },
        Table {
            name: words::CONTACTS_FILE,
            header: words::CONTACTS,
            rows: contacts,
        },
        Table {
            name: words::RECURRING_FILE,
            header: words::RECURRING,
            rows: recurring,
        },
        Table {
            name: words::TRANSFERS_FILE,
            header: words::TRANSFERS,
            rows: transfers,
        },
        Table {
            name: words::MESSAGES_FILE,
            header: words::MESSAGES,
            rows: lines,
        },
    ])
}
