//! Streams, events and host callbacks.

use std::ffi::{c_float, c_int, c_uint, c_void};

use hip::stream::{resolve, StreamCore};
use hip::{EventCore, HipError, Runtime};

use crate::entry::{api, current_device, non_null, write_out, HipErrorT};

pub type StreamT = *mut c_void;
pub type EventT = *mut c_void;

/// # Safety
/// `stream` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamCreateWithPriority(
    stream: *mut StreamT,
    flags: c_uint,
    priority: c_int,
) -> HipErrorT {
    api(|| {
        non_null(stream)?;
        if flags & !hip::STREAM_NON_BLOCKING != 0 {
            return Err(HipError::InvalidValue);
        }
        // Out-of-range priorities are clamped, as HIP does.
        let priority = priority.clamp(hip::STREAM_PRIORITY_GREATEST, hip::STREAM_PRIORITY_LEAST);
        let rt = Runtime::get()?;
        let s = StreamCore::create(rt, current_device()?, flags, priority)?;
        // SAFETY: forwarded from the caller.
        unsafe { write_out(stream, s.handle as StreamT) }
    })
}

/// # Safety
/// `stream` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamCreateWithFlags(
    stream: *mut StreamT,
    flags: c_uint,
) -> HipErrorT {
    // SAFETY: forwarded from the caller.
    unsafe { hipStreamCreateWithPriority(stream, flags, hip::STREAM_PRIORITY_LEAST) }
}

/// # Safety
/// `stream` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamCreate(stream: *mut StreamT) -> HipErrorT {
    // SAFETY: forwarded from the caller.
    unsafe { hipStreamCreateWithPriority(stream, 0, hip::STREAM_PRIORITY_LEAST) }
}

#[no_mangle]
pub extern "C" fn hipStreamDestroy(stream: StreamT) -> HipErrorT {
    api(|| {
        let h = stream as u64;
        if h <= hip::stream::STREAM_PER_THREAD {
            // The null, legacy and per-thread streams cannot be destroyed.
            return Err(HipError::InvalidHandle);
        }
        StreamCore::destroy(h)
    })
}

#[no_mangle]
pub extern "C" fn hipStreamSynchronize(stream: StreamT) -> HipErrorT {
    api(|| resolve(stream as u64)?.synchronize())
}

#[no_mangle]
pub extern "C" fn hipStreamQuery(stream: StreamT) -> HipErrorT {
    api(|| resolve(stream as u64)?.query())
}

#[no_mangle]
pub extern "C" fn hipStreamWaitEvent(stream: StreamT, event: EventT, flags: c_uint) -> HipErrorT {
    api(|| {
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
    })
}

/// # Safety
/// `flags` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetFlags(stream: StreamT, flags: *mut c_uint) -> HipErrorT {
    api(|| {
        non_null(flags)?;
        let s = resolve(stream as u64)?;
        // SAFETY: forwarded from the caller.
        unsafe { write_out(flags, s.flags) }
    })
}

/// # Safety
/// `priority` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetPriority(stream: StreamT, priority: *mut c_int) -> HipErrorT {
    api(|| {
        non_null(priority)?;
        let s = resolve(stream as u64)?;
        // SAFETY: forwarded from the caller.
        unsafe { write_out(priority, s.priority) }
    })
}

/// # Safety
/// `device` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetDevice(stream: StreamT, device: *mut c_int) -> HipErrorT {
    api(|| {
        non_null(device)?;
        let s = resolve(stream as u64)?;
        // SAFETY: forwarded from the caller.
        unsafe { write_out(device, s.device as c_int) }
    })
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

#[no_mangle]
pub extern "C" fn hipStreamAddCallback(
    stream: StreamT,
    callback: StreamCallback,
    user_data: *mut c_void,
    flags: c_uint,
) -> HipErrorT {
    api(|| {
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
    })
}

#[no_mangle]
pub extern "C" fn hipLaunchHostFunc(
    stream: StreamT,
    f: HostFn,
    user_data: *mut c_void,
) -> HipErrorT {
    api(|| {
        let f = f.ok_or(HipError::InvalidValue)?;
        let s = resolve(stream as u64)?;
        let user = user_data as usize;
        // Replayable: a capturing stream turns it into a graph host node.
        s.host_fn_shared(std::sync::Arc::new(move || {
            // SAFETY: calling the application's host function with its own argument.
            unsafe { f(user as *mut c_void) }
        }))
    })
}

// ------------------------------------------------------------------------------------
// Events

/// # Safety
/// `event` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipEventCreateWithFlags(event: *mut EventT, flags: c_uint) -> HipErrorT {
    api(|| {
        non_null(event)?;
        Runtime::get()?;
        let e = EventCore::create(flags)?;
        // SAFETY: forwarded from the caller.
        unsafe { write_out(event, e.handle as EventT) }
    })
}

/// # Safety
/// `event` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipEventCreate(event: *mut EventT) -> HipErrorT {
    // SAFETY: forwarded from the caller.
    unsafe { hipEventCreateWithFlags(event, 0) }
}

#[no_mangle]
pub extern "C" fn hipEventRecord(event: EventT, stream: StreamT) -> HipErrorT {
    api(|| {
        let e = EventCore::lookup(event as u64)?;
        let s = resolve(stream as u64)?;
        e.record(&s)
    })
}

#[no_mangle]
pub extern "C" fn hipEventDestroy(event: EventT) -> HipErrorT {
    api(|| EventCore::destroy(event as u64))
}

#[no_mangle]
pub extern "C" fn hipEventSynchronize(event: EventT) -> HipErrorT {
    api(|| EventCore::lookup(event as u64)?.synchronize())
}

#[no_mangle]
pub extern "C" fn hipEventQuery(event: EventT) -> HipErrorT {
    api(|| EventCore::lookup(event as u64)?.query())
}

/// # Safety
/// `ms` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipEventElapsedTime(
    ms: *mut c_float,
    start: EventT,
    stop: EventT,
) -> HipErrorT {
    api(|| {
        non_null(ms)?;
        let a = EventCore::lookup(start as u64)?;
        let b = EventCore::lookup(stop as u64)?;
        let t = EventCore::elapsed_ms(&a, &b)?;
        // SAFETY: forwarded from the caller.
        unsafe { write_out(ms, t) }
    })
}
