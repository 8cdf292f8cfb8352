//! Virtual memory management (`hipMemCreate`, `hipMemAddressReserve`, `hipMemMap`,
//! `hipMemSetAccess`, export/import as POSIX descriptors, ...): C marshalling over the
//! backend's [`VmmBackend`](hip::backend::VmmBackend). The property, location and access
//! structures are checked here, so the backends see only valid values.

use std::ffi::{c_int, c_void};

use hip::backend;
use hip::backend::mempool::MemAccess;
use hip::backend::vmm::{AllocationProp, HANDLE_TYPE_POSIX_FD};
use hip::{HipError, HipResult};

use crate::entry::{device_ordinal, non_null, write_out};
use crate::mempool::{MemAccessDesc, MemLocation};
use crate::types::hipMemGenericAllocationHandle_t;

/// `hipMemAllocationTypePinned`
const ALLOCATION_PINNED: c_int = 1;
/// `hipMemLocationTypeDevice`
const LOCATION_DEVICE: c_int = 1;
/// `hipMemHandleTypeWin32 | hipMemHandleTypeWin32Kmt`: Windows objects.
const HANDLE_TYPES_WIN32: c_int = 0x2 | 0x4;

/// `hipMemAllocationProp`
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct MemAllocationProp {
    /// `hipMemAllocationType`
    pub type_: c_int,
    /// `hipMemAllocationHandleType`
    pub requested_handle_type: c_int,
    pub location: MemLocation,
    pub win32_handle_meta_data: *mut c_void,
    pub compression_type: u8,
    pub gpu_direct_rdma_capable: u8,
    pub usage: u16,
}

/// The device of a location (`hipErrorInvalidValue` for another type or an unknown device).
fn location_device(loc: &MemLocation) -> HipResult<usize> {
    if loc.type_ != LOCATION_DEVICE {
        return Err(HipError::InvalidValue);
    }
    device_ordinal(loc.id).map_err(|_| HipError::InvalidValue)
}

/// A checked `hipMemAllocationProp`.
///
/// # Safety
/// `prop` must be NULL (rejected) or readable.
unsafe fn allocation_prop(prop: *const c_void) -> HipResult<AllocationProp> {
    non_null(prop)?;
    // SAFETY: checked non-null; readable per the caller.
    let p = unsafe { prop.cast::<MemAllocationProp>().read_unaligned() };
    if p.type_ != ALLOCATION_PINNED
        || p.requested_handle_type & !(HANDLE_TYPE_POSIX_FD as c_int | HANDLE_TYPES_WIN32) != 0
    {
        return Err(HipError::InvalidValue);
    }
    Ok(AllocationProp {
        device: location_device(&p.location)?,
        handle_types: p.requested_handle_type as u32,
    })
}

/// # Safety
/// `granularity` must be NULL or writable, `prop` NULL or readable.
pub unsafe fn hipMemGetAllocationGranularity(
    granularity: *mut usize,
    prop: *const c_void,
    option: c_int,
) -> HipResult<()> {
    non_null(granularity)?;
    // SAFETY: forwarded from the caller.
    let prop = unsafe { allocation_prop(prop)? };
    let recommended = match option {
        0 => false,
        1 => true,
        _ => return Err(HipError::InvalidValue),
    };
    let g = backend().mem_granularity(&prop, recommended)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(granularity, g) }
}

/// # Safety
/// `handle` must be NULL or writable, `prop` NULL or readable.
pub unsafe fn hipMemCreate(
    handle: *mut hipMemGenericAllocationHandle_t,
    size: usize,
    prop: *const c_void,
    flags: u64,
) -> HipResult<()> {
    non_null(handle)?;
    // SAFETY: forwarded from the caller.
    let prop = unsafe { allocation_prop(prop)? };
    if flags != 0 || size == 0 {
        return Err(HipError::InvalidValue);
    }
    let h = backend().mem_create(size, &prop)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(handle, h) }
}

pub fn hipMemRelease(handle: hipMemGenericAllocationHandle_t) -> HipResult<()> {
    non_null(handle)?;
    backend().mem_release(handle)
}

/// # Safety
/// `prop` must be NULL or writable.
pub unsafe fn hipMemGetAllocationPropertiesFromHandle(
    prop: *mut c_void,
    handle: hipMemGenericAllocationHandle_t,
) -> HipResult<()> {
    non_null(prop)?;
    non_null(handle)?;
    let p = backend().mem_allocation_prop(handle)?;
    let out = MemAllocationProp {
        type_: ALLOCATION_PINNED,
        requested_handle_type: p.handle_types as c_int,
        location: MemLocation {
            type_: LOCATION_DEVICE,
            id: p.device as c_int,
        },
        win32_handle_meta_data: std::ptr::null_mut(),
        compression_type: 0,
        gpu_direct_rdma_capable: 0,
        usage: 0,
    };
    // SAFETY: forwarded from the caller.
    unsafe { write_out(prop.cast::<MemAllocationProp>(), out) }
}

/// # Safety
/// `ptr` must be NULL or writable.
pub unsafe fn hipMemAddressReserve(
    ptr: *mut *mut c_void,
    size: usize,
    alignment: usize,
    addr: *mut c_void,
    flags: u64,
) -> HipResult<()> {
    non_null(ptr)?;
    if flags != 0 || size == 0 {
        return Err(HipError::InvalidValue);
    }
    let p = backend().mem_address_reserve(size, alignment, addr)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(ptr, p) }
}

pub fn hipMemAddressFree(dev_ptr: *mut c_void, size: usize) -> HipResult<()> {
    non_null(dev_ptr)?;
    if size == 0 {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: HIP's contract: the program no longer uses the range.
    unsafe { backend().mem_address_free(dev_ptr, size) }
}

pub fn hipMemMap(
    ptr: *mut c_void,
    size: usize,
    offset: usize,
    handle: hipMemGenericAllocationHandle_t,
    flags: u64,
) -> HipResult<()> {
    non_null(ptr)?;
    non_null(handle)?;
    if flags != 0 || size == 0 {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: HIP's contract: the range is the program's reservation.
    unsafe { backend().mem_map(ptr, size, offset, handle) }
}

pub fn hipMemUnmap(ptr: *mut c_void, size: usize) -> HipResult<()> {
    non_null(ptr)?;
    if size == 0 {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: HIP's contract: the program no longer uses the range.
    unsafe { backend().mem_unmap(ptr, size) }
}

/// # Safety
/// `desc` must be NULL or readable for `count` descriptors.
pub unsafe fn hipMemSetAccess(
    ptr: *mut c_void,
    size: usize,
    desc: *const c_void,
    count: usize,
) -> HipResult<()> {
    non_null(ptr)?;
    non_null(desc)?;
    if count == 0 || size == 0 {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: `count` descriptors readable per the caller.
    let descs = unsafe { crate::entry::c_array(desc.cast::<MemAccessDesc>(), count)? };
    let access = descs
        .iter()
        .map(|d| {
            if !matches!(d.flags, 0 | 1 | 3) {
                return Err(HipError::InvalidValue);
            }
            Ok(MemAccess {
                device: location_device(&d.location)?,
                flags: d.flags as u32,
            })
        })
        .collect::<HipResult<Vec<_>>>()?;
    backend().mem_set_access(ptr, size, &access)
}

/// # Safety
/// `flags` must be NULL or writable, `location` NULL or readable.
pub unsafe fn hipMemGetAccess(
    flags: *mut u64,
    location: *const c_void,
    ptr: *mut c_void,
) -> HipResult<()> {
    non_null(flags)?;
    non_null(location)?;
    non_null(ptr)?;
    // SAFETY: checked non-null; readable per the caller.
    let loc = unsafe { location.cast::<MemLocation>().read_unaligned() };
    let device = location_device(&loc)?;
    let f = backend().mem_get_access(device, ptr)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(flags, u64::from(f)) }
}

/// # Safety
/// `shareable_handle` must be NULL or writable for an `int`.
pub unsafe fn hipMemExportToShareableHandle(
    shareable_handle: *mut c_void,
    handle: hipMemGenericAllocationHandle_t,
    handle_type: c_int,
    flags: u64,
) -> HipResult<()> {
    non_null(shareable_handle)?;
    non_null(handle)?;
    check_handle_type(handle_type)?;
    if flags != 0 {
        return Err(HipError::InvalidValue);
    }
    let fd = backend().mem_export_fd(handle)?;
    // SAFETY: forwarded from the caller: a POSIX descriptor is written as an `int`.
    unsafe { write_out(shareable_handle.cast::<c_int>(), fd) }
}

/// Only POSIX descriptors exist here: Windows handle types are not supported, anything
/// else is not a handle type.
pub(crate) fn check_handle_type(handle_type: c_int) -> HipResult<()> {
    match handle_type {
        t if t == HANDLE_TYPE_POSIX_FD as c_int => Ok(()),
        t if t != 0 && t & !HANDLE_TYPES_WIN32 == 0 => Err(HipError::NotSupported),
        _ => Err(HipError::InvalidValue),
    }
}

/// # Safety
/// `handle` must be NULL or writable.
pub unsafe fn hipMemImportFromShareableHandle(
    handle: *mut hipMemGenericAllocationHandle_t,
    os_handle: *mut c_void,
    sh_handle_type: c_int,
) -> HipResult<()> {
    non_null(handle)?;
    check_handle_type(sh_handle_type)?;
    // CUDA's convention: the descriptor itself, cast to a pointer.
    let fd = i32::try_from(os_handle as isize).map_err(|_| HipError::InvalidValue)?;
    let h = backend().mem_import_fd(fd)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(handle, h) }
}

/// # Safety
/// `handle` must be NULL or writable.
pub unsafe fn hipMemRetainAllocationHandle(
    handle: *mut hipMemGenericAllocationHandle_t,
    addr: *mut c_void,
) -> HipResult<()> {
    non_null(handle)?;
    non_null(addr)?;
    let h = backend().mem_retain_allocation_handle(addr)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(handle, h) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocation_prop_has_hips_layout() {
        // 4 + 4 + 8 (location) + 8 (pointer) + 4 (allocFlags), padded to 8.
        assert_eq!(std::mem::size_of::<MemAllocationProp>(), 32);
        assert_eq!(
            std::mem::offset_of!(MemAllocationProp, win32_handle_meta_data),
            16
        );
        assert_eq!(std::mem::offset_of!(MemAllocationProp, usage), 26);
    }

    #[test]
    fn handle_types() {
        assert!(check_handle_type(1).is_ok());
        assert_eq!(check_handle_type(2), Err(HipError::NotSupported));
        assert_eq!(check_handle_type(0), Err(HipError::InvalidValue));
        assert_eq!(check_handle_type(8), Err(HipError::InvalidValue));
    }
}
