//! Message templates in agent files: text with placeholders `{path}`,
//! `{{path}}` or `${path}` (all the same), each with at most one filter
//! (`|money`, `|int`, `|upper`); `|each:NAME` writes a list one item a line
//! and `|with:NAME` an optional part, both in a format of the file's `formats`; `|or:PATH`
//! another value where the first is missing. Compiled once against the declared
//! [`Scope`], so a typo is a load error; rendering only looks paths up.
//!
//! A single `{` followed by whitespace is a literal brace; any other `{`
//! (and `{{ x }}`, `${ x }`) opens a placeholder that must hold a valid path
//! and be closed, so a typo is caught at load. A lone `}` is literal. Inside a placeholder, whitespace around the path and the filter
//! is ignored (`{{ slots.name | upper }}`).
//!
//! Rendering: strings as they are, numbers as JSON prints them, booleans
//! `true`/`false`, lists and objects as compact JSON; null or missing
//! renders as nothing, and so does a filter given the wrong type (`money` on
//! a string). [`Template::missing`] lists those holes so the engine can
//! refuse to show a message with one.
//!
//! Filters are described in `template/filters.rs`.

use super::expr::{ExprError, Problem};
use super::path::{Path, Root, Scope};

mod filters;

use filters::Filter;

/// Longest template source, in characters (a Telegram message).
pub const MAX_TEMPLATE_CHARS: usize = 4_096;

/// A compiled template.
#[derive(Debug, Clone, PartialEq)]
pub struct Template {
    parts: Vec<Part>,
}

#[derive(Debug, Clone, PartialEq)]
enum Part {
    Text(String),
    Hole(Path, Option<Filter>),
    /// A list written one item a line, each with a format over `item`
    /// (`{data.months|each:month}`).
    Each(Path, Box<Template>),
    /// An optional part: a format over `item` when the value is present,
    /// else nothing, and never a hole (`{slots.concept|with:concept}`).
    With(Path, Box<Template>),
    /// A value, or another when it is missing (`{slots.paid_on|or:today}`).
    Or(Path, Path),
}

/// Compiles a template; every placeholder must hold a path that resolves in
/// `scope`. All the problems are listed, each at the offset of its opening
/// brace.
/// A money value as the `price` filter shows it ("$1,250.00"), or `None`
/// when it is no number.
pub fn price(value: &serde_json::Value) -> Option<String> {
    filters::apply(Some(Filter::Price), value)
}

pub fn compile(src: &str, scope: &Scope) -> Result<Template, ExprError> {
    let chars: Vec<char> = src.chars().take(MAX_TEMPLATE_CHARS + 1).collect();
    if chars.len() > MAX_TEMPLATE_CHARS {
        let message = format!("template too long (more than {MAX_TEMPLATE_CHARS} characters)");
        let problems = vec![Problem::new(MAX_TEMPLATE_CHARS, message)];
        return Err(ExprError { problems });
    }
    let (mut parts, mut text, mut problems) = (Vec::new(), String::new(), Vec::new());
    let mut i = 0;
    while i < chars.len() {
        let (open, close) = match (chars[i], chars.get(i + 1)) {
            ('$', Some('{')) => (2, 1),
            ('{', Some('{')) => (2, 2),
            ('{', next) if next.is_none_or(|next| !next.is_whitespace()) => (1, 1),
            (c, _) => {
                text.push(c);
                i += 1;
                continue;
            }
        };
        let body_start = i + open;
        let Some(end) = chars[body_start..].iter().position(|&c| c == '}') else {
            problems.push(Problem::new(i, "unclosed placeholder"));
            break;
        };
        let end = body_start + end;
        if close == 2 && chars.get(end + 1) != Some(&'}') {
            problems.push(Problem::new(
                i,
                "a placeholder opened by `{{` is closed by `}}`",
            ));
            i = end + 1;
            continue;
        }
        let body: String = chars[body_start..end].iter().collect();
        match hole(&body, scope) {
            Ok(hole) => {
                if !text.is_empty() {
                    parts.push(Part::Text(std::mem::take(&mut text)));
                }
                parts.push(hole);
            }
            Err(message) => problems.push(Problem::new(i, message)),
        }
        i = end + close;
    }
    if !problems.is_empty() {
        return Err(ExprError { problems });
    }
    if !text.is_empty() {
        parts.push(Part::Text(text));
    }
    Ok(Template { parts })
}

fn hole(body: &str, scope: &Scope) -> Result<Part, String> {
    let (path, filter) = match body.split_once('|') {
        Some((path, filter)) => (path.trim(), Some(filter.trim())),
        None => (body.trim(), None),
    };
    if path.is_empty() {
        return Err("empty placeholder".to_string());
    }
    if let Some(other) = filter.and_then(|f| f.strip_prefix("or:")) {
        return Ok(Part::Or(scope.resolve(path)?, scope.resolve(other.trim())?));
    }
    let each = filter.and_then(|f| f.strip_prefix("each:"));
    let with = filter.and_then(|f| f.strip_prefix("with:"));
    if let Some(name) = each.or(with) {
        let Some(format) = scope.format(name.trim()) else {
            return Err(format!(
                "unknown format `{}` (declare it in `formats`)",
                name.trim()
            ));
        };
        let (path, format) = (scope.resolve(path)?, Box::new(format.clone()));
        return Ok(match each {
            Some(_) => Part::Each(path, format),
            None => Part::With(path, format),
        });
    }
    let filter = match filter {
        None => None,
        Some(name) => match Filter::named(name) {
            Some(filter) => Some(filter),
            None => return Err(format!("unknown filter `{name}` (money, int, upper)")),
        },
    };
    Ok(Part::Hole(scope.resolve(path)?, filter))
}

impl Template {
    pub fn render<'a>(&self, root: impl Into<Root<'a>>) -> String {
        let root = root.into();
        let mut out = String::new();
        for part in &self.parts {
            match part {
                Part::Text(text) => out.push_str(text),
                Part::Hole(path, filter) => {
                    out.push_str(&fill(path, *filter, root).unwrap_or_default());
                }
                Part::Each(path, format) => {
                    out.push_str(&each(path, format, root).unwrap_or_default());
                }
                Part::Or(path, other) => {
                    let value = fill(path, None, root).filter(|v| !v.is_empty());
                    out.push_str(
                        &value
                            .or_else(|| fill(other, None, root))
                            .unwrap_or_default(),
                    );
                }
                Part::With(path, format) => {
                    let present = path.get(root).filter(|value| {
                        !value.is_null() && value.as_str().is_none_or(|text| !text.is_empty())
                    });
                    if let Some(value) = present {
                        out.push_str(&format.render(&serde_json::json!({ "item": value })));
                    }
                }
            }
        }
        out
    }

    /// The placeholders that render as nothing for `root` (`slots.name`,
    /// `slots.amount|money`), each once, in order.
    pub fn missing<'a>(&self, root: impl Into<Root<'a>>) -> Vec<String> {
        let root = root.into();
        let mut missing = Vec::new();
        for part in &self.parts {
            let (path, hole) = match part {
                Part::Text(_) | Part::With(..) => continue,
                Part::Hole(path, filter) => (path, fill(path, *filter, root).is_none()),
                Part::Each(path, format) => (path, each(path, format, root).is_none()),
                Part::Or(path, other) => (
                    other,
                    fill(path, None, root).is_none() && fill(other, None, root).is_none(),
                ),
            };
            if hole {
                let name = match part {
                    Part::Hole(_, Some(filter)) => format!("{path}|{filter}"),
                    _ => path.to_string(),
                };
                if !missing.contains(&name) {
                    missing.push(name);
                }
            }
        }
        missing
    }

    /// The paths this template reads, each once, in order.
    pub fn paths(&self) -> Vec<&Path> {
        let mut paths = Vec::new();
        for part in &self.parts {
            let read = match part {
                Part::Text(_) => vec![],
                Part::Hole(path, _) | Part::Each(path, _) | Part::With(path, _) => vec![path],
                Part::Or(path, other) => vec![path, other],
            };
            for path in read {
                if !paths.contains(&path) {
                    paths.push(path);
                }
            }
        }
        paths
    }
}

/// A list, one item a line in its format; `None` for a missing or empty
/// list.
fn each(path: &Path, format: &Template, root: Root<'_>) -> Option<String> {
    let items = path
        .get(root)?
        .as_array()
        .filter(|items| !items.is_empty())?;
    let lines: Vec<String> = items
        .iter()
        .map(|item| format.render(&serde_json::json!({ "item": item })))
        .collect();
    Some(lines.join("\n"))
}

/// What a placeholder renders as, or `None` for a hole.
fn fill(path: &Path, filter: Option<Filter>, root: Root<'_>) -> Option<String> {
    let value = path.get(root).filter(|value| !value.is_null())?;
    filters::apply(filter, value)
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
        let declared = "v slots.name slots.amount slots.phone_number slots.confirmed slots.tags";
        declared
            .split_whitespace()
            .for_each(|path| scope.declare(path));
        scope.declare_open("result");
        scope
    }

    fn render(src: &str, root: &Value) -> String {
        let template = compile(src, &scope()).unwrap_or_else(|error| panic!("{src}: {error}"));
        template.render(root)
    }

    /// The problems of a template that must not compile, as `offset: message`.
    fn problems(src: &str) -> Vec<String> {
        let error = compile(src, &scope()).expect_err(src);
        let problems = error.problems.into_iter();
        problems
            .map(|problem| format!("{}: {}", problem.offset, problem.message))
            .collect()
    }

    #[test]
    fn three_spellings_and_literal_braces() {
        let root = json!({"slots": {"name": "Ana", "phone_number": "555"}});
        let cases = [
            (
                "Hola {slots.name}, {{slots.name}}, ${slots.name}!",
                "Hola Ana, Ana, Ana!",
            ),
            (
                "{{ slots.name }} y ${ slots.name} y {slots.name }",
                "Ana y Ana y Ana",
            ),
            ("{slots.phoneNumber}", "555"),
            (
                "{ slots.name } {\n} } $ $5 {\t",
                "{ slots.name } {\n} } $ $5 {\t",
            ),
            ("sin huecos", "sin huecos"),
            ("", ""),
        ];
        for (src, expected) in cases {
            assert_eq!(render(src, &root), expected, "{src}");
        }
    }

    #[test]
    fn values_render_as_json_prints_them_and_holes_as_nothing() {
        let root = json!({
            "slots": {"name": null, "amount": 3.5, "confirmed": false, "tags": ["a", 1]},
            "result": {"carrierName": "Telcel", "plans": [{"price": 99}]},
        });
        let src = "[{slots.name}] {slots.amount} {slots.confirmed} {slots.tags} \
            {result.carrier_name} {result.plans.0.price} [{result.plans.1.price}] [{slots.phone_number}]";
        assert_eq!(render(src, &root), "[] 3.5 false [\"a\",1] Telcel 99 [] []");
        let template = compile(
            &format!("{src} {{slots.amount|int}} {{slots.name|money}}"),
            &scope(),
        )
        .unwrap();
        assert_eq!(
            template.missing(&root),
            [
                "slots.name",
                "result.plans.1.price",
                "slots.phone_number",
                "slots.name|money"
            ]
        );
        let paths: Vec<String> = template.paths().iter().map(ToString::to_string).collect();
        assert_eq!(paths.len(), 8, "{paths:?}");
    }

    #[test]
    fn every_problem_is_listed_with_its_offset() {
        assert_eq!(
            problems("¡Hola {slots.nme}! {v|cents} {{v} ${} {v|money|upper} {slots.Name_"),
            [
                "6: unknown path `slots.nme` (declared under slots: amount, confirmed, name, \
                 phone_number, tags)",
                "19: unknown filter `cents` (money, int, upper)",
                "29: a placeholder opened by `{{` is closed by `}}`",
                "34: empty placeholder",
                "38: unknown filter `money|upper` (money, int, upper)",
                "54: unclosed placeholder",
            ]
        );
        assert_eq!(
            problems("{a b}"),
            ["0: invalid path `a b`: segments are names or, after the first, indexes"]
        );
        assert_eq!(problems("x {"), ["2: unclosed placeholder"]);
        assert_eq!(problems("x {{"), ["2: unclosed placeholder"]);
        let long = "{".repeat(5_000);
        assert_eq!(
            problems(&long),
            ["4096: template too long (more than 4096 characters)"]
        );
    }

    #[test]
    fn garbage_never_panics() {
        const PIECES: [&str; 14] = [
            "{",
            "}",
            "{{",
            "}}",
            "${",
            "$",
            "|",
            "money",
            "v",
            "slots.name",
            " ",
            "é",
            "\u{0}",
            "😀",
        ];
        let (scope, root) = (scope(), json!({"v": 1.005, "slots": {"name": "Ana"}}));
        let mut state: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % 1_000_003) as usize
        };
        for _ in 0..400 {
            let src: String = (0..next() % 20)
                .map(|_| PIECES[next() % PIECES.len()])
                .collect();
            match compile(&src, &scope) {
                Ok(template) => {
                    template.render(&root);
                    template.missing(&root);
                }
                Err(error) => {
                    let end = src.chars().count();
                    assert!(
                        error.problems.iter().all(|problem| problem.offset <= end),
                        "{src:?}"
                    );
                }
            }
        }
    }
}
