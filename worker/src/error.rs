//! The Worker's one error type, mapped to JSON responses with a stable code
//! and a Spanish message; internals never leak.

use caja_core::agent::text::host;
use serde::Serialize;
use worker::Response;

/// What went wrong, as the client sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApiError {
    BadJson,
    BadRequest,
    Unauthorized,
    /// A test-only route while `ALLOW_TEST_CLOCK` is off.
    TestOnly,
    NotFound,
    MethodNotAllowed,
    TooLarge,
    LoginToken,
    Busy,
    /// Over the per-user rate limit; nothing processed.
    RateLimited,
    /// Lost every race for a thread; the sender should deliver again
    /// (Telegram does on any 5xx).
    Retry,
    Db,
}

#[derive(Serialize)]
struct ErrorBody {
    error: &'static str,
    message: &'static str,
}

impl ApiError {
    pub fn status(self) -> u16 {
        match self {
            ApiError::BadJson | ApiError::BadRequest => 400,
            ApiError::Unauthorized | ApiError::LoginToken => 401,
            ApiError::TestOnly => 403,
            ApiError::NotFound => 404,
            ApiError::MethodNotAllowed => 405,
            ApiError::TooLarge => 413,
            ApiError::Busy => 409,
            ApiError::RateLimited => 429,
            ApiError::Retry => 503,
            ApiError::Db => 503,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            ApiError::BadJson => "bad_json",
            ApiError::BadRequest => "bad_request",
            ApiError::Unauthorized => "unauthorized",
            ApiError::TestOnly => "test_only",
            ApiError::NotFound => "not_found",
            ApiError::MethodNotAllowed => "method_not_allowed",
            ApiError::TooLarge => "payload_too_large",
            ApiError::LoginToken => "invalid_login_token",
            ApiError::Busy => "busy",
            ApiError::RateLimited => "rate_limited",
            ApiError::Retry => "busy_retry",
            ApiError::Db => "db_unavailable",
        }
    }

    pub fn message(self) -> &'static str {
        match self {
            ApiError::BadJson => host::ERR_BAD_JSON,
            ApiError::BadRequest => host::ERR_BAD_REQUEST,
            ApiError::Unauthorized => host::ERR_UNAUTHORIZED,
            ApiError::NotFound | ApiError::TestOnly => host::ERR_NOT_FOUND,
            ApiError::MethodNotAllowed => host::ERR_METHOD,
            ApiError::TooLarge => host::ERR_TOO_LARGE,
            ApiError::LoginToken => host::ERR_LOGIN_TOKEN,
            ApiError::Busy | ApiError::Retry => host::ERR_BUSY,
            ApiError::RateLimited => host::RATE_LIMITED,
            ApiError::Db => host::ERR_DB,
        }
    }

    pub fn response(self) -> worker::Result<Response> {
        let body = ErrorBody {
            error: self.code(),
            message: self.message(),
        };
        Ok(Response::from_json(&body)?.with_status(self.status()))
    }
}

impl From<worker::Error> for ApiError {
    fn from(error: worker::Error) -> Self {
        worker::console_error!("internal error: {error}");
        ApiError::Db
    }
}

/// Handlers return this; the router turns errors into JSON responses.
pub type ApiResult = Result<Response, ApiError>;

pub fn respond(result: ApiResult) -> worker::Result<Response> {
    match result {
        Ok(response) => Ok(response),
        Err(error) => error.response(),
    }
}
