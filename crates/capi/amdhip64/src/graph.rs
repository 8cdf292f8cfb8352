//! Graphs and stream capture: `hipGraph*`, `hipStreamBeginCapture` and friends. The model
//! (node kinds, launch order, capture sequences) is `hip::graph`.
//!
//! Invalid graph, node and executable-graph handles are `hipErrorInvalidValue`, as in HIP.

use std::any::Any;
use std::ffi::{c_char, c_int, c_uint, c_ulonglong, c_void};
use std::sync::Arc;

use hip::graph::{
    self, CaptureMode, GraphCore, GraphExec, HostNode, KernelNode, MemcpyNode, MemsetNode,
    NodeKind, UpdateResult,
};
use hip::module::Function;
use hip::stream::resolve;
use hip::{kernel, HipError, HipResult};

use crate::entry::{api, current_device, non_null, write_c_string, write_out, Dim3, HipErrorT};
use crate::memory3d::{read_params, write_params, HipMemcpy3DParms};
use crate::module::pack_extra;
use crate::nv;
use crate::stream::{HostFn, StreamT};

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

fn graph_of(g: GraphT) -> HipResult<Arc<GraphCore>> {
    GraphCore::lookup(g as u64)
}

fn exec_of(e: ExecT) -> HipResult<Arc<GraphExec>> {
    GraphExec::lookup(e as u64)
}

/// Node handles from a C array (`count > 0` with NULL is `hipErrorInvalidValue`).
///
/// # Safety
/// `ptr` must be NULL or hold `count` handles.
unsafe fn handles(ptr: *const NodeT, count: usize) -> HipResult<Vec<u64>> {
    if count == 0 {
        return Ok(Vec::new());
    }
    non_null(ptr)?;
    // SAFETY: checked non-null; `count` entries per the caller.
    let list = unsafe { std::slice::from_raw_parts(ptr, count) };
    Ok(list.iter().map(|&h| h as u64).collect())
}

/// HIP's list-query convention: with `out` NULL, `*count` becomes the number of items;
/// otherwise up to `*count` items are written, entries past the end are set to NULL, and
/// `*count` becomes the number written.
///
/// # Safety
/// `count` must be NULL or writable; `out` NULL or writable for `*count` entries.
unsafe fn write_list(out: *mut NodeT, count: *mut usize, items: &[u64]) -> HipResult<()> {
    non_null(count)?;
    if out.is_null() {
        // SAFETY: checked non-null.
        return unsafe { write_out(count, items.len()) };
    }
    // SAFETY: checked non-null; readable per the caller.
    let capacity = unsafe { count.read_unaligned() };
    for i in 0..capacity {
        let v = items.get(i).map_or(std::ptr::null_mut(), |&h| h as NodeT);
        // SAFETY: `capacity` writable entries per the caller.
        unsafe { out.add(i).write_unaligned(v) };
    }
    // SAFETY: checked non-null.
    unsafe { write_out(count, capacity.min(items.len())) }
}

/// A kernel named by `hipKernelNodeParams::func`.
enum Resolved {
    Registered(Arc<hip::Kernel>),
    Module(Arc<Function>),
}

/// A kernel node from `hipKernelNodeParams`: `func` is a registered kernel (its host
/// function) or a module function (`hipFunction_t`), as HIP accepts both; arguments come
/// from `kernelParams` or `extra` (not both) and are copied now.
///
/// # Safety
/// `p` must be NULL or readable, with valid argument pointers.
unsafe fn kernel_node(p: *const KernelNodeParams) -> HipResult<NodeKind> {
    non_null(p)?;
    // SAFETY: checked non-null; readable per the caller.
    let p = unsafe { p.read_unaligned() };
    let func = p.func as usize;
    let resolved = match kernel::function(func) {
        Ok(k) => Resolved::Registered(k),
        Err(_) => Resolved::Module(
            Function::lookup(func as u64).map_err(|_| HipError::InvalidDeviceFunction)?,
        ),
    };
    let (k, keep): (&hip::Kernel, Arc<dyn Any + Send + Sync>) = match &resolved {
        Resolved::Registered(k) => (k, Arc::clone(k) as _),
        Resolved::Module(f) => (&f.kernel, Arc::clone(f) as _),
    };
    let args = match (p.kernel_params.is_null(), p.extra.is_null()) {
        (false, false) => return Err(HipError::InvalidValue),
        // SAFETY: forwarded from the caller.
        (true, false) => unsafe { pack_extra(k, p.extra)? },
        // SAFETY: forwarded from the caller.
        (false, true) => unsafe { k.pack_params(p.kernel_params as *const *const u8)? },
        (true, true) => {
            if k.explicit_size > 0 {
                return Err(HipError::InvalidValue);
            }
            vec![0u8; k.kernarg_size as usize]
        }
    };
    let mut node = KernelNode::new(
        k,
        current_device()?,
        p.grid_dim.to_array(),
        p.block_dim.to_array(),
        p.shared_mem_bytes,
        &args,
    )?;
    node.func = func;
    node.keep = Some(keep);
    Ok(NodeKind::Kernel(node))
}

/// # Safety
/// `p` must be NULL or readable.
unsafe fn memset_node(p: *const MemsetParams) -> HipResult<NodeKind> {
    non_null(p)?;
    // SAFETY: checked non-null; readable per the caller.
    let p = unsafe { p.read_unaligned() };
    Ok(NodeKind::Memset(MemsetNode::new(
        p.dst as usize,
        p.element_size,
        p.height,
        p.pitch,
        p.value,
        p.width,
    )?))
}

/// # Safety
/// `p` must be NULL or readable.
unsafe fn memcpy_node(p: *const HipMemcpy3DParms) -> HipResult<NodeKind> {
    // SAFETY: forwarded from the caller.
    let params = unsafe { read_params(p)? };
    Ok(NodeKind::Memcpy(MemcpyNode::new(params)?))
}

fn memcpy_node_1d(
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: c_uint,
) -> HipResult<NodeKind> {
    Ok(NodeKind::Memcpy(MemcpyNode::new_1d(
        dst as usize,
        src as usize,
        count,
        kind,
    )?))
}

/// The application's host function and its argument, called on the stream's thread.
#[derive(Clone, Copy)]
struct HostCall {
    f: unsafe extern "C" fn(*mut c_void),
    user: usize,
}

/// # Safety
/// `p` must be NULL or readable.
unsafe fn host_node(p: *const HostNodeParams) -> HipResult<NodeKind> {
    non_null(p)?;
    // SAFETY: checked non-null; readable per the caller.
    let p = unsafe { p.read_unaligned() };
    let call = HostCall {
        f: p.fn_.ok_or(HipError::InvalidValue)?,
        user: p.user_data as usize,
    };
    let mut node = HostNode::new(Arc::new(move || {
        let c = call;
        // SAFETY: calling the application's host function with its own argument, as HIP.
        unsafe { (c.f)(c.user as *mut c_void) }
    }));
    node.raw = Some((call.f as usize, call.user));
    Ok(NodeKind::Host(node))
}

/// Adds `kind` to `graph` after `deps` and writes the node handle.
///
/// # Safety
/// `out` must be NULL or writable; `deps` NULL or `count` handles.
unsafe fn add_node(
    out: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    count: usize,
    make: impl FnOnce() -> HipResult<NodeKind>,
) -> HipResult<()> {
    non_null(out)?;
    let g = graph_of(graph)?;
    // SAFETY: forwarded from the caller.
    let deps = unsafe { handles(deps, count)? };
    let node = g.add_node(make()?, &deps)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out, node as NodeT) }
}

// ------------------------------------------------------------------------------------
// Graphs and nodes

/// # Safety
/// `graph` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphCreate(graph: *mut GraphT, flags: c_uint) -> HipErrorT {
    api(|| {
        non_null(graph)?;
        if flags != 0 {
            return Err(HipError::InvalidValue);
        }
        if nv::active() {
            let g = nv::graph_create()?;
            // SAFETY: forwarded from the caller.
            return unsafe { write_out(graph, g) };
        }
        hip::Runtime::get()?;
        let g = GraphCore::create();
        // SAFETY: forwarded from the caller.
        unsafe { write_out(graph, g.handle as GraphT) }
    })
}

#[no_mangle]
pub extern "C" fn hipGraphDestroy(graph: GraphT) -> HipErrorT {
    api(|| {
        if nv::active() {
            // SAFETY: HIP's contract: a graph the program created.
            return unsafe { nv::graph_destroy(graph) };
        }
        GraphCore::destroy(graph as u64)
    })
}

/// # Safety
/// `clone` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphClone(clone: *mut GraphT, graph: GraphT) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    api(|| {
        non_null(clone)?;
        let c = graph_of(graph)?.clone_graph();
        // SAFETY: forwarded from the caller.
        unsafe { write_out(clone, c.handle as GraphT) }
    })
}

/// # Safety
/// `node` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphNodeFindInClone(
    node: *mut NodeT,
    original: NodeT,
    clone: GraphT,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    api(|| {
        non_null(node)?;
        let n = graph_of(clone)?.find_clone_of(original as u64)?;
        // SAFETY: forwarded from the caller.
        unsafe { write_out(node, n as NodeT) }
    })
}

/// # Safety
/// As for [`add_node`]; `params` NULL or readable with valid argument pointers.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddKernelNode(
    node: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    count: usize,
    params: *const KernelNodeParams,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    // SAFETY: forwarded from the caller.
    api(|| unsafe { add_node(node, graph, deps, count, || kernel_node(params)) })
}

/// # Safety
/// As for [`add_node`]; `params` NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddMemcpyNode(
    node: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    count: usize,
    params: *const HipMemcpy3DParms,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    // SAFETY: forwarded from the caller.
    api(|| unsafe { add_node(node, graph, deps, count, || memcpy_node(params)) })
}

/// # Safety
/// As for [`add_node`]; the ranges must be valid whenever the graph runs.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddMemcpyNode1D(
    node: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    count: usize,
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    kind: c_uint,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    // SAFETY: forwarded from the caller.
    api(|| unsafe {
        add_node(node, graph, deps, count, || {
            memcpy_node_1d(dst, src, size, kind)
        })
    })
}

/// # Safety
/// As for [`add_node`]; `params` NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddMemsetNode(
    node: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    count: usize,
    params: *const MemsetParams,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    // SAFETY: forwarded from the caller.
    api(|| unsafe { add_node(node, graph, deps, count, || memset_node(params)) })
}

/// # Safety
/// As for [`add_node`]; `params` NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddHostNode(
    node: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    count: usize,
    params: *const HostNodeParams,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    // SAFETY: forwarded from the caller.
    api(|| unsafe { add_node(node, graph, deps, count, || host_node(params)) })
}

/// # Safety
/// As for [`add_node`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddEmptyNode(
    node: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    count: usize,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    // SAFETY: forwarded from the caller.
    api(|| unsafe { add_node(node, graph, deps, count, || Ok(NodeKind::Empty)) })
}

/// A copy of `child` (its nodes in launch order) becomes one node of `graph`.
///
/// # Safety
/// As for [`add_node`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddChildGraphNode(
    node: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    count: usize,
    child: GraphT,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    // SAFETY: forwarded from the caller.
    api(|| unsafe { add_node(node, graph, deps, count, || graph_of(child)?.as_child()) })
}

/// # Safety
/// `from` and `to` must be NULL or hold `count` handles.
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddDependencies(
    graph: GraphT,
    from: *const NodeT,
    to: *const NodeT,
    count: usize,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    api(|| {
        let g = graph_of(graph)?;
        // SAFETY: forwarded from the caller.
        let (from, to) = unsafe { (handles(from, count)?, handles(to, count)?) };
        g.add_dependencies(&from, &to)
    })
}

/// # Safety
/// `from` and `to` must be NULL or hold `count` handles.
#[no_mangle]
pub unsafe extern "C" fn hipGraphRemoveDependencies(
    graph: GraphT,
    from: *const NodeT,
    to: *const NodeT,
    count: usize,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    api(|| {
        let g = graph_of(graph)?;
        // SAFETY: forwarded from the caller.
        let (from, to) = unsafe { (handles(from, count)?, handles(to, count)?) };
        g.remove_dependencies(&from, &to)
    })
}

/// # Safety
/// As for [`write_list`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphGetNodes(
    graph: GraphT,
    nodes: *mut NodeT,
    count: *mut usize,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    // SAFETY: forwarded from the caller.
    api(|| unsafe { write_list(nodes, count, &graph_of(graph)?.nodes()) })
}

/// # Safety
/// As for [`write_list`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphGetRootNodes(
    graph: GraphT,
    nodes: *mut NodeT,
    count: *mut usize,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    // SAFETY: forwarded from the caller.
    api(|| unsafe { write_list(nodes, count, &graph_of(graph)?.root_nodes()) })
}

/// # Safety
/// `count` must be NULL or writable; `from` and `to` both NULL or both writable for
/// `*count` entries.
#[no_mangle]
pub unsafe extern "C" fn hipGraphGetEdges(
    graph: GraphT,
    from: *mut NodeT,
    to: *mut NodeT,
    count: *mut usize,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    api(|| {
        let edges = graph_of(graph)?.edges();
        if from.is_null() != to.is_null() {
            return Err(HipError::InvalidValue);
        }
        let (f, t): (Vec<u64>, Vec<u64>) = edges.into_iter().unzip();
        // SAFETY: forwarded from the caller.
        unsafe {
            if !from.is_null() {
                let mut n = {
                    non_null(count)?;
                    count.read_unaligned()
                };
                write_list(to, &mut n, &t)?;
            }
            write_list(from, count, &f)
        }
    })
}

/// # Safety
/// As for [`write_list`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphNodeGetDependencies(
    node: NodeT,
    deps: *mut NodeT,
    count: *mut usize,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    api(|| {
        let list = GraphCore::of_node(node as u64)?.node_dependencies(node as u64)?;
        // SAFETY: forwarded from the caller.
        unsafe { write_list(deps, count, &list) }
    })
}

/// # Safety
/// As for [`write_list`].
#[no_mangle]
pub unsafe extern "C" fn hipGraphNodeGetDependentNodes(
    node: NodeT,
    dependents: *mut NodeT,
    count: *mut usize,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    api(|| {
        let list = GraphCore::of_node(node as u64)?.node_dependents(node as u64)?;
        // SAFETY: forwarded from the caller.
        unsafe { write_list(dependents, count, &list) }
    })
}

/// # Safety
/// `type_` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphNodeGetType(node: NodeT, type_: *mut c_int) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    api(|| {
        non_null(type_)?;
        let kind = GraphCore::of_node(node as u64)?.node_kind(node as u64)?;
        // SAFETY: forwarded from the caller.
        unsafe { write_out(type_, kind.node_type() as c_int) }
    })
}

#[no_mangle]
pub extern "C" fn hipGraphDestroyNode(node: NodeT) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    api(|| GraphCore::of_node(node as u64)?.destroy_node(node as u64))
}

/// Replaces a node's parameters in its graph.
fn set_graph_node(node: NodeT, make: impl FnOnce() -> HipResult<NodeKind>) -> HipResult<()> {
    let g = GraphCore::of_node(node as u64)?;
    g.set_node_kind(node as u64, make()?)
}

/// # Safety
/// `params` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphKernelNodeGetParams(
    node: NodeT,
    params: *mut KernelNodeParams,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    api(|| {
        non_null(params)?;
        let (k, args) = GraphCore::of_node(node as u64)?.kernel_node_params(node as u64)?;
        let p = KernelNodeParams {
            block_dim: dim3(k.block),
            extra: std::ptr::null_mut(),
            func: k.func as *mut c_void,
            grid_dim: dim3(k.grid),
            kernel_params: args.map_or(std::ptr::null_mut(), |a| a as *mut *mut c_void),
            shared_mem_bytes: k.dynamic_shared,
        };
        // SAFETY: forwarded from the caller.
        unsafe { write_out(params, p) }
    })
}

fn dim3(v: [u32; 3]) -> Dim3 {
    Dim3 {
        x: v[0],
        y: v[1],
        z: v[2],
    }
}

/// # Safety
/// `params` must be NULL or readable with valid argument pointers.
#[no_mangle]
pub unsafe extern "C" fn hipGraphKernelNodeSetParams(
    node: NodeT,
    params: *const KernelNodeParams,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    // SAFETY: forwarded from the caller.
    api(|| set_graph_node(node, || unsafe { kernel_node(params) }))
}

/// # Safety
/// `params` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphMemcpyNodeGetParams(
    node: NodeT,
    params: *mut HipMemcpy3DParms,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    api(|| {
        non_null(params)?;
        let NodeKind::Memcpy(m) = GraphCore::of_node(node as u64)?.node_kind(node as u64)? else {
            return Err(HipError::InvalidValue);
        };
        // SAFETY: forwarded from the caller.
        unsafe { write_out(params, write_params(&m.params)) }
    })
}

/// # Safety
/// `params` must be NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphMemcpyNodeSetParams(
    node: NodeT,
    params: *const HipMemcpy3DParms,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    // SAFETY: forwarded from the caller.
    api(|| set_graph_node(node, || unsafe { memcpy_node(params) }))
}

#[no_mangle]
pub extern "C" fn hipGraphMemcpyNodeSetParams1D(
    node: NodeT,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: c_uint,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    api(|| set_graph_node(node, || memcpy_node_1d(dst, src, count, kind)))
}

/// # Safety
/// `params` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphMemsetNodeGetParams(
    node: NodeT,
    params: *mut MemsetParams,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    api(|| {
        non_null(params)?;
        let NodeKind::Memset(m) = GraphCore::of_node(node as u64)?.node_kind(node as u64)? else {
            return Err(HipError::InvalidValue);
        };
        let p = MemsetParams {
            dst: m.dst as *mut c_void,
            element_size: m.element_size,
            height: m.height,
            pitch: m.pitch,
            value: m.value,
            width: m.width,
        };
        // SAFETY: forwarded from the caller.
        unsafe { write_out(params, p) }
    })
}

/// # Safety
/// `params` must be NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphMemsetNodeSetParams(
    node: NodeT,
    params: *const MemsetParams,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    // SAFETY: forwarded from the caller.
    api(|| set_graph_node(node, || unsafe { memset_node(params) }))
}

/// # Safety
/// `params` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphHostNodeGetParams(
    node: NodeT,
    params: *mut HostNodeParams,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    api(|| {
        non_null(params)?;
        let NodeKind::Host(h) = GraphCore::of_node(node as u64)?.node_kind(node as u64)? else {
            return Err(HipError::InvalidValue);
        };
        let (f, user) = h.raw.unwrap_or((0, 0));
        // SAFETY: `f` is 0 or the address of the application's `hipHostFn_t`.
        let fn_: HostFn = unsafe { std::mem::transmute::<usize, HostFn>(f) };
        let p = HostNodeParams {
            fn_,
            user_data: user as *mut c_void,
        };
        // SAFETY: forwarded from the caller.
        unsafe { write_out(params, p) }
    })
}

/// # Safety
/// `params` must be NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphHostNodeSetParams(
    node: NodeT,
    params: *const HostNodeParams,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    // SAFETY: forwarded from the caller.
    api(|| set_graph_node(node, || unsafe { host_node(params) }))
}

// ------------------------------------------------------------------------------------
// Executable graphs

/// # Safety
/// `exec` must be NULL or writable.
unsafe fn instantiate(exec: *mut ExecT, graph: GraphT, flags: u64) -> HipResult<()> {
    non_null(exec)?;
    let g = graph_of(graph)?;
    let e = GraphExec::instantiate(&g, flags)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(exec, e.handle as ExecT) }
}

/// [`instantiate`] on either platform (`cuGraphInstantiateWithFlags` on NVIDIA).
///
/// # Safety
/// `exec` must be NULL or writable.
unsafe fn instantiate_any(exec: *mut ExecT, graph: GraphT, flags: c_ulonglong) -> HipResult<()> {
    if nv::active() {
        non_null(exec)?;
        // SAFETY: HIP's contract: a live graph handle.
        let e = unsafe { nv::graph_instantiate(graph, flags)? };
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(exec, e) };
    }
    // SAFETY: forwarded from the caller.
    unsafe { instantiate(exec, graph, flags) }
}

/// # Safety
/// `exec` must be NULL or writable; `error_node` NULL or writable; `log` NULL or
/// writable for `log_size` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipGraphInstantiate(
    exec: *mut ExecT,
    graph: GraphT,
    error_node: *mut NodeT,
    log: *mut c_char,
    log_size: usize,
) -> HipErrorT {
    api(|| {
        if !error_node.is_null() {
            // SAFETY: checked non-null; writable per the caller.
            unsafe { error_node.write_unaligned(std::ptr::null_mut()) };
        }
        // SAFETY: forwarded from the caller.
        let result = unsafe { instantiate_any(exec, graph, 0) };
        if !log.is_null() {
            let msg = match &result {
                Ok(()) => String::new(),
                Err(e) => format!("hipGraphInstantiate: {e}"),
            };
            // SAFETY: `log_size` writable bytes per the caller.
            unsafe { write_c_string(log.cast(), log_size, &msg) };
        }
        result
    })
}

/// # Safety
/// `exec` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphInstantiateWithFlags(
    exec: *mut ExecT,
    graph: GraphT,
    flags: c_ulonglong,
) -> HipErrorT {
    // SAFETY: forwarded from the caller.
    api(|| unsafe { instantiate_any(exec, graph, flags) })
}

#[no_mangle]
pub extern "C" fn hipGraphLaunch(exec: ExecT, stream: StreamT) -> HipErrorT {
    api(|| {
        if nv::active() {
            // SAFETY: HIP's contract: live executable graph and stream handles.
            return unsafe { nv::graph_launch(exec, nv::stream(stream), false) };
        }
        let e = exec_of(exec)?;
        let s = resolve(stream as u64)?;
        e.launch(&s)
    })
}

#[no_mangle]
pub extern "C" fn hipGraphUpload(exec: ExecT, stream: StreamT) -> HipErrorT {
    api(|| {
        if nv::active() {
            // SAFETY: HIP's contract: live executable graph and stream handles.
            return unsafe { nv::graph_launch(exec, nv::stream(stream), true) };
        }
        let e = exec_of(exec)?;
        let s = resolve(stream as u64)?;
        e.upload(&s)
    })
}

#[no_mangle]
pub extern "C" fn hipGraphExecDestroy(exec: ExecT) -> HipErrorT {
    api(|| {
        if nv::active() {
            // SAFETY: HIP's contract: an executable graph the program created.
            return unsafe { nv::graph_exec_destroy(exec) };
        }
        GraphExec::destroy(exec as u64)
    })
}

/// Replaces the executable copy of `node` (same type).
fn set_exec_node(
    exec: ExecT,
    node: NodeT,
    make: impl FnOnce() -> HipResult<NodeKind>,
) -> HipResult<()> {
    let e = exec_of(exec)?;
    e.node_kind(node as u64)?;
    e.set_node_kind(node as u64, make()?)
}

/// # Safety
/// `params` must be NULL or readable with valid argument pointers.
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecKernelNodeSetParams(
    exec: ExecT,
    node: NodeT,
    params: *const KernelNodeParams,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    // SAFETY: forwarded from the caller.
    api(|| set_exec_node(exec, node, || unsafe { kernel_node(params) }))
}

/// # Safety
/// `params` must be NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecMemcpyNodeSetParams(
    exec: ExecT,
    node: NodeT,
    params: *const HipMemcpy3DParms,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    // SAFETY: forwarded from the caller.
    api(|| set_exec_node(exec, node, || unsafe { memcpy_node(params) }))
}

#[no_mangle]
pub extern "C" fn hipGraphExecMemcpyNodeSetParams1D(
    exec: ExecT,
    node: NodeT,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: c_uint,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    api(|| set_exec_node(exec, node, || memcpy_node_1d(dst, src, count, kind)))
}

/// # Safety
/// `params` must be NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecMemsetNodeSetParams(
    exec: ExecT,
    node: NodeT,
    params: *const MemsetParams,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    // SAFETY: forwarded from the caller.
    api(|| set_exec_node(exec, node, || unsafe { memset_node(params) }))
}

/// # Safety
/// `params` must be NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecHostNodeSetParams(
    exec: ExecT,
    node: NodeT,
    params: *const HostNodeParams,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    // SAFETY: forwarded from the caller.
    api(|| set_exec_node(exec, node, || unsafe { host_node(params) }))
}

#[no_mangle]
pub extern "C" fn hipGraphExecChildGraphNodeSetParams(
    exec: ExecT,
    node: NodeT,
    child: GraphT,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    api(|| set_exec_node(exec, node, || graph_of(child)?.as_child()))
}

/// # Safety
/// `error_node` and `result` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecUpdate(
    exec: ExecT,
    graph: GraphT,
    error_node: *mut NodeT,
    result: *mut c_int,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    api(|| {
        non_null(result)?;
        let e = exec_of(exec)?;
        let g = graph_of(graph)?;
        let (outcome, node) = match e.update(&g) {
            Ok(()) => (UpdateResult::Success, None),
            Err((r, n)) => (r, n),
        };
        // SAFETY: forwarded from the caller.
        unsafe {
            write_out(result, outcome as c_int)?;
            if !error_node.is_null() {
                error_node.write_unaligned(node.map_or(std::ptr::null_mut(), |n| n as NodeT));
            }
        }
        if outcome == UpdateResult::Success {
            Ok(())
        } else {
            Err(HipError::GraphExecUpdateFailure)
        }
    })
}

// ------------------------------------------------------------------------------------
// Stream capture

#[no_mangle]
pub extern "C" fn hipStreamBeginCapture(stream: StreamT, mode: c_int) -> HipErrorT {
    api(|| {
        if nv::active() {
            // SAFETY: HIP's contract: a live stream handle.
            return unsafe { nv::begin_capture(nv::stream(stream), mode) };
        }
        let mode = CaptureMode::from_raw(mode as u32)?;
        let s = resolve(stream as u64)?;
        graph::begin_capture(&s, mode)
    })
}

/// # Safety
/// `graph` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamEndCapture(stream: StreamT, graph_out: *mut GraphT) -> HipErrorT {
    api(|| {
        non_null(graph_out)?;
        if nv::active() {
            // SAFETY: HIP's contract: a live stream handle.
            let g = unsafe { nv::end_capture(nv::stream(stream)) };
            // SAFETY: forwarded from the caller.
            unsafe { write_out(graph_out, *g.as_ref().unwrap_or(&std::ptr::null_mut()))? };
            return g.map(|_| ());
        }
        let s = resolve(stream as u64)?;
        let result = graph::end_capture(&s);
        let handle = result.as_ref().map_or(0, |g| g.handle);
        // SAFETY: forwarded from the caller.
        unsafe { write_out(graph_out, handle as GraphT)? };
        result.map(|_| ())
    })
}

/// # Safety
/// `status` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamIsCapturing(stream: StreamT, status: *mut c_int) -> HipErrorT {
    api(|| {
        non_null(status)?;
        if nv::active() {
            // SAFETY: HIP's contract: a live stream handle.
            let st = unsafe { nv::is_capturing(nv::stream(stream))? };
            // SAFETY: forwarded from the caller.
            return unsafe { write_out(status, st) };
        }
        let s = resolve(stream as u64)?;
        let (st, _) = graph::capture_info(&s)?;
        // SAFETY: forwarded from the caller.
        unsafe { write_out(status, st as c_int) }
    })
}

/// # Safety
/// `status` must be NULL or writable; `id` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetCaptureInfo(
    stream: StreamT,
    status: *mut c_int,
    id: *mut c_ulonglong,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    api(|| {
        non_null(status)?;
        let s = resolve(stream as u64)?;
        let (st, seq) = graph::capture_info(&s)?;
        // SAFETY: forwarded from the caller.
        unsafe {
            write_out(status, st as c_int)?;
            if !id.is_null() {
                id.write_unaligned(seq);
            }
        }
        Ok(())
    })
}

/// # Safety
/// `status` must be NULL or writable; the other outputs NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetCaptureInfo_v2(
    stream: StreamT,
    status: *mut c_int,
    id: *mut c_ulonglong,
    graph_out: *mut GraphT,
    deps: *mut *const NodeT,
    count: *mut usize,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    api(|| {
        non_null(status)?;
        let s = resolve(stream as u64)?;
        let (st, seq) = graph::capture_info(&s)?;
        let extra = if st == graph::CaptureStatus::Active {
            graph::capture_dependencies(&s)
        } else {
            None
        };
        let (g, d, n) = extra.unwrap_or((0, std::ptr::null(), 0));
        // SAFETY: forwarded from the caller; each output is written only when non-null.
        unsafe {
            write_out(status, st as c_int)?;
            if !id.is_null() {
                id.write_unaligned(seq);
            }
            if !graph_out.is_null() {
                graph_out.write_unaligned(g as GraphT);
            }
            if !deps.is_null() {
                deps.write_unaligned(d.cast());
            }
            if !count.is_null() {
                count.write_unaligned(n);
            }
        }
        Ok(())
    })
}

/// # Safety
/// `deps` must be NULL or hold `count` handles.
#[no_mangle]
pub unsafe extern "C" fn hipStreamUpdateCaptureDependencies(
    stream: StreamT,
    deps: *mut NodeT,
    count: usize,
    flags: c_uint,
) -> HipErrorT {
    if nv::active() {
        return nv::not_supported();
    }
    api(|| {
        let set = match flags {
            0 => false,
            1 => true,
            _ => return Err(HipError::InvalidValue),
        };
        let s = resolve(stream as u64)?;
        // SAFETY: forwarded from the caller.
        let nodes = unsafe { handles(deps, count)? };
        graph::update_capture_dependencies(&s, &nodes, set)
    })
}

/// # Safety
/// `mode` must be NULL or readable and writable.
#[no_mangle]
pub unsafe extern "C" fn hipThreadExchangeStreamCaptureMode(mode: *mut c_int) -> HipErrorT {
    api(|| {
        non_null(mode)?;
        if nv::active() {
            // SAFETY: checked non-null; readable per the caller.
            let old = nv::exchange_capture_mode(unsafe { mode.read_unaligned() })?;
            // SAFETY: forwarded from the caller.
            return unsafe { write_out(mode, old) };
        }
        // SAFETY: checked non-null; readable per the caller.
        let new = CaptureMode::from_raw(unsafe { mode.read_unaligned() } as u32)?;
        let old = graph::exchange_capture_mode(new);
        // SAFETY: forwarded from the caller.
        unsafe { write_out(mode, old as c_int) }
    })
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
