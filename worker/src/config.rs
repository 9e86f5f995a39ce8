//! Settings read from the Worker's environment (wrangler.toml `[vars]` and
//! secrets), and the request clock.

use caja_core::time::parse_iso_utc;
use worker::{Env, Request};

/// Largest request body accepted, in bytes.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

fn var(env: &Env, name: &str) -> Option<String> {
    env.var(name)
        .ok()
        .map(|v| v.to_string())
        .or_else(|| env.secret(name).ok().map(|s| s.to_string()))
}

fn flag(env: &Env, name: &str) -> bool {
    var(env, name).is_some_and(|v| v == "true")
}

/// `ALLOW_TEST_CLOCK`: the test clock and the test-only reads
/// (`crate::testing`). Never on in production.
pub fn test_mode(env: &Env) -> bool {
    flag(env, "ALLOW_TEST_CLOCK")
}

/// `now` for this request: the real clock, or `X-Caja-Now` when the test
/// clock is enabled (never in production).
pub fn now_ms(req: &Request, env: &Env) -> i64 {
    if test_mode(env)
        && let Some(now) = req
            .headers()
            .get("X-Caja-Now")
            .ok()
            .flatten()
            .and_then(|h| parse_iso_utc(&h))
    {
        return now;
    }
    worker::Date::now().as_millis() as i64
}

/// `KEPT_DAYS`: how many days a quiet conversation's record is kept
/// (`caja_core::limits::KEPT_DAYS` unless set within its range).
pub fn kept_days(env: &Env) -> i64 {
    var(env, "KEPT_DAYS")
        .and_then(|v| v.trim().parse::<i64>().ok())
        .filter(|d| caja_core::limits::KEPT_DAYS_RANGE.contains(d))
        .unwrap_or(caja_core::limits::KEPT_DAYS)
}

/// Dev login links (`POST /api/dev/login-link`), for `./run` and tests.
pub fn dev_mode(env: &Env) -> bool {
    flag(env, "DEV_MODE")
}

/// Shortest operator secret that turns the operator view on.
pub const MIN_OPERATOR_SECRET: usize = 24;

/// `OPERATOR_SECRET`: the operator's review of every user's conversations
/// (`crate::review`). Off when unset or shorter than
/// [`MIN_OPERATOR_SECRET`]; `DEV_MODE` never turns it on.
pub fn operator_secret(env: &Env) -> Option<String> {
    usable_operator_secret(var(env, "OPERATOR_SECRET"))
}

fn usable_operator_secret(value: Option<String>) -> Option<String> {
    value.filter(|s| s.trim().len() >= MIN_OPERATOR_SECRET)
}

pub fn webhook_secret(env: &Env) -> Option<String> {
    var(env, "TELEGRAM_WEBHOOK_SECRET").filter(|s| !s.is_empty())
}

pub fn bot_token(env: &Env) -> Option<String> {
    var(env, "TELEGRAM_BOT_TOKEN").filter(|s| !s.is_empty())
}

pub fn bot_username(env: &Env) -> String {
    var(env, "TELEGRAM_BOT_USERNAME").unwrap_or_else(|| "caja_bot".into())
}

pub fn telegram_api_base(env: &Env) -> String {
    var(env, "TELEGRAM_API_BASE").unwrap_or_else(|| "https://api.telegram.org".into())
}

/// Origin of the web UI, for login links.
pub fn public_url(env: &Env) -> String {
    var(env, "PUBLIC_URL").unwrap_or_else(|| "http://127.0.0.1:8787".into())
}

/// Reads a body up to the limit. `Err(true)` means too large.
pub async fn read_body(req: &mut Request) -> Result<String, bool> {
    let declared = req
        .headers()
        .get("Content-Length")
        .ok()
        .flatten()
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > MAX_BODY_BYTES) {
        return Err(true);
    }
    let body = req.text().await.map_err(|_| false)?;
    if body.len() > MAX_BODY_BYTES {
        return Err(true);
    }
    Ok(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_operator_view_is_off_unless_a_long_secret_is_set() {
        assert_eq!(usable_operator_secret(None), None);
        assert_eq!(usable_operator_secret(Some(String::new())), None);
        assert_eq!(usable_operator_secret(Some("true".into())), None);
        assert_eq!(usable_operator_secret(Some(" ".repeat(40))), None);
        let long = "k".repeat(MIN_OPERATOR_SECRET);
        assert_eq!(usable_operator_secret(Some(long.clone())), Some(long));
    }

    #[test]
    fn the_deployed_configuration_has_no_operator_secret() {
        let wrangler = include_str!("../../wrangler.toml");
        assert!(
            !wrangler
                .lines()
                .any(|l| l.trim_start().starts_with("OPERATOR_SECRET"))
        );
    }
}
