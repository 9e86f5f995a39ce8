//! The reminder settings services agent files may declare (provider
//! `reminders`): what a person lets Caja send first
//! ([`crate::reminders::Settings`]), read, previewed with one change, and
//! saved exactly as previewed and confirmed. Every host decides them
//! here from the settings its store holds.

use serde_json::{Map, Value, json};

use super::{ToolCall, ToolResult, codes};
use crate::agent::text::reminders as text;
use crate::reminders::Settings;

/// What a service decided: its data and, for a save, the settings to store.
pub struct Outcome {
    pub result: ToolResult,
    pub save: Option<Settings>,
}

/// Carries out `service` over the stored `settings`.
pub fn run(
    call: &ToolCall,
    service: &str,
    params: &Map<String, Value>,
    settings: Settings,
    at: &str,
) -> Outcome {
    let decided = match service {
        "reminders.settings" => Ok((describe(&settings), None)),
        "reminders.preview" => preview(params, settings).map(|next| {
            let mut data = describe(&next);
            data["changed"] = json!(next != settings);
            data["next"] = json!({
                "cobros": switch(next.cobros),
                "debts": switch(next.debts),
                "budgets": switch(next.budgets),
                "summary": switch(next.summary),
            });
            (data, None)
        }),
        "reminders.save" => saved(params).map(|next| (describe(&next), Some(next))),
        other => Err(format!("unknown reminders service {other}")),
    };
    match decided {
        Ok((data, save)) => Outcome {
            result: ToolResult::success(call, &data, at),
            save,
        },
        Err(problem) => Outcome {
            result: ToolResult::failure(call, codes::INVALID, &problem, at),
            save: None,
        },
    }
}

fn switch(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

fn describe(settings: &Settings) -> Value {
    json!({
        "lines": text::settings_lines(settings),
        "delivery": text::DELIVERY,
        "all_off": !(settings.cobros || settings.debts || settings.budgets || settings.summary),
    })
}

/// The settings after one change: `change` is `on`, `off` or `only`;
/// `topic` the topics named (`cobros`, `debts`, `budgets`, `summary`,
/// comma-separated), empty for every topic (`only` needs one); `scope`
/// `except` when the topics named are the exception ("apaga todo menos
/// los cobros"): they get the opposite of what the others get.
fn preview(params: &Map<String, Value>, mut settings: Settings) -> Result<Settings, String> {
    let text = |name: &str| {
        params
            .get(name)
            .and_then(Value::as_str)
            .unwrap_or("")
            .trim()
    };
    let change = text("change");
    let except = text("scope") == "except";
    let named: Vec<&str> = text("topic")
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .collect();
    let mut flags = [
        ("cobros", &mut settings.cobros),
        ("debts", &mut settings.debts),
        ("budgets", &mut settings.budgets),
        ("summary", &mut settings.summary),
    ];
    if let Some(unknown) = named.iter().find(|t| !flags.iter().any(|(n, _)| n == *t)) {
        return Err(format!("unknown topic {unknown}"));
    }
    let on = match change {
        "on" => true,
        "off" => false,
        "only" if !named.is_empty() => {
            for (name, flag) in &mut flags {
                **flag = named.contains(name);
            }
            return Ok(settings);
        }
        _ => return Err(format!("bad change {change} for topics {named:?}")),
    };
    for (name, flag) in &mut flags {
        let is_named = named.contains(name);
        if except && !named.is_empty() {
            **flag = if is_named { !on } else { on };
        } else if named.is_empty() || is_named {
            **flag = on;
        }
    }
    Ok(settings)
}

/// The settings a confirmed save stores: every topic said, `on` or `off`.
fn saved(params: &Map<String, Value>) -> Result<Settings, String> {
    let flag = |name: &str| match params.get(name).and_then(Value::as_str) {
        Some("on") => Ok(true),
        Some("off") => Ok(false),
        other => Err(format!("{name} must be on or off, not {other:?}")),
    };
    Ok(Settings {
        cobros: flag("cobros")?,
        debts: flag("debts")?,
        budgets: flag("budgets")?,
        summary: flag("summary")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::{ServiceRequest, ToolRequest};

    fn call() -> ToolCall {
        ToolCall {
            id: "t1".into(),
            request: ToolRequest::CallService(ServiceRequest {
                tool: "x".into(),
                service: "reminders.preview".into(),
                params: Map::new(),
                provider: crate::tools::Provider::Reminders,
            }),
        }
    }

    fn params(pairs: &[(&str, &str)]) -> Map<String, Value> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), json!(v)))
            .collect()
    }

    #[test]
    fn one_change_previewed_then_saved_exactly_as_shown() {
        let base = Settings::default();
        let only = preview(&params(&[("topic", "cobros"), ("change", "only")]), base).unwrap();
        assert_eq!(
            only,
            Settings {
                cobros: true,
                debts: false,
                budgets: false,
                summary: false
            }
        );
        let off = preview(&params(&[("topic", ""), ("change", "off")]), base).unwrap();
        assert!(!(off.cobros || off.debts || off.budgets || off.summary));
        let sunday = preview(&params(&[("topic", "summary"), ("change", "on")]), base).unwrap();
        assert!(sunday.summary && sunday.cobros);
        assert!(preview(&params(&[("change", "only")]), base).is_err());
        assert!(preview(&params(&[("topic", "bitcoin"), ("change", "on")]), base).is_err());
        let two = preview(
            &params(&[("topic", "budgets,debts"), ("change", "off")]),
            base,
        )
        .unwrap();
        assert!(two.cobros && !two.debts && !two.budgets && !two.summary);
        let but = preview(
            &params(&[("topic", "cobros"), ("change", "off"), ("scope", "except")]),
            Settings {
                summary: true,
                ..base
            },
        )
        .unwrap();
        assert!(but.cobros && !but.debts && !but.budgets && !but.summary);
        let all_but = preview(
            &params(&[("topic", "budgets"), ("change", "on"), ("scope", "except")]),
            base,
        )
        .unwrap();
        assert!(all_but.cobros && all_but.debts && !all_but.budgets && all_but.summary);
        let out = run(
            &call(),
            "reminders.save",
            &params(&[
                ("cobros", "on"),
                ("debts", "off"),
                ("budgets", "off"),
                ("summary", "on"),
            ]),
            base,
            "2026-11-26T00:00:00.000Z",
        );
        assert_eq!(
            out.save,
            Some(Settings {
                cobros: true,
                debts: false,
                budgets: false,
                summary: true
            })
        );
        let bad = run(
            &call(),
            "reminders.save",
            &params(&[("cobros", "yes")]),
            base,
            "x",
        );
        assert_eq!(bad.save, None);
    }
}
