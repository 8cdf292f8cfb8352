//! Inter-process sharing of device memory and events (`hipIpc*`).
//!
//! A handle is HIP's 64 opaque bytes (`HIP_IPC_HANDLE_SIZE`): what another process needs to
//! reach the same memory or event. Its contents are the platform's own (on the CPU: the
//! owner's pid and the number of a descriptor of the shared memory; on NVIDIA: the driver's
//! `CUipcMemHandle` / `CUipcEventHandle`, which have the same size).

use std::ffi::c_void;

use super::Handle;
use crate::error::HipResult;

/// `HIP_IPC_HANDLE_SIZE`
pub const IPC_HANDLE_SIZE: usize = 64;

/// The bytes of a `hipIpcMemHandle_t` or `hipIpcEventHandle_t`.
pub type IpcHandle = [u8; IPC_HANDLE_SIZE];

/// `hipIpcMemLazyEnablePeerAccess`: the only flag `hipIpcOpenMemHandle` accepts.
pub const IPC_MEM_LAZY_ENABLE_PEER_ACCESS: u32 = 0x1;

/// Memory and events shared between processes.
pub trait IpcBackend {
    /// `hipIpcGetMemHandle`: a handle to the device allocation `ptr` points into
    /// (`hipErrorInvalidValue` for memory that is not a device allocation of this process).
    fn ipc_get_mem_handle(&self, ptr: *mut c_void) -> HipResult<IpcHandle>;
    /// `hipIpcOpenMemHandle`: maps another process's memory into this one (flags already
    /// checked); the same handle opened twice gives the same address (closed as often).
    /// A handle of this very process is `hipErrorInvalidContext`, as in HIP and CUDA.
    fn ipc_open_mem_handle(&self, handle: &IpcHandle, flags: u32) -> HipResult<*mut c_void>;
    /// `hipIpcCloseMemHandle`: `ptr` must be an address [`IpcBackend::ipc_open_mem_handle`]
    /// returned and not closed yet (else `hipErrorInvalidValue`).
    ///
    /// # Safety
    /// Nothing (pending device work or host code) may use the mapping afterwards.
    unsafe fn ipc_close_mem_handle(&self, ptr: *mut c_void) -> HipResult<()>;
    /// `hipIpcGetEventHandle`: the event must have been created with `hipEventInterprocess`
    /// (else `hipErrorInvalidConfiguration`, AMD's code).
    fn ipc_get_event_handle(&self, event: Handle) -> HipResult<IpcHandle>;
    /// `hipIpcOpenEventHandle`: an event of this process that follows the other process's
    /// records (and whose records the other process sees); destroyed with
    /// `hipEventDestroy`.
    fn ipc_open_event_handle(&self, handle: &IpcHandle) -> HipResult<Handle>;

    /// `hipMemPoolExportToShareableHandle` as a POSIX descriptor (new, owned by the
    /// caller): the pool must have been created with `hipMemHandleTypePosixFileDescriptor`.
    fn mem_pool_export_fd(&self, pool: Handle) -> HipResult<i32>;
    /// `hipMemPoolImportFromShareableHandle`: a pool of this process standing for another
    /// process's pool (it gives out no memory of its own; `hipMemPoolDestroy` releases it).
    fn mem_pool_import_fd(&self, fd: i32) -> HipResult<Handle>;
    /// `hipMemPoolExportPointer`: what another process needs to map pool memory `ptr`
    /// (`hipMemPoolPtrExportData`, 64 bytes).
    fn mem_pool_export_pointer(&self, ptr: *mut c_void) -> HipResult<IpcHandle>;
    /// `hipMemPoolImportPointer`: maps the exported memory through an imported pool; the
    /// pointer is released with `hipFree`.
    fn mem_pool_import_pointer(&self, pool: Handle, data: &IpcHandle) -> HipResult<*mut c_void>;
}
