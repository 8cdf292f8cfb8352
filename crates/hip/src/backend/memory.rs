//! Memory: allocations of every kind (device, pinned host, managed, pitched, registered
//! host ranges), pointer queries, managed-memory hints, and copies and fills (1-D, 2-D,
//! 3-D; blocking and stream-ordered).
//!
//! Every method works on the calling thread's current device (HIP's rule for memory
//! calls), which the backend looks up itself: the copy path (`hipMemcpy`,
//! `hipMemcpyAsync`) then costs one backend call and nothing more. Pointers are the
//! program's own addresses; a `stream` is a C stream handle as
//! [`StreamBackend`](super::StreamBackend) takes it (NULL, `hipStreamLegacy`,
//! `hipStreamPerThread` or one the program created).

use std::ffi::c_void;

use super::Handle;
use crate::error::HipResult;
use crate::graph::Memcpy3dParams;
use crate::memory::{CopyKind, Extent, PitchedPtr, Sync};

/// What `hipPointerGetAttributes` reports about an address, in HIP's values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointerAttributes {
    /// `hipMemoryType`: 0 unregistered, 1 host, 2 device, 3 managed.
    pub memory_type: u32,
    /// The device the memory belongs to (negative for memory HIP does not know).
    pub device: i32,
    /// The address device code uses (null when the memory is not device-accessible).
    pub device_pointer: *mut c_void,
    /// The address host code uses (null when the memory is not host-accessible).
    pub host_pointer: *mut c_void,
    /// Whether the memory is managed (`hipMallocManaged`).
    pub is_managed: bool,
    /// The flags the memory was allocated or registered with.
    pub allocation_flags: u32,
}

/// Allocations, pointer queries, copies and fills.
pub trait MemoryBackend {
    /// `hipMalloc`: device memory (0 bytes: null).
    fn malloc(&self, size: usize) -> HipResult<*mut c_void>;
    /// `hipMallocManaged` (`flags` already checked to be at most one `hipMemAttach*`).
    fn malloc_managed(&self, size: usize, flags: u32) -> HipResult<*mut c_void>;
    /// `hipMallocPitch`: (pointer, pitch in bytes) for `height` rows of `width` bytes.
    fn malloc_pitch(&self, width: usize, height: usize) -> HipResult<(*mut c_void, usize)>;
    /// `hipMalloc3D`: a pitched allocation of `extent` (width in bytes).
    fn malloc_3d(&self, extent: Extent) -> HipResult<PitchedPtr>;
    /// `hipHostMalloc`: pinned host memory with `hipHostMalloc*` flags.
    fn host_malloc(&self, size: usize, flags: u32) -> HipResult<*mut c_void>;
    /// `hipFree`: device or managed memory (and, as ROCm allows, pinned host memory);
    /// null is a no-op. Waits for the device first.
    ///
    /// # Safety
    /// Nothing (pending device work or host code) may use the memory afterwards.
    unsafe fn free(&self, ptr: *mut c_void) -> HipResult<()>;
    /// `hipHostFree`: pinned host memory; null is a no-op.
    ///
    /// # Safety
    /// As for [`MemoryBackend::free`].
    unsafe fn host_free(&self, ptr: *mut c_void) -> HipResult<()>;
    /// `hipHostRegister`: page-locks `[ptr, ptr + size)` of the program's memory.
    ///
    /// # Safety
    /// The range must stay allocated until [`MemoryBackend::host_unregister`].
    unsafe fn host_register(&self, ptr: *mut c_void, size: usize, flags: u32) -> HipResult<()>;
    /// `hipHostUnregister`.
    ///
    /// # Safety
    /// No pending device work may still use the range.
    unsafe fn host_unregister(&self, ptr: *mut c_void) -> HipResult<()>;
    /// `hipHostGetDevicePointer`: the device address of pinned or registered host memory.
    fn host_device_pointer(&self, host: *mut c_void, flags: u32) -> HipResult<*mut c_void>;
    /// `hipHostGetFlags`: the flags pinned host memory was allocated with.
    fn host_flags(&self, host: *mut c_void) -> HipResult<u32>;
    /// `hipMemPtrGetInfo`: the size of the allocation `ptr` points into.
    fn mem_ptr_size(&self, ptr: *mut c_void) -> HipResult<usize>;
    /// `hipPointerGetAttributes` (`ptr` is not null).
    fn mem_pointer_attributes(&self, ptr: *const c_void) -> HipResult<PointerAttributes>;
    /// `hipMemPrefetchAsync` to `device` (an ordinal, or `hipCpuDeviceId`, -1).
    fn mem_prefetch_async(
        &self,
        ptr: *const c_void,
        count: usize,
        device: i32,
        stream: Handle,
    ) -> HipResult<()>;
    /// `hipStreamAttachMemAsync`: managed memory attached to `stream` (`hipMemAttachSingle`),
    /// to the host (`hipMemAttachHost`) or to every stream (`hipMemAttachGlobal`), from the
    /// point the stream reaches. `ptr` is the start of a managed allocation and `length` 0 or
    /// its whole size (`hipErrorInvalidValue` otherwise, as in CUDA).
    fn stream_attach_mem_async(
        &self,
        stream: Handle,
        ptr: *mut c_void,
        length: usize,
        flags: u32,
    ) -> HipResult<()>;
    /// `hipMemAdvise` (`advice`: a `hipMemoryAdvise` value).
    fn mem_advise(
        &self,
        ptr: *const c_void,
        count: usize,
        advice: i32,
        device: i32,
    ) -> HipResult<()>;

    /// `hipMemcpy`: returns once the copy is done (ordered on the null stream).
    ///
    /// # Safety
    /// `src` must be readable and `dst` writable for `size` bytes.
    unsafe fn memcpy(
        &self,
        dst: *mut c_void,
        src: *const c_void,
        size: usize,
        kind: CopyKind,
    ) -> HipResult<()>;
    /// `hipMemcpyWithStream`: ordered on `stream`, returns once done.
    ///
    /// # Safety
    /// As for [`MemoryBackend::memcpy`].
    unsafe fn memcpy_with_stream(
        &self,
        dst: *mut c_void,
        src: *const c_void,
        size: usize,
        kind: CopyKind,
        stream: Handle,
    ) -> HipResult<()>;
    /// `hipMemcpyAsync`: ordered on `stream`.
    ///
    /// # Safety
    /// As for [`MemoryBackend::memcpy`], until the copy has run.
    unsafe fn memcpy_async(
        &self,
        dst: *mut c_void,
        src: *const c_void,
        size: usize,
        kind: CopyKind,
        stream: Handle,
    ) -> HipResult<()>;
    /// `hipMemcpy2D(Async)`: `height` rows of `width` bytes between pitched buffers
    /// (`stream` is NULL when blocking).
    ///
    /// # Safety
    /// Every row of both buffers must be valid for the copy (until it has run, if async).
    #[allow(clippy::too_many_arguments)]
    unsafe fn memcpy_2d(
        &self,
        dst: *mut c_void,
        dpitch: usize,
        src: *const c_void,
        spitch: usize,
        width: usize,
        height: usize,
        kind: CopyKind,
        stream: Handle,
        sync: Sync,
    ) -> HipResult<()>;
    /// `hipMemcpy3D(Async)` (pointer form; `params.kind` already checked; `stream` NULL
    /// when blocking).
    ///
    /// # Safety
    /// Both boxes must be valid memory (until the copy has run, if async).
    unsafe fn memcpy_3d(
        &self,
        params: &Memcpy3dParams,
        stream: Handle,
        sync: Sync,
    ) -> HipResult<()>;
    /// `hipMemset` / `hipMemsetD8/D16/D32` and their async forms: `count` elements of
    /// `element_size` (1, 2 or 4) bytes set to the low bytes of `value`.
    ///
    /// # Safety
    /// `dst` must be writable for `count * element_size` bytes (until the fill has run,
    /// if async).
    unsafe fn memset(
        &self,
        dst: *mut c_void,
        value: u32,
        count: usize,
        element_size: u32,
        stream: Handle,
        sync: Sync,
    ) -> HipResult<()>;
    /// `hipMemset2D(Async)`: `height` rows of `width` bytes, `pitch` apart, set to `value`.
    ///
    /// # Safety
    /// Every row must be writable (until the fill has run, if async).
    #[allow(clippy::too_many_arguments)]
    unsafe fn memset_2d(
        &self,
        dst: *mut c_void,
        pitch: usize,
        value: u8,
        width: usize,
        height: usize,
        stream: Handle,
        sync: Sync,
    ) -> HipResult<()>;
    /// `hipMemset3D(Async)`: the `extent` box of `pitched` set to `value`.
    ///
    /// # Safety
    /// The box must be writable (until the fill has run, if async).
    unsafe fn memset_3d(
        &self,
        pitched: PitchedPtr,
        value: u8,
        extent: Extent,
        stream: Handle,
        sync: Sync,
    ) -> HipResult<()>;
}
