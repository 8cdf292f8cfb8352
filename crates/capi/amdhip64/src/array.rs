//! Arrays and mipmapped arrays (`hipMallocArray`, `hipArray3DCreate`, ...) and the copies
//! to, from and between them (`hipMemcpy2DToArray`, `hipMemcpyAtoH`, `hipMemcpy3D` with an
//! array side, `hipMemcpyParam2D`, `hipDrvMemcpy3D`): HIP's C structures read and written
//! here, the work done by `hip::texture::objects`.
//!
//! Units as HIP (and CUDA) define them: the 2-D calls take x offsets and widths in bytes;
//! `hipMemcpy3D` takes array positions and the extent in elements when an array takes part
//! (bytes for pointers); the driver-API structures are in bytes throughout.

use std::ffi::{c_int, c_uint, c_void};

use hip::graph::Memcpy3dParams;
use hip::memory::{CopyKind, Extent, PitchedPtr, Pos, Sync};
use hip::texture::objects::{self as obj, Endpoint};
use hip::texture::{ArrayDesc, ChannelDesc, TexelFormat};
use hip::{backend, HipError, HipResult};

use crate::entry::{non_null, write_out};
use crate::memory3d::{HipExtent, HipMemcpy3DParms};
use crate::stream::StreamT;
use crate::types::{hipArray_t, hipChannelFormatDesc, hipMipmappedArray_t};

/// `HIP_ARRAY_DESCRIPTOR`
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct HipArrayDescriptor {
    pub width: usize,
    pub height: usize,
    pub format: c_int,
    pub num_channels: c_uint,
}

/// `HIP_ARRAY3D_DESCRIPTOR`
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct HipArray3DDescriptor {
    pub width: usize,
    pub height: usize,
    pub depth: usize,
    pub format: c_int,
    pub num_channels: c_uint,
    pub flags: c_uint,
}

/// `hip_Memcpy2D`
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct HipMemcpy2D {
    pub src_x_in_bytes: usize,
    pub src_y: usize,
    pub src_memory_type: c_int,
    pub src_host: *const c_void,
    pub src_device: *mut c_void,
    pub src_array: hipArray_t,
    pub src_pitch: usize,
    pub dst_x_in_bytes: usize,
    pub dst_y: usize,
    pub dst_memory_type: c_int,
    pub dst_host: *mut c_void,
    pub dst_device: *mut c_void,
    pub dst_array: hipArray_t,
    pub dst_pitch: usize,
    pub width_in_bytes: usize,
    pub height: usize,
}

/// `HIP_MEMCPY3D`
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct HipMemcpy3DDrv {
    pub src_x_in_bytes: usize,
    pub src_y: usize,
    pub src_z: usize,
    pub src_lod: usize,
    pub src_memory_type: c_int,
    pub src_host: *const c_void,
    pub src_device: *mut c_void,
    pub src_array: hipArray_t,
    pub src_pitch: usize,
    pub src_height: usize,
    pub dst_x_in_bytes: usize,
    pub dst_y: usize,
    pub dst_z: usize,
    pub dst_lod: usize,
    pub dst_memory_type: c_int,
    pub dst_host: *mut c_void,
    pub dst_device: *mut c_void,
    pub dst_array: hipArray_t,
    pub dst_pitch: usize,
    pub dst_height: usize,
    pub width_in_bytes: usize,
    pub height: usize,
    pub depth: usize,
}

pub(crate) fn channel_desc(d: &hipChannelFormatDesc) -> ChannelDesc {
    ChannelDesc {
        x: d.x,
        y: d.y,
        z: d.z,
        w: d.w,
        f: d.f,
    }
}

pub(crate) fn to_c_channel_desc(f: &TexelFormat) -> hipChannelFormatDesc {
    let d = f.channel_desc();
    hipChannelFormatDesc {
        x: d.x,
        y: d.y,
        z: d.z,
        w: d.w,
        f: d.f,
    }
}

/// # Safety
/// `desc` must be NULL or readable.
pub(crate) unsafe fn read_format(desc: *const hipChannelFormatDesc) -> HipResult<TexelFormat> {
    non_null(desc)?;
    // SAFETY: checked non-null; readable per the caller.
    TexelFormat::from_channel_desc(&channel_desc(&unsafe { desc.read_unaligned() }))
}

fn handle(a: *const c_void) -> usize {
    a as usize
}

/// # Safety
/// `out` must be NULL or writable; `desc` NULL or readable.
unsafe fn create(out: *mut hipArray_t, desc: HipResult<ArrayDesc>) -> HipResult<()> {
    non_null(out)?;
    let h = obj::array_create(desc?)?;
    // SAFETY: checked non-null; writable per the caller.
    unsafe { write_out(out, h as hipArray_t) }
}

pub unsafe fn hipMallocArray(
    array: *mut hipArray_t,
    desc: *const hipChannelFormatDesc,
    width: usize,
    height: usize,
    flags: c_uint,
) -> HipResult<()> {
    non_null(array)?;
    // SAFETY: forwarded from the caller.
    let format = unsafe { read_format(desc) };
    let d = format.map(|format| ArrayDesc {
        width,
        height,
        depth: 0,
        format,
        flags,
    });
    // SAFETY: forwarded from the caller.
    unsafe { create(array, d) }
}

pub unsafe fn hipMalloc3DArray(
    array: *mut hipArray_t,
    desc: *const hipChannelFormatDesc,
    extent: HipExtent,
    flags: c_uint,
) -> HipResult<()> {
    non_null(array)?;
    // SAFETY: forwarded from the caller.
    let format = unsafe { read_format(desc) };
    let d = format.map(|format| ArrayDesc {
        width: extent.width,
        height: extent.height,
        depth: extent.depth,
        format,
        flags,
    });
    // SAFETY: forwarded from the caller.
    unsafe { create(array, d) }
}

pub unsafe fn hipArrayCreate(
    out: *mut hipArray_t,
    desc: *const HipArrayDescriptor,
) -> HipResult<()> {
    non_null(out)?;
    non_null(desc)?;
    // SAFETY: checked non-null; readable per the caller.
    let d = unsafe { desc.read_unaligned() };
    let format = TexelFormat::from_array_format(d.format as u32, d.num_channels);
    let a = format.map(|format| ArrayDesc {
        width: d.width,
        height: d.height,
        depth: 0,
        format,
        flags: 0,
    });
    // SAFETY: forwarded from the caller.
    unsafe { create(out, a) }
}

fn desc_3d(d: &HipArray3DDescriptor) -> HipResult<ArrayDesc> {
    let format = TexelFormat::from_array_format(d.format as u32, d.num_channels)?;
    Ok(ArrayDesc {
        width: d.width,
        height: d.height,
        depth: d.depth,
        format,
        flags: d.flags,
    })
}

pub unsafe fn hipArray3DCreate(
    out: *mut hipArray_t,
    desc: *const HipArray3DDescriptor,
) -> HipResult<()> {
    non_null(out)?;
    non_null(desc)?;
    // SAFETY: checked non-null; readable per the caller.
    let d = desc_3d(&unsafe { desc.read_unaligned() });
    // SAFETY: forwarded from the caller.
    unsafe { create(out, d) }
}

pub fn hipFreeArray(array: hipArray_t) -> HipResult<()> {
    obj::array_destroy(handle(array))
}

pub fn hipArrayDestroy(array: hipArray_t) -> HipResult<()> {
    obj::array_destroy(handle(array))
}

/// # Safety
/// Each out-pointer must be NULL (not written) or writable.
pub unsafe fn hipArrayGetInfo(
    desc: *mut hipChannelFormatDesc,
    extent: *mut HipExtent,
    flags: *mut c_uint,
    array: hipArray_t,
) -> HipResult<()> {
    let d = obj::array_desc(handle(array))?;
    // SAFETY: each pointer is written only when non-null; writable per the caller.
    unsafe {
        if crate::entry::given(desc)? {
            desc.write_unaligned(to_c_channel_desc(&d.format));
        }
        if crate::entry::given(extent)? {
            extent.write_unaligned(HipExtent {
                width: d.width,
                height: d.height,
                depth: d.depth,
            });
        }
        if crate::entry::given(flags)? {
            flags.write_unaligned(d.flags);
        }
    }
    Ok(())
}

pub unsafe fn hipArrayGetDescriptor(
    out: *mut HipArrayDescriptor,
    array: hipArray_t,
) -> HipResult<()> {
    non_null(out)?;
    let d = obj::array_desc(handle(array))?;
    let v = HipArrayDescriptor {
        width: d.width,
        height: d.height,
        format: d.format.array_format() as c_int,
        num_channels: d.format.channels,
    };
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out, v) }
}

pub unsafe fn hipArray3DGetDescriptor(
    out: *mut HipArray3DDescriptor,
    array: hipArray_t,
) -> HipResult<()> {
    non_null(out)?;
    let d = obj::array_desc(handle(array))?;
    let v = HipArray3DDescriptor {
        width: d.width,
        height: d.height,
        depth: d.depth,
        format: d.format.array_format() as c_int,
        num_channels: d.format.channels,
        flags: d.flags,
    };
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out, v) }
}

pub unsafe fn hipGetChannelDesc(
    out: *mut hipChannelFormatDesc,
    array: *const c_void,
) -> HipResult<()> {
    non_null(out)?;
    let d = obj::array_desc(handle(array))?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out, to_c_channel_desc(&d.format)) }
}

// ---------------------------------------------------------------- mipmapped arrays

/// # Safety
/// `out` must be NULL or writable.
unsafe fn create_mipmap(
    out: *mut hipMipmappedArray_t,
    d: HipResult<ArrayDesc>,
    levels: c_uint,
) -> HipResult<()> {
    non_null(out)?;
    let h = obj::mipmap_create(d?, levels)?;
    // SAFETY: checked non-null; writable per the caller.
    unsafe { write_out(out, h as hipMipmappedArray_t) }
}

pub unsafe fn hipMallocMipmappedArray(
    out: *mut hipMipmappedArray_t,
    desc: *const hipChannelFormatDesc,
    extent: HipExtent,
    levels: c_uint,
    flags: c_uint,
) -> HipResult<()> {
    non_null(out)?;
    // SAFETY: forwarded from the caller.
    let format = unsafe { read_format(desc) };
    let d = format.map(|format| ArrayDesc {
        width: extent.width,
        height: extent.height,
        depth: extent.depth,
        format,
        flags,
    });
    // SAFETY: forwarded from the caller.
    unsafe { create_mipmap(out, d, levels) }
}

pub unsafe fn hipMipmappedArrayCreate(
    out: *mut hipMipmappedArray_t,
    desc: *mut c_void,
    levels: c_uint,
) -> HipResult<()> {
    non_null(out)?;
    non_null(desc)?;
    // SAFETY: checked non-null; a readable HIP_ARRAY3D_DESCRIPTOR per the caller.
    let d = desc_3d(&unsafe { desc.cast::<HipArray3DDescriptor>().read_unaligned() });
    // SAFETY: forwarded from the caller.
    unsafe { create_mipmap(out, d, levels) }
}

pub fn hipFreeMipmappedArray(m: hipMipmappedArray_t) -> HipResult<()> {
    obj::mipmap_destroy(handle(m))
}

pub fn hipMipmappedArrayDestroy(m: hipMipmappedArray_t) -> HipResult<()> {
    obj::mipmap_destroy(handle(m))
}

pub unsafe fn hipGetMipmappedArrayLevel(
    out: *mut hipArray_t,
    m: *const c_void,
    level: c_uint,
) -> HipResult<()> {
    non_null(out)?;
    let a = obj::mipmap_level(handle(m), level)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out, a as hipArray_t) }
}

pub unsafe fn hipMipmappedArrayGetLevel(
    out: *mut hipArray_t,
    m: hipMipmappedArray_t,
    level: c_uint,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { hipGetMipmappedArrayLevel(out, m, level) }
}

// ---------------------------------------------------------------- copies

fn kind(raw: c_int) -> HipResult<CopyKind> {
    CopyKind::from_raw(raw as u32)
}

fn pos(x: usize, y: usize) -> Pos {
    Pos { x, y, z: 0 }
}

/// # Safety
/// Linear sides valid for the copy (until it has run, if async).
#[allow(clippy::too_many_arguments)]
unsafe fn copy_2d(
    src: Endpoint,
    src_pos: Pos,
    dst: Endpoint,
    dst_pos: Pos,
    width: usize,
    height: usize,
    k: c_int,
    stream: StreamT,
    sync: Sync,
) -> HipResult<()> {
    let k = kind(k)?;
    for e in [src, dst] {
        if let Endpoint::Linear { pitch, .. } = e {
            if pitch < width {
                return Err(HipError::InvalidPitchValue);
            }
        }
    }
    // SAFETY: forwarded from the caller.
    unsafe {
        obj::copy(
            src,
            src_pos,
            dst,
            dst_pos,
            (width, height, 1),
            k,
            stream,
            sync,
        )
    }
}

fn linear(ptr: *const c_void, pitch: usize, rows: usize) -> Endpoint {
    Endpoint::Linear {
        ptr: ptr as usize,
        pitch,
        rows,
    }
}

#[allow(clippy::too_many_arguments)]
pub unsafe fn hipMemcpy2DToArray(
    dst: hipArray_t,
    w_offset: usize,
    h_offset: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    k: c_int,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        copy_2d(
            linear(src, spitch, height),
            pos(0, 0),
            Endpoint::Array(handle(dst)),
            pos(w_offset, h_offset),
            width,
            height,
            k,
            std::ptr::null_mut(),
            Sync::Blocking,
        )
    }
}

#[allow(clippy::too_many_arguments)]
pub unsafe fn hipMemcpy2DToArrayAsync(
    dst: hipArray_t,
    w_offset: usize,
    h_offset: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    k: c_int,
    stream: StreamT,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        copy_2d(
            linear(src, spitch, height),
            pos(0, 0),
            Endpoint::Array(handle(dst)),
            pos(w_offset, h_offset),
            width,
            height,
            k,
            stream,
            Sync::Async,
        )
    }
}

#[allow(clippy::too_many_arguments)]
pub unsafe fn hipMemcpy2DFromArray(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    w_offset: usize,
    h_offset: usize,
    width: usize,
    height: usize,
    k: c_int,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        copy_2d(
            Endpoint::Array(handle(src)),
            pos(w_offset, h_offset),
            linear(dst, dpitch, height),
            pos(0, 0),
            width,
            height,
            k,
            std::ptr::null_mut(),
            Sync::Blocking,
        )
    }
}

#[allow(clippy::too_many_arguments)]
pub unsafe fn hipMemcpy2DFromArrayAsync(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    w_offset: usize,
    h_offset: usize,
    width: usize,
    height: usize,
    k: c_int,
    stream: StreamT,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        copy_2d(
            Endpoint::Array(handle(src)),
            pos(w_offset, h_offset),
            linear(dst, dpitch, height),
            pos(0, 0),
            width,
            height,
            k,
            stream,
            Sync::Async,
        )
    }
}

#[allow(clippy::too_many_arguments)]
pub unsafe fn hipMemcpy2DArrayToArray(
    dst: hipArray_t,
    w_offset_dst: usize,
    h_offset_dst: usize,
    src: *const c_void,
    w_offset_src: usize,
    h_offset_src: usize,
    width: usize,
    height: usize,
    k: c_int,
) -> HipResult<()> {
    // SAFETY: array sides only.
    unsafe {
        copy_2d(
            Endpoint::Array(handle(src)),
            pos(w_offset_src, h_offset_src),
            Endpoint::Array(handle(dst)),
            pos(w_offset_dst, h_offset_dst),
            width,
            height,
            k,
            std::ptr::null_mut(),
            Sync::Blocking,
        )
    }
}

/// The box of `count` bytes starting at byte `x` of row `y` of an array, as the linear
/// (deprecated) calls address it: within one row, or whole rows from the start of a row.
fn linear_box(array: usize, x: usize, y: usize, count: usize) -> HipResult<(Pos, usize, usize)> {
    let d = obj::array_desc(array)?;
    let row = d.row_bytes();
    if x.checked_add(count).is_some_and(|e| e <= row) {
        return Ok((pos(x, y), count, 1));
    }
    if x == 0 && count % row == 0 {
        return Ok((pos(0, y), row, count / row));
    }
    Err(HipError::InvalidValue)
}

/// A linear copy to (`to_array`) or from an array at (x, y).
///
/// # Safety
/// `ptr` valid for `count` bytes (until the copy has run, if async).
#[allow(clippy::too_many_arguments)]
unsafe fn copy_linear(
    array: usize,
    x: usize,
    y: usize,
    ptr: *const c_void,
    count: usize,
    to_array: bool,
    k: CopyKind,
    stream: StreamT,
    sync: Sync,
) -> HipResult<()> {
    if count == 0 {
        obj::array_desc(array)?;
        return Ok(());
    }
    let (p, w, h) = linear_box(array, x, y, count)?;
    let lin = linear(ptr, w, h);
    let (src, sp, dst, dp) = if to_array {
        (lin, pos(0, 0), Endpoint::Array(array), p)
    } else {
        (Endpoint::Array(array), p, lin, pos(0, 0))
    };
    // SAFETY: forwarded from the caller.
    unsafe { obj::copy(src, sp, dst, dp, (w, h, 1), k, stream, sync) }
}

/// (x, y) of byte `offset` of an array taken as consecutive rows.
fn offset_xy(array: usize, offset: usize) -> HipResult<(usize, usize)> {
    let row = obj::array_desc(array)?.row_bytes();
    Ok((offset % row, offset / row))
}

pub unsafe fn hipMemcpyToArray(
    dst: hipArray_t,
    w_offset: usize,
    h_offset: usize,
    src: *const c_void,
    count: usize,
    k: c_int,
) -> HipResult<()> {
    let k = kind(k)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        copy_linear(
            handle(dst),
            w_offset,
            h_offset,
            src,
            count,
            true,
            k,
            std::ptr::null_mut(),
            Sync::Blocking,
        )
    }
}

pub unsafe fn hipMemcpyFromArray(
    dst: *mut c_void,
    src: *const c_void,
    w_offset: usize,
    h_offset: usize,
    count: usize,
    k: c_int,
) -> HipResult<()> {
    let k = kind(k)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        copy_linear(
            handle(src),
            w_offset,
            h_offset,
            dst,
            count,
            false,
            k,
            std::ptr::null_mut(),
            Sync::Blocking,
        )
    }
}

/// # Safety
/// `ptr` valid for `count` bytes (until the copy has run, if async).
#[allow(clippy::too_many_arguments)]
unsafe fn copy_offset(
    array: hipArray_t,
    offset: usize,
    ptr: *const c_void,
    count: usize,
    to_array: bool,
    k: CopyKind,
    stream: StreamT,
    sync: Sync,
) -> HipResult<()> {
    let a = handle(array);
    let (x, y) = offset_xy(a, offset)?;
    // SAFETY: forwarded from the caller.
    unsafe { copy_linear(a, x, y, ptr, count, to_array, k, stream, sync) }
}

pub unsafe fn hipMemcpyAtoH(
    dst: *mut c_void,
    src: hipArray_t,
    offset: usize,
    count: usize,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        copy_offset(
            src,
            offset,
            dst,
            count,
            false,
            CopyKind::DeviceToHost,
            std::ptr::null_mut(),
            Sync::Blocking,
        )
    }
}

pub unsafe fn hipMemcpyHtoA(
    dst: hipArray_t,
    offset: usize,
    src: *const c_void,
    count: usize,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        copy_offset(
            dst,
            offset,
            src,
            count,
            true,
            CopyKind::HostToDevice,
            std::ptr::null_mut(),
            Sync::Blocking,
        )
    }
}

pub unsafe fn hipMemcpyAtoD(
    dst: *mut c_void,
    src: hipArray_t,
    offset: usize,
    count: usize,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        copy_offset(
            src,
            offset,
            dst,
            count,
            false,
            CopyKind::DeviceToDevice,
            std::ptr::null_mut(),
            Sync::Blocking,
        )
    }
}

pub unsafe fn hipMemcpyDtoA(
    dst: hipArray_t,
    offset: usize,
    src: *mut c_void,
    count: usize,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        copy_offset(
            dst,
            offset,
            src,
            count,
            true,
            CopyKind::DeviceToDevice,
            std::ptr::null_mut(),
            Sync::Blocking,
        )
    }
}

pub unsafe fn hipMemcpyAtoHAsync(
    dst: *mut c_void,
    src: hipArray_t,
    offset: usize,
    count: usize,
    stream: StreamT,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        copy_offset(
            src,
            offset,
            dst,
            count,
            false,
            CopyKind::DeviceToHost,
            stream,
            Sync::Async,
        )
    }
}

pub unsafe fn hipMemcpyHtoAAsync(
    dst: hipArray_t,
    offset: usize,
    src: *const c_void,
    count: usize,
    stream: StreamT,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        copy_offset(
            dst,
            offset,
            src,
            count,
            true,
            CopyKind::HostToDevice,
            stream,
            Sync::Async,
        )
    }
}

pub unsafe fn hipMemcpyAtoA(
    dst: hipArray_t,
    dst_offset: usize,
    src: hipArray_t,
    src_offset: usize,
    count: usize,
) -> HipResult<()> {
    let (sx, sy) = offset_xy(handle(src), src_offset)?;
    let (dx, dy) = offset_xy(handle(dst), dst_offset)?;
    let (sp, w, h) = linear_box(handle(src), sx, sy, count)?;
    let (dp, dw, dh) = linear_box(handle(dst), dx, dy, count)?;
    if (w, h) != (dw, dh) {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: array sides only.
    unsafe {
        obj::copy(
            Endpoint::Array(handle(src)),
            sp,
            Endpoint::Array(handle(dst)),
            dp,
            (w, h, 1),
            CopyKind::DeviceToDevice,
            std::ptr::null_mut(),
            Sync::Blocking,
        )
    }
}

/// `hipMemcpy3D(Async)` with an array side (called by [`crate::memory3d`]): positions and
/// extent in elements of the array taking part.
///
/// # Safety
/// `p` readable; the pointer side valid for the copy.
pub(crate) unsafe fn memcpy_3d_arrays(
    p: &HipMemcpy3DParms,
    stream: StreamT,
    sync: Sync,
) -> HipResult<()> {
    let k = CopyKind::from_raw(p.kind)?;
    let mut elem = 1;
    for a in [p.src_array, p.dst_array] {
        if !a.is_null() {
            elem = obj::array_desc(handle(a))?.format.element_size();
        }
    }
    let side =
        |array: *mut c_void, ptr: crate::memory3d::HipPitchedPtr, at: crate::memory3d::HipPos| {
            if array.is_null() {
                (
                    Endpoint::Linear {
                        ptr: ptr.ptr as usize,
                        pitch: ptr.pitch,
                        rows: ptr.ysize,
                    },
                    Pos {
                        x: at.x,
                        y: at.y,
                        z: at.z,
                    },
                )
            } else {
                (
                    Endpoint::Array(handle(array)),
                    Pos {
                        x: at.x.saturating_mul(elem),
                        y: at.y,
                        z: at.z,
                    },
                )
            }
        };
    let (src, sp) = side(p.src_array, p.src_ptr, p.src_pos);
    let (dst, dp) = side(p.dst_array, p.dst_ptr, p.dst_pos);
    let e = p.extent;
    let width = e.width.checked_mul(elem).ok_or(HipError::InvalidValue)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        obj::copy(
            src,
            sp,
            dst,
            dp,
            (width, e.height.max(1), e.depth.max(1)),
            k,
            stream,
            sync,
        )
    }
}

/// `hipMemoryType` values of the driver-API copy structures.
const MEMORY_HOST: c_int = 1;
const MEMORY_DEVICE: c_int = 2;
const MEMORY_ARRAY: c_int = 10;
const MEMORY_UNIFIED: c_int = 11;

#[allow(clippy::too_many_arguments)]
fn drv_side(
    mem: c_int,
    host: *const c_void,
    device: *const c_void,
    array: *const c_void,
    pitch: usize,
    rows: usize,
) -> HipResult<Endpoint> {
    Ok(match mem {
        MEMORY_HOST => linear(host, pitch, rows),
        MEMORY_DEVICE | MEMORY_UNIFIED => linear(device, pitch, rows),
        MEMORY_ARRAY => Endpoint::Array(handle(array)),
        _ => return Err(HipError::InvalidValue),
    })
}

/// # Safety
/// Linear sides valid for the copy (until it has run, if async).
#[allow(clippy::too_many_arguments)]
unsafe fn drv_copy(
    src: Endpoint,
    src_pos: Pos,
    dst: Endpoint,
    dst_pos: Pos,
    extent: (usize, usize, usize),
    stream: StreamT,
    sync: Sync,
) -> HipResult<()> {
    match (src, dst) {
        (
            Endpoint::Linear {
                ptr: s,
                pitch: spitch,
                rows: srows,
            },
            Endpoint::Linear {
                ptr: d,
                pitch: dpitch,
                rows: drows,
            },
        ) => {
            let params = Memcpy3dParams {
                src: PitchedPtr {
                    ptr: s,
                    pitch: spitch,
                    xsize: extent.0,
                    ysize: srows,
                },
                src_pos,
                dst: PitchedPtr {
                    ptr: d,
                    pitch: dpitch,
                    xsize: extent.0,
                    ysize: drows,
                },
                dst_pos,
                extent: Extent {
                    width: extent.0,
                    height: extent.1,
                    depth: extent.2,
                },
                kind: 4,
            };
            // SAFETY: forwarded from the caller.
            unsafe { backend().memcpy_3d(&params, stream, sync) }
        }
        // SAFETY: forwarded from the caller.
        _ => unsafe {
            obj::copy(
                src,
                src_pos,
                dst,
                dst_pos,
                extent,
                CopyKind::Default,
                stream,
                sync,
            )
        },
    }
}

/// # Safety
/// `p` NULL or readable; its memory valid for the copy.
unsafe fn memcpy_param_2d(p: *const HipMemcpy2D, stream: StreamT, sync: Sync) -> HipResult<()> {
    non_null(p)?;
    // SAFETY: checked non-null; readable per the caller.
    let p = unsafe { p.read_unaligned() };
    let src = drv_side(
        p.src_memory_type,
        p.src_host,
        p.src_device,
        p.src_array,
        p.src_pitch,
        p.height,
    )?;
    let dst = drv_side(
        p.dst_memory_type,
        p.dst_host,
        p.dst_device,
        p.dst_array,
        p.dst_pitch,
        p.height,
    )?;
    // SAFETY: forwarded from the caller.
    unsafe {
        drv_copy(
            src,
            pos(p.src_x_in_bytes, p.src_y),
            dst,
            pos(p.dst_x_in_bytes, p.dst_y),
            (p.width_in_bytes, p.height, 1),
            stream,
            sync,
        )
    }
}

pub unsafe fn hipMemcpyParam2D(p: *const c_void) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { memcpy_param_2d(p.cast(), std::ptr::null_mut(), Sync::Blocking) }
}

pub unsafe fn hipMemcpyParam2DAsync(p: *const c_void, stream: StreamT) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { memcpy_param_2d(p.cast(), stream, Sync::Async) }
}

pub unsafe fn hipDrvMemcpy2DUnaligned(p: *const c_void) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { memcpy_param_2d(p.cast(), std::ptr::null_mut(), Sync::Blocking) }
}

/// # Safety
/// `p` NULL or readable; its memory valid for the copy.
unsafe fn drv_memcpy_3d(p: *const HipMemcpy3DDrv, stream: StreamT, sync: Sync) -> HipResult<()> {
    non_null(p)?;
    // SAFETY: checked non-null; readable per the caller.
    let p = unsafe { p.read_unaligned() };
    if p.src_lod != 0 || p.dst_lod != 0 {
        return Err(HipError::InvalidValue);
    }
    let src = drv_side(
        p.src_memory_type,
        p.src_host,
        p.src_device,
        p.src_array,
        p.src_pitch,
        p.src_height,
    )?;
    let dst = drv_side(
        p.dst_memory_type,
        p.dst_host,
        p.dst_device,
        p.dst_array,
        p.dst_pitch,
        p.dst_height,
    )?;
    let sp = Pos {
        x: p.src_x_in_bytes,
        y: p.src_y,
        z: p.src_z,
    };
    let dp = Pos {
        x: p.dst_x_in_bytes,
        y: p.dst_y,
        z: p.dst_z,
    };
    // SAFETY: forwarded from the caller.
    unsafe {
        drv_copy(
            src,
            sp,
            dst,
            dp,
            (p.width_in_bytes, p.height, p.depth),
            stream,
            sync,
        )
    }
}

pub unsafe fn hipDrvMemcpy3D(p: *const c_void) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { drv_memcpy_3d(p.cast(), std::ptr::null_mut(), Sync::Blocking) }
}

pub unsafe fn hipDrvMemcpy3DAsync(p: *const c_void, stream: StreamT) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { drv_memcpy_3d(p.cast(), stream, Sync::Async) }
}

// ---------------------------------------------------------------- per-thread default stream

/// `hipStreamPerThread`
const PER_THREAD: StreamT = 2 as StreamT;

fn per_thread(s: StreamT) -> StreamT {
    if s.is_null() {
        PER_THREAD
    } else {
        s
    }
}

/// Enqueues on the per-thread stream, then waits for it (the `_spt` forms without a stream).
fn synchronously(enqueue: impl FnOnce(StreamT) -> HipResult<()>) -> HipResult<()> {
    enqueue(PER_THREAD)?;
    crate::stream::hipStreamSynchronize(PER_THREAD)
}

#[allow(clippy::too_many_arguments)]
pub unsafe fn hipMemcpy2DToArray_spt(
    dst: hipArray_t,
    w_offset: usize,
    h_offset: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    k: c_int,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    synchronously(|s| unsafe {
        hipMemcpy2DToArrayAsync(dst, w_offset, h_offset, src, spitch, width, height, k, s)
    })
}

#[allow(clippy::too_many_arguments)]
pub unsafe fn hipMemcpy2DToArrayAsync_spt(
    dst: hipArray_t,
    w_offset: usize,
    h_offset: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    k: c_int,
    stream: StreamT,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        hipMemcpy2DToArrayAsync(
            dst,
            w_offset,
            h_offset,
            src,
            spitch,
            width,
            height,
            k,
            per_thread(stream),
        )
    }
}

#[allow(clippy::too_many_arguments)]
pub unsafe fn hipMemcpy2DFromArray_spt(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    w_offset: usize,
    h_offset: usize,
    width: usize,
    height: usize,
    k: c_int,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    synchronously(|s| unsafe {
        hipMemcpy2DFromArrayAsync(dst, dpitch, src, w_offset, h_offset, width, height, k, s)
    })
}

#[allow(clippy::too_many_arguments)]
pub unsafe fn hipMemcpy2DFromArrayAsync_spt(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    w_offset: usize,
    h_offset: usize,
    width: usize,
    height: usize,
    k: c_int,
    stream: StreamT,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        hipMemcpy2DFromArrayAsync(
            dst,
            dpitch,
            src,
            w_offset,
            h_offset,
            width,
            height,
            k,
            per_thread(stream),
        )
    }
}

pub unsafe fn hipMemcpyFromArray_spt(
    dst: *mut c_void,
    src: *const c_void,
    w_offset: usize,
    h_offset: usize,
    count: usize,
    k: c_int,
) -> HipResult<()> {
    let k = kind(k)?;
    // SAFETY: forwarded from the caller.
    synchronously(|s| unsafe {
        copy_linear(
            handle(src),
            w_offset,
            h_offset,
            dst,
            count,
            false,
            k,
            s,
            Sync::Async,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    #[test]
    fn layouts_match_the_header() {
        assert_eq!(size_of::<HipArrayDescriptor>(), 24);
        assert_eq!(size_of::<HipArray3DDescriptor>(), 40);
        assert_eq!(offset_of!(HipMemcpy2D, src_host), 24);
        assert_eq!(offset_of!(HipMemcpy2D, dst_memory_type), 72);
        assert_eq!(size_of::<HipMemcpy2D>(), 128);
        assert_eq!(offset_of!(HipMemcpy3DDrv, src_memory_type), 32);
        assert_eq!(offset_of!(HipMemcpy3DDrv, dst_x_in_bytes), 80);
        assert_eq!(size_of::<HipMemcpy3DDrv>(), 184);
    }
}
