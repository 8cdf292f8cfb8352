//! Activity stamps of a stream's operations (`rocprofv3 --kernel-trace`,
//! `--memory-copy-trace`; [`crate::activity`]): what the CPU platform publishes around a
//! dispatch or copy so that its record gets the times it ran on the queue.

use std::cell::RefCell;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use hsa::core::packet::{packet_type, AgentDispatchPacket, RawPacket};

use super::{agent_code, packet_header, StreamCore};
use crate::error::HipResult;

impl StreamCore {
    /// Runs `publish` (the packets of one operation) and has `span` stamped with the times
    /// the operation ran on the queue (in order: every packet has the barrier bit). No span:
    /// just `publish`. `single`: `publish` publishes exactly one tracked packet, so one
    /// host-call packet after it reads that packet's dispatch times from the stream's
    /// completion signal (the queue profiles once a span was asked for); otherwise two
    /// host-call packets around the operation stamp the host clock. The last stamp is
    /// tracked, so that synchronising with the stream sees the span complete. Called with
    /// the submission lock held.
    pub(super) fn stamped_locked(
        &self,
        span: Option<Arc<crate::activity::Span>>,
        single: bool,
        publish: impl FnOnce() -> HipResult<()>,
    ) -> HipResult<()> {
        let Some(span) = span else {
            return publish();
        };
        if single {
            if !self.profiling.load(Ordering::Relaxed) {
                self.queue.object().set_profiling(true);
                self.profiling.store(true, Ordering::Relaxed);
            }
            if let Err(e) = publish() {
                span.cancel();
                return Err(e);
            }
            let stamp: unsafe extern "C" fn(*mut std::ffi::c_void) =
                crate::activity::stamp_from_signal;
            span.set_signal(self.counter.as_core());
            let raw = Arc::into_raw(span);
            if self
                .publish_locked(true, |_, completion| {
                    host_call_packet(stamp, raw as u64, completion)
                })
                .is_err()
            {
                // SAFETY: `raw` came from `Arc::into_raw` above and no packet owns it.
                let span = unsafe { Arc::from_raw(raw) };
                // The operation was published: it runs unrecorded.
                span.cancel();
            }
            return Ok(());
        }
        let start: unsafe extern "C" fn(*mut std::ffi::c_void) = crate::activity::stamp_start;
        let end: unsafe extern "C" fn(*mut std::ffi::c_void) = crate::activity::stamp_end;
        self.publish_locked(false, |_, _| {
            host_call_packet(start, Arc::as_ptr(&span) as u64, 0)
        })
        .inspect_err(|_| span.cancel())?;
        let result = publish();
        if result.is_err() {
            // Nothing ran: no record (the end stamp below still releases the span).
            span.cancel();
        }
        let raw = Arc::into_raw(span);
        if self
            .publish_locked(true, |_, completion| {
                host_call_packet(end, raw as u64, completion)
            })
            .is_err()
        {
            // Not published: the start packet may still point at the span, so this
            // reference is never released.
            // SAFETY: `raw` came from `Arc::into_raw` just above and no packet owns it.
            let span = unsafe { &*raw };
            span.cancel();
        }
        result
    }

    /// Stamps the copy `(dst, src, bytes)` on this stream when an activity sink asks for
    /// copies: see [`StreamCore::stamped_locked`]. Called with the submission lock held.
    pub(super) fn copy_locked(
        &self,
        dst: usize,
        src: usize,
        bytes: u64,
        single: bool,
        publish: impl FnOnce() -> HipResult<()>,
    ) -> HipResult<()> {
        let span = crate::activity::sink().map(|sink| {
            sink.memory_copy(&crate::activity::MemoryCopy {
                src: crate::activity::place_of(src),
                dst: crate::activity::place_of(dst),
                bytes,
                stream: self.handle,
            })
        });
        self.stamped_locked(span, single, publish)
    }
}

thread_local! {
    /// The kernel object this thread's last traced dispatch named: held, so that its address
    /// (its handle) cannot be reused by another object while it is cached.
    static LAST_KERNEL: RefCell<Option<Arc<hsa::core::executable::KernelObject>>> =
        const { RefCell::new(None) };
}

/// Runs `f` with the kernel object of `handle` (for activity records): the thread's last
/// one when it is the same (a launch loop), else looked up in HSA's registry.
pub(super) fn with_kernel_object<R>(
    handle: u64,
    f: impl FnOnce(Option<&hsa::core::executable::KernelObject>) -> R,
) -> R {
    let cached = LAST_KERNEL
        .try_with(|last| {
            let mut last = last.borrow_mut();
            if last.as_ref().is_none_or(|k| k.handle() != handle) {
                *last = hsa::core::executable::kernel_object(handle);
            }
            last.clone()
        })
        .ok()
        .flatten();
    match cached {
        Some(k) => f(Some(&k)),
        None => f(hsa::core::executable::kernel_object(handle).as_deref()),
    }
}

/// A host-call agent-dispatch packet calling `f(arg)`.
fn host_call_packet(
    f: unsafe extern "C" fn(*mut std::ffi::c_void),
    arg: u64,
    completion: u64,
) -> RawPacket {
    RawPacket::from_packet(&AgentDispatchPacket {
        header: packet_header(packet_type::AGENT_DISPATCH),
        type_: agent_code::HOST_CALL,
        arg: [f as usize as u64, arg, 0, 0],
        completion_signal: completion,
        ..AgentDispatchPacket::default()
    })
}
