//! [`VmmBackend`] for NVIDIA GPUs: the driver's virtual memory management (`cuMem*`).
//! Handles are `CUmemGenericAllocationHandle`s; HIP's property, location and access values
//! are CUDA's.

use std::ffi::c_void;

use super::ipc::require;
use super::Nvidia;
use crate::backend::mempool::MemAccess;
use crate::backend::vmm::AllocationProp;
use crate::backend::{Handle, VmmBackend};
use crate::error::{HipError, HipResult};
use crate::platform::nvidia::context::cu_device;
use crate::platform::nvidia::{check, cu, current_device, device_count, make_current};

const VMM_SYMBOLS: &[&str] = &[
    "cuMemCreate",
    "cuMemRelease",
    "cuMemAddressReserve",
    "cuMemAddressFree",
    "cuMemMap",
    "cuMemUnmap",
    "cuMemSetAccess",
    "cuMemGetAccess",
    "cuMemGetAllocationGranularity",
    "cuMemGetAllocationPropertiesFromHandle",
    "cuMemExportToShareableHandle",
    "cuMemImportFromShareableHandle",
    "cuMemRetainAllocationHandle",
];

/// The driver's location of HIP device `dev`.
fn location(dev: usize) -> HipResult<cu::CUmemLocation> {
    Ok(cu::CUmemLocation {
        type_: cu::CUmemLocationType::CU_MEM_LOCATION_TYPE_DEVICE,
        id: cu_device(dev)?,
    })
}

/// The HIP ordinal of driver device `id`.
fn ordinal_of(id: i32) -> HipResult<usize> {
    (0..device_count())
        .find(|&d| cu_device(d).is_ok_and(|c| c == id))
        .ok_or(HipError::InvalidDevice)
}

fn cu_prop(prop: &AllocationProp) -> HipResult<cu::CUmemAllocationProp> {
    Ok(cu::CUmemAllocationProp {
        type_: cu::CUmemAllocationType::CU_MEM_ALLOCATION_TYPE_PINNED,
        requestedHandleTypes: cu::CUmemAllocationHandleType(prop.handle_types),
        location: location(prop.device)?,
        win32HandleMetaData: std::ptr::null_mut(),
        allocFlags: cu::CUmemAllocationProp_st__bindgen_ty_1 {
            compressionType: 0,
            gpuDirectRDMACapable: 0,
            usage: 0,
            reserved: [0; 4],
        },
    })
}

fn access_flags(flags: u32) -> HipResult<cu::CUmemAccess_flags> {
    use cu::CUmemAccess_flags as F;
    Ok(match flags {
        0 => F::CU_MEM_ACCESS_FLAGS_PROT_NONE,
        1 => F::CU_MEM_ACCESS_FLAGS_PROT_READ,
        3 => F::CU_MEM_ACCESS_FLAGS_PROT_READWRITE,
        _ => return Err(HipError::InvalidValue),
    })
}

/// Checks the driver has the entry points and makes the current device's context current.
fn enter() -> HipResult<()> {
    require(VMM_SYMBOLS)?;
    make_current(current_device()?)?;
    Ok(())
}

/// The end of the user half of a 48-bit address space.
const USER_ADDRESS_END: usize = 1 << 47;

/// A generic allocation handle as the driver takes it. The driver dereferences the value
/// (it is an address inside the driver, though typed as an integer), so one above the
/// user half of the address space, which no handle can be, is `hipErrorInvalidValue`
/// before the driver sees it. (Small values are left to the driver: the type promises no
/// address.)
fn generic(handle: Handle) -> HipResult<cu::CUmemGenericAllocationHandle> {
    if (handle as usize) < USER_ADDRESS_END {
        Ok(handle as cu::CUmemGenericAllocationHandle)
    } else {
        Err(HipError::InvalidValue)
    }
}

impl VmmBackend for Nvidia {
    fn mem_granularity(&self, prop: &AllocationProp, recommended: bool) -> HipResult<usize> {
        enter()?;
        let p = cu_prop(prop)?;
        let option = if recommended {
            cu::CUmemAllocationGranularity_flags::CU_MEM_ALLOC_GRANULARITY_RECOMMENDED
        } else {
            cu::CUmemAllocationGranularity_flags::CU_MEM_ALLOC_GRANULARITY_MINIMUM
        };
        let mut g = 0;
        // SAFETY: valid property struct and out-parameter.
        check(unsafe { cu::cuMemGetAllocationGranularity(&mut g, &p, option) })?;
        Ok(g)
    }

    fn mem_create(&self, size: usize, prop: &AllocationProp) -> HipResult<Handle> {
        enter()?;
        let p = cu_prop(prop)?;
        let mut h = 0;
        // SAFETY: valid property struct and out-parameter.
        check(unsafe { cu::cuMemCreate(&mut h, size, &p, 0) })?;
        Ok(h as Handle)
    }

    fn mem_release(&self, handle: Handle) -> HipResult<()> {
        enter()?;
        // SAFETY: a plausible handle value; the driver validates it.
        check(unsafe { cu::cuMemRelease(generic(handle)?) })
    }

    fn mem_allocation_prop(&self, handle: Handle) -> HipResult<AllocationProp> {
        enter()?;
        // SAFETY: plain data, fully written by the driver on success.
        let mut p: cu::CUmemAllocationProp = unsafe { std::mem::zeroed() };
        // SAFETY: out-parameter; the driver validates the handle value.
        check(unsafe { cu::cuMemGetAllocationPropertiesFromHandle(&mut p, generic(handle)?) })?;
        Ok(AllocationProp {
            device: ordinal_of(p.location.id)?,
            handle_types: p.requestedHandleTypes.0,
        })
    }

    fn mem_address_reserve(
        &self,
        size: usize,
        alignment: usize,
        addr: *mut c_void,
    ) -> HipResult<*mut c_void> {
        enter()?;
        let mut p = 0;
        // SAFETY: out-parameter; `addr` is only a hint.
        check(unsafe {
            cu::cuMemAddressReserve(&mut p, size, alignment, addr as cu::CUdeviceptr, 0)
        })?;
        Ok(p as *mut c_void)
    }

    unsafe fn mem_address_free(&self, ptr: *mut c_void, size: usize) -> HipResult<()> {
        enter()?;
        // SAFETY: the driver checks the range; the caller guarantees no further use.
        check(unsafe { cu::cuMemAddressFree(ptr as cu::CUdeviceptr, size) })
    }

    unsafe fn mem_map(
        &self,
        ptr: *mut c_void,
        size: usize,
        offset: usize,
        handle: Handle,
    ) -> HipResult<()> {
        enter()?;
        // SAFETY: the driver checks the range and the handle.
        check(unsafe { cu::cuMemMap(ptr as cu::CUdeviceptr, size, offset, generic(handle)?, 0) })
    }

    unsafe fn mem_unmap(&self, ptr: *mut c_void, size: usize) -> HipResult<()> {
        enter()?;
        // SAFETY: the driver checks the range; the caller guarantees no further use.
        check(unsafe { cu::cuMemUnmap(ptr as cu::CUdeviceptr, size) })
    }

    fn mem_set_access(&self, ptr: *mut c_void, size: usize, access: &[MemAccess]) -> HipResult<()> {
        enter()?;
        let descs = access
            .iter()
            .map(|a| {
                Ok(cu::CUmemAccessDesc {
                    location: location(a.device)?,
                    flags: access_flags(a.flags)?,
                })
            })
            .collect::<HipResult<Vec<_>>>()?;
        // SAFETY: `descs` holds `descs.len()` valid descriptors.
        check(unsafe {
            cu::cuMemSetAccess(ptr as cu::CUdeviceptr, size, descs.as_ptr(), descs.len())
        })
    }

    fn mem_get_access(&self, device: usize, ptr: *mut c_void) -> HipResult<u32> {
        enter()?;
        let loc = location(device)?;
        let mut flags = 0u64;
        // SAFETY: valid location and out-parameter.
        check(unsafe { cu::cuMemGetAccess(&mut flags, &loc, ptr as cu::CUdeviceptr) })?;
        Ok(flags as u32)
    }

    fn mem_export_fd(&self, handle: Handle) -> HipResult<i32> {
        enter()?;
        let mut fd: i32 = -1;
        // SAFETY: for a POSIX descriptor the driver writes an `int` to the out-pointer.
        check(unsafe {
            cu::cuMemExportToShareableHandle(
                (&mut fd as *mut i32).cast(),
                generic(handle)?,
                cu::CUmemAllocationHandleType::CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR,
                0,
            )
        })?;
        Ok(fd)
    }

    fn mem_import_fd(&self, fd: i32) -> HipResult<Handle> {
        enter()?;
        let mut h = 0;
        // SAFETY: a POSIX descriptor is passed as the pointer-sized value itself (CUDA's
        // convention); out-parameter.
        check(unsafe {
            cu::cuMemImportFromShareableHandle(
                &mut h,
                fd as isize as *mut c_void,
                cu::CUmemAllocationHandleType::CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR,
            )
        })?;
        Ok(h as Handle)
    }

    fn mem_retain_allocation_handle(&self, addr: *mut c_void) -> HipResult<Handle> {
        enter()?;
        let mut h = 0;
        // An address the driver looks up in its mappings (never dereferenced).
        let addr = addr as usize as *mut c_void;
        // SAFETY: out-parameter; the driver checks the address.
        check(unsafe { cu::cuMemRetainAllocationHandle(&mut h, addr) })?;
        Ok(h as Handle)
    }
}
