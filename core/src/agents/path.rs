//! Data paths in agent files (`slots.phone_number`, `data.recipients.0.name`):
//! the scope of paths an agent declares, resolution of a written path
//! against it at load time, and lookup of a resolved path in a JSON value.
//!
//! Resolution forgives one spelling difference per segment: `carrierName`
//! finds a declared `carrier_name` and the other way round. An exact match
//! wins; two declared spellings that both fit a written one that is neither
//! is an error. Below an open prefix (a tool result, a list from context)
//! segments are kept as written and looked up at run time with the same
//! fallback against the actual JSON keys.

use std::collections::BTreeMap;
use std::fmt;

use serde_json::{Map, Value};

/// What paths are read in: any JSON value, or a flow's `slots`, `data` and
/// `options` borrowed where they live, so a turn reads its flow without
/// copying it into one document.
#[derive(Clone, Copy, Debug)]
pub enum Root<'a> {
    Json(&'a Value),
    Flow {
        slots: &'a Map<String, Value>,
        data: &'a Map<String, Value>,
        options: &'a Value,
        /// The user's civil date, `YYYY-MM-DD`.
        today: &'a Value,
    },
}

impl<'a> From<&'a Value> for Root<'a> {
    fn from(value: &'a Value) -> Self {
        Root::Json(value)
    }
}

/// The paths known at load time: exact paths, and open prefixes under
/// which anything may follow.
#[derive(Debug, Clone, Default)]
pub struct Scope {
    root: Node,
    /// How an item of a list is written, by name (the agent file's
    /// `formats`), for the `|each:NAME` filter of templates.
    formats: std::sync::Arc<BTreeMap<String, super::template::Template>>,
}

#[derive(Debug, Clone, Default)]
struct Node {
    children: BTreeMap<String, Node>,
    declared: bool,
    open: bool,
}

impl Scope {
    pub fn new() -> Self {
        Self::default()
    }

    /// The same scope with these item formats.
    pub fn with_formats(mut self, formats: BTreeMap<String, super::template::Template>) -> Self {
        self.formats = std::sync::Arc::new(formats);
        self
    }

    /// The item format named `name`.
    pub fn format(&self, name: &str) -> Option<&super::template::Template> {
        self.formats.get(name)
    }

    /// Declares an exact path (`slots.phone_number`).
    pub fn declare(&mut self, path: &str) {
        self.insert(path).declared = true;
    }

    /// Declares a prefix under which any path may follow (`data.recipients`
    /// allows `data.recipients.0.name`). The prefix itself is a path too.
    pub fn declare_open(&mut self, prefix: &str) {
        self.insert(prefix).open = true;
    }

    fn insert(&mut self, path: &str) -> &mut Node {
        let mut node = &mut self.root;
        for segment in path.split('.') {
            node = node.children.entry(segment.to_string()).or_default();
        }
        node
    }

    /// Resolves a written path to the declared one (see the module docs).
    /// The error names the written path.
    pub fn resolve(&self, written: &str) -> Result<Path, String> {
        check_syntax(written)?;
        let mut node = &self.root;
        let mut segments: Vec<String> = Vec::new();
        for (index, segment) in written.split('.').enumerate() {
            if let Some(child) = node.children.get(segment) {
                segments.push(segment.to_string());
                node = child;
                continue;
            }
            let key = snake(segment);
            let fits: Vec<(&String, &Node)> = node
                .children
                .iter()
                .filter(|(name, _)| snake(name) == key)
                .collect();
            match fits.as_slice() {
                [(name, child)] => {
                    segments.push(name.to_string());
                    node = child;
                }
                [] if node.open => {
                    segments.extend(written.split('.').skip(index).map(String::from));
                    return Ok(Path {
                        segments,
                        open_from: index,
                    });
                }
                [] => return Err(unknown(written, &segments, node)),
                [(first, _), (second, _), ..] => {
                    return Err(format!(
                        "ambiguous path `{written}`: both `{first}` and `{second}` are declared"
                    ));
                }
            }
        }
        if node.declared || node.open {
            Ok(Path {
                open_from: segments.len(),
                segments,
            })
        } else {
            Err(unknown(written, &segments, node))
        }
    }
}

fn unknown(written: &str, resolved: &[String], node: &Node) -> String {
    let names: Vec<&str> = node.children.keys().map(String::as_str).take(8).collect();
    if names.is_empty() {
        return format!("unknown path `{written}`");
    }
    let place = match resolved {
        [] => "at the top".to_string(),
        _ => format!("under {}", resolved.join(".")),
    };
    format!(
        "unknown path `{written}` (declared {place}: {})",
        names.join(", ")
    )
}

fn check_syntax(written: &str) -> Result<(), String> {
    for (index, segment) in written.split('.').enumerate() {
        let identifier = segment.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && segment
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_');
        let number =
            index > 0 && !segment.is_empty() && segment.chars().all(|c| c.is_ascii_digit());
        if !identifier && !number {
            return Err(format!(
                "invalid path `{written}`: segments are names or, after the first, indexes"
            ));
        }
    }
    Ok(())
}

/// The snake_case spelling of a segment (`carrierName` → `carrier_name`).
fn snake(segment: &str) -> String {
    let mut out = String::with_capacity(segment.len() + 4);
    for c in segment.chars() {
        if c.is_ascii_uppercase() {
            if !out.is_empty() && !out.ends_with('_') {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The other spelling of a segment: snake_case → camelCase, camelCase →
/// snake_case.
fn twin(segment: &str) -> String {
    if !segment.trim_start_matches('_').contains('_') {
        return snake(segment);
    }
    let mut out = String::with_capacity(segment.len());
    let mut upper = false;
    for (index, c) in segment.chars().enumerate() {
        if c == '_' && index > 0 {
            upper = true;
        } else if upper {
            out.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// A resolved path: the declared spelling of every segment, then the
/// segments written below an open prefix.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Path {
    segments: Vec<String>,
    /// Index of the first segment below an open prefix (`segments.len()`
    /// when there is none).
    open_from: usize,
}

impl Path {
    pub fn segments(&self) -> &[String] {
        &self.segments
    }

    /// The value at this path: object keys, array indexes. Below an open
    /// prefix a key is tried as written, then in its other spelling.
    pub fn get<'a>(&self, root: impl Into<Root<'a>>) -> Option<&'a Value> {
        match root.into() {
            Root::Json(value) => self.walk(value, 0),
            Root::Flow {
                slots,
                data,
                options,
                today,
            } => {
                let (first, rest) = self.segments.split_first()?;
                let map = match first.as_str() {
                    "options" => return self.walk(options, 1),
                    "today" => return self.walk(today, 1),
                    "slots" => slots,
                    "data" => data,
                    _ => return None,
                };
                let value = self.key(map, rest.first()?, 1)?;
                self.walk(value, 2)
            }
        }
    }

    /// Walks from `value` by the segments from `from` on.
    fn walk<'a>(&self, mut value: &'a Value, from: usize) -> Option<&'a Value> {
        for (index, segment) in self.segments.iter().enumerate().skip(from) {
            value = match value {
                Value::Object(map) => self.key(map, segment, index)?,
                Value::Array(items) => items.get(segment.parse::<usize>().ok()?)?,
                _ => return None,
            };
        }
        Some(value)
    }

    /// The value of segment `index` in `map`.
    fn key<'a>(
        &self,
        map: &'a Map<String, Value>,
        segment: &str,
        index: usize,
    ) -> Option<&'a Value> {
        match map.get(segment) {
            Some(found) => Some(found),
            None if index >= self.open_from => map.get(&twin(segment)),
            None => None,
        }
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.segments.join("."))
    }
}

#[cfg(test)]
mod tests {
    use super::{Scope, snake, twin};
    use serde_json::json;

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn scope() -> Scope {
        let mut scope = Scope::new();
        scope.declare("slots.phone_number");
        scope.declare("slots.amountDue");
        scope.declare("context.carrier_name");
        scope.declare("context.carrierName");
        scope.declare_open("data.recipients");
        scope.declare_open("result");
        scope
    }

    #[test]
    fn spellings() {
        assert_eq!(snake("carrierName"), "carrier_name");
        assert_eq!(twin("carrier_name"), "carrierName");
        assert_eq!(twin("carrierName"), "carrier_name");
        assert_eq!(twin("_id"), "_id");
    }

    #[test]
    fn resolves_exact_then_the_other_spelling() {
        let scope = scope();
        let resolved = |written: &str| scope.resolve(written).map(|path| path.to_string());
        assert_eq!(
            resolved("slots.phone_number").unwrap(),
            "slots.phone_number"
        );
        assert_eq!(resolved("slots.phoneNumber").unwrap(), "slots.phone_number");
        assert_eq!(resolved("slots.amount_due").unwrap(), "slots.amountDue");
        // Both spellings declared: an exact one is fine, any other is ambiguous.
        assert_eq!(
            resolved("context.carrierName").unwrap(),
            "context.carrierName"
        );
        assert_eq!(
            resolved("context.carrier_name").unwrap(),
            "context.carrier_name"
        );
        let error = resolved("context.Carrier_Name").unwrap_err();
        assert!(
            error.starts_with("ambiguous path `context.Carrier_Name`"),
            "{error}"
        );
    }

    #[test]
    fn unknown_and_invalid_paths_name_the_path() {
        let scope = scope();
        let error = scope.resolve("slots.phone").unwrap_err();
        assert_eq!(
            error,
            "unknown path `slots.phone` (declared under slots: amountDue, phone_number)"
        );
        // A prefix of a declared path is not a path.
        assert!(
            scope
                .resolve("slots")
                .unwrap_err()
                .starts_with("unknown path `slots`")
        );
        for written in [
            "",
            "slots.",
            "slots..x",
            "0.x",
            "slots.phone-number",
            "slots.é",
        ] {
            let error = scope.resolve(written).unwrap_err();
            assert!(error.starts_with("invalid path"), "{written}: {error}");
        }
    }

    #[test]
    fn open_prefixes_keep_what_follows_and_look_it_up_at_run_time() {
        let scope = scope();
        let root = json!({
            "data": {"recipients": [{"name": "Ana", "phone_number": "555"}, {"name": "Luis"}]},
            "result": {"carrierName": "Telcel", "plans": [10, 20]},
        });
        let get = |written: &str| scope.resolve(written).unwrap().get(&root).cloned();
        assert_eq!(get("data.recipients.0.name"), Some(json!("Ana")));
        assert_eq!(get("data.recipients.1.name"), Some(json!("Luis")));
        assert_eq!(get("data.recipients.0.phoneNumber"), Some(json!("555")));
        assert_eq!(get("data.recipients.2.name"), None);
        assert_eq!(get("result.carrier_name"), Some(json!("Telcel")));
        assert_eq!(get("result.plans.1"), Some(json!(20)));
        assert_eq!(get("result.plans.x"), None);
        assert_eq!(
            get("data.recipients").map(|list| list.as_array().unwrap().len()),
            Some(2)
        );
        let path = scope.resolve("result.carrier_name").unwrap();
        assert_eq!(path.to_string(), "result.carrier_name");
        assert_eq!(path.segments(), ["result", "carrier_name"]);
    }

    #[test]
    fn declared_segments_are_looked_up_exactly() {
        let scope = scope();
        let path = scope.resolve("slots.phoneNumber").unwrap();
        assert_eq!(
            path.get(&json!({"slots": {"phone_number": "555"}})),
            Some(&json!("555"))
        );
        assert_eq!(path.get(&json!({"slots": {"phoneNumber": "555"}})), None);
        assert_eq!(path.get(&json!({"slots": "555"})), None);
    }
}
