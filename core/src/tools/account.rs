//! The account services agent files may declare (provider `account`):
//! what Caja holds of a person, counted, and the deletion of all of it
//! after the person typed the confirmation phrase and said «sí». Every
//! host decides them here; the store removes every row of the person.

use serde_json::{Map, Value, json};

use super::{ToolCall, ToolResult, codes};
use crate::agent::text::reminders as text;
use crate::nlu::normalize::fold;

/// The phrase a person types to delete their account, folded.
pub const DELETE_PHRASE: &str = "borrar mi cuenta";

/// How many rows of each kind a store holds for the person.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Holdings {
    pub movements: i64,
    pub budgets: i64,
    pub debts: i64,
    pub cobros: i64,
    pub contacts: i64,
    pub recurring: i64,
}

/// What a service decided, and whether to delete everything.
pub struct Outcome {
    pub result: ToolResult,
    pub delete: bool,
}

/// Whether `typed` is the confirmation phrase (case, accents and spaces
/// aside).
pub fn is_delete_phrase(typed: &str) -> bool {
    fold(typed)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
        == DELETE_PHRASE
}

/// Carries out `service` over what the store counted.
pub fn run(
    call: &ToolCall,
    service: &str,
    params: &Map<String, Value>,
    holdings: Holdings,
    at: &str,
) -> Outcome {
    let typed = params.get("phrase").and_then(Value::as_str).unwrap_or("");
    let described = json!({ "lines": text::holdings(&holdings) });
    let (result, delete) = match service {
        "account.summary" => (Ok(described), false),
        "account.check" => (Ok(json!({ "matches": is_delete_phrase(typed) })), false),
        "account.delete" if is_delete_phrase(typed) => (Ok(described), true),
        "account.delete" => (
            Err("the confirmation phrase does not match".to_string()),
            false,
        ),
        other => (Err(format!("unknown account service {other}")), false),
    };
    match result {
        Ok(data) => Outcome {
            result: ToolResult::success(call, &data, at),
            delete,
        },
        Err(problem) => Outcome {
            result: ToolResult::failure(call, codes::INVALID, &problem, at),
            delete: false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_phrase_is_read_whatever_its_case_accents_and_spaces() {
        assert!(is_delete_phrase("BORRAR MI CUENTA"));
        assert!(is_delete_phrase("  borrar   mi cuenta. "));
        assert!(!is_delete_phrase("borrar"));
        assert!(!is_delete_phrase("no borrar mi cuenta"));
    }
}
