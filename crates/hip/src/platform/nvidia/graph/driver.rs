//! The driver's side of graphs: the entry points checked once, the structures read as
//! plain integers (node types, memory types, update results), and list queries.

use std::ffi::c_void;
use std::mem::{offset_of, size_of};
use std::ptr::null_mut;
use std::sync::OnceLock;

use crate::error::{HipError, HipResult};
use crate::memory::{PitchedPtr, Pos};
use crate::platform::nvidia::{check, cu, current_device, make_current};

/// Driver entry points used here beyond those the platform requires when it loads the
/// driver: checked once, so that an older driver gives `hipErrorInsufficientDriver` rather
/// than a panic in cudarc's loader. (The edge-data forms need a CUDA 12.3 driver.)
const SYMBOLS: &[&str] = &[
    "cuGraphAddKernelNode_v2",
    "cuGraphKernelNodeGetParams_v2",
    "cuGraphKernelNodeSetParams_v2",
    "cuGraphExecKernelNodeSetParams_v2",
    "cuGraphAddMemcpyNode",
    "cuGraphMemcpyNodeGetParams",
    "cuGraphMemcpyNodeSetParams",
    "cuGraphExecMemcpyNodeSetParams",
    "cuGraphAddMemsetNode",
    "cuGraphMemsetNodeGetParams",
    "cuGraphMemsetNodeSetParams",
    "cuGraphExecMemsetNodeSetParams",
    "cuGraphAddHostNode",
    "cuGraphHostNodeGetParams",
    "cuGraphHostNodeSetParams",
    "cuGraphExecHostNodeSetParams",
    "cuGraphAddEmptyNode",
    "cuGraphAddChildGraphNode",
    "cuGraphExecChildGraphNodeSetParams",
    "cuGraphAddDependencies_v2",
    "cuGraphRemoveDependencies_v2",
    "cuGraphGetNodes",
    "cuGraphGetRootNodes",
    "cuGraphGetEdges_v2",
    "cuGraphNodeGetDependencies_v2",
    "cuGraphNodeGetDependentNodes_v2",
    "cuGraphNodeGetType",
    "cuGraphDestroyNode",
    "cuGraphClone",
    "cuGraphNodeFindInClone",
    "cuGraphExecUpdate_v2",
    "cuStreamGetCaptureInfo_v3",
    "cuStreamUpdateCaptureDependencies_v2",
    "cuGraphAddEventRecordNode",
    "cuGraphEventRecordNodeGetEvent",
    "cuGraphEventRecordNodeSetEvent",
    "cuGraphExecEventRecordNodeSetEvent",
    "cuGraphAddEventWaitNode",
    "cuGraphEventWaitNodeGetEvent",
    "cuGraphEventWaitNodeSetEvent",
    "cuGraphExecEventWaitNodeSetEvent",
    "cuGraphAddMemAllocNode",
    "cuGraphMemAllocNodeGetParams",
    "cuGraphAddMemFreeNode",
    "cuGraphMemFreeNodeGetParams",
    "cuDeviceGraphMemTrim",
    "cuDeviceGetGraphMemAttribute",
    "cuDeviceSetGraphMemAttribute",
    "cuUserObjectCreate",
    "cuUserObjectRetain",
    "cuUserObjectRelease",
    "cuGraphRetainUserObject",
    "cuGraphReleaseUserObject",
    "cuGraphDebugDotPrint",
    "cuGraphKernelNodeSetAttribute",
    "cuGraphKernelNodeGetAttribute",
    "cuGraphKernelNodeCopyAttributes",
    "cuGraphNodeSetEnabled",
    "cuGraphNodeGetEnabled",
    "cuGraphExecGetFlags",
    "cuGraphChildGraphNodeGetGraph",
    "cuStreamBeginCaptureToGraph",
    "cuGraphInstantiateWithParams",
];

/// The current device, with its primary context current (returned too), on a driver that
/// has every entry point of [`SYMBOLS`].
pub(super) fn ready() -> HipResult<(usize, cu::CUcontext)> {
    static PRESENT: OnceLock<bool> = OnceLock::new();
    let dev = current_device()?;
    let ctx = make_current(dev)?;
    let present = *PRESENT.get_or_init(|| {
        // SAFETY: a device was found, so the driver library loaded: cudarc's loader (which
        // tries the same names) does not reach its panic.
        let lib = unsafe { cu::culib() };
        SYMBOLS.iter().all(|s| {
            // SAFETY: only looks the symbol up; the pointer is never called.
            unsafe { lib.get::<*const c_void>(s.as_bytes()) }.is_ok()
        })
    });
    if present {
        Ok((dev, ctx))
    } else {
        Err(HipError::InsufficientDriver)
    }
}

/// Default (zeroed) edge data.
pub(super) const EDGE: cu::CUgraphEdgeData = cu::CUgraphEdgeData {
    from_port: 0,
    to_port: 0,
    type_: 0,
    reserved: [0; 5],
};

/// `CUgraphNodeType` values (= `hipGraphNodeType` for these).
pub(super) const KERNEL: u32 = 0;
pub(super) const MEMCPY: u32 = 1;
pub(super) const MEMSET: u32 = 2;
pub(super) const HOST: u32 = 3;
pub(super) const CHILD: u32 = 4;
pub(super) const EMPTY: u32 = 5;
pub(super) const WAIT_EVENT: u32 = 6;
pub(super) const EVENT_RECORD: u32 = 7;
pub(super) const MEM_ALLOC: u32 = 10;
pub(super) const MEM_FREE: u32 = 11;

/// `CUmemorytype` values.
pub(super) const MEM_HOST: u32 = 1;
pub(super) const MEM_DEVICE: u32 = 2;
pub(super) const MEM_ARRAY: u32 = 3;
pub(super) const MEM_UNIFIED: u32 = 4;

/// `CU_STREAM_CAPTURE_STATUS_ACTIVE`.
pub(super) const CAPTURE_ACTIVE: u32 = 1;

/// One side of `CUDA_MEMCPY3D` (`src*` or `dst*` fields), the memory type as an integer.
#[repr(C)]
#[derive(Clone, Copy)]
pub(super) struct Side {
    pub(super) x_in_bytes: usize,
    pub(super) y: usize,
    pub(super) z: usize,
    pub(super) lod: usize,
    pub(super) memory_type: u32,
    pub(super) host: *const c_void,
    pub(super) device: cu::CUdeviceptr,
    pub(super) array: cu::CUarray,
    pub(super) reserved: *mut c_void,
    pub(super) pitch: usize,
    pub(super) height: usize,
}

/// `CUDA_MEMCPY3D`, laid out identically (checked below).
#[repr(C)]
#[derive(Clone, Copy)]
pub(super) struct Copy3d {
    pub(super) src: Side,
    pub(super) dst: Side,
    pub(super) width: usize,
    pub(super) height: usize,
    pub(super) depth: usize,
}

/// `CUgraphExecUpdateResultInfo`, the result as an integer.
#[repr(C)]
pub(super) struct UpdateInfo {
    pub(super) result: u32,
    pub(super) error_node: cu::CUgraphNode,
    pub(super) error_from: cu::CUgraphNode,
}

const _: () = {
    type M = cu::CUDA_MEMCPY3D;
    assert!(size_of::<Copy3d>() == size_of::<M>());
    assert!(offset_of!(Side, memory_type) == offset_of!(M, srcMemoryType));
    assert!(offset_of!(Side, host) == offset_of!(M, srcHost));
    assert!(offset_of!(Side, array) == offset_of!(M, srcArray));
    assert!(offset_of!(Side, height) == offset_of!(M, srcHeight));
    assert!(offset_of!(Copy3d, dst) == offset_of!(M, dstXInBytes));
    assert!(offset_of!(Copy3d, dst) + offset_of!(Side, height) == offset_of!(M, dstHeight));
    assert!(offset_of!(Copy3d, width) == offset_of!(M, WidthInBytes));
    assert!(offset_of!(Copy3d, depth) == offset_of!(M, Depth));
    assert!(size_of::<cu::CUmemorytype>() == size_of::<u32>());
    assert!(size_of::<cu::CUgraphNodeType>() == size_of::<u32>());
    assert!(size_of::<cu::CUstreamCaptureStatus>() == size_of::<u32>());
    type U = cu::CUgraphExecUpdateResultInfo;
    assert!(size_of::<UpdateInfo>() == size_of::<U>());
    assert!(offset_of!(UpdateInfo, error_node) == offset_of!(U, errorNode));
    assert!(offset_of!(UpdateInfo, error_from) == offset_of!(U, errorFromNode));
};

impl Side {
    /// A pointer side: unified memory type (the driver finds where the pointer lives), as
    /// `hipMemcpy3D` does on this platform.
    pub(super) fn pointer(p: PitchedPtr, pos: Pos) -> Side {
        Side {
            x_in_bytes: pos.x,
            y: pos.y,
            z: pos.z,
            lod: 0,
            memory_type: MEM_UNIFIED,
            host: p.ptr as *const c_void,
            device: p.ptr as cu::CUdeviceptr,
            array: null_mut(),
            reserved: null_mut(),
            pitch: p.pitch,
            height: p.ysize,
        }
    }

    /// The side as `hipMemcpy3DParms` has it: (array, position, pitched pointer).
    pub(super) fn to_hip(self, width: usize) -> (*mut c_void, Pos, PitchedPtr) {
        let (array, ptr) = match self.memory_type {
            MEM_ARRAY => (self.array.cast(), 0),
            MEM_HOST => (null_mut(), self.host as usize),
            _ if self.device == 0 => (null_mut(), self.host as usize),
            _ => (null_mut(), self.device as usize),
        };
        let pos = Pos {
            x: self.x_in_bytes,
            y: self.y,
            z: self.z,
        };
        let pitched = PitchedPtr {
            ptr,
            pitch: self.pitch,
            xsize: width,
            ysize: self.height,
        };
        (array, pos, pitched)
    }
}

/// `hipMemcpyKind` of a copy between these memory types (`hipMemcpyDefault` when either
/// side is unified or an array).
pub(super) fn copy_kind(src: u32, dst: u32) -> u32 {
    match (src, dst) {
        (MEM_HOST, MEM_HOST) => 0,
        (MEM_HOST, MEM_DEVICE) => 1,
        (MEM_DEVICE, MEM_HOST) => 2,
        (MEM_DEVICE, MEM_DEVICE) => 3,
        _ => 4,
    }
}

/// A driver list query: `query(items, edge data, count)` with NULL arrays gives the count,
/// then with arrays of that many entries the items.
pub(super) fn list(
    query: impl Fn(*mut cu::CUgraphNode, *mut cu::CUgraphEdgeData, *mut usize) -> cu::CUresult,
) -> HipResult<Vec<cu::CUgraphNode>> {
    let mut n = 0;
    check(query(null_mut(), null_mut(), &mut n))?;
    if n == 0 {
        return Ok(Vec::new());
    }
    let (mut items, mut data) = (vec![null_mut(); n], vec![EDGE; n]);
    check(query(items.as_mut_ptr(), data.as_mut_ptr(), &mut n))?;
    items.truncate(n);
    Ok(items)
}

/// Every edge of live graph `g`: (from, to, edge data).
pub(super) fn raw_edges(g: cu::CUgraph) -> HipResult<Vec<(usize, usize, cu::CUgraphEdgeData)>> {
    let mut n = 0;
    // SAFETY: a live graph; NULL arrays ask for the count only; out-parameter.
    check(unsafe { cu::cuGraphGetEdges_v2(g, null_mut(), null_mut(), null_mut(), &mut n) })?;
    let (mut from, mut to, mut data) = (vec![null_mut(); n], vec![null_mut(); n], vec![EDGE; n]);
    if n > 0 {
        // SAFETY: a live graph; each array holds `n` entries.
        check(unsafe {
            cu::cuGraphGetEdges_v2(
                g,
                from.as_mut_ptr(),
                to.as_mut_ptr(),
                data.as_mut_ptr(),
                &mut n,
            )
        })?;
    }
    Ok((0..n.min(from.len()))
        .map(|i| (from[i] as usize, to[i] as usize, data[i]))
        .collect())
}

/// The type of live node `n` (`CUgraphNodeType`, the same values as `hipGraphNodeType`).
pub(super) fn type_of(n: cu::CUgraphNode) -> HipResult<u32> {
    let mut t = 0u32;
    // SAFETY: a live node; the out-parameter is a u32, the size of CUgraphNodeType (read as
    // an integer, so an unknown type is no invalid enum).
    check(unsafe { cu::cuGraphNodeGetType(n, (&mut t as *mut u32).cast()) })?;
    Ok(t)
}
