//! The Worker's one error type, mapped to JSON responses that never leak
//! internals.

use serde::Serialize;
use worker::Response;

/// What went wrong, as the client sees it: a stable code, an HTTP status and
/// a Spanish message for people.
#[derive(Debug)]
pub struct ApiError {
    pub status: u16,
    pub code: &'static str,
    pub message: &'static str,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    message: &'a str,
}

impl ApiError {
    pub const DB_UNAVAILABLE: ApiError = ApiError {
        status: 503,
        code: "db_unavailable",
        message: "La base de datos no está disponible. Intenta de nuevo en un momento.",
    };
    pub const BAD_REQUEST: ApiError = ApiError {
        status: 400,
        code: "bad_request",
        message: "La solicitud no es válida.",
    };

    pub fn into_response(self) -> worker::Result<Response> {
        let body = ErrorBody {
            error: self.code,
            message: self.message,
        };
        Ok(Response::from_json(&body)?.with_status(self.status))
    }
}
