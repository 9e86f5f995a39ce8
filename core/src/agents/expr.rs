//! Conditions in agent files (`slots.amount > 0 and slots.phone is not null`):
//! a small, strictly typed language, a safe subset of pypred and Dialogflow
//! CX conditions, compiled once against the declared [`Scope`] and then
//! evaluated against a JSON value. No function calls, no regex, no casts.
//!
//! ```text
//! condition := and ("or" and)*
//! and       := not ("and" not)*
//! not       := "not" not | "(" condition ")" | test
//! test      := operand ("=" | "==" | "!=" | "<" | "<=" | ">" | ">=") operand
//!            | operand "in" "[" [literal ("," literal)*] "]"
//!            | operand "is" ["not"] ("null" | "empty")
//!            | operand "contains" literal
//! operand   := path | literal
//! literal   := number | 'string' | "string" | true | false
//! ```
//!
//! Keywords are case-insensitive. `null` is written only after `is`: a
//! comparison with null would always be false. Semantics: a number never
//! equals a string; `<` and friends compare two numbers or two dates
//! written `YYYY-MM-DD` (`slots.due < today`); a missing path
//! or JSON null makes every comparison false except `!=` against a present
//! value, which is true. `is empty` holds for null, missing, "", [] and {}.
//! `contains` tests an element of a list, a key of an object or a substring
//! of a string (case-sensitive).

use std::cmp::Ordering;
use std::fmt;

use serde_json::Value;

use super::path::{Path, Root, Scope};

mod lex;
mod parse;
mod words;

/// Longest condition source, in characters.
pub const MAX_CONDITION_CHARS: usize = 2_000;

/// Why a condition or a template did not compile: every problem found, in
/// source order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExprError {
    pub problems: Vec<Problem>,
}

/// One problem, at a character offset of the source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub offset: usize,
    pub message: String,
}

impl Problem {
    pub fn new(offset: usize, message: impl Into<String>) -> Self {
        Self {
            offset,
            message: message.into(),
        }
    }
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, problem) in self.problems.iter().enumerate() {
            let separator = if index == 0 { "" } else { "; " };
            write!(
                f,
                "{separator}at character {}: {}",
                problem.offset, problem.message
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for ExprError {}

/// A compiled condition.
#[derive(Debug, Clone, PartialEq)]
pub struct Condition {
    node: Node,
}

#[derive(Debug, Clone, PartialEq)]
enum Node {
    Or(Vec<Node>),
    And(Vec<Node>),
    Not(Box<Node>),
    Compare(Operand, Op, Operand),
    In(Operand, Vec<Value>),
    IsNull(Operand),
    IsEmpty(Operand),
    Contains(Operand, Value),
}

#[derive(Debug, Clone, PartialEq)]
enum Operand {
    Path(Path),
    Literal(Value),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// Compiles a condition; every path must resolve in `scope`.
pub fn compile(src: &str, scope: &Scope) -> Result<Condition, ExprError> {
    let chars: Vec<char> = src.chars().take(MAX_CONDITION_CHARS + 1).collect();
    if chars.len() > MAX_CONDITION_CHARS {
        let message = format!("condition too long (more than {MAX_CONDITION_CHARS} characters)");
        return Err(ExprError {
            problems: vec![Problem::new(MAX_CONDITION_CHARS, message)],
        });
    }
    match parse::parse(&chars, scope) {
        Ok(node) => Ok(Condition { node }),
        Err(problems) => Err(ExprError { problems }),
    }
}

impl Condition {
    pub fn eval<'a>(&self, root: impl Into<Root<'a>>) -> bool {
        self.node.eval(root.into())
    }

    /// The paths this condition reads, each once, in source order.
    pub fn paths(&self) -> Vec<&Path> {
        let mut paths = Vec::new();
        self.node.collect_paths(&mut paths);
        paths
    }
}

impl Node {
    fn eval(&self, root: Root<'_>) -> bool {
        match self {
            Node::Or(terms) => terms.iter().any(|term| term.eval(root)),
            Node::And(terms) => terms.iter().all(|term| term.eval(root)),
            Node::Not(term) => !term.eval(root),
            Node::Compare(left, op, right) => match (left.get(root), right.get(root)) {
                (Some(left), Some(right)) => match op {
                    Op::Eq => equal(left, right),
                    Op::Ne => !equal(left, right),
                    _ => order(left, right).is_some_and(|ordering| op.accepts(ordering)),
                },
                (None, None) => false,
                _ => *op == Op::Ne,
            },
            Node::In(operand, items) => operand
                .get(root)
                .is_some_and(|value| items.iter().any(|item| equal(value, item))),
            Node::IsNull(operand) => operand.get(root).is_none(),
            Node::IsEmpty(operand) => match operand.get(root) {
                None => true,
                Some(Value::String(text)) => text.is_empty(),
                Some(Value::Array(items)) => items.is_empty(),
                Some(Value::Object(map)) => map.is_empty(),
                Some(_) => false,
            },
            Node::Contains(operand, item) => match operand.get(root) {
                Some(Value::Array(items)) => items.iter().any(|element| equal(element, item)),
                Some(Value::Object(map)) => item.as_str().is_some_and(|key| map.contains_key(key)),
                Some(Value::String(text)) => item.as_str().is_some_and(|part| text.contains(part)),
                _ => false,
            },
        }
    }

    fn collect_paths<'a>(&'a self, paths: &mut Vec<&'a Path>) {
        match self {
            Node::Or(terms) | Node::And(terms) => {
                terms.iter().for_each(|term| term.collect_paths(paths));
            }
            Node::Not(term) => term.collect_paths(paths),
            Node::Compare(left, _, right) => {
                left.collect_path(paths);
                right.collect_path(paths);
            }
            Node::In(operand, _)
            | Node::IsNull(operand)
            | Node::IsEmpty(operand)
            | Node::Contains(operand, _) => operand.collect_path(paths),
        }
    }
}

impl Operand {
    fn collect_path<'a>(&'a self, paths: &mut Vec<&'a Path>) {
        if let Operand::Path(path) = self
            && !paths.contains(&path)
        {
            paths.push(path);
        }
    }

    /// The value, or `None` when the path is missing or holds null.
    fn get<'a>(&'a self, root: Root<'a>) -> Option<&'a Value> {
        let value = match self {
            Operand::Path(path) => path.get(root)?,
            Operand::Literal(value) => value,
        };
        (!value.is_null()).then_some(value)
    }
}

impl Op {
    fn accepts(self, ordering: Ordering) -> bool {
        match self {
            Op::Eq => ordering == Ordering::Equal,
            Op::Ne => ordering != Ordering::Equal,
            Op::Lt => ordering == Ordering::Less,
            Op::Le => ordering != Ordering::Greater,
            Op::Gt => ordering == Ordering::Greater,
            Op::Ge => ordering != Ordering::Less,
        }
    }
}

/// Equality without casts: numbers by value, everything else by JSON type
/// and content.
fn equal(left: &Value, right: &Value) -> bool {
    match (left, right) {
        (Value::Number(_), Value::Number(_)) => order(left, right) == Some(Ordering::Equal),
        _ => left == right,
    }
}

/// The order of two numbers (as i64 when both are integers, else as f64)
/// or of two dates written `YYYY-MM-DD` (`slots.due < today`).
fn order(left: &Value, right: &Value) -> Option<Ordering> {
    if let (Some(left), Some(right)) = (iso_date(left), iso_date(right)) {
        return Some(left.cmp(right));
    }
    let (Value::Number(left), Value::Number(right)) = (left, right) else {
        return None;
    };
    match (left.as_i64(), right.as_i64()) {
        (Some(left), Some(right)) => Some(left.cmp(&right)),
        _ => left.as_f64()?.partial_cmp(&right.as_f64()?),
    }
}

/// A `YYYY-MM-DD` string, which orders as its date does.
fn iso_date(value: &Value) -> Option<&str> {
    let text = value.as_str()?;
    let bytes = text.as_bytes();
    let shape = bytes.len() == 10
        && bytes.iter().enumerate().all(|(i, b)| match i {
            4 | 7 => *b == b'-',
            _ => b.is_ascii_digit(),
        });
    shape.then_some(text)
}

#[cfg(test)]
mod tests {
    use super::compile;
    use crate::agents::path::Scope;
    use serde_json::{Value, json};

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn scope() -> Scope {
        let mut scope = Scope::new();
        let declared = "a b c slots.amount slots.price slots.name slots.quote slots.tags \
            slots.phone_number slots.confirmed slots.empty_text slots.items slots.profile \
            slots.meta context.balance context.missing";
        declared
            .split_whitespace()
            .for_each(|path| scope.declare(path));
        scope.declare_open("data.recipients");
        scope
    }

    fn root() -> Value {
        json!({
            "a": 1, "b": 2, "c": 3,
            "slots": {
                "amount": 200, "price": 3.5, "name": "Ana María", "quote": "it's \"x\"",
                "tags": ["vip", 2, true], "phone_number": null, "confirmed": true,
                "empty_text": "", "items": [], "meta": {}, "profile": {"city": "CDMX"},
            },
            "context": {"balance": 150},
            "data": {"recipients": [{"name": "Ana", "full_name": "Ana Pérez"}]},
        })
    }

    #[test]
    fn cases() {
        let (scope, root) = (scope(), root());
        let cases = include_str!("expr/eval_cases.txt").lines();
        for line in cases.filter(|line| !line.is_empty() && !line.starts_with('#')) {
            let (src, expected) = line.rsplit_once(" => ").expect(line);
            let condition = compile(src, &scope).unwrap_or_else(|error| panic!("{src}: {error}"));
            assert_eq!(condition.eval(&root).to_string(), expected, "{src}");
        }
    }

    #[test]
    fn precedence_is_not_then_and_then_or() {
        let scope = scope();
        let explicit = compile("(not (a = 1)) or ((b = 2) and (c = 3))", &scope).unwrap();
        assert_eq!(
            compile("not a = 1 or b = 2 and c = 3", &scope).unwrap(),
            explicit
        );
    }

    #[test]
    fn paths_are_reported_once_by_their_declared_spelling() {
        let src = "a = b and slots.phoneNumber in [1] or data.recipients.0.name is null or a = 2";
        let condition = compile(src, &scope()).unwrap();
        let paths: Vec<String> = condition.paths().iter().map(ToString::to_string).collect();
        assert_eq!(
            paths,
            ["a", "b", "slots.phone_number", "data.recipients.0.name"]
        );
    }

    fn next(state: &mut u64) -> usize {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        (*state % 1_000_003) as usize
    }

    /// A random well-formed condition over the test scope.
    fn generate(state: &mut u64, depth: usize) -> String {
        const PATHS: [&str; 6] = [
            "a",
            "slots.amount",
            "slots.name",
            "slots.tags",
            "context.missing",
            "data.recipients.0.name",
        ];
        const VALUES: [&str; 6] = ["1", "-2.5", "'Ana'", "\"vip\"", "true", "200"];
        const OPS: [&str; 7] = ["=", "==", "!=", "<", "<=", ">", ">="];
        let path = PATHS[next(state) % PATHS.len()];
        let value = VALUES[next(state) % VALUES.len()];
        match next(state) % if depth > 3 { 4 } else { 7 } {
            0 => format!("{path} {} {value}", OPS[next(state) % OPS.len()]),
            1 => format!(
                "{path} in [{value}, {}]",
                VALUES[next(state) % VALUES.len()]
            ),
            2 => format!(
                "{path} is {}{}",
                ["", "not "][next(state) % 2],
                ["null", "EMPTY"][next(state) % 2]
            ),
            3 => format!("{path} contains {value}"),
            4 => format!("not {}", generate(state, depth + 1)),
            5 => format!(
                "({}) and {}",
                generate(state, depth + 1),
                generate(state, depth + 1)
            ),
            _ => format!(
                "{} or ({})",
                generate(state, depth + 1),
                generate(state, depth + 1)
            ),
        }
    }

    #[test]
    fn generated_conditions_compile_and_garbage_never_panics() {
        const GARBAGE: [&str; 16] = [
            "(", ")", "[", "]", "'", "\"", "\\", ",", "!", "é", "\u{0}", "😀", "{", "1.", "..",
            "\u{feff}",
        ];
        let (scope, root) = (scope(), root());
        let mut state = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..400 {
            let src = generate(&mut state, 0);
            let condition = compile(&src, &scope).unwrap_or_else(|error| panic!("{src}: {error}"));
            let negated = compile(&format!("not ({src})"), &scope).unwrap();
            assert_ne!(condition.eval(&root), negated.eval(&root), "{src}");
            // Break it: cut it short, or put garbage somewhere.
            let chars: Vec<char> = src.chars().collect();
            let at = next(&mut state) % (chars.len() + 1);
            let mut broken: String = chars[..at].iter().collect();
            if next(&mut state).is_multiple_of(2) {
                broken.push_str(GARBAGE[next(&mut state) % GARBAGE.len()]);
                broken.extend(&chars[at..]);
            }
            // Arbitrary characters, control and non-ASCII included.
            let noise: String = (0..next(&mut state) % 40)
                .filter_map(|_| char::from_u32((next(&mut state) % 0x1_0000) as u32))
                .collect();
            for src in [broken, noise] {
                if let Err(error) = compile(&src, &scope) {
                    let end = src.chars().count();
                    let offsets_ok = error.problems.iter().all(|problem| problem.offset <= end);
                    assert!(!error.problems.is_empty() && offsets_ok, "{src:?}");
                }
            }
        }
        let long = "a = 1 or ".repeat(250);
        assert_eq!(
            compile(&long, &scope).unwrap_err().problems[0].message,
            "condition too long (more than 2000 characters)"
        );
        let longest = format!("{}a = 1", "a = 2 or ".repeat(221));
        assert!(compile(&longest, &scope).unwrap().eval(&root));
    }
}
