//! The tokenizer and recursive-descent parser of conditions (grammar in
//! the parent module's docs). Paths that do not resolve are collected and
//! parsing goes on; the first syntax error stops it.

use serde_json::Value;

use super::lex::{Tok, Token, lex};
use super::{Node, Operand, Problem};
use crate::agents::path::Scope;

/// Deepest nesting of parentheses and `not`.
const MAX_DEPTH: usize = 32;

/// Parses a whole condition, or returns every problem found, in source
/// order.
pub(super) fn parse(src: &[char], scope: &Scope) -> Result<Node, Vec<Problem>> {
    let tokens = lex(src).map_err(|problem| vec![problem])?;
    if tokens.is_empty() {
        return Err(vec![Problem::new(0, "empty condition")]);
    }
    let mut parser = Parser {
        tokens,
        pos: 0,
        end: src.len(),
        scope,
        depth: 0,
        problems: vec![],
    };
    let parsed = parser.condition().and_then(|node| parser.finish(node));
    let mut problems = parser.problems;
    match parsed {
        Ok(node) if problems.is_empty() => Ok(node),
        Ok(_) => Err(problems),
        Err(problem) => {
            problems.push(problem);
            problems.sort_by_key(|problem| problem.offset);
            Err(problems)
        }
    }
}

struct Parser<'s> {
    tokens: Vec<Token>,
    pos: usize,
    /// Offset of the end of the source, for problems at the end.
    end: usize,
    scope: &'s Scope,
    depth: usize,
    /// Paths that did not resolve; parsing goes on to find more.
    problems: Vec<Problem>,
}

type Parse<T> = Result<T, Problem>;

fn is_keyword(word: &str, keyword: &str) -> bool {
    word.eq_ignore_ascii_case(keyword)
}

const KEYWORDS: [&str; 10] = [
    "and", "or", "not", "in", "is", "null", "empty", "contains", "true", "false",
];

impl Parser<'_> {
    fn offset(&self) -> usize {
        self.tokens
            .get(self.pos)
            .map_or(self.end, |token| token.offset)
    }

    fn found(&self) -> String {
        match self.tokens.get(self.pos).map(|token| &token.tok) {
            None => "the end".to_string(),
            Some(Tok::Word(word)) => format!("`{word}`"),
            Some(Tok::Literal(value)) => format!("`{value}`"),
            Some(Tok::Op(_)) => "an operator".to_string(),
            Some(Tok::Open | Tok::Close) => "a parenthesis".to_string(),
            Some(Tok::OpenList | Tok::CloseList) => "a bracket".to_string(),
            Some(Tok::Comma) => "`,`".to_string(),
        }
    }

    fn expected(&self, what: &str) -> Problem {
        Problem::new(
            self.offset(),
            format!("expected {what}, found {}", self.found()),
        )
    }

    fn eat(&mut self, tok: &Tok) -> bool {
        let matches = self
            .tokens
            .get(self.pos)
            .is_some_and(|token| token.tok == *tok);
        self.pos += usize::from(matches);
        matches
    }

    fn eat_word(&mut self, keyword: &str) -> bool {
        let matches = matches!(
            self.tokens.get(self.pos),
            Some(Token { tok: Tok::Word(word), .. }) if is_keyword(word, keyword)
        );
        self.pos += usize::from(matches);
        matches
    }

    fn finish(&self, node: Node) -> Parse<Node> {
        match self.tokens.get(self.pos) {
            None => Ok(node),
            Some(_) => Err(self.expected("`and`, `or` or the end")),
        }
    }

    fn condition(&mut self) -> Parse<Node> {
        let mut terms = vec![self.and()?];
        while self.eat_word("or") {
            terms.push(self.and()?);
        }
        Ok(if terms.len() == 1 {
            terms.swap_remove(0)
        } else {
            Node::Or(terms)
        })
    }

    fn and(&mut self) -> Parse<Node> {
        let mut terms = vec![self.not()?];
        while self.eat_word("and") {
            terms.push(self.not()?);
        }
        Ok(if terms.len() == 1 {
            terms.swap_remove(0)
        } else {
            Node::And(terms)
        })
    }

    fn not(&mut self) -> Parse<Node> {
        let offset = self.offset();
        let negated = self.eat_word("not");
        if !negated && !self.eat(&Tok::Open) {
            return self.test();
        }
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Problem::new(
                offset,
                format!("nested too deeply (over {MAX_DEPTH})"),
            ));
        }
        let node = if negated {
            Node::Not(Box::new(self.not()?))
        } else {
            let inner = self.condition()?;
            if !self.eat(&Tok::Close) {
                return Err(self.expected("`)`"));
            }
            inner
        };
        self.depth -= 1;
        Ok(node)
    }

    fn test(&mut self) -> Parse<Node> {
        let left = self.operand()?;
        let Some(token) = self.tokens.get(self.pos) else {
            return Err(self.expected("an operator (=, !=, <, <=, >, >=, in, is, contains)"));
        };
        match &token.tok {
            Tok::Op(op) => {
                let op = *op;
                self.pos += 1;
                Ok(Node::Compare(left, op, self.operand()?))
            }
            Tok::Word(word) if is_keyword(word, "in") => {
                self.pos += 1;
                if !self.eat(&Tok::OpenList) {
                    return Err(self.expected("`[`"));
                }
                let mut items = Vec::new();
                while !self.eat(&Tok::CloseList) {
                    if !items.is_empty() && !self.eat(&Tok::Comma) {
                        return Err(self.expected("`,` or `]`"));
                    }
                    items.push(self.literal()?);
                }
                Ok(Node::In(left, items))
            }
            Tok::Word(word) if is_keyword(word, "is") => {
                self.pos += 1;
                let negated = self.eat_word("not");
                let node = if self.eat_word("null") {
                    Node::IsNull(left)
                } else if self.eat_word("empty") {
                    Node::IsEmpty(left)
                } else {
                    return Err(self.expected("`null` or `empty`"));
                };
                Ok(if negated {
                    Node::Not(Box::new(node))
                } else {
                    node
                })
            }
            Tok::Word(word) if is_keyword(word, "contains") => {
                self.pos += 1;
                Ok(Node::Contains(left, self.literal()?))
            }
            _ => Err(self.expected("an operator (=, !=, <, <=, >, >=, in, is, contains)")),
        }
    }

    fn operand(&mut self) -> Parse<Operand> {
        let Some(Token {
            tok: Tok::Word(word),
            offset,
        }) = self.tokens.get(self.pos)
        else {
            return self.literal().map(Operand::Literal);
        };
        if KEYWORDS.iter().any(|keyword| is_keyword(word, keyword)) {
            return self.literal().map(Operand::Literal);
        }
        let (word, offset) = (word.clone(), *offset);
        self.pos += 1;
        Ok(match self.scope.resolve(&word) {
            Ok(path) => Operand::Path(path),
            Err(message) => {
                self.problems.push(Problem::new(offset, message));
                Operand::Literal(Value::Null)
            }
        })
    }

    fn literal(&mut self) -> Parse<Value> {
        let value = match self.tokens.get(self.pos).map(|token| &token.tok) {
            Some(Tok::Literal(value)) => value.clone(),
            Some(Tok::Word(word)) if is_keyword(word, "true") => Value::Bool(true),
            Some(Tok::Word(word)) if is_keyword(word, "false") => Value::Bool(false),
            Some(Tok::Word(word)) if is_keyword(word, "null") => {
                let message = "`null` is written only as `is null` or `is not null`";
                return Err(Problem::new(self.offset(), message));
            }
            _ => return Err(self.expected("a path or a value")),
        };
        self.pos += 1;
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use crate::agents::expr::compile;
    use crate::agents::path::Scope;

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    /// The problems of a source that must not compile, as `offset: message`.
    fn problems(src: &str) -> Vec<String> {
        let mut scope = Scope::new();
        for path in ["a", "b", "slots.amount", "slots.phone_number"] {
            scope.declare(path);
        }
        let error = compile(src, &scope).expect_err(src);
        let problems = error.problems.into_iter();
        problems
            .map(|problem| format!("{}: {}", problem.offset, problem.message))
            .collect()
    }

    #[test]
    fn cases() {
        let cases = include_str!("error_cases.txt").lines();
        for line in cases.filter(|line| !line.is_empty() && !line.starts_with('#')) {
            let (src, expected) = line.rsplit_once(" => ").expect(line);
            assert_eq!(problems(src).join(" | "), expected, "{src}");
        }
    }

    #[test]
    fn empty_and_deep_sources() {
        assert_eq!(problems(""), ["0: empty condition"]);
        assert_eq!(problems(" \t\n"), ["0: empty condition"]);
        let deep = format!("{}a = 1{}", "(".repeat(40), ")".repeat(40));
        assert_eq!(problems(&deep), ["32: nested too deeply (over 32)"]);
        assert_eq!(
            problems(&format!("{}a = 1", "not ".repeat(40))),
            ["128: nested too deeply (over 32)"]
        );
        let long = "(".repeat(5_000);
        assert_eq!(
            problems(&long),
            ["2000: condition too long (more than 2000 characters)"]
        );
    }
}
