/*
 * ferrocm CPU platform: __half / __half2 on _Float16 (GCC >= 12 and clang on x86-64 and
 * AArch64). Arithmetic is _Float16 arithmetic: correctly rounded, computed in float
 * where the CPU lacks FP16 instructions. Define __HIP_NO_HALF_OPERATORS__ and
 * __HIP_NO_HALF_CONVERSIONS__ as in HIP to drop the operators / implicit conversions.
 */
#ifndef HIP_CPU_HIP_FP16_H
#define HIP_CPU_HIP_FP16_H

#if !defined(__FLT16_MAX__)
#error "ferrocm: this compiler has no _Float16 on this target; __half is not available"
#endif

#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "../hip_vector_types.h"
#if __cplusplus >= 201703L
#include "hip_runtime.h" /* the device part, so that the warp functions below exist */
#endif

struct __half {
  _Float16 data;

  __half() = default;
  constexpr __half(const __half_raw &r) : data(__builtin_bit_cast(_Float16, r.x)) {}
#if !defined(__HIP_NO_HALF_CONVERSIONS__)
  constexpr __half(float f) : data(static_cast<_Float16>(f)) {}
  constexpr __half(double f) : data(static_cast<_Float16>(f)) {}
  constexpr __half(int v) : data(static_cast<_Float16>(v)) {}
  constexpr __half(unsigned int v) : data(static_cast<_Float16>(v)) {}
  constexpr __half(short v) : data(static_cast<_Float16>(v)) {}
  constexpr __half(unsigned short v) : data(static_cast<_Float16>(v)) {}
  constexpr __half(long long v) : data(static_cast<_Float16>(v)) {}
  constexpr __half(unsigned long long v) : data(static_cast<_Float16>(v)) {}
  constexpr operator float() const { return static_cast<float>(data); }
#endif
  constexpr operator __half_raw() const { return __half_raw{__builtin_bit_cast(unsigned short, data)}; }

#if !defined(__HIP_NO_HALF_OPERATORS__)
  __half &operator+=(const __half &o) { data += o.data; return *this; }
  __half &operator-=(const __half &o) { data -= o.data; return *this; }
  __half &operator*=(const __half &o) { data *= o.data; return *this; }
  __half &operator/=(const __half &o) { data /= o.data; return *this; }
  __half &operator++() { data += _Float16(1); return *this; }
  __half operator++(int) { __half t = *this; data += _Float16(1); return t; }
  __half &operator--() { data -= _Float16(1); return *this; }
  __half operator--(int) { __half t = *this; data -= _Float16(1); return t; }
#endif
};

namespace hip_impl {
inline __half mkh(_Float16 v) {
  __half h;
  h.data = v;
  return h;
}
} // namespace hip_impl

#if !defined(__HIP_NO_HALF_OPERATORS__)
inline __half operator+(const __half &a, const __half &b) { return ::hip_impl::mkh(a.data + b.data); }
inline __half operator-(const __half &a, const __half &b) { return ::hip_impl::mkh(a.data - b.data); }
inline __half operator*(const __half &a, const __half &b) { return ::hip_impl::mkh(a.data * b.data); }
inline __half operator/(const __half &a, const __half &b) { return ::hip_impl::mkh(a.data / b.data); }
inline __half operator-(const __half &a) { return ::hip_impl::mkh(-a.data); }
inline __half operator+(const __half &a) { return a; }
inline bool operator==(const __half &a, const __half &b) { return a.data == b.data; }
inline bool operator!=(const __half &a, const __half &b) { return a.data != b.data; }
inline bool operator<(const __half &a, const __half &b) { return a.data < b.data; }
inline bool operator<=(const __half &a, const __half &b) { return a.data <= b.data; }
inline bool operator>(const __half &a, const __half &b) { return a.data > b.data; }
inline bool operator>=(const __half &a, const __half &b) { return a.data >= b.data; }
#endif

struct alignas(4) __half2 {
  __half x, y;

  __half2() = default;
  constexpr __half2(const __half &a, const __half &b) : x(a), y(b) {}
  constexpr __half2(const __half2_raw &r) : x(__half_raw{r.x}), y(__half_raw{r.y}) {}
#if !defined(__HIP_NO_HALF_CONVERSIONS__)
  /* A scalar fills both lanes, as a scalar converts to AMD's vector-typed __half2. */
  template <class T, class = std::enable_if_t<std::is_arithmetic_v<T>>>
  constexpr __half2(T v) : x(__half(static_cast<float>(v))), y(__half(static_cast<float>(v))) {}
#endif
  constexpr operator __half2_raw() const {
    return __half2_raw{__half_raw(x).x, __half_raw(y).x};
  }
#if !defined(__HIP_NO_HALF_OPERATORS__)
  __half2 &operator+=(const __half2 &o) { x += o.x; y += o.y; return *this; }
  __half2 &operator-=(const __half2 &o) { x -= o.x; y -= o.y; return *this; }
  __half2 &operator*=(const __half2 &o) { x *= o.x; y *= o.y; return *this; }
  __half2 &operator/=(const __half2 &o) { x /= o.x; y /= o.y; return *this; }
#endif
};
#if !defined(__HIP_NO_HALF_OPERATORS__)
inline __half2 operator+(__half2 a, const __half2 &b) { return a += b; }
inline __half2 operator-(__half2 a, const __half2 &b) { return a -= b; }
inline __half2 operator*(__half2 a, const __half2 &b) { return a *= b; }
inline __half2 operator/(__half2 a, const __half2 &b) { return a /= b; }
inline __half2 operator-(const __half2 &a) { return __half2(-a.x, -a.y); }
inline bool operator==(const __half2 &a, const __half2 &b) { return a.x == b.x && a.y == b.y; }
inline bool operator!=(const __half2 &a, const __half2 &b) { return !(a == b); }
#endif

typedef __half half;
typedef __half2 half2;

namespace hip_impl {
inline _Float16 hd(const __half &h) { return h.data; }
inline __half h_of(float f) { return mkh(static_cast<_Float16>(f)); }
inline _Float16 next_h(_Float16 r, bool up) {
  unsigned short b = __builtin_bit_cast(unsigned short, r);
  if (r == _Float16(0)) return __builtin_bit_cast(_Float16, (unsigned short)(up ? 0x0001u : 0x8001u));
  bool neg = (b & 0x8000u) != 0;
  b = (unsigned short)(neg != up ? b + 1u : b - 1u);
  return __builtin_bit_cast(_Float16, b);
}
/* Directed rounding of an exact wider value to half: 0 toward zero, 1 down, 2 up. */
template <class W> inline __half h_dir(W f, int mode) {
  _Float16 r = static_cast<_Float16>(f);
  W back = static_cast<W>(r);
  if (std::isnan(f) || back == f) return mkh(r);
  bool exact_above = f > back;
  if (mode == 1 && !exact_above) r = next_h(r, false);
  else if (mode == 2 && exact_above) r = next_h(r, true);
  else if (mode == 0 && back > 0 && !exact_above) r = next_h(r, false);
  else if (mode == 0 && back < 0 && exact_above) r = next_h(r, true);
  return mkh(r);
}
template <class I> inline I h_sat(__half h, int mode /*0 rn, 1 rz, 2 rd, 3 ru*/) {
  float f = static_cast<float>(h.data);
  f = mode == 0 ? std::nearbyint(f) : mode == 1 ? std::trunc(f) : mode == 2 ? std::floor(f) : std::ceil(f);
  if (std::isnan(f)) return 0;
  if (f <= (float)std::numeric_limits<I>::min()) return std::numeric_limits<I>::min();
  if (f >= (float)std::numeric_limits<I>::max()) return std::numeric_limits<I>::max();
  return (I)f;
}
} // namespace hip_impl


/* ---- conversions */
inline __half __float2half(float f) { return ::hip_impl::h_of(f); }
inline __half __float2half_rn(float f) { return ::hip_impl::h_of(f); }
inline __half __float2half_rz(float f) { return ::hip_impl::h_dir(f, 0); }
inline __half __float2half_rd(float f) { return ::hip_impl::h_dir(f, 1); }
inline __half __float2half_ru(float f) { return ::hip_impl::h_dir(f, 2); }
inline __half __double2half(double d) { return ::hip_impl::mkh(static_cast<_Float16>(d)); }
inline float __half2float(__half h) { return static_cast<float>(h.data); }
inline __half2 __float2half2_rn(float f) { return __half2(__float2half(f), __float2half(f)); }
inline __half2 __floats2half2_rn(float a, float b) { return __half2(__float2half(a), __float2half(b)); }
inline __half2 __float22half2_rn(float2 v) { return __half2(__float2half(v.x), __float2half(v.y)); }
inline float2 __half22float2(__half2 h) { return float2(__half2float(h.x), __half2float(h.y)); }
inline float __low2float(__half2 h) { return __half2float(h.x); }
inline float __high2float(__half2 h) { return __half2float(h.y); }
inline __half2 __half2half2(__half h) { return __half2(h, h); }
inline __half2 __halves2half2(__half a, __half b) { return __half2(a, b); }
inline __half __low2half(__half2 h) { return h.x; }
inline __half __high2half(__half2 h) { return h.y; }
inline __half2 __low2half2(__half2 h) { return __half2(h.x, h.x); }
inline __half2 __high2half2(__half2 h) { return __half2(h.y, h.y); }
inline __half2 __lows2half2(__half2 a, __half2 b) { return __half2(a.x, b.x); }
inline __half2 __highs2half2(__half2 a, __half2 b) { return __half2(a.y, b.y); }
inline __half2 __lowhigh2highlow(__half2 h) { return __half2(h.y, h.x); }
inline short __half_as_short(__half h) { return __builtin_bit_cast(short, h.data); }
inline unsigned short __half_as_ushort(__half h) { return __builtin_bit_cast(unsigned short, h.data); }
inline __half __short_as_half(short v) { return ::hip_impl::mkh(__builtin_bit_cast(_Float16, v)); }
inline __half __ushort_as_half(unsigned short v) { return ::hip_impl::mkh(__builtin_bit_cast(_Float16, v)); }
#define __FERROCM_HCONV(T, NAME, WIDE)                                                                       \
  inline T __half2##NAME##_rn(__half h) { return ::hip_impl::h_sat<T>(h, 0); }                              \
  inline T __half2##NAME##_rz(__half h) { return ::hip_impl::h_sat<T>(h, 1); }                              \
  inline T __half2##NAME##_rd(__half h) { return ::hip_impl::h_sat<T>(h, 2); }                              \
  inline T __half2##NAME##_ru(__half h) { return ::hip_impl::h_sat<T>(h, 3); }                              \
  inline __half __##NAME##2half_rn(T v) { return ::hip_impl::mkh(static_cast<_Float16>((WIDE)v)); }        \
  inline __half __##NAME##2half_rz(T v) { return ::hip_impl::h_dir((WIDE)v, 0); }                           \
  inline __half __##NAME##2half_rd(T v) { return ::hip_impl::h_dir((WIDE)v, 1); }                           \
  inline __half __##NAME##2half_ru(T v) { return ::hip_impl::h_dir((WIDE)v, 2); }
__FERROCM_HCONV(int, int, double)
__FERROCM_HCONV(unsigned int, uint, double)
__FERROCM_HCONV(short, short, double)
__FERROCM_HCONV(unsigned short, ushort, double)
__FERROCM_HCONV(long long, ll, long double)
__FERROCM_HCONV(unsigned long long, ull, long double)
#undef __FERROCM_HCONV

/* ---- arithmetic */
inline __half __hadd(__half a, __half b) { return ::hip_impl::mkh(a.data + b.data); }
inline __half __hsub(__half a, __half b) { return ::hip_impl::mkh(a.data - b.data); }
inline __half __hmul(__half a, __half b) { return ::hip_impl::mkh(a.data * b.data); }
inline __half __hdiv(__half a, __half b) { return ::hip_impl::mkh(a.data / b.data); }
/* float has enough bits for the exact product of two halves; one rounding to half. */
inline __half __hfma(__half a, __half b, __half c) {
  return ::hip_impl::mkh(static_cast<_Float16>(std::fma((double)a.data, (double)b.data, (double)c.data)));
}
inline __half __hneg(__half a) { return ::hip_impl::mkh(-a.data); }
inline __half __habs(__half a) { return __ushort_as_half((unsigned short)(__half_as_ushort(a) & 0x7fffu)); }
namespace hip_impl {
inline __half hsat(__half h) {
  return std::isnan((float)h.data) ? mkh(0) : h.data < 0 ? mkh(0) : h.data > 1 ? mkh(1) : h;
}
} // namespace hip_impl
inline __half __hadd_sat(__half a, __half b) { return ::hip_impl::hsat(__hadd(a, b)); }
inline __half __hsub_sat(__half a, __half b) { return ::hip_impl::hsat(__hsub(a, b)); }
inline __half __hmul_sat(__half a, __half b) { return ::hip_impl::hsat(__hmul(a, b)); }
inline __half __hfma_sat(__half a, __half b, __half c) { return ::hip_impl::hsat(__hfma(a, b, c)); }
inline __half __hmax(__half a, __half b) { return ::hip_impl::h_of(std::fmax((float)a.data, (float)b.data)); }
inline __half __hmin(__half a, __half b) { return ::hip_impl::h_of(std::fmin((float)a.data, (float)b.data)); }
inline __half __hmax_nan(__half a, __half b) {
  return std::isnan((float)a.data) ? a : std::isnan((float)b.data) ? b : __hmax(a, b);
}
inline __half __hmin_nan(__half a, __half b) {
  return std::isnan((float)a.data) ? a : std::isnan((float)b.data) ? b : __hmin(a, b);
}
#define __FERROCM_H2(NAME, F)                                                                                \
  inline __half2 NAME(__half2 a, __half2 b) { return __half2(F(a.x, b.x), F(a.y, b.y)); }
__FERROCM_H2(__hadd2, __hadd)
__FERROCM_H2(__hsub2, __hsub)
__FERROCM_H2(__hmul2, __hmul)
__FERROCM_H2(__h2div, __hdiv)
__FERROCM_H2(__hadd2_sat, __hadd_sat)
__FERROCM_H2(__hsub2_sat, __hsub_sat)
__FERROCM_H2(__hmul2_sat, __hmul_sat)
__FERROCM_H2(__hmax2, __hmax)
__FERROCM_H2(__hmin2, __hmin)
#undef __FERROCM_H2
inline __half2 __hfma2(__half2 a, __half2 b, __half2 c) { return __half2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); }
inline __half2 __hfma2_sat(__half2 a, __half2 b, __half2 c) {
  return __half2(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y));
}
inline __half2 __hneg2(__half2 a) { return __half2(__hneg(a.x), __hneg(a.y)); }
inline __half2 __habs2(__half2 a) { return __half2(__habs(a.x), __habs(a.y)); }

/* ---- comparisons (ordered; the ...u forms are true for unordered operands) */
inline bool __hisnan(__half a) { return std::isnan((float)a.data); }
inline int __hisinf(__half a) { return std::isinf((float)a.data) ? (a.data < 0 ? -1 : 1) : 0; }
#define __FERROCM_HCMP(NAME, OP)                                                                             \
  inline bool __h##NAME(__half a, __half b) { return a.data OP b.data; }                                      \
  inline bool __h##NAME##u(__half a, __half b) { return __hisnan(a) || __hisnan(b) || a.data OP b.data; }     \
  inline __half2 __h##NAME##2(__half2 a, __half2 b) {                                                          \
    return __half2(__half(__h##NAME(a.x, b.x) ? 1.0f : 0.0f), __half(__h##NAME(a.y, b.y) ? 1.0f : 0.0f));      \
  }                                                                                                          \
  inline bool __hb##NAME##2(__half2 a, __half2 b) { return __h##NAME(a.x, b.x) && __h##NAME(a.y, b.y); }
__FERROCM_HCMP(eq, ==)
__FERROCM_HCMP(le, <=)
__FERROCM_HCMP(ge, >=)
__FERROCM_HCMP(lt, <)
__FERROCM_HCMP(gt, >)
#undef __FERROCM_HCMP
inline bool __hne(__half a, __half b) { return !__hisnan(a) && !__hisnan(b) && a.data != b.data; }
inline bool __hneu(__half a, __half b) { return a.data != b.data; }
inline __half2 __hne2(__half2 a, __half2 b) {
  return __half2(__half(__hne(a.x, b.x) ? 1.0f : 0.0f), __half(__hne(a.y, b.y) ? 1.0f : 0.0f));
}
inline bool __hbne2(__half2 a, __half2 b) { return __hne(a.x, b.x) && __hne(a.y, b.y); }
inline __half2 __hisnan2(__half2 a) { return __half2(__half(__hisnan(a.x) ? 1.0f : 0.0f), __half(__hisnan(a.y) ? 1.0f : 0.0f)); }

/* ---- math (computed in float, rounded once to half) */
#define __FERROCM_HMATH(NAME, EXPR)                                                                          \
  inline __half NAME(__half h) {                                                                             \
    float x = (float)h.data;                                                                                 \
    return ::hip_impl::h_of(EXPR);                                                                           \
  }                                                                                                          \
  inline __half2 NAME##2(__half2 h) { return __half2(NAME(h.x), NAME(h.y)); }
/* h2 forms are named h2<name>: */
__FERROCM_HMATH(hsqrt, std::sqrt(x))
__FERROCM_HMATH(hrsqrt, 1.0f / std::sqrt(x))
__FERROCM_HMATH(hrcp, 1.0f / x)
__FERROCM_HMATH(hexp, std::exp(x))
__FERROCM_HMATH(hexp2, std::exp2(x))
__FERROCM_HMATH(hexp10, std::pow(10.0f, x))
__FERROCM_HMATH(hlog, std::log(x))
__FERROCM_HMATH(hlog2, std::log2(x))
__FERROCM_HMATH(hlog10, std::log10(x))
__FERROCM_HMATH(hsin, std::sin(x))
__FERROCM_HMATH(hcos, std::cos(x))
__FERROCM_HMATH(hceil, std::ceil(x))
__FERROCM_HMATH(hfloor, std::floor(x))
__FERROCM_HMATH(htrunc, std::trunc(x))
__FERROCM_HMATH(hrint, std::nearbyint(x))
#undef __FERROCM_HMATH
#define __FERROCM_H2MATH(NAME) \
  inline __half2 h2##NAME(__half2 h) { return __half2(h##NAME(h.x), h##NAME(h.y)); }
__FERROCM_H2MATH(sqrt)
__FERROCM_H2MATH(rsqrt)
__FERROCM_H2MATH(rcp)
__FERROCM_H2MATH(exp)
__FERROCM_H2MATH(exp2)
__FERROCM_H2MATH(exp10)
__FERROCM_H2MATH(log)
__FERROCM_H2MATH(log2)
__FERROCM_H2MATH(log10)
__FERROCM_H2MATH(sin)
__FERROCM_H2MATH(cos)
__FERROCM_H2MATH(ceil)
__FERROCM_H2MATH(floor)
__FERROCM_H2MATH(trunc)
__FERROCM_H2MATH(rint)
#undef __FERROCM_H2MATH

/* ---- warp shuffles of halves (device part only) */
#if defined(HIP_CPU_HIP_RUNTIME_H)
#define __FERROCM_HSHFL(T)                                                                                   \
  inline T __shfl(T var, int src_lane, int width = warpSize) { return ::hip_impl::shfl(var, src_lane, width); } \
  inline T __shfl_up(T var, unsigned int d, int width = warpSize) { return ::hip_impl::shfl_up(var, d, width); } \
  inline T __shfl_down(T var, unsigned int d, int width = warpSize) {                                        \
    return ::hip_impl::shfl_down(var, d, width);                                                             \
  }                                                                                                          \
  inline T __shfl_xor(T var, int m, int width = warpSize) { return ::hip_impl::shfl_xor(var, m, width); }
__FERROCM_HSHFL(__half)
__FERROCM_HSHFL(__half2)
#undef __FERROCM_HSHFL
inline __half atomicAdd(__half *address, __half val) {
  return ::hip_impl::atomic_rmw(address, [val](__half o) { return __hadd(o, val); });
}
inline __half2 atomicAdd(__half2 *address, __half2 val) {
  return ::hip_impl::atomic_rmw(address, [val](__half2 o) { return __hadd2(o, val); });
}
inline __half2 unsafeAtomicAdd(__half2 *address, __half2 val) { return atomicAdd(address, val); }
#endif

#endif /* HIP_CPU_HIP_FP16_H */
