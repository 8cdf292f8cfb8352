//! The per-thread default-stream variants (`hip_runtime_pt_api.h`): `X_spt` is `X` with the
//! null stream meaning `hipStreamPerThread` rather than the legacy null stream. Programs
//! reach them by defining `HIP_API_PER_THREAD_DEFAULT_STREAM` (or hipcc's
//! `-fgpu-default-stream=per-thread`), under which the header renames every `X` to `X_spt`.
//! A variant without a stream argument (`hipMemcpy_spt`) is its asynchronous form on the
//! per-thread stream followed by a synchronisation of that stream.

use std::ffi::{c_int, c_uint, c_ulonglong, c_void};

use hip::HipResult;

use crate::entry::Dim3;
use crate::graph::{ExecT, GraphT, NodeT};
use crate::memory3d::{HipExtent, HipMemcpy3DParms, HipPitchedPtr};
use crate::stream::{EventT, HostFn, StreamCallback, StreamT};
use crate::{graph, launch, memory, memory3d, stream};

/// `hipStreamPerThread`
const PER_THREAD: StreamT = 2 as StreamT;

/// The stream an `_spt` variant works on: the per-thread stream for NULL.
fn per_thread(s: StreamT) -> StreamT {
    if s.is_null() {
        PER_THREAD
    } else {
        s
    }
}

/// Runs `enqueue` on the per-thread stream, then waits for that stream.
fn synchronously(enqueue: impl FnOnce(StreamT) -> HipResult<()>) -> HipResult<()> {
    enqueue(PER_THREAD)?;
    stream::hipStreamSynchronize(PER_THREAD)
}

/// # Safety
/// As for `hipMemcpy`.
pub unsafe fn hipMemcpy_spt(
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    kind: c_uint,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    synchronously(|s| unsafe { memory::hipMemcpyAsync(dst, src, size, kind, s) })
}

/// # Safety
/// As for `hipMemcpyAsync`.
pub unsafe fn hipMemcpyAsync_spt(
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    kind: c_uint,
    stream: StreamT,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { memory::hipMemcpyAsync(dst, src, size, kind, per_thread(stream)) }
}

/// # Safety
/// As for `hipMemcpyToSymbol`.
pub unsafe fn hipMemcpyToSymbol_spt(
    symbol: *const c_void,
    src: *const c_void,
    count: usize,
    offset: usize,
    kind: c_uint,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    synchronously(|s| unsafe {
        launch::hipMemcpyToSymbolAsync(symbol, src, count, offset, kind, s)
    })
}

/// # Safety
/// As for `hipMemcpyToSymbolAsync`.
pub unsafe fn hipMemcpyToSymbolAsync_spt(
    symbol: *const c_void,
    src: *const c_void,
    count: usize,
    offset: usize,
    kind: c_uint,
    stream: StreamT,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { launch::hipMemcpyToSymbolAsync(symbol, src, count, offset, kind, per_thread(stream)) }
}

/// # Safety
/// As for `hipMemcpyFromSymbol`.
pub unsafe fn hipMemcpyFromSymbol_spt(
    dst: *mut c_void,
    symbol: *const c_void,
    count: usize,
    offset: usize,
    kind: c_uint,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    synchronously(|s| unsafe {
        launch::hipMemcpyFromSymbolAsync(dst, symbol, count, offset, kind, s)
    })
}

/// # Safety
/// As for `hipMemcpyFromSymbolAsync`.
pub unsafe fn hipMemcpyFromSymbolAsync_spt(
    dst: *mut c_void,
    symbol: *const c_void,
    count: usize,
    offset: usize,
    kind: c_uint,
    stream: StreamT,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        launch::hipMemcpyFromSymbolAsync(dst, symbol, count, offset, kind, per_thread(stream))
    }
}

/// # Safety
/// As for `hipMemcpy2D`.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hipMemcpy2D_spt(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: c_uint,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    synchronously(|s| unsafe {
        memory::hipMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind, s)
    })
}

/// # Safety
/// As for `hipMemcpy2DAsync`.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hipMemcpy2DAsync_spt(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: c_uint,
    stream: StreamT,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        memory::hipMemcpy2DAsync(
            dst,
            dpitch,
            src,
            spitch,
            width,
            height,
            kind,
            per_thread(stream),
        )
    }
}

/// # Safety
/// As for `hipMemcpy3D`.
pub unsafe fn hipMemcpy3D_spt(p: *const HipMemcpy3DParms) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    synchronously(|s| unsafe { memory3d::hipMemcpy3DAsync(p, s) })
}

/// # Safety
/// As for `hipMemcpy3DAsync`.
pub unsafe fn hipMemcpy3DAsync_spt(p: *const HipMemcpy3DParms, stream: StreamT) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { memory3d::hipMemcpy3DAsync(p, per_thread(stream)) }
}

/// # Safety
/// As for `hipMemset`.
pub unsafe fn hipMemset_spt(dst: *mut c_void, value: c_int, count: usize) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    synchronously(|s| unsafe { memory::hipMemsetAsync(dst, value, count, s) })
}

/// # Safety
/// As for `hipMemsetAsync`.
pub unsafe fn hipMemsetAsync_spt(
    dst: *mut c_void,
    value: c_int,
    count: usize,
    stream: StreamT,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { memory::hipMemsetAsync(dst, value, count, per_thread(stream)) }
}

/// # Safety
/// As for `hipMemset2D`.
pub unsafe fn hipMemset2D_spt(
    dst: *mut c_void,
    pitch: usize,
    value: c_int,
    width: usize,
    height: usize,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    synchronously(|s| unsafe { memory::hipMemset2DAsync(dst, pitch, value, width, height, s) })
}

/// # Safety
/// As for `hipMemset2DAsync`.
pub unsafe fn hipMemset2DAsync_spt(
    dst: *mut c_void,
    pitch: usize,
    value: c_int,
    width: usize,
    height: usize,
    stream: StreamT,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { memory::hipMemset2DAsync(dst, pitch, value, width, height, per_thread(stream)) }
}

/// # Safety
/// As for `hipMemset3D`.
pub unsafe fn hipMemset3D_spt(
    pitched: HipPitchedPtr,
    value: c_int,
    extent: HipExtent,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    synchronously(|s| unsafe { memory3d::hipMemset3DAsync(pitched, value, extent, s) })
}

/// # Safety
/// As for `hipMemset3DAsync`.
pub unsafe fn hipMemset3DAsync_spt(
    pitched: HipPitchedPtr,
    value: c_int,
    extent: HipExtent,
    stream: StreamT,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { memory3d::hipMemset3DAsync(pitched, value, extent, per_thread(stream)) }
}

pub fn hipStreamQuery_spt(stream: StreamT) -> HipResult<()> {
    stream::hipStreamQuery(per_thread(stream))
}

pub fn hipStreamSynchronize_spt(stream: StreamT) -> HipResult<()> {
    stream::hipStreamSynchronize(per_thread(stream))
}

/// # Safety
/// As for `hipStreamGetPriority`.
pub unsafe fn hipStreamGetPriority_spt(stream: StreamT, priority: *mut c_int) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { stream::hipStreamGetPriority(per_thread(stream), priority) }
}

/// # Safety
/// As for `hipStreamGetFlags`.
pub unsafe fn hipStreamGetFlags_spt(stream: StreamT, flags: *mut c_uint) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { stream::hipStreamGetFlags(per_thread(stream), flags) }
}

pub fn hipStreamWaitEvent_spt(stream: StreamT, event: EventT, flags: c_uint) -> HipResult<()> {
    stream::hipStreamWaitEvent(per_thread(stream), event, flags)
}

/// # Safety
/// As for `hipStreamAddCallback`.
pub unsafe fn hipStreamAddCallback_spt(
    stream: StreamT,
    callback: StreamCallback,
    user_data: *mut c_void,
    flags: c_uint,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { stream::hipStreamAddCallback(per_thread(stream), callback, user_data, flags) }
}

pub fn hipEventRecord_spt(event: EventT, stream: StreamT) -> HipResult<()> {
    stream::hipEventRecord(event, per_thread(stream))
}

/// # Safety
/// As for `hipLaunchHostFunc`.
pub unsafe fn hipLaunchHostFunc_spt(
    stream: StreamT,
    f: HostFn,
    user_data: *mut c_void,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { stream::hipLaunchHostFunc(per_thread(stream), f, user_data) }
}

/// # Safety
/// As for `hipLaunchKernel`.
pub unsafe fn hipLaunchKernel_spt(
    function: *const c_void,
    grid: Dim3,
    block: Dim3,
    args: *mut *mut c_void,
    dynamic_shared: usize,
    stream: StreamT,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        launch::hipLaunchKernel(
            function,
            grid,
            block,
            args,
            dynamic_shared,
            per_thread(stream),
        )
    }
}

/// # Safety
/// As for `hipLaunchCooperativeKernel`.
pub unsafe fn hipLaunchCooperativeKernel_spt(
    function: *const c_void,
    grid: Dim3,
    block: Dim3,
    args: *mut *mut c_void,
    shared_mem: c_uint,
    stream: StreamT,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        launch::hipLaunchCooperativeKernel(
            function,
            grid,
            block,
            args,
            shared_mem,
            per_thread(stream),
        )
    }
}

pub fn hipGraphLaunch_spt(exec: ExecT, stream: StreamT) -> HipResult<()> {
    graph::hipGraphLaunch(exec, per_thread(stream))
}

pub fn hipStreamBeginCapture_spt(stream: StreamT, mode: c_int) -> HipResult<()> {
    graph::hipStreamBeginCapture(per_thread(stream), mode)
}

/// # Safety
/// As for `hipStreamEndCapture`.
pub unsafe fn hipStreamEndCapture_spt(stream: StreamT, graph_out: *mut GraphT) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { graph::hipStreamEndCapture(per_thread(stream), graph_out) }
}

/// # Safety
/// As for `hipStreamIsCapturing`.
pub unsafe fn hipStreamIsCapturing_spt(stream: StreamT, status: *mut c_int) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { graph::hipStreamIsCapturing(per_thread(stream), status) }
}

/// # Safety
/// As for `hipStreamGetCaptureInfo`.
pub unsafe fn hipStreamGetCaptureInfo_spt(
    stream: StreamT,
    status: *mut c_int,
    id: *mut c_ulonglong,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { graph::hipStreamGetCaptureInfo(per_thread(stream), status, id) }
}

/// # Safety
/// As for `hipStreamGetCaptureInfo_v2`.
pub unsafe fn hipStreamGetCaptureInfo_v2_spt(
    stream: StreamT,
    status: *mut c_int,
    id: *mut c_ulonglong,
    graph_out: *mut GraphT,
    deps: *mut *const NodeT,
    count: *mut usize,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        graph::hipStreamGetCaptureInfo_v2(per_thread(stream), status, id, graph_out, deps, count)
    }
}
