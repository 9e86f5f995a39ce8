//! What Caja says first, as the core decides it: recurring movements
//! stored after a «sí», proposed by the host on their day through a
//! host-started turn and written only on «sí», with that day's date,
//! once; a budget's alert an answer said, named for the host's outbox; a
//! transfer kept to say when it arrives.

use caja_core::agent::state::AgentState;
use caja_core::agent::{AgentConfig, Press, Start, TurnInput, TurnOutput, run_turn};
use caja_core::time::parse_iso_utc;
use caja_core::tools::memory::MemoryLedger;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

struct Chat {
    state: AgentState,
    ledger: MemoryLedger,
    now: i64,
}

impl Chat {
    fn new(at: &str) -> Chat {
        Chat {
            state: AgentState::new("t", "u"),
            ledger: MemoryLedger::new(),
            now: parse_iso_utc(at).unwrap(),
        }
    }

    fn turn(&mut self, input: TurnInput) -> TurnOutput {
        let now = input.now_ms;
        let state = std::mem::replace(&mut self.state, AgentState::new("t", "u"));
        let ledger = &mut self.ledger;
        let out = run_turn(state, input, &AgentConfig::default(), |c| {
            ledger.execute(c, now)
        });
        self.state = out.state.clone();
        out
    }

    fn input(&mut self, message: &str) -> TurnInput {
        self.now += 60_000;
        TurnInput {
            message: message.into(),
            now_ms: self.now,
            timezone: None,
            press: None,
            shared_chat: false,
            start: None,
        }
    }

    fn say(&mut self, message: &str) -> TurnOutput {
        let input = self.input(message);
        self.turn(input)
    }

    /// What the host does on the item's day: the proposal, at `at`.
    fn propose(&mut self, at: &str, item: &str, date: &str) -> TurnOutput {
        self.now = parse_iso_utc(at).unwrap();
        let mut input = self.input("");
        input.start = Some(Start {
            agent: "recurring".into(),
            intent: "proponer".into(),
            slots: serde_json::from_value(serde_json::json!({ "item": item, "date": date }))
                .unwrap(),
        });
        self.turn(input)
    }

    fn movements(&self) -> Vec<(i64, String, String)> {
        self.ledger
            .transactions()
            .map(|t| (t.amount_mxn_cents, t.date_iso.clone(), t.category.clone()))
            .collect()
    }
}

#[test]
fn a_recurring_movement_is_proposed_on_its_day_and_written_only_on_yes() {
    let mut chat = Chat::new("2026-11-26T18:00:00Z");
    let out = chat.say("la renta es de 8,500 cada día 1");
    assert_eq!(
        out.reply,
        "Así quedaría tu pago fijo:\n• Renta: $8,500.00 de gasto, cada día 1 (renta)\nEl día que toque te lo propongo por Telegram y solo lo registro si me dices «sí». ¿Lo guardo?"
    );
    assert!(
        chat.ledger.recurring.is_empty(),
        "nothing stored before «sí»"
    );
    chat.say("sí");
    assert_eq!(chat.ledger.recurring.len(), 1);
    assert!(
        chat.movements().is_empty(),
        "a recurring item is no movement"
    );

    // Its day, 9:00 in Mexico City: proposed, nothing written yet.
    let out = chat.propose("2026-12-01T15:00:00Z", "1", "2026-12-01");
    assert_eq!(
        out.reply,
        "Hoy, martes 1 de diciembre, toca tu pago fijo: Renta, $8,500.00 (gasto). ¿Lo registro con fecha de hoy?"
    );
    assert!(
        out.state.pending().is_some(),
        "the proposal is the one prompt"
    );
    assert!(chat.movements().is_empty());
    // «no»: nothing is written.
    chat.say("no");
    assert!(chat.movements().is_empty());

    // Next month, the button's «sí»: written once, with that day's date.
    let out = chat.propose("2027-01-01T16:00:00Z", "1", "2027-01-01");
    let prompt = out.state.pending().expect("asked").id.to_string();
    let mut press = chat.input("Sí");
    press.press = Some(Press { prompt, yes: true });
    let out = chat.turn(press);
    assert_eq!(
        out.reply,
        "Listo, registré Renta como gasto de $8,500.00, con fecha del viernes 1 de enero."
    );
    assert_eq!(
        chat.movements(),
        vec![(850_000, "2027-01-01".to_string(), "renta".to_string())]
    );
    // «sí» again, and the same proposal again: nothing more is written.
    chat.say("sí");
    chat.propose("2027-01-01T17:00:00Z", "1", "2027-01-01");
    chat.say("sí");
    assert_eq!(chat.movements().len(), 1);
}

#[test]
fn a_quincena_is_an_income_on_the_15th_and_the_last_day() {
    let mut chat = Chat::new("2026-11-26T18:00:00Z");
    let out = chat.say("mi quincena de 9,200 los días 15 y último");
    assert!(
        out.reply
            .contains("• Quincena: $9,200.00 de ingreso, los días 15 y último de cada mes"),
        "{}",
        out.reply
    );
    chat.say("sí");
    let out = chat.say("¿qué pagos fijos tengo?");
    assert_eq!(
        out.reply,
        "Tus pagos fijos:\n• Quincena: $9,200.00 de ingreso, los días 15 y último de cada mes\nLo que falta este mes:\n• lunes 30 de noviembre: Quincena, $9,200.00 (ingreso)"
    );
    let out = chat.propose("2027-02-28T15:00:00Z", "1", "2027-02-28");
    assert!(
        out.reply
            .contains("toca tu pago fijo: Quincena, $9,200.00 (ingreso)"),
        "{}",
        out.reply
    );
    chat.say("sí");
    assert_eq!(
        chat.movements(),
        vec![(920_000, "2027-02-28".to_string(), "sueldo".to_string())]
    );
}

#[test]
fn a_category_budget_alert_in_an_answer_is_named_for_the_outbox_once() {
    use caja_core::reminders::Kind;
    let mut chat = Chat::new("2026-11-26T18:00:00Z");
    chat.say("mi presupuesto de comida es de 2000");
    chat.say("sí");
    chat.say("gasté 1700 en tacos");
    let out = chat.say("sí");
    assert_eq!(
        out.reply,
        "Listo, registré el gasto de $1,700.00 en comida (2026-11-26).\n\nAviso: ya usaste el 85 % de tu presupuesto de comida de noviembre de 2026: llevas $1,700.00 de $2,000.00, te quedan $300.00."
    );
    let said: Vec<_> = out
        .said
        .iter()
        .map(|s| (s.kind, s.reference.as_str(), s.period.as_str()))
        .collect();
    assert_eq!(said, vec![(Kind::Budget80, "comida", "2026-11")]);
    assert_eq!(out.said[0].text, out.reply.split("\n\n").nth(1).unwrap());
    // Still at 80 %: nothing new is said.
    chat.say("gasté 100 en tacos");
    assert!(chat.say("sí").said.is_empty());
    // Over the cap: the 100 % is.
    chat.say("gasté 300 en tacos");
    let out = chat.say("sí");
    let said: Vec<_> = out.said.iter().map(|s| s.kind).collect();
    assert_eq!(said, vec![Kind::Budget100]);
}

#[test]
fn a_transfer_is_kept_only_when_it_is_sent() {
    let mut chat = Chat::new("2026-11-26T18:00:00Z");
    chat.say("mándale 200 dólares a mi mamá por banco");
    chat.say("sí");
    assert!(chat.ledger.transfers.is_empty(), "nothing kept before «sí»");
    let out = chat.say("sí");
    assert!(
        out.reply
            .contains("Te aviso por Telegram cuando María García reciba el dinero."),
        "{}",
        out.reply
    );
    assert_eq!(chat.ledger.transfers.len(), 1);
    let sent = &chat.ledger.transfers[0];
    assert_eq!(
        (
            sent.recipient.as_str(),
            sent.gets_mxn_cents,
            sent.delivery.as_str()
        ),
        ("María García", 349_000, "BANK")
    );
    assert_eq!(
        sent.arrives_at - sent.created_at,
        caja_core::tools::transfers::ARRIVES_AFTER_MS
    );
    assert!(
        out.reply.contains(&sent.id),
        "the reference said is the one kept"
    );
    assert!(
        chat.movements().is_empty(),
        "dollars sent are no peso movement"
    );
}

#[test]
fn every_switch_of_the_web_s_reminders_view_says_what_the_chat_changes() {
    use caja_core::agent::text::plans::SWITCHES;
    let mut chat = Chat::new("2026-11-26T18:00:00Z");
    for switch in &SWITCHES {
        let topic = |chat: &Chat| match switch.topic {
            "cobros" => chat.ledger.reminders.cobros,
            "debts" => chat.ledger.reminders.debts,
            "budgets" => chat.ledger.reminders.budgets,
            "summary" => chat.ledger.reminders.summary,
            other => panic!("unknown topic {other}"),
        };
        for (message, on) in [(switch.turn_off, false), (switch.turn_on, true)] {
            let asked = chat.say(message);
            if topic(&chat) == on {
                assert!(
                    asked.reply.starts_with("Ya los tenías así"),
                    "{message}: {}",
                    asked.reply
                );
                continue;
            }
            assert!(
                asked.reply.starts_with("Así quedarían tus recordatorios:"),
                "{message}: {}",
                asked.reply
            );
            chat.say("sí");
            assert_eq!(topic(&chat), on, "{message}");
        }
    }
}

#[test]
fn a_proposal_can_be_answered_any_time_that_day_and_expires_at_the_quiet_hours() {
    let mut chat = Chat::new("2026-11-26T18:00:00Z");
    chat.say("la renta es de 8,500 cada día 1");
    chat.say("sí");
    // 09:00 in Mexico City.
    let out = chat.propose("2026-12-01T15:00:00Z", "1", "2026-12-01");
    assert_eq!(
        out.state.pending().expect("asked").expires_at_iso,
        Some("2026-12-02T04:00:00.000Z"),
        "22:00 local"
    );
    // 15:00 local, six hours later: still the same prompt, written on «sí».
    chat.now = parse_iso_utc("2026-12-01T21:00:00Z").unwrap();
    let out = chat.say("sí");
    assert_eq!(
        out.reply,
        "Listo, registré Renta como gasto de $8,500.00, con fecha del martes 1 de diciembre."
    );
    assert_eq!(chat.movements().len(), 1);
    // A prompt the person started still lasts the usual minutes.
    let out = chat.say("gasté 100 en tacos");
    let asked = out.state.pending().expect("asked").expires_at_iso;
    assert_eq!(asked, Some("2026-12-01T21:07:00.000Z"));
}
