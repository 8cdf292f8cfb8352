//! The driver-API forms of graph node calls (`hipDrvGraph*`): the same nodes as the runtime
//! forms, with the driver's parameter structures and a context argument naming where the node
//! runs (a live context, or NULL for the current one).

use std::ffi::c_void;

use hip::graph::Memcpy3dParams;
use hip::memory::{Extent, PitchedPtr, Pos};
use hip::{HipError, HipResult};

use super::{add_node, ExecT, GraphT, MemsetParams, NodeT, Params};
use crate::array::HipMemcpy3DDrv;
use crate::graph::NodeSpec;
use crate::types::hipCtx_t;

/// `CUmemorytype` / `hipMemoryType` values of `HIP_MEMCPY3D`'s sides.
const MEMORY_HOST: i32 = 1;
const MEMORY_DEVICE: i32 = 2;
const MEMORY_ARRAY: i32 = 10;
const MEMORY_UNIFIED: i32 = 11;

/// One linear side of a driver-form copy: its pointer (host or device field by type) and
/// whether it is host memory (`None` for unified: the runtime infers it).
fn drv_side(
    mem: i32,
    host: *const c_void,
    device: *const c_void,
) -> HipResult<(usize, Option<bool>)> {
    match mem {
        MEMORY_HOST => Ok((host as usize, Some(true))),
        MEMORY_DEVICE => Ok((device as usize, Some(false))),
        MEMORY_UNIFIED => Ok((device as usize, None)),
        // Graph copy nodes of arrays are not supported yet (the runtime form refuses them too).
        MEMORY_ARRAY => Err(HipError::NotSupported),
        _ => Err(HipError::InvalidValue),
    }
}

/// `HIP_MEMCPY3D` as the runtime form's copy parameters (linear sides; LODs must be 0).
fn drv_to_params(p: &HipMemcpy3DDrv) -> HipResult<Memcpy3dParams> {
    if p.src_lod != 0 || p.dst_lod != 0 {
        return Err(HipError::InvalidValue);
    }
    let (src, src_host) = drv_side(p.src_memory_type, p.src_host, p.src_device)?;
    let (dst, dst_host) = drv_side(p.dst_memory_type, p.dst_host, p.dst_device)?;
    // hipMemcpyKind: host-to-host 0, host-to-device 1, device-to-host 2, device-to-device 3,
    // default 4 (any unified side).
    let kind = match (src_host, dst_host) {
        (Some(true), Some(true)) => 0,
        (Some(true), Some(false)) => 1,
        (Some(false), Some(true)) => 2,
        (Some(false), Some(false)) => 3,
        _ => 4,
    };
    Ok(Memcpy3dParams {
        src: PitchedPtr {
            ptr: src,
            pitch: p.src_pitch,
            xsize: p.width_in_bytes,
            ysize: p.src_height,
        },
        src_pos: Pos {
            x: p.src_x_in_bytes,
            y: p.src_y,
            z: p.src_z,
        },
        dst: PitchedPtr {
            ptr: dst,
            pitch: p.dst_pitch,
            xsize: p.width_in_bytes,
            ysize: p.dst_height,
        },
        dst_pos: Pos {
            x: p.dst_x_in_bytes,
            y: p.dst_y,
            z: p.dst_z,
        },
        extent: Extent {
            width: p.width_in_bytes,
            height: p.height,
            depth: p.depth,
        },
        kind,
    })
}

/// A copy node's parameters in the driver form (memory types from the copy's kind).
fn params_to_drv(c: &Memcpy3dParams) -> HipMemcpy3DDrv {
    let (src_type, dst_type) = match c.kind {
        0 => (MEMORY_HOST, MEMORY_HOST),
        1 => (MEMORY_HOST, MEMORY_DEVICE),
        2 => (MEMORY_DEVICE, MEMORY_HOST),
        3 => (MEMORY_DEVICE, MEMORY_DEVICE),
        _ => (MEMORY_UNIFIED, MEMORY_UNIFIED),
    };
    let side = |ty: i32, ptr: usize| {
        if ty == MEMORY_HOST {
            (ptr as *mut c_void, std::ptr::null_mut())
        } else {
            (std::ptr::null_mut(), ptr as *mut c_void)
        }
    };
    let (src_host, src_device) = side(src_type, c.src.ptr);
    let (dst_host, dst_device) = side(dst_type, c.dst.ptr);
    HipMemcpy3DDrv {
        src_x_in_bytes: c.src_pos.x,
        src_y: c.src_pos.y,
        src_z: c.src_pos.z,
        src_lod: 0,
        src_memory_type: src_type,
        src_host,
        src_device,
        src_array: std::ptr::null_mut(),
        src_pitch: c.src.pitch,
        src_height: c.src.ysize,
        dst_x_in_bytes: c.dst_pos.x,
        dst_y: c.dst_pos.y,
        dst_z: c.dst_pos.z,
        dst_lod: 0,
        dst_memory_type: dst_type,
        dst_host,
        dst_device,
        dst_array: std::ptr::null_mut(),
        dst_pitch: c.dst.pitch,
        dst_height: c.dst.ysize,
        width_in_bytes: c.extent.width,
        height: c.extent.height,
        depth: c.extent.depth,
    }
}

impl Params for HipMemcpy3DDrv {
    unsafe fn spec(p: *const Self) -> HipResult<NodeSpec> {
        crate::entry::usable(p)?;
        // SAFETY: checked usable; readable per the caller.
        Ok(NodeSpec::Memcpy(drv_to_params(&unsafe {
            p.read_unaligned()
        })?))
    }
}

/// `hipDrvGraphAddMemcpyNode`.
///
/// # Safety
/// As for `hipGraphAddMemcpyNode` (the copy's memory valid whenever the graph runs).
pub unsafe fn hipDrvGraphAddMemcpyNode(
    node: *mut NodeT,
    graph: GraphT,
    deps: *const NodeT,
    count: usize,
    params: *const HipMemcpy3DDrv,
    ctx: hipCtx_t,
) -> HipResult<()> {
    check_context(ctx)?;
    // SAFETY: forwarded from the caller.
    unsafe { add_node(node, graph, deps, count, || HipMemcpy3DDrv::spec(params)) }
}

/// `hipDrvGraphMemcpyNodeGetParams`.
///
/// # Safety
/// `params` must be NULL (refused) or writable.
pub unsafe fn hipDrvGraphMemcpyNodeGetParams(
    node: NodeT,
    params: *mut HipMemcpy3DDrv,
) -> HipResult<()> {
    crate::entry::non_null(params)?;
    let m = hip::backend().graph_memcpy_node_params(node)?;
    if !m.src_array.is_null() || !m.dst_array.is_null() {
        return Err(HipError::NotSupported);
    }
    // SAFETY: checked; the caller's `HIP_MEMCPY3D*`.
    unsafe { crate::entry::write_out(params, params_to_drv(&m.copy)) }
}

/// `hipDrvGraphMemcpyNodeSetParams`.
///
/// # Safety
/// As for `hipGraphMemcpyNodeSetParams`.
pub unsafe fn hipDrvGraphMemcpyNodeSetParams(
    node: NodeT,
    params: *const HipMemcpy3DDrv,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    let spec = unsafe { HipMemcpy3DDrv::spec(params)? };
    // SAFETY: forwarded from the caller.
    unsafe { hip::backend().graph_set_node_params(node, spec) }
}

/// `hipDrvGraphExecMemcpyNodeSetParams`.
///
/// # Safety
/// As for `hipGraphExecMemcpyNodeSetParams`.
pub unsafe fn hipDrvGraphExecMemcpyNodeSetParams(
    exec: ExecT,
    node: NodeT,
    params: *const HipMemcpy3DDrv,
    ctx: hipCtx_t,
) -> HipResult<()> {
    check_context(ctx)?;
    // SAFETY: forwarded from the caller.
    let spec = unsafe { HipMemcpy3DDrv::spec(params)? };
    // SAFETY: forwarded from the caller.
    unsafe { hip::backend().graph_exec_set_node_params(exec, node, spec) }
}

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

    fn copy(src: i32, dst: i32) -> HipMemcpy3DDrv {
        let mut p = params_to_drv(&Memcpy3dParams {
            src: PitchedPtr {
                ptr: 0x1000,
                pitch: 64,
                xsize: 48,
                ysize: 4,
            },
            src_pos: Pos { x: 8, y: 1, z: 0 },
            dst: PitchedPtr {
                ptr: 0x2000,
                pitch: 128,
                xsize: 48,
                ysize: 4,
            },
            dst_pos: Pos { x: 0, y: 0, z: 0 },
            extent: Extent {
                width: 48,
                height: 3,
                depth: 1,
            },
            kind: 3,
        });
        p.src_memory_type = src;
        p.dst_memory_type = dst;
        p.src_host = 0x1000 as *const c_void;
        p.dst_host = 0x2000 as *mut c_void;
        p
    }

    #[test]
    fn driver_copies_become_runtime_copies_and_back() {
        let kinds = [
            (MEMORY_HOST, MEMORY_HOST, 0),
            (MEMORY_HOST, MEMORY_DEVICE, 1),
            (MEMORY_DEVICE, MEMORY_HOST, 2),
            (MEMORY_DEVICE, MEMORY_DEVICE, 3),
            (MEMORY_UNIFIED, MEMORY_DEVICE, 4),
        ];
        for (src, dst, kind) in kinds {
            let p = drv_to_params(&copy(src, dst)).expect("linear sides");
            assert_eq!(p.kind, kind);
            assert_eq!(
                (p.src.ptr, p.dst.ptr, p.src.pitch, p.dst.pitch),
                (0x1000, 0x2000, 64, 128)
            );
            assert_eq!(
                (p.src_pos.x, p.src_pos.y, p.extent.width, p.extent.height),
                (8, 1, 48, 3)
            );
            let back = params_to_drv(&p);
            assert_eq!(
                (back.src_pitch, back.dst_pitch, back.width_in_bytes),
                (64, 128, 48)
            );
        }
        assert_eq!(
            drv_to_params(&copy(MEMORY_ARRAY, MEMORY_DEVICE)).err(),
            Some(HipError::NotSupported)
        );
        assert_eq!(
            drv_to_params(&copy(7, MEMORY_DEVICE)).err(),
            Some(HipError::InvalidValue)
        );
    }

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
