//! Lays a diagram out with `dagre` (Sugiyama: ranks, crossing reduction,
//! Brandes–Köpf placement; self-loops and edge labels included) and writes
//! it as SVG. Text is set in a monospace face, so its width is known
//! without measuring it in a browser.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use caja_core::review::diagram::{Diagram, EdgeKind, Marks, NodeKind};
use dagre::graph::{Graph, GraphOptions};
use dagre::layout::types::LabelPos;
use dagre::{EdgeLabel, LayoutOptions, NodeLabel, RankDir};

/// Width of one character of the diagram's 12px monospace text.
const CHAR_W: f64 = 7.3;
const LINE_H: f64 = 15.0;
const PAD: f64 = 10.0;
/// Edge labels are smaller.
const LABEL_CHAR_W: f64 = 6.1;

fn text_width(text: &str, char_w: f64) -> f64 {
    text.chars().count() as f64 * char_w
}

/// What `marks` says about `d`: the current node, the nodes passed and the
/// edges taken (consecutive nodes of the path), each with the transition
/// that took it when the marks name one.
struct Lit {
    current: Option<String>,
    visited: BTreeSet<String>,
    taken: BTreeMap<(String, String), String>,
}

fn lit(d: &Diagram, marks: &Marks) -> Lit {
    let (current, path, via) = if d.id == "agents" {
        let mut path = marks.agents.clone();
        if d.nodes.iter().any(|n| n.id == marks.diagram) {
            path.push(marks.diagram.clone());
        }
        (path.last().cloned(), path, &[][..])
    } else if d.id == marks.diagram {
        (marks.current.clone(), marks.path.clone(), &marks.via[..])
    } else {
        (None, Vec::new(), &[][..])
    };
    let taken = path
        .windows(2)
        .enumerate()
        .map(|(i, w)| {
            let how = via.get(i + 1).cloned().unwrap_or_default();
            ((w[0].clone(), w[1].clone()), how)
        })
        .collect();
    Lit {
        current,
        visited: path.into_iter().collect(),
        taken,
    }
}

/// The SVG of `d` with `marks` drawn on it.
pub fn render(d: &Diagram, marks: &Marks) -> String {
    let g = laid_out(d);
    let lit = lit(d, marks);
    let mut size = (0.0f64, 0.0f64);
    let edges = draw_edges(d, &g, &lit, &mut size);
    let nodes = draw_nodes(d, &g, &lit, &mut size);
    let (width, height) = size;
    let (width, height) = (width + 12.0, height + 12.0);
    format!(
        concat!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" class="diagram" data-diagram="{id}" "#,
            r#"viewBox="0 0 {w:.0} {h:.0}" width="{w:.0}" height="{h:.0}" role="img" aria-label="{title}">"#,
            r#"<title>{title}</title>"#,
            r#"<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">"#,
            r#"<path d="M0,0 L10,5 L0,10 z"/></marker></defs>"#,
            "{edges}{nodes}</svg>"
        ),
        id = esc(&d.id),
        w = width,
        h = height,
        title = esc(&d.title),
        edges = edges,
        nodes = nodes,
    )
}

/// The diagram's graph, laid out by dagre top to bottom.
fn laid_out(d: &Diagram) -> Graph<NodeLabel, EdgeLabel> {
    let mut g: Graph<NodeLabel, EdgeLabel> = Graph::with_options(GraphOptions {
        directed: true,
        multigraph: true,
        compound: false,
    });
    for node in &d.nodes {
        let (width, height) = match node.kind {
            NodeKind::Start => (16.0, 16.0),
            _ => {
                let widest = text_width(&node.title, CHAR_W).max(text_width(&node.detail, CHAR_W));
                let lines = if node.detail.is_empty() { 1.0 } else { 2.0 };
                (widest + 2.0 * PAD, lines * LINE_H + 2.0 * PAD - 4.0)
            }
        };
        g.set_node(
            node.id.clone(),
            Some(NodeLabel {
                width,
                height,
                ..NodeLabel::default()
            }),
        );
    }
    for (i, edge) in d.edges.iter().enumerate() {
        // Centred on its edge, where the layout reserves its box (dagre's
        // default puts it right of the edge, over whatever lies there).
        let label = EdgeLabel {
            width: text_width(&edge.label, LABEL_CHAR_W),
            height: if edge.label.is_empty() { 0.0 } else { 13.0 },
            labelpos: LabelPos::Center,
            ..EdgeLabel::default()
        };
        g.set_edge(&edge.from, &edge.to, Some(label), Some(&i.to_string()));
    }
    dagre::layout(
        &mut g,
        Some(LayoutOptions {
            rankdir: RankDir::TB,
            nodesep: 28.0,
            edgesep: 12.0,
            ranksep: 38.0,
            marginx: 12.0,
            marginy: 12.0,
            ..LayoutOptions::default()
        }),
    );
    g
}

/// The edges as SVG groups; `size` grows to hold them.
fn draw_edges(
    d: &Diagram,
    g: &Graph<NodeLabel, EdgeLabel>,
    lit: &Lit,
    size: &mut (f64, f64),
) -> String {
    let marked = !lit.visited.is_empty();
    let (mut width, mut height) = *size;
    let mut edges = String::new();
    for (i, edge) in d.edges.iter().enumerate() {
        let Some(label) = g.edge(&edge.from, &edge.to, Some(&i.to_string())) else {
            continue;
        };
        let via = lit.taken.get(&(edge.from.clone(), edge.to.clone()));
        let taken = via.is_some();
        let class = edge_class(edge.kind, taken, marked);
        let mut points = String::new();
        for (n, p) in label.points.iter().enumerate() {
            width = width.max(p.x);
            height = height.max(p.y);
            let _ = write!(
                points,
                "{}{:.1},{:.1}",
                if n == 0 { "M" } else { " L" },
                p.x,
                p.y
            );
        }
        let _ = write!(
            edges,
            r#"<g class="{class}" data-from="{}" data-to="{}"><path d="{points}" marker-end="url(#arrow)"/>"#,
            esc(&edge.from),
            esc(&edge.to)
        );
        if let (false, Some(x), Some(y)) = (edge.label.is_empty(), label.x, label.y) {
            let _ = write!(
                edges,
                r#"<text class="label" x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
                y + 4.0,
                esc(via.map_or(&edge.label[..], |via| edge.label_via(via)))
            );
        }
        edges.push_str("</g>");
    }
    *size = (width, height);
    edges
}

/// The nodes as SVG groups, the current one marked; `size` grows to hold
/// them.
fn draw_nodes(
    d: &Diagram,
    g: &Graph<NodeLabel, EdgeLabel>,
    lit: &Lit,
    size: &mut (f64, f64),
) -> String {
    let marked = !lit.visited.is_empty();
    let (mut width, mut height) = *size;
    let mut nodes = String::new();
    for node in &d.nodes {
        let Some(n) = g.node(&node.id) else { continue };
        let (x, y) = (n.x.unwrap_or_default(), n.y.unwrap_or_default());
        width = width.max(x + n.width / 2.0);
        height = height.max(y + n.height / 2.0);
        let state = if lit.current.as_deref() == Some(&node.id) {
            " current"
        } else if lit.visited.contains(&node.id) {
            " visited"
        } else if marked {
            " dim"
        } else {
            ""
        };
        let kind = kind_class(node.kind);
        let _ = write!(
            nodes,
            r#"<g class="node {kind}{state}" data-node="{}""#,
            esc(&node.id)
        );
        if state == " current" {
            nodes.push_str(r#" aria-current="step""#);
        }
        nodes.push('>');
        if node.kind == NodeKind::Start {
            let _ = write!(nodes, r#"<circle cx="{x:.1}" cy="{y:.1}" r="7"/>"#);
        } else {
            let (left, top) = (x - n.width / 2.0, y - n.height / 2.0);
            let _ = write!(
                nodes,
                r#"<rect x="{left:.1}" y="{top:.1}" width="{:.1}" height="{:.1}" rx="6"/>"#,
                n.width, n.height
            );
            if node.kind == NodeKind::Final {
                let _ = write!(
                    nodes,
                    r#"<rect class="inner" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="4"/>"#,
                    left + 3.0,
                    top + 3.0,
                    n.width - 6.0,
                    n.height - 6.0
                );
            }
            let first = if node.detail.is_empty() {
                y + 4.0
            } else {
                y - 3.0
            };
            let _ = write!(
                nodes,
                r#"<text x="{x:.1}" y="{first:.1}" text-anchor="middle">{}</text>"#,
                esc(&node.title)
            );
            if !node.detail.is_empty() {
                let _ = write!(
                    nodes,
                    r#"<text class="detail" x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
                    y + LINE_H - 3.0,
                    esc(&node.detail)
                );
            }
        }
        nodes.push_str("</g>");
    }
    *size = (width, height);
    nodes
}

fn kind_class(kind: NodeKind) -> &'static str {
    match kind {
        NodeKind::Start => "start",
        NodeKind::Agent => "agent",
        NodeKind::Flow => "flow",
        NodeKind::Step => "step",
        NodeKind::Collect => "collect",
        NodeKind::Clarify => "clarify",
        NodeKind::Confirm => "confirm",
        NodeKind::Final => "final",
    }
}

fn edge_class(kind: EdgeKind, taken: bool, marked: bool) -> String {
    let kind = match kind {
        EdgeKind::Next => "next",
        EdgeKind::Loop => "loop",
        EdgeKind::Failure => "failure",
        EdgeKind::Route => "route",
    };
    let state = if taken {
        " taken"
    } else if marked {
        " dim"
    } else {
        ""
    };
    format!("edge {kind}{state}")
}

/// Text and attribute escaping for SVG.
pub(crate) fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use caja_core::agents::registry;
    use caja_core::review::diagram;

    /// Every diagram of the shipped agents lays out: each node and edge is
    /// drawn, at finite coordinates, and no two nodes overlap.
    #[test]
    fn every_diagram_lays_out_without_overlaps() {
        let registry = registry::shipped().expect("shipped agents");
        for d in diagram::all(registry) {
            let svg = render(&d, &Marks::default());
            assert_eq!(svg.matches("data-node=").count(), d.nodes.len(), "{}", d.id);
            assert_eq!(svg.matches("data-from=").count(), d.edges.len(), "{}", d.id);
            assert!(!svg.contains("NaN") && !svg.contains("inf"), "{}", d.id);
            let rects = rects(&svg);
            for (i, a) in rects.iter().enumerate() {
                for b in &rects[i + 1..] {
                    let apart = a.0 + a.2 <= b.0
                        || b.0 + b.2 <= a.0
                        || a.1 + a.3 <= b.1
                        || b.1 + b.3 <= a.1;
                    assert!(apart, "{}: nodes overlap: {a:?} {b:?}", d.id);
                }
            }
        }
    }

    /// No edge label of a shipped diagram covers another label or a node:
    /// each stays readable.
    #[test]
    fn edge_labels_cover_no_label_and_no_node() {
        let registry = registry::shipped().expect("shipped agents");
        let apart = |a: &(f64, f64, f64, f64), b: &(f64, f64, f64, f64)| {
            a.0 + a.2 <= b.0 || b.0 + b.2 <= a.0 || a.1 + a.3 <= b.1 || b.1 + b.3 <= a.1
        };
        for d in diagram::all(registry) {
            let svg = render(&d, &Marks::default());
            let labels = labels(&svg);
            let nodes = rects(&svg);
            for (i, (a, text)) in labels.iter().enumerate() {
                for (b, other) in &labels[i + 1..] {
                    assert!(apart(a, b), "{}: «{text}» covers «{other}»", d.id);
                }
                for node in &nodes {
                    assert!(apart(a, node), "{}: «{text}» covers a node {node:?}", d.id);
                }
            }
        }
    }

    /// The box of every edge label, with its text.
    fn labels(svg: &str) -> Vec<((f64, f64, f64, f64), String)> {
        svg.split(r#"<text class="label" "#)
            .skip(1)
            .map(|part| {
                let num = |name: &str| -> f64 {
                    let start = part.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
                    part[start..].split('"').next().unwrap().parse().unwrap()
                };
                let text = part.split('>').nth(1).unwrap().split('<').next().unwrap();
                let width = text_width(text, LABEL_CHAR_W);
                let (x, y) = (num("x"), num("y"));
                ((x - width / 2.0, y - 13.0, width, 13.0), text.to_string())
            })
            .collect()
    }

    /// The outer rect of every node: (x, y, width, height).
    fn rects(svg: &str) -> Vec<(f64, f64, f64, f64)> {
        svg.split("<g class=\"node ")
            .skip(1)
            .filter_map(|part| {
                let rect = part.split("<rect ").nth(1)?;
                let num = |name: &str| -> f64 {
                    let start = rect.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
                    rect[start..].split('"').next().unwrap().parse().unwrap()
                };
                Some((num("x"), num("y"), num("width"), num("height")))
            })
            .collect()
    }

    #[test]
    fn marks_light_the_current_state_and_the_path_and_dim_the_rest() {
        let registry = registry::shipped().expect("shipped agents");
        let agent = registry.agent("topups").unwrap();
        let d = diagram::flow(agent, "recarga").unwrap();
        let marks = Marks {
            diagram: d.id.clone(),
            current: Some("select_amount".into()),
            path: vec![
                "inicio".into(),
                "collect_number".into(),
                "select_amount".into(),
            ],
            via: Vec::new(),
            agents: vec!["financial".into(), "topups".into()],
        };
        let svg = render(&d, &marks);
        assert!(svg.contains(
            r#"<g class="node collect current" data-node="select_amount" aria-current="step">"#
        ));
        assert!(svg.contains(r#"<g class="node collect visited" data-node="collect_number">"#));
        assert!(svg.contains(r#"<g class="node final dim" data-node="done">"#));
        assert!(svg.contains(
            r#"<g class="edge next taken" data-from="collect_number" data-to="select_amount">"#
        ));
        let hierarchy = render(&diagram::hierarchy(registry), &marks);
        assert!(hierarchy.contains(r#"data-node="topups/recarga" aria-current="step""#));
        assert!(hierarchy.contains(r#"<g class="node agent visited" data-node="topups">"#));
        assert!(
            hierarchy
                .contains(r#"<g class="edge route taken" data-from="financial" data-to="topups">"#)
        );
    }

    /// A taken edge that joins several transitions shows the one taken;
    /// untaken, it names them all.
    #[test]
    fn a_taken_edge_shows_only_the_transition_that_held() {
        let registry = registry::shipped().expect("shipped agents");
        let d = diagram::flow(registry.agent("cobros").unwrap(), "cobrar").unwrap();
        let edge_of = |svg: &str| {
            let at = svg
                .find(r#"data-from="amount" data-to="create">"#)
                .expect("the edge");
            let end = at + svg[at..].find("</g>").expect("its end");
            svg[at..end].to_string()
        };
        let marks = |via: &str| Marks {
            diagram: d.id.clone(),
            current: Some("create".into()),
            path: vec![
                "inicio".into(),
                "contact".into(),
                "amount".into(),
                "create".into(),
            ],
            via: vec!["".into(), "start".into(), "ok".into(), via.into()],
            agents: vec!["financial".into(), "cobros".into()],
        };
        let plain = edge_of(&render(&d, &Marks::default()));
        assert!(
            plain.contains("si la fecha límite ya pasó · si no"),
            "{plain}"
        );
        let normal = edge_of(&render(&d, &marks("transition:0")));
        assert!(normal.contains(">si no</text>"), "{normal}");
        assert!(!normal.contains("fecha"), "{normal}");
        let late = edge_of(&render(&d, &marks("check:0")));
        assert!(
            late.contains(">si la fecha límite ya pasó</text>"),
            "{late}"
        );
    }
}
