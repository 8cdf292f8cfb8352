//! Stream-ordered allocation: memory pools (`hipMemPool*`, `hipMallocFromPoolAsync`,
//! `hipDeviceGet/SetMemPool`): C marshalling over the backend's
//! [`MemPoolBackend`](hip::backend::MemPoolBackend).
//!
//! `hipMallocAsync` / `hipFreeAsync` are exported from `memory.rs`; [`malloc_async`] and
//! [`free_async`] here are their pool-based bodies.

use std::ffi::{c_int, c_void};

use hip::backend;
use hip::backend::mempool::MemAccess;
use hip::mempool::PoolAttr;
use hip::{HipError, HipResult};

use crate::entry::{device_ordinal, non_null, write_out};
use crate::stream::StreamT;

pub type MemPoolT = *mut c_void;

/// `hipMemLocationTypeDevice`
const LOCATION_DEVICE: c_int = 1;
/// `hipMemAllocationTypePinned`
const ALLOCATION_PINNED: c_int = 1;
/// `hipMemHandleTypePosixFileDescriptor` | `Win32` | `Win32Kmt`
const HANDLE_TYPES: c_int = 0x1 | 0x2 | 0x4;

/// `hipMemLocation`
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct MemLocation {
    pub type_: c_int,
    pub id: c_int,
}

/// `hipMemAccessDesc`
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct MemAccessDesc {
    pub location: MemLocation,
    pub flags: c_int,
}

/// `hipMemPoolProps`
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct MemPoolProps {
    pub alloc_type: c_int,
    pub handle_types: c_int,
    pub location: MemLocation,
    pub win32_security_attributes: *mut c_void,
    pub max_size: usize,
    pub reserved: [u8; 56],
}

/// A device location (`hipErrorInvalidValue` for another type or an unknown device).
fn location_device(loc: &MemLocation) -> HipResult<usize> {
    if loc.type_ != LOCATION_DEVICE {
        return Err(HipError::InvalidValue);
    }
    device_ordinal(loc.id).map_err(|_| HipError::InvalidValue)
}

/// `hipMallocAsync`: from the current pool of the stream's device. A null out-pointer is
/// `hipErrorInvalidValue`; size 0 gives null.
///
/// # Safety
/// `ptr` must be NULL or writable.
pub unsafe fn malloc_async(ptr: *mut *mut c_void, size: usize, stream: StreamT) -> HipResult<()> {
    non_null(ptr)?;
    let p = backend().malloc_async(size, stream)?;
    crate::profiler_activity::allocated(p, size, true);
    // SAFETY: forwarded from the caller.
    unsafe { write_out(ptr, p) }
}

/// `hipFreeAsync`: released (back to its pool) once `stream` gets there.
pub fn free_async(ptr: *mut c_void, stream: StreamT) -> HipResult<()> {
    // SAFETY: HIP's contract: no later work uses the memory.
    unsafe { backend().free_async(ptr, stream) }?;
    crate::profiler_activity::freed(ptr);
    Ok(())
}

/// # Safety
/// `ptr` must be NULL or writable.
pub unsafe fn hipMallocFromPoolAsync(
    ptr: *mut *mut c_void,
    size: usize,
    pool_handle: MemPoolT,
    stream: StreamT,
) -> HipResult<()> {
    non_null(ptr)?;
    let p = backend().malloc_from_pool_async(size, pool_handle, stream)?;
    crate::profiler_activity::allocated(p, size, true);
    // SAFETY: forwarded from the caller.
    unsafe { write_out(ptr, p) }
}

/// # Safety
/// `pool_out` must be NULL or writable; `props` NULL or readable.
pub unsafe fn hipMemPoolCreate(
    pool_out: *mut MemPoolT,
    props: *const MemPoolProps,
) -> HipResult<()> {
    non_null(pool_out)?;
    crate::entry::usable(props)?;
    // SAFETY: checked non-null; readable per the caller.
    let props = unsafe { props.read_unaligned() };
    if props.alloc_type != ALLOCATION_PINNED || props.handle_types & !HANDLE_TYPES != 0 {
        return Err(HipError::InvalidValue);
    }
    let device = location_device(&props.location)?;
    let p = backend().mem_pool_create(device, props.handle_types as u32, props.max_size)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(pool_out, p) }
}

pub fn hipMemPoolDestroy(pool_handle: MemPoolT) -> HipResult<()> {
    backend().mem_pool_destroy(pool_handle)
}

/// # Safety
/// `pool_out` must be NULL or writable.
pub unsafe fn hipDeviceGetDefaultMemPool(pool_out: *mut MemPoolT, device: c_int) -> HipResult<()> {
    non_null(pool_out)?;
    let p = backend().mem_pool_default(device_ordinal(device)?)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(pool_out, p) }
}

/// # Safety
/// `pool_out` must be NULL or writable.
pub unsafe fn hipDeviceGetMemPool(pool_out: *mut MemPoolT, device: c_int) -> HipResult<()> {
    non_null(pool_out)?;
    let p = backend().mem_pool_current(device_ordinal(device)?)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(pool_out, p) }
}

pub fn hipDeviceSetMemPool(device: c_int, pool_handle: MemPoolT) -> HipResult<()> {
    backend().mem_pool_set_current(device_ordinal(device)?, pool_handle)
}

pub fn hipMemPoolTrimTo(pool_handle: MemPoolT, min_bytes_to_hold: usize) -> HipResult<()> {
    backend().mem_pool_trim_to(pool_handle, min_bytes_to_hold)
}

/// # Safety
/// `value` must be NULL or point to an `int` (reuse flags) or a `uint64_t` (the others).
pub unsafe fn hipMemPoolSetAttribute(
    pool_handle: MemPoolT,
    attr: c_int,
    value: *mut c_void,
) -> HipResult<()> {
    let attr = PoolAttr::from_raw(attr as u32)?;
    crate::entry::usable(value)?;
    let v = if attr.is_int() {
        // SAFETY: checked non-null; the caller passes an int for this attribute.
        // Sign-extended: the backend reads it back as the program's `int`.
        i64::from(unsafe { value.cast::<c_int>().read_unaligned() }) as u64
    } else {
        // SAFETY: checked non-null; the caller passes a uint64_t for this attribute.
        unsafe { value.cast::<u64>().read_unaligned() }
    };
    backend().mem_pool_set_attribute(pool_handle, attr, v)
}

/// # Safety
/// `value` must be NULL or point to an `int` (reuse flags) or a `uint64_t` (the others).
pub unsafe fn hipMemPoolGetAttribute(
    pool_handle: MemPoolT,
    attr: c_int,
    value: *mut c_void,
) -> HipResult<()> {
    let attr = PoolAttr::from_raw(attr as u32)?;
    crate::entry::usable(value)?;
    let v = backend().mem_pool_attribute(pool_handle, attr)?;
    // SAFETY: checked non-null; the caller passes storage of the attribute's type.
    unsafe {
        if attr.is_int() {
            value.cast::<c_int>().write_unaligned(v as c_int);
        } else {
            value.cast::<u64>().write_unaligned(v);
        }
    }
    Ok(())
}

/// # Safety
/// `desc` must be NULL or hold `count` entries.
pub unsafe fn hipMemPoolSetAccess(
    pool_handle: MemPoolT,
    desc: *const MemAccessDesc,
    count: usize,
) -> HipResult<()> {
    // SAFETY: `count` entries per the caller.
    let list = unsafe { crate::entry::c_array(desc, count)? };
    // Every entry is checked before any is applied.
    let access = list
        .iter()
        .map(|d| {
            Ok(MemAccess {
                device: location_device(&d.location)?,
                flags: u32::try_from(d.flags).map_err(|_| HipError::InvalidValue)?,
            })
        })
        .collect::<HipResult<Vec<_>>>()?;
    backend().mem_pool_set_access(pool_handle, &access)
}

/// # Safety
/// `flags` must be NULL or writable; `location` NULL or readable.
pub unsafe fn hipMemPoolGetAccess(
    flags: *mut c_int,
    pool_handle: MemPoolT,
    location: *mut MemLocation,
) -> HipResult<()> {
    crate::entry::usable(flags)?;
    crate::entry::usable(location)?;
    // SAFETY: checked non-null; readable per the caller.
    let loc = unsafe { location.read_unaligned() };
    let f = backend().mem_pool_access(pool_handle, location_device(&loc)?)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(flags, f as c_int) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    /// `hipMemPoolProps` as `include/hip/hip_runtime_api.h` lays it out (LP64).
    #[test]
    fn layout_matches_header() {
        assert_eq!(offset_of!(MemPoolProps, location), 8);
        assert_eq!(offset_of!(MemPoolProps, win32_security_attributes), 16);
        assert_eq!(offset_of!(MemPoolProps, max_size), 24);
        assert_eq!(size_of::<MemPoolProps>(), 88);
        assert_eq!(size_of::<MemAccessDesc>(), 12);
    }
}
