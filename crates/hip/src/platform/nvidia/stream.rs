//! Streams: HIP streams are the driver's `CUstream`s. The null stream (`0`) is the legacy
//! default stream, as in CUDA (and `hipStreamLegacy`, 1, is `CU_STREAM_LEGACY`);
//! `hipStreamPerThread` (2) is `CU_STREAM_PER_THREAD`: the same handle values, passed
//! through unchanged.

use std::ffi::c_void;

use super::context::{device_of_context, make_current};
use super::cu;
use super::driver::check;
use super::handles::LiveHandles;
use crate::error::{HipError, HipResult};

/// The streams [`create`] made and [`destroy`] has not destroyed (see [`super::handles`]).
static LIVE: LiveHandles = LiveHandles::new();

/// The null stream: the legacy default stream of the current context.
pub const NULL_STREAM: cu::CUstream = std::ptr::null_mut();
/// `CU_STREAM_LEGACY` (`hipStreamLegacy`): the legacy default stream, explicitly.
pub const LEGACY_STREAM: cu::CUstream = std::ptr::without_provenance_mut(0x1);
/// `CU_STREAM_PER_THREAD` (`hipStreamPerThread`): the calling thread's default stream.
pub const PER_THREAD_STREAM: cu::CUstream = std::ptr::without_provenance_mut(0x2);

/// `hipStreamNonBlocking` / `CU_STREAM_NON_BLOCKING`.
pub const STREAM_NON_BLOCKING: u32 = 0x1;

/// Whether `s` is one of the special handles (null, legacy, per-thread) rather than a
/// created stream.
#[inline]
pub fn is_default_stream(s: cu::CUstream) -> bool {
    s == NULL_STREAM || s == LEGACY_STREAM || s == PER_THREAD_STREAM
}

/// `hipStreamCreateWithPriority(flags, priority)` on device `dev` (`hipStreamCreate`:
/// flags 0, priority 0; `hipStreamCreateWithFlags`: priority 0). Flags: 0 or
/// `hipStreamNonBlocking`; the driver clamps the priority into the device's range.
pub fn create(dev: usize, flags: u32, priority: i32) -> HipResult<cu::CUstream> {
    if flags & !STREAM_NON_BLOCKING != 0 {
        return Err(HipError::InvalidValue);
    }
    make_current(dev)?;
    let mut s = std::ptr::null_mut();
    // SAFETY: a context is current; out-parameter.
    check(unsafe { cu::cuStreamCreateWithPriority(&mut s, flags, priority) })?;
    LIVE.insert(s as usize, dev);
    Ok(s)
}

/// `s` itself if it is a default stream or a live stream made by [`create`], else
/// `hipErrorInvalidHandle` (destroyed, or never a HIP stream): what every entry point
/// taking a stream checks before the driver sees it.
#[inline]
pub fn checked(s: cu::CUstream) -> HipResult<cu::CUstream> {
    if is_default_stream(s) || LIVE.contains(s as usize) {
        Ok(s)
    } else {
        Err(HipError::InvalidHandle)
    }
}

/// Forgets device `dev`'s streams: a device reset destroyed them.
pub(crate) fn forget_device(dev: usize) {
    LIVE.forget_device(dev);
}

/// `hipStreamDestroy`: the default streams, and streams not live (see [`checked`]), are
/// `hipErrorInvalidHandle`. Work already queued still runs; the call does not wait for it.
///
/// # Safety
/// `s` must not be used by another thread while it is destroyed.
pub unsafe fn destroy(dev: usize, s: cu::CUstream) -> HipResult<()> {
    if is_default_stream(s) || !LIVE.remove(s as usize) {
        return Err(HipError::InvalidHandle);
    }
    make_current(dev)?;
    // SAFETY: a live stream (just checked), no longer handed to anyone.
    check(unsafe { cu::cuStreamDestroy_v2(s) })
}

/// `hipStreamSynchronize`.
///
/// # Safety
/// `s` must be a live stream handle or a default stream.
pub unsafe fn synchronize(dev: usize, s: cu::CUstream) -> HipResult<()> {
    make_current(dev)?;
    // SAFETY: the caller guarantees the handle.
    check(unsafe { cu::cuStreamSynchronize(s) })
}

/// `hipStreamQuery`: `Ok` when all work is done, `hipErrorNotReady` otherwise.
///
/// # Safety
/// `s` must be a live stream handle or a default stream.
pub unsafe fn query(dev: usize, s: cu::CUstream) -> HipResult<()> {
    make_current(dev)?;
    // SAFETY: the caller guarantees the handle.
    check(unsafe { cu::cuStreamQuery(s) })
}

/// `hipStreamWaitEvent(s, e, flags)` (flags must be 0): later work on `s` waits for the
/// event's last recorded work. A null event is `hipErrorInvalidHandle`.
///
/// # Safety
/// `s` and `e` must be live handles (`s` may be a default stream).
pub unsafe fn wait_event(dev: usize, s: cu::CUstream, e: cu::CUevent, flags: u32) -> HipResult<()> {
    if flags != 0 {
        return Err(HipError::InvalidValue);
    }
    if e.is_null() {
        return Err(HipError::InvalidHandle);
    }
    make_current(dev)?;
    // SAFETY: the caller guarantees both handles.
    check(unsafe { cu::cuStreamWaitEvent(s, e, 0) })
}

/// `hipStreamGetFlags`.
///
/// # Safety
/// `s` must be a live stream handle or a default stream.
pub unsafe fn flags(dev: usize, s: cu::CUstream) -> HipResult<u32> {
    make_current(dev)?;
    let mut f = 0;
    // SAFETY: the caller guarantees the handle; out-parameter.
    check(unsafe { cu::cuStreamGetFlags(s, &mut f) })?;
    Ok(f)
}

/// `hipStreamGetPriority`.
///
/// # Safety
/// `s` must be a live stream handle or a default stream.
pub unsafe fn priority(dev: usize, s: cu::CUstream) -> HipResult<i32> {
    make_current(dev)?;
    let mut p = 0;
    // SAFETY: the caller guarantees the handle; out-parameter.
    check(unsafe { cu::cuStreamGetPriority(s, &mut p) })?;
    Ok(p)
}

/// `hipStreamGetDevice`: the device ordinal of stream `s` (a default stream belongs to
/// `dev`, the calling thread's current device).
///
/// # Safety
/// `s` must be a live stream handle or a default stream.
pub unsafe fn device(dev: usize, s: cu::CUstream) -> HipResult<usize> {
    make_current(dev)?;
    if is_default_stream(s) {
        return Ok(dev);
    }
    let mut ctx = std::ptr::null_mut();
    // SAFETY: the caller guarantees the handle; out-parameter.
    check(unsafe { cu::cuStreamGetCtx(s, &mut ctx) })?;
    device_of_context(ctx)
}

/// `hipLaunchHostFunc(s, f, user_data)`: `f(user_data)` runs on a driver thread once the
/// work before it on `s` is done, and later work waits for it. It must not call HIP or
/// CUDA. It is not called if the context hits an error first.
///
/// # Safety
/// `s` must be a live stream handle or a default stream; `f` must be safe to call with
/// `user_data` from another thread.
pub unsafe fn launch_host_func(
    dev: usize,
    s: cu::CUstream,
    f: cu::CUhostFn,
    user_data: *mut c_void,
) -> HipResult<()> {
    if f.is_none() {
        return Err(HipError::InvalidValue);
    }
    make_current(dev)?;
    // SAFETY: the caller guarantees the handle and the function.
    check(unsafe { cu::cuLaunchHostFunc(s, f, user_data) })
}

/// `hipStreamCallback_t`: `(stream, status, user_data)`, `status` a `hipError_t`.
pub type StreamCallback = unsafe extern "C" fn(cu::CUstream, u32, *mut c_void);

struct CallbackCall {
    callback: StreamCallback,
    stream: cu::CUstream,
    user_data: *mut c_void,
}

unsafe extern "C" fn callback_trampoline(data: *mut c_void) {
    // SAFETY: `data` is the `Box<CallbackCall>` leaked by `add_callback`, handed to the
    // driver exactly once, so it is reclaimed exactly once here.
    let call = unsafe { Box::from_raw(data.cast::<CallbackCall>()) };
    // A host function only runs when the work before it succeeded: status hipSuccess.
    // SAFETY: the caller of `add_callback` guaranteed the callback and its data.
    unsafe { (call.callback)(call.stream, 0, call.user_data) };
}

/// `hipStreamAddCallback(s, callback, user_data, flags)` (flags must be 0), over
/// `cuLaunchHostFunc`: `callback(s, hipSuccess, user_data)` runs once the work before it
/// is done, and later work on `s` waits for it. If the context fails before, the callback
/// is not called (its small record is leaked then).
///
/// # Safety
/// As for [`launch_host_func`]; `callback` must not call HIP or CUDA.
pub unsafe fn add_callback(
    dev: usize,
    s: cu::CUstream,
    callback: Option<StreamCallback>,
    user_data: *mut c_void,
    flags: u32,
) -> HipResult<()> {
    let Some(callback) = callback else {
        return Err(HipError::InvalidValue);
    };
    if flags != 0 {
        return Err(HipError::InvalidValue);
    }
    make_current(dev)?;
    let call = Box::into_raw(Box::new(CallbackCall {
        callback,
        stream: s,
        user_data,
    }));
    // SAFETY: the caller guarantees the handle; the trampoline owns `call` once enqueued.
    let r = check(unsafe { cu::cuLaunchHostFunc(s, Some(callback_trampoline), call.cast()) });
    if r.is_err() {
        // SAFETY: not enqueued: still ours, reclaimed once.
        drop(unsafe { Box::from_raw(call) });
    }
    r
}
