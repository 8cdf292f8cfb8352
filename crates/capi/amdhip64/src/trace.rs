//! The per-call tracing hook of the export table: a tracer (the profiler of
//! `crates/tools/rocprofv3`, or a test) installs itself once and then sees every exported
//! call enter and leave. With no tracer installed an entry point pays one atomic load (acquire, a plain load on x86-64).

use std::sync::atomic::{AtomicPtr, Ordering};

use crate::entry::HipErrorT;
use crate::exports::ApiId;

/// What a tracer does around every exported call.
pub trait Tracer: Sync {
    /// Called before the implementation runs; the value returned comes back to
    /// [`exit`](Tracer::exit) (a start time, a record index...).
    fn enter(&self, id: ApiId) -> u64;
    /// Called after it ran, with the status returned to C (`hipSuccess` for functions that
    /// return something other than a `hipError_t`).
    fn exit(&self, id: ApiId, token: u64, status: HipErrorT);
}

/// The installed tracer: a leaked `&'static dyn Tracer` behind a thin pointer, or null.
static TRACER: AtomicPtr<&'static dyn Tracer> = AtomicPtr::new(std::ptr::null_mut());

/// The installed tracer, if any.
#[inline(always)]
pub fn tracer() -> Option<&'static dyn Tracer> {
    let p = TRACER.load(Ordering::Acquire);
    if p.is_null() {
        None
    } else {
        // SAFETY: a non-null value was made by `install` from a leaked box that is never freed.
        Some(unsafe { *p })
    }
}

/// Boxes made by [`install`] that are no longer installed: still read by calls that loaded
/// them, so never freed; their addresses are kept here so that they stay reachable
/// (LeakSanitizer) instead of being leaked.
static RETIRED: parking_lot::Mutex<Vec<usize>> = parking_lot::Mutex::new(Vec::new());

/// Installs `tracer` for the rest of the process (a second installation replaces the first;
/// the first stays valid for calls already inside it, which is why neither is ever freed).
pub fn install(tracer: &'static dyn Tracer) {
    let p = Box::into_raw(Box::new(tracer));
    retire(TRACER.swap(p, Ordering::AcqRel));
}

/// Removes the tracer: later calls are not traced.
pub fn uninstall() {
    retire(TRACER.swap(std::ptr::null_mut(), Ordering::AcqRel));
}

fn retire(old: *mut &'static dyn Tracer) {
    if !old.is_null() {
        RETIRED.lock().push(old as usize);
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::*;

    thread_local! {
        /// What the tracer saw on this thread (other tests run on other threads).
        static SEEN: RefCell<Vec<(ApiId, &'static str, HipErrorT)>> = const { RefCell::new(Vec::new()) };
    }

    struct Recorder;

    impl Tracer for Recorder {
        fn enter(&self, _id: ApiId) -> u64 {
            41
        }
        fn exit(&self, id: ApiId, token: u64, status: HipErrorT) {
            assert_eq!(token, 41, "exit gets what enter returned");
            let name = crate::exports::API[id as usize].name;
            SEEN.with(|s| s.borrow_mut().push((id, name, status)));
        }
    }

    static RECORDER: Recorder = Recorder;

    #[test]
    fn a_tracer_sees_each_call_with_its_status() {
        install(&RECORDER);
        let mut count = 0;
        // SAFETY: a valid out-pointer, then NULL (rejected by the entry point).
        let (ok, bad) = unsafe {
            (
                crate::exports::hipGetDeviceCount(&mut count),
                crate::exports::hipGetDeviceCount(std::ptr::null_mut()),
            )
        };
        // SAFETY: hipGetErrorName takes any value.
        let name = unsafe { crate::exports::hipGetErrorName(1) };
        uninstall();
        // SAFETY: as above; traced no more.
        let _ = unsafe { crate::exports::hipGetDeviceCount(&mut count) };
        assert!(!name.is_null());
        let seen = SEEN.with(|s| s.borrow().clone());
        assert_eq!(
            seen,
            [
                (ApiId::hipGetDeviceCount, "hipGetDeviceCount", ok),
                (ApiId::hipGetDeviceCount, "hipGetDeviceCount", bad),
                (ApiId::hipGetErrorName, "hipGetErrorName", 0),
            ]
        );
        assert_eq!(bad, 1, "hipErrorInvalidValue for a NULL count");
    }
}
