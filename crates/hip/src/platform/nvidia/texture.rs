//! Arrays, mipmapped arrays, texture and surface objects over the driver: `cuArray3DCreate`,
//! `cuMipmappedArrayCreate`, `cuMemcpy3D` with array endpoints, `cuTexObjectCreate`,
//! `cuSurfObjectCreate`. HIP's descriptors map one to one onto the driver's (same enum
//! values); the runtime-API read mode becomes `CU_TRSF_READ_AS_INTEGER` (the driver
//! promotes integer texels to normalised floats unless told not to).

use std::ffi::c_void;
use std::sync::OnceLock;

use super::context::make_current;
use super::cu;
use super::driver::check;
use crate::error::{HipError, HipResult};
use crate::texture::{
    ArrayCopy, ArrayDesc, ArrayStorage, CopySide, FilterMode, MipmapStorage, Resource, TexelFormat,
    TextureDesc, ViewDesc,
};

/// The entry points this module calls: a driver without them has no texture support here
/// (`hipErrorNotSupported`) instead of a panic in cudarc's loader.
const SYMBOLS: &[&str] = &[
    "cuArray3DCreate_v2",
    "cuArrayDestroy",
    "cuMipmappedArrayCreate",
    "cuMipmappedArrayGetLevel",
    "cuMipmappedArrayDestroy",
    "cuMemcpy3D_v2",
    "cuMemcpy3DAsync_v2",
    "cuTexObjectCreate",
    "cuTexObjectDestroy",
    "cuSurfObjectCreate",
    "cuSurfObjectDestroy",
];

fn require(dev: usize) -> HipResult<()> {
    static OK: OnceLock<bool> = OnceLock::new();
    let ok = *OK.get_or_init(|| cuda::driver().is_some_and(|d| d.has_all(SYMBOLS)));
    if !ok {
        return Err(HipError::NotSupported);
    }
    make_current(dev).map(|_| ())
}

fn cu_format(f: &TexelFormat) -> cu::CUarray_format {
    use cu::CUarray_format as F;
    match f.array_format() {
        0x01 => F::CU_AD_FORMAT_UNSIGNED_INT8,
        0x02 => F::CU_AD_FORMAT_UNSIGNED_INT16,
        0x03 => F::CU_AD_FORMAT_UNSIGNED_INT32,
        0x08 => F::CU_AD_FORMAT_SIGNED_INT8,
        0x09 => F::CU_AD_FORMAT_SIGNED_INT16,
        0x0a => F::CU_AD_FORMAT_SIGNED_INT32,
        0x10 => F::CU_AD_FORMAT_HALF,
        _ => F::CU_AD_FORMAT_FLOAT,
    }
}

fn descriptor(d: &ArrayDesc) -> cu::CUDA_ARRAY3D_DESCRIPTOR {
    cu::CUDA_ARRAY3D_DESCRIPTOR {
        Width: d.width,
        Height: d.height,
        Depth: d.depth,
        Format: cu_format(&d.format),
        NumChannels: d.format.channels,
        Flags: d.flags,
    }
}

/// `cuArray3DCreate` on `dev`.
pub fn array_create(dev: usize, d: &ArrayDesc) -> HipResult<ArrayStorage> {
    require(dev)?;
    let mut a: cu::CUarray = std::ptr::null_mut();
    // SAFETY: a context is current; plain in/out parameters.
    check(unsafe { cu::cuArray3DCreate_v2(&mut a, &descriptor(d)) })?;
    Ok(ArrayStorage {
        handle: a as u64,
        pitch: 0,
    })
}

/// Waits for the device: `hipFreeArray` and `hipFreeMipmappedArray` synchronise as `hipFree`
/// does, so that no queued copy or kernel still reads the array.
fn synchronize() -> HipResult<()> {
    // SAFETY: a context is current (made by `require`).
    check(unsafe { cu::cuCtxSynchronize() })
}

/// `cuArrayDestroy` (after the device is idle).
///
/// # Safety
/// `s` must be an array [`array_create`] made, no longer used.
pub unsafe fn array_destroy(dev: usize, s: &ArrayStorage) -> HipResult<()> {
    require(dev)?;
    synchronize()?;
    // SAFETY: per the caller.
    check(unsafe { cu::cuArrayDestroy(s.handle as usize as cu::CUarray) })
}

/// `cuMipmappedArrayCreate` and its levels.
pub fn mipmap_create(dev: usize, d: &ArrayDesc, levels: u32) -> HipResult<MipmapStorage> {
    require(dev)?;
    let mut m: cu::CUmipmappedArray = std::ptr::null_mut();
    // SAFETY: a context is current; plain in/out parameters.
    check(unsafe { cu::cuMipmappedArrayCreate(&mut m, &descriptor(d), levels) })?;
    let mut out = MipmapStorage {
        handle: m as u64,
        levels: Vec::with_capacity(levels as usize),
    };
    for l in 0..levels {
        let mut a: cu::CUarray = std::ptr::null_mut();
        // SAFETY: `m` is the live mipmapped array just made; `l` below its level count.
        let r = check(unsafe { cu::cuMipmappedArrayGetLevel(&mut a, m, l) });
        if let Err(e) = r {
            // SAFETY: not handed out yet.
            unsafe { cu::cuMipmappedArrayDestroy(m) };
            return Err(e);
        }
        out.levels.push(ArrayStorage {
            handle: a as u64,
            pitch: 0,
        });
    }
    Ok(out)
}

/// `cuMipmappedArrayDestroy` (after the device is idle).
///
/// # Safety
/// `s` must be a mipmapped array [`mipmap_create`] made, no longer used.
pub unsafe fn mipmap_destroy(dev: usize, s: &MipmapStorage) -> HipResult<()> {
    require(dev)?;
    synchronize()?;
    // SAFETY: per the caller.
    check(unsafe { cu::cuMipmappedArrayDestroy(s.handle as usize as cu::CUmipmappedArray) })
}

/// A copy with array sides: `cuMemcpy3D(Async)` (linear sides as unified memory).
///
/// # Safety
/// Linear sides must be valid memory for the copy; `stream` live when given.
pub unsafe fn array_copy(dev: usize, c: &ArrayCopy, stream: Option<cu::CUstream>) -> HipResult<()> {
    require(dev)?;
    use cu::CUmemorytype as M;
    let mut raw = std::mem::MaybeUninit::<cu::CUDA_MEMCPY3D>::zeroed();
    let q = raw.as_mut_ptr();
    let kind = |s: &CopySide| match s {
        CopySide::Linear { .. } => M::CU_MEMORYTYPE_UNIFIED,
        CopySide::Array(..) => M::CU_MEMORYTYPE_ARRAY,
    };
    // SAFETY: `q` points to the zeroed struct; the two memory types are its only fields for
    // which zero is not a valid value.
    let mut p = unsafe {
        std::ptr::addr_of_mut!((*q).srcMemoryType).write(kind(&c.src));
        std::ptr::addr_of_mut!((*q).dstMemoryType).write(kind(&c.dst));
        raw.assume_init()
    };
    match c.src {
        CopySide::Linear { ptr, pitch, rows } => {
            p.srcDevice = ptr as cu::CUdeviceptr;
            p.srcHost = ptr as *const c_void;
            p.srcPitch = pitch;
            p.srcHeight = rows;
        }
        CopySide::Array(_, s) => p.srcArray = s.handle as usize as cu::CUarray,
    }
    match c.dst {
        CopySide::Linear { ptr, pitch, rows } => {
            p.dstDevice = ptr as cu::CUdeviceptr;
            p.dstHost = ptr as *mut c_void;
            p.dstPitch = pitch;
            p.dstHeight = rows;
        }
        CopySide::Array(_, s) => p.dstArray = s.handle as usize as cu::CUarray,
    }
    p.srcXInBytes = c.src_pos.x;
    p.srcY = c.src_pos.y;
    p.srcZ = c.src_pos.z;
    p.dstXInBytes = c.dst_pos.x;
    p.dstY = c.dst_pos.y;
    p.dstZ = c.dst_pos.z;
    p.WidthInBytes = c.width;
    p.Height = c.height;
    p.Depth = c.depth;
    // Linear sides are unified memory: the driver reads an unknown address with the CPU.
    let extent = [c.width, c.height, c.depth];
    for (side, pos) in [(&c.src, &c.src_pos), (&c.dst, &c.dst_pos)] {
        if let CopySide::Linear { ptr, pitch, rows } = *side {
            let pos = [pos.x, pos.y, pos.z];
            if !super::memory::box_ok(ptr, pitch, rows.max(c.height), pos, extent)
                && !super::memory::capturing(stream)
            {
                return Err(HipError::InvalidValue);
            }
        }
    }
    // SAFETY: a context is current; the caller guarantees the linear sides and the stream.
    check(unsafe {
        match stream {
            None => cu::cuMemcpy3D_v2(&p),
            Some(s) => cu::cuMemcpy3DAsync_v2(&p, s),
        }
    })
}

fn resource_desc(res: &Resource) -> cu::CUDA_RESOURCE_DESC {
    // SAFETY: the driver's resource descriptor is plain data; all-zero is valid
    // (CU_RESOURCE_TYPE_ARRAY with a null array, overwritten below).
    let mut d: cu::CUDA_RESOURCE_DESC = unsafe { std::mem::zeroed() };
    use cu::CUresourcetype as T;
    match res {
        Resource::Array(_, s) => {
            d.resType = T::CU_RESOURCE_TYPE_ARRAY;
            d.res.array.hArray = s.handle as usize as cu::CUarray;
        }
        Resource::Mipmap(_, m) => {
            d.resType = T::CU_RESOURCE_TYPE_MIPMAPPED_ARRAY;
            d.res.mipmap.hMipmappedArray = m.handle as usize as cu::CUmipmappedArray;
        }
        Resource::Linear { ptr, format, size } => {
            d.resType = T::CU_RESOURCE_TYPE_LINEAR;
            d.res.linear.devPtr = *ptr as cu::CUdeviceptr;
            d.res.linear.format = cu_format(format);
            d.res.linear.numChannels = format.channels;
            d.res.linear.sizeInBytes = *size;
        }
        Resource::Pitch2D {
            ptr,
            format,
            width,
            height,
            pitch,
        } => {
            d.resType = T::CU_RESOURCE_TYPE_PITCH2D;
            d.res.pitch2D.devPtr = *ptr as cu::CUdeviceptr;
            d.res.pitch2D.format = cu_format(format);
            d.res.pitch2D.numChannels = format.channels;
            d.res.pitch2D.width = *width;
            d.res.pitch2D.height = *height;
            d.res.pitch2D.pitchInBytes = *pitch;
        }
    }
    d
}

/// `CU_TRSF_READ_AS_INTEGER`, `CU_TRSF_NORMALIZED_COORDINATES`, `CU_TRSF_SRGB`.
const TRSF_READ_AS_INTEGER: u32 = 0x01;
const TRSF_NORMALIZED_COORDINATES: u32 = 0x02;
const TRSF_SRGB: u32 = 0x10;

/// `CUDA_RESOURCE_VIEW_DESC` of a (checked) view.
fn view_desc(v: &ViewDesc) -> HipResult<cu::CUDA_RESOURCE_VIEW_DESC> {
    if v.format > 0x22 {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: `CUresourceViewFormat` is a `repr(u32)` enum whose values are exactly 0..=0x22
    // (HIP's `hipResourceViewFormat` numbering), and `v.format` is in that range.
    let format = unsafe { std::mem::transmute::<u32, cu::CUresourceViewFormat>(v.format) };
    Ok(cu::CUDA_RESOURCE_VIEW_DESC {
        format,
        width: v.width,
        height: v.height,
        depth: v.depth,
        firstMipmapLevel: v.first_mipmap_level,
        lastMipmapLevel: v.last_mipmap_level,
        firstLayer: v.first_layer,
        lastLayer: v.last_layer,
        reserved: [0; 16],
    })
}

/// `cuTexObjectCreate`.
pub fn texture_create(
    dev: usize,
    res: &Resource,
    t: &TextureDesc,
    view: Option<&ViewDesc>,
) -> HipResult<u64> {
    require(dev)?;
    use cu::CUaddress_mode as A;
    use cu::CUfilter_mode as F;
    let am = |m: crate::texture::AddressMode| match m as u32 {
        0 => A::CU_TR_ADDRESS_MODE_WRAP,
        1 => A::CU_TR_ADDRESS_MODE_CLAMP,
        2 => A::CU_TR_ADDRESS_MODE_MIRROR,
        _ => A::CU_TR_ADDRESS_MODE_BORDER,
    };
    let fm = |m: FilterMode| match m {
        FilterMode::Point => F::CU_TR_FILTER_MODE_POINT,
        FilterMode::Linear => F::CU_TR_FILTER_MODE_LINEAR,
    };
    let mut flags = 0;
    if !t.normalized_float {
        flags |= TRSF_READ_AS_INTEGER;
    }
    if t.normalized_coords {
        flags |= TRSF_NORMALIZED_COORDINATES;
    }
    if t.srgb {
        flags |= TRSF_SRGB;
    }
    let td = cu::CUDA_TEXTURE_DESC {
        addressMode: t.address_mode.map(am),
        filterMode: fm(t.filter_mode),
        flags,
        maxAnisotropy: t.max_anisotropy,
        mipmapFilterMode: fm(t.mipmap_filter_mode),
        mipmapLevelBias: t.mipmap_level_bias,
        minMipmapLevelClamp: t.min_mipmap_level_clamp,
        maxMipmapLevelClamp: t.max_mipmap_level_clamp,
        borderColor: t.border_color,
        reserved: [0; 12],
    };
    let rd = resource_desc(res);
    let vd = view.map(view_desc).transpose()?;
    let vp = vd.as_ref().map_or(std::ptr::null(), |v| v as *const _);
    let mut obj: cu::CUtexObject = 0;
    // SAFETY: a context is current; the descriptors are complete (the view optional).
    check(unsafe { cu::cuTexObjectCreate(&mut obj, &rd, &td, vp) })?;
    Ok(obj)
}

/// `cuTexObjectDestroy`.
///
/// # Safety
/// `obj` must be a live texture object [`texture_create`] made.
pub unsafe fn texture_destroy(dev: usize, obj: u64) -> HipResult<()> {
    require(dev)?;
    // SAFETY: per the caller.
    check(unsafe { cu::cuTexObjectDestroy(obj) })
}

/// `cuSurfObjectCreate`.
pub fn surface_create(dev: usize, res: &Resource) -> HipResult<u64> {
    require(dev)?;
    let rd = resource_desc(res);
    let mut obj: cu::CUsurfObject = 0;
    // SAFETY: a context is current; the descriptor is complete.
    check(unsafe { cu::cuSurfObjectCreate(&mut obj, &rd) })?;
    Ok(obj)
}

/// `cuSurfObjectDestroy`.
///
/// # Safety
/// `obj` must be a live surface object [`surface_create`] made.
pub unsafe fn surface_destroy(dev: usize, obj: u64) -> HipResult<()> {
    require(dev)?;
    // SAFETY: per the caller.
    check(unsafe { cu::cuSurfObjectDestroy(obj) })
}
