//! Memory of NVIDIA agents: device memory (`cuMemAlloc`), pinned host memory mapped for
//! every device (`cuMemHostAlloc` with `PORTABLE | DEVICEMAP`), registration of runtime
//! host allocations (`cuMemHostRegister`), copies and fills.
//!
//! Every call runs under a [`ContextGuard`], so the application thread's current context
//! is the same before and after. Addresses are UVA addresses: a device pointer and a host
//! pointer never collide, so both live in the runtime's one allocation table.

use std::ffi::c_void;

use super::cu;
use super::device::{ContextGuard, NvDevice};
use super::driver::{check, Driver, NvError};

/// `cuMemAlloc`: `size` bytes of device memory (256-byte aligned at least).
pub fn alloc_device(dev: &NvDevice, size: usize) -> Result<usize, NvError> {
    let _ctx = ContextGuard::push(dev)?;
    let mut p: cu::CUdeviceptr = 0;
    // SAFETY: required symbol, a context is current; `p` is an out-parameter.
    check("cuMemAlloc_v2", unsafe { cu::cuMemAlloc_v2(&mut p, size) })?;
    Ok(p as usize)
}

/// `cuMemFree` of an [`alloc_device`] result.
pub fn free_device(dev: &NvDevice, ptr: usize) -> Result<(), NvError> {
    let _ctx = ContextGuard::push(dev)?;
    // SAFETY: `ptr` came from `cuMemAlloc` in this device's primary context.
    check("cuMemFree_v2", unsafe {
        cu::cuMemFree_v2(ptr as cu::CUdeviceptr)
    })
}

/// `cuMemHostAlloc(PORTABLE | DEVICEMAP)`: pinned host memory every device can read and
/// write at the same (UVA) address, zero-filled like the CPU agent's allocations.
pub fn alloc_host(dev: &NvDevice, size: usize) -> Result<*mut u8, NvError> {
    let _ctx = ContextGuard::push(dev)?;
    let mut p: *mut c_void = std::ptr::null_mut();
    // SAFETY: required symbol, a context is current; `p` is an out-parameter.
    check("cuMemHostAlloc", unsafe {
        cu::cuMemHostAlloc(
            &mut p,
            size,
            cu::CU_MEMHOSTALLOC_PORTABLE | cu::CU_MEMHOSTALLOC_DEVICEMAP,
        )
    })?;
    if p.is_null() {
        return Err(NvError::Driver {
            call: "cuMemHostAlloc",
            code: cu::CUresult::CUDA_ERROR_OUT_OF_MEMORY,
        });
    }
    // SAFETY: the driver returned `size` bytes of writable host memory at `p`.
    unsafe { std::ptr::write_bytes(p.cast::<u8>(), 0, size) };
    Ok(p.cast())
}

/// `cuMemFreeHost` of an [`alloc_host`] result.
pub fn free_host(dev: &NvDevice, ptr: *mut u8) -> Result<(), NvError> {
    let _ctx = ContextGuard::push(dev)?;
    // SAFETY: `ptr` came from `cuMemHostAlloc`.
    check("cuMemFreeHost", unsafe { cu::cuMemFreeHost(ptr.cast()) })
}

/// `cuMemHostRegister(PORTABLE | DEVICEMAP)` of host memory the runtime allocated (a
/// page-aligned mapping), so that the GPUs reach it at the same address.
pub fn register_host(dev: &NvDevice, ptr: *mut u8, size: usize) -> Result<(), NvError> {
    let _ctx = ContextGuard::push(dev)?;
    // SAFETY: the caller passes a live mapping of `size` bytes.
    check("cuMemHostRegister_v2", unsafe {
        cu::cuMemHostRegister_v2(
            ptr.cast(),
            size,
            cu::CU_MEMHOSTREGISTER_PORTABLE | cu::CU_MEMHOSTREGISTER_DEVICEMAP,
        )
    })
}

/// `cuMemHostUnregister` of a [`register_host`] range.
pub fn unregister_host(dev: &NvDevice, ptr: *mut u8) -> Result<(), NvError> {
    let _ctx = ContextGuard::push(dev)?;
    // SAFETY: `ptr` is the start of a range registered by `register_host`.
    check("cuMemHostUnregister", unsafe {
        cu::cuMemHostUnregister(ptr.cast())
    })
}

/// The NVIDIA device whose device memory `ptr` points into, if it is device memory
/// (`cuPointerGetAttribute(MEMORY_TYPE)`; memory the driver does not know is host memory).
pub fn device_of_pointer(ptr: usize) -> Option<&'static std::sync::Arc<NvDevice>> {
    let driver = Driver::get()?;
    // Under UVA the query does not depend on the current context, but some drivers want
    // one: use a primary context this runtime already retained (never create one just to
    // classify a pointer; device memory of ours implies a retained context).
    let _ctx = driver
        .devices
        .iter()
        .find(|d| d.context_retained())
        .and_then(|d| ContextGuard::push(d).ok());
    let mut memory_type: u32 = 0;
    // SAFETY: required symbol; the attribute is an `unsigned int` written into
    // `memory_type`. Unknown (host) pointers make it fail with CUDA_ERROR_INVALID_VALUE.
    let r = unsafe {
        cu::cuPointerGetAttribute(
            (&mut memory_type as *mut u32).cast(),
            cu::CUpointer_attribute::CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
            ptr as cu::CUdeviceptr,
        )
    };
    if r != cu::CUresult::CUDA_SUCCESS
        || memory_type != cu::CUmemorytype::CU_MEMORYTYPE_DEVICE as u32
    {
        return None;
    }
    let mut ordinal: i32 = -1;
    // SAFETY: as above; DEVICE_ORDINAL is an `int`.
    let r = unsafe {
        cu::cuPointerGetAttribute(
            (&mut ordinal as *mut i32).cast(),
            cu::CUpointer_attribute::CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
            ptr as cu::CUdeviceptr,
        )
    };
    if r != cu::CUresult::CUDA_SUCCESS {
        // Device memory of a device we cannot name: use the first device's context
        // (cuMemcpy works in any UVA context).
        return driver.devices.first();
    }
    driver
        .devices
        .iter()
        .find(|d| d.ordinal == ordinal)
        .or(driver.devices.first())
}

/// `cuMemcpy` (direction inferred from the UVA addresses) on the legacy default stream,
/// then `cuStreamSynchronize` of that stream: the copy has completed when this returns
/// (`cuMemcpy` alone may return before a host-to-device or device-to-device DMA ends, and
/// queue streams are non-blocking, so they would not wait for it).
///
/// # Safety
/// `src` must be readable and `dst` writable for `size` bytes (host or device memory).
pub unsafe fn copy(dev: &NvDevice, dst: usize, src: usize, size: usize) -> Result<(), NvError> {
    let _ctx = ContextGuard::push(dev)?;
    // SAFETY: the caller guarantees both ranges; a context is current.
    check("cuMemcpy", unsafe {
        cu::cuMemcpy(dst as cu::CUdeviceptr, src as cu::CUdeviceptr, size)
    })?;
    sync_legacy_stream()
}

/// `cuStreamSynchronize` of the legacy default stream (a context must be current).
fn sync_legacy_stream() -> Result<(), NvError> {
    // SAFETY: required symbol; the null stream is the current context's legacy stream.
    check("cuStreamSynchronize", unsafe {
        cu::cuStreamSynchronize(std::ptr::null_mut())
    })
}

/// `cuMemsetD32`: `count` 32-bit words of `value` at the 4-byte aligned device address `dst`.
///
/// # Safety
/// `dst` must be device memory writable for `count * 4` bytes.
pub unsafe fn fill_u32(
    dev: &NvDevice,
    dst: usize,
    value: u32,
    count: usize,
) -> Result<(), NvError> {
    let _ctx = ContextGuard::push(dev)?;
    // SAFETY: the caller guarantees the range; a context is current.
    check("cuMemsetD32_v2", unsafe {
        cu::cuMemsetD32_v2(dst as cu::CUdeviceptr, value, count)
    })?;
    // The "synchronous" memset may still run when it returns: wait for it.
    sync_legacy_stream()
}
