//! Events: an event record is a barrier-AND packet whose completion signal the event owns.
//! Each `hipEventRecord` makes a fresh record, so a wait enqueued earlier keeps waiting for
//! the record it saw (CUDA/HIP semantics) even if the event is recorded again.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use hsa::core::queue::QueueObject;
use hsa::signal::{Condition, MemoryOrder, WaitState};
use hsa::Signal;
use parking_lot::{Mutex, RwLock};

use crate::error::{HipError, HipResult};
use crate::stream::{StreamCore, QUEUE_CHECK_INTERVAL};

/// `hipEventDisableTiming`
pub const EVENT_DISABLE_TIMING: u32 = 0x2;
/// Every flag `hipEventCreateWithFlags` accepts (`hipEventDefault`, `BlockingSync`,
/// `DisableTiming`, `Interprocess`, and AMD's `DisableSystemFence`, `ReleaseToDevice`,
/// `ReleaseToSystem`: memory scopes of the completion, all the same on the CPU, whose
/// memory is coherent).
pub const EVENT_VALID_FLAGS: u32 = 0x1 | 0x2 | 0x4 | 0x2000_0000 | 0x4000_0000 | 0x8000_0000;

/// One recording of an event: done when its signal reaches 0.
pub struct EventRecord {
    signal: Signal,
    /// The queue the record was submitted to: a wait ends with an error once it is inactive
    /// (its remaining packets, this record among them, never complete).
    queue: Arc<QueueObject>,
}

impl EventRecord {
    pub(crate) fn new(stream: &StreamCore) -> HipResult<Arc<EventRecord>> {
        let signal = Signal::new(1).map_err(|_| HipError::OutOfMemory)?;
        Ok(Arc::new(EventRecord {
            signal,
            queue: Arc::clone(stream.queue_object()),
        }))
    }

    pub(crate) fn signal_handle(&self) -> u64 {
        self.signal.handle()
    }

    pub(crate) fn is_done(&self) -> bool {
        self.signal.load(MemoryOrder::Acquire) <= 0
    }

    /// Blocks until the record completes; `hipErrorLaunchFailure` if its queue became
    /// inactive first (checked every [`QUEUE_CHECK_INTERVAL`]).
    pub(crate) fn wait(&self) -> HipResult<()> {
        while self.signal.wait(
            Condition::Lt,
            1,
            Some(QUEUE_CHECK_INTERVAL),
            WaitState::Blocked,
        ) >= 1
        {
            crate::stream::queue_error(&self.queue)?;
        }
        Ok(())
    }

    /// When the record completed, in nanoseconds of the system clock.
    fn completion_time(&self) -> u64 {
        self.signal.dispatch_times().1
    }
}

/// An event (the `hipEvent_t` behind the handle).
pub struct EventCore {
    pub handle: u64,
    pub flags: u32,
    /// The device current when the event was made (HIP's owner: `hipDeviceReset` of that
    /// device destroys it). Records may still go to streams of any device.
    pub device: usize,
    record: Mutex<Option<Arc<EventRecord>>>,
}

static EVENTS: RwLock<Option<HashMap<u64, Arc<EventCore>>>> = RwLock::new(None);
static NEXT_HANDLE: AtomicU64 = AtomicU64::new(1);
const EVENT_HANDLE_BASE: u64 = 0x4556_0000_0000_0000;

impl EventCore {
    /// `hipEventCreateWithFlags`.
    pub fn create(flags: u32) -> HipResult<Arc<EventCore>> {
        if flags & !EVENT_VALID_FLAGS != 0 {
            return Err(HipError::InvalidValue);
        }
        // No runtime (or no device): device 0, which a reset would name anyway.
        let device = crate::runtime::Runtime::get()
            .and_then(|rt| rt.current_device())
            .unwrap_or(0);
        let id = NEXT_HANDLE.fetch_add(1, Ordering::Relaxed);
        let event = Arc::new(EventCore {
            handle: EVENT_HANDLE_BASE | (id << 4),
            flags,
            device,
            record: Mutex::new(None),
        });
        EVENTS
            .write()
            .get_or_insert_with(HashMap::new)
            .insert(event.handle, Arc::clone(&event));
        Ok(event)
    }

    /// The live event with this handle, or `hipErrorInvalidHandle`.
    pub fn lookup(handle: u64) -> HipResult<Arc<EventCore>> {
        EVENTS
            .read()
            .as_ref()
            .and_then(|m| m.get(&handle).cloned())
            .ok_or(HipError::InvalidHandle)
    }

    /// `hipEventDestroy`: the handle is invalid from now on; pending waits stay valid.
    pub fn destroy(handle: u64) -> HipResult<()> {
        EVENTS
            .write()
            .as_mut()
            .and_then(|m| m.remove(&handle))
            .map(|_| ())
            .ok_or(HipError::InvalidHandle)
    }

    /// Destroys every event of `device` (`hipDeviceReset`); other devices' events stay.
    pub fn destroy_device(device: usize) {
        if let Some(m) = EVENTS.write().as_mut() {
            m.retain(|_, e| e.device != device);
        }
    }

    /// `hipEventRecord` on `stream`.
    pub fn record(&self, stream: &StreamCore) -> HipResult<()> {
        let record = EventRecord::new(stream)?;
        stream.record(&record)?;
        *self.record.lock() = Some(record);
        Ok(())
    }

    /// A record of the event on `stream` published by a graph's event record node (the
    /// stream's submission lock is held).
    pub(crate) fn record_locked(&self, stream: &StreamCore) -> HipResult<()> {
        let record = EventRecord::new(stream)?;
        stream.record_locked(&record)?;
        *self.record.lock() = Some(record);
        Ok(())
    }

    pub fn current_record(&self) -> Option<Arc<EventRecord>> {
        self.record.lock().clone()
    }

    /// `hipEventQuery`: `NotReady` while the latest record is pending; an event never
    /// recorded counts as complete (as in HIP).
    pub fn query(&self) -> HipResult<()> {
        if self
            .current_record()
            .is_some_and(|r| crate::graph::is_captured_record(&r))
        {
            return Err(HipError::CapturedEvent);
        }
        match self.current_record() {
            Some(r) if !r.is_done() => {
                // A record behind a stopped queue never completes: report why.
                crate::stream::queue_error(&r.queue)?;
                Err(HipError::NotReady)
            }
            _ => Ok(()),
        }
    }

    /// `hipEventSynchronize`.
    pub fn synchronize(&self) -> HipResult<()> {
        if let Some(r) = self.current_record() {
            if crate::graph::is_captured_record(&r) {
                return Err(HipError::CapturedEvent);
            }
            r.wait()?;
        }
        Ok(())
    }

    /// `hipEventElapsedTime(start, stop)` in milliseconds.
    pub fn elapsed_ms(start: &EventCore, stop: &EventCore) -> HipResult<f32> {
        if (start.flags | stop.flags) & EVENT_DISABLE_TIMING != 0 {
            return Err(HipError::InvalidHandle);
        }
        let (Some(a), Some(b)) = (start.current_record(), stop.current_record()) else {
            return Err(HipError::InvalidHandle);
        };
        if !a.is_done() || !b.is_done() {
            return Err(HipError::NotReady);
        }
        let (t0, t1) = (a.completion_time() as i128, b.completion_time() as i128);
        Ok(((t1 - t0) as f64 / 1.0e6) as f32)
    }
}
