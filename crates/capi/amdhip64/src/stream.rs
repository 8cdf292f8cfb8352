//! Streams, events and host callbacks: C marshalling over the backend's
//! [`StreamBackend`](hip::backend::StreamBackend) and [`EventBackend`](hip::backend::EventBackend).

use std::ffi::{c_float, c_int, c_uint, c_void};

use hip::{backend, HipResult};

use crate::entry::{current_device, non_null, write_out, HipErrorT};

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
    let s = backend().stream_create(current_device()?, flags, priority)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(stream, s) }
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
    backend().stream_destroy(stream)
}

pub fn hipStreamSynchronize(stream: StreamT) -> HipResult<()> {
    backend().stream_synchronize(stream)
}

pub fn hipStreamQuery(stream: StreamT) -> HipResult<()> {
    backend().stream_query(stream)
}

pub fn hipStreamWaitEvent(stream: StreamT, event: EventT, flags: c_uint) -> HipResult<()> {
    backend().stream_wait_event(stream, event, flags)
}

/// # Safety
/// `flags` must be NULL or writable.
pub unsafe fn hipStreamGetFlags(stream: StreamT, flags: *mut c_uint) -> HipResult<()> {
    crate::entry::usable(flags)?;
    let f = backend().stream_flags(stream)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(flags, f) }
}

/// # Safety
/// `priority` must be NULL or writable.
pub unsafe fn hipStreamGetPriority(stream: StreamT, priority: *mut c_int) -> HipResult<()> {
    non_null(priority)?;
    let p = backend().stream_priority(stream)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(priority, p) }
}

/// # Safety
/// `device` must be NULL or writable.
pub unsafe fn hipStreamGetDevice(stream: StreamT, device: *mut c_int) -> HipResult<()> {
    non_null(device)?;
    let d = backend().stream_device(stream)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(device, d as c_int) }
}

/// `hipStreamCallback_t`
pub type StreamCallback = Option<unsafe extern "C" fn(StreamT, HipErrorT, *mut c_void)>;
/// `hipHostFn_t`
pub type HostFn = Option<unsafe extern "C" fn(*mut c_void)>;

/// # Safety
/// `callback` must be safe to call with `user_data` on another thread and must not call HIP.
pub unsafe fn hipStreamAddCallback(
    stream: StreamT,
    callback: StreamCallback,
    user_data: *mut c_void,
    flags: c_uint,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { backend().stream_add_callback(stream, callback, user_data, flags) }
}

/// # Safety
/// `f` must be safe to call with `user_data` on another thread and must not call HIP.
pub unsafe fn hipLaunchHostFunc(
    stream: StreamT,
    f: HostFn,
    user_data: *mut c_void,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { backend().launch_host_func(stream, f, user_data) }
}

// ------------------------------------------------------------------------------------
// Events

/// `hipEventDisableTiming`
const EVENT_DISABLE_TIMING: c_uint = 0x2;
/// `hipEventInterprocess`
const EVENT_INTERPROCESS: c_uint = 0x4;
/// `hipEventReleaseToDevice`
const EVENT_RELEASE_TO_DEVICE: c_uint = 0x4000_0000;
/// `hipEventReleaseToSystem`
const EVENT_RELEASE_TO_SYSTEM: c_uint = 0x8000_0000;

/// The flag combinations HIP refuses whatever the platform (unknown bits are each backend's
/// check): an interprocess event must not record time (CUDA's and HIP's rule), and an event
/// releases either to the device or to the system, not both.
fn check_event_flags(flags: c_uint) -> HipResult<()> {
    let ipc_with_timing = flags & EVENT_INTERPROCESS != 0 && flags & EVENT_DISABLE_TIMING == 0;
    let both_scopes = flags & EVENT_RELEASE_TO_DEVICE != 0 && flags & EVENT_RELEASE_TO_SYSTEM != 0;
    if ipc_with_timing || both_scopes {
        return Err(hip::HipError::InvalidValue);
    }
    Ok(())
}

/// # Safety
/// `event` must be NULL or writable.
pub unsafe fn hipEventCreateWithFlags(event: *mut EventT, flags: c_uint) -> HipResult<()> {
    non_null(event)?;
    check_event_flags(flags)?;
    let e = backend().event_create(flags)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(event, e) }
}

/// # Safety
/// `event` must be NULL or writable.
pub unsafe fn hipEventCreate(event: *mut EventT) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { hipEventCreateWithFlags(event, 0) }
}

pub fn hipEventRecord(event: EventT, stream: StreamT) -> HipResult<()> {
    backend().event_record(event, stream)
}

pub fn hipEventDestroy(event: EventT) -> HipResult<()> {
    backend().event_destroy(event)
}

pub fn hipEventSynchronize(event: EventT) -> HipResult<()> {
    backend().event_synchronize(event)
}

pub fn hipEventQuery(event: EventT) -> HipResult<()> {
    backend().event_query(event)
}

/// # Safety
/// `ms` must be NULL or writable.
pub unsafe fn hipEventElapsedTime(ms: *mut c_float, start: EventT, stop: EventT) -> HipResult<()> {
    non_null(ms)?;
    let t = backend().event_elapsed_ms(start, stop)?;
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
