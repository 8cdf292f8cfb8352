//! Inter-process memory and events (`hipIpc*`) and memory-pool export/import
//! (`hipMemPoolExport*`/`Import*`): C marshalling over the backend's
//! [`IpcBackend`](hip::backend::IpcBackend).

use std::ffi::{c_int, c_uint, c_void};

use hip::backend;
use hip::backend::ipc::{IpcHandle, IPC_MEM_LAZY_ENABLE_PEER_ACCESS};
use hip::{HipError, HipResult};

use crate::entry::{non_null, write_out};
use crate::types::{hipEvent_t, hipIpcEventHandle_t, hipIpcMemHandle_t, hipMemPool_t};
use crate::vmm::check_handle_type;

/// # Safety
/// `handle` must be NULL or writable.
pub unsafe fn hipIpcGetMemHandle(
    handle: *mut hipIpcMemHandle_t,
    dev_ptr: *mut c_void,
) -> HipResult<()> {
    non_null(handle)?;
    non_null(dev_ptr)?;
    let reserved = backend().ipc_get_mem_handle(dev_ptr)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(handle, hipIpcMemHandle_t { reserved }) }
}

/// # Safety
/// `dev_ptr` must be NULL or writable.
pub unsafe fn hipIpcOpenMemHandle(
    dev_ptr: *mut *mut c_void,
    handle: hipIpcMemHandle_t,
    flags: c_uint,
) -> HipResult<()> {
    non_null(dev_ptr)?;
    if flags & !IPC_MEM_LAZY_ENABLE_PEER_ACCESS != 0 {
        return Err(HipError::InvalidValue);
    }
    let p = backend().ipc_open_mem_handle(&handle.reserved, flags)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(dev_ptr, p) }
}

pub fn hipIpcCloseMemHandle(dev_ptr: *mut c_void) -> HipResult<()> {
    non_null(dev_ptr)?;
    // SAFETY: HIP's contract: the program no longer uses the mapping.
    unsafe { backend().ipc_close_mem_handle(dev_ptr) }
}

/// # Safety
/// `handle` must be NULL or writable.
pub unsafe fn hipIpcGetEventHandle(
    handle: *mut hipIpcEventHandle_t,
    event: hipEvent_t,
) -> HipResult<()> {
    non_null(handle)?;
    if event.is_null() {
        return Err(HipError::InvalidHandle);
    }
    let reserved = backend().ipc_get_event_handle(event)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(handle, hipIpcEventHandle_t { reserved }) }
}

/// # Safety
/// `event` must be NULL or writable.
pub unsafe fn hipIpcOpenEventHandle(
    event: *mut hipEvent_t,
    handle: hipIpcEventHandle_t,
) -> HipResult<()> {
    non_null(event)?;
    let e = backend().ipc_open_event_handle(&handle.reserved)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(event, e) }
}

// ------------------------------------------------------------------- memory-pool IPC

/// # Safety
/// `shared_handle` must be NULL or writable for an `int`.
pub unsafe fn hipMemPoolExportToShareableHandle(
    shared_handle: *mut c_void,
    mem_pool: hipMemPool_t,
    handle_type: c_int,
    flags: c_uint,
) -> HipResult<()> {
    non_null(shared_handle)?;
    non_null(mem_pool)?;
    check_handle_type(handle_type)?;
    if flags != 0 {
        return Err(HipError::InvalidValue);
    }
    let fd = backend().mem_pool_export_fd(mem_pool)?;
    // SAFETY: forwarded from the caller: a POSIX descriptor is written as an `int`.
    unsafe { write_out(shared_handle.cast::<c_int>(), fd) }
}

/// # Safety
/// `mem_pool` must be NULL or writable.
pub unsafe fn hipMemPoolImportFromShareableHandle(
    mem_pool: *mut hipMemPool_t,
    shared_handle: *mut c_void,
    handle_type: c_int,
    flags: c_uint,
) -> HipResult<()> {
    non_null(mem_pool)?;
    check_handle_type(handle_type)?;
    if flags != 0 {
        return Err(HipError::InvalidValue);
    }
    // CUDA's convention: the descriptor itself, cast to a pointer.
    let fd = i32::try_from(shared_handle as isize).map_err(|_| HipError::InvalidValue)?;
    let p = backend().mem_pool_import_fd(fd)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(mem_pool, p) }
}

/// # Safety
/// `export_data` must be NULL or writable for a `hipMemPoolPtrExportData` (64 bytes).
pub unsafe fn hipMemPoolExportPointer(
    export_data: *mut c_void,
    dev_ptr: *mut c_void,
) -> HipResult<()> {
    crate::entry::usable(export_data)?;
    non_null(dev_ptr)?;
    let data = backend().mem_pool_export_pointer(dev_ptr)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(export_data.cast::<IpcHandle>(), data) }
}

/// # Safety
/// `dev_ptr` must be NULL or writable, `export_data` NULL or readable for 64 bytes.
pub unsafe fn hipMemPoolImportPointer(
    dev_ptr: *mut *mut c_void,
    mem_pool: hipMemPool_t,
    export_data: *mut c_void,
) -> HipResult<()> {
    non_null(dev_ptr)?;
    non_null(mem_pool)?;
    crate::entry::usable(export_data)?;
    // SAFETY: checked non-null; 64 readable bytes per the caller.
    let data = unsafe { export_data.cast::<IpcHandle>().read_unaligned() };
    let p = backend().mem_pool_import_pointer(mem_pool, &data)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(dev_ptr, p) }
}
