//! [`StreamMemOpBackend`] for the CPU platform. A wait-value or write-value operation is a
//! host-call agent-dispatch packet on the stream's queue (the engine's equivalent of
//! ROCm's barrier-value packet on an arbitrary address: an AQL barrier-value packet can
//! only watch an HSA signal, and a program's word of memory is not one). The queue's
//! processor runs it in stream order; a wait holds the queue until the word meets the
//! condition, polling it (spinning briefly, then yielding, then sleeping in short steps),
//! since a plain store by the host or another device wakes nobody. On a capturing stream
//! either operation becomes a host node of the graph, replayed at every launch.

use std::ffi::c_void;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::Cpu;
use crate::backend::memop::{StreamMemOpBackend, ValueWidth, WaitValue};
use crate::backend::Handle;
use crate::error::HipResult;
use crate::stream::resolve;

/// Spinning this long first keeps the release latency of a wait that is met soon (the
/// common hand-off) at a few hundred nanoseconds.
const SPIN: Duration = Duration::from_micros(20);
/// Then yielding the core this long, still reacting within a scheduler slice.
const YIELD: Duration = Duration::from_micros(500);
/// Then sleeping in steps growing to this: an idle wait costs little CPU.
const MAX_SLEEP: Duration = Duration::from_micros(100);

/// Reads the word at `addr` (acquire, so that what was written before the release is
/// visible to the work after the wait).
///
/// # Safety
/// `addr` must be readable and aligned for `width`.
unsafe fn load(addr: usize, width: ValueWidth) -> u64 {
    match width {
        ValueWidth::U32 => {
            // SAFETY: the caller's contract; the atomic has the alignment of the word.
            let word = unsafe { AtomicU32::from_ptr(addr as *mut u32) };
            u64::from(word.load(Ordering::Acquire))
        }
        ValueWidth::U64 => {
            // SAFETY: as above.
            let word = unsafe { AtomicU64::from_ptr(addr as *mut u64) };
            word.load(Ordering::Acquire)
        }
    }
}

/// Blocks the calling (queue processor) thread until `wait` is met.
///
/// # Safety
/// `wait.ptr` must be readable and aligned until then.
unsafe fn wait_until(wait: &WaitValue) {
    let addr = wait.ptr as usize;
    // SAFETY: forwarded from the caller (every read below).
    let met = || {
        // SAFETY: forwarded from the caller.
        let current = unsafe { load(addr, wait.width) };
        wait.condition
            .met(current, wait.value, wait.mask, wait.width)
    };
    let start = Instant::now();
    let mut sleep = Duration::from_micros(1);
    while !met() {
        let waited = start.elapsed();
        if waited < SPIN {
            std::hint::spin_loop();
        } else if waited < SPIN + YIELD {
            std::thread::yield_now();
        } else {
            std::thread::sleep(sleep);
            sleep = (sleep * 2).min(MAX_SLEEP);
        }
    }
}

impl StreamMemOpBackend for Cpu {
    unsafe fn stream_wait_value(&self, stream: Handle, wait: WaitValue) -> HipResult<()> {
        let s = resolve(stream as u64)?;
        // A freed or made-up word is refused now rather than faulting the queue later.
        crate::memory::check_range(wait.ptr as usize, wait.width.bytes())?;
        // The pointer travels as an address: the caller keeps the word valid (contract).
        let addr = wait.ptr as usize;
        s.host_fn_shared(Arc::new(move || {
            let wait = WaitValue {
                ptr: addr as *mut c_void,
                ..wait
            };
            // SAFETY: the caller keeps the word readable until the wait is met.
            unsafe { wait_until(&wait) }
        }))
    }

    unsafe fn stream_write_value(
        &self,
        stream: Handle,
        ptr: *mut c_void,
        value: u64,
        width: ValueWidth,
    ) -> HipResult<()> {
        let s = resolve(stream as u64)?;
        // A freed or made-up word is refused now rather than faulting the queue later.
        crate::memory::check_range(ptr as usize, width.bytes())?;
        let addr = ptr as usize;
        s.host_fn_shared(Arc::new(move || {
            // Release: the stream's earlier work is visible to whoever sees the value.
            // SAFETY: the caller keeps the word writable (and aligned) until the write runs.
            unsafe {
                match width {
                    ValueWidth::U32 => {
                        AtomicU32::from_ptr(addr as *mut u32).store(value as u32, Ordering::Release)
                    }
                    ValueWidth::U64 => {
                        AtomicU64::from_ptr(addr as *mut u64).store(value, Ordering::Release)
                    }
                }
            }
        }))
    }
}
