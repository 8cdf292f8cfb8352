//! The NVIDIA platform's side of the entry points.
//!
//! Each entry point starts with `if nv::active() { ... }` inside its [`crate::entry::api`]
//! guard: one atomic load ([`hip::platform::current`]) and a predictable branch, then the
//! CPU path is untouched. On NVIDIA the C handles are the driver's own, cast: `hipStream_t`
//! is a `CUstream`, `hipEvent_t` a `CUevent`, `hipModule_t` a `CUmodule`, `hipFunction_t`
//! a `CUfunction`, device pointers `CUdeviceptr`s, `hipGraph_t`/`hipGraphExec_t`
//! `CUgraph`/`CUgraphExec`, `hipMemPool_t` a `CUmemoryPool`.
//!
//! The few driver calls the backend (`hip::platform::nvidia`) has no function for (3-D
//! copies, memory pools, stream capture and whole-graph calls) are made here, directly.

use std::ffi::{c_int, c_void};

use hip::platform::nvidia::{self, check, cu, make_current};
use hip::platform::{self, Platform};
use hip::{HipError, HipResult};

/// Whether this process runs on the NVIDIA platform.
#[inline(always)]
pub fn active() -> bool {
    platform::current() == Platform::Nvidia
}

/// The calling thread's current device (`hipErrorNoDevice` without one).
#[inline]
pub fn device() -> HipResult<usize> {
    nvidia::current_device()
}

/// A device ordinal from C: `hipErrorNoDevice` without devices, `hipErrorInvalidDevice`
/// out of range.
pub fn ordinal(device: c_int) -> HipResult<usize> {
    let n = nvidia::device_count();
    if n == 0 {
        return Err(HipError::NoDevice);
    }
    match usize::try_from(device) {
        Ok(d) if d < n => Ok(d),
        _ => Err(HipError::InvalidDevice),
    }
}

/// `hipStream_t` → `CUstream` (the special values 0, 1, 2 are the driver's too), checked:
/// a default stream or a live stream this platform created, else `hipErrorInvalidHandle` (destroyed or bogus handles never reach the
/// driver, which would crash on them).
#[inline(always)]
pub fn live_stream(s: *mut c_void) -> HipResult<nvidia::Stream> {
    nvidia::stream::checked(s.cast())
}

/// `hipEvent_t` → `CUevent`, checked: a live event this platform created, else
/// `hipErrorInvalidHandle` (null, destroyed or bogus).
#[inline(always)]
pub fn live_event(e: *mut c_void) -> HipResult<nvidia::Event> {
    nvidia::event::checked(e.cast())
}

/// A device pointer as the driver's `CUdeviceptr`.
#[inline(always)]
pub fn dptr(p: *const c_void) -> nvidia::DevicePtr {
    p as nvidia::DevicePtr
}

// ------------------------------------------------------------------------------------
// 3-D copies (cuMemcpy3D, pointer form)

/// One side of a 3-D copy: (pointer, pitch, rows per slice, x, y, z).
pub struct Side3d {
    pub ptr: *mut c_void,
    pub pitch: usize,
    pub ysize: usize,
    pub pos: [usize; 3],
}

/// `hipMemcpy3D(Async)` over `cuMemcpy3D(Async)`: unified memory types on both sides (the
/// driver infers where each pointer lives), extent in bytes x rows x slices.
///
/// # Safety
/// Both boxes must be valid memory; `s` a live stream (or a default one) when async.
pub unsafe fn memcpy_3d(
    src: &Side3d,
    dst: &Side3d,
    extent: [usize; 3],
    kind: u32,
    s: Option<nvidia::Stream>,
) -> HipResult<()> {
    hip::memory::CopyKind::from_raw(kind)?;
    make_current(device()?)?;
    if extent.contains(&0) {
        return Ok(());
    }
    if src.ptr.is_null() || dst.ptr.is_null() {
        return Err(HipError::InvalidValue);
    }
    if extent[0] > src.pitch || extent[0] > dst.pitch {
        return Err(HipError::InvalidPitchValue);
    }
    use cu::CUmemorytype as M;
    // `CUmemorytype` has no zero value, so the struct cannot start all-zero: zero the bytes,
    // set the two memory types through raw pointers, then it is fully initialised.
    let mut raw = std::mem::MaybeUninit::<cu::CUDA_MEMCPY3D>::zeroed();
    let q = raw.as_mut_ptr();
    // SAFETY: `q` points to the (zeroed) struct; the writes initialise its only fields for
    // which zero is not a valid value (every other field is an integer or a pointer).
    let mut p = unsafe {
        std::ptr::addr_of_mut!((*q).srcMemoryType).write(M::CU_MEMORYTYPE_UNIFIED);
        std::ptr::addr_of_mut!((*q).dstMemoryType).write(M::CU_MEMORYTYPE_UNIFIED);
        raw.assume_init()
    };
    p.srcMemoryType = M::CU_MEMORYTYPE_UNIFIED;
    p.srcDevice = src.ptr as cu::CUdeviceptr;
    p.srcHost = src.ptr;
    p.srcPitch = src.pitch;
    p.srcHeight = src.ysize;
    p.srcXInBytes = src.pos[0];
    p.srcY = src.pos[1];
    p.srcZ = src.pos[2];
    p.dstMemoryType = M::CU_MEMORYTYPE_UNIFIED;
    p.dstDevice = dst.ptr as cu::CUdeviceptr;
    p.dstHost = dst.ptr;
    p.dstPitch = dst.pitch;
    p.dstHeight = dst.ysize;
    p.dstXInBytes = dst.pos[0];
    p.dstY = dst.pos[1];
    p.dstZ = dst.pos[2];
    p.WidthInBytes = extent[0];
    p.Height = extent[1];
    p.Depth = extent[2];
    // SAFETY: a context is current; the caller guarantees both boxes and the stream.
    check(unsafe {
        match s {
            None => cu::cuMemcpy3D_v2(&p),
            Some(s) => cu::cuMemcpy3DAsync_v2(&p, s),
        }
    })
}

/// `hipMemset3D(Async)`: byte fill of a pitched box, one 2-D fill per slice (one for the
/// whole box when the slices are contiguous).
///
/// # Safety
/// The box must be device-accessible memory; `s` as for [`memcpy_3d`].
pub unsafe fn memset_3d(
    ptr: *mut c_void,
    pitch: usize,
    ysize: usize,
    value: u8,
    extent: [usize; 3],
    s: Option<nvidia::Stream>,
) -> HipResult<()> {
    let dev = device()?;
    if extent.contains(&0) {
        return make_current(dev).map(|_| ());
    }
    if ptr.is_null() {
        return Err(HipError::InvalidValue);
    }
    if extent[0] > pitch {
        return Err(HipError::InvalidPitchValue);
    }
    let slice = pitch.checked_mul(ysize).ok_or(HipError::InvalidValue)?;
    let fill = |base: usize, rows: usize| {
        // SAFETY: the caller guarantees the box (and the stream).
        unsafe {
            match s {
                None => nvidia::memory::memset_2d(dev, base as u64, pitch, value, extent[0], rows),
                Some(s) => nvidia::memory::memset_2d_async(
                    dev,
                    base as u64,
                    pitch,
                    value,
                    extent[0],
                    rows,
                    s,
                ),
            }
        }
    };
    if extent[1] == ysize {
        let rows = extent[1]
            .checked_mul(extent[2])
            .ok_or(HipError::InvalidValue)?;
        return fill(ptr as usize, rows);
    }
    for z in 0..extent[2] {
        fill(ptr as usize + z * slice, extent[1])?;
    }
    Ok(())
}

// ------------------------------------------------------------------------------------
// Stream-ordered allocation (cuMemAllocAsync, cuMemPool*)

/// `hipMallocAsync` (size 0: null).
///
/// # Safety
/// `s` must be a live stream or a default one.
pub unsafe fn malloc_async(size: usize, s: nvidia::Stream) -> HipResult<*mut c_void> {
    make_current(device()?)?;
    if size == 0 {
        return Ok(std::ptr::null_mut());
    }
    let mut p = 0;
    // SAFETY: a context is current; out-parameter; the caller guarantees the stream.
    check(unsafe { cu::cuMemAllocAsync(&mut p, size, s) })?;
    Ok(p as *mut c_void)
}

/// `hipFreeAsync` (null: `hipErrorInvalidValue`, as HIP).
///
/// # Safety
/// As for [`malloc_async`]; no later work may use the memory.
pub unsafe fn free_async(p: *mut c_void, s: nvidia::Stream) -> HipResult<()> {
    make_current(device()?)?;
    if p.is_null() {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: a context is current; the caller guarantees the stream.
    check(unsafe { cu::cuMemFreeAsync(p as cu::CUdeviceptr, s) })
}

/// `hipMallocFromPoolAsync`.
///
/// # Safety
/// `pool` must be a live pool, `s` as for [`malloc_async`].
pub unsafe fn malloc_from_pool_async(
    size: usize,
    pool: *mut c_void,
    s: nvidia::Stream,
) -> HipResult<*mut c_void> {
    if pool.is_null() {
        return Err(HipError::InvalidValue);
    }
    make_current(device()?)?;
    if size == 0 {
        return Ok(std::ptr::null_mut());
    }
    let mut p = 0;
    // SAFETY: a context is current; out-parameter; the caller guarantees pool and stream.
    check(unsafe { cu::cuMemAllocFromPoolAsync(&mut p, size, pool.cast(), s) })?;
    Ok(p as *mut c_void)
}

/// `hipMemPoolCreate` for a pinned pool on device `dev` with the given handle types and
/// size limit.
pub fn mem_pool_create(dev: usize, handle_types: u32, max_size: usize) -> HipResult<*mut c_void> {
    let cu_dev = nvidia::context::cu_device(dev)?;
    // SAFETY: an all-zero CUmemPoolProps is valid (then filled below).
    let mut props: cu::CUmemPoolProps = unsafe { std::mem::zeroed() };
    props.allocType = cu::CUmemAllocationType::CU_MEM_ALLOCATION_TYPE_PINNED;
    // SAFETY: the handle-type enum is `repr(u32)` with 0, 1, 2 and 4 (checked by caller).
    props.handleTypes =
        unsafe { std::mem::transmute::<u32, cu::CUmemAllocationHandleType>(handle_types) };
    props.location = cu::CUmemLocation {
        type_: cu::CUmemLocationType::CU_MEM_LOCATION_TYPE_DEVICE,
        id: cu_dev,
    };
    props.maxSize = max_size;
    make_current(dev)?;
    let mut pool = std::ptr::null_mut();
    // SAFETY: a context is current; props filled; out-parameter.
    check(unsafe { cu::cuMemPoolCreate(&mut pool, &props) })?;
    Ok(pool.cast())
}

/// `hipMemPoolDestroy`.
///
/// # Safety
/// `pool` must be a live pool.
pub unsafe fn mem_pool_destroy(pool: *mut c_void) -> HipResult<()> {
    if pool.is_null() {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: the caller guarantees the pool.
    check(unsafe { cu::cuMemPoolDestroy(pool.cast()) })
}

/// `hipDeviceGetDefaultMemPool` / `hipDeviceGetMemPool`.
pub fn device_mem_pool(dev: usize, default: bool) -> HipResult<*mut c_void> {
    let cu_dev = nvidia::context::cu_device(dev)?;
    make_current(dev)?;
    let mut pool = std::ptr::null_mut();
    // SAFETY: valid device; out-parameter.
    check(unsafe {
        if default {
            cu::cuDeviceGetDefaultMemPool(&mut pool, cu_dev)
        } else {
            cu::cuDeviceGetMemPool(&mut pool, cu_dev)
        }
    })?;
    Ok(pool.cast())
}

/// `hipDeviceSetMemPool`.
///
/// # Safety
/// `pool` must be a live pool.
pub unsafe fn device_set_mem_pool(dev: usize, pool: *mut c_void) -> HipResult<()> {
    let cu_dev = nvidia::context::cu_device(dev)?;
    if pool.is_null() {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: valid device; the caller guarantees the pool.
    check(unsafe { cu::cuDeviceSetMemPool(cu_dev, pool.cast()) })
}

/// `hipMemPoolTrimTo`.
///
/// # Safety
/// `pool` must be a live pool.
pub unsafe fn mem_pool_trim_to(pool: *mut c_void, keep: usize) -> HipResult<()> {
    if pool.is_null() {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: the caller guarantees the pool.
    check(unsafe { cu::cuMemPoolTrimTo(pool.cast(), keep) })
}

/// `hipMemPoolAttr` → `CUmemPool_attribute` (the same values, 1-8).
fn pool_attribute(attr: c_int) -> HipResult<cu::CUmemPool_attribute> {
    use cu::CUmemPool_attribute as A;
    Ok(match attr {
        1 => A::CU_MEMPOOL_ATTR_REUSE_FOLLOW_EVENT_DEPENDENCIES,
        2 => A::CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC,
        3 => A::CU_MEMPOOL_ATTR_REUSE_ALLOW_INTERNAL_DEPENDENCIES,
        4 => A::CU_MEMPOOL_ATTR_RELEASE_THRESHOLD,
        5 => A::CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT,
        6 => A::CU_MEMPOOL_ATTR_RESERVED_MEM_HIGH,
        7 => A::CU_MEMPOOL_ATTR_USED_MEM_CURRENT,
        8 => A::CU_MEMPOOL_ATTR_USED_MEM_HIGH,
        _ => return Err(HipError::InvalidValue),
    })
}

/// `hipMemPoolSetAttribute` / `hipMemPoolGetAttribute` (`value` points to an `int` for the
/// reuse flags, a `uint64_t` otherwise, as in CUDA).
///
/// # Safety
/// `pool` must be a live pool and `value` valid storage of the attribute's type.
pub unsafe fn mem_pool_attribute(
    pool: *mut c_void,
    attr: c_int,
    value: *mut c_void,
    set: bool,
) -> HipResult<()> {
    let a = pool_attribute(attr)?;
    if pool.is_null() || value.is_null() {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: the caller guarantees the pool and the value's storage.
    check(unsafe {
        if set {
            cu::cuMemPoolSetAttribute(pool.cast(), a, value)
        } else {
            cu::cuMemPoolGetAttribute(pool.cast(), a, value)
        }
    })
}

/// `CUmemAccess_flags` of a `hipMemAccessFlags` (0 none, 1 read, 3 read-write).
fn access_flags(flags: c_int) -> HipResult<cu::CUmemAccess_flags> {
    use cu::CUmemAccess_flags as F;
    Ok(match flags {
        0 => F::CU_MEM_ACCESS_FLAGS_PROT_NONE,
        1 => F::CU_MEM_ACCESS_FLAGS_PROT_READ,
        3 => F::CU_MEM_ACCESS_FLAGS_PROT_READWRITE,
        _ => return Err(HipError::InvalidValue),
    })
}

/// A device `CUmemLocation` for a HIP device location (type 1, a device ordinal).
pub fn device_location(type_: c_int, id: c_int) -> HipResult<cu::CUmemLocation> {
    if type_ != 1 {
        return Err(HipError::InvalidValue);
    }
    let dev = ordinal(id).map_err(|_| HipError::InvalidValue)?;
    Ok(cu::CUmemLocation {
        type_: cu::CUmemLocationType::CU_MEM_LOCATION_TYPE_DEVICE,
        id: nvidia::context::cu_device(dev)?,
    })
}

/// `hipMemPoolSetAccess` for (location type, id, flags) triples.
///
/// # Safety
/// `pool` must be a live pool.
pub unsafe fn mem_pool_set_access(
    pool: *mut c_void,
    list: &[(c_int, c_int, c_int)],
) -> HipResult<()> {
    if pool.is_null() {
        return Err(HipError::InvalidValue);
    }
    let mut descs = Vec::with_capacity(list.len());
    for &(t, id, flags) in list {
        descs.push(cu::CUmemAccessDesc {
            location: device_location(t, id)?,
            flags: access_flags(flags)?,
        });
    }
    // SAFETY: the caller guarantees the pool; `descs` holds `len` entries.
    check(unsafe { cu::cuMemPoolSetAccess(pool.cast(), descs.as_ptr(), descs.len()) })
}

/// `hipMemPoolGetAccess`.
///
/// # Safety
/// `pool` must be a live pool.
pub unsafe fn mem_pool_get_access(pool: *mut c_void, type_: c_int, id: c_int) -> HipResult<c_int> {
    if pool.is_null() {
        return Err(HipError::InvalidValue);
    }
    let mut loc = device_location(type_, id)?;
    let mut f = cu::CUmemAccess_flags::CU_MEM_ACCESS_FLAGS_PROT_NONE;
    // SAFETY: the caller guarantees the pool; out-parameter.
    check(unsafe { cu::cuMemPoolGetAccess(&mut f, pool.cast(), &mut loc) })?;
    Ok(f as c_int)
}

// ------------------------------------------------------------------------------------
// Stream capture and whole graphs (cuStreamBeginCapture, cuGraph*)

fn capture_mode(mode: c_int) -> HipResult<cu::CUstreamCaptureMode> {
    use cu::CUstreamCaptureMode as M;
    Ok(match mode {
        0 => M::CU_STREAM_CAPTURE_MODE_GLOBAL,
        1 => M::CU_STREAM_CAPTURE_MODE_THREAD_LOCAL,
        2 => M::CU_STREAM_CAPTURE_MODE_RELAXED,
        _ => return Err(HipError::InvalidValue),
    })
}

/// `hipStreamBeginCapture`.
///
/// # Safety
/// `s` must be a live stream (or a default one, which the driver rejects).
pub unsafe fn begin_capture(s: nvidia::Stream, mode: c_int) -> HipResult<()> {
    let m = capture_mode(mode)?;
    make_current(device()?)?;
    // SAFETY: a context is current; the caller guarantees the stream.
    check(unsafe { cu::cuStreamBeginCapture_v2(s, m) })
}

/// `hipStreamEndCapture`: the captured graph.
///
/// # Safety
/// As for [`begin_capture`].
pub unsafe fn end_capture(s: nvidia::Stream) -> HipResult<*mut c_void> {
    make_current(device()?)?;
    let mut g = std::ptr::null_mut();
    // SAFETY: a context is current; the caller guarantees the stream; out-parameter.
    check(unsafe { cu::cuStreamEndCapture(s, &mut g) })?;
    Ok(g.cast())
}

/// `hipStreamIsCapturing`: `hipStreamCaptureStatus` (0 none, 1 active, 2 invalidated).
///
/// # Safety
/// As for [`begin_capture`].
pub unsafe fn is_capturing(s: nvidia::Stream) -> HipResult<c_int> {
    make_current(device()?)?;
    let mut st = cu::CUstreamCaptureStatus::CU_STREAM_CAPTURE_STATUS_NONE;
    // SAFETY: a context is current; the caller guarantees the stream; out-parameter.
    check(unsafe { cu::cuStreamIsCapturing(s, &mut st) })?;
    Ok(st as c_int)
}

/// `hipThreadExchangeStreamCaptureMode`: the previous mode.
pub fn exchange_capture_mode(mode: c_int) -> HipResult<c_int> {
    let mut m = capture_mode(mode)?;
    nvidia::Driver::require()?;
    // SAFETY: in/out parameter.
    check(unsafe { cu::cuThreadExchangeStreamCaptureMode(&mut m) })?;
    Ok(m as c_int)
}

/// `hipGraphCreate` (flags must be 0).
pub fn graph_create() -> HipResult<*mut c_void> {
    make_current(device()?)?;
    let mut g = std::ptr::null_mut();
    // SAFETY: a context is current; out-parameter.
    check(unsafe { cu::cuGraphCreate(&mut g, 0) })?;
    Ok(g.cast())
}

/// `hipGraphDestroy`.
///
/// # Safety
/// `g` must be a live graph.
pub unsafe fn graph_destroy(g: *mut c_void) -> HipResult<()> {
    if g.is_null() {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: the caller guarantees the graph.
    check(unsafe { cu::cuGraphDestroy(g.cast()) })
}

/// `hipGraphInstantiate(WithFlags)`.
///
/// # Safety
/// `g` must be a live graph.
pub unsafe fn graph_instantiate(g: *mut c_void, flags: u64) -> HipResult<*mut c_void> {
    if g.is_null() {
        return Err(HipError::InvalidValue);
    }
    make_current(device()?)?;
    let mut e = std::ptr::null_mut();
    // SAFETY: a context is current; the caller guarantees the graph; out-parameter.
    check(unsafe { cu::cuGraphInstantiateWithFlags(&mut e, g.cast(), flags) })?;
    Ok(e.cast())
}

/// `hipGraphLaunch` / `hipGraphUpload`.
///
/// # Safety
/// `e` must be a live executable graph, `s` a live stream or a default one.
pub unsafe fn graph_launch(e: *mut c_void, s: nvidia::Stream, upload: bool) -> HipResult<()> {
    if e.is_null() {
        return Err(HipError::InvalidValue);
    }
    make_current(device()?)?;
    // SAFETY: a context is current; the caller guarantees both handles.
    check(unsafe {
        if upload {
            cu::cuGraphUpload(e.cast(), s)
        } else {
            cu::cuGraphLaunch(e.cast(), s)
        }
    })
}

/// `hipGraphExecDestroy`.
///
/// # Safety
/// `e` must be a live executable graph.
pub unsafe fn graph_exec_destroy(e: *mut c_void) -> HipResult<()> {
    if e.is_null() {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: the caller guarantees the executable graph.
    check(unsafe { cu::cuGraphExecDestroy(e.cast()) })
}

/// An entry point this platform does not implement: `hipErrorNotSupported`, also
/// recorded as the thread's last error (never a silent success).
#[cold]
pub fn not_supported() -> crate::entry::HipErrorT {
    crate::entry::api(|| Err(HipError::NotSupported))
}
