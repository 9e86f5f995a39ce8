//! Login links and web sessions. Tokens are 256-bit random values from the
//! platform's CSPRNG; only their SHA-256 is stored.

use caja_core::time::iso_utc;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use wasm_bindgen::prelude::wasm_bindgen;
use worker::{D1PreparedStatement, Request};

use crate::store::{Arg, Db};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = crypto, js_name = getRandomValues)]
    fn get_random_values(buf: &mut [u8]);
}

pub const LOGIN_TTL_MS: i64 = 15 * 60 * 1000;
pub const SESSION_TTL_MS: i64 = 30 * 24 * 60 * 60 * 1000;

/// A fresh random token, hex encoded.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    get_random_values(&mut bytes);
    hex::encode(bytes)
}

pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Compares secrets without leaking where they differ.
pub fn secrets_equal(a: &str, b: &str) -> bool {
    a.len() == b.len() && bool::from(a.as_bytes().ct_eq(b.as_bytes()))
}

/// Whether the request's `header` holds `secret`. The digests are compared
/// (one length, in constant time), so the answer tells nothing of either.
pub fn header_holds_secret(req: &Request, header: &str, secret: &str) -> bool {
    let given = req.headers().get(header).ok().flatten().unwrap_or_default();
    !given.is_empty() && secrets_equal(&hash_token(&given), &hash_token(secret))
}

/// The statement that stores `token` as a one-time login for `user_id`.
pub fn login_token_statement(
    db: &Db,
    user_id: &str,
    token: &str,
    now_ms: i64,
) -> worker::Result<D1PreparedStatement> {
    db.stmt(
        "INSERT INTO login_tokens (token_hash, user_id, expires_at) VALUES (?1, ?2, ?3)",
        &[
            Arg::Text(&hash_token(token)),
            Arg::Text(user_id),
            Arg::Text(&iso_utc(now_ms + LOGIN_TTL_MS)),
        ],
    )
}

/// Creates a one-time login token for `user_id`.
pub async fn create_login_token(db: &Db, user_id: &str, now_ms: i64) -> worker::Result<String> {
    let token = random_token();
    db.run(login_token_statement(db, user_id, &token, now_ms)?)
        .await?;
    Ok(token)
}

#[derive(Deserialize)]
struct UserRow {
    user_id: String,
}

/// Spends a login token (once) and opens a 30-day session.
pub async fn exchange_login_token(
    db: &Db,
    token: &str,
    now_ms: i64,
) -> worker::Result<Option<(String, String)>> {
    let now = iso_utc(now_ms);
    let used: Option<UserRow> = db
        .first(db.stmt(
            "UPDATE login_tokens SET used_at = ?2 WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2 RETURNING user_id",
            &[Arg::Text(&hash_token(token)), Arg::Text(&now)],
        )?)
        .await?;
    let Some(UserRow { user_id }) = used else {
        return Ok(None);
    };
    let session = random_token();
    db.run(db.stmt(
        "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)",
        &[Arg::Text(&hash_token(&session)), Arg::Text(&user_id), Arg::Text(&now), Arg::Text(&iso_utc(now_ms + SESSION_TTL_MS))],
    )?)
    .await?;
    Ok(Some((user_id, session)))
}

fn bearer(req: &Request) -> Option<String> {
    let header = req.headers().get("Authorization").ok().flatten()?;
    let token = header.strip_prefix("Bearer ")?.trim();
    (!token.is_empty() && token.len() <= 128).then(|| token.to_string())
}

/// The user of a request's session, if it is valid.
pub async fn authenticate(db: &Db, req: &Request, now_ms: i64) -> worker::Result<Option<String>> {
    let Some(token) = bearer(req) else {
        return Ok(None);
    };
    let found: Option<UserRow> = db
        .first(db.stmt(
            "SELECT user_id FROM sessions WHERE token_hash = ?1 AND revoked_at IS NULL AND expires_at > ?2",
            &[Arg::Text(&hash_token(&token)), Arg::Text(&iso_utc(now_ms))],
        )?)
        .await?;
    Ok(found.map(|row| row.user_id))
}

/// Revokes the request's session.
pub async fn revoke(db: &Db, req: &Request, now_ms: i64) -> worker::Result<()> {
    if let Some(token) = bearer(req) {
        db.run(db.stmt(
            "UPDATE sessions SET revoked_at = ?2 WHERE token_hash = ?1 AND revoked_at IS NULL",
            &[Arg::Text(&hash_token(&token)), Arg::Text(&iso_utc(now_ms))],
        )?)
        .await?;
    }
    Ok(())
}

/// Statement that makes sure a user row exists (runs inside the turn batch).
pub fn ensure_user_sql(
    user_id: &str,
    telegram_id: Option<&str>,
    name: Option<&str>,
    now_iso: &str,
) -> (String, Vec<String>) {
    (
        "INSERT OR IGNORE INTO users (id, telegram_user_id, display_name, created_at) VALUES (?1, NULLIF(?2, ''), NULLIF(?3, ''), ?4)".into(),
        vec![user_id.into(), telegram_id.unwrap_or("").into(), name.unwrap_or("").into(), now_iso.into()],
    )
}
