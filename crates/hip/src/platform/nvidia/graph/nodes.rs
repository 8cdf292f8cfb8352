//! Node parameters: HIP's node descriptions in the driver's form (validated as HIP
//! validates them), nodes added, changed, typed, destroyed, and their parameters read back.

use std::ffi::c_void;
use std::ptr::{null, null_mut};

use super::driver::{
    copy_kind, ready, type_of, Copy3d, Side, CHILD, EMPTY, EVENT_RECORD, HOST, KERNEL, MEMCPY,
    MEMSET, MEM_FREE, WAIT_EVENT,
};
use super::{exec, graph, known, live, members, node, noted};
use crate::backend::graph::{HostSpec, KernelSpec, MemcpyNodeParams, MemsetSpec, NodeSpec};
use crate::backend::Handle;
use crate::error::{HipError, HipResult};
use crate::graph::Memcpy3dParams;
use crate::memory::{CopyKind, Extent, PitchedPtr, Pos};
use crate::platform::nvidia::{check, cu, launch as nvlaunch, live_event, registry};

/// A live node of type `ty` (`hipErrorInvalidValue` for another type), the driver ready.
pub(super) fn typed(handle: Handle, ty: u32) -> HipResult<cu::CUgraphNode> {
    let (n, _) = node(handle)?;
    ready()?;
    known(type_of(n)? == ty)?;
    Ok(n)
}

/// Reads the parameters of node `n` into `out`.
///
/// # Safety
/// `n` must be a live node ([`typed`]) and `read` the driver's parameter getter for nodes
/// of its type, writing a `T`.
unsafe fn get<T>(
    n: cu::CUgraphNode,
    mut out: T,
    read: unsafe fn(cu::CUgraphNode, *mut T) -> cu::CUresult,
) -> HipResult<T> {
    // SAFETY: a live node whose parameters `read` writes into `out` (caller).
    check(unsafe { read(n, &mut out) })?;
    Ok(out)
}

/// `cuGraphMemcpyNodeGetParams` into the mirror.
///
/// # Safety
/// `n` must be a live memcpy node, `p` writable.
unsafe fn memcpy_get(n: cu::CUgraphNode, p: *mut Copy3d) -> cu::CUresult {
    // SAFETY: forwarded from the caller; `Copy3d` has the layout of `CUDA_MEMCPY3D`.
    unsafe { cu::cuGraphMemcpyNodeGetParams(n, p.cast()) }
}

// ------------------------------------------------------------------------------------
// Node parameters

/// A node's driver parameters, owning what they point to until the driver has copied them.
enum Params {
    Kernel {
        raw: cu::CUDA_KERNEL_NODE_PARAMS,
        /// The registered kernel's host stub.
        host: usize,
        /// The driver form of `extra` (`raw.extra` points into it).
        _extra: Option<Box<[*mut c_void; 5]>>,
    },
    Copy(Copy3d),
    Fill(cu::CUDA_MEMSET_NODE_PARAMS),
    Host(cu::CUDA_HOST_NODE_PARAMS),
    Empty,
    Child(cu::CUgraph),
    EventRecord(cu::CUevent),
    EventWait(cu::CUevent),
    MemFree(cu::CUdeviceptr),
}

impl Params {
    fn node_type(&self) -> u32 {
        match self {
            Params::Kernel { .. } => KERNEL,
            Params::Copy(_) => MEMCPY,
            Params::Fill(_) => MEMSET,
            Params::Host(_) => HOST,
            Params::Child(_) => CHILD,
            Params::Empty => EMPTY,
            Params::EventRecord(_) => EVENT_RECORD,
            Params::EventWait(_) => WAIT_EVENT,
            Params::MemFree(_) => MEM_FREE,
        }
    }

    /// Remembers which host stub a kernel node's driver function came from (and, for a
    /// graph's node `node`, the node's).
    fn note_kernel(&self, node: Option<cu::CUgraphNode>) {
        if let Params::Kernel { raw, host, .. } = self {
            live(|l| {
                l.kernels.insert(raw.func as usize, *host);
                if let Some(n) = node {
                    l.node_kernels.insert(n as usize, *host);
                }
            });
        }
    }
}

/// The driver's parameters for `spec` on device `dev`, validated as HIP validates them.
///
/// # Safety
/// The kernel argument pointers in `spec` must be valid for the kernel.
unsafe fn params(spec: NodeSpec, dev: usize) -> HipResult<Params> {
    Ok(match spec {
        // SAFETY: forwarded from the caller.
        NodeSpec::Kernel(p) => unsafe { kernel(dev, p)? },
        NodeSpec::Memcpy(p) => Params::Copy(copy(p)?),
        NodeSpec::Memcpy1d {
            dst,
            src,
            size,
            kind,
        } => {
            let side = |ptr: usize| PitchedPtr {
                ptr,
                pitch: size,
                xsize: size,
                ysize: 1,
            };
            Params::Copy(copy(Memcpy3dParams {
                src: side(src),
                src_pos: Pos::default(),
                dst: side(dst),
                dst_pos: Pos::default(),
                extent: Extent {
                    width: size,
                    height: 1,
                    depth: 1,
                },
                kind,
            })?)
        }
        NodeSpec::Memset(p) => Params::Fill(fill(p)?),
        NodeSpec::Host(p) => {
            if p.f.is_none() {
                return Err(HipError::InvalidValue);
            }
            Params::Host(cu::CUDA_HOST_NODE_PARAMS {
                fn_: p.f,
                userData: p.user,
            })
        }
        NodeSpec::Empty => Params::Empty,
        NodeSpec::Child(g) => Params::Child(graph(g)?),
        // A bad event is a bad node parameter (hipErrorInvalidValue, as HIP checks it).
        NodeSpec::EventRecord(e) => {
            Params::EventRecord(live_event(e).map_err(|_| HipError::InvalidValue)?)
        }
        NodeSpec::EventWait(e) => {
            Params::EventWait(live_event(e).map_err(|_| HipError::InvalidValue)?)
        }
        NodeSpec::MemFree(p) => {
            if p == 0 {
                return Err(HipError::InvalidValue);
            }
            Params::MemFree(p as cu::CUdeviceptr)
        }
    })
}

/// A kernel node: `func` is a registered kernel's host stub (resolved to its driver
/// function on `dev`), the configuration one `hipLaunchKernel` accepts; arguments as
/// `kernelParams` or `extra` (not both), which the driver copies.
///
/// # Safety
/// The argument pointers (and the `extra` array) must be valid for the kernel.
unsafe fn kernel(dev: usize, p: KernelSpec) -> HipResult<Params> {
    let func = registry::function(dev, p.func)?;
    let (grid, block) = (p.grid, p.block);
    nvlaunch::validate_config(dev, grid, block)?;
    let mut extra = match (p.kernel_params.is_null(), p.extra.is_null()) {
        (false, false) => return Err(HipError::InvalidValue),
        // SAFETY: forwarded from the caller.
        (true, false) => Some(Box::new(unsafe { driver_extra(p.extra)? })),
        _ => None,
    };
    let raw = cu::CUDA_KERNEL_NODE_PARAMS {
        func,
        gridDimX: grid[0],
        gridDimY: grid[1],
        gridDimZ: grid[2],
        blockDimX: block[0],
        blockDimY: block[1],
        blockDimZ: block[2],
        sharedMemBytes: p.shared_mem_bytes,
        kernelParams: p.kernel_params,
        extra: extra.as_mut().map_or(null_mut(), |e| e.as_mut_ptr()),
        kern: null_mut(),
        ctx: null_mut(),
    };
    Ok(Params::Kernel {
        raw,
        host: p.func,
        _extra: extra,
    })
}

/// HIP's `extra` array in the driver's form: the same keys (`HIP_LAUNCH_PARAM_BUFFER_POINTER`
/// 1, `HIP_LAUNCH_PARAM_BUFFER_SIZE` 2), each at most once, but ended by 0 where HIP ends
/// with `HIP_LAUNCH_PARAM_END` (3; CUDA's 0 is accepted too).
///
/// # Safety
/// `extra` must be readable up to and including its end marker.
unsafe fn driver_extra(extra: *mut *mut c_void) -> HipResult<[*mut c_void; 5]> {
    let mut out = [null_mut(); 5];
    for i in (0..out.len()).step_by(2) {
        // SAFETY: each entry read before was a key followed by its value, so index `i` is
        // still inside the array (the caller's guarantee up to the end marker).
        let key = unsafe { extra.add(i).read() };
        if matches!(key as usize, 0 | 3) {
            return Ok(out);
        }
        if i + 2 >= out.len() || !matches!(key as usize, 1 | 2) || out.contains(&key) {
            break;
        }
        out[i] = key;
        // SAFETY: a key is followed by its value (caller).
        out[i + 1] = unsafe { extra.add(i + 1).read() };
    }
    Err(HipError::InvalidValue)
}

/// A copy node: a known direction, non-null pointers, rows that fit both pitches.
fn copy(p: Memcpy3dParams) -> HipResult<Copy3d> {
    CopyKind::from_raw(p.kind)?;
    if p.src.ptr == 0 || p.dst.ptr == 0 {
        return Err(HipError::InvalidValue);
    }
    if p.extent.width > p.src.pitch || p.extent.width > p.dst.pitch {
        return Err(HipError::InvalidPitchValue);
    }
    Ok(Copy3d {
        src: Side::pointer(p.src, p.src_pos),
        dst: Side::pointer(p.dst, p.dst_pos),
        width: p.extent.width,
        height: p.extent.height,
        depth: p.extent.depth,
    })
}

/// A fill node: element size 1, 2 or 4, a non-null destination, rows that fit the pitch
/// (ignored for one row); the value is truncated to the element size.
fn fill(p: MemsetSpec) -> HipResult<cu::CUDA_MEMSET_NODE_PARAMS> {
    let mask = match p.element_size {
        1 => 0xff,
        2 => 0xffff,
        4 => u32::MAX,
        _ => return Err(HipError::InvalidValue),
    };
    if p.dst == 0 {
        return Err(HipError::InvalidValue);
    }
    let row = p
        .width
        .checked_mul(p.element_size as usize)
        .ok_or(HipError::InvalidValue)?;
    let pitch = if p.height <= 1 {
        p.pitch.max(row)
    } else {
        p.pitch
    };
    if row > pitch {
        return Err(HipError::InvalidPitchValue);
    }
    Ok(cu::CUDA_MEMSET_NODE_PARAMS {
        dst: p.dst as cu::CUdeviceptr,
        pitch,
        value: p.value & mask,
        elementSize: p.element_size,
        width: p.width,
        height: p.height,
    })
}
// ------------------------------------------------------------------------------------
// Nodes

/// `hipGraphAdd*Node`: a node of `spec` in graph `g` after `deps`.
///
/// # Safety
/// The pointers in `spec` must be NULL or readable (with kernel argument pointers valid
/// for the kernel).
pub unsafe fn add_node(g: Handle, deps: &[Handle], spec: NodeSpec) -> HipResult<Handle> {
    let h = graph(g)?;
    let deps = members(h, deps, true)?;
    let (dev, ctx) = ready()?;
    // SAFETY: forwarded from the caller.
    let p = unsafe { params(spec, dev)? };
    let (d, c) = match deps.len() {
        0 => (null(), 0),
        n => (deps.as_ptr(), n),
    };
    let mut n = null_mut();
    // SAFETY: a context is current; the graph, the dependencies (`c` of them) and a child
    // graph are live handles; out-parameter; the parameters are complete and what they
    // point to lives until the driver returns (it copies them).
    check(unsafe {
        match &p {
            Params::Kernel { raw, .. } => cu::cuGraphAddKernelNode_v2(&mut n, h, d, c, raw),
            Params::Copy(x) => {
                cu::cuGraphAddMemcpyNode(&mut n, h, d, c, (x as *const Copy3d).cast(), ctx)
            }
            Params::Fill(x) => cu::cuGraphAddMemsetNode(&mut n, h, d, c, x, ctx),
            Params::Host(x) => cu::cuGraphAddHostNode(&mut n, h, d, c, x),
            Params::Empty => cu::cuGraphAddEmptyNode(&mut n, h, d, c),
            Params::Child(child) => cu::cuGraphAddChildGraphNode(&mut n, h, d, c, *child),
            Params::EventRecord(ev) => cu::cuGraphAddEventRecordNode(&mut n, h, d, c, *ev),
            Params::EventWait(ev) => cu::cuGraphAddEventWaitNode(&mut n, h, d, c, *ev),
            Params::MemFree(p) => cu::cuGraphAddMemFreeNode(&mut n, h, d, c, *p),
        }
    })?;
    noted(g as usize, &[n]);
    p.note_kernel(Some(n));
    Ok(n.cast())
}

/// Live node `handle` with the driver parameters for `spec`, which must be of the node's
/// type (`hipErrorInvalidValue` otherwise), and the current context.
///
/// # Safety
/// The pointers in `spec` must be NULL or readable (with kernel argument pointers valid
/// for the kernel).
unsafe fn retarget(
    handle: Handle,
    spec: NodeSpec,
) -> HipResult<(cu::CUgraphNode, cu::CUcontext, Params)> {
    let (n, _) = node(handle)?;
    let (dev, ctx) = ready()?;
    // SAFETY: forwarded from the caller.
    let p = unsafe { params(spec, dev)? };
    known(type_of(n)? == p.node_type())?;
    Ok((n, ctx, p))
}

/// `hipGraph*NodeSetParams`: new parameters for a node of the same type.
///
/// # Safety
/// As for `retarget`.
pub unsafe fn set_node(handle: Handle, spec: NodeSpec) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    let (n, _, p) = unsafe { retarget(handle, spec)? };
    // SAFETY: a live node of the parameters' type; complete parameters, copied by the driver.
    check(unsafe {
        match &p {
            Params::Kernel { raw, .. } => cu::cuGraphKernelNodeSetParams_v2(n, raw),
            Params::Copy(x) => cu::cuGraphMemcpyNodeSetParams(n, (x as *const Copy3d).cast()),
            Params::Fill(x) => cu::cuGraphMemsetNodeSetParams(n, x),
            Params::Host(x) => cu::cuGraphHostNodeSetParams(n, x),
            Params::EventRecord(ev) => cu::cuGraphEventRecordNodeSetEvent(n, *ev),
            Params::EventWait(ev) => cu::cuGraphEventWaitNodeSetEvent(n, *ev),
            Params::Empty | Params::Child(_) | Params::MemFree(_) => {
                cu::CUresult::CUDA_ERROR_INVALID_VALUE
            }
        }
    })?;
    p.note_kernel(Some(n));
    Ok(())
}

/// `hipGraphExec*NodeSetParams`: new parameters for the executable copy of a node.
///
/// # Safety
/// As for `retarget`.
pub unsafe fn set_exec_node(e: Handle, handle: Handle, spec: NodeSpec) -> HipResult<()> {
    let e = exec(e)?;
    // SAFETY: forwarded from the caller.
    let (n, ctx, p) = unsafe { retarget(handle, spec)? };
    // SAFETY: a live executable graph and a live node of the parameters' type; complete
    // parameters, copied by the driver.
    check(unsafe {
        match &p {
            Params::Kernel { raw, .. } => cu::cuGraphExecKernelNodeSetParams_v2(e, n, raw),
            Params::Copy(x) => {
                cu::cuGraphExecMemcpyNodeSetParams(e, n, (x as *const Copy3d).cast(), ctx)
            }
            Params::Fill(x) => cu::cuGraphExecMemsetNodeSetParams(e, n, x, ctx),
            Params::Host(x) => cu::cuGraphExecHostNodeSetParams(e, n, x),
            Params::Child(child) => cu::cuGraphExecChildGraphNodeSetParams(e, n, *child),
            Params::EventRecord(ev) => cu::cuGraphExecEventRecordNodeSetEvent(e, n, *ev),
            Params::EventWait(ev) => cu::cuGraphExecEventWaitNodeSetEvent(e, n, *ev),
            Params::Empty | Params::MemFree(_) => cu::CUresult::CUDA_ERROR_INVALID_VALUE,
        }
    })?;
    p.note_kernel(None);
    Ok(())
}

/// `hipGraphDestroyNode`.
pub fn destroy_node(handle: Handle) -> HipResult<()> {
    let key = handle as usize;
    let g = live(|l| l.nodes.remove(&key)).ok_or(HipError::InvalidValue)?;
    let result = ready().and_then(|_| {
        // SAFETY: a live node (taken out of the live set: destroyed only here).
        check(unsafe { cu::cuGraphDestroyNode(handle.cast()) })
    });
    match result {
        Ok(()) => {
            live(|l| l.node_kernels.remove(&key));
            // The graph a child graph node owned went with it.
            super::forget_children_of_node(key);
        }
        Err(_) => {
            live(|l| l.nodes.insert(key, g));
        }
    };
    result
}

/// `hipGraphNodeGetType`.
pub fn node_type(handle: Handle) -> HipResult<i32> {
    let (n, _) = node(handle)?;
    ready()?;
    Ok(type_of(n)? as i32)
}

/// `hipGraphKernelNodeGetParams`: `func` is the host stub the node was made from (the
/// driver function when it is not known, e.g. a kernel of a module); the argument
/// pointers are the node's own copies.
pub fn kernel_params(handle: Handle) -> HipResult<KernelSpec> {
    let empty = cu::CUDA_KERNEL_NODE_PARAMS {
        func: null_mut(),
        gridDimX: 0,
        gridDimY: 0,
        gridDimZ: 0,
        blockDimX: 0,
        blockDimY: 0,
        blockDimZ: 0,
        sharedMemBytes: 0,
        kernelParams: null_mut(),
        extra: null_mut(),
        kern: null_mut(),
        ctx: null_mut(),
    };
    let n = typed(handle, KERNEL)?;
    // SAFETY: the kernel-node getter, writing a CUDA_KERNEL_NODE_PARAMS.
    let raw = unsafe { get(n, empty, cu::cuGraphKernelNodeGetParams_v2)? };
    let host = live(|l| {
        let by_node = l.node_kernels.get(&(handle as usize));
        by_node
            .or_else(|| l.kernels.get(&(raw.func as usize)))
            .copied()
    })
    .filter(|&h| registry::is_registered_function(h));
    Ok(KernelSpec {
        func: host.unwrap_or(raw.func as usize),
        grid: [raw.gridDimX, raw.gridDimY, raw.gridDimZ],
        block: [raw.blockDimX, raw.blockDimY, raw.blockDimZ],
        shared_mem_bytes: raw.sharedMemBytes,
        kernel_params: raw.kernelParams,
        extra: raw.extra,
    })
}

/// `hipGraphMemcpyNodeGetParams` (the kind is derived from the memory types:
/// `hipMemcpyDefault` for the unified pointers this platform's nodes use).
pub fn memcpy_params(handle: Handle) -> HipResult<MemcpyNodeParams> {
    let n = typed(handle, MEMCPY)?;
    // SAFETY: every field of `Copy3d` is an integer or a raw pointer, so zero is valid;
    // `memcpy_get` is the memcpy-node getter, writing a `Copy3d` (CUDA_MEMCPY3D).
    let x = unsafe { get(n, std::mem::zeroed(), memcpy_get)? };
    let (src_array, src_pos, src) = x.src.to_hip(x.width);
    let (dst_array, dst_pos, dst) = x.dst.to_hip(x.width);
    Ok(MemcpyNodeParams {
        copy: Memcpy3dParams {
            src,
            src_pos,
            dst,
            dst_pos,
            extent: Extent {
                width: x.width,
                height: x.height,
                depth: x.depth,
            },
            kind: copy_kind(x.src.memory_type, x.dst.memory_type),
        },
        src_array,
        dst_array,
    })
}

/// `hipGraphMemsetNodeGetParams`.
pub fn memset_params(handle: Handle) -> HipResult<MemsetSpec> {
    let empty = cu::CUDA_MEMSET_NODE_PARAMS {
        dst: 0,
        pitch: 0,
        value: 0,
        elementSize: 0,
        width: 0,
        height: 0,
    };
    let n = typed(handle, MEMSET)?;
    // SAFETY: the memset-node getter, writing a CUDA_MEMSET_NODE_PARAMS.
    let m = unsafe { get(n, empty, cu::cuGraphMemsetNodeGetParams)? };
    Ok(MemsetSpec {
        dst: m.dst as usize,
        element_size: m.elementSize,
        height: m.height,
        pitch: m.pitch,
        value: m.value,
        width: m.width,
    })
}

/// `hipGraphHostNodeGetParams`.
pub fn host_params(handle: Handle) -> HipResult<HostSpec> {
    let empty = cu::CUDA_HOST_NODE_PARAMS {
        fn_: None,
        userData: null_mut(),
    };
    let n = typed(handle, HOST)?;
    // SAFETY: the host-node getter, writing a CUDA_HOST_NODE_PARAMS.
    let h = unsafe { get(n, empty, cu::cuGraphHostNodeGetParams)? };
    Ok(HostSpec {
        f: h.fn_,
        user: h.userData,
    })
}

#[cfg(test)]
mod tests {
    use super::super::driver::{MEM_DEVICE, MEM_HOST};
    use super::*;

    #[test]
    fn extra_arrays_translate() {
        let mut buf = [0u8; 8];
        let mut size = buf.len();
        let ptr = buf.as_mut_ptr().cast::<c_void>();
        let sz = (&mut size as *mut usize).cast::<c_void>();
        let key = |k: usize| k as *mut c_void;
        let mut hip = [key(1), ptr, key(2), sz, key(3)];
        // SAFETY: a well-formed array.
        let out = unsafe { driver_extra(hip.as_mut_ptr()) }.unwrap();
        assert_eq!(out, [key(1), ptr, key(2), sz, null_mut()]);
        let mut cuda_end = [key(2), sz, null_mut()];
        // SAFETY: a well-formed array.
        let out = unsafe { driver_extra(cuda_end.as_mut_ptr()) }.unwrap();
        assert_eq!(out, [key(2), sz, null_mut(), null_mut(), null_mut()]);
        let mut repeated = [key(1), ptr, key(1), ptr, key(3)];
        // SAFETY: readable up to its end.
        assert!(unsafe { driver_extra(repeated.as_mut_ptr()) }.is_err());
        let mut unknown = [key(9), ptr, key(3)];
        // SAFETY: readable up to its end.
        assert!(unsafe { driver_extra(unknown.as_mut_ptr()) }.is_err());
        let mut unended = [key(1), ptr, key(2), sz, key(1), ptr];
        // SAFETY: readable for the entries the translation may read (5).
        assert!(unsafe { driver_extra(unended.as_mut_ptr()) }.is_err());
    }

    #[test]
    fn fills_and_copies_are_validated() {
        let mut dst = [0u32; 4];
        let d = dst.as_mut_ptr().cast::<c_void>();
        let p = |element_size, width, height, pitch| MemsetSpec {
            dst: d as usize,
            element_size,
            height,
            pitch,
            value: 0x1234_5678,
            width,
        };
        assert_eq!(fill(p(3, 4, 1, 0)).err(), Some(HipError::InvalidValue));
        let one_row = fill(p(1, 4, 1, 0)).unwrap();
        assert_eq!((one_row.pitch, one_row.value), (4, 0x78));
        assert_eq!(fill(p(4, 4, 2, 8)).err(), Some(HipError::InvalidPitchValue));
        assert_eq!(fill(p(2, 2, 2, 4)).unwrap().value, 0x5678);
        let mut null = p(4, 1, 1, 0);
        null.dst = 0;
        assert_eq!(fill(null).err(), Some(HipError::InvalidValue));

        let side = |ptr, pitch| PitchedPtr {
            ptr,
            pitch,
            xsize: pitch,
            ysize: 2,
        };
        let params = |kind, src, dst| Memcpy3dParams {
            src: side(src, 16),
            src_pos: Pos { x: 4, y: 1, z: 0 },
            dst: side(dst, 8),
            dst_pos: Pos::default(),
            extent: Extent {
                width: 8,
                height: 2,
                depth: 1,
            },
            kind,
        };
        assert_eq!(
            copy(params(77, 0x1000, 0x2000)).err(),
            Some(HipError::InvalidMemcpyDirection)
        );
        assert_eq!(
            copy(params(2, 0, 0x2000)).err(),
            Some(HipError::InvalidValue)
        );
        let c = copy(params(4, 0x1000, 0x2000)).unwrap();
        let (array, pos, ptr) = c.src.to_hip(c.width);
        assert!(array.is_null());
        assert_eq!((pos.x, pos.y, ptr.ptr, ptr.pitch), (4, 1, 0x1000, 16));
        assert_eq!(copy_kind(c.src.memory_type, c.dst.memory_type), 4);
        assert_eq!(copy_kind(MEM_DEVICE, MEM_HOST), 2);
        let mut narrow = params(4, 0x1000, 0x2000);
        narrow.extent.width = 9;
        assert_eq!(copy(narrow).err(), Some(HipError::InvalidPitchValue));
    }
}
