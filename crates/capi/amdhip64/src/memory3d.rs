//! Pitched 3-D memory: `hipMalloc3D`, `hipMemcpy3D(Async)`, `hipMemset3D(Async)`.
//!
//! `hipMemcpy3D(Async)` with an array side goes to [`crate::array`]; memcpy graph nodes
//! take the pointer form only (parameters naming an array are `hipErrorNotSupported` there,
//! `hipErrorInvalidValue` when a side names both an array and a pointer, as HIP rejects).

use std::ffi::{c_int, c_uint, c_void};

use hip::backend;
use hip::graph::Memcpy3dParams;
use hip::memory::{CopyKind, Extent, PitchedPtr, Pos, Sync};
use hip::{HipError, HipResult};

use crate::entry::{non_null, write_out};
use crate::stream::StreamT;

/// `hipPitchedPtr`
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct HipPitchedPtr {
    pub ptr: *mut c_void,
    pub pitch: usize,
    pub xsize: usize,
    pub ysize: usize,
}

/// `hipExtent`
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct HipExtent {
    pub width: usize,
    pub height: usize,
    pub depth: usize,
}

/// `hipPos`
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct HipPos {
    pub x: usize,
    pub y: usize,
    pub z: usize,
}

/// `hipMemcpy3DParms`
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct HipMemcpy3DParms {
    pub src_array: *mut c_void,
    pub src_pos: HipPos,
    pub src_ptr: HipPitchedPtr,
    pub dst_array: *mut c_void,
    pub dst_pos: HipPos,
    pub dst_ptr: HipPitchedPtr,
    pub extent: HipExtent,
    pub kind: c_uint,
}

impl From<HipPitchedPtr> for PitchedPtr {
    fn from(p: HipPitchedPtr) -> PitchedPtr {
        PitchedPtr {
            ptr: p.ptr as usize,
            pitch: p.pitch,
            xsize: p.xsize,
            ysize: p.ysize,
        }
    }
}

impl From<PitchedPtr> for HipPitchedPtr {
    fn from(p: PitchedPtr) -> HipPitchedPtr {
        HipPitchedPtr {
            ptr: p.ptr as *mut c_void,
            pitch: p.pitch,
            xsize: p.xsize,
            ysize: p.ysize,
        }
    }
}

impl From<HipExtent> for Extent {
    fn from(e: HipExtent) -> Extent {
        Extent {
            width: e.width,
            height: e.height,
            depth: e.depth,
        }
    }
}

impl From<Extent> for HipExtent {
    fn from(e: Extent) -> HipExtent {
        HipExtent {
            width: e.width,
            height: e.height,
            depth: e.depth,
        }
    }
}

impl From<HipPos> for Pos {
    fn from(p: HipPos) -> Pos {
        Pos {
            x: p.x,
            y: p.y,
            z: p.z,
        }
    }
}

impl From<Pos> for HipPos {
    fn from(p: Pos) -> HipPos {
        HipPos {
            x: p.x,
            y: p.y,
            z: p.z,
        }
    }
}

/// Reads `hipMemcpy3DParms` (pointer form only; see the module documentation).
///
/// # Safety
/// `p` must be NULL (rejected) or readable.
pub(crate) unsafe fn read_params(p: *const HipMemcpy3DParms) -> HipResult<Memcpy3dParams> {
    crate::entry::usable(p)?;
    // SAFETY: checked non-null; readable per the caller.
    let p = unsafe { p.read_unaligned() };
    for (array, ptr) in [(p.src_array, p.src_ptr.ptr), (p.dst_array, p.dst_ptr.ptr)] {
        if !array.is_null() {
            return Err(if ptr.is_null() {
                HipError::NotSupported
            } else {
                HipError::InvalidValue
            });
        }
    }
    Ok(Memcpy3dParams {
        src: p.src_ptr.into(),
        src_pos: p.src_pos.into(),
        dst: p.dst_ptr.into(),
        dst_pos: p.dst_pos.into(),
        extent: p.extent.into(),
        kind: p.kind,
    })
}

/// The `hipMemcpy3DParms` of a copy node.
pub(crate) fn write_params(p: &Memcpy3dParams) -> HipMemcpy3DParms {
    HipMemcpy3DParms {
        src_array: std::ptr::null_mut(),
        src_pos: p.src_pos.into(),
        src_ptr: p.src.into(),
        dst_array: std::ptr::null_mut(),
        dst_pos: p.dst_pos.into(),
        dst_ptr: p.dst.into(),
        extent: p.extent.into(),
        kind: p.kind,
    }
}

/// # Safety
/// `pitched` must be NULL or writable.
pub unsafe fn hipMalloc3D(pitched: *mut HipPitchedPtr, extent: HipExtent) -> HipResult<()> {
    non_null(pitched)?;
    let p = backend().malloc_3d(extent.into())?;
    let bytes = p.pitch.saturating_mul(p.ysize).saturating_mul(extent.depth);
    crate::profiler_activity::allocated(p.ptr as *mut c_void, bytes, true);
    // SAFETY: forwarded from the caller.
    unsafe { write_out(pitched, p.into()) }
}

/// # Safety
/// The box must lie in memory valid for writes (until the fill has run, if async).
unsafe fn memset_3d(
    pitched: HipPitchedPtr,
    value: c_int,
    extent: HipExtent,
    stream: StreamT,
    sync: Sync,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { backend().memset_3d(pitched.into(), value as u8, extent.into(), stream, sync) }
}

/// # Safety
/// The box must lie in memory valid for writes.
pub unsafe fn hipMemset3D(
    pitched: HipPitchedPtr,
    value: c_int,
    extent: HipExtent,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { memset_3d(pitched, value, extent, std::ptr::null_mut(), Sync::Blocking) }
}

/// # Safety
/// The box must stay valid for writes until the fill has run.
pub unsafe fn hipMemset3DAsync(
    pitched: HipPitchedPtr,
    value: c_int,
    extent: HipExtent,
    stream: StreamT,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { memset_3d(pitched, value, extent, stream, Sync::Async) }
}

/// # Safety
/// `p` must be NULL or readable; both boxes valid (until the copy has run, if async).
unsafe fn memcpy_3d(p: *const HipMemcpy3DParms, stream: StreamT, sync: Sync) -> HipResult<()> {
    crate::entry::usable(p)?;
    // SAFETY: checked non-null; readable per the caller.
    let raw = unsafe { p.read_unaligned() };
    if !raw.src_array.is_null() || !raw.dst_array.is_null() {
        if (!raw.src_array.is_null() && !raw.src_ptr.ptr.is_null())
            || (!raw.dst_array.is_null() && !raw.dst_ptr.ptr.is_null())
        {
            return Err(HipError::InvalidValue);
        }
        // SAFETY: forwarded from the caller.
        return unsafe { crate::array::memcpy_3d_arrays(&raw, stream, sync) };
    }
    // SAFETY: forwarded from the caller.
    let params = unsafe { read_params(p)? };
    CopyKind::from_raw(params.kind)?;
    // SAFETY: forwarded from the caller.
    unsafe { backend().memcpy_3d(&params, stream, sync) }
}

/// # Safety
/// `p` must be NULL or readable, and describe valid memory.
pub unsafe fn hipMemcpy3D(p: *const HipMemcpy3DParms) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { memcpy_3d(p, std::ptr::null_mut(), Sync::Blocking) }
}

/// # Safety
/// `p` must be NULL or readable, and describe memory valid until the copy has run.
pub unsafe fn hipMemcpy3DAsync(p: *const HipMemcpy3DParms, stream: StreamT) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { memcpy_3d(p, stream, Sync::Async) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    /// `hipMemcpy3DParms` as `include/hip/hip_runtime_api.h` lays it out (LP64).
    #[test]
    fn layout_matches_header() {
        assert_eq!(size_of::<HipPitchedPtr>(), 32);
        assert_eq!(size_of::<HipExtent>(), 24);
        assert_eq!(offset_of!(HipMemcpy3DParms, src_pos), 8);
        assert_eq!(offset_of!(HipMemcpy3DParms, src_ptr), 32);
        assert_eq!(offset_of!(HipMemcpy3DParms, dst_array), 64);
        assert_eq!(offset_of!(HipMemcpy3DParms, dst_ptr), 96);
        assert_eq!(offset_of!(HipMemcpy3DParms, extent), 128);
        assert_eq!(offset_of!(HipMemcpy3DParms, kind), 152);
        assert_eq!(size_of::<HipMemcpy3DParms>(), 160);
    }
}
