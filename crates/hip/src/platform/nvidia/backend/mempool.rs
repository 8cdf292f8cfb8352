//! [`MemPoolBackend`] for NVIDIA GPUs: the driver's stream-ordered allocator and memory
//! pools ([`mempool`]). Pool handles are `CUmemoryPool`s, passed to the driver as the
//! program gave them (HIP's contract: a pool it created, or one a device returned).

use std::ffi::c_void;

use super::{live_stream, Nvidia};
use crate::backend::mempool::MemAccess;
use crate::backend::{Handle, MemPoolBackend};
use crate::error::{HipError, HipResult};
use crate::mempool::PoolAttr;
use crate::platform::nvidia::{current_device, mempool};

/// A pool handle as the driver takes it: NULL or an address no pool can have (a made-up
/// handle, which the driver would dereference) is `hipErrorInvalidValue`. A stale or
/// foreign pointer the driver recognises itself.
pub(crate) fn pool_of(pool: Handle) -> HipResult<mempool::Pool> {
    if ferrocm_cabi::plausible(pool as usize) {
        Ok(pool.cast())
    } else {
        Err(HipError::InvalidValue)
    }
}

impl MemPoolBackend for Nvidia {
    fn malloc_async(&self, size: usize, s: Handle) -> HipResult<*mut c_void> {
        let s = live_stream(s)?;
        // SAFETY: checked stream handle.
        unsafe { mempool::malloc_async(current_device()?, size, s) }
    }

    unsafe fn free_async(&self, ptr: *mut c_void, s: Handle) -> HipResult<()> {
        let s = live_stream(s)?;
        // IPC mappings are closed with hipIpcCloseMemHandle only.
        super::ipc::refuse_opened(ptr)?;
        // SAFETY: checked stream handle; the caller guarantees no later use of the memory.
        unsafe { mempool::free_async(current_device()?, ptr, s) }
    }

    fn malloc_from_pool_async(
        &self,
        size: usize,
        pool: Handle,
        s: Handle,
    ) -> HipResult<*mut c_void> {
        let s = live_stream(s)?;
        let pool = pool_of(pool)?;
        // SAFETY: checked stream handle; the pool is HIP's contract with the program.
        unsafe { mempool::malloc_from_pool_async(current_device()?, size, pool, s) }
    }

    fn mem_pool_create(&self, dev: usize, handle_types: u32, max_size: usize) -> HipResult<Handle> {
        Ok(mempool::create(dev, handle_types, max_size)?.cast())
    }

    fn mem_pool_destroy(&self, pool: Handle) -> HipResult<()> {
        // SAFETY: HIP's contract: a pool the program created.
        unsafe { mempool::destroy(pool_of(pool)?) }
    }

    fn mem_pool_default(&self, dev: usize) -> HipResult<Handle> {
        Ok(mempool::device_pool(dev, true)?.cast())
    }

    fn mem_pool_current(&self, dev: usize) -> HipResult<Handle> {
        Ok(mempool::device_pool(dev, false)?.cast())
    }

    fn mem_pool_set_current(&self, dev: usize, pool: Handle) -> HipResult<()> {
        // SAFETY: HIP's contract: a live pool handle.
        unsafe { mempool::set_device_pool(dev, pool_of(pool)?) }
    }

    fn mem_pool_trim_to(&self, pool: Handle, keep: usize) -> HipResult<()> {
        // SAFETY: HIP's contract: a live pool handle.
        unsafe { mempool::trim_to(pool_of(pool)?, keep) }
    }

    fn mem_pool_attribute(&self, pool: Handle, attr: PoolAttr) -> HipResult<u64> {
        // SAFETY: HIP's contract: a live pool handle.
        unsafe { mempool::attribute(pool_of(pool)?, attr) }
    }

    fn mem_pool_set_attribute(&self, pool: Handle, attr: PoolAttr, value: u64) -> HipResult<()> {
        // SAFETY: HIP's contract: a live pool handle.
        unsafe { mempool::set_attribute(pool_of(pool)?, attr, value) }
    }

    fn mem_pool_set_access(&self, pool: Handle, access: &[MemAccess]) -> HipResult<()> {
        // SAFETY: HIP's contract: a live pool handle.
        unsafe { mempool::set_access(pool_of(pool)?, access) }
    }

    fn mem_pool_access(&self, pool: Handle, dev: usize) -> HipResult<u32> {
        // SAFETY: HIP's contract: a live pool handle.
        unsafe { mempool::access(pool_of(pool)?, dev) }
    }
}
