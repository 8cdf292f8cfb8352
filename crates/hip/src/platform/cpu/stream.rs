//! [`StreamBackend`] and [`EventBackend`] for the CPU platform: streams are HSA queues of
//! the CPU agent ([`StreamCore`]), events barrier packets with a completion signal
//! ([`EventCore`]). Handles are registry numbers.

use std::ffi::c_void;
use std::sync::Arc;

use super::Cpu;
use crate::backend::stream::{HostFn, StreamCallback};
use crate::backend::{EventBackend, Handle, StreamBackend};
use crate::error::{HipError, HipResult};
use crate::event::EventCore;
use crate::kernel::Kernel;
use crate::runtime::Runtime;
use crate::stream::{resolve, StreamCore, STREAM_PER_THREAD};

/// Raw pointers a callback needs, sent to the queue's processor thread.
struct CallbackArgs {
    stream: Handle,
    user: *mut c_void,
}
// SAFETY: opaque values handed back to the application's callback, which HIP documents as
// running on another thread.
unsafe impl Send for CallbackArgs {}

impl StreamBackend for Cpu {
    fn stream_create(&self, dev: usize, flags: u32, priority: i32) -> HipResult<Handle> {
        if flags & !crate::STREAM_NON_BLOCKING != 0 {
            return Err(HipError::InvalidValue);
        }
        // Out-of-range priorities are clamped, as HIP does.
        let priority = priority.clamp(
            crate::STREAM_PRIORITY_GREATEST,
            crate::STREAM_PRIORITY_LEAST,
        );
        let s = StreamCore::create(Runtime::get()?, dev, flags, priority)?;
        Ok(s.handle as Handle)
    }

    fn stream_destroy(&self, stream: Handle) -> HipResult<()> {
        let h = stream as u64;
        if h <= STREAM_PER_THREAD {
            // The null, legacy and per-thread streams cannot be destroyed.
            return Err(HipError::InvalidHandle);
        }
        StreamCore::destroy(h)
    }

    fn stream_synchronize(&self, stream: Handle) -> HipResult<()> {
        resolve(stream as u64)?.synchronize()
    }

    fn stream_query(&self, stream: Handle) -> HipResult<()> {
        resolve(stream as u64)?.query()
    }

    fn stream_wait_event(&self, stream: Handle, event: Handle, flags: u32) -> HipResult<()> {
        if flags != 0 {
            return Err(HipError::InvalidValue);
        }
        let s = resolve(stream as u64)?;
        let e = EventCore::lookup(event as u64)?;
        if let Some(ipc) = super::ipc::event(event) {
            return ipc.stream_wait(&s);
        }
        match e.current_record() {
            // Waiting for an event never recorded is a no-op (HIP/CUDA).
            None => Ok(()),
            Some(r) => s.wait_event(&r),
        }
    }

    fn stream_flags(&self, stream: Handle) -> HipResult<u32> {
        Ok(resolve(stream as u64)?.flags)
    }

    fn stream_priority(&self, stream: Handle) -> HipResult<i32> {
        Ok(resolve(stream as u64)?.priority)
    }

    fn stream_device(&self, stream: Handle) -> HipResult<usize> {
        Ok(resolve(stream as u64)?.device)
    }

    unsafe fn stream_add_callback(
        &self,
        stream: Handle,
        callback: StreamCallback,
        user: *mut c_void,
        flags: u32,
    ) -> HipResult<()> {
        let cb = callback.ok_or(HipError::InvalidValue)?;
        if flags != 0 {
            return Err(HipError::InvalidValue);
        }
        let s = resolve(stream as u64)?;
        let args = CallbackArgs { stream, user };
        s.host_fn(move || {
            let args = args;
            // SAFETY: the application's callback with its own arguments, as HIP does.
            unsafe { cb(args.stream, 0, args.user) }
        })
    }

    unsafe fn launch_host_func(
        &self,
        stream: Handle,
        f: HostFn,
        user: *mut c_void,
    ) -> HipResult<()> {
        let f = f.ok_or(HipError::InvalidValue)?;
        let s = resolve(stream as u64)?;
        let user = user as usize;
        // Replayable: a capturing stream turns it into a graph host node.
        s.host_fn_shared(Arc::new(move || {
            // SAFETY: the application's host function with its own argument.
            unsafe { f(user as *mut c_void) }
        }))
    }

    fn launch_host_kernel(
        &self,
        stream: Handle,
        kernel: &Kernel,
        grid: [u32; 3],
        block: [u32; 3],
        kernarg: &[u8],
        keep_alive: Box<dyn FnOnce() + Send>,
    ) -> HipResult<()> {
        let s = resolve(stream as u64)?;
        kernel.launch(grid, block, 0, &s, kernarg)?;
        // Dropped in stream order, after the kernel.
        s.host_fn(keep_alive)
    }
}

impl EventBackend for Cpu {
    fn event_create(&self, flags: u32) -> HipResult<Handle> {
        Runtime::get()?;
        let h = EventCore::create(flags)?.handle as Handle;
        if flags & super::ipc::EVENT_INTERPROCESS != 0 {
            if let Err(e) = super::ipc::attach_event(h) {
                let _ = EventCore::destroy(h as u64);
                return Err(e);
            }
        }
        Ok(h)
    }

    fn event_destroy(&self, event: Handle) -> HipResult<()> {
        EventCore::destroy(event as u64)?;
        super::ipc::detach_event(event);
        Ok(())
    }

    fn event_record(&self, event: Handle, stream: Handle) -> HipResult<()> {
        let e = EventCore::lookup(event as u64)?;
        let s = resolve(stream as u64)?;
        if let Some(ipc) = super::ipc::event(event) {
            return ipc.record(&s);
        }
        e.record(&s)
    }

    fn event_synchronize(&self, event: Handle) -> HipResult<()> {
        let e = EventCore::lookup(event as u64)?;
        if let Some(ipc) = super::ipc::event(event) {
            return ipc.synchronize();
        }
        e.synchronize()
    }

    fn event_query(&self, event: Handle) -> HipResult<()> {
        let e = EventCore::lookup(event as u64)?;
        if let Some(ipc) = super::ipc::event(event) {
            return ipc.query();
        }
        e.query()
    }

    fn event_elapsed_ms(&self, start: Handle, stop: Handle) -> HipResult<f32> {
        let a = EventCore::lookup(start as u64)?;
        let b = EventCore::lookup(stop as u64)?;
        EventCore::elapsed_ms(&a, &b)
    }
}
