//! The data agents: the shipped files load, a broken configuration is
//! refused with every error listed, and a property test over random
//! message sequences across agents.

use caja_core::agent::state::AgentState;
use caja_core::agent::{AgentConfig, TurnInput, run_turn};
use caja_core::agents::chain::open_flows;
use caja_core::agents::registry::{self, CHAIN_CAP};
use caja_core::agents::state::MAX_STACK;
use caja_core::nlu::answers::{Decision, decide};
use caja_core::tools::ToolRequest;
use caja_core::tools::memory::MemoryLedger;
use caja_core::tools::{
    Provider, ServiceRequest, ToolCall, account, cobros, defs, ledger, recurring,
    reminder_settings, sandbox,
};

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

#[test]
fn the_shipped_agents_load() {
    let registry = registry::shipped().expect("agents/ loads");
    let ids: Vec<&str> = registry.agents.iter().map(|a| a.spec.id.as_str()).collect();
    for id in ["financial", "topups", "snpl", "remittances", "billpay"] {
        assert!(ids.contains(&id), "{id} missing");
    }
}

const BROKEN: &str = r#"{
  "id": "broken", "name": "Broken", "description": "every kind of error",
  "triggers": {"go": ["vamos"]},
  "denied": {"go": "ghost_intent"},
  "slots": {"amount": {"type": "money_mxn"}},
  "tools": [
    {"name": "start", "kind": "navigation", "intent": "go", "routing": {"type": "start_flow", "target": "nope"}},
    {"name": "jump", "kind": "navigation", "routing": {"type": "enter_agent", "target": "ghost"}},
    {"name": "pay", "kind": "action", "service": {"name": "billpay.pay"}}
  ],
  "subflows": [{"id": "f", "initial": "a", "states": {
    "a": {"on_enter": {"message": "hola {slots.nombre}"},
          "collect": {"slot": "amount", "rejections": [{"if": "data.ghost > 3", "message": "no"}], "on_exhausted": "z"}},
    "island": {"is_final": true},
    "stuck": {}
  }}]
}"#;

/// Every sandbox service a shipped agent declares answers with exactly the
/// fields its declaration names (what templates and conditions may read).
#[test]
fn sandbox_results_have_the_declared_fields() {
    let params: serde_json::Map<String, serde_json::Value> =
        serde_json::from_value(serde_json::json!({
            "phone_number": "+52 55 9999 8888", "carrier_id": "telcel_mx", "amount_mxn": "100",
            "amount_usd": "200", "recipient_id": "rec_001", "delivery": "bank",
            "biller_id": "cfe", "reference": "123456"
        }))
        .unwrap();
    let registry = registry::shipped().expect("agents/ loads");
    let (mut checked, mut ledger_checked, mut cobros_checked, mut reminders_checked) = (0, 0, 0, 0);
    let (mut account_checked, mut recurring_checked) = (0, 0);
    for agent in &registry.agents {
        for (service, declared) in &agent.spec.services {
            let out = match declared.provider {
                Provider::Sandbox => sandbox::run(service, &params, "c7-2", "2026-11-22").unwrap(),
                Provider::Ledger => {
                    let request = ServiceRequest {
                        tool: "t".into(),
                        service: service.clone(),
                        params: serde_json::from_value(
                            serde_json::json!({"from": "2026-10-01", "to": "2026-10-31"}),
                        )
                        .unwrap(),
                        provider: Provider::Ledger,
                    };
                    let call = ToolCall {
                        id: "c1".into(),
                        request: ToolRequest::CallService(request.clone()),
                    };
                    let result = ledger::run(&call, &request, &[], "2026-11-22T00:00:00.000Z");
                    ledger_checked += 1;
                    serde_json::from_str(result.data.as_ref().unwrap().get()).unwrap()
                }
                Provider::Cobros => {
                    let params = serde_json::from_value(serde_json::json!({
                        "name": "Ana", "contact": "Juan", "amount_mxn": "100",
                        "today": "2026-11-22", "reference": "COB-0001", "version": 1,
                        "category": "otros_ingresos", "text": "Hola", "status": "pending"
                    }))
                    .unwrap();
                    let call = ToolCall {
                        id: "c1".into(),
                        request: ToolRequest::GetLastTransaction {},
                    };
                    let book = cobros_book();
                    let out =
                        cobros::run(&call, service, &params, &book, "2026-11-22T00:00:00.000Z");
                    assert!(out.result.ok, "{service}: {:?}", out.result.error);
                    cobros_checked += 1;
                    serde_json::from_str(out.result.data.as_ref().unwrap().get()).unwrap()
                }
                Provider::Reminders => {
                    let params = serde_json::from_value(serde_json::json!({
                        "topic": "cobros", "change": "only",
                        "cobros": "on", "debts": "off", "budgets": "off", "summary": "on"
                    }))
                    .unwrap();
                    let call = ToolCall {
                        id: "c1".into(),
                        request: ToolRequest::GetLastTransaction {},
                    };
                    let out = reminder_settings::run(
                        &call,
                        service,
                        &params,
                        Default::default(),
                        "2026-11-22T00:00:00.000Z",
                    );
                    assert!(out.result.ok, "{service}: {:?}", out.result.error);
                    reminders_checked += 1;
                    serde_json::from_str(out.result.data.as_ref().unwrap().get()).unwrap()
                }
                Provider::Account => {
                    let params =
                        serde_json::from_value(serde_json::json!({"phrase": "BORRAR MI CUENTA"}))
                            .unwrap();
                    let call = ToolCall {
                        id: "c1".into(),
                        request: ToolRequest::GetLastTransaction {},
                    };
                    let out = account::run(
                        &call,
                        service,
                        &params,
                        Default::default(),
                        "2026-11-22T00:00:00.000Z",
                    );
                    assert!(out.result.ok, "{service}: {:?}", out.result.error);
                    account_checked += 1;
                    serde_json::from_str(out.result.data.as_ref().unwrap().get()).unwrap()
                }
                Provider::Recurring => {
                    let params = serde_json::from_value(serde_json::json!({
                        "name": "Netflix", "amount_mxn": "8500", "days": "12", "id": "1",
                        "date": "2026-12-01", "today": "2026-11-22", "which": "renta"
                    }))
                    .unwrap();
                    let call = ToolCall {
                        id: "c1".into(),
                        request: ToolRequest::GetLastTransaction {},
                    };
                    let rent = recurring::Item {
                        id: 1,
                        version: 1,
                        kind: caja_core::kinds::TransactionType::Expense,
                        amount_mxn_cents: 850_000,
                        name: "la renta".into(),
                        category: "renta".into(),
                        days: "1".into(),
                        recorded_on: None,
                    };
                    let out = recurring::run(
                        &call,
                        service,
                        &params,
                        &[rent],
                        "2026-11-22T00:00:00.000Z",
                    );
                    assert!(out.result.ok, "{service}: {:?}", out.result.error);
                    recurring_checked += 1;
                    serde_json::from_str(out.result.data.as_ref().unwrap().get()).unwrap()
                }
                Provider::Data => continue,
            };
            let mut keys: Vec<&String> = out.as_object().unwrap().keys().collect();
            let mut fields: Vec<&String> = declared.fields.iter().collect();
            keys.sort();
            fields.sort();
            assert_eq!(keys, fields, "{service}");
            checked += 1;
        }
    }
    // Every service the one table defines is declared by an agent file
    // once and its result checked here.
    let defined = |provider| {
        defs::DEFS
            .iter()
            .filter(|d| d.provider == Some(provider))
            .count()
    };
    assert_eq!(cobros_checked, defined(Provider::Cobros));
    assert_eq!(reminders_checked, defined(Provider::Reminders));
    assert_eq!(account_checked, defined(Provider::Account));
    assert_eq!(recurring_checked, defined(Provider::Recurring));
    assert_eq!(
        checked
            - ledger_checked
            - cobros_checked
            - reminders_checked
            - account_checked
            - recurring_checked,
        defined(Provider::Sandbox),
        "every sandbox service is declared once"
    );
    assert_eq!(ledger_checked, defined(Provider::Ledger));
}

/// One contact (Juan) with one pending cobro (COB-0001).
fn cobros_book() -> cobros::Book {
    let juan = cobros::Contact::new("Juan");
    cobros::Book {
        requests: vec![cobros::PaymentRequest {
            seq: 1,
            version: 1,
            contact_key: juan.key.clone(),
            contact_name: juan.name.clone(),
            amount_mxn_cents: 35_000,
            paid_mxn_cents: 0,
            concept: Some("la pizza".into()),
            due_date: None,
            status: cobros::Status::Pending,
            created_on: "2026-11-20".into(),
            closed_on: None,
        }],
        contacts: vec![juan],
    }
}

#[test]
fn a_cobro_changes_to_a_new_amount_only_as_shown_and_above_what_was_paid() {
    let call = ToolCall {
        id: "c1".into(),
        request: ToolRequest::GetLastTransaction {},
    };
    let update = |book: &cobros::Book, amount: &str, version: u32| {
        let params = serde_json::from_value(serde_json::json!({
            "reference": "COB-0001", "version": version, "amount_mxn": amount,
            "today": "2026-11-22"
        }))
        .unwrap();
        cobros::run(
            &call,
            "cobros.update",
            &params,
            book,
            "2026-11-22T00:00:00.000Z",
        )
    };
    let book = cobros_book();
    let out = update(&book, "450", 1);
    assert!(out.result.ok, "{:?}", out.result.error);
    let [cobros::Change::UpdateRequest(row)] = out.changes.as_slice() else {
        panic!("one update: {:?}", out.changes);
    };
    assert_eq!((row.amount_mxn_cents, row.version), (45_000, 2));
    assert_eq!(row.status, cobros::Status::Pending);
    // Shown at another version: nothing changes.
    let stale = update(&book, "450", 2);
    assert_eq!(stale.result.error.unwrap().code, "CONFLICT");
    assert!(stale.changes.is_empty());
    // Not above what was already paid of it.
    let mut paid = cobros_book();
    paid.requests[0].paid_mxn_cents = 20_000;
    let under = update(&paid, "150", 1);
    assert_eq!(under.result.error.unwrap().code, "INVALID");
    assert!(under.changes.is_empty());
}

#[test]
fn a_broken_configuration_reports_every_error_at_once() {
    let home = include_str!("../../agents/financial.json");
    let errors = registry::load(&[
        ("financial.json", home),
        ("broken.json", BROKEN),
        ("again.json", BROKEN),
    ])
    .expect_err("broken agents must not load");
    let all = errors.join("\n");
    for expected in [
        "duplicate agent id broken",
        "starts unknown flow",
        "enters unknown agent",
        "must require confirmation",
        "slots.nombre",
        "data.ghost",
        "unknown target state z",
        "state island is unreachable",
        "state stuck",
        "denied: ghost_intent is no intent of the agent with a tool",
    ] {
        assert!(
            all.contains(expected),
            "no error about {expected:?} in:\n{all}"
        );
    }
    let garbage = registry::load(&[("financial.json", home), ("x.json", "{\"id\": 1")])
        .expect_err("not JSON");
    assert!(
        garbage.iter().any(|e| e.starts_with("x.json")),
        "{garbage:?}"
    );
}

#[test]
fn a_long_enter_agent_cycle_is_refused() {
    let hop = |id: &str, next: &str| {
        format!(
            r#"{{"id": "{id}", "name": "{id}", "description": "hop", "triggers": {{"go": ["salta"]}},
               "tools": [{{"name": "go", "kind": "navigation", "intent": "go",
                           "routing": {{"type": "enter_agent", "target": "{next}"}}}}]}}"#
        )
    };
    let (a, b, c, d) = (hop("a", "b"), hop("b", "c"), hop("c", "d"), hop("d", "a"));
    let home = include_str!("../../agents/financial.json");
    let files = [
        ("financial.json", home),
        ("a", a.as_str()),
        ("b", b.as_str()),
        ("c", c.as_str()),
        ("d", d.as_str()),
    ];
    let errors = registry::load(&files).expect_err("a cycle of 4 is longer than the cap");
    assert!(
        errors
            .iter()
            .any(|e| e.contains("longer than the chain cap")),
        "{errors:?}"
    );
}

#[test]
fn handoff_ping_pong_stops_at_the_cap_with_a_clear_reply() {
    use caja_core::agents::chain::{End, Run};
    use caja_core::agents::state::Orchestra;
    use caja_core::nlu::Reading;

    // Home enters a; a and b hand the same request to each other (a cycle
    // of 2 loads: it is not longer than the cap).
    let agent = |id: &str, next: &str| {
        format!(
            r#"{{"id": "{id}", "name": "{id}", "description": "hop", "triggers": {{"go": ["salta ya"]}},
               "tools": [{{"name": "go", "kind": "navigation", "intent": "go",
                           "routing": {{"type": "enter_agent", "target": "{next}"}}}}]}}"#
        )
    };
    let (home, a, b) = (agent("financial", "a"), agent("a", "b"), agent("b", "a"));
    let registry = registry::load(&[("financial.json", &home), ("a", &a), ("b", &b)])
        .expect("a cycle of 2 is within the cap");
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
    let reading = Reading::new("salta ya", today);
    let mut fetch = |_: &str, _: &serde_json::Map<String, serde_json::Value>| None;
    let mut run = Run::new(
        &registry,
        &reading,
        "2026-11-22T18:00:00.000Z",
        "2026-11-22T18:05:00.000Z",
        false,
        "p1",
        Orchestra::default(),
        &mut fetch,
    );
    let end = run.run().expect("no service is called");
    assert_eq!(end, End::Replied);
    assert!(run.iterations <= CHAIN_CAP, "{} iterations", run.iterations);
    let ids: Vec<&str> = run
        .o
        .agent_stack
        .iter()
        .map(|f| f.agent_id.as_str())
        .collect();
    assert_eq!(ids, ["financial"], "back home after the loop");
    assert!(
        run.reply.iter().any(|r| r.contains("volví al inicio")),
        "a clear reply: {:?}",
        run.reply
    );
    assert!(
        run.steps.iter().any(|s| s.why == "routing loop stopped"),
        "{:?}",
        run.steps
    );
}

/// Messages across agents, answers and navigation.
const POOL: &[&str] = &[
    "Hola",
    "Quiero una recarga",
    "+52 55 9999 8888",
    "el de mi mamá",
    "1",
    "2",
    "100",
    "200 pesos",
    "Sabes qué, mejor no. Quiero un crédito",
    "300 dólares",
    "700 dólares",
    "quiero enviar dinero a mi mamá",
    "A mi mamá, María",
    "Juan",
    "200 dólares",
    "Por banco",
    "efectivo",
    "Sí, confirmo",
    "Sí",
    "no",
    "sí",
    "cancelar",
    "menú principal",
    "regresa",
    "gasté 250 en uber",
    "¿cuánto gasté este mes?",
    "pagar la luz",
    "123456",
    "quiero pagar un servicio",
    "asdf",
    "mejor no",
    "oye, ¿cuánto llevo gastado este mes?",
    "mejor 150",
    "no, mejor a Juan",
    "gracias",
    "¿qué es un presupuesto?",
    "mándale 200 dólares a mi mamá por banco",
    "salir",
    "nada, olvídalo",
    "gasté 135 en tacos",
    "debo 18,450 de la tarjeta de crédito, el mínimo es 920",
];

#[test]
fn random_sequences_keep_the_promises() {
    let config = AgentConfig::default();
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (mut actions, mut confirmations, mut dropped) = (0, 0, 0);
    for thread in 0..300 {
        let mut ledger = MemoryLedger::new();
        let mut state = AgentState::new("prop", &format!("t{thread}"));
        let mut now = 1_795_370_400_000_i64;
        for _ in 0..20 {
            let message = POOL[(next() % POOL.len() as u64) as usize];
            now += if next() % 10 == 0 { 6 * 60_000 } else { 1_000 };
            let before = state.clone();
            let input = TurnInput {
                message: message.into(),
                now_ms: now,
                timezone: None,
                press: None,
                shared_chat: false,
                start: None,
            };
            let stored = state.to_json();
            let loaded = AgentState::from_json(&stored).expect("state round-trips");
            assert_eq!(loaded, state, "state changes through JSON");
            let out = run_turn(loaded, input, &config, |call| ledger.execute(call, now));
            assert!(
                out.chain.iterations >= 1 && out.chain.iterations <= CHAIN_CAP,
                "{message}: {:?}",
                out.chain
            );
            assert!(
                out.state.agent_stack.len() <= MAX_STACK,
                "stack grew past its bound"
            );
            assert!(!out.reply.trim().is_empty(), "{message}: empty reply");
            for call in &out.tool_calls {
                let ToolRequest::CallService(request) = &call.request else {
                    continue;
                };
                if !call.request.needs_confirmation() {
                    continue;
                }
                // An action runs only on "sí" to a confirmation of exactly
                // these parameters, shown on an earlier turn.
                let pending = before
                    .pending_action
                    .as_ref()
                    .and_then(|p| p.service())
                    .expect("action without a confirmation");
                assert_eq!(
                    decide(message),
                    Decision::Confirm,
                    "{message} ran {}",
                    request.tool
                );
                assert_eq!(
                    pending.tool_params, request.params,
                    "params differ from the confirmed ones"
                );
                assert_eq!(pending.tool_name, request.tool);
                actions += 1;
            }
            // A flow never disappears silently: it is still open (maybe
            // waiting under an interruption), it ended in the flow itself,
            // or it was named in the reply and kept in the backup log.
            let registry = registry::shipped().unwrap();
            let open_after = open_flows(registry, &out.state.clone().take_orchestra());
            let new_backups: Vec<_> = out
                .state
                .backup_overwrite_log
                .iter()
                .filter(|e| !before.backup_overwrite_log.contains(e))
                .collect();
            for (named, flow) in open_flows(registry, &before.clone().take_orchestra()) {
                let still_open = open_after
                    .iter()
                    .any(|(_, f)| f.flow_id == flow.flow_id && f.entered_at == flow.entered_at);
                if still_open || out.chain.ended.contains(&flow.flow_id) {
                    continue;
                }
                assert!(
                    out.reply.contains(&named),
                    "{message}: {named} dropped without a word: {}",
                    out.reply
                );
                assert!(
                    new_backups
                        .iter()
                        .any(|e| e.summary.as_deref() == Some(named.as_str())),
                    "{message}: {named} dropped without a backup"
                );
                dropped += 1;
            }
            confirmations += usize::from(out.state.pending_action.is_some());
            // A data agent's confirmation lives with its flow: never one
            // without the flow open that asked it.
            if out
                .state
                .pending_action
                .as_ref()
                .is_some_and(|p| p.service().is_some())
            {
                assert!(
                    out.state.current_flow.is_some(),
                    "{message}: a confirmation outlived its flow"
                );
            }
            state = out.state;
        }
    }
    // The sequences reach confirmations, confirmed actions and flows
    // dropped for something else.
    assert!(
        confirmations > 0 && actions > 0 && dropped > 0,
        "{confirmations} confirmations, {actions} actions, {dropped} dropped"
    );
}

/// The agent file used only by tests: prefill, `today`, `validate`,
/// `clarify` and a `data` service, run by the engine with no code of its
/// own.
const REMINDERS: &str = include_str!("../../tests/agents/due_dates.json");

/// A conversation with the reminders agent, entered already (the home
/// agent has no route to a test agent): each turn's reply, joined.
fn remind(messages: &[&str]) -> (Vec<String>, caja_core::agents::state::Orchestra) {
    use caja_core::agents::chain::{End, Run};
    use caja_core::agents::state::{Frame, Orchestra};
    use caja_core::nlu::Reading;

    let mut files = registry::SHIPPED.to_vec();
    files.push(("due_dates.json", REMINDERS));
    let registry = registry::load(&files).expect("the test agent loads");
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
    let now = "2026-11-23T18:00:00.000Z";
    let mut o = Orchestra {
        agent_stack: vec![Frame::home(now), Frame::new("due_dates", now, "test")],
        ..Orchestra::default()
    };
    let mut replies = Vec::new();
    for message in messages {
        let reading = Reading::new(message, today);
        // The data service is computed by the engine: no host is asked.
        let mut fetch = |tool: &str, _: &serde_json::Map<String, serde_json::Value>| {
            panic!("{tool} asked a host");
        };
        let mut run = Run::new(
            &registry,
            &reading,
            now,
            "2026-11-23T18:05:00.000Z",
            false,
            "p1",
            o,
            &mut fetch,
        );
        let end = run.run().expect("no host call");
        assert_eq!(end, End::Replied, "{message}");
        replies.push(run.reply.join("\n"));
        o = run.o;
    }
    (replies, o)
}

#[test]
fn a_test_agent_file_prefills_clarifies_validates_and_calls_a_declared_service() {
    // Prefill: the amount and the date come from the starting message;
    // clarify: the concept is unclear, so it is asked, and the answer is
    // read merged with the request.
    let (replies, o) = remind(&[
        "ponme un recordatorio de 850 para el 30 de noviembre",
        "la luz",
    ]);
    assert_eq!(
        replies[0],
        "¿Qué vas a pagar? Por ejemplo: luz, agua o renta."
    );
    assert_eq!(
        replies[1],
        "Listo: pagar luz, 850 pesos, el 2026-11-30 (creado el 2026-11-23)."
    );
    assert!(o.current_flow.is_none(), "the flow ended: {o:?}");

    // Everything in the first message: no question at all.
    let (replies, _) = remind(&["recordatorio de 9,500 de la renta para el 1 de diciembre"]);
    assert_eq!(
        replies[0],
        "Listo: pagar renta, 9500 pesos, el 2026-12-01 (creado el 2026-11-23)."
    );

    // Validate against today: a past date is said, forgotten and asked
    // again (never read again from the request); a rent too small for the
    // check over two slots goes back to the amount.
    let (replies, o) = remind(&[
        "recordatorio del agua de 300 para el 2 de enero de 2026",
        "el 5 de diciembre",
    ]);
    assert_eq!(
        replies[0],
        "El 2026-01-02 ya pasó (hoy es 2026-11-23).\n¿Para qué fecha?"
    );
    assert_eq!(
        replies[1],
        "Listo: pagar agua, 300 pesos, el 2026-12-05 (creado el 2026-11-23)."
    );
    assert!(o.current_flow.is_none());
    let (replies, _) = remind(&[
        "recordatorio de la renta de 200 para el 1 de diciembre",
        "son 8,000",
    ]);
    assert_eq!(
        replies[0],
        "Una renta de $200.00 parece poco.\n¿De cuánto es el pago de renta?"
    );
    assert_eq!(
        replies[1],
        "Listo: pagar renta, 8000 pesos, el 2026-12-01 (creado el 2026-11-23)."
    );

    // The answer to the clarification completes the request: what it
    // says of the other slots is read too ("el 15" is the next 15th).
    let (replies, _) = remind(&["ponme un recordatorio", "la luz, 400 para el 15"]);
    assert_eq!(
        replies[1],
        "Listo: pagar luz, 400 pesos, el 2026-12-15 (creado el 2026-11-23)."
    );

    // A clarification that stays unclear is asked again, then given up.
    let (replies, o) = remind(&["ponme un recordatorio", "mañana", "no sé"]);
    assert_eq!(
        replies[0],
        "¿Qué vas a pagar? Por ejemplo: luz, agua o renta."
    );
    assert_eq!(
        replies[1],
        "No te entendí.\n¿Qué vas a pagar? Por ejemplo: luz, agua o renta."
    );
    assert_eq!(replies[2], "Listo, no puse ningún recordatorio.");
    assert!(o.current_flow.is_none());
}

#[test]
fn the_new_flow_language_is_checked_at_load() {
    let home = include_str!("../../agents/financial.json");
    let broken = REMINDERS
        .replace(
            r#""prefill": ["amount", "due"]"#,
            r#""prefill": ["amount", "nope"]"#,
        )
        .replace(r#""clear": ["due"]"#, r#""clear": ["ghost"]"#)
        .replace(r#""then": "when"}"#, r#""then": "nowhere"}"#)
        .replace(r#""created_on": "{today}""#, r#""created_on": "{todya}""#)
        .replace(
            r#""provider": "data""#,
            r#""provider": "data", "action": true"#,
        )
        .replace("slots.due < today", "slots.due < tomorrow");
    let errors = registry::load(&[("financial.json", home), ("due_dates.json", &broken)])
        .expect_err("broken");
    let errors: Vec<&String> = errors
        .iter()
        .filter(|e| e.starts_with("due_dates"))
        .collect();
    let all = errors
        .iter()
        .map(|e| e.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    for expected in [
        "prefill names nope",
        "clears undeclared slot ghost",
        "unknown target state nowhere",
        "result created_on",
        "a data service changes nothing",
        "tomorrow",
    ] {
        assert!(
            all.contains(expected),
            "no error about {expected:?} in:\n{all}"
        );
    }
    let sandbox_typo = REMINDERS.replace(r#""provider": "data""#, r#""provider": "sandbox""#);
    let errors = registry::load(&[("financial.json", home), ("reminders.json", &sandbox_typo)])
        .expect_err("the sandbox has no reminders service");
    assert!(
        errors
            .iter()
            .any(|e| e.contains("the sandbox provider has no such service")),
        "{errors:?}"
    );
}

/// A chain that called a service goes on where it called once the result
/// comes: nothing before the call runs again, so the message is not read
/// a second time (the resumed run is handed another message and answers
/// exactly as one run with the result at hand).
#[test]
fn a_paused_chain_goes_on_at_the_call_without_reading_the_message_again() {
    use caja_core::agents::chain::{End, Run};
    use caja_core::agents::state::Orchestra;
    use caja_core::nlu::Reading;
    use serde_json::{Map, Value};

    let registry = registry::shipped().expect("agents/ loads");
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
    let now = "2026-11-23T18:00:00.000Z";
    let expires = "2026-11-23T18:05:00.000Z";
    let answer = |tool: &str, params: &Map<String, Value>| {
        let agent = registry.agent("remittances").expect("shipped");
        let service = &agent
            .tool(tool)
            .expect("its tool")
            .service
            .as_ref()
            .unwrap()
            .name;
        sandbox::run(service, params, "c1", "2026-11-23")
    };
    let asked = Reading::new("quiero enviar dinero a mi mamá", today);

    // One run with every result at hand.
    let mut at_hand = |tool: &str, params: &Map<String, Value>| Some(answer(tool, params));
    let mut whole = Run::new(
        registry,
        &asked,
        now,
        expires,
        false,
        "p1",
        Orchestra::default(),
        &mut at_hand,
    );
    assert_eq!(whole.run(), Ok(End::Replied));

    // The same turn paused at its call, then resumed with another message.
    let mut none = |_: &str, _: &Map<String, Value>| None;
    let mut first = Run::new(
        registry,
        &asked,
        now,
        expires,
        false,
        "p1",
        Orchestra::default(),
        &mut none,
    );
    let suspend = first
        .run()
        .expect_err("the flow calls a service on entering");
    assert_eq!(suspend.service, "remittances.recipients");
    let paused = first.pause(&suspend);
    let other = Reading::new("hola", today);
    let mut asks = Vec::new();
    let mut answered = |tool: &str, params: &Map<String, Value>| {
        asks.push(tool.to_string());
        Some(answer(tool, params))
    };
    let mut resumed = Run::new(
        registry,
        &other,
        now,
        expires,
        false,
        "p1",
        Orchestra::default(),
        &mut answered,
    );
    assert_eq!(resumed.resume(paused), Ok(End::Replied));
    assert_eq!(resumed.reply, whole.reply);
    assert_eq!(resumed.o, whole.o);
    assert_eq!(resumed.steps, whole.steps);
    drop(resumed);
    assert_eq!(
        asks,
        [suspend.tool.as_str()],
        "only the paused call is asked for"
    );
}
