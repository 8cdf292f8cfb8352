//! The NVIDIA platform's graph entry points: HIP graphs as CUDA driver graphs (`cuGraph*`),
//! with HIP's semantics and error codes (HIP-on-CUDA maps one-to-one onto the CUDA graph
//! calls; driver errors go through [`check`]).
//!
//! The handles are the driver's own: `hipGraph_t` is a `CUgraph`, `hipGraphNode_t` a
//! `CUgraphNode`, `hipGraphExec_t` a `CUgraphExec`. The driver does not validate them (a
//! destroyed handle is a use after free inside it), so this module keeps what it handed
//! out (`Live`): the live graphs, the live nodes with their graph, the live executable
//! graphs. Anything else is `hipErrorInvalidValue` before the driver sees it, as in HIP. A
//! node becomes known when a call hands it out (added, listed, found in a clone, a capture
//! dependency), and is forgotten with its graph or by `hipGraphDestroyNode`.
//!
//! Checks HIP makes that the driver does not (or not before instantiation): dependencies
//! must be nodes of the same graph, listed once; an edge that exists already or would close
//! a cycle is rejected; a kernel node needs a registered kernel and a launchable
//! configuration; set-parameter calls need a node of the right type.
//!
//! Structures and out-parameters the driver writes enum values into (node types, memory
//! types, update results, capture status) are read as plain integers, so that a value this
//! build does not know can never be an invalid Rust enum.

use std::collections::{HashMap, HashSet};
use std::ffi::{c_int, c_void};
use std::mem::{offset_of, size_of};
use std::ptr::{null, null_mut};
use std::sync::OnceLock;

use hip::graph::Memcpy3dParams;
use hip::memory::{CopyKind, Extent, PitchedPtr, Pos};
use hip::platform::nvidia::{check, cu, launch as nvlaunch, make_current, registry};
use hip::{HipError, HipResult};
use parking_lot::Mutex;

use crate::entry::{non_null, Dim3};
use crate::graph::{
    CaptureInfo, ExecT, GraphT, HostNodeParams, KernelNodeParams, MemsetParams, NodeSpec, NodeT,
};
use crate::memory3d::{read_params, HipExtent, HipMemcpy3DParms, HipPitchedPtr, HipPos};
use crate::nv;
use crate::stream::StreamT;

// ------------------------------------------------------------------------------------
// Live handles

/// The handles this module handed out and that are still alive.
#[derive(Default)]
struct Live {
    graphs: HashSet<usize>,
    /// Node → its graph.
    nodes: HashMap<usize, usize>,
    /// Kernel node → the host stub of the registered kernel it was made from (what
    /// `hipGraphKernelNodeGetParams` gives back as `func`).
    node_kernels: HashMap<usize, usize>,
    /// Executable graph → the device it was instantiated on.
    execs: HashMap<usize, usize>,
    /// Executable graph → a private clone of the graph it was instantiated (or last
    /// updated) from: what a launch into a capturing stream adds as a child graph node.
    /// (Parameters set on single nodes of the executable graph afterwards are not in it.)
    exec_sources: HashMap<usize, usize>,
    /// `CUfunction` → the host stub of the registered kernel it was resolved from (for
    /// kernel nodes not in `node_kernels`, e.g. those of a clone).
    kernels: HashMap<usize, usize>,
}

static LIVE: Mutex<Option<Live>> = Mutex::new(None);

fn live<T>(f: impl FnOnce(&mut Live) -> T) -> T {
    f(LIVE.lock().get_or_insert_with(Live::default))
}

fn known(yes: bool) -> HipResult<()> {
    if yes {
        Ok(())
    } else {
        Err(HipError::InvalidValue)
    }
}

/// A live graph.
fn graph(g: GraphT) -> HipResult<cu::CUgraph> {
    known(live(|l| l.graphs.contains(&(g as usize))))?;
    Ok(g.cast())
}

/// A live node and (the address of) its graph.
fn node(n: NodeT) -> HipResult<(cu::CUgraphNode, usize)> {
    let g = live(|l| l.nodes.get(&(n as usize)).copied());
    Ok((n.cast(), g.ok_or(HipError::InvalidValue)?))
}

/// A live executable graph.
fn exec(e: ExecT) -> HipResult<cu::CUgraphExec> {
    known(live(|l| l.execs.contains_key(&(e as usize))))?;
    Ok(e.cast())
}

/// Records nodes of graph `g` the driver handed out; returns them as C handles.
fn noted(g: usize, nodes: &[cu::CUgraphNode]) -> Vec<u64> {
    live(|l| {
        for &n in nodes {
            l.nodes.insert(n as usize, g);
        }
    });
    nodes.iter().map(|&n| n as u64).collect()
}

/// `list` as nodes of graph `g`: each live and in `g` (and, if `once`, listed once), else
/// `hipErrorInvalidValue`.
fn members(g: cu::CUgraph, list: &[u64], once: bool) -> HipResult<Vec<cu::CUgraphNode>> {
    let mut seen = HashSet::with_capacity(list.len());
    live(|l| {
        list.iter()
            .map(|&n| {
                let ours = l.nodes.get(&(n as usize)) == Some(&(g as usize));
                known(ours && (seen.insert(n) || !once)).map(|()| n as usize as cu::CUgraphNode)
            })
            .collect()
    })
}

/// Forgets the executable graphs of device `dev` (for `hipDeviceReset`, which destroys
/// them with the device's primary context).
pub fn forget_device(dev: usize) {
    live(|l| {
        let dead: Vec<usize> = l
            .execs
            .iter()
            .filter(|(_, d)| **d == dev)
            .map(|(e, _)| *e)
            .collect();
        for e in dead {
            l.execs.remove(&e);
            // The clone died with the context too.
            l.exec_sources.remove(&e);
        }
    });
}

// ------------------------------------------------------------------------------------
// The driver

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
];

/// The current device, with its primary context current (returned too), on a driver that
/// has every entry point of [`SYMBOLS`].
fn ready() -> HipResult<(usize, cu::CUcontext)> {
    static PRESENT: OnceLock<bool> = OnceLock::new();
    let dev = nv::device()?;
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
const EDGE: cu::CUgraphEdgeData = cu::CUgraphEdgeData {
    from_port: 0,
    to_port: 0,
    type_: 0,
    reserved: [0; 5],
};

/// `CUgraphNodeType` values (= `hipGraphNodeType` for these).
const KERNEL: u32 = 0;
const MEMCPY: u32 = 1;
const MEMSET: u32 = 2;
const HOST: u32 = 3;
const CHILD: u32 = 4;
const EMPTY: u32 = 5;

/// `CUmemorytype` values.
const MEM_HOST: u32 = 1;
const MEM_DEVICE: u32 = 2;
const MEM_ARRAY: u32 = 3;
const MEM_UNIFIED: u32 = 4;

/// `CU_STREAM_CAPTURE_STATUS_ACTIVE`.
const CAPTURE_ACTIVE: u32 = 1;

/// One side of `CUDA_MEMCPY3D` (`src*` or `dst*` fields), the memory type as an integer.
#[repr(C)]
#[derive(Clone, Copy)]
struct Side {
    x_in_bytes: usize,
    y: usize,
    z: usize,
    lod: usize,
    memory_type: u32,
    host: *const c_void,
    device: cu::CUdeviceptr,
    array: cu::CUarray,
    reserved: *mut c_void,
    pitch: usize,
    height: usize,
}

/// `CUDA_MEMCPY3D`, laid out identically (checked below).
#[repr(C)]
#[derive(Clone, Copy)]
struct Copy3d {
    src: Side,
    dst: Side,
    width: usize,
    height: usize,
    depth: usize,
}

/// `CUgraphExecUpdateResultInfo`, the result as an integer.
#[repr(C)]
struct UpdateInfo {
    result: u32,
    error_node: cu::CUgraphNode,
    error_from: cu::CUgraphNode,
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
    fn pointer(p: PitchedPtr, pos: Pos) -> Side {
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
    fn to_hip(self, width: usize) -> (*mut c_void, HipPos, HipPitchedPtr) {
        let (array, ptr) = match self.memory_type {
            MEM_ARRAY => (self.array.cast(), null_mut()),
            MEM_HOST => (null_mut(), self.host.cast_mut()),
            _ if self.device == 0 => (null_mut(), self.host.cast_mut()),
            _ => (null_mut(), self.device as *mut c_void),
        };
        let pos = HipPos {
            x: self.x_in_bytes,
            y: self.y,
            z: self.z,
        };
        let pitched = HipPitchedPtr {
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
fn copy_kind(src: u32, dst: u32) -> u32 {
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
fn list(
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
fn raw_edges(g: cu::CUgraph) -> HipResult<Vec<(usize, usize, cu::CUgraphEdgeData)>> {
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

/// Whether `goal` can be reached from `start` along `next`.
fn reaches(next: &HashMap<usize, Vec<usize>>, start: usize, goal: usize) -> bool {
    let (mut stack, mut seen) = (vec![start], HashSet::new());
    while let Some(x) = stack.pop() {
        if x == goal {
            return true;
        }
        if seen.insert(x) {
            stack.extend(next.get(&x).into_iter().flatten());
        }
    }
    false
}

/// The type of live node `n` (`CUgraphNodeType`, the same values as `hipGraphNodeType`).
fn type_of(n: cu::CUgraphNode) -> HipResult<u32> {
    let mut t = 0u32;
    // SAFETY: a live node; the out-parameter is a u32, the size of CUgraphNodeType (read as
    // an integer, so an unknown type is no invalid enum).
    check(unsafe { cu::cuGraphNodeGetType(n, (&mut t as *mut u32).cast()) })?;
    Ok(t)
}

/// A live node of type `ty` (`hipErrorInvalidValue` for another type), the driver ready.
fn typed(handle: NodeT, ty: u32) -> HipResult<cu::CUgraphNode> {
    let (n, _) = node(handle)?;
    ready()?;
    known(type_of(n)? == ty)?;
    Ok(n)
}

/// Reads the parameters of node `handle`, of type `ty`, into `out`.
///
/// # Safety
/// `read` must be the driver's parameter getter for nodes of type `ty`, writing a `T`.
unsafe fn get<T>(
    handle: NodeT,
    ty: u32,
    mut out: T,
    read: unsafe fn(cu::CUgraphNode, *mut T) -> cu::CUresult,
) -> HipResult<T> {
    let n = typed(handle, ty)?;
    // SAFETY: a live node of type `ty`, whose parameters `read` writes into `out` (caller).
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
/// The pointers in `spec` must be NULL or readable (with valid kernel argument pointers).
unsafe fn params(spec: NodeSpec, dev: usize) -> HipResult<Params> {
    Ok(match spec {
        // SAFETY: forwarded from the caller.
        NodeSpec::Kernel(p) => unsafe { kernel(dev, p)? },
        // SAFETY: forwarded from the caller.
        NodeSpec::Memcpy(p) => Params::Copy(copy(unsafe { read_params(p)? })?),
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
                src: side(src as usize),
                src_pos: Pos::default(),
                dst: side(dst as usize),
                dst_pos: Pos::default(),
                extent: Extent {
                    width: size,
                    height: 1,
                    depth: 1,
                },
                kind,
            })?)
        }
        NodeSpec::Memset(p) => {
            non_null(p)?;
            // SAFETY: checked non-null; readable per the caller.
            Params::Fill(fill(unsafe { p.read_unaligned() })?)
        }
        NodeSpec::Host(p) => {
            non_null(p)?;
            // SAFETY: checked non-null; readable per the caller.
            let p = unsafe { p.read_unaligned() };
            if p.fn_.is_none() {
                return Err(HipError::InvalidValue);
            }
            Params::Host(cu::CUDA_HOST_NODE_PARAMS {
                fn_: p.fn_,
                userData: p.user_data,
            })
        }
        NodeSpec::Empty => Params::Empty,
        NodeSpec::Child(g) => Params::Child(graph(g)?),
    })
}

/// A kernel node: `func` is a registered kernel's host stub (resolved to its driver
/// function on `dev`), the configuration one `hipLaunchKernel` accepts; arguments as
/// `kernelParams` or `extra` (not both), which the driver copies.
///
/// # Safety
/// `p` must be NULL or readable, with argument pointers valid for the kernel.
unsafe fn kernel(dev: usize, p: *const KernelNodeParams) -> HipResult<Params> {
    non_null(p)?;
    // SAFETY: checked non-null; readable per the caller.
    let p = unsafe { p.read_unaligned() };
    let func = registry::function(dev, p.func as usize)?;
    let (grid, block) = (p.grid_dim.to_array(), p.block_dim.to_array());
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
        host: p.func as usize,
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
fn fill(p: MemsetParams) -> HipResult<cu::CUDA_MEMSET_NODE_PARAMS> {
    let mask = match p.element_size {
        1 => 0xff,
        2 => 0xffff,
        4 => u32::MAX,
        _ => return Err(HipError::InvalidValue),
    };
    if p.dst.is_null() {
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
// Graphs and executable graphs

/// `hipGraphCreate`.
pub fn create() -> HipResult<GraphT> {
    let g = nv::graph_create()?;
    live(|l| l.graphs.insert(g as usize));
    Ok(g)
}

/// `hipGraphDestroy`: its nodes are forgotten with it.
pub fn destroy(g: GraphT) -> HipResult<()> {
    let key = g as usize;
    known(live(|l| l.graphs.remove(&key)))?;
    // SAFETY: a live graph (taken out of the live set: no other call destroys it again).
    if let Err(e) = unsafe { nv::graph_destroy(g) } {
        live(|l| l.graphs.insert(key));
        return Err(e);
    }
    live(|l| {
        l.node_kernels.retain(|n, _| l.nodes.get(n) != Some(&key));
        l.nodes.retain(|_, owner| *owner != key);
    });
    Ok(())
}

/// `hipGraphClone`.
pub fn clone_graph(g: GraphT) -> HipResult<GraphT> {
    let h = graph(g)?;
    ready()?;
    let mut c = null_mut();
    // SAFETY: a context is current; a live graph; out-parameter.
    check(unsafe { cu::cuGraphClone(&mut c, h) })?;
    live(|l| l.graphs.insert(c as usize));
    Ok(c.cast())
}

/// `hipGraphNodeFindInClone`.
pub fn find_in_clone(original: NodeT, clone: GraphT) -> HipResult<NodeT> {
    let (o, _) = node(original)?;
    let c = graph(clone)?;
    ready()?;
    let mut n = null_mut();
    // SAFETY: a live node and a live graph; out-parameter.
    check(unsafe { cu::cuGraphNodeFindInClone(&mut n, o, c) })?;
    noted(c as usize, &[n]);
    live(|l| {
        if let Some(&host) = l.node_kernels.get(&(original as usize)) {
            l.node_kernels.insert(n as usize, host);
        }
    });
    Ok(n.cast())
}

/// `hipStreamEndCapture`: the captured graph.
pub fn end_capture(stream: StreamT) -> HipResult<GraphT> {
    let s = nv::live_stream(stream)?;
    // SAFETY: a live stream or a default one (checked).
    let g = unsafe { nv::end_capture(s)? };
    live(|l| l.graphs.insert(g as usize));
    Ok(g)
}

/// `hipGraphInstantiate(WithFlags)`.
pub fn instantiate(g: GraphT, flags: u64) -> HipResult<ExecT> {
    graph(g)?;
    let dev = nv::device()?;
    // SAFETY: a live graph.
    let e = unsafe { nv::graph_instantiate(g, flags)? };
    let source = match private_clone(g) {
        Ok(c) => c,
        Err(err) => {
            // SAFETY: just instantiated, handed to nobody.
            let _ = unsafe { nv::graph_exec_destroy(e) };
            return Err(err);
        }
    };
    live(|l| {
        l.execs.insert(e as usize, dev);
        l.exec_sources.insert(e as usize, source as usize);
    });
    Ok(e)
}

/// A clone of live graph `g` that is never handed out (not a live handle).
fn private_clone(g: GraphT) -> HipResult<cu::CUgraph> {
    let mut c = null_mut();
    // SAFETY: a context is current (the caller instantiated or updated with `g`); a live
    // graph; out-parameter.
    check(unsafe { cu::cuGraphClone(&mut c, g.cast()) })?;
    Ok(c)
}

/// Destroys a [`private_clone`].
fn destroy_private(c: usize) {
    // SAFETY: a private clone, destroyed once (its owner entry was just removed).
    let _ = unsafe { cu::cuGraphDestroy(c as cu::CUgraph) };
}

/// `hipGraphLaunch` / `hipGraphUpload`. Into a capturing stream, a launch is captured as
/// a child graph node holding the executable graph's graph (as HIP does; the driver itself
/// refuses `cuGraphLaunch` during capture).
pub fn launch(e: ExecT, stream: StreamT, upload: bool) -> HipResult<()> {
    exec(e)?;
    let s = nv::live_stream(stream)?;
    // SAFETY: a live stream or a default one.
    if !upload && unsafe { nv::is_capturing(s)? } == CAPTURE_ACTIVE as c_int {
        return capture_launch(e, stream, s);
    }
    // SAFETY: a live executable graph; a live stream or a default one.
    unsafe { nv::graph_launch(e, s, upload) }
}

/// [`launch`] into capturing stream `s`: a child graph node after the stream's current
/// dependencies, which it then replaces.
fn capture_launch(e: ExecT, stream: StreamT, s: cu::CUstream) -> HipResult<()> {
    let source =
        live(|l| l.exec_sources.get(&(e as usize)).copied()).ok_or(HipError::InvalidValue)?;
    let info = capture_info(stream)?;
    let mut n = null_mut();
    // SAFETY: the capture's live graph and its dependency array (count entries) as the
    // driver just reported them; the private clone stays alive with the executable graph
    // (the driver copies a child graph into the node); out-parameter.
    check(unsafe {
        cu::cuGraphAddChildGraphNode(
            &mut n,
            info.graph.cast(),
            info.deps.cast(),
            info.count,
            source as cu::CUgraph,
        )
    })?;
    noted(info.graph as usize, &[n]);
    let data = [EDGE];
    // SAFETY: a capturing stream; one node and one edge datum; 1 = set (replace).
    check(unsafe { cu::cuStreamUpdateCaptureDependencies_v2(s, &mut n, data.as_ptr(), 1, 1) })
}

/// `hipGraphExecDestroy`.
pub fn exec_destroy(e: ExecT) -> HipResult<()> {
    let key = e as usize;
    let dev = live(|l| l.execs.remove(&key)).ok_or(HipError::InvalidValue)?;
    // SAFETY: a live executable graph (taken out of the live set: destroyed only here).
    if let Err(err) = unsafe { nv::graph_exec_destroy(e) } {
        live(|l| l.execs.insert(key, dev));
        return Err(err);
    }
    if let Some(c) = live(|l| l.exec_sources.remove(&key)) {
        destroy_private(c);
    }
    Ok(())
}

/// `hipGraphExecUpdate`: (`hipGraphExecUpdateResult`, error node). A failed update is
/// `Ok` with a result other than success; other errors are errors.
pub fn exec_update(e: ExecT, g: GraphT) -> HipResult<(c_int, u64)> {
    let (e, h) = (exec(e)?, graph(g)?);
    ready()?;
    let mut info = UpdateInfo {
        result: 0,
        error_node: null_mut(),
        error_from: null_mut(),
    };
    // SAFETY: live handles; `UpdateInfo` has the layout of CUgraphExecUpdateResultInfo
    // (the result read as an integer).
    let r = unsafe { cu::cuGraphExecUpdate_v2(e, h, (&mut info as *mut UpdateInfo).cast()) };
    if r == cu::CUresult::CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE {
        info.result = info.result.max(1);
    } else {
        check(r)?;
        // Updated: a captured launch now adds the new graph.
        if let Ok(c) = private_clone(g) {
            if let Some(old) = live(|l| l.exec_sources.insert(e as usize, c as usize)) {
                destroy_private(old);
            }
        }
    }
    if !info.error_node.is_null() {
        live(|l| {
            l.nodes
                .entry(info.error_node as usize)
                .or_insert(g as usize);
        });
    }
    Ok((info.result as c_int, info.error_node as u64))
}

// ------------------------------------------------------------------------------------
// Nodes

/// `hipGraphAdd*Node`: a node of `spec` in graph `g` after `deps`.
///
/// # Safety
/// The pointers in `spec` must be NULL or readable (with kernel argument pointers valid
/// for the kernel).
pub unsafe fn add_node(g: GraphT, deps: &[u64], spec: NodeSpec) -> HipResult<NodeT> {
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
    handle: NodeT,
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
pub unsafe fn set_node(handle: NodeT, spec: NodeSpec) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    let (n, _, p) = unsafe { retarget(handle, spec)? };
    // SAFETY: a live node of the parameters' type; complete parameters, copied by the driver.
    check(unsafe {
        match &p {
            Params::Kernel { raw, .. } => cu::cuGraphKernelNodeSetParams_v2(n, raw),
            Params::Copy(x) => cu::cuGraphMemcpyNodeSetParams(n, (x as *const Copy3d).cast()),
            Params::Fill(x) => cu::cuGraphMemsetNodeSetParams(n, x),
            Params::Host(x) => cu::cuGraphHostNodeSetParams(n, x),
            Params::Empty | Params::Child(_) => cu::CUresult::CUDA_ERROR_INVALID_VALUE,
        }
    })?;
    p.note_kernel(Some(n));
    Ok(())
}

/// `hipGraphExec*NodeSetParams`: new parameters for the executable copy of a node.
///
/// # Safety
/// As for `retarget`.
pub unsafe fn set_exec_node(e: ExecT, handle: NodeT, spec: NodeSpec) -> HipResult<()> {
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
            Params::Empty => cu::CUresult::CUDA_ERROR_INVALID_VALUE,
        }
    })?;
    p.note_kernel(None);
    Ok(())
}

/// `hipGraphDestroyNode`.
pub fn destroy_node(handle: NodeT) -> HipResult<()> {
    let key = handle as usize;
    let g = live(|l| l.nodes.remove(&key)).ok_or(HipError::InvalidValue)?;
    let result = ready().and_then(|_| {
        // SAFETY: a live node (taken out of the live set: destroyed only here).
        check(unsafe { cu::cuGraphDestroyNode(handle.cast()) })
    });
    match result {
        Ok(()) => live(|l| l.node_kernels.remove(&key)),
        Err(_) => live(|l| l.nodes.insert(key, g)),
    };
    result
}

/// `hipGraphNodeGetType`.
pub fn node_type(handle: NodeT) -> HipResult<c_int> {
    let (n, _) = node(handle)?;
    ready()?;
    Ok(type_of(n)? as c_int)
}

/// A driver query for a graph's node list (`cuGraphGetNodes`, `cuGraphGetRootNodes`).
type GraphQuery = unsafe fn(cu::CUgraph, *mut cu::CUgraphNode, *mut usize) -> cu::CUresult;

/// A driver query for a node's neighbours, with edge data (`cuGraphNodeGetDependencies_v2`,
/// `cuGraphNodeGetDependentNodes_v2`).
type NodeQuery = unsafe fn(
    cu::CUgraphNode,
    *mut cu::CUgraphNode,
    *mut cu::CUgraphEdgeData,
    *mut usize,
) -> cu::CUresult;

/// The nodes `query` lists for graph `g`.
///
/// # Safety
/// `query` must be a driver graph list query of [`GraphQuery`]'s form.
unsafe fn graph_list(g: GraphT, query: GraphQuery) -> HipResult<Vec<u64>> {
    let h = graph(g)?;
    ready()?;
    // SAFETY: a live graph, a list query (caller), the arrays as `list` passes them.
    let v = list(|items, _, count| unsafe { query(h, items, count) })?;
    Ok(noted(g as usize, &v))
}

/// The nodes `query` lists for node `handle` (of the same graph).
///
/// # Safety
/// `query` must be a driver neighbour query of [`NodeQuery`]'s form.
unsafe fn node_list(handle: NodeT, query: NodeQuery) -> HipResult<Vec<u64>> {
    let (n, g) = node(handle)?;
    ready()?;
    // SAFETY: a live node, a neighbour query (caller), the arrays as `list` passes them.
    let v = list(|items, data, count| unsafe { query(n, items, data, count) })?;
    Ok(noted(g, &v))
}

/// `hipGraphGetNodes`.
pub fn nodes(g: GraphT) -> HipResult<Vec<u64>> {
    // SAFETY: the driver's node list query.
    unsafe { graph_list(g, cu::cuGraphGetNodes) }
}

/// `hipGraphGetRootNodes`.
pub fn root_nodes(g: GraphT) -> HipResult<Vec<u64>> {
    // SAFETY: the driver's root node list query.
    unsafe { graph_list(g, cu::cuGraphGetRootNodes) }
}

/// `hipGraphNodeGetDependencies`.
pub fn dependencies(handle: NodeT) -> HipResult<Vec<u64>> {
    // SAFETY: the driver's dependency query.
    unsafe { node_list(handle, cu::cuGraphNodeGetDependencies_v2) }
}

/// `hipGraphNodeGetDependentNodes`.
pub fn dependents(handle: NodeT) -> HipResult<Vec<u64>> {
    // SAFETY: the driver's dependent query.
    unsafe { node_list(handle, cu::cuGraphNodeGetDependentNodes_v2) }
}

/// `hipGraphGetEdges`: every edge as (from, to).
pub fn edges(g: GraphT) -> HipResult<Vec<(u64, u64)>> {
    let h = graph(g)?;
    ready()?;
    let e = raw_edges(h)?;
    let ends: Vec<cu::CUgraphNode> = e
        .iter()
        .flat_map(|&(f, t, _)| [f as cu::CUgraphNode, t as cu::CUgraphNode])
        .collect();
    noted(g as usize, &ends);
    Ok(e.into_iter()
        .map(|(f, t, _)| (f as u64, t as u64))
        .collect())
}

/// `hipGraphAddDependencies`: `to[i]` depends on `from[i]`. Nodes of another graph, an
/// edge that exists already and one that would close a cycle are `hipErrorInvalidValue`.
pub fn add_dependencies(g: GraphT, from: &[u64], to: &[u64]) -> HipResult<()> {
    let h = graph(g)?;
    let (f, t) = (members(h, from, false)?, members(h, to, false)?);
    ready()?;
    let mut next: HashMap<usize, Vec<usize>> = HashMap::new();
    for (a, b, _) in raw_edges(h)? {
        next.entry(a).or_default().push(b);
    }
    for (&a, &b) in f.iter().zip(&t) {
        let (a, b) = (a as usize, b as usize);
        if next.get(&a).is_some_and(|v| v.contains(&b)) || reaches(&next, b, a) {
            return Err(HipError::InvalidValue);
        }
        next.entry(a).or_default().push(b);
    }
    if f.is_empty() {
        return Ok(());
    }
    let data = vec![EDGE; f.len()];
    // SAFETY: a live graph; `from`, `to` and the edge data hold `len` entries each.
    check(unsafe {
        cu::cuGraphAddDependencies_v2(h, f.as_ptr(), t.as_ptr(), data.as_ptr(), f.len())
    })
}

/// `hipGraphRemoveDependencies`: every edge must exist (`hipErrorInvalidValue`).
pub fn remove_dependencies(g: GraphT, from: &[u64], to: &[u64]) -> HipResult<()> {
    let h = graph(g)?;
    let (f, t) = (members(h, from, false)?, members(h, to, false)?);
    ready()?;
    let existing: HashMap<(usize, usize), cu::CUgraphEdgeData> = raw_edges(h)?
        .into_iter()
        .map(|(a, b, d)| ((a, b), d))
        .collect();
    let data = f
        .iter()
        .zip(&t)
        .map(|(&a, &b)| existing.get(&(a as usize, b as usize)).copied())
        .collect::<Option<Vec<_>>>()
        .ok_or(HipError::InvalidValue)?;
    if f.is_empty() {
        return Ok(());
    }
    // SAFETY: a live graph; `from`, `to` and the edge data hold `len` entries each.
    check(unsafe {
        cu::cuGraphRemoveDependencies_v2(h, f.as_ptr(), t.as_ptr(), data.as_ptr(), f.len())
    })
}

/// `hipGraphKernelNodeGetParams`: `func` is the host stub the node was made from (the
/// driver function when it is not known, e.g. a kernel of a module); the argument
/// pointers are the node's own copies.
pub fn kernel_params(handle: NodeT) -> HipResult<KernelNodeParams> {
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
    // SAFETY: the kernel-node getter, writing a CUDA_KERNEL_NODE_PARAMS.
    let raw = unsafe { get(handle, KERNEL, empty, cu::cuGraphKernelNodeGetParams_v2)? };
    let host = live(|l| {
        let by_node = l.node_kernels.get(&(handle as usize));
        by_node
            .or_else(|| l.kernels.get(&(raw.func as usize)))
            .copied()
    })
    .filter(|&h| registry::is_registered_function(h));
    let dim = |x, y, z| Dim3 { x, y, z };
    Ok(KernelNodeParams {
        block_dim: dim(raw.blockDimX, raw.blockDimY, raw.blockDimZ),
        extra: raw.extra,
        func: host.map_or(raw.func.cast(), |h| h as *mut c_void),
        grid_dim: dim(raw.gridDimX, raw.gridDimY, raw.gridDimZ),
        kernel_params: raw.kernelParams,
        shared_mem_bytes: raw.sharedMemBytes,
    })
}

/// `hipGraphMemcpyNodeGetParams` (the kind is derived from the memory types:
/// `hipMemcpyDefault` for the unified pointers this platform's nodes use).
pub fn memcpy_params(handle: NodeT) -> HipResult<HipMemcpy3DParms> {
    // SAFETY: every field of `Copy3d` is an integer or a raw pointer, so zero is valid;
    // `memcpy_get` is the memcpy-node getter, writing a `Copy3d` (CUDA_MEMCPY3D).
    let x = unsafe { get(handle, MEMCPY, std::mem::zeroed(), memcpy_get)? };
    let (src_array, src_pos, src_ptr) = x.src.to_hip(x.width);
    let (dst_array, dst_pos, dst_ptr) = x.dst.to_hip(x.width);
    Ok(HipMemcpy3DParms {
        src_array,
        src_pos,
        src_ptr,
        dst_array,
        dst_pos,
        dst_ptr,
        extent: HipExtent {
            width: x.width,
            height: x.height,
            depth: x.depth,
        },
        kind: copy_kind(x.src.memory_type, x.dst.memory_type),
    })
}

/// `hipGraphMemsetNodeGetParams`.
pub fn memset_params(handle: NodeT) -> HipResult<MemsetParams> {
    let empty = cu::CUDA_MEMSET_NODE_PARAMS {
        dst: 0,
        pitch: 0,
        value: 0,
        elementSize: 0,
        width: 0,
        height: 0,
    };
    // SAFETY: the memset-node getter, writing a CUDA_MEMSET_NODE_PARAMS.
    let m = unsafe { get(handle, MEMSET, empty, cu::cuGraphMemsetNodeGetParams)? };
    Ok(MemsetParams {
        dst: m.dst as *mut c_void,
        element_size: m.elementSize,
        height: m.height,
        pitch: m.pitch,
        value: m.value,
        width: m.width,
    })
}

/// `hipGraphHostNodeGetParams`.
pub fn host_params(handle: NodeT) -> HipResult<HostNodeParams> {
    let empty = cu::CUDA_HOST_NODE_PARAMS {
        fn_: None,
        userData: null_mut(),
    };
    // SAFETY: the host-node getter, writing a CUDA_HOST_NODE_PARAMS.
    let h = unsafe { get(handle, HOST, empty, cu::cuGraphHostNodeGetParams)? };
    Ok(HostNodeParams {
        fn_: h.fn_,
        user_data: h.userData,
    })
}

// ------------------------------------------------------------------------------------
// Stream capture

/// `hipStreamGetCaptureInfo(_v2)`: status and id; while active also the graph being
/// captured into and the stream's current dependencies (the driver's array, valid until
/// the next capture call on the stream), which become known handles.
pub fn capture_info(stream: StreamT) -> HipResult<CaptureInfo> {
    let s = nv::live_stream(stream)?;
    ready()?;
    let (mut status, mut id, mut g) = (0u32, 0u64, null_mut());
    let (mut deps, mut data, mut n): (*const cu::CUgraphNode, *const cu::CUgraphEdgeData, usize) =
        (null(), null(), 0);
    // SAFETY: a live stream or a default one; every out-parameter is local storage (the
    // status a u32, the size of CUstreamCaptureStatus, read as an integer).
    check(unsafe {
        cu::cuStreamGetCaptureInfo_v3(
            s,
            (&mut status as *mut u32).cast(),
            &mut id,
            &mut g,
            &mut deps,
            &mut data,
            &mut n,
        )
    })?;
    let mut info = CaptureInfo {
        status: status as c_int,
        id,
        graph: null_mut(),
        deps: null(),
        count: 0,
    };
    if status == CAPTURE_ACTIVE && !g.is_null() {
        live(|l| l.graphs.insert(g as usize));
        if n > 0 && !deps.is_null() {
            // SAFETY: the driver returned `n` dependencies at `deps`.
            noted(g as usize, unsafe { std::slice::from_raw_parts(deps, n) });
        }
        info.graph = g.cast();
        info.deps = deps.cast();
        info.count = if deps.is_null() { 0 } else { n };
    }
    Ok(info)
}

/// `hipStreamUpdateCaptureDependencies` (`set`: replace rather than add).
pub fn update_capture_dependencies(stream: StreamT, nodes: &[u64], set: bool) -> HipResult<()> {
    let s = nv::live_stream(stream)?;
    let mut list: Vec<cu::CUgraphNode> = live(|l| {
        nodes
            .iter()
            .map(|&n| known(l.nodes.contains_key(&(n as usize))).map(|()| n as usize as _))
            .collect::<HipResult<_>>()
    })?;
    ready()?;
    let data = vec![EDGE; list.len()];
    // SAFETY: a live stream or a default one; live nodes; both arrays hold `len` entries.
    check(unsafe {
        cu::cuStreamUpdateCaptureDependencies_v2(
            s,
            list.as_mut_ptr(),
            data.as_ptr(),
            list.len(),
            u32::from(set),
        )
    })
}

#[cfg(test)]
mod tests {
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
        let p = |element_size, width, height, pitch| MemsetParams {
            dst: d,
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
        null.dst = null_mut();
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
        assert_eq!(
            (pos.x, pos.y, ptr.ptr as usize, ptr.pitch),
            (4, 1, 0x1000, 16)
        );
        assert_eq!(copy_kind(c.src.memory_type, c.dst.memory_type), 4);
        assert_eq!(copy_kind(MEM_DEVICE, MEM_HOST), 2);
        let mut narrow = params(4, 0x1000, 0x2000);
        narrow.extent.width = 9;
        assert_eq!(copy(narrow).err(), Some(HipError::InvalidPitchValue));
    }

    #[test]
    fn cycles_are_found() {
        let mut next: HashMap<usize, Vec<usize>> = HashMap::new();
        next.insert(1, vec![2]);
        next.insert(2, vec![3, 4]);
        assert!(reaches(&next, 1, 4));
        assert!(reaches(&next, 3, 3));
        assert!(!reaches(&next, 4, 1));
    }

    #[test]
    fn unknown_handles_are_invalid_values() {
        let bogus = 0x10usize as *mut c_void;
        assert_eq!(graph(bogus).err(), Some(HipError::InvalidValue));
        assert_eq!(node(bogus).err(), Some(HipError::InvalidValue));
        assert_eq!(exec(bogus).err(), Some(HipError::InvalidValue));
        assert_eq!(destroy(bogus), Err(HipError::InvalidValue));
        assert_eq!(exec_destroy(bogus), Err(HipError::InvalidValue));
        assert_eq!(destroy_node(bogus), Err(HipError::InvalidValue));
    }
}
