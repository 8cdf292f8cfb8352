//! The AMD extension subset (`hsa_ext_amd.h`): memory pools, access, async copies, fills,
//! pinning, pointer info, profiling and coherency.

use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, Ordering};

use hsa::core::info::InfoValue;
use hsa::core::memory::{self, AllocationOrigin};
use hsa::core::signal::{self, Condition, MemoryOrder};
use hsa::{HsaError, HsaResult};

use crate::entry::{iterate, non_null, out_ok, rt, slice, write_info, write_out};
use crate::types::{hsa_agent_t, hsa_amd_memory_pool_t, hsa_signal_t, hsa_status_t};

pub(crate) type PoolCallback =
    unsafe extern "C" fn(hsa_amd_memory_pool_t, *mut c_void) -> hsa_status_t;

/// `hsa_amd_pointer_info_t` (56 bytes; callers set `size` to the version they know).
#[repr(C)]
pub struct hsa_amd_pointer_info_t {
    pub size: u32,
    pub type_: u32,
    pub agent_base_address: *mut c_void,
    pub host_base_address: *mut c_void,
    pub size_in_bytes: usize,
    pub user_data: *mut c_void,
    pub agent_owner: hsa_agent_t,
    pub global_flags: u32,
}

#[repr(C)]
pub struct hsa_amd_profiling_dispatch_time_t {
    pub start: u64,
    pub end: u64,
}

static ASYNC_COPY_PROFILING: AtomicBool = AtomicBool::new(false);

fn pool(handle: u64) -> HsaResult<(u64, std::sync::Arc<memory::RegionObject>)> {
    let rt = rt()?;
    let (agent, r) = rt
        .topology
        .region(handle)
        .map_err(|_| HsaError::ERROR_INVALID_MEMORY_POOL)?;
    if !r.is_pool() {
        return Err(HsaError::ERROR_INVALID_MEMORY_POOL);
    }
    Ok((agent.handle(), r.clone()))
}

/// Copies `size` bytes once every dependency has been observed at or below 0, then
/// decrements `completion` (or makes it negative if a dependency failed). Runs on the
/// signal async-handler thread, chaining one handler per dependency, so nothing blocks.
fn async_copy(
    dst: usize,
    src: usize,
    size: usize,
    mut deps: Vec<u64>,
    completion: u64,
) -> HsaResult<()> {
    match deps.pop() {
        Some(dep) => signal::async_handler(
            dep,
            Condition::Lt,
            1,
            Box::new(move |value| {
                let _ = if value < 0 {
                    fail_completion(completion)
                } else {
                    async_copy(dst, src, size, std::mem::take(&mut deps), completion)
                };
                false
            }),
        ),
        None => {
            let start = hsa::time::now();
            // SAFETY: the application guarantees both ranges for `size` bytes until
            // completion. Device memory of NVIDIA agents is copied by the driver.
            if let Err(e) = unsafe { memory::copy(dst as *mut u8, src as *const u8, size) } {
                let _ = fail_completion(completion);
                return Err(e);
            }
            let end = hsa::time::now();
            let c = signal::lookup(completion)?;
            if ASYNC_COPY_PROFILING.load(Ordering::Relaxed) {
                c.set_dispatch_times(start, end);
            }
            c.subtract(1, MemoryOrder::Release);
            Ok(())
        }
    }
}

fn fail_completion(completion: u64) -> HsaResult<()> {
    signal::lookup(completion)?.store(-1, MemoryOrder::Release);
    Ok(())
}

hsa_api! {
    fn hsa_amd_agent_iterate_memory_pools(agent: hsa_agent_t, callback: Option<PoolCallback>, data: *mut c_void) {
        let rt = rt()?;
        let a = rt.agent(agent.handle)?;
        let cb = callback.ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
        // SAFETY: the application's callback with valid pool handles.
        iterate(a.regions.iter().filter(|r| r.is_pool()), |r| unsafe {
            cb(hsa_amd_memory_pool_t { handle: r.handle() }, data)
        })
    }

    fn hsa_amd_memory_pool_get_info(memory_pool: hsa_amd_memory_pool_t, attribute: u32, value: *mut c_void) {
        let (_, r) = pool(memory_pool.handle)?;
        // SAFETY: the caller passes a buffer of the attribute's type.
        unsafe { write_info(r.pool_info(attribute), value) }
    }

    fn hsa_amd_memory_pool_allocate(memory_pool: hsa_amd_memory_pool_t, size: usize, flags: u32, ptr: *mut *mut c_void) {
        let (agent, r) = pool(memory_pool.handle)?;
        non_null(ptr)?;
        if flags & !0x7 != 0 {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        let p = memory::allocate(agent, &r, size)?;
        // SAFETY: checked non-null `void**`.
        unsafe { write_out(ptr, p.cast()) }
    }

    fn hsa_amd_memory_pool_free(ptr: *mut c_void) {
        rt()?;
        memory::free(ptr.cast())
    }

    fn hsa_amd_agent_memory_pool_get_info(agent: hsa_agent_t, memory_pool: hsa_amd_memory_pool_t, attribute: u32, value: *mut c_void) {
        let rt = rt()?;
        let a = rt.agent(agent.handle)?;
        let (_, r) = pool(memory_pool.handle)?;
        let info = match attribute {
            // The CPU agent reaches host memory directly; GPU agents their device's memory
            // and pinned host memory, CPU-pool memory once registered (allow_access).
            0 => Ok(InfoValue::U32(memory::pool_access(a.nvidia_device(), &r))),
            1 => Ok(InfoValue::U32(0)), // NUM_LINK_HOPS
            2 => Ok(InfoValue::Bytes(Vec::new())),
            _ => Err(HsaError::ERROR_INVALID_ARGUMENT),
        };
        // SAFETY: the caller passes a buffer of the attribute's type.
        unsafe { write_info(info, value) }
    }

    fn hsa_amd_agents_allow_access(num_agents: u32, agents: *const hsa_agent_t, flags: *const u32, ptr: *const c_void) {
        let rt = rt()?;
        if num_agents == 0 || !flags.is_null() {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        non_null(ptr)?;
        // SAFETY: `num_agents` agents per the API.
        let list = unsafe { slice(agents, num_agents as usize)? };
        for a in list {
            rt.agent(a.handle)?;
        }
        let allocation = memory::find(ptr as usize).ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
        if allocation.origin != AllocationOrigin::Runtime {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        // A GPU agent reaches a host mapping once it is registered with the driver.
        for a in list {
            if let Some(device) = rt.agent(a.handle)?.nvidia_device() {
                memory::grant_gpu_access(allocation.base, device)?;
            }
        }
        memory::update(allocation.base, |a| a.allowed_agents = list.iter().map(|x| x.handle).collect())
    }

    fn hsa_amd_memory_pool_can_migrate(src: hsa_amd_memory_pool_t, dst: hsa_amd_memory_pool_t, result: *mut bool) {
        let (_, s) = pool(src.handle)?;
        let (_, d) = pool(dst.handle)?;
        // Only the CPU agent's pools (the same host memory) can be migrated between.
        let global = |r: &memory::RegionObject| {
            r.segment() == memory::SEGMENT_GLOBAL && matches!(r.backing, memory::Backing::Host)
        };
        // SAFETY: `bool*` per the API.
        unsafe { write_out(result, global(&s) && global(&d)) }
    }

    fn hsa_amd_memory_migrate(ptr: *const c_void, memory_pool: hsa_amd_memory_pool_t, flags: u32) {
        let (agent, r) = pool(memory_pool.handle)?;
        non_null(ptr)?;
        if flags != 0 || r.segment() != memory::SEGMENT_GLOBAL {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        let current = memory::find(ptr as usize).ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
        if !matches!(r.backing, memory::Backing::Host) || !matches!(current.backing, memory::Backing::Host) {
            // Moving data between host and GPU memory is not supported.
            return Err(HsaError::ERROR);
        }
        // All CPU pools are the same physical memory: migrating re-labels the allocation.
        memory::update_containing(ptr as usize, |a| {
            a.region = r.handle();
            a.owner = agent;
            a.global_flags = r.global_flags();
        })
    }

    fn hsa_amd_memory_async_copy(
        dst: *mut c_void,
        dst_agent: hsa_agent_t,
        src: *const c_void,
        src_agent: hsa_agent_t,
        size: usize,
        num_dep_signals: u32,
        dep_signals: *const hsa_signal_t,
        completion_signal: hsa_signal_t,
    ) {
        let rt = rt()?;
        rt.agent(dst_agent.handle)?;
        rt.agent(src_agent.handle)?;
        if (num_dep_signals == 0) != dep_signals.is_null() || completion_signal.handle == 0 {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        if size > 0 && (dst.is_null() || src.is_null()) {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        signal::lookup(completion_signal.handle)?;
        // SAFETY: `num_dep_signals` signals per the API.
        let deps: Vec<u64> = unsafe { slice(dep_signals, num_dep_signals as usize)? }
            .iter()
            .map(|s| s.handle)
            .collect();
        for &d in &deps {
            signal::lookup(d)?;
        }
        async_copy(dst as usize, src as usize, size, deps, completion_signal.handle)
    }

    fn hsa_amd_memory_fill(ptr: *mut c_void, value: u32, count: usize) {
        rt()?;
        non_null(ptr)?;
        if ptr as usize % 4 != 0 {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        let bytes = count.checked_mul(4).ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
        let a = memory::find(ptr as usize).ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
        if ptr as usize + bytes > a.base + a.size {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        // SAFETY: the range lies inside a live allocation the runtime knows, and is 4-aligned.
        unsafe { memory::fill_u32(&a, ptr.cast::<u32>(), value, count) }
    }

    fn hsa_amd_memory_lock(host_ptr: *mut c_void, size: usize, agents: *mut hsa_agent_t, num_agent: i32, agent_ptr: *mut *mut c_void) {
        let rt = rt()?;
        non_null(agent_ptr)?;
        if (num_agent == 0) != agents.is_null() || num_agent < 0 {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        // SAFETY: `num_agent` agents per the API.
        for a in unsafe { slice(agents.cast_const(), num_agent as usize)? } {
            rt.agent(a.handle)?;
        }
        let cpu = rt.topology.cpu_agent();
        let fine = cpu.regions.first().ok_or(HsaError::ERROR)?;
        memory::lock(host_ptr.cast(), size, cpu.handle(), fine)?;
        // The CPU agent uses host addresses directly.
        // SAFETY: checked non-null `void**`.
        unsafe { write_out(agent_ptr, host_ptr) }
    }

    fn hsa_amd_memory_lock_to_pool(host_ptr: *mut c_void, size: usize, agents: *mut hsa_agent_t, num_agent: i32, memory_pool: hsa_amd_memory_pool_t, flags: u32, agent_ptr: *mut *mut c_void) {
        let rt = rt()?;
        non_null(agent_ptr)?;
        let (owner, r) = pool(memory_pool.handle)?;
        if flags != 0 || (num_agent == 0) != agents.is_null() || num_agent < 0 || r.segment() != memory::SEGMENT_GLOBAL {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        // SAFETY: `num_agent` agents per the API.
        for a in unsafe { slice(agents.cast_const(), num_agent as usize)? } {
            rt.agent(a.handle)?;
        }
        memory::lock(host_ptr.cast(), size, owner, &r)?;
        // SAFETY: checked non-null `void**`.
        unsafe { write_out(agent_ptr, host_ptr) }
    }

    fn hsa_amd_memory_unlock(host_ptr: *mut c_void) {
        rt()?;
        memory::unlock(host_ptr.cast())
    }

    fn hsa_amd_pointer_info(
        ptr: *const c_void,
        info: *mut hsa_amd_pointer_info_t,
        alloc: Option<unsafe extern "C" fn(usize) -> *mut c_void>,
        num_agents_accessible: *mut u32,
        accessible: *mut *mut hsa_agent_t,
    ) {
        let rt = rt()?;
        out_ok(info)?;
        for given in [num_agents_accessible.cast::<c_void>(), accessible.cast()] {
            if !given.is_null() {
                out_ok(given)?;
            }
        }
        // SAFETY: `info` is mapped; its first field tells how much the caller knows.
        let caller_size = unsafe { (*info).size } as usize;
        if caller_size < 8 {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        let mut out = hsa_amd_pointer_info_t {
            size: caller_size.min(std::mem::size_of::<hsa_amd_pointer_info_t>()) as u32,
            type_: 0,
            agent_base_address: std::ptr::null_mut(),
            host_base_address: std::ptr::null_mut(),
            size_in_bytes: 0,
            user_data: std::ptr::null_mut(),
            agent_owner: hsa_agent_t { handle: 0 },
            global_flags: 0,
        };
        let found = memory::find(ptr as usize);
        if let Some(a) = &found {
            out.type_ = match a.origin {
                AllocationOrigin::Runtime => 1, // HSA_EXT_POINTER_TYPE_HSA
                AllocationOrigin::Locked => 2,  // HSA_EXT_POINTER_TYPE_LOCKED
            };
            out.agent_base_address = a.base as *mut c_void;
            // Device memory has no host address.
            out.host_base_address = if a.is_device_memory() {
                std::ptr::null_mut()
            } else {
                a.base as *mut c_void
            };
            out.size_in_bytes = a.size;
            out.user_data = a.user_data as *mut c_void;
            out.agent_owner = hsa_agent_t { handle: a.owner };
            out.global_flags = a.global_flags;
        }
        let n = out.size as usize;
        // SAFETY: copy only the prefix the caller's struct version has room for.
        unsafe { std::ptr::copy_nonoverlapping((&out as *const hsa_amd_pointer_info_t).cast::<u8>(), info.cast::<u8>(), n) };
        if let (Some(found), false, false) = (&found, num_agents_accessible.is_null(), accessible.is_null()) {
            let alloc = alloc.ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
            // Device memory: its GPU agent; host memory: every agent.
            let agents: Vec<u64> = if found.is_device_memory() {
                vec![found.owner]
            } else {
                rt.topology.agents.iter().map(|a| a.handle()).collect()
            };
            // SAFETY: the application's allocator, asked for an array of agents.
            let buf = unsafe { alloc(agents.len() * std::mem::size_of::<hsa_agent_t>()) }.cast::<hsa_agent_t>();
            if buf.is_null() {
                return Err(HsaError::ERROR_OUT_OF_RESOURCES);
            }
            for (i, h) in agents.iter().enumerate() {
                // SAFETY: `buf` holds `agents.len()` entries.
                unsafe { buf.add(i).write(hsa_agent_t { handle: *h }) };
            }
            // SAFETY: non-null out-pointers checked above.
            unsafe {
                num_agents_accessible.write(agents.len() as u32);
                accessible.write(buf);
            }
        }
        Ok(())
    }

    fn hsa_amd_pointer_info_set_userdata(ptr: *const c_void, userdata: *mut c_void) {
        rt()?;
        non_null(ptr)?;
        memory::update_containing(ptr as usize, |a| a.user_data = userdata as usize)
    }

    fn hsa_amd_profiling_get_dispatch_time(agent: hsa_agent_t, signal_: hsa_signal_t, time: *mut hsa_amd_profiling_dispatch_time_t) {
        let rt = rt()?;
        rt.agent(agent.handle)?;
        non_null(time)?;
        let (start, end) = signal::lookup(signal_.handle)?.dispatch_times();
        // SAFETY: checked non-null.
        unsafe { write_out(time, hsa_amd_profiling_dispatch_time_t { start, end }) }
    }

    fn hsa_amd_profiling_async_copy_enable(enable: bool) {
        rt()?;
        ASYNC_COPY_PROFILING.store(enable, Ordering::Relaxed);
        Ok(())
    }

    fn hsa_amd_profiling_get_async_copy_time(signal_: hsa_signal_t, time: *mut hsa_amd_profiling_dispatch_time_t) {
        rt()?;
        non_null(time)?;
        let (start, end) = signal::lookup(signal_.handle)?.dispatch_times();
        // SAFETY: checked non-null.
        unsafe { write_out(time, hsa_amd_profiling_dispatch_time_t { start, end }) }
    }

    fn hsa_amd_profiling_convert_tick_to_system_domain(agent: hsa_agent_t, agent_tick: u64, system_tick: *mut u64) {
        let rt = rt()?;
        rt.agent(agent.handle)?;
        // The CPU agent's ticks are system ticks.
        // SAFETY: `uint64_t*` per the API.
        unsafe { write_out(system_tick, agent_tick) }
    }

    fn hsa_amd_coherency_get_type(agent: hsa_agent_t, type_: *mut u32) {
        let rt = rt()?;
        rt.agent(agent.handle)?;
        // SAFETY: `hsa_amd_coherency_type_t*` per the API.
        unsafe { write_out(type_, 0) } // COHERENT
    }

    fn hsa_amd_coherency_set_type(agent: hsa_agent_t, type_: u32) {
        let rt = rt()?;
        rt.agent(agent.handle)?;
        match type_ {
            0 => Ok(()), // already coherent
            1 => Err(HsaError::ERROR_INVALID_ARGUMENT), // host memory cannot be made non-coherent
            _ => Err(HsaError::ERROR_INVALID_ARGUMENT),
        }
    }
}
