use super::*;
use crate::tools::memory::MemoryLedger;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

#[test]
fn the_graph_has_the_seed_edges() {
    let edges: Vec<(&str, &str)> = graph_edges()
        .into_iter()
        .map(|(from, _, to)| (from, to))
        .collect();
    let seed = [
        ("router", "clarify"),
        ("router", "confirm"),
        ("router", "parse"),
        ("parse", "validate"),
        ("validate", "clarify"),
        ("validate", "confirm"),
        ("validate", "execute_tools"),
        ("confirm", "execute_tools"),
        ("confirm", "respond"),
        ("execute_tools", "respond"),
        ("execute_tools", "error_handler"),
        ("clarify", "validate"),
        ("error_handler", "respond"),
        ("respond", "END"),
    ];
    for edge in seed {
        assert!(edges.contains(&edge), "missing edge {edge:?}");
    }
}

/// 2026-11-22T18:00:00Z.
const NOW: i64 = 1_795_370_400_000;

fn input(message: &str, now_ms: i64) -> TurnInput {
    TurnInput {
        message: message.into(),
        now_ms,
        timezone: None,
        press: None,
        shared_chat: false,
        start: None,
    }
}

#[test]
#[cfg(feature = "audit")]
fn every_agent_fills_the_decision_record() {
    let config = AgentConfig::default();
    let mut ledger = MemoryLedger::new();
    let mut state = AgentState::new("u", "t");
    let mut records = Vec::new();
    for (i, message) in [
        "quiero un crédito",
        "300 dólares",
        "sí",
        "gasté 250 en uber",
    ]
    .into_iter()
    .enumerate()
    {
        let now = NOW + i as i64 * 1_000;
        let out = run_turn(state, input(message, now), &config, |c| {
            if let ToolRequest::CallService(r) = &c.request {
                crate::tools::run_service(c, r, "2026-11-22T18:00:00.000Z")
            } else {
                ledger.execute(c, now)
            }
        });
        state = out.state;
        records.push(out.audit);
    }
    let [enter, amount, confirmed, expense] = &records[..] else {
        panic!("four turns");
    };
    assert_eq!(
        (enter.agent.as_str(), enter.intent.as_str()),
        ("snpl", "apply")
    );
    assert!(enter.intent_confidence >= 0.7);
    assert_eq!(amount.validation_result, ValidationResult::Pass);
    assert_eq!(amount.confirmation_status, SeedConfirmation::Pending);
    assert_eq!(amount.entities.records()[0].name, "amount_usd");
    assert_eq!(confirmed.agent, "snpl");
    assert_eq!(confirmed.confirmation_status, SeedConfirmation::Confirmed);
    assert_eq!(confirmed.tool_result[0].tool, "apply_snpl");
    assert!(confirmed.tool_result[0].ok && confirmed.error.is_none());
    assert_eq!(expense.agent, "financial");
    assert_eq!(expense.intent, "LOG_TRANSACTION");
    assert!(expense.response.contains("¿Registro este movimiento?"));
    let records = expense.entities.records();
    let amount = records
        .iter()
        .find(|e| e.name == "amount_mxn_cents")
        .expect("the amount");
    let (start, end) = (amount.start.expect("start"), amount.end.expect("end"));
    let read: String = "gasté 250 en uber"
        .chars()
        .skip(start)
        .take(end - start)
        .collect();
    assert_eq!(read, "250");
}

#[test]
fn an_engine_error_leaves_nothing_that_can_be_confirmed() {
    let config = AgentConfig::default();
    let mut ledger = MemoryLedger::new();
    let state = AgentState::new("u", "t");
    let prompt = run_turn(state, input("gasté 250 en uber", NOW), &config, |c| {
        ledger.execute(c, NOW)
    });
    assert!(prompt.state.pending_action.is_some());
    // "sí" suspends for the write; the resume path then names a node
    // the graph does not have (an engine bug, made on purpose).
    let TurnStep::NeedTools(mut turn) = start_turn(prompt.state, input("sí", NOW + 1_000), &config)
    else {
        panic!("the write waits for the host");
    };
    assert!(turn.calls()[0].request.is_write());
    turn.path = vec!["no_such_node".into()];
    let results = turn
        .calls()
        .iter()
        .map(|c| ledger.execute(c, NOW))
        .collect();
    let TurnStep::Done(output) = resume_turn(*turn, results) else {
        panic!("an error ends the turn");
    };
    assert_eq!(output.reply, text::INTERNAL_ERROR);
    assert!(output.state.pending_action.is_none());
    assert!(!output.state.has_open_flow());
    assert_eq!(output.state.agent_stack.len(), 1);
    let last = output.state.backup_overwrite_log.last().expect("kept");
    assert_eq!(last.reason, "internal error");
    assert!(last.snapshot.pending_action.is_some());
    let step = output.trace.steps.last().expect("traced");
    assert_eq!(&*step.edge, "error");
    assert!(step.reason.contains("no_such_node"), "{}", step.reason);
    // A second "sí" finds nothing to confirm and writes nothing.
    let again = run_turn(output.state, input("sí", NOW + 2_000), &config, |c| {
        ledger.execute(c, NOW)
    });
    assert_eq!(again.writes().count(), 0);
}

/// A button press is a press of a prompt: its answer comes from the
/// button, never from the words of its label ("✅" saves, a "No" button
/// labelled "sí" rejects).
#[test]
fn a_press_answers_its_prompt_whatever_its_label_says() {
    let config = AgentConfig::default();
    for (label, yes, saved) in [("✅", true, 1), ("sí", false, 0), ("Guardar", true, 1)] {
        let mut ledger = MemoryLedger::new();
        let out = run_turn(
            AgentState::new("u", "t"),
            input("gasté 250 en uber", NOW),
            &config,
            |c| ledger.execute(c, NOW),
        );
        let prompt = out
            .state
            .pending()
            .expect("a prompt is open")
            .id
            .to_string();
        let press = TurnInput {
            press: Some(super::Press { prompt, yes }),
            ..input(label, NOW + 1_000)
        };
        let out = run_turn(out.state, press, &config, |c| ledger.execute(c, NOW));
        assert_eq!(
            ledger.transactions().count(),
            saved,
            "{label:?} (yes: {yes})"
        );
        assert!(
            out.state.pending().is_none(),
            "{label:?}: the prompt is decided"
        );
    }
}

/// Runs `messages` from a fresh state, services answered by the sandbox.
fn chat(messages: &[&str]) -> AgentState {
    let config = AgentConfig::default();
    let mut ledger = MemoryLedger::new();
    let mut state = AgentState::new("u", "t");
    for (i, message) in messages.iter().enumerate() {
        let now = NOW + i as i64 * 1_000;
        state = run_turn(state, input(message, now), &config, |c| {
            if let ToolRequest::CallService(r) = &c.request {
                crate::tools::run_service(c, r, "2026-11-22T18:00:00.000Z")
            } else {
                ledger.execute(c, now)
            }
        })
        .state;
    }
    state
}

/// A checkpoint written before there was one pending action kept a data
/// agent's prompt in `pending_confirmation` (seed 004's names), beside an
/// empty `pending_action`, and the same shape in a frame that waits. Both
/// read as the one pending action, and "sí" runs exactly its call.
#[test]
fn a_data_agents_confirmation_from_an_older_checkpoint_migrates() {
    let state = chat(&["recarga de 100 al 5512345678"]);
    let pending = state.pending_action.clone().expect("a prompt");
    let call = pending.service().expect("a service call").clone();
    let mut old: serde_json::Value = serde_json::from_str(&state.to_json()).unwrap();
    let legacy = serde_json::json!({
        "id": pending.id,
        "agent_id": pending.agent,
        "tool_name": call.tool_name,
        "service": call.service,
        "tool_params": call.tool_params,
        "display_message": pending.prompt,
        "created_at": pending.created_at_iso,
        "expires_at": pending.expires_at_iso,
    });
    old["pending_action"] = serde_json::json!({});
    old["pending_confirmation"] = legacy.clone();
    old["agent_stack"][0]["suspended_confirmation"] = legacy;
    let migrated = AgentState::from_json(&old.to_string()).expect("an older checkpoint reads");
    assert_eq!(migrated.pending_action, state.pending_action);
    assert_eq!(
        migrated.agent_stack[0].suspended_confirmation,
        state.pending_action
    );
    // Written back in today's shape: one `pending_action`, and no
    // `pending_confirmation` left.
    let json: serde_json::Value = serde_json::from_str(&migrated.to_json()).unwrap();
    assert_eq!(json["pending_action"]["type"], "SERVICE_CALL");
    assert_eq!(json["pending_action"]["payload"]["tool_name"], "send_topup");
    assert!(json.get("pending_confirmation").is_none());
}

/// A finance write stored before prompts named their agent reads as the
/// Financial Agent's, and nothing pending (`{}`) reads as nothing.
#[test]
fn a_finance_write_from_an_older_checkpoint_migrates() {
    let state = chat(&["gasté 250 en uber"]);
    let mut old: serde_json::Value = serde_json::from_str(&state.to_json()).unwrap();
    old["pending_action"]
        .as_object_mut()
        .unwrap()
        .remove("agent_id");
    let migrated = AgentState::from_json(&old.to_string()).expect("reads");
    assert_eq!(migrated.pending_action, state.pending_action);
    assert_eq!(migrated.pending().map(|p| p.agent), Some("financial"));
    let fresh = AgentState::new("u", "t");
    let json: serde_json::Value = serde_json::from_str(&fresh.to_json()).unwrap();
    assert_eq!(json["pending_action"], serde_json::json!({}));
    assert_eq!(AgentState::from_json(&fresh.to_json()), Ok(fresh));
}

/// What a host reads ahead for a «sí» (`AgentState::next_needs`) is what
/// the «sí» then reads: the write's own needs and the budget of each
/// category its expenses go to; nothing for a prompt that is not a write.
#[test]
fn next_needs_are_what_the_yes_reads() {
    let config = AgentConfig::default();
    for (said, expected_budgets) in [
        ("gasté 250 en uber ayer", 1),
        ("gasté 90 en tacos y 300 en gasolina", 2),
        ("me pagaron 8,500 de la quincena", 0),
    ] {
        let mut ledger = MemoryLedger::new();
        let prompt = run_turn(AgentState::new("u", "t"), input(said, NOW), &config, |c| {
            ledger.execute(c, NOW)
        });
        let ahead = prompt.state.next_needs();
        assert!(prompt.state.pending_action.is_some(), "{said}");
        let budgets = ahead
            .iter()
            .filter(|n| matches!(n, crate::tools::store::Need::Budget { .. }))
            .count();
        assert_eq!(budgets, expected_budgets, "{said}: {ahead:?}");
        let mut read = Vec::new();
        let done = run_turn(prompt.state, input("sí", NOW + 1_000), &config, |c| {
            read.extend(crate::tools::run::needs(&c.request));
            ledger.execute(c, NOW)
        });
        assert!(
            done.reply.contains("Listo") || done.reply.contains("Registr"),
            "{}",
            done.reply
        );
        assert_eq!(read, ahead, "{said}");
        assert!(done.state.next_needs().is_empty());
    }
}
