//! Stream-ordered allocation: `hipMallocAsync`/`hipFreeAsync` and memory pools.
//!
//! A pool handle (`hipMemPool_t`) is opaque: a registry number on the CPU, the driver's
//! `CUmemoryPool` on NVIDIA. Devices are ordinals the caller has checked
//! ([`DeviceBackend::ordinal`](super::DeviceBackend::ordinal)); streams are C stream
//! handles as [`StreamBackend`](super::StreamBackend) takes them.

use std::ffi::c_void;

use super::Handle;
use crate::error::HipResult;
use crate::mempool::PoolAttr;

/// One `hipMemAccessDesc`, its location already resolved to a device ordinal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemAccess {
    /// The device that gets access.
    pub device: usize,
    /// `hipMemAccessFlags`: 0 none, 1 read, 3 read-write (others are rejected).
    pub flags: u32,
}

/// Stream-ordered allocation and memory pools.
pub trait MemPoolBackend {
    /// `hipMallocAsync`: from the current pool of the stream's device (0 bytes: null).
    fn malloc_async(&self, size: usize, stream: Handle) -> HipResult<*mut c_void>;
    /// `hipFreeAsync`: released (back to its pool) once `stream` gets here.
    ///
    /// # Safety
    /// No work after this point on `stream`, nor the host, may use the memory.
    unsafe fn free_async(&self, ptr: *mut c_void, stream: Handle) -> HipResult<()>;
    /// `hipMallocFromPoolAsync`.
    fn malloc_from_pool_async(
        &self,
        size: usize,
        pool: Handle,
        stream: Handle,
    ) -> HipResult<*mut c_void>;
    /// `hipMemPoolCreate`: a pinned-memory pool on device `dev` (`handle_types`:
    /// `hipMemHandleType*` bits, already checked to be known ones; `max_size` 0: no limit).
    fn mem_pool_create(&self, dev: usize, handle_types: u32, max_size: usize) -> HipResult<Handle>;
    /// `hipMemPoolDestroy`.
    fn mem_pool_destroy(&self, pool: Handle) -> HipResult<()>;
    /// `hipDeviceGetDefaultMemPool`.
    fn mem_pool_default(&self, dev: usize) -> HipResult<Handle>;
    /// `hipDeviceGetMemPool`: the pool `hipMallocAsync` uses on `dev`.
    fn mem_pool_current(&self, dev: usize) -> HipResult<Handle>;
    /// `hipDeviceSetMemPool`.
    fn mem_pool_set_current(&self, dev: usize, pool: Handle) -> HipResult<()>;
    /// `hipMemPoolTrimTo`: releases free memory down to `keep` bytes.
    fn mem_pool_trim_to(&self, pool: Handle, keep: usize) -> HipResult<()>;
    /// `hipMemPoolGetAttribute`. The reuse flags ([`PoolAttr::is_int`]) are C `int`s,
    /// returned sign-extended (read them back with `as c_int`).
    fn mem_pool_attribute(&self, pool: Handle, attr: PoolAttr) -> HipResult<u64>;
    /// `hipMemPoolSetAttribute`. The reuse flags are the program's `int`, passed
    /// sign-extended (any non-zero value sets the flag).
    fn mem_pool_set_attribute(&self, pool: Handle, attr: PoolAttr, value: u64) -> HipResult<()>;
    /// `hipMemPoolSetAccess`.
    fn mem_pool_set_access(&self, pool: Handle, access: &[MemAccess]) -> HipResult<()>;
    /// `hipMemPoolGetAccess`: `dev`'s `hipMemAccessFlags` on the pool.
    fn mem_pool_access(&self, pool: Handle, dev: usize) -> HipResult<u32>;
}
