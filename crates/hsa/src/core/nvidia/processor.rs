//! The packet processor of a queue on an NVIDIA agent: one host thread per queue that
//! consumes AQL packets exactly as the CPU processor does (never an INVALID slot, in
//! order, header reset to INVALID and read index advanced once a packet has been turned
//! into stream operations) and maps each packet onto the queue's CUDA streams:
//!
//! | packet | stream operations |
//! |---|---|
//! | kernel dispatch | `cuLaunchKernel` on the queue's stream, the kernarg buffer passed with `CU_LAUNCH_PARAM_BUFFER_POINTER/SIZE` (the driver copies it during the call) |
//! | barrier-AND | one `cuStreamWaitValue64` per dependency on the signal's value (a host page registered for the GPU): the **GPU** waits, the host does not |
//! | barrier-OR, AMD barrier-value | the processor thread waits for the condition (a host round trip: CUDA has no "wait for any of" operation) before it issues later packets |
//! | completion signal | an event recorded on the queue's stream, waited for by the queue's completion stream, which runs a host function that decrements the signal (host waiters sleep on a futex, so a host thread must do the decrement to wake them) |
//!
//! Packets of a queue run one after another on its stream, so every packet behaves as if
//! its barrier bit were set. Completion host functions run on a second stream of the
//! queue, so the kernels of the queue never wait for a host round trip.
//!
//! A queue whose stream reports an error (a kernel fault poisons the CUDA context) enters
//! the error state with `HSA_STATUS_ERROR_EXCEPTION`: while the streams have work in
//! flight, the processor checks them every [`POLL_MS`] ms.

use std::ffi::c_void;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::thread::JoinHandle;

use super::cu;
use super::device::{ContextGuard, NvDevice};
use super::driver::{check, NvError};
use super::{module, signal as nv_signal};
use crate::core::packet::{
    packet_type, AmdBarrierValuePacket, BarrierPacket, KernelDispatchPacket, RawPacket,
    AMD_PACKET_TYPE_BARRIER_VALUE,
};
use crate::core::processor::{completion_signal, published_packet, retire_packet, Stop};
use crate::core::queue::{QueueObject, DOORBELL_IDLE, QUEUE_FEATURE_KERNEL_DISPATCH};
use crate::core::signal::{self, Condition, MemoryOrder, SignalObject, WaitState};
use crate::status::{HsaError, HsaResult, Status};

/// How often (ms) the processor checks its streams for errors while work is in flight.
pub const POLL_MS: u64 = 20;

/// Local (private) memory a CUDA thread may use: 512 KiB.
pub const MAX_LOCAL_BYTES_PER_THREAD: u32 = 512 * 1024;

/// `cuStreamWaitValue64(addr, REFERENCE, CU_STREAM_WAIT_VALUE_GEQ)` waits until
/// `(int64_t)(*addr - REFERENCE) >= 0`, a cyclic comparison. With this reference the
/// condition holds exactly when the signal value `v` satisfies `v <= 0 && v != INT64_MIN`:
/// `v - (2^63 + 1)` (mod 2^64) is in `[0, 2^63)` iff `v` is 0 or in `[2^63 + 1, 2^64)`,
/// i.e. `v` is 0 or negative (but not `INT64_MIN`). That is the barrier-AND condition
/// "observed below 1" (negative values included, so that a failed dependency releases the
/// barrier and the completion signal can report it), short of the one value `INT64_MIN`.
pub const WAIT_AT_MOST_ZERO_REFERENCE: u64 = 0x8000_0000_0000_0001;

impl From<HsaError> for Stop {
    fn from(e: HsaError) -> Stop {
        Stop::Error(e.0)
    }
}

/// The status a failed stream operation reports: launch-argument problems are
/// `ERROR_INCOMPATIBLE_ARGUMENTS`, resource shortages `ERROR_OUT_OF_RESOURCES`, and a
/// broken context (a kernel faulted, the device was lost) `ERROR_EXCEPTION`.
fn stream_status(e: &NvError) -> Status {
    use cu::CUresult as C;
    match e.code() {
        Some(C::CUDA_ERROR_INVALID_VALUE) => Status::ERROR_INCOMPATIBLE_ARGUMENTS,
        Some(C::CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES | C::CUDA_ERROR_OUT_OF_MEMORY) => {
            Status::ERROR_OUT_OF_RESOURCES
        }
        Some(C::CUDA_ERROR_INVALID_HANDLE) => Status::ERROR_INVALID_CODE_OBJECT,
        _ => Status::ERROR_EXCEPTION,
    }
}

fn stream_error(e: NvError) -> Stop {
    Stop::Error(stream_status(&e))
}

/// The CUDA objects of one queue: its stream, the completion stream and the event that
/// hands work over from one to the other. Owned by the processor thread.
struct Streams {
    device: Arc<NvDevice>,
    main: cu::CUstream,
    side: cu::CUstream,
    handoff: cu::CUevent,
    /// Work was issued since the streams were last seen idle.
    busy: bool,
    /// Barrier-AND dependencies are waited for by the GPU.
    gpu_waits: bool,
}

// SAFETY: the handles are driver objects usable from any thread; the struct moves into
// the processor thread and is used only there.
unsafe impl Send for Streams {}

impl Streams {
    fn new(device: &Arc<NvDevice>) -> Result<Streams, NvError> {
        let _ctx = ContextGuard::push(device)?;
        let mut s = Streams {
            device: device.clone(),
            main: std::ptr::null_mut(),
            side: std::ptr::null_mut(),
            handoff: std::ptr::null_mut(),
            busy: false,
            gpu_waits: nv_signal::gpu_waits_enabled() && nv_signal::device_can_wait(device),
        };
        let flags = cu::CUstream_flags::CU_STREAM_NON_BLOCKING as u32;
        // SAFETY: required symbols, a context is current; out-parameters. On an error the
        // handles created so far are destroyed by `Drop`.
        unsafe {
            check("cuStreamCreate", cu::cuStreamCreate(&mut s.main, flags))?;
            check("cuStreamCreate", cu::cuStreamCreate(&mut s.side, flags))?;
            check(
                "cuEventCreate",
                cu::cuEventCreate(
                    &mut s.handoff,
                    cu::CUevent_flags::CU_EVENT_DISABLE_TIMING as u32,
                ),
            )?;
        }
        Ok(s)
    }

    /// Checks the streams: `Ok` while they work or are idle, the queue's error status if
    /// one failed (a kernel fault, a lost device).
    fn poll(&mut self) -> Result<(), Status> {
        if !self.busy {
            return Ok(());
        }
        let mut idle = true;
        for (stream, call) in [(self.main, "cuStreamQuery"), (self.side, "cuStreamQuery")] {
            // SAFETY: a live stream of this queue; the context is current on this thread.
            let r = unsafe { cu::cuStreamQuery(stream) };
            match r {
                cu::CUresult::CUDA_SUCCESS => {}
                cu::CUresult::CUDA_ERROR_NOT_READY => idle = false,
                code => return Err(stream_status(&NvError::Driver { call, code })),
            }
        }
        if idle {
            self.busy = false;
        }
        Ok(())
    }

    /// Signals `completion` once everything issued so far on the queue's stream is done:
    /// an event recorded on the stream, the completion stream waits for it and runs a
    /// host function that updates the signal.
    fn complete(&mut self, completion: Completion) -> Result<(), Stop> {
        // SAFETY: live handles of this queue; the context is current on this thread.
        unsafe {
            check("cuEventRecord", cu::cuEventRecord(self.handoff, self.main))
                .map_err(stream_error)?;
            check(
                "cuStreamWaitEvent",
                cu::cuStreamWaitEvent(self.side, self.handoff, 0),
            )
            .map_err(stream_error)?;
        }
        let raw = Box::into_raw(Box::new(completion));
        // SAFETY: `run_completion` takes ownership of `raw` when the driver calls it.
        let r = unsafe { cu::cuLaunchHostFunc(self.side, Some(run_completion), raw.cast()) };
        if r != cu::CUresult::CUDA_SUCCESS {
            // SAFETY: the driver did not take `raw`; reclaim it.
            drop(unsafe { Box::from_raw(raw) });
            return Err(stream_error(NvError::Driver {
                call: "cuLaunchHostFunc",
                code: r,
            }));
        }
        self.busy = true;
        Ok(())
    }
}

impl Drop for Streams {
    fn drop(&mut self) {
        let Ok(_ctx) = ContextGuard::push(&self.device) else {
            return;
        };
        // SAFETY: handles created by `Streams::new` (null ones are skipped), destroyed once.
        // Work still queued (a GPU wait on a signal that never comes) is released by the
        // driver when it completes.
        unsafe {
            if !self.handoff.is_null() {
                let _ = cu::cuEventDestroy_v2(self.handoff);
            }
            if !self.side.is_null() {
                let _ = cu::cuStreamDestroy_v2(self.side);
            }
            if !self.main.is_null() {
                let _ = cu::cuStreamDestroy_v2(self.main);
            }
        }
    }
}

/// What the completion host function does to a packet's completion signal.
struct Completion {
    signal: Arc<SignalObject>,
    /// Dependencies of a GPU-side barrier-AND: a negative one makes the completion
    /// signal negative.
    deps: Vec<Arc<SignalObject>>,
    /// A host-side wait observed a negative dependency.
    force_negative: bool,
    /// `(start tick)` when the queue profiles dispatches.
    profile_start: Option<u64>,
}

impl Completion {
    fn run(self) {
        let negative =
            self.force_negative || self.deps.iter().any(|d| d.load(MemoryOrder::Acquire) < 0);
        if negative {
            self.signal.store(-1, MemoryOrder::Release);
            return;
        }
        if let Some(start) = self.profile_start {
            self.signal.set_dispatch_times(start, crate::time::now());
        }
        self.signal.subtract(1, MemoryOrder::Release);
    }
}

/// The host function of a completion (runs on a driver thread; makes no CUDA call).
unsafe extern "C" fn run_completion(data: *mut c_void) {
    let _ = std::panic::catch_unwind(|| {
        // SAFETY: `data` is the `Box<Completion>` leaked by `Streams::complete`; the driver
        // calls this function once.
        let completion = unsafe { Box::from_raw(data.cast::<Completion>()) };
        completion.run();
    });
}

/// Creates the queue's streams and starts its processor thread.
pub fn spawn(queue: Arc<QueueObject>, device: Arc<NvDevice>) -> HsaResult<JoinHandle<()>> {
    let streams = Streams::new(&device).map_err(|e| match e.resource_status() {
        HsaError::ERROR_INVALID_ARGUMENT | HsaError::ERROR => HsaError::ERROR_OUT_OF_RESOURCES,
        other => other,
    })?;
    std::thread::Builder::new()
        .name(format!("ferrocm-gpuq-{}", queue.id()))
        .spawn(move || {
            let mut streams = streams;
            run(&queue, &mut streams);
        })
        .map_err(|_| HsaError::ERROR_OUT_OF_RESOURCES)
}

fn poll_ticks() -> u64 {
    POLL_MS * crate::time::TIMESTAMP_FREQUENCY_HZ / 1000
}

fn run(q: &QueueObject, s: &mut Streams) {
    if s.device.make_current().is_err() {
        q.report_error(Status::ERROR_OUT_OF_RESOURCES);
        return;
    }
    let mut read = q.load_read_index(MemoryOrder::Relaxed);
    loop {
        // Consume rings made so far; any later ring makes the wait below return at once.
        q.doorbell.exchange(DOORBELL_IDLE, MemoryOrder::AcqRel);
        loop {
            if !q.is_active() {
                return;
            }
            let Some(raw) = published_packet(q, read) else {
                break;
            };
            match execute(q, s, &raw) {
                Ok(()) => {}
                Err(Stop::Inactivated) => return,
                Err(Stop::Error(status)) => {
                    q.report_error(status);
                    return;
                }
            }
            // The packet is now stream operations: its slot is no longer needed.
            read = retire_packet(q, read);
        }
        if !q.is_active() {
            return;
        }
        let timeout = if s.busy { poll_ticks() } else { u64::MAX };
        q.doorbell.wait(
            Condition::Ne,
            DOORBELL_IDLE,
            timeout,
            WaitState::Blocked,
            MemoryOrder::Acquire,
        );
        if let Err(status) = s.poll() {
            q.report_error(status);
            return;
        }
    }
}

fn profile_start(q: &QueueObject) -> Option<u64> {
    q.profiling.load(Ordering::Relaxed).then(crate::time::now)
}

fn execute(q: &QueueObject, s: &mut Streams, raw: &RawPacket) -> Result<(), Stop> {
    match raw.header().packet_type() {
        packet_type::KERNEL_DISPATCH => {
            if q.features() & QUEUE_FEATURE_KERNEL_DISPATCH == 0 {
                return Err(Stop::Error(Status::ERROR_INVALID_PACKET_FORMAT));
            }
            kernel_dispatch(q, s, &raw.view())
        }
        packet_type::BARRIER_AND => barrier_and(q, s, &raw.view()),
        packet_type::BARRIER_OR => barrier_or(q, s, &raw.view()),
        packet_type::VENDOR_SPECIFIC => {
            let p: AmdBarrierValuePacket = raw.view();
            if p.amd_format != AMD_PACKET_TYPE_BARRIER_VALUE {
                return Err(Stop::Error(Status::ERROR_INVALID_PACKET_FORMAT));
            }
            barrier_value(q, s, &p)
        }
        // Agent dispatch (no AGENT_DISPATCH feature on GPU queues) and unknown types.
        _ => Err(Stop::Error(Status::ERROR_INVALID_PACKET_FORMAT)),
    }
}

fn kernel_dispatch(q: &QueueObject, s: &mut Streams, p: &KernelDispatchPacket) -> Result<(), Stop> {
    let bad_args = || Stop::Error(Status::ERROR_INCOMPATIBLE_ARGUMENTS);
    let props = &s.device.props;
    let dims = usize::from(p.setup & 0x3);
    if dims == 0 {
        return Err(bad_args());
    }
    let wg = [
        u32::from(p.workgroup_size_x),
        u32::from(p.workgroup_size_y),
        u32::from(p.workgroup_size_z),
    ];
    let grid = [p.grid_size_x, p.grid_size_y, p.grid_size_z];
    for d in 0..3 {
        let used = d < dims;
        if used && (wg[d] == 0 || grid[d] == 0) {
            return Err(bad_args());
        }
        if !used && (wg[d] != 1 || grid[d] != 1) {
            return Err(bad_args());
        }
        if wg[d] > props.max_block_dim[d] {
            return Err(bad_args());
        }
    }
    let threads: u64 = wg.iter().map(|&v| u64::from(v)).product();
    if threads > u64::from(props.max_threads_per_block) {
        return Err(bad_args());
    }
    if p.group_segment_size > props.max_shared_per_block_optin
        || p.private_segment_size > MAX_LOCAL_BYTES_PER_THREAD
    {
        return Err(Stop::Error(Status::ERROR_INVALID_ALLOCATION));
    }
    let kernel = module::kernel_object(p.kernel_object)
        .filter(|k| Arc::ptr_eq(&k.module.device, &s.device))
        .ok_or(Stop::Error(Status::ERROR_INVALID_CODE_OBJECT))?;
    let completion = completion_signal(p.completion_signal)?;
    // Without cuFuncGetParamInfo the argument size is unknown: refuse rather than guess.
    let param_bytes = kernel.param_bytes.ok_or_else(bad_args)?;
    if threads > u64::from(kernel.max_threads_per_block) {
        return Err(bad_args());
    }
    if param_bytes > 0
        && (p.kernarg_address == 0
            || crate::core::memory::is_device_memory(p.kernarg_address as usize))
    {
        // The driver reads the arguments on the host during cuLaunchKernel.
        return Err(bad_args());
    }
    let dynamic_shared = p.group_segment_size.saturating_sub(kernel.static_shared);
    if u64::from(kernel.static_shared) + u64::from(dynamic_shared)
        > u64::from(props.max_shared_per_block_optin)
    {
        return Err(Stop::Error(Status::ERROR_INVALID_ALLOCATION));
    }
    if dynamic_shared > 0 {
        kernel
            .ensure_dynamic_shared(dynamic_shared)
            .map_err(|_| Stop::Error(Status::ERROR_INVALID_ALLOCATION))?;
    }
    // HSA grid sizes count work-items; CUDA grids count blocks. A partial last work-group
    // becomes a whole block (kernels bound-check their index, as CUDA kernels do).
    let mut blocks = [0u32; 3];
    for d in 0..3 {
        blocks[d] = grid[d].div_ceil(wg[d]);
        if blocks[d] > props.max_grid_dim[d] {
            return Err(bad_args());
        }
    }
    let start = profile_start(q);
    let mut size = param_bytes as usize;
    let mut extra: [*mut c_void; 5] = [
        cu::CU_LAUNCH_PARAM_BUFFER_POINTER_AS_INT as usize as *mut c_void,
        p.kernarg_address as usize as *mut c_void,
        cu::CU_LAUNCH_PARAM_BUFFER_SIZE_AS_INT as usize as *mut c_void,
        (&mut size as *mut usize).cast(),
        cu::CU_LAUNCH_PARAM_END_AS_INT as usize as *mut c_void,
    ];
    let extra_ptr = if param_bytes > 0 {
        extra.as_mut_ptr()
    } else {
        std::ptr::null_mut()
    };
    // SAFETY: a registered kernel of this device; the context is current; the dimensions
    // were checked against the device's limits; `extra` describes `param_bytes` bytes at
    // the host address `kernarg_address`, which the application provides with at least
    // the kernel's kernarg segment size (HSA's contract) and which the driver copies
    // during the call.
    let r = unsafe {
        cu::cuLaunchKernel(
            kernel.function,
            blocks[0],
            blocks[1],
            blocks[2],
            wg[0],
            wg[1],
            wg[2],
            dynamic_shared,
            s.main,
            std::ptr::null_mut(),
            extra_ptr,
        )
    };
    check("cuLaunchKernel", r).map_err(stream_error)?;
    s.busy = true;
    if let Some(signal) = completion {
        s.complete(Completion {
            signal,
            deps: Vec::new(),
            force_negative: false,
            profile_start: start,
        })?;
    }
    Ok(())
}

fn dependencies(p: &BarrierPacket) -> Result<Vec<Arc<SignalObject>>, Stop> {
    p.dep_signal
        .iter()
        .filter(|&&h| h != 0)
        .map(|&h| signal::lookup(h).map_err(|_| Stop::Error(Status::ERROR_INVALID_SIGNAL)))
        .collect()
}

/// Barrier-AND: GPU-side waits when the device can read the signals, else host waits.
fn barrier_and(q: &QueueObject, s: &mut Streams, p: &BarrierPacket) -> Result<(), Stop> {
    let completion = completion_signal(p.completion_signal)?;
    let deps = dependencies(p)?;
    let start = profile_start(q);
    let addresses: Option<Vec<u64>> = if s.gpu_waits {
        deps.iter()
            .map(|d| nv_signal::device_value_address(d))
            .collect()
    } else {
        None
    };
    let (deps_to_check, force_negative) = match addresses {
        Some(addresses) => {
            for address in addresses {
                // SAFETY: the address is a signal value in a host page registered for
                // every device (it stays registered and mapped for the life of the
                // process); the stream is live and the context current.
                let r = unsafe {
                    cu::cuStreamWaitValue64_v2(
                        s.main,
                        address as cu::CUdeviceptr,
                        WAIT_AT_MOST_ZERO_REFERENCE,
                        cu::CUstreamWaitValue_flags::CU_STREAM_WAIT_VALUE_GEQ as u32,
                    )
                };
                check("cuStreamWaitValue64_v2", r).map_err(stream_error)?;
                s.busy = true;
            }
            (deps, false)
        }
        None => {
            // Host waits: each dependency observed below 1 once, in turn.
            let mut negative = false;
            for dep in &deps {
                let (_, value) = wait_dependency(q, s, &[dep.as_ref()])?;
                negative |= value < 0;
            }
            (Vec::new(), negative)
        }
    };
    if let Some(signal) = completion {
        s.complete(Completion {
            signal,
            deps: deps_to_check,
            force_negative,
            profile_start: start,
        })?;
    }
    Ok(())
}

/// Barrier-OR: the processor waits until a dependency is below 1 (handle 0 never
/// satisfies: with no real dependency the barrier waits until the queue is inactivated).
fn barrier_or(q: &QueueObject, s: &mut Streams, p: &BarrierPacket) -> Result<(), Stop> {
    let completion = completion_signal(p.completion_signal)?;
    let deps = dependencies(p)?;
    let start = profile_start(q);
    let refs: Vec<&SignalObject> = deps.iter().map(|d| d.as_ref()).collect();
    let (_, value) = wait_dependency(q, s, &refs)?;
    if let Some(signal) = completion {
        s.complete(Completion {
            signal,
            deps: Vec::new(),
            force_negative: value < 0,
            profile_start: start,
        })?;
    }
    Ok(())
}

/// AMD barrier-value: the processor waits until `(value & mask) cond compare`.
fn barrier_value(q: &QueueObject, s: &mut Streams, p: &AmdBarrierValuePacket) -> Result<(), Stop> {
    let completion = completion_signal(p.completion_signal)?;
    let cond = Condition::from_raw(p.cond)
        .map_err(|_| Stop::Error(Status::ERROR_INVALID_PACKET_FORMAT))?;
    let start = profile_start(q);
    if p.signal != 0 {
        let sig =
            signal::lookup(p.signal).map_err(|_| Stop::Error(Status::ERROR_INVALID_SIGNAL))?;
        loop {
            if !q.is_active() {
                return Err(Stop::Inactivated);
            }
            let v = sig.load(MemoryOrder::Acquire);
            if cond.holds(v & p.mask, p.value) {
                break;
            }
            let entries = [
                (sig.as_ref(), Condition::Ne, v),
                (q.control.as_ref(), Condition::Ne, 0),
            ];
            let timeout = if s.busy { poll_ticks() } else { u64::MAX };
            signal::wait_any(&entries, timeout, WaitState::Blocked, MemoryOrder::Acquire);
            s.poll().map_err(Stop::Error)?;
        }
    }
    if let Some(signal) = completion {
        s.complete(Completion {
            signal,
            deps: Vec::new(),
            force_negative: false,
            profile_start: start,
        })?;
    }
    Ok(())
}

/// Waits on the host until one of `deps` is below 1 (or the queue is inactivated, or a
/// stream fails); returns (index, value).
fn wait_dependency(
    q: &QueueObject,
    s: &mut Streams,
    deps: &[&SignalObject],
) -> Result<(usize, i64), Stop> {
    let mut entries: Vec<(&SignalObject, Condition, i64)> =
        deps.iter().map(|&d| (d, Condition::Lt, 1)).collect();
    entries.push((q.control.as_ref(), Condition::Ne, 0));
    loop {
        if !q.is_active() {
            return Err(Stop::Inactivated);
        }
        let timeout = if s.busy { poll_ticks() } else { u64::MAX };
        if let Some((index, value)) =
            signal::wait_any(&entries, timeout, WaitState::Blocked, MemoryOrder::Acquire)
        {
            if index < deps.len() {
                return Ok((index, value));
            }
        }
        s.poll().map_err(Stop::Error)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cyclic GEQ condition of `cuStreamWaitValue64`, as CUDA documents it.
    fn cuda_geq(value: i64, reference: u64) -> bool {
        (value as u64).wrapping_sub(reference) as i64 >= 0
    }

    #[test]
    fn gpu_wait_reference_means_at_most_zero() {
        for v in [0i64, -1, -2, -1000, i64::MIN + 1] {
            assert!(cuda_geq(v, WAIT_AT_MOST_ZERO_REFERENCE), "{v}");
        }
        for v in [1i64, 2, 1000, i64::MAX, i64::MIN] {
            assert!(!cuda_geq(v, WAIT_AT_MOST_ZERO_REFERENCE), "{v}");
        }
    }

    #[test]
    fn stream_errors_map_to_queue_statuses() {
        let e = |code| NvError::Driver { call: "x", code };
        assert_eq!(
            stream_status(&e(cu::CUresult::CUDA_ERROR_INVALID_VALUE)),
            Status::ERROR_INCOMPATIBLE_ARGUMENTS
        );
        assert_eq!(
            stream_status(&e(cu::CUresult::CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES)),
            Status::ERROR_OUT_OF_RESOURCES
        );
        assert_eq!(
            stream_status(&e(cu::CUresult::CUDA_ERROR_ILLEGAL_ADDRESS)),
            Status::ERROR_EXCEPTION
        );
    }
}
