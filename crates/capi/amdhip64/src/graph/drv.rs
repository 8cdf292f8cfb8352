//! The driver-API forms of graph node calls (`hipDrvGraph*`): the same nodes as the runtime
//! forms, with the driver's parameter structures and a context argument naming where the node
//! runs (a live context, or NULL for the current one).

use std::ffi::c_void;

use hip::HipResult;

use super::{add_node, ExecT, GraphT, MemsetParams, NodeT, Params};
use crate::graph::NodeSpec;
use crate::types::hipCtx_t;

/// `HIP_MEMSET_NODE_PARAMS` (CUDA's driver order, unlike `hipMemsetParams`).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct DrvMemsetParams {
    pub dst: *mut c_void,
    pub pitch: usize,
    pub value: u32,
    pub element_size: u32,
    pub width: usize,
    pub height: usize,
}

impl From<DrvMemsetParams> for MemsetParams {
    fn from(p: DrvMemsetParams) -> Self {
        MemsetParams {
            dst: p.dst,
            element_size: p.element_size,
            height: p.height,
            pitch: p.pitch,
            value: p.value,
            width: p.width,
        }
    }
}

impl Params for DrvMemsetParams {
    unsafe fn spec(p: *const Self) -> HipResult<NodeSpec> {
        crate::entry::usable(p)?;
        // SAFETY: checked usable; readable per the caller.
        let runtime_form = MemsetParams::from(unsafe { p.read_unaligned() });
        // SAFETY: a local value.
        unsafe { MemsetParams::spec(&runtime_form) }
    }
}

/// The context a driver-form node runs in must exist (NULL: the current one).
fn check_context(ctx: hipCtx_t) -> HipResult<()> {
    if !ctx.is_null() {
        hip::context::device_of(ctx)?;
    }
    Ok(())
}

/// `hipDrvGraphAddMemsetNode`.
///
/// # Safety
/// As for `hipGraphAddMemsetNode`.
pub unsafe fn hipDrvGraphAddMemsetNode(
    node: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    count: usize,
    params: *const DrvMemsetParams,
    ctx: hipCtx_t,
) -> HipResult<()> {
    check_context(ctx)?;
    // SAFETY: forwarded from the caller.
    unsafe { add_node(node, graph, deps, count, || DrvMemsetParams::spec(params)) }
}

/// `hipDrvGraphExecMemsetNodeSetParams`.
///
/// # Safety
/// As for `hipGraphExecMemsetNodeSetParams`.
pub unsafe fn hipDrvGraphExecMemsetNodeSetParams(
    exec: ExecT,
    node: NodeT,
    params: *const DrvMemsetParams,
    ctx: hipCtx_t,
) -> HipResult<()> {
    check_context(ctx)?;
    // SAFETY: forwarded from the caller.
    let spec = unsafe { DrvMemsetParams::spec(params)? };
    // SAFETY: forwarded from the caller.
    unsafe { hip::backend().graph_exec_set_node_params(exec, node, spec) }
}

/// `hipDrvGraphAddMemFreeNode`: `hipGraphAddMemFreeNode` with a device pointer.
///
/// # Safety
/// As for `hipGraphAddMemFreeNode`.
pub unsafe fn hipDrvGraphAddMemFreeNode(
    node: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    count: usize,
    dptr: *mut c_void,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { super::nodes::hipGraphAddMemFreeNode(node, graph, deps, count, dptr) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn driver_memset_parameters_keep_cudas_order() {
        assert_eq!(std::mem::size_of::<DrvMemsetParams>(), 40);
        assert_eq!(std::mem::offset_of!(DrvMemsetParams, value), 16);
        assert_eq!(std::mem::offset_of!(DrvMemsetParams, element_size), 20);
        assert_eq!(std::mem::offset_of!(DrvMemsetParams, height), 32);
        let p = DrvMemsetParams {
            dst: 0x1000 as *mut c_void,
            pitch: 64,
            value: 7,
            element_size: 4,
            width: 16,
            height: 2,
        };
        let r = MemsetParams::from(p);
        assert_eq!(
            (r.pitch, r.value, r.element_size, r.width, r.height),
            (64, 7, 4, 16, 2)
        );
    }
}
