//! Stream-ordered allocation over the driver's memory pools: `cuMemAllocAsync`,
//! `cuMemFreeAsync`, `cuMemAllocFromPoolAsync` and `cuMemPool*`. A `hipMemPool_t` is a
//! `CUmemoryPool`.

use std::ffi::{c_int, c_void};

use super::context::{cu_device, make_current};
use super::cu;
use super::driver::check;
use crate::backend::mempool::MemAccess;
use crate::error::{HipError, HipResult};
use crate::mempool::PoolAttr;

/// A memory pool (`hipMemPool_t` on NVIDIA).
pub type Pool = cu::CUmemoryPool;

/// `hipMallocAsync` on device `dev` (size 0: null).
///
/// # Safety
/// `s` must be a live stream or a default one.
pub unsafe fn malloc_async(dev: usize, size: usize, s: cu::CUstream) -> HipResult<*mut c_void> {
    make_current(dev)?;
    if size == 0 {
        return Ok(std::ptr::null_mut());
    }
    let mut p = 0;
    // SAFETY: a context is current; out-parameter; the caller guarantees the stream.
    check(unsafe { cu::cuMemAllocAsync(&mut p, size, s) })?;
    Ok(p as *mut c_void)
}

/// `hipFreeAsync` (null: `hipErrorInvalidValue`, as HIP).
///
/// # Safety
/// As for [`malloc_async`]; no later work may use the memory.
pub unsafe fn free_async(dev: usize, p: *mut c_void, s: cu::CUstream) -> HipResult<()> {
    make_current(dev)?;
    if p.is_null() {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: a context is current; the caller guarantees the stream.
    check(unsafe { cu::cuMemFreeAsync(p as cu::CUdeviceptr, s) })
}

/// `hipMallocFromPoolAsync` on device `dev` (size 0: null).
///
/// # Safety
/// `pool` must be a live pool (not null: the caller checked), `s` as for [`malloc_async`].
pub unsafe fn malloc_from_pool_async(
    dev: usize,
    size: usize,
    pool: Pool,
    s: cu::CUstream,
) -> HipResult<*mut c_void> {
    make_current(dev)?;
    if size == 0 {
        return Ok(std::ptr::null_mut());
    }
    let mut p = 0;
    // SAFETY: a context is current; out-parameter; the caller guarantees pool and stream.
    check(unsafe { cu::cuMemAllocFromPoolAsync(&mut p, size, pool, s) })?;
    Ok(p as *mut c_void)
}

/// `hipMemPoolCreate` for a pinned pool on device `dev` with the given handle types
/// (`hipMemHandleType*` bits, checked by the caller) and size limit.
pub fn create(dev: usize, handle_types: u32, max_size: usize) -> HipResult<Pool> {
    let cu_dev = cu_device(dev)?;
    // SAFETY: an all-zero CUmemPoolProps is valid (then filled below).
    let mut props: cu::CUmemPoolProps = unsafe { std::mem::zeroed() };
    props.allocType = cu::CUmemAllocationType::CU_MEM_ALLOCATION_TYPE_PINNED;
    // SAFETY: the handle-type enum is `repr(u32)` with 0, 1, 2 and 4 (checked by caller).
    props.handleTypes =
        unsafe { std::mem::transmute::<u32, cu::CUmemAllocationHandleType>(handle_types) };
    props.location = cu::CUmemLocation {
        type_: cu::CUmemLocationType::CU_MEM_LOCATION_TYPE_DEVICE,
        id: cu_dev,
    };
    props.maxSize = max_size;
    make_current(dev)?;
    let mut pool = std::ptr::null_mut();
    // SAFETY: a context is current; props filled; out-parameter.
    check(unsafe { cu::cuMemPoolCreate(&mut pool, &props) })?;
    Ok(pool)
}

/// `hipMemPoolDestroy`.
///
/// # Safety
/// `pool` must be a live pool or null (rejected).
pub unsafe fn destroy(pool: Pool) -> HipResult<()> {
    if pool.is_null() {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: the caller guarantees the pool.
    check(unsafe { cu::cuMemPoolDestroy(pool) })
}

/// `hipDeviceGetDefaultMemPool` (`default`) / `hipDeviceGetMemPool`.
pub fn device_pool(dev: usize, default: bool) -> HipResult<Pool> {
    let cu_dev = cu_device(dev)?;
    make_current(dev)?;
    let mut pool = std::ptr::null_mut();
    // SAFETY: valid device; out-parameter.
    check(unsafe {
        if default {
            cu::cuDeviceGetDefaultMemPool(&mut pool, cu_dev)
        } else {
            cu::cuDeviceGetMemPool(&mut pool, cu_dev)
        }
    })?;
    Ok(pool)
}

/// `hipDeviceSetMemPool`.
///
/// # Safety
/// `pool` must be a live pool or null (rejected).
pub unsafe fn set_device_pool(dev: usize, pool: Pool) -> HipResult<()> {
    let cu_dev = cu_device(dev)?;
    if pool.is_null() {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: valid device; the caller guarantees the pool.
    check(unsafe { cu::cuDeviceSetMemPool(cu_dev, pool) })
}

/// `hipMemPoolTrimTo`.
///
/// # Safety
/// `pool` must be a live pool or null (rejected).
pub unsafe fn trim_to(pool: Pool, keep: usize) -> HipResult<()> {
    if pool.is_null() {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: the caller guarantees the pool.
    check(unsafe { cu::cuMemPoolTrimTo(pool, keep) })
}

/// `hipMemPoolAttr` → `CUmemPool_attribute` (the same values, 1-8).
fn attribute_of(attr: PoolAttr) -> cu::CUmemPool_attribute {
    use cu::CUmemPool_attribute as A;
    match attr {
        PoolAttr::ReuseFollowEventDependencies => {
            A::CU_MEMPOOL_ATTR_REUSE_FOLLOW_EVENT_DEPENDENCIES
        }
        PoolAttr::ReuseAllowOpportunistic => A::CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC,
        PoolAttr::ReuseAllowInternalDependencies => {
            A::CU_MEMPOOL_ATTR_REUSE_ALLOW_INTERNAL_DEPENDENCIES
        }
        PoolAttr::ReleaseThreshold => A::CU_MEMPOOL_ATTR_RELEASE_THRESHOLD,
        PoolAttr::ReservedMemCurrent => A::CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT,
        PoolAttr::ReservedMemHigh => A::CU_MEMPOOL_ATTR_RESERVED_MEM_HIGH,
        PoolAttr::UsedMemCurrent => A::CU_MEMPOOL_ATTR_USED_MEM_CURRENT,
        PoolAttr::UsedMemHigh => A::CU_MEMPOOL_ATTR_USED_MEM_HIGH,
    }
}

/// `hipMemPoolGetAttribute`: the driver writes an `int` for the reuse flags, a `uint64_t`
/// otherwise (as in CUDA).
///
/// # Safety
/// `pool` must be a live pool or null (rejected).
pub unsafe fn attribute(pool: Pool, attr: PoolAttr) -> HipResult<u64> {
    if pool.is_null() {
        return Err(HipError::InvalidValue);
    }
    let a = attribute_of(attr);
    if attr.is_int() {
        let mut v: c_int = 0;
        // SAFETY: the caller guarantees the pool; an `int` out-value for this attribute.
        check(unsafe { cu::cuMemPoolGetAttribute(pool, a, (&mut v as *mut c_int).cast()) })?;
        // Sign-extended: the C `int` comes back unchanged through `as c_int`.
        Ok(v as u64)
    } else {
        let mut v: u64 = 0;
        // SAFETY: the caller guarantees the pool; a `uint64_t` out-value.
        check(unsafe { cu::cuMemPoolGetAttribute(pool, a, (&mut v as *mut u64).cast()) })?;
        Ok(v)
    }
}

/// `hipMemPoolSetAttribute` (the reuse flags as the program's `int`, the others as a
/// `uint64_t`, as in CUDA).
///
/// # Safety
/// `pool` must be a live pool or null (rejected).
pub unsafe fn set_attribute(pool: Pool, attr: PoolAttr, value: u64) -> HipResult<()> {
    if pool.is_null() {
        return Err(HipError::InvalidValue);
    }
    let a = attribute_of(attr);
    if attr.is_int() {
        let mut v = value as c_int;
        // SAFETY: the caller guarantees the pool; an `int` for this attribute.
        check(unsafe { cu::cuMemPoolSetAttribute(pool, a, (&mut v as *mut c_int).cast()) })
    } else {
        let mut v = value;
        // SAFETY: the caller guarantees the pool; a `uint64_t` for this attribute.
        check(unsafe { cu::cuMemPoolSetAttribute(pool, a, (&mut v as *mut u64).cast()) })
    }
}

/// `CUmemAccess_flags` of a `hipMemAccessFlags` (0 none, 1 read, 3 read-write).
fn access_flags(flags: u32) -> HipResult<cu::CUmemAccess_flags> {
    use cu::CUmemAccess_flags as F;
    Ok(match flags {
        0 => F::CU_MEM_ACCESS_FLAGS_PROT_NONE,
        1 => F::CU_MEM_ACCESS_FLAGS_PROT_READ,
        3 => F::CU_MEM_ACCESS_FLAGS_PROT_READWRITE,
        _ => return Err(HipError::InvalidValue),
    })
}

/// The `CUmemLocation` of device `dev`.
fn device_location(dev: usize) -> HipResult<cu::CUmemLocation> {
    Ok(cu::CUmemLocation {
        type_: cu::CUmemLocationType::CU_MEM_LOCATION_TYPE_DEVICE,
        id: cu_device(dev)?,
    })
}

/// `hipMemPoolSetAccess`: one driver call for every entry.
///
/// # Safety
/// `pool` must be a live pool or null (rejected).
pub unsafe fn set_access(pool: Pool, access: &[MemAccess]) -> HipResult<()> {
    if pool.is_null() {
        return Err(HipError::InvalidValue);
    }
    let descs = access
        .iter()
        .map(|a| {
            Ok(cu::CUmemAccessDesc {
                location: device_location(a.device)?,
                flags: access_flags(a.flags)?,
            })
        })
        .collect::<HipResult<Vec<_>>>()?;
    // SAFETY: the caller guarantees the pool; `descs` holds `len` entries.
    check(unsafe { cu::cuMemPoolSetAccess(pool, descs.as_ptr(), descs.len()) })
}

/// `hipMemPoolGetAccess`: device `dev`'s `hipMemAccessFlags` on `pool`.
///
/// # Safety
/// `pool` must be a live pool or null (rejected).
pub unsafe fn access(pool: Pool, dev: usize) -> HipResult<u32> {
    if pool.is_null() {
        return Err(HipError::InvalidValue);
    }
    let mut loc = device_location(dev)?;
    let mut f = cu::CUmemAccess_flags::CU_MEM_ACCESS_FLAGS_PROT_NONE;
    // SAFETY: the caller guarantees the pool; out-parameter.
    check(unsafe { cu::cuMemPoolGetAccess(&mut f, pool, &mut loc) })?;
    Ok(f as u32)
}
