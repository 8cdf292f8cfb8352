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
use std::cell::UnsafeCell;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use hsa::core::packet::{
    header, packet_type, AgentDispatchPacket, AmdBarrierValuePacket, BarrierPacket,
    KernelDispatchPacket, RawPacket, AMD_PACKET_TYPE_BARRIER_VALUE,
};
use hsa::signal::{Condition, MemoryOrder, WaitState};
use hsa::{QueueType, Signal};
use parking_lot::{Mutex, RwLock};

use crate::error::{HipError, HipResult};
use crate::event::EventRecord;
use crate::runtime::Runtime;

/// Packets per stream queue (more in flight makes the producer wait for a free slot).
const QUEUE_SIZE: u32 = 256;
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
    kernargs: KernargRing,
    /// Objects that in-flight packets refer to (signals of other streams and events),
    /// kept until the packet at the recorded position has completed.
    keep_alive: Mutex<VecDeque<(u64, Arc<dyn Any + Send + Sync>)>>,
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
                return lookup(h);
            }
            // Blocking: it synchronises with the legacy null stream (CUDA semantics).
            let stream = StreamCore::create(rt, device, 0, 0)?;
            PER_THREAD.with(|p| p.0.borrow_mut().push((device, stream.handle)));
            Ok(stream)
        }
        _ => lookup(handle),
    }
}

/// Looks up a created stream by handle.
pub fn lookup(handle: u64) -> HipResult<Arc<StreamCore>> {
    STREAMS
        .read()
        .as_ref()
        .and_then(|m| m.get(&handle).cloned())
        .ok_or(HipError::InvalidHandle)
}

/// Created streams of device `ordinal`.
pub fn live_streams(ordinal: usize) -> Vec<Arc<StreamCore>> {
    STREAMS.read().as_ref().map_or_else(Vec::new, |m| {
        m.values()
            .filter(|s| s.device == ordinal)
            .cloned()
            .collect()
    })
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
        rt.device(device)?;
        let queue = hsa::Queue::new(&rt.agent, QUEUE_SIZE, QueueType::Multi)
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
            kernargs: KernargRing::new(QUEUE_SIZE as usize),
            keep_alive: Mutex::new(VecDeque::new()),
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
        // Dropping the last reference joins the processor; wait first so queued work runs.
        stream.synchronize()
    }

    fn position(&self) -> Position {
        Position {
            submitted: self.submitted.load(Ordering::Acquire),
            tail_event: self.tail_event.lock().clone(),
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
        let pos = self.position();
        self.wait_for(&pos)
    }

    fn wait_for(&self, pos: &Position) -> HipResult<()> {
        if pos.submitted > 0 {
            let target = -(pos.submitted as i64);
            self.counter
                .wait(Condition::Lt, target + 1, None, WaitState::Blocked);
        }
        if let Some(e) = &pos.tail_event {
            e.wait();
        }
        self.check_queue()
    }

    fn check_queue(&self) -> HipResult<()> {
        if self.queue.state() == hsa::core::queue::QueueState::Active {
            Ok(())
        } else {
            // The packet processor rejected a packet or a kernel failed: HIP reports a
            // launch failure from then on.
            Err(HipError::LaunchFailure)
        }
    }

    /// Publishes one packet built by `build(index, completion)`; `tracked` packets complete
    /// the stream's counter. Must be called with the submission lock held.
    fn publish_locked(
        &self,
        tracked: bool,
        build: impl FnOnce(u64, u64) -> RawPacket,
    ) -> HipResult<u64> {
        let index = self.queue.reserve().map_err(|_| HipError::LaunchFailure)?;
        let completion = if tracked { self.counter.handle() } else { 0 };
        let packet = build(index, completion);
        // SAFETY: `index` was reserved above and its slot is free; the packet's contents
        // (addresses, kernel objects) were validated by the caller, which keeps what they
        // refer to alive until completion (keep_alive, kernarg ring, caller contracts).
        unsafe { self.queue.publish_raw(index, &packet) };
        if tracked {
            self.submitted.fetch_add(1, Ordering::Release);
            *self.tail_event.lock() = None;
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
        let others: Vec<Arc<StreamCore>> = match self.kind {
            StreamKind::NonBlocking => return Ok(()),
            StreamKind::Blocking => match rt.existing_null_stream(self.device) {
                Some(null) => vec![Arc::clone(null)],
                None => return Ok(()),
            },
            StreamKind::Null => rt
                .device_state(self.device)?
                .blocking
                .lock()
                .iter()
                .filter_map(|w| w.upgrade())
                .collect(),
        };
        for other in others {
            if std::ptr::eq(Arc::as_ptr(&other), self) {
                continue;
            }
            let pos = other.position();
            if other.is_done(&pos) {
                continue;
            }
            self.wait_stream_position_locked(&other, &pos)?;
        }
        Ok(())
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

    fn wait_event_locked(&self, record: &Arc<EventRecord>) -> HipResult<()> {
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
    fn submit<R>(&self, f: impl FnOnce() -> HipResult<R>) -> HipResult<R> {
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
        let mut grid_items = [1u32; 3];
        for d in 0..3 {
            grid_items[d] = grid[d]
                .checked_mul(block[d])
                .ok_or(HipError::InvalidConfiguration)?;
        }
        let dims: u16 = if grid_items[2] > 1 || block[2] > 1 {
            3
        } else if grid_items[1] > 1 || block[1] > 1 {
            2
        } else {
            1
        };
        self.submit(|| {
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
                    completion_signal: completion,
                    ..KernelDispatchPacket::default()
                })
            })?;
            Ok(())
        })
    }

    fn agent_dispatch(&self, type_: u16, arg: [u64; 4]) -> HipResult<()> {
        self.submit(|| {
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
        })
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
        self.agent_dispatch(agent_code::MEMCPY, [dst as u64, src as u64, size as u64, 0])
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
        self.agent_dispatch(
            agent_code::MEMCPY_2D,
            [
                dst as u64,
                src as u64,
                ((dst_pitch as u64) << 32) | src_pitch as u64,
                ((height as u64) << 32) | width as u64,
            ],
        )
    }

    /// Enqueues `f` to run on the stream's processor thread, in stream order.
    pub fn host_fn(&self, f: impl FnOnce() + Send + 'static) -> HipResult<()> {
        let boxed: Box<Box<dyn FnOnce() + Send>> = Box::new(Box::new(f));
        let raw = Box::into_raw(boxed);
        let trampoline: unsafe extern "C" fn(*mut std::ffi::c_void) = host_call_trampoline;
        let result = self.agent_dispatch(
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

    /// `hipStreamWaitEvent`: later work on this stream waits for `record` (on the agent).
    pub fn wait_event(&self, record: &Arc<EventRecord>) -> HipResult<()> {
        self.submit(|| self.wait_event_locked(record))
    }

    /// `hipEventRecord`: a barrier-AND packet completing the record's signal once every
    /// earlier packet of the stream has completed.
    pub(crate) fn record(&self, record: &Arc<EventRecord>) -> HipResult<()> {
        self.submit(|| {
            let signal = record.signal_handle();
            self.publish_locked(false, |_, _| {
                RawPacket::from_packet(&BarrierPacket {
                    header: packet_header(packet_type::BARRIER_AND),
                    completion_signal: signal,
                    ..BarrierPacket::default()
                })
            })?;
            *self.tail_event.lock() = Some(Arc::clone(record));
            Ok(())
        })
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
