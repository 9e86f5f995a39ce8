//! The whole engine on the intent corpus's held-out set
//! (`tests/corpus/intent/holdout.jsonl`): each message is said in the
//! situation its writer gave (`context`: nothing open, after an answer,
//! at a confirmation, at each kind of question Caja asks), through the
//! real turn with in-memory tools, and what Caja did with it is read
//! back from the turn (the router's and the chain's decisions, the gate,
//! the intent acted on) in the corpus's labels. Prints accuracy overall,
//! per agent and per intent, and every miss with `CAJA_CORPUS_MISSES=1`;
//! fails under the floors. The model alone is scored by `intent_model`.
//!
//! Two contexts of the brief are questions Caja never asks (a cobro's
//! concept and due date are only ever taken when said); their messages
//! are counted apart, not scored.

use std::collections::BTreeMap;

use caja_core::agent::state::AgentState;
use caja_core::agent::text::reasons;
use caja_core::agent::{AgentConfig, TurnInput, TurnOutput, run_turn, text};
use caja_core::agents::registry;
use caja_core::nlu::learned;
use caja_core::tools::memory::MemoryLedger;

const HOLDOUT: &str = include_str!("../../tests/corpus/intent/holdout.jsonl");
const HOLDOUT2: &str = include_str!("../../tests/corpus/intent/holdout2.jsonl");
const HOLDOUT3: &str = include_str!("../../tests/corpus/intent/holdout3.jsonl");

/// 2026-11-22T18:00:00Z, a Sunday.
const NOW: i64 = 1_795_370_400_000;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;
#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

/// What is said before the message to put Caja in each context. Each
/// setup's last reply is checked to be the question it stands for.
fn setup(context: &str) -> Option<(&'static [&'static str], &'static str)> {
    Some(match context {
        "none" => (&[], ""),
        "after_answer" => (
            &["gasté 120 en tacos", "sí", "¿cuánto gasté este mes?"],
            "$120",
        ),
        "confirm" => (&["gasté 250 en uber"], "Responde: sí / no"),
        "ask_amount" => (&["gasté en comida"], "¿Cuánto fue?"),
        "ask_category" => (&["gasté 250"], "¿En qué categoría"),
        "ask_date" => (&["gasté 200 en comida la semana pasada"], "¿Qué día fue?"),
        "ask_person" => (
            &["quiero cobrarle a alguien"],
            "¿A quién le quieres cobrar?",
        ),
        "ask_choice" => (&["quiero enviar dinero"], "destinatarios"),
        "ask_reference" => (&["quiero pagar la luz"], "número de referencia"),
        "ask_phone" => (&["quiero una recarga"], "número diferente"),
        "ask_period" => (&["mis estadísticas"], "¿De qué periodo?"),
        _ => return None,
    })
}

struct Session {
    state: AgentState,
    ledger: MemoryLedger,
    at: i64,
}

fn say(session: &mut Session, message: &str) -> TurnOutput {
    let config = AgentConfig::default();
    let input = TurnInput {
        message: message.to_string(),
        now_ms: session.at,
        timezone: None,
        press: None,
        shared_chat: false,
        start: None,
    };
    session.at += 60_000;
    let ledger = &mut session.ledger;
    let output = run_turn(session.state.clone(), input, &config, |call| {
        ledger.execute(call, NOW)
    });
    session.state = output.state.clone();
    output
}

/// A session in `context`, or `None` for a context Caja never asks.
fn session_in(context: &str) -> Option<Session> {
    let (said, asked) = setup(context)?;
    let mut session = Session {
        state: AgentState::new("corpus-user", "corpus"),
        ledger: MemoryLedger::new(),
        at: NOW,
    };
    let mut last = String::new();
    for message in said {
        last = say(&mut session, message).reply;
    }
    assert!(
        last.contains(asked),
        "the setup of {context} ends asking {asked:?}, not {last:?}"
    );
    Some(session)
}

/// The corpus label of a data agent's route: the home route that enters
/// it, and the agent's own intent when it has several (`cobros.cobrar`,
/// `recurring.cancelar`), whether or not the model has that label.
fn data_label(agent: &str, intent: Option<&str>) -> String {
    let registry = registry::shipped().expect("the agents load");
    let home = registry.home();
    let route = home
        .triggers
        .iter()
        .map(|(route, _)| route.as_str())
        .find(|route| {
            home.tool_for_intent(route)
                .and_then(|t| t.routing.as_ref()?.target.as_deref())
                == Some(agent)
        })
        .unwrap_or(agent);
    // An agent the model scores as one label (`remittances`) keeps it.
    let several = !learned::train::LABELS.contains(&route)
        && registry
            .agent(agent)
            .is_some_and(|a| a.spec.triggers.len() > 1);
    match intent.map(|intent| format!("{route}.{intent}")) {
        Some(label) if several || learned::train::LABELS.contains(&label.as_str()) => label,
        _ => route.to_string(),
    }
}

/// The finance label of the intent the turn acted on.
fn finance_label(output: &TurnOutput) -> String {
    let audit = &output.audit;
    match audit.intent.as_str() {
        "LOG_TRANSACTION" => {
            let income = audit.entities.records().iter().any(|r| {
                r.name.contains("type") && r.value.as_str().is_some_and(|v| v.contains("INCOME"))
            });
            if income {
                "finance.income"
            } else {
                "finance.expense"
            }
        }
        "QUERY_DATA" => "finance.query",
        "SET_BUDGET" => "finance.budget",
        "MANAGE_DEBT" => "finance.debt",
        "SIMULATE_PURCHASE" => "finance.simulate",
        "SET_BANK_BALANCE" => "finance.balance",
        "UPDATE_LAST_TRANSACTION" => "finance.correct",
        "DELETE_LAST_TRANSACTION" => "finance.delete",
        other => return format!("?finance {other}"),
    }
    .to_string()
}

/// A prompt asked again saying what the reply was understood as (only
/// the allowlisted words decide it).
fn loose_read(reply: &str) -> Option<&'static str> {
    use caja_core::agents::text as data;
    let said = |texts: &[&str]| texts.iter().any(|t| reply.starts_with(t));
    if said(&[text::SAY_YES, text::YES_ALONE, data::SAY_YES]) {
        Some("dialogue.yes")
    } else if said(&[text::SAY_NO, data::SAY_NO]) {
        Some("dialogue.no")
    } else if said(&[text::SAY_CHANGE, data::SAY_CHANGE]) {
        Some("dialogue.correct")
    } else {
        None
    }
}

/// What Caja did with the message, in the corpus's labels.
fn read_as(output: &TurnOutput) -> String {
    let audit = &output.audit;
    let router = output.trace.steps.first().map(|s| &*s.reason).unwrap_or("");
    let data = audit.agent != registry::HOME;
    if router == reasons::SMALL_TALK {
        let label = &audit.intent;
        return match label.split_once(':') {
            Some(("concept", _)) => "small_talk.concept".into(),
            _ if label == "out_of_scope" => label.clone(),
            _ => format!("small_talk.{label}"),
        };
    }
    match router {
        reasons::HELP | reasons::COMMAND_AYUDA => return "dialogue.help".into(),
        reasons::CANCELLED_THE_REQUEST_ON_TOP
        | reasons::CANCELLED_OPEN_FLOW
        | reasons::BACK_HOME
        | reasons::MAIN_MENU
        | reasons::NOTHING_TO_CANCEL => return "dialogue.leave".into(),
        // A yes or no in other words than the allowlists': read, and
        // asked again for the word itself.
        reasons::NOT_A_CONFIRMATION_TOKEN | reasons::A_YES_WITH_MORE_WORDS => {
            if let Some(read) = loose_read(&output.reply) {
                return read.into();
            }
        }
        reasons::CONFIRMATION_TOKEN => {
            return match output.state.pending_action {
                None if !output.tool_calls.is_empty() => "dialogue.yes".into(),
                _ => "dialogue.no".into(),
            };
        }
        reasons::CORRECTION_OF_THE_PENDING_DRAFT | reasons::A_CHANGE_OF_ONE_OF_THE_MOVEMENTS => {
            return "dialogue.correct".into();
        }
        reasons::ANSWER_TO_AN_OPEN_QUESTION => return "dialogue.answer".into(),
        // A value that fits the movement shown changes it.
        reasons::A_PIECE_OF_THE_PENDING_DRAFT => return "dialogue.correct".into(),
        _ => {}
    }
    if data {
        let why: Vec<&str> = output.chain.steps.iter().map(|s| s.why.as_str()).collect();
        let has = |w: &str| why.iter().any(|s| s.starts_with(w));
        if has("navigation phrase") || has("go_home") || has("go_back") {
            return "dialogue.leave".into();
        }
        if has("confirmed") {
            return "dialogue.yes".into();
        }
        if has("confirmation rejected") || has("refused") {
            return "dialogue.no".into();
        }
        if has("confirmation asked again")
            && let Some(read) = loose_read(&output.reply)
        {
            return read.into();
        }
        if let Some((intent, _)) = &output.chain.decisions.intent {
            return data_label(&audit.agent, Some(intent));
        }
        if has("correction of") {
            return "dialogue.correct".into();
        }
        return "dialogue.answer".into();
    }
    // A flow that took the request and handed it back (the harness has
    // no cobros, so nothing is owed) did both acts its data asks for: it
    // checked its own intent first and the home agent answered the rest.
    if let Some(step) = output
        .chain
        .steps
        .iter()
        .find(|s| s.tool.as_deref() == Some("hand_back"))
        && let Some((intent, _)) = &output.chain.decisions.intent
        && audit.intent != "UNKNOWN"
    {
        let checked = data_label(&step.agent, Some(intent));
        return format!("{checked}|{}", finance_label(output));
    }
    if audit.intent == "UNKNOWN" || audit.intent == "CONFIRMATION" {
        return format!("?{router}");
    }
    finance_label(output)
}

/// Labels that name the same act in a context: at a confirmation,
/// leaving and "no" both drop the prompt, nothing saved; after an answer,
/// a follow-up ("¿y el mes pasado?", which the brief labels an answer) is
/// answered as the question it completes.
fn same(label: &str, got: &str, context: &str) -> bool {
    let drops = |l: &str| l == "dialogue.no" || l == "dialogue.leave";
    // "a|b": a request one agent checked and handed to another is either.
    if got.contains('|') {
        return got.split('|').any(|g| same(label, g, context));
    }
    label == got
        || context == "confirm" && drops(label) && drops(got)
        || context == "after_answer" && label == "dialogue.answer" && got == "finance.query"
}

#[test]
fn held_out_through_the_engine() {
    score("engine on the held-out set", HOLDOUT, 1_000, 85.0, true);
}

/// The second set, written after the engine weighed the model (never
/// read; only its figures are).
#[test]
fn second_held_out_through_the_engine() {
    score(
        "engine on the second held-out set",
        HOLDOUT2,
        600,
        85.0,
        false,
    );
}

/// The third set: fixed payments, Caja's notices to the person and the
/// account, with their neighbours (a payment made once, a movement
/// deleted, a cobro's reminder), by writers who never read the rules.
/// The model has no labels for these three agents yet (the rows written
/// to train it are in `train_next.jsonl`): their trigger phrases route
/// them.
#[test]
fn third_held_out_through_the_engine() {
    score(
        "engine on the third held-out set (fixed payments, notices, the account)",
        HOLDOUT3,
        200,
        45.0,
        false,
    );
}

fn score(name: &str, set: &str, minimum: usize, floor: f64, show_misses: bool) {
    let misses = show_misses && std::env::var("CAJA_CORPUS_MISSES").is_ok();
    let rows = learned::train::corpus_rows(set).expect("the held-out set reads");
    let mut per_label: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut per_agent: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut sessions: BTreeMap<String, Option<Session>> = BTreeMap::new();
    let (mut right, mut scored, mut unasked) = (0, 0, 0);
    for (text, context, label) in &rows {
        let fresh = sessions
            .entry(context.clone())
            .or_insert_with(|| session_in(context));
        let Some(base) = fresh else {
            unasked += 1;
            continue;
        };
        let mut session = Session {
            state: base.state.clone(),
            ledger: base.ledger.clone(),
            at: base.at,
        };
        let output = say(&mut session, text);
        let got = read_as(&output);
        let ok = same(label, &got, context);
        scored += 1;
        right += usize::from(ok);
        let agent = label.split('.').next().unwrap_or(label).to_string();
        for (map, key) in [(&mut per_label, label.clone()), (&mut per_agent, agent)] {
            let entry = map.entry(key).or_default();
            entry.0 += usize::from(ok);
            entry.1 += 1;
        }
        if misses && !ok {
            let reply = output.reply.lines().next().unwrap_or("");
            println!("  miss [{context}] {text:?}: {label} -> {got} ({reply})");
        }
    }
    let pct = |ok: usize, n: usize| 100.0 * ok as f64 / n as f64;
    println!(
        "{name}: {right}/{scored} ({:.1}%); {unasked} said to questions Caja never asks, not scored",
        pct(right, scored)
    );
    for (name, map) in [("agent", &per_agent), ("intent", &per_label)] {
        for (key, (ok, n)) in map {
            println!("  {name} {key:<24} {ok:>4}/{n:<4} {:5.1}%", pct(*ok, *n));
        }
    }
    assert!(scored >= minimum, "{name}: {scored} scored");
    assert!(pct(right, scored) >= floor, "{name}: {right}/{scored}");
}
