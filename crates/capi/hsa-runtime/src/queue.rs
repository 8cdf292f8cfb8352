//! Queues and their read/write index operations (every memory order and deprecated alias).

use std::ffi::c_void;

use hsa::core::queue::{self, ErrorCallback, HsaQueue};
use hsa::core::signal::{self, MemoryOrder};
use hsa::HsaError;

use crate::entry::{guard_value, non_null, rt, write_out};
use crate::types::{hsa_agent_t, hsa_region_t, hsa_signal_t};

use MemoryOrder::{AcqRel, Acquire, Relaxed, Release};

/// Runs `f` on a live queue; `fallback` for an unknown pointer or a panic.
fn with_queue<T: Copy>(
    q: *const HsaQueue,
    fallback: T,
    f: impl FnOnce(&queue::QueueObject) -> T,
) -> T {
    guard_value(fallback, || match queue::lookup(q as u64) {
        Ok(obj) => f(&obj),
        Err(_) => fallback,
    })
}

macro_rules! queue_load {
    ($($name:ident => $method:ident, $order:expr;)*) => {$(
        #[inline]
        pub(crate) unsafe fn $name(queue: *const HsaQueue) -> u64 {
            with_queue(queue, 0, |q| q.$method($order))
        }
    )*};
}

macro_rules! queue_store {
    ($($name:ident => $method:ident, $order:expr;)*) => {$(
        #[inline]
        pub(crate) unsafe fn $name(queue: *const HsaQueue, value: u64) {
            with_queue(queue, (), |q| q.$method(value, $order))
        }
    )*};
}

macro_rules! queue_add {
    ($($name:ident => $order:expr;)*) => {$(
        #[inline]
        pub(crate) unsafe fn $name(queue: *const HsaQueue, value: u64) -> u64 {
            with_queue(queue, 0, |q| q.add_write_index(value, $order))
        }
    )*};
}

macro_rules! queue_cas {
    ($($name:ident => $order:expr;)*) => {$(
        #[inline]
        pub(crate) unsafe fn $name(queue: *const HsaQueue, expected: u64, value: u64) -> u64 {
            with_queue(queue, 0, |q| q.cas_write_index(expected, value, $order))
        }
    )*};
}

queue_load! {
    hsa_queue_load_read_index_scacquire => load_read_index, Acquire;
    hsa_queue_load_read_index_relaxed => load_read_index, Relaxed;
    hsa_queue_load_read_index_acquire => load_read_index, Acquire;
    hsa_queue_load_write_index_scacquire => load_write_index, Acquire;
    hsa_queue_load_write_index_relaxed => load_write_index, Relaxed;
    hsa_queue_load_write_index_acquire => load_write_index, Acquire;
}

queue_store! {
    hsa_queue_store_write_index_relaxed => store_write_index, Relaxed;
    hsa_queue_store_write_index_screlease => store_write_index, Release;
    hsa_queue_store_write_index_release => store_write_index, Release;
    hsa_queue_store_read_index_relaxed => store_read_index, Relaxed;
    hsa_queue_store_read_index_screlease => store_read_index, Release;
    hsa_queue_store_read_index_release => store_read_index, Release;
}

queue_add! {
    hsa_queue_add_write_index_scacq_screl => AcqRel;
    hsa_queue_add_write_index_scacquire => Acquire;
    hsa_queue_add_write_index_relaxed => Relaxed;
    hsa_queue_add_write_index_screlease => Release;
    hsa_queue_add_write_index_acq_rel => AcqRel;
    hsa_queue_add_write_index_acquire => Acquire;
    hsa_queue_add_write_index_release => Release;
}

queue_cas! {
    hsa_queue_cas_write_index_scacq_screl => AcqRel;
    hsa_queue_cas_write_index_scacquire => Acquire;
    hsa_queue_cas_write_index_relaxed => Relaxed;
    hsa_queue_cas_write_index_screlease => Release;
    hsa_queue_cas_write_index_acq_rel => AcqRel;
    hsa_queue_cas_write_index_acquire => Acquire;
    hsa_queue_cas_write_index_release => Release;
}

hsa_api! {
    fn hsa_queue_create(
        agent: hsa_agent_t,
        size: u32,
        type_: u32,
        callback: Option<ErrorCallback>,
        data: *mut c_void,
        _private_segment_size: u32,
        _group_segment_size: u32,
        queue_out: *mut *mut HsaQueue,
    ) {
        let rt = rt()?;
        non_null(queue_out)?;
        let agent = rt.agent(agent.handle)?;
        let q = queue::create(agent, size, type_, callback.map(|cb| (cb, data as usize)))?;
        // SAFETY: checked non-null `hsa_queue_t**`.
        unsafe { write_out(queue_out, q.hsa_queue_ptr()) }
    }

    fn hsa_soft_queue_create(
        region: hsa_region_t,
        size: u32,
        type_: u32,
        features: u32,
        doorbell_signal: hsa_signal_t,
        queue_out: *mut *mut HsaQueue,
    ) {
        let rt = rt()?;
        non_null(queue_out)?;
        if region.handle == 0 || doorbell_signal.handle == 0 {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        let (_, r) = rt.topology.region(region.handle)?;
        let doorbell = signal::lookup(doorbell_signal.handle)?;
        let q = queue::create_soft(r.runtime_alloc_allowed(), size, type_, features, doorbell)?;
        // SAFETY: checked non-null `hsa_queue_t**`.
        unsafe { write_out(queue_out, q.hsa_queue_ptr()) }
    }

    fn hsa_queue_destroy(queue_: *mut HsaQueue) {
        rt()?;
        non_null(queue_)?;
        queue::destroy(queue_ as u64)
    }

    fn hsa_queue_inactivate(queue_: *mut HsaQueue) {
        rt()?;
        non_null(queue_)?;
        queue::inactivate(queue_ as u64)
    }

    fn hsa_amd_profiling_set_profiler_enabled(queue_: *mut HsaQueue, enable: i32) {
        rt()?;
        non_null(queue_)?;
        let q = queue::lookup(queue_ as u64)?;
        q.set_profiling(enable != 0);
        Ok(())
    }

    fn hsa_amd_queue_set_priority(queue_: *mut HsaQueue, priority: u32) {
        rt()?;
        non_null(queue_)?;
        queue::lookup(queue_ as u64)?;
        if priority > 2 {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        // Not supported: CPU queues are served by equal-priority threads.
        Err(HsaError::ERROR)
    }
}

hsa_api! {
    fn hsa_amd_queue_cu_set_mask(queue_: *const HsaQueue, num_cu_mask_count: u32, cu_mask: *const u32) {
        rt()?;
        non_null(queue_)?;
        non_null(cu_mask)?;
        queue::lookup(queue_ as u64)?;
        if num_cu_mask_count == 0 || num_cu_mask_count % 32 != 0 {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        // Not supported: every queue's dispatches use all of the engine's workers.
        Err(HsaError::ERROR)
    }

    fn hsa_amd_queue_cu_get_mask(queue_: *const HsaQueue, num_cu_mask_count: u32, cu_mask: *mut u32) {
        rt()?;
        non_null(queue_)?;
        non_null(cu_mask)?;
        queue::lookup(queue_ as u64)?;
        if num_cu_mask_count == 0 {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        // Not supported (see hsa_amd_queue_cu_set_mask).
        Err(HsaError::ERROR)
    }
}
