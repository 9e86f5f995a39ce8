//! D1 access with a count of round trips, and the small helpers the SQL
//! needs (binding, guards that abort a batch).

use std::cell::Cell;

use caja_core::limits::MAX_SAFE_INTEGER;
use serde::de::DeserializeOwned;
use wasm_bindgen::JsValue;
use worker::{D1Database, D1PreparedStatement, D1Result};

/// A value bound to a statement parameter.
#[derive(Clone, Copy)]
pub enum Arg<'a> {
    Text(&'a str),
    Int(i64),
    /// A BLOB.
    Bytes(&'a [u8]),
    Null,
}

impl Arg<'_> {
    /// The value D1 binds. D1 numbers are doubles: an integer beyond 2^53
    /// would be stored rounded, so it is refused instead (the limits in
    /// `caja_core::limits` keep every amount far below).
    fn to_js(self) -> worker::Result<JsValue> {
        Ok(match self {
            Arg::Text(text) => JsValue::from_str(text),
            Arg::Int(n) if n.unsigned_abs() <= MAX_SAFE_INTEGER.unsigned_abs() => {
                JsValue::from_f64(n as f64)
            }
            Arg::Int(n) => {
                return Err(worker::Error::RustError(format!(
                    "integer {n} does not fit a D1 number"
                )));
            }
            Arg::Bytes(bytes) => worker::js_sys::Uint8Array::from(bytes).into(),
            Arg::Null => JsValue::NULL,
        })
    }
}

pub fn opt_text(value: &Option<String>) -> Arg<'_> {
    value.as_deref().map(Arg::Text).unwrap_or(Arg::Null)
}

pub fn opt_int(value: Option<i64>) -> Arg<'static> {
    value.map(Arg::Int).unwrap_or(Arg::Null)
}

/// Error text the guards raise; a batch that fails with it lost a race.
pub const CONFLICT_MARKER: &str = "caja_conflict";

/// D1 plus a round-trip counter for the turn being served.
pub struct Db {
    d1: D1Database,
    round_trips: Cell<u32>,
}

impl Db {
    pub fn new(d1: D1Database) -> Db {
        Db {
            d1,
            round_trips: Cell::new(0),
        }
    }

    pub fn round_trips(&self) -> u32 {
        self.round_trips.get()
    }

    pub fn stmt(&self, sql: &str, args: &[Arg<'_>]) -> worker::Result<D1PreparedStatement> {
        let values = args
            .iter()
            .map(|arg| arg.to_js())
            .collect::<worker::Result<Vec<JsValue>>>()?;
        self.d1.prepare(sql).bind(&values)
    }

    /// A statement that fails the whole batch unless `condition_sql` (a
    /// scalar subquery over `args`) is `expected` (NULL matches NULL).
    pub fn guard(
        &self,
        condition_sql: &str,
        args: &[Arg<'_>],
        expected: Arg<'_>,
    ) -> worker::Result<D1PreparedStatement> {
        let n = args.len() + 1;
        let sql = format!(
            "SELECT CASE WHEN ({condition_sql}) IS ?{n} THEN 1 ELSE json('{CONFLICT_MARKER}') END"
        );
        let mut all = args.to_vec();
        all.push(expected);
        self.stmt(&sql, &all)
    }

    pub async fn batch(
        &self,
        statements: Vec<D1PreparedStatement>,
    ) -> worker::Result<Vec<D1Result>> {
        self.round_trips.set(self.round_trips.get() + 1);
        self.d1.batch(statements).await
    }

    pub async fn all<T: DeserializeOwned>(
        &self,
        statement: D1PreparedStatement,
    ) -> worker::Result<Vec<T>> {
        self.round_trips.set(self.round_trips.get() + 1);
        statement.all().await?.results::<T>()
    }

    pub async fn first<T: DeserializeOwned>(
        &self,
        statement: D1PreparedStatement,
    ) -> worker::Result<Option<T>> {
        self.round_trips.set(self.round_trips.get() + 1);
        statement.first::<T>(None).await
    }

    pub async fn run(&self, statement: D1PreparedStatement) -> worker::Result<()> {
        self.round_trips.set(self.round_trips.get() + 1);
        statement.run().await.map(|_| ())
    }
}

/// Rows of one result of a batch. A missing result or a row that does not
/// decode is an error, never an empty answer.
pub fn rows<T: DeserializeOwned>(result: Option<&D1Result>) -> worker::Result<Vec<T>> {
    match result {
        Some(result) => result.results::<T>(),
        None => Err(worker::Error::RustError("missing batch result".into())),
    }
}

/// Whether a D1 error means another request won a race.
pub fn is_conflict(error: &worker::Error) -> bool {
    let text = error.to_string();
    text.contains(CONFLICT_MARKER)
        || text.contains("UNIQUE constraint failed")
        || text.contains("malformed JSON")
}
