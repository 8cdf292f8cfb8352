//! Graphs: nodes with dependency edges, their queries and edits, clones, and the launch
//! order (Kahn's algorithm, ties broken by creation order).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};
use std::sync::{Arc, Weak};

use parking_lot::{Mutex, RwLock};

use super::exec::ExecNode;
use super::nodes::{KernelNode, NodeKind};
use super::user_objects::UserRefs;
use super::{lookup_in, next_handle, register, Registry, GRAPH_HANDLE_BASE, NODE_HANDLE_BASE};
use crate::error::{HipError, HipResult};

/// A node of a graph.
pub struct Node {
    pub handle: u64,
    pub kind: NodeKind,
    /// Handles of the nodes this one depends on (same graph).
    pub deps: Vec<u64>,
    /// The node this one was cloned from (itself otherwise): `hipGraphNodeFindInClone`.
    origin: u64,
    /// Argument pointers handed out by `hipGraphKernelNodeGetParams` (kept stable).
    arg_pointers: Option<Box<[usize]>>,
}

#[derive(Default)]
pub(super) struct GraphInner {
    /// In creation order.
    nodes: Vec<Node>,
    index: HashMap<u64, usize>,
}

impl GraphInner {
    pub(super) fn node(&self, handle: u64) -> HipResult<&Node> {
        self.index
            .get(&handle)
            .map(|&i| &self.nodes[i])
            .ok_or(HipError::InvalidValue)
    }

    fn node_mut(&mut self, handle: u64) -> HipResult<&mut Node> {
        let i = *self.index.get(&handle).ok_or(HipError::InvalidValue)?;
        Ok(&mut self.nodes[i])
    }

    fn reindex(&mut self) {
        self.index = self
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (n.handle, i))
            .collect();
    }

    /// Kahn's algorithm; among ready nodes the earliest created goes first. Returns node
    /// positions, or `None` for a cycle.
    fn topological_order(&self) -> Option<Vec<usize>> {
        let n = self.nodes.len();
        let mut indegree = vec![0usize; n];
        let mut dependents: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, node) in self.nodes.iter().enumerate() {
            for d in &node.deps {
                let j = *self.index.get(d)?;
                indegree[i] += 1;
                dependents[j].push(i);
            }
        }
        let mut ready: BinaryHeap<Reverse<usize>> =
            (0..n).filter(|&i| indegree[i] == 0).map(Reverse).collect();
        let mut order = Vec::with_capacity(n);
        while let Some(Reverse(i)) = ready.pop() {
            order.push(i);
            for &j in &dependents[i] {
                indegree[j] -= 1;
                if indegree[j] == 0 {
                    ready.push(Reverse(j));
                }
            }
        }
        (order.len() == n).then_some(order)
    }

    /// Whether `to` is reachable from `from` along dependency edges (from → dependents).
    fn reaches(&self, from: u64, to: u64) -> bool {
        let mut stack = vec![to];
        let mut seen = HashSet::new();
        // Walk `to`'s dependencies backwards: `from` reaches `to` iff `from` is an ancestor.
        while let Some(h) = stack.pop() {
            if h == from {
                return true;
            }
            if !seen.insert(h) {
                continue;
            }
            if let Ok(n) = self.node(h) {
                stack.extend(n.deps.iter().copied());
            }
        }
        false
    }
}

/// A graph (the `hipGraph_t` behind the handle).
pub struct GraphCore {
    pub handle: u64,
    pub(super) inner: Mutex<GraphInner>,
    /// User objects the graph holds references to.
    pub user_refs: UserRefs,
}

pub(super) static GRAPHS: Registry<Arc<GraphCore>> = RwLock::new(None);
/// Which graph each live node belongs to.
static NODES: Registry<Weak<GraphCore>> = RwLock::new(None);
impl GraphCore {
    pub(super) fn new_unregistered() -> Arc<GraphCore> {
        Arc::new(GraphCore {
            handle: next_handle(GRAPH_HANDLE_BASE),
            inner: Mutex::new(GraphInner::default()),
            user_refs: UserRefs::default(),
        })
    }

    /// `hipGraphCreate`.
    pub fn create() -> Arc<GraphCore> {
        let g = GraphCore::new_unregistered();
        register(&GRAPHS, g.handle, &g);
        g
    }

    /// The live graph with this handle (`hipErrorInvalidValue` otherwise, as HIP).
    pub fn lookup(handle: u64) -> HipResult<Arc<GraphCore>> {
        lookup_in(&GRAPHS, handle).ok_or(HipError::InvalidValue)
    }

    /// `hipGraphDestroy`: the graph and its nodes' handles become invalid; executable
    /// graphs instantiated from it stay valid (they own copies of the nodes).
    pub fn destroy(handle: u64) -> HipResult<()> {
        let g = GRAPHS
            .write()
            .as_mut()
            .and_then(|m| m.remove(&handle))
            .ok_or(HipError::InvalidValue)?;
        g.forget_nodes();
        g.user_refs.release_all();
        Ok(())
    }

    pub(super) fn forget_nodes(&self) {
        let (handles, children): (Vec<u64>, Vec<u64>) = {
            let inner = self.inner.lock();
            let children = inner.nodes.iter().filter_map(|n| match &n.kind {
                NodeKind::Child(c) => Some(c.handle),
                _ => None,
            });
            (
                inner.nodes.iter().map(|n| n.handle).collect(),
                children.collect(),
            )
        };
        // The graphs of child graph nodes go with their nodes.
        for c in children {
            let _ = GraphCore::destroy(c);
        }
        if let Some(m) = NODES.write().as_mut() {
            for h in handles {
                m.remove(&h);
            }
        }
    }

    /// The graph a node handle belongs to (`hipErrorInvalidValue` for an unknown node).
    pub fn of_node(node: u64) -> HipResult<Arc<GraphCore>> {
        lookup_in(&NODES, node)
            .and_then(|w| w.upgrade())
            .ok_or(HipError::InvalidValue)
    }

    /// Adds a node depending on `deps` (nodes of this graph, no duplicates).
    pub fn add_node(self: &Arc<Self>, kind: NodeKind, deps: &[u64]) -> HipResult<u64> {
        let handle = next_handle(NODE_HANDLE_BASE);
        {
            let mut inner = self.inner.lock();
            let mut seen = HashSet::with_capacity(deps.len());
            for d in deps {
                inner.node(*d)?;
                if !seen.insert(*d) {
                    return Err(HipError::InvalidValue);
                }
            }
            let i = inner.nodes.len();
            inner.nodes.push(Node {
                handle,
                kind,
                deps: deps.to_vec(),
                origin: handle,
                arg_pointers: None,
            });
            inner.index.insert(handle, i);
        }
        register(&NODES, handle, &Arc::downgrade(self));
        Ok(handle)
    }

    /// Node handles in creation order.
    pub fn nodes(&self) -> Vec<u64> {
        self.inner.lock().nodes.iter().map(|n| n.handle).collect()
    }

    /// Nodes without dependencies.
    pub fn root_nodes(&self) -> Vec<u64> {
        let inner = self.inner.lock();
        inner
            .nodes
            .iter()
            .filter(|n| n.deps.is_empty())
            .map(|n| n.handle)
            .collect()
    }

    /// Nodes nothing depends on.
    pub fn sink_nodes(&self) -> Vec<u64> {
        let inner = self.inner.lock();
        let used: HashSet<u64> = inner.nodes.iter().flat_map(|n| n.deps.clone()).collect();
        inner
            .nodes
            .iter()
            .filter(|n| !used.contains(&n.handle))
            .map(|n| n.handle)
            .collect()
    }

    /// Every edge as `(from, to)`: `to` depends on `from`.
    pub fn edges(&self) -> Vec<(u64, u64)> {
        let inner = self.inner.lock();
        inner
            .nodes
            .iter()
            .flat_map(|n| n.deps.iter().map(move |&d| (d, n.handle)))
            .collect()
    }

    pub fn node_dependencies(&self, node: u64) -> HipResult<Vec<u64>> {
        Ok(self.inner.lock().node(node)?.deps.clone())
    }

    pub fn node_dependents(&self, node: u64) -> HipResult<Vec<u64>> {
        let inner = self.inner.lock();
        inner.node(node)?;
        Ok(inner
            .nodes
            .iter()
            .filter(|n| n.deps.contains(&node))
            .map(|n| n.handle)
            .collect())
    }

    pub fn node_kind(&self, node: u64) -> HipResult<NodeKind> {
        Ok(self.inner.lock().node(node)?.kind.clone())
    }

    /// Replaces a node's parameters; the new kind must be of the same type.
    pub fn set_node_kind(&self, node: u64, kind: NodeKind) -> HipResult<()> {
        let mut inner = self.inner.lock();
        let n = inner.node_mut(node)?;
        if n.kind.node_type() != kind.node_type() {
            return Err(HipError::InvalidValue);
        }
        n.kind = kind;
        n.arg_pointers = None;
        Ok(())
    }

    /// A kernel node's parameters with stable pointers to its argument copies
    /// (`hipGraphKernelNodeGetParams`).
    pub fn kernel_node_params(&self, node: u64) -> HipResult<(KernelNode, Option<usize>)> {
        let mut inner = self.inner.lock();
        let n = inner.node_mut(node)?;
        let NodeKind::Kernel(k) = &n.kind else {
            return Err(HipError::InvalidValue);
        };
        let k = k.clone();
        if n.arg_pointers.is_none() {
            // Pointers into the node's own copy (not the clone returned).
            if let NodeKind::Kernel(own) = &n.kind {
                n.arg_pointers = own.argument_pointers();
            }
        }
        let ptrs = n.arg_pointers.as_ref().map(|p| p.as_ptr() as usize);
        Ok((k, ptrs))
    }

    /// Runs `f` on kernel node `node` in place (its argument copies stay where
    /// `hipGraphKernelNodeGetParams` pointed); `hipErrorInvalidValue` for another type.
    pub fn with_kernel_node<R>(
        &self,
        node: u64,
        f: impl FnOnce(&mut KernelNode) -> R,
    ) -> HipResult<R> {
        let mut inner = self.inner.lock();
        match &mut inner.node_mut(node)?.kind {
            NodeKind::Kernel(k) => Ok(f(k)),
            _ => Err(HipError::InvalidValue),
        }
    }

    /// `hipGraphAddDependencies`: each `to[i]` depends on `from[i]`. An edge that exists
    /// already, a self edge or one that would close a cycle is `hipErrorInvalidValue`.
    pub fn add_dependencies(&self, from: &[u64], to: &[u64]) -> HipResult<()> {
        let mut inner = self.inner.lock();
        for (&f, &t) in from.iter().zip(to) {
            inner.node(f)?;
            if f == t || inner.node(t)?.deps.contains(&f) || inner.reaches(t, f) {
                return Err(HipError::InvalidValue);
            }
            inner.node_mut(t)?.deps.push(f);
        }
        Ok(())
    }

    /// `hipGraphRemoveDependencies`: every edge must exist (`hipErrorInvalidValue`).
    pub fn remove_dependencies(&self, from: &[u64], to: &[u64]) -> HipResult<()> {
        let mut inner = self.inner.lock();
        for (&f, &t) in from.iter().zip(to) {
            inner.node(f)?;
            if !inner.node(t)?.deps.contains(&f) {
                return Err(HipError::InvalidValue);
            }
        }
        for (&f, &t) in from.iter().zip(to) {
            inner.node_mut(t)?.deps.retain(|&d| d != f);
        }
        Ok(())
    }

    /// `hipGraphDestroyNode`: removes the node and its edges.
    pub fn destroy_node(&self, node: u64) -> HipResult<()> {
        {
            let mut inner = self.inner.lock();
            if let NodeKind::Child(c) = &inner.node(node)?.kind {
                let _ = GraphCore::destroy(c.handle);
            }
            inner.nodes.retain(|n| n.handle != node);
            for n in inner.nodes.iter_mut() {
                n.deps.retain(|&d| d != node);
            }
            inner.reindex();
        }
        if let Some(m) = NODES.write().as_mut() {
            m.remove(&node);
        }
        Ok(())
    }

    /// `hipGraphClone`: a new graph with copies of every node and edge.
    pub fn clone_graph(&self) -> Arc<GraphCore> {
        let copy = GraphCore::create();
        let weak = Arc::downgrade(&copy);
        let mut handles = Vec::new();
        {
            let inner = self.inner.lock();
            let map: HashMap<u64, u64> = inner
                .nodes
                .iter()
                .map(|n| (n.handle, next_handle(NODE_HANDLE_BASE)))
                .collect();
            let mut out = copy.inner.lock();
            for n in &inner.nodes {
                let handle = map[&n.handle];
                let kind = match &n.kind {
                    // A child graph node owns its graph: the clone gets a copy of it.
                    NodeKind::Child(c) => NodeKind::Child(c.clone_graph()),
                    other => other.clone(),
                };
                out.nodes.push(Node {
                    handle,
                    kind,
                    deps: n.deps.iter().map(|d| map[d]).collect(),
                    origin: n.handle,
                    arg_pointers: None,
                });
                handles.push(handle);
            }
            out.reindex();
        }
        for h in handles {
            register(&NODES, h, &weak);
        }
        let refs = self.user_refs.duplicate();
        for (o, n) in refs.take() {
            copy.user_refs.adopt(o, n);
        }
        copy
    }

    /// `hipGraphNodeFindInClone`: the node of this (cloned) graph made from `original`.
    pub fn find_clone_of(&self, original: u64) -> HipResult<u64> {
        self.inner
            .lock()
            .nodes
            .iter()
            .find(|n| n.origin == original && n.handle != original)
            .map(|n| n.handle)
            .ok_or(HipError::InvalidValue)
    }

    /// The nodes in launch order with their positions' dependencies (positions in that
    /// order); `hipErrorInvalidValue` for a cycle.
    pub(super) fn ordered(&self) -> HipResult<Vec<ExecNode>> {
        let inner = self.inner.lock();
        let order = inner.topological_order().ok_or(HipError::InvalidValue)?;
        let mut position = HashMap::with_capacity(order.len());
        for (p, &i) in order.iter().enumerate() {
            position.insert(inner.nodes[i].handle, p);
        }
        order
            .iter()
            .map(|&i| {
                let n = &inner.nodes[i];
                let mut deps: Vec<usize> = n.deps.iter().map(|d| position[d]).collect();
                deps.sort_unstable();
                Ok(ExecNode {
                    handles: vec![n.handle],
                    kind: n.kind.for_exec()?,
                    deps,
                    enabled: true,
                })
            })
            .collect()
    }

    /// `hipGraphChildGraphNodeGetGraph`: the graph a child graph node owns (not a copy:
    /// changes to it change the node). A child graph captured from a graph launch holds
    /// its nodes in launch order only; it is given a graph of those nodes, each depending
    /// on the one before.
    pub fn child_graph(&self, node: u64) -> HipResult<u64> {
        let mut inner = self.inner.lock();
        let n = inner.node_mut(node)?;
        let list = match &n.kind {
            NodeKind::Child(c) => return Ok(c.handle),
            NodeKind::Graph(list) => Arc::clone(list),
            _ => return Err(HipError::InvalidValue),
        };
        let g = GraphCore::create();
        let mut prev: Vec<u64> = Vec::new();
        for k in list.iter() {
            prev = vec![g.add_node(k.clone(), &prev)?];
        }
        n.kind = NodeKind::Child(Arc::clone(&g));
        Ok(g.handle)
    }

    /// `(handle, kind, dependencies)` of every node, in creation order.
    pub(super) fn snapshot(&self) -> Vec<(u64, NodeKind, Vec<u64>)> {
        let inner = self.inner.lock();
        inner
            .nodes
            .iter()
            .map(|n| (n.handle, n.kind.clone(), n.deps.clone()))
            .collect()
    }

    /// The graph as a child-graph node: its nodes in launch order.
    pub fn as_child(&self) -> HipResult<NodeKind> {
        let nodes = self.ordered()?.into_iter().map(|n| n.kind).collect();
        Ok(NodeKind::Graph(Arc::new(nodes)))
    }

    pub fn node_count(&self) -> usize {
        self.inner.lock().nodes.len()
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    pub(in crate::graph) fn empty_graph_with(deps: &[&[usize]]) -> (Arc<GraphCore>, Vec<u64>) {
        let g = GraphCore::create();
        let mut handles = Vec::new();
        for d in deps {
            let dh: Vec<u64> = d.iter().map(|&i| handles[i]).collect();
            handles.push(g.add_node(NodeKind::Empty, &dh).unwrap());
        }
        (g, handles)
    }

    fn order_of(g: &GraphCore, handles: &[u64]) -> Vec<usize> {
        g.ordered()
            .unwrap()
            .iter()
            .map(|n| handles.iter().position(|h| *h == n.handles[0]).unwrap())
            .collect()
    }

    #[test]
    fn launch_order_respects_dependencies_and_creation_order() {
        // 0 -> {1, 2} -> 3, and 4 independent.
        let (g, h) = empty_graph_with(&[&[], &[0], &[0], &[1, 2], &[]]);
        assert_eq!(order_of(&g, &h), vec![0, 1, 2, 3, 4]);
        // An edge added later from a newer node to an older one reorders them.
        g.add_dependencies(&[h[4]], &[h[1]]).unwrap();
        let order = order_of(&g, &h);
        let pos = |n: usize| order.iter().position(|&x| x == n).unwrap();
        assert!(pos(4) < pos(1) && pos(0) < pos(1) && pos(1) < pos(3) && pos(2) < pos(3));
        let ordered = g.ordered().unwrap();
        assert_eq!(ordered[pos(3)].deps.len(), 2);
        GraphCore::destroy(g.handle).unwrap();
    }

    #[test]
    fn cycles_duplicates_and_foreign_nodes_are_rejected() {
        let (g, h) = empty_graph_with(&[&[], &[0], &[1]]);
        assert_eq!(
            g.add_dependencies(&[h[2]], &[h[0]]),
            Err(HipError::InvalidValue)
        );
        assert_eq!(
            g.add_dependencies(&[h[1]], &[h[1]]),
            Err(HipError::InvalidValue)
        );
        assert_eq!(
            g.add_dependencies(&[h[0]], &[h[1]]),
            Err(HipError::InvalidValue)
        );
        assert_eq!(
            g.add_node(NodeKind::Empty, &[h[0], h[0]]),
            Err(HipError::InvalidValue)
        );
        let (other, oh) = empty_graph_with(&[&[]]);
        assert_eq!(
            g.add_node(NodeKind::Empty, &oh),
            Err(HipError::InvalidValue)
        );
        g.remove_dependencies(&[h[1]], &[h[2]]).unwrap();
        assert_eq!(g.root_nodes(), vec![h[0], h[2]]);
        assert_eq!(g.sink_nodes(), vec![h[1], h[2]]);
        g.destroy_node(h[1]).unwrap();
        assert_eq!(g.edges(), vec![]);
        assert_eq!(GraphCore::of_node(h[1]).err(), Some(HipError::InvalidValue));
        GraphCore::destroy(g.handle).unwrap();
        GraphCore::destroy(other.handle).unwrap();
        assert_eq!(GraphCore::of_node(h[0]).err(), Some(HipError::InvalidValue));
    }

    #[test]
    fn clones_map_back_to_originals() {
        let (g, h) = empty_graph_with(&[&[], &[0]]);
        let c = g.clone_graph();
        let c1 = c.find_clone_of(h[1]).unwrap();
        assert_ne!(c1, h[1]);
        let c0 = c.find_clone_of(h[0]).unwrap();
        assert_eq!(c.node_dependencies(c1).unwrap(), vec![c0]);
        assert_eq!(g.find_clone_of(h[0]).err(), Some(HipError::InvalidValue));
    }
}
