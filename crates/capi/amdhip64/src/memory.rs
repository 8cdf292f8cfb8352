//! Memory management, copies and fills: C marshalling over the backend's
//! [`MemoryBackend`](hip::backend::MemoryBackend) (stream-ordered allocation:
//! [`crate::mempool`]; 3-D: [`crate::memory3d`]).

use std::ffi::{c_int, c_uint, c_void};

use hip::backend;
use hip::backend::memory::PointerAttributes as Attributes;
use hip::memory::{CopyKind, Sync};
use hip::{HipError, HipResult};

use crate::entry::{non_null, write_out};

/// # Safety
/// `ptr` must be NULL or writable.
pub unsafe fn hipMalloc(ptr: *mut *mut c_void, size: usize) -> HipResult<()> {
    non_null(ptr)?;
    let p = backend().malloc(size)?;
    crate::profiler_activity::allocated(p, size, true);
    // SAFETY: forwarded from the caller.
    unsafe { write_out(ptr, p) }
}

/// # Safety
/// `ptr` must be NULL or writable.
pub unsafe fn hipMallocAsync(
    ptr: *mut *mut c_void,
    size: usize,
    stream: *mut c_void,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { crate::mempool::malloc_async(ptr, size, stream) }
}

/// `hipMemAttachGlobal` | `hipMemAttachHost` | `hipMemAttachSingle`
const MEM_ATTACH_FLAGS: u32 = 0x1 | 0x2 | 0x4;

/// # Safety
/// `ptr` must be NULL or writable.
pub unsafe fn hipMallocManaged(ptr: *mut *mut c_void, size: usize, flags: c_uint) -> HipResult<()> {
    if flags & !MEM_ATTACH_FLAGS != 0 || flags.count_ones() > 1 {
        return Err(HipError::InvalidValue);
    }
    non_null(ptr)?;
    let p = backend().malloc_managed(size, flags)?;
    crate::profiler_activity::allocated(p, size, true);
    // SAFETY: forwarded from the caller.
    unsafe { write_out(ptr, p) }
}

/// # Safety
/// `ptr` must be NULL or writable.
pub unsafe fn hipHostMalloc(ptr: *mut *mut c_void, size: usize, flags: c_uint) -> HipResult<()> {
    non_null(ptr)?;
    let p = backend().host_malloc(size, flags)?;
    crate::profiler_activity::allocated(p, size, false);
    // SAFETY: forwarded from the caller.
    unsafe { write_out(ptr, p) }
}

/// # Safety
/// `ptr` must be NULL or writable.
pub unsafe fn hipHostAlloc(ptr: *mut *mut c_void, size: usize, flags: c_uint) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { hipHostMalloc(ptr, size, flags) }
}

/// # Safety
/// `ptr` must be NULL or writable.
pub unsafe fn hipMallocHost(ptr: *mut *mut c_void, size: usize) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { hipHostMalloc(ptr, size, 0) }
}

/// `hipFree` releases device and managed memory (and, as ROCm does, pinned host memory).
pub fn hipFree(ptr: *mut c_void) -> HipResult<()> {
    // SAFETY: HIP's contract: the program no longer uses the memory.
    unsafe { backend().free(ptr) }?;
    crate::profiler_activity::freed(ptr);
    Ok(())
}

pub fn hipFreeAsync(ptr: *mut c_void, stream: *mut c_void) -> HipResult<()> {
    crate::mempool::free_async(ptr, stream)
}

pub fn hipHostFree(ptr: *mut c_void) -> HipResult<()> {
    // SAFETY: HIP's contract: the program no longer uses the memory.
    unsafe { backend().host_free(ptr) }?;
    crate::profiler_activity::freed(ptr);
    Ok(())
}

pub fn hipFreeHost(ptr: *mut c_void) -> HipResult<()> {
    hipHostFree(ptr)
}

pub fn hipHostRegister(ptr: *mut c_void, size: usize, flags: c_uint) -> HipResult<()> {
    // SAFETY: HIP's contract: the range is the program's memory while registered.
    unsafe { backend().host_register(ptr, size, flags) }
}

pub fn hipHostUnregister(ptr: *mut c_void) -> HipResult<()> {
    // NULL is a bad argument, not an unregistered range (hipErrorInvalidValue, as ROCm).
    non_null(ptr)?;
    // SAFETY: HIP's contract: no pending work uses the range.
    unsafe { backend().host_unregister(ptr) }
}

/// # Safety
/// `dev_ptr` must be NULL or writable.
pub unsafe fn hipHostGetDevicePointer(
    dev_ptr: *mut *mut c_void,
    host_ptr: *mut c_void,
    flags: c_uint,
) -> HipResult<()> {
    non_null(dev_ptr)?;
    let p = backend().host_device_pointer(host_ptr, flags)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(dev_ptr, p) }
}

/// # Safety
/// `flags` must be NULL or writable.
pub unsafe fn hipHostGetFlags(flags: *mut c_uint, host_ptr: *mut c_void) -> HipResult<()> {
    crate::entry::usable(flags)?;
    let f = backend().host_flags(host_ptr)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(flags, f) }
}

/// # Safety
/// `ptr` and `pitch` must be NULL or writable.
pub unsafe fn hipMallocPitch(
    ptr: *mut *mut c_void,
    pitch: *mut usize,
    width: usize,
    height: usize,
) -> HipResult<()> {
    non_null(ptr)?;
    non_null(pitch)?;
    let (p, pt) = backend().malloc_pitch(width, height)?;
    crate::profiler_activity::allocated(p, pt.saturating_mul(height), true);
    // SAFETY: forwarded from the caller.
    unsafe {
        write_out(ptr, p)?;
        write_out(pitch, pt)
    }
}

/// # Safety
/// As for [`hipMallocPitch`].
pub unsafe fn hipMemAllocPitch(
    ptr: *mut *mut c_void,
    pitch: *mut usize,
    width: usize,
    height: usize,
    _element_size: c_uint,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { hipMallocPitch(ptr, pitch, width, height) }
}

/// # Safety
/// `free` and `total` must be NULL or writable.
pub unsafe fn hipMemGetInfo(free: *mut usize, total: *mut usize) -> HipResult<()> {
    non_null(free)?;
    non_null(total)?;
    let (f, t) = backend().mem_info(crate::entry::current_device()?)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        write_out(free, f)?;
        write_out(total, t)
    }
}

/// # Safety
/// `size` must be NULL or writable.
pub unsafe fn hipMemPtrGetInfo(ptr: *mut c_void, size: *mut usize) -> HipResult<()> {
    non_null(size)?;
    let n = backend().mem_ptr_size(ptr)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(size, n) }
}

// ------------------------------------------------------------------------------------
// Copies and fills

/// # Safety
/// The ranges must be valid for the copy.
pub unsafe fn hipMemcpy(
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    kind: c_uint,
) -> HipResult<()> {
    let kind = CopyKind::from_raw(kind)?;
    // SAFETY: forwarded from the caller.
    unsafe { backend().memcpy(dst, src, size, kind) }
}

/// # Safety
/// The ranges must be valid for the copy.
pub unsafe fn hipMemcpyWithStream(
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    kind: c_uint,
    stream: *mut c_void,
) -> HipResult<()> {
    let kind = CopyKind::from_raw(kind)?;
    // SAFETY: forwarded from the caller.
    unsafe { backend().memcpy_with_stream(dst, src, size, kind, stream) }
}

/// # Safety
/// The ranges must be valid until the copy has run.
pub unsafe fn hipMemcpyAsync(
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    kind: c_uint,
    stream: *mut c_void,
) -> HipResult<()> {
    let kind = CopyKind::from_raw(kind)?;
    // SAFETY: forwarded from the caller.
    unsafe { backend().memcpy_async(dst, src, size, kind, stream) }
}

macro_rules! directional_copies {
    ($($sync_name:ident, $async_name:ident, $kind:expr;)*) => {$(
        /// # Safety
        /// The ranges must be valid for the copy.
        pub unsafe fn $sync_name(dst: *mut c_void, src: *mut c_void, size: usize) -> HipResult<()> {
            // SAFETY: forwarded from the caller.
            unsafe { hipMemcpy(dst, src, size, $kind) }
        }

        /// # Safety
        /// The ranges must be valid until the copy has run.
        pub unsafe fn $async_name(dst: *mut c_void, src: *mut c_void, size: usize, stream: *mut c_void) -> HipResult<()> {
            // SAFETY: forwarded from the caller.
            unsafe { hipMemcpyAsync(dst, src, size, $kind, stream) }
        }
    )*};
}

directional_copies! {
    hipMemcpyHtoD, hipMemcpyHtoDAsync, 1;
    hipMemcpyDtoH, hipMemcpyDtoHAsync, 2;
    hipMemcpyDtoD, hipMemcpyDtoDAsync, 3;
}

/// # Safety
/// Every row of both buffers must be valid for the copy.
pub unsafe fn hipMemcpy2D(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: c_uint,
) -> HipResult<()> {
    let kind = CopyKind::from_raw(kind)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        backend().memcpy_2d(
            dst,
            dpitch,
            src,
            spitch,
            width,
            height,
            kind,
            std::ptr::null_mut(),
            Sync::Blocking,
        )
    }
}

/// # Safety
/// Every row of both buffers must stay valid until the copy has run.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hipMemcpy2DAsync(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: c_uint,
    stream: *mut c_void,
) -> HipResult<()> {
    let kind = CopyKind::from_raw(kind)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        backend().memcpy_2d(
            dst,
            dpitch,
            src,
            spitch,
            width,
            height,
            kind,
            stream,
            Sync::Async,
        )
    }
}

macro_rules! fills {
    ($($sync_name:ident, $async_name:ident, $ty:ty, $elem:expr;)*) => {$(
        /// # Safety
        /// `dst` must be valid for `count` elements.
        pub unsafe fn $sync_name(dst: *mut c_void, value: $ty, count: usize) -> HipResult<()> {
            // SAFETY: forwarded from the caller.
            unsafe {
                backend().memset(dst, value as u32, count, $elem, std::ptr::null_mut(), Sync::Blocking)
            }
        }

        /// # Safety
        /// `dst` must stay valid for `count` elements until the fill has run.
        pub unsafe fn $async_name(dst: *mut c_void, value: $ty, count: usize, stream: *mut c_void) -> HipResult<()> {
            // SAFETY: forwarded from the caller.
            unsafe { backend().memset(dst, value as u32, count, $elem, stream, Sync::Async) }
        }
    )*};
}

fills! {
    hipMemset, hipMemsetAsync, c_int, 1;
    hipMemsetD8, hipMemsetD8Async, u8, 1;
    hipMemsetD16, hipMemsetD16Async, u16, 2;
    hipMemsetD32, hipMemsetD32Async, c_int, 4;
}

/// # Safety
/// Every row must be valid.
pub unsafe fn hipMemset2D(
    dst: *mut c_void,
    pitch: usize,
    value: c_int,
    width: usize,
    height: usize,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        backend().memset_2d(
            dst,
            pitch,
            value as u8,
            width,
            height,
            std::ptr::null_mut(),
            Sync::Blocking,
        )
    }
}

/// # Safety
/// Every row must stay valid until the fill has run.
pub unsafe fn hipMemset2DAsync(
    dst: *mut c_void,
    pitch: usize,
    value: c_int,
    width: usize,
    height: usize,
    stream: *mut c_void,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { backend().memset_2d(dst, pitch, value as u8, width, height, stream, Sync::Async) }
}

// ------------------------------------------------------------------------------------
// Managed-memory hints

pub fn hipMemPrefetchAsync(
    ptr: *const c_void,
    count: usize,
    device: c_int,
    stream: *mut c_void,
) -> HipResult<()> {
    backend().mem_prefetch_async(ptr, count, device, stream)
}

/// `hipStreamAttachMemAsync(stream, ptr, length, flags)`.
pub fn hipStreamAttachMemAsync(
    stream: crate::stream::StreamT,
    ptr: *mut c_void,
    length: usize,
    flags: c_uint,
) -> HipResult<()> {
    non_null(ptr)?;
    backend().stream_attach_mem_async(stream, ptr, length, flags)
}

pub fn hipMemAdvise(
    ptr: *const c_void,
    count: usize,
    advice: c_int,
    device: c_int,
) -> HipResult<()> {
    backend().mem_advise(ptr, count, advice, device)
}

// ------------------------------------------------------------------------------------
// Pointer attributes

/// `hipPointerAttribute_t` (HIP 6 layout).
#[repr(C)]
pub struct PointerAttributes {
    pub memory_type: c_uint,
    pub device: c_int,
    pub device_pointer: *mut c_void,
    pub host_pointer: *mut c_void,
    pub is_managed: c_int,
    pub allocation_flags: c_uint,
}

impl From<Attributes> for PointerAttributes {
    fn from(a: Attributes) -> PointerAttributes {
        PointerAttributes {
            memory_type: a.memory_type,
            device: a.device,
            device_pointer: a.device_pointer,
            host_pointer: a.host_pointer,
            is_managed: c_int::from(a.is_managed),
            allocation_flags: a.allocation_flags,
        }
    }
}

/// # Safety
/// `attributes` must be NULL or writable.
pub unsafe fn hipPointerGetAttributes(
    attributes: *mut PointerAttributes,
    ptr: *const c_void,
) -> HipResult<()> {
    crate::entry::usable(attributes)?;
    non_null(ptr)?;
    let value = backend().mem_pointer_attributes(ptr)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(attributes, value.into()) }
}

/// `hipExtMallocWithFlags`: `hipMalloc` with AMD's allocation flags. Every flag HIP defines
/// is accepted (device memory here is coherent whatever the flag asks: fine-grained,
/// uncached, contiguous); signal memory (`hipMallocSignalMemory`) must be 8 bytes, as on AMD.
///
/// # Safety
/// `ptr` must be NULL or writable.
pub unsafe fn hipExtMallocWithFlags(
    ptr: *mut *mut c_void,
    size: usize,
    flags: c_uint,
) -> HipResult<()> {
    const SIGNAL_MEMORY: c_uint = 0x2;
    const CONTIGUOUS: c_uint = 0x4;
    if flags > CONTIGUOUS || (flags == SIGNAL_MEMORY && size != 8) {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: forwarded from the caller.
    unsafe { hipMalloc(ptr, size) }
}

/// `hipExtHostAlloc`: ROCm 6's name for `hipHostMalloc` (same flags, same memory).
///
/// # Safety
/// `ptr` must be NULL or writable.
pub unsafe fn hipExtHostAlloc(ptr: *mut *mut c_void, size: usize, flags: c_uint) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { hipHostMalloc(ptr, size, flags) }
}

/// `hipMemAllocHost` (deprecated): `hipHostMalloc` with default flags.
///
/// # Safety
/// `ptr` must be NULL or writable.
pub unsafe fn hipMemAllocHost(ptr: *mut *mut c_void, size: usize) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { hipHostMalloc(ptr, size, 0) }
}
