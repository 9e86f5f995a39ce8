//! A small, generic graph runtime: named nodes, conditional edges chosen by
//! the label a node returns, a step limit, suspension for host work, and a
//! trace of every step.
//!
//! A node runs against a state `S` and a per-run context `C` and returns the
//! label of the edge to take (or asks to suspend). Edges map
//! `(node, label)` to the next node or to [`END`]. Graphs are described
//! with a [`GraphBuilder`] (owned names, so a graph may come from data) and
//! compiled by [`GraphBuilder::build`], which reports every error at once;
//! a built graph follows edges by index. A `Graph` is itself a `Node`, so a
//! graph can run as one step of another graph; its end label becomes the
//! step's label in the outer graph.

mod build;

use std::borrow::Cow;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub use build::{BuildError, BuildErrors, GraphBuilder};

/// The name of the end of a graph, as an edge target and in the trace.
pub const END: &str = "END";

/// An edge label: a word of the code (`&'static str`) or of data.
pub type Label = Cow<'static, str>;

/// Why a node took an edge: most reasons are fixed words, some are built.
pub type Reason = Cow<'static, str>;

/// What a node decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeOutcome {
    /// Take the edge with this label; `reason` goes to the trace.
    Next { label: Label, reason: Reason },
    /// Stop the run so the host can do work (run tool calls); the run
    /// resumes at the same node. The path names nested graphs' nodes.
    Suspend { path: Vec<String> },
}

impl NodeOutcome {
    pub fn next(label: impl Into<Label>) -> NodeOutcome {
        NodeOutcome::Next {
            label: label.into(),
            reason: Reason::Borrowed(""),
        }
    }

    pub fn because(label: impl Into<Label>, reason: impl Into<Reason>) -> NodeOutcome {
        NodeOutcome::Next {
            label: label.into(),
            reason: reason.into(),
        }
    }

    pub fn suspend() -> NodeOutcome {
        NodeOutcome::Suspend { path: Vec::new() }
    }
}

/// One executed step. Names are shared with the graph, so a step costs no
/// string formatting.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraceStep {
    /// `graph/node`, nested graphs joined with `/`.
    pub node: Arc<str>,
    /// The edge label taken, or `suspend`.
    pub edge: Label,
    /// Where the edge led ([`END`] at the end of a graph).
    pub to: Arc<str>,
    /// Why, in the node's words; may be empty.
    #[serde(default, skip_serializing_if = "str::is_empty")]
    pub reason: Reason,
}

/// The steps of one run, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trace {
    pub steps: Vec<TraceStep>,
}

impl Trace {
    /// Node names in the order they ran (without the graph prefix).
    pub fn nodes(&self) -> Vec<&str> {
        self.steps
            .iter()
            .map(|step| step.node.rsplit('/').next().unwrap_or(&step.node))
            .collect()
    }
}

/// Why a run could not finish.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GraphError {
    /// More than `limit` steps: a loop in the graph.
    StepLimit { graph: String, limit: usize },
    /// A node returned a label with no edge.
    NoEdge { node: String, label: String },
    /// A resume path named a node the graph does not have.
    UnknownNode { node: String },
}

impl std::fmt::Display for GraphError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GraphError::StepLimit { graph, limit } => {
                write!(f, "graph {graph} exceeded {limit} steps")
            }
            GraphError::NoEdge { node, label } => write!(f, "no edge from {node} on {label}"),
            GraphError::UnknownNode { node } => write!(f, "unknown node {node}"),
        }
    }
}

impl std::error::Error for GraphError {}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunEnd {
    /// Reached `End` through an edge with this label.
    Finished { label: Label },
    /// A node asked to suspend; resume with this path.
    Suspended { path: Vec<String> },
}

/// Anything that can run as a step of a graph.
pub trait Node<S, C> {
    /// Runs the node. `resume` is the rest of a suspension path when the
    /// run resumes inside this node (only graphs use it).
    fn run(
        &self,
        state: &mut S,
        ctx: &mut C,
        resume: &[String],
        trace: &mut Trace,
        prefix: &str,
    ) -> Result<NodeOutcome, GraphError>;
}

/// A plain function node.
pub struct FnNode<S, C>(pub fn(&mut S, &mut C) -> NodeOutcome);

impl<S, C> Node<S, C> for FnNode<S, C> {
    fn run(
        &self,
        state: &mut S,
        ctx: &mut C,
        _resume: &[String],
        _trace: &mut Trace,
        _prefix: &str,
    ) -> Result<NodeOutcome, GraphError> {
        Ok((self.0)(state, ctx))
    }
}

/// A node stored in a graph (graphs are shared between threads).
pub type BoxedNode<S, C> = Box<dyn Node<S, C> + Send + Sync>;

/// Where a compiled edge leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Next {
    Node(usize),
    End,
}

/// A node of a built graph with its outgoing edges.
struct Compiled<S, C> {
    name: Arc<str>,
    /// `graph/node`, shared by every trace step of this node.
    path: Arc<str>,
    node: BoxedNode<S, C>,
    edges: Vec<(Label, Next)>,
}

/// A built graph of named nodes; see [`GraphBuilder`].
pub struct Graph<S, C> {
    name: Arc<str>,
    entry: usize,
    nodes: Vec<Compiled<S, C>>,
    end: Arc<str>,
    step_limit: usize,
}

impl<S, C> Graph<S, C> {
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The edges as `(from, label, to)` names, for documentation and checks.
    pub fn edge_list(&self) -> impl Iterator<Item = (&str, &str, &str)> + '_ {
        self.nodes.iter().flat_map(move |node| {
            node.edges.iter().map(move |(label, next)| {
                let to = match next {
                    Next::Node(i) => &*self.nodes[*i].name,
                    Next::End => END,
                };
                (&*node.name, &**label, to)
            })
        })
    }

    fn index_of(&self, name: &str) -> Option<usize> {
        self.nodes.iter().position(|n| &*n.name == name)
    }

    /// Runs from the entry node, or from a suspension path.
    pub fn run(
        &self,
        state: &mut S,
        ctx: &mut C,
        resume: &[String],
        trace: &mut Trace,
    ) -> Result<RunEnd, GraphError> {
        self.run_prefixed(state, ctx, resume, trace, "")
    }

    fn run_prefixed(
        &self,
        state: &mut S,
        ctx: &mut C,
        resume: &[String],
        trace: &mut Trace,
        prefix: &str,
    ) -> Result<RunEnd, GraphError> {
        // Only a nested graph pays for joining names.
        let graph_prefix: Cow<str> = if prefix.is_empty() {
            Cow::Borrowed(&self.name)
        } else {
            Cow::Owned(format!("{prefix}/{}", self.name))
        };
        let path_of = |node: &Compiled<S, C>| -> Arc<str> {
            if prefix.is_empty() {
                node.path.clone()
            } else {
                Arc::from(format!("{prefix}/{}", node.path))
            }
        };
        let (mut current, mut inner_resume) = match resume.split_first() {
            Some((first, rest)) => (
                self.index_of(first)
                    .ok_or_else(|| GraphError::UnknownNode {
                        node: first.clone(),
                    })?,
                rest,
            ),
            None => (self.entry, &[][..]),
        };
        for _ in 0..self.step_limit {
            let compiled = &self.nodes[current];
            let outcome = compiled
                .node
                .run(state, ctx, inner_resume, trace, &graph_prefix)?;
            inner_resume = &[];
            match outcome {
                NodeOutcome::Suspend { path } => {
                    trace.steps.push(TraceStep {
                        node: path_of(compiled),
                        edge: Cow::Borrowed("suspend"),
                        to: compiled.name.clone(),
                        reason: Reason::Borrowed(""),
                    });
                    let mut full = vec![compiled.name.to_string()];
                    full.extend(path);
                    return Ok(RunEnd::Suspended { path: full });
                }
                NodeOutcome::Next { label, reason } => {
                    let next = compiled
                        .edges
                        .iter()
                        .find(|(edge_label, _)| *edge_label == label)
                        .map(|(_, next)| *next)
                        .ok_or_else(|| GraphError::NoEdge {
                            node: path_of(compiled).to_string(),
                            label: label.to_string(),
                        })?;
                    trace.steps.push(TraceStep {
                        node: path_of(compiled),
                        edge: label.clone(),
                        to: match next {
                            Next::Node(i) => self.nodes[i].name.clone(),
                            Next::End => self.end.clone(),
                        },
                        reason,
                    });
                    match next {
                        Next::Node(i) => current = i,
                        Next::End => return Ok(RunEnd::Finished { label }),
                    }
                }
            }
        }
        Err(GraphError::StepLimit {
            graph: graph_prefix.into_owned(),
            limit: self.step_limit,
        })
    }
}

impl<S, C> Node<S, C> for Graph<S, C> {
    fn run(
        &self,
        state: &mut S,
        ctx: &mut C,
        resume: &[String],
        trace: &mut Trace,
        prefix: &str,
    ) -> Result<NodeOutcome, GraphError> {
        match self.run_prefixed(state, ctx, resume, trace, prefix)? {
            RunEnd::Finished { label } => Ok(NodeOutcome::next(label)),
            RunEnd::Suspended { path } => Ok(NodeOutcome::Suspend { path }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[derive(Default)]
    struct Counter {
        value: u32,
        resumed: bool,
    }

    fn increment(state: &mut Counter, _: &mut ()) -> NodeOutcome {
        state.value += 1;
        if state.value < 3 {
            NodeOutcome::next("again")
        } else {
            NodeOutcome::next("done")
        }
    }

    fn wait_for_host(state: &mut Counter, _: &mut ()) -> NodeOutcome {
        if state.resumed {
            NodeOutcome::next("done")
        } else {
            NodeOutcome::suspend()
        }
    }

    fn counter() -> GraphBuilder<Counter, ()> {
        GraphBuilder::new("g", "inc")
            .node("inc", increment)
            .edge("inc", "again", "inc")
            .edge("inc", "done", END)
    }

    #[test]
    fn conditional_edges_loop_until_done_and_are_traced() {
        let graph = counter().build().unwrap();
        let mut state = Counter::default();
        let mut trace = Trace::default();
        let end = graph.run(&mut state, &mut (), &[], &mut trace).unwrap();
        assert_eq!(
            end,
            RunEnd::Finished {
                label: "done".into()
            }
        );
        assert_eq!(state.value, 3);
        assert_eq!(trace.nodes(), ["inc", "inc", "inc"]);
        assert_eq!(&*trace.steps[0].node, "g/inc");
        assert_eq!(&*trace.steps[2].to, END);
    }

    #[test]
    fn a_loop_past_the_step_limit_is_an_error_not_a_hang() {
        let graph = counter().step_limit(2).build().unwrap();
        let err = graph.run(&mut Counter::default(), &mut (), &[], &mut Trace::default());
        assert_eq!(
            err,
            Err(GraphError::StepLimit {
                graph: "g".into(),
                limit: 2
            })
        );
    }

    #[test]
    fn a_label_without_an_edge_is_an_error() {
        // "again" has no edge: the description is valid (the node can
        // reach the end), the run that returns "again" is not.
        let graph = GraphBuilder::<Counter, ()>::new("g", "inc")
            .node("inc", increment)
            .edge("inc", "done", END)
            .build()
            .unwrap();
        let err = graph.run(&mut Counter::default(), &mut (), &[], &mut Trace::default());
        assert!(matches!(err, Err(GraphError::NoEdge { .. })));
    }

    /// A graph with an unreachable node, a dead end and a loop with no
    /// way to the end.
    fn misshapen(name: &str, entry: &str) -> GraphBuilder<Counter, ()> {
        GraphBuilder::new(name, entry)
            .node("inc", increment)
            .node("island", increment)
            .node("dead_end", increment)
            .node("spin", increment)
            .edge("inc", "done", END)
            .edge("inc", "dead", "dead_end")
            .edge("inc", "spin", "spin")
            .edge("spin", "again", "spin")
            .edge("island", "done", END)
    }

    #[test]
    fn a_broken_description_reports_every_error_at_once() {
        let errors = misshapen("broken", "start")
            .step_limit(0)
            .node("inc", increment)
            .node("END", increment)
            .edge("inc", "done", "spin")
            .edge("ghost", "x", END)
            .edge("inc", "lost", "nowhere")
            .build()
            .err()
            .expect("refused");
        // The entry is unknown, so reachability is not judged.
        assert_eq!(
            errors.errors,
            [
                BuildError::DuplicateNode { node: "inc".into() },
                BuildError::ReservedName { node: "END".into() },
                BuildError::ZeroStepLimit,
                BuildError::UnknownEntry {
                    node: "start".into()
                },
                BuildError::DuplicateEdge {
                    from: "inc".into(),
                    label: "done".into()
                },
                BuildError::UnknownSource {
                    from: "ghost".into(),
                    label: "x".into()
                },
                BuildError::UnknownTarget {
                    from: "inc".into(),
                    label: "lost".into(),
                    to: "nowhere".into()
                },
            ]
        );
        let shown = errors.to_string();
        assert!(shown.starts_with("graph broken has 7 error(s):"), "{shown}");

        let errors = misshapen("shape", "inc").build().err().expect("refused");
        assert_eq!(
            errors.errors,
            [
                BuildError::Unreachable {
                    node: "island".into()
                },
                BuildError::NoExit {
                    node: "dead_end".into()
                },
                BuildError::NoWayToEnd {
                    node: "spin".into()
                },
            ]
        );
    }

    #[test]
    fn names_may_come_from_data() {
        let names: Vec<String> = vec!["first".into(), "second".into()];
        let graph = GraphBuilder::<Counter, ()>::new(String::from("data"), names[0].clone())
            .node(names[0].clone(), increment)
            .node(names[1].clone(), increment)
            .edge(names[0].clone(), String::from("again"), names[1].clone())
            .edge(names[0].clone(), "done", END)
            .edge(names[1].clone(), "again", names[0].clone())
            .edge(names[1].clone(), "done", END)
            .build()
            .unwrap();
        let mut trace = Trace::default();
        graph
            .run(&mut Counter::default(), &mut (), &[], &mut trace)
            .unwrap();
        assert_eq!(trace.nodes(), ["first", "second", "first"]);
        let edges: Vec<_> = graph.edge_list().collect();
        assert!(edges.contains(&("second", "again", "first")));
    }

    #[test]
    fn a_nested_graph_suspends_and_resumes_where_it_stopped() {
        let inner = GraphBuilder::new("inner", "wait")
            .node("wait", wait_for_host)
            .edge("wait", "done", END)
            .build()
            .unwrap();
        let outer = GraphBuilder::new("outer", "sub")
            .node_boxed("sub", Box::new(inner))
            .node("inc", increment)
            .edge("sub", "done", "inc")
            .edge("inc", "again", "inc")
            .edge("inc", "done", END)
            .build()
            .unwrap();
        let mut state = Counter::default();
        let mut trace = Trace::default();
        let end = outer.run(&mut state, &mut (), &[], &mut trace).unwrap();
        let RunEnd::Suspended { path } = end else {
            panic!("expected suspension")
        };
        assert_eq!(path, ["sub", "wait"]);
        state.resumed = true;
        let end = outer.run(&mut state, &mut (), &path, &mut trace).unwrap();
        assert_eq!(
            end,
            RunEnd::Finished {
                label: "done".into()
            }
        );
        assert_eq!(&*trace.steps[0].node, "outer/inner/wait");
        assert_eq!(&*trace.steps[0].edge, "suspend");
        assert_eq!(
            trace.nodes(),
            ["wait", "sub", "wait", "sub", "inc", "inc", "inc"]
        );
        let unknown = outer.run(&mut state, &mut (), &["nope".to_string()], &mut trace);
        assert_eq!(
            unknown,
            Err(GraphError::UnknownNode {
                node: "nope".into()
            })
        );
    }
}
