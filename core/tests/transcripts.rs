//! Conversation transcripts: the files in `tests/transcripts/` replayed
//! through the real agent with in-memory tools, natively and in headless
//! Chromium (wasm). Every turn's reply, state and tool calls also feed a
//! digest kept in `tests/transcripts/DIGEST`, so both hosts are checked to
//! produce byte-identical outputs. Refresh it with
//! `CAJA_UPDATE_DIGEST=1 cargo test -p caja-core --test transcripts`.
//!
//! Format (one conversation per `===` block):
//!
//! ```text
//! === title
//! @now 2026-11-22T18:00:00Z     clock for the next turns (default shown)
//! @advance 6m                   moves the clock (s, m, h, d)
//! @seed {"tool":"set_bank_balance","input":{"balance_mxn_cents":100}}
//! @fail add_transaction UNAVAILABLE    the next call of that tool fails
//! @group                        the next turns are written in a group chat
//! > gasté 250 en uber           a user turn ("> [action=p2] sí" for a button;
//!                                `{{nl}}` is a line break, `{{repeat N x}}` repeats)
//! < texto                       the reply contains it
//! <~ regex                      the reply matches it
//! <! texto                      the reply does not contain it
//! = pending_action.type "ADD_TRANSACTION"   a state field (JSON)
//! ! add_transaction             the tools called this turn (or "none")
//! $ transactions 1              live transactions in the ledger
//! $ debt coppel 420000          a debt's stored balance (null: no debt)
//! % chain 3                     routing chain iterations of the turn
//! % stack financial topups      the agent stack, bottom first
//! % flow recarga collect_number the current flow and state ("none")
//! % confirm create_transfer     the pending confirmation's tool ("none")
//! ```

use caja_core::agent::state::AgentState;
use caja_core::agent::{AgentConfig, Press, TurnInput, run_turn};
use caja_core::agents::state::Waiting;
use caja_core::review;
use caja_core::time::{UnixMillis, parse_iso_utc};
use caja_core::tools::memory::MemoryLedger;
use caja_core::tools::{ToolCall, ToolResult};

const FILES: &[(&str, &str)] = &[
    ("log.txt", include_str!("../../tests/transcripts/log.txt")),
    (
        "seams.txt",
        include_str!("../../tests/transcripts/seams.txt"),
    ),
    (
        "understanding.txt",
        include_str!("../../tests/transcripts/understanding.txt"),
    ),
    (
        "account.txt",
        include_str!("../../tests/transcripts/account.txt"),
    ),
    (
        "reminders.txt",
        include_str!("../../tests/transcripts/reminders.txt"),
    ),
    (
        "recurring.txt",
        include_str!("../../tests/transcripts/recurring.txt"),
    ),
    (
        "one_session.txt",
        include_str!("../../tests/transcripts/one_session.txt"),
    ),
    (
        "older_rows.txt",
        include_str!("../../tests/transcripts/older_rows.txt"),
    ),
    (
        "category_budgets.txt",
        include_str!("../../tests/transcripts/category_budgets.txt"),
    ),
    (
        "groups.txt",
        include_str!("../../tests/transcripts/groups.txt"),
    ),
    (
        "splits.txt",
        include_str!("../../tests/transcripts/splits.txt"),
    ),
    (
        "dates_and_spellings.txt",
        include_str!("../../tests/transcripts/dates_and_spellings.txt"),
    ),
    (
        "cobros.txt",
        include_str!("../../tests/transcripts/cobros.txt"),
    ),
    (
        "stats.txt",
        include_str!("../../tests/transcripts/stats.txt"),
    ),
    (
        "money_and_days.txt",
        include_str!("../../tests/transcripts/money_and_days.txt"),
    ),
    (
        "debts_paid.txt",
        include_str!("../../tests/transcripts/debts_paid.txt"),
    ),
    (
        "periods.txt",
        include_str!("../../tests/transcripts/periods.txt"),
    ),
    (
        "trust.txt",
        include_str!("../../tests/transcripts/trust.txt"),
    ),
    (
        "query.txt",
        include_str!("../../tests/transcripts/query.txt"),
    ),
    (
        "budget_debt_balance.txt",
        include_str!("../../tests/transcripts/budget_debt_balance.txt"),
    ),
    (
        "simulate.txt",
        include_str!("../../tests/transcripts/simulate.txt"),
    ),
    (
        "repair.txt",
        include_str!("../../tests/transcripts/repair.txt"),
    ),
    (
        "repair_patterns.txt",
        include_str!("../../tests/transcripts/repair_patterns.txt"),
    ),
    (
        "confirm.txt",
        include_str!("../../tests/transcripts/confirm.txt"),
    ),
    (
        "bad_input.txt",
        include_str!("../../tests/transcripts/bad_input.txt"),
    ),
    (
        "agents_walkthrough.txt",
        include_str!("../../tests/transcripts/agents_walkthrough.txt"),
    ),
    (
        "agents_behaviours.txt",
        include_str!("../../tests/transcripts/agents_behaviours.txt"),
    ),
];
const DIGEST: &str = include_str!("../../tests/transcripts/DIGEST");
const DEFAULT_NOW: &str = "2026-11-22T18:00:00Z";

struct Conversation {
    file: &'static str,
    title: String,
    lines: Vec<(usize, String)>,
}

fn conversations() -> Vec<Conversation> {
    let mut all = Vec::new();
    for &(file, text) in FILES {
        for (number, line) in text.lines().enumerate() {
            let line = line.trim_end();
            if let Some(title) = line.strip_prefix("=== ") {
                all.push(Conversation {
                    file,
                    title: title.to_string(),
                    lines: Vec::new(),
                });
            } else if line.trim().is_empty() || line.starts_with('#') {
                continue;
            } else {
                let current = all
                    .last_mut()
                    .unwrap_or_else(|| panic!("{file}:{}: line before ===", number + 1));
                current.lines.push((number + 1, line.to_string()));
            }
        }
    }
    all
}

/// Expands `{{repeat N text}}` so long inputs stay readable, and `{{nl}}`
/// into a line break (one message, several lines).
fn expand(message: &str) -> String {
    if message.contains("{{nl}}") {
        return expand(&message.replace("{{nl}}", "\n"));
    }
    let Some(start) = message.find("{{repeat ") else {
        return message.to_string();
    };
    let Some(end) = message[start..].find("}}").map(|e| start + e) else {
        return message.to_string();
    };
    let spec = &message[start + 9..end];
    let (count, text) = spec.split_once(' ').unwrap_or((spec, ""));
    let count: usize = count.parse().unwrap_or(0);
    format!(
        "{}{}{}",
        &message[..start],
        text.repeat(count),
        expand(&message[end + 2..])
    )
}

fn parse_duration(spec: &str) -> i64 {
    let (number, unit) = spec.split_at(spec.len() - 1);
    let n: i64 = number.parse().expect("duration number");
    n * match unit {
        "s" => 1_000,
        "m" => 60_000,
        "h" => 3_600_000,
        "d" => 86_400_000,
        other => panic!("unknown duration unit {other}"),
    }
}

fn json_path<'a>(value: &'a serde_json::Value, path: &str) -> Option<&'a serde_json::Value> {
    path.split('.')
        .try_fold(value, |v, key| match key.parse::<usize>() {
            Ok(index) => v.get(index),
            Err(_) => v.get(key),
        })
}

/// FNV-1a, to fingerprint all outputs.
fn fnv(hash: &mut u64, bytes: &[u8]) {
    for b in bytes {
        *hash ^= u64::from(*b);
        *hash = hash.wrapping_mul(0x100_0000_01b3);
    }
}

struct Run {
    failures: Vec<String>,
    digest: u64,
    turns: usize,
    count: usize,
    /// Every turn's place, message and reply, written to the file named by
    /// `CAJA_TRANSCRIPT_DUMP` (native): two cores' dumps diff to the replies
    /// a change moved.
    dump: String,
}

fn run_all() -> Run {
    let config = AgentConfig::default();
    let mut run = Run {
        failures: Vec::new(),
        digest: 0xcbf2_9ce4_8422_2325,
        turns: 0,
        count: 0,
        dump: String::new(),
    };
    for conversation in conversations() {
        run.count += 1;
        let mut state = AgentState::new("user-1", "thread-1");
        let mut ledger = MemoryLedger::new();
        let mut now: UnixMillis = parse_iso_utc(DEFAULT_NOW).unwrap();
        let mut fail_next: Vec<(String, String)> = Vec::new();
        let mut last: Option<caja_core::agent::TurnOutput> = None;
        let mut seed_seq = 0;
        let mut shared_chat = false;
        // The turns' events, as a host stores them, replayed at the end.
        let mut events = vec![review::started(0, DEFAULT_NOW, &state)];
        let mut turn_no = 0usize;
        for (number, line) in &conversation.lines {
            let at = format!("{}:{} [{}]", conversation.file, number, conversation.title);
            let mut fail = |why: String| run.failures.push(format!("{at}: {why}"));
            let (tag, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
            match tag {
                "@now" => now = parse_iso_utc(rest).expect("@now timestamp"),
                "@advance" => now += parse_duration(rest),
                "@group" => shared_chat = true,
                "@seed" => {
                    seed_seq += 1;
                    let request = serde_json::from_str(rest).expect("@seed tool request JSON");
                    let call = ToolCall {
                        id: format!("seed-{seed_seq}"),
                        request,
                    };
                    let result = ledger.execute(&call, now);
                    assert!(result.ok, "{at}: seed failed: {:?}", result.error);
                }
                "@fail" => {
                    let (tool, code) = rest.split_once(' ').expect("@fail TOOL CODE");
                    fail_next.push((tool.to_string(), code.to_string()));
                }
                ">" => {
                    // "[action=p2] sí": the Sí button of prompt p2 ("no": its No).
                    let (press, message) = match rest.strip_prefix("[action=") {
                        Some(tail) => {
                            let (id, word) = tail
                                .split_once("] ")
                                .unwrap_or((tail.trim_end_matches(']'), ""));
                            let yes = word != "no";
                            let press = Press {
                                prompt: id.to_string(),
                                yes,
                            };
                            (Some(press), word.to_string())
                        }
                        None => (None, rest.to_string()),
                    };
                    let input = TurnInput {
                        message: expand(&message),
                        now_ms: now,
                        timezone: None,
                        press,
                        shared_chat,
                        start: None,
                    };
                    // The checkpoint round trip: state through JSON every turn.
                    let stored = state.to_json();
                    let loaded = AgentState::from_json(&stored).expect("state round-trips");
                    let before = loaded.clone();
                    let turn_input = input.clone();
                    let output =
                        run_turn(loaded, input, &config, |call: &ToolCall| -> ToolResult {
                            let name = call.request.name();
                            if let Some(pos) = fail_next.iter().position(|(tool, _)| tool == name) {
                                let (_, code) = fail_next.remove(pos);
                                return ToolResult::failure(
                                    call,
                                    &code,
                                    "injected failure",
                                    "2026-01-01T00:00:00.000Z",
                                );
                            }
                            ledger.execute(call, now)
                        });
                    run.turns += 1;
                    turn_no += 1;
                    let turn_events = review::of_turn(
                        u64::try_from(turn_no).unwrap(),
                        &before,
                        &turn_input,
                        &output,
                    );
                    fnv(
                        &mut run.digest,
                        serde_json::to_string(&turn_events).unwrap().as_bytes(),
                    );
                    events.extend(turn_events);
                    fnv(&mut run.digest, output.reply.as_bytes());
                    fnv(&mut run.digest, output.state.to_json().as_bytes());
                    run.dump.push_str(&format!(
                        "## {} [{}]\n> {message}\n{}\n\n",
                        conversation.file, conversation.title, output.reply
                    ));
                    if let Some(share) = &output.share {
                        fnv(&mut run.digest, share.as_bytes());
                    }
                    fnv(
                        &mut run.digest,
                        serde_json::to_string(&output.tool_calls)
                            .unwrap()
                            .as_bytes(),
                    );
                    fnv(
                        &mut run.digest,
                        serde_json::to_string(&output.trace).unwrap().as_bytes(),
                    );
                    state = output.state.clone();
                    last = Some(output);
                }
                "<" | "<~" | "<!" | "=" | "!" => {
                    let Some(output) = &last else {
                        fail("expectation before any turn".into());
                        continue;
                    };
                    match tag {
                        "<" if !output.reply.contains(rest) => {
                            fail(format!(
                                "reply lacks {rest:?}\n--- reply ---\n{}",
                                output.reply
                            ));
                        }
                        "<!" if output.reply.contains(rest) => {
                            fail(format!(
                                "reply has {rest:?}\n--- reply ---\n{}",
                                output.reply
                            ));
                        }
                        "<~" => {
                            let re = regex::Regex::new(rest).expect("valid regex");
                            if !re.is_match(&output.reply) {
                                fail(format!(
                                    "reply does not match /{rest}/\n--- reply ---\n{}",
                                    output.reply
                                ));
                            }
                        }
                        "=" => {
                            let (path, expected) = rest.split_once(' ').expect("= PATH VALUE");
                            let expected: serde_json::Value = serde_json::from_str(expected)
                                .unwrap_or_else(|_| {
                                    serde_json::Value::String(expected.to_string())
                                });
                            let state_json = serde_json::to_value(&output.state).unwrap();
                            let got = json_path(&state_json, path)
                                .cloned()
                                .unwrap_or(serde_json::Value::Null);
                            if got != expected {
                                fail(format!("state {path} is {got}, expected {expected}"));
                            }
                        }
                        "!" => {
                            let got: Vec<&str> =
                                output.tool_calls.iter().map(|c| c.request.name()).collect();
                            let expected: Vec<&str> = if rest.trim() == "none" {
                                Vec::new()
                            } else {
                                rest.split_whitespace().collect()
                            };
                            if got != expected {
                                fail(format!("tools {got:?}, expected {expected:?}"));
                            }
                        }
                        _ => {}
                    }
                }
                "%" => {
                    // The data agents: `% chain N`, `% stack a b`,
                    // `% flow ID STATE` / `% flow none`, `% confirm TOOL` /
                    // `% confirm none`.
                    let Some(output) = &last else {
                        fail("expectation before any turn".into());
                        continue;
                    };
                    let (what, want) = rest.split_once(' ').unwrap_or((rest, ""));
                    let s = &output.state;
                    let got = match what {
                        "chain" => output.chain.iterations.to_string(),
                        // `% share TEXT`: the text offered for forwarding.
                        "share" => output.share.clone().unwrap_or_else(|| "none".into()),
                        "stack" => s
                            .agent_stack
                            .iter()
                            .map(|f| f.agent_id.as_str())
                            .collect::<Vec<_>>()
                            .join(" "),
                        "flow" => s.current_flow.as_ref().map_or("none".into(), |f| {
                            format!("{} {}", f.flow_id, f.current_state)
                        }),
                        "confirm" => s
                            .pending_action
                            .as_ref()
                            .and_then(|p| p.service())
                            .map_or("none".into(), |p| p.tool_name.clone()),
                        // What the active frame waits for (seed 003's
                        // `awaiting_clarification` is `clarify`).
                        "waiting" => match s.agent_stack.last().map(|f| &f.waiting) {
                            Some(Waiting::Slot { slot, .. }) => format!("slot {slot}"),
                            Some(Waiting::Clarify { .. }) => "clarify".into(),
                            Some(Waiting::Confirmation { .. }) => "confirmation".into(),
                            Some(Waiting::Intent { .. }) => "intent".into(),
                            Some(Waiting::Request) | None => "request".into(),
                        },
                        // `% data KEY VALUE`: a value the flow keeps.
                        "data" => {
                            let (key, _) = want.split_once(' ').unwrap_or((want, ""));
                            let value = s
                                .current_flow
                                .as_ref()
                                .and_then(|f| f.state_data.get(key))
                                .and_then(|v| v.as_str())
                                .unwrap_or("none");
                            format!("{key} {value}")
                        }
                        other => panic!("{at}: unknown agent check {other}"),
                    };
                    if got != want {
                        fail(format!("{what} is {got:?}, expected {want:?}"));
                    }
                }
                "$" if rest.starts_with("debt ") => {
                    // `$ debt NAME CENTS`: the stored balance of a debt.
                    let (name, cents) = rest["debt ".len()..]
                        .rsplit_once(' ')
                        .expect("$ debt NAME CENTS");
                    let want: Option<i64> = serde_json::from_str(cents).expect("$ debt cents");
                    let got = ledger.debt(name).and_then(|d| d.balance_mxn_cents);
                    if got != want {
                        fail(format!("debt {name} balance {got:?}, expected {want:?}"));
                    }
                }
                "$" => {
                    let (what, n) = rest.split_once(' ').expect("$ WHAT N");
                    let n: usize = n.parse().expect("$ count");
                    let got = match what {
                        "transactions" => ledger.transactions().count(),
                        "writes" => ledger.writes.len(),
                        "cobros" => ledger.cobros.requests.len(),
                        "contacts" => ledger.cobros.contacts.len(),
                        "queued" => ledger.queued_messages.len(),
                        "recurring" => ledger.recurring.len(),
                        other => panic!("{at}: unknown ledger check {other}"),
                    };
                    if got != n {
                        fail(format!("ledger {what} is {got}, expected {n}"));
                    }
                }
                other => panic!("{at}: unknown line tag {other:?}"),
            }
        }
        // The turns' stored events give back every reply and tool call.
        let stored = review::StoredConversation {
            id: format!("{} [{}]", conversation.file, conversation.title),
            events,
        };
        run.failures
            .extend(review::replay_stored(&[stored]).differences);
    }
    run
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn transcripts() {
    let run = run_all();
    println!(
        "{} transcripts, {} turns, digest {:016x}",
        run.count, run.turns, run.digest
    );
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(path) = std::env::var_os("CAJA_TRANSCRIPT_DUMP") {
        std::fs::write(path, &run.dump).unwrap();
    }
    assert!(
        run.failures.is_empty(),
        "{} failures:\n{}",
        run.failures.len(),
        run.failures.join("\n\n")
    );
    assert!(
        run.count >= 60,
        "at least 60 transcripts, found {}",
        run.count
    );
    let digest = format!("{:016x}", run.digest);
    #[cfg(not(target_arch = "wasm32"))]
    if std::env::var("CAJA_UPDATE_DIGEST").is_ok() {
        std::fs::write(
            concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/transcripts/DIGEST"),
            format!("{digest}\n"),
        )
        .unwrap();
        return;
    }
    assert_eq!(
        digest,
        DIGEST.trim(),
        "outputs changed: refresh tests/transcripts/DIGEST natively, then both hosts must agree"
    );
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn every_transcript_file_is_run() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/transcripts");
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".txt") {
            assert!(
                FILES.iter().any(|(f, _)| *f == name),
                "{name} is not in FILES"
            );
        }
    }
}

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
