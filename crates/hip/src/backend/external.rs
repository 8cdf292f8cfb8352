//! External resources (`hipImportExternalMemory`, `hipImportExternalSemaphore`, ...):
//! memory and semaphores that another API or process made, given to HIP as POSIX file
//! descriptors.
//!
//! Handles (`hipExternalMemory_t`, `hipExternalSemaphore_t`) are opaque: registry numbers
//! on the CPU, the driver's `CUexternalMemory` / `CUexternalSemaphore` on NVIDIA. Types are
//! HIP's `hipExternalMemoryHandleType` / `hipExternalSemaphoreHandleType` values (the same
//! numbers as CUDA's).

use std::ffi::c_void;

use super::Handle;
use crate::error::HipResult;

/// `hipExternalMemoryHandleTypeOpaqueFd`
pub const EXTERNAL_MEMORY_OPAQUE_FD: u32 = 1;
/// `hipExternalMemoryDedicated`
pub const EXTERNAL_MEMORY_DEDICATED: u32 = 0x1;
/// `hipExternalSemaphoreHandleTypeOpaqueFd`
pub const EXTERNAL_SEMAPHORE_OPAQUE_FD: u32 = 1;
/// `hipExternalSemaphoreHandleTypeTimelineSemaphoreFd`
pub const EXTERNAL_SEMAPHORE_TIMELINE_FD: u32 = 9;

/// A `hipExternalMemoryHandleDesc` (a POSIX-fd type: the Win32/NvSci forms are rejected by
/// the C layer with `hipErrorNotSupported`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExternalMemoryDesc {
    /// `hipExternalMemoryHandleType`
    pub handle_type: u32,
    /// The descriptor; on success it belongs to HIP (closed when the memory is destroyed),
    /// as CUDA documents.
    pub fd: i32,
    /// Bytes of the memory object.
    pub size: u64,
    /// `hipExternalMemoryDedicated` or 0.
    pub flags: u32,
}

/// A `hipExternalSemaphoreHandleDesc` of a POSIX-fd type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExternalSemaphoreDesc {
    /// `hipExternalSemaphoreHandleType`
    pub handle_type: u32,
    /// The descriptor; on success it belongs to HIP.
    pub fd: i32,
    pub flags: u32,
}

/// One semaphore's signal or wait parameters (`hipExternalSemaphoreSignalParams` /
/// `hipExternalSemaphoreWaitParams`): the fence value of a timeline semaphore (ignored for
/// a binary one), the keyed-mutex key and timeout, the flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SemaphoreOp {
    pub fence_value: u64,
    pub key: u64,
    pub timeout_ms: u32,
    pub flags: u32,
}

/// External memory and semaphores.
pub trait ExternalBackend {
    /// `hipImportExternalMemory`.
    fn import_external_memory(&self, desc: &ExternalMemoryDesc) -> HipResult<Handle>;
    /// `hipExternalMemoryGetMappedBuffer`: device memory for `[offset, offset + size)` of
    /// the object, released with `hipFree`.
    fn external_memory_mapped_buffer(
        &self,
        memory: Handle,
        offset: u64,
        size: u64,
        flags: u32,
    ) -> HipResult<*mut c_void>;
    /// `hipDestroyExternalMemory`.
    fn destroy_external_memory(&self, memory: Handle) -> HipResult<()>;
    /// `hipImportExternalSemaphore`.
    fn import_external_semaphore(&self, desc: &ExternalSemaphoreDesc) -> HipResult<Handle>;
    /// `hipSignalExternalSemaphoresAsync`: each semaphore signalled once `stream` gets
    /// here (`semaphores` and `ops` have the same length).
    fn signal_external_semaphores(
        &self,
        semaphores: &[Handle],
        ops: &[SemaphoreOp],
        stream: Handle,
    ) -> HipResult<()>;
    /// `hipWaitExternalSemaphoresAsync`: later work on `stream` waits for each semaphore.
    fn wait_external_semaphores(
        &self,
        semaphores: &[Handle],
        ops: &[SemaphoreOp],
        stream: Handle,
    ) -> HipResult<()>;
    /// `hipDestroyExternalSemaphore`.
    fn destroy_external_semaphore(&self, semaphore: Handle) -> HipResult<()>;
}
