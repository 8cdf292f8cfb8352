//! Streams on the CPU platform: a stream is an HSA user-mode queue on the CPU agent.
//!
//! Every operation is one AQL packet (barrier bit set, so the stream runs in order):
//! launches are kernel-dispatch packets, copies and fills and host callbacks are ferrocm
//! agent-dispatch packets, waits are barrier-AND / AMD barrier-value packets, event records
//! are barrier-AND packets completing the event's signal.
//!
//! Completion tracking costs one signal per stream: every tracked packet's completion signal
//! is the stream's `counter`, which starts at 0 and drops by one per packet, so "the first
//! `n` tracked packets are done" is `counter <= -n`. A submission lock keeps the order of
//! packets and the count `n` consistent when several host threads share a stream.

use std::any::Any;
use std::cell::{RefCell, UnsafeCell};
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Weak};

use hsa::core::packet::{
    header, packet_type, AgentDispatchPacket, AmdBarrierValuePacket, BarrierPacket,
    KernelDispatchPacket, RawPacket, AMD_PACKET_TYPE_BARRIER_VALUE,
};
use hsa::signal::{Condition, MemoryOrder, WaitState};
use hsa::{QueueType, Signal};
use parking_lot::{Mutex, RwLock};

use crate::error::{HipError, HipResult};
use crate::event::EventRecord;
use crate::graph::{self, CaptureSession, KernelNode, MemcpyNode, MemsetNode, NodeKind};
use crate::kernel::PreparedLaunch;
use crate::memory::{Copy3d, Fill3d};
use crate::runtime::Runtime;

mod stamps;
use stamps::with_kernel_object;

/// Packets per stream queue (more in flight makes the producer wait for a free slot).
const QUEUE_SIZE: u32 = 256;
/// How often a blocked synchronisation looks at the queue's state (a queue made inactive
/// never completes its remaining packets).
pub(crate) const QUEUE_CHECK_INTERVAL: std::time::Duration = std::time::Duration::from_millis(50);

/// The error HIP reports once a stream's queue stopped: `hipErrorAssert` after a failed
/// device-side assert, `hipErrorLaunchFailure` after a trap or any other failure (a packet
/// the processor rejected), as HIP on NVIDIA reports them (cudaErrorAssert,
/// cudaErrorLaunchFailure). It stays: the queue runs nothing more (docs/RELIABILITY.md).
pub(crate) fn queue_error(queue: &hsa::core::queue::QueueObject) -> HipResult<()> {
    use hsa::core::queue::{DeviceFault, QueueState};
    if queue.state() == QueueState::Active {
        return Ok(());
    }
    match queue.device_fault() {
        Some(DeviceFault::Assert) => Err(HipError::Assert),
        Some(DeviceFault::Trap) | None => Err(HipError::LaunchFailure),
    }
}
/// Bytes of kernel arguments per packet slot (HIP's limit is 4 KiB).
pub const KERNARG_SLOT_SIZE: usize = 4096;

/// ferrocm agent-dispatch codes (`include/hsa/hsa_ext_ferrocm.h`).
mod agent_code {
    pub const MEMCPY: u16 = 0x8001;
    pub const MEMSET: u16 = 0x8002;
    pub const HOST_CALL: u16 = 0x8003;
    pub const MEMCPY_2D: u16 = 0x8004;
}

/// How a stream takes part in the legacy default-stream synchronisation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamKind {
    /// The legacy null stream: waits for every blocking stream, and they wait for it.
    Null,
    /// A stream created without `hipStreamNonBlocking`.
    Blocking,
    /// `hipStreamNonBlocking`: never synchronises implicitly with the null stream.
    NonBlocking,
}

#[repr(C, align(64))]
struct KernargSlot([u8; KERNARG_SLOT_SIZE]);

/// One kernarg slot per queue slot: a packet's arguments live in the slot with its index,
/// which cannot be reused before the packet has completed (the queue slot is busy until then).
struct KernargRing {
    slots: Box<[UnsafeCell<KernargSlot>]>,
}

// SAFETY: a slot is written only by the producer that reserved the matching queue index
// (under the stream's submission lock) and read only by the packet processor after the
// packet's header is published with release ordering.
unsafe impl Sync for KernargRing {}
// SAFETY: as above; the ring owns plain bytes.
unsafe impl Send for KernargRing {}

impl KernargRing {
    fn new(len: usize) -> KernargRing {
        let slots = (0..len)
            .map(|_| UnsafeCell::new(KernargSlot([0; KERNARG_SLOT_SIZE])))
            .collect();
        KernargRing { slots }
    }

    /// Copies `bytes` into the slot for queue index `index`; returns its address.
    ///
    /// # Safety
    /// The caller must own queue index `index` (reserved, not yet published) and `bytes`
    /// must fit a slot.
    unsafe fn write(&self, index: u64, bytes: &[u8]) -> *const u8 {
        let slot = self.slots[(index % self.slots.len() as u64) as usize].get();
        // SAFETY: the caller owns this slot (see above); sizes were checked by the caller.
        unsafe {
            let dst = (*slot).0.as_mut_ptr();
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), dst, bytes.len());
            dst
        }
    }
}

/// Where a stream's tracked work stands: `submitted` packets so far, and possibly an event
/// record published after the last of them.
#[derive(Clone)]
struct Position {
    submitted: u64,
    tail_event: Option<Arc<EventRecord>>,
}

/// A point in a stream's work: everything submitted to `stream` before the mark was taken.
/// Used to order other work after it (graph launches, pool memory reuse).
#[derive(Clone)]
pub(crate) struct StreamMark {
    stream: Arc<StreamCore>,
    pos: Position,
}

impl StreamMark {
    /// Whether everything before the mark has completed.
    pub(crate) fn is_done(&self) -> bool {
        self.stream.is_done(&self.pos)
    }

    pub(crate) fn stream(&self) -> &Arc<StreamCore> {
        &self.stream
    }
}

/// A stream (the `hipStream_t` behind the handle).
pub struct StreamCore {
    pub handle: u64,
    pub device: usize,
    pub kind: StreamKind,
    pub flags: u32,
    pub priority: i32,
    queue: hsa::Queue,
    counter: Signal,
    submitted: AtomicU64,
    /// Serialises submissions (packet order = tracking order).
    submit_lock: Mutex<()>,
    tail_event: Mutex<Option<Arc<EventRecord>>>,
    /// Mirrors `tail_event.is_some()` (written under the submission lock), so that the
    /// common case, no event record after the last packet, takes no lock on the launch
    /// path.
    has_tail_event: AtomicBool,
    kernargs: KernargRing,
    /// Objects that in-flight packets refer to (signals of other streams and events),
    /// kept until the packet at the recorded position has completed.
    keep_alive: Mutex<VecDeque<(u64, Arc<dyn Any + Send + Sync>)>>,
    /// The capture sequence this stream records into (`hipStreamBeginCapture`, or joined
    /// through an event), if any; `capturing` mirrors `capture.is_some()` for a cheap check.
    capture: Mutex<Option<Arc<CaptureSession>>>,
    capturing: AtomicBool,
    /// Whether the queue records dispatch times (switched on for activity tracing).
    profiling: AtomicBool,
}

/// Live streams by handle (handles are never reused, so a stale one is detected).
static STREAMS: RwLock<Option<HashMap<u64, Arc<StreamCore>>>> = RwLock::new(None);
static NEXT_HANDLE: AtomicU64 = AtomicU64::new(1);

/// Handles are opaque non-pointer values: distinct from HIP's special stream handles (0, 1, 2)
/// and from anything a program could have allocated.
const STREAM_HANDLE_BASE: u64 = 0x5354_0000_0000_0000;

/// `hipStreamLegacy`: the legacy null stream, by name.
pub const STREAM_LEGACY: u64 = 1;
/// `hipStreamPerThread`: the calling thread's default stream.
pub const STREAM_PER_THREAD: u64 = 2;

thread_local! {
    /// Per-thread default streams, by device; destroyed (after draining) at thread exit.
    static PER_THREAD: PerThreadStreams = const { PerThreadStreams(std::cell::RefCell::new(Vec::new())) };
}

struct PerThreadStreams(std::cell::RefCell<Vec<(usize, u64)>>);

impl Drop for PerThreadStreams {
    fn drop(&mut self) {
        for (_, handle) in self.0.borrow().iter() {
            let _ = StreamCore::destroy(*handle);
        }
    }
}

/// Resolves a `hipStream_t`: 0 and `hipStreamLegacy` are the current device's null stream,
/// `hipStreamPerThread` the thread's default stream, anything else a created stream.
pub fn resolve(handle: u64) -> HipResult<Arc<StreamCore>> {
    match handle {
        0 | STREAM_LEGACY => {
            let rt = Runtime::get()?;
            rt.null_stream(rt.current_device()?).cloned()
        }
        STREAM_PER_THREAD => {
            let rt = Runtime::get()?;
            let device = rt.current_device()?;
            if let Some(h) = PER_THREAD.with(|p| {
                p.0.borrow()
                    .iter()
                    .find(|(d, _)| *d == device)
                    .map(|(_, h)| *h)
            }) {
                match lookup(h) {
                    Ok(s) => return Ok(s),
                    // Destroyed by hipDeviceReset: forget it and make a new one.
                    Err(_) => PER_THREAD.with(|p| p.0.borrow_mut().retain(|(_, x)| *x != h)),
                }
            }
            // Blocking: it synchronises with the legacy null stream (CUDA semantics).
            let stream = StreamCore::create(rt, device, 0, 0)?;
            PER_THREAD.with(|p| p.0.borrow_mut().push((device, stream.handle)));
            Ok(stream)
        }
        _ => lookup(handle),
    }
}

/// Destroys every created stream of device `ordinal` (`hipDeviceReset`), after its work.
/// A thread's per-thread default stream among them is recreated when next used.
pub fn destroy_device_streams(ordinal: usize) {
    let handles: Vec<u64> = STREAMS.read().as_ref().map_or_else(Vec::new, |m| {
        m.values()
            .filter(|s| s.device == ordinal)
            .map(|s| s.handle)
            .collect()
    });
    for h in handles {
        let _ = StreamCore::destroy(h);
    }
}

/// Streams destroyed so far: a [`LAST_LOOKUP`] entry made before the latest destruction
/// may name a destroyed stream, and is not used.
static DESTROYED: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// The created stream this thread looked up last, `(handle, DESTROYED at the time,
    /// stream)`: launching into the same stream again then costs no lock or hash. A weak
    /// reference, so that the cache never keeps a destroyed stream's queue alive.
    static LAST_LOOKUP: RefCell<(u64, u64, Weak<StreamCore>)> =
        const { RefCell::new((0, 0, Weak::new())) };
}

/// Looks up a created stream by handle.
pub fn lookup(handle: u64) -> HipResult<Arc<StreamCore>> {
    let destroyed = DESTROYED.load(Ordering::Acquire);
    let cached = LAST_LOOKUP.with(|c| {
        let c = c.borrow();
        if c.0 == handle && c.1 == destroyed {
            c.2.upgrade()
        } else {
            None
        }
    });
    if let Some(stream) = cached {
        return Ok(stream);
    }
    let stream = STREAMS
        .read()
        .as_ref()
        .and_then(|m| m.get(&handle).cloned())
        .ok_or(HipError::InvalidHandle)?;
    LAST_LOOKUP.with(|c| *c.borrow_mut() = (handle, destroyed, Arc::downgrade(&stream)));
    Ok(stream)
}

/// Created streams of device `ordinal`, for a device-wide synchronisation. A stream in a
/// capture sequence is left out: its work from before the capture is waited for here, and
/// it has nothing else to wait for (captured work does not run). Synchronising it would
/// invalidate the capture, which a device-wide synchronisation that the capture mode
/// allows (`hipFree` from another thread during a thread-local capture) must not do.
pub fn live_streams(ordinal: usize) -> Vec<Arc<StreamCore>> {
    let all: Vec<Arc<StreamCore>> = STREAMS.read().as_ref().map_or_else(Vec::new, |m| {
        m.values()
            .filter(|s| s.device == ordinal)
            .cloned()
            .collect()
    });
    all.into_iter()
        .filter(|s| {
            if !s.is_capturing() {
                return true;
            }
            let pos = s.position();
            let _ = s.wait_for(&pos);
            false
        })
        .collect()
}

impl StreamCore {
    /// Creates a stream (its queue and processor thread).
    pub(crate) fn new(
        rt: &Runtime,
        device: usize,
        kind: StreamKind,
        flags: u32,
        priority: i32,
    ) -> HipResult<Arc<StreamCore>> {
        let queue = hsa::Queue::new(rt.device_agent(device)?, QUEUE_SIZE, QueueType::Multi)
            .map_err(|_| HipError::OutOfMemory)?;
        // Event records read their completion time from the signal (queue profiling).
        queue.object().set_profiling(true);
        let counter = Signal::new(0).map_err(|_| HipError::OutOfMemory)?;
        let id = NEXT_HANDLE.fetch_add(1, Ordering::Relaxed);
        Ok(Arc::new(StreamCore {
            handle: STREAM_HANDLE_BASE | (id << 4),
            device,
            kind,
            flags,
            priority,
            queue,
            counter,
            submitted: AtomicU64::new(0),
            submit_lock: Mutex::new(()),
            tail_event: Mutex::new(None),
            has_tail_event: AtomicBool::new(false),
            kernargs: KernargRing::new(QUEUE_SIZE as usize),
            keep_alive: Mutex::new(VecDeque::new()),
            capture: Mutex::new(None),
            capturing: AtomicBool::new(false),
            profiling: AtomicBool::new(false),
        }))
    }

    /// Creates a user stream and registers it (and, if blocking, with its device).
    pub fn create(
        rt: &Runtime,
        device: usize,
        flags: u32,
        priority: i32,
    ) -> HipResult<Arc<StreamCore>> {
        let kind = if flags & crate::STREAM_NON_BLOCKING != 0 {
            StreamKind::NonBlocking
        } else {
            StreamKind::Blocking
        };
        let stream = StreamCore::new(rt, device, kind, flags, priority)?;
        STREAMS
            .write()
            .get_or_insert_with(HashMap::new)
            .insert(stream.handle, Arc::clone(&stream));
        if kind == StreamKind::Blocking {
            let mut blocking = rt.device_state(device)?.blocking.lock();
            blocking.retain(|w| w.strong_count() > 0);
            blocking.push(Arc::downgrade(&stream));
        }
        Ok(stream)
    }

    /// `hipStreamDestroy`: the handle becomes invalid at once; work already queued still
    /// runs (the queue is drained before its resources go).
    pub fn destroy(handle: u64) -> HipResult<()> {
        let stream = STREAMS
            .write()
            .as_mut()
            .and_then(|m| m.remove(&handle))
            .ok_or(HipError::InvalidHandle)?;
        // After the removal: a lookup cached before it is stale from now on.
        DESTROYED.fetch_add(1, Ordering::Release);
        // Destroying a capturing stream invalidates its capture sequence (and ends it
        // when the stream began it: nobody can end it any more).
        if let Some(session) = stream.capture_session() {
            graph::stream_destroyed(&stream, &session);
            stream.set_capture(None);
        }
        // Dropping the last reference joins the processor; wait first so queued work runs.
        // A stream stopped by a failed kernel runs nothing more: destroying it succeeds
        // (its error was for its synchronisations; the stream is gone either way).
        let pos = stream.position();
        match stream.wait_for(&pos) {
            Err(HipError::LaunchFailure | HipError::Assert) => Ok(()),
            r => r,
        }
    }

    // ------------------------------------------------------------------------------
    // Stream capture (crates/hip/src/graph/capture.rs)

    /// The capture sequence this stream records into, if any.
    pub fn capture_session(&self) -> Option<Arc<CaptureSession>> {
        if !self.capturing.load(Ordering::Acquire) {
            return None;
        }
        self.capture.lock().clone()
    }

    /// Whether this stream is in a capture sequence (active or invalidated).
    pub fn is_capturing(&self) -> bool {
        self.capture_session().is_some()
    }

    pub(crate) fn set_capture(&self, session: Option<Arc<CaptureSession>>) {
        let mut slot = self.capture.lock();
        self.capturing.store(session.is_some(), Ordering::Release);
        *slot = session;
    }

    /// Leaves `session` if this stream is still in it.
    pub(crate) fn leave_capture(&self, session: &Arc<CaptureSession>) {
        let mut slot = self.capture.lock();
        if slot.as_ref().is_some_and(|s| Arc::ptr_eq(s, session)) {
            *slot = None;
            self.capturing.store(false, Ordering::Release);
        }
    }

    /// Records `make()` as a node of this stream's capture sequence instead of enqueuing
    /// it: `None` when the stream is not capturing (the caller enqueues), else the result.
    pub(crate) fn capture_op(&self, make: impl FnOnce() -> NodeKind) -> Option<HipResult<()>> {
        let session = self.capture_session()?;
        session.add_node(self, make())
    }

    /// Operations that cannot be captured (synchronous ones, queries, host callbacks
    /// without a replayable function): on a capturing stream they fail with
    /// `hipErrorStreamCaptureUnsupported` and invalidate the capture, as in HIP and CUDA.
    /// On the legacy null stream they fail with `hipErrorStreamCaptureImplicit` while a
    /// blocking stream of the device is capturing (that capture is invalidated too).
    pub fn refuse_while_capturing(&self) -> HipResult<()> {
        if let Some(session) = self.capture_session() {
            session.invalidate();
            return Err(HipError::StreamCaptureUnsupported);
        }
        if self.kind == StreamKind::Null {
            self.check_legacy_capture(Runtime::get()?)?;
        }
        Ok(())
    }

    /// [`StreamCore::check_legacy_capture`] without invalidating anything (queries).
    pub(crate) fn check_legacy_capture_quiet(&self) -> HipResult<()> {
        if !graph::any_capture_active() {
            return Ok(());
        }
        let rt = Runtime::get()?;
        let capturing = rt
            .device_state(self.device)?
            .blocking
            .lock()
            .iter()
            .filter_map(|w| w.upgrade())
            .any(|s| s.is_capturing());
        if capturing {
            Err(HipError::StreamCaptureImplicit)
        } else {
            Ok(())
        }
    }

    /// The legacy stream synchronises with every blocking stream: while one of them is
    /// capturing, that would make the legacy stream depend on captured work.
    fn check_legacy_capture(&self, rt: &Runtime) -> HipResult<()> {
        if !graph::any_capture_active() {
            return Ok(());
        }
        let capturing: Vec<Arc<StreamCore>> = rt
            .device_state(self.device)?
            .blocking
            .lock()
            .iter()
            .filter_map(|w| w.upgrade())
            .filter(|s| s.capturing.load(Ordering::Acquire))
            .collect();
        let mut refused = false;
        for s in capturing {
            if let Some(session) = s.capture_session() {
                session.invalidate();
                refused = true;
            }
        }
        if refused {
            Err(HipError::StreamCaptureImplicit)
        } else {
            Ok(())
        }
    }

    /// `hipStreamQuery`: `Ok` when idle, `hipErrorNotReady` while work is pending,
    /// `hipErrorStreamCaptureUnsupported` on a capturing stream (invalidating the capture).
    pub fn query(&self) -> HipResult<()> {
        self.refuse_while_capturing()?;
        // A stopped queue never becomes idle: its error is the answer.
        self.check_queue()?;
        if self.is_idle() {
            Ok(())
        } else {
            Err(HipError::NotReady)
        }
    }

    /// A mark after everything submitted to this stream so far.
    pub(crate) fn mark(self: &Arc<Self>) -> StreamMark {
        StreamMark {
            stream: Arc::clone(self),
            pos: self.position(),
        }
    }

    /// Makes later work on this stream wait (on the agent) for `mark`; a no-op when the
    /// mark is on this stream (stream order) or already reached. Called with the
    /// submission lock held.
    pub(crate) fn wait_mark_locked(&self, mark: &StreamMark) -> HipResult<()> {
        if std::ptr::eq(Arc::as_ptr(&mark.stream), self) || mark.is_done() {
            return Ok(());
        }
        self.wait_stream_position_locked(&mark.stream, &mark.pos)
    }

    /// [`StreamCore::wait_mark_locked`] as a submission of its own.
    pub(crate) fn wait_mark(&self, mark: &StreamMark) -> HipResult<()> {
        self.submit(|| self.wait_mark_locked(mark))
    }

    /// Keeps `object` alive until every packet submitted so far has completed. Called with
    /// the submission lock held.
    pub(crate) fn keep_until_done_locked(&self, object: Arc<dyn Any + Send + Sync>) {
        let done = self.completed();
        let mut keep = self.keep_alive.lock();
        while keep.front().is_some_and(|(n, _)| *n <= done) {
            keep.pop_front();
        }
        keep.push_back((self.submitted.load(Ordering::Relaxed), object));
    }

    fn position(&self) -> Position {
        let submitted = self.submitted.load(Ordering::Acquire);
        // A record published concurrently may be missed, as with the lock alone.
        let tail_event = if self.has_tail_event.load(Ordering::Acquire) {
            self.tail_event.lock().clone()
        } else {
            None
        };
        Position {
            submitted,
            tail_event,
        }
    }

    fn completed(&self) -> u64 {
        (-self.counter.load(MemoryOrder::Acquire)).max(0) as u64
    }

    fn is_done(&self, pos: &Position) -> bool {
        self.completed() >= pos.submitted && pos.tail_event.as_ref().is_none_or(|e| e.is_done())
    }

    /// `hipStreamQuery`: `true` when everything submitted so far has completed (queued or
    /// running work counts as not done).
    pub fn is_idle(&self) -> bool {
        self.is_done(&self.position())
    }

    /// `hipStreamSynchronize`: blocks (spinning briefly, then sleeping) until everything
    /// submitted before the call has completed.
    pub fn synchronize(&self) -> HipResult<()> {
        // Synchronising a capturing stream is invalid (it invalidates the capture);
        // synchronising the legacy stream is a "potentially unsafe" call during capture.
        if self.kind == StreamKind::Null {
            graph::check_unsafe_call()?;
        }
        self.refuse_while_capturing()?;
        // The legacy null stream waits for every blocking stream of its device as well
        // (ROCm waits for the active streams, CUDA's legacy stream likewise): work queued
        // on a blocking stream or on hipStreamPerThread before the call is done after it.
        let blocking: Vec<(Arc<StreamCore>, Position)> = if self.kind == StreamKind::Null {
            Runtime::get()?
                .device_state(self.device)?
                .blocking
                .lock()
                .iter()
                .filter_map(|w| w.upgrade())
                .map(|s| {
                    let pos = s.position();
                    (s, pos)
                })
                .collect()
        } else {
            Vec::new()
        };
        let pos = self.position();
        self.wait_for(&pos)?;
        for (stream, pos) in &blocking {
            stream.wait_for(pos)?;
        }
        // A synchronisation point: pools release what their threshold says they should.
        crate::mempool::release_completed();
        Ok(())
    }

    fn wait_for(&self, pos: &Position) -> HipResult<()> {
        if pos.submitted > 0 {
            let done_below = -(pos.submitted as i64) + 1;
            // Waits in slices: once the packet processor has made the queue inactive (a
            // rejected packet, a failed kernel) the remaining packets never complete, and
            // the wait must end with the error rather than hang.
            while self.counter.wait(
                Condition::Lt,
                done_below,
                Some(QUEUE_CHECK_INTERVAL),
                WaitState::Blocked,
            ) >= done_below
            {
                self.check_queue()?;
            }
        }
        if let Some(e) = &pos.tail_event {
            e.wait()?;
        }
        self.check_queue()
    }

    /// The HSA queue under this stream.
    pub(crate) fn queue_object(&self) -> &Arc<hsa::core::queue::QueueObject> {
        self.queue.object()
    }

    fn check_queue(&self) -> HipResult<()> {
        queue_error(self.queue.object())
    }

    /// Publishes one packet built by `build(index, completion)`; `tracked` packets complete
    /// the stream's counter. Must be called with the submission lock held.
    fn publish_locked(
        &self,
        tracked: bool,
        build: impl FnOnce(u64, u64) -> RawPacket,
    ) -> HipResult<u64> {
        // A stopped queue takes no packets: the stream's error (assert or launch failure).
        let index = self
            .queue
            .reserve()
            .map_err(|_| self.check_queue().err().unwrap_or(HipError::LaunchFailure))?;
        let completion = if tracked { self.counter.handle() } else { 0 };
        let packet = build(index, completion);
        // SAFETY: `index` was reserved above and its slot is free; the packet's contents
        // (addresses, kernel objects) were validated by the caller, which keeps what they
        // refer to alive until completion (keep_alive, kernarg ring, caller contracts).
        unsafe { self.queue.publish_raw(index, &packet) };
        if tracked {
            self.submitted.fetch_add(1, Ordering::Release);
            // Only submitters (holding the submission lock, as here) write the flag.
            if self.has_tail_event.load(Ordering::Relaxed) {
                let mut tail = self.tail_event.lock();
                *tail = None;
                self.has_tail_event.store(false, Ordering::Release);
            }
        }
        Ok(index)
    }

    fn keep(&self, object: Arc<dyn Any + Send + Sync>) {
        let done = self.completed();
        let mut keep = self.keep_alive.lock();
        while keep.front().is_some_and(|(n, _)| *n <= done) {
            keep.pop_front();
        }
        // Released once the next tracked packet (the one that waits) has completed.
        keep.push_back((self.submitted.load(Ordering::Relaxed) + 1, object));
    }

    /// Legacy default-stream semantics: before work on the null stream, wait for every
    /// blocking stream of the device; before work on a blocking stream, wait for the null
    /// stream. Called with the submission lock held.
    fn order_with_default_stream(&self, rt: &Runtime) -> HipResult<()> {
        if self.kind == StreamKind::Null {
            self.check_legacy_capture(rt)?;
        }
        let others: Vec<Arc<StreamCore>> = match self.kind {
            StreamKind::NonBlocking => return Ok(()),
            // The launch path's common case: no list to build.
            StreamKind::Blocking => {
                return match rt.existing_null_stream(self.device) {
                    Some(null) => self.order_after_locked(null),
                    None => Ok(()),
                };
            }
            StreamKind::Null => rt
                .device_state(self.device)?
                .blocking
                .lock()
                .iter()
                .filter_map(|w| w.upgrade())
                .collect(),
        };
        for other in others {
            self.order_after_locked(&other)?;
        }
        Ok(())
    }

    /// Makes this stream's next packet wait for `other`'s work so far (unless that is done,
    /// or `other` is this stream). Called with the submission lock held.
    fn order_after_locked(&self, other: &Arc<StreamCore>) -> HipResult<()> {
        if std::ptr::eq(Arc::as_ptr(other), self) {
            return Ok(());
        }
        let pos = other.position();
        if other.is_done(&pos) {
            return Ok(());
        }
        self.wait_stream_position_locked(other, &pos)
    }

    /// Makes this stream wait (on the agent, not the host) until `other` reaches `pos`.
    fn wait_stream_position_locked(
        &self,
        other: &Arc<StreamCore>,
        pos: &Position,
    ) -> HipResult<()> {
        if pos.submitted > 0 {
            self.keep(Arc::clone(other) as Arc<dyn Any + Send + Sync>);
            let signal = other.counter.handle();
            let value = -(pos.submitted as i64) + 1;
            self.publish_locked(true, |_, completion| {
                RawPacket::from_packet(&AmdBarrierValuePacket {
                    header: packet_header(packet_type::VENDOR_SPECIFIC),
                    amd_format: AMD_PACKET_TYPE_BARRIER_VALUE,
                    signal,
                    value,
                    mask: -1,
                    cond: Condition::Lt as u32,
                    completion_signal: completion,
                    ..AmdBarrierValuePacket::default()
                })
            })?;
        }
        if let Some(e) = &pos.tail_event {
            self.wait_event_locked(e)?;
        }
        Ok(())
    }

    pub(crate) fn wait_event_locked(&self, record: &Arc<EventRecord>) -> HipResult<()> {
        if record.is_done() {
            return Ok(());
        }
        self.keep(Arc::clone(record) as Arc<dyn Any + Send + Sync>);
        let dep = record.signal_handle();
        self.publish_locked(true, |_, completion| {
            let mut dep_signal = [0u64; 5];
            dep_signal[0] = dep;
            RawPacket::from_packet(&BarrierPacket {
                header: packet_header(packet_type::BARRIER_AND),
                dep_signal,
                completion_signal: completion,
                ..BarrierPacket::default()
            })
        })?;
        Ok(())
    }

    /// Runs `f` with the submission lock held, after the implicit default-stream waits.
    pub(crate) fn submit<R>(&self, f: impl FnOnce() -> HipResult<R>) -> HipResult<R> {
        let rt = Runtime::get()?;
        let _guard = self.submit_lock.lock();
        self.check_queue()?;
        self.order_with_default_stream(rt)?;
        f()
    }

    /// Enqueues a kernel dispatch. `grid` is in work-groups, `block` in work-items; the
    /// caller has validated the configuration against the kernel and the device.
    pub(crate) fn launch(
        &self,
        kernel_object: u64,
        grid: [u32; 3],
        block: [u32; 3],
        group_segment_size: u32,
        kernarg: &[u8],
    ) -> HipResult<()> {
        if kernarg.len() > KERNARG_SLOT_SIZE {
            return Err(HipError::InvalidValue);
        }
        for d in 0..3 {
            grid[d]
                .checked_mul(block[d])
                .ok_or(HipError::InvalidConfiguration)?;
        }
        let node = || {
            NodeKind::Kernel(KernelNode::captured(
                kernel_object,
                grid,
                block,
                group_segment_size,
                kernarg,
            ))
        };
        if let Some(done) = graph::sink_node(node) {
            return done;
        }
        if let Some(done) = self.capture_op(node) {
            return done;
        }
        self.submit(|| {
            self.publish_kernel_locked(kernel_object, grid, block, group_segment_size, kernarg)
        })
    }

    /// Submits a launch checked by [`Kernel::prepare`](crate::kernel::Kernel::prepare): a
    /// kernel-dispatch packet, or a kernel node while the stream captures. Nothing is
    /// checked again.
    pub(crate) fn submit_launch(&self, launch: &PreparedLaunch) -> HipResult<()> {
        if let Some(done) = self.capture_op(|| NodeKind::Kernel(launch.node())) {
            return done;
        }
        self.submit(|| self.publish_prepared_locked(launch))
    }

    /// Submits a checked cooperative launch (CPU platform): its packet carries `coop`, the
    /// handle of its registered `cpu_engine::Cooperative`. Not capturable: a capturing
    /// stream refuses it (`hipErrorStreamCaptureUnsupported`).
    pub(crate) fn submit_cooperative(&self, launch: &PreparedLaunch, coop: u64) -> HipResult<()> {
        self.refuse_while_capturing()?;
        self.submit(|| self.publish_launch_locked(launch, coop))
    }

    /// Publishes a kernel dispatch (validated by the caller). Called with the submission
    /// lock held.
    pub(crate) fn publish_kernel_locked(
        &self,
        kernel_object: u64,
        grid: [u32; 3],
        block: [u32; 3],
        group_segment_size: u32,
        kernarg: &[u8],
    ) -> HipResult<()> {
        self.publish_cooperative_kernel_locked(
            kernel_object,
            grid,
            block,
            group_segment_size,
            kernarg,
            0,
        )
    }

    /// [`StreamCore::publish_kernel_locked`] carrying `coop`, a registered
    /// `cpu_engine::Cooperative` (0: an ordinary dispatch; a graph's cooperative kernel
    /// node otherwise).
    pub(crate) fn publish_cooperative_kernel_locked(
        &self,
        kernel_object: u64,
        grid: [u32; 3],
        block: [u32; 3],
        group_segment_size: u32,
        kernarg: &[u8],
        coop: u64,
    ) -> HipResult<()> {
        if kernarg.len() > KERNARG_SLOT_SIZE {
            return Err(HipError::InvalidValue);
        }
        for d in 0..3 {
            grid[d]
                .checked_mul(block[d])
                .ok_or(HipError::InvalidConfiguration)?;
        }
        let launch = PreparedLaunch {
            kernel_object,
            grid,
            block,
            group_segment_size,
            kernarg,
        };
        self.publish_launch_locked(&launch, coop)
    }

    /// Publishes a checked launch's kernel dispatch. Called with the submission lock held.
    fn publish_prepared_locked(&self, launch: &PreparedLaunch) -> HipResult<()> {
        self.publish_launch_locked(launch, 0)
    }

    /// [`StreamCore::publish_prepared_locked`] with the packet's `reserved2` (ferrocm's
    /// cooperative-launch handle on the CPU agent; 0 for an ordinary dispatch).
    fn publish_launch_locked(&self, launch: &PreparedLaunch, coop: u64) -> HipResult<()> {
        let PreparedLaunch {
            kernel_object,
            grid,
            block,
            group_segment_size,
            kernarg,
        } = *launch;
        // Checked by `prepare` too; kept here since the slot write below relies on it.
        if kernarg.len() > KERNARG_SLOT_SIZE {
            return Err(HipError::InvalidValue);
        }
        // `grid * block` fits `u32` in every dimension (checked by `prepare`).
        let grid_items = [
            grid[0].wrapping_mul(block[0]),
            grid[1].wrapping_mul(block[1]),
            grid[2].wrapping_mul(block[2]),
        ];
        let dims: u16 = if grid_items[2] > 1 || block[2] > 1 {
            3
        } else if grid_items[1] > 1 || block[1] > 1 {
            2
        } else {
            1
        };
        let span = crate::activity::sink().map(|sink| {
            with_kernel_object(kernel_object, |object| {
                sink.kernel_dispatch(&crate::activity::KernelDispatch {
                    name: object.map_or("", |o| o.name.as_str()),
                    device: self.device,
                    stream: self.handle,
                    workgroup: block,
                    grid: grid_items,
                    group_segment_size,
                    private_segment_size: object
                        .map_or(0, |o| o.engine_kernel.static_private_segment_size),
                })
            })
        });
        self.stamped_locked(span, true, || {
            self.publish_dispatch_locked(launch, coop, dims, grid_items)
        })
    }

    /// Publishes the kernel-dispatch packet of [`StreamCore::publish_launch_locked`].
    fn publish_dispatch_locked(
        &self,
        launch: &PreparedLaunch,
        coop: u64,
        dims: u16,
        grid_items: [u32; 3],
    ) -> HipResult<()> {
        let PreparedLaunch {
            kernel_object,
            block,
            group_segment_size,
            kernarg,
            ..
        } = *launch;
        self.publish_locked(true, |index, completion| {
            // SAFETY: `index` is ours until published; the size was checked above.
            let args = unsafe { self.kernargs.write(index, kernarg) };
            RawPacket::from_packet(&KernelDispatchPacket {
                header: packet_header(packet_type::KERNEL_DISPATCH),
                setup: dims,
                workgroup_size_x: block[0] as u16,
                workgroup_size_y: block[1] as u16,
                workgroup_size_z: block[2] as u16,
                grid_size_x: grid_items[0],
                grid_size_y: grid_items[1],
                grid_size_z: grid_items[2],
                group_segment_size,
                kernel_object,
                kernarg_address: args as u64,
                reserved2: coop,
                completion_signal: completion,
                ..KernelDispatchPacket::default()
            })
        })?;
        Ok(())
    }

    fn agent_dispatch(&self, type_: u16, arg: [u64; 4]) -> HipResult<()> {
        self.submit(|| self.publish_agent_locked(type_, arg))
    }

    /// Publishes one agent-dispatch packet. Called with the submission lock held.
    fn publish_agent_locked(&self, type_: u16, arg: [u64; 4]) -> HipResult<()> {
        self.publish_locked(true, |_, completion| {
            RawPacket::from_packet(&AgentDispatchPacket {
                header: packet_header(packet_type::AGENT_DISPATCH),
                type_,
                arg,
                completion_signal: completion,
                ..AgentDispatchPacket::default()
            })
        })?;
        Ok(())
    }

    /// Publishes a 3-D copy: one copy packet when the rows (or slices) allow it, else one
    /// 2-D copy packet per slice. Called with the submission lock held.
    ///
    /// # Safety
    /// As for [`StreamCore::memcpy`], for every row.
    pub(crate) unsafe fn publish_copy_3d_locked(&self, c: &Copy3d) -> HipResult<()> {
        if c.is_empty() {
            return Ok(());
        }
        let bytes = (c.width as u64) * (c.height as u64) * (c.depth as u64);
        // SAFETY: forwarded from the caller.
        self.copy_locked(c.dst, c.src, bytes, false, || unsafe {
            self.publish_copy_3d_packets_locked(c)
        })
    }

    /// The packets of [`StreamCore::publish_copy_3d_locked`].
    ///
    /// # Safety
    /// As for [`StreamCore::publish_copy_3d_locked`].
    unsafe fn publish_copy_3d_packets_locked(&self, c: &Copy3d) -> HipResult<()> {
        if c.slices_contiguous() {
            let rows = c.height * c.depth;
            // SAFETY: forwarded from the caller.
            return unsafe {
                self.publish_copy_2d_locked(c.dst, c.dst_pitch, c.src, c.src_pitch, c.width, rows)
            };
        }
        for z in 0..c.depth {
            // SAFETY: forwarded from the caller, slice by slice.
            unsafe {
                self.publish_copy_2d_locked(
                    c.dst + z * c.dst_slice,
                    c.dst_pitch,
                    c.src + z * c.src_slice,
                    c.src_pitch,
                    c.width,
                    c.height,
                )?;
            }
        }
        Ok(())
    }

    /// # Safety
    /// As for [`StreamCore::memcpy_2d`].
    unsafe fn publish_copy_2d_locked(
        &self,
        dst: usize,
        dst_pitch: usize,
        src: usize,
        src_pitch: usize,
        width: usize,
        height: usize,
    ) -> HipResult<()> {
        if height == 1 || (dst_pitch == width && src_pitch == width) {
            let size = width.checked_mul(height).ok_or(HipError::InvalidValue)?;
            let arg = [dst as u64, src as u64, size as u64, 0];
            return self.publish_agent_locked(agent_code::MEMCPY, arg);
        }
        let fits = |v: usize| u32::try_from(v).is_ok();
        if !(fits(dst_pitch) && fits(src_pitch) && fits(width) && fits(height)) {
            // The packet carries 32-bit pitches and extents: run larger copies row by row.
            for row in 0..height {
                let arg = [
                    (dst + row * dst_pitch) as u64,
                    (src + row * src_pitch) as u64,
                    width as u64,
                    0,
                ];
                self.publish_agent_locked(agent_code::MEMCPY, arg)?;
            }
            return Ok(());
        }
        self.publish_agent_locked(
            agent_code::MEMCPY_2D,
            [
                dst as u64,
                src as u64,
                ((dst_pitch as u64) << 32) | src_pitch as u64,
                ((height as u64) << 32) | width as u64,
            ],
        )
    }

    /// Publishes a fill: one fill packet when the bytes are contiguous, else one host-call
    /// packet that fills every row. Called with the submission lock held.
    ///
    /// # Safety
    /// As for [`StreamCore::memset`], for every row.
    pub(crate) unsafe fn publish_fill_locked(&self, f: &Fill3d) -> HipResult<()> {
        if f.is_empty() {
            return Ok(());
        }
        if f.contiguous() {
            let count = f.width * f.height * f.depth;
            let arg = [
                f.dst as u64,
                u64::from(f.value),
                count as u64,
                u64::from(f.element_size),
            ];
            return self.publish_agent_locked(agent_code::MEMSET, arg);
        }
        let fill = *f;
        // SAFETY: the caller guarantees every row until the packet has run.
        self.publish_host_locked(Box::new(move || unsafe { fill.run_now() }))
    }

    /// Publishes a host-call packet running `f`. Called with the submission lock held.
    pub(crate) fn publish_host_locked(&self, f: Box<dyn FnOnce() + Send>) -> HipResult<()> {
        let raw = Box::into_raw(Box::new(f));
        let trampoline: unsafe extern "C" fn(*mut std::ffi::c_void) = host_call_trampoline;
        let result = self.publish_agent_locked(
            agent_code::HOST_CALL,
            [trampoline as usize as u64, raw as u64, 0, 0],
        );
        if result.is_err() {
            // Not published: still ours to drop.
            // SAFETY: `raw` came from Box::into_raw above and no packet refers to it.
            drop(unsafe { Box::from_raw(raw) });
        }
        result
    }

    /// Enqueues a copy of `size` bytes.
    ///
    /// # Safety
    /// Both ranges must be valid (and not used in conflicting ways by the host) until the
    /// copy has run.
    pub(crate) unsafe fn memcpy(&self, dst: *mut u8, src: *const u8, size: usize) -> HipResult<()> {
        if size == 0 {
            return Ok(());
        }
        let node = || NodeKind::Memcpy(MemcpyNode::linear(dst as usize, src as usize, size, 4));
        if let Some(done) = self.capture_op(node) {
            return done;
        }
        let arg = [dst as u64, src as u64, size as u64, 0];
        self.submit(|| {
            self.copy_locked(dst as usize, src as usize, size as u64, true, || {
                self.publish_agent_locked(agent_code::MEMCPY, arg)
            })
        })
    }

    /// Enqueues a fill of `count` elements of `element_size` (1, 2 or 4) bytes.
    ///
    /// # Safety
    /// As for [`StreamCore::memcpy`].
    pub(crate) unsafe fn memset(
        &self,
        dst: *mut u8,
        value: u32,
        count: usize,
        element_size: u32,
    ) -> HipResult<()> {
        if count == 0 {
            return Ok(());
        }
        let node =
            || NodeKind::Memset(MemsetNode::linear(dst as usize, value, element_size, count));
        if let Some(done) = self.capture_op(node) {
            return done;
        }
        self.agent_dispatch(
            agent_code::MEMSET,
            [
                dst as u64,
                u64::from(value),
                count as u64,
                u64::from(element_size),
            ],
        )
    }

    /// Enqueues a 2-D copy of `height` rows of `width` bytes.
    ///
    /// # Safety
    /// As for [`StreamCore::memcpy`], for every row.
    pub(crate) unsafe fn memcpy_2d(
        &self,
        dst: *mut u8,
        dst_pitch: usize,
        src: *const u8,
        src_pitch: usize,
        width: usize,
        height: usize,
    ) -> HipResult<()> {
        if width == 0 || height == 0 {
            return Ok(());
        }
        let copy = Copy3d {
            dst_base: dst as usize,
            src_base: src as usize,
            dst: dst as usize,
            dst_pitch,
            dst_slice: dst_pitch * height,
            src: src as usize,
            src_pitch,
            src_slice: src_pitch * height,
            width,
            height,
            depth: 1,
        };
        if let Some(done) = self.capture_op(|| NodeKind::Memcpy(MemcpyNode::from_copy(copy, 4))) {
            return done;
        }
        let fits = |v: usize| u32::try_from(v).is_ok();
        if !(fits(dst_pitch) && fits(src_pitch) && fits(width) && fits(height)) {
            // The packet carries 32-bit pitches and extents: run larger copies row by row.
            for row in 0..height {
                // SAFETY: forwarded from the caller's contract, row by row.
                unsafe {
                    self.memcpy(dst.add(row * dst_pitch), src.add(row * src_pitch), width)?;
                }
            }
            return Ok(());
        }
        let arg = [
            dst as u64,
            src as u64,
            ((dst_pitch as u64) << 32) | src_pitch as u64,
            ((height as u64) << 32) | width as u64,
        ];
        let bytes = (width as u64) * (height as u64);
        self.submit(|| {
            self.copy_locked(dst as usize, src as usize, bytes, true, || {
                self.publish_agent_locked(agent_code::MEMCPY_2D, arg)
            })
        })
    }

    /// Enqueues `f` to run on the stream's processor thread, in stream order. A one-shot
    /// function cannot be replayed by a graph: on a capturing stream this is
    /// `hipErrorStreamCaptureUnsupported` (and the capture is invalidated); use
    /// [`StreamCore::host_fn_shared`] for host functions that may be captured.
    pub fn host_fn(&self, f: impl FnOnce() + Send + 'static) -> HipResult<()> {
        if let Some(session) = self.capture_session() {
            session.invalidate();
            return Err(HipError::StreamCaptureUnsupported);
        }
        self.submit(|| self.publish_host_locked(Box::new(f)))
    }

    /// Enqueues `f` to run on the stream's processor thread, in stream order
    /// (`hipLaunchHostFunc`); on a capturing stream it becomes a host node that runs `f`
    /// at every launch of the graph.
    pub fn host_fn_shared(&self, f: Arc<dyn Fn() + Send + Sync>) -> HipResult<()> {
        if let Some(done) = self.capture_op(|| NodeKind::Host(graph::HostNode::new(Arc::clone(&f))))
        {
            return done;
        }
        self.submit(|| self.publish_host_locked(Box::new(move || f())))
    }

    /// Enqueues a 3-D copy (one operation; one graph node when capturing).
    ///
    /// # Safety
    /// As for [`StreamCore::memcpy`], for every row of both sides.
    pub(crate) unsafe fn memcpy_3d(&self, copy: &Copy3d) -> HipResult<()> {
        if copy.is_empty() {
            return Ok(());
        }
        if let Some(done) = self.capture_op(|| NodeKind::Memcpy(MemcpyNode::from_copy(*copy, 4))) {
            return done;
        }
        // SAFETY: forwarded from the caller.
        self.submit(|| unsafe { self.publish_copy_3d_locked(copy) })
    }

    /// Enqueues a 2-D or 3-D fill (one operation; one graph node when capturing).
    ///
    /// # Safety
    /// As for [`StreamCore::memset`], for every row.
    pub(crate) unsafe fn memset_3d(&self, fill: &Fill3d) -> HipResult<()> {
        if fill.is_empty() {
            return Ok(());
        }
        if let Some(done) = self.capture_op(|| NodeKind::Memset(MemsetNode::from_fill(*fill))) {
            return done;
        }
        // SAFETY: forwarded from the caller.
        self.submit(|| unsafe { self.publish_fill_locked(fill) })
    }

    /// `hipStreamWaitEvent`: later work on this stream waits for `record` (on the agent).
    /// During capture, waiting for an event recorded in a capture sequence joins (or forks
    /// into) that sequence instead.
    pub fn wait_event(&self, record: &Arc<EventRecord>) -> HipResult<()> {
        if let Some(done) = graph::capture_wait_event(self, record) {
            return done;
        }
        self.submit(|| self.wait_event_locked(record))
    }

    /// `hipEventRecord`: a barrier-AND packet completing the record's signal once every
    /// earlier packet of the stream has completed.
    pub(crate) fn record(&self, record: &Arc<EventRecord>) -> HipResult<()> {
        if let Some(session) = self.capture_session() {
            // In a capture sequence the record names the stream's current captured work.
            if let Some(done) = graph::capture_record(self, &session, record) {
                return done;
            }
        }
        self.submit(|| self.record_locked(record))
    }

    /// [`StreamCore::record`]'s packet (an event record node of a graph publishes it too).
    /// Called with the submission lock held.
    pub(crate) fn record_locked(&self, record: &Arc<EventRecord>) -> HipResult<()> {
        let signal = record.signal_handle();
        self.publish_locked(false, |_, _| {
            RawPacket::from_packet(&BarrierPacket {
                header: packet_header(packet_type::BARRIER_AND),
                completion_signal: signal,
                ..BarrierPacket::default()
            })
        })?;
        let mut tail = self.tail_event.lock();
        *tail = Some(Arc::clone(record));
        self.has_tail_event.store(true, Ordering::Release);
        Ok(())
    }

    /// True when this stream and every stream it implicitly waits for are idle, so a
    /// synchronous operation may run on the calling thread right away.
    pub(crate) fn idle_with_dependencies(&self, rt: &Runtime) -> HipResult<bool> {
        if !self.is_idle() {
            return Ok(false);
        }
        Ok(match self.kind {
            StreamKind::NonBlocking => true,
            StreamKind::Blocking => rt
                .existing_null_stream(self.device)
                .is_none_or(|n| n.is_idle()),
            StreamKind::Null => rt
                .device_state(self.device)?
                .blocking
                .lock()
                .iter()
                .filter_map(|w| w.upgrade())
                .all(|s| s.is_idle()),
        })
    }
}

/// The header of every HIP packet: in order (barrier bit), system-scope fences.
fn packet_header(kind: u8) -> u16 {
    u16::from(kind)
        | (1 << header::BARRIER_SHIFT)
        | (header::FENCE_SCOPE_SYSTEM << header::ACQUIRE_FENCE_SCOPE_SHIFT)
        | (header::FENCE_SCOPE_SYSTEM << header::RELEASE_FENCE_SCOPE_SHIFT)
}

/// Host-call packets carry a boxed closure; the processor calls this with it.
unsafe extern "C" fn host_call_trampoline(arg: *mut std::ffi::c_void) {
    // SAFETY: `arg` is the `Box<Box<dyn FnOnce>>` leaked by `host_fn`, called exactly once.
    let f = unsafe { Box::from_raw(arg.cast::<Box<dyn FnOnce() + Send>>()) };
    if std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).is_err() {
        eprintln!("ferrocm: a stream host function panicked");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A packet the processor rejects (a null kernel object) makes the queue inactive: its
    /// remaining packets never complete, so synchronising used to wait forever. It must
    /// return `hipErrorLaunchFailure`.
    #[test]
    fn synchronize_after_a_rejected_packet_fails_instead_of_hanging() {
        let rt = Runtime::get().expect("runtime");
        let s = StreamCore::new(rt, 0, StreamKind::NonBlocking, 0, 0).expect("stream");
        s.submit(|| s.publish_kernel_locked(0, [1, 1, 1], [1, 1, 1], 0, &[]))
            .expect("the packet is published; the processor rejects it");
        let (tx, rx) = std::sync::mpsc::channel();
        let waiter = Arc::clone(&s);
        std::thread::spawn(move || {
            let _ = tx.send(waiter.synchronize());
        });
        let r = rx
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("hipStreamSynchronize hung on an inactive queue");
        assert_eq!(r, Err(HipError::LaunchFailure));
        assert_eq!(s.synchronize(), Err(HipError::LaunchFailure));
    }

    /// The same for an event recorded behind the rejected packet (`hipEventSynchronize`).
    #[test]
    fn event_wait_after_a_rejected_packet_fails_instead_of_hanging() {
        let rt = Runtime::get().expect("runtime");
        let s = StreamCore::new(rt, 0, StreamKind::NonBlocking, 0, 0).expect("stream");
        let record = EventRecord::new(&s).expect("record");
        // A barrier on a closed gate first: the processor reaches the rejected packet only
        // after the record is published behind it (without the gate the processor could
        // reject the kernel and inactivate the queue before the record is published, and
        // the submission itself would fail: a race this test lost under load).
        let gate = hsa::core::signal::create(1, &[]).expect("gate signal");
        s.submit(|| {
            s.publish_locked(false, |_, _| {
                RawPacket::from_packet(&BarrierPacket {
                    header: packet_header(packet_type::BARRIER_AND),
                    dep_signal: [gate.handle(), 0, 0, 0, 0],
                    ..BarrierPacket::default()
                })
            })?;
            s.publish_kernel_locked(0, [1, 1, 1], [1, 1, 1], 0, &[])?;
            let signal = record.signal_handle();
            s.publish_locked(false, |_, _| {
                RawPacket::from_packet(&BarrierPacket {
                    header: packet_header(packet_type::BARRIER_AND),
                    completion_signal: signal,
                    ..BarrierPacket::default()
                })
            })
            .map(|_| ())
        })
        .expect("the gate, the rejected kernel and the record are published");
        gate.store(0, MemoryOrder::Release);
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(record.wait());
        });
        let r = rx
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("an event wait hung on an inactive queue");
        assert_eq!(r, Err(HipError::LaunchFailure));
        hsa::core::signal::destroy(gate.handle()).expect("destroy the gate");
    }
}
