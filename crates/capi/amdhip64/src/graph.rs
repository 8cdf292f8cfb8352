//! Graphs and stream capture: `hipGraph*`, `hipStreamBeginCapture` and friends. The model
//! (node kinds, launch order, capture sequences) is `hip::graph`.
//!
//! Invalid graph, node and executable-graph handles are `hipErrorInvalidValue`, as in HIP.
//!
//! On NVIDIA every entry point goes to [`nv_graph`] (CUDA driver graphs) in one short branch
//! (inside the shared helpers `add_node`, `set_graph_node`, `set_exec_node`, `value_out` and
//! `list_out` where the shapes repeat); the C marshalling stays here.

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

use crate::entry::{current_device, non_null, write_c_string, write_out, Dim3};
use crate::memory3d::{read_params, write_params, HipMemcpy3DParms};
use crate::module::pack_extra;
use crate::stream::{HostFn, StreamT};
use crate::{nv, nv_graph};

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

/// A node's parameters as an entry point received them; each platform reads them when it
/// makes the node (`NodeSpec::cpu` here, [`nv_graph`] on NVIDIA).
#[derive(Debug, Clone, Copy)]
pub enum NodeSpec {
    Kernel(*const KernelNodeParams),
    Memcpy(*const HipMemcpy3DParms),
    Memcpy1d {
        dst: *mut c_void,
        src: *const c_void,
        size: usize,
        kind: c_uint,
    },
    Memset(*const MemsetParams),
    Host(*const HostNodeParams),
    Empty,
    Child(GraphT),
}

impl NodeSpec {
    /// A 1-D copy of `size` bytes.
    fn linear(dst: *mut c_void, src: *const c_void, size: usize, kind: c_uint) -> NodeSpec {
        NodeSpec::Memcpy1d {
            dst,
            src,
            size,
            kind,
        }
    }

    /// The CPU platform's node.
    ///
    /// # Safety
    /// The pointers must be NULL or readable (kernel arguments valid for the kernel).
    unsafe fn cpu(self) -> HipResult<NodeKind> {
        // SAFETY: forwarded from the caller.
        unsafe {
            match self {
                NodeSpec::Kernel(p) => kernel_node(p),
                NodeSpec::Memcpy(p) => memcpy_node(p),
                NodeSpec::Memcpy1d {
                    dst,
                    src,
                    size,
                    kind,
                } => memcpy_node_1d(dst, src, size, kind),
                NodeSpec::Memset(p) => memset_node(p),
                NodeSpec::Host(p) => host_node(p),
                NodeSpec::Empty => Ok(NodeKind::Empty),
                NodeSpec::Child(g) => graph_of(g)?.as_child(),
            }
        }
    }
}

/// Adds a node of `spec` to `graph` after `deps` and writes the node handle.
///
/// # Safety
/// `out` must be NULL or writable; `deps` NULL or `count` handles; `spec` as for
/// [`NodeSpec::cpu`].
unsafe fn add_node(
    out: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    count: usize,
    spec: NodeSpec,
) -> HipResult<()> {
    non_null(out)?;
    if nv::active() {
        // SAFETY: forwarded from the caller.
        let node = unsafe { nv_graph::add_node(graph, &handles(deps, count)?, spec)? };
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(out, node) };
    }
    let g = graph_of(graph)?;
    // SAFETY: forwarded from the caller.
    let deps = unsafe { handles(deps, count)? };
    // SAFETY: forwarded from the caller.
    let node = g.add_node(unsafe { spec.cpu()? }, &deps)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out, node as NodeT) }
}

/// An entry point that writes one value: `out` NULL is `hipErrorInvalidValue`; the value
/// comes from `on_nv` on NVIDIA, from `on_cpu` otherwise.
///
/// # Safety
/// `out` must be NULL or writable.
unsafe fn value_out<T>(
    out: *mut T,
    on_nv: impl FnOnce() -> HipResult<T>,
    on_cpu: impl FnOnce() -> HipResult<T>,
) -> HipResult<()> {
    non_null(out)?;
    let v = if nv::active() { on_nv()? } else { on_cpu()? };
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out, v) }
}

/// An entry point that writes a node list ([`write_list`]), from `on_nv` on NVIDIA, from
/// `on_cpu` otherwise.
///
/// # Safety
/// As for `write_list`.
unsafe fn list_out(
    out: *mut NodeT,
    count: *mut usize,
    on_nv: impl FnOnce() -> HipResult<Vec<u64>>,
    on_cpu: impl FnOnce() -> HipResult<Vec<u64>>,
) -> HipResult<()> {
    let list = if nv::active() { on_nv()? } else { on_cpu()? };
    // SAFETY: forwarded from the caller.
    unsafe { write_list(out, count, &list) }
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
    if nv::active() {
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(graph, nv_graph::create()?) };
    }
    hip::Runtime::get()?;
    let g = GraphCore::create();
    // SAFETY: forwarded from the caller.
    unsafe { write_out(graph, g.handle as GraphT) }
}

/// An entry point that acts on one handle: `on_nv` on NVIDIA, `on_cpu` otherwise.
fn on_handle(
    handle: *mut c_void,
    on_nv: fn(*mut c_void) -> HipResult<()>,
    on_cpu: fn(u64) -> HipResult<()>,
) -> HipResult<()> {
    if nv::active() {
        return on_nv(handle);
    }
    on_cpu(handle as u64)
}

pub fn hipGraphDestroy(graph: GraphT) -> HipResult<()> {
    on_handle(graph, nv_graph::destroy, GraphCore::destroy)
}

/// # Safety
/// `clone` must be NULL or writable.
pub unsafe fn hipGraphClone(clone: *mut GraphT, graph: GraphT) -> HipResult<()> {
    let cpu = || Ok(graph_of(graph)?.clone_graph().handle as GraphT);
    // SAFETY: forwarded from the caller.
    unsafe { value_out(clone, || nv_graph::clone_graph(graph), cpu) }
}

/// # Safety
/// `node` must be NULL or writable.
pub unsafe fn hipGraphNodeFindInClone(
    node: *mut NodeT,
    original: NodeT,
    clone: GraphT,
) -> HipResult<()> {
    let cpu = || Ok(graph_of(clone)?.find_clone_of(original as u64)? as NodeT);
    // SAFETY: forwarded from the caller.
    unsafe { value_out(node, || nv_graph::find_in_clone(original, clone), cpu) }
}

/// `hipGraphAdd*Node` for the node types given by one parameter structure.
macro_rules! add_node_entry_points {
    ($($name:ident($params:ty) => $spec:ident;)*) => {$(
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
            unsafe { add_node(node, graph, deps, count, NodeSpec::$spec(params)) }
        }
    )*};
}

add_node_entry_points! {
    hipGraphAddKernelNode(KernelNodeParams) => Kernel;
    hipGraphAddMemcpyNode(HipMemcpy3DParms) => Memcpy;
    hipGraphAddMemsetNode(MemsetParams) => Memset;
    hipGraphAddHostNode(HostNodeParams) => Host;
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
    let spec = NodeSpec::linear(dst, src, size, kind);
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
    unsafe { add_node(node, graph, deps, count, NodeSpec::Empty) }
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
    unsafe { add_node(node, graph, deps, count, NodeSpec::Child(child)) }
}

/// `hipGraphAddDependencies` / `hipGraphRemoveDependencies`: `count` (from, to) pairs.
///
/// # Safety
/// `from` and `to` must be NULL or hold `count` handles.
unsafe fn change_edges(
    graph: GraphT,
    from: *const NodeT,
    to: *const NodeT,
    count: usize,
    on_nv: fn(GraphT, &[u64], &[u64]) -> HipResult<()>,
    on_cpu: fn(&GraphCore, &[u64], &[u64]) -> HipResult<()>,
) -> HipResult<()> {
    let g = if nv::active() {
        None
    } else {
        Some(graph_of(graph)?)
    };
    // SAFETY: forwarded from the caller.
    let (from, to) = unsafe { (handles(from, count)?, handles(to, count)?) };
    match g {
        None => on_nv(graph, &from, &to),
        Some(g) => on_cpu(&g, &from, &to),
    }
}

/// # Safety
/// `from` and `to` must be NULL or hold `count` handles.
pub unsafe fn hipGraphAddDependencies(
    graph: GraphT,
    from: *const NodeT,
    to: *const NodeT,
    count: usize,
) -> HipResult<()> {
    let (on_nv, on_cpu) = (nv_graph::add_dependencies, GraphCore::add_dependencies);
    // SAFETY: forwarded from the caller.
    unsafe { change_edges(graph, from, to, count, on_nv, on_cpu) }
}

/// # Safety
/// `from` and `to` must be NULL or hold `count` handles.
pub unsafe fn hipGraphRemoveDependencies(
    graph: GraphT,
    from: *const NodeT,
    to: *const NodeT,
    count: usize,
) -> HipResult<()> {
    let (on_nv, on_cpu) = (
        nv_graph::remove_dependencies,
        GraphCore::remove_dependencies,
    );
    // SAFETY: forwarded from the caller.
    unsafe { change_edges(graph, from, to, count, on_nv, on_cpu) }
}

/// Entry points that list nodes ([`list_out`]) of a graph or next to a node: the
/// NVIDIA query, and the CPU one on the handle `$h`.
macro_rules! list_entry_points {
    ($($name:ident($handle:ident: $ty:ty) => $nv:path, |$h:ident| $cpu:expr;)*) => {$(
        /// # Safety
        /// As for `write_list`.
        pub unsafe fn $name(
            $handle: $ty,
            nodes: *mut NodeT,
            count: *mut usize,
        ) -> HipResult<()> {
            let $h = $handle;
            // SAFETY: forwarded from the caller.
            unsafe { list_out(nodes, count, || $nv($handle), || $cpu) }
        }
    )*};
}

list_entry_points! {
    hipGraphGetNodes(graph: GraphT) => nv_graph::nodes, |g| Ok(graph_of(g)?.nodes());
    hipGraphGetRootNodes(graph: GraphT) => nv_graph::root_nodes, |g| Ok(graph_of(g)?.root_nodes());
    hipGraphNodeGetDependencies(node: NodeT) => nv_graph::dependencies,
        |n| GraphCore::of_node(n as u64)?.node_dependencies(n as u64);
    hipGraphNodeGetDependentNodes(node: NodeT) => nv_graph::dependents,
        |n| GraphCore::of_node(n as u64)?.node_dependents(n as u64);
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
    let edges = if nv::active() {
        nv_graph::edges(graph)?
    } else {
        graph_of(graph)?.edges()
    };
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
}

/// # Safety
/// `type_` must be NULL or writable.
pub unsafe fn hipGraphNodeGetType(node: NodeT, type_: *mut c_int) -> HipResult<()> {
    let cpu = || Ok(kind_of(node)?.node_type() as c_int);
    // SAFETY: forwarded from the caller.
    unsafe { value_out(type_, || nv_graph::node_type(node), cpu) }
}

pub fn hipGraphDestroyNode(node: NodeT) -> HipResult<()> {
    let on_cpu = |n| GraphCore::of_node(n)?.destroy_node(n);
    on_handle(node, nv_graph::destroy_node, on_cpu)
}

/// The CPU platform's node `node` (a copy of its kind).
fn kind_of(node: NodeT) -> HipResult<NodeKind> {
    GraphCore::of_node(node as u64)?.node_kind(node as u64)
}

/// Replaces a node's parameters in its graph.
///
/// # Safety
/// As for [`NodeSpec::cpu`].
unsafe fn set_graph_node(node: NodeT, spec: NodeSpec) -> HipResult<()> {
    if nv::active() {
        // SAFETY: forwarded from the caller.
        return unsafe { nv_graph::set_node(node, spec) };
    }
    let g = GraphCore::of_node(node as u64)?;
    // SAFETY: forwarded from the caller.
    g.set_node_kind(node as u64, unsafe { spec.cpu()? })
}

/// # Safety
/// `params` must be NULL or writable.
pub unsafe fn hipGraphKernelNodeGetParams(
    node: NodeT,
    params: *mut KernelNodeParams,
) -> HipResult<()> {
    let cpu = || {
        let (k, args) = GraphCore::of_node(node as u64)?.kernel_node_params(node as u64)?;
        Ok(KernelNodeParams {
            block_dim: dim3(k.block),
            extra: std::ptr::null_mut(),
            func: k.func as *mut c_void,
            grid_dim: dim3(k.grid),
            kernel_params: args.map_or(std::ptr::null_mut(), |a| a as *mut *mut c_void),
            shared_mem_bytes: k.dynamic_shared,
        })
    };
    // SAFETY: forwarded from the caller.
    unsafe { value_out(params, || nv_graph::kernel_params(node), cpu) }
}

fn dim3(v: [u32; 3]) -> Dim3 {
    Dim3 {
        x: v[0],
        y: v[1],
        z: v[2],
    }
}

/// # Safety
/// `params` must be NULL or writable.
pub unsafe fn hipGraphMemcpyNodeGetParams(
    node: NodeT,
    params: *mut HipMemcpy3DParms,
) -> HipResult<()> {
    let cpu = || match kind_of(node)? {
        NodeKind::Memcpy(m) => Ok(write_params(&m.params)),
        _ => Err(HipError::InvalidValue),
    };
    // SAFETY: forwarded from the caller.
    unsafe { value_out(params, || nv_graph::memcpy_params(node), cpu) }
}

/// `hipGraph*NodeSetParams` and `hipGraphExec*NodeSetParams` for the node types given by
/// one parameter structure.
macro_rules! set_params_entry_points {
    ($($graph_name:ident, $exec_name:ident($params:ty) => $spec:ident;)*) => {$(
        /// # Safety
        /// `params` must be NULL or readable (kernel arguments valid for the kernel).
        pub unsafe fn $graph_name(node: NodeT, params: *const $params) -> HipResult<()> {
            // SAFETY: forwarded from the caller.
            unsafe { set_graph_node(node, NodeSpec::$spec(params)) }
        }

        /// # Safety
        /// `params` must be NULL or readable (kernel arguments valid for the kernel).
        pub unsafe fn $exec_name(
            exec: ExecT,
            node: NodeT,
            params: *const $params,
        ) -> HipResult<()> {
            // SAFETY: forwarded from the caller.
            unsafe { set_exec_node(exec, node, NodeSpec::$spec(params)) }
        }
    )*};
}

pub fn hipGraphMemcpyNodeSetParams1D(
    node: NodeT,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: c_uint,
) -> HipResult<()> {
    let spec = NodeSpec::linear(dst, src, count, kind);
    // SAFETY: a 1-D copy's parameters are values: nothing is read through them here.
    unsafe { set_graph_node(node, spec) }
}

/// # Safety
/// `params` must be NULL or writable.
pub unsafe fn hipGraphMemsetNodeGetParams(node: NodeT, params: *mut MemsetParams) -> HipResult<()> {
    let cpu = || match kind_of(node)? {
        NodeKind::Memset(m) => Ok(MemsetParams {
            dst: m.dst as *mut c_void,
            element_size: m.element_size,
            height: m.height,
            pitch: m.pitch,
            value: m.value,
            width: m.width,
        }),
        _ => Err(HipError::InvalidValue),
    };
    // SAFETY: forwarded from the caller.
    unsafe { value_out(params, || nv_graph::memset_params(node), cpu) }
}

/// # Safety
/// `params` must be NULL or writable.
pub unsafe fn hipGraphHostNodeGetParams(node: NodeT, params: *mut HostNodeParams) -> HipResult<()> {
    let cpu = || {
        let (f, user) = match kind_of(node)? {
            NodeKind::Host(h) => h.raw.unwrap_or((0, 0)),
            _ => return Err(HipError::InvalidValue),
        };
        // SAFETY: `f` is 0 or the address of the application's `hipHostFn_t`.
        let fn_: HostFn = unsafe { std::mem::transmute::<usize, HostFn>(f) };
        Ok(HostNodeParams {
            fn_,
            user_data: user as *mut c_void,
        })
    };
    // SAFETY: forwarded from the caller.
    unsafe { value_out(params, || nv_graph::host_params(node), cpu) }
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
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(exec, nv_graph::instantiate(graph, flags)?) };
    }
    // SAFETY: forwarded from the caller.
    unsafe { instantiate(exec, graph, flags) }
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
}

/// # Safety
/// `exec` must be NULL or writable.
pub unsafe fn hipGraphInstantiateWithFlags(
    exec: *mut ExecT,
    graph: GraphT,
    flags: c_ulonglong,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { instantiate_any(exec, graph, flags) }
}

/// `hipGraphLaunch` / `hipGraphUpload`.
fn launch(exec: ExecT, stream: StreamT, upload: bool) -> HipResult<()> {
    if nv::active() {
        return nv_graph::launch(exec, stream, upload);
    }
    let e = exec_of(exec)?;
    let s = resolve(stream as u64)?;
    if upload {
        e.upload(&s)
    } else {
        e.launch(&s)
    }
}

pub fn hipGraphLaunch(exec: ExecT, stream: StreamT) -> HipResult<()> {
    launch(exec, stream, false)
}

pub fn hipGraphUpload(exec: ExecT, stream: StreamT) -> HipResult<()> {
    launch(exec, stream, true)
}

pub fn hipGraphExecDestroy(exec: ExecT) -> HipResult<()> {
    on_handle(exec, nv_graph::exec_destroy, GraphExec::destroy)
}

/// Replaces the executable copy of `node` (same type).
///
/// # Safety
/// As for [`NodeSpec::cpu`].
unsafe fn set_exec_node(exec: ExecT, node: NodeT, spec: NodeSpec) -> HipResult<()> {
    if nv::active() {
        // SAFETY: forwarded from the caller.
        return unsafe { nv_graph::set_exec_node(exec, node, spec) };
    }
    let e = exec_of(exec)?;
    e.node_kind(node as u64)?;
    // SAFETY: forwarded from the caller.
    e.set_node_kind(node as u64, unsafe { spec.cpu()? })
}

set_params_entry_points! {
    hipGraphKernelNodeSetParams, hipGraphExecKernelNodeSetParams(KernelNodeParams) => Kernel;
    hipGraphMemcpyNodeSetParams, hipGraphExecMemcpyNodeSetParams(HipMemcpy3DParms) => Memcpy;
    hipGraphMemsetNodeSetParams, hipGraphExecMemsetNodeSetParams(MemsetParams) => Memset;
    hipGraphHostNodeSetParams, hipGraphExecHostNodeSetParams(HostNodeParams) => Host;
}

pub fn hipGraphExecMemcpyNodeSetParams1D(
    exec: ExecT,
    node: NodeT,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: c_uint,
) -> HipResult<()> {
    let spec = NodeSpec::linear(dst, src, count, kind);
    // SAFETY: a 1-D copy's parameters are values: nothing is read through them here.
    unsafe { set_exec_node(exec, node, spec) }
}

pub fn hipGraphExecChildGraphNodeSetParams(
    exec: ExecT,
    node: NodeT,
    child: GraphT,
) -> HipResult<()> {
    // SAFETY: a child graph is a handle: nothing is read through it here.
    unsafe { set_exec_node(exec, node, NodeSpec::Child(child)) }
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
    let (outcome, node) = if nv::active() {
        nv_graph::exec_update(exec, graph)?
    } else {
        let e = exec_of(exec)?;
        let g = graph_of(graph)?;
        let (r, n) = match e.update(&g) {
            Ok(()) => (UpdateResult::Success, None),
            Err((r, n)) => (r, n),
        };
        (r as c_int, n.unwrap_or(0))
    };
    // SAFETY: forwarded from the caller.
    unsafe {
        write_out(result, outcome)?;
        if !error_node.is_null() {
            error_node.write_unaligned(node as NodeT);
        }
    }
    if outcome == UpdateResult::Success as c_int {
        Ok(())
    } else {
        Err(HipError::GraphExecUpdateFailure)
    }
}

// ------------------------------------------------------------------------------------
// Stream capture

pub fn hipStreamBeginCapture(stream: StreamT, mode: c_int) -> HipResult<()> {
    if nv::active() {
        // SAFETY: a live stream or a default one (checked).
        return unsafe { nv::begin_capture(nv::live_stream(stream)?, mode) };
    }
    let mode = CaptureMode::from_raw(mode as u32)?;
    let s = resolve(stream as u64)?;
    graph::begin_capture(&s, mode)
}

/// # Safety
/// `graph` must be NULL or writable.
pub unsafe fn hipStreamEndCapture(stream: StreamT, graph_out: *mut GraphT) -> HipResult<()> {
    non_null(graph_out)?;
    if nv::active() {
        let g = nv_graph::end_capture(stream);
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
}

/// # Safety
/// `status` must be NULL or writable.
pub unsafe fn hipStreamIsCapturing(stream: StreamT, status: *mut c_int) -> HipResult<()> {
    non_null(status)?;
    if nv::active() {
        // SAFETY: a live stream or a default one (checked).
        let st = unsafe { nv::is_capturing(nv::live_stream(stream)?)? };
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(status, st) };
    }
    let s = resolve(stream as u64)?;
    let (st, _) = graph::capture_info(&s)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(status, st as c_int) }
}

/// What `hipStreamGetCaptureInfo(_v2)` reports: `hipStreamCaptureStatus`, the capture
/// sequence id and, while the capture is active, the graph being built and the stream's
/// current dependencies (`count` handles at `deps`; NULL and 0 otherwise).
#[derive(Debug, Clone, Copy)]
pub struct CaptureInfo {
    pub status: c_int,
    pub id: u64,
    pub graph: GraphT,
    pub deps: *const NodeT,
    pub count: usize,
}

/// [`CaptureInfo`] of `stream` on either platform (on the CPU platform the dependencies
/// only when `with_deps`).
fn capture_info(stream: StreamT, with_deps: bool) -> HipResult<CaptureInfo> {
    if nv::active() {
        return nv_graph::capture_info(stream);
    }
    let s = resolve(stream as u64)?;
    let (st, seq) = graph::capture_info(&s)?;
    let extra = if with_deps && st == graph::CaptureStatus::Active {
        graph::capture_dependencies(&s)
    } else {
        None
    };
    let (g, d, n) = extra.unwrap_or((0, std::ptr::null(), 0));
    Ok(CaptureInfo {
        status: st as c_int,
        id: seq,
        graph: g as GraphT,
        deps: d.cast(),
        count: n,
    })
}

/// Writes `value` to `out` unless `out` is NULL (an output the caller did not ask for).
///
/// # Safety
/// `out` must be NULL or writable.
unsafe fn write_optional<T>(out: *mut T, value: T) {
    if !out.is_null() {
        // SAFETY: checked non-null; writable per the caller.
        unsafe { out.write_unaligned(value) };
    }
}

/// `hipStreamGetCaptureInfo(_v2)`: `status` is required, the other outputs optional (the
/// dependencies are looked up only `with_deps`).
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
    let info = capture_info(stream, with_deps)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        write_out(status, info.status)?;
        write_optional(id, info.id);
        write_optional(graph_out, info.graph);
        write_optional(deps, info.deps);
        write_optional(count, info.count);
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
    if nv::active() {
        // SAFETY: forwarded from the caller.
        let nodes = unsafe { handles(deps, count)? };
        return nv_graph::update_capture_dependencies(stream, &nodes, set);
    }
    let s = resolve(stream as u64)?;
    // SAFETY: forwarded from the caller.
    let nodes = unsafe { handles(deps, count)? };
    graph::update_capture_dependencies(&s, &nodes, set)
}

/// # Safety
/// `mode` must be NULL or readable and writable.
pub unsafe fn hipThreadExchangeStreamCaptureMode(mode: *mut c_int) -> HipResult<()> {
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
