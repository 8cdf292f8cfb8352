//! Graphs and stream capture: graphs and their nodes, executable graphs, capture sequences.
//!
//! Graph, node and executable-graph handles are opaque (registry numbers on the CPU, the
//! driver's `CUgraph`/`CUgraphNode`/`CUgraphExec` on NVIDIA); an invalid one is
//! `hipErrorInvalidValue`, as in HIP. Node parameters arrive as Rust values ([`NodeSpec`]);
//! the C structures they come from (`hipKernelNodeParams`, ...) stay in the C ABI.

use std::ffi::c_void;

use super::stream::HostFn;
use super::Handle;
use crate::error::HipResult;
use crate::graph::Memcpy3dParams;

/// A kernel node's parameters (`hipKernelNodeParams` as values).
#[derive(Debug, Clone, Copy)]
pub struct KernelSpec {
    /// A registered kernel's host function, or a `hipFunction_t`.
    pub func: usize,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// Dynamic shared memory per block, in bytes.
    pub shared_mem_bytes: u32,
    /// One pointer per kernel argument (`kernelParams`), or NULL.
    pub kernel_params: *mut *mut c_void,
    /// HIP's `extra` array (`HIP_LAUNCH_PARAM_*` pairs), or NULL.
    pub extra: *mut *mut c_void,
}

/// A fill node's parameters (`hipMemsetParams` as values): `height` rows of `width`
/// elements of `element_size` bytes, `pitch` bytes apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemsetSpec {
    pub dst: usize,
    pub element_size: u32,
    pub height: usize,
    pub pitch: usize,
    pub value: u32,
    pub width: usize,
}

/// A host node's parameters (`hipHostNodeParams` as values).
#[derive(Debug, Clone, Copy)]
pub struct HostSpec {
    /// NULL is `hipErrorInvalidValue` when a node is made.
    pub f: HostFn,
    pub user: *mut c_void,
}

/// A copy node's parameters as a node reports them: the pointer form, plus the arrays of
/// either side where the node copies from or to one (NULL otherwise).
#[derive(Debug, Clone, Copy)]
pub struct MemcpyNodeParams {
    pub copy: Memcpy3dParams,
    pub src_array: *mut c_void,
    pub dst_array: *mut c_void,
}

/// What a node to add, or a node's new parameters, is.
#[derive(Debug, Clone, Copy)]
pub enum NodeSpec {
    Kernel(KernelSpec),
    /// A 3-D copy in pointer form.
    Memcpy(Memcpy3dParams),
    /// A 1-D copy of `size` bytes (`hipMemcpyKind` `kind`).
    Memcpy1d {
        dst: usize,
        src: usize,
        size: usize,
        kind: u32,
    },
    Memset(MemsetSpec),
    Host(HostSpec),
    Empty,
    /// A copy of this graph as one node.
    Child(Handle),
    /// Records this event (`hipEvent_t`) at every launch.
    EventRecord(Handle),
    /// Waits for this event's latest record.
    EventWait(Handle),
    /// Frees this graph allocation (`hipGraphAddMemFreeNode`).
    MemFree(usize),
}

/// `hipMemAllocNodeParams` as values (the pool properties HIP allows for graph memory).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemAllocSpec {
    /// `hipMemAllocationType` (only `hipMemAllocationTypePinned`, 1, is valid).
    pub alloc_type: u32,
    /// `hipMemAllocationHandleType` (0: none).
    pub handle_types: u32,
    /// `hipMemLocationType` of the location (1: device) and its id.
    pub location_type: u32,
    pub device: i32,
    /// Peer access to the memory: `(location type, id, hipMemAccessFlags)` each.
    pub access: Vec<(u32, i32, u32)>,
    pub bytesize: usize,
}

/// `hipLaunchAttributeID` values a kernel node has.
pub const KERNEL_ATTR_ACCESS_POLICY_WINDOW: i32 = 1;
pub const KERNEL_ATTR_COOPERATIVE: i32 = 2;
pub const KERNEL_ATTR_PRIORITY: i32 = 8;

/// `hipAccessPolicyWindow` as values.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct AccessPolicyWindow {
    pub base_ptr: usize,
    pub hit_prop: u32,
    pub hit_ratio: f32,
    pub miss_prop: u32,
    pub num_bytes: usize,
}

/// One kernel node attribute (`hipKernelNodeAttrID` with its `hipKernelNodeAttrValue`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum KernelAttr {
    AccessPolicyWindow(AccessPolicyWindow),
    Cooperative(bool),
    Priority(i32),
}

impl KernelAttr {
    pub fn id(&self) -> i32 {
        match self {
            KernelAttr::AccessPolicyWindow(_) => KERNEL_ATTR_ACCESS_POLICY_WINDOW,
            KernelAttr::Cooperative(_) => KERNEL_ATTR_COOPERATIVE,
            KernelAttr::Priority(_) => KERNEL_ATTR_PRIORITY,
        }
    }
}

/// `hipGraphExecUpdate`'s outcome: `hipGraphExecUpdateResult` (0 success) and the node
/// that made it fail (NULL when none is named).
#[derive(Debug, Clone, Copy)]
pub struct ExecUpdate {
    pub result: i32,
    pub error_node: Handle,
}

/// What `hipStreamGetCaptureInfo(_v2)` reports: `hipStreamCaptureStatus`, the capture
/// sequence id and, while the capture is active, the graph being built and the stream's
/// current dependencies (`count` handles at `deps`, valid until the next capture call on
/// the stream; NULL and 0 otherwise).
#[derive(Debug, Clone, Copy)]
pub struct CaptureInfo {
    pub status: i32,
    pub id: u64,
    pub graph: Handle,
    pub deps: *const Handle,
    pub count: usize,
}

/// Graphs, executable graphs and stream capture.
pub trait GraphBackend {
    /// `hipGraphCreate` (the flags, which must be 0, are checked by the caller).
    fn graph_create(&self) -> HipResult<Handle>;
    /// `hipGraphDestroy`: its nodes' handles become invalid.
    fn graph_destroy(&self, graph: Handle) -> HipResult<()>;
    /// `hipGraphClone`.
    fn graph_clone(&self, graph: Handle) -> HipResult<Handle>;
    /// `hipGraphNodeFindInClone`.
    fn graph_find_in_clone(&self, original: Handle, clone: Handle) -> HipResult<Handle>;
    /// `hipGraphAdd*Node`: a node of `spec` in `graph` after `deps` (nodes of `graph`,
    /// each listed once).
    ///
    /// # Safety
    /// The kernel argument pointers in `spec` must be valid for the kernel.
    unsafe fn graph_add_node(
        &self,
        graph: Handle,
        deps: &[Handle],
        spec: NodeSpec,
    ) -> HipResult<Handle>;
    /// `hipGraph*NodeSetParams`: new parameters of the node's own type.
    ///
    /// # Safety
    /// As for [`GraphBackend::graph_add_node`].
    unsafe fn graph_set_node_params(&self, node: Handle, spec: NodeSpec) -> HipResult<()>;
    /// `hipGraphAddDependencies`: each `to[i]` depends on `from[i]`; an edge that exists
    /// already or would close a cycle is `hipErrorInvalidValue`.
    fn graph_add_dependencies(
        &self,
        graph: Handle,
        from: &[Handle],
        to: &[Handle],
    ) -> HipResult<()>;
    /// `hipGraphRemoveDependencies`: every edge must exist.
    fn graph_remove_dependencies(
        &self,
        graph: Handle,
        from: &[Handle],
        to: &[Handle],
    ) -> HipResult<()>;
    /// `hipGraphGetNodes`.
    fn graph_nodes(&self, graph: Handle) -> HipResult<Vec<Handle>>;
    /// `hipGraphGetRootNodes`.
    fn graph_root_nodes(&self, graph: Handle) -> HipResult<Vec<Handle>>;
    /// `hipGraphGetEdges`: every edge as (from, to).
    fn graph_edges(&self, graph: Handle) -> HipResult<Vec<(Handle, Handle)>>;
    /// `hipGraphNodeGetDependencies`.
    fn graph_node_dependencies(&self, node: Handle) -> HipResult<Vec<Handle>>;
    /// `hipGraphNodeGetDependentNodes`.
    fn graph_node_dependents(&self, node: Handle) -> HipResult<Vec<Handle>>;
    /// `hipGraphNodeGetType`: `hipGraphNodeType`.
    fn graph_node_type(&self, node: Handle) -> HipResult<i32>;
    /// `hipGraphDestroyNode`: the node and its edges.
    fn graph_destroy_node(&self, node: Handle) -> HipResult<()>;
    /// `hipGraphKernelNodeGetParams` (argument pointers that stay valid with the node).
    fn graph_kernel_node_params(&self, node: Handle) -> HipResult<KernelSpec>;
    /// `hipGraphMemcpyNodeGetParams`.
    fn graph_memcpy_node_params(&self, node: Handle) -> HipResult<MemcpyNodeParams>;
    /// `hipGraphMemsetNodeGetParams`.
    fn graph_memset_node_params(&self, node: Handle) -> HipResult<MemsetSpec>;
    /// `hipGraphHostNodeGetParams`.
    fn graph_host_node_params(&self, node: Handle) -> HipResult<HostSpec>;

    /// `hipGraphInstantiateWithFlags`.
    fn graph_instantiate(&self, graph: Handle, flags: u64) -> HipResult<Handle>;
    /// `hipGraphInstantiateWithParams` with `hipGraphInstantiateFlagUpload` (in `flags`):
    /// instantiated and uploaded to `stream`.
    fn graph_instantiate_upload(
        &self,
        graph: Handle,
        flags: u64,
        stream: Handle,
    ) -> HipResult<Handle>;
    /// `hipGraphLaunch`: into a capturing stream, the graph becomes a child graph node.
    fn graph_launch(&self, exec: Handle, stream: Handle) -> HipResult<()>;
    /// `hipGraphUpload`.
    fn graph_upload(&self, exec: Handle, stream: Handle) -> HipResult<()>;
    /// `hipGraphExecDestroy`: launches already enqueued still run.
    fn graph_exec_destroy(&self, exec: Handle) -> HipResult<()>;
    /// `hipGraphExec*NodeSetParams`: new parameters for the executable copy of `node`
    /// (same type).
    ///
    /// # Safety
    /// As for [`GraphBackend::graph_add_node`].
    unsafe fn graph_exec_set_node_params(
        &self,
        exec: Handle,
        node: Handle,
        spec: NodeSpec,
    ) -> HipResult<()>;
    /// `hipGraphExecUpdate`: a failed update is `Ok` with a result other than 0; other
    /// errors are errors.
    fn graph_exec_update(&self, exec: Handle, graph: Handle) -> HipResult<ExecUpdate>;

    /// `hipStreamBeginCapture` (`mode`: `hipStreamCaptureMode`).
    fn graph_begin_capture(&self, stream: Handle, mode: i32) -> HipResult<()>;
    /// `hipStreamEndCapture`: the captured graph.
    fn graph_end_capture(&self, stream: Handle) -> HipResult<Handle>;
    /// `hipStreamIsCapturing`: `hipStreamCaptureStatus`.
    fn graph_capture_status(&self, stream: Handle) -> HipResult<i32>;
    /// `hipStreamGetCaptureInfo(_v2)` (the dependencies only asked for `with_deps`; a
    /// backend may report them anyway).
    fn graph_capture_info(&self, stream: Handle, with_deps: bool) -> HipResult<CaptureInfo>;
    /// `hipStreamUpdateCaptureDependencies` (`set`: replace rather than add).
    fn graph_update_capture_dependencies(
        &self,
        stream: Handle,
        nodes: &[Handle],
        set: bool,
    ) -> HipResult<()>;
    /// `hipThreadExchangeStreamCaptureMode`: the calling thread's previous mode.
    fn graph_exchange_capture_mode(&self, mode: i32) -> HipResult<i32>;
    /// `hipStreamBeginCaptureToGraph`: capture into an existing graph, the first captured
    /// node depending on `deps` (nodes of `graph`).
    fn graph_begin_capture_to_graph(
        &self,
        stream: Handle,
        graph: Handle,
        deps: &[Handle],
        mode: i32,
    ) -> HipResult<()>;

    /// `hipGraphEventRecordNodeGetEvent` (`record`) / `hipGraphEventWaitNodeGetEvent`: the
    /// event of a node of that type.
    fn graph_event_node_event(&self, node: Handle, record: bool) -> HipResult<Handle>;
    /// `hipGraphAddMemAllocNode`: the node and the address of its allocation.
    fn graph_add_mem_alloc_node(
        &self,
        graph: Handle,
        deps: &[Handle],
        spec: &MemAllocSpec,
    ) -> HipResult<(Handle, usize)>;
    /// `hipGraphMemAllocNodeGetParams`: the parameters and the address.
    fn graph_mem_alloc_node_params(&self, node: Handle) -> HipResult<(MemAllocSpec, usize)>;
    /// `hipGraphMemFreeNodeGetParams`: the address the node frees.
    fn graph_mem_free_node_ptr(&self, node: Handle) -> HipResult<usize>;
    /// `hipDeviceGraphMemTrim`.
    fn graph_mem_trim(&self, device: i32) -> HipResult<()>;
    /// `hipDeviceGetGraphMemAttribute` (`hipGraphMemAttributeType`; every value is bytes).
    fn graph_mem_attribute(&self, device: i32, attr: i32) -> HipResult<u64>;
    /// `hipDeviceSetGraphMemAttribute`: resets a high watermark (`value` must be 0).
    fn graph_mem_set_attribute(&self, device: i32, attr: i32, value: u64) -> HipResult<()>;

    /// `hipGraphChildGraphNodeGetGraph`: the graph the node owns (not a copy).
    fn graph_child_graph(&self, node: Handle) -> HipResult<Handle>;
    /// `hipGraphNodeSetEnabled`.
    fn graph_node_set_enabled(&self, exec: Handle, node: Handle, enabled: bool) -> HipResult<()>;
    /// `hipGraphNodeGetEnabled`.
    fn graph_node_enabled(&self, exec: Handle, node: Handle) -> HipResult<bool>;
    /// `hipGraphExecGetFlags`: the flags it was instantiated with.
    fn graph_exec_flags(&self, exec: Handle) -> HipResult<u64>;
    /// `hipGraphKernelNodeSetAttribute`.
    fn graph_kernel_node_set_attribute(&self, node: Handle, attr: KernelAttr) -> HipResult<()>;
    /// `hipGraphKernelNodeGetAttribute` (`id`: `hipKernelNodeAttrID`).
    fn graph_kernel_node_attribute(&self, node: Handle, id: i32) -> HipResult<KernelAttr>;
    /// `hipGraphKernelNodeCopyAttributes`: every attribute of kernel node `src` to `dst`.
    fn graph_kernel_node_copy_attributes(&self, src: Handle, dst: Handle) -> HipResult<()>;

    /// `hipUserObjectCreate` (`flags` must be `hipUserObjectNoDestructorSync`).
    fn user_object_create(
        &self,
        ptr: *mut c_void,
        destroy: HostFn,
        initial_refcount: u32,
        flags: u32,
    ) -> HipResult<Handle>;
    /// `hipUserObjectRetain`.
    fn user_object_retain(&self, object: Handle, count: u32) -> HipResult<()>;
    /// `hipUserObjectRelease`: the destructor runs when no reference is left.
    fn user_object_release(&self, object: Handle, count: u32) -> HipResult<()>;
    /// `hipGraphRetainUserObject` (`flags`: `hipGraphUserObjectMove` or 0).
    fn graph_retain_user_object(
        &self,
        graph: Handle,
        object: Handle,
        count: u32,
        flags: u32,
    ) -> HipResult<()>;
    /// `hipGraphReleaseUserObject`.
    fn graph_release_user_object(&self, graph: Handle, object: Handle, count: u32)
        -> HipResult<()>;
    /// `hipGraphDebugDotPrint`: writes the graph as a DOT file at `path`.
    fn graph_debug_dot_print(
        &self,
        graph: Handle,
        path: &std::path::Path,
        flags: u32,
    ) -> HipResult<()>;
}
