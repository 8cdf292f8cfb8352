//! Graphs and stream capture (`hipGraph*`, `hipStreamBeginCapture` ...).
//!
//! A graph is a set of nodes (kernel launches, copies, fills, host functions, empty nodes,
//! child graphs) with dependency edges. Instantiating it sorts the nodes topologically
//! (Kahn's algorithm, ties broken by creation order, so a graph built by capture or in
//! program order replays in that order); launching the executable graph publishes every
//! node's AQL packets on the launch stream in that order, under one hold of the stream's
//! submission lock. Every HIP packet has the barrier bit set, so a node starts only after
//! all earlier nodes completed: every dependency is honoured, and independent branches run
//! one after another rather than concurrently (the CPU agent's packet processor runs a
//! queue's packets one at a time anyway; a kernel already uses every core).
//!
//! Stream capture records operations as nodes instead of running them. Each stream of a
//! capture sequence has a *tail*: the nodes its next operation depends on. An event recorded
//! on a capturing stream remembers that stream's tail; a stream that waits for such an event
//! joins the sequence (fork) or adds the tail to its own (join). Operations that cannot be
//! captured fail with HIP's codes and invalidate the sequence, as in HIP and CUDA.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Weak};
use std::thread::ThreadId;

use hsa::signal::MemoryOrder;
use parking_lot::{Mutex, RwLock};

use crate::error::{HipError, HipResult};
use crate::event::EventRecord;
use crate::kernel::Kernel;
use crate::memory::{self, Copy3d, CopyKind, Extent, Fill3d, PitchedPtr, Pos};
use crate::runtime::Runtime;
use crate::stream::{self, StreamCore, StreamKind, StreamMark};

static NEXT_ID: AtomicU64 = AtomicU64::new(1);
const GRAPH_HANDLE_BASE: u64 = 0x4752_0000_0000_0000;
const NODE_HANDLE_BASE: u64 = 0x4e44_0000_0000_0000;
const EXEC_HANDLE_BASE: u64 = 0x4758_0000_0000_0000;

fn next_handle(base: u64) -> u64 {
    base | (NEXT_ID.fetch_add(1, Ordering::Relaxed) << 4)
}

// ---------------------------------------------------------------------------------------
// Node kinds

/// `hipGraphNodeType`
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeType {
    Kernel = 0,
    Memcpy = 1,
    Memset = 2,
    Host = 3,
    Graph = 4,
    Empty = 5,
}

/// A kernel launch: the dispatch as the stream would publish it, with a copy of the
/// packed arguments.
#[derive(Clone)]
pub struct KernelNode {
    /// The HSA kernel object dispatched.
    pub object: u64,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// Group memory per work-group (static + dynamic) as dispatched.
    pub group_segment_size: u32,
    /// Dynamic shared memory asked for (`sharedMemBytes`), when known.
    pub dynamic_shared: u32,
    pub kernarg: Vec<u8>,
    /// The `func` the node was made from (a host function or `hipFunction_t`); 0 when the
    /// launch was captured.
    pub func: usize,
    /// `(offset, size)` of each explicit argument, when known.
    pub params: Option<Vec<(u32, u32)>>,
    /// Keeps the kernel (or its module function) alive while the node exists.
    pub keep: Option<Arc<dyn Any + Send + Sync>>,
}

impl KernelNode {
    pub(crate) fn captured(
        object: u64,
        grid: [u32; 3],
        block: [u32; 3],
        group_segment_size: u32,
        kernarg: &[u8],
    ) -> KernelNode {
        KernelNode {
            object,
            grid,
            block,
            group_segment_size,
            dynamic_shared: 0,
            kernarg: kernarg.to_vec(),
            func: 0,
            params: None,
            keep: None,
        }
    }

    /// Builds a node for `kernel` with HIP's launch validation (the same checks as a
    /// launch on a stream of `device`: configuration, shared memory, argument size).
    pub fn new(
        kernel: &Kernel,
        device: usize,
        grid: [u32; 3],
        block: [u32; 3],
        dynamic_shared: u32,
        kernarg: &[u8],
    ) -> HipResult<KernelNode> {
        let stream = Arc::clone(Runtime::get()?.null_stream(device)?);
        let sink = SinkGuard::open();
        let result = kernel.launch(grid, block, dynamic_shared as usize, &stream, kernarg);
        let node = sink.close();
        result?;
        match node {
            Some(NodeKind::Kernel(mut k)) => {
                k.dynamic_shared = dynamic_shared;
                k.params = kernel.params.clone();
                Ok(k)
            }
            _ => Err(HipError::InvalidDeviceFunction),
        }
    }

    /// Addresses of each explicit argument inside the node's argument copy.
    pub fn argument_pointers(&self) -> Option<Box<[usize]>> {
        let params = self.params.as_ref()?;
        let base = self.kernarg.as_ptr() as usize;
        Some(params.iter().map(|&(o, _)| base + o as usize).collect())
    }
}

thread_local! {
    /// While set, a kernel launch on this thread becomes a node here instead of running
    /// (how [`KernelNode::new`] reuses the launch path's validation).
    static SINK: RefCell<Option<Option<NodeKind>>> = const { RefCell::new(None) };
}

/// Opens the sink for the current thread; closing (or dropping, on a panic) shuts it.
struct SinkGuard;

impl SinkGuard {
    fn open() -> SinkGuard {
        SINK.with(|s| *s.borrow_mut() = Some(None));
        SinkGuard
    }

    fn close(self) -> Option<NodeKind> {
        SINK.with(|s| s.borrow_mut().take()).flatten()
    }
}

impl Drop for SinkGuard {
    fn drop(&mut self) {
        SINK.with(|s| *s.borrow_mut() = None);
    }
}

/// Called by the stream's launch path: takes the node when a sink is active.
pub(crate) fn sink_node(make: impl FnOnce() -> NodeKind) -> Option<HipResult<()>> {
    SINK.with(|s| {
        let mut s = s.borrow_mut();
        let slot = s.as_mut()?;
        *slot = Some(make());
        Some(Ok(()))
    })
}

/// `hipMemcpy3DParms` in pointer form (arrays are not supported), as given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Memcpy3dParams {
    pub src: PitchedPtr,
    pub src_pos: Pos,
    pub dst: PitchedPtr,
    pub dst_pos: Pos,
    pub extent: Extent,
    /// `hipMemcpyKind`
    pub kind: u32,
}

/// A copy node (1-D, 2-D or 3-D).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemcpyNode {
    pub params: Memcpy3dParams,
    pub copy: Copy3d,
}

impl MemcpyNode {
    /// Validates `params` as `hipMemcpy3D` does (direction, pitches, positions, known
    /// allocation ranges).
    pub fn new(params: Memcpy3dParams) -> HipResult<MemcpyNode> {
        CopyKind::from_raw(params.kind)?;
        let copy = Copy3d::resolve(
            params.src,
            params.src_pos,
            params.dst,
            params.dst_pos,
            params.extent,
        )?;
        copy.check_ranges()?;
        Ok(MemcpyNode { params, copy })
    }

    /// `hipGraphAddMemcpyNode1D`'s parameters.
    pub fn new_1d(dst: usize, src: usize, size: usize, kind: u32) -> HipResult<MemcpyNode> {
        CopyKind::from_raw(kind)?;
        if size > 0 && (dst == 0 || src == 0) {
            return Err(HipError::InvalidValue);
        }
        memory::check_range(dst, size)?;
        memory::check_range(src, size)?;
        Ok(MemcpyNode::linear(dst, src, size, kind))
    }

    pub(crate) fn linear(dst: usize, src: usize, size: usize, kind: u32) -> MemcpyNode {
        MemcpyNode::from_copy(Copy3d::linear(dst, src, size), kind)
    }

    /// A node for an already resolved copy (the parameters are reconstructed).
    pub(crate) fn from_copy(copy: Copy3d, kind: u32) -> MemcpyNode {
        let side = |ptr: usize, pitch: usize, slice: usize| PitchedPtr {
            ptr,
            pitch,
            xsize: copy.width,
            ysize: slice.checked_div(pitch).unwrap_or(copy.height),
        };
        MemcpyNode {
            params: Memcpy3dParams {
                src: side(copy.src, copy.src_pitch, copy.src_slice),
                src_pos: Pos::default(),
                dst: side(copy.dst, copy.dst_pitch, copy.dst_slice),
                dst_pos: Pos::default(),
                extent: Extent {
                    width: copy.width,
                    height: copy.height,
                    depth: copy.depth,
                },
                kind,
            },
            copy,
        }
    }
}

/// A fill node (`hipMemsetParams`: `height` rows of `width` elements, `pitch` apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemsetNode {
    pub dst: usize,
    pub element_size: u32,
    pub height: usize,
    pub pitch: usize,
    pub value: u32,
    pub width: usize,
    pub fill: Fill3d,
}

impl MemsetNode {
    /// Validates `hipMemsetParams`: element size 1, 2 or 4, a non-null destination, rows
    /// that fit the pitch, a range inside a known allocation.
    pub fn new(
        dst: usize,
        element_size: u32,
        height: usize,
        pitch: usize,
        value: u32,
        width: usize,
    ) -> HipResult<MemsetNode> {
        let fill = Fill3d::rows(dst, pitch, value, element_size, width, height)?;
        fill.check_range()?;
        Ok(MemsetNode {
            dst,
            element_size,
            height,
            pitch,
            value,
            width,
            fill,
        })
    }

    pub(crate) fn linear(dst: usize, value: u32, element_size: u32, count: usize) -> MemsetNode {
        let row = count * element_size as usize;
        MemsetNode::from_fill(Fill3d {
            base: dst,
            dst,
            pitch: row,
            slice: row,
            value,
            element_size,
            width: count,
            height: 1,
            depth: 1,
        })
    }

    pub(crate) fn from_fill(fill: Fill3d) -> MemsetNode {
        MemsetNode {
            dst: fill.dst,
            element_size: fill.element_size,
            height: fill.height * fill.depth,
            pitch: fill.pitch,
            value: fill.value,
            width: fill.width,
            fill,
        }
    }
}

/// A host function node: `f` runs on the stream's processor thread at every launch.
#[derive(Clone)]
pub struct HostNode {
    pub f: Arc<dyn Fn() + Send + Sync>,
    /// The C function and user data it was made from (`hipHostNodeParams`), if any.
    pub raw: Option<(usize, usize)>,
}

impl HostNode {
    pub fn new(f: Arc<dyn Fn() + Send + Sync>) -> HostNode {
        HostNode { f, raw: None }
    }
}

/// What a node does.
#[derive(Clone)]
pub enum NodeKind {
    Empty,
    Kernel(KernelNode),
    Memcpy(MemcpyNode),
    Memset(MemsetNode),
    Host(HostNode),
    /// A child graph (its nodes in launch order).
    Graph(Arc<Vec<NodeKind>>),
}

impl NodeKind {
    pub fn node_type(&self) -> NodeType {
        match self {
            NodeKind::Empty => NodeType::Empty,
            NodeKind::Kernel(_) => NodeType::Kernel,
            NodeKind::Memcpy(_) => NodeType::Memcpy,
            NodeKind::Memset(_) => NodeType::Memset,
            NodeKind::Host(_) => NodeType::Host,
            NodeKind::Graph(_) => NodeType::Graph,
        }
    }

    /// Publishes the node's packets on `stream`. Called with the submission lock held.
    ///
    /// # Safety
    /// The node's memory ranges must be valid until its packets have run (HIP leaves
    /// this to the program, as for asynchronous copies).
    unsafe fn publish_locked(&self, stream: &StreamCore) -> HipResult<()> {
        match self {
            NodeKind::Empty => Ok(()),
            NodeKind::Kernel(k) => stream.publish_kernel_locked(
                k.object,
                k.grid,
                k.block,
                k.group_segment_size,
                &k.kernarg,
            ),
            // SAFETY: forwarded from the caller.
            NodeKind::Memcpy(m) => unsafe { stream.publish_copy_3d_locked(&m.copy) },
            // SAFETY: forwarded from the caller.
            NodeKind::Memset(m) => unsafe { stream.publish_fill_locked(&m.fill) },
            NodeKind::Host(h) => {
                let f = Arc::clone(&h.f);
                stream.publish_host_locked(Box::new(move || f()))
            }
            NodeKind::Graph(nodes) => {
                for n in nodes.iter() {
                    // SAFETY: forwarded from the caller.
                    unsafe { n.publish_locked(stream)? };
                }
                Ok(())
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Graphs

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
struct GraphInner {
    /// In creation order.
    nodes: Vec<Node>,
    index: HashMap<u64, usize>,
}

impl GraphInner {
    fn node(&self, handle: u64) -> HipResult<&Node> {
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
    inner: Mutex<GraphInner>,
}

type Registry<T> = RwLock<Option<HashMap<u64, T>>>;

static GRAPHS: Registry<Arc<GraphCore>> = RwLock::new(None);
/// Which graph each live node belongs to.
static NODES: Registry<Weak<GraphCore>> = RwLock::new(None);
static EXECS: Registry<Arc<GraphExec>> = RwLock::new(None);

fn register<T: Clone>(registry: &Registry<T>, handle: u64, value: &T) {
    registry
        .write()
        .get_or_insert_with(HashMap::new)
        .insert(handle, value.clone());
}

fn lookup_in<T: Clone>(registry: &Registry<T>, handle: u64) -> Option<T> {
    registry
        .read()
        .as_ref()
        .and_then(|m| m.get(&handle).cloned())
}

impl GraphCore {
    fn new_unregistered() -> Arc<GraphCore> {
        Arc::new(GraphCore {
            handle: next_handle(GRAPH_HANDLE_BASE),
            inner: Mutex::new(GraphInner::default()),
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
        Ok(())
    }

    fn forget_nodes(&self) {
        let handles: Vec<u64> = self.inner.lock().nodes.iter().map(|n| n.handle).collect();
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
            inner.node(node)?;
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
                out.nodes.push(Node {
                    handle,
                    kind: n.kind.clone(),
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
    fn ordered(&self) -> HipResult<Vec<ExecNode>> {
        let inner = self.inner.lock();
        let order = inner.topological_order().ok_or(HipError::InvalidValue)?;
        let mut position = HashMap::with_capacity(order.len());
        for (p, &i) in order.iter().enumerate() {
            position.insert(inner.nodes[i].handle, p);
        }
        Ok(order
            .iter()
            .map(|&i| {
                let n = &inner.nodes[i];
                let mut deps: Vec<usize> = n.deps.iter().map(|d| position[d]).collect();
                deps.sort_unstable();
                ExecNode {
                    handles: vec![n.handle],
                    kind: n.kind.clone(),
                    deps,
                }
            })
            .collect())
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

// ---------------------------------------------------------------------------------------
// Executable graphs

/// A node of an executable graph.
#[derive(Clone)]
struct ExecNode {
    /// The graph nodes it stands for (the instantiated one, and those of graphs it was
    /// updated from).
    handles: Vec<u64>,
    kind: NodeKind,
    /// Positions of its dependencies in launch order.
    deps: Vec<usize>,
}

struct ExecInner {
    nodes: Vec<ExecNode>,
    /// The nodes as launched (rebuilt after a parameter change).
    snapshot: Option<Arc<Vec<NodeKind>>>,
    /// The end of the latest launch: a new launch is ordered after it.
    last: Option<StreamMark>,
}

impl ExecInner {
    fn snapshot(&mut self) -> Arc<Vec<NodeKind>> {
        let nodes = &self.nodes;
        Arc::clone(
            self.snapshot
                .get_or_insert_with(|| Arc::new(nodes.iter().map(|n| n.kind.clone()).collect())),
        )
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
}

/// An executable graph (the `hipGraphExec_t` behind the handle).
pub struct GraphExec {
    pub handle: u64,
    pub flags: u64,
    inner: Mutex<ExecInner>,
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
        let nodes = inner.snapshot();
        if let Some(done) = stream.capture_op(|| NodeKind::Graph(Arc::clone(&nodes))) {
            return done;
        }
        let last = inner.last.clone();
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
        inner.nodes[p].kind = kind;
        inner.snapshot = None;
        Ok(())
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

// ---------------------------------------------------------------------------------------
// Stream capture

/// `hipStreamCaptureMode`
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptureMode {
    Global = 0,
    ThreadLocal = 1,
    Relaxed = 2,
}

impl CaptureMode {
    pub fn from_raw(raw: u32) -> HipResult<CaptureMode> {
        Ok(match raw {
            0 => CaptureMode::Global,
            1 => CaptureMode::ThreadLocal,
            2 => CaptureMode::Relaxed,
            _ => return Err(HipError::InvalidValue),
        })
    }
}

/// `hipStreamCaptureStatus`
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptureStatus {
    None = 0,
    Active = 1,
    Invalidated = 2,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SessionStatus {
    Active,
    Invalidated,
    Ended,
}

struct Member {
    /// The nodes the stream's next captured operation depends on.
    tail: Vec<u64>,
    /// `tail` as handed out by `hipStreamGetCaptureInfo_v2` (valid until the next call).
    exported: Box<[u64]>,
}

struct SessionState {
    status: SessionStatus,
    /// Streams in the sequence, by handle.
    members: HashMap<u64, Member>,
}

/// A capture sequence: begun on `origin`, joined by other streams through events.
pub struct CaptureSession {
    /// `hipStreamGetCaptureInfo`'s unique id.
    pub id: u64,
    pub mode: CaptureMode,
    origin: u64,
    thread: ThreadId,
    graph: Arc<GraphCore>,
    state: Mutex<SessionState>,
}

static NEXT_CAPTURE_ID: AtomicU64 = AtomicU64::new(1);
/// Capture sequences not ended yet (for the "potentially unsafe API call" rule).
static ACTIVE: Mutex<Vec<Weak<CaptureSession>>> = Mutex::new(Vec::new());
static ACTIVE_COUNT: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// `hipThreadExchangeStreamCaptureMode`'s per-thread mode.
    static THREAD_MODE: Cell<CaptureMode> = const { Cell::new(CaptureMode::Global) };
}

/// Events recorded in a capture sequence: which nodes they stand for.
struct CapturedRecord {
    record: Weak<EventRecord>,
    session: Weak<CaptureSession>,
    nodes: Vec<u64>,
}
static CAPTURED_EVENTS: Mutex<Option<HashMap<usize, CapturedRecord>>> = Mutex::new(None);

impl CaptureSession {
    /// Marks the sequence invalid: later captured operations fail with
    /// `hipErrorStreamCaptureInvalidated` and ending it gives no graph.
    pub fn invalidate(&self) {
        let mut st = self.state.lock();
        if st.status == SessionStatus::Active {
            st.status = SessionStatus::Invalidated;
        }
    }

    pub fn status(&self) -> CaptureStatus {
        match self.state.lock().status {
            SessionStatus::Active => CaptureStatus::Active,
            SessionStatus::Invalidated => CaptureStatus::Invalidated,
            SessionStatus::Ended => CaptureStatus::None,
        }
    }

    /// The graph being built.
    pub fn graph(&self) -> &Arc<GraphCore> {
        &self.graph
    }

    /// Adds a node for an operation on member `stream`: `None` when the sequence has
    /// ended meanwhile (the operation runs normally).
    pub(crate) fn add_node(&self, stream: &StreamCore, kind: NodeKind) -> Option<HipResult<()>> {
        let mut st = self.state.lock();
        match st.status {
            SessionStatus::Ended => return None,
            SessionStatus::Invalidated => return Some(Err(HipError::StreamCaptureInvalidated)),
            SessionStatus::Active => {}
        }
        let member = st.members.get_mut(&stream.handle)?;
        let result = self.graph.add_node(kind, &member.tail).map(|h| {
            member.tail = vec![h];
        });
        Some(result)
    }

    /// Ends the sequence: every member stream leaves it. Returns the status before and
    /// the origin's tail.
    fn finish(self: &Arc<Self>) -> (SessionStatus, Vec<u64>) {
        let (status, members) = {
            let mut st = self.state.lock();
            let status = st.status;
            st.status = SessionStatus::Ended;
            (status, std::mem::take(&mut st.members))
        };
        for handle in members.keys() {
            if let Ok(s) = stream::lookup(*handle) {
                s.leave_capture(self);
            }
        }
        if status != SessionStatus::Ended {
            let mut active = ACTIVE.lock();
            active.retain(|w| w.strong_count() > 0 && !std::ptr::eq(w.as_ptr(), Arc::as_ptr(self)));
            ACTIVE_COUNT.store(active.len(), Ordering::Release);
        }
        let me = Arc::as_ptr(self);
        if let Some(m) = CAPTURED_EVENTS.lock().as_mut() {
            m.retain(|_, r| !std::ptr::eq(r.session.as_ptr(), me));
        }
        let tail = members
            .get(&self.origin)
            .map(|m| m.tail.clone())
            .unwrap_or_default();
        (status, tail)
    }

    fn add_member(&self, stream: &StreamCore, tail: Vec<u64>) -> bool {
        let mut st = self.state.lock();
        if st.status == SessionStatus::Ended {
            return false;
        }
        st.members.insert(
            stream.handle,
            Member {
                tail,
                exported: Box::new([]),
            },
        );
        true
    }
}

/// `hipStreamBeginCapture`.
pub fn begin_capture(stream: &Arc<StreamCore>, mode: CaptureMode) -> HipResult<()> {
    if stream.kind == StreamKind::Null {
        // The legacy null stream cannot be captured.
        return Err(HipError::StreamCaptureUnsupported);
    }
    if stream.is_capturing() {
        return Err(HipError::IllegalState);
    }
    let session = Arc::new(CaptureSession {
        id: NEXT_CAPTURE_ID.fetch_add(1, Ordering::Relaxed),
        mode,
        origin: stream.handle,
        thread: std::thread::current().id(),
        graph: GraphCore::new_unregistered(),
        state: Mutex::new(SessionState {
            status: SessionStatus::Active,
            members: HashMap::new(),
        }),
    });
    session.add_member(stream, Vec::new());
    stream.set_capture(Some(Arc::clone(&session)));
    let mut active = ACTIVE.lock();
    active.push(Arc::downgrade(&session));
    ACTIVE_COUNT.store(active.len(), Ordering::Release);
    Ok(())
}

/// `hipStreamEndCapture`: the captured graph (registered, owned by the caller).
/// `hipErrorIllegalState` if the stream is not capturing, `...Unmatched` if it did not
/// begin the sequence, `...WrongThread` for a global or thread-local sequence ended on
/// another thread, `...Invalidated` if an operation invalidated it, `...Unjoined` if a
/// stream that joined it has work the origin stream did not wait for.
pub fn end_capture(stream: &Arc<StreamCore>) -> HipResult<Arc<GraphCore>> {
    let session = stream.capture_session().ok_or(HipError::IllegalState)?;
    if session.origin != stream.handle {
        return Err(HipError::StreamCaptureUnmatched);
    }
    if session.mode != CaptureMode::Relaxed && session.thread != std::thread::current().id() {
        return Err(HipError::StreamCaptureWrongThread);
    }
    let (status, origin_tail) = session.finish();
    stream.leave_capture(&session);
    let graph = Arc::clone(&session.graph);
    if status == SessionStatus::Invalidated {
        graph.forget_nodes();
        return Err(HipError::StreamCaptureInvalidated);
    }
    let joined = graph.sink_nodes().iter().all(|n| origin_tail.contains(n));
    if !joined {
        graph.forget_nodes();
        return Err(HipError::StreamCaptureUnjoined);
    }
    register(&GRAPHS, graph.handle, &graph);
    Ok(graph)
}

/// A member stream of `session` is being destroyed: the sequence is invalidated, and
/// ended when the stream began it (nobody could end it any more).
pub(crate) fn stream_destroyed(stream: &StreamCore, session: &Arc<CaptureSession>) {
    session.invalidate();
    if session.origin == stream.handle {
        let _ = session.finish();
        session.graph.forget_nodes();
    }
}

/// `hipStreamGetCaptureInfo` / `hipStreamIsCapturing`: status and sequence id (0 when not
/// capturing). On the legacy stream, `hipErrorStreamCaptureImplicit` while a blocking
/// stream of the device is capturing.
pub fn capture_info(stream: &StreamCore) -> HipResult<(CaptureStatus, u64)> {
    if stream.kind == StreamKind::Null {
        stream.check_legacy_capture_quiet()?;
    }
    Ok(match stream.capture_session() {
        Some(s) => match s.status() {
            CaptureStatus::None => (CaptureStatus::None, 0),
            status => (status, s.id),
        },
        None => (CaptureStatus::None, 0),
    })
}

/// `hipStreamGetCaptureInfo_v2`'s extra outputs: the graph being built and the stream's
/// current dependencies (a pointer valid until the next capture call on the stream).
pub fn capture_dependencies(stream: &StreamCore) -> Option<(u64, *const u64, usize)> {
    let session = stream.capture_session()?;
    let mut st = session.state.lock();
    if st.status == SessionStatus::Ended {
        return None;
    }
    let member = st.members.get_mut(&stream.handle)?;
    member.exported = member.tail.clone().into_boxed_slice();
    Some((
        session.graph.handle,
        member.exported.as_ptr(),
        member.exported.len(),
    ))
}

/// `hipStreamUpdateCaptureDependencies`: `set` replaces the stream's dependencies,
/// otherwise they are added to. Nodes must belong to the graph being captured.
pub fn update_capture_dependencies(stream: &StreamCore, nodes: &[u64], set: bool) -> HipResult<()> {
    let session = stream.capture_session().ok_or(HipError::IllegalState)?;
    let mut st = session.state.lock();
    match st.status {
        SessionStatus::Ended => return Err(HipError::IllegalState),
        SessionStatus::Invalidated => return Err(HipError::StreamCaptureInvalidated),
        SessionStatus::Active => {}
    }
    {
        let inner = session.graph.inner.lock();
        for n in nodes {
            inner.node(*n)?;
        }
    }
    let member = st
        .members
        .get_mut(&stream.handle)
        .ok_or(HipError::IllegalState)?;
    if set {
        member.tail.clear();
    }
    for n in nodes {
        if !member.tail.contains(n) {
            member.tail.push(*n);
        }
    }
    Ok(())
}

/// An event record on a capturing stream: the record stands for the stream's current
/// captured work. Its signal is completed at once so that host waits on it never hang
/// (the record has no work of its own to wait for).
pub(crate) fn capture_record(
    stream: &StreamCore,
    session: &Arc<CaptureSession>,
    record: &Arc<EventRecord>,
) -> Option<HipResult<()>> {
    let tail = {
        let st = session.state.lock();
        match st.status {
            SessionStatus::Ended => return None,
            SessionStatus::Invalidated => return Some(Err(HipError::StreamCaptureInvalidated)),
            SessionStatus::Active => {}
        }
        st.members.get(&stream.handle)?.tail.clone()
    };
    CAPTURED_EVENTS
        .lock()
        .get_or_insert_with(HashMap::new)
        .insert(
            Arc::as_ptr(record) as usize,
            CapturedRecord {
                record: Arc::downgrade(record),
                session: Arc::downgrade(session),
                nodes: tail,
            },
        );
    if let Ok(signal) = hsa::Signal::from_handle(record.signal_handle()) {
        signal.store(0, MemoryOrder::Release);
    }
    Some(Ok(()))
}

/// The capture sequence and nodes an event record stands for, if it was recorded in a
/// sequence that has not ended.
fn captured_record(record: &Arc<EventRecord>) -> Option<(Arc<CaptureSession>, Vec<u64>)> {
    let events = CAPTURED_EVENTS.lock();
    let r = events.as_ref()?.get(&(Arc::as_ptr(record) as usize))?;
    if !std::ptr::eq(r.record.as_ptr(), Arc::as_ptr(record)) {
        return None;
    }
    Some((r.session.upgrade()?, r.nodes.clone()))
}

/// Whether `record` was made by an event record on a capturing stream whose capture has
/// not ended (HIP reports `hipErrorCapturedEvent` for queries and waits on such events).
pub fn is_captured_record(record: &Arc<EventRecord>) -> bool {
    captured_record(record).is_some()
}

/// `hipStreamWaitEvent` during capture: `Some` when capture rules apply.
/// - event recorded in a sequence, stream not capturing: the stream joins the sequence
///   with the event's nodes as its dependencies (fork);
/// - both in the same sequence: the event's nodes are added to the stream's (join);
/// - different sequences: `hipErrorStreamCaptureMerge`;
/// - event not captured, stream capturing: `hipErrorStreamCaptureIsolation` (CUDA's rule
///   for waits on uncaptured work).
///
/// The two errors invalidate the stream's sequence.
pub(crate) fn capture_wait_event(
    stream: &StreamCore,
    record: &Arc<EventRecord>,
) -> Option<HipResult<()>> {
    let captured = captured_record(record);
    let own = stream.capture_session();
    match (captured, own) {
        (None, None) => None,
        (None, Some(own)) => {
            own.invalidate();
            Some(Err(HipError::StreamCaptureIsolation))
        }
        (Some((session, nodes)), None) => {
            if stream.kind == StreamKind::Null {
                session.invalidate();
                return Some(Err(HipError::StreamCaptureImplicit));
            }
            let Ok(arc) = stream::lookup(stream.handle) else {
                return Some(Err(HipError::InvalidHandle));
            };
            if !session.add_member(&arc, nodes) {
                return None;
            }
            arc.set_capture(Some(session));
            Some(Ok(()))
        }
        (Some((session, nodes)), Some(own)) => {
            if !Arc::ptr_eq(&session, &own) {
                own.invalidate();
                return Some(Err(HipError::StreamCaptureMerge));
            }
            let mut st = own.state.lock();
            match st.status {
                SessionStatus::Ended => return None,
                SessionStatus::Invalidated => return Some(Err(HipError::StreamCaptureInvalidated)),
                SessionStatus::Active => {}
            }
            let member = st.members.get_mut(&stream.handle)?;
            for n in nodes {
                if !member.tail.contains(&n) {
                    member.tail.push(n);
                }
            }
            Some(Ok(()))
        }
    }
}

/// Whether any capture sequence has begun and not ended (a cheap check for hot paths).
pub(crate) fn any_capture_active() -> bool {
    ACTIVE_COUNT.load(Ordering::Acquire) != 0
}

/// `hipThreadExchangeStreamCaptureMode`: sets the calling thread's mode, returns the old.
pub fn exchange_capture_mode(mode: CaptureMode) -> CaptureMode {
    THREAD_MODE.with(|m| m.replace(mode))
}

/// HIP's check for "potentially unsafe" calls (allocations, synchronous copies and fills)
/// while capture sequences are active: with the thread's mode Global, any Global sequence
/// (from any thread) or a non-Relaxed sequence begun by this thread forbids them; with
/// ThreadLocal only the latter; Relaxed never. `hipErrorStreamCaptureUnsupported`.
pub fn check_unsafe_call() -> HipResult<()> {
    if ACTIVE_COUNT.load(Ordering::Acquire) == 0 {
        return Ok(());
    }
    let mode = THREAD_MODE.with(|m| m.get());
    if mode == CaptureMode::Relaxed {
        return Ok(());
    }
    let me = std::thread::current().id();
    let active = ACTIVE.lock();
    let forbidden = active.iter().filter_map(|w| w.upgrade()).any(|s| {
        let open = s.state.lock().status != SessionStatus::Ended;
        open && ((s.thread == me && s.mode != CaptureMode::Relaxed)
            || (mode == CaptureMode::Global && s.mode == CaptureMode::Global))
    });
    if forbidden {
        Err(HipError::StreamCaptureUnsupported)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn empty_graph_with(deps: &[&[usize]]) -> (Arc<GraphCore>, Vec<u64>) {
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

    fn stream() -> Arc<StreamCore> {
        let rt = Runtime::get().unwrap();
        StreamCore::create(rt, 0, crate::STREAM_NON_BLOCKING, 0).unwrap()
    }

    #[test]
    fn capture_forks_and_joins_through_events() {
        use crate::event::EventCore;
        use std::sync::atomic::AtomicUsize;
        let (s1, s2) = (stream(), stream());
        let hits = Arc::new(AtomicUsize::new(0));
        let host = |h: &Arc<AtomicUsize>| -> Arc<dyn Fn() + Send + Sync> {
            let h = Arc::clone(h);
            Arc::new(move || {
                h.fetch_add(1, Ordering::SeqCst);
            })
        };
        begin_capture(&s1, CaptureMode::Relaxed).unwrap();
        assert_eq!(
            begin_capture(&s1, CaptureMode::Relaxed),
            Err(HipError::IllegalState)
        );
        s1.host_fn_shared(host(&hits)).unwrap();
        let fork = EventCore::create(0).unwrap();
        fork.record(&s1).unwrap();
        s2.wait_event(&fork.current_record().unwrap()).unwrap();
        assert!(s2.is_capturing());
        s2.host_fn_shared(host(&hits)).unwrap();
        s1.host_fn_shared(host(&hits)).unwrap();
        // Not joined yet: the origin cannot end the capture.
        let join = EventCore::create(0).unwrap();
        join.record(&s2).unwrap();
        assert_eq!(
            end_capture(&s2).err(),
            Some(HipError::StreamCaptureUnmatched)
        );
        s1.wait_event(&join.current_record().unwrap()).unwrap();
        s1.host_fn_shared(host(&hits)).unwrap();
        let g = end_capture(&s1).unwrap();
        assert!(!s2.is_capturing());
        assert_eq!(hits.load(Ordering::SeqCst), 0, "captured work must not run");
        let nodes = g.nodes();
        assert_eq!(nodes.len(), 4);
        assert_eq!(g.node_dependencies(nodes[3]).unwrap().len(), 2);
        assert_eq!(g.root_nodes(), vec![nodes[0]]);
        let exec = GraphExec::instantiate(&g, 0).unwrap();
        exec.launch(&s2).unwrap();
        exec.launch(&s1).unwrap();
        s1.synchronize().unwrap();
        assert_eq!(hits.load(Ordering::SeqCst), 8);
        // An unjoined fork.
        begin_capture(&s1, CaptureMode::Relaxed).unwrap();
        fork.record(&s1).unwrap();
        s2.wait_event(&fork.current_record().unwrap()).unwrap();
        s2.host_fn_shared(host(&hits)).unwrap();
        assert_eq!(
            end_capture(&s1).err(),
            Some(HipError::StreamCaptureUnjoined)
        );
        assert!(!s1.is_capturing() && !s2.is_capturing());
        // One-shot host functions and synchronisation invalidate a capture.
        begin_capture(&s1, CaptureMode::Relaxed).unwrap();
        assert_eq!(s1.host_fn(|| ()), Err(HipError::StreamCaptureUnsupported));
        assert_eq!(capture_info(&s1).unwrap().0, CaptureStatus::Invalidated);
        assert_eq!(
            s1.host_fn_shared(host(&hits)),
            Err(HipError::StreamCaptureInvalidated)
        );
        assert_eq!(
            end_capture(&s1).err(),
            Some(HipError::StreamCaptureInvalidated)
        );
        begin_capture(&s1, CaptureMode::Relaxed).unwrap();
        assert_eq!(s1.synchronize(), Err(HipError::StreamCaptureUnsupported));
        assert_eq!(
            end_capture(&s1).err(),
            Some(HipError::StreamCaptureInvalidated)
        );
        s1.synchronize().unwrap();
        assert_eq!(hits.load(Ordering::SeqCst), 8);
        GraphExec::destroy(exec.handle).unwrap();
        GraphCore::destroy(g.handle).unwrap();
        EventCore::destroy(fork.handle).unwrap();
        EventCore::destroy(join.handle).unwrap();
        StreamCore::destroy(s1.handle).unwrap();
        StreamCore::destroy(s2.handle).unwrap();
    }

    #[test]
    fn capture_modes_parse_and_exchange() {
        assert_eq!(CaptureMode::from_raw(2), Ok(CaptureMode::Relaxed));
        assert_eq!(CaptureMode::from_raw(3), Err(HipError::InvalidValue));
        let old = exchange_capture_mode(CaptureMode::Relaxed);
        assert_eq!(old, CaptureMode::Global);
        assert_eq!(exchange_capture_mode(old), CaptureMode::Relaxed);
    }
}
