//! [`StreamBackend`] and [`EventBackend`] for NVIDIA GPUs: the driver's streams and events,
//! on the calling thread's current device's primary context.

use std::ffi::c_void;

use super::{live_event, live_stream, Nvidia};
use crate::backend::stream::{HostFn, StreamCallback};
use crate::backend::{EventBackend, Handle, StreamBackend};
use crate::error::HipResult;
use crate::platform::nvidia::{current_device, event, stream};

impl StreamBackend for Nvidia {
    fn stream_create(&self, dev: usize, flags: u32, priority: i32) -> HipResult<Handle> {
        Ok(stream::create(dev, flags, priority)?.cast())
    }

    fn stream_destroy(&self, s: Handle) -> HipResult<()> {
        // SAFETY: checked: a live stream this platform created (or a default stream, which
        // the driver-level function refuses).
        unsafe { stream::destroy(current_device()?, live_stream(s)?) }
    }

    fn stream_synchronize(&self, s: Handle) -> HipResult<()> {
        // SAFETY: checked handle.
        unsafe { stream::synchronize(current_device()?, live_stream(s)?) }
    }

    fn stream_query(&self, s: Handle) -> HipResult<()> {
        // SAFETY: checked handle.
        unsafe { stream::query(current_device()?, live_stream(s)?) }
    }

    fn stream_wait_event(&self, s: Handle, e: Handle, flags: u32) -> HipResult<()> {
        let (dev, s, e) = (current_device()?, live_stream(s)?, live_event(e)?);
        // SAFETY: checked handles.
        unsafe { stream::wait_event(dev, s, e, flags) }
    }

    fn stream_flags(&self, s: Handle) -> HipResult<u32> {
        // SAFETY: checked handle.
        unsafe { stream::flags(current_device()?, live_stream(s)?) }
    }

    fn stream_priority(&self, s: Handle) -> HipResult<i32> {
        // SAFETY: checked handle.
        unsafe { stream::priority(current_device()?, live_stream(s)?) }
    }

    fn stream_device(&self, s: Handle) -> HipResult<usize> {
        // SAFETY: checked handle.
        unsafe { stream::device(current_device()?, live_stream(s)?) }
    }

    unsafe fn stream_add_callback(
        &self,
        s: Handle,
        callback: StreamCallback,
        user: *mut c_void,
        flags: u32,
    ) -> HipResult<()> {
        // SAFETY: `hipStreamCallback_t` and the driver layer's callback are the same C
        // function type (a stream handle, a `hipError_t`, the user's pointer).
        let cb = unsafe {
            std::mem::transmute::<StreamCallback, Option<stream::StreamCallback>>(callback)
        };
        let (dev, s) = (current_device()?, live_stream(s)?);
        // SAFETY: checked handle; the caller guarantees the callback.
        unsafe { stream::add_callback(dev, s, cb, user, flags) }
    }

    unsafe fn launch_host_func(&self, s: Handle, f: HostFn, user: *mut c_void) -> HipResult<()> {
        let (dev, s) = (current_device()?, live_stream(s)?);
        // SAFETY: checked handle; `hipHostFn_t` is `CUhostFn`'s C type; the caller
        // guarantees the function.
        unsafe { stream::launch_host_func(dev, s, f, user) }
    }
}

impl EventBackend for Nvidia {
    fn event_create(&self, flags: u32) -> HipResult<Handle> {
        Ok(event::create(current_device()?, flags)?.cast())
    }

    fn event_destroy(&self, e: Handle) -> HipResult<()> {
        // SAFETY: checked: a live event this platform created.
        unsafe { event::destroy(current_device()?, live_event(e)?) }
    }

    fn event_record(&self, e: Handle, s: Handle) -> HipResult<()> {
        let (dev, e, s) = (current_device()?, live_event(e)?, live_stream(s)?);
        // SAFETY: checked handles.
        unsafe { event::record(dev, e, s) }
    }

    fn event_synchronize(&self, e: Handle) -> HipResult<()> {
        // SAFETY: checked handle.
        unsafe { event::synchronize(current_device()?, live_event(e)?) }
    }

    fn event_query(&self, e: Handle) -> HipResult<()> {
        // SAFETY: checked handle.
        unsafe { event::query(current_device()?, live_event(e)?) }
    }

    fn event_elapsed_ms(&self, start: Handle, stop: Handle) -> HipResult<f32> {
        let (dev, a, b) = (current_device()?, live_event(start)?, live_event(stop)?);
        // SAFETY: checked handles.
        unsafe { event::elapsed_time(dev, a, b) }
    }
}
