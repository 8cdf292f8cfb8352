//! Activity tracing: kernel dispatches and memory copies as they ran on their stream, for
//! `rocprofv3 --kernel-trace` / `--memory-copy-trace` (`docs/PROFILING.md`).
//!
//! A profiler (`libamdhip64.so`'s, `crates/capi/amdhip64/src/profiler.rs`) installs an
//! [`ActivitySink`] once. Each platform reports its work where it becomes stream work: the
//! CPU platform when a kernel-dispatch or copy packet is published on the stream's HSA
//! queue (`crate::stream`), the NVIDIA platform around its driver launches
//! (`platform::nvidia::activity`). The sink hands back a [`Span`] that the platform fills
//! with the `CLOCK_MONOTONIC` times the work started and ended on the stream. With no sink
//! installed a platform pays one relaxed atomic load ([`sink`]).

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicPtr, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use parking_lot::Mutex;

/// `CLOCK_MONOTONIC` in nanoseconds (rocprofv3's clock, the API records' clock).
pub fn now_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid out-pointer; CLOCK_MONOTONIC always exists on Linux.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

/// What a [`Resolver`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolved {
    /// Not known yet (the work has not completed).
    Pending,
    /// `(start, end)`, `CLOCK_MONOTONIC` ns.
    Times(u64, u64),
    /// Never to be known (the device could not say): the span is dropped.
    Never,
}

/// Resolves a span's times later (NVIDIA: from its events); `wait`: it may block until the
/// device has them.
pub type Resolver = Box<dyn FnMut(bool) -> Resolved + Send>;

/// When one piece of stream work ran: `CLOCK_MONOTONIC` ns, 0 until known.
#[derive(Default)]
pub struct Span {
    start: AtomicU64,
    end: AtomicU64,
    /// The work was not submitted after all (its submission failed): never reported.
    cancelled: AtomicBool,
    /// Set by platforms whose times come from the device (events) rather than from the
    /// host: asked by [`Span::times`].
    resolver: Mutex<Option<Resolver>>,
    /// The completion signal whose dispatch times [`stamp_from_signal`] reads.
    signal: OnceLock<Arc<hsa::core::signal::SignalObject>>,
}

impl Span {
    /// Notes that the work starts now (called on the thread that runs it).
    pub fn start_now(&self) {
        self.start.store(now_ns(), Ordering::Release);
    }

    /// Notes that the work has ended now.
    pub fn end_now(&self) {
        self.end.store(now_ns(), Ordering::Release);
    }

    /// Marks the work as never submitted: [`Span::times`] is `None` for good.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Release);
    }

    /// Names the signal whose dispatch times are this span's ([`stamp_from_signal`]).
    pub(crate) fn set_signal(&self, signal: &Arc<hsa::core::signal::SignalObject>) {
        let _ = self.signal.set(Arc::clone(signal));
    }

    /// Whether [`Span::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Acquire)
    }

    /// Sets both times (a platform that measured them another way).
    pub fn set(&self, start: u64, end: u64) {
        self.start.store(start, Ordering::Release);
        self.end.store(end.max(start), Ordering::Release);
    }

    /// Lets `resolver` find the times when they are asked for.
    pub fn set_resolver(&self, resolver: Resolver) {
        *self.resolver.lock() = Some(resolver);
    }

    /// `(start, end)` once the work has ended; `None` while it has not (or never ran).
    /// `wait`: a resolver may block until the device has the times.
    pub fn times(&self, wait: bool) -> Option<(u64, u64)> {
        if self.cancelled.load(Ordering::Acquire) {
            return None;
        }
        let end = self.end.load(Ordering::Acquire);
        if end != 0 {
            let start = self.start.load(Ordering::Acquire);
            return (start != 0).then_some((start, end.max(start)));
        }
        let mut resolver = self.resolver.lock();
        match resolver.as_mut()?(wait) {
            Resolved::Pending => None,
            Resolved::Never => {
                *resolver = None;
                self.cancel();
                None
            }
            Resolved::Times(start, end) => {
                *resolver = None;
                self.set(start, end);
                Some((start, end.max(start)))
            }
        }
    }
}

/// One kernel dispatch as it was submitted.
#[derive(Debug, Clone, Copy)]
pub struct KernelDispatch<'a> {
    /// The kernel's symbol (mangled for C++ kernels).
    pub name: &'a str,
    /// HIP device ordinal.
    pub device: usize,
    /// The stream (its `hipStream_t` value; the null stream's own handle on the CPU).
    pub stream: u64,
    /// Work-items per work-group.
    pub workgroup: [u32; 3],
    /// Work-items in the grid (HSA's grid size, as rocprofv3 reports it).
    pub grid: [u32; 3],
    /// Group (LDS) bytes per work-group: static and dynamic.
    pub group_segment_size: u32,
    /// Private (scratch) bytes per work-item.
    pub private_segment_size: u32,
}

/// Where a copy's bytes live: the host, or a HIP device.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    Host,
    Device(usize),
}

/// One memory copy.
#[derive(Debug, Clone, Copy)]
pub struct MemoryCopy {
    pub src: Place,
    pub dst: Place,
    pub bytes: u64,
    /// The stream it ran on (`hipStream_t` value).
    pub stream: u64,
}

/// What a profiler does with activity.
pub trait ActivitySink: Sync {
    /// A kernel dispatch is being submitted by the calling thread (inside the HIP call
    /// that launches it); the platform fills the span returned.
    fn kernel_dispatch(&self, k: &KernelDispatch<'_>) -> Arc<Span>;
    /// A copy is being submitted (or run, for a synchronous copy done in place).
    fn memory_copy(&self, c: &MemoryCopy) -> Arc<Span>;
}

/// The installed sink: a leaked `&'static dyn ActivitySink` behind a thin pointer, or null.
static SINK: AtomicPtr<&'static dyn ActivitySink> = AtomicPtr::new(std::ptr::null_mut());

/// The installed sink, if any: one relaxed load (the sink is installed once, as the library
/// loads, before any stream exists; a later installation is seen on the next call).
#[inline(always)]
pub fn sink() -> Option<&'static dyn ActivitySink> {
    let p = SINK.load(Ordering::Relaxed);
    if p.is_null() {
        None
    } else {
        // SAFETY: a non-null value was made by `install` from a leaked box that is never
        // freed; the box's contents were written before the pointer was published (the
        // release swap in `install`, and the loader's ordering for the first install).
        Some(unsafe { *p })
    }
}

/// Installs `sink` for the rest of the process (the previous one, if any, stays valid for
/// calls already using it, so neither is ever freed).
pub fn install(sink: &'static dyn ActivitySink) {
    let p = Box::into_raw(Box::new(sink));
    let old = SINK.swap(p, Ordering::AcqRel);
    keep(old);
}

/// Stops reporting activity.
pub fn uninstall() {
    keep(SINK.swap(std::ptr::null_mut(), Ordering::AcqRel));
}

/// Replaced boxes stay reachable here (LeakSanitizer) instead of being freed.
static RETIRED: Mutex<Vec<usize>> = Mutex::new(Vec::new());

fn keep(old: *mut &'static dyn ActivitySink) {
    if !old.is_null() {
        RETIRED.lock().push(old as usize);
    }
}

/// Where `ptr` lives, for a copy's direction: device (or managed) memory HIP allocated is
/// its device's; anything else is the host's.
pub(crate) fn place_of(ptr: usize) -> Place {
    use crate::memory::MemoryKind;
    match crate::memory::find(ptr) {
        Some(a) if matches!(a.kind, MemoryKind::Device | MemoryKind::Managed) => {
            Place::Device(a.device)
        }
        _ => Place::Host,
    }
}

/// Host-call packet function: stamps the start of a span (`arg` is a `*const Span` kept
/// alive by the end packet that follows in the same in-order queue).
///
/// # Safety
/// `arg` must point to a live [`Span`].
pub(crate) unsafe extern "C" fn stamp_start(arg: *mut std::ffi::c_void) {
    // SAFETY: per the contract; the end packet holds a reference until it has run.
    unsafe { &*(arg as *const Span) }.start_now();
}

/// Host-call packet function: stamps the end of a span and releases the reference the
/// packet held (`arg` came from `Arc::into_raw`).
///
/// # Safety
/// `arg` must come from `Arc::<Span>::into_raw`, released by nothing else.
pub(crate) unsafe extern "C" fn stamp_end(arg: *mut std::ffi::c_void) {
    // SAFETY: per the contract: this packet owns one reference.
    let span = unsafe { Arc::from_raw(arg as *const Span) };
    span.end_now();
}

/// `CLOCK_MONOTONIC - CLOCK_BOOTTIME` now, in ns (`<= 0`; changes only across a suspend):
/// what turns the HSA system timestamp (`CLOCK_BOOTTIME`) into the API records' clock.
fn boot_to_monotonic() -> i64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid out-pointer; CLOCK_BOOTTIME always exists on Linux.
    unsafe { libc::clock_gettime(libc::CLOCK_BOOTTIME, &mut ts) };
    let boot = ts.tv_sec * 1_000_000_000 + ts.tv_nsec;
    now_ns() as i64 - boot
}

/// The last [`boot_to_monotonic`] and the `CLOCK_BOOTTIME` ns it was taken at (0: never):
/// the shift changes only across a suspend, so it is taken again at most once a second.
static SHIFT: AtomicI64 = AtomicI64::new(0);
static SHIFT_AT: AtomicU64 = AtomicU64::new(0);
const SHIFT_REFRESH_NS: u64 = 1_000_000_000;

/// The shift for a time `boot` (`CLOCK_BOOTTIME` ns) of now or the recent past.
fn shift_at(boot: u64) -> i64 {
    let at = SHIFT_AT.load(Ordering::Acquire);
    if at != 0 && boot.saturating_sub(at) < SHIFT_REFRESH_NS {
        return SHIFT.load(Ordering::Relaxed);
    }
    let shift = boot_to_monotonic();
    SHIFT.store(shift, Ordering::Relaxed);
    SHIFT_AT.store(boot.max(1), Ordering::Release);
    shift
}

/// Host-call packet function following an operation's single packet on an in-order,
/// profiling queue: the operation's times are the dispatch times the queue's processor
/// wrote into the span's [`Span::set_signal`] signal (the stream's completion signal) for
/// that packet (`CLOCK_BOOTTIME` ticks: ns), moved to `CLOCK_MONOTONIC`.
///
/// # Safety
/// `arg` must come from `Arc::<Span>::into_raw`, released by nothing else.
pub(crate) unsafe extern "C" fn stamp_from_signal(arg: *mut std::ffi::c_void) {
    // SAFETY: per the contract: this packet owns one reference.
    let span = unsafe { Arc::from_raw(arg as *const Span) };
    let Some(signal) = span.signal.get() else {
        span.cancel();
        return;
    };
    let (start, end) = signal.dispatch_times();
    if start == 0 || end < start {
        // No times (the queue was not profiling): no record rather than a wrong one.
        span.cancel();
        return;
    }
    let shift = shift_at(end);
    let at = |t: u64| (t as i64).saturating_add(shift).max(0) as u64;
    span.set(at(start), at(end));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_span_has_times_once_ended_or_resolved() {
        let s = Span::default();
        assert_eq!(s.times(false), None);
        s.start_now();
        assert_eq!(s.times(false), None, "not ended yet");
        s.end_now();
        let (a, b) = s.times(false).expect("ended");
        assert!(0 < a && a <= b);

        let r = Span::default();
        let mut asked = 0;
        r.set_resolver(Box::new(move |wait| {
            asked += 1;
            if wait || asked > 1 {
                Resolved::Times(10, 20)
            } else {
                Resolved::Pending
            }
        }));
        assert_eq!(r.times(false), None, "the device has no times yet");
        assert_eq!(r.times(false), Some((10, 20)));
        assert_eq!(r.times(false), Some((10, 20)), "kept once resolved");
        let never = Span::default();
        never.set_resolver(Box::new(|_| Resolved::Never));
        assert_eq!(never.times(true), None);
        assert!(never.is_cancelled(), "dropped for good");
    }

    #[test]
    fn a_signal_stamp_moves_dispatch_times_to_the_monotonic_clock() {
        let signal = hsa::Signal::new(1).expect("signal");
        let before = now_ns();
        let boot = (before as i64 - boot_to_monotonic()) as u64;
        signal.as_core().set_dispatch_times(boot, boot + 500);
        let span = Arc::new(Span::default());
        span.set_signal(signal.as_core());
        // SAFETY: a reference made for this call.
        unsafe { stamp_from_signal(Arc::into_raw(Arc::clone(&span)) as *mut _) };
        assert_eq!(
            Arc::strong_count(&span),
            1,
            "the packet's reference is released"
        );
        let (a, b) = span.times(false).expect("stamped");
        assert!(a.abs_diff(before) < 1_000_000, "{a} vs {before}");
        assert_eq!(b - a, 500);
        let unprofiled = Arc::new(Span::default());
        unprofiled.set_signal(hsa::Signal::new(1).expect("signal").as_core());
        // SAFETY: as above.
        unsafe { stamp_from_signal(Arc::into_raw(Arc::clone(&unprofiled)) as *mut _) };
        assert_eq!(unprofiled.times(false), None, "no times: no record");
        assert!(unprofiled.is_cancelled());
    }

    #[test]
    fn stamps_fill_a_span_and_release_the_packet_reference() {
        let span = Arc::new(Span::default());
        let raw = Arc::into_raw(Arc::clone(&span)) as *mut std::ffi::c_void;
        // SAFETY: `raw` points to a live span; the end stamp takes the reference made above.
        unsafe {
            stamp_start(raw);
            stamp_end(raw);
        }
        assert_eq!(Arc::strong_count(&span), 1);
        let (a, b) = span.times(false).expect("stamped");
        assert!(a <= b);
    }
}
