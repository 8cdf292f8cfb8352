//! The CPU agent's packet processor: one thread per hardware queue.
//!
//! Rules it follows (HSA runtime PRM "Queues"/"Packet states", hsa.h):
//! - never consumes an INVALID slot: with `write_index > read_index` and an INVALID header
//!   at the read index, the producer has reserved but not published the slot, so it waits;
//! - launches in order; packets run one after another, so every packet completes before
//!   the next launches, which also honours the barrier bit;
//! - an acquire fence at launch and a release fence before completion;
//! - on completion: the slot header goes back to INVALID, the read index advances, then
//!   the completion signal is decremented by 1;
//! - a malformed packet puts the queue in the terminal error state and the error callback
//!   gets the status; the process keeps running.
//!
//! Sleeping: the doorbell is swapped to [`DOORBELL_IDLE`] before each drain pass and the
//! processor sleeps until it changes (after running packets it spins briefly first), so a
//! ring after the swap ends the sleep and a ring before it is covered by the drain. How
//! long a ring may leave it asleep is `cpu::doorbell`'s business (the lazy doorbell).

use std::sync::atomic::{fence, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use crate::core::executable;
use crate::core::packet::{
    packet_type, AgentDispatchPacket, AmdBarrierValuePacket, BarrierPacket, KernelDispatchPacket,
    RawPacket, AMD_PACKET_TYPE_BARRIER_VALUE,
};
use crate::core::processor::{completion_signal, published_packet, retire_packet, Stop};
use crate::core::queue::{
    self, QueueObject, DOORBELL_IDLE, QUEUE_FEATURE_AGENT_DISPATCH, QUEUE_FEATURE_KERNEL_DISPATCH,
};
use crate::core::signal::{self, Condition, MemoryOrder, SignalObject, WaitState};
use crate::status::Status;

/// Agent-dispatch function codes served by the CPU agent (`include/hsa/hsa_ext_ferrocm.h`).
pub mod agent_dispatch {
    pub const MEMCPY: u16 = 0x8001;
    pub const MEMSET: u16 = 0x8002;
    pub const HOST_CALL: u16 = 0x8003;
    pub const MEMCPY_2D: u16 = 0x8004;
}

/// Starts the processor thread of `queue`.
pub fn spawn(queue: Arc<QueueObject>) -> std::io::Result<JoinHandle<()>> {
    std::thread::Builder::new()
        .name(format!("ferrocm-queue-{}", queue.id()))
        // Kernel code itself runs on the engine's pooled fiber stacks (FERROCM_CPU_STACK_SIZE);
        // this thread's own stack is sized like the workers' for the engine code around it
        // (reserved lazily, so idle queues cost address space only).
        .stack_size(8 << 20)
        .spawn(move || run(&queue))
}

fn run(q: &QueueObject) {
    loop {
        // Consume rings made so far; any later ring ends the sleep below at once.
        q.doorbell.exchange(DOORBELL_IDLE, MemoryOrder::AcqRel);
        if !q.is_active() {
            return;
        }
        let mut ran = 0;
        // A helper (a host thread waiting for one of our packets) may hold the role: it
        // kicks the processor if it leaves packets behind, so sleeping below is safe.
        if q.consumer.acquire_for_processor() {
            // Running again: waiting host threads need not help any more.
            queue::clear_waking(q.key());
            let outcome = match q.consumer.take_deferred_error() {
                Some(status) => Err(Stop::Error(status)),
                None => drain(q, &|_| true, &|| false),
            };
            q.consumer.release();
            match outcome {
                Ok(n) => ran = n,
                Err(Stop::Inactivated) => return,
                Err(Stop::Error(status)) => {
                    q.report_error(status);
                    return;
                }
            }
        }
        q.sleep.processor_ran(ran);
        if !q.is_active() {
            return;
        }
        // After running packets the host often rings again at once: spin a little first.
        if ran == 0 || !q.sleep.spin_for_ring(&q.doorbell) {
            q.sleep.wait_for_ring(&q.doorbell);
        }
    }
}

/// Runs the published packets of `q` in order, from its read index, while `admit(packet)`
/// accepts the next one and `done()` is false. The caller holds the consumer role. Returns
/// how many packets ran.
fn drain(
    q: &QueueObject,
    admit: &dyn Fn(&RawPacket) -> bool,
    done: &dyn Fn() -> bool,
) -> Result<u64, Stop> {
    let mut read = q.load_read_index(MemoryOrder::Acquire);
    let mut ran = 0;
    while q.is_active() && !done() {
        let Some(packet) = published_packet(q, read) else {
            break;
        };
        if !admit(&packet) {
            break;
        }
        let start = crate::time::now();
        let completion = execute(q, &packet)?;
        let end = crate::time::now();
        read = retire_packet(q, read);
        fence(Ordering::Release);
        if let Some(signal) = completion {
            if q.profiling.load(Ordering::Relaxed) {
                signal.set_dispatch_times(start, end);
            }
            signal.subtract(1, MemoryOrder::Release);
        }
        ran += 1;
    }
    Ok(ran)
}

/// Runs packets of `q` on the calling thread, a host thread about to wait for `signal` (a
/// handle) until `done()`, while the queue's processor sleeps or is still waking up (see
/// [`queue::help_waiter`]). It takes the consumer role only if it is free, and only if one
/// of the published packets completes `signal`; then it runs packets in order until `done()`
/// holds or the next packet could block or call back into the application (host calls,
/// barriers whose dependencies are not met yet): those are left to the processor. Returns
/// whether it ran any packet.
pub(crate) fn run_on_waiter(q: &QueueObject, signal: u64, done: &dyn Fn() -> bool) -> bool {
    if q.soft || !q.is_active() {
        return false;
    }
    if !q.consumer.acquire_for_helper() {
        // The processor woke first and runs the packets; but a host thread waits, so the
        // next rings may leave the processor asleep for the waiter to take them.
        q.sleep.host_waits();
        return false;
    }
    let outcome = if completes_soon(q, signal) {
        drain(q, &runs_without_blocking, done)
    } else {
        Ok(0)
    };
    let ran = matches!(outcome, Ok(n) if n > 0);
    let failed = match outcome {
        Err(Stop::Error(status)) => {
            q.consumer.defer_error(status);
            true
        }
        _ => false,
    };
    if ran {
        q.sleep.host_waits();
    }
    // The processor may sleep (lazily, or because it found the role taken): it must run
    // what we leave behind and report a failure. An empty queue needs no wake-up, which
    // keeps the wake's cost off the waiting thread; the next ring reaches the processor.
    q.consumer.release();
    let left = q.load_write_index(MemoryOrder::Acquire) > q.load_read_index(MemoryOrder::Acquire);
    if failed || left {
        q.kick();
    }
    ran || failed
}

/// How far ahead of the read index a helper looks for a packet completing its signal.
const HELP_LOOKAHEAD: u64 = 64;

/// Whether one of the next published packets of `q` (at most [`HELP_LOOKAHEAD`]) has
/// completion signal `signal`. The caller holds the consumer role, so the slots up to the
/// first unpublished one are stable.
fn completes_soon(q: &QueueObject, signal: u64) -> bool {
    let read = q.load_read_index(MemoryOrder::Acquire);
    (read..read + HELP_LOOKAHEAD)
        .map_while(|index| published_packet(q, index))
        .any(|p| p.completion_signal() == signal)
}

/// Whether a helper may run `packet`: it finishes without waiting for anything else and
/// runs no application callback.
fn runs_without_blocking(packet: &RawPacket) -> bool {
    let met = |h: u64| signal::lookup(h).is_ok_and(|s| s.load(MemoryOrder::Acquire) < 1);
    match packet.header().packet_type() {
        packet_type::KERNEL_DISPATCH => true,
        packet_type::AGENT_DISPATCH => {
            let p: AgentDispatchPacket = packet.view();
            matches!(
                p.type_,
                agent_dispatch::MEMCPY | agent_dispatch::MEMSET | agent_dispatch::MEMCPY_2D
            )
        }
        packet_type::BARRIER_AND => {
            let p: BarrierPacket = packet.view();
            p.dep_signal.iter().all(|&h| h == 0 || met(h))
        }
        packet_type::BARRIER_OR => {
            let p: BarrierPacket = packet.view();
            p.dep_signal.iter().any(|&h| h != 0 && met(h))
        }
        _ => false,
    }
}

/// Runs one packet to completion; returns its completion signal.
fn execute(q: &QueueObject, packet: &RawPacket) -> Result<Option<Arc<SignalObject>>, Stop> {
    match packet.header().packet_type() {
        packet_type::KERNEL_DISPATCH => {
            if q.features() & QUEUE_FEATURE_KERNEL_DISPATCH == 0 {
                return Err(Stop::Error(Status::ERROR_INVALID_PACKET_FORMAT));
            }
            // The agent's share of the engine (all of it for a queue without an agent).
            let threads = q
                .agent
                .as_ref()
                .map_or(usize::MAX, |a| a.compute_units as usize);
            kernel_dispatch(q, &packet.view(), threads)
        }
        packet_type::AGENT_DISPATCH => {
            if q.features() & QUEUE_FEATURE_AGENT_DISPATCH == 0 {
                return Err(Stop::Error(Status::ERROR_INVALID_PACKET_FORMAT));
            }
            agent_dispatch_packet(&packet.view())
        }
        packet_type::BARRIER_AND => barrier(q, &packet.view(), true),
        packet_type::BARRIER_OR => barrier(q, &packet.view(), false),
        packet_type::VENDOR_SPECIFIC => {
            let p: AmdBarrierValuePacket = packet.view();
            if p.amd_format != AMD_PACKET_TYPE_BARRIER_VALUE {
                return Err(Stop::Error(Status::ERROR_INVALID_PACKET_FORMAT));
            }
            barrier_value(q, &p)
        }
        _ => Err(Stop::Error(Status::ERROR_INVALID_PACKET_FORMAT)),
    }
}

fn kernel_dispatch(
    q: &QueueObject,
    p: &KernelDispatchPacket,
    threads: usize,
) -> Result<Option<Arc<SignalObject>>, Stop> {
    // ferrocm's extension for cooperative launches: `reserved2` (0 in HSA) names a
    // registered cooperative description (cpu_engine::coop::register).
    let coop = if p.reserved2 == 0 {
        None
    } else {
        Some(
            cpu_engine::coop::take(p.reserved2)
                .ok_or(Stop::Error(Status::ERROR_INVALID_PACKET_FORMAT))?,
        )
    };
    let result = dispatch_kernel(q, p, threads, coop.clone());
    if result.is_err() {
        // A grid of a multi-device launch that will not run: the others must not wait.
        if let Some(c) = coop {
            c.abandon();
        }
    }
    result
}

fn dispatch_kernel(
    q: &QueueObject,
    p: &KernelDispatchPacket,
    threads: usize,
    coop: Option<cpu_engine::Cooperative>,
) -> Result<Option<Arc<SignalObject>>, Stop> {
    let bad_args = Stop::Error(Status::ERROR_INCOMPATIBLE_ARGUMENTS);
    let limits = cpu_engine::Engine::limits();
    let dims = u32::from(p.setup & 0x3);
    if dims == 0 {
        return Err(bad_args);
    }
    let wg = [
        u32::from(p.workgroup_size_x),
        u32::from(p.workgroup_size_y),
        u32::from(p.workgroup_size_z),
    ];
    let grid = [p.grid_size_x, p.grid_size_y, p.grid_size_z];
    for d in 0..3 {
        let used = (d as u32) < dims;
        if used && (wg[d] == 0 || grid[d] == 0) {
            return Err(bad_args);
        }
        if !used && (wg[d] != 1 || grid[d] != 1) {
            return Err(bad_args);
        }
    }
    if wg.iter().map(|&v| u64::from(v)).product::<u64>() > u64::from(limits.max_workgroup_size) {
        return Err(bad_args);
    }
    if p.group_segment_size > limits.max_group_segment_size
        || p.private_segment_size > limits.max_private_segment_size
    {
        return Err(Stop::Error(Status::ERROR_INVALID_ALLOCATION));
    }
    let kernel = executable::kernel_object(p.kernel_object)
        .ok_or(Stop::Error(Status::ERROR_INVALID_CODE_OBJECT))?;
    if p.kernarg_address == 0 && kernel.kernarg_segment_size > 0 {
        return Err(bad_args);
    }
    let completion = completion_signal(p.completion_signal)?;
    let group_segment_size = p
        .group_segment_size
        .max(kernel.engine_kernel.static_group_segment_size);
    if group_segment_size > limits.max_group_segment_size {
        return Err(Stop::Error(Status::ERROR_INVALID_ALLOCATION));
    }
    let dispatch = cpu_engine::Dispatch {
        kernel: &kernel.engine_kernel,
        dimensions: dims,
        workgroup_size: wg,
        grid_size: grid,
        group_segment_size,
        private_segment_size: p
            .private_segment_size
            .max(kernel.engine_kernel.static_private_segment_size),
        kernarg: p.kernarg_address as *const std::ffi::c_void,
    };
    let engine = cpu_engine::Engine::global();
    match coop {
        // Every work-group at once, each on a thread of its own (the device's share of the
        // cores bounds the grid: the HIP runtime checks it at launch).
        Some(c) => engine.run_cooperative(&dispatch, c),
        None => engine.run_on(&dispatch, threads),
    }
    .map_err(|e| {
        q.record_device_fault(&e);
        Stop::Error(dispatch_error_status(&e))
    })?;
    Ok(completion)
}

/// Maps an engine refusal to the status the queue callback reports.
fn dispatch_error_status(e: &cpu_engine::DispatchError) -> Status {
    use cpu_engine::DispatchError as E;
    match e {
        E::GroupSegmentTooLarge { .. } | E::PrivateSegmentTooLarge { .. } => {
            Status::ERROR_INVALID_ALLOCATION
        }
        E::OutOfResources(_) | E::CooperativeTooLarge { .. } => Status::ERROR_OUT_OF_RESOURCES,
        // What ROCR reports for a GPU trap (s_trap, a failed device assert): the queue's
        // error callback gets it and the queue stops.
        E::DeviceTrap | E::DeviceAssert => Status::ERROR_EXCEPTION,
        _ => Status::ERROR_INCOMPATIBLE_ARGUMENTS,
    }
}

fn agent_dispatch_packet(p: &AgentDispatchPacket) -> Result<Option<Arc<SignalObject>>, Stop> {
    let malformed = Stop::Error(Status::ERROR_INVALID_PACKET_FORMAT);
    let completion = completion_signal(p.completion_signal)?;
    let result: u64 = match p.type_ {
        agent_dispatch::MEMCPY => {
            let (dst, src, size) = (
                p.arg[0] as *mut u8,
                p.arg[1] as *const u8,
                p.arg[2] as usize,
            );
            if size > 0 && (dst.is_null() || src.is_null()) {
                return Err(malformed);
            }
            if size > 0 {
                // SAFETY: the application promises both ranges are valid for `size` bytes (the
                // same contract as hsa_memory_copy); `copy` tolerates overlap.
                unsafe { std::ptr::copy(src, dst, size) };
            }
            size as u64
        }
        agent_dispatch::MEMSET => {
            let (dst, value, count, elem) =
                (p.arg[0] as *mut u8, p.arg[1], p.arg[2] as usize, p.arg[3]);
            // Any address is accepted: hipMemsetD16/D32 take device pointers at any byte
            // offset (a misaligned fill is written byte-wise below, never refused, since a
            // refused packet would inactivate the stream's queue).
            if !matches!(elem, 1 | 2 | 4 | 8) || (count > 0 && dst.is_null()) {
                return Err(malformed);
            }
            // A fill larger than the address space is no memory any application has (found
            // by the aql_queue fuzzer: a slice that size is undefined behaviour).
            let fits = (count as u64)
                .checked_mul(elem)
                .is_some_and(|bytes| bytes <= isize::MAX as u64);
            if !fits {
                return Err(malformed);
            }
            // SAFETY: the application promises `dst` is valid for `count` elements.
            unsafe { fill(dst, value, count, elem as usize) };
            (count as u64).saturating_mul(elem)
        }
        agent_dispatch::HOST_CALL => {
            if p.arg[0] == 0 {
                return Err(malformed);
            }
            // SAFETY: the application put a `void (*)(void*)` in arg[0] and its argument in arg[1].
            let f: unsafe extern "C" fn(*mut std::ffi::c_void) =
                unsafe { std::mem::transmute(p.arg[0] as usize) };
            // SAFETY: calling the application's callback with the application's argument.
            unsafe { f(p.arg[1] as *mut std::ffi::c_void) };
            0
        }
        agent_dispatch::MEMCPY_2D => {
            let (dst, src) = (p.arg[0] as *mut u8, p.arg[1] as *const u8);
            let (dst_pitch, src_pitch) =
                ((p.arg[2] >> 32) as usize, (p.arg[2] & 0xFFFF_FFFF) as usize);
            let (height, width) = ((p.arg[3] >> 32) as usize, (p.arg[3] & 0xFFFF_FFFF) as usize);
            if width > 0 && height > 0 {
                if dst.is_null() || src.is_null() || width > dst_pitch || width > src_pitch {
                    return Err(malformed);
                }
                for row in 0..height {
                    // SAFETY: the application promises `height` rows of `width` bytes at the given pitches.
                    unsafe {
                        std::ptr::copy(src.add(row * src_pitch), dst.add(row * dst_pitch), width)
                    };
                }
            }
            (width as u64) * (height as u64)
        }
        _ => return Err(malformed),
    };
    if p.return_address != 0 {
        // SAFETY: the application asked for the result at this address (hsa_ext_ferrocm.h).
        unsafe { (p.return_address as *mut u64).write_unaligned(result) };
    }
    Ok(completion)
}

/// Writes `count` elements of `elem` bytes holding the low bytes of `value`.
///
/// # Safety
/// `dst` must be valid for `count * elem` bytes (at any alignment).
unsafe fn fill(dst: *mut u8, value: u64, count: usize, elem: usize) {
    // Nothing to write, and `dst` may be NULL then: no slice may be made of it, even an
    // empty one (found by the aql_queue fuzzer: a zero-element MEMSET to NULL aborted).
    if count == 0 {
        return;
    }
    if dst as usize % elem != 0 {
        // Misaligned: the element's bytes in memory order (little-endian, as the device's),
        // repeated. Rare, so simple beats fast here.
        let bytes = value.to_le_bytes();
        for i in 0..count {
            // SAFETY: element `i` lies inside the `count * elem` bytes the caller guarantees.
            unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), dst.add(i * elem), elem) };
        }
        return;
    }
    // SAFETY: every arm writes `count` aligned elements of `elem` bytes at `dst`, which the
    // caller guarantees are valid.
    unsafe {
        match elem {
            1 => std::ptr::write_bytes(dst, value as u8, count),
            2 => std::slice::from_raw_parts_mut(dst.cast::<u16>(), count).fill(value as u16),
            4 => std::slice::from_raw_parts_mut(dst.cast::<u32>(), count).fill(value as u32),
            _ => std::slice::from_raw_parts_mut(dst.cast::<u64>(), count).fill(value),
        }
    }
}

/// Barrier-AND (`all`) / barrier-OR: waits for the dependencies; a negative dependency makes
/// the completion signal negative (HSA conformance).
fn barrier(
    q: &QueueObject,
    p: &BarrierPacket,
    all: bool,
) -> Result<Option<Arc<SignalObject>>, Stop> {
    let completion = completion_signal(p.completion_signal)?;
    let mut deps = Vec::with_capacity(5);
    for &h in p.dep_signal.iter().filter(|&&h| h != 0) {
        deps.push(signal::lookup(h).map_err(|_| Stop::Error(Status::ERROR_INVALID_SIGNAL))?);
    }
    let mut negative = false;
    if all {
        // Handle 0 is satisfied; each dependency must be observed at or below 0 once.
        for dep in &deps {
            let value = wait_dependency(q, &[dep.as_ref()])?.1;
            negative |= value < 0;
        }
    } else {
        // Handle 0 never satisfies: with no real dependency the barrier waits until inactivated.
        let refs: Vec<&SignalObject> = deps.iter().map(|d| d.as_ref()).collect();
        let (_, value) = wait_dependency(q, &refs)?;
        negative = value < 0;
    }
    if negative {
        if let Some(c) = &completion {
            c.store(-1, MemoryOrder::Release);
        }
        return Ok(None);
    }
    Ok(completion)
}

/// Waits until one of `deps` is below 1 (or the queue is inactivated); returns (index, value).
fn wait_dependency(q: &QueueObject, deps: &[&SignalObject]) -> Result<(usize, i64), Stop> {
    let mut entries: Vec<(&SignalObject, Condition, i64)> =
        deps.iter().map(|&d| (d, Condition::Lt, 1)).collect();
    entries.push((q.control.as_ref(), Condition::Ne, 0));
    loop {
        if !q.is_active() {
            return Err(Stop::Inactivated);
        }
        if let Some((index, value)) =
            signal::wait_any(&entries, u64::MAX, WaitState::Blocked, MemoryOrder::Acquire)
        {
            if index < deps.len() {
                return Ok((index, value));
            }
        }
    }
}

/// AMD barrier-value packet: waits until `(value & mask) cond compare`.
fn barrier_value(
    q: &QueueObject,
    p: &AmdBarrierValuePacket,
) -> Result<Option<Arc<SignalObject>>, Stop> {
    let completion = completion_signal(p.completion_signal)?;
    let cond = Condition::from_raw(p.cond)
        .map_err(|_| Stop::Error(Status::ERROR_INVALID_PACKET_FORMAT))?;
    if p.signal == 0 {
        return Ok(completion);
    }
    let sig = signal::lookup(p.signal).map_err(|_| Stop::Error(Status::ERROR_INVALID_SIGNAL))?;
    loop {
        if !q.is_active() {
            return Err(Stop::Inactivated);
        }
        let v = sig.load(MemoryOrder::Acquire);
        if cond.holds(v & p.mask, p.value) {
            return Ok(completion);
        }
        let entries = [
            (sig.as_ref(), Condition::Ne, v),
            (q.control.as_ref(), Condition::Ne, 0),
        ];
        signal::wait_any(&entries, u64::MAX, WaitState::Blocked, MemoryOrder::Acquire);
    }
}
