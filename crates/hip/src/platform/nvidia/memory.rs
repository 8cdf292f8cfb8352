//! Memory: device, pinned host, registered host, managed and pitched allocations; copies and
//! fills (1D and 2D, blocking and stream-ordered); pointer attributes; managed-memory hints.
//!
//! Device pointers are the driver's `CUdeviceptr`s; host pointers are plain addresses. With
//! unified addressing (every 64-bit platform CUDA supports) both live in one address space,
//! so `hipMemcpyDefault` is `cuMemcpy`. The `dev` argument names the device whose primary
//! context the operation runs in (the calling thread's current HIP device).

use std::ffi::c_void;

use super::context::{cu_device, make_current};
use super::cu;
use super::driver::{check, Driver};
use crate::error::{HipError, HipResult};
use crate::memory::CopyKind;

/// `hipHostMallocPortable` / `CU_MEMHOSTALLOC_PORTABLE`.
pub const HOST_MALLOC_PORTABLE: u32 = 0x1;
/// `hipHostMallocMapped` / `CU_MEMHOSTALLOC_DEVICEMAP`.
pub const HOST_MALLOC_MAPPED: u32 = 0x2;
/// `hipHostMallocWriteCombined` / `CU_MEMHOSTALLOC_WRITECOMBINED`.
pub const HOST_MALLOC_WRITE_COMBINED: u32 = 0x4;
/// `hipHostMallocUncached` (AMD placement hint: accepted, no effect here).
pub const HOST_MALLOC_UNCACHED: u32 = 0x1000_0000;
/// `hipHostMallocNumaUser` (AMD placement hint: accepted, no effect here).
pub const HOST_MALLOC_NUMA_USER: u32 = 0x2000_0000;
/// `hipHostMallocCoherent` (accepted: pinned memory is coherent on NVIDIA).
pub const HOST_MALLOC_COHERENT: u32 = 0x4000_0000;
/// `hipHostMallocNonCoherent` (accepted, no effect).
pub const HOST_MALLOC_NON_COHERENT: u32 = 0x8000_0000;

/// `hipHostRegisterPortable | Mapped | IoMemory | ReadOnly` (the `CU_MEMHOSTREGISTER_*`
/// values).
const HOST_REGISTER_FLAGS: u32 = 0x1 | 0x2 | 0x4 | 0x8;

/// `hipMemAttachGlobal` / `CU_MEM_ATTACH_GLOBAL`.
pub const MEM_ATTACH_GLOBAL: u32 = 0x1;
/// `hipMemAttachHost` / `CU_MEM_ATTACH_HOST`.
pub const MEM_ATTACH_HOST: u32 = 0x2;

/// `hipMalloc`: `size` bytes of device memory (0 bytes: a null pointer, as in HIP).
pub fn malloc(dev: usize, size: usize) -> HipResult<cu::CUdeviceptr> {
    make_current(dev)?;
    if size == 0 {
        return Ok(0);
    }
    let mut p = 0;
    // SAFETY: a context is current; out-parameter.
    check(unsafe { cu::cuMemAlloc_v2(&mut p, size) })?;
    Ok(p)
}

/// `hipFree` (a null pointer is a no-op). The driver rejects pointers it did not allocate
/// with `hipErrorInvalidValue`.
///
/// # Safety
/// No pending or later device work, and no host code, may use the allocation.
pub unsafe fn free(dev: usize, ptr: cu::CUdeviceptr) -> HipResult<()> {
    make_current(dev)?;
    if ptr == 0 {
        return Ok(());
    }
    // SAFETY: a context is current; the caller guarantees nothing uses the memory.
    check(unsafe { cu::cuMemFree_v2(ptr) })
}

/// `hipHostMalloc(size, flags)`: page-locked host memory (mapped into the device address
/// space under unified addressing whatever the flags). Accepts the portable, mapped and
/// write-combined bits, and AMD's placement hints (no effect); coherent together with
/// non-coherent, or any other bit, is `hipErrorInvalidValue`. 0 bytes: a null pointer.
pub fn host_malloc(dev: usize, size: usize, flags: u32) -> HipResult<*mut c_void> {
    const VALID: u32 = HOST_MALLOC_PORTABLE
        | HOST_MALLOC_MAPPED
        | HOST_MALLOC_WRITE_COMBINED
        | HOST_MALLOC_UNCACHED
        | HOST_MALLOC_NUMA_USER
        | HOST_MALLOC_COHERENT
        | HOST_MALLOC_NON_COHERENT;
    let both = HOST_MALLOC_COHERENT | HOST_MALLOC_NON_COHERENT;
    if flags & !VALID != 0 || flags & both == both {
        return Err(HipError::InvalidValue);
    }
    make_current(dev)?;
    if size == 0 {
        return Ok(std::ptr::null_mut());
    }
    let cu_flags = flags & (HOST_MALLOC_PORTABLE | HOST_MALLOC_MAPPED | HOST_MALLOC_WRITE_COMBINED);
    let mut p = std::ptr::null_mut();
    // SAFETY: a context is current; out-parameter.
    check(unsafe { cu::cuMemHostAlloc(&mut p, size, cu_flags) })?;
    Ok(p)
}

/// `hipHostFree` (a null pointer is a no-op; memory not from [`host_malloc`] is
/// `hipErrorInvalidValue`).
///
/// # Safety
/// Nothing (device work or host code) may use the memory afterwards.
pub unsafe fn host_free(dev: usize, ptr: *mut c_void) -> HipResult<()> {
    make_current(dev)?;
    if ptr.is_null() {
        return Ok(());
    }
    // SAFETY: a context is current; the caller guarantees nothing uses the memory.
    check(unsafe { cu::cuMemFreeHost(ptr) })
}

/// `hipHostRegister(ptr, size, flags)`: page-locks application memory (flags: portable 1,
/// mapped 2, I/O memory 4, read-only 8). Already registered:
/// `hipErrorHostMemoryAlreadyRegistered`.
///
/// # Safety
/// `[ptr, ptr + size)` must be memory of this process that stays allocated until
/// [`host_unregister`].
pub unsafe fn host_register(
    dev: usize,
    ptr: *mut c_void,
    size: usize,
    flags: u32,
) -> HipResult<()> {
    if ptr.is_null() || size == 0 || flags & !HOST_REGISTER_FLAGS != 0 {
        return Err(HipError::InvalidValue);
    }
    make_current(dev)?;
    // SAFETY: a context is current; the caller guarantees the range.
    check(unsafe { cu::cuMemHostRegister_v2(ptr, size, flags) })
}

/// `hipHostUnregister`: `hipErrorHostMemoryNotRegistered` for memory not registered.
///
/// # Safety
/// No pending device work may still use the registered range.
pub unsafe fn host_unregister(dev: usize, ptr: *mut c_void) -> HipResult<()> {
    if ptr.is_null() {
        return Err(HipError::InvalidValue);
    }
    make_current(dev)?;
    // SAFETY: a context is current; the caller guarantees no pending use.
    check(unsafe { cu::cuMemHostUnregister(ptr) })
}

/// `hipHostGetDevicePointer(host, flags)` (flags must be 0): the device address of pinned
/// or registered host memory (the same address under unified addressing).
// The driver only looks the address up; it never dereferences it.
#[allow(clippy::not_unsafe_ptr_arg_deref)]
pub fn host_get_device_pointer(
    dev: usize,
    host: *mut c_void,
    flags: u32,
) -> HipResult<cu::CUdeviceptr> {
    if host.is_null() || flags != 0 {
        return Err(HipError::InvalidValue);
    }
    make_current(dev)?;
    let mut p = 0;
    // SAFETY: a context is current; the driver only looks the address up.
    check(unsafe { cu::cuMemHostGetDevicePointer_v2(&mut p, host, 0) })?;
    Ok(p)
}

/// `hipHostGetFlags`: the flags pinned memory was allocated with.
// The driver only looks the address up; it never dereferences it.
#[allow(clippy::not_unsafe_ptr_arg_deref)]
pub fn host_get_flags(dev: usize, host: *mut c_void) -> HipResult<u32> {
    if host.is_null() {
        return Err(HipError::InvalidValue);
    }
    make_current(dev)?;
    let mut f = 0;
    // SAFETY: a context is current; the driver only looks the address up.
    check(unsafe { cu::cuMemHostGetFlags(&mut f, host) })?;
    Ok(f)
}

/// `hipMallocManaged(size, flags)`: flags must be `hipMemAttachGlobal` or
/// `hipMemAttachHost`, and the size non-zero (`hipErrorInvalidValue` otherwise, as CLR).
pub fn malloc_managed(dev: usize, size: usize, flags: u32) -> HipResult<cu::CUdeviceptr> {
    if size == 0 || (flags != MEM_ATTACH_GLOBAL && flags != MEM_ATTACH_HOST) {
        return Err(HipError::InvalidValue);
    }
    make_current(dev)?;
    let mut p = 0;
    // SAFETY: a context is current; out-parameter.
    check(unsafe { cu::cuMemAllocManaged(&mut p, size, flags) })?;
    Ok(p)
}

/// `hipMallocPitch(width, height)`: (pointer, pitch in bytes). A zero extent gives a null
/// pointer and pitch 0.
pub fn malloc_pitch(
    dev: usize,
    width: usize,
    height: usize,
) -> HipResult<(cu::CUdeviceptr, usize)> {
    make_current(dev)?;
    if width == 0 || height == 0 {
        return Ok((0, 0));
    }
    let (mut p, mut pitch) = (0, 0usize);
    // SAFETY: a context is current; out-parameters. 16-byte elements: the pitch suits the
    // widest vector accesses.
    check(unsafe { cu::cuMemAllocPitch_v2(&mut p, &mut pitch, width, height, 16) })?;
    Ok((p, pitch))
}

/// `hipMemGetAddressRange`: (base, size) of the allocation containing `ptr`.
pub fn address_range(dev: usize, ptr: cu::CUdeviceptr) -> HipResult<(cu::CUdeviceptr, usize)> {
    make_current(dev)?;
    let (mut base, mut size) = (0, 0usize);
    // SAFETY: a context is current; the driver only looks the address up.
    check(unsafe { cu::cuMemGetAddressRange_v2(&mut base, &mut size, ptr) })?;
    Ok((base, size))
}

/// `hipMemcpy(dst, src, count, kind)` on the legacy null stream (returns once the copy is
/// done, with CUDA's exception for small pageable host-to-device copies). Explicit
/// directions use the typed driver copies, so a device pointer the driver does not know
/// is `hipErrorInvalidValue` rather than a host access; `hipMemcpyDefault` and
/// host-to-host infer the direction from the addresses (`cuMemcpy`).
///
/// # Safety
/// `src` must be readable and `dst` writable for `count` bytes in the memory `kind` says
/// (host ranges are accessed by the driver).
pub unsafe fn memcpy(
    dev: usize,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: CopyKind,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { copy(dev, dst, src, count, kind, None) }
}

/// [`memcpy`] (`stream` `None`) and [`memcpy_async`]: checks, then the driver copy that
/// matches `kind` (typed copies, so a bad device pointer is an error, not a host access).
///
/// # Safety
/// As for [`memcpy_async`] when `stream` is given, else as for [`memcpy`].
unsafe fn copy(
    dev: usize,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: CopyKind,
    stream: Option<cu::CUstream>,
) -> HipResult<()> {
    make_current(dev)?;
    if count == 0 {
        return Ok(());
    }
    if dst.is_null() || src.is_null() {
        return Err(HipError::InvalidValue);
    }
    if !(span_ok(dst as usize, count) && span_ok(src as usize, count) || capturing(stream)) {
        return Err(HipError::InvalidValue);
    }
    let (d, s) = (dst as cu::CUdeviceptr, src as cu::CUdeviceptr);
    let run = || {
        // SAFETY: a context is current; the caller guarantees both ranges (and the stream).
        unsafe { copy_now(dst, src, count, kind, stream) }
    };
    // SAFETY: the caller guarantees the stream.
    unsafe { super::activity::traced_copy(dev, stream, d as usize, s as usize, count as u64, run) }
}

/// The driver copy of [`copy`] (checks done, context current).
///
/// # Safety
/// As for [`copy`].
unsafe fn copy_now(
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: CopyKind,
    stream: Option<cu::CUstream>,
) -> HipResult<()> {
    let (d, s) = (dst as cu::CUdeviceptr, src as cu::CUdeviceptr);
    // SAFETY: a context is current; the caller guarantees both ranges (and the stream).
    check(unsafe {
        match (kind, stream) {
            (CopyKind::HostToDevice, None) => cu::cuMemcpyHtoD_v2(d, src, count),
            (CopyKind::DeviceToHost, None) => cu::cuMemcpyDtoH_v2(dst, s, count),
            (CopyKind::DeviceToDevice, None) => cu::cuMemcpyDtoD_v2(d, s, count),
            (CopyKind::HostToHost | CopyKind::Default, None) => cu::cuMemcpy(d, s, count),
            (CopyKind::HostToDevice, Some(st)) => cu::cuMemcpyHtoDAsync_v2(d, src, count, st),
            (CopyKind::DeviceToHost, Some(st)) => cu::cuMemcpyDtoHAsync_v2(dst, s, count, st),
            (CopyKind::DeviceToDevice, Some(st)) => cu::cuMemcpyDtoDAsync_v2(d, s, count, st),
            (CopyKind::HostToHost | CopyKind::Default, Some(st)) => {
                cu::cuMemcpyAsync(d, s, count, st)
            }
        }
    })
}

/// Whether the driver can access the `len` bytes at `ptr` (a copy's or fill's side)
/// without faulting or running past an allocation. Memory the driver allocated (device,
/// managed, pinned host) it finds with `cuMemGetAddressRange`: the span must end inside
/// that allocation (the driver does not check: a fill past the end faults on the GPU and
/// leaves the context unusable, `hipErrorIllegalAddress` from then on). Any other address
/// is ordinary host memory, which the driver reads or writes with the CPU: it must be
/// mapped and readable (a freed device pointer lies in a reservation without access, a
/// made-up one nowhere), else `hipErrorInvalidValue`, as on the CPU platform. A context
/// must be current.
pub(crate) fn span_ok(ptr: usize, len: usize) -> bool {
    let Some(end) = ptr.checked_add(len) else {
        return false;
    };
    if !ferrocm_cabi::plausible(ptr) {
        return false;
    }
    let (mut base, mut size) = (0, 0usize);
    // SAFETY: the driver only looks the address up; out-parameters.
    let known =
        unsafe { cu::cuMemGetAddressRange_v2(&mut base, &mut size, ptr as cu::CUdeviceptr) }
            == cu::CUresult::CUDA_SUCCESS;
    if known {
        return (base as usize)
            .checked_add(size)
            .is_some_and(|limit| end <= limit);
    }
    len == 0 || ferrocm_cabi::readable(ptr, end)
}

/// Whether `stream` is capturing: its work is recorded into a graph, not run, and may name
/// memory that does not exist yet (a captured `hipMallocAsync` reserves an address the graph
/// allocates at launch), so the span checks do not apply; the driver checks the graph when
/// it is instantiated and launched. (Only asked when a span check failed.)
pub(crate) fn capturing(stream: Option<cu::CUstream>) -> bool {
    let Some(s) = stream else {
        return false;
    };
    let mut st = cu::CUstreamCaptureStatus::CU_STREAM_CAPTURE_STATUS_NONE;
    // SAFETY: a context is current (the callers made it); a checked stream; out-parameter.
    let known = unsafe { cu::cuStreamIsCapturing(s, &mut st) } == cu::CUresult::CUDA_SUCCESS;
    known && st == cu::CUstreamCaptureStatus::CU_STREAM_CAPTURE_STATUS_ACTIVE
}

/// The bytes a pitched box spans from its first byte: `depth` slices of `rows` rows of
/// `pitch` bytes, the last row `width` bytes (`None` on overflow).
pub(crate) fn pitched_span(
    pitch: usize,
    rows: usize,
    width: usize,
    height: usize,
    depth: usize,
) -> Option<usize> {
    if width == 0 || height == 0 || depth == 0 {
        return Some(0);
    }
    let slice = pitch.checked_mul(rows)?;
    slice
        .checked_mul(depth - 1)?
        .checked_add(pitch.checked_mul(height - 1)?)?
        .checked_add(width)
}

/// A linear side of a 3-D copy (box at `pos` of a pitched allocation at `ptr`) passes
/// [`span_ok`].
pub(crate) fn box_ok(
    ptr: usize,
    pitch: usize,
    rows: usize,
    pos: [usize; 3],
    extent: [usize; 3],
) -> bool {
    let start = pos[2]
        .checked_mul(pitch)
        .and_then(|v| v.checked_mul(rows))
        .and_then(|v| v.checked_add(pos[1].checked_mul(pitch)?))
        .and_then(|v| v.checked_add(pos[0]))
        .and_then(|v| v.checked_add(ptr));
    let span = pitched_span(pitch, rows, extent[0], extent[1], extent[2]);
    matches!((start, span), (Some(start), Some(span)) if span_ok(start, span))
}

/// `hipMemcpyAsync(dst, src, count, kind, stream)`: stream-ordered; like [`memcpy`]
/// otherwise (a pageable host buffer makes the call return only once it has been staged).
///
/// # Safety
/// As for [`memcpy`], and the ranges must stay valid until the copy has run; `stream` must
/// be a live stream handle of this platform (or null / legacy / per-thread).
pub unsafe fn memcpy_async(
    dev: usize,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    kind: CopyKind,
    stream: cu::CUstream,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { copy(dev, dst, src, count, kind, Some(stream)) }
}

/// The `CUDA_MEMCPY2D` of a pitched copy.
#[allow(clippy::too_many_arguments)]
fn copy_2d(
    stream: Option<cu::CUstream>,
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: CopyKind,
) -> HipResult<cu::CUDA_MEMCPY2D> {
    if dst.is_null() || src.is_null() {
        return Err(HipError::InvalidValue);
    }
    // HIP (and cudart) check the pitches before the driver does.
    if width > dpitch || width > spitch {
        return Err(HipError::InvalidPitchValue);
    }
    let dst_ok =
        pitched_span(dpitch, height, width, height, 1).is_some_and(|n| span_ok(dst as usize, n));
    let src_ok =
        pitched_span(spitch, height, width, height, 1).is_some_and(|n| span_ok(src as usize, n));
    if !(dst_ok && src_ok || capturing(stream)) {
        return Err(HipError::InvalidValue);
    }
    use cu::CUmemorytype as M;
    let (src_type, dst_type) = match kind {
        CopyKind::HostToHost => (M::CU_MEMORYTYPE_HOST, M::CU_MEMORYTYPE_HOST),
        CopyKind::HostToDevice => (M::CU_MEMORYTYPE_HOST, M::CU_MEMORYTYPE_DEVICE),
        CopyKind::DeviceToHost => (M::CU_MEMORYTYPE_DEVICE, M::CU_MEMORYTYPE_HOST),
        CopyKind::DeviceToDevice => (M::CU_MEMORYTYPE_DEVICE, M::CU_MEMORYTYPE_DEVICE),
        CopyKind::Default => (M::CU_MEMORYTYPE_UNIFIED, M::CU_MEMORYTYPE_UNIFIED),
    };
    // The driver reads the host field for HOST and the device field for DEVICE/UNIFIED;
    // both are filled with the same address, which is valid either way.
    Ok(cu::CUDA_MEMCPY2D {
        srcXInBytes: 0,
        srcY: 0,
        srcMemoryType: src_type,
        srcHost: src,
        srcDevice: src as cu::CUdeviceptr,
        srcArray: std::ptr::null_mut(),
        srcPitch: spitch,
        dstXInBytes: 0,
        dstY: 0,
        dstMemoryType: dst_type,
        dstHost: dst,
        dstDevice: dst as cu::CUdeviceptr,
        dstArray: std::ptr::null_mut(),
        dstPitch: dpitch,
        WidthInBytes: width,
        Height: height,
    })
}

/// `hipMemcpy2D(dst, dpitch, src, spitch, width, height, kind)` (`cuMemcpy2D`): a width
/// larger than either pitch is `hipErrorInvalidPitchValue`; a zero extent does nothing.
///
/// # Safety
/// `height` rows of `width` bytes, `spitch`/`dpitch` apart, must be readable at `src` and
/// writable at `dst`.
#[allow(clippy::too_many_arguments)]
pub unsafe fn memcpy_2d(
    dev: usize,
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: CopyKind,
) -> HipResult<()> {
    make_current(dev)?;
    if width == 0 || height == 0 {
        return Ok(());
    }
    let p = copy_2d(None, dst, dpitch, src, spitch, width, height, kind)?;
    // SAFETY: a context is current; the caller guarantees the rows.
    let run = || check(unsafe { cu::cuMemcpy2D_v2(&p) });
    let bytes = (width as u64).saturating_mul(height as u64);
    // SAFETY: the legacy default stream of the current context.
    unsafe { super::activity::traced_copy(dev, None, dst as usize, src as usize, bytes, run) }
}

/// `hipMemcpy2DAsync` (`cuMemcpy2DAsync`), stream-ordered; as [`memcpy_2d`] otherwise.
///
/// # Safety
/// As for [`memcpy_2d`], until the copy has run; `stream` as for [`memcpy_async`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn memcpy_2d_async(
    dev: usize,
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: CopyKind,
    stream: cu::CUstream,
) -> HipResult<()> {
    make_current(dev)?;
    if width == 0 || height == 0 {
        return Ok(());
    }
    let p = copy_2d(Some(stream), dst, dpitch, src, spitch, width, height, kind)?;
    // SAFETY: a context is current; the caller guarantees the rows and the stream.
    let run = || check(unsafe { cu::cuMemcpy2DAsync_v2(&p, stream) });
    let bytes = (width as u64).saturating_mul(height as u64);
    // SAFETY: the caller guarantees the stream.
    unsafe {
        super::activity::traced_copy(dev, Some(stream), dst as usize, src as usize, bytes, run)
    }
}

/// A fill: the element width and value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fill {
    /// `hipMemset` / `hipMemsetD8`: bytes.
    D8(u8),
    /// `hipMemsetD16`: 16-bit elements.
    D16(u16),
    /// `hipMemsetD32`: 32-bit elements.
    D32(u32),
}

/// `hipMemset`/`hipMemsetD8`/`D16`/`D32`: `count` elements of `fill`'s width at `dst` (on
/// the legacy null stream, returning when done; 0 elements do nothing).
///
/// # Safety
/// `dst` must be device-accessible memory writable for `count` elements (pinned or managed
/// host memory is written through its device mapping).
pub unsafe fn memset(dev: usize, dst: cu::CUdeviceptr, fill: Fill, count: usize) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { fill_range(dev, dst, fill, count, None) }
}

/// `hipMemsetAsync`/`hipMemsetD8Async`/`D16Async`/`D32Async`: stream-ordered [`memset`].
///
/// # Safety
/// As for [`memset`], until the fill has run; `stream` as for [`memcpy_async`].
pub unsafe fn memset_async(
    dev: usize,
    dst: cu::CUdeviceptr,
    fill: Fill,
    count: usize,
    stream: cu::CUstream,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { fill_range(dev, dst, fill, count, Some(stream)) }
}

/// [`memset`] (`stream` `None`) and [`memset_async`]: checks, then the driver fill of
/// `fill`'s width.
///
/// # Safety
/// As for [`memset_async`] when `stream` is given, else as for [`memset`].
unsafe fn fill_range(
    dev: usize,
    dst: cu::CUdeviceptr,
    fill: Fill,
    count: usize,
    stream: Option<cu::CUstream>,
) -> HipResult<()> {
    make_current(dev)?;
    if count == 0 {
        return Ok(());
    }
    let width = match fill {
        Fill::D8(_) => 1,
        Fill::D16(_) => 2,
        Fill::D32(_) => 4,
    };
    let in_bounds = count
        .checked_mul(width)
        .is_some_and(|n| span_ok(dst as usize, n));
    if dst == 0 || !(in_bounds || capturing(stream)) {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: a context is current; the caller guarantees the range (and the stream).
    check(unsafe {
        match (fill, stream) {
            (Fill::D8(v), None) => cu::cuMemsetD8_v2(dst, v, count),
            (Fill::D16(v), None) => cu::cuMemsetD16_v2(dst, v, count),
            (Fill::D32(v), None) => cu::cuMemsetD32_v2(dst, v, count),
            (Fill::D8(v), Some(st)) => cu::cuMemsetD8Async(dst, v, count, st),
            (Fill::D16(v), Some(st)) => cu::cuMemsetD16Async(dst, v, count, st),
            (Fill::D32(v), Some(st)) => cu::cuMemsetD32Async(dst, v, count, st),
        }
    })
}

/// `hipMemset2D(dst, pitch, value, width, height)` (`cuMemsetD2D8`): `height` rows of
/// `width` bytes set to `value`.
///
/// # Safety
/// The rows must be device-accessible and writable.
pub unsafe fn memset_2d(
    dev: usize,
    dst: cu::CUdeviceptr,
    pitch: usize,
    value: u8,
    width: usize,
    height: usize,
) -> HipResult<()> {
    make_current(dev)?;
    if width == 0 || height == 0 {
        return Ok(());
    }
    if dst == 0
        || !pitched_span(pitch, height, width, height, 1).is_some_and(|n| span_ok(dst as usize, n))
    {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: a context is current; the caller guarantees the rows.
    check(unsafe { cu::cuMemsetD2D8_v2(dst, pitch, value, width, height) })
}

/// `hipMemset2DAsync` (`cuMemsetD2D8Async`), stream-ordered [`memset_2d`].
///
/// # Safety
/// As for [`memset_2d`], until the fill has run; `stream` as for [`memcpy_async`].
pub unsafe fn memset_2d_async(
    dev: usize,
    dst: cu::CUdeviceptr,
    pitch: usize,
    value: u8,
    width: usize,
    height: usize,
    stream: cu::CUstream,
) -> HipResult<()> {
    make_current(dev)?;
    if width == 0 || height == 0 {
        return Ok(());
    }
    let in_bounds =
        pitched_span(pitch, height, width, height, 1).is_some_and(|n| span_ok(dst as usize, n));
    if dst == 0 || !(in_bounds || capturing(Some(stream))) {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: a context is current; the caller guarantees the rows and the stream.
    check(unsafe { cu::cuMemsetD2D8Async(dst, pitch, value, width, height, stream) })
}

/// `hipMemoryType` of an address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemoryType {
    /// Not known to the driver (`hipMemoryTypeUnregistered`, 0).
    Unregistered,
    /// Pinned or registered host memory (`hipMemoryTypeHost`, 1).
    Host,
    /// Device memory (`hipMemoryTypeDevice`, 2).
    Device,
    /// Managed memory (`hipMemoryTypeManaged`, 3).
    Managed,
}

impl MemoryType {
    /// The `hipMemoryType` value.
    pub fn hip_value(self) -> u32 {
        match self {
            MemoryType::Unregistered => 0,
            MemoryType::Host => 1,
            MemoryType::Device => 2,
            MemoryType::Managed => 3,
        }
    }
}

/// What `hipPointerGetAttributes` reports (`hipPointerAttribute_t`'s fields).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointerAttributes {
    /// What kind of memory the address is in.
    pub memory_type: MemoryType,
    /// Ordinal of the device the memory belongs to (-1 for unregistered memory).
    pub device: i32,
    /// The device address (0 when the memory is not device-accessible).
    pub device_pointer: cu::CUdeviceptr,
    /// The host address (null when the memory is not host-accessible).
    pub host_pointer: *mut c_void,
    /// Whether the memory is managed (`hipMallocManaged`).
    pub is_managed: bool,
    /// `hipHostMalloc` flags for pinned host memory, else 0.
    pub allocation_flags: u32,
}

/// `hipPointerGetAttributes` (`cuPointerGetAttributes`): memory the driver does not know
/// is reported as unregistered, with success (as CUDA 11+ and HIP 6 do).
pub fn pointer_attributes(dev: usize, ptr: *const c_void) -> HipResult<PointerAttributes> {
    make_current(dev)?;
    use cu::CUpointer_attribute as P;
    let mut memory_type: u32 = 0;
    let mut ordinal: i32 = -1;
    let mut device_pointer: cu::CUdeviceptr = 0;
    let mut host_pointer: *mut c_void = std::ptr::null_mut();
    let mut is_managed: u32 = 0;
    let mut attrs = [
        P::CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
        P::CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
        P::CU_POINTER_ATTRIBUTE_DEVICE_POINTER,
        P::CU_POINTER_ATTRIBUTE_HOST_POINTER,
        P::CU_POINTER_ATTRIBUTE_IS_MANAGED,
    ];
    let mut data: [*mut c_void; 5] = [
        (&mut memory_type as *mut u32).cast(),
        (&mut ordinal as *mut i32).cast(),
        (&mut device_pointer as *mut cu::CUdeviceptr).cast(),
        (&mut host_pointer as *mut *mut c_void).cast(),
        // A C `bool` (one byte) written into a zeroed u32: reads back as 0 or 1.
        (&mut is_managed as *mut u32).cast(),
    ];
    // SAFETY: each data slot points to storage at least as large as its attribute's type
    // (unsigned int, int, CUdeviceptr, void*, bool); the driver only looks `ptr` up.
    check(unsafe {
        cu::cuPointerGetAttributes(
            attrs.len() as u32,
            attrs.as_mut_ptr(),
            data.as_mut_ptr(),
            ptr as cu::CUdeviceptr,
        )
    })?;
    let is_managed = is_managed & 0xff != 0;
    let memory_type = match memory_type {
        _ if is_managed => MemoryType::Managed,
        1 => MemoryType::Host,
        2 | 4 => MemoryType::Device,
        _ => MemoryType::Unregistered,
    };
    let mut allocation_flags = 0;
    if memory_type == MemoryType::Host {
        // Registered (not allocated) memory has no allocation flags: 0.
        // SAFETY: the driver only looks the address up.
        let r = unsafe { cu::cuMemHostGetFlags(&mut allocation_flags, ptr.cast_mut()) };
        if check(r).is_err() {
            allocation_flags = 0;
        }
    }
    if memory_type == MemoryType::Unregistered {
        ordinal = -1;
    }
    Ok(PointerAttributes {
        memory_type,
        device: ordinal,
        device_pointer,
        host_pointer,
        is_managed,
        allocation_flags,
    })
}

/// The `CUmemLocation` of a HIP device id (`hipCpuDeviceId` = -1: the host).
fn location(target: i32) -> HipResult<cu::CUmemLocation> {
    if target == super::device::CPU_DEVICE_ID {
        return Ok(cu::CUmemLocation {
            type_: cu::CUmemLocationType::CU_MEM_LOCATION_TYPE_HOST,
            id: 0,
        });
    }
    let dev = usize::try_from(target).map_err(|_| HipError::InvalidDevice)?;
    Ok(cu::CUmemLocation {
        type_: cu::CUmemLocationType::CU_MEM_LOCATION_TYPE_DEVICE,
        id: cu_device(dev)?,
    })
}

/// `hipMemPrefetchAsync(ptr, count, target, stream)`: migrates managed memory to device
/// `target` (an ordinal of this platform) or to the host (`hipCpuDeviceId`, -1).
/// `hipErrorNotSupported` on drivers older than CUDA 12.2.
///
/// # Safety
/// `stream` as for [`memcpy_async`].
pub unsafe fn prefetch_async(
    dev: usize,
    ptr: cu::CUdeviceptr,
    count: usize,
    target: i32,
    stream: cu::CUstream,
) -> HipResult<()> {
    if !Driver::require()?.has_mem_location_hints() {
        return Err(HipError::NotSupported);
    }
    if ptr == 0 || count == 0 {
        return Err(HipError::InvalidValue);
    }
    let loc = location(target)?;
    make_current(dev)?;
    // SAFETY: a context is current; the symbol exists (checked); the caller guarantees
    // the stream. The driver validates the range.
    check(unsafe { cu::cuMemPrefetchAsync_v2(ptr, count, loc, 0, stream) })
}

/// `hipMemAdvise(ptr, count, advice, device)`: `hipMemAdvise*` values 1-6 are CUDA's;
/// `hipStreamAttachMemAsync` (`cuStreamAttachMemAsync`): `flags` is `hipMemAttachGlobal` (1),
/// `hipMemAttachHost` (2) or `hipMemAttachSingle` (4), the same values as CUDA's; the driver
/// checks the range.
///
/// # Safety
/// `stream` must be a live stream of this platform (or a default one).
pub unsafe fn stream_attach_mem(
    dev: usize,
    stream: cu::CUstream,
    ptr: cu::CUdeviceptr,
    length: usize,
    flags: u32,
) -> HipResult<()> {
    use crate::memory::{ATTACH_GLOBAL, ATTACH_HOST, ATTACH_SINGLE};
    if !matches!(flags, ATTACH_GLOBAL | ATTACH_HOST | ATTACH_SINGLE) || ptr == 0 {
        return Err(HipError::InvalidValue);
    }
    make_current(dev)?;
    // SAFETY: a context is current; a checked stream; the driver validates the range.
    check(unsafe { cu::cuStreamAttachMemAsync(stream, ptr, length, flags) })
}

/// AMD's coarse-grain advice (100, 101) is accepted and has no effect. `device` is an
/// ordinal of this platform or `hipCpuDeviceId` (-1). `hipErrorNotSupported` on drivers
/// older than CUDA 12.2.
pub fn mem_advise(
    dev: usize,
    ptr: cu::CUdeviceptr,
    count: usize,
    advice: u32,
    device: i32,
) -> HipResult<()> {
    use cu::CUmem_advise as M;
    let advice = match advice {
        1 => M::CU_MEM_ADVISE_SET_READ_MOSTLY,
        2 => M::CU_MEM_ADVISE_UNSET_READ_MOSTLY,
        3 => M::CU_MEM_ADVISE_SET_PREFERRED_LOCATION,
        4 => M::CU_MEM_ADVISE_UNSET_PREFERRED_LOCATION,
        5 => M::CU_MEM_ADVISE_SET_ACCESSED_BY,
        6 => M::CU_MEM_ADVISE_UNSET_ACCESSED_BY,
        100 | 101 => return Ok(()),
        _ => return Err(HipError::InvalidValue),
    };
    if !Driver::require()?.has_mem_location_hints() {
        return Err(HipError::NotSupported);
    }
    if ptr == 0 || count == 0 {
        return Err(HipError::InvalidValue);
    }
    let loc = location(device)?;
    make_current(dev)?;
    // SAFETY: a context is current; the symbol exists (checked). Advice does not access
    // the memory; the driver validates the range.
    check(unsafe { cu::cuMemAdvise_v2(ptr, count, advice, loc) })
}
