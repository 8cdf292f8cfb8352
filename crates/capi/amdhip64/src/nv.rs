//! The NVIDIA platform's side of the entry points.
//!
//! Each entry point starts with `if nv::active() { ... }` inside its [`crate::entry::api`]
//! guard: one atomic load ([`hip::platform::current`]) and a predictable branch, then the
//! CPU path is untouched. On NVIDIA the C handles are the driver's own, cast: `hipStream_t`
//! is a `CUstream`, `hipEvent_t` a `CUevent`, `hipModule_t` a `CUmodule`, `hipFunction_t`
//! a `CUfunction`, device pointers `CUdeviceptr`s, `hipGraph_t`/`hipGraphExec_t`
//! `CUgraph`/`CUgraphExec`, `hipMemPool_t` a `CUmemoryPool`.
//!
//! The few driver calls the backend (`hip::platform::nvidia`) has no function for (stream
//! capture and whole-graph calls) are made here, directly.

use std::ffi::{c_int, c_void};

use hip::platform::nvidia::{self, check, cu, make_current};
use hip::platform::{self, Platform};
use hip::{HipError, HipResult};

/// Whether this process runs on the NVIDIA platform.
#[inline(always)]
pub fn active() -> bool {
    platform::current() == Platform::Nvidia
}

/// The calling thread's current device (`hipErrorNoDevice` without one).
#[inline]
pub fn device() -> HipResult<usize> {
    nvidia::current_device()
}

/// `hipStream_t` → `CUstream` (the special values 0, 1, 2 are the driver's too), checked:
/// a default stream or a live stream this platform created, else `hipErrorInvalidHandle` (destroyed or bogus handles never reach the
/// driver, which would crash on them).
#[inline(always)]
pub fn live_stream(s: *mut c_void) -> HipResult<nvidia::Stream> {
    nvidia::stream::checked(s.cast())
}

/// `hipEvent_t` → `CUevent`, checked: a live event this platform created, else
/// `hipErrorInvalidHandle` (null, destroyed or bogus).
#[inline(always)]
pub fn live_event(e: *mut c_void) -> HipResult<nvidia::Event> {
    nvidia::event::checked(e.cast())
}

/// `hipModule_t` → `CUmodule`.
#[inline(always)]
pub fn module(m: *mut c_void) -> nvidia::Module {
    m.cast()
}

/// `hipFunction_t` → `CUfunction`.
#[inline(always)]
pub fn function(f: *mut c_void) -> nvidia::Function {
    f.cast()
}

// ------------------------------------------------------------------------------------
// Stream capture and whole graphs (cuStreamBeginCapture, cuGraph*)

fn capture_mode(mode: c_int) -> HipResult<cu::CUstreamCaptureMode> {
    use cu::CUstreamCaptureMode as M;
    Ok(match mode {
        0 => M::CU_STREAM_CAPTURE_MODE_GLOBAL,
        1 => M::CU_STREAM_CAPTURE_MODE_THREAD_LOCAL,
        2 => M::CU_STREAM_CAPTURE_MODE_RELAXED,
        _ => return Err(HipError::InvalidValue),
    })
}

/// `hipStreamBeginCapture`.
///
/// # Safety
/// `s` must be a live stream (or a default one, which the driver rejects).
pub unsafe fn begin_capture(s: nvidia::Stream, mode: c_int) -> HipResult<()> {
    let m = capture_mode(mode)?;
    make_current(device()?)?;
    // SAFETY: a context is current; the caller guarantees the stream.
    check(unsafe { cu::cuStreamBeginCapture_v2(s, m) })
}

/// `hipStreamEndCapture`: the captured graph.
///
/// # Safety
/// As for [`begin_capture`].
pub unsafe fn end_capture(s: nvidia::Stream) -> HipResult<*mut c_void> {
    make_current(device()?)?;
    let mut g = std::ptr::null_mut();
    // SAFETY: a context is current; the caller guarantees the stream; out-parameter.
    check(unsafe { cu::cuStreamEndCapture(s, &mut g) })?;
    Ok(g.cast())
}

/// `hipStreamIsCapturing`: `hipStreamCaptureStatus` (0 none, 1 active, 2 invalidated).
///
/// # Safety
/// As for [`begin_capture`].
pub unsafe fn is_capturing(s: nvidia::Stream) -> HipResult<c_int> {
    make_current(device()?)?;
    let mut st = cu::CUstreamCaptureStatus::CU_STREAM_CAPTURE_STATUS_NONE;
    // SAFETY: a context is current; the caller guarantees the stream; out-parameter.
    check(unsafe { cu::cuStreamIsCapturing(s, &mut st) })?;
    Ok(st as c_int)
}

/// `hipThreadExchangeStreamCaptureMode`: the previous mode.
pub fn exchange_capture_mode(mode: c_int) -> HipResult<c_int> {
    let mut m = capture_mode(mode)?;
    nvidia::Driver::require()?;
    // SAFETY: in/out parameter.
    check(unsafe { cu::cuThreadExchangeStreamCaptureMode(&mut m) })?;
    Ok(m as c_int)
}

/// `hipGraphCreate` (flags must be 0).
pub fn graph_create() -> HipResult<*mut c_void> {
    make_current(device()?)?;
    let mut g = std::ptr::null_mut();
    // SAFETY: a context is current; out-parameter.
    check(unsafe { cu::cuGraphCreate(&mut g, 0) })?;
    Ok(g.cast())
}

/// `hipGraphDestroy`.
///
/// # Safety
/// `g` must be a live graph.
pub unsafe fn graph_destroy(g: *mut c_void) -> HipResult<()> {
    if g.is_null() {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: the caller guarantees the graph.
    check(unsafe { cu::cuGraphDestroy(g.cast()) })
}

/// `hipGraphInstantiate(WithFlags)`.
///
/// # Safety
/// `g` must be a live graph.
pub unsafe fn graph_instantiate(g: *mut c_void, flags: u64) -> HipResult<*mut c_void> {
    if g.is_null() {
        return Err(HipError::InvalidValue);
    }
    make_current(device()?)?;
    let mut e = std::ptr::null_mut();
    // SAFETY: a context is current; the caller guarantees the graph; out-parameter.
    check(unsafe { cu::cuGraphInstantiateWithFlags(&mut e, g.cast(), flags) })?;
    Ok(e.cast())
}

/// `hipGraphLaunch` / `hipGraphUpload`.
///
/// # Safety
/// `e` must be a live executable graph, `s` a live stream or a default one.
pub unsafe fn graph_launch(e: *mut c_void, s: nvidia::Stream, upload: bool) -> HipResult<()> {
    if e.is_null() {
        return Err(HipError::InvalidValue);
    }
    make_current(device()?)?;
    // SAFETY: a context is current; the caller guarantees both handles.
    check(unsafe {
        if upload {
            cu::cuGraphUpload(e.cast(), s)
        } else {
            cu::cuGraphLaunch(e.cast(), s)
        }
    })
}

/// `hipGraphExecDestroy`.
///
/// # Safety
/// `e` must be a live executable graph.
pub unsafe fn graph_exec_destroy(e: *mut c_void) -> HipResult<()> {
    if e.is_null() {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: the caller guarantees the executable graph.
    check(unsafe { cu::cuGraphExecDestroy(e.cast()) })
}

/// An entry point this platform does not implement: `hipErrorNotSupported`, also
/// recorded as the thread's last error (never a silent success).
#[cold]
pub fn not_supported() -> crate::entry::HipErrorT {
    crate::entry::api(|| Err(HipError::NotSupported))
}
