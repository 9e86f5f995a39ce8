//! A small, generic graph runtime: named nodes, conditional edges chosen by
//! the label a node returns, a step limit, suspension for host work, and a
//! trace of every step.
//!
//! A node runs against a state `S` and a per-run context `C` and returns the
//! label of the edge to take (or asks to suspend). Edges map
//! `(node, label)` to the next node or to the end of the graph. A `Graph` is
//! itself a `Node`, so a graph can run as one step of another graph; its end
//! label becomes the step's label in the outer graph.

use serde::{Deserialize, Serialize};

/// Where an edge leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Node(&'static str),
    End,
}

/// What a node decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeOutcome {
    /// Take the edge with this label; `reason` goes to the trace.
    Next { label: &'static str, reason: String },
    /// Stop the run so the host can do work (run tool calls); the run
    /// resumes at the same node. The path names nested graphs' nodes.
    Suspend { path: Vec<String> },
}

impl NodeOutcome {
    pub fn next(label: &'static str) -> NodeOutcome {
        NodeOutcome::Next {
            label,
            reason: String::new(),
        }
    }

    pub fn because(label: &'static str, reason: impl Into<String>) -> NodeOutcome {
        NodeOutcome::Next {
            label,
            reason: reason.into(),
        }
    }

    pub fn suspend() -> NodeOutcome {
        NodeOutcome::Suspend { path: Vec::new() }
    }
}

/// One executed step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraceStep {
    /// `graph/node`, nested graphs joined with `/`.
    pub node: String,
    /// The edge label taken, or `suspend`.
    pub edge: String,
    /// Where the edge led (`END` at the end of a graph).
    pub to: String,
    /// Why, in the node's words; may be empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
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
    Finished { label: &'static str },
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

/// A graph of named nodes.
pub struct Graph<S, C> {
    name: &'static str,
    entry: &'static str,
    nodes: Vec<(&'static str, BoxedNode<S, C>)>,
    edges: Vec<(&'static str, &'static str, Target)>,
    step_limit: usize,
}

impl<S, C> Graph<S, C> {
    pub fn new(name: &'static str, entry: &'static str) -> Graph<S, C> {
        Graph {
            name,
            entry,
            nodes: Vec::new(),
            edges: Vec::new(),
            step_limit: 32,
        }
    }

    pub fn with_step_limit(mut self, limit: usize) -> Graph<S, C> {
        self.step_limit = limit;
        self
    }

    /// Adds a function node.
    pub fn node(self, name: &'static str, run: fn(&mut S, &mut C) -> NodeOutcome) -> Graph<S, C>
    where
        S: 'static,
        C: 'static,
    {
        self.node_boxed(name, Box::new(FnNode(run)))
    }

    /// Adds any node, a nested graph included.
    pub fn node_boxed(
        mut self,
        name: &'static str,
        node: Box<dyn Node<S, C> + Send + Sync>,
    ) -> Graph<S, C> {
        self.nodes.push((name, node));
        self
    }

    /// Adds the edge taken from `from` when it returns `label`.
    pub fn edge(mut self, from: &'static str, label: &'static str, to: Target) -> Graph<S, C> {
        self.edges.push((from, label, to));
        self
    }

    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The edges as `(from, label, to)` names, for documentation and checks.
    pub fn edge_list(&self) -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
        self.edges.iter().map(|&(from, label, to)| {
            (
                from,
                label,
                match to {
                    Target::Node(name) => name,
                    Target::End => "END",
                },
            )
        })
    }

    fn find(&self, name: &str) -> Option<(&'static str, &(dyn Node<S, C> + Send + Sync))> {
        self.nodes
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(n, node)| (*n, node.as_ref()))
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
        let graph_prefix = if prefix.is_empty() {
            self.name.to_string()
        } else {
            format!("{prefix}/{}", self.name)
        };
        let (mut current, mut inner_resume) = match resume.split_first() {
            Some((first, rest)) => (first.as_str(), rest),
            None => (self.entry, &[][..]),
        };
        for _ in 0..self.step_limit {
            let (name, node) = self.find(current).ok_or_else(|| GraphError::UnknownNode {
                node: current.to_string(),
            })?;
            let outcome = node.run(state, ctx, inner_resume, trace, &graph_prefix)?;
            inner_resume = &[];
            let node_path = format!("{graph_prefix}/{name}");
            match outcome {
                NodeOutcome::Suspend { path } => {
                    trace.steps.push(TraceStep {
                        node: node_path,
                        edge: "suspend".to_string(),
                        to: name.to_string(),
                        reason: String::new(),
                    });
                    let mut full = vec![name.to_string()];
                    full.extend(path);
                    return Ok(RunEnd::Suspended { path: full });
                }
                NodeOutcome::Next { label, reason } => {
                    let target = self
                        .edges
                        .iter()
                        .find(|(from, edge_label, _)| *from == name && *edge_label == label)
                        .map(|(_, _, to)| *to)
                        .ok_or_else(|| GraphError::NoEdge {
                            node: node_path.clone(),
                            label: label.to_string(),
                        })?;
                    trace.steps.push(TraceStep {
                        node: node_path,
                        edge: label.to_string(),
                        to: match target {
                            Target::Node(next) => next.to_string(),
                            Target::End => "END".to_string(),
                        },
                        reason,
                    });
                    match target {
                        Target::Node(next) => current = next,
                        Target::End => return Ok(RunEnd::Finished { label }),
                    }
                }
            }
        }
        Err(GraphError::StepLimit {
            graph: graph_prefix,
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

    #[test]
    fn conditional_edges_loop_until_done_and_are_traced() {
        let graph = Graph::new("g", "inc")
            .node("inc", increment)
            .edge("inc", "again", Target::Node("inc"))
            .edge("inc", "done", Target::End);
        let mut state = Counter::default();
        let mut trace = Trace::default();
        let end = graph.run(&mut state, &mut (), &[], &mut trace).unwrap();
        assert_eq!(end, RunEnd::Finished { label: "done" });
        assert_eq!(state.value, 3);
        assert_eq!(trace.nodes(), ["inc", "inc", "inc"]);
        assert_eq!(trace.steps[2].to, "END");
    }

    #[test]
    fn a_loop_past_the_step_limit_is_an_error_not_a_hang() {
        let graph = Graph::new("g", "inc")
            .with_step_limit(2)
            .node("inc", increment)
            .edge("inc", "again", Target::Node("inc"))
            .edge("inc", "done", Target::End);
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
    fn a_missing_edge_is_an_error() {
        let graph: Graph<Counter, ()> = Graph::new("g", "inc").node("inc", increment);
        let err = graph.run(&mut Counter::default(), &mut (), &[], &mut Trace::default());
        assert!(matches!(err, Err(GraphError::NoEdge { .. })));
    }

    #[test]
    fn a_nested_graph_suspends_and_resumes_where_it_stopped() {
        let inner = Graph::new("inner", "wait")
            .node("wait", wait_for_host)
            .edge("wait", "done", Target::End);
        let outer = Graph::new("outer", "sub")
            .node_boxed("sub", Box::new(inner))
            .node("inc", increment)
            .edge("sub", "done", Target::Node("inc"))
            .edge("inc", "again", Target::Node("inc"))
            .edge("inc", "done", Target::End);
        let mut state = Counter::default();
        let mut trace = Trace::default();
        let end = outer.run(&mut state, &mut (), &[], &mut trace).unwrap();
        let RunEnd::Suspended { path } = end else {
            panic!("expected suspension")
        };
        assert_eq!(path, ["sub", "wait"]);
        state.resumed = true;
        let end = outer.run(&mut state, &mut (), &path, &mut trace).unwrap();
        assert_eq!(end, RunEnd::Finished { label: "done" });
        assert_eq!(trace.steps[0].node, "outer/inner/wait");
        assert_eq!(trace.steps[0].edge, "suspend");
        assert_eq!(
            trace.nodes(),
            ["wait", "sub", "wait", "sub", "inc", "inc", "inc"]
        );
    }
}
