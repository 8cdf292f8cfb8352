//! The handles of arrays, mipmapped arrays, texture and surface objects, and the calls the
//! C API makes on them (both platforms: the backend only makes storage and objects).
//!
//! * `hipArray_t` is the address of a record owned here (a destroyed or made-up handle is
//!   found missing, never dereferenced);
//! * `hipMipmappedArray_t` is the address of a record whose first field is HIP's public
//!   `struct hipMipmappedArray` (programs may read it);
//! * texture and surface objects are the backend's values (on the CPU the address of the
//!   descriptor the device-side sampler reads, on NVIDIA a `CUtexObject`/`CUsurfObject`);
//!   the descriptors they were made from are kept here for the `Get*Desc` queries.

use std::collections::HashMap;
use std::ffi::c_void;

use parking_lot::Mutex;

use super::{
    ArrayCopy, ArrayDesc, ArrayHandle, ArrayStorage, ChannelDesc, CopySide, MipmapHandle,
    MipmapStorage, Resource, ResourceDesc, TexelFormat, TextureDesc, ViewDesc, ARRAY_CUBEMAP,
    ARRAY_LAYERED,
};
use crate::backend::{backend, Handle};
use crate::error::{HipError, HipResult};
use crate::memory::{CopyKind, Pos, Sync};

/// An array this runtime made.
struct ArrayRecord {
    desc: ArrayDesc,
    storage: ArrayStorage,
    /// A level of a mipmapped array (freed with it, not by `hipFreeArray`).
    level_of: Option<MipmapHandle>,
}

/// HIP's public `struct hipMipmappedArray` (`driver_types.h`).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct MipmappedArrayHeader {
    pub data: *mut c_void,
    pub desc: [i32; 5],
    pub type_: u32,
    pub width: u32,
    pub height: u32,
    pub depth: u32,
    pub min_mipmap_level: u32,
    pub max_mipmap_level: u32,
    pub flags: u32,
    pub format: u32,
    pub num_channels: u32,
}

/// A mipmapped array: the public header first (the handle points at it).
#[repr(C)]
struct MipmapRecord {
    header: MipmappedArrayHeader,
    desc: ArrayDesc,
    storage: MipmapStorage,
    levels: Vec<ArrayHandle>,
}

/// What a texture object was made from.
#[derive(Debug, Clone, Copy)]
struct TextureRecord {
    res: ResourceDesc,
    tex: TextureDesc,
    view: Option<ViewDesc>,
}

struct Tables {
    arrays: HashMap<usize, Box<ArrayRecord>>,
    mipmaps: HashMap<usize, Box<MipmapRecord>>,
    textures: HashMap<u64, TextureRecord>,
    surfaces: HashMap<u64, ResourceDesc>,
}

// SAFETY: the raw pointer in a record's header is an address the program reads, never
// dereferenced here; every access to the tables goes through the mutex.
unsafe impl Send for Tables {}

static TABLES: Mutex<Option<Tables>> = Mutex::new(None);

fn with<R>(f: impl FnOnce(&mut Tables) -> R) -> R {
    let mut guard = TABLES.lock();
    let t = guard.get_or_insert_with(|| Tables {
        arrays: HashMap::new(),
        mipmaps: HashMap::new(),
        textures: HashMap::new(),
        surfaces: HashMap::new(),
    });
    f(t)
}

/// `hipMallocArray`, `hipMalloc3DArray`, `hipArrayCreate`, `hipArray3DCreate`.
pub fn array_create(desc: ArrayDesc) -> HipResult<ArrayHandle> {
    desc.validate()?;
    let storage = backend().array_alloc(&desc)?;
    let record = Box::new(ArrayRecord {
        desc,
        storage,
        level_of: None,
    });
    let handle = &*record as *const ArrayRecord as usize;
    with(|t| t.arrays.insert(handle, record));
    Ok(handle)
}

/// `hipFreeArray`, `hipArrayDestroy`: a live array not owned by a mipmapped array.
pub fn array_destroy(handle: ArrayHandle) -> HipResult<()> {
    let record = with(|t| match t.arrays.get(&handle) {
        Some(r) if r.level_of.is_none() => Ok(t.arrays.remove(&handle)),
        _ => Err(HipError::InvalidValue),
    })?;
    match record {
        // SAFETY: the program gave the array up; HIP's contract is that nothing uses it.
        Some(r) => unsafe { backend().array_free(&r.storage) },
        None => Err(HipError::InvalidValue),
    }
}

/// The shape and format of a live array (`hipArrayGetInfo`, `hipArray3DGetDescriptor`).
pub fn array_desc(handle: ArrayHandle) -> HipResult<ArrayDesc> {
    lookup_array(handle).map(|(d, _)| d)
}

fn lookup_array(handle: ArrayHandle) -> HipResult<(ArrayDesc, ArrayStorage)> {
    with(|t| t.arrays.get(&handle).map(|r| (r.desc, r.storage))).ok_or(HipError::InvalidValue)
}

/// The backend storage of a live array (for the backends' own resolution).
pub fn array_storage(handle: ArrayHandle) -> HipResult<ArrayStorage> {
    lookup_array(handle).map(|(_, s)| s)
}

/// `hipMallocMipmappedArray`, `hipMipmappedArrayCreate`: `levels` levels (0 or more than
/// the shape has: `hipErrorInvalidValue`).
pub fn mipmap_create(desc: ArrayDesc, levels: u32) -> HipResult<MipmapHandle> {
    desc.validate()?;
    if levels == 0 || levels > desc.max_levels() {
        return Err(HipError::InvalidValue);
    }
    let storage = backend().mipmap_alloc(&desc, levels)?;
    let cd: ChannelDesc = desc.format.channel_desc();
    let header = MipmappedArrayHeader {
        data: storage.levels.first().map_or(0, |l| l.handle) as *mut c_void,
        desc: [cd.x, cd.y, cd.z, cd.w, cd.f],
        type_: array_type(&desc),
        width: desc.width as u32,
        height: desc.height as u32,
        depth: desc.depth as u32,
        min_mipmap_level: 0,
        max_mipmap_level: levels - 1,
        flags: desc.flags,
        format: desc.format.array_format(),
        num_channels: desc.format.channels,
    };
    let mut record = Box::new(MipmapRecord {
        header,
        desc,
        storage,
        levels: Vec::new(),
    });
    let handle = &*record as *const MipmapRecord as usize;
    let level_records: Vec<Box<ArrayRecord>> = record
        .storage
        .levels
        .iter()
        .enumerate()
        .map(|(i, s)| {
            Box::new(ArrayRecord {
                desc: desc.level(i as u32),
                storage: *s,
                level_of: Some(handle),
            })
        })
        .collect();
    with(|t| {
        for r in level_records {
            let h = &*r as *const ArrayRecord as usize;
            record.levels.push(h);
            t.arrays.insert(h, r);
        }
        t.mipmaps.insert(handle, record);
    });
    Ok(handle)
}

/// HIP's `hipTextureType*` code of an array shape (the header's `type`).
fn array_type(d: &ArrayDesc) -> u32 {
    let layered = d.flags & ARRAY_LAYERED != 0;
    if d.flags & ARRAY_CUBEMAP != 0 {
        return if layered { 0xFC } else { 0x0C };
    }
    match (d.height, d.depth, layered) {
        (0, _, true) => 0xF1,
        (_, _, true) => 0xF2,
        (0, _, _) => 0x01,
        (_, 0, _) => 0x02,
        _ => 0x03,
    }
}

/// `hipFreeMipmappedArray`, `hipMipmappedArrayDestroy`.
pub fn mipmap_destroy(handle: MipmapHandle) -> HipResult<()> {
    let record = with(|t| {
        let r = t.mipmaps.remove(&handle)?;
        for l in &r.levels {
            t.arrays.remove(l);
        }
        Some(r)
    })
    .ok_or(HipError::InvalidValue)?;
    // SAFETY: the program gave the array up; HIP's contract is that nothing uses it.
    unsafe { backend().mipmap_free(&record.storage) }
}

/// `hipGetMipmappedArrayLevel`: the array of level `level`.
pub fn mipmap_level(handle: MipmapHandle, level: u32) -> HipResult<ArrayHandle> {
    with(|t| {
        let r = t.mipmaps.get(&handle).ok_or(HipError::InvalidValue)?;
        r.levels
            .get(level as usize)
            .copied()
            .ok_or(HipError::InvalidValue)
    })
}

fn lookup_mipmap(handle: MipmapHandle) -> HipResult<(ArrayDesc, MipmapStorage)> {
    with(|t| t.mipmaps.get(&handle).map(|r| (r.desc, r.storage.clone())))
        .ok_or(HipError::InvalidValue)
}

/// One side of a copy as the C API names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endpoint {
    /// Linear memory: `pitch` bytes per row, `rows` rows per slice.
    Linear {
        ptr: usize,
        pitch: usize,
        rows: usize,
    },
    /// An array (its position's x is in bytes).
    Array(ArrayHandle),
}

fn resolve_side(e: Endpoint, pos: Pos, w: usize, h: usize, d: usize) -> HipResult<CopySide> {
    match e {
        Endpoint::Linear { ptr, pitch, rows } => {
            if ptr == 0 {
                return Err(HipError::InvalidValue);
            }
            Ok(CopySide::Linear { ptr, pitch, rows })
        }
        Endpoint::Array(handle) => {
            let (desc, storage) = lookup_array(handle)?;
            let fits =
                |p: usize, n: usize, limit: usize| p.checked_add(n).is_some_and(|e| e <= limit);
            let elem = desc.format.element_size();
            if pos.x % elem != 0
                || w % elem != 0
                || !fits(pos.x, w, desc.row_bytes())
                || !fits(pos.y, h, desc.rows())
                || !fits(pos.z, d, desc.slices())
            {
                return Err(HipError::InvalidValue);
            }
            Ok(CopySide::Array(desc, storage))
        }
    }
}

/// A copy of `depth` slices of `height` rows of `width` bytes between two sides, at least
/// one of them an array (positions' x in bytes), ordered on `stream` (NULL when blocking).
///
/// # Safety
/// Linear sides must be valid memory for the copy (until it has run, if async).
#[allow(clippy::too_many_arguments)]
pub unsafe fn copy(
    src: Endpoint,
    src_pos: Pos,
    dst: Endpoint,
    dst_pos: Pos,
    (width, height, depth): (usize, usize, usize),
    kind: CopyKind,
    stream: Handle,
    sync: Sync,
) -> HipResult<()> {
    let s = resolve_side(src, src_pos, width, height, depth)?;
    let d = resolve_side(dst, dst_pos, width, height, depth)?;
    if let (CopySide::Linear { pitch, .. }, _) | (_, CopySide::Linear { pitch, .. }) = (s, d) {
        if height > 1 && pitch < width {
            return Err(HipError::InvalidPitchValue);
        }
    }
    let copy = ArrayCopy {
        src: s,
        src_pos,
        dst: d,
        dst_pos,
        width,
        height,
        depth,
        kind,
    };
    if width == 0 || height == 0 || depth == 0 {
        return Ok(());
    }
    // SAFETY: forwarded from the caller.
    unsafe { backend().array_copy(&copy, stream, sync) }
}

/// Resolves a resource for a texture or surface object (HIP's checks).
fn resolve_resource(res: &ResourceDesc) -> HipResult<Resource> {
    match *res {
        ResourceDesc::Array(h) => {
            let (d, s) = lookup_array(h)?;
            Ok(Resource::Array(d, s))
        }
        ResourceDesc::Mipmap(h) => {
            let (d, s) = lookup_mipmap(h)?;
            Ok(Resource::Mipmap(d, s))
        }
        ResourceDesc::Linear { ptr, format, size } => {
            if ptr == 0 || size < format.element_size() {
                return Err(HipError::InvalidValue);
            }
            Ok(Resource::Linear { ptr, format, size })
        }
        ResourceDesc::Pitch2D {
            ptr,
            format,
            width,
            height,
            pitch,
        } => {
            let row = width.checked_mul(format.element_size());
            let too_big = width > u32::MAX as usize
                || height > u32::MAX as usize
                || pitch.checked_mul(height).is_none();
            if ptr == 0 || width == 0 || height == 0 || too_big || row.is_none_or(|r| r > pitch) {
                return Err(HipError::InvalidValue);
            }
            Ok(Resource::Pitch2D {
                ptr,
                format,
                width,
                height,
                pitch,
            })
        }
    }
}

/// `hipCreateTextureObject`, `hipTexObjectCreate`.
pub fn texture_create(
    res: ResourceDesc,
    tex: TextureDesc,
    view: Option<ViewDesc>,
) -> HipResult<u64> {
    let resource = resolve_resource(&res)?;
    if let Some(v) = &view {
        check_view(&resource, v)?;
    }
    let object = backend().texture_create(&resource, &tex, view.as_ref())?;
    with(|t| t.textures.insert(object, TextureRecord { res, tex, view }));
    Ok(object)
}

/// A resource view's rules (CUDA's, which HIP follows): only over arrays and mipmapped arrays;
/// the same extent as the resource; a format of the same texel size; mipmap levels and
/// layers within the resource, first <= last.
fn check_view(res: &Resource, v: &ViewDesc) -> HipResult<()> {
    let (desc, levels) = match res {
        Resource::Array(d, _) => (d, 1),
        Resource::Mipmap(d, m) => (d, m.levels.len() as u32),
        _ => return Err(HipError::InvalidValue),
    };
    if let Some(f) = TexelFormat::from_view_format(v.format)? {
        if f.element_size() != desc.format.element_size() {
            return Err(HipError::InvalidValue);
        }
    }
    let layered = desc.flags & (ARRAY_LAYERED | ARRAY_CUBEMAP) != 0;
    let layers = if layered { desc.depth as u32 } else { 1 };
    if (v.width, v.height, v.depth) != (desc.width, desc.height, desc.depth)
        || v.first_mipmap_level > v.last_mipmap_level
        || v.last_mipmap_level >= levels
        || v.first_layer > v.last_layer
        || v.last_layer >= layers
    {
        return Err(HipError::InvalidValue);
    }
    Ok(())
}

/// `hipDestroyTextureObject`: a null object is accepted (as HIP does).
pub fn texture_destroy(object: u64) -> HipResult<()> {
    if object == 0 {
        return Ok(());
    }
    with(|t| t.textures.remove(&object)).ok_or(HipError::InvalidValue)?;
    // SAFETY: the program gave the object up; nothing may still use it.
    unsafe { backend().texture_destroy(object) }
}

/// The descriptors a live texture object was made from.
pub fn texture_descs(object: u64) -> HipResult<(ResourceDesc, TextureDesc, Option<ViewDesc>)> {
    with(|t| t.textures.get(&object).map(|r| (r.res, r.tex, r.view))).ok_or(HipError::InvalidValue)
}

/// `hipCreateSurfaceObject`: over an array only.
pub fn surface_create(res: ResourceDesc) -> HipResult<u64> {
    if !matches!(res, ResourceDesc::Array(_)) {
        return Err(HipError::InvalidValue);
    }
    let resource = resolve_resource(&res)?;
    let object = backend().surface_create(&resource)?;
    with(|t| t.surfaces.insert(object, res));
    Ok(object)
}

/// `hipDestroySurfaceObject`: a null object is accepted.
pub fn surface_destroy(object: u64) -> HipResult<()> {
    if object == 0 {
        return Ok(());
    }
    with(|t| t.surfaces.remove(&object)).ok_or(HipError::InvalidValue)?;
    // SAFETY: the program gave the object up; nothing may still use it.
    unsafe { backend().surface_destroy(object) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    fn float_array(width: usize, height: usize, depth: usize, flags: u32) -> ArrayDesc {
        let format = TexelFormat::from_array_format(0x20, 1).unwrap();
        ArrayDesc {
            width,
            height,
            depth,
            format,
            flags,
        }
    }

    #[test]
    fn views_follow_cudas_rules() {
        let storage = ArrayStorage {
            handle: 0x1000,
            pitch: 256,
        };
        let layered = float_array(8, 8, 4, ARRAY_LAYERED);
        let res = Resource::Array(layered, storage);
        let ok = ViewDesc {
            format: 0x16,
            width: 8,
            height: 8,
            depth: 4,
            last_layer: 3,
            ..Default::default()
        };
        assert_eq!(check_view(&res, &ok), Ok(()));
        // Another format of the same size (uint1 over float1) is fine; a wider one is not.
        assert_eq!(check_view(&res, &ViewDesc { format: 0x0d, ..ok }), Ok(()));
        let bad = [
            ViewDesc { format: 0x17, ..ok },
            ViewDesc { width: 4, ..ok },
            ViewDesc {
                first_layer: 2,
                last_layer: 1,
                ..ok
            },
            ViewDesc {
                last_layer: 4,
                ..ok
            },
            ViewDesc {
                last_mipmap_level: 1,
                ..ok
            },
        ];
        for v in bad {
            assert_eq!(check_view(&res, &v), Err(HipError::InvalidValue), "{v:?}");
        }
        assert_eq!(
            check_view(&res, &ViewDesc { format: 0x19, ..ok }),
            Err(HipError::NotSupported)
        );
        let mip = Resource::Mipmap(
            float_array(16, 16, 0, 0),
            MipmapStorage {
                handle: 0,
                levels: vec![storage; 3],
            },
        );
        let v = ViewDesc {
            width: 16,
            height: 16,
            first_mipmap_level: 1,
            last_mipmap_level: 2,
            ..Default::default()
        };
        assert_eq!(check_view(&mip, &v), Ok(()));
        assert_eq!(
            check_view(
                &mip,
                &ViewDesc {
                    last_mipmap_level: 3,
                    ..v
                }
            ),
            Err(HipError::InvalidValue)
        );
        let linear = Resource::Linear {
            ptr: 0x1000,
            format: layered.format,
            size: 64,
        };
        assert_eq!(
            check_view(&linear, &ViewDesc::default()),
            Err(HipError::InvalidValue)
        );
    }

    #[test]
    fn mipmap_header_has_hips_layout() {
        assert_eq!(offset_of!(MipmappedArrayHeader, desc), 8);
        assert_eq!(offset_of!(MipmappedArrayHeader, type_), 28);
        assert_eq!(offset_of!(MipmappedArrayHeader, num_channels), 60);
        assert_eq!(size_of::<MipmappedArrayHeader>(), 64);
    }
}
