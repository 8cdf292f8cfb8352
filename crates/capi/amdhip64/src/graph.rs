//! Graphs and stream capture: `hipGraph*`, `hipStreamBeginCapture` and friends. C
//! marshalling over the backend's [`GraphBackend`](hip::backend::GraphBackend): the C
//! parameter structures (`hipKernelNodeParams`, ...) are read into Rust values
//! ([`NodeSpec`]), handle arrays into slices, and results written back in HIP's
//! conventions.
//!
//! Invalid graph, node and executable-graph handles are `hipErrorInvalidValue`, as in HIP.

use std::ffi::{c_char, c_int, c_uint, c_ulonglong, c_void};

use hip::backend::graph::{HostSpec, KernelSpec, MemsetSpec, NodeSpec};
use hip::{backend, HipError, HipResult};

use crate::entry::{given, non_null, write_c_string, write_optional, write_out, Dim3};
use crate::memory3d::{read_params, write_params, HipMemcpy3DParms};
use crate::stream::{HostFn, StreamT};

pub mod drv;
pub mod nodes;
pub mod objects;

pub type GraphT = *mut c_void;
pub type NodeT = *mut c_void;
pub type ExecT = *mut c_void;

/// `hipKernelNodeParams`
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct KernelNodeParams {
    pub block_dim: Dim3,
    pub extra: *mut *mut c_void,
    pub func: *mut c_void,
    pub grid_dim: Dim3,
    pub kernel_params: *mut *mut c_void,
    pub shared_mem_bytes: c_uint,
}

/// `hipMemsetParams`
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct MemsetParams {
    pub dst: *mut c_void,
    pub element_size: c_uint,
    pub height: usize,
    pub pitch: usize,
    pub value: c_uint,
    pub width: usize,
}

/// `hipHostNodeParams`
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct HostNodeParams {
    pub fn_: HostFn,
    pub user_data: *mut c_void,
}

fn dim3(v: [u32; 3]) -> Dim3 {
    Dim3 {
        x: v[0],
        y: v[1],
        z: v[2],
    }
}

impl From<KernelNodeParams> for KernelSpec {
    fn from(p: KernelNodeParams) -> KernelSpec {
        KernelSpec {
            func: p.func as usize,
            grid: p.grid_dim.to_array(),
            block: p.block_dim.to_array(),
            shared_mem_bytes: p.shared_mem_bytes,
            kernel_params: p.kernel_params,
            extra: p.extra,
        }
    }
}

impl From<KernelSpec> for KernelNodeParams {
    fn from(k: KernelSpec) -> KernelNodeParams {
        KernelNodeParams {
            block_dim: dim3(k.block),
            extra: k.extra,
            func: k.func as *mut c_void,
            grid_dim: dim3(k.grid),
            kernel_params: k.kernel_params,
            shared_mem_bytes: k.shared_mem_bytes,
        }
    }
}

impl From<MemsetParams> for MemsetSpec {
    fn from(p: MemsetParams) -> MemsetSpec {
        MemsetSpec {
            dst: p.dst as usize,
            element_size: p.element_size,
            height: p.height,
            pitch: p.pitch,
            value: p.value,
            width: p.width,
        }
    }
}

impl From<MemsetSpec> for MemsetParams {
    fn from(m: MemsetSpec) -> MemsetParams {
        MemsetParams {
            dst: m.dst as *mut c_void,
            element_size: m.element_size,
            height: m.height,
            pitch: m.pitch,
            value: m.value,
            width: m.width,
        }
    }
}

impl From<HostNodeParams> for HostSpec {
    fn from(p: HostNodeParams) -> HostSpec {
        HostSpec {
            f: p.fn_,
            user: p.user_data,
        }
    }
}

impl From<HostSpec> for HostNodeParams {
    fn from(h: HostSpec) -> HostNodeParams {
        HostNodeParams {
            fn_: h.f,
            user_data: h.user,
        }
    }
}

/// Reads a C parameter structure (NULL is `hipErrorInvalidValue`) as its Rust value.
///
/// # Safety
/// `p` must be NULL or readable.
unsafe fn read<C: Copy, R: From<C>>(p: *const C) -> HipResult<R> {
    crate::entry::usable(p)?;
    // SAFETY: checked usable; readable per the caller.
    Ok(unsafe { p.read_unaligned() }.into())
}

/// A C parameter structure for the node types given by one: read into a [`NodeSpec`].
trait Params {
    /// # Safety
    /// `p` must be NULL or readable.
    unsafe fn spec(p: *const Self) -> HipResult<NodeSpec>;
}

impl Params for KernelNodeParams {
    unsafe fn spec(p: *const Self) -> HipResult<NodeSpec> {
        // SAFETY: forwarded from the caller.
        Ok(NodeSpec::Kernel(unsafe { read(p)? }))
    }
}

impl Params for HipMemcpy3DParms {
    unsafe fn spec(p: *const Self) -> HipResult<NodeSpec> {
        // SAFETY: forwarded from the caller.
        Ok(NodeSpec::Memcpy(unsafe { read_params(p)? }))
    }
}

impl Params for MemsetParams {
    unsafe fn spec(p: *const Self) -> HipResult<NodeSpec> {
        // SAFETY: forwarded from the caller.
        Ok(NodeSpec::Memset(unsafe { read(p)? }))
    }
}

impl Params for HostNodeParams {
    unsafe fn spec(p: *const Self) -> HipResult<NodeSpec> {
        // SAFETY: forwarded from the caller.
        Ok(NodeSpec::Host(unsafe { read(p)? }))
    }
}

/// A 1-D copy of `size` bytes.
fn linear(dst: *mut c_void, src: *const c_void, size: usize, kind: c_uint) -> NodeSpec {
    NodeSpec::Memcpy1d {
        dst: dst as usize,
        src: src as usize,
        size,
        kind,
    }
}

/// Node handles from a C array (`count > 0` with NULL is `hipErrorInvalidValue`).
///
/// # Safety
/// `ptr` must be NULL or hold `count` handles, unchanged while the slice is used.
unsafe fn handles<'a>(ptr: *const NodeT, count: usize) -> HipResult<&'a [NodeT]> {
    // SAFETY: forwarded from the caller.
    unsafe { crate::entry::c_array(ptr, count) }
}

/// HIP's list-query convention: with `out` NULL, `*count` becomes the number of items;
/// otherwise up to `*count` items are written, entries past the end are set to NULL, and
/// `*count` becomes the number written.
///
/// # Safety
/// `count` must be NULL or writable; `out` NULL or writable for `*count` entries.
unsafe fn write_list(out: *mut NodeT, count: *mut usize, items: &[NodeT]) -> HipResult<()> {
    crate::entry::usable(count)?;
    if out.is_null() {
        // SAFETY: checked non-null.
        return unsafe { write_out(count, items.len()) };
    }
    // SAFETY: checked non-null; readable per the caller.
    let capacity = unsafe { count.read_unaligned() };
    for i in 0..capacity {
        let v = items.get(i).copied().unwrap_or(std::ptr::null_mut());
        // SAFETY: `capacity` writable entries per the caller.
        unsafe { out.add(i).write_unaligned(v) };
    }
    // SAFETY: checked non-null.
    unsafe { write_out(count, capacity.min(items.len())) }
}

/// An entry point that writes one value: `out` NULL is `hipErrorInvalidValue` (before the
/// value is asked for).
///
/// # Safety
/// `out` must be NULL or writable.
unsafe fn value_out<T>(out: *mut T, value: impl FnOnce() -> HipResult<T>) -> HipResult<()> {
    non_null(out)?;
    let v = value()?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out, v) }
}

// ------------------------------------------------------------------------------------
// Graphs and nodes

/// # Safety
/// `graph` must be NULL or writable.
pub unsafe fn hipGraphCreate(graph: *mut GraphT, flags: c_uint) -> HipResult<()> {
    non_null(graph)?;
    if flags != 0 {
        return Err(HipError::InvalidValue);
    }
    let g = backend().graph_create()?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(graph, g) }
}

pub fn hipGraphDestroy(graph: GraphT) -> HipResult<()> {
    backend().graph_destroy(graph)
}

/// # Safety
/// `clone` must be NULL or writable.
pub unsafe fn hipGraphClone(clone: *mut GraphT, graph: GraphT) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { value_out(clone, || backend().graph_clone(graph)) }
}

/// # Safety
/// `node` must be NULL or writable.
pub unsafe fn hipGraphNodeFindInClone(
    node: *mut NodeT,
    original: NodeT,
    clone: GraphT,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { value_out(node, || backend().graph_find_in_clone(original, clone)) }
}

/// Adds a node of `spec` (read by `spec` only once `out` is known to be writable) to
/// `graph` after `deps` and writes the node handle.
///
/// # Safety
/// `out` must be NULL or writable; `deps` NULL or `count` handles; `spec` as for
/// [`Params::spec`], with kernel arguments valid for the kernel.
unsafe fn add_node(
    out: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    count: usize,
    spec: impl FnOnce() -> HipResult<NodeSpec>,
) -> HipResult<()> {
    non_null(out)?;
    // SAFETY: forwarded from the caller.
    let deps = unsafe { handles(deps, count)? };
    // SAFETY: forwarded from the caller.
    let node = unsafe { backend().graph_add_node(graph, deps, spec()?)? };
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out, node) }
}

/// `hipGraphAdd*Node` for the node types given by one parameter structure.
macro_rules! add_node_entry_points {
    ($($name:ident($params:ty);)*) => {$(
        /// # Safety
        /// As for `add_node`; `params` NULL or readable (kernel arguments valid for the
        /// kernel).
        pub unsafe fn $name(
            node: *mut NodeT,
            graph: GraphT,
            deps: *const NodeT,
            count: usize,
            params: *const $params,
        ) -> HipResult<()> {
            // SAFETY: forwarded from the caller.
            unsafe { add_node(node, graph, deps, count, || <$params>::spec(params)) }
        }
    )*};
}

add_node_entry_points! {
    hipGraphAddKernelNode(KernelNodeParams);
    hipGraphAddMemcpyNode(HipMemcpy3DParms);
    hipGraphAddMemsetNode(MemsetParams);
    hipGraphAddHostNode(HostNodeParams);
}

/// # Safety
/// As for `add_node`; the ranges must be valid whenever the graph runs.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hipGraphAddMemcpyNode1D(
    node: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    count: usize,
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    kind: c_uint,
) -> HipResult<()> {
    let spec = || Ok(linear(dst, src, size, kind));
    // SAFETY: forwarded from the caller.
    unsafe { add_node(node, graph, deps, count, spec) }
}

/// # Safety
/// As for `add_node`.
pub unsafe fn hipGraphAddEmptyNode(
    node: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    count: usize,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { add_node(node, graph, deps, count, || Ok(NodeSpec::Empty)) }
}

/// A copy of `child` (its nodes in launch order) becomes one node of `graph`.
///
/// # Safety
/// As for `add_node`.
pub unsafe fn hipGraphAddChildGraphNode(
    node: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    count: usize,
    child: GraphT,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { add_node(node, graph, deps, count, || Ok(NodeSpec::Child(child))) }
}

/// # Safety
/// `from` and `to` must be NULL or hold `count` handles.
pub unsafe fn hipGraphAddDependencies(
    graph: GraphT,
    from: *const NodeT,
    to: *const NodeT,
    count: usize,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    let (from, to) = unsafe { (handles(from, count)?, handles(to, count)?) };
    backend().graph_add_dependencies(graph, from, to)
}

/// # Safety
/// `from` and `to` must be NULL or hold `count` handles.
pub unsafe fn hipGraphRemoveDependencies(
    graph: GraphT,
    from: *const NodeT,
    to: *const NodeT,
    count: usize,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    let (from, to) = unsafe { (handles(from, count)?, handles(to, count)?) };
    backend().graph_remove_dependencies(graph, from, to)
}

/// Entry points that list nodes ([`write_list`]) of a graph or next to a node.
macro_rules! list_entry_points {
    ($($name:ident($handle:ident) => $method:ident;)*) => {$(
        /// # Safety
        /// As for `write_list`.
        pub unsafe fn $name(
            $handle: *mut c_void,
            nodes: *mut NodeT,
            count: *mut usize,
        ) -> HipResult<()> {
            let list = backend().$method($handle)?;
            // SAFETY: forwarded from the caller.
            unsafe { write_list(nodes, count, &list) }
        }
    )*};
}

list_entry_points! {
    hipGraphGetNodes(graph) => graph_nodes;
    hipGraphGetRootNodes(graph) => graph_root_nodes;
    hipGraphNodeGetDependencies(node) => graph_node_dependencies;
    hipGraphNodeGetDependentNodes(node) => graph_node_dependents;
}

/// # Safety
/// `count` must be NULL or writable; `from` and `to` both NULL or both writable for
/// `*count` entries.
pub unsafe fn hipGraphGetEdges(
    graph: GraphT,
    from: *mut NodeT,
    to: *mut NodeT,
    count: *mut usize,
) -> HipResult<()> {
    let edges = backend().graph_edges(graph)?;
    if from.is_null() != to.is_null() {
        return Err(HipError::InvalidValue);
    }
    let (f, t): (Vec<NodeT>, Vec<NodeT>) = edges.into_iter().unzip();
    // SAFETY: forwarded from the caller.
    unsafe {
        if !from.is_null() {
            let mut n = {
                crate::entry::usable(count)?;
                count.read_unaligned()
            };
            write_list(to, &mut n, &t)?;
        }
        write_list(from, count, &f)
    }
}

/// # Safety
/// `type_` must be NULL or writable.
pub unsafe fn hipGraphNodeGetType(node: NodeT, type_: *mut c_int) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { value_out(type_, || backend().graph_node_type(node)) }
}

pub fn hipGraphDestroyNode(node: NodeT) -> HipResult<()> {
    backend().graph_destroy_node(node)
}

/// # Safety
/// `params` must be NULL or writable.
pub unsafe fn hipGraphKernelNodeGetParams(
    node: NodeT,
    params: *mut KernelNodeParams,
) -> HipResult<()> {
    let value = || backend().graph_kernel_node_params(node).map(Into::into);
    // SAFETY: forwarded from the caller.
    unsafe { value_out(params, value) }
}

/// # Safety
/// `params` must be NULL or writable.
pub unsafe fn hipGraphMemcpyNodeGetParams(
    node: NodeT,
    params: *mut HipMemcpy3DParms,
) -> HipResult<()> {
    let value = || {
        let m = backend().graph_memcpy_node_params(node)?;
        let mut p = write_params(&m.copy);
        p.src_array = m.src_array;
        p.dst_array = m.dst_array;
        Ok(p)
    };
    // SAFETY: forwarded from the caller.
    unsafe { value_out(params, value) }
}

/// # Safety
/// `params` must be NULL or writable.
pub unsafe fn hipGraphMemsetNodeGetParams(node: NodeT, params: *mut MemsetParams) -> HipResult<()> {
    let value = || backend().graph_memset_node_params(node).map(Into::into);
    // SAFETY: forwarded from the caller.
    unsafe { value_out(params, value) }
}

/// # Safety
/// `params` must be NULL or writable.
pub unsafe fn hipGraphHostNodeGetParams(node: NodeT, params: *mut HostNodeParams) -> HipResult<()> {
    let value = || backend().graph_host_node_params(node).map(Into::into);
    // SAFETY: forwarded from the caller.
    unsafe { value_out(params, value) }
}

/// `hipGraph*NodeSetParams` and `hipGraphExec*NodeSetParams` for the node types given by
/// one parameter structure.
macro_rules! set_params_entry_points {
    ($($graph_name:ident, $exec_name:ident($params:ty);)*) => {$(
        /// # Safety
        /// `params` must be NULL or readable (kernel arguments valid for the kernel).
        pub unsafe fn $graph_name(node: NodeT, params: *const $params) -> HipResult<()> {
            // SAFETY: forwarded from the caller.
            unsafe { backend().graph_set_node_params(node, <$params>::spec(params)?) }
        }

        /// # Safety
        /// `params` must be NULL or readable (kernel arguments valid for the kernel).
        pub unsafe fn $exec_name(
            exec: ExecT,
            node: NodeT,
            params: *const $params,
        ) -> HipResult<()> {
            // SAFETY: forwarded from the caller.
            let spec = unsafe { <$params>::spec(params)? };
            // SAFETY: forwarded from the caller.
            unsafe { backend().graph_exec_set_node_params(exec, node, spec) }
        }
    )*};
}

set_params_entry_points! {
    hipGraphKernelNodeSetParams, hipGraphExecKernelNodeSetParams(KernelNodeParams);
    hipGraphMemcpyNodeSetParams, hipGraphExecMemcpyNodeSetParams(HipMemcpy3DParms);
    hipGraphMemsetNodeSetParams, hipGraphExecMemsetNodeSetParams(MemsetParams);
    hipGraphHostNodeSetParams, hipGraphExecHostNodeSetParams(HostNodeParams);
}

pub fn hipGraphMemcpyNodeSetParams1D(
    node: NodeT,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: c_uint,
) -> HipResult<()> {
    // SAFETY: a 1-D copy's parameters are values: nothing is read through them here.
    unsafe { backend().graph_set_node_params(node, linear(dst, src, count, kind)) }
}

// ------------------------------------------------------------------------------------
// Executable graphs

/// # Safety
/// `exec` must be NULL or writable.
unsafe fn instantiate(exec: *mut ExecT, graph: GraphT, flags: c_ulonglong) -> HipResult<()> {
    non_null(exec)?;
    let e = backend().graph_instantiate(graph, flags)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(exec, e) }
}

/// # Safety
/// `exec` must be NULL or writable; `error_node` NULL or writable; `log` NULL or
/// writable for `log_size` bytes.
pub unsafe fn hipGraphInstantiate(
    exec: *mut ExecT,
    graph: GraphT,
    error_node: *mut NodeT,
    log: *mut c_char,
    log_size: usize,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { write_optional(error_node, std::ptr::null_mut())? };
    // SAFETY: forwarded from the caller.
    let result = unsafe { instantiate(exec, graph, 0) };
    if given(log)? {
        let msg = match &result {
            Ok(()) => String::new(),
            Err(e) => format!("hipGraphInstantiate: {e}"),
        };
        // SAFETY: `log_size` writable bytes per the caller.
        unsafe { write_c_string(log.cast(), log_size, &msg) };
    }
    result
}

/// # Safety
/// `exec` must be NULL or writable.
pub unsafe fn hipGraphInstantiateWithFlags(
    exec: *mut ExecT,
    graph: GraphT,
    flags: c_ulonglong,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { instantiate(exec, graph, flags) }
}

pub fn hipGraphLaunch(exec: ExecT, stream: StreamT) -> HipResult<()> {
    backend().graph_launch(exec, stream)
}

pub fn hipGraphUpload(exec: ExecT, stream: StreamT) -> HipResult<()> {
    backend().graph_upload(exec, stream)
}

pub fn hipGraphExecDestroy(exec: ExecT) -> HipResult<()> {
    backend().graph_exec_destroy(exec)
}

pub fn hipGraphExecMemcpyNodeSetParams1D(
    exec: ExecT,
    node: NodeT,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: c_uint,
) -> HipResult<()> {
    let spec = linear(dst, src, count, kind);
    // SAFETY: a 1-D copy's parameters are values: nothing is read through them here.
    unsafe { backend().graph_exec_set_node_params(exec, node, spec) }
}

pub fn hipGraphExecChildGraphNodeSetParams(
    exec: ExecT,
    node: NodeT,
    child: GraphT,
) -> HipResult<()> {
    let spec = NodeSpec::Child(child);
    // SAFETY: a child graph is a handle: nothing is read through it here.
    unsafe { backend().graph_exec_set_node_params(exec, node, spec) }
}

/// # Safety
/// `error_node` and `result` must be NULL or writable.
pub unsafe fn hipGraphExecUpdate(
    exec: ExecT,
    graph: GraphT,
    error_node: *mut NodeT,
    result: *mut c_int,
) -> HipResult<()> {
    non_null(result)?;
    let update = backend().graph_exec_update(exec, graph)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        write_out(result, update.result)?;
        write_optional(error_node, update.error_node)?;
    }
    if update.result == 0 {
        Ok(())
    } else {
        Err(HipError::GraphExecUpdateFailure)
    }
}

// ------------------------------------------------------------------------------------
// Stream capture

pub fn hipStreamBeginCapture(stream: StreamT, mode: c_int) -> HipResult<()> {
    backend().graph_begin_capture(stream, mode)
}

/// The captured graph is written (NULL when the capture failed) before the status is
/// returned.
///
/// # Safety
/// `graph` must be NULL or writable.
pub unsafe fn hipStreamEndCapture(stream: StreamT, graph_out: *mut GraphT) -> HipResult<()> {
    non_null(graph_out)?;
    let g = backend().graph_end_capture(stream);
    // SAFETY: forwarded from the caller.
    unsafe { write_out(graph_out, *g.as_ref().unwrap_or(&std::ptr::null_mut()))? };
    g.map(|_| ())
}

/// # Safety
/// `status` must be NULL or writable.
pub unsafe fn hipStreamIsCapturing(stream: StreamT, status: *mut c_int) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { value_out(status, || backend().graph_capture_status(stream)) }
}

/// `hipStreamGetCaptureInfo(_v2)`: `status` is required, the other outputs optional (the
/// dependencies are asked for only `with_deps`).
///
/// # Safety
/// Each output must be NULL or writable.
unsafe fn capture_info_out(
    stream: StreamT,
    status: *mut c_int,
    id: *mut c_ulonglong,
    graph_out: *mut GraphT,
    deps: *mut *const NodeT,
    count: *mut usize,
    with_deps: bool,
) -> HipResult<()> {
    non_null(status)?;
    let info = backend().graph_capture_info(stream, with_deps)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        write_out(status, info.status)?;
        write_optional(id, info.id)?;
        write_optional(graph_out, info.graph)?;
        write_optional(deps, info.deps)?;
        write_optional(count, info.count)?;
    }
    Ok(())
}

/// # Safety
/// `status` must be NULL or writable; `id` NULL or writable.
pub unsafe fn hipStreamGetCaptureInfo(
    stream: StreamT,
    status: *mut c_int,
    id: *mut c_ulonglong,
) -> HipResult<()> {
    let (g, d, n) = (
        std::ptr::null_mut(),
        std::ptr::null_mut(),
        std::ptr::null_mut(),
    );
    // SAFETY: forwarded from the caller; the outputs of the _v2 form are not asked for.
    unsafe { capture_info_out(stream, status, id, g, d, n, false) }
}

/// # Safety
/// `status` must be NULL or writable; the other outputs NULL or writable.
pub unsafe fn hipStreamGetCaptureInfo_v2(
    stream: StreamT,
    status: *mut c_int,
    id: *mut c_ulonglong,
    graph_out: *mut GraphT,
    deps: *mut *const NodeT,
    count: *mut usize,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { capture_info_out(stream, status, id, graph_out, deps, count, true) }
}

/// # Safety
/// `deps` must be NULL or hold `count` handles.
pub unsafe fn hipStreamUpdateCaptureDependencies(
    stream: StreamT,
    deps: *mut NodeT,
    count: usize,
    flags: c_uint,
) -> HipResult<()> {
    let set = match flags {
        0 => false,
        1 => true,
        _ => return Err(HipError::InvalidValue),
    };
    // SAFETY: forwarded from the caller.
    let nodes = unsafe { handles(deps, count)? };
    backend().graph_update_capture_dependencies(stream, nodes, set)
}

/// # Safety
/// `mode` must be NULL or readable and writable.
pub unsafe fn hipThreadExchangeStreamCaptureMode(mode: *mut c_int) -> HipResult<()> {
    crate::entry::usable(mode)?;
    // SAFETY: checked non-null; readable per the caller.
    let old = backend().graph_exchange_capture_mode(unsafe { mode.read_unaligned() })?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(mode, old) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    /// Layouts as `include/hip/hip_runtime_api.h` has them (LP64).
    #[test]
    fn layouts_match_header() {
        assert_eq!(offset_of!(KernelNodeParams, extra), 16);
        assert_eq!(offset_of!(KernelNodeParams, func), 24);
        assert_eq!(offset_of!(KernelNodeParams, grid_dim), 32);
        assert_eq!(offset_of!(KernelNodeParams, kernel_params), 48);
        assert_eq!(offset_of!(KernelNodeParams, shared_mem_bytes), 56);
        assert_eq!(size_of::<KernelNodeParams>(), 64);
        assert_eq!(offset_of!(MemsetParams, height), 16);
        assert_eq!(offset_of!(MemsetParams, value), 32);
        assert_eq!(size_of::<MemsetParams>(), 48);
        assert_eq!(size_of::<HostNodeParams>(), 16);
    }
}
