//! Memory management and copies.

use std::ffi::{c_int, c_uint, c_void};

use hip::memory::{self, CopyKind, MemoryKind, Sync};
use hip::stream::resolve;
use hip::{HipError, HipResult, StreamCore};

use crate::entry::{api, current_device, non_null, write_out, HipErrorT};

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
#[no_mangle]
pub unsafe extern "C" fn hipMalloc(ptr: *mut *mut c_void, size: usize) -> HipErrorT {
    // SAFETY: forwarded from the caller.
    api(|| unsafe { alloc_into(ptr, size, MemoryKind::Device, 0) })
}

/// # Safety
/// `ptr` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMallocAsync(
    ptr: *mut *mut c_void,
    size: usize,
    stream: *mut c_void,
) -> HipErrorT {
    // SAFETY: forwarded from the caller.
    unsafe { crate::mempool::malloc_async(ptr, size, stream) }
}

/// `hipMemAttachGlobal` | `hipMemAttachHost` | `hipMemAttachSingle`
const MEM_ATTACH_FLAGS: u32 = 0x1 | 0x2 | 0x4;

/// # Safety
/// `ptr` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMallocManaged(
    ptr: *mut *mut c_void,
    size: usize,
    flags: c_uint,
) -> HipErrorT {
    api(|| {
        if flags & !MEM_ATTACH_FLAGS != 0 || flags.count_ones() > 1 {
            return Err(HipError::InvalidValue);
        }
        // SAFETY: forwarded from the caller.
        unsafe { alloc_into(ptr, size, MemoryKind::Managed, flags) }
    })
}

/// Every `hipHostMalloc*` flag: Portable, Mapped, WriteCombined, NumaUser, Coherent,
/// NonCoherent (Default is 0).
const HOST_MALLOC_FLAGS: u32 = 0x1 | 0x2 | 0x4 | 0x2000_0000 | 0x4000_0000 | 0x8000_0000;

/// # Safety
/// `ptr` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipHostMalloc(
    ptr: *mut *mut c_void,
    size: usize,
    flags: c_uint,
) -> HipErrorT {
    api(|| {
        // Coherent and NonCoherent together contradict each other.
        if flags & !HOST_MALLOC_FLAGS != 0 || flags & 0xC000_0000 == 0xC000_0000 {
            return Err(HipError::InvalidValue);
        }
        // SAFETY: forwarded from the caller.
        unsafe { alloc_into(ptr, size, MemoryKind::Host, flags) }
    })
}

/// # Safety
/// `ptr` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipHostAlloc(
    ptr: *mut *mut c_void,
    size: usize,
    flags: c_uint,
) -> HipErrorT {
    // SAFETY: forwarded from the caller.
    unsafe { hipHostMalloc(ptr, size, flags) }
}

/// # Safety
/// `ptr` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMallocHost(ptr: *mut *mut c_void, size: usize) -> HipErrorT {
    // SAFETY: forwarded from the caller.
    unsafe { hipHostMalloc(ptr, size, 0) }
}

/// `hipFree` releases device and managed memory (and, as ROCm does, pinned host memory).
#[no_mangle]
pub extern "C" fn hipFree(ptr: *mut c_void) -> HipErrorT {
    api(|| {
        // HIP's hipFree synchronises the device before releasing memory.
        sync_current_device()?;
        memory::free(
            ptr.cast(),
            &[MemoryKind::Device, MemoryKind::Managed, MemoryKind::Host],
        )
    })
}

#[no_mangle]
pub extern "C" fn hipFreeAsync(ptr: *mut c_void, stream: *mut c_void) -> HipErrorT {
    crate::mempool::free_async(ptr, stream)
}

#[no_mangle]
pub extern "C" fn hipHostFree(ptr: *mut c_void) -> HipErrorT {
    api(|| {
        sync_current_device()?;
        memory::free(ptr.cast(), &[MemoryKind::Host])
    })
}

#[no_mangle]
pub extern "C" fn hipFreeHost(ptr: *mut c_void) -> HipErrorT {
    hipHostFree(ptr)
}

fn sync_current_device() -> HipResult<()> {
    let rt = hip::Runtime::get()?;
    rt.synchronize_device(rt.current_device()?)
}

/// Flags of `hipHostRegister`: Portable, Mapped, IoMemory, ReadOnly.
const HOST_REGISTER_FLAGS: u32 = 0x1 | 0x2 | 0x4 | 0x8;

#[no_mangle]
pub extern "C" fn hipHostRegister(ptr: *mut c_void, size: usize, flags: c_uint) -> HipErrorT {
    api(|| {
        if flags & !HOST_REGISTER_FLAGS != 0 {
            return Err(HipError::InvalidValue);
        }
        memory::register(ptr.cast(), size, current_device()?, flags)
    })
}

#[no_mangle]
pub extern "C" fn hipHostUnregister(ptr: *mut c_void) -> HipErrorT {
    api(|| memory::unregister(ptr.cast()))
}

/// # Safety
/// `dev_ptr` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipHostGetDevicePointer(
    dev_ptr: *mut *mut c_void,
    host_ptr: *mut c_void,
    flags: c_uint,
) -> HipErrorT {
    api(|| {
        non_null(dev_ptr)?;
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
    })
}

/// # Safety
/// `flags` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipHostGetFlags(flags: *mut c_uint, host_ptr: *mut c_void) -> HipErrorT {
    api(|| {
        non_null(flags)?;
        match memory::find(host_ptr as usize) {
            Some(a) if matches!(a.kind, MemoryKind::Host | MemoryKind::Registered) => {
                // SAFETY: forwarded from the caller.
                unsafe { write_out(flags, a.flags) }
            }
            _ => Err(HipError::InvalidValue),
        }
    })
}

/// Row pitches are multiples of this (a cache line pair, and HIP's texture alignment).
const PITCH_ALIGNMENT: usize = 256;

/// # Safety
/// `ptr` and `pitch` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMallocPitch(
    ptr: *mut *mut c_void,
    pitch: *mut usize,
    width: usize,
    height: usize,
) -> HipErrorT {
    api(|| {
        non_null(ptr)?;
        non_null(pitch)?;
        let p = width
            .checked_next_multiple_of(PITCH_ALIGNMENT)
            .ok_or(HipError::InvalidValue)?;
        let size = p.checked_mul(height).ok_or(HipError::OutOfMemory)?;
        // SAFETY: forwarded from the caller.
        unsafe {
            alloc_into(ptr, size, MemoryKind::Device, 0)?;
            write_out(pitch, p)
        }
    })
}

/// # Safety
/// As for [`hipMallocPitch`].
#[no_mangle]
pub unsafe extern "C" fn hipMemAllocPitch(
    ptr: *mut *mut c_void,
    pitch: *mut usize,
    width: usize,
    height: usize,
    _element_size: c_uint,
) -> HipErrorT {
    // SAFETY: forwarded from the caller.
    unsafe { hipMallocPitch(ptr, pitch, width, height) }
}

/// # Safety
/// `free` and `total` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMemGetInfo(free: *mut usize, total: *mut usize) -> HipErrorT {
    api(|| {
        non_null(free)?;
        non_null(total)?;
        current_device()?;
        let (f, t) = memory::mem_info();
        // SAFETY: forwarded from the caller.
        unsafe {
            write_out(free, f as usize)?;
            write_out(total, t as usize)
        }
    })
}

/// # Safety
/// `size` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipMemPtrGetInfo(ptr: *mut c_void, size: *mut usize) -> HipErrorT {
    api(|| {
        non_null(size)?;
        let a = memory::find(ptr as usize).ok_or(HipError::InvalidValue)?;
        // SAFETY: forwarded from the caller.
        unsafe { write_out(size, a.size) }
    })
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
#[no_mangle]
pub unsafe extern "C" fn hipMemcpy(
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    kind: c_uint,
) -> HipErrorT {
    // SAFETY: forwarded from the caller.
    api(|| unsafe { copy(dst, src, size, kind, &*resolve(0)?, Sync::Blocking) })
}

/// # Safety
/// The ranges must be valid for the copy.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyWithStream(
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    kind: c_uint,
    stream: *mut c_void,
) -> HipErrorT {
    // SAFETY: forwarded from the caller.
    api(|| unsafe {
        copy(
            dst,
            src,
            size,
            kind,
            &*resolve(stream as u64)?,
            Sync::Blocking,
        )
    })
}

/// # Safety
/// The ranges must be valid until the copy has run.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyAsync(
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    kind: c_uint,
    stream: *mut c_void,
) -> HipErrorT {
    // SAFETY: forwarded from the caller.
    api(|| unsafe { copy(dst, src, size, kind, &*resolve(stream as u64)?, Sync::Async) })
}

macro_rules! directional_copies {
    ($($sync_name:ident, $async_name:ident, $kind:expr;)*) => {$(
        /// # Safety
        /// The ranges must be valid for the copy.
        #[no_mangle]
        pub unsafe extern "C" fn $sync_name(dst: *mut c_void, src: *mut c_void, size: usize) -> HipErrorT {
            // SAFETY: forwarded from the caller.
            unsafe { hipMemcpy(dst, src, size, $kind) }
        }

        /// # Safety
        /// The ranges must be valid until the copy has run.
        #[no_mangle]
        pub unsafe extern "C" fn $async_name(dst: *mut c_void, src: *mut c_void, size: usize, stream: *mut c_void) -> HipErrorT {
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
#[no_mangle]
pub unsafe extern "C" fn hipMemcpy2D(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: c_uint,
) -> HipErrorT {
    // SAFETY: forwarded from the caller.
    api(|| unsafe {
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
    })
}

/// # Safety
/// Every row of both buffers must stay valid until the copy has run.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpy2DAsync(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: c_uint,
    stream: *mut c_void,
) -> HipErrorT {
    api(|| {
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
    })
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
        #[no_mangle]
        pub unsafe extern "C" fn $sync_name(dst: *mut c_void, value: $ty, count: usize) -> HipErrorT {
            // SAFETY: forwarded from the caller.
            api(|| unsafe { fill(dst, value as u32, count, $elem, 0, Sync::Blocking) })
        }

        /// # Safety
        /// `dst` must stay valid for `count` elements until the fill has run.
        #[no_mangle]
        pub unsafe extern "C" fn $async_name(dst: *mut c_void, value: $ty, count: usize, stream: *mut c_void) -> HipErrorT {
            // SAFETY: forwarded from the caller.
            api(|| unsafe { fill(dst, value as u32, count, $elem, stream as u64, Sync::Async) })
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
#[no_mangle]
pub unsafe extern "C" fn hipMemset2D(
    dst: *mut c_void,
    pitch: usize,
    value: c_int,
    width: usize,
    height: usize,
) -> HipErrorT {
    // SAFETY: forwarded from the caller.
    api(|| unsafe { fill_2d(dst, pitch, value, width, height, 0, Sync::Blocking) })
}

/// # Safety
/// Every row must stay valid until the fill has run.
#[no_mangle]
pub unsafe extern "C" fn hipMemset2DAsync(
    dst: *mut c_void,
    pitch: usize,
    value: c_int,
    width: usize,
    height: usize,
    stream: *mut c_void,
) -> HipErrorT {
    // SAFETY: forwarded from the caller.
    api(|| unsafe { fill_2d(dst, pitch, value, width, height, stream as u64, Sync::Async) })
}

// ------------------------------------------------------------------------------------
// Managed-memory hints: on the CPU all memory is already where every agent can use it.

#[no_mangle]
pub extern "C" fn hipMemPrefetchAsync(
    ptr: *const c_void,
    count: usize,
    device: c_int,
    stream: *mut c_void,
) -> HipErrorT {
    api(|| {
        resolve(stream as u64)?;
        check_managed_hint(ptr, count, device)
    })
}

#[no_mangle]
pub extern "C" fn hipMemAdvise(
    ptr: *const c_void,
    count: usize,
    advice: c_int,
    device: c_int,
) -> HipErrorT {
    api(|| {
        if !(1..=6).contains(&advice) && !(100..=103).contains(&advice) {
            return Err(HipError::InvalidValue);
        }
        check_managed_hint(ptr, count, device)
    })
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
#[no_mangle]
pub unsafe extern "C" fn hipPointerGetAttributes(
    attributes: *mut PointerAttributes,
    ptr: *const c_void,
) -> HipErrorT {
    api(|| {
        non_null(attributes)?;
        non_null(ptr)?;
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
    })
}
