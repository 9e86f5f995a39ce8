//! `GET /health`: proves the Worker can reach D1 with the migrated schema.

use serde::Deserialize;
use worker::{Env, Request, Response};

use crate::error::ApiError;

#[derive(Deserialize)]
struct SchemaRow {
    version: i64,
}

/// Answers `{"ok":true,"db":true}` after a real query against D1 (the
/// directory: one query, the floor a turn is measured against).
pub async fn handle_health(env: &Env) -> worker::Result<Response> {
    let db_ok = match env.d1("DIRECTORY") {
        Ok(db) => db
            .prepare("SELECT MAX(version) AS version FROM schema_version")
            .first::<SchemaRow>(None)
            .await
            .ok()
            .flatten()
            .is_some_and(|row| row.version >= 1),
        Err(_) => false,
    };
    if !db_ok {
        return ApiError::Db.response();
    }
    Response::from_json(&serde_json::json!({ "ok": true, "db": true }))
}

/// `GET /api/format?centavos=N`: the core's amount formatting over HTTP.
pub fn handle_format(req: &Request) -> worker::Result<Response> {
    let url = req.url()?;
    let centavos = url
        .query_pairs()
        .find(|(key, _)| key == "centavos")
        .and_then(|(_, value)| value.parse::<i64>().ok());
    match centavos {
        Some(centavos) => Response::from_json(&serde_json::json!({
            "centavos": centavos,
            "text": caja_core::money::format_mxn(centavos),
        })),
        None => ApiError::BadRequest.response(),
    }
}
