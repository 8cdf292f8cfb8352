/*
 * hip/hip_bf16.h: the bfloat16 type of HIP (ROCm 6.x): __hip_bfloat16 and __hip_bfloat162,
 * conversions with round-to-nearest-even (and the other roundings where HIP names them),
 * arithmetic, comparisons and the operators, usable in host and device code.
 *
 * CPU platform: a 16-bit storage type whose arithmetic is done in float and rounded back
 * to nearest-even, which is what AMD GPUs without native bf16 ALUs do; NaN inputs give a
 * quiet NaN. NVIDIA: CUDA's __nv_bfloat16 (cuda_bf16.h), whose function names HIP shares.
 * In C only the storage types exist (as in ROCm).
 */
#ifndef HIP_HIP_BF16_H
#define HIP_HIP_BF16_H

#include "hip_common.h"

#if defined(__HIP_PLATFORM_NVIDIA__)
#include <cuda_bf16.h>
typedef __nv_bfloat16 __hip_bfloat16;
typedef __nv_bfloat162 __hip_bfloat162;
typedef __nv_bfloat16_raw __hip_bfloat16_raw;
typedef __nv_bfloat162_raw __hip_bfloat162_raw;

#elif !defined(__cplusplus)

typedef struct __attribute__((aligned(2))) {
  unsigned short x;
} __hip_bfloat16_raw;
typedef struct __attribute__((aligned(4))) {
  unsigned short x;
  unsigned short y;
} __hip_bfloat162_raw;
typedef struct __attribute__((aligned(2))) {
  unsigned short data;
} __hip_bfloat16;
typedef struct __attribute__((aligned(4))) {
  __hip_bfloat16 x;
  __hip_bfloat16 y;
} __hip_bfloat162;

#else /* CPU platform, C++ */

#include <cmath>
#include <cstring>
#include <type_traits>

#include "hip_vector_types.h"

struct __attribute__((aligned(2))) __hip_bfloat16_raw {
  unsigned short x;
};
struct __attribute__((aligned(4))) __hip_bfloat162_raw {
  unsigned short x;
  unsigned short y;
};

namespace hip_impl {
namespace bf16 {
inline unsigned float_bits(float f) {
  unsigned u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}
inline float bits_float(unsigned u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}
/* Round to nearest, ties to even; NaN stays a (quiet) NaN. */
inline unsigned short from_float_rn(float f) {
  unsigned u = float_bits(f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return (unsigned short)((u >> 16) | 0x0040u);
  u += 0x7fffu + ((u >> 16) & 1u);
  return (unsigned short)(u >> 16);
}
/* Toward zero: truncation. */
inline unsigned short from_float_rz(float f) {
  unsigned u = float_bits(f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return (unsigned short)((u >> 16) | 0x0040u);
  return (unsigned short)(u >> 16);
}
/* Toward -inf (down) or +inf (up): away from zero when the discarded bits are non-zero and
 * the sign points that way. */
inline unsigned short from_float_directed(float f, bool up) {
  unsigned u = float_bits(f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return (unsigned short)((u >> 16) | 0x0040u);
  unsigned short t = (unsigned short)(u >> 16);
  const bool negative = (u >> 31) != 0;
  if ((u & 0xffffu) != 0 && (t & 0x7fffu) != 0x7f80u && negative != up) ++t;
  return t;
}
inline float to_float(unsigned short b) { return bits_float((unsigned)b << 16); }
} // namespace bf16
} // namespace hip_impl

struct __attribute__((aligned(2))) __hip_bfloat16 {
  unsigned short data;

  __hip_bfloat16() = default;
  constexpr __hip_bfloat16(const __hip_bfloat16_raw &r) : data(r.x) {}
  __hip_bfloat16(float f) : data(::hip_impl::bf16::from_float_rn(f)) {}
  __hip_bfloat16(double d) : data(::hip_impl::bf16::from_float_rn((float)d)) {}
  template <class I, class = typename std::enable_if<std::is_integral<I>::value>::type>
  __hip_bfloat16(I i) : data(::hip_impl::bf16::from_float_rn((float)i)) {}
  operator float() const { return ::hip_impl::bf16::to_float(data); }
  operator __hip_bfloat16_raw() const { return __hip_bfloat16_raw{data}; }
};

struct __attribute__((aligned(4))) __hip_bfloat162 {
  __hip_bfloat16 x, y;
  __hip_bfloat162() = default;
  constexpr __hip_bfloat162(__hip_bfloat16 a, __hip_bfloat16 b) : x(a), y(b) {}
  constexpr __hip_bfloat162(const __hip_bfloat162_raw &r)
      : x(__hip_bfloat16_raw{r.x}), y(__hip_bfloat16_raw{r.y}) {}
  operator __hip_bfloat162_raw() const { return __hip_bfloat162_raw{x.data, y.data}; }
};

/* ---- conversions */
inline float __bfloat162float(__hip_bfloat16 a) { return ::hip_impl::bf16::to_float(a.data); }
inline __hip_bfloat16 __hip_bf16_bits(unsigned short b) { return __hip_bfloat16(__hip_bfloat16_raw{b}); }
inline __hip_bfloat16 __float2bfloat16(float f) { return __hip_bf16_bits(::hip_impl::bf16::from_float_rn(f)); }
inline __hip_bfloat16 __float2bfloat16_rn(float f) { return __float2bfloat16(f); }
inline __hip_bfloat16 __float2bfloat16_rz(float f) { return __hip_bf16_bits(::hip_impl::bf16::from_float_rz(f)); }
inline __hip_bfloat16 __float2bfloat16_rd(float f) {
  return __hip_bf16_bits(::hip_impl::bf16::from_float_directed(f, false));
}
inline __hip_bfloat16 __float2bfloat16_ru(float f) {
  return __hip_bf16_bits(::hip_impl::bf16::from_float_directed(f, true));
}
inline __hip_bfloat16 __double2bfloat16(double d) { return __float2bfloat16((float)d); }
inline __hip_bfloat16 __int2bfloat16_rn(int i) { return __float2bfloat16((float)i); }
inline __hip_bfloat16 __uint2bfloat16_rn(unsigned i) { return __float2bfloat16((float)i); }
inline int __bfloat162int_rz(__hip_bfloat16 a) { return (int)__bfloat162float(a); }
inline unsigned __bfloat162uint_rz(__hip_bfloat16 a) { return (unsigned)__bfloat162float(a); }
inline short __bfloat16_as_short(__hip_bfloat16 a) { return (short)a.data; }
inline unsigned short __bfloat16_as_ushort(__hip_bfloat16 a) { return a.data; }
inline __hip_bfloat16 __short_as_bfloat16(short s) { return __hip_bf16_bits((unsigned short)s); }
inline __hip_bfloat16 __ushort_as_bfloat16(unsigned short s) { return __hip_bf16_bits(s); }
inline __hip_bfloat16 __hip_bf16_nan() { return __hip_bf16_bits(0x7fc0u); }

/* ---- arithmetic (in float, rounded to nearest-even) */
#define __HIP_BF16_BINARY(NAME, EXPR)                                                                        \
  inline __hip_bfloat16 NAME(__hip_bfloat16 a, __hip_bfloat16 b) {                                           \
    const float x = __bfloat162float(a), y = __bfloat162float(b);                                            \
    return __float2bfloat16(EXPR);                                                                           \
  }
__HIP_BF16_BINARY(__hadd, x + y)
__HIP_BF16_BINARY(__hsub, x - y)
__HIP_BF16_BINARY(__hmul, x * y)
__HIP_BF16_BINARY(__hdiv, x / y)
__HIP_BF16_BINARY(__hmax, std::isnan(x) ? y : (std::isnan(y) ? x : (x > y ? x : y)))
__HIP_BF16_BINARY(__hmin, std::isnan(x) ? y : (std::isnan(y) ? x : (x < y ? x : y)))
#undef __HIP_BF16_BINARY
inline __hip_bfloat16 __hfma(__hip_bfloat16 a, __hip_bfloat16 b, __hip_bfloat16 c) {
  return __float2bfloat16(std::fma(__bfloat162float(a), __bfloat162float(b), __bfloat162float(c)));
}
inline __hip_bfloat16 __hneg(__hip_bfloat16 a) { return __hip_bf16_bits((unsigned short)(a.data ^ 0x8000u)); }
inline __hip_bfloat16 __habs(__hip_bfloat16 a) { return __hip_bf16_bits((unsigned short)(a.data & 0x7fffu)); }
inline bool __hisnan(__hip_bfloat16 a) { return (a.data & 0x7fffu) > 0x7f80u; }
inline bool __hisinf(__hip_bfloat16 a) { return (a.data & 0x7fffu) == 0x7f80u; }

/* ---- comparisons (ordered: false with a NaN; the _u forms unordered: true with a NaN) */
#define __HIP_BF16_COMPARE(NAME, OP)                                                                         \
  inline bool NAME(__hip_bfloat16 a, __hip_bfloat16 b) { return __bfloat162float(a) OP __bfloat162float(b); } \
  inline bool NAME##u(__hip_bfloat16 a, __hip_bfloat16 b) {                                                  \
    return __hisnan(a) || __hisnan(b) || (__bfloat162float(a) OP __bfloat162float(b));                       \
  }
__HIP_BF16_COMPARE(__heq, ==)
__HIP_BF16_COMPARE(__hlt, <)
__HIP_BF16_COMPARE(__hle, <=)
__HIP_BF16_COMPARE(__hgt, >)
__HIP_BF16_COMPARE(__hge, >=)
#undef __HIP_BF16_COMPARE
inline bool __hne(__hip_bfloat16 a, __hip_bfloat16 b) { return !__hisnan(a) && !__hisnan(b) && !__heq(a, b); }
inline bool __hneu(__hip_bfloat16 a, __hip_bfloat16 b) { return !__heq(a, b); }

/* ---- operators */
inline __hip_bfloat16 operator+(__hip_bfloat16 a, __hip_bfloat16 b) { return __hadd(a, b); }
inline __hip_bfloat16 operator-(__hip_bfloat16 a, __hip_bfloat16 b) { return __hsub(a, b); }
inline __hip_bfloat16 operator*(__hip_bfloat16 a, __hip_bfloat16 b) { return __hmul(a, b); }
inline __hip_bfloat16 operator/(__hip_bfloat16 a, __hip_bfloat16 b) { return __hdiv(a, b); }
inline __hip_bfloat16 operator-(__hip_bfloat16 a) { return __hneg(a); }
inline __hip_bfloat16 operator+(__hip_bfloat16 a) { return a; }
inline __hip_bfloat16 &operator+=(__hip_bfloat16 &a, __hip_bfloat16 b) { return a = __hadd(a, b); }
inline __hip_bfloat16 &operator-=(__hip_bfloat16 &a, __hip_bfloat16 b) { return a = __hsub(a, b); }
inline __hip_bfloat16 &operator*=(__hip_bfloat16 &a, __hip_bfloat16 b) { return a = __hmul(a, b); }
inline __hip_bfloat16 &operator/=(__hip_bfloat16 &a, __hip_bfloat16 b) { return a = __hdiv(a, b); }
inline bool operator==(__hip_bfloat16 a, __hip_bfloat16 b) { return __heq(a, b); }
inline bool operator!=(__hip_bfloat16 a, __hip_bfloat16 b) { return __hneu(a, b); }
inline bool operator<(__hip_bfloat16 a, __hip_bfloat16 b) { return __hlt(a, b); }
inline bool operator<=(__hip_bfloat16 a, __hip_bfloat16 b) { return __hle(a, b); }
inline bool operator>(__hip_bfloat16 a, __hip_bfloat16 b) { return __hgt(a, b); }
inline bool operator>=(__hip_bfloat16 a, __hip_bfloat16 b) { return __hge(a, b); }

/* ---- pairs */
inline __hip_bfloat162 __halves2bfloat162(__hip_bfloat16 a, __hip_bfloat16 b) { return __hip_bfloat162(a, b); }
inline __hip_bfloat162 make_bfloat162(__hip_bfloat16 a, __hip_bfloat16 b) { return __hip_bfloat162(a, b); }
inline __hip_bfloat162 __bfloat162bfloat162(__hip_bfloat16 a) { return __hip_bfloat162(a, a); }
inline __hip_bfloat16 __low2bfloat16(__hip_bfloat162 a) { return a.x; }
inline __hip_bfloat16 __high2bfloat16(__hip_bfloat162 a) { return a.y; }
inline __hip_bfloat162 __lows2bfloat162(__hip_bfloat162 a, __hip_bfloat162 b) { return __hip_bfloat162(a.x, b.x); }
inline __hip_bfloat162 __highs2bfloat162(__hip_bfloat162 a, __hip_bfloat162 b) { return __hip_bfloat162(a.y, b.y); }
inline __hip_bfloat162 __float2bfloat162_rn(float f) { return __bfloat162bfloat162(__float2bfloat16(f)); }
inline __hip_bfloat162 __floats2bfloat162_rn(float a, float b) {
  return __hip_bfloat162(__float2bfloat16(a), __float2bfloat16(b));
}
inline float2 __bfloat1622float2(__hip_bfloat162 a) { return make_float2(__bfloat162float(a.x), __bfloat162float(a.y)); }
inline __hip_bfloat162 __float22bfloat162_rn(float2 f) { return __floats2bfloat162_rn(f.x, f.y); }
inline float __low2float(__hip_bfloat162 a) { return __bfloat162float(a.x); }
inline float __high2float(__hip_bfloat162 a) { return __bfloat162float(a.y); }
#define __HIP_BF162_BINARY(NAME, ONE)                                                                        \
  inline __hip_bfloat162 NAME(__hip_bfloat162 a, __hip_bfloat162 b) {                                        \
    return __hip_bfloat162(ONE(a.x, b.x), ONE(a.y, b.y));                                                    \
  }
__HIP_BF162_BINARY(__hadd2, __hadd)
__HIP_BF162_BINARY(__hsub2, __hsub)
__HIP_BF162_BINARY(__hmul2, __hmul)
__HIP_BF162_BINARY(__h2div, __hdiv)
__HIP_BF162_BINARY(__hmax2, __hmax)
__HIP_BF162_BINARY(__hmin2, __hmin)
#undef __HIP_BF162_BINARY
inline __hip_bfloat162 __hfma2(__hip_bfloat162 a, __hip_bfloat162 b, __hip_bfloat162 c) {
  return __hip_bfloat162(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
inline __hip_bfloat162 __hneg2(__hip_bfloat162 a) { return __hip_bfloat162(__hneg(a.x), __hneg(a.y)); }
inline __hip_bfloat162 __habs2(__hip_bfloat162 a) { return __hip_bfloat162(__habs(a.x), __habs(a.y)); }
inline __hip_bfloat162 operator+(__hip_bfloat162 a, __hip_bfloat162 b) { return __hadd2(a, b); }
inline __hip_bfloat162 operator-(__hip_bfloat162 a, __hip_bfloat162 b) { return __hsub2(a, b); }
inline __hip_bfloat162 operator*(__hip_bfloat162 a, __hip_bfloat162 b) { return __hmul2(a, b); }
inline __hip_bfloat162 operator/(__hip_bfloat162 a, __hip_bfloat162 b) { return __h2div(a, b); }
inline bool operator==(__hip_bfloat162 a, __hip_bfloat162 b) { return a.x == b.x && a.y == b.y; }
inline bool operator!=(__hip_bfloat162 a, __hip_bfloat162 b) { return !(a == b); }

/* ---- math (in float) */
#define __HIP_BF16_MATH(NAME, FN)                                                                            \
  inline __hip_bfloat16 NAME(__hip_bfloat16 a) { return __float2bfloat16(FN(__bfloat162float(a))); }
__HIP_BF16_MATH(hsqrt, std::sqrt)
__HIP_BF16_MATH(hrsqrt, 1.0f / std::sqrt)
__HIP_BF16_MATH(hexp, std::exp)
__HIP_BF16_MATH(hexp2, std::exp2)
__HIP_BF16_MATH(hlog, std::log)
__HIP_BF16_MATH(hlog2, std::log2)
__HIP_BF16_MATH(hlog10, std::log10)
__HIP_BF16_MATH(hsin, std::sin)
__HIP_BF16_MATH(hcos, std::cos)
__HIP_BF16_MATH(hceil, std::ceil)
__HIP_BF16_MATH(hfloor, std::floor)
__HIP_BF16_MATH(htrunc, std::trunc)
__HIP_BF16_MATH(hrint, std::rint)
__HIP_BF16_MATH(hrcp, 1.0f /)
#undef __HIP_BF16_MATH

#endif /* platform */

#endif /* HIP_HIP_BF16_H */
