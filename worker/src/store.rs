//! D1 access with a count of round trips, and the small helpers the SQL
//! needs (binding, guards that abort a batch).

use std::cell::Cell;

use serde::de::DeserializeOwned;
use wasm_bindgen::JsValue;
use worker::{D1Database, D1PreparedStatement, D1Result};

/// A value bound to a statement parameter.
pub enum Arg<'a> {
    Text(&'a str),
    Int(i64),
    Null,
}

impl From<&Arg<'_>> for JsValue {
    fn from(arg: &Arg<'_>) -> JsValue {
        match arg {
            Arg::Text(text) => JsValue::from_str(text),
            // D1 numbers are doubles; amounts stay far below 2^53.
            Arg::Int(n) => JsValue::from_f64(*n as f64),
            Arg::Null => JsValue::NULL,
        }
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
        let values: Vec<JsValue> = args.iter().map(JsValue::from).collect();
        self.d1.prepare(sql).bind(&values)
    }

    /// A statement that fails the whole batch unless `condition_sql` (a
    /// scalar subquery) equals `expected`.
    pub fn guard(
        &self,
        condition_sql: &str,
        args: &[Arg<'_>],
        expected: i64,
    ) -> worker::Result<D1PreparedStatement> {
        let sql = format!(
            "SELECT CASE WHEN COALESCE(({condition_sql}), 0) = {expected} THEN 1 ELSE json('{CONFLICT_MARKER}') END"
        );
        self.stmt(&sql, args)
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

/// Rows of a batch result.
pub fn rows<T: DeserializeOwned>(result: Option<&D1Result>) -> Vec<T> {
    result
        .and_then(|r| r.results::<T>().ok())
        .unwrap_or_default()
}

/// Whether a D1 error means another request won a race.
pub fn is_conflict(error: &worker::Error) -> bool {
    let text = error.to_string();
    text.contains(CONFLICT_MARKER)
        || text.contains("UNIQUE constraint failed")
        || text.contains("malformed JSON")
}
