//! Node kinds: what a graph node does (a kernel dispatch, a copy, a fill, a host function,
//! nothing, a child graph) and how it publishes its AQL packets on a stream.

use std::any::Any;
use std::cell::RefCell;
use std::sync::Arc;

use super::graphs::GraphCore;
use super::memnodes::GraphAlloc;
use crate::error::{HipError, HipResult};
use crate::event::EventCore;
use crate::kernel::Kernel;
use crate::memory::{self, Copy3d, CopyKind, Extent, Fill3d, PitchedPtr, Pos};
use crate::runtime::Runtime;
use crate::stream::StreamCore;

/// `hipGraphNodeType`
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeType {
    Kernel = 0,
    Memcpy = 1,
    Memset = 2,
    Host = 3,
    Graph = 4,
    Empty = 5,
    WaitEvent = 6,
    EventRecord = 7,
    MemAlloc = 10,
    MemFree = 11,
}

/// A kernel node's launch attributes (`hipGraphKernelNodeSetAttribute`): stored as given;
/// `cooperative` makes each launch of the node a cooperative launch.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct KernelAttrs {
    /// `hipAccessPolicyWindow` as raw bytes (a cache hint: no effect on the CPU).
    pub access_policy_window: [u8; 32],
    pub cooperative: bool,
    pub priority: i32,
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
    pub attrs: KernelAttrs,
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
            attrs: KernelAttrs::default(),
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
    /// A child graph (its nodes in launch order), as executable graphs hold it.
    Graph(Arc<Vec<NodeKind>>),
    /// A child graph node of a graph: the node owns this graph
    /// (`hipGraphChildGraphNodeGetGraph`); instantiation flattens it into [`NodeKind::Graph`].
    Child(Arc<GraphCore>),
    /// Records the event at this point of every launch.
    EventRecord(Arc<EventCore>),
    /// Later nodes wait for the event's latest record as of the launch.
    EventWait(Arc<EventCore>),
    /// Makes the graph's allocation live (its address is fixed when the node is made).
    MemAlloc(Arc<GraphAlloc>),
    /// Ends a graph allocation (its address).
    MemFree(usize),
}

impl NodeKind {
    pub fn node_type(&self) -> NodeType {
        match self {
            NodeKind::Empty => NodeType::Empty,
            NodeKind::Kernel(_) => NodeType::Kernel,
            NodeKind::Memcpy(_) => NodeType::Memcpy,
            NodeKind::Memset(_) => NodeType::Memset,
            NodeKind::Host(_) => NodeType::Host,
            NodeKind::Graph(_) | NodeKind::Child(_) => NodeType::Graph,
            NodeKind::EventRecord(_) => NodeType::EventRecord,
            NodeKind::EventWait(_) => NodeType::WaitEvent,
            NodeKind::MemAlloc(_) => NodeType::MemAlloc,
            NodeKind::MemFree(_) => NodeType::MemFree,
        }
    }

    /// The node as an executable graph holds it (child graphs flattened in launch order).
    pub(super) fn for_exec(&self) -> HipResult<NodeKind> {
        match self {
            NodeKind::Child(g) => g.as_child(),
            other => Ok(other.clone()),
        }
    }

    /// Publishes the node's packets on `stream`. Called with the submission lock held.
    ///
    /// # Safety
    /// The node's memory ranges must be valid until its packets have run (HIP leaves
    /// this to the program, as for asynchronous copies).
    pub(super) unsafe fn publish_locked(&self, stream: &StreamCore) -> HipResult<()> {
        match self {
            NodeKind::Empty => Ok(()),
            NodeKind::Kernel(k) if k.attrs.cooperative => {
                // A cooperative launch: every work-group resident at once (grid sync).
                let handle = cpu_engine::coop::register(cpu_engine::Cooperative { multi: None });
                let result = stream.publish_cooperative_kernel_locked(
                    k.object,
                    k.grid,
                    k.block,
                    k.group_segment_size,
                    &k.kernarg,
                    handle,
                );
                if result.is_err() {
                    if let Some(c) = cpu_engine::coop::take(handle) {
                        c.abandon();
                    }
                }
                result
            }
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
            // SAFETY: forwarded from the caller.
            NodeKind::Child(g) => unsafe { g.as_child()?.publish_locked(stream) },
            NodeKind::EventRecord(e) => e.record_locked(stream),
            NodeKind::EventWait(e) => match e.current_record() {
                // An event never recorded: nothing to wait for (as hipStreamWaitEvent).
                None => Ok(()),
                Some(r) => stream.wait_event_locked(&r),
            },
            // The allocation's state changes when the launch is enqueued
            // (`memnodes::launch_allocations`); its memory exists from the node's creation.
            NodeKind::MemAlloc(_) | NodeKind::MemFree(_) => Ok(()),
        }
    }
}
