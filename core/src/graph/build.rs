//! Describing a graph by names and compiling it: every error is reported at
//! once, so a broken graph (written in code or loaded from data) is refused
//! with the whole list instead of failing one run at a time.

use std::collections::HashMap;
use std::sync::Arc;

use super::{BoxedNode, Compiled, END, FnNode, Graph, Label, Next, NodeOutcome};

/// A graph being described: nodes and edges by name, checked by
/// [`GraphBuilder::build`].
pub struct GraphBuilder<S, C> {
    name: String,
    entry: String,
    nodes: Vec<(String, BoxedNode<S, C>)>,
    edges: Vec<(String, Label, String)>,
    step_limit: usize,
}

/// One thing wrong with a graph description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// Two nodes share a name.
    DuplicateNode { node: String },
    /// A node takes the name reserved for the end of the graph.
    ReservedName { node: String },
    /// The entry names no node.
    UnknownEntry { node: String },
    /// An edge leaves a node the graph does not have.
    UnknownSource { from: String, label: String },
    /// An edge leads to a node the graph does not have.
    UnknownTarget {
        from: String,
        label: String,
        to: String,
    },
    /// Two edges leave a node on the same label.
    DuplicateEdge { from: String, label: String },
    /// No path from the entry reaches the node.
    Unreachable { node: String },
    /// The node has no edge out, so a run that reaches it cannot go on.
    NoExit { node: String },
    /// From the node no path leads to the end: every run through it loops
    /// until the step limit.
    NoWayToEnd { node: String },
    /// A step limit of zero runs nothing.
    ZeroStepLimit,
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::DuplicateNode { node } => write!(f, "node {node} is declared twice"),
            BuildError::ReservedName { node } => {
                write!(
                    f,
                    "node {node}: {END} is the end of the graph, not a node name"
                )
            }
            BuildError::UnknownEntry { node } => write!(f, "entry {node} is not a node"),
            BuildError::UnknownSource { from, label } => {
                write!(f, "edge {from} --{label}--> leaves an unknown node")
            }
            BuildError::UnknownTarget { from, label, to } => {
                write!(f, "edge {from} --{label}--> {to} leads to an unknown node")
            }
            BuildError::DuplicateEdge { from, label } => {
                write!(f, "node {from} has two edges labelled {label}")
            }
            BuildError::Unreachable { node } => write!(f, "node {node} is unreachable"),
            BuildError::NoExit { node } => write!(f, "node {node} has no edge out"),
            BuildError::NoWayToEnd { node } => write!(f, "no path from node {node} to {END}"),
            BuildError::ZeroStepLimit => write!(f, "the step limit is zero"),
        }
    }
}

/// Every error of a graph description, in the order found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildErrors {
    pub graph: String,
    pub errors: Vec<BuildError>,
}

impl std::fmt::Display for BuildErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "graph {} has {} error(s):",
            self.graph,
            self.errors.len()
        )?;
        for error in &self.errors {
            write!(f, "\n  - {error}")?;
        }
        Ok(())
    }
}

impl std::error::Error for BuildErrors {}

impl<S, C> GraphBuilder<S, C> {
    pub fn new(name: impl Into<String>, entry: impl Into<String>) -> GraphBuilder<S, C> {
        GraphBuilder {
            name: name.into(),
            entry: entry.into(),
            nodes: Vec::new(),
            edges: Vec::new(),
            step_limit: 32,
        }
    }

    pub fn step_limit(mut self, limit: usize) -> GraphBuilder<S, C> {
        self.step_limit = limit;
        self
    }

    /// Adds a function node.
    pub fn node(
        self,
        name: impl Into<String>,
        run: fn(&mut S, &mut C) -> NodeOutcome,
    ) -> GraphBuilder<S, C>
    where
        S: 'static,
        C: 'static,
    {
        self.node_boxed(name, Box::new(FnNode(run)))
    }

    /// Adds any node, a nested graph included.
    pub fn node_boxed(
        mut self,
        name: impl Into<String>,
        node: BoxedNode<S, C>,
    ) -> GraphBuilder<S, C> {
        self.nodes.push((name.into(), node));
        self
    }

    /// Adds the edge taken from `from` when it returns `label`; `to` is a
    /// node name or [`END`].
    pub fn edge(
        mut self,
        from: impl Into<String>,
        label: impl Into<Label>,
        to: impl Into<String>,
    ) -> GraphBuilder<S, C> {
        self.edges.push((from.into(), label.into(), to.into()));
        self
    }

    /// Checks the description and compiles it; on any error, returns them
    /// all.
    pub fn build(self) -> Result<Graph<S, C>, BuildErrors> {
        let mut errors = Vec::new();
        let mut index: HashMap<&str, usize> = HashMap::new();
        for (i, (name, _)) in self.nodes.iter().enumerate() {
            if name == END {
                errors.push(BuildError::ReservedName { node: name.clone() });
            } else if index.insert(name, i).is_some() {
                errors.push(BuildError::DuplicateNode { node: name.clone() });
            }
        }
        if self.step_limit == 0 {
            errors.push(BuildError::ZeroStepLimit);
        }
        let entry = index.get(self.entry.as_str()).copied();
        if entry.is_none() {
            errors.push(BuildError::UnknownEntry {
                node: self.entry.clone(),
            });
        }
        let mut out: Vec<Vec<(Label, Next)>> = vec![Vec::new(); self.nodes.len()];
        for (from, label, to) in &self.edges {
            let Some(&source) = index.get(from.as_str()) else {
                errors.push(BuildError::UnknownSource {
                    from: from.clone(),
                    label: label.to_string(),
                });
                continue;
            };
            let next = if to == END {
                Next::End
            } else if let Some(&target) = index.get(to.as_str()) {
                Next::Node(target)
            } else {
                errors.push(BuildError::UnknownTarget {
                    from: from.clone(),
                    label: label.to_string(),
                    to: to.clone(),
                });
                continue;
            };
            if out[source].iter().any(|(l, _)| l == label) {
                errors.push(BuildError::DuplicateEdge {
                    from: from.clone(),
                    label: label.to_string(),
                });
                continue;
            }
            out[source].push((label.clone(), next));
        }
        if let Some(entry) = entry {
            let reached = reachable(&out, entry);
            let ends = reaches_end(&out);
            for (i, (name, _)) in self.nodes.iter().enumerate() {
                if index.get(name.as_str()) != Some(&i) {
                    continue; // a duplicate, already reported
                }
                if !reached[i] {
                    errors.push(BuildError::Unreachable { node: name.clone() });
                } else if out[i].is_empty() {
                    errors.push(BuildError::NoExit { node: name.clone() });
                } else if !ends[i] {
                    errors.push(BuildError::NoWayToEnd { node: name.clone() });
                }
            }
        }
        if !errors.is_empty() {
            return Err(BuildErrors {
                graph: self.name,
                errors,
            });
        }
        let name: Arc<str> = Arc::from(self.name);
        let nodes = self
            .nodes
            .into_iter()
            .zip(out)
            .map(|((node_name, node), edges)| Compiled {
                path: Arc::from(format!("{name}/{node_name}")),
                name: Arc::from(node_name),
                node,
                edges,
            })
            .collect();
        Ok(Graph {
            name,
            entry: entry.unwrap_or_default(),
            nodes,
            end: Arc::from(END),
            step_limit: self.step_limit,
        })
    }
}

/// Which nodes a run from `entry` can reach.
fn reachable(out: &[Vec<(Label, Next)>], entry: usize) -> Vec<bool> {
    let mut seen = vec![false; out.len()];
    let mut stack = vec![entry];
    while let Some(i) = stack.pop() {
        if std::mem::replace(&mut seen[i], true) {
            continue;
        }
        for (_, next) in &out[i] {
            if let Next::Node(j) = next {
                stack.push(*j);
            }
        }
    }
    seen
}

/// Which nodes have a path to the end.
fn reaches_end(out: &[Vec<(Label, Next)>]) -> Vec<bool> {
    let mut ends: Vec<bool> = out
        .iter()
        .map(|edges| edges.iter().any(|(_, next)| *next == Next::End))
        .collect();
    loop {
        let mut changed = false;
        for (i, edges) in out.iter().enumerate() {
            if !ends[i]
                && edges
                    .iter()
                    .any(|(_, n)| matches!(n, Next::Node(j) if ends[*j]))
            {
                ends[i] = true;
                changed = true;
            }
        }
        if !changed {
            return ends;
        }
    }
}
