//! External memory and semaphores (`hipImportExternalMemory`, `hipImportExternalSemaphore`,
//! ...): C marshalling over the backend's
//! [`ExternalBackend`](hip::backend::ExternalBackend). Only POSIX-descriptor handle types
//! exist on Linux; the Windows, Direct3D and NvSciBuf/NvSciSync types are
//! `hipErrorNotSupported`.

use std::ffi::{c_int, c_uint, c_void};

use hip::backend;
use hip::backend::external::{
    ExternalMemoryDesc, ExternalSemaphoreDesc, SemaphoreOp, EXTERNAL_MEMORY_OPAQUE_FD,
    EXTERNAL_SEMAPHORE_OPAQUE_FD, EXTERNAL_SEMAPHORE_TIMELINE_FD,
};
use hip::{HipError, HipResult};

use crate::entry::{non_null, write_out};
use crate::types::{hipExternalMemory_t, hipExternalSemaphore_t, hipStream_t};

/// The handle union of `hipExternalMemoryHandleDesc` / `hipExternalSemaphoreHandleDesc`.
#[repr(C)]
#[derive(Clone, Copy)]
pub union ExternalHandle {
    pub fd: c_int,
    /// `{ void *handle; const void *name; }`
    pub win32: [*const c_void; 2],
    pub nv_sci: *const c_void,
}

/// `hipExternalMemoryHandleDesc`
#[repr(C)]
#[derive(Clone, Copy)]
pub struct ExternalMemoryHandleDesc {
    pub type_: c_int,
    pub handle: ExternalHandle,
    pub size: u64,
    pub flags: c_uint,
    pub reserved: [c_uint; 16],
}

/// `hipExternalMemoryBufferDesc`
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct ExternalMemoryBufferDesc {
    pub offset: u64,
    pub size: u64,
    pub flags: c_uint,
    pub reserved: [c_uint; 16],
}

/// `hipExternalSemaphoreHandleDesc`
#[repr(C)]
#[derive(Clone, Copy)]
pub struct ExternalSemaphoreHandleDesc {
    pub type_: c_int,
    pub handle: ExternalHandle,
    pub flags: c_uint,
    pub reserved: [c_uint; 16],
}

/// `hipExternalSemaphoreSignalParams`
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct ExternalSemaphoreSignalParams {
    pub fence_value: u64,
    /// `nvSciSync` (a fence pointer or reserved).
    pub nv_sci_sync: u64,
    pub keyed_mutex_key: u64,
    pub reserved_params: [c_uint; 12],
    pub flags: c_uint,
    pub reserved: [c_uint; 16],
}

/// `hipExternalSemaphoreWaitParams`
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct ExternalSemaphoreWaitParams {
    pub fence_value: u64,
    pub nv_sci_sync: u64,
    pub keyed_mutex_key: u64,
    pub keyed_mutex_timeout_ms: c_uint,
    /// The padding of the `keyedMutex` struct (a `u64` and a `u32`).
    pub keyed_mutex_pad: c_uint,
    pub reserved_params: [c_uint; 10],
    pub flags: c_uint,
    pub reserved: [c_uint; 16],
}

/// `hipExternalMemoryHandleType` values 2-8 (Win32, D3D12/D3D11, NvSciBuf).
const MEMORY_TYPES_ELSEWHERE: std::ops::RangeInclusive<c_int> = 2..=8;
/// `hipExternalSemaphoreHandleType` values 2-8 and 10 (Win32, D3D fences, NvSciSync,
/// keyed mutexes, timeline Win32).
fn semaphore_type_elsewhere(t: c_int) -> bool {
    (2..=8).contains(&t) || t == 10
}

/// # Safety
/// `ext_mem_out` must be NULL or writable, `mem_handle_desc` NULL or readable.
pub unsafe fn hipImportExternalMemory(
    ext_mem_out: *mut hipExternalMemory_t,
    mem_handle_desc: *const c_void,
) -> HipResult<()> {
    non_null(ext_mem_out)?;
    non_null(mem_handle_desc)?;
    // SAFETY: checked non-null; readable per the caller.
    let d = unsafe {
        mem_handle_desc
            .cast::<ExternalMemoryHandleDesc>()
            .read_unaligned()
    };
    match d.type_ {
        t if t == EXTERNAL_MEMORY_OPAQUE_FD as c_int => {}
        t if MEMORY_TYPES_ELSEWHERE.contains(&t) => return Err(HipError::NotSupported),
        _ => return Err(HipError::InvalidValue),
    }
    // SAFETY: an opaque-fd descriptor: the union holds the `int`.
    let fd = unsafe { d.handle.fd };
    if d.size == 0 || fd < 0 {
        return Err(HipError::InvalidValue);
    }
    let m = backend().import_external_memory(&ExternalMemoryDesc {
        handle_type: d.type_ as u32,
        fd,
        size: d.size,
        flags: d.flags,
    })?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(ext_mem_out, m) }
}

/// # Safety
/// `dev_ptr` must be NULL or writable, `buffer_desc` NULL or readable.
pub unsafe fn hipExternalMemoryGetMappedBuffer(
    dev_ptr: *mut *mut c_void,
    ext_mem: hipExternalMemory_t,
    buffer_desc: *const c_void,
) -> HipResult<()> {
    non_null(dev_ptr)?;
    non_null(ext_mem)?;
    non_null(buffer_desc)?;
    // SAFETY: checked non-null; readable per the caller.
    let d = unsafe {
        buffer_desc
            .cast::<ExternalMemoryBufferDesc>()
            .read_unaligned()
    };
    let p = backend().external_memory_mapped_buffer(ext_mem, d.offset, d.size, d.flags)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(dev_ptr, p) }
}

pub fn hipDestroyExternalMemory(ext_mem: hipExternalMemory_t) -> HipResult<()> {
    non_null(ext_mem)?;
    backend().destroy_external_memory(ext_mem)
}

/// # Safety
/// `ext_sem_out` must be NULL or writable, `sem_handle_desc` NULL or readable.
pub unsafe fn hipImportExternalSemaphore(
    ext_sem_out: *mut hipExternalSemaphore_t,
    sem_handle_desc: *const c_void,
) -> HipResult<()> {
    non_null(ext_sem_out)?;
    non_null(sem_handle_desc)?;
    // SAFETY: checked non-null; readable per the caller.
    let d = unsafe {
        sem_handle_desc
            .cast::<ExternalSemaphoreHandleDesc>()
            .read_unaligned()
    };
    match d.type_ {
        t if t == EXTERNAL_SEMAPHORE_OPAQUE_FD as c_int
            || t == EXTERNAL_SEMAPHORE_TIMELINE_FD as c_int => {}
        t if semaphore_type_elsewhere(t) => return Err(HipError::NotSupported),
        _ => return Err(HipError::InvalidValue),
    }
    // SAFETY: a descriptor type: the union holds the `int`.
    let fd = unsafe { d.handle.fd };
    if fd < 0 {
        return Err(HipError::InvalidValue);
    }
    let s = backend().import_external_semaphore(&ExternalSemaphoreDesc {
        handle_type: d.type_ as u32,
        fd,
        flags: d.flags,
    })?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(ext_sem_out, s) }
}

/// The semaphores of a signal/wait call (`hipErrorInvalidValue` for a NULL array or
/// semaphore).
///
/// # Safety
/// `array` must be NULL or readable for `n` handles.
unsafe fn semaphores<'a>(
    array: *const hipExternalSemaphore_t,
    n: c_uint,
) -> HipResult<&'a [hipExternalSemaphore_t]> {
    non_null(array)?;
    // SAFETY: `n` handles readable per the caller.
    let sems = unsafe { crate::entry::c_array(array, n as usize)? };
    if sems.iter().any(|s| s.is_null()) {
        return Err(HipError::InvalidValue);
    }
    Ok(sems)
}

/// # Safety
/// Both arrays must be NULL or readable for `num_ext_sems` entries.
pub unsafe fn hipSignalExternalSemaphoresAsync(
    ext_sem_array: *const hipExternalSemaphore_t,
    params_array: *const c_void,
    num_ext_sems: c_uint,
    stream: hipStream_t,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    let sems = unsafe { semaphores(ext_sem_array, num_ext_sems)? };
    non_null(params_array)?;
    // SAFETY: checked non-null; readable per the caller.
    let params = unsafe {
        std::slice::from_raw_parts(
            params_array.cast::<ExternalSemaphoreSignalParams>(),
            num_ext_sems as usize,
        )
    };
    let ops: Vec<SemaphoreOp> = params
        .iter()
        .map(|p| SemaphoreOp {
            fence_value: p.fence_value,
            key: p.keyed_mutex_key,
            timeout_ms: 0,
            flags: p.flags,
        })
        .collect();
    backend().signal_external_semaphores(sems, &ops, stream)
}

/// # Safety
/// Both arrays must be NULL or readable for `num_ext_sems` entries.
pub unsafe fn hipWaitExternalSemaphoresAsync(
    ext_sem_array: *const hipExternalSemaphore_t,
    params_array: *const c_void,
    num_ext_sems: c_uint,
    stream: hipStream_t,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    let sems = unsafe { semaphores(ext_sem_array, num_ext_sems)? };
    non_null(params_array)?;
    // SAFETY: checked non-null; readable per the caller.
    let params = unsafe {
        std::slice::from_raw_parts(
            params_array.cast::<ExternalSemaphoreWaitParams>(),
            num_ext_sems as usize,
        )
    };
    let ops: Vec<SemaphoreOp> = params
        .iter()
        .map(|p| SemaphoreOp {
            fence_value: p.fence_value,
            key: p.keyed_mutex_key,
            timeout_ms: p.keyed_mutex_timeout_ms,
            flags: p.flags,
        })
        .collect();
    backend().wait_external_semaphores(sems, &ops, stream)
}

pub fn hipDestroyExternalSemaphore(ext_sem: hipExternalSemaphore_t) -> HipResult<()> {
    non_null(ext_sem)?;
    backend().destroy_external_semaphore(ext_sem)
}

#[cfg(test)]
mod tests {
    use std::mem::{offset_of, size_of};

    use super::*;

    /// The layouts of ROCm 6.3's `hip_runtime_api.h` (equal to CUDA's driver structures).
    #[test]
    fn descriptors_have_hips_layout() {
        assert_eq!(size_of::<ExternalMemoryHandleDesc>(), 104);
        assert_eq!(offset_of!(ExternalMemoryHandleDesc, handle), 8);
        assert_eq!(offset_of!(ExternalMemoryHandleDesc, size), 24);
        assert_eq!(size_of::<ExternalMemoryBufferDesc>(), 88);
        assert_eq!(size_of::<ExternalSemaphoreHandleDesc>(), 96);
        assert_eq!(offset_of!(ExternalSemaphoreHandleDesc, flags), 24);
        assert_eq!(size_of::<ExternalSemaphoreSignalParams>(), 144);
        assert_eq!(offset_of!(ExternalSemaphoreSignalParams, flags), 72);
        assert_eq!(size_of::<ExternalSemaphoreWaitParams>(), 144);
        assert_eq!(
            offset_of!(ExternalSemaphoreWaitParams, keyed_mutex_timeout_ms),
            24
        );
        assert_eq!(offset_of!(ExternalSemaphoreWaitParams, flags), 72);
    }
}
