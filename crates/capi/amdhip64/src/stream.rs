//! Streams, events and host callbacks.

use std::ffi::{c_float, c_int, c_uint, c_void};

use hip::platform::nvidia::{event as nvevent, stream as nvstream};
use hip::stream::{resolve, StreamCore};
use hip::{EventCore, HipError, HipResult, Runtime};

use crate::entry::{current_device, non_null, write_out, HipErrorT};
use crate::nv;

pub type StreamT = *mut c_void;
pub type EventT = *mut c_void;

/// # Safety
/// `stream` must be NULL or writable.
pub unsafe fn hipStreamCreateWithPriority(
    stream: *mut StreamT,
    flags: c_uint,
    priority: c_int,
) -> HipResult<()> {
    non_null(stream)?;
    if nv::active() {
        let s = nvstream::create(nv::device()?, flags, priority)?;
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(stream, s.cast()) };
    }
    if flags & !hip::STREAM_NON_BLOCKING != 0 {
        return Err(HipError::InvalidValue);
    }
    // Out-of-range priorities are clamped, as HIP does.
    let priority = priority.clamp(hip::STREAM_PRIORITY_GREATEST, hip::STREAM_PRIORITY_LEAST);
    let rt = Runtime::get()?;
    let s = StreamCore::create(rt, current_device()?, flags, priority)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(stream, s.handle as StreamT) }
}

/// # Safety
/// `stream` must be NULL or writable.
pub unsafe fn hipStreamCreateWithFlags(stream: *mut StreamT, flags: c_uint) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { hipStreamCreateWithPriority(stream, flags, hip::STREAM_PRIORITY_LEAST) }
}

/// # Safety
/// `stream` must be NULL or writable.
pub unsafe fn hipStreamCreate(stream: *mut StreamT) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { hipStreamCreateWithPriority(stream, 0, hip::STREAM_PRIORITY_LEAST) }
}

pub fn hipStreamDestroy(stream: StreamT) -> HipResult<()> {
    if nv::active() {
        // SAFETY: HIP's contract: a stream handle the program created.
        return unsafe { nvstream::destroy(nv::device()?, nv::live_stream(stream)?) };
    }
    let h = stream as u64;
    if h <= hip::stream::STREAM_PER_THREAD {
        // The null, legacy and per-thread streams cannot be destroyed.
        return Err(HipError::InvalidHandle);
    }
    StreamCore::destroy(h)
}

pub fn hipStreamSynchronize(stream: StreamT) -> HipResult<()> {
    if nv::active() {
        // SAFETY: HIP's contract: a live stream handle.
        return unsafe { nvstream::synchronize(nv::device()?, nv::live_stream(stream)?) };
    }
    resolve(stream as u64)?.synchronize()
}

pub fn hipStreamQuery(stream: StreamT) -> HipResult<()> {
    if nv::active() {
        // SAFETY: HIP's contract: a live stream handle.
        return unsafe { nvstream::query(nv::device()?, nv::live_stream(stream)?) };
    }
    resolve(stream as u64)?.query()
}

pub fn hipStreamWaitEvent(stream: StreamT, event: EventT, flags: c_uint) -> HipResult<()> {
    if nv::active() {
        let (dev, s, e) = (
            nv::device()?,
            nv::live_stream(stream)?,
            nv::live_event(event)?,
        );
        // SAFETY: HIP's contract: live stream and event handles.
        return unsafe { nvstream::wait_event(dev, s, e, flags) };
    }
    if flags != 0 {
        return Err(HipError::InvalidValue);
    }
    let s = resolve(stream as u64)?;
    let e = EventCore::lookup(event as u64)?;
    match e.current_record() {
        // Waiting for an event never recorded is a no-op (HIP/CUDA).
        None => Ok(()),
        Some(r) => s.wait_event(&r),
    }
}

/// # Safety
/// `flags` must be NULL or writable.
pub unsafe fn hipStreamGetFlags(stream: StreamT, flags: *mut c_uint) -> HipResult<()> {
    non_null(flags)?;
    if nv::active() {
        // SAFETY: HIP's contract: a live stream handle.
        let f = unsafe { nvstream::flags(nv::device()?, nv::live_stream(stream)?)? };
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(flags, f) };
    }
    let s = resolve(stream as u64)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(flags, s.flags) }
}

/// # Safety
/// `priority` must be NULL or writable.
pub unsafe fn hipStreamGetPriority(stream: StreamT, priority: *mut c_int) -> HipResult<()> {
    non_null(priority)?;
    if nv::active() {
        // SAFETY: HIP's contract: a live stream handle.
        let p = unsafe { nvstream::priority(nv::device()?, nv::live_stream(stream)?)? };
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(priority, p) };
    }
    let s = resolve(stream as u64)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(priority, s.priority) }
}

/// # Safety
/// `device` must be NULL or writable.
pub unsafe fn hipStreamGetDevice(stream: StreamT, device: *mut c_int) -> HipResult<()> {
    non_null(device)?;
    if nv::active() {
        // SAFETY: HIP's contract: a live stream handle.
        let d = unsafe { nvstream::device(nv::device()?, nv::live_stream(stream)?)? };
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(device, d as c_int) };
    }
    let s = resolve(stream as u64)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(device, s.device as c_int) }
}

/// `hipStreamCallback_t`
pub type StreamCallback = Option<unsafe extern "C" fn(StreamT, HipErrorT, *mut c_void)>;
/// `hipHostFn_t`
pub type HostFn = Option<unsafe extern "C" fn(*mut c_void)>;

/// Raw pointers the callback needs, sent to the processor thread.
struct CallbackArgs {
    stream: StreamT,
    user: *mut c_void,
}
// SAFETY: the pointers are opaque values handed back to the application's callback, which
// HIP documents as running on another thread.
unsafe impl Send for CallbackArgs {}

pub fn hipStreamAddCallback(
    stream: StreamT,
    callback: StreamCallback,
    user_data: *mut c_void,
    flags: c_uint,
) -> HipResult<()> {
    if nv::active() {
        // SAFETY: `hipStreamCallback_t` and the backend's callback type are the same C
        // function type (a stream handle, a `hipError_t`, the user's pointer).
        let cb = unsafe {
            std::mem::transmute::<StreamCallback, Option<nvstream::StreamCallback>>(callback)
        };
        let (dev, s) = (nv::device()?, nv::live_stream(stream)?);
        // SAFETY: HIP's contract: a live stream and a callback that does not call HIP.
        return unsafe { nvstream::add_callback(dev, s, cb, user_data, flags) };
    }
    let cb = callback.ok_or(HipError::InvalidValue)?;
    if flags != 0 {
        return Err(HipError::InvalidValue);
    }
    let s = resolve(stream as u64)?;
    let args = CallbackArgs {
        stream,
        user: user_data,
    };
    s.host_fn(move || {
        let args = args;
        // SAFETY: calling the application's callback with its own arguments, as HIP does.
        unsafe { cb(args.stream, 0, args.user) }
    })
}

pub fn hipLaunchHostFunc(stream: StreamT, f: HostFn, user_data: *mut c_void) -> HipResult<()> {
    if nv::active() {
        let (dev, s) = (nv::device()?, nv::live_stream(stream)?);
        // SAFETY: HIP's contract: a live stream and a host function that does not call
        // HIP; `hipHostFn_t` is `CUhostFn`'s C type.
        return unsafe { nvstream::launch_host_func(dev, s, f, user_data) };
    }
    let f = f.ok_or(HipError::InvalidValue)?;
    let s = resolve(stream as u64)?;
    let user = user_data as usize;
    // Replayable: a capturing stream turns it into a graph host node.
    s.host_fn_shared(std::sync::Arc::new(move || {
        // SAFETY: calling the application's host function with its own argument.
        unsafe { f(user as *mut c_void) }
    }))
}

// ------------------------------------------------------------------------------------
// Events

/// # Safety
/// `event` must be NULL or writable.
pub unsafe fn hipEventCreateWithFlags(event: *mut EventT, flags: c_uint) -> HipResult<()> {
    non_null(event)?;
    if nv::active() {
        let e = nvevent::create(nv::device()?, flags)?;
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(event, e.cast()) };
    }
    Runtime::get()?;
    let e = EventCore::create(flags)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(event, e.handle as EventT) }
}

/// # Safety
/// `event` must be NULL or writable.
pub unsafe fn hipEventCreate(event: *mut EventT) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { hipEventCreateWithFlags(event, 0) }
}

pub fn hipEventRecord(event: EventT, stream: StreamT) -> HipResult<()> {
    if nv::active() {
        let (dev, e, s) = (
            nv::device()?,
            nv::live_event(event)?,
            nv::live_stream(stream)?,
        );
        // SAFETY: HIP's contract: live event and stream handles.
        return unsafe { nvevent::record(dev, e, s) };
    }
    let e = EventCore::lookup(event as u64)?;
    let s = resolve(stream as u64)?;
    e.record(&s)
}

pub fn hipEventDestroy(event: EventT) -> HipResult<()> {
    if nv::active() {
        // SAFETY: HIP's contract: an event the program created.
        return unsafe { nvevent::destroy(nv::device()?, nv::live_event(event)?) };
    }
    EventCore::destroy(event as u64)
}

pub fn hipEventSynchronize(event: EventT) -> HipResult<()> {
    if nv::active() {
        // SAFETY: HIP's contract: a live event handle.
        return unsafe { nvevent::synchronize(nv::device()?, nv::live_event(event)?) };
    }
    EventCore::lookup(event as u64)?.synchronize()
}

pub fn hipEventQuery(event: EventT) -> HipResult<()> {
    if nv::active() {
        // SAFETY: HIP's contract: a live event handle.
        return unsafe { nvevent::query(nv::device()?, nv::live_event(event)?) };
    }
    EventCore::lookup(event as u64)?.query()
}

/// # Safety
/// `ms` must be NULL or writable.
pub unsafe fn hipEventElapsedTime(ms: *mut c_float, start: EventT, stop: EventT) -> HipResult<()> {
    non_null(ms)?;
    if nv::active() {
        let (dev, a, b) = (nv::device()?, nv::live_event(start)?, nv::live_event(stop)?);
        // SAFETY: HIP's contract: live event handles.
        let t = unsafe { nvevent::elapsed_time(dev, a, b)? };
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(ms, t) };
    }
    let a = EventCore::lookup(start as u64)?;
    let b = EventCore::lookup(stop as u64)?;
    let t = EventCore::elapsed_ms(&a, &b)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(ms, t) }
}

/// `hipGetStreamDeviceId`: the device `stream` belongs to (the null stream: the current
/// device), or -1 for a handle that is not a live stream.
pub fn hipGetStreamDeviceId(stream: StreamT) -> c_int {
    let mut device = -1;
    // SAFETY: a local out-value.
    match unsafe { hipStreamGetDevice(stream, &mut device) } {
        Ok(()) => device,
        Err(_) => -1,
    }
}
