//! Stream-ordered allocation: memory pools (`hipMemPool*`, `hipMallocFromPoolAsync`,
//! `hipDeviceGet/SetMemPool`). The allocator itself is `hip::mempool` (reuse rules there).
//!
//! `hipMallocAsync` / `hipFreeAsync` are exported from `memory.rs`; [`malloc_async`] and
//! [`free_async`] here are their pool-based bodies.

use std::ffi::{c_int, c_void};

use hip::mempool::{self, MemPool, PoolAttr, PoolProps};
use hip::stream::resolve;
use hip::{HipError, HipResult};

use crate::entry::{device_ordinal, non_null, write_out};
use crate::nv;
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

fn pool(handle: MemPoolT) -> HipResult<std::sync::Arc<MemPool>> {
    MemPool::lookup(handle as u64)
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
    if nv::active() {
        // SAFETY: HIP's contract: a live stream handle.
        let p = unsafe { nv::malloc_async(size, nv::live_stream(stream)?)? };
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(ptr, p) };
    }
    let s = resolve(stream as u64)?;
    let p = mempool::malloc_async(size, &s)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(ptr, p.cast()) }
}

/// `hipFreeAsync`: see `hip::mempool::free_async`.
pub fn free_async(ptr: *mut c_void, stream: StreamT) -> HipResult<()> {
    if nv::active() {
        // SAFETY: HIP's contract: a live stream; no later work uses the memory.
        return unsafe { nv::free_async(ptr, nv::live_stream(stream)?) };
    }
    let s = resolve(stream as u64)?;
    mempool::free_async(ptr as usize, &s)
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
    if nv::active() {
        // SAFETY: HIP's contract: live pool and stream handles.
        let p = unsafe { nv::malloc_from_pool_async(size, pool_handle, nv::live_stream(stream)?)? };
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(ptr, p) };
    }
    let p = pool(pool_handle)?;
    let s = resolve(stream as u64)?;
    let out = p.allocate(size, &s)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(ptr, out.cast()) }
}

/// # Safety
/// `pool_out` must be NULL or writable; `props` NULL or readable.
pub unsafe fn hipMemPoolCreate(
    pool_out: *mut MemPoolT,
    props: *const MemPoolProps,
) -> HipResult<()> {
    non_null(pool_out)?;
    non_null(props)?;
    // SAFETY: checked non-null; readable per the caller.
    let props = unsafe { props.read_unaligned() };
    if props.alloc_type != ALLOCATION_PINNED || props.handle_types & !HANDLE_TYPES != 0 {
        return Err(HipError::InvalidValue);
    }
    if nv::active() {
        if props.location.type_ != LOCATION_DEVICE {
            return Err(HipError::InvalidValue);
        }
        let dev = nv::ordinal(props.location.id).map_err(|_| HipError::InvalidValue)?;
        let p = nv::mem_pool_create(dev, props.handle_types as u32, props.max_size)?;
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(pool_out, p) };
    }
    let device = location_device(&props.location)?;
    if props.handle_types != 0 {
        // Shareable handles (IPC) are not implemented.
        return Err(HipError::NotSupported);
    }
    let p = MemPool::create(PoolProps {
        device,
        max_size: props.max_size,
    })?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(pool_out, p.handle as MemPoolT) }
}

pub fn hipMemPoolDestroy(pool_handle: MemPoolT) -> HipResult<()> {
    if nv::active() {
        // SAFETY: HIP's contract: a pool the program created.
        return unsafe { nv::mem_pool_destroy(pool_handle) };
    }
    MemPool::destroy(pool_handle as u64)
}

/// # Safety
/// `pool_out` must be NULL or writable.
pub unsafe fn hipDeviceGetDefaultMemPool(pool_out: *mut MemPoolT, device: c_int) -> HipResult<()> {
    non_null(pool_out)?;
    if nv::active() {
        let p = nv::device_mem_pool(nv::ordinal(device)?, true)?;
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(pool_out, p) };
    }
    let p = mempool::default_pool(device_ordinal(device)?)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(pool_out, p.handle as MemPoolT) }
}

/// # Safety
/// `pool_out` must be NULL or writable.
pub unsafe fn hipDeviceGetMemPool(pool_out: *mut MemPoolT, device: c_int) -> HipResult<()> {
    non_null(pool_out)?;
    if nv::active() {
        let p = nv::device_mem_pool(nv::ordinal(device)?, false)?;
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(pool_out, p) };
    }
    let p = mempool::current_pool(device_ordinal(device)?)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(pool_out, p.handle as MemPoolT) }
}

pub fn hipDeviceSetMemPool(device: c_int, pool_handle: MemPoolT) -> HipResult<()> {
    if nv::active() {
        // SAFETY: HIP's contract: a live pool handle.
        return unsafe { nv::device_set_mem_pool(nv::ordinal(device)?, pool_handle) };
    }
    let device = device_ordinal(device)?;
    non_null(pool_handle)?;
    mempool::set_current_pool(device, &pool(pool_handle)?)
}

pub fn hipMemPoolTrimTo(pool_handle: MemPoolT, min_bytes_to_hold: usize) -> HipResult<()> {
    if nv::active() {
        // SAFETY: HIP's contract: a live pool handle.
        return unsafe { nv::mem_pool_trim_to(pool_handle, min_bytes_to_hold) };
    }
    pool(pool_handle)?.trim_to(min_bytes_to_hold as u64);
    Ok(())
}

/// # Safety
/// `value` must be NULL or point to an `int` (reuse flags) or a `uint64_t` (the others).
pub unsafe fn hipMemPoolSetAttribute(
    pool_handle: MemPoolT,
    attr: c_int,
    value: *mut c_void,
) -> HipResult<()> {
    if nv::active() {
        // SAFETY: HIP's contract: a live pool; `value` of the attribute's type.
        return unsafe { nv::mem_pool_attribute(pool_handle, attr, value, true) };
    }
    let p = pool(pool_handle)?;
    let attr = PoolAttr::from_raw(attr as u32)?;
    non_null(value)?;
    let v = if attr.is_int() {
        // SAFETY: checked non-null; the caller passes an int for this attribute.
        u64::from(unsafe { value.cast::<c_int>().read_unaligned() } != 0)
    } else {
        // SAFETY: checked non-null; the caller passes a uint64_t for this attribute.
        unsafe { value.cast::<u64>().read_unaligned() }
    };
    p.set_attribute(attr, v)
}

/// # Safety
/// `value` must be NULL or point to an `int` (reuse flags) or a `uint64_t` (the others).
pub unsafe fn hipMemPoolGetAttribute(
    pool_handle: MemPoolT,
    attr: c_int,
    value: *mut c_void,
) -> HipResult<()> {
    if nv::active() {
        // SAFETY: HIP's contract: a live pool; `value` of the attribute's type.
        return unsafe { nv::mem_pool_attribute(pool_handle, attr, value, false) };
    }
    let p = pool(pool_handle)?;
    let attr = PoolAttr::from_raw(attr as u32)?;
    non_null(value)?;
    let v = p.attribute(attr);
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
    if nv::active() {
        let list = if count == 0 {
            &[][..]
        } else {
            non_null(desc)?;
            // SAFETY: checked non-null; `count` entries per the caller.
            unsafe { std::slice::from_raw_parts(desc, count) }
        };
        let triples: Vec<_> = list
            .iter()
            .map(|d| (d.location.type_, d.location.id, d.flags))
            .collect();
        // SAFETY: HIP's contract: a live pool handle.
        return unsafe { nv::mem_pool_set_access(pool_handle, &triples) };
    }
    let p = pool(pool_handle)?;
    if count == 0 {
        return Ok(());
    }
    non_null(desc)?;
    // SAFETY: checked non-null; `count` entries per the caller.
    let list = unsafe { std::slice::from_raw_parts(desc, count) };
    // Validate every entry before applying any.
    let mut parsed = Vec::with_capacity(count);
    for d in list {
        let device = location_device(&d.location)?;
        let flags = u32::try_from(d.flags).map_err(|_| HipError::InvalidValue)?;
        parsed.push((device, flags));
    }
    for (device, flags) in parsed {
        p.set_access(device, flags)?;
    }
    Ok(())
}

/// # Safety
/// `flags` must be NULL or writable; `location` NULL or readable.
pub unsafe fn hipMemPoolGetAccess(
    flags: *mut c_int,
    pool_handle: MemPoolT,
    location: *mut MemLocation,
) -> HipResult<()> {
    non_null(flags)?;
    non_null(location)?;
    if nv::active() {
        // SAFETY: checked non-null; readable per the caller.
        let loc = unsafe { location.read_unaligned() };
        // SAFETY: HIP's contract: a live pool handle.
        let f = unsafe { nv::mem_pool_get_access(pool_handle, loc.type_, loc.id)? };
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(flags, f) };
    }
    let p = pool(pool_handle)?;
    // SAFETY: checked non-null; readable per the caller.
    let loc = unsafe { location.read_unaligned() };
    let f = p.access(location_device(&loc)?)?;
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
