//! User-mode queues: `hsa_queue_t` inside a ROCR-compatible 256-byte `amd_queue_t`, the
//! packet ring, the read/write indexes and the doorbell; hardware queues of the CPU agent
//! get a packet processor thread (`cpu::processor`), those of NVIDIA agents one that turns
//! packets into CUDA stream operations (`nvidia::processor`); soft queues are served by
//! the application.

use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use parking_lot::{Mutex, RwLock};

use super::agent::{AgentBackend, AgentObject, QUEUE_TYPE_MULTI, QUEUE_TYPE_SINGLE};
use super::cpu::doorbell::ProcessorSleep;
use super::cpu::processor;
use super::packet::RawPacket;
use super::signal::{self, MemoryOrder, SignalObject};
use crate::status::{HsaError, HsaResult, Status};

/// `hsa_queue_feature_t`
pub const QUEUE_FEATURE_KERNEL_DISPATCH: u32 = 1;
pub const QUEUE_FEATURE_AGENT_DISPATCH: u32 = 2;

/// `hsa_queue_t` (40 bytes).
#[repr(C)]
#[derive(Debug)]
pub struct HsaQueue {
    pub queue_type: u32,
    pub features: u32,
    pub base_address: *mut c_void,
    pub doorbell_signal: u64,
    pub size: u32,
    pub reserved1: u32,
    pub id: u64,
}

/// ROCR's `amd_queue_t` layout (256 bytes): `hsa_queue_t` at 0, the write index at 56 and
/// the read index at 128, so AMD-style tools that peek at them keep working.
#[repr(C, align(64))]
#[derive(Debug)]
pub struct AmdQueue {
    pub hsa_queue: HsaQueue,
    pub caps: u32,
    pub reserved1: [u32; 3],
    pub write_dispatch_id: AtomicU64,
    pub reserved2: [u64; 8],
    pub read_dispatch_id: AtomicU64,
    pub reserved3: [u64; 7],
    pub queue_inactive_signal: u64,
    pub reserved4: [u64; 7],
}

/// The queue error callback: `void (*)(hsa_status_t, hsa_queue_t*, void*)`.
pub type ErrorCallback = unsafe extern "C" fn(Status, *mut HsaQueue, *mut c_void);

/// Life state of a queue's processing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u32)]
pub enum QueueState {
    Active = 0,
    /// `hsa_queue_inactivate` or `hsa_queue_destroy`: no further packets are processed.
    Inactive = 1,
    /// A packet failed: terminal, like inactive, and the callback was told.
    Error = 2,
}

/// A queue and the resources it owns.
pub struct QueueObject {
    amd: Box<AmdQueue>,
    ring: Ring,
    pub agent: Option<Arc<AgentObject>>,
    pub doorbell: Arc<SignalObject>,
    /// True for `hsa_soft_queue_create` queues (no processor; doorbell owned by the app).
    pub soft: bool,
    state: AtomicU32,
    /// Woken when the queue is inactivated so that blocked barrier waits return.
    pub(crate) control: Arc<SignalObject>,
    callback: Option<(ErrorCallback, usize)>,
    pub(crate) profiling: AtomicBool,
    processor: Mutex<Option<JoinHandle<()>>>,
    /// Who consumes the ring right now (CPU queues: the processor or a waiting host thread).
    pub(crate) consumer: ConsumerRole,
    /// How the CPU processor sleeps and when rings wake it (unused by other queues).
    pub(crate) sleep: ProcessorSleep,
    /// Why a kernel of this queue failed, when device code stopped it
    /// ([`DeviceFault`] as `u32`; 0: none). Set before the queue enters the error state.
    device_fault: AtomicU32,
}

/// The device fault that stopped a CPU queue (its error status is
/// `HSA_STATUS_ERROR_EXCEPTION`; HIP tells the two apart: `hipErrorLaunchFailure`,
/// `hipErrorAssert`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeviceFault {
    /// `__builtin_trap()` or `abort()` in a kernel.
    Trap = 1,
    /// A failed `assert()` in a kernel.
    Assert = 2,
}

/// The right to consume a CPU queue's packets. Its processor thread holds it while it drains
/// the ring; while the processor sleeps, a host thread waiting for one of the queue's packets
/// may take it and run the packets itself ([`help_waiter`]), which saves the processor's
/// wake-up (7-12 us on a VM) on the waiter's critical path.
#[derive(Debug, Default)]
pub(crate) struct ConsumerRole {
    /// Taken by the processor or a helper. A processor that finds it taken sleeps: the
    /// helper wakes it when it lets go with packets left (`cpu::processor::run_on_waiter`).
    held: AtomicBool,
    /// A packet a helper ran failed with this status (0: none). The helper does not call
    /// the error callback itself, because the callback may destroy the queue and its
    /// closure from under the calling thread; the processor reports it on its own thread.
    deferred_error: AtomicU32,
}

impl ConsumerRole {
    /// The processor's claim.
    pub(crate) fn acquire_for_processor(&self) -> bool {
        self.try_take()
    }

    /// A helper's claim: only when no helper-side error waits for the processor.
    pub(crate) fn acquire_for_helper(&self) -> bool {
        self.deferred_error.load(Ordering::Acquire) == 0 && self.try_take()
    }

    fn try_take(&self) -> bool {
        self.held
            .compare_exchange(false, true, Ordering::SeqCst, Ordering::Relaxed)
            .is_ok()
    }

    /// Lets go.
    pub(crate) fn release(&self) {
        self.held.store(false, Ordering::SeqCst);
    }

    /// A helper's packet failed with `status`: the processor reports it.
    pub(crate) fn defer_error(&self, status: Status) {
        self.deferred_error
            .store(status.0.max(1), Ordering::Release);
    }

    /// The failure a helper left for the processor, if any.
    pub(crate) fn take_deferred_error(&self) -> Option<Status> {
        match self.deferred_error.swap(0, Ordering::AcqRel) {
            0 => None,
            code => Some(Status(code)),
        }
    }
}

// SAFETY: the raw pointers inside (`base_address`, callback data) are plain addresses owned by
// the queue or passed through to the application's callback; all shared mutation goes
// through atomics or locks.
unsafe impl Send for QueueObject {}
// SAFETY: as above.
unsafe impl Sync for QueueObject {}

/// The packet ring: an anonymous page-aligned mapping of `size` slots.
struct Ring {
    base: *mut RawPacket,
    bytes: usize,
}

impl Ring {
    fn new(size: u32) -> HsaResult<Ring> {
        let bytes = (size as usize)
            .checked_mul(std::mem::size_of::<RawPacket>())
            .ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
        // SAFETY: anonymous private mapping, no hint address.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                bytes,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if p == libc::MAP_FAILED {
            return Err(HsaError::ERROR_OUT_OF_RESOURCES);
        }
        let base = p as *mut RawPacket;
        for i in 0..size as usize {
            // SAFETY: `i < size`, inside the fresh mapping, which is page- (so 64-byte-) aligned.
            unsafe { base.add(i).write(RawPacket::INVALID) };
        }
        Ok(Ring { base, bytes })
    }
}

impl Drop for Ring {
    fn drop(&mut self) {
        // SAFETY: the mapping was created in `Ring::new` and is unmapped exactly once.
        unsafe { libc::munmap(self.base.cast(), self.bytes) };
    }
}

static QUEUES: RwLock<Option<HashMap<u64, Arc<QueueObject>>>> = RwLock::new(None);
static NEXT_QUEUE_ID: AtomicU64 = AtomicU64::new(0);

/// The doorbell value meaning "nothing rung since the processor last looked".
pub(crate) const DOORBELL_IDLE: i64 = -1;

impl QueueObject {
    /// The `hsa_queue_t*` handed to the application.
    pub fn hsa_queue_ptr(&self) -> *mut HsaQueue {
        &self.amd.hsa_queue as *const HsaQueue as *mut HsaQueue
    }

    /// The registry key of this queue.
    pub fn key(&self) -> u64 {
        self.hsa_queue_ptr() as u64
    }

    pub fn size(&self) -> u32 {
        self.amd.hsa_queue.size
    }

    pub fn queue_type(&self) -> u32 {
        self.amd.hsa_queue.queue_type
    }

    pub fn features(&self) -> u32 {
        self.amd.hsa_queue.features
    }

    pub fn id(&self) -> u64 {
        self.amd.hsa_queue.id
    }

    /// Slot `index % size`.
    pub fn slot(&self, index: u64) -> *mut RawPacket {
        let i = (index & u64::from(self.size() - 1)) as usize;
        // SAFETY: `i < size`, inside the ring mapping.
        unsafe { self.ring.base.add(i) }
    }

    pub fn state(&self) -> QueueState {
        match self.state.load(Ordering::Acquire) {
            0 => QueueState::Active,
            1 => QueueState::Inactive,
            _ => QueueState::Error,
        }
    }

    // ---- index operations (the hsa_queue_*_index_* family) ----

    pub fn load_read_index(&self, order: MemoryOrder) -> u64 {
        self.amd.read_dispatch_id.load(load_order(order))
    }
    pub fn load_write_index(&self, order: MemoryOrder) -> u64 {
        self.amd.write_dispatch_id.load(load_order(order))
    }
    pub fn store_write_index(&self, value: u64, order: MemoryOrder) {
        self.amd.write_dispatch_id.store(value, store_order(order));
    }
    pub fn cas_write_index(&self, expected: u64, value: u64, order: MemoryOrder) -> u64 {
        match self.amd.write_dispatch_id.compare_exchange(
            expected,
            value,
            rmw_order(order),
            load_order_for_failure(order),
        ) {
            Ok(v) | Err(v) => v,
        }
    }
    pub fn add_write_index(&self, value: u64, order: MemoryOrder) -> u64 {
        self.amd
            .write_dispatch_id
            .fetch_add(value, rmw_order(order))
    }
    pub fn store_read_index(&self, value: u64, order: MemoryOrder) {
        self.amd.read_dispatch_id.store(value, store_order(order));
    }

    /// Keeps why a kernel failed when device code stopped it (the first fault wins).
    pub(crate) fn record_device_fault(&self, e: &cpu_engine::DispatchError) {
        let kind = match e {
            cpu_engine::DispatchError::DeviceTrap => DeviceFault::Trap,
            cpu_engine::DispatchError::DeviceAssert => DeviceFault::Assert,
            _ => return,
        };
        let _ =
            self.device_fault
                .compare_exchange(0, kind as u32, Ordering::AcqRel, Ordering::Acquire);
    }

    /// The device fault that stopped one of this queue's kernels, if any.
    pub fn device_fault(&self) -> Option<DeviceFault> {
        match self.device_fault.load(Ordering::Acquire) {
            1 => Some(DeviceFault::Trap),
            2 => Some(DeviceFault::Assert),
            _ => None,
        }
    }

    /// Reports an asynchronous error: enters the terminal error state and calls the
    /// application's callback (or prints, where ROCR would abort the process).
    pub(crate) fn report_error(&self, status: Status) {
        self.state
            .store(QueueState::Error as u32, Ordering::Release);
        self.control.store(1, MemoryOrder::Release);
        match self.callback {
            Some((cb, data)) => {
                let queue = self.hsa_queue_ptr();
                // A panic must not unwind through the application's C frame; the callback is
                // C code and cannot panic, but guard anyway.
                let _ = std::panic::catch_unwind(|| {
                    // SAFETY: the application supplied this callback and data for this queue.
                    unsafe { cb(status, queue, data as *mut c_void) }
                });
            }
            None => eprintln!(
                "ferrocm: queue {} at {:p} inactivated due to async error: {}",
                self.id(),
                self.hsa_queue_ptr(),
                status
            ),
        }
    }

    /// Stops processing (`hsa_queue_inactivate`): the packet in progress finishes, later
    /// ones never run, blocked barrier waits return.
    pub fn inactivate(&self) {
        let _ = self.state.compare_exchange(
            QueueState::Active as u32,
            QueueState::Inactive as u32,
            Ordering::AcqRel,
            Ordering::Acquire,
        );
        self.control.store(1, MemoryOrder::Release);
        self.kick();
    }

    /// How many doorbell rings so far woke this CPU queue's sleeping processor; the others
    /// found it awake or left the packets to a waiting host thread (`cpu::doorbell`).
    pub fn waking_rings(&self) -> u64 {
        self.sleep.waking_rings()
    }

    /// Rings the doorbell on the runtime's behalf and wakes the processor at once, even from
    /// a lazy sleep (it has something to do that no ring announced: stop, or run packets a
    /// helper left).
    pub(crate) fn kick(&self) {
        self.doorbell.store(0, MemoryOrder::Release);
        self.sleep.wake_now();
    }

    /// `hsa_amd_profiling_set_profiler_enabled`: record dispatch start/end times in
    /// completion signals.
    pub fn set_profiling(&self, enabled: bool) {
        self.profiling.store(enabled, Ordering::Release);
    }

    pub(crate) fn is_active(&self) -> bool {
        self.state.load(Ordering::Acquire) == QueueState::Active as u32
    }

    /// Whether the calling thread is this queue's packet processor (e.g. inside its error
    /// callback or a host-call packet).
    pub fn on_processor_thread(&self) -> bool {
        self.processor
            .lock()
            .as_ref()
            .is_some_and(|h| h.thread().id() == std::thread::current().id())
    }

    fn join_processor(&self) {
        let handle = self.processor.lock().take();
        if let Some(h) = handle {
            if h.thread().id() == std::thread::current().id() {
                // Destroyed from its own error or host callback: the thread exits by itself.
                return;
            }
            let _ = h.join();
        }
    }
}

impl Drop for QueueObject {
    fn drop(&mut self) {
        if !self.soft {
            signal::release_doorbell(&self.doorbell);
        }
        signal::release_doorbell(&self.control);
    }
}

fn load_order(order: MemoryOrder) -> Ordering {
    match order {
        MemoryOrder::Relaxed | MemoryOrder::Release => Ordering::Relaxed,
        MemoryOrder::Acquire | MemoryOrder::AcqRel => Ordering::Acquire,
    }
}
fn load_order_for_failure(order: MemoryOrder) -> Ordering {
    load_order(order)
}
fn store_order(order: MemoryOrder) -> Ordering {
    match order {
        MemoryOrder::Relaxed | MemoryOrder::Acquire => Ordering::Relaxed,
        MemoryOrder::Release | MemoryOrder::AcqRel => Ordering::Release,
    }
}
fn rmw_order(order: MemoryOrder) -> Ordering {
    match order {
        MemoryOrder::Relaxed => Ordering::Relaxed,
        MemoryOrder::Acquire => Ordering::Acquire,
        MemoryOrder::Release => Ordering::Release,
        MemoryOrder::AcqRel => Ordering::AcqRel,
    }
}

fn register(queue: Arc<QueueObject>) {
    let mut map = QUEUES.write();
    map.get_or_insert_with(HashMap::new)
        .insert(queue.key(), queue);
}

fn new_queue_object(
    agent: Option<Arc<AgentObject>>,
    size: u32,
    queue_type: u32,
    features: u32,
    doorbell: Arc<SignalObject>,
    soft: bool,
    callback: Option<(ErrorCallback, usize)>,
) -> HsaResult<Arc<QueueObject>> {
    let ring = Ring::new(size)?;
    let control = signal::create_doorbell();
    let amd = Box::new(AmdQueue {
        hsa_queue: HsaQueue {
            queue_type,
            features,
            base_address: ring.base.cast(),
            doorbell_signal: doorbell.handle(),
            size,
            reserved1: 0,
            id: NEXT_QUEUE_ID.fetch_add(1, Ordering::Relaxed),
        },
        caps: 0,
        reserved1: [0; 3],
        write_dispatch_id: AtomicU64::new(0),
        reserved2: [0; 8],
        read_dispatch_id: AtomicU64::new(0),
        reserved3: [0; 7],
        queue_inactive_signal: 0,
        reserved4: [0; 7],
    });
    Ok(Arc::new(QueueObject {
        amd,
        ring,
        agent,
        doorbell,
        soft,
        state: AtomicU32::new(QueueState::Active as u32),
        control,
        callback,
        profiling: AtomicBool::new(false),
        processor: Mutex::new(None),
        consumer: ConsumerRole::default(),
        sleep: ProcessorSleep::default(),
        device_fault: AtomicU32::new(0),
    }))
}

fn validate_type_and_size(agent_max: u32, size: u32, queue_type: u32) -> HsaResult<()> {
    if size == 0 || !size.is_power_of_two() || size > agent_max {
        return Err(HsaError::ERROR_INVALID_ARGUMENT);
    }
    if queue_type != QUEUE_TYPE_MULTI && queue_type != QUEUE_TYPE_SINGLE {
        // COOPERATIVE (2) is an AMD addition the CPU agent does not offer; other values are invalid.
        return Err(if queue_type == 2 {
            HsaError::ERROR_INVALID_QUEUE_CREATION
        } else {
            HsaError::ERROR_INVALID_ARGUMENT
        });
    }
    Ok(())
}

/// `hsa_queue_create` on a kernel agent.
pub fn create(
    agent: &Arc<AgentObject>,
    size: u32,
    queue_type: u32,
    callback: Option<(ErrorCallback, usize)>,
) -> HsaResult<Arc<QueueObject>> {
    validate_type_and_size(agent.queue_max_size, size, queue_type)?;
    if agent.feature
        & (super::agent::AGENT_FEATURE_KERNEL_DISPATCH | super::agent::AGENT_FEATURE_AGENT_DISPATCH)
        == 0
    {
        return Err(HsaError::ERROR_INVALID_QUEUE_CREATION);
    }
    if agent.queue_type == QUEUE_TYPE_SINGLE && queue_type == QUEUE_TYPE_MULTI {
        return Err(HsaError::ERROR_INVALID_QUEUE_CREATION);
    }
    let live = QUEUES.read().as_ref().map_or(0, |m| {
        m.values()
            .filter(|q| !q.soft && q.agent.as_ref().is_some_and(|a| Arc::ptr_eq(a, agent)))
            .count()
    });
    if live >= agent.queues_max as usize {
        return Err(HsaError::ERROR_OUT_OF_RESOURCES);
    }
    let size = size.max(agent.queue_min_size);
    let doorbell = signal::create_doorbell();
    doorbell.store(DOORBELL_IDLE, MemoryOrder::Relaxed);
    // GPU queues take kernel dispatches (and barriers) only: agent-dispatch services are
    // the CPU agent's.
    let features = match agent.backend {
        AgentBackend::Cpu => QUEUE_FEATURE_KERNEL_DISPATCH | QUEUE_FEATURE_AGENT_DISPATCH,
        AgentBackend::Nvidia(_) => QUEUE_FEATURE_KERNEL_DISPATCH,
    };
    let queue = new_queue_object(
        Some(agent.clone()),
        size,
        queue_type,
        features,
        doorbell,
        false,
        callback,
    )?;
    let handle = match &agent.backend {
        AgentBackend::Cpu => {
            // A ring that wakes this queue's sleeping processor names the queue to waiting
            // host threads ([`note_waking`]); only CPU queues can be helped.
            queue.doorbell.set_queue_ptr(queue.key());
            processor::spawn(queue.clone()).map_err(|_| HsaError::ERROR_OUT_OF_RESOURCES)?
        }
        AgentBackend::Nvidia(device) => {
            super::nvidia::processor::spawn(queue.clone(), device.clone())?
        }
    };
    *queue.processor.lock() = Some(handle);
    register(queue.clone());
    super::runtime::on_shutdown(destroy_all);
    Ok(queue)
}

/// `hsa_soft_queue_create`: a queue the application (not an agent) processes.
pub fn create_soft(
    region_alloc_allowed: bool,
    size: u32,
    queue_type: u32,
    features: u32,
    doorbell: Arc<SignalObject>,
) -> HsaResult<Arc<QueueObject>> {
    if !region_alloc_allowed {
        return Err(HsaError::ERROR_INVALID_ARGUMENT);
    }
    validate_type_and_size(u32::MAX, size, queue_type)?;
    if features == 0 {
        return Err(HsaError::ERROR_INVALID_ARGUMENT);
    }
    let queue = new_queue_object(None, size, queue_type, features, doorbell, true, None)?;
    register(queue.clone());
    super::runtime::on_shutdown(destroy_all);
    Ok(queue)
}

/// The queue behind an `hsa_queue_t*`, or `HSA_STATUS_ERROR_INVALID_QUEUE`.
pub fn lookup(ptr: u64) -> HsaResult<Arc<QueueObject>> {
    QUEUES
        .read()
        .as_ref()
        .and_then(|m| m.get(&ptr).cloned())
        .ok_or(HsaError::ERROR_INVALID_QUEUE)
}

/// `hsa_queue_destroy`: stops the processor (waiting for the packet in progress) and frees
/// the queue.
pub fn destroy(ptr: u64) -> HsaResult<()> {
    let queue = {
        let mut map = QUEUES.write();
        map.as_mut()
            .and_then(|m| m.remove(&ptr))
            .ok_or(HsaError::ERROR_INVALID_QUEUE)?
    };
    queue.inactivate();
    queue.join_processor();
    Ok(())
}

/// `hsa_queue_inactivate`
pub fn inactivate(ptr: u64) -> HsaResult<()> {
    lookup(ptr)?.inactivate();
    Ok(())
}

/// Destroys every queue (last `hsa_shut_down`).
pub fn destroy_all() {
    let queues: Vec<Arc<QueueObject>> = QUEUES
        .write()
        .take()
        .map(|m| m.into_values().collect())
        .unwrap_or_default();
    for q in &queues {
        q.inactivate();
    }
    for q in &queues {
        q.join_processor();
    }
}

/// CPU queues whose doorbell rang while their processor slept, until the
/// processor runs again: the only queues [`help_waiter`] looks at.
static WAKING: Mutex<Vec<u64>> = Mutex::new(Vec::new());
static WAKING_LEN: AtomicUsize = AtomicUsize::new(0);

/// A store to the doorbell of CPU queue `key` while its processor sleeps: the queue wakes
/// it or leaves the packets to waiting host threads (`cpu::doorbell`).
pub(crate) fn on_doorbell_ring(key: u64) {
    if let Ok(q) = lookup(key) {
        q.sleep.on_ring(&q);
    }
}

/// Names queue `key` to waiting host threads: its doorbell rang while its processor slept.
pub(crate) fn note_waking(key: u64) {
    let mut waking = WAKING.lock();
    if !waking.contains(&key) {
        waking.push(key);
        WAKING_LEN.store(waking.len(), Ordering::Release);
    }
}

/// Called by the processor of queue `key` when it is running again.
pub(crate) fn clear_waking(key: u64) {
    if WAKING_LEN.load(Ordering::Acquire) == 0 {
        return;
    }
    let mut waking = WAKING.lock();
    waking.retain(|&k| k != key);
    WAKING_LEN.store(waking.len(), Ordering::Release);
}

/// A host thread is about to wait for `signal` until `done()`: if a packet completing
/// `signal` is queued on a CPU queue whose processor sleeps or is still waking up, the calling thread
/// runs that queue's packets itself (in order, up to the point where `done()` holds or a
/// packet would block; see `cpu::processor::run_on_waiter`). Returns whether it ran any.
pub(crate) fn help_waiter(signal: &SignalObject, done: &dyn Fn() -> bool) -> bool {
    if WAKING_LEN.load(Ordering::Acquire) == 0 {
        return false;
    }
    let keys: Vec<u64> = WAKING.lock().clone();
    let mut ran = false;
    for key in keys {
        let Ok(q) = lookup(key) else {
            clear_waking(key);
            continue;
        };
        ran |= processor::run_on_waiter(&q, signal.handle(), done);
        if done() {
            break;
        }
    }
    ran
}
