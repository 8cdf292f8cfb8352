//! Memory management and copies.

use std::ffi::{c_int, c_uint, c_void};

use hip::memory::{self, CopyKind, MemoryKind, Sync};
use hip::platform::nvidia::{self, memory as nvmem};
use hip::stream::resolve;
use hip::{HipError, HipResult, StreamCore};

use crate::entry::{current_device, non_null, write_out};
use crate::nv;

/// Allocates into `*out` (NULL for size 0).
///
/// # Safety
/// `out` must be NULL (rejected) or writable.
unsafe fn alloc_into(
    out: *mut *mut c_void,
    size: usize,
    kind: MemoryKind,
    flags: u32,
) -> HipResult<()> {
    non_null(out)?;
    let device = current_device()?;
    let p = memory::allocate(device, size, kind, flags)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out, p.cast()) }
}

/// # Safety
/// `ptr` must be NULL or writable.
pub unsafe fn hipMalloc(ptr: *mut *mut c_void, size: usize) -> HipResult<()> {
    if nv::active() {
        non_null(ptr)?;
        let p = nvmem::malloc(nv::device()?, size)?;
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(ptr, p as *mut c_void) };
    }
    // SAFETY: forwarded from the caller.
    unsafe { alloc_into(ptr, size, MemoryKind::Device, 0) }
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
    if nv::active() {
        non_null(ptr)?;
        let p = nvmem::malloc_managed(nv::device()?, size, flags)?;
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(ptr, p as *mut c_void) };
    }
    // SAFETY: forwarded from the caller.
    unsafe { alloc_into(ptr, size, MemoryKind::Managed, flags) }
}

/// Every `hipHostMalloc*` flag: Portable, Mapped, WriteCombined, NumaUser, Coherent,
/// NonCoherent (Default is 0).
const HOST_MALLOC_FLAGS: u32 = 0x1 | 0x2 | 0x4 | 0x2000_0000 | 0x4000_0000 | 0x8000_0000;

/// # Safety
/// `ptr` must be NULL or writable.
pub unsafe fn hipHostMalloc(ptr: *mut *mut c_void, size: usize, flags: c_uint) -> HipResult<()> {
    if nv::active() {
        non_null(ptr)?;
        let p = nvmem::host_malloc(nv::device()?, size, flags)?;
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(ptr, p) };
    }
    // Coherent and NonCoherent together contradict each other.
    if flags & !HOST_MALLOC_FLAGS != 0 || flags & 0xC000_0000 == 0xC000_0000 {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: forwarded from the caller.
    unsafe { alloc_into(ptr, size, MemoryKind::Host, flags) }
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
    if nv::active() {
        return free_nvidia(ptr);
    }
    // HIP's hipFree synchronises the device before releasing memory.
    sync_current_device()?;
    memory::free(
        ptr.cast(),
        &[MemoryKind::Device, MemoryKind::Managed, MemoryKind::Host],
    )
}

/// `hipFree` on NVIDIA: device and managed memory (`cuMemFree`, which waits for the
/// device), and, as ROCm allows, pinned host memory.
fn free_nvidia(ptr: *mut c_void) -> HipResult<()> {
    let dev = nv::device()?;
    // SAFETY: HIP's contract: the program no longer uses the memory.
    match unsafe { nvmem::free(dev, nv::dptr(ptr)) } {
        Err(HipError::InvalidValue) => {
            let a = nvmem::pointer_attributes(dev, ptr)?;
            if a.memory_type == nvmem::MemoryType::Host && a.allocation_flags != 0 {
                // SAFETY: as above.
                unsafe { nvmem::host_free(dev, ptr) }
            } else {
                Err(HipError::InvalidValue)
            }
        }
        r => r,
    }
}

pub fn hipFreeAsync(ptr: *mut c_void, stream: *mut c_void) -> HipResult<()> {
    crate::mempool::free_async(ptr, stream)
}

pub fn hipHostFree(ptr: *mut c_void) -> HipResult<()> {
    if nv::active() {
        // SAFETY: HIP's contract: the program no longer uses the memory.
        return unsafe { nvmem::host_free(nv::device()?, ptr) };
    }
    sync_current_device()?;
    memory::free(ptr.cast(), &[MemoryKind::Host])
}

pub fn hipFreeHost(ptr: *mut c_void) -> HipResult<()> {
    hipHostFree(ptr)
}

fn sync_current_device() -> HipResult<()> {
    let rt = hip::Runtime::get()?;
    rt.synchronize_device(rt.current_device()?)
}

/// Flags of `hipHostRegister`: Portable, Mapped, IoMemory, ReadOnly.
const HOST_REGISTER_FLAGS: u32 = 0x1 | 0x2 | 0x4 | 0x8;

pub fn hipHostRegister(ptr: *mut c_void, size: usize, flags: c_uint) -> HipResult<()> {
    if nv::active() {
        // SAFETY: HIP's contract: the range is the program's memory while registered.
        return unsafe { nvmem::host_register(nv::device()?, ptr, size, flags) };
    }
    if flags & !HOST_REGISTER_FLAGS != 0 {
        return Err(HipError::InvalidValue);
    }
    memory::register(ptr.cast(), size, current_device()?, flags)
}

pub fn hipHostUnregister(ptr: *mut c_void) -> HipResult<()> {
    if nv::active() {
        // SAFETY: HIP's contract: no pending work uses the range.
        return unsafe { nvmem::host_unregister(nv::device()?, ptr) };
    }
    memory::unregister(ptr.cast())
}

/// # Safety
/// `dev_ptr` must be NULL or writable.
pub unsafe fn hipHostGetDevicePointer(
    dev_ptr: *mut *mut c_void,
    host_ptr: *mut c_void,
    flags: c_uint,
) -> HipResult<()> {
    non_null(dev_ptr)?;
    if nv::active() {
        let p = nvmem::host_get_device_pointer(nv::device()?, host_ptr, flags)?;
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(dev_ptr, p as *mut c_void) };
    }
    if flags != 0 {
        return Err(HipError::InvalidValue);
    }
    match memory::find(host_ptr as usize) {
        // Host memory is the device's memory here: the same address.
        Some(a) if matches!(a.kind, MemoryKind::Host | MemoryKind::Registered) => {
            // SAFETY: forwarded from the caller.
            unsafe { write_out(dev_ptr, host_ptr) }
        }
        _ => Err(HipError::InvalidValue),
    }
}

/// # Safety
/// `flags` must be NULL or writable.
pub unsafe fn hipHostGetFlags(flags: *mut c_uint, host_ptr: *mut c_void) -> HipResult<()> {
    non_null(flags)?;
    if nv::active() {
        let f = nvmem::host_get_flags(nv::device()?, host_ptr)?;
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(flags, f) };
    }
    match memory::find(host_ptr as usize) {
        Some(a) if matches!(a.kind, MemoryKind::Host | MemoryKind::Registered) => {
            // SAFETY: forwarded from the caller.
            unsafe { write_out(flags, a.flags) }
        }
        _ => Err(HipError::InvalidValue),
    }
}

/// Row pitches are multiples of this (a cache line pair, and HIP's texture alignment).
const PITCH_ALIGNMENT: usize = 256;

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
    if nv::active() {
        let (p, pt) = nvmem::malloc_pitch(nv::device()?, width, height)?;
        // SAFETY: forwarded from the caller.
        return unsafe {
            write_out(ptr, p as *mut c_void)?;
            write_out(pitch, pt)
        };
    }
    let p = width
        .checked_next_multiple_of(PITCH_ALIGNMENT)
        .ok_or(HipError::InvalidValue)?;
    let size = p.checked_mul(height).ok_or(HipError::OutOfMemory)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        alloc_into(ptr, size, MemoryKind::Device, 0)?;
        write_out(pitch, p)
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
    let (f, t) = hip::backend().mem_info(current_device()?)?;
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
    if nv::active() {
        let (_, n) = nvmem::address_range(nv::device()?, nv::dptr(ptr))?;
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(size, n) };
    }
    let a = memory::find(ptr as usize).ok_or(HipError::InvalidValue)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(size, a.size) }
}

// ------------------------------------------------------------------------------------
// Copies and fills

/// # Safety
/// The ranges must be valid for the copy (and stay so until an async copy has run).
unsafe fn copy(
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    kind: c_uint,
    stream: &StreamCore,
    sync: Sync,
) -> HipResult<()> {
    CopyKind::from_raw(kind)?;
    if size > 0 && (dst.is_null() || src.is_null()) {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: forwarded from the caller.
    unsafe { memory::copy(dst.cast(), src.cast(), size, stream, sync) }
}

/// # Safety
/// The ranges must be valid for the copy.
pub unsafe fn hipMemcpy(
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    kind: c_uint,
) -> HipResult<()> {
    if nv::active() {
        let k = CopyKind::from_raw(kind)?;
        // SAFETY: forwarded from the caller.
        return unsafe { nvmem::memcpy(nv::device()?, dst, src, size, k) };
    }
    // SAFETY: forwarded from the caller.
    unsafe { copy(dst, src, size, kind, &*resolve(0)?, Sync::Blocking) }
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
    if nv::active() {
        let (k, dev, s) = (
            CopyKind::from_raw(kind)?,
            nv::device()?,
            nv::live_stream(stream)?,
        );
        // SAFETY: forwarded from the caller.
        return unsafe {
            nvmem::memcpy_async(dev, dst, src, size, k, s)?;
            nvidia::stream::synchronize(dev, s)
        };
    }
    // SAFETY: forwarded from the caller.
    unsafe {
        copy(
            dst,
            src,
            size,
            kind,
            &*resolve(stream as u64)?,
            Sync::Blocking,
        )
    }
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
    if nv::active() {
        let k = CopyKind::from_raw(kind)?;
        // SAFETY: forwarded from the caller.
        return unsafe {
            nvmem::memcpy_async(nv::device()?, dst, src, size, k, nv::live_stream(stream)?)
        };
    }
    // SAFETY: forwarded from the caller.
    unsafe { copy(dst, src, size, kind, &*resolve(stream as u64)?, Sync::Async) }
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
#[allow(clippy::too_many_arguments)]
unsafe fn copy_2d(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: c_uint,
    stream: &StreamCore,
    sync: Sync,
) -> HipResult<()> {
    CopyKind::from_raw(kind)?;
    if width > 0 && height > 0 && (dst.is_null() || src.is_null()) {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: forwarded from the caller.
    unsafe {
        memory::copy_2d(
            dst.cast(),
            dpitch,
            src.cast(),
            spitch,
            width,
            height,
            stream,
            sync,
        )
    }
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
    if nv::active() {
        let (k, dev) = (CopyKind::from_raw(kind)?, nv::device()?);
        // SAFETY: forwarded from the caller.
        return unsafe { nvmem::memcpy_2d(dev, dst, dpitch, src, spitch, width, height, k) };
    }
    // SAFETY: forwarded from the caller.
    unsafe {
        copy_2d(
            dst,
            dpitch,
            src,
            spitch,
            width,
            height,
            kind,
            &*resolve(0)?,
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
    if nv::active() {
        let (k, dev) = (CopyKind::from_raw(kind)?, nv::device()?);
        // SAFETY: forwarded from the caller.
        return unsafe {
            nvmem::memcpy_2d_async(
                dev,
                dst,
                dpitch,
                src,
                spitch,
                width,
                height,
                k,
                nv::live_stream(stream)?,
            )
        };
    }
    let s = resolve(stream as u64)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        copy_2d(
            dst,
            dpitch,
            src,
            spitch,
            width,
            height,
            kind,
            &s,
            Sync::Async,
        )
    }
}

/// # Safety
/// `dst` must be valid for `count * element_size` bytes.
unsafe fn fill(
    dst: *mut c_void,
    value: u32,
    count: usize,
    element_size: u32,
    stream: u64,
    sync: Sync,
) -> HipResult<()> {
    if nv::active() {
        let fill = match element_size {
            1 => nvmem::Fill::D8(value as u8),
            2 => nvmem::Fill::D16(value as u16),
            _ => nvmem::Fill::D32(value),
        };
        let (dev, d) = (nv::device()?, nv::dptr(dst));
        // SAFETY: forwarded from the caller.
        return unsafe {
            match sync {
                Sync::Blocking => nvmem::memset(dev, d, fill, count),
                Sync::Async => nvmem::memset_async(
                    dev,
                    d,
                    fill,
                    count,
                    nv::live_stream(stream as *mut c_void)?,
                ),
            }
        };
    }
    let s = resolve(stream)?;
    if count > 0 && dst.is_null() {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: forwarded from the caller.
    unsafe { memory::fill(dst.cast(), value, count, element_size, &s, sync) }
}

macro_rules! fills {
    ($($sync_name:ident, $async_name:ident, $ty:ty, $elem:expr;)*) => {$(
        /// # Safety
        /// `dst` must be valid for `count` elements.
        pub unsafe fn $sync_name(dst: *mut c_void, value: $ty, count: usize) -> HipResult<()> {
            // SAFETY: forwarded from the caller.
            unsafe { fill(dst, value as u32, count, $elem, 0, Sync::Blocking) }
        }

        /// # Safety
        /// `dst` must stay valid for `count` elements until the fill has run.
        pub unsafe fn $async_name(dst: *mut c_void, value: $ty, count: usize, stream: *mut c_void) -> HipResult<()> {
            // SAFETY: forwarded from the caller.
            unsafe { fill(dst, value as u32, count, $elem, stream as u64, Sync::Async) }
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
unsafe fn fill_2d(
    dst: *mut c_void,
    pitch: usize,
    value: c_int,
    width: usize,
    height: usize,
    stream: u64,
    sync: Sync,
) -> HipResult<()> {
    if nv::active() {
        let (dev, d, v) = (nv::device()?, nv::dptr(dst), value as u8);
        // SAFETY: forwarded from the caller.
        return unsafe {
            match sync {
                Sync::Blocking => nvmem::memset_2d(dev, d, pitch, v, width, height),
                Sync::Async => nvmem::memset_2d_async(
                    dev,
                    d,
                    pitch,
                    v,
                    width,
                    height,
                    nv::live_stream(stream as *mut c_void)?,
                ),
            }
        };
    }
    let s = resolve(stream)?;
    if width == 0 || height == 0 {
        return Ok(());
    }
    non_null(dst)?;
    if width > pitch {
        return Err(HipError::InvalidPitchValue);
    }
    let fill = memory::Fill3d::rows(
        dst as usize,
        pitch,
        u32::from(value as u8),
        1,
        width,
        height,
    )?;
    // SAFETY: the caller guarantees every row.
    unsafe { memory::fill_3d(&fill, &s, sync) }
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
    unsafe { fill_2d(dst, pitch, value, width, height, 0, Sync::Blocking) }
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
    unsafe { fill_2d(dst, pitch, value, width, height, stream as u64, Sync::Async) }
}

// ------------------------------------------------------------------------------------
// Managed-memory hints: on the CPU all memory is already where every agent can use it.

pub fn hipMemPrefetchAsync(
    ptr: *const c_void,
    count: usize,
    device: c_int,
    stream: *mut c_void,
) -> HipResult<()> {
    if nv::active() {
        // SAFETY: HIP's contract: a live stream handle.
        return unsafe {
            nvmem::prefetch_async(
                nv::device()?,
                nv::dptr(ptr),
                count,
                device,
                nv::live_stream(stream)?,
            )
        };
    }
    resolve(stream as u64)?;
    check_managed_hint(ptr, count, device)
}

pub fn hipMemAdvise(
    ptr: *const c_void,
    count: usize,
    advice: c_int,
    device: c_int,
) -> HipResult<()> {
    if nv::active() {
        let advice = u32::try_from(advice).map_err(|_| HipError::InvalidValue)?;
        return nvmem::mem_advise(nv::device()?, nv::dptr(ptr), count, advice, device);
    }
    if !(1..=6).contains(&advice) && !(100..=103).contains(&advice) {
        return Err(HipError::InvalidValue);
    }
    check_managed_hint(ptr, count, device)
}

/// What prefetch and advice accept: `hipCpuDeviceId` (-1) or a valid device, and a range
/// inside one managed allocation.
fn check_managed_hint(ptr: *const c_void, count: usize, device: c_int) -> HipResult<()> {
    if device != -1 {
        crate::entry::device_ordinal(device)?;
    }
    match memory::find(ptr as usize) {
        Some(a)
            if a.kind == MemoryKind::Managed
                && memory::check_range(ptr as usize, count).is_ok() =>
        {
            Ok(())
        }
        _ => Err(HipError::InvalidValue),
    }
}

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

/// # Safety
/// `attributes` must be NULL or writable.
pub unsafe fn hipPointerGetAttributes(
    attributes: *mut PointerAttributes,
    ptr: *const c_void,
) -> HipResult<()> {
    non_null(attributes)?;
    non_null(ptr)?;
    if nv::active() {
        let a = nvmem::pointer_attributes(nv::device()?, ptr)?;
        let value = PointerAttributes {
            memory_type: a.memory_type.hip_value(),
            device: a.device,
            device_pointer: a.device_pointer as *mut c_void,
            host_pointer: a.host_pointer,
            is_managed: c_int::from(a.is_managed),
            allocation_flags: a.allocation_flags,
        };
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(attributes, value) };
    }
    let value = match memory::find(ptr as usize) {
        Some(a) => PointerAttributes {
            memory_type: a.kind.memory_type(),
            device: a.device as c_int,
            device_pointer: ptr as *mut c_void,
            host_pointer: if a.kind == MemoryKind::Device {
                std::ptr::null_mut()
            } else {
                ptr as *mut c_void
            },
            is_managed: c_int::from(a.kind == MemoryKind::Managed),
            allocation_flags: a.flags,
        },
        // Unregistered host memory (HIP >= 6 reports it rather than failing).
        None => PointerAttributes {
            memory_type: 0,
            device: -2,
            device_pointer: std::ptr::null_mut(),
            host_pointer: std::ptr::null_mut(),
            is_managed: 0,
            allocation_flags: 0,
        },
    };
    // SAFETY: forwarded from the caller.
    unsafe { write_out(attributes, value) }
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

/// `hipMemcpyDefault`: the direction is taken from the pointers (unified addressing).
const MEMCPY_DEFAULT: c_uint = 4;

/// `hipMemcpyPeer`: a copy between the memory of two devices (both must exist). With
/// unified addressing the pointers tell where each side lives, so it is a default-direction
/// copy.
///
/// # Safety
/// The ranges must be valid for the copy.
pub unsafe fn hipMemcpyPeer(
    dst: *mut c_void,
    dst_device: c_int,
    src: *const c_void,
    src_device: c_int,
    size: usize,
) -> HipResult<()> {
    crate::entry::device_ordinal(dst_device)?;
    crate::entry::device_ordinal(src_device)?;
    // SAFETY: forwarded from the caller.
    unsafe { hipMemcpy(dst, src, size, MEMCPY_DEFAULT) }
}

/// `hipMemcpyPeerAsync`: [`hipMemcpyPeer`] ordered on `stream`.
///
/// # Safety
/// The ranges must stay valid until the copy has run.
pub unsafe fn hipMemcpyPeerAsync(
    dst: *mut c_void,
    dst_device: c_int,
    src: *const c_void,
    src_device: c_int,
    size: usize,
    stream: *mut c_void,
) -> HipResult<()> {
    crate::entry::device_ordinal(dst_device)?;
    crate::entry::device_ordinal(src_device)?;
    // SAFETY: forwarded from the caller.
    unsafe { hipMemcpyAsync(dst, src, size, MEMCPY_DEFAULT, stream) }
}

/// `hipPointer_attribute` values answered by [`hipPointerGetAttribute`].
mod pointer_attribute {
    pub const MEMORY_TYPE: i32 = 2;
    pub const DEVICE_POINTER: i32 = 3;
    pub const HOST_POINTER: i32 = 4;
    pub const IS_MANAGED: i32 = 8;
    pub const DEVICE_ORDINAL: i32 = 9;
    pub const MAPPED: i32 = 13;
    /// The last value HIP defines (`HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE`).
    pub const LAST: i32 = 17;
}

/// `hipPointerGetAttribute`: one attribute of the allocation `ptr` points into, as
/// `hipPointerGetAttributes` describes it: memory type (`hipMemoryType`, 4 bytes), device and
/// host pointers, managed (4 bytes), device ordinal (`int`), mapped (4 bytes). The other
/// attributes HIP defines (context, P2P tokens, sync memops, buffer id, range, IPC and RDMA
/// capabilities, access flags, pool) return `hipErrorNotSupported`; memory the runtime does
/// not know returns `hipErrorInvalidValue`.
///
/// # Safety
/// `data` must be NULL or writable for the attribute's type.
pub unsafe fn hipPointerGetAttribute(
    data: *mut c_void,
    attribute: c_int,
    ptr: *mut c_void,
) -> HipResult<()> {
    use pointer_attribute as pa;
    non_null(data)?;
    if !(1..=pa::LAST).contains(&attribute) {
        return Err(HipError::InvalidValue);
    }
    let mut a = std::mem::MaybeUninit::<PointerAttributes>::zeroed();
    // SAFETY: a writable local.
    unsafe { hipPointerGetAttributes(a.as_mut_ptr(), ptr) }?;
    // SAFETY: filled (and zeroed before).
    let a = unsafe { a.assume_init() };
    if a.memory_type == 0 {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: forwarded from the caller, who passes storage of the attribute's type (every arm).
    unsafe {
        match attribute {
            pa::MEMORY_TYPE => write_out(data.cast::<c_uint>(), a.memory_type),
            pa::DEVICE_POINTER => write_out(data.cast::<*mut c_void>(), a.device_pointer),
            pa::HOST_POINTER => write_out(data.cast::<*mut c_void>(), a.host_pointer),
            pa::IS_MANAGED => write_out(data.cast::<c_uint>(), a.is_managed as c_uint),
            pa::DEVICE_ORDINAL => write_out(data.cast::<c_int>(), a.device),
            pa::MAPPED => write_out(data.cast::<c_uint>(), 1),
            _ => Err(HipError::NotSupported),
        }
    }
}
