use super::*;

fn registry() -> &'static Registry {
    crate::agents::registry::shipped().expect("shipped agents load")
}

/// Every edge joins drawn nodes, so nothing dangles.
#[test]
fn every_edge_joins_two_nodes_of_its_diagram() {
    for d in all(registry()) {
        for e in &d.edges {
            for end in [&e.from, &e.to] {
                assert!(
                    d.nodes.iter().any(|n| &n.id == end),
                    "{}: edge {} -> {} names {end}, not a node",
                    d.id,
                    e.from,
                    e.to
                );
            }
        }
    }
}

/// A drawn edge that joins several transitions names each, and a run
/// records which one it took: the cobro's amount goes on to its
/// confirmation when the due date has not passed, by the edge the
/// past-due check shares.
#[test]
fn a_taken_edge_knows_its_transition() {
    use crate::agent::{AgentConfig, TurnInput, run_turn};
    let agent = registry().agent("cobros").unwrap();
    let d = flow(agent, "cobrar").unwrap();
    let edge = d
        .edges
        .iter()
        .find(|e| e.from == "amount" && e.to == "create")
        .unwrap();
    assert_eq!(edge.label, "si la fecha límite ya pasó · si no");
    assert_eq!(edge.label_via("check:0"), "si la fecha límite ya pasó");
    assert_eq!(edge.label_via("transition:0"), words::ELSE);
    let mut ledger = crate::tools::memory::MemoryLedger::new();
    let mut state = AgentState::new("u", "t");
    let mut entered = Vec::new();
    let now = 1_795_370_400_000;
    for message in ["cóbrale 350 a doña Mari por los tamales", "sí"] {
        let input = TurnInput {
            message: message.into(),
            now_ms: now,
            timezone: None,
            press: None,
            shared_chat: false,
            start: None,
        };
        let out = run_turn(state, input, &AgentConfig::default(), |c| {
            ledger.execute(c, now)
        });
        entered.extend(out.chain.entered.clone());
        state = out.state;
    }
    let step = |s: &str| entered.iter().find(|e| e[2] == s).map(|e| e[3].as_str());
    assert_eq!(step("contact"), Some("start"), "{entered:?}");
    assert_eq!(step("amount"), Some("ok"), "{entered:?}");
    assert_eq!(step("create"), Some("transition:0"), "{entered:?}");
}

#[test]
fn a_flow_shows_its_states_loops_gate_and_finals() {
    let agent = registry().agent("topups").unwrap();
    let d = flow(agent, "recarga").unwrap();
    let kind = |id: &str| d.nodes.iter().find(|n| n.id == id).map(|n| n.kind);
    assert_eq!(kind("inicio"), Some(NodeKind::Start));
    assert_eq!(kind("collect_number"), Some(NodeKind::Collect));
    assert_eq!(kind("done"), Some(NodeKind::Final));
    assert_eq!(kind("select_amount:confirma"), Some(NodeKind::Confirm));
    let has = |from: &str, to: &str, kind: EdgeKind| {
        d.edges
            .iter()
            .any(|e| e.from == from && e.to == to && e.kind == kind)
    };
    assert!(has("inicio", "collect_number", EdgeKind::Next));
    assert!(has("collect_number", "collect_number", EdgeKind::Loop));
    assert!(has("collect_number", "gave_up", EdgeKind::Failure));
    assert!(has("collect_number", "select_amount", EdgeKind::Next));
    assert!(has(
        "select_amount",
        "select_amount:confirma",
        EdgeKind::Next
    ));
    assert!(has("select_amount:confirma", "done", EdgeKind::Next));
    assert!(has("select_amount:confirma", "failed", EdgeKind::Failure));
    assert!(has(
        "select_amount:confirma",
        "cancelado",
        EdgeKind::Failure
    ));
}

#[test]
fn the_hierarchy_routes_home_to_every_agent_and_each_to_its_flows() {
    let d = hierarchy(registry());
    for agent in &registry().agents {
        let id = &agent.spec.id;
        if id != HOME {
            assert!(
                d.edges.iter().any(|e| e.from == HOME && &e.to == id),
                "no route to {id}"
            );
        }
        for flow in agent.flows.keys() {
            let target = flow_id(id, flow);
            assert!(
                d.edges.iter().any(|e| &e.from == id && e.to == target),
                "no route to {target}"
            );
        }
    }
}

#[test]
fn the_financial_graph_is_the_built_one() {
    let d = financial();
    assert_eq!(
        d.edges.len(),
        crate::agent::graph_edges().len() + 1,
        "every built edge and the start"
    );
    assert!(d.nodes.iter().any(|n| n.id == "router"));
}

#[test]
fn the_financial_graph_says_what_each_step_does_and_why_it_branches() {
    let d = financial();
    for node in d.nodes.iter().filter(|n| n.kind == NodeKind::Step) {
        assert!(
            !node.title.is_empty() && node.title != node.id,
            "step {} is titled by its id",
            node.id
        );
    }
    // A built label that names neither its target nor the end is a
    // branch, and is said in Spanish.
    for (from, label, to) in crate::agent::graph_edges() {
        if label != to && to != crate::graph::END {
            assert!(
                !words::financial_branch(label).is_empty(),
                "{from} -{label}-> {to} has no words"
            );
        }
    }
    assert!(d.edges.iter().all(|e| e.label != "unclear"));
}

#[test]
fn every_diagram_speaks_spanish_words_never_ids_or_raw_conditions() {
    for d in all(registry()) {
        for node in &d.nodes {
            let raw = node.title.contains('_') || node.title.contains("slots.");
            assert!(!raw, "{}: node {} titled {:?}", d.id, node.id, node.title);
        }
        for edge in &d.edges {
            let raw = ["slots.", "data.", "_", " = ", " < ", " > "]
                .iter()
                .any(|bit| edge.label.contains(bit));
            assert!(
                !raw,
                "{}: edge {} → {} says {:?}",
                d.id, edge.from, edge.to, edge.label
            );
        }
    }
    let topups = flow(registry().agent("topups").unwrap(), "recarga").unwrap();
    assert_eq!(topups.title, "Recargas (demo) · Hacer una recarga");
    let title = |id: &str| {
        topups
            .nodes
            .iter()
            .find(|n| n.id == id)
            .unwrap()
            .title
            .clone()
    };
    assert_eq!(title("collect_number"), "Pide el número");
}
