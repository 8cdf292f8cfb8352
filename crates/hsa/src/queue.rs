//! User-mode AQL queues with typed packet writers.
//!
//! A [`Queue`] is created on an agent, destroyed on drop, and has writers for every
//! packet kind the CPU agent runs: kernel dispatches ([`Queue::dispatch`]), barrier-AND /
//! barrier-OR ([`Queue::barrier_and`], [`Queue::barrier_or`]), AMD barrier-value, and
//! agent dispatches (copies, fills, host closures: [`Queue::agent_dispatch`],
//! [`Queue::host_call`]). Each writer follows the HSA producer protocol: it reserves an
//! index with `add_write_index`, waits (yielding) while the queue is full, writes the
//! packet body, publishes the header with one release store and rings the doorbell. It
//! returns the packet's index. Queues are multi-producer: a `&Queue` may be shared by
//! threads.
//!
//! ```
//! use hsa::signal::MemoryOrder;
//! use hsa::{Queue, QueueType, Runtime, Signal};
//! use std::sync::atomic::{AtomicU32, Ordering};
//! use std::sync::Arc;
//!
//! let rt = Runtime::init()?;
//! let cpu = rt.cpu_agent()?;
//! let queue = Queue::with_error_callback(&cpu, 64, QueueType::Multi, |status| {
//!     eprintln!("queue error: {status}");
//! })?;
//!
//! let hits = Arc::new(AtomicU32::new(0));
//! let done = Signal::new(1)?;
//! let h = hits.clone();
//! queue.host_call(move || { h.fetch_add(1, Ordering::Relaxed); }, None)?;
//! // A barrier-AND with no dependency completes once the packets before it ran.
//! let index = queue.barrier_and(&[], Some(&done))?;
//! assert_eq!(index, 1);
//! done.wait_eq(0);
//! assert_eq!(hits.load(Ordering::Relaxed), 1);
//! assert_eq!(queue.load_read_index(MemoryOrder::Acquire), 2);
//! # Ok::<(), hsa::HsaError>(())
//! ```

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashSet;
use std::ffi::c_void;
use std::fmt;
use std::marker::PhantomData;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use parking_lot::Mutex;

use crate::agent::{Agent, QueueType};
use crate::core::cpu::processor::agent_dispatch as codes;
use crate::core::packet::{
    self, header, packet_type, AgentDispatchPacket, AmdBarrierValuePacket, BarrierPacket, Header,
    KernelDispatchPacket, RawPacket, AMD_PACKET_TYPE_BARRIER_VALUE,
};
use crate::core::queue::{self as core_queue, HsaQueue, QueueObject, QueueState};
use crate::executable::KernelSymbol;
use crate::memory::{DeviceCopy, PoolBuffer};
use crate::signal::{Condition, MemoryOrder, Signal};
use crate::status::{HsaError, HsaResult, Status};

/// `hsa_fence_scope_t`: how far the memory effects around a packet are made visible.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(u16)]
pub enum FenceScope {
    /// No fence.
    None = header::FENCE_SCOPE_NONE,
    /// The agent that runs the packet.
    Agent = header::FENCE_SCOPE_AGENT,
    /// The whole system (host included).
    #[default]
    System = header::FENCE_SCOPE_SYSTEM,
}

/// The options every packet header carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PacketHeader {
    /// Launch only after every earlier packet of the queue completed.
    pub barrier: bool,
    /// Acquire fence at launch.
    pub acquire_fence: FenceScope,
    /// Release fence at completion.
    pub release_fence: FenceScope,
}

impl Default for PacketHeader {
    fn default() -> PacketHeader {
        PacketHeader {
            barrier: false,
            acquire_fence: FenceScope::System,
            release_fence: FenceScope::System,
        }
    }
}

impl PacketHeader {
    fn encode(self, packet_type: u8) -> u16 {
        Header::new(
            packet_type,
            self.barrier,
            self.acquire_fence as u16,
            self.release_fence as u16,
        )
        .0
    }
}

/// The kernel-argument address of a dispatch: none, a raw address, or a [`PoolBuffer`].
#[derive(Clone, Copy)]
pub struct Kernarg<'a> {
    ptr: *const c_void,
    _borrow: PhantomData<&'a ()>,
}

// SAFETY: a `Kernarg` is only an address written into packets; safe code never
// dereferences it (dispatching is `unsafe` and carries the validity contract).
unsafe impl Send for Kernarg<'_> {}
// SAFETY: as for `Send`: shared access only copies the address.
unsafe impl Sync for Kernarg<'_> {}

impl Kernarg<'_> {
    /// No kernel arguments (a null `kernarg_address`).
    pub const NONE: Kernarg<'static> = Kernarg {
        ptr: std::ptr::null(),
        _borrow: PhantomData,
    };

    /// A raw kernarg address.
    pub fn from_ptr(ptr: *const c_void) -> Kernarg<'static> {
        Kernarg {
            ptr,
            _borrow: PhantomData,
        }
    }

    /// The address written into the packet.
    pub fn as_ptr(&self) -> *const c_void {
        self.ptr
    }
}

impl Default for Kernarg<'_> {
    fn default() -> Self {
        Kernarg::NONE
    }
}

impl fmt::Debug for Kernarg<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Kernarg({:p})", self.ptr)
    }
}

impl<'a, T: DeviceCopy> From<&'a PoolBuffer<T>> for Kernarg<'a> {
    fn from(buffer: &'a PoolBuffer<T>) -> Kernarg<'a> {
        Kernarg {
            ptr: buffer.as_ptr().cast(),
            _borrow: PhantomData,
        }
    }
}

/// A kernel-dispatch packet (`hsa_kernel_dispatch_packet_t`), field by field.
///
/// `Default` gives a 1-D dispatch of one work-item with no kernel (`kernel_object` 0,
/// which the packet processor rejects): fill in at least the kernel and the sizes.
#[derive(Debug, Clone, Copy)]
pub struct KernelDispatch<'a> {
    /// `HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT` of the kernel ([`KernelSymbol::kernel_object`]).
    pub kernel_object: u64,
    /// Number of dimensions (1, 2 or 3), the `setup` field.
    pub dimensions: u16,
    /// Work-items per work-group in each dimension (1 in unused dimensions).
    pub workgroup_size: [u16; 3],
    /// Work-items in the grid in each dimension (1 in unused dimensions).
    pub grid_size: [u32; 3],
    /// Group memory per work-group in bytes (at least the kernel's static size; more
    /// gives dynamic group memory).
    pub group_segment_size: u32,
    /// Private memory per work-item in bytes.
    pub private_segment_size: u32,
    /// Kernel arguments.
    pub kernarg: Kernarg<'a>,
    /// Decremented by 1 when the dispatch completes.
    pub completion_signal: Option<&'a Signal>,
    /// Barrier bit and fences.
    pub header: PacketHeader,
}

impl Default for KernelDispatch<'_> {
    fn default() -> Self {
        KernelDispatch {
            kernel_object: 0,
            dimensions: 1,
            workgroup_size: [1, 1, 1],
            grid_size: [1, 1, 1],
            group_segment_size: 0,
            private_segment_size: 0,
            kernarg: Kernarg::NONE,
            completion_signal: None,
            header: PacketHeader::default(),
        }
    }
}

impl<'a> KernelDispatch<'a> {
    /// A dispatch of `kernel` with its static segment sizes and a 1-D grid of one item.
    pub fn new(kernel: &KernelSymbol) -> KernelDispatch<'a> {
        KernelDispatch {
            kernel_object: kernel.kernel_object,
            group_segment_size: kernel.group_segment_size,
            private_segment_size: kernel.private_segment_size,
            ..KernelDispatch::default()
        }
    }

    /// Sets a 1-D grid of `grid` work-items in groups of `workgroup`.
    pub fn grid_1d(mut self, grid: u32, workgroup: u16) -> Self {
        self.dimensions = 1;
        self.grid_size = [grid, 1, 1];
        self.workgroup_size = [workgroup, 1, 1];
        self
    }

    /// Sets a 2-D grid.
    pub fn grid_2d(mut self, grid: [u32; 2], workgroup: [u16; 2]) -> Self {
        self.dimensions = 2;
        self.grid_size = [grid[0], grid[1], 1];
        self.workgroup_size = [workgroup[0], workgroup[1], 1];
        self
    }

    /// Sets a 3-D grid.
    pub fn grid_3d(mut self, grid: [u32; 3], workgroup: [u16; 3]) -> Self {
        self.dimensions = 3;
        self.grid_size = grid;
        self.workgroup_size = workgroup;
        self
    }

    /// Sets the kernel arguments.
    pub fn kernarg(mut self, kernarg: impl Into<Kernarg<'a>>) -> Self {
        self.kernarg = kernarg.into();
        self
    }

    /// Sets the completion signal.
    pub fn completion(mut self, signal: &'a Signal) -> Self {
        self.completion_signal = Some(signal);
        self
    }

    /// The packet image (header included).
    pub fn to_packet(&self) -> KernelDispatchPacket {
        KernelDispatchPacket {
            header: self.header.encode(packet_type::KERNEL_DISPATCH),
            setup: self.dimensions,
            workgroup_size_x: self.workgroup_size[0],
            workgroup_size_y: self.workgroup_size[1],
            workgroup_size_z: self.workgroup_size[2],
            reserved0: 0,
            grid_size_x: self.grid_size[0],
            grid_size_y: self.grid_size[1],
            grid_size_z: self.grid_size[2],
            private_segment_size: self.private_segment_size,
            group_segment_size: self.group_segment_size,
            kernel_object: self.kernel_object,
            kernarg_address: self.kernarg.ptr as u64,
            reserved2: 0,
            completion_signal: signal_handle(self.completion_signal),
        }
    }
}

/// An agent-dispatch packet's work on the CPU agent (function codes of
/// `include/hsa/hsa_ext_ferrocm.h`).
pub enum AgentDispatch {
    /// Copies `size` bytes from `src` to `dst`.
    Memcpy {
        dst: *mut c_void,
        src: *const c_void,
        size: usize,
    },
    /// Fills `count` elements of `element_size` bytes (1, 2, 4 or 8) at `dst` with the
    /// low bytes of `value`; `dst` must be aligned to `element_size`.
    Memset {
        dst: *mut c_void,
        value: u64,
        count: usize,
        element_size: u8,
    },
    /// Runs the closure on the queue's packet-processor thread.
    HostCall(Box<dyn FnOnce() + Send + 'static>),
    /// Any function code with its four arguments; the `u64` result goes to
    /// `return_address` when it is not null.
    Raw {
        type_: u16,
        args: [u64; 4],
        return_address: *mut u64,
    },
}

impl fmt::Debug for AgentDispatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentDispatch::Memcpy { dst, src, size } => f
                .debug_struct("Memcpy")
                .field("dst", dst)
                .field("src", src)
                .field("size", size)
                .finish(),
            AgentDispatch::Memset {
                dst,
                value,
                count,
                element_size,
            } => f
                .debug_struct("Memset")
                .field("dst", dst)
                .field("value", value)
                .field("count", count)
                .field("element_size", element_size)
                .finish(),
            AgentDispatch::HostCall(_) => f.write_str("HostCall(..)"),
            AgentDispatch::Raw {
                type_,
                args,
                return_address,
            } => f
                .debug_struct("Raw")
                .field("type_", type_)
                .field("args", args)
                .field("return_address", return_address)
                .finish(),
        }
    }
}

/// Addresses of the [`HostCall`]s written into a queue's packets that have not run yet: the
/// queue frees them when it is dropped (their packets will never run then).
type PendingCalls = Arc<Mutex<HashSet<usize>>>;

/// What a host-call packet carries through `arg[1]`: the closure, and the set of its queue's
/// pending calls (it leaves the set when it runs).
struct HostCall {
    f: Box<dyn FnOnce() + Send + 'static>,
    pending: PendingCalls,
}

/// `arg[0]` of host-call packets: runs and frees the closure behind `data`.
unsafe extern "C" fn host_call_trampoline(data: *mut c_void) {
    if data.is_null() {
        return;
    }
    // SAFETY: `data` is the `Box<HostCall>` leaked by `Queue::agent_dispatch` for exactly
    // this packet, which the packet processor runs once; it is still in `pending` (the
    // queue frees only calls left there after its processor stopped).
    let call: Box<HostCall> = unsafe { Box::from_raw(data.cast::<HostCall>()) };
    let HostCall { f, pending } = *call;
    pending.lock().remove(&(data as usize));
    // A panic must not unwind into the packet processor (an `extern "C"` frame).
    if let Err(panic) = catch_unwind(AssertUnwindSafe(f)) {
        eprintln!(
            "ferrocm: host-call packet panicked: {}",
            panic_message(panic.as_ref())
        );
    }
}

fn panic_message(panic: &(dyn Any + Send)) -> &str {
    if let Some(s) = panic.downcast_ref::<&str>() {
        s
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s
    } else {
        "<non-string panic>"
    }
}

/// A queue error callback as the safe API takes it.
type ErrorHandler = Box<dyn Fn(HsaError) + Send + Sync + 'static>;

/// The `hsa_queue_create` callback: forwards to the boxed closure behind `data`.
unsafe extern "C" fn error_trampoline(status: Status, _queue: *mut HsaQueue, data: *mut c_void) {
    if data.is_null() {
        return;
    }
    // SAFETY: `data` is the `Box<ErrorHandler>` owned by the `Queue` whose processor calls
    // this; the `Queue` frees it only after the processor thread has stopped (or, dropped
    // from that thread, leaves it to the thread's exit: `RETIRED_HANDLERS`).
    let handler: &ErrorHandler = unsafe { &*data.cast::<ErrorHandler>() };
    if let Err(panic) = catch_unwind(AssertUnwindSafe(|| handler(HsaError(status)))) {
        eprintln!(
            "ferrocm: queue error callback panicked: {}",
            panic_message(panic.as_ref())
        );
    }
}

thread_local! {
    /// Error handlers of queues dropped from their own processor thread, possibly from
    /// inside the handler itself: freed when that thread exits (it stops with its queue).
    // Boxed: each handler keeps the address its queue gave the callback as `data`.
    #[allow(clippy::vec_box)]
    static RETIRED_HANDLERS: RefCell<Vec<Box<ErrorHandler>>> = const { RefCell::new(Vec::new()) };
}

fn signal_handle(signal: Option<&Signal>) -> u64 {
    signal.map_or(0, Signal::handle)
}

/// An AQL queue of an agent, destroyed on drop (`hsa_queue_destroy`): its processor
/// stops after the packet in progress; packets not yet run are dropped.
pub struct Queue {
    obj: Arc<QueueObject>,
    agent: Agent,
    /// The error callback's closure; its address is the callback's `data`.
    handler: Option<Box<ErrorHandler>>,
    /// Host calls in packets that have not run yet.
    pending: PendingCalls,
}

impl fmt::Debug for Queue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Queue")
            .field("id", &self.id())
            .field("size", &self.size())
            .field("type", &self.queue_type())
            .field("state", &self.state())
            .finish()
    }
}

impl Queue {
    /// `hsa_queue_create` without an error callback: errors are printed on stderr (ROCR
    /// would abort the process) and the queue stops.
    ///
    /// `size` is in packets: a power of two up to [`Agent::queue_max_size`].
    pub fn new(agent: &Agent, size: u32, queue_type: QueueType) -> HsaResult<Queue> {
        Queue::create(agent, size, queue_type, None)
    }

    /// `hsa_queue_create` with an error callback: when a packet is malformed or fails,
    /// the queue enters its terminal error state and `callback` receives the status, on
    /// the queue's processor thread. A panic in the callback is caught and printed.
    pub fn with_error_callback(
        agent: &Agent,
        size: u32,
        queue_type: QueueType,
        callback: impl Fn(HsaError) + Send + Sync + 'static,
    ) -> HsaResult<Queue> {
        Queue::create(agent, size, queue_type, Some(Box::new(Box::new(callback))))
    }

    fn create(
        agent: &Agent,
        size: u32,
        queue_type: QueueType,
        handler: Option<Box<ErrorHandler>>,
    ) -> HsaResult<Queue> {
        // Fail early (and clearly) if the runtime went away under a C caller.
        agent.runtime().state()?;
        let callback = handler.as_ref().map(|h| {
            let data: *const ErrorHandler = &**h;
            (error_trampoline as core_queue::ErrorCallback, data as usize)
        });
        let obj = core_queue::create(agent.object(), size, queue_type.raw(), callback)?;
        Ok(Queue {
            obj,
            agent: agent.clone(),
            handler,
            pending: PendingCalls::default(),
        })
    }

    /// The core object (escape hatch to [`crate::core`]).
    pub fn object(&self) -> &Arc<QueueObject> {
        &self.obj
    }

    /// The agent the queue belongs to.
    pub fn agent(&self) -> &Agent {
        &self.agent
    }

    /// The `hsa_queue_t*` C code sees.
    pub fn as_raw(&self) -> *mut HsaQueue {
        self.obj.hsa_queue_ptr()
    }

    /// `hsa_queue_t::id`: unique for the life of the process.
    pub fn id(&self) -> u64 {
        self.obj.id()
    }

    /// Size in packets (a power of two).
    pub fn size(&self) -> u32 {
        self.obj.size()
    }

    /// The queue type it was created with.
    pub fn queue_type(&self) -> QueueType {
        QueueType::from_raw(self.obj.queue_type()).unwrap_or(QueueType::Multi)
    }

    /// `hsa_queue_t::features` (`hsa_queue_feature_t` bits).
    pub fn features(&self) -> u32 {
        self.obj.features()
    }

    /// The `hsa_signal_t` handle of the doorbell.
    pub fn doorbell_handle(&self) -> u64 {
        self.obj.doorbell.handle()
    }

    /// Whether the queue processes packets, was inactivated, or stopped on an error.
    pub fn state(&self) -> QueueState {
        self.obj.state()
    }

    /// `hsa_queue_inactivate`: the packet in progress finishes, later packets never run
    /// (barrier waits in progress return), and the packet writers fail with
    /// `HSA_STATUS_ERROR_INVALID_QUEUE`.
    pub fn inactivate(&self) {
        self.obj.inactivate();
    }

    /// `hsa_queue_load_read_index_*`: the next packet the processor will release.
    pub fn load_read_index(&self, order: MemoryOrder) -> u64 {
        self.obj.load_read_index(order)
    }

    /// `hsa_queue_load_write_index_*`: the next index a producer will reserve.
    pub fn load_write_index(&self, order: MemoryOrder) -> u64 {
        self.obj.load_write_index(order)
    }

    /// `hsa_queue_add_write_index_*`: reserves `count` indexes; returns the first.
    /// The slots must then be published (see [`Queue::publish_raw`]) in order.
    pub fn add_write_index(&self, count: u64, order: MemoryOrder) -> u64 {
        self.obj.add_write_index(count, order)
    }

    /// `hsa_queue_cas_write_index_*`: returns the previous value.
    pub fn cas_write_index(&self, expected: u64, value: u64, order: MemoryOrder) -> u64 {
        self.obj.cas_write_index(expected, value, order)
    }

    /// `hsa_queue_store_write_index_*`. Moving the index backwards, or past slots that
    /// are never published, stalls the queue.
    pub fn store_write_index(&self, value: u64, order: MemoryOrder) {
        self.obj.store_write_index(value, order)
    }

    /// Rings the doorbell with `value` (a write index).
    pub fn ring_doorbell(&self, value: u64) {
        self.obj.doorbell.store(
            i64::try_from(value).unwrap_or(i64::MAX),
            MemoryOrder::Release,
        );
    }

    fn check_active(&self) -> HsaResult<()> {
        if self.obj.state() == QueueState::Active {
            Ok(())
        } else {
            Err(HsaError::ERROR_INVALID_QUEUE)
        }
    }

    /// Waits (yielding, then sleeping briefly) until slot `index` is free, that is
    /// `index < read_index + size`. Fails if the queue stops meanwhile.
    fn wait_for_slot(&self, index: u64) -> HsaResult<()> {
        let size = u64::from(self.size());
        let mut spins = 0u32;
        while index >= self.obj.load_read_index(MemoryOrder::Acquire) + size {
            self.check_active()?;
            spins = spins.saturating_add(1);
            if spins < 64 {
                std::hint::spin_loop();
            } else if spins < 1024 {
                std::thread::yield_now();
            } else {
                std::thread::sleep(std::time::Duration::from_micros(50));
            }
        }
        Ok(())
    }

    /// Reserves the next packet index and waits until its slot is free. The caller must
    /// then publish a packet there ([`Queue::publish_raw`]): an unpublished reservation
    /// stalls the queue. Lets a producer fill per-slot side data (kernel arguments) first.
    pub fn reserve(&self) -> HsaResult<u64> {
        self.check_active()?;
        let index = self.obj.add_write_index(1, MemoryOrder::Relaxed);
        self.wait_for_slot(index)?;
        Ok(index)
    }

    /// Writes a packet into slot `index` (already reserved and free) and publishes its
    /// header with a release store, then rings the doorbell.
    ///
    /// # Safety
    /// `index` must have been reserved by the caller (add/cas/store of the write index),
    /// not be published yet, and satisfy `index < read_index + size`; the packet must
    /// be one the caller may legitimately run (see [`Queue::submit_raw`]).
    pub unsafe fn publish_raw(&self, index: u64, packet: &RawPacket) {
        let slot = self.obj.slot(index);
        // SAFETY: the caller reserved this free slot of our ring.
        unsafe { packet::publish(slot, packet) };
        self.ring_doorbell(index);
    }

    /// Reserves one index, waits for the slot and publishes `packet` there.
    ///
    /// # Safety
    /// The packet runs on the agent: everything it points to (kernel arguments and the
    /// memory they reference, copy and fill ranges, return addresses) must stay valid,
    /// and must not be accessed in conflicting ways by the host, until it completes.
    /// An INVALID (1) header stalls the queue forever.
    pub unsafe fn submit_raw(&self, packet: &RawPacket) -> HsaResult<u64> {
        let index = self.reserve()?;
        // SAFETY: `index` was reserved just above and its slot is free.
        unsafe { self.publish_raw(index, packet) };
        Ok(index)
    }

    /// Writes a kernel-dispatch packet; returns its index.
    ///
    /// The packet processor validates it; a malformed packet makes the queue report an
    /// error through its callback (dimensions not 1..=3 or work-group sizes of 0 or over
    /// the limit: `INCOMPATIBLE_ARGUMENTS`; an oversized group segment:
    /// `INVALID_ALLOCATION`; an unknown kernel object: `INVALID_CODE_OBJECT`).
    ///
    /// # Safety
    /// The kernel runs arbitrary code on the kernel arguments: they and everything they
    /// point to must match what the kernel expects, and stay valid and untouched by the
    /// host (except through atomics the kernel also uses atomically) until the dispatch
    /// completes (its completion signal drops).
    pub unsafe fn dispatch(&self, dispatch: &KernelDispatch<'_>) -> HsaResult<u64> {
        let packet = RawPacket::from_packet(&dispatch.to_packet());
        // SAFETY: forwarded from the caller's contract.
        unsafe { self.submit_raw(&packet) }
    }

    /// Writes a barrier-AND packet: it completes once every signal in `deps` has been
    /// observed at 0 (below 1); a negative dependency makes its completion signal
    /// negative. More than five dependencies are split over several packets, the last
    /// one (with the barrier bit set) carrying `completion`.
    pub fn barrier_and(&self, deps: &[&Signal], completion: Option<&Signal>) -> HsaResult<u64> {
        if deps.len() <= 5 {
            return self.barrier(true, deps, completion, PacketHeader::default());
        }
        let chunks: Vec<&[&Signal]> = deps.chunks(5).collect();
        let mut last = 0;
        for (i, chunk) in chunks.iter().enumerate() {
            let is_last = i + 1 == chunks.len();
            let header = PacketHeader {
                barrier: is_last,
                ..PacketHeader::default()
            };
            last = self.barrier(true, chunk, completion.filter(|_| is_last), header)?;
        }
        Ok(last)
    }

    /// Writes a barrier-OR packet: it completes once any signal in `deps` (at most five,
    /// `HSA_STATUS_ERROR_INVALID_ARGUMENT` otherwise) has been observed at 0.
    pub fn barrier_or(&self, deps: &[&Signal], completion: Option<&Signal>) -> HsaResult<u64> {
        if deps.len() > 5 {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        self.barrier(false, deps, completion, PacketHeader::default())
    }

    /// Writes one barrier-AND (`and`) or barrier-OR packet with an explicit header;
    /// at most five dependencies.
    pub fn barrier(
        &self,
        and: bool,
        deps: &[&Signal],
        completion: Option<&Signal>,
        header: PacketHeader,
    ) -> HsaResult<u64> {
        if deps.len() > 5 {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        let kind = if and {
            packet_type::BARRIER_AND
        } else {
            packet_type::BARRIER_OR
        };
        let mut dep_signal = [0u64; 5];
        for (slot, dep) in dep_signal.iter_mut().zip(deps) {
            *slot = dep.handle();
        }
        let packet = BarrierPacket {
            header: header.encode(kind),
            dep_signal,
            completion_signal: signal_handle(completion),
            ..BarrierPacket::default()
        };
        // SAFETY: a barrier packet only names signals, which the processor validates.
        unsafe { self.submit_raw(&RawPacket::from_packet(&packet)) }
    }

    /// Writes an AMD barrier-value packet: it completes once
    /// `(signal & mask) <cond> value` holds.
    pub fn barrier_value(
        &self,
        signal: &Signal,
        cond: Condition,
        value: i64,
        mask: i64,
        completion: Option<&Signal>,
    ) -> HsaResult<u64> {
        let packet = AmdBarrierValuePacket {
            header: PacketHeader::default().encode(packet_type::VENDOR_SPECIFIC),
            amd_format: AMD_PACKET_TYPE_BARRIER_VALUE,
            signal: signal.handle(),
            value,
            mask,
            cond: cond as u32,
            completion_signal: signal_handle(completion),
            ..AmdBarrierValuePacket::default()
        };
        // SAFETY: a barrier-value packet only names signals, which the processor validates.
        unsafe { self.submit_raw(&RawPacket::from_packet(&packet)) }
    }

    /// Writes an agent-dispatch packet; returns its index.
    ///
    /// # Safety
    /// For `Memcpy`, `Memset` and `Raw`: the addresses must be valid for the access the
    /// packet makes and not be used by the host until the packet completes. `HostCall`
    /// alone is always safe (see [`Queue::host_call`]). A closure whose packet never runs
    /// (the queue is inactivated or destroyed first) is dropped with the queue.
    pub unsafe fn agent_dispatch(
        &self,
        dispatch: AgentDispatch,
        completion: Option<&Signal>,
    ) -> HsaResult<u64> {
        let mut packet = AgentDispatchPacket {
            header: PacketHeader::default().encode(packet_type::AGENT_DISPATCH),
            completion_signal: signal_handle(completion),
            ..AgentDispatchPacket::default()
        };
        let mut closure: *mut HostCall = std::ptr::null_mut();
        match dispatch {
            AgentDispatch::Memcpy { dst, src, size } => {
                packet.type_ = codes::MEMCPY;
                packet.arg = [dst as u64, src as u64, size as u64, 0];
            }
            AgentDispatch::Memset {
                dst,
                value,
                count,
                element_size,
            } => {
                packet.type_ = codes::MEMSET;
                packet.arg = [dst as u64, value, count as u64, u64::from(element_size)];
            }
            AgentDispatch::HostCall(f) => {
                closure = Box::into_raw(Box::new(HostCall {
                    f,
                    pending: self.pending.clone(),
                }));
                // Recorded before the packet is visible: it may run at once.
                self.pending.lock().insert(closure as usize);
                let trampoline: unsafe extern "C" fn(*mut c_void) = host_call_trampoline;
                packet.type_ = codes::HOST_CALL;
                packet.arg = [trampoline as usize as u64, closure as u64, 0, 0];
            }
            AgentDispatch::Raw {
                type_,
                args,
                return_address,
            } => {
                packet.type_ = type_;
                packet.arg = args;
                packet.return_address = return_address as u64;
            }
        }
        // SAFETY: forwarded from the caller's contract; the host-call closure is owned by
        // the packet from here on.
        let result = unsafe { self.submit_raw(&RawPacket::from_packet(&packet)) };
        if result.is_err() && !closure.is_null() {
            // Not published: the closure is still ours to drop.
            self.pending.lock().remove(&(closure as usize));
            // SAFETY: `closure` came from `Box::into_raw` above and no packet refers to it.
            drop(unsafe { Box::from_raw(closure) });
        }
        result
    }

    /// Writes a host-call agent-dispatch packet: `f` runs on the queue's packet-processor
    /// thread, in queue order. A panic in `f` is caught and printed.
    pub fn host_call(
        &self,
        f: impl FnOnce() + Send + 'static,
        completion: Option<&Signal>,
    ) -> HsaResult<u64> {
        // SAFETY: a host call touches no memory through packet arguments; the closure is
        // `Send + 'static`, so running it on another thread later is sound.
        unsafe { self.agent_dispatch(AgentDispatch::HostCall(Box::new(f)), completion) }
    }
}

impl Drop for Queue {
    fn drop(&mut self) {
        // Asked before destroying: destroy hands the processor's thread handle back.
        let on_processor = self.obj.on_processor_thread();
        // Stops and joins the processor (unless this runs on it); already gone after a
        // forced shutdown, which is fine.
        let _ = core_queue::destroy(self.obj.key());
        if on_processor {
            // Dropped from a callback running on the queue's own processor thread, which
            // may still be inside the error callback: its closure lives until that thread
            // exits.
            if let Some(handler) = self.handler.take() {
                RETIRED_HANDLERS.with(|r| r.borrow_mut().push(handler));
            }
        }
        // The processor has stopped (or, on its own thread, runs no packet after the
        // current one, whose call already left the set): what is left never runs.
        let left: Vec<usize> = self.pending.lock().drain().collect();
        for addr in left {
            // SAFETY: `addr` came from `Box::into_raw` in `agent_dispatch` and was not taken
            // by `host_call_trampoline` (which removes it first); its packet never runs.
            drop(unsafe { Box::from_raw(addr as *mut HostCall) });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kernel_dispatch_packet_image() {
        let done = Signal::new(1).unwrap();
        let d = KernelDispatch {
            kernel_object: 0x1234,
            completion_signal: Some(&done),
            ..KernelDispatch::default()
        }
        .grid_2d([100, 20], [10, 2]);
        let p = d.to_packet();
        let h = Header(p.header);
        assert_eq!(h.packet_type(), packet_type::KERNEL_DISPATCH);
        assert!(!h.barrier());
        assert_eq!(h.acquire_scope(), header::FENCE_SCOPE_SYSTEM);
        assert_eq!(p.setup, 2);
        assert_eq!(
            (p.workgroup_size_x, p.workgroup_size_y, p.workgroup_size_z),
            (10, 2, 1)
        );
        assert_eq!((p.grid_size_x, p.grid_size_y, p.grid_size_z), (100, 20, 1));
        assert_eq!(p.kernel_object, 0x1234);
        assert_eq!(p.completion_signal, done.handle());
    }

    #[test]
    fn header_options_encode() {
        let h = PacketHeader {
            barrier: true,
            acquire_fence: FenceScope::Agent,
            release_fence: FenceScope::None,
        };
        let raw = Header(h.encode(packet_type::BARRIER_OR));
        assert_eq!(raw.packet_type(), packet_type::BARRIER_OR);
        assert!(raw.barrier());
        assert_eq!(raw.acquire_scope(), header::FENCE_SCOPE_AGENT);
        assert_eq!(raw.release_scope(), header::FENCE_SCOPE_NONE);
    }
}
