//! The engine's JSON API over the kept conversations
//! (`tests/replay/conversations.json`), as the review screen calls it:
//! every turn replays to its stored reply, and every turn's marks name a
//! diagram the engine draws, with the current node and the whole path on
//! it, so the screen never highlights a node that is not there.

use serde_json::Value;

const KEPT: &str = include_str!("../../tests/replay/conversations.json");

#[test]
fn every_kept_turn_replays_and_its_marks_land_on_a_drawn_diagram() {
    let kept: Vec<Value> = serde_json::from_str(KEPT).expect("a list of conversations");
    let diagrams: Vec<Value> = serde_json::from_str(&caja_engine::diagrams()).unwrap();
    let ids: Vec<&str> = diagrams.iter().filter_map(|d| d["id"].as_str()).collect();
    let mut flows_marked = 0;
    let mut turns = 0;
    for conversation in &kept {
        let id = conversation["id"].as_str().unwrap_or("?");
        let out: Value = serde_json::from_str(&caja_engine::replay(
            &conversation["events"].to_string(),
            "America/Mexico_City",
        ))
        .unwrap();
        assert!(out.get("error").is_none(), "{id}: {out}");
        // Sessions start at the first turn and go forward, each a dated
        // button naming its first turn.
        let firsts: Vec<u64> = out["sessions"]["firsts"]
            .as_array()
            .expect("firsts")
            .iter()
            .map(|f| f.as_u64().unwrap())
            .collect();
        let count = out["turns"].as_array().map_or(0, Vec::len) as u64;
        assert_eq!(
            firsts.first(),
            Some(&0),
            "{id}: the first session starts it"
        );
        assert!(firsts.windows(2).all(|w| w[0] < w[1]) && firsts.iter().all(|&f| f < count));
        let html = out["sessions"]["html"].as_str().unwrap();
        assert_eq!(
            html.matches("data-testid=\"review-session\"").count(),
            firsts.len()
        );
        assert!(html.matches("<span class=\"date\">2026-").count() >= firsts.len());
        for turn in out["turns"].as_array().expect("turns") {
            turns += 1;
            assert_eq!(
                turn["same"], true,
                "{id} turn {}: {}",
                turn["turn"], turn["reply"]
            );
            let marks = &turn["marks"];
            let diagram = marks["diagram"].as_str().unwrap();
            assert!(ids.contains(&diagram), "{id}: unknown diagram {diagram}");
            let svg = caja_engine::diagram_svg(diagram, &marks.to_string());
            let on = |node: &str| {
                svg.contains(&format!("data-node=\"{}\"", node.replace('"', "&quot;")))
            };
            if let Some(current) = marks["current"].as_str() {
                assert!(
                    on(current),
                    "{id} turn {}: {current} not on {diagram}",
                    turn["turn"]
                );
                assert!(svg.contains("aria-current=\"step\""));
            }
            for node in marks["path"].as_array().unwrap() {
                let node = node.as_str().unwrap();
                assert!(
                    on(node),
                    "{id} turn {}: path node {node} not on {diagram}",
                    turn["turn"]
                );
            }
            flows_marked += usize::from(diagram.contains('/'));
        }
    }
    assert!(
        turns > 100 && flows_marked > 20,
        "{turns} turns, {flows_marked} in data flows"
    );
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let out: Value =
        serde_json::from_str(&caja_engine::replay("not json", "America/Mexico_City")).unwrap();
    assert!(out["error"].is_string());
    let out: Value =
        serde_json::from_str(&caja_engine::replay("[]", "America/Mexico_City")).unwrap();
    assert_eq!(out["error"], "no_start");
    let out: Value = serde_json::from_str(&caja_engine::predict("{}", "{}")).unwrap();
    assert!(out["error"].is_string());
    assert_eq!(caja_engine::diagram_svg("nope", ""), "");
}

#[test]
fn a_prediction_is_the_core_turn() {
    let state = serde_json::to_string(&caja_core::agent::state::AgentState::new("u", "t")).unwrap();
    let input = r#"{"message":"gasté 250 en uber","now_ms":1795370400000,"timezone":"America/Mexico_City"}"#;
    let out: Value = serde_json::from_str(&caja_engine::predict(&state, input)).unwrap();
    assert_eq!(out["done"], true, "{out}");
    assert!(
        out["reply"]
            .as_str()
            .unwrap()
            .contains("¿Registro este movimiento?"),
        "{out}"
    );
    let input = r#"{"message":"¿cuánto llevo gastado este mes?","now_ms":1795370400000}"#;
    let out: Value = serde_json::from_str(&caja_engine::predict(&state, input)).unwrap();
    assert_eq!(out, serde_json::json!({ "done": false, "writes": false }));
    // The page before its first answer has no state: a fresh one is used.
    let input = r#"{"message":"gasté 250 en uber","now_ms":1795370400000}"#;
    let out: Value = serde_json::from_str(&caja_engine::predict("null", input)).unwrap();
    assert_eq!(out["done"], true, "{out}");
    assert_eq!(
        out["state"]["pending_action"]["payload"]["amount_mxn_cents"], 25_000,
        "{out}"
    );
}
