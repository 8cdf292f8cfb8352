//! The graph node kinds and calls after the first ones (`graph.rs`): event record and
//! wait nodes, graph memory nodes and statistics, copies to and from symbols, the generic
//! `hipGraphNodeParams` forms, child graphs, node enabling, kernel node attributes and
//! executable graph flags. C marshalling over [`GraphBackend`](hip::backend::GraphBackend),
//! as in `graph.rs`.

use crate::launch::{into_symbol_kind, out_of_symbol_kind, symbol_range};
use std::ffi::{c_int, c_uint, c_void};

use hip::backend::graph::{AccessPolicyWindow, KernelAttr, MemAllocSpec, NodeSpec};
use hip::{backend, HipError, HipResult};

use super::{add_node, handles, value_out, ExecT, GraphT, HostNodeParams, KernelNodeParams};
use super::{MemsetParams, NodeT, Params};
use crate::entry::{c_array, non_null, usable, write_out};
use crate::memory3d::HipMemcpy3DParms;
use crate::mempool::{MemAccessDesc, MemLocation, MemPoolProps};
use crate::types::hipEvent_t;

// ------------------------------------------------------------------------------------
// Event record and wait nodes

/// # Safety
/// As for `add_node`.
pub unsafe fn hipGraphAddEventRecordNode(
    node: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    count: usize,
    event: hipEvent_t,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        add_node(node, graph, deps, count, || {
            Ok(NodeSpec::EventRecord(event))
        })
    }
}

/// # Safety
/// As for `add_node`.
pub unsafe fn hipGraphAddEventWaitNode(
    node: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    count: usize,
    event: hipEvent_t,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { add_node(node, graph, deps, count, || Ok(NodeSpec::EventWait(event))) }
}

/// # Safety
/// `event_out` must be NULL or writable.
pub unsafe fn hipGraphEventRecordNodeGetEvent(
    node: NodeT,
    event_out: *mut hipEvent_t,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { value_out(event_out, || backend().graph_event_node_event(node, true)) }
}

/// # Safety
/// `event_out` must be NULL or writable.
pub unsafe fn hipGraphEventWaitNodeGetEvent(
    node: NodeT,
    event_out: *mut hipEvent_t,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { value_out(event_out, || backend().graph_event_node_event(node, false)) }
}

/// New parameters that hold no pointers the runtime reads (events, addresses).
fn set_value_spec(node: NodeT, spec: NodeSpec) -> HipResult<()> {
    // SAFETY: the parameters are handles and addresses: nothing is read through them.
    unsafe { backend().graph_set_node_params(node, spec) }
}

fn set_exec_value_spec(exec: ExecT, node: NodeT, spec: NodeSpec) -> HipResult<()> {
    // SAFETY: as for `set_value_spec`.
    unsafe { backend().graph_exec_set_node_params(exec, node, spec) }
}

pub fn hipGraphEventRecordNodeSetEvent(node: NodeT, event: hipEvent_t) -> HipResult<()> {
    set_value_spec(node, NodeSpec::EventRecord(event))
}

pub fn hipGraphEventWaitNodeSetEvent(node: NodeT, event: hipEvent_t) -> HipResult<()> {
    set_value_spec(node, NodeSpec::EventWait(event))
}

pub fn hipGraphExecEventRecordNodeSetEvent(
    exec: ExecT,
    node: NodeT,
    event: hipEvent_t,
) -> HipResult<()> {
    set_exec_value_spec(exec, node, NodeSpec::EventRecord(event))
}

pub fn hipGraphExecEventWaitNodeSetEvent(
    exec: ExecT,
    node: NodeT,
    event: hipEvent_t,
) -> HipResult<()> {
    set_exec_value_spec(exec, node, NodeSpec::EventWait(event))
}

// ------------------------------------------------------------------------------------
// Graph memory

/// `hipMemAllocNodeParams`
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct MemAllocNodeParams {
    pub pool_props: MemPoolProps,
    pub access_descs: *const MemAccessDesc,
    pub access_desc_count: usize,
    pub bytesize: usize,
    pub dptr: *mut c_void,
}

/// The Rust value of `hipMemAllocNodeParams` (its access list read).
///
/// # Safety
/// `p` must be readable, its access list NULL or `access_desc_count` entries.
unsafe fn alloc_spec(p: &MemAllocNodeParams) -> HipResult<MemAllocSpec> {
    // SAFETY: forwarded from the caller.
    let access = unsafe { c_array(p.access_descs, p.access_desc_count)? };
    let props = &p.pool_props;
    Ok(MemAllocSpec {
        alloc_type: props.alloc_type as u32,
        handle_types: props.handle_types as u32,
        location_type: props.location.type_ as u32,
        device: props.location.id,
        access: access
            .iter()
            .map(|a| (a.location.type_ as u32, a.location.id, a.flags as u32))
            .collect(),
        bytesize: p.bytesize,
    })
}

/// Adds an allocation node and writes its address into `params.dptr`.
///
/// # Safety
/// As for `add_node`; `params` NULL or readable and writable.
unsafe fn add_alloc(
    node: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    count: usize,
    params: *mut MemAllocNodeParams,
) -> HipResult<()> {
    non_null(node)?;
    usable(params)?;
    // SAFETY: forwarded from the caller.
    let deps = unsafe { handles(deps, count)? };
    // SAFETY: checked usable; readable per the caller.
    let p = unsafe { params.read_unaligned() };
    // SAFETY: forwarded from the caller.
    let spec = unsafe { alloc_spec(&p)? };
    let (n, ptr) = backend().graph_add_mem_alloc_node(graph, deps, &spec)?;
    // SAFETY: forwarded from the caller (both checked above).
    unsafe {
        std::ptr::addr_of_mut!((*params).dptr).write_unaligned(ptr as *mut c_void);
        write_out(node, n)
    }
}

/// # Safety
/// As for `add_node`; `params` NULL or a readable and writable `hipMemAllocNodeParams`.
pub unsafe fn hipGraphAddMemAllocNode(
    node: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    count: usize,
    params: *mut c_void,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { add_alloc(node, graph, deps, count, params.cast()) }
}

/// # Safety
/// `params` must be NULL or a writable `hipMemAllocNodeParams`.
pub unsafe fn hipGraphMemAllocNodeGetParams(node: NodeT, params: *mut c_void) -> HipResult<()> {
    let value = || {
        let (spec, ptr) = backend().graph_mem_alloc_node_params(node)?;
        Ok(MemAllocNodeParams {
            pool_props: MemPoolProps {
                alloc_type: spec.alloc_type as c_int,
                handle_types: spec.handle_types as c_int,
                location: MemLocation {
                    type_: spec.location_type as c_int,
                    id: spec.device,
                },
                win32_security_attributes: std::ptr::null_mut(),
                max_size: 0,
                reserved: [0; 56],
            },
            access_descs: std::ptr::null(),
            access_desc_count: 0,
            bytesize: spec.bytesize,
            dptr: ptr as *mut c_void,
        })
    };
    // SAFETY: forwarded from the caller.
    unsafe { value_out(params.cast::<MemAllocNodeParams>(), value) }
}

/// # Safety
/// As for `add_node`.
pub unsafe fn hipGraphAddMemFreeNode(
    node: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    count: usize,
    dev_ptr: *mut c_void,
) -> HipResult<()> {
    non_null(dev_ptr)?;
    let spec = || Ok(NodeSpec::MemFree(dev_ptr as usize));
    // SAFETY: forwarded from the caller.
    unsafe { add_node(node, graph, deps, count, spec) }
}

/// `dev_ptr` receives the address (it is a `void**` in all but name, as in CUDA).
///
/// # Safety
/// `dev_ptr` must be NULL or writable for a pointer.
pub unsafe fn hipGraphMemFreeNodeGetParams(node: NodeT, dev_ptr: *mut c_void) -> HipResult<()> {
    let value = || backend().graph_mem_free_node_ptr(node);
    // SAFETY: forwarded from the caller.
    unsafe { value_out(dev_ptr.cast::<usize>(), value) }
}

pub fn hipDeviceGraphMemTrim(device: c_int) -> HipResult<()> {
    backend().graph_mem_trim(device)
}

/// # Safety
/// `value` must be NULL or writable for a 64-bit integer.
pub unsafe fn hipDeviceGetGraphMemAttribute(
    device: c_int,
    attr: c_int,
    value: *mut c_void,
) -> HipResult<()> {
    let v = || backend().graph_mem_attribute(device, attr);
    // SAFETY: forwarded from the caller.
    unsafe { value_out(value.cast::<u64>(), v) }
}

/// # Safety
/// `value` must be NULL or readable for a 64-bit integer.
pub unsafe fn hipDeviceSetGraphMemAttribute(
    device: c_int,
    attr: c_int,
    value: *mut c_void,
) -> HipResult<()> {
    usable(value)?;
    // SAFETY: checked usable; readable per the caller.
    let v = unsafe { value.cast::<u64>().read_unaligned() };
    backend().graph_mem_set_attribute(device, attr, v)
}

// ------------------------------------------------------------------------------------
// Copies to and from symbols (copy nodes of the symbol's range)

/// A copy into a symbol (host-to-device, device-to-device or default).
fn to_symbol(
    symbol: *const c_void,
    src: *const c_void,
    count: usize,
    offset: usize,
    kind: c_int,
) -> HipResult<NodeSpec> {
    into_symbol_kind(kind as u32)?;
    non_null(src)?;
    Ok(NodeSpec::Memcpy1d {
        dst: symbol_range(symbol, count, offset)? as usize,
        src: src as usize,
        size: count,
        kind: kind as u32,
    })
}

/// A copy out of a symbol (device-to-host, device-to-device or default).
fn from_symbol(
    dst: *mut c_void,
    symbol: *const c_void,
    count: usize,
    offset: usize,
    kind: c_int,
) -> HipResult<NodeSpec> {
    out_of_symbol_kind(kind as u32)?;
    non_null(dst)?;
    Ok(NodeSpec::Memcpy1d {
        dst: dst as usize,
        src: symbol_range(symbol, count, offset)? as usize,
        size: count,
        kind: kind as u32,
    })
}

/// # Safety
/// As for `add_node`; the ranges must be valid whenever the graph runs.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hipGraphAddMemcpyNodeToSymbol(
    node: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    num_deps: usize,
    symbol: *const c_void,
    src: *const c_void,
    count: usize,
    offset: usize,
    kind: c_int,
) -> HipResult<()> {
    let spec = || to_symbol(symbol, src, count, offset, kind);
    // SAFETY: forwarded from the caller.
    unsafe { add_node(node, graph, deps, num_deps, spec) }
}

/// # Safety
/// As for `add_node`; the ranges must be valid whenever the graph runs.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hipGraphAddMemcpyNodeFromSymbol(
    node: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    num_deps: usize,
    dst: *mut c_void,
    symbol: *const c_void,
    count: usize,
    offset: usize,
    kind: c_int,
) -> HipResult<()> {
    let spec = || from_symbol(dst, symbol, count, offset, kind);
    // SAFETY: forwarded from the caller.
    unsafe { add_node(node, graph, deps, num_deps, spec) }
}

pub fn hipGraphMemcpyNodeSetParamsToSymbol(
    node: NodeT,
    symbol: *const c_void,
    src: *const c_void,
    count: usize,
    offset: usize,
    kind: c_int,
) -> HipResult<()> {
    set_value_spec(node, to_symbol(symbol, src, count, offset, kind)?)
}

pub fn hipGraphMemcpyNodeSetParamsFromSymbol(
    node: NodeT,
    dst: *mut c_void,
    symbol: *const c_void,
    count: usize,
    offset: usize,
    kind: c_int,
) -> HipResult<()> {
    set_value_spec(node, from_symbol(dst, symbol, count, offset, kind)?)
}

#[allow(clippy::too_many_arguments)]
pub fn hipGraphExecMemcpyNodeSetParamsToSymbol(
    exec: ExecT,
    node: NodeT,
    symbol: *const c_void,
    src: *const c_void,
    count: usize,
    offset: usize,
    kind: c_int,
) -> HipResult<()> {
    set_exec_value_spec(exec, node, to_symbol(symbol, src, count, offset, kind)?)
}

#[allow(clippy::too_many_arguments)]
pub fn hipGraphExecMemcpyNodeSetParamsFromSymbol(
    exec: ExecT,
    node: NodeT,
    dst: *mut c_void,
    symbol: *const c_void,
    count: usize,
    offset: usize,
    kind: c_int,
) -> HipResult<()> {
    set_exec_value_spec(exec, node, from_symbol(dst, symbol, count, offset, kind)?)
}

// ------------------------------------------------------------------------------------
// Child graphs, enabling, flags

/// # Safety
/// `graph_out` must be NULL or writable.
pub unsafe fn hipGraphChildGraphNodeGetGraph(node: NodeT, graph_out: *mut GraphT) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { value_out(graph_out, || backend().graph_child_graph(node)) }
}

pub fn hipGraphNodeSetEnabled(exec: ExecT, node: NodeT, is_enabled: c_uint) -> HipResult<()> {
    backend().graph_node_set_enabled(exec, node, is_enabled != 0)
}

/// # Safety
/// `is_enabled` must be NULL or writable.
pub unsafe fn hipGraphNodeGetEnabled(
    exec: ExecT,
    node: NodeT,
    is_enabled: *mut c_uint,
) -> HipResult<()> {
    let v = || backend().graph_node_enabled(exec, node).map(c_uint::from);
    // SAFETY: forwarded from the caller.
    unsafe { value_out(is_enabled, v) }
}

/// # Safety
/// `flags` must be NULL or writable.
pub unsafe fn hipGraphExecGetFlags(exec: ExecT, flags: *mut u64) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { value_out(flags, || backend().graph_exec_flags(exec)) }
}

// ------------------------------------------------------------------------------------
// Kernel node attributes

/// `hipAccessPolicyWindow`
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct HipAccessPolicyWindow {
    pub base_ptr: *mut c_void,
    pub hit_prop: c_int,
    pub hit_ratio: f32,
    pub miss_prop: c_int,
    pub num_bytes: usize,
}

/// Reads attribute `attr`'s member of the `hipKernelNodeAttrValue` union at `value` (only
/// that member's bytes).
///
/// # Safety
/// `value` must be NULL or readable for that member.
unsafe fn read_attr(attr: c_int, value: *const c_void) -> HipResult<KernelAttr> {
    usable(value)?;
    // SAFETY: checked usable; the member's bytes are readable per the caller.
    Ok(unsafe {
        match attr {
            1 => {
                let w = value.cast::<HipAccessPolicyWindow>().read_unaligned();
                if !(0..=2).contains(&w.hit_prop) || !(0..=2).contains(&w.miss_prop) {
                    return Err(HipError::InvalidValue);
                }
                KernelAttr::AccessPolicyWindow(AccessPolicyWindow {
                    base_ptr: w.base_ptr as usize,
                    hit_prop: w.hit_prop as u32,
                    hit_ratio: w.hit_ratio,
                    miss_prop: w.miss_prop as u32,
                    num_bytes: w.num_bytes,
                })
            }
            2 => KernelAttr::Cooperative(value.cast::<c_int>().read_unaligned() != 0),
            8 => KernelAttr::Priority(value.cast::<c_int>().read_unaligned()),
            _ => return Err(HipError::InvalidValue),
        }
    })
}

/// # Safety
/// `value` must be NULL or readable for the attribute's member.
pub unsafe fn hipGraphKernelNodeSetAttribute(
    node: NodeT,
    attr: c_int,
    value: *const c_void,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    let a = unsafe { read_attr(attr, value)? };
    backend().graph_kernel_node_set_attribute(node, a)
}

/// # Safety
/// `value` must be NULL or writable for the attribute's member.
pub unsafe fn hipGraphKernelNodeGetAttribute(
    node: NodeT,
    attr: c_int,
    value: *mut c_void,
) -> HipResult<()> {
    usable(value)?;
    let a = backend().graph_kernel_node_attribute(node, attr)?;
    // SAFETY: checked usable; the member's bytes are writable per the caller.
    unsafe {
        match a {
            KernelAttr::AccessPolicyWindow(w) => value
                .cast::<HipAccessPolicyWindow>()
                .write_unaligned(HipAccessPolicyWindow {
                    base_ptr: w.base_ptr as *mut c_void,
                    hit_prop: w.hit_prop as c_int,
                    hit_ratio: w.hit_ratio,
                    miss_prop: w.miss_prop as c_int,
                    num_bytes: w.num_bytes,
                }),
            KernelAttr::Cooperative(c) => value.cast::<c_int>().write_unaligned(c as c_int),
            KernelAttr::Priority(p) => value.cast::<c_int>().write_unaligned(p),
        }
    }
    Ok(())
}

pub fn hipGraphKernelNodeCopyAttributes(src: NodeT, dst: NodeT) -> HipResult<()> {
    backend().graph_kernel_node_copy_attributes(src, dst)
}

// ------------------------------------------------------------------------------------
// hipGraphNodeParams

/// `hipGraphNodeParams`: the node type, then its parameters at offset 16 (a union of 232
/// bytes), then a reserved word.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct GraphNodeParams {
    pub type_: c_int,
    pub reserved0: [c_int; 3],
    pub params: [i64; 29],
    pub reserved2: i64,
}

/// `hipMemcpyNodeParams`
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct MemcpyNodeParams {
    pub flags: c_int,
    pub reserved: [c_int; 3],
    pub copy_params: HipMemcpy3DParms,
}

/// `hipGraphNodeType` values.
const KERNEL: c_int = 0;
const MEMCPY: c_int = 1;
const MEMSET: c_int = 2;
const HOST: c_int = 3;
const GRAPH: c_int = 4;
const EMPTY: c_int = 5;
const WAIT_EVENT: c_int = 6;
const EVENT_RECORD: c_int = 7;
const EXT_SEMAPHORE_SIGNAL: c_int = 8;
const EXT_SEMAPHORE_WAIT: c_int = 9;
const MEM_ALLOC: c_int = 10;
const MEM_FREE: c_int = 11;

/// The union member of `p` as a `T` (a pointer into the caller's structure).
fn member<T>(p: *mut GraphNodeParams) -> *mut T {
    // SAFETY: only the address is computed (in bounds of a `GraphNodeParams`).
    unsafe { std::ptr::addr_of_mut!((*p).params) }.cast()
}

/// The handle-valued member (`graph`, `event`, `dptr`) of `p`.
///
/// # Safety
/// `p` must be readable.
unsafe fn handle_member(p: *mut GraphNodeParams) -> *mut c_void {
    // SAFETY: forwarded from the caller.
    unsafe { member::<*mut c_void>(p).read_unaligned() }
}

/// The node described by `p` (types whose parameters are one of the node kinds a
/// `NodeSpec` names). Memory allocation nodes are handled by the callers.
///
/// # Safety
/// `p` must be readable, with the member its type names valid as for that node's own
/// call.
unsafe fn spec_of(p: *mut GraphNodeParams) -> HipResult<NodeSpec> {
    // SAFETY: readable per the caller (checked by the callers).
    let ty = unsafe { p.read_unaligned().type_ };
    // SAFETY: the member named by the type, readable per the caller.
    unsafe {
        match ty {
            KERNEL => KernelNodeParams::spec(member(p)),
            MEMCPY => {
                let m = member::<MemcpyNodeParams>(p);
                if m.read_unaligned().flags != 0 {
                    return Err(HipError::InvalidValue);
                }
                HipMemcpy3DParms::spec(std::ptr::addr_of!((*m).copy_params))
            }
            MEMSET => MemsetParams::spec(member(p)),
            HOST => HostNodeParams::spec(member(p)),
            GRAPH => Ok(NodeSpec::Child(handle_member(p))),
            EMPTY => Ok(NodeSpec::Empty),
            WAIT_EVENT => Ok(NodeSpec::EventWait(handle_member(p))),
            EVENT_RECORD => Ok(NodeSpec::EventRecord(handle_member(p))),
            MEM_FREE => Ok(NodeSpec::MemFree(handle_member(p) as usize)),
            // External semaphores are their own area (not implemented yet).
            EXT_SEMAPHORE_SIGNAL | EXT_SEMAPHORE_WAIT => Err(HipError::NotSupported),
            _ => Err(HipError::InvalidValue),
        }
    }
}

/// # Safety
/// As for `add_node`; `params` NULL or a readable `hipGraphNodeParams` (writable for an
/// allocation node, whose address is written back), its member valid as for that node's
/// own call.
pub unsafe fn hipGraphAddNode(
    node: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    count: usize,
    params: *mut c_void,
) -> HipResult<()> {
    let p = params.cast::<GraphNodeParams>();
    usable(p)?;
    // SAFETY: checked usable; readable per the caller.
    if unsafe { p.read_unaligned().type_ } == MEM_ALLOC {
        // SAFETY: forwarded from the caller.
        return unsafe { add_alloc(node, graph, deps, count, member(p)) };
    }
    // SAFETY: forwarded from the caller.
    unsafe { add_node(node, graph, deps, count, || spec_of(p)) }
}

/// New parameters of a node's own type (allocation and free nodes cannot be changed, as in
/// CUDA).
///
/// # Safety
/// `params` must be NULL or a readable `hipGraphNodeParams` (member valid as for that
/// node's own call).
pub unsafe fn hipGraphNodeSetParams(node: NodeT, params: *mut c_void) -> HipResult<()> {
    let p = params.cast::<GraphNodeParams>();
    usable(p)?;
    // SAFETY: checked usable; readable per the caller.
    let ty = unsafe { p.read_unaligned().type_ };
    if matches!(ty, MEM_ALLOC | MEM_FREE | GRAPH) {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: forwarded from the caller.
    unsafe { backend().graph_set_node_params(node, spec_of(p)?) }
}

/// # Safety
/// As for [`hipGraphNodeSetParams`].
pub unsafe fn hipGraphExecNodeSetParams(
    exec: ExecT,
    node: NodeT,
    params: *mut c_void,
) -> HipResult<()> {
    let p = params.cast::<GraphNodeParams>();
    usable(p)?;
    // SAFETY: checked usable; readable per the caller.
    let ty = unsafe { p.read_unaligned().type_ };
    if matches!(ty, MEM_ALLOC | MEM_FREE) {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: forwarded from the caller.
    unsafe { backend().graph_exec_set_node_params(exec, node, spec_of(p)?) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    /// Layouts as `include/hip/hip_runtime_api.h` has them (LP64).
    #[test]
    fn layouts_match_header() {
        assert_eq!(size_of::<GraphNodeParams>(), 256);
        assert_eq!(offset_of!(GraphNodeParams, params), 16);
        assert_eq!(offset_of!(MemcpyNodeParams, copy_params), 16);
        assert_eq!(size_of::<MemAllocNodeParams>(), 120);
        assert_eq!(offset_of!(MemAllocNodeParams, dptr), 112);
        assert_eq!(size_of::<HipAccessPolicyWindow>(), 32);
        assert_eq!(offset_of!(HipAccessPolicyWindow, num_bytes), 24);
        assert!(size_of::<MemcpyNodeParams>() <= 29 * 8);
        assert!(size_of::<MemAllocNodeParams>() <= 29 * 8);
    }
}
