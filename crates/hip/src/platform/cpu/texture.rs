//! [`TextureBackend`] for the CPU platform. An array is a pitched allocation of host memory
//! (rows of texels, slices of rows: layers, cube faces or depth), so copies to and from it
//! are the 3-D pitched copies of [`crate::memory`]. A texture or surface object is a boxed
//! [`CpuTexture`]: the descriptor that the device-side sampler
//! (`include/hip/cpu/texture_functions.h`, `struct __hip_texture`) reads directly, kernels
//! being host code; `hipTextureObject_t` is its address.

use super::Cpu;
use crate::backend::{DeviceBackend, Handle, TextureBackend};
use crate::error::{HipError, HipResult};
use crate::memory::{self, Copy3d, Extent, MemoryKind, PitchedPtr, Sync};
use crate::runtime::Runtime;
use crate::stream::resolve;
use crate::texture::{
    ArrayCopy, ArrayDesc, ArrayStorage, CopySide, MipmapStorage, Resource, TexelFormat,
    TextureDesc, ViewDesc, ARRAY_CUBEMAP, ARRAY_LAYERED,
};

/// Mipmap levels a descriptor holds (enough for 65536 texels: 17 levels).
pub const MAX_LEVELS: usize = 17;

/// `__hip_texture`'s `magic`: "TEX0", so that a descriptor is recognisable in a debugger or a
/// memory dump.
const MAGIC: u32 = 0x3058_4554;

/// One level of a texture: `struct __hip_tex_level`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct CpuTexLevel {
    pub data: usize,
    pub pitch: u64,
    pub slice: u64,
    pub width: u32,
    pub height: u32,
    pub depth: u32,
    pub pad: u32,
}

/// The descriptor a CPU texture or surface object points at: `struct __hip_texture`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct CpuTexture {
    pub magic: u32,
    pub kind: u32,
    pub bits: u32,
    pub channels: u32,
    pub elem_size: u32,
    pub dims: u32,
    pub layered: u32,
    pub cubemap: u32,
    pub address: [u32; 3],
    pub filter: u32,
    pub read_normalized: u32,
    pub normalized_coords: u32,
    pub srgb: u32,
    pub mip_filter: u32,
    pub border: [f32; 4],
    pub lod_bias: f32,
    pub min_lod: f32,
    pub max_lod: f32,
    pub num_levels: u32,
    pub fmt: u32,
    pub pad: u32,
    pub level: [CpuTexLevel; MAX_LEVELS],
}

/// The sampler's format code: kind | bits << 4 | channels << 12.
pub fn format_code(f: &TexelFormat) -> u32 {
    f.kind as u32 | f.bits << 4 | f.channels << 12
}

fn level_of(desc: &ArrayDesc, s: &ArrayStorage) -> CpuTexLevel {
    let rows = desc.rows() as u64;
    CpuTexLevel {
        data: s.handle as usize,
        pitch: s.pitch as u64,
        slice: s.pitch as u64 * rows,
        width: desc.width as u32,
        height: rows as u32,
        depth: desc.slices() as u32,
        pad: 0,
    }
}

fn describe(res: &Resource) -> CpuTexture {
    let mut t = CpuTexture {
        magic: MAGIC,
        kind: 0,
        bits: 0,
        channels: 0,
        elem_size: 0,
        dims: 1,
        layered: 0,
        cubemap: 0,
        address: [1; 3],
        filter: 0,
        read_normalized: 0,
        normalized_coords: 0,
        srgb: 0,
        mip_filter: 0,
        border: [0.0; 4],
        lod_bias: 0.0,
        min_lod: 0.0,
        max_lod: 0.0,
        num_levels: 1,
        fmt: 0,
        pad: 0,
        level: [CpuTexLevel::default(); MAX_LEVELS],
    };
    let mut shape = |desc: &ArrayDesc| {
        t.layered = u32::from(desc.flags & ARRAY_LAYERED != 0);
        t.cubemap = u32::from(desc.flags & ARRAY_CUBEMAP != 0);
        t.dims = match (desc.height, desc.depth) {
            (0, _) => 1,
            (_, 0) => 2,
            _ if t.layered != 0 || t.cubemap != 0 => 2,
            _ => 3,
        };
        desc.format
    };
    let format = match res {
        Resource::Array(desc, s) => {
            t.level[0] = level_of(desc, s);
            shape(desc)
        }
        Resource::Mipmap(desc, m) => {
            for (i, s) in m.levels.iter().enumerate().take(MAX_LEVELS) {
                t.level[i] = level_of(&desc.level(i as u32), s);
            }
            t.num_levels = m.levels.len().min(MAX_LEVELS) as u32;
            shape(desc)
        }
        Resource::Linear { ptr, format, size } => {
            let n = size / format.element_size();
            t.level[0] = CpuTexLevel {
                data: *ptr,
                pitch: *size as u64,
                slice: *size as u64,
                width: n.min(u32::MAX as usize) as u32,
                height: 1,
                depth: 1,
                pad: 0,
            };
            *format
        }
        Resource::Pitch2D {
            ptr,
            format,
            width,
            height,
            pitch,
        } => {
            t.dims = 2;
            t.level[0] = CpuTexLevel {
                data: *ptr,
                pitch: *pitch as u64,
                slice: (*pitch * *height) as u64,
                width: *width as u32,
                height: *height as u32,
                depth: 1,
                pad: 0,
            };
            *format
        }
    };
    t.kind = format.kind as u32;
    t.bits = format.bits;
    t.channels = format.channels;
    t.elem_size = format.element_size() as u32;
    t.fmt = format_code(&format);
    t
}

/// Applies a (checked) resource view: another texel format of the same size, a range of
/// mipmap levels (the first becomes level 0), a range of layers.
fn apply_view(t: &mut CpuTexture, v: &ViewDesc) -> HipResult<()> {
    if let Some(f) = TexelFormat::from_view_format(v.format)? {
        t.kind = f.kind as u32;
        t.bits = f.bits;
        t.channels = f.channels;
        t.fmt = format_code(&f);
    }
    let first = v.first_mipmap_level as usize;
    let count = (v.last_mipmap_level - v.first_mipmap_level + 1) as usize;
    t.level.copy_within(first..first + count, 0);
    t.num_levels = count as u32;
    if t.layered != 0 || t.cubemap != 0 {
        for l in &mut t.level[..count] {
            l.data += v.first_layer as usize * l.slice as usize;
            l.depth = v.last_layer - v.first_layer + 1;
        }
    }
    Ok(())
}

fn sync_current_device() -> HipResult<()> {
    let rt = Runtime::get()?;
    rt.drain_device(rt.current_device()?)
}

fn pitched(side: &CopySide) -> PitchedPtr {
    match *side {
        CopySide::Linear { ptr, pitch, rows } => PitchedPtr {
            ptr,
            pitch,
            xsize: pitch,
            ysize: rows,
        },
        CopySide::Array(desc, s) => PitchedPtr {
            ptr: s.handle as usize,
            pitch: s.pitch,
            xsize: desc.row_bytes(),
            ysize: desc.rows(),
        },
    }
}

impl TextureBackend for Cpu {
    fn array_alloc(&self, desc: &ArrayDesc) -> HipResult<ArrayStorage> {
        let extent = Extent {
            width: desc.row_bytes(),
            height: desc.rows(),
            depth: desc.slices(),
        };
        let p = memory::allocate_3d(self.current_device()?, extent)?;
        Ok(ArrayStorage {
            handle: p.ptr as u64,
            pitch: p.pitch,
        })
    }

    unsafe fn array_free(&self, storage: &ArrayStorage) -> HipResult<()> {
        sync_current_device()?;
        memory::free(storage.handle as usize as *mut u8, &[MemoryKind::Device])
    }

    fn mipmap_alloc(&self, desc: &ArrayDesc, levels: u32) -> HipResult<MipmapStorage> {
        if levels as usize > MAX_LEVELS {
            return Err(HipError::InvalidValue);
        }
        let mut out = MipmapStorage {
            handle: 0,
            levels: Vec::with_capacity(levels as usize),
        };
        for l in 0..levels {
            match self.array_alloc(&desc.level(l)) {
                Ok(s) => out.levels.push(s),
                Err(e) => {
                    // SAFETY: the levels made so far are not handed out yet.
                    let _ = unsafe { self.mipmap_free(&out) };
                    return Err(e);
                }
            }
        }
        Ok(out)
    }

    unsafe fn mipmap_free(&self, storage: &MipmapStorage) -> HipResult<()> {
        sync_current_device()?;
        let mut result = Ok(());
        for s in &storage.levels {
            let r = memory::free(s.handle as usize as *mut u8, &[MemoryKind::Device]);
            result = result.and(r);
        }
        result
    }

    unsafe fn array_copy(&self, copy: &ArrayCopy, stream: Handle, sync: Sync) -> HipResult<()> {
        let s = resolve(stream as u64)?;
        let c = Copy3d::resolve(
            pitched(&copy.src),
            copy.src_pos,
            pitched(&copy.dst),
            copy.dst_pos,
            Extent {
                width: copy.width,
                height: copy.height,
                depth: copy.depth,
            },
        )?;
        // SAFETY: array sides are live allocations checked against the box by the core;
        // linear sides are the caller's contract.
        unsafe { memory::copy_3d(&c, &s, sync) }
    }

    fn texture_create(
        &self,
        res: &Resource,
        tex: &TextureDesc,
        view: Option<&ViewDesc>,
    ) -> HipResult<u64> {
        let mut t = describe(res);
        if let Some(v) = view {
            apply_view(&mut t, v)?;
        }
        t.address = tex.address_mode.map(|m| m as u32);
        t.filter = tex.filter_mode as u32;
        t.read_normalized = u32::from(tex.normalized_float);
        t.normalized_coords = u32::from(tex.normalized_coords);
        t.srgb = u32::from(tex.srgb);
        t.mip_filter = tex.mipmap_filter_mode as u32;
        t.border = tex.border_color;
        t.lod_bias = tex.mipmap_level_bias;
        t.min_lod = tex.min_mipmap_level_clamp;
        t.max_lod = tex.max_mipmap_level_clamp;
        Ok(Box::into_raw(Box::new(t)) as u64)
    }

    unsafe fn texture_destroy(&self, object: u64) -> HipResult<()> {
        // SAFETY: the core hands back only values this backend returned, once.
        drop(unsafe { Box::from_raw(object as usize as *mut CpuTexture) });
        Ok(())
    }

    fn surface_create(&self, res: &Resource) -> HipResult<u64> {
        Ok(Box::into_raw(Box::new(describe(res))) as u64)
    }

    unsafe fn surface_destroy(&self, object: u64) -> HipResult<()> {
        // SAFETY: as for `texture_destroy`.
        drop(unsafe { Box::from_raw(object as usize as *mut CpuTexture) });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    #[test]
    fn descriptors_and_views() {
        let format = TexelFormat::from_array_format(0x01, 4).unwrap();
        let desc = ArrayDesc {
            width: 10,
            height: 6,
            depth: 3,
            format,
            flags: ARRAY_LAYERED,
        };
        let s = ArrayStorage {
            handle: 0x10_000,
            pitch: 256,
        };
        let t = describe(&Resource::Array(desc, s));
        assert_eq!(
            (t.dims, t.layered, t.cubemap, t.elem_size, t.channels),
            (2, 1, 0, 4, 4)
        );
        assert_eq!(t.fmt, format_code(&format));
        assert_eq!(
            (t.level[0].width, t.level[0].height, t.level[0].depth),
            (10, 6, 3)
        );
        assert_eq!((t.level[0].pitch, t.level[0].slice), (256, 256 * 6));
        // A view of layers 1..2 starts one slice in.
        let mut v = t;
        let view = ViewDesc {
            width: 10,
            height: 6,
            depth: 3,
            first_layer: 1,
            last_layer: 2,
            ..Default::default()
        };
        apply_view(&mut v, &view).unwrap();
        assert_eq!((v.level[0].data, v.level[0].depth), (0x10_000 + 256 * 6, 2));
        // Mipmap levels 1..2 become levels 0..1.
        let mdesc = ArrayDesc {
            depth: 0,
            flags: 0,
            ..desc
        };
        let levels: Vec<ArrayStorage> = (0..3)
            .map(|i| ArrayStorage {
                handle: 0x1000 * (i + 1),
                pitch: 64,
            })
            .collect();
        let mut m = describe(&Resource::Mipmap(
            mdesc,
            MipmapStorage { handle: 0, levels },
        ));
        assert_eq!(
            (m.num_levels, m.level[1].width, m.level[2].height),
            (3, 5, 1)
        );
        let view = ViewDesc {
            width: 10,
            height: 6,
            first_mipmap_level: 1,
            last_mipmap_level: 2,
            format: 0x0d,
            ..Default::default()
        };
        apply_view(&mut m, &view).unwrap();
        assert_eq!(
            (m.num_levels, m.level[0].data, m.level[0].width),
            (2, 0x2000, 5)
        );
        assert_eq!(
            (m.kind, m.bits, m.channels),
            (1, 32, 1),
            "uint1 over uchar4"
        );
        // Linear memory: a 1-D texture of size / element size texels.
        let lin = describe(&Resource::Linear {
            ptr: 0x5000,
            format,
            size: 40,
        });
        assert_eq!((lin.dims, lin.level[0].width), (1, 10));
    }

    /// The offsets `include/hip/cpu/texture_functions.h` asserts for `struct __hip_texture`.
    #[test]
    fn layout_matches_the_device_header() {
        assert_eq!(size_of::<CpuTexLevel>(), 40);
        assert_eq!(offset_of!(CpuTexture, address), 32);
        assert_eq!(offset_of!(CpuTexture, border), 64);
        assert_eq!(offset_of!(CpuTexture, num_levels), 92);
        assert_eq!(offset_of!(CpuTexture, fmt), 96);
        assert_eq!(offset_of!(CpuTexture, level), 104);
        assert_eq!(size_of::<CpuTexture>(), 104 + 40 * MAX_LEVELS);
    }
}
