//! Inter-process memory and events (`hipIpc*`): C marshalling over the backend's
//! [`IpcBackend`](hip::backend::IpcBackend).

use std::ffi::{c_uint, c_void};

use hip::backend;
use hip::backend::ipc::IPC_MEM_LAZY_ENABLE_PEER_ACCESS;
use hip::{HipError, HipResult};

use crate::entry::{non_null, write_out};
use crate::types::{hipEvent_t, hipIpcEventHandle_t, hipIpcMemHandle_t};

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
