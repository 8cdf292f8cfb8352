//! The CPU platform: the HSA CPU agent as a HIP device. [`Cpu`] implements the backend
//! traits over the runtime core's CPU objects (`Runtime`, `StreamCore`, `EventCore`, ...).

use crate::device::DeviceProperties;
use crate::error::{HipError, HipResult};

mod advice;
mod cooperative;
mod device;
mod external;
mod graph;
pub(crate) mod ipc;
mod launch;
mod memop;
mod memory;
mod mempool;
mod module;
mod peer;
mod shm;
mod stream;
mod texture;
mod vmm;

/// Forgets the managed-memory hints of `[base, base + size)` (the memory was freed).
pub(crate) fn forget_advice(base: usize, size: usize) {
    advice::forget(base, size);
}

/// The CPU platform's backend.
#[derive(Debug, Clone, Copy)]
pub struct Cpu;

/// Whether `ptr` is memory HIP did not allocate here but maps from a file: opened from
/// another process, a virtual-memory reservation, or an external buffer.
pub(crate) fn is_foreign_memory(ptr: usize) -> bool {
    ipc::active() && ipc::opened_contains(ptr) || vmm::is_reservation(ptr)
}

/// `hipFree`'s first step on the CPU: memory shared through IPC, virtual-memory ranges and
/// external buffers have their own release. `Some(result)` when `ptr` is such memory (the
/// free is done, or refused); `None` for ordinary memory, after forgetting any IPC export of
/// it (its handles stop opening).
pub(crate) fn release_shared(ptr: usize) -> Option<HipResult<()>> {
    if let Some(done) = external::free_buffer(ptr) {
        return Some(done);
    }
    if let Some(done) = ipc::free_opened(ptr) {
        return Some(done);
    }
    if is_foreign_memory(ptr) {
        // Closed with `hipIpcCloseMemHandle` / released with `hipMemAddressFree`.
        return Some(Err(HipError::InvalidValue));
    }
    if ipc::active() {
        ipc::forget_export(ptr);
    }
    None
}

/// `hipFreeAsync`'s first step on the CPU: external buffers and pool imports are released
/// once `stream` gets there; other shared memory (IPC mappings, reservations) is refused.
/// `None` for ordinary memory.
pub(crate) fn release_shared_async(
    ptr: usize,
    stream: &crate::stream::StreamCore,
) -> Option<HipResult<()>> {
    if external::is_buffer(ptr) || ipc::is_pool_import(ptr) {
        return Some(stream.host_fn(move || {
            // Nothing to report from the stream: a double free was refused when enqueued.
            let _ = release_shared(ptr);
        }));
    }
    is_foreign_memory(ptr).then_some(Err(HipError::InvalidValue))
}

/// Per-work-item stack bytes of the CPU kernel engine (fibers and worker threads).
pub fn stack_size() -> usize {
    cpu_engine::Engine::global().stack_size()
}

/// The properties of CPU device `index` of `count`, from its HSA agent and the engine's
/// limits. Several CPU devices split the host's memory evenly between them (each device's
/// `totalGlobalMem` and `hipMemGetInfo`) and the engine's threads (`compute_units` of the
/// agent); each has its own PCI bus number and UUID so that programs can tell them apart.
pub fn properties(agent: &hsa::Agent, index: usize, count: usize) -> DeviceProperties {
    let limits = cpu_engine::Engine::limits();
    let obj = agent.object();
    let isa_name = obj
        .isa()
        .map_or_else(|| "cpu".to_string(), |isa| isa.name.clone());
    let l2 = obj
        .caches
        .iter()
        .filter(|c| c.level >= 2)
        .map(|c| c.size)
        .max()
        .unwrap_or(0);
    let cores = obj.compute_units.max(1) as i32;
    let max_block = limits.max_workgroup_size as i32;
    let shared = u64::from(limits.max_group_segment_size);
    let total_mem = hsa::core::agent::total_memory() / count.max(1) as u64;
    let mut uuid = *b"ferrocm-cpu-0000";
    for (i, b) in format!("{:04x}", index & 0xffff).bytes().enumerate() {
        uuid[12 + i] = b;
    }
    DeviceProperties {
        name: format!("{} (ferrocm CPU)", obj.name),
        arch_name: isa_name,
        total_global_mem: total_mem,
        shared_mem_per_block: shared,
        // No register file to report; AMD's per-block figure keeps occupancy maths sane.
        regs_per_block: 65536,
        warp_size: limits.wavefront_size as i32,
        max_threads_per_block: max_block,
        max_threads_dim: [max_block, max_block, 64.min(max_block)],
        max_grid_size: [i32::MAX, 65535, 65535],
        clock_rate_khz: (obj.max_clock_mhz as i32).saturating_mul(1000),
        memory_clock_rate_khz: 0,
        memory_bus_width: 0,
        total_const_mem: hsa::core::agent::total_memory().min(i32::MAX as u64),
        // Not a GCN/CDNA device: 0.0 says "no AMD GPU ISA"; code must test features instead.
        major: 0,
        minor: 0,
        multi_processor_count: cores,
        l2_cache_size: l2 as i32,
        max_threads_per_multiprocessor: max_block,
        max_shared_memory_per_multiprocessor: shared,
        concurrent_kernels: true,
        can_map_host_memory: true,
        integrated: true,
        managed_memory: true,
        concurrent_managed_access: true,
        pageable_memory_access: true,
        host_native_atomic_supported: true,
        unified_addressing: true,
        // Cooperative launches run every work-group at once (platform/cpu/cooperative.rs),
        // on one device or several (multi-grid synchronisation).
        cooperative_launch: true,
        cooperative_multi_device_launch: true,
        async_engine_count: 1,
        wall_clock_rate_khz: 1_000_000,
        pci_bus_id: index as i32,
        pci_device_id: 0,
        pci_domain_id: 0,
        mem_pitch: i32::MAX as u64,
        texture_alignment: 256,
        uuid,
    }
}
