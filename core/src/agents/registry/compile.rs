//! One agent file checked and compiled: formats, tools, services, the
//! questions it answers, slots, flows, and its phrases numbered.

use std::collections::{BTreeMap, BTreeSet};

use super::Agent;
use super::flows;
use crate::agents::path::Scope;
use crate::agents::phrases::{Phrase, Postings, Vocab};
use crate::agents::spec::{AgentSpec, RoutingKind, SlotType, ToolKind, ToolSpec};
use crate::agents::template::{self, Template};
use crate::agents::words::trigger_words;
use crate::tools::Provider;

/// The paths an agent's conditions and templates may name.
fn scope_of(spec: &AgentSpec) -> Scope {
    let mut scope = Scope::new();
    for (name, slot) in &spec.slots {
        scope.declare(&format!("slots.{name}"));
        if slot.kind == SlotType::Period {
            // `{from, to}`: read below it.
            scope.declare_open(&format!("slots.{name}"));
        }
        if slot.options_from.is_some() {
            scope.declare_open(&format!("data.{name}_option"));
        }
        if !slot.labels.is_empty() || slot.kind == SlotType::Category {
            scope.declare(&format!("data.{name}_option.value"));
            scope.declare(&format!("data.{name}_option.label"));
        }
    }
    for tool in &spec.tools {
        let Some(service) = &tool.service else {
            continue;
        };
        match (&tool.assign, spec.services.get(&service.name)) {
            (Some(name), _) => scope.declare_open(&format!("data.{name}")),
            (None, Some(declared)) => {
                for field in &declared.fields {
                    scope.declare_open(&format!("data.{field}"));
                }
            }
            (None, None) => {}
        }
    }
    // The user's civil date, and the request that started the flow (as
    // written, and merged with the answers to a clarification).
    scope.declare("today");
    scope.declare("data.request");
    scope.declare("data.clarified_query");
    scope
}

/// Checks one agent file and compiles it; its errors go to `errors`,
/// each prefixed by the agent's id.
pub(super) fn compile(spec: &AgentSpec, ids: &[&str], errors: &mut Vec<String>) -> Option<Agent> {
    let before = errors.len();
    let id = &spec.id;
    let mut err = |e: String| errors.push(format!("{id}: {e}"));
    let formats = compile_formats(spec, &mut err);
    let mut item_scope = Scope::new().with_formats(formats.clone());
    item_scope.declare_open("item");
    let scope = scope_of(spec).with_formats(formats);
    let (confirmations, params) = compile_tools(spec, ids, &scope, &mut err);
    let results = compile_services(spec, &mut err);
    let faq = compile_faq(spec, &scope, &mut err);
    let option_labels = compile_slots(spec, &scope, &item_scope, &mut err);
    check_labels(spec, &mut err);
    check_denied(spec, &mut err);
    check_hand_back(spec, &mut err);
    let mut flows = BTreeMap::new();
    // A state's message may also list its collect's choices: `{options}`.
    let mut message_scope = scope.clone();
    message_scope.declare("options");
    for flow in &spec.subflows {
        let compiled = flows::compile(spec, flow, &scope, &message_scope, &mut err);
        flows.insert(flow.id.clone(), compiled);
    }
    let (vocab, triggers, faq) = number_phrases(spec, faq);
    let postings = Postings::of(&vocab, &triggers);
    (errors.len() == before).then(|| Agent {
        spec: spec.clone(),
        vocab,
        triggers,
        postings,
        flows,
        confirmations,
        params,
        option_labels,
        results,
        faq,
    })
}

/// Every intent `denied`, `received`, `repeats`, `compares` and `corrects` name is one of the
/// agent's, with its tool.
fn check_denied(spec: &AgentSpec, err: &mut impl FnMut(String)) {
    let routed = |intent: &str| {
        spec.triggers.contains_key(intent)
            && spec
                .tools
                .iter()
                .any(|t| t.intent.as_deref() == Some(intent))
    };
    for (event, asks) in &spec.denied {
        for intent in [event, asks] {
            if !routed(intent) {
                err(format!(
                    "denied: {intent} is no intent of the agent with a tool"
                ));
            }
        }
    }
    for (field, intent) in [
        ("received", &spec.received),
        ("repeats", &spec.repeats),
        ("compares", &spec.compares),
        ("corrects", &spec.corrects),
    ] {
        if let Some(intent) = intent
            && !routed(intent)
        {
            err(format!(
                "{field}: {intent} is no intent of the agent with a tool"
            ));
        }
    }
    if spec.corrects.is_some() == spec.corrects_after.is_empty() {
        err("corrects and corrects_after go together".into());
    }
    for tool in &spec.corrects_after {
        let action = spec
            .tools
            .iter()
            .any(|t| &t.name == tool && t.kind == ToolKind::Action);
        if !action {
            err(format!(
                "corrects_after: {tool} is no action tool of the agent"
            ));
        }
    }
    let schedules = spec
        .slots
        .values()
        .any(|s| s.kind == super::super::spec::SlotType::MonthDays);
    let periods = spec
        .slots
        .values()
        .any(|s| s.kind == super::super::spec::SlotType::Period);
    if spec.compares.is_some() && !periods {
        err("compares: the agent has no period slot to read the periods".into());
    }
    if spec.repeats.is_some() && !schedules {
        err("repeats: the agent has no month_days slot to read the repetition".into());
    }
}

/// Every state that hands the message back is final and has a message
/// for a flow that began earlier.
fn check_hand_back(spec: &AgentSpec, err: &mut impl FnMut(String)) {
    for flow in &spec.subflows {
        for (id, state) in &flow.states {
            let hands = state
                .on_enter
                .as_ref()
                .is_some_and(|o| o.hand_back.is_some());
            let said = state.on_enter.as_ref().is_some_and(|o| o.message.is_some());
            if hands && !(state.is_final && said) {
                err(format!(
                    "{}.{id}: a state with hand_back is final and has a message",
                    flow.id
                ));
            }
        }
    }
}

/// Longest label of a slot, a state or a condition, in characters.
const MAX_LABEL_CHARS: usize = 80;

/// Every `label` a person reads on the review's diagrams says something
/// and fits on a node or an edge.
fn check_labels(spec: &AgentSpec, err: &mut impl FnMut(String)) {
    let mut check = |place: String, label: &Option<String>| {
        if let Some(label) = label
            && (label.trim().is_empty() || label.chars().count() > MAX_LABEL_CHARS)
        {
            err(format!(
                "{place}: a label has 1 to {MAX_LABEL_CHARS} characters"
            ));
        }
    };
    for (name, slot) in &spec.slots {
        check(format!("slot {name}"), &slot.label);
    }
    for flow in &spec.subflows {
        for (name, state) in &flow.states {
            let place = |what: &str| format!("subflow {} state {name}{what}", flow.id);
            check(place(""), &state.label);
            for t in &state.transitions {
                check(place(" transition"), &t.label);
            }
            for c in &state.validate {
                check(place(" validate"), &c.label);
            }
            for r in state.collect.iter().flat_map(|c| &c.rejections) {
                check(place(" rejection"), &r.label);
            }
        }
    }
}

/// A format may write its parts in other formats: each pass compiles the
/// formats whose parts are compiled, until a pass adds none (what is left
/// names an unknown format or goes round in a circle).
fn compile_formats(spec: &AgentSpec, err: &mut impl FnMut(String)) -> BTreeMap<String, Template> {
    let mut formats = BTreeMap::new();
    let mut left: Vec<(&String, &String)> = spec.formats.iter().collect();
    loop {
        let mut item = Scope::new().with_formats(formats.clone());
        item.declare_open("item");
        let mut problems = Vec::new();
        let count = formats.len();
        for (name, source) in std::mem::take(&mut left) {
            match template::compile(source, &item) {
                Ok(tpl) => {
                    formats.insert(name.clone(), tpl);
                }
                Err(e) => {
                    problems.push(format!("format {name}: {e}"));
                    left.push((name, source));
                }
            }
        }
        if left.is_empty() || formats.len() == count {
            problems.into_iter().for_each(&mut *err);
            return formats;
        }
    }
}

type Compiled = BTreeMap<String, Template>;
type Params = BTreeMap<String, Vec<(String, Template)>>;

/// Checks every tool (names, intents, routing or service, confirmation)
/// and compiles its confirmation message and service parameters.
fn compile_tools(
    spec: &AgentSpec,
    ids: &[&str],
    scope: &Scope,
    err: &mut impl FnMut(String),
) -> (Compiled, Params) {
    let mut names = BTreeSet::new();
    let mut confirmations = BTreeMap::new();
    let mut params = BTreeMap::new();
    for t in &spec.tools {
        if !names.insert(t.name.as_str()) {
            err(format!("duplicate tool {}", t.name));
        }
        if let Some(intent) = &t.intent
            && !spec.triggers.contains_key(intent)
        {
            err(format!(
                "tool {} names intent {intent}, which has no triggers",
                t.name
            ));
        }
        if let Some(compiled) = check_tool(spec, ids, t, scope, err) {
            params.insert(t.name.clone(), compiled);
        }
        match (&t.confirmation_message, t.requires_confirmation) {
            (Some(source), true) => match template::compile(source, scope) {
                Ok(tpl) => {
                    confirmations.insert(t.name.clone(), tpl);
                }
                Err(e) => err(format!("tool {} confirmation_message: {e}", t.name)),
            },
            (None, true) => err(format!(
                "tool {} requires confirmation but has no message",
                t.name
            )),
            (Some(_), false) => err(format!(
                "tool {} has a confirmation message but needs none",
                t.name
            )),
            (None, false) => {}
        }
    }
    for intent in spec.triggers.keys() {
        if !spec.tools.iter().any(|t| t.intent.as_ref() == Some(intent)) {
            err(format!("intent {intent} calls no tool"));
        }
    }
    (confirmations, params)
}

/// A tool's routing or service; a service tool's parameters compiled.
fn check_tool(
    spec: &AgentSpec,
    ids: &[&str],
    t: &ToolSpec,
    scope: &Scope,
    err: &mut impl FnMut(String),
) -> Option<Vec<(String, Template)>> {
    let id = &spec.id;
    match (t.kind, &t.routing, &t.service) {
        (ToolKind::Navigation, Some(routing), None) => {
            let target = routing.target.as_deref();
            match routing.kind {
                RoutingKind::EnterAgent => match target {
                    Some(target) if target == id => {
                        err(format!("tool {} enters its own agent", t.name));
                    }
                    Some(target) if ids.contains(&target) => {}
                    _ => err(format!("tool {} enters unknown agent {target:?}", t.name)),
                },
                RoutingKind::StartFlow => {
                    if !spec.subflows.iter().any(|f| Some(f.id.as_str()) == target) {
                        err(format!("tool {} starts unknown flow {target:?}", t.name));
                    }
                }
                RoutingKind::GoHome | RoutingKind::GoBack | RoutingKind::Escalate => {}
            }
            None
        }
        (ToolKind::Navigation, _, _) => {
            err(format!(
                "navigation tool {} needs a routing and no service",
                t.name
            ));
            None
        }
        (_, Some(_), _) | (_, _, None) => {
            err(format!("tool {} needs a service and no routing", t.name));
            None
        }
        (kind, None, Some(service)) => {
            let declared = spec.services.get(&service.name);
            if declared.is_none() {
                err(format!(
                    "tool {} calls undeclared service {}",
                    t.name, service.name
                ));
            }
            let action = declared.is_some_and(|d| d.action);
            if action != (kind == ToolKind::Action) {
                err(format!(
                    "tool {}: service {} changes data only for action tools",
                    t.name, service.name
                ));
            }
            if kind == ToolKind::Action && !t.requires_confirmation {
                err(format!("action tool {} must require confirmation", t.name));
            }
            let mut compiled = Vec::new();
            for (name, source) in &service.params {
                match template::compile(source, scope) {
                    Ok(tpl) => compiled.push((name.clone(), tpl)),
                    Err(e) => err(format!("tool {} param {name}: {e}", t.name)),
                }
            }
            Some(compiled)
        }
    }
}

type Faq = Vec<(Vec<Vec<String>>, Vec<Template>)>;

/// The agent's questions: phrases as trigger phrases are read (a quoted
/// one must be said whole, in its order), answers compiled.
fn compile_faq(spec: &AgentSpec, scope: &Scope, err: &mut impl FnMut(String)) -> Faq {
    let mut faq = Vec::new();
    for (i, entry) in spec.faq.iter().enumerate() {
        let phrases: Vec<Vec<String>> = entry.phrases.iter().map(|p| trigger_words(p)).collect();
        if phrases.is_empty() || phrases.iter().any(Vec::is_empty) {
            err(format!(
                "faq {}: every phrase needs a word that means something",
                i + 1
            ));
        }
        let mut answers = Vec::new();
        for source in &entry.answers {
            match template::compile(source, scope) {
                Ok(tpl) => answers.push(tpl),
                Err(e) => err(format!("faq {} answer: {e}", i + 1)),
            }
        }
        if answers.is_empty() {
            err(format!("faq {} has no answer", i + 1));
        }
        faq.push((phrases, answers));
    }
    faq
}

/// Checks every slot (choices, dependencies, labels, options from
/// context) and compiles the option labels of choice slots.
fn compile_slots(
    spec: &AgentSpec,
    scope: &Scope,
    item_scope: &Scope,
    err: &mut impl FnMut(String),
) -> Compiled {
    let mut option_labels = BTreeMap::new();
    for (name, slot) in &spec.slots {
        let from_context = slot.options_from.is_some();
        if slot.kind == SlotType::Choice && !from_context && slot.values.is_empty() {
            err(format!("choice slot {name} needs options_from or values"));
        }
        if slot.kind == SlotType::Switch {
            for needed in ["on", "off"] {
                if !slot.values.contains_key(needed) {
                    err(format!("switch slot {name} needs the phrases of {needed}"));
                }
            }
            for value in slot.values.keys() {
                if !crate::agents::spec::SWITCH_VALUES.contains(&value.as_str()) {
                    err(format!(
                        "switch slot {name}: {value} is not on, off or only"
                    ));
                }
            }
        }
        let prefixes = slot.values.get("prefix").map_or(&[][..], Vec::as_slice);
        if slot.kind == SlotType::Code
            && (prefixes.is_empty()
                || prefixes
                    .iter()
                    .any(|p| p.is_empty() || !p.chars().all(|c| c.is_ascii_lowercase())))
        {
            err(format!(
                "code slot {name} needs values.prefix: its codes' letters, in lower case"
            ));
        }
        for other in &slot.depends_on {
            if !spec.slots.contains_key(other) || other == name {
                err(format!("slot {name} depends on unknown slot {other}"));
            }
        }
        if !slot.labels.is_empty() {
            for value in slot.values.keys() {
                if !slot.labels.contains_key(value) {
                    err(format!("slot {name}: value {value} has no label"));
                }
            }
            for value in slot.labels.keys() {
                if !slot.values.contains_key(value) {
                    err(format!("slot {name}: label for unknown value {value}"));
                }
            }
        }
        if let Some(from) = &slot.options_from {
            if let Err(e) = scope.resolve(from) {
                err(format!("slot {name} options_from: {e}"));
            }
            if slot.option_value.is_none() {
                err(format!(
                    "slot {name} takes options from context but names no option_value"
                ));
            }
        }
        if let Some(label) = &slot.option_label {
            match template::compile(label, item_scope) {
                Ok(tpl) => {
                    option_labels.insert(name.clone(), tpl);
                }
                Err(e) => err(format!("slot {name} option_label: {e}")),
            }
        }
    }
    option_labels
}

type Triggers = Vec<(String, Vec<Phrase>)>;
type NumberedFaq = Vec<(Vec<Phrase>, Vec<Template>)>;

/// The trigger and question phrases numbered in the agent's vocabulary.
fn number_phrases(spec: &AgentSpec, faq: Faq) -> (Vocab, Triggers, NumberedFaq) {
    let triggers: Vec<(String, Vec<Vec<String>>)> = spec
        .triggers
        .iter()
        .map(|(intent, phrases)| {
            (
                intent.clone(),
                phrases.iter().map(|p| trigger_words(p)).collect(),
            )
        })
        .collect();
    let every = triggers
        .iter()
        .flat_map(|(_, p)| p)
        .chain(faq.iter().flat_map(|(p, _)| p));
    let vocab = Vocab::of(every.map(Vec::as_slice));
    let numbered = |phrases: &[Vec<String>]| phrases.iter().map(|p| vocab.phrase(p)).collect();
    let triggers = triggers
        .iter()
        .map(|(intent, phrases)| (intent.clone(), numbered(phrases)))
        .collect();
    let faq = faq
        .into_iter()
        .map(|(phrases, answers)| (numbered(&phrases), answers))
        .collect();
    (vocab, triggers, faq)
}

/// The provider's name as agent files write it.
fn provider_name(provider: Provider) -> &'static str {
    match provider {
        Provider::Sandbox => "sandbox",
        Provider::Ledger => "ledger",
        Provider::Cobros => "cobros",
        Provider::Reminders => "reminders",
        Provider::Account => "account",
        Provider::Recurring => "recurring",
        Provider::Data => "data",
    }
}

/// Checks the declared services against their providers and compiles the
/// results of `data` services.
fn compile_services(
    spec: &AgentSpec,
    err: &mut impl FnMut(String),
) -> BTreeMap<String, Vec<(String, Template)>> {
    let mut scope = Scope::new();
    scope.declare_open("params");
    scope.declare("today");
    let mut results = BTreeMap::new();
    for (name, declared) in &spec.services {
        match declared.provider {
            Provider::Sandbox
            | Provider::Ledger
            | Provider::Cobros
            | Provider::Reminders
            | Provider::Account
            | Provider::Recurring => {
                let provider = declared.provider;
                match crate::tools::defs::service_def(provider, name) {
                    None => err(format!(
                        "service {name}: the {} provider has no such service",
                        provider_name(provider)
                    )),
                    Some(def) if def.confirmed != declared.action => err(format!(
                        "service {name}: declared action {} but the {} provider says {}",
                        declared.action,
                        provider_name(provider),
                        def.confirmed
                    )),
                    Some(_) => {}
                }
                if !declared.result.is_empty() {
                    err(format!(
                        "service {name}: only a data service writes its result"
                    ));
                }
            }
            Provider::Data => {
                if declared.action {
                    err(format!(
                        "service {name}: a data service changes nothing, so it is no action"
                    ));
                }
                let mut fields = Vec::new();
                for field in &declared.fields {
                    match declared.result.get(field) {
                        Some(source) => match template::compile(source, &scope) {
                            Ok(tpl) => fields.push((field.clone(), tpl)),
                            Err(e) => err(format!("service {name} result {field}: {e}")),
                        },
                        None => err(format!("service {name}: no result for field {field}")),
                    }
                }
                for field in declared.result.keys() {
                    if !declared.fields.contains(field) {
                        err(format!(
                            "service {name}: result {field} is not a declared field"
                        ));
                    }
                }
                results.insert(name.clone(), fields);
            }
        }
    }
    results
}
