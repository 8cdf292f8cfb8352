//! Streams, host callbacks and events.

use std::ffi::c_void;

use super::Handle;
use crate::error::{HipError, HipResult};
use crate::kernel::Kernel;

/// `hipStreamCallback_t`: `void (*)(hipStream_t, hipError_t, void*)`, possibly NULL.
pub type StreamCallback = Option<unsafe extern "C" fn(Handle, u32, *mut c_void)>;
/// `hipHostFn_t`: `void (*)(void*)`, possibly NULL.
pub type HostFn = Option<unsafe extern "C" fn(*mut c_void)>;

/// Streams. A stream handle may be one of HIP's special values: NULL (the null stream),
/// `hipStreamLegacy`, `hipStreamPerThread`.
pub trait StreamBackend {
    /// `hipStreamCreateWithPriority` on device `dev`.
    fn stream_create(&self, dev: usize, flags: u32, priority: i32) -> HipResult<Handle>;
    /// `hipStreamDestroy` (the special streams cannot be destroyed).
    fn stream_destroy(&self, stream: Handle) -> HipResult<()>;
    /// `hipStreamSynchronize`.
    fn stream_synchronize(&self, stream: Handle) -> HipResult<()>;
    /// `hipStreamQuery`: `Ok` when idle, `hipErrorNotReady` while work is pending.
    fn stream_query(&self, stream: Handle) -> HipResult<()>;
    /// `hipStreamWaitEvent`.
    fn stream_wait_event(&self, stream: Handle, event: Handle, flags: u32) -> HipResult<()>;
    /// `hipStreamGetFlags`.
    fn stream_flags(&self, stream: Handle) -> HipResult<u32>;
    /// `hipStreamGetPriority`.
    fn stream_priority(&self, stream: Handle) -> HipResult<i32>;
    /// `hipStreamGetDevice`.
    fn stream_device(&self, stream: Handle) -> HipResult<usize>;
    /// `hipStreamAddCallback`: `callback(stream, status, user)` once earlier work is done.
    ///
    /// # Safety
    /// `callback` must be safe to call with `user` on another thread, and must not call HIP.
    unsafe fn stream_add_callback(
        &self,
        stream: Handle,
        callback: StreamCallback,
        user: *mut c_void,
        flags: u32,
    ) -> HipResult<()>;
    /// `hipLaunchHostFunc`: `f(user)` in stream order (a host node when captured).
    ///
    /// # Safety
    /// As for [`StreamBackend::stream_add_callback`].
    unsafe fn launch_host_func(
        &self,
        stream: Handle,
        f: HostFn,
        user: *mut c_void,
    ) -> HipResult<()>;

    /// Runs `kernel`, a kernel compiled for the host (a Rust closure of the safe API), on a
    /// `grid` of `block` work-items in stream order, then drops `keep_alive` (what the
    /// kernel borrows) once it has run. Only a platform whose devices run host code can:
    /// the others return `hipErrorNotSupported` without running anything.
    fn launch_host_kernel(
        &self,
        stream: Handle,
        kernel: &Kernel,
        grid: [u32; 3],
        block: [u32; 3],
        kernarg: &[u8],
        keep_alive: Box<dyn FnOnce() + Send>,
    ) -> HipResult<()> {
        let _ = (stream, kernel, grid, block, kernarg, keep_alive);
        Err(HipError::NotSupported)
    }
}

/// Events.
pub trait EventBackend {
    /// `hipEventCreateWithFlags`.
    fn event_create(&self, flags: u32) -> HipResult<Handle>;
    /// `hipEventDestroy`.
    fn event_destroy(&self, event: Handle) -> HipResult<()>;
    /// `hipEventRecord`.
    fn event_record(&self, event: Handle, stream: Handle) -> HipResult<()>;
    /// `hipEventSynchronize`.
    fn event_synchronize(&self, event: Handle) -> HipResult<()>;
    /// `hipEventQuery`.
    fn event_query(&self, event: Handle) -> HipResult<()>;
    /// `hipEventElapsedTime` in milliseconds.
    fn event_elapsed_ms(&self, start: Handle, stop: Handle) -> HipResult<f32>;
}
