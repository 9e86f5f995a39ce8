//! Property tests over random message sequences: writes happen only on the
//! turn right after a confirmation prompt, by a message of confirm tokens,
//! for that prompt's exact payload; the state always round-trips through
//! JSON; no input panics.
#![cfg(not(target_arch = "wasm32"))]

use caja_core::agent::state::AgentState;
use caja_core::agent::{AgentConfig, Decision, TurnInput, decide, run_turn};
use caja_core::tools::ToolRequest;
use caja_core::tools::memory::MemoryLedger;
use proptest::prelude::*;

const MESSAGES: &[&str] = &[
    "gasté 250 en uber ayer",
    "sí",
    "si",
    "ok",
    "sí, confirmo",
    "no",
    "cancelar",
    "/cancelar",
    "gasté en comida",
    "180",
    "uber",
    "no, eran 300",
    "no, fue en comida",
    "borra el último",
    "presupuesto de 8,000 al mes",
    "¿cuánto llevo gastado este mes?",
    "¿puedo comprar unos tenis de 1,800?",
    "tengo 12,000 en el banco",
    "me pagaron la quincena, 8,500",
    "tengo una deuda con coppel de 5,000",
    "mínimo 500",
    "el día 15",
    "sip",
    "dale",
    "",
    "🙃",
    "hola",
    "/start",
    "/foo",
    "gasté 20 dólares",
    "'; DROP TABLE transactions; --",
    "<b>sí</b>",
    "va",
    "s",
    "yes",
    "confirmo",
    "mis deudas",
    "corrige el último: fueron 99",
    "ayer",
    "comida",
    "1.5k",
    "mil quinientos",
    // The data agents: contacts, cobros, a top-up, a transfer, a bill.
    "agrega a Juan a mis contactos",
    "cóbrale 300 a Juan",
    "Juan ya me pagó",
    "mándale un recordatorio a Juan",
    "cancela el cobro de Juan",
    "recarga de 100 al 5512345678",
    "quiero enviar dinero a mi mamá",
    "1",
    "150 dólares",
    "por banco",
    "quiero pagar la luz",
    "123456789012",
    "¿cuánto gasté la semana pasada?",
];

fn message() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => proptest::sample::select(MESSAGES).prop_map(str::to_string),
        1 => "\\PC{0,40}",
        1 => "[a-zñáéíóú0-9 $,.]{0,30}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn writes_only_follow_a_confirmed_prompt(
        turns in proptest::collection::vec((message(), 0i64..400_000), 1..14)
    ) {
        let config = AgentConfig::default();
        let mut state = AgentState::new("u", "t");
        let mut ledger = MemoryLedger::new();
        let mut now = 1_795_370_400_000i64;
        for (text, advance) in turns {
            now += advance;
            let before = state.clone();
            let input = TurnInput { message: text.clone(), now_ms: now, timezone: None, press: None, shared_chat: false, start: None };
            let output = run_turn(state, input, &config, |call| ledger.execute(call, now));
            // Whatever its definition says runs only confirmed (a ledger
            // write, a paid cobro, a transfer) follows a "sí" to the one
            // pending prompt, with exactly its payload.
            let writes: Vec<_> = output.writes().filter(|c| c.request.needs_confirmation()).collect();
            if !writes.is_empty() {
                prop_assert_eq!(writes.len(), 1, "one write per turn");
                prop_assert_eq!(decide(&text), Decision::Confirm, "written by {:?}", text);
                match (
                    &writes[0].request,
                    before.pending_action.as_ref().and_then(|p| p.service()),
                ) {
                    (ToolRequest::CallService(request), Some(pending)) => {
                        prop_assert_eq!(&request.service, &pending.service);
                        prop_assert_eq!(&request.params, &pending.tool_params);
                    }
                    (request, _) => {
                        let pending = before.pending_write();
                        prop_assert!(pending.is_some(), "a write needs a pending prompt");
                        prop_assert_eq!(request, &pending.unwrap().to_request());
                    }
                }
            }
            let json = output.state.to_json();
            let decoded = AgentState::from_json(&json);
            prop_assert_eq!(decoded.as_ref(), Ok(&output.state), "state round-trips");
            prop_assert!(output.state.backup_overwrite_log.len() <= 20);
            prop_assert!(!output.reply.is_empty());
            state = output.state;
        }
    }

    #[test]
    fn stored_state_decoding_never_panics(json in "\\PC{0,200}") {
        let _ = AgentState::from_json(&json);
    }
}
