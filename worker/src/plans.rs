//! What the web shows of what is ahead: the recurring movements still
//! expected this month, and the reminders the person lets Caja send.
//! Read-only: every change goes through the chat and its «sí».

use caja_core::agent::text::reminders as words;
use caja_core::time::{TimeZone, iso_date};
use caja_core::tools::recurring;
use serde_json::json;
use worker::{Env, Request, Response};

use crate::api::{Session, query_param};
use crate::error::{ApiError, ApiResult};
use crate::store::{Arg, Db};
use crate::tools;

fn json(value: &serde_json::Value) -> ApiResult {
    Response::from_json(value).map_err(ApiError::from)
}

/// `GET /api/recurring[?timezone=]`: every recurring movement, and those
/// still expected this month from today on (in the given zone, else
/// Mexico City's), each with its day, with their totals.
pub async fn handle_recurring(req: Request, env: &Env, db: &Db) -> ApiResult {
    let session = Session::of(&req, env, db).await?;
    let db = &session.db;
    let zone = query_param(&req, "timezone")
        .and_then(|name| TimeZone::by_name(&name))
        .unwrap_or_else(TimeZone::default_zone);
    let items = tools::recurring::items(db, &session.user_id).await?;
    let today = zone.date_at(session.now);
    let expected = recurring::expected(&items, today);
    let total = |income: bool| -> i64 {
        expected
            .iter()
            .filter(|(_, item)| (item.kind == caja_core::kinds::TransactionType::Income) == income)
            .map(|(_, item)| item.amount_mxn_cents)
            .sum()
    };
    json(&json!({
        "today": iso_date(today),
        "items": items,
        "expected": expected.iter().map(|(day, item)| json!({
            "date": iso_date(*day),
            "when": words::day_words(*day),
            "name": item.name,
            "type": item.kind,
            "amount_mxn_cents": item.amount_mxn_cents,
        })).collect::<Vec<_>>(),
        "expected_income_mxn_cents": total(true),
        "expected_expense_mxn_cents": total(false),
    }))
}

/// `GET /api/reminders`: what the person lets Caja send first, each topic
/// on or off, where it goes, and whether Telegram refused it.
pub async fn handle_reminders(req: Request, env: &Env, db: &Db) -> ApiResult {
    #[derive(serde::Deserialize)]
    struct Person {
        telegram: i64,
        blocked: i64,
    }
    let session = Session::of(&req, env, db).await?;
    let db = &session.db;
    let settings = tools::reminder_settings(db, &session.user_id).await?;
    let person: Option<Person> = db
        .first(db.stmt(
            "SELECT telegram_user_id IS NOT NULL AS telegram, reminders_blocked_at IS NOT NULL AS blocked FROM users WHERE id = ?1",
            &[Arg::Text(&session.user_id)],
        )?)
        .await?;
    let person = person.unwrap_or(Person {
        telegram: 0,
        blocked: 0,
    });
    json(&json!({
        "settings": settings,
        "lines": words::settings_lines(&settings),
        "delivery": words::DELIVERY,
        "telegram": person.telegram != 0,
        "blocked": person.blocked != 0,
    }))
}
