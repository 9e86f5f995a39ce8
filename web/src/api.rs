//! HTTP client for the Worker's JSON API (same origin).

use serde::Deserialize;

/// The Worker's `/health` answer.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct Health {
    pub ok: bool,
    pub db: bool,
}

/// Why a call to the Worker did not produce an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApiError {
    /// The Worker could not be reached (offline, server down).
    Unreachable,
    /// The Worker answered with an error status.
    Status(u16),
    /// The answer was not the JSON we expected.
    Malformed,
}

/// `GET /health`.
pub async fn fetch_health() -> Result<Health, ApiError> {
    let response = gloo_net::http::Request::get("/health")
        .send()
        .await
        .map_err(|_| ApiError::Unreachable)?;
    if !response.ok() {
        return Err(ApiError::Status(response.status()));
    }
    response
        .json::<Health>()
        .await
        .map_err(|_| ApiError::Malformed)
}
