//! Bad input to every function of `libhsa-runtime64.so`'s export table
//! (docs/RELIABILITY.md). The objects a call needs are made from the CPU agent: its
//! regions, memory pools, ISA, cache and wavefront (found, never destroyed), signals,
//! signal groups, queues and executables (made and destroyed).

use std::ffi::c_void;
use std::ptr::{null, null_mut};

use ferrocm_probe::simple::{self, Handle, Library};
use hsa_runtime64::exports::*;
use hsa_runtime64::types::*;

const SUCCESS: hsa_status_t = hsa_status_t(0);
/// `HSA_STATUS_INFO_BREAK`: stops an iteration (the first item is enough).
const INFO_BREAK: hsa_status_t = hsa_status_t(1);
const QUEUE_TYPE_MULTI: u32 = 0;
const PROFILE_FULL: u32 = 1;
const POOL_INFO_RUNTIME_ALLOC_ALLOWED: u32 = 5;

/// `hsa_shut_down` would end the runtime for the rest of the child's cases.
fn skip(name: &str) -> Option<&'static str> {
    (name == "hsa_shut_down").then_some("ends the runtime: every later call must fail")
}

/// Iteration callbacks that keep the handles they are given.
macro_rules! collectors {
    ($($name:ident: $ty:ty;)*) => {$(
        unsafe extern "C" fn $name(item: $ty, data: *mut c_void) -> hsa_status_t {
            // SAFETY: `data` is the `Vec<u64>` the caller passed.
            unsafe { (*data.cast::<Vec<u64>>()).push(item.handle) };
            SUCCESS
        }
    )*};
}
collectors! {
    collect_region: hsa_region_t;
    collect_pool: hsa_amd_memory_pool_t;
    collect_isa: hsa_isa_t;
    collect_cache: hsa_cache_t;
    collect_wavefront: hsa_wavefront_t;
}

unsafe extern "C" fn first_agent(agent: hsa_agent_t, data: *mut c_void) -> hsa_status_t {
    // SAFETY: `data` is the `u64` the caller passed.
    unsafe { *data.cast::<u64>() = agent.handle };
    INFO_BREAK
}

fn agent() -> Option<u64> {
    let mut a = 0u64;
    // SAFETY: a valid callback and its data.
    unsafe { hsa_iterate_agents(Some(first_agent), (&mut a as *mut u64).cast()) };
    (a != 0).then_some(a)
}

fn regions() -> Vec<u64> {
    let mut v: Vec<u64> = Vec::new();
    if let Some(a) = agent() {
        // SAFETY: a live agent, a valid callback and its data.
        unsafe {
            hsa_agent_iterate_regions(
                hsa_agent_t { handle: a },
                Some(collect_region),
                (&mut v as *mut Vec<u64>).cast(),
            )
        };
    }
    v
}

fn pools() -> Vec<u64> {
    let mut v: Vec<u64> = Vec::new();
    if let Some(a) = agent() {
        // SAFETY: as for regions.
        unsafe {
            hsa_amd_agent_iterate_memory_pools(
                hsa_agent_t { handle: a },
                Some(collect_pool),
                (&mut v as *mut Vec<u64>).cast(),
            )
        };
    }
    v
}

fn isa() -> Option<u64> {
    let mut v: Vec<u64> = Vec::new();
    // SAFETY: as for regions.
    unsafe {
        hsa_agent_iterate_isas(
            hsa_agent_t { handle: agent()? },
            Some(collect_isa),
            (&mut v as *mut Vec<u64>).cast(),
        )
    };
    v.first().copied()
}

fn cache() -> Option<u64> {
    let mut v: Vec<u64> = Vec::new();
    // SAFETY: as for regions.
    unsafe {
        hsa_agent_iterate_caches(
            hsa_agent_t { handle: agent()? },
            Some(collect_cache),
            (&mut v as *mut Vec<u64>).cast(),
        )
    };
    v.first().copied()
}

fn wavefront() -> Option<u64> {
    let mut v: Vec<u64> = Vec::new();
    // SAFETY: a live ISA, a valid callback and its data.
    unsafe {
        hsa_isa_iterate_wavefronts(
            hsa_isa_t { handle: isa()? },
            Some(collect_wavefront),
            (&mut v as *mut Vec<u64>).cast(),
        )
    };
    v.first().copied()
}

fn signal_create() -> Option<u64> {
    let mut s = hsa_signal_t { handle: 0 };
    // SAFETY: no consumers, a valid out-pointer.
    let status = unsafe { hsa_signal_create(0, 0, null(), &mut s) };
    (status == SUCCESS).then_some(s.handle)
}

fn signal_destroy(s: u64) {
    // SAFETY: a signal made above (a stale one is refused, not a fault).
    unsafe { hsa_signal_destroy(hsa_signal_t { handle: s }) };
}

fn group_create() -> Option<u64> {
    let signal = hsa_signal_t {
        handle: signal_create()?,
    };
    let consumer = hsa_agent_t { handle: agent()? };
    let mut g = hsa_signal_group_t { handle: 0 };
    // SAFETY: one live signal, one live agent, a valid out-pointer. The group's signal is
    // left to the process (a group does not own its signals).
    let status = unsafe { hsa_signal_group_create(1, &signal, 1, &consumer, &mut g) };
    (status == SUCCESS).then_some(g.handle)
}

fn group_destroy(g: u64) {
    // SAFETY: as for signals.
    unsafe { hsa_signal_group_destroy(hsa_signal_group_t { handle: g }) };
}

fn queue_create() -> Option<u64> {
    let mut q: *mut HsaQueue = null_mut();
    // SAFETY: a live agent, no callback, a valid out-pointer.
    let status = unsafe {
        hsa_queue_create(
            hsa_agent_t { handle: agent()? },
            64,
            QUEUE_TYPE_MULTI,
            None,
            null_mut(),
            0,
            0,
            &mut q,
        )
    };
    (status == SUCCESS).then_some(q as usize as u64)
}

fn queue_destroy(q: u64) {
    // SAFETY: a queue made above (a stale one is refused, not a fault).
    unsafe { hsa_queue_destroy(q as usize as *mut HsaQueue) };
}

fn executable_create() -> Option<u64> {
    let mut e = hsa_executable_t { handle: 0 };
    // SAFETY: no options, a valid out-pointer.
    let status = unsafe { hsa_executable_create_alt(PROFILE_FULL, 0, null(), &mut e) };
    (status == SUCCESS).then_some(e.handle)
}

fn executable_destroy(e: u64) {
    // SAFETY: as for signals.
    unsafe { hsa_executable_destroy(hsa_executable_t { handle: e }) };
}

fn setup() -> Result<(), String> {
    // SAFETY: no arguments.
    match unsafe { hsa_init() } {
        SUCCESS => Ok(()),
        s => Err(format!("hsa_init returned {s:?}")),
    }
}

static LIB: Library = Library {
    name: "libhsa-runtime64.so",
    probes: PROBES,
    handles: &[
        Handle {
            family: "signal",
            types: &["hsa_signal_t"],
            create: signal_create,
            destroy: Some(signal_destroy),
        },
        Handle {
            family: "signal group",
            types: &["hsa_signal_group_t"],
            create: group_create,
            destroy: Some(group_destroy),
        },
        Handle {
            family: "queue",
            types: &["*mut HsaQueue", "*const HsaQueue"],
            create: queue_create,
            destroy: Some(queue_destroy),
        },
        Handle {
            family: "executable",
            types: &["hsa_executable_t"],
            create: executable_create,
            destroy: Some(executable_destroy),
        },
        Handle {
            family: "agent",
            types: &["hsa_agent_t"],
            create: agent,
            destroy: None,
        },
        Handle {
            family: "region",
            types: &["hsa_region_t"],
            create: || regions().first().copied(),
            destroy: None,
        },
        Handle {
            family: "memory pool",
            types: &["hsa_amd_memory_pool_t"],
            create: || pools().first().copied(),
            destroy: None,
        },
        Handle {
            family: "isa",
            types: &["hsa_isa_t"],
            create: isa,
            destroy: None,
        },
        Handle {
            family: "cache",
            types: &["hsa_cache_t"],
            create: cache,
            destroy: None,
        },
        Handle {
            family: "wavefront",
            types: &["hsa_wavefront_t"],
            create: wavefront,
            destroy: None,
        },
    ],
    status_type: "hsa_status_t",
    success: 0,
    setup,
    sanity,
    quiesce: simple::nothing_queued,
    kind_override: simple::no_kind_override,
    skip,
    valid_input: simple::no_valid_input,
};

/// Signals still count, queues still take packets' indices, and a pool that allows
/// runtime allocation still allocates memory that a copy can fill.
fn sanity() -> Result<(), String> {
    let s = signal_create().ok_or("hsa_signal_create failed")?;
    let signal = hsa_signal_t { handle: s };
    // SAFETY: a live signal.
    let value = unsafe {
        hsa_signal_store_screlease(signal, 41);
        hsa_signal_add_scacq_screl(signal, 1);
        hsa_signal_load_scacquire(signal)
    };
    signal_destroy(s);
    if value != 42 {
        return Err(format!("signal value {value}, expected 42"));
    }

    let q = queue_create().ok_or("hsa_queue_create failed")?;
    let queue = q as usize as *const HsaQueue;
    // SAFETY: a live queue.
    let (before, after) = unsafe {
        let before = hsa_queue_add_write_index_scacq_screl(queue, 1);
        (before, hsa_queue_load_write_index_scacquire(queue))
    };
    queue_destroy(q);
    if after != before + 1 {
        return Err(format!("queue write index {before} -> {after}"));
    }

    let pool = pools()
        .into_iter()
        .find(|&p| {
            let mut allowed = false;
            // SAFETY: a live pool, a `bool` out-buffer for this attribute.
            let status = unsafe {
                hsa_amd_memory_pool_get_info(
                    hsa_amd_memory_pool_t { handle: p },
                    POOL_INFO_RUNTIME_ALLOC_ALLOWED,
                    (&mut allowed as *mut bool).cast(),
                )
            };
            status == SUCCESS && allowed
        })
        .ok_or("no memory pool allows runtime allocation")?;
    let mut ptr: *mut c_void = null_mut();
    // SAFETY: a live pool and a valid out-pointer.
    let status = unsafe {
        hsa_amd_memory_pool_allocate(hsa_amd_memory_pool_t { handle: pool }, 256, 0, &mut ptr)
    };
    if status != SUCCESS {
        return Err(format!("hsa_amd_memory_pool_allocate returned {status:?}"));
    }
    let src = [7u8; 256];
    // SAFETY: 256 bytes at `ptr` (just allocated) and in `src`.
    let (copy, first) = unsafe {
        let copy = hsa_memory_copy(ptr, src.as_ptr().cast(), 256);
        (copy, *ptr.cast::<u8>().add(255))
    };
    // SAFETY: allocated above.
    let free = unsafe { hsa_amd_memory_pool_free(ptr) };
    if copy != SUCCESS || first != 7 || free != SUCCESS {
        return Err(format!("copy {copy:?} ({first}), free {free:?}"));
    }
    Ok(())
}

fn main() {
    simple::run(&LIB);
}
