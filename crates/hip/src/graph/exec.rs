//! Executable graphs: a graph's nodes copied in launch order, launched on a stream as one
//! batch of packets, their parameters changed node by node or from a graph of the same
//! topology.

use std::any::Any;
use std::sync::Arc;

use parking_lot::{Mutex, RwLock};

use super::graphs::GraphCore;
use super::nodes::NodeKind;
use super::user_objects::UserRefs;
use super::{lookup_in, next_handle, register, Registry, EXEC_HANDLE_BASE};
use crate::error::{HipError, HipResult};
use crate::stream::{StreamCore, StreamMark};

static EXECS: Registry<Arc<GraphExec>> = RwLock::new(None);

/// A node of an executable graph.
#[derive(Clone)]
pub(super) struct ExecNode {
    /// The graph nodes it stands for (the instantiated one, and those of graphs it was
    /// updated from).
    pub(super) handles: Vec<u64>,
    pub(super) kind: NodeKind,
    /// Positions of its dependencies in launch order.
    pub(super) deps: Vec<usize>,
    /// `hipGraphNodeSetEnabled`: a disabled node does nothing (its edges stay).
    pub(super) enabled: bool,
}

struct ExecInner {
    nodes: Vec<ExecNode>,
    /// The nodes as launched (rebuilt after a parameter change), and whether any is a
    /// graph memory node (a launch then updates the allocations' state).
    snapshot: Option<(Arc<Vec<NodeKind>>, bool)>,
    /// The end of the latest launch: a new launch is ordered after it.
    last: Option<StreamMark>,
}

impl ExecInner {
    fn snapshot(&mut self) -> (Arc<Vec<NodeKind>>, bool) {
        let nodes = &self.nodes;
        let (list, memory) = self.snapshot.get_or_insert_with(|| {
            let kind = |n: &ExecNode| match n.enabled {
                true => n.kind.clone(),
                false => NodeKind::Empty,
            };
            let list: Vec<NodeKind> = nodes.iter().map(kind).collect();
            let memory = super::memnodes::has_memory_nodes(&list);
            (Arc::new(list), memory)
        });
        (Arc::clone(list), *memory)
    }

    fn position(&self, node: u64) -> HipResult<usize> {
        self.nodes
            .iter()
            .position(|n| n.handles.contains(&node))
            .ok_or(HipError::InvalidValue)
    }
}

/// `hipGraphInstantiateFlagAutoFreeOnLaunch`, `...Upload`, `...DeviceLaunch`,
/// `...UseNodePriority`.
pub const INSTANTIATE_AUTO_FREE_ON_LAUNCH: u64 = 1;
pub const INSTANTIATE_UPLOAD: u64 = 2;
pub const INSTANTIATE_DEVICE_LAUNCH: u64 = 4;
pub const INSTANTIATE_USE_NODE_PRIORITY: u64 = 8;

/// `hipGraphExecUpdateResult`
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UpdateResult {
    Success = 0,
    Error = 1,
    TopologyChanged = 2,
    NodeTypeChanged = 3,
    NotSupported = 6,
}

/// An executable graph (the `hipGraphExec_t` behind the handle).
pub struct GraphExec {
    pub handle: u64,
    pub flags: u64,
    inner: Mutex<ExecInner>,
    /// The graph's user object references as of instantiation; each launch keeps them
    /// until the stream has run it.
    user_refs: Arc<UserRefs>,
}

impl GraphExec {
    /// `hipGraphInstantiateWithFlags`: copies the graph's nodes in launch order. Later
    /// changes to the graph do not affect the executable graph.
    pub fn instantiate(graph: &GraphCore, flags: u64) -> HipResult<Arc<GraphExec>> {
        let known = INSTANTIATE_AUTO_FREE_ON_LAUNCH
            | INSTANTIATE_UPLOAD
            | INSTANTIATE_DEVICE_LAUNCH
            | INSTANTIATE_USE_NODE_PRIORITY;
        if flags & !known != 0 {
            return Err(HipError::InvalidValue);
        }
        if flags & INSTANTIATE_DEVICE_LAUNCH != 0 {
            // Launching graphs from kernels is not implemented.
            return Err(HipError::NotSupported);
        }
        let nodes = graph.ordered()?;
        let exec = Arc::new(GraphExec {
            handle: next_handle(EXEC_HANDLE_BASE),
            flags,
            inner: Mutex::new(ExecInner {
                nodes,
                snapshot: None,
                last: None,
            }),
            user_refs: Arc::new(graph.user_refs.duplicate()),
        });
        register(&EXECS, exec.handle, &exec);
        Ok(exec)
    }

    /// The live executable graph with this handle (`hipErrorInvalidValue` otherwise).
    pub fn lookup(handle: u64) -> HipResult<Arc<GraphExec>> {
        lookup_in(&EXECS, handle).ok_or(HipError::InvalidValue)
    }

    /// `hipGraphExecDestroy`: launches already enqueued still run.
    pub fn destroy(handle: u64) -> HipResult<()> {
        EXECS
            .write()
            .as_mut()
            .and_then(|m| m.remove(&handle))
            .map(|_| ())
            .ok_or(HipError::InvalidValue)
    }

    /// `hipGraphLaunch`: publishes every node on `stream` in launch order, after
    /// everything earlier on the stream and after the previous launch of this graph.
    /// On a capturing stream the graph becomes a child-graph node instead.
    pub fn launch(&self, stream: &Arc<StreamCore>) -> HipResult<()> {
        let mut inner = self.inner.lock();
        let (nodes, memory) = inner.snapshot();
        if let Some(done) = stream.capture_op(|| NodeKind::Graph(Arc::clone(&nodes))) {
            return done;
        }
        let last = inner.last.clone();
        let auto_free = self.flags & INSTANTIATE_AUTO_FREE_ON_LAUNCH != 0;
        if memory {
            super::memnodes::launch_allocations(&nodes, auto_free)?;
        }
        let refs = Arc::clone(&self.user_refs);
        let mark = stream.submit(|| {
            if let Some(m) = &last {
                stream.wait_mark_locked(m)?;
            }
            for n in nodes.iter() {
                // SAFETY: the program keeps the nodes' memory valid until the launch has
                // run, as HIP requires.
                unsafe { n.publish_locked(stream)? };
            }
            stream.keep_until_done_locked(Arc::clone(&nodes) as Arc<dyn Any + Send + Sync>);
            if !refs.is_empty() {
                // The launch holds the user object references until it has run: a host
                // packet after its nodes lets go of them then (a destructor runs as soon as
                // the last reference goes, not at some later submission).
                stream.publish_host_locked(Box::new(move || drop(refs)))?;
            }
            Ok(stream.mark())
        })?;
        inner.last = Some(mark);
        Ok(())
    }

    /// `hipGraphUpload`: nothing to prepare on the CPU; validates the stream.
    pub fn upload(&self, stream: &StreamCore) -> HipResult<()> {
        let _ = stream;
        Ok(())
    }

    /// The executable copy of `node` (a node of the graph it was instantiated from).
    pub fn node_kind(&self, node: u64) -> HipResult<NodeKind> {
        let inner = self.inner.lock();
        let p = inner.position(node)?;
        Ok(inner.nodes[p].kind.clone())
    }

    /// `hipGraphExec*NodeSetParams`: replaces the executable copy of `node`, which must
    /// keep its type. Launches already enqueued are not affected.
    pub fn set_node_kind(&self, node: u64, kind: NodeKind) -> HipResult<()> {
        let mut inner = self.inner.lock();
        let p = inner.position(node)?;
        if inner.nodes[p].kind.node_type() != kind.node_type() {
            return Err(HipError::InvalidValue);
        }
        inner.nodes[p].kind = kind.for_exec()?;
        inner.snapshot = None;
        Ok(())
    }

    /// `hipGraphNodeSetEnabled`: kernel, copy and fill nodes only (`hipErrorInvalidValue`
    /// for others, as in CUDA).
    pub fn set_enabled(&self, node: u64, enabled: bool) -> HipResult<()> {
        let mut inner = self.inner.lock();
        let p = inner.position(node)?;
        let n = &mut inner.nodes[p];
        if !matches!(
            n.kind,
            NodeKind::Kernel(_) | NodeKind::Memcpy(_) | NodeKind::Memset(_)
        ) {
            return Err(HipError::InvalidValue);
        }
        if n.enabled != enabled {
            n.enabled = enabled;
            inner.snapshot = None;
        }
        Ok(())
    }

    /// `hipGraphNodeGetEnabled`.
    pub fn enabled(&self, node: u64) -> HipResult<bool> {
        let inner = self.inner.lock();
        let p = inner.position(node)?;
        Ok(inner.nodes[p].enabled)
    }

    /// `hipGraphExecUpdate`: takes `graph`'s parameters when it has the same topology (the
    /// same nodes in launch order, of the same types, with the same dependencies).
    /// `Err((result, node))` names the first node that differs.
    pub fn update(&self, graph: &GraphCore) -> Result<(), (UpdateResult, Option<u64>)> {
        let new = graph
            .ordered()
            .map_err(|_| (UpdateResult::TopologyChanged, None))?;
        let mut inner = self.inner.lock();
        if new.len() != inner.nodes.len() {
            return Err((UpdateResult::TopologyChanged, None));
        }
        for (old, n) in inner.nodes.iter().zip(&new) {
            let handle = n.handles.first().copied();
            if old.deps != n.deps {
                return Err((UpdateResult::TopologyChanged, handle));
            }
            if old.kind.node_type() != n.kind.node_type() {
                return Err((UpdateResult::NodeTypeChanged, handle));
            }
            // Graph memory cannot move to another allocation by an update (as in CUDA).
            let same_memory = match (&old.kind, &n.kind) {
                (NodeKind::MemAlloc(a), NodeKind::MemAlloc(b)) => Arc::ptr_eq(a, b),
                (NodeKind::MemFree(a), NodeKind::MemFree(b)) => a == b,
                _ => true,
            };
            if !same_memory {
                return Err((UpdateResult::NotSupported, handle));
            }
        }
        for (old, n) in inner.nodes.iter_mut().zip(new) {
            old.kind = n.kind;
            for h in n.handles {
                if !old.handles.contains(&h) {
                    old.handles.push(h);
                }
            }
        }
        inner.snapshot = None;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::graphs::tests::empty_graph_with;
    use super::*;

    #[test]
    fn exec_update_requires_the_same_topology() {
        let (g, h) = empty_graph_with(&[&[], &[0]]);
        let exec = GraphExec::instantiate(&g, 0).unwrap();
        let (same, _) = empty_graph_with(&[&[], &[0]]);
        assert!(exec.update(&same).is_ok());
        let (other, _) = empty_graph_with(&[&[], &[]]);
        assert_eq!(
            exec.update(&other).map_err(|e| e.0),
            Err(UpdateResult::TopologyChanged)
        );
        assert!(exec.node_kind(h[1]).is_ok());
        assert_eq!(
            GraphExec::instantiate(&g, 16).err(),
            Some(HipError::InvalidValue)
        );
        GraphExec::destroy(exec.handle).unwrap();
        assert_eq!(
            GraphExec::lookup(exec.handle).err(),
            Some(HipError::InvalidValue)
        );
    }
}
