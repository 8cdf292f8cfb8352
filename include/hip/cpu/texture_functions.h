/*
 * ferrocm CPU platform: texture fetches (texture objects and the deprecated texture
 * references) and surface loads and stores, as device functions. Included by
 * cpu/hip_runtime.h.
 *
 * A texture or surface object is the address of a `struct __hip_texture` the runtime made
 * (crates/hip/src/platform/cpu/texture.rs; the offsets are asserted on both sides): the
 * texels' level(s) with their pitches and the sampling state. Kernels run on the host, so a
 * fetch reads it directly. The sampler follows the GPU rules that HIP and CUDA document:
 *
 *  - coordinates: unnormalised in texels, or normalised (scaled by the size);
 *  - address modes: clamp to edge, border (the border colour), wrap and mirror (wrap and
 *    mirror apply to normalised coordinates; with unnormalised ones they clamp, as on GPUs);
 *  - point filtering takes texel floor(x); linear filtering blends the texels around
 *    x - 0.5 with weights in 1.8 fixed point (the fraction rounded to 1/256), per dimension;
 *  - read modes: element type (raw texels; integer formats are only point-sampled) or
 *    normalised float (unsigned n-bit integers divided by 2^n - 1, signed by 2^(n-1) - 1
 *    and clamped to -1), with sRGB-to-linear conversion of 8-bit RGB channels when asked;
 *  - tex1Dfetch on linear memory: an element index, no filtering, zero outside;
 *  - layers and cube faces are slices; mipmaps pick (point) or blend (linear) levels from
 *    an explicit level (…Lod) or from gradients (…Grad), clamped to the object's range.
 *
 * Missing channels read as 0 (and w as 1) in float results.
 */
#ifndef HIP_CPU_TEXTURE_FUNCTIONS_H
#define HIP_CPU_TEXTURE_FUNCTIONS_H

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>

/* One mipmap level (or the only one): rows of texels `pitch` bytes apart, slices `slice`
 * bytes apart (depth, layers or cube faces). */
struct __hip_tex_level {
  const unsigned char *data;
  uint64_t pitch;
  uint64_t slice;
  uint32_t width, height, depth, pad;
};

#define __HIP_TEX_MAX_LEVELS 17

struct __hip_texture {
  uint32_t magic;
  uint32_t kind; /* hipChannelFormatKind of every channel */
  uint32_t bits; /* per channel */
  uint32_t channels;
  uint32_t elem_size;
  uint32_t dims; /* 1, 2 or 3 */
  uint32_t layered;
  uint32_t cubemap;
  /* The sampling state (laid out as hip_impl::tex::sampler). */
  uint32_t address[3];
  uint32_t filter;
  uint32_t read_normalized;
  uint32_t normalized_coords;
  uint32_t srgb;
  uint32_t mip_filter;
  float border[4];
  float lod_bias, min_lod, max_lod;
  uint32_t num_levels;
  uint32_t fmt; /* kind | bits << 4 | channels << 12 */
  uint32_t pad;
  struct __hip_tex_level level[__HIP_TEX_MAX_LEVELS];
};

static_assert(sizeof(struct __hip_tex_level) == 40, "struct __hip_tex_level layout");
static_assert(offsetof(struct __hip_texture, address) == 32, "struct __hip_texture layout");
static_assert(offsetof(struct __hip_texture, border) == 64, "struct __hip_texture layout");
static_assert(offsetof(struct __hip_texture, num_levels) == 92, "struct __hip_texture layout");
static_assert(offsetof(struct __hip_texture, level) == 104, "struct __hip_texture layout");

namespace hip_impl {
namespace tex {

#define __HIP_TEX_INLINE __attribute__((always_inline)) inline

struct sampler {
  uint32_t address[3];
  uint32_t filter;
  uint32_t read_normalized;
  uint32_t normalized_coords;
  uint32_t srgb;
  uint32_t mip_filter;
  float border[4];
};
static_assert(sizeof(sampler) == 48, "sampler mirrors __hip_texture's sampling state");

struct f4 {
  float v[4];
};

enum : uint32_t { kSigned = 0, kUnsigned = 1, kFloat = 2 };
constexpr uint32_t fmt_code(uint32_t kind, uint32_t bits, uint32_t ch) { return kind | bits << 4 | ch << 12; }
constexpr uint32_t F32x1 = fmt_code(kFloat, 32, 1);

__HIP_TEX_INLINE const __hip_texture *object(const void *o) { return static_cast<const __hip_texture *>(o); }
__HIP_TEX_INLINE const sampler &sampling(const __hip_texture *t) {
  return *reinterpret_cast<const sampler *>(&t->address[0]);
}

inline float half_to_float(uint16_t h) {
  uint32_t s = (uint32_t)(h >> 15) << 31, e = (h >> 10) & 0x1f, m = h & 0x3ff, bits;
  if (e == 0x1f) {
    bits = s | 0x7f800000u | (m << 13);
  } else if (e != 0) {
    bits = s | ((e + 112) << 23) | (m << 13);
  } else if (m == 0) {
    bits = s;
  } else { /* subnormal: normalise */
    e = 113;
    while (!(m & 0x400)) {
      m <<= 1;
      e--;
    }
    bits = s | (e << 23) | ((m & 0x3ff) << 13);
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

inline float srgb_to_linear(float c) {
  return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
}

/* One channel as a float: raw value, or normalised. */
__HIP_TEX_INLINE float channel(const unsigned char *p, uint32_t kind, uint32_t bits, bool norm) {
  switch (bits | kind << 8) {
  case 32 | kFloat << 8: {
    float f;
    std::memcpy(&f, p, 4);
    return f;
  }
  case 16 | kFloat << 8: {
    uint16_t h;
    std::memcpy(&h, p, 2);
    return half_to_float(h);
  }
  case 8 | kUnsigned << 8:
    return norm ? *p * (1.0f / 255.0f) : (float)*p;
  case 16 | kUnsigned << 8: {
    uint16_t v;
    std::memcpy(&v, p, 2);
    return norm ? v * (1.0f / 65535.0f) : (float)v;
  }
  case 32 | kUnsigned << 8: {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return norm ? (float)((double)v / 4294967295.0) : (float)v;
  }
  case 8 | kSigned << 8: {
    float v = (float)(int8_t)*p;
    return norm ? std::fmax(v * (1.0f / 127.0f), -1.0f) : v;
  }
  case 16 | kSigned << 8: {
    int16_t v;
    std::memcpy(&v, p, 2);
    return norm ? std::fmax(v * (1.0f / 32767.0f), -1.0f) : (float)v;
  }
  default: {
    int32_t v;
    std::memcpy(&v, p, 4);
    return norm ? (float)std::fmax((double)v / 2147483647.0, -1.0) : (float)v;
  }
  }
}

/* The texel at p as four floats. */
__HIP_TEX_INLINE f4 texel(const __hip_texture *t, const sampler &s, const unsigned char *p) {
  if (t->fmt == F32x1) {
    f4 r = {{0, 0, 0, 1}};
    std::memcpy(&r.v[0], p, 4);
    return r;
  }
  f4 r = {{0, 0, 0, 1}};
  const bool norm = s.read_normalized != 0 && t->kind != kFloat;
  const uint32_t step = t->bits / 8;
  for (uint32_t c = 0; c < t->channels; c++)
    r.v[c] = channel(p + c * step, t->kind, t->bits, norm);
  if (s.srgb && norm && t->bits == 8 && t->kind == kUnsigned)
    for (uint32_t c = 0; c < 3 && c < t->channels; c++)
      r.v[c] = srgb_to_linear(r.v[c]);
  return r;
}

__HIP_TEX_INLINE f4 border(const sampler &s) {
  f4 r;
  for (int c = 0; c < 4; c++)
    r.v[c] = s.border[c];
  return r;
}

/* Resolves texel index i of a dimension of n texels: the index, or -1 for the border. */
__HIP_TEX_INLINE int address(int i, int n, uint32_t mode, bool normalized) {
  if ((unsigned)i < (unsigned)n)
    return i;
  switch (normalized ? mode : (mode == 3 ? 3u : 1u)) {
  case 0: { /* wrap */
    int m = i % n;
    return m < 0 ? m + n : m;
  }
  case 2: { /* mirror */
    int p = 2 * n, m = i % p;
    if (m < 0)
      m += p;
    return m < n ? m : p - 1 - m;
  }
  case 3: /* border */
    return -1;
  default: /* clamp */
    return i < 0 ? 0 : n - 1;
  }
}

/* Texel coordinate along a dimension of n texels: scaled when normalised; wrap and mirror
 * fold the normalised coordinate first. */
__HIP_TEX_INLINE float scale(float u, int n, bool normalized) { return normalized ? u * (float)n : u; }

/* The 1.8 fixed-point weight of a fraction. */
__HIP_TEX_INLINE float weight(float a) { return std::floor(a * 256.0f + 0.5f) * (1.0f / 256.0f); }

__HIP_TEX_INLINE bool filters(const __hip_texture *t, const sampler &s) {
  return s.filter == 1 && (t->kind == kFloat || s.read_normalized);
}

/* floor() as an int without a libm call. Coordinates far outside any texture (and NaN) are
 * first pinned to +-2^30, where every address mode still gives a defined texel. */
__HIP_TEX_INLINE int ifloor(float v) {
  v = v > -1073741824.0f ? v : -1073741824.0f; /* maxss; NaN compares false */
  v = v < 1073741824.0f ? v : 1073741824.0f;
  const int i = (int)v;
  return i - (v < (float)i);
}

/* The 1.8 fixed-point weight of a fraction in [0, 1). */
__HIP_TEX_INLINE float qweight(float a) { return (float)(int)(a * 256.0f + 0.5f) * (1.0f / 256.0f); }

/* A texel loader for one format: the common float texels, or any format through `texel`. */
struct load_f32x1 {
  __HIP_TEX_INLINE f4 operator()(const unsigned char *p) const {
    f4 r = {{0, 0, 0, 1}};
    std::memcpy(&r.v[0], p, 4);
    return r;
  }
};
struct load_any {
  const __hip_texture *t;
  const sampler &s;
  __HIP_TEX_INLINE f4 operator()(const unsigned char *p) const { return texel(t, s, p); }
};

/* Samples level L at (x, y, z) (texels or normalised; DIMS dimensions, `slice` the layer),
 * computing the first NC channels. */
template <int DIMS, unsigned NC, class Load>
__HIP_TEX_INLINE f4 sample_as(const __hip_texture *t, const sampler &s, const __hip_tex_level &L, float x, float y,
                              float z, int slice, Load load) {
  const bool nc = s.normalized_coords != 0;
  const int w = (int)L.width, h = (int)L.height, d = (int)L.depth;
  const unsigned char *base = L.data + (uint64_t)slice * L.slice;
  const uint64_t es = t->elem_size, pitch = L.pitch;
  if (!filters(t, s)) {
    int i = ifloor(scale(x, w, nc)), j = 0, k = 0;
    i = address(i, w, s.address[0], nc);
    if (DIMS > 1)
      j = address(ifloor(scale(y, h, nc)), h, s.address[1], nc);
    if (DIMS > 2)
      k = address(ifloor(scale(z, d, nc)), d, s.address[2], nc);
    if ((i | j | k) < 0)
      return border(s);
    return load(base + (uint64_t)k * L.slice + (uint64_t)j * pitch + (uint64_t)i * es);
  }
  const float xb = scale(x, w, nc) - 0.5f;
  const int i0 = ifloor(xb);
  const float a = qweight(xb - (float)i0);
  f4 r = {{0, 0, 0, 1}};
  if (DIMS == 1) {
    const int ia = address(i0, w, s.address[0], nc), ib = address(i0 + 1, w, s.address[0], nc);
    f4 t0 = ia < 0 ? border(s) : load(base + (uint64_t)ia * es);
    f4 t1 = ib < 0 ? border(s) : load(base + (uint64_t)ib * es);
    for (unsigned c = 0; c < NC; c++)
      r.v[c] = t0.v[c] + a * (t1.v[c] - t0.v[c]);
    return r;
  }
  const float yb = scale(y, h, nc) - 0.5f;
  const int j0 = ifloor(yb);
  const float b = qweight(yb - (float)j0);
  if (DIMS == 2) {
    f4 q00, q10, q01, q11;
    if ((unsigned)i0 < (unsigned)(w - 1) && (unsigned)j0 < (unsigned)(h - 1)) { /* interior: no addressing */
      const unsigned char *p = base + (uint64_t)j0 * pitch + (uint64_t)i0 * es;
      q00 = load(p);
      q10 = load(p + es);
      q01 = load(p + pitch);
      q11 = load(p + pitch + es);
    } else {
      const int ia = address(i0, w, s.address[0], nc), ib = address(i0 + 1, w, s.address[0], nc);
      const int ja = address(j0, h, s.address[1], nc), jb = address(j0 + 1, h, s.address[1], nc);
      auto at = [&](int i, int j) {
        return (i | j) < 0 ? border(s) : load(base + (uint64_t)j * pitch + (uint64_t)i * es);
      };
      q00 = at(ia, ja);
      q10 = at(ib, ja);
      q01 = at(ia, jb);
      q11 = at(ib, jb);
    }
    for (unsigned c = 0; c < NC; c++) {
      const float top = q00.v[c] + a * (q10.v[c] - q00.v[c]);
      const float bot = q01.v[c] + a * (q11.v[c] - q01.v[c]);
      r.v[c] = top + b * (bot - top);
    }
    return r;
  }
  const float zb = scale(z, d, nc) - 0.5f;
  const int k0 = ifloor(zb);
  const float g = qweight(zb - (float)k0);
  const int ia = address(i0, w, s.address[0], nc), ib = address(i0 + 1, w, s.address[0], nc);
  const int ja = address(j0, h, s.address[1], nc), jb = address(j0 + 1, h, s.address[1], nc);
  const int ka = address(k0, d, s.address[2], nc), kb = address(k0 + 1, d, s.address[2], nc);
  auto at = [&](int i, int j, int k) {
    return (i | j | k) < 0 ? border(s) : load(base + (uint64_t)k * L.slice + (uint64_t)j * pitch + (uint64_t)i * es);
  };
  f4 q[8] = {at(ia, ja, ka), at(ib, ja, ka), at(ia, jb, ka), at(ib, jb, ka),
             at(ia, ja, kb), at(ib, ja, kb), at(ia, jb, kb), at(ib, jb, kb)};
  for (unsigned c = 0; c < NC; c++) {
    float p0 = q[0].v[c] + a * (q[1].v[c] - q[0].v[c]);
    float p1 = q[2].v[c] + a * (q[3].v[c] - q[2].v[c]);
    float p2 = q[4].v[c] + a * (q[5].v[c] - q[4].v[c]);
    float p3 = q[6].v[c] + a * (q[7].v[c] - q[6].v[c]);
    float s0 = p0 + b * (p1 - p0), s1 = p2 + b * (p3 - p2);
    r.v[c] = s0 + g * (s1 - s0);
  }
  return r;
}

/* Samples with the texel format dispatched once: 1-channel float texels (the common case) get
 * their own instance. */
template <int DIMS, unsigned NC>
__HIP_TEX_INLINE f4 sample(const __hip_texture *t, const sampler &s, const __hip_tex_level &L, float x, float y,
                           float z, int slice) {
  if (t->fmt == F32x1)
    return sample_as<DIMS, NC>(t, s, L, x, y, z, slice, load_f32x1{});
  return sample_as<DIMS, NC>(t, s, L, x, y, z, slice, load_any{t, s});
}

/* The raw texel nearest (x, y, z) (element-type reads of integer formats), copied into out
 * (at most 16 bytes); the border colour converted to the channel type outside. */
inline void fetch_raw(const __hip_texture *t, const sampler &s, const __hip_tex_level &L, float x, float y, float z,
                      int dims, int slice, unsigned char *out) {
  const bool nc = s.normalized_coords != 0;
  int i = address(ifloor(scale(x, (int)L.width, nc)), (int)L.width, s.address[0], nc);
  int j = dims > 1 ? address(ifloor(scale(y, (int)L.height, nc)), (int)L.height, s.address[1], nc) : 0;
  int k = dims > 2 ? address(ifloor(scale(z, (int)L.depth, nc)), (int)L.depth, s.address[2], nc) : 0;
  const uint32_t step = t->bits / 8;
  if ((i | j | k) < 0) {
    for (uint32_t c = 0; c < t->channels; c++) {
      const float b = s.border[c];
      if (t->kind == kFloat && step == 4) {
        std::memcpy(out + c * 4, &b, 4);
      } else {
        const int64_t v = (int64_t)b;
        std::memcpy(out + c * step, &v, step); /* little-endian: the low bytes */
      }
    }
    return;
  }
  std::memcpy(out, L.data + (uint64_t)slice * L.slice + (uint64_t)k * L.slice + (uint64_t)j * L.pitch +
                       (uint64_t)i * t->elem_size,
              t->elem_size);
}

/* ---------------------------------------------------------------- result types */

template <class T, class = void> struct shape {
  using scalar = T;
  static constexpr unsigned n = 1;
};
template <class T> struct shape<T, std::void_t<typename T::value_type>> {
  using scalar = typename T::value_type;
  static constexpr unsigned n = T::size;
};
template <class T> constexpr bool is_float_v = std::is_floating_point_v<typename shape<T>::scalar>;

template <class T> __HIP_TEX_INLINE T from_f4(const f4 &v) {
  using S = typename shape<T>::scalar;
  if constexpr (shape<T>::n == 1 && std::is_arithmetic_v<T>) {
    return (T)v.v[0];
  } else {
    T r{};
    S *p = reinterpret_cast<S *>(&r);
    for (unsigned c = 0; c < shape<T>::n; c++)
      p[c] = (S)v.v[c];
    return r;
  }
}

template <class T> __HIP_TEX_INLINE T from_raw(const unsigned char *raw) {
  T r{};
  std::memcpy(&r, raw, sizeof(T) < 16 ? sizeof(T) : 16);
  return r;
}

/* The float vector type of a texel type's width (texture references in normalised-float
 * read mode). */
template <unsigned N> struct float_n;
template <> struct float_n<1> {
  using type = float;
};
template <> struct float_n<2> {
  using type = float2;
};
template <> struct float_n<3> {
  using type = float3;
};
template <> struct float_n<4> {
  using type = float4;
};

/* ---------------------------------------------------------------- fetch entry */

/* Level of detail for an explicit level: bias and clamping as the object says. */
__HIP_TEX_INLINE float clamp_lod(const __hip_texture *t, float lod) {
  lod += t->lod_bias;
  float hi = t->max_lod < (float)(t->num_levels - 1) ? t->max_lod : (float)(t->num_levels - 1);
  if (lod > hi)
    lod = hi;
  if (lod < t->min_lod)
    lod = t->min_lod;
  return lod < 0 ? 0 : lod;
}

/* Unnormalised coordinates address level 0's texels: a finer level scales them down. */
__HIP_TEX_INLINE float level_coord(float u, bool nc, int level) { return nc ? u : std::ldexp(u, -level); }

template <class T, int DIMS>
__attribute__((always_inline)) inline T fetch(const __hip_texture *t, const sampler &s, float x, float y, float z,
                                              int slice, float lod) {
  constexpr unsigned NC = shape<T>::n > 4 ? 4 : shape<T>::n;
  const int dims = DIMS;
  if (t->num_levels <= 1 || lod <= 0.0f || !(lod == lod)) {
    if constexpr (is_float_v<T>) {
      return from_f4<T>(sample<DIMS, NC>(t, s, t->level[0], x, y, z, slice));
    } else {
      unsigned char raw[16] = {};
      fetch_raw(t, s, t->level[0], x, y, z, dims, slice, raw);
      return from_raw<T>(raw);
    }
  }
  const float l = clamp_lod(t, lod);
  const bool nc = s.normalized_coords != 0;
  int l0 = s.mip_filter == 1 ? (int)std::floor(l) : (int)std::floor(l + 0.5f);
  if constexpr (is_float_v<T>) {
    f4 a = sample<DIMS, NC>(t, s, t->level[l0], level_coord(x, nc, l0), level_coord(y, nc, l0),
                            level_coord(z, nc, l0), slice);
    if (s.mip_filter == 1 && l0 + 1 < (int)t->num_levels) {
      const float f = weight(l - (float)l0);
      const int l1 = l0 + 1;
      f4 b = sample<DIMS, NC>(t, s, t->level[l1], level_coord(x, nc, l1), level_coord(y, nc, l1),
                              level_coord(z, nc, l1), slice);
      for (int c = 0; c < 4; c++)
        a.v[c] += f * (b.v[c] - a.v[c]);
    }
    return from_f4<T>(a);
  } else {
    unsigned char raw[16] = {};
    fetch_raw(t, s, t->level[l0], level_coord(x, nc, l0), level_coord(y, nc, l0), level_coord(z, nc, l0), dims, slice,
              raw);
    return from_raw<T>(raw);
  }
}

/* Level of detail from gradients: log2 of the longer footprint side in level-0 texels. */
inline float grad_lod(const __hip_texture *t, const sampler &s, float dx0, float dx1, float dx2, float dy0, float dy1,
                      float dy2) {
  const float w = (float)t->level[0].width, h = (float)t->level[0].height, d = (float)t->level[0].depth;
  const float k = s.normalized_coords ? 1.0f : 0.0f;
  auto sc = [&](float v, float n) { return k != 0.0f ? v * n : v; };
  const float a = std::sqrt(sc(dx0, w) * sc(dx0, w) + sc(dx1, h) * sc(dx1, h) + sc(dx2, d) * sc(dx2, d));
  const float b = std::sqrt(sc(dy0, w) * sc(dy0, w) + sc(dy1, h) * sc(dy1, h) + sc(dy2, d) * sc(dy2, d));
  const float m = a > b ? a : b;
  return m > 0 ? std::log2(m) : 0.0f;
}

/* Cube-map direction -> (face, s, t) with s, t in [0, 1] (CUDA's face table). */
inline int cube_face(float x, float y, float z, float &s, float &t) {
  const float ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
  float sc, tc, ma;
  int face;
  if (ax >= ay && ax >= az) {
    face = x >= 0 ? 0 : 1;
    ma = ax;
    sc = x >= 0 ? -z : z;
    tc = -y;
  } else if (ay >= az) {
    face = y >= 0 ? 2 : 3;
    ma = ay;
    sc = x;
    tc = y >= 0 ? z : -z;
  } else {
    face = z >= 0 ? 4 : 5;
    ma = az;
    sc = z >= 0 ? x : -x;
    tc = -y;
  }
  s = (sc / ma + 1.0f) * 0.5f;
  t = (tc / ma + 1.0f) * 0.5f;
  return face;
}

template <class T> inline T fetch_cube(const __hip_texture *t, const sampler &s0, float x, float y, float z, int layer,
                                       float lod) {
  sampler s = s0;
  s.normalized_coords = 1; /* face coordinates are normalised */
  s.address[0] = s.address[1] = 1;
  float u, v;
  const int face = cube_face(x, y, z, u, v);
  return fetch<T, 2>(t, s, u, v, 0, layer * 6 + face, lod);
}

__HIP_TEX_INLINE int layer_of(const __hip_texture *t, int layer) {
  const int n = (int)t->level[0].depth;
  return layer < 0 ? 0 : (layer >= n ? n - 1 : layer);
}

/* tex2Dgather: component `comp` of the four texels bilinear filtering would blend, in the
 * order (i0, j1), (i1, j1), (i1, j0), (i0, j0). */
template <class T> inline T gather(const __hip_texture *t, const sampler &s, float x, float y, int comp) {
  const __hip_tex_level &L = t->level[0];
  const bool nc = s.normalized_coords != 0;
  const int w = (int)L.width, h = (int)L.height;
  const int i0 = ifloor(scale(x, w, nc) - 0.5f), j0 = ifloor(scale(y, h, nc) - 0.5f);
  const int ia = address(i0, w, s.address[0], nc), ib = address(i0 + 1, w, s.address[0], nc);
  const int ja = address(j0, h, s.address[1], nc), jb = address(j0 + 1, h, s.address[1], nc);
  sampler raw = s;
  raw.srgb = 0;
  auto at = [&](int i, int j) {
    f4 v = (i | j) < 0 ? border(s) : texel(t, raw, L.data + (uint64_t)j * L.pitch + (uint64_t)i * t->elem_size);
    return v.v[comp & 3];
  };
  f4 r = {{at(ia, jb), at(ib, jb), at(ib, ja), at(ia, ja)}};
  return from_f4<T>(r);
}

/* ---------------------------------------------------------------- surfaces */

[[noreturn]] inline void surface_trap(int x, int y, int z) {
  std::fprintf(stderr, "ferrocm: surface access out of range at (%d, %d, %d) with hipBoundaryModeTrap\n", x, y, z);
  std::abort();
}

/* The texel address of byte column x (element index x / elem_size), row y, slice z, or null
 * outside (after clamping in hipBoundaryModeClamp). */
inline unsigned char *surface_at(const void *o, int x, int y, int z, int mode) {
  const __hip_texture *t = object(o);
  const __hip_tex_level &L = t->level[0];
  int i = x < 0 ? -1 : x / (int)t->elem_size;
  const int n[3] = {(int)L.width, (int)L.height, (int)L.depth};
  int c[3] = {i, y, z};
  for (int d = 0; d < 3; d++) {
    if ((unsigned)c[d] < (unsigned)n[d])
      continue;
    if (mode == 2) {
      c[d] = c[d] < 0 ? 0 : n[d] - 1;
    } else if (mode == 1) {
      surface_trap(x, y, z);
    } else {
      return nullptr;
    }
  }
  return const_cast<unsigned char *>(L.data) + (uint64_t)c[2] * L.slice + (uint64_t)c[1] * L.pitch +
         (uint64_t)c[0] * t->elem_size;
}

template <class T> __HIP_TEX_INLINE void surface_read(T *data, const void *o, int x, int y, int z, int mode) {
  const unsigned char *p = surface_at(o, x, y, z, mode);
  if (p)
    std::memcpy(data, p, sizeof(T));
  else
    *data = T{};
}

template <class T> __HIP_TEX_INLINE void surface_write(const T &data, const void *o, int x, int y, int z, int mode) {
  unsigned char *p = surface_at(o, x, y, z, mode);
  if (p)
    std::memcpy(p, &data, sizeof(T));
}

#undef __HIP_TEX_INLINE
} // namespace tex
} // namespace hip_impl

/* ================================================================ texture objects */

#define __HIP_TEX_OBJ(o) const __hip_texture *__t = ::hip_impl::tex::object(o);                                 \
  const ::hip_impl::tex::sampler &__s = ::hip_impl::tex::sampling(__t)

template <class T> inline T tex1Dfetch(hipTextureObject_t o, int x) {
  __HIP_TEX_OBJ(o);
  if ((unsigned)x >= __t->level[0].width)
    return T{};
  ::hip_impl::tex::sampler s = __s;
  s.filter = 0;
  s.normalized_coords = 0;
  return ::hip_impl::tex::fetch<T, 1>(__t, s, (float)x + 0.5f, 0, 0, 0, 0);
}
template <class T> inline T tex1D(hipTextureObject_t o, float x) {
  __HIP_TEX_OBJ(o);
  return ::hip_impl::tex::fetch<T, 1>(__t, __s, x, 0, 0, 0, 0);
}
template <class T> inline T tex2D(hipTextureObject_t o, float x, float y) {
  __HIP_TEX_OBJ(o);
  return ::hip_impl::tex::fetch<T, 2>(__t, __s, x, y, 0, 0, 0);
}
template <class T> inline T tex3D(hipTextureObject_t o, float x, float y, float z) {
  __HIP_TEX_OBJ(o);
  return ::hip_impl::tex::fetch<T, 3>(__t, __s, x, y, z, 0, 0);
}
template <class T> inline T tex1DLayered(hipTextureObject_t o, float x, int layer) {
  __HIP_TEX_OBJ(o);
  return ::hip_impl::tex::fetch<T, 1>(__t, __s, x, 0, 0, ::hip_impl::tex::layer_of(__t, layer), 0);
}
template <class T> inline T tex2DLayered(hipTextureObject_t o, float x, float y, int layer) {
  __HIP_TEX_OBJ(o);
  return ::hip_impl::tex::fetch<T, 2>(__t, __s, x, y, 0, ::hip_impl::tex::layer_of(__t, layer), 0);
}
template <class T> inline T texCubemap(hipTextureObject_t o, float x, float y, float z) {
  __HIP_TEX_OBJ(o);
  return ::hip_impl::tex::fetch_cube<T>(__t, __s, x, y, z, 0, 0);
}
template <class T> inline T texCubemapLayered(hipTextureObject_t o, float x, float y, float z, int layer) {
  __HIP_TEX_OBJ(o);
  return ::hip_impl::tex::fetch_cube<T>(__t, __s, x, y, z, layer, 0);
}
template <class T> inline T tex1DLod(hipTextureObject_t o, float x, float level) {
  __HIP_TEX_OBJ(o);
  return ::hip_impl::tex::fetch<T, 1>(__t, __s, x, 0, 0, 0, level);
}
template <class T> inline T tex2DLod(hipTextureObject_t o, float x, float y, float level) {
  __HIP_TEX_OBJ(o);
  return ::hip_impl::tex::fetch<T, 2>(__t, __s, x, y, 0, 0, level);
}
template <class T> inline T tex3DLod(hipTextureObject_t o, float x, float y, float z, float level) {
  __HIP_TEX_OBJ(o);
  return ::hip_impl::tex::fetch<T, 3>(__t, __s, x, y, z, 0, level);
}
template <class T> inline T tex1DLayeredLod(hipTextureObject_t o, float x, int layer, float level) {
  __HIP_TEX_OBJ(o);
  return ::hip_impl::tex::fetch<T, 1>(__t, __s, x, 0, 0, ::hip_impl::tex::layer_of(__t, layer), level);
}
template <class T> inline T tex2DLayeredLod(hipTextureObject_t o, float x, float y, int layer, float level) {
  __HIP_TEX_OBJ(o);
  return ::hip_impl::tex::fetch<T, 2>(__t, __s, x, y, 0, ::hip_impl::tex::layer_of(__t, layer), level);
}
template <class T> inline T texCubemapLod(hipTextureObject_t o, float x, float y, float z, float level) {
  __HIP_TEX_OBJ(o);
  return ::hip_impl::tex::fetch_cube<T>(__t, __s, x, y, z, 0, level);
}
template <class T> inline T tex1DGrad(hipTextureObject_t o, float x, float dx, float dy) {
  __HIP_TEX_OBJ(o);
  return ::hip_impl::tex::fetch<T, 1>(__t, __s, x, 0, 0, 0, ::hip_impl::tex::grad_lod(__t, __s, dx, 0, 0, dy, 0, 0));
}
template <class T> inline T tex2DGrad(hipTextureObject_t o, float x, float y, float2 dx, float2 dy) {
  __HIP_TEX_OBJ(o);
  return ::hip_impl::tex::fetch<T, 2>(__t, __s, x, y, 0, 0,
                                   ::hip_impl::tex::grad_lod(__t, __s, dx.x, dx.y, 0, dy.x, dy.y, 0));
}
template <class T> inline T tex3DGrad(hipTextureObject_t o, float x, float y, float z, float4 dx, float4 dy) {
  __HIP_TEX_OBJ(o);
  return ::hip_impl::tex::fetch<T, 3>(__t, __s, x, y, z, 0,
                                   ::hip_impl::tex::grad_lod(__t, __s, dx.x, dx.y, dx.z, dy.x, dy.y, dy.z));
}
template <class T> inline T tex2Dgather(hipTextureObject_t o, float x, float y, int comp = 0) {
  __HIP_TEX_OBJ(o);
  return ::hip_impl::tex::gather<T>(__t, __s, x, y, comp);
}

/* The forms that return through a pointer (HIP's texture_indirect_functions.h). */
template <class T> inline void tex1Dfetch(T *r, hipTextureObject_t o, int x) { *r = tex1Dfetch<T>(o, x); }
template <class T> inline void tex1D(T *r, hipTextureObject_t o, float x) { *r = tex1D<T>(o, x); }
template <class T> inline void tex2D(T *r, hipTextureObject_t o, float x, float y) { *r = tex2D<T>(o, x, y); }
template <class T> inline void tex3D(T *r, hipTextureObject_t o, float x, float y, float z) {
  *r = tex3D<T>(o, x, y, z);
}
template <class T> inline void tex1DLayered(T *r, hipTextureObject_t o, float x, int l) {
  *r = tex1DLayered<T>(o, x, l);
}
template <class T> inline void tex2DLayered(T *r, hipTextureObject_t o, float x, float y, int l) {
  *r = tex2DLayered<T>(o, x, y, l);
}
template <class T> inline void texCubemap(T *r, hipTextureObject_t o, float x, float y, float z) {
  *r = texCubemap<T>(o, x, y, z);
}
template <class T> inline void tex2DLod(T *r, hipTextureObject_t o, float x, float y, float level) {
  *r = tex2DLod<T>(o, x, y, level);
}
template <class T> inline void tex2DGrad(T *r, hipTextureObject_t o, float x, float y, float2 dx, float2 dy) {
  *r = tex2DGrad<T>(o, x, y, dx, dy);
}
template <class T> inline void tex2Dgather(T *r, hipTextureObject_t o, float x, float y, int comp = 0) {
  *r = tex2Dgather<T>(o, x, y, comp);
}

#undef __HIP_TEX_OBJ

/* ================================================================ texture references */

namespace hip_impl {
namespace tex {
/* A reference's sampling state is read at each fetch (the reference API's semantics). */
template <class T, int D, enum hipTextureReadMode M> inline sampler ref_sampler(const texture<T, D, M> &r) {
  const __hip_texture *t = object(r.textureObject);
  sampler s = sampling(t);
  s.address[0] = r.addressMode[0];
  s.address[1] = r.addressMode[1];
  s.address[2] = r.addressMode[2];
  s.filter = r.filterMode;
  s.read_normalized = M == hipReadModeNormalizedFloat;
  s.normalized_coords = r.normalized != 0;
  s.srgb = r.sRGB != 0;
  return s;
}
template <class T, enum hipTextureReadMode M> struct ref_result {
  using type = T;
};
template <class T> struct ref_result<T, hipReadModeNormalizedFloat> {
  using type = typename float_n<shape<T>::n>::type;
};
} // namespace tex
} // namespace hip_impl

#define __HIP_TEXREF_RESULT typename ::hip_impl::tex::ref_result<T, M>::type
#define __HIP_TEXREF(r) const __hip_texture *__t = ::hip_impl::tex::object((r).textureObject);                  \
  const ::hip_impl::tex::sampler __s = ::hip_impl::tex::ref_sampler(r)

template <class T, int D, enum hipTextureReadMode M>
inline __HIP_TEXREF_RESULT tex1Dfetch(const texture<T, D, M> &r, int x) {
  __HIP_TEXREF(r);
  if ((unsigned)x >= __t->level[0].width)
    return __HIP_TEXREF_RESULT{};
  ::hip_impl::tex::sampler s = __s;
  s.filter = 0;
  s.normalized_coords = 0;
  return ::hip_impl::tex::fetch<__HIP_TEXREF_RESULT, 1>(__t, s, (float)x + 0.5f, 0, 0, 0, 0);
}
template <class T, int D, enum hipTextureReadMode M>
inline __HIP_TEXREF_RESULT tex1D(const texture<T, D, M> &r, float x) {
  __HIP_TEXREF(r);
  return ::hip_impl::tex::fetch<__HIP_TEXREF_RESULT, 1>(__t, __s, x, 0, 0, 0, 0);
}
template <class T, int D, enum hipTextureReadMode M>
inline __HIP_TEXREF_RESULT tex2D(const texture<T, D, M> &r, float x, float y) {
  __HIP_TEXREF(r);
  return ::hip_impl::tex::fetch<__HIP_TEXREF_RESULT, 2>(__t, __s, x, y, 0, 0, 0);
}
template <class T, int D, enum hipTextureReadMode M>
inline __HIP_TEXREF_RESULT tex3D(const texture<T, D, M> &r, float x, float y, float z) {
  __HIP_TEXREF(r);
  return ::hip_impl::tex::fetch<__HIP_TEXREF_RESULT, 3>(__t, __s, x, y, z, 0, 0);
}
template <class T, int D, enum hipTextureReadMode M>
inline __HIP_TEXREF_RESULT tex1DLayered(const texture<T, D, M> &r, float x, int layer) {
  __HIP_TEXREF(r);
  return ::hip_impl::tex::fetch<__HIP_TEXREF_RESULT, 1>(__t, __s, x, 0, 0, ::hip_impl::tex::layer_of(__t, layer), 0);
}
template <class T, int D, enum hipTextureReadMode M>
inline __HIP_TEXREF_RESULT tex2DLayered(const texture<T, D, M> &r, float x, float y, int layer) {
  __HIP_TEXREF(r);
  return ::hip_impl::tex::fetch<__HIP_TEXREF_RESULT, 2>(__t, __s, x, y, 0, ::hip_impl::tex::layer_of(__t, layer), 0);
}
template <class T, int D, enum hipTextureReadMode M>
inline __HIP_TEXREF_RESULT texCubemap(const texture<T, D, M> &r, float x, float y, float z) {
  __HIP_TEXREF(r);
  return ::hip_impl::tex::fetch_cube<__HIP_TEXREF_RESULT>(__t, __s, x, y, z, 0, 0);
}
template <class T, int D, enum hipTextureReadMode M>
inline __HIP_TEXREF_RESULT tex2DLod(const texture<T, D, M> &r, float x, float y, float level) {
  __HIP_TEXREF(r);
  return ::hip_impl::tex::fetch<__HIP_TEXREF_RESULT, 2>(__t, __s, x, y, 0, 0, level);
}

#undef __HIP_TEXREF
#undef __HIP_TEXREF_RESULT

/* ================================================================ surface objects */

/* x is a byte offset (as on GPUs); the boundary mode says what happens outside. */
template <class T> inline void surf1Dread(T *data, hipSurfaceObject_t s, int x, int mode = hipBoundaryModeZero) {
  ::hip_impl::tex::surface_read(data, s, x, 0, 0, mode);
}
template <class T> inline void surf1Dwrite(T data, hipSurfaceObject_t s, int x, int mode = hipBoundaryModeZero) {
  ::hip_impl::tex::surface_write(data, s, x, 0, 0, mode);
}
template <class T>
inline void surf2Dread(T *data, hipSurfaceObject_t s, int x, int y, int mode = hipBoundaryModeZero) {
  ::hip_impl::tex::surface_read(data, s, x, y, 0, mode);
}
template <class T>
inline void surf2Dwrite(T data, hipSurfaceObject_t s, int x, int y, int mode = hipBoundaryModeZero) {
  ::hip_impl::tex::surface_write(data, s, x, y, 0, mode);
}
template <class T>
inline void surf3Dread(T *data, hipSurfaceObject_t s, int x, int y, int z, int mode = hipBoundaryModeZero) {
  ::hip_impl::tex::surface_read(data, s, x, y, z, mode);
}
template <class T>
inline void surf3Dwrite(T data, hipSurfaceObject_t s, int x, int y, int z, int mode = hipBoundaryModeZero) {
  ::hip_impl::tex::surface_write(data, s, x, y, z, mode);
}
template <class T>
inline void surf1DLayeredread(T *data, hipSurfaceObject_t s, int x, int layer, int mode = hipBoundaryModeZero) {
  ::hip_impl::tex::surface_read(data, s, x, 0, layer, mode);
}
template <class T>
inline void surf1DLayeredwrite(T data, hipSurfaceObject_t s, int x, int layer, int mode = hipBoundaryModeZero) {
  ::hip_impl::tex::surface_write(data, s, x, 0, layer, mode);
}
template <class T>
inline void surf2DLayeredread(T *data, hipSurfaceObject_t s, int x, int y, int layer, int mode = hipBoundaryModeZero) {
  ::hip_impl::tex::surface_read(data, s, x, y, layer, mode);
}
template <class T>
inline void surf2DLayeredwrite(T data, hipSurfaceObject_t s, int x, int y, int layer, int mode = hipBoundaryModeZero) {
  ::hip_impl::tex::surface_write(data, s, x, y, layer, mode);
}
template <class T>
inline void surfCubemapread(T *data, hipSurfaceObject_t s, int x, int y, int face, int mode = hipBoundaryModeZero) {
  ::hip_impl::tex::surface_read(data, s, x, y, face, mode);
}
template <class T>
inline void surfCubemapwrite(T data, hipSurfaceObject_t s, int x, int y, int face, int mode = hipBoundaryModeZero) {
  ::hip_impl::tex::surface_write(data, s, x, y, face, mode);
}
/* CUDA's value-returning forms. */
template <class T> inline T surf1Dread(hipSurfaceObject_t s, int x, int mode = hipBoundaryModeTrap) {
  T v;
  ::hip_impl::tex::surface_read(&v, s, x, 0, 0, mode);
  return v;
}
template <class T> inline T surf2Dread(hipSurfaceObject_t s, int x, int y, int mode = hipBoundaryModeTrap) {
  T v;
  ::hip_impl::tex::surface_read(&v, s, x, y, 0, mode);
  return v;
}
template <class T> inline T surf3Dread(hipSurfaceObject_t s, int x, int y, int z, int mode = hipBoundaryModeTrap) {
  T v;
  ::hip_impl::tex::surface_read(&v, s, x, y, z, mode);
  return v;
}
template <class T>
inline T surf2DLayeredread(hipSurfaceObject_t s, int x, int y, int layer, int mode = hipBoundaryModeTrap) {
  T v;
  ::hip_impl::tex::surface_read(&v, s, x, y, layer, mode);
  return v;
}

#endif /* HIP_CPU_TEXTURE_FUNCTIONS_H */
