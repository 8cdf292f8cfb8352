//! Pitched 3-D copies and fills: `hipMemcpy3D(Async)` over `cuMemcpy3D(Async)` (pointer
//! form), `hipMemset3D(Async)` over 2-D driver fills.
//!
//! `stream` is `None` for the blocking forms (the driver's synchronous calls) and a live
//! stream (or a default one) for the async forms.

use std::ffi::c_void;

use super::context::make_current;
use super::cu;
use super::driver::check;
use super::memory::{box_ok, memset_2d, memset_2d_async};
use crate::error::{HipError, HipResult};
use crate::graph::Memcpy3dParams;
use crate::memory::{Extent, PitchedPtr};

/// `hipMemcpy3D(Async)`: unified memory types on both sides (the driver infers where each
/// pointer lives), extent in bytes x rows x slices. `params.kind` is checked by the caller
/// and not needed here.
///
/// # Safety
/// Both boxes must be valid memory; `stream` a live stream (or a default one) when given.
pub unsafe fn memcpy_3d(
    dev: usize,
    params: &Memcpy3dParams,
    stream: Option<cu::CUstream>,
) -> HipResult<()> {
    make_current(dev)?;
    let (src, dst, e) = (&params.src, &params.dst, &params.extent);
    if e.is_empty() {
        return Ok(());
    }
    if src.ptr == 0 || dst.ptr == 0 {
        return Err(HipError::InvalidValue);
    }
    if e.width > src.pitch || e.width > dst.pitch {
        return Err(HipError::InvalidPitchValue);
    }
    let extent = [e.width, e.height, e.depth];
    let src_pos = [params.src_pos.x, params.src_pos.y, params.src_pos.z];
    let dst_pos = [params.dst_pos.x, params.dst_pos.y, params.dst_pos.z];
    let in_bounds = box_ok(src.ptr, src.pitch, src.ysize.max(e.height), src_pos, extent)
        && box_ok(dst.ptr, dst.pitch, dst.ysize.max(e.height), dst_pos, extent);
    if !(in_bounds || super::memory::capturing(stream)) {
        return Err(HipError::InvalidValue);
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
    p.srcDevice = src.ptr as cu::CUdeviceptr;
    p.srcHost = src.ptr as *const c_void;
    p.srcPitch = src.pitch;
    p.srcHeight = src.ysize;
    p.srcXInBytes = params.src_pos.x;
    p.srcY = params.src_pos.y;
    p.srcZ = params.src_pos.z;
    p.dstDevice = dst.ptr as cu::CUdeviceptr;
    p.dstHost = dst.ptr as *mut c_void;
    p.dstPitch = dst.pitch;
    p.dstHeight = dst.ysize;
    p.dstXInBytes = params.dst_pos.x;
    p.dstY = params.dst_pos.y;
    p.dstZ = params.dst_pos.z;
    p.WidthInBytes = e.width;
    p.Height = e.height;
    p.Depth = e.depth;
    // SAFETY: a context is current; the caller guarantees both boxes and the stream.
    check(unsafe {
        match stream {
            None => cu::cuMemcpy3D_v2(&p),
            Some(s) => cu::cuMemcpy3DAsync_v2(&p, s),
        }
    })
}

/// `hipMemset3D(Async)`: byte fill of the `extent` box of `pitched`, one 2-D fill per slice
/// (one for the whole box when the slices are contiguous).
///
/// # Safety
/// The box must be device-accessible memory; `stream` as for [`memcpy_3d`].
pub unsafe fn memset_3d(
    dev: usize,
    pitched: PitchedPtr,
    value: u8,
    extent: Extent,
    stream: Option<cu::CUstream>,
) -> HipResult<()> {
    if extent.is_empty() {
        return make_current(dev).map(|_| ());
    }
    if pitched.ptr == 0 {
        return Err(HipError::InvalidValue);
    }
    let pitch = pitched.pitch;
    if extent.width > pitch {
        return Err(HipError::InvalidPitchValue);
    }
    let slice = pitch
        .checked_mul(pitched.ysize)
        .ok_or(HipError::InvalidValue)?;
    let fill = |base: usize, rows: usize| {
        // SAFETY: the caller guarantees the box (and the stream).
        unsafe {
            match stream {
                None => memset_2d(dev, base as u64, pitch, value, extent.width, rows),
                Some(s) => memset_2d_async(dev, base as u64, pitch, value, extent.width, rows, s),
            }
        }
    };
    if extent.height == pitched.ysize {
        let rows = extent
            .height
            .checked_mul(extent.depth)
            .ok_or(HipError::InvalidValue)?;
        return fill(pitched.ptr, rows);
    }
    for z in 0..extent.depth {
        fill(pitched.ptr + z * slice, extent.height)?;
    }
    Ok(())
}
