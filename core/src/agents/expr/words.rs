//! A condition written out in a person's words, for the review's
//! diagrams when the agent file gives the condition no `label`:
//! `slots.due_date < today` → "la fecha límite es antes de hoy". The
//! words themselves live in `agent::text::review`.

use serde_json::Value;

use super::{Condition, Node, Op, Operand};
use crate::agent::text::review as words;
use crate::agents::path::Path;

impl Condition {
    /// The condition in words; `name` says a path (a slot's label).
    pub fn in_words(&self, name: &dyn Fn(&Path) -> String) -> String {
        self.node.in_words(name)
    }
}

impl Node {
    fn in_words(&self, name: &dyn Fn(&Path) -> String) -> String {
        let joined = |terms: &[Node], with: &str| {
            terms
                .iter()
                .map(|term| term.in_words(name))
                .collect::<Vec<_>>()
                .join(with)
        };
        match self {
            Node::Or(terms) => joined(terms, words::OR),
            Node::And(terms) => joined(terms, words::AND),
            Node::Not(term) => match term.as_ref() {
                Node::IsNull(operand) => words::given(&operand.in_words(name)),
                Node::IsEmpty(operand) => words::not_empty(&operand.in_words(name)),
                Node::In(operand, items) => {
                    words::not_one_of(&operand.in_words(name), &list(items))
                }
                other => words::not(&other.in_words(name)),
            },
            Node::Compare(left, op, right) => compare(left, *op, right, name),
            Node::In(operand, items) => words::one_of(&operand.in_words(name), &list(items)),
            Node::IsNull(operand) => words::missing(&operand.in_words(name)),
            Node::IsEmpty(operand) => words::empty(&operand.in_words(name)),
            Node::Contains(operand, item) => {
                words::includes(&operand.in_words(name), &literal(item))
            }
        }
    }
}

/// A comparison; a flag compared with true or false reads as the flag
/// itself or its negation, a date compared with today as before or after.
fn compare(left: &Operand, op: Op, right: &Operand, name: &dyn Fn(&Path) -> String) -> String {
    let subject = left.in_words(name);
    if let Operand::Literal(Value::Bool(flag)) = right {
        let holds = (*flag) == (op == Op::Eq);
        return if holds {
            words::flag(&subject)
        } else {
            words::not(&words::flag(&subject))
        };
    }
    let dated = matches!(right, Operand::Path(p) if p.segments() == ["today"]);
    let relation = match (op, dated) {
        (Op::Eq, _) => words::EQ,
        (Op::Ne, _) => words::NE,
        (Op::Lt, true) => words::BEFORE,
        (Op::Le, true) => words::UNTIL,
        (Op::Gt, true) => words::AFTER,
        (Op::Ge, true) => words::FROM,
        (Op::Lt, false) => words::LT,
        (Op::Le, false) => words::LE,
        (Op::Gt, false) => words::GT,
        (Op::Ge, false) => words::GE,
    };
    format!("{subject} {relation} {}", right.in_words(name))
}

impl Operand {
    fn in_words(&self, name: &dyn Fn(&Path) -> String) -> String {
        match self {
            Operand::Path(path) => name(path),
            Operand::Literal(value) => literal(value),
        }
    }
}

fn literal(value: &Value) -> String {
    match value {
        Value::Bool(true) => words::TRUE.to_string(),
        Value::Bool(false) => words::FALSE.to_string(),
        Value::Null => words::NOTHING.to_string(),
        Value::String(text) => format!("«{text}»"),
        other => other.to_string(),
    }
}

fn list(items: &[Value]) -> String {
    let said: Vec<String> = items.iter().map(literal).collect();
    match said.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            format!("{}{}{last}", rest.join(", "), words::OR)
        }
        _ => said.join(""),
    }
}

#[cfg(test)]
mod tests {
    use crate::agents::expr::compile;
    use crate::agents::path::{Path, Scope};

    fn said(src: &str) -> String {
        let mut scope = Scope::new();
        for path in [
            "slots.due_date",
            "slots.amount",
            "data.contact_known",
            "data.match_count",
            "slots.proceed",
            "data.matches",
        ] {
            scope.declare(path);
        }
        scope.declare("today");
        let name = |path: &Path| match path.segments() {
            [root, slot] if root == "slots" && slot == "due_date" => "la fecha límite".to_string(),
            [root, field] if root == "slots" || root == "data" => field.replace('_', " "),
            _ => "hoy".to_string(),
        };
        compile(src, &scope).expect(src).in_words(&name)
    }

    #[test]
    fn conditions_read_as_words() {
        assert_eq!(
            said("slots.due_date < today"),
            "la fecha límite es antes de hoy"
        );
        assert_eq!(
            said("data.contact_known = false"),
            "no se cumple que contact known"
        );
        assert_eq!(said("data.contact_known = true"), "contact known");
        assert_eq!(said("data.match_count = 0"), "match count es 0");
        assert_eq!(
            said("not slots.amount in [50, 100, 200, 500]"),
            "amount no es 50, 100, 200 o 500"
        );
        assert_eq!(said("slots.proceed = 'no'"), "proceed es «no»");
        assert_eq!(
            said("slots.amount is not null and slots.amount > 1000"),
            "amount está dado y amount es mayor que 1000"
        );
        assert_eq!(
            said("data.matches is empty or slots.amount <= 5"),
            "matches está vacío o amount es a lo más 5"
        );
    }
}
