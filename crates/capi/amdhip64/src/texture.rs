//! Texture objects (runtime and driver flavours), surface objects and the deprecated
//! texture references: HIP's descriptors read and written here, objects made by
//! `hip::texture::objects`.
//!
//! A texture reference (`textureReference`, the base of C++'s `texture<T, dim, mode>`) is
//! the program's own structure: binding makes a texture object from its sampling fields and
//! stores it in `textureObject`, which device code reads (on the CPU the sampler also takes
//! the reference's current filter, address and coordinate modes at each fetch, as the
//! texture-reference API defines). Unbinding destroys that object.

use std::ffi::{c_int, c_uint, c_void};

use hip::texture::objects as obj;
use hip::texture::{AddressMode, FilterMode, ResourceDesc, TexelFormat, TextureDesc, ViewDesc};
use hip::{backend, HipError, HipResult};

use crate::array::{read_format, to_c_channel_desc};
use crate::entry::{non_null, write_out};
use crate::types::{hipArray_t, hipChannelFormatDesc, hipMipmappedArray_t, hipTextureObject_t};

/// The `linear` member of `hipResourceDesc::res`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct LinearRes {
    pub dev_ptr: *mut c_void,
    pub desc: hipChannelFormatDesc,
    pub size_in_bytes: usize,
}

/// The `pitch2D` member of `hipResourceDesc::res`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct Pitch2DRes {
    pub dev_ptr: *mut c_void,
    pub desc: hipChannelFormatDesc,
    pub width: usize,
    pub height: usize,
    pub pitch_in_bytes: usize,
}

/// `hipResourceDesc::res`
#[repr(C)]
#[derive(Clone, Copy)]
pub union ResUnion {
    pub array: *mut c_void,
    pub mipmap: *mut c_void,
    pub linear: LinearRes,
    pub pitch2d: Pitch2DRes,
}

/// `hipResourceDesc`
#[repr(C)]
#[derive(Clone, Copy)]
pub struct HipResourceDesc {
    pub res_type: c_int,
    pub res: ResUnion,
}

/// The `linear` member of `HIP_RESOURCE_DESC::res`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct LinearResDrv {
    pub dev_ptr: *mut c_void,
    pub format: c_int,
    pub num_channels: c_uint,
    pub size_in_bytes: usize,
}

/// The `pitch2D` member of `HIP_RESOURCE_DESC::res`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct Pitch2DResDrv {
    pub dev_ptr: *mut c_void,
    pub format: c_int,
    pub num_channels: c_uint,
    pub width: usize,
    pub height: usize,
    pub pitch_in_bytes: usize,
}

/// `HIP_RESOURCE_DESC::res`
#[repr(C)]
#[derive(Clone, Copy)]
pub union ResUnionDrv {
    pub array: *mut c_void,
    pub mipmap: *mut c_void,
    pub linear: LinearResDrv,
    pub pitch2d: Pitch2DResDrv,
    pub reserved: [c_int; 32],
}

/// `HIP_RESOURCE_DESC`
#[repr(C)]
#[derive(Clone, Copy)]
pub struct HipResourceDescDrv {
    pub res_type: c_int,
    pub res: ResUnionDrv,
    pub flags: c_uint,
}

/// `hipTextureDesc`
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct HipTextureDesc {
    pub address_mode: [c_int; 3],
    pub filter_mode: c_int,
    pub read_mode: c_int,
    pub srgb: c_int,
    pub border_color: [f32; 4],
    pub normalized_coords: c_int,
    pub max_anisotropy: c_uint,
    pub mipmap_filter_mode: c_int,
    pub mipmap_level_bias: f32,
    pub min_mipmap_level_clamp: f32,
    pub max_mipmap_level_clamp: f32,
}

/// `HIP_TEXTURE_DESC`
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct HipTextureDescDrv {
    pub address_mode: [c_int; 3],
    pub filter_mode: c_int,
    pub flags: c_uint,
    pub max_anisotropy: c_uint,
    pub mipmap_filter_mode: c_int,
    pub mipmap_level_bias: f32,
    pub min_mipmap_level_clamp: f32,
    pub max_mipmap_level_clamp: f32,
    pub border_color: [f32; 4],
    pub reserved: [c_int; 12],
}

/// `hipResourceViewDesc`
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct HipResourceViewDesc {
    pub format: c_int,
    pub width: usize,
    pub height: usize,
    pub depth: usize,
    pub first_mipmap_level: c_uint,
    pub last_mipmap_level: c_uint,
    pub first_layer: c_uint,
    pub last_layer: c_uint,
}

/// `HIP_RESOURCE_VIEW_DESC`
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct HipResourceViewDescDrv {
    pub view: HipResourceViewDesc,
    pub reserved: [c_uint; 16],
}

/// `textureReference`
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct TextureReference {
    pub normalized: c_int,
    pub read_mode: c_int,
    pub filter_mode: c_int,
    pub address_mode: [c_int; 3],
    pub channel_desc: hipChannelFormatDesc,
    pub srgb: c_int,
    pub max_anisotropy: c_uint,
    pub mipmap_filter_mode: c_int,
    pub mipmap_level_bias: f32,
    pub min_mipmap_level_clamp: f32,
    pub max_mipmap_level_clamp: f32,
    pub texture_object: *mut c_void,
    pub num_channels: c_int,
    pub format: c_int,
}

/// The texture-reference flags (`HIP_TRSF_*`).
const TRSF_READ_AS_INTEGER: u32 = 0x01;
const TRSF_NORMALIZED_COORDINATES: u32 = 0x02;
const TRSF_SRGB: u32 = 0x10;

fn value(t: hipTextureObject_t) -> u64 {
    t as usize as u64
}

fn resource_from_c(r: &HipResourceDesc) -> HipResult<ResourceDesc> {
    // SAFETY: `res_type` names the member the program filled in (HIP's contract); every
    // member is plain data, so reading it is defined.
    unsafe {
        Ok(match r.res_type {
            0 => ResourceDesc::Array(r.res.array as usize),
            1 => ResourceDesc::Mipmap(r.res.mipmap as usize),
            2 => {
                let l = r.res.linear;
                ResourceDesc::Linear {
                    ptr: l.dev_ptr as usize,
                    format: format_of(&l.desc)?,
                    size: l.size_in_bytes,
                }
            }
            3 => {
                let p = r.res.pitch2d;
                ResourceDesc::Pitch2D {
                    ptr: p.dev_ptr as usize,
                    format: format_of(&p.desc)?,
                    width: p.width,
                    height: p.height,
                    pitch: p.pitch_in_bytes,
                }
            }
            _ => return Err(HipError::InvalidValue),
        })
    }
}

fn format_of(d: &hipChannelFormatDesc) -> HipResult<TexelFormat> {
    TexelFormat::from_channel_desc(&crate::array::channel_desc(d))
}

fn resource_to_c(r: &ResourceDesc) -> HipResourceDesc {
    let zero = Pitch2DRes {
        dev_ptr: std::ptr::null_mut(),
        desc: hipChannelFormatDesc {
            x: 0,
            y: 0,
            z: 0,
            w: 0,
            f: 0,
        },
        width: 0,
        height: 0,
        pitch_in_bytes: 0,
    };
    let mut out = HipResourceDesc {
        res_type: 0,
        res: ResUnion { pitch2d: zero },
    };
    match *r {
        ResourceDesc::Array(a) => {
            out.res.array = a as *mut c_void;
        }
        ResourceDesc::Mipmap(m) => {
            out.res_type = 1;
            out.res.mipmap = m as *mut c_void;
        }
        ResourceDesc::Linear { ptr, format, size } => {
            out.res_type = 2;
            out.res.linear = LinearRes {
                dev_ptr: ptr as *mut c_void,
                desc: to_c_channel_desc(&format),
                size_in_bytes: size,
            };
        }
        ResourceDesc::Pitch2D {
            ptr,
            format,
            width,
            height,
            pitch,
        } => {
            out.res_type = 3;
            out.res.pitch2d = Pitch2DRes {
                dev_ptr: ptr as *mut c_void,
                desc: to_c_channel_desc(&format),
                width,
                height,
                pitch_in_bytes: pitch,
            };
        }
    }
    out
}

fn texture_from_c(t: &HipTextureDesc) -> HipResult<TextureDesc> {
    if !matches!(t.read_mode, 0 | 1) {
        return Err(HipError::InvalidValue);
    }
    Ok(TextureDesc {
        address_mode: [
            AddressMode::from_raw(t.address_mode[0])?,
            AddressMode::from_raw(t.address_mode[1])?,
            AddressMode::from_raw(t.address_mode[2])?,
        ],
        filter_mode: FilterMode::from_raw(t.filter_mode)?,
        normalized_float: t.read_mode == 1,
        srgb: t.srgb != 0,
        border_color: t.border_color,
        normalized_coords: t.normalized_coords != 0,
        max_anisotropy: t.max_anisotropy,
        mipmap_filter_mode: FilterMode::from_raw(t.mipmap_filter_mode)?,
        mipmap_level_bias: t.mipmap_level_bias,
        min_mipmap_level_clamp: t.min_mipmap_level_clamp,
        max_mipmap_level_clamp: t.max_mipmap_level_clamp,
    })
}

fn texture_to_c(t: &TextureDesc) -> HipTextureDesc {
    HipTextureDesc {
        address_mode: t.address_mode.map(|m| m as c_int),
        filter_mode: t.filter_mode as c_int,
        read_mode: c_int::from(t.normalized_float),
        srgb: c_int::from(t.srgb),
        border_color: t.border_color,
        normalized_coords: c_int::from(t.normalized_coords),
        max_anisotropy: t.max_anisotropy,
        mipmap_filter_mode: t.mipmap_filter_mode as c_int,
        mipmap_level_bias: t.mipmap_level_bias,
        min_mipmap_level_clamp: t.min_mipmap_level_clamp,
        max_mipmap_level_clamp: t.max_mipmap_level_clamp,
    }
}

fn view_from_c(v: &HipResourceViewDesc) -> ViewDesc {
    ViewDesc {
        format: v.format as u32,
        width: v.width,
        height: v.height,
        depth: v.depth,
        first_mipmap_level: v.first_mipmap_level,
        last_mipmap_level: v.last_mipmap_level,
        first_layer: v.first_layer,
        last_layer: v.last_layer,
    }
}

fn view_to_c(v: &ViewDesc) -> HipResourceViewDesc {
    HipResourceViewDesc {
        format: v.format as c_int,
        width: v.width,
        height: v.height,
        depth: v.depth,
        first_mipmap_level: v.first_mipmap_level,
        last_mipmap_level: v.last_mipmap_level,
        first_layer: v.first_layer,
        last_layer: v.last_layer,
    }
}

/// # Safety
/// `p` NULL or readable.
unsafe fn read<T: Copy>(p: *const T) -> HipResult<T> {
    non_null(p)?;
    // SAFETY: checked non-null; readable per the caller.
    Ok(unsafe { p.read_unaligned() })
}

/// # Safety
/// `p` NULL (none) or readable.
unsafe fn read_opt<T: Copy>(p: *const T) -> HipResult<Option<T>> {
    // SAFETY: readable per the caller when given.
    Ok(crate::entry::given(p)?.then(|| unsafe { p.read_unaligned() }))
}

pub unsafe fn hipCreateTextureObject(
    out: *mut hipTextureObject_t,
    res: *const c_void,
    tex: *const c_void,
    view: *const c_void,
) -> HipResult<()> {
    non_null(out)?;
    // SAFETY: forwarded from the caller (HIP's structures behind the pointers).
    let (r, t, v) = unsafe {
        (
            read(res.cast::<HipResourceDesc>())?,
            read(tex.cast::<HipTextureDesc>())?,
            read_opt(view.cast::<HipResourceViewDesc>())?,
        )
    };
    let o = obj::texture_create(
        resource_from_c(&r)?,
        texture_from_c(&t)?,
        v.as_ref().map(view_from_c),
    )?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out, o as usize as hipTextureObject_t) }
}

pub fn hipDestroyTextureObject(t: hipTextureObject_t) -> HipResult<()> {
    obj::texture_destroy(value(t))
}

pub unsafe fn hipGetTextureObjectResourceDesc(
    out: *mut c_void,
    t: hipTextureObject_t,
) -> HipResult<()> {
    non_null(out)?;
    let (r, _, _) = obj::texture_descs(value(t))?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out.cast::<HipResourceDesc>(), resource_to_c(&r)) }
}

pub unsafe fn hipGetTextureObjectTextureDesc(
    out: *mut c_void,
    t: hipTextureObject_t,
) -> HipResult<()> {
    non_null(out)?;
    let (_, d, _) = obj::texture_descs(value(t))?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out.cast::<HipTextureDesc>(), texture_to_c(&d)) }
}

pub unsafe fn hipGetTextureObjectResourceViewDesc(
    out: *mut c_void,
    t: hipTextureObject_t,
) -> HipResult<()> {
    non_null(out)?;
    let (_, _, v) = obj::texture_descs(value(t))?;
    let v = v.ok_or(HipError::InvalidValue)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out.cast::<HipResourceViewDesc>(), view_to_c(&v)) }
}

// ---------------------------------------------------------------- driver flavour

fn resource_from_drv(r: &HipResourceDescDrv) -> HipResult<ResourceDesc> {
    if r.flags != 0 {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: as in `resource_from_c`.
    unsafe {
        Ok(match r.res_type {
            0 => ResourceDesc::Array(r.res.array as usize),
            1 => ResourceDesc::Mipmap(r.res.mipmap as usize),
            2 => {
                let l = r.res.linear;
                ResourceDesc::Linear {
                    ptr: l.dev_ptr as usize,
                    format: TexelFormat::from_array_format(l.format as u32, l.num_channels)?,
                    size: l.size_in_bytes,
                }
            }
            3 => {
                let p = r.res.pitch2d;
                ResourceDesc::Pitch2D {
                    ptr: p.dev_ptr as usize,
                    format: TexelFormat::from_array_format(p.format as u32, p.num_channels)?,
                    width: p.width,
                    height: p.height,
                    pitch: p.pitch_in_bytes,
                }
            }
            _ => return Err(HipError::InvalidValue),
        })
    }
}

fn resource_to_drv(r: &ResourceDesc) -> HipResourceDescDrv {
    let mut out = HipResourceDescDrv {
        res_type: 0,
        res: ResUnionDrv { reserved: [0; 32] },
        flags: 0,
    };
    match *r {
        ResourceDesc::Array(a) => out.res.array = a as *mut c_void,
        ResourceDesc::Mipmap(m) => {
            out.res_type = 1;
            out.res.mipmap = m as *mut c_void;
        }
        ResourceDesc::Linear { ptr, format, size } => {
            out.res_type = 2;
            out.res.linear = LinearResDrv {
                dev_ptr: ptr as *mut c_void,
                format: format.array_format() as c_int,
                num_channels: format.channels,
                size_in_bytes: size,
            };
        }
        ResourceDesc::Pitch2D {
            ptr,
            format,
            width,
            height,
            pitch,
        } => {
            out.res_type = 3;
            out.res.pitch2d = Pitch2DResDrv {
                dev_ptr: ptr as *mut c_void,
                format: format.array_format() as c_int,
                num_channels: format.channels,
                width,
                height,
                pitch_in_bytes: pitch,
            };
        }
    }
    out
}

fn texture_from_drv(t: &HipTextureDescDrv) -> HipResult<TextureDesc> {
    let c = HipTextureDesc {
        address_mode: t.address_mode,
        filter_mode: t.filter_mode,
        read_mode: c_int::from(t.flags & TRSF_READ_AS_INTEGER == 0),
        srgb: c_int::from(t.flags & TRSF_SRGB != 0),
        border_color: t.border_color,
        normalized_coords: c_int::from(t.flags & TRSF_NORMALIZED_COORDINATES != 0),
        max_anisotropy: t.max_anisotropy,
        mipmap_filter_mode: t.mipmap_filter_mode,
        mipmap_level_bias: t.mipmap_level_bias,
        min_mipmap_level_clamp: t.min_mipmap_level_clamp,
        max_mipmap_level_clamp: t.max_mipmap_level_clamp,
    };
    texture_from_c(&c)
}

fn texture_to_drv(t: &TextureDesc) -> HipTextureDescDrv {
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
    HipTextureDescDrv {
        address_mode: t.address_mode.map(|m| m as c_int),
        filter_mode: t.filter_mode as c_int,
        flags,
        max_anisotropy: t.max_anisotropy,
        mipmap_filter_mode: t.mipmap_filter_mode as c_int,
        mipmap_level_bias: t.mipmap_level_bias,
        min_mipmap_level_clamp: t.min_mipmap_level_clamp,
        max_mipmap_level_clamp: t.max_mipmap_level_clamp,
        border_color: t.border_color,
        reserved: [0; 12],
    }
}

pub unsafe fn hipTexObjectCreate(
    out: *mut hipTextureObject_t,
    res: *const c_void,
    tex: *const c_void,
    view: *const c_void,
) -> HipResult<()> {
    non_null(out)?;
    // SAFETY: forwarded from the caller (HIP's structures behind the pointers).
    let (r, t, v) = unsafe {
        (
            read(res.cast::<HipResourceDescDrv>())?,
            read(tex.cast::<HipTextureDescDrv>())?,
            read_opt(view.cast::<HipResourceViewDescDrv>())?,
        )
    };
    let o = obj::texture_create(
        resource_from_drv(&r)?,
        texture_from_drv(&t)?,
        v.as_ref().map(|v| view_from_c(&v.view)),
    )?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out, o as usize as hipTextureObject_t) }
}

pub fn hipTexObjectDestroy(t: hipTextureObject_t) -> HipResult<()> {
    obj::texture_destroy(value(t))
}

pub unsafe fn hipTexObjectGetResourceDesc(
    out: *mut c_void,
    t: hipTextureObject_t,
) -> HipResult<()> {
    non_null(out)?;
    let (r, _, _) = obj::texture_descs(value(t))?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out.cast::<HipResourceDescDrv>(), resource_to_drv(&r)) }
}

pub unsafe fn hipTexObjectGetTextureDesc(out: *mut c_void, t: hipTextureObject_t) -> HipResult<()> {
    non_null(out)?;
    let (_, d, _) = obj::texture_descs(value(t))?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out.cast::<HipTextureDescDrv>(), texture_to_drv(&d)) }
}

pub unsafe fn hipTexObjectGetResourceViewDesc(
    out: *mut c_void,
    t: hipTextureObject_t,
) -> HipResult<()> {
    non_null(out)?;
    let (_, _, v) = obj::texture_descs(value(t))?;
    let v = v.ok_or(HipError::InvalidValue)?;
    let d = HipResourceViewDescDrv {
        view: view_to_c(&v),
        reserved: [0; 16],
    };
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out.cast::<HipResourceViewDescDrv>(), d) }
}

// ---------------------------------------------------------------- surfaces

pub unsafe fn hipCreateSurfaceObject(out: *mut *mut c_void, res: *const c_void) -> HipResult<()> {
    non_null(out)?;
    // SAFETY: forwarded from the caller.
    let r = unsafe { read(res.cast::<HipResourceDesc>())? };
    let o = obj::surface_create(resource_from_c(&r)?)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out, o as usize as *mut c_void) }
}

pub fn hipDestroySurfaceObject(s: *mut c_void) -> HipResult<()> {
    obj::surface_destroy(s as usize as u64)
}

// ---------------------------------------------------------------- texture references

/// The sampling state of a texture reference.
fn texref_desc(t: &TextureReference) -> HipResult<TextureDesc> {
    texture_from_c(&HipTextureDesc {
        address_mode: t.address_mode,
        filter_mode: t.filter_mode,
        read_mode: t.read_mode,
        srgb: t.srgb,
        border_color: [0.0; 4],
        normalized_coords: t.normalized,
        max_anisotropy: t.max_anisotropy,
        mipmap_filter_mode: t.mipmap_filter_mode,
        mipmap_level_bias: t.mipmap_level_bias,
        min_mipmap_level_clamp: t.min_mipmap_level_clamp,
        max_mipmap_level_clamp: t.max_mipmap_level_clamp,
    })
}

/// Binds `res` to the reference: a new texture object in `textureObject` (the previous
/// one, if any, destroyed).
///
/// # Safety
/// `tex` NULL or a writable `textureReference`.
unsafe fn bind(tex: *const c_void, res: ResourceDesc) -> HipResult<()> {
    let p = tex.cast_mut().cast::<TextureReference>();
    // SAFETY: forwarded from the caller.
    let mut t = unsafe { read(p.cast_const())? };
    let object = obj::texture_create(res, texref_desc(&t)?, None)?;
    let old = value(t.texture_object);
    if old != 0 && obj::texture_descs(old).is_ok() {
        obj::texture_destroy(old)?;
    }
    t.texture_object = object as usize as *mut c_void;
    if let ResourceDesc::Linear { format, .. } | ResourceDesc::Pitch2D { format, .. } = res {
        t.channel_desc = to_c_channel_desc(&format);
    }
    // SAFETY: checked readable above; writable per the caller (HIP writes it too).
    unsafe { p.write_unaligned(t) };
    Ok(())
}

/// # Safety
/// `tex` NULL or readable.
unsafe fn texref(tex: *const c_void) -> HipResult<TextureReference> {
    // SAFETY: forwarded from the caller.
    unsafe { read(tex.cast::<TextureReference>()) }
}

/// # Safety
/// `tex` NULL or a writable `textureReference`.
unsafe fn update(
    tex: *const c_void,
    f: impl FnOnce(&mut TextureReference) -> HipResult<()>,
) -> HipResult<()> {
    let p = tex.cast_mut().cast::<TextureReference>();
    // SAFETY: forwarded from the caller.
    let mut t = unsafe { read(p.cast_const())? };
    f(&mut t)?;
    // SAFETY: readable above; writable per the caller.
    unsafe { p.write_unaligned(t) };
    Ok(())
}

/// The whole allocation from `ptr` on when a program binds with the default size.
fn linear_size(ptr: *const c_void, size: usize) -> usize {
    if size != u32::MAX as usize {
        return size;
    }
    backend().mem_ptr_size(ptr.cast_mut()).unwrap_or(size)
}

pub unsafe fn hipBindTexture(
    offset: *mut usize,
    tex: *const c_void,
    dev_ptr: *const c_void,
    desc: *const c_void,
    size: usize,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    let format = unsafe { read_format(desc.cast::<hipChannelFormatDesc>())? };
    let res = ResourceDesc::Linear {
        ptr: dev_ptr as usize,
        format,
        size: linear_size(dev_ptr, size),
    };
    // SAFETY: forwarded from the caller.
    unsafe { bind(tex, res)? };
    if crate::entry::given(offset)? {
        // SAFETY: writable per the caller.
        unsafe { offset.write_unaligned(0) };
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
pub unsafe fn hipBindTexture2D(
    offset: *mut usize,
    tex: *const c_void,
    dev_ptr: *const c_void,
    desc: *const c_void,
    width: usize,
    height: usize,
    pitch: usize,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    let format = unsafe { read_format(desc.cast::<hipChannelFormatDesc>())? };
    let res = ResourceDesc::Pitch2D {
        ptr: dev_ptr as usize,
        format,
        width,
        height,
        pitch,
    };
    // SAFETY: forwarded from the caller.
    unsafe { bind(tex, res)? };
    if crate::entry::given(offset)? {
        // SAFETY: writable per the caller.
        unsafe { offset.write_unaligned(0) };
    }
    Ok(())
}

pub unsafe fn hipBindTextureToArray(
    tex: *const c_void,
    array: *const c_void,
    desc: *const c_void,
) -> HipResult<()> {
    non_null(desc)?;
    // SAFETY: forwarded from the caller.
    unsafe { bind(tex, ResourceDesc::Array(array as usize)) }
}

pub unsafe fn hipBindTextureToMipmappedArray(
    tex: *const c_void,
    m: *const c_void,
    desc: *const c_void,
) -> HipResult<()> {
    non_null(desc)?;
    // SAFETY: forwarded from the caller.
    unsafe { bind(tex, ResourceDesc::Mipmap(m as usize)) }
}

pub unsafe fn hipUnbindTexture(tex: *const c_void) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        update(tex, |t| {
            let old = value(t.texture_object);
            if old != 0 && obj::texture_descs(old).is_ok() {
                obj::texture_destroy(old)?;
            }
            t.texture_object = std::ptr::null_mut();
            Ok(())
        })
    }
}

/// `hipGetTextureReference`: the reference of a `texture<>` variable is the variable.
pub unsafe fn hipGetTextureReference(
    out: *mut *const c_void,
    symbol: *const c_void,
) -> HipResult<()> {
    non_null(symbol)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out, symbol) }
}

pub unsafe fn hipGetTextureAlignmentOffset(
    offset: *mut usize,
    tex: *const c_void,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        texref(tex)?;
        write_out(offset, 0)
    }
}

/// The resource bound to a reference.
///
/// # Safety
/// `tex` NULL or readable.
unsafe fn bound(tex: *const c_void) -> HipResult<ResourceDesc> {
    // SAFETY: forwarded from the caller.
    let t = unsafe { texref(tex)? };
    obj::texture_descs(value(t.texture_object)).map(|(r, _, _)| r)
}

pub unsafe fn hipTexRefGetAddress(out: *mut *mut c_void, tex: *const c_void) -> HipResult<()> {
    non_null(out)?;
    // SAFETY: forwarded from the caller.
    let p = match unsafe { bound(tex)? } {
        ResourceDesc::Linear { ptr, .. } | ResourceDesc::Pitch2D { ptr, .. } => ptr,
        _ => return Err(HipError::InvalidValue),
    };
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out, p as *mut c_void) }
}

pub unsafe fn hipTexRefGetArray(out: *mut hipArray_t, tex: *const c_void) -> HipResult<()> {
    non_null(out)?;
    // SAFETY: forwarded from the caller.
    let ResourceDesc::Array(a) = (unsafe { bound(tex)? }) else {
        return Err(HipError::InvalidValue);
    };
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out, a as hipArray_t) }
}

pub unsafe fn hipTexRefGetMipMappedArray(
    out: *mut hipMipmappedArray_t,
    tex: *const c_void,
) -> HipResult<()> {
    non_null(out)?;
    // SAFETY: forwarded from the caller.
    let ResourceDesc::Mipmap(m) = (unsafe { bound(tex)? }) else {
        return Err(HipError::InvalidValue);
    };
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out, m as hipMipmappedArray_t) }
}

pub unsafe fn hipTexRefSetAddress(
    offset: *mut usize,
    tex: *mut c_void,
    dptr: *mut c_void,
    bytes: usize,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    let t = unsafe { texref(tex)? };
    let format = TexelFormat::from_array_format(t.format as u32, t.num_channels as u32)
        .or_else(|_| format_of(&t.channel_desc))?;
    // SAFETY: forwarded from the caller.
    unsafe {
        bind(
            tex,
            ResourceDesc::Linear {
                ptr: dptr as usize,
                format,
                size: bytes,
            },
        )?
    };
    if crate::entry::given(offset)? {
        // SAFETY: writable per the caller.
        unsafe { offset.write_unaligned(0) };
    }
    Ok(())
}

pub unsafe fn hipTexRefSetAddress2D(
    tex: *mut c_void,
    desc: *const c_void,
    dptr: *mut c_void,
    pitch: usize,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    let d = unsafe { read(desc.cast::<crate::array::HipArrayDescriptor>())? };
    let format = TexelFormat::from_array_format(d.format as u32, d.num_channels)?;
    let res = ResourceDesc::Pitch2D {
        ptr: dptr as usize,
        format,
        width: d.width,
        height: d.height,
        pitch,
    };
    // SAFETY: forwarded from the caller.
    unsafe { bind(tex, res) }
}

pub unsafe fn hipTexRefSetArray(
    tex: *mut c_void,
    array: *const c_void,
    flags: c_uint,
) -> HipResult<()> {
    if flags != 0x01 {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: forwarded from the caller.
    unsafe { bind(tex, ResourceDesc::Array(array as usize)) }
}

pub unsafe fn hipTexRefSetMipmappedArray(
    tex: *mut c_void,
    m: *mut c_void,
    flags: c_uint,
) -> HipResult<()> {
    if flags != 0x01 {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: forwarded from the caller.
    unsafe { bind(tex, ResourceDesc::Mipmap(m as usize)) }
}

pub unsafe fn hipTexRefSetAddressMode(tex: *mut c_void, dim: c_int, am: c_int) -> HipResult<()> {
    AddressMode::from_raw(am)?;
    let d = usize::try_from(dim)
        .ok()
        .filter(|&d| d < 3)
        .ok_or(HipError::InvalidValue)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        update(tex, |t| {
            t.address_mode[d] = am;
            Ok(())
        })
    }
}

pub unsafe fn hipTexRefGetAddressMode(
    out: *mut c_void,
    tex: *const c_void,
    dim: c_int,
) -> HipResult<()> {
    let d = usize::try_from(dim)
        .ok()
        .filter(|&d| d < 3)
        .ok_or(HipError::InvalidValue)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        let t = texref(tex)?;
        write_out(out.cast::<c_int>(), t.address_mode[d])
    }
}

pub unsafe fn hipTexRefSetFilterMode(tex: *mut c_void, fm: c_int) -> HipResult<()> {
    FilterMode::from_raw(fm)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        update(tex, |t| {
            t.filter_mode = fm;
            Ok(())
        })
    }
}

pub unsafe fn hipTexRefGetFilterMode(out: *mut c_void, tex: *const c_void) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out.cast::<c_int>(), texref(tex)?.filter_mode) }
}

pub unsafe fn hipTexRefSetMipmapFilterMode(tex: *mut c_void, fm: c_int) -> HipResult<()> {
    FilterMode::from_raw(fm)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        update(tex, |t| {
            t.mipmap_filter_mode = fm;
            Ok(())
        })
    }
}

pub unsafe fn hipTexRefGetMipmapFilterMode(out: *mut c_void, tex: *const c_void) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out.cast::<c_int>(), texref(tex)?.mipmap_filter_mode) }
}

pub unsafe fn hipTexRefSetFlags(tex: *mut c_void, flags: c_uint) -> HipResult<()> {
    if flags & !(TRSF_READ_AS_INTEGER | TRSF_NORMALIZED_COORDINATES | TRSF_SRGB) != 0 {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: forwarded from the caller.
    unsafe {
        update(tex, |t| {
            t.read_mode = c_int::from(flags & TRSF_READ_AS_INTEGER == 0);
            t.normalized = c_int::from(flags & TRSF_NORMALIZED_COORDINATES != 0);
            t.srgb = c_int::from(flags & TRSF_SRGB != 0);
            Ok(())
        })
    }
}

pub unsafe fn hipTexRefGetFlags(out: *mut c_uint, tex: *const c_void) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    let t = unsafe { texref(tex)? };
    let mut f = 0;
    if t.read_mode == 0 {
        f |= TRSF_READ_AS_INTEGER;
    }
    if t.normalized != 0 {
        f |= TRSF_NORMALIZED_COORDINATES;
    }
    if t.srgb != 0 {
        f |= TRSF_SRGB;
    }
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out, f) }
}

pub unsafe fn hipTexRefSetFormat(tex: *mut c_void, fmt: c_int, channels: c_int) -> HipResult<()> {
    let f = TexelFormat::from_array_format(fmt as u32, channels as u32)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        update(tex, |t| {
            t.format = fmt;
            t.num_channels = channels;
            t.channel_desc = to_c_channel_desc(&f);
            Ok(())
        })
    }
}

pub unsafe fn hipTexRefGetFormat(
    fmt: *mut c_void,
    channels: *mut c_int,
    tex: *const c_void,
) -> HipResult<()> {
    non_null(fmt)?;
    non_null(channels)?;
    // SAFETY: forwarded from the caller.
    let t = unsafe { texref(tex)? };
    let f = format_of(&t.channel_desc)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        write_out(fmt.cast::<c_int>(), f.array_format() as c_int)?;
        write_out(channels, f.channels as c_int)
    }
}

pub unsafe fn hipTexRefSetMaxAnisotropy(tex: *mut c_void, max: c_uint) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        update(tex, |t| {
            t.max_anisotropy = max;
            Ok(())
        })
    }
}

pub unsafe fn hipTexRefGetMaxAnisotropy(out: *mut c_int, tex: *const c_void) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out, texref(tex)?.max_anisotropy as c_int) }
}

pub unsafe fn hipTexRefSetMipmapLevelBias(tex: *mut c_void, bias: f32) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        update(tex, |t| {
            t.mipmap_level_bias = bias;
            Ok(())
        })
    }
}

pub unsafe fn hipTexRefGetMipmapLevelBias(out: *mut f32, tex: *const c_void) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out, texref(tex)?.mipmap_level_bias) }
}

pub unsafe fn hipTexRefSetMipmapLevelClamp(tex: *mut c_void, min: f32, max: f32) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        update(tex, |t| {
            t.min_mipmap_level_clamp = min;
            t.max_mipmap_level_clamp = max;
            Ok(())
        })
    }
}

pub unsafe fn hipTexRefGetMipmapLevelClamp(
    min: *mut f32,
    max: *mut f32,
    tex: *const c_void,
) -> HipResult<()> {
    non_null(min)?;
    non_null(max)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        let t = texref(tex)?;
        write_out(min, t.min_mipmap_level_clamp)?;
        write_out(max, t.max_mipmap_level_clamp)
    }
}

/// The border colour lives in the texture object (the reference has no field for it).
pub unsafe fn hipTexRefSetBorderColor(tex: *mut c_void, color: *mut f32) -> HipResult<()> {
    non_null(color)?;
    // SAFETY: forwarded from the caller.
    let t = unsafe { texref(tex)? };
    let o = value(t.texture_object);
    let (res, mut d, _) = obj::texture_descs(o)?;
    // SAFETY: 4 floats readable per HIP's contract.
    d.border_color = unsafe { color.cast::<[f32; 4]>().read_unaligned() };
    let new = obj::texture_create(res, d, None)?;
    obj::texture_destroy(o)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        update(tex, |t| {
            t.texture_object = new as usize as *mut c_void;
            Ok(())
        })
    }
}

pub unsafe fn hipTexRefGetBorderColor(out: *mut f32, tex: *const c_void) -> HipResult<()> {
    non_null(out)?;
    // SAFETY: forwarded from the caller.
    let t = unsafe { texref(tex)? };
    let (_, d, _) = obj::texture_descs(value(t.texture_object))?;
    // SAFETY: 4 floats writable per HIP's contract.
    unsafe { out.cast::<[f32; 4]>().write_unaligned(d.border_color) };
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    /// Layouts as `include/hip/driver_types.h` and `texture_types.h` declare them (LP64).
    #[test]
    fn layouts_match_the_headers() {
        assert_eq!(size_of::<HipResourceDesc>(), 64);
        assert_eq!(offset_of!(HipResourceDesc, res), 8);
        assert_eq!(size_of::<HipResourceDescDrv>(), 144);
        assert_eq!(offset_of!(HipResourceDescDrv, flags), 136);
        assert_eq!(size_of::<HipTextureDesc>(), 64);
        assert_eq!(offset_of!(HipTextureDesc, border_color), 24);
        assert_eq!(size_of::<HipTextureDescDrv>(), 104);
        assert_eq!(size_of::<HipResourceViewDesc>(), 48);
        assert_eq!(size_of::<HipResourceViewDescDrv>(), 112);
        assert_eq!(offset_of!(TextureReference, texture_object), 72);
        assert_eq!(size_of::<TextureReference>(), 88);
    }
}
