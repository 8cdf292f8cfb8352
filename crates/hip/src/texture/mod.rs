//! Arrays, mipmapped arrays, texture objects and surface objects: the platform-neutral
//! part (HIP's descriptors as Rust types, their validation, the handle registries in
//! [`objects`]). Where the texels live and how a texture object is made is the backend's
//! ([`crate::backend::TextureBackend`]): host memory and a descriptor the CPU sampler
//! (`include/hip/cpu/texture_functions.h`) reads on the CPU, `CUarray`s and `CUtexObject`s
//! on NVIDIA.

use crate::error::{HipError, HipResult};
use crate::memory::{CopyKind, Pos};

pub mod objects;

/// `hipChannelFormatKind`
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChannelKind {
    Signed = 0,
    Unsigned = 1,
    Float = 2,
}

/// The format of one texel: `channels` channels of `bits` bits of one kind (HIP and CUDA
/// arrays have 1, 2 or 4 equal channels; 16-bit floats are halves).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TexelFormat {
    pub channels: u32,
    pub bits: u32,
    pub kind: ChannelKind,
}

/// `hipChannelFormatDesc` as the C API passes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ChannelDesc {
    pub x: i32,
    pub y: i32,
    pub z: i32,
    pub w: i32,
    pub f: i32,
}

impl TexelFormat {
    /// From a channel descriptor: the non-zero channels come first and are equally wide
    /// (8, 16 or 32 bits; 16 or 32 for floats), 1, 2 or 4 of them; kind `None` has no texels.
    /// Anything else is `hipErrorInvalidValue`, the code HIP's allocation and texture calls
    /// return for a malformed descriptor.
    pub fn from_channel_desc(d: &ChannelDesc) -> HipResult<TexelFormat> {
        let kind = match d.f {
            0 => ChannelKind::Signed,
            1 => ChannelKind::Unsigned,
            2 => ChannelKind::Float,
            _ => return Err(HipError::InvalidValue),
        };
        let bits = d.x;
        let ok_bits = match kind {
            ChannelKind::Float => matches!(bits, 16 | 32),
            _ => matches!(bits, 8 | 16 | 32),
        };
        if !ok_bits {
            return Err(HipError::InvalidValue);
        }
        let channels = match (d.y, d.z, d.w) {
            (0, 0, 0) => 1,
            (y, 0, 0) if y == bits => 2,
            (y, z, w) if y == bits && z == bits && w == bits => 4,
            _ => return Err(HipError::InvalidValue),
        };
        Ok(TexelFormat {
            channels,
            bits: bits as u32,
            kind,
        })
    }

    /// From a driver-API `hipArray_Format` and channel count (1, 2 or 4).
    pub fn from_array_format(format: u32, channels: u32) -> HipResult<TexelFormat> {
        let (bits, kind) = match format {
            0x01 => (8, ChannelKind::Unsigned),
            0x02 => (16, ChannelKind::Unsigned),
            0x03 => (32, ChannelKind::Unsigned),
            0x08 => (8, ChannelKind::Signed),
            0x09 => (16, ChannelKind::Signed),
            0x0a => (32, ChannelKind::Signed),
            0x10 => (16, ChannelKind::Float),
            0x20 => (32, ChannelKind::Float),
            _ => return Err(HipError::InvalidValue),
        };
        if !matches!(channels, 1 | 2 | 4) {
            return Err(HipError::InvalidValue);
        }
        Ok(TexelFormat {
            channels,
            bits,
            kind,
        })
    }

    /// From a `hipResourceViewFormat` (`hipResViewFormatUnsignedChar1` = 1 ... `Float4` = 0x18):
    /// `None` for `hipResViewFormatNone`; block-compressed formats are not supported (no
    /// array is block-compressed here).
    pub fn from_view_format(v: u32) -> HipResult<Option<TexelFormat>> {
        if v == 0 {
            return Ok(None);
        }
        if v > 0x22 {
            return Err(HipError::InvalidValue);
        }
        if v > 0x18 {
            return Err(HipError::NotSupported);
        }
        let i = v - 1;
        let (bits, kind) = match i / 3 {
            0 => (8, ChannelKind::Unsigned),
            1 => (8, ChannelKind::Signed),
            2 => (16, ChannelKind::Unsigned),
            3 => (16, ChannelKind::Signed),
            4 => (32, ChannelKind::Unsigned),
            5 => (32, ChannelKind::Signed),
            6 => (16, ChannelKind::Float),
            _ => (32, ChannelKind::Float),
        };
        Ok(Some(TexelFormat {
            channels: [1, 2, 4][(i % 3) as usize],
            bits,
            kind,
        }))
    }

    /// The driver-API `hipArray_Format` of one channel.
    pub fn array_format(&self) -> u32 {
        match (self.kind, self.bits) {
            (ChannelKind::Unsigned, 8) => 0x01,
            (ChannelKind::Unsigned, 16) => 0x02,
            (ChannelKind::Unsigned, _) => 0x03,
            (ChannelKind::Signed, 8) => 0x08,
            (ChannelKind::Signed, 16) => 0x09,
            (ChannelKind::Signed, _) => 0x0a,
            (ChannelKind::Float, 16) => 0x10,
            (ChannelKind::Float, _) => 0x20,
        }
    }

    /// The runtime-API channel descriptor.
    pub fn channel_desc(&self) -> ChannelDesc {
        let b = self.bits as i32;
        let c = self.channels;
        ChannelDesc {
            x: b,
            y: if c > 1 { b } else { 0 },
            z: if c > 2 { b } else { 0 },
            w: if c > 3 { b } else { 0 },
            f: self.kind as i32,
        }
    }

    /// Bytes per texel.
    pub fn element_size(&self) -> usize {
        (self.bits / 8 * self.channels) as usize
    }
}

/// `hipArrayLayered`, `hipArraySurfaceLoadStore`, `hipArrayCubemap`, `hipArrayTextureGather`.
pub const ARRAY_LAYERED: u32 = 0x01;
pub const ARRAY_SURFACE_LOAD_STORE: u32 = 0x02;
pub const ARRAY_CUBEMAP: u32 = 0x04;
pub const ARRAY_TEXTURE_GATHER: u32 = 0x08;
const ARRAY_FLAGS: u32 =
    ARRAY_LAYERED | ARRAY_SURFACE_LOAD_STORE | ARRAY_CUBEMAP | ARRAY_TEXTURE_GATHER;

/// Largest extent accepted in any dimension (HIP reports 16384 for 2-D textures on AMD
/// GPUs; the CPU platform and CUDA accept up to 65536 for 1-D/2-D).
pub const MAX_ARRAY_DIM: usize = 65536;

/// An array's shape and texel format, as `hipArray3DGetDescriptor` reports it: `height` 0 for
/// 1-D arrays, `depth` 0 for 1-D and 2-D ones (or the layer count of a layered array, 6 times
/// the cube count of a cubemap).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ArrayDesc {
    pub width: usize,
    pub height: usize,
    pub depth: usize,
    pub format: TexelFormat,
    pub flags: u32,
}

impl ArrayDesc {
    /// HIP's rules for a new array: a width, a height only with a width, a depth only with a
    /// height (except a layered 1-D array), known flags, cubemaps square with 6·n faces.
    pub fn validate(&self) -> HipResult<()> {
        let bad = Err(HipError::InvalidValue);
        if self.flags & !ARRAY_FLAGS != 0 || self.width == 0 {
            return bad;
        }
        let layered = self.flags & ARRAY_LAYERED != 0;
        if self.height == 0 && self.depth != 0 && !layered {
            return bad;
        }
        if self.width > MAX_ARRAY_DIM || self.height > MAX_ARRAY_DIM || self.depth > MAX_ARRAY_DIM {
            return bad;
        }
        if layered && self.depth == 0 {
            return bad;
        }
        if self.flags & ARRAY_CUBEMAP != 0
            && (self.width != self.height
                || self.depth == 0
                || self.depth % 6 != 0
                || (!layered && self.depth != 6))
        {
            return bad;
        }
        Ok(())
    }

    /// Row count of the storage (1 for a 1-D array).
    pub fn rows(&self) -> usize {
        self.height.max(1)
    }

    /// Slice count of the storage (layers, faces or depth; 1 for 1-D and 2-D).
    pub fn slices(&self) -> usize {
        self.depth.max(1)
    }

    /// Bytes of one row of texels.
    pub fn row_bytes(&self) -> usize {
        self.width * self.format.element_size()
    }

    /// The shape of mipmap level `level` (each dimension halved, at least 1; layers kept).
    pub fn level(&self, level: u32) -> ArrayDesc {
        let shrink = |n: usize| if n == 0 { 0 } else { (n >> level).max(1) };
        let layered = self.flags & (ARRAY_LAYERED | ARRAY_CUBEMAP) != 0;
        ArrayDesc {
            width: shrink(self.width),
            height: shrink(self.height),
            depth: if layered {
                self.depth
            } else {
                shrink(self.depth)
            },
            ..*self
        }
    }

    /// Most mipmap levels the shape has (down to 1x1x1).
    pub fn max_levels(&self) -> u32 {
        let layered = self.flags & (ARRAY_LAYERED | ARRAY_CUBEMAP) != 0;
        let d = if layered { 1 } else { self.depth };
        let m = self.width.max(self.height).max(d).max(1);
        usize::BITS - m.leading_zeros()
    }
}

/// `hipTextureAddressMode`
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AddressMode {
    Wrap = 0,
    #[default]
    Clamp = 1,
    Mirror = 2,
    Border = 3,
}

impl AddressMode {
    pub fn from_raw(v: i32) -> HipResult<AddressMode> {
        Ok(match v {
            0 => AddressMode::Wrap,
            1 => AddressMode::Clamp,
            2 => AddressMode::Mirror,
            3 => AddressMode::Border,
            _ => return Err(HipError::InvalidValue),
        })
    }
}

/// `hipTextureFilterMode`
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FilterMode {
    #[default]
    Point = 0,
    Linear = 1,
}

impl FilterMode {
    pub fn from_raw(v: i32) -> HipResult<FilterMode> {
        Ok(match v {
            0 => FilterMode::Point,
            1 => FilterMode::Linear,
            _ => return Err(HipError::InvalidValue),
        })
    }
}

/// The sampling state of a texture object (`hipTextureDesc`; the driver-API
/// `HIP_TEXTURE_DESC` maps onto it: its flags are `read_as_integer`, normalized coordinates
/// and sRGB).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TextureDesc {
    pub address_mode: [AddressMode; 3],
    pub filter_mode: FilterMode,
    /// `hipReadModeNormalizedFloat`: integer texels read as floats in [0, 1] / [-1, 1].
    pub normalized_float: bool,
    pub srgb: bool,
    pub border_color: [f32; 4],
    pub normalized_coords: bool,
    pub max_anisotropy: u32,
    pub mipmap_filter_mode: FilterMode,
    pub mipmap_level_bias: f32,
    pub min_mipmap_level_clamp: f32,
    pub max_mipmap_level_clamp: f32,
}

/// `hipResourceViewDesc` (kept and reported; the view's format and ranges are checked
/// against the resource).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ViewDesc {
    pub format: u32,
    pub width: usize,
    pub height: usize,
    pub depth: usize,
    pub first_mipmap_level: u32,
    pub last_mipmap_level: u32,
    pub first_layer: u32,
    pub last_layer: u32,
}

/// An array handle (`hipArray_t`) as the program holds it.
pub type ArrayHandle = usize;
/// A mipmapped-array handle (`hipMipmappedArray_t`).
pub type MipmapHandle = usize;

/// What a texture or surface object reads (`hipResourceDesc`, handles as the program
/// passes them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResourceDesc {
    Array(ArrayHandle),
    Mipmap(MipmapHandle),
    /// `size` bytes of texels at `ptr` (a 1-D texture read with `tex1Dfetch`).
    Linear {
        ptr: usize,
        format: TexelFormat,
        size: usize,
    },
    /// `height` rows of `width` texels, `pitch` bytes apart.
    Pitch2D {
        ptr: usize,
        format: TexelFormat,
        width: usize,
        height: usize,
        pitch: usize,
    },
}

/// Where an array's texels are, as its backend made them: on the CPU the address of the
/// first texel and the row pitch (slices are `pitch * rows` apart); on NVIDIA the `CUarray`
/// (`pitch` 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArrayStorage {
    pub handle: u64,
    pub pitch: usize,
}

/// A mipmapped array's storage: the backend's handle (`CUmipmappedArray`; 0 on the CPU)
/// and each level's array storage, finest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MipmapStorage {
    pub handle: u64,
    pub levels: Vec<ArrayStorage>,
}

/// A resource resolved for the backend: arrays by their storage and shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resource {
    Array(ArrayDesc, ArrayStorage),
    Mipmap(ArrayDesc, MipmapStorage),
    Linear {
        ptr: usize,
        format: TexelFormat,
        size: usize,
    },
    Pitch2D {
        ptr: usize,
        format: TexelFormat,
        width: usize,
        height: usize,
        pitch: usize,
    },
}

/// One side of a copy that involves an array: linear memory (`pitch` bytes per row,
/// `rows` rows per slice) or an array.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CopySide {
    Linear {
        ptr: usize,
        pitch: usize,
        rows: usize,
    },
    Array(ArrayDesc, ArrayStorage),
}

/// A copy of `extent` (width in bytes) between two sides, at byte positions `src_pos` /
/// `dst_pos` (x in bytes, also for arrays), already checked against array bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArrayCopy {
    pub src: CopySide,
    pub src_pos: Pos,
    pub dst: CopySide,
    pub dst_pos: Pos,
    pub width: usize,
    pub height: usize,
    pub depth: usize,
    pub kind: CopyKind,
}

/// Largest 1-D linear texture (`tex1Dfetch`) the CPU sampler takes, in texels (CUDA's figure).
pub const MAX_LINEAR_TEXELS: i32 = 1 << 27;
/// Texture and surface alignment the CPU platform reports (every allocation is 256-aligned).
pub const CPU_TEXTURE_ALIGNMENT: i32 = 256;

/// The CPU platform's texture and surface limits in `hipDeviceProp_t` (what [`ArrayDesc::validate`]
/// accepts).
pub fn fill_cpu_limits(d: &mut crate::device_prop::DeviceProp) {
    let m = MAX_ARRAY_DIM as i32;
    d.max_texture_1d = m;
    d.max_texture_1d_mipmap = m;
    d.max_texture_1d_linear = MAX_LINEAR_TEXELS;
    d.max_texture_2d = [m, m];
    d.max_texture_2d_mipmap = [m, m];
    d.max_texture_2d_linear = [m, m, i32::MAX];
    d.max_texture_2d_gather = [m, m];
    d.max_texture_3d = [m, m, m];
    d.max_texture_3d_alt = [m, m, m];
    d.max_texture_cubemap = m;
    d.max_texture_1d_layered = [m, m];
    d.max_texture_2d_layered = [m, m, m];
    d.max_texture_cubemap_layered = [m, m];
    d.max_surface_1d = m;
    d.max_surface_2d = [m, m];
    d.max_surface_3d = [m, m, m];
    d.max_surface_1d_layered = [m, m];
    d.max_surface_2d_layered = [m, m, m];
    d.max_surface_cubemap = m;
    d.max_surface_cubemap_layered = [m, m];
    d.surface_alignment = CPU_TEXTURE_ALIGNMENT as usize;
}

/// `hipDeviceGetAttribute` for the texture and surface limits (attributes 32 to 54) on the
/// CPU platform: every dimension is [`MAX_ARRAY_DIM`], linear textures [`MAX_LINEAR_TEXELS`].
pub fn cpu_limit_attribute(attr: u32) -> i32 {
    match attr {
        41 => MAX_LINEAR_TEXELS,
        _ => MAX_ARRAY_DIM as i32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn channel_descs_round_trip_and_reject_malformed() {
        let d = ChannelDesc {
            x: 8,
            y: 8,
            z: 8,
            w: 8,
            f: 1,
        };
        let f = TexelFormat::from_channel_desc(&d).unwrap();
        assert_eq!((f.channels, f.bits, f.element_size()), (4, 8, 4));
        assert_eq!(f.channel_desc(), d);
        assert_eq!(f.array_format(), 0x01);
        let bad = [
            ChannelDesc {
                x: 8,
                y: 16,
                z: 0,
                w: 0,
                f: 1,
            },
            ChannelDesc {
                x: 8,
                y: 0,
                z: 8,
                w: 0,
                f: 1,
            },
            ChannelDesc {
                x: 8,
                y: 0,
                z: 0,
                w: 0,
                f: 2,
            },
            ChannelDesc {
                x: 32,
                y: 0,
                z: 0,
                w: 0,
                f: 3,
            },
            ChannelDesc {
                x: 0,
                y: 0,
                z: 0,
                w: 0,
                f: 0,
            },
            ChannelDesc {
                x: 8,
                y: 8,
                z: 8,
                w: 0,
                f: 0,
            },
        ];
        for b in bad {
            assert_eq!(
                TexelFormat::from_channel_desc(&b),
                Err(HipError::InvalidValue),
                "{b:?}"
            );
        }
        let v = TexelFormat::from_view_format(0x17).unwrap().unwrap();
        assert_eq!((v.channels, v.bits, v.kind), (2, 32, ChannelKind::Float));
        let v = TexelFormat::from_view_format(0x0c).unwrap().unwrap();
        assert_eq!((v.channels, v.bits, v.kind), (4, 16, ChannelKind::Signed));
        assert_eq!(TexelFormat::from_view_format(0), Ok(None));
        assert_eq!(
            TexelFormat::from_view_format(0x19),
            Err(HipError::NotSupported)
        );
        assert_eq!(
            TexelFormat::from_view_format(0x23),
            Err(HipError::InvalidValue)
        );
        let h = TexelFormat::from_array_format(0x10, 2).unwrap();
        assert_eq!(
            (h.bits, h.kind, h.element_size()),
            (16, ChannelKind::Float, 4)
        );
        assert!(TexelFormat::from_array_format(0x20, 3).is_err());
    }

    #[test]
    fn array_shapes_and_levels() {
        let f = TexelFormat {
            channels: 1,
            bits: 32,
            kind: ChannelKind::Float,
        };
        let d = ArrayDesc {
            width: 100,
            height: 40,
            depth: 0,
            format: f,
            flags: 0,
        };
        d.validate().unwrap();
        assert_eq!(d.max_levels(), 7);
        assert_eq!(
            d.level(3),
            ArrayDesc {
                width: 12,
                height: 5,
                ..d
            }
        );
        assert_eq!(d.level(6).width, 1);
        let bad = [
            ArrayDesc { width: 0, ..d },
            ArrayDesc {
                height: 0,
                depth: 3,
                ..d
            },
            ArrayDesc { flags: 0x40, ..d },
            ArrayDesc {
                flags: ARRAY_CUBEMAP,
                depth: 6,
                ..d
            },
            ArrayDesc {
                flags: ARRAY_LAYERED,
                depth: 0,
                ..d
            },
        ];
        for b in bad {
            assert_eq!(b.validate(), Err(HipError::InvalidValue), "{b:?}");
        }
        let cube = ArrayDesc {
            width: 16,
            height: 16,
            depth: 6,
            flags: ARRAY_CUBEMAP,
            ..d
        };
        cube.validate().unwrap();
        let layered1d = ArrayDesc {
            width: 16,
            height: 0,
            depth: 3,
            flags: ARRAY_LAYERED,
            ..d
        };
        layered1d.validate().unwrap();
    }
}
