/*
 * ferrocm CPU platform: HIP device math. <math.h> from C++ brings the float and double
 * overloads of <cmath> into the global namespace (sin(1.0f) is float, as in HIP); this
 * file adds what HIP has beyond the C library. Included by hip/cpu/hip_runtime.h.
 *
 * Functions a C library may also declare (glibc declares __expf, __sinf... without
 * exporting them; C23 adds rsqrt, sinpi...) are defined as extern "C" inline with the C
 * library's exact signature, so both declarations name the same, inline, function.
 */
#ifndef HIP_CPU_DEVICE_MATH_H
#define HIP_CPU_DEVICE_MATH_H

#include <cmath>
#include <math.h>

#define __FERROCM_MATH extern "C" inline

namespace hip_impl {
constexpr double pi = 3.14159265358979323846;

/* Directed rounding of `r`, the round-to-nearest result of an operation whose exact
 * result is r + (something of sign `dir`): dir > 0 means exact > r. */
enum class rounding { zero, down, up };
template <class F> inline F directed(F r, int dir, rounding mode) {
  if (dir == 0 || std::isnan(r)) return r;
  switch (mode) {
  case rounding::down:
    return dir < 0 ? std::nextafter(r, -INFINITY) : r;
  case rounding::up:
    return dir > 0 ? std::nextafter(r, INFINITY) : r;
  default: /* toward zero: step back when r is farther from 0 than the exact value */
    return (r > 0 && dir < 0) ? std::nextafter(r, F(0)) : (r < 0 && dir > 0) ? std::nextafter(r, F(0)) : r;
  }
}
template <class F> inline int sign_of(F e) { return (e > 0) - (e < 0); }
/* Exact error terms (Knuth TwoSum; fma for products, quotients and roots). */
template <class F> inline F add_dir(F a, F b, rounding m) {
  F s = a + b, bb = s - a, e = (a - (s - bb)) + (b - bb);
  return directed(s, std::isfinite(s) ? sign_of(e) : 0, m);
}
template <class F> inline F mul_dir(F a, F b, rounding m) {
  F p = a * b;
  return directed(p, std::isfinite(p) ? sign_of(std::fma(a, b, -p)) : 0, m);
}
template <class F> inline F div_dir(F a, F b, rounding m) {
  F q = a / b;
  if (!std::isfinite(q) || b == 0) return q;
  F r = std::fma(-q, b, a); /* exact remainder: a - q*b */
  return directed(q, sign_of(r) * sign_of(b), m);
}
template <class F> inline F sqrt_dir(F a, rounding m) {
  F s = std::sqrt(a);
  if (!std::isfinite(s) || s == 0) return s;
  return directed(s, sign_of(std::fma(-s, s, a)), m);
}
/* float fma: a*b is exact in double and TwoSum gives the exact error of the addition,
 * so the direction of the float result is known exactly. */
inline float fmaf_dir(float a, float b, float c, rounding m) {
  double p = (double)a * (double)b, cc = c;
  double s = p + cc, bb = s - p, e = (p - (s - bb)) + (cc - bb);
  float r = (float)s;
  if (!std::isfinite(r)) return r;
  int dir = (double)r != s ? sign_of(s - (double)r) : sign_of(e);
  return directed(r, dir, m);
}
/* Conversions of a value held exactly in a wider type. */
template <class F, class W> inline F narrow_dir(W exact, rounding m) {
  F r = (F)exact;
  return directed(r, sign_of(exact - (W)r), m);
}
/* GPU conversions saturate and map NaN to 0. */
template <class I, class F> inline I sat(F v) {
  if (std::isnan(v)) return 0;
  if (v <= (F)std::numeric_limits<I>::min()) return std::numeric_limits<I>::min();
  if (v >= (F)std::numeric_limits<I>::max()) return std::numeric_limits<I>::max();
  return (I)v;
}

inline double erfinv(double x) {
  if (!(x > -1.0 && x < 1.0)) return x == 1.0 ? INFINITY : x == -1.0 ? -INFINITY : NAN;
  if (x == 0) return x;
  /* Giles' single-precision approximation, then Halley steps on erf. */
  double w = -std::log((1.0 - x) * (1.0 + x)), p;
  if (w < 5.0) {
    w -= 2.5;
    p = 2.81022636e-08;
    p = 3.43273939e-07 + p * w;
    p = -3.5233877e-06 + p * w;
    p = -4.39150654e-06 + p * w;
    p = 0.00021858087 + p * w;
    p = -0.00125372503 + p * w;
    p = -0.00417768164 + p * w;
    p = 0.246640727 + p * w;
    p = 1.50140941 + p * w;
  } else {
    w = std::sqrt(w) - 3.0;
    p = -0.000200214257;
    p = 0.000100950558 + p * w;
    p = 0.00134934322 + p * w;
    p = -0.00367342844 + p * w;
    p = 0.00573950773 + p * w;
    p = -0.0076224613 + p * w;
    p = 0.00943887047 + p * w;
    p = 1.00167406 + p * w;
    p = 2.83297682 + p * w;
  }
  double y = p * x;
  for (int i = 0; i < 2; ++i) {
    double err = std::erf(y) - x;
    double d = 2.0 / std::sqrt(pi) * std::exp(-y * y);
    y -= err / (d + y * err); /* Halley */
  }
  return y;
}
inline double erfcinv(double y) {
  if (!(y > 0.0 && y < 2.0)) return y == 0.0 ? INFINITY : y == 2.0 ? -INFINITY : NAN;
  if (y > 0.0625 && y < 1.9375) return erfinv(1.0 - y);
  /* Tails: asymptotic start, then Halley steps on erfc (keeps relative accuracy). */
  bool neg = y > 1.0;
  double t = neg ? 2.0 - y : y;
  double u = std::sqrt(-std::log(t));
  double x = u - (std::log(u) + 0.5 * std::log(pi)) / (2.0 * u);
  for (int i = 0; i < 6; ++i) {
    double err = std::erfc(x) - t;
    double d = -2.0 / std::sqrt(pi) * std::exp(-x * x);
    x -= err / (d - x * err);
  }
  return neg ? -x : x;
}
inline double erfcx(double x) {
  if (x < 10.0) {
    /* exp(x*x) with x*x split exactly (hi + lo), so large x loses no accuracy. */
    double hi = x * x, lo = std::fma(x, x, -hi);
    return std::exp(hi) * std::exp(lo) * std::erfc(x);
  }
  /* Asymptotic series; at x >= 10 twenty terms are far below double precision. */
  double r = 1.0 / (2.0 * x * x), term = 1.0, sum = 1.0;
  for (int k = 0; k < 20; ++k) {
    term *= -(2.0 * k + 1.0) * r;
    sum += term;
  }
  return sum / (x * std::sqrt(pi));
}
template <class F> inline F sinpi(F x) {
  if (!std::isfinite(x)) return NAN;
  F r = std::remainder(x, F(2)); /* [-1, 1], exact */
  if (r == std::trunc(r)) return std::copysign(F(0), x);
  if (r > F(0.5)) r = F(1) - r;
  else if (r < F(-0.5)) r = F(-1) - r;
  return std::sin(F(pi) * r);
}
template <class F> inline F cospi(F x) {
  if (!std::isfinite(x)) return NAN;
  F r = std::fabs(std::remainder(x, F(2))); /* [0, 1] */
  if (r == F(0.5)) return F(0);
  return r < F(0.5) ? std::cos(F(pi) * r) : -std::cos(F(pi) * (F(1) - r));
}
} // namespace hip_impl

/* ---- functions beyond the C library (float and double) */
__FERROCM_MATH float rsqrtf(float x) noexcept { return 1.0f / sqrtf(x); }
__FERROCM_MATH double rsqrt(double x) noexcept { return 1.0 / sqrt(x); }
__FERROCM_MATH float rcbrtf(float x) noexcept { return 1.0f / cbrtf(x); }
__FERROCM_MATH double rcbrt(double x) noexcept { return 1.0 / cbrt(x); }
__FERROCM_MATH float sinpif(float x) noexcept { return ::hip_impl::sinpi(x); }
__FERROCM_MATH double sinpi(double x) noexcept { return ::hip_impl::sinpi(x); }
__FERROCM_MATH float cospif(float x) noexcept { return ::hip_impl::cospi(x); }
__FERROCM_MATH double cospi(double x) noexcept { return ::hip_impl::cospi(x); }
__FERROCM_MATH void sincospif(float x, float *s, float *c) noexcept {
  *s = ::hip_impl::sinpi(x);
  *c = ::hip_impl::cospi(x);
}
__FERROCM_MATH void sincospi(double x, double *s, double *c) noexcept {
  *s = ::hip_impl::sinpi(x);
  *c = ::hip_impl::cospi(x);
}
#if !defined(__USE_GNU) /* glibc declares and exports these with _GNU_SOURCE (g++'s default) */
__FERROCM_MATH void sincosf(float x, float *s, float *c) noexcept {
  *s = sinf(x);
  *c = cosf(x);
}
__FERROCM_MATH void sincos(double x, double *s, double *c) noexcept {
  *s = sin(x);
  *c = cos(x);
}
__FERROCM_MATH float exp10f(float x) noexcept { return powf(10.0f, x); }
__FERROCM_MATH double exp10(double x) noexcept { return pow(10.0, x); }
#endif
__FERROCM_MATH float erfinvf(float x) noexcept { return (float)::hip_impl::erfinv(x); }
__FERROCM_MATH double erfinv(double x) noexcept { return ::hip_impl::erfinv(x); }
__FERROCM_MATH float erfcinvf(float x) noexcept { return (float)::hip_impl::erfcinv(x); }
__FERROCM_MATH double erfcinv(double x) noexcept { return ::hip_impl::erfcinv(x); }
__FERROCM_MATH float erfcxf(float x) noexcept { return (float)::hip_impl::erfcx(x); }
__FERROCM_MATH double erfcx(double x) noexcept { return ::hip_impl::erfcx(x); }
__FERROCM_MATH float normcdff(float x) noexcept { return (float)(0.5 * erfc(-(double)x / 1.4142135623730951)); }
__FERROCM_MATH double normcdf(double x) noexcept { return 0.5 * erfc(-x / 1.4142135623730951); }
__FERROCM_MATH float normcdfinvf(float p) noexcept {
  return (float)(-1.4142135623730951 * ::hip_impl::erfcinv(2.0 * p));
}
__FERROCM_MATH double normcdfinv(double p) noexcept { return -1.4142135623730951 * ::hip_impl::erfcinv(2.0 * p); }
__FERROCM_MATH float rhypotf(float x, float y) noexcept { return 1.0f / hypotf(x, y); }
__FERROCM_MATH double rhypot(double x, double y) noexcept { return 1.0 / hypot(x, y); }
__FERROCM_MATH float norm3df(float a, float b, float c) noexcept { return std::hypot(a, b, c); }
__FERROCM_MATH double norm3d(double a, double b, double c) noexcept { return std::hypot(a, b, c); }
__FERROCM_MATH float rnorm3df(float a, float b, float c) noexcept { return 1.0f / std::hypot(a, b, c); }
__FERROCM_MATH double rnorm3d(double a, double b, double c) noexcept { return 1.0 / std::hypot(a, b, c); }
__FERROCM_MATH float norm4df(float a, float b, float c, float d) noexcept {
  return hypotf(hypotf(a, b), hypotf(c, d));
}
__FERROCM_MATH double norm4d(double a, double b, double c, double d) noexcept {
  return hypot(hypot(a, b), hypot(c, d));
}
__FERROCM_MATH float rnorm4df(float a, float b, float c, float d) noexcept { return 1.0f / norm4df(a, b, c, d); }
__FERROCM_MATH double rnorm4d(double a, double b, double c, double d) noexcept { return 1.0 / norm4d(a, b, c, d); }
__FERROCM_MATH float normf(int dim, const float *a) noexcept {
  float r = 0.0f;
  for (int i = 0; i < dim; ++i) r = hypotf(r, a[i]);
  return r;
}
__FERROCM_MATH double norm(int dim, const double *a) noexcept {
  double r = 0.0;
  for (int i = 0; i < dim; ++i) r = hypot(r, a[i]);
  return r;
}
__FERROCM_MATH float rnormf(int dim, const float *a) noexcept { return 1.0f / normf(dim, a); }
__FERROCM_MATH double rnorm(int dim, const double *a) noexcept { return 1.0 / norm(dim, a); }
__FERROCM_MATH float fdividef(float x, float y) noexcept { return x / y; }

/* ---- fast intrinsics: full precision here (glibc declares, but does not export, some) */
__FERROCM_MATH float __expf(float x) noexcept { return expf(x); }
__FERROCM_MATH float __exp10f(float x) noexcept { return powf(10.0f, x); }
__FERROCM_MATH float __logf(float x) noexcept { return logf(x); }
__FERROCM_MATH float __log2f(float x) noexcept { return log2f(x); }
__FERROCM_MATH float __log10f(float x) noexcept { return log10f(x); }
__FERROCM_MATH float __powf(float x, float y) noexcept { return powf(x, y); }
__FERROCM_MATH float __sinf(float x) noexcept { return sinf(x); }
__FERROCM_MATH float __cosf(float x) noexcept { return cosf(x); }
__FERROCM_MATH float __tanf(float x) noexcept { return tanf(x); }
__FERROCM_MATH void __sincosf(float x, float *s, float *c) noexcept {
  *s = sinf(x);
  *c = cosf(x);
}
inline float __fdividef(float x, float y) { return x / y; }
inline float __saturatef(float x) { return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f; /* NaN -> 0 */ }

/* ---- IEEE operations with explicit rounding */
#define __FERROCM_ROUNDED(F, SUF, NAME_ADD, NAME_SUB, NAME_MUL, NAME_DIV, NAME_SQRT, NAME_RCP, MODE)             \
  inline F NAME_ADD##SUF(F a, F b) { return ::hip_impl::add_dir(a, b, MODE); }                                \
  inline F NAME_SUB##SUF(F a, F b) { return ::hip_impl::add_dir(a, -b, MODE); }                               \
  inline F NAME_MUL##SUF(F a, F b) { return ::hip_impl::mul_dir(a, b, MODE); }                                \
  inline F NAME_DIV##SUF(F a, F b) { return ::hip_impl::div_dir(a, b, MODE); }                                \
  inline F NAME_SQRT##SUF(F a) { return ::hip_impl::sqrt_dir(a, MODE); }                                      \
  inline F NAME_RCP##SUF(F a) { return ::hip_impl::div_dir(F(1), a, MODE); }
__FERROCM_ROUNDED(float, _rz, __fadd, __fsub, __fmul, __fdiv, __fsqrt, __frcp, ::hip_impl::rounding::zero)
__FERROCM_ROUNDED(float, _rd, __fadd, __fsub, __fmul, __fdiv, __fsqrt, __frcp, ::hip_impl::rounding::down)
__FERROCM_ROUNDED(float, _ru, __fadd, __fsub, __fmul, __fdiv, __fsqrt, __frcp, ::hip_impl::rounding::up)
__FERROCM_ROUNDED(double, _rz, __dadd, __dsub, __dmul, __ddiv, __dsqrt, __drcp, ::hip_impl::rounding::zero)
__FERROCM_ROUNDED(double, _rd, __dadd, __dsub, __dmul, __ddiv, __dsqrt, __drcp, ::hip_impl::rounding::down)
__FERROCM_ROUNDED(double, _ru, __dadd, __dsub, __dmul, __ddiv, __dsqrt, __drcp, ::hip_impl::rounding::up)
#undef __FERROCM_ROUNDED
inline float __fadd_rn(float a, float b) { return a + b; }
inline float __fsub_rn(float a, float b) { return a - b; }
inline float __fmul_rn(float a, float b) { return a * b; }
inline float __fdiv_rn(float a, float b) { return a / b; }
inline float __fsqrt_rn(float a) { return sqrtf(a); }
inline float __frcp_rn(float a) { return 1.0f / a; }
inline float __frsqrt_rn(float a) { return 1.0f / sqrtf(a); }
inline float __fmaf_rn(float a, float b, float c) { return fmaf(a, b, c); }
inline float __fmaf_rz(float a, float b, float c) { return ::hip_impl::fmaf_dir(a, b, c, ::hip_impl::rounding::zero); }
inline float __fmaf_rd(float a, float b, float c) { return ::hip_impl::fmaf_dir(a, b, c, ::hip_impl::rounding::down); }
inline float __fmaf_ru(float a, float b, float c) { return ::hip_impl::fmaf_dir(a, b, c, ::hip_impl::rounding::up); }
inline double __dadd_rn(double a, double b) { return a + b; }
inline double __dsub_rn(double a, double b) { return a - b; }
inline double __dmul_rn(double a, double b) { return a * b; }
inline double __ddiv_rn(double a, double b) { return a / b; }
inline double __dsqrt_rn(double a) { return sqrt(a); }
inline double __drcp_rn(double a) { return 1.0 / a; }
inline double __fma_rn(double a, double b, double c) { return fma(a, b, c); }

/* ---- reinterpretation */
inline float __int_as_float(int x) { float f; std::memcpy(&f, &x, 4); return f; }
inline int __float_as_int(float x) { int i; std::memcpy(&i, &x, 4); return i; }
inline float __uint_as_float(unsigned int x) { float f; std::memcpy(&f, &x, 4); return f; }
inline unsigned int __float_as_uint(float x) { unsigned int i; std::memcpy(&i, &x, 4); return i; }
inline double __longlong_as_double(long long x) { double d; std::memcpy(&d, &x, 8); return d; }
inline long long __double_as_longlong(double x) { long long i; std::memcpy(&i, &x, 8); return i; }
inline int __double2hiint(double x) { return (int)(__double_as_longlong(x) >> 32); }
inline int __double2loint(double x) { return (int)(unsigned)__double_as_longlong(x); }
inline double __hiloint2double(int hi, int lo) {
  return __longlong_as_double((long long)(((unsigned long long)(unsigned)hi << 32) | (unsigned)lo));
}

/* ---- conversions: _rn nearest even, _rz toward zero, _rd down, _ru up */
#define __FERROCM_F2I(FROM, FNAME, TO, TNAME)                                                                \
  inline TO __##FNAME##2##TNAME##_rn(FROM x) { return ::hip_impl::sat<TO>(std::nearbyint(x)); }            \
  inline TO __##FNAME##2##TNAME##_rz(FROM x) { return ::hip_impl::sat<TO>(std::trunc(x)); }                \
  inline TO __##FNAME##2##TNAME##_rd(FROM x) { return ::hip_impl::sat<TO>(std::floor(x)); }                \
  inline TO __##FNAME##2##TNAME##_ru(FROM x) { return ::hip_impl::sat<TO>(std::ceil(x)); }
__FERROCM_F2I(float, float, int, int)
__FERROCM_F2I(float, float, unsigned int, uint)
__FERROCM_F2I(float, float, long long, ll)
__FERROCM_F2I(float, float, unsigned long long, ull)
__FERROCM_F2I(double, double, int, int)
__FERROCM_F2I(double, double, unsigned int, uint)
__FERROCM_F2I(double, double, long long, ll)
__FERROCM_F2I(double, double, unsigned long long, ull)
#undef __FERROCM_F2I
#define __FERROCM_I2F(FROM, FNAME, TO, TNAME, WIDE)                                                          \
  inline TO __##FNAME##2##TNAME##_rn(FROM x) { return (TO)x; }                                               \
  inline TO __##FNAME##2##TNAME##_rz(FROM x) {                                                               \
    return ::hip_impl::narrow_dir<TO>((WIDE)x, ::hip_impl::rounding::zero);                                \
  }                                                                                                          \
  inline TO __##FNAME##2##TNAME##_rd(FROM x) {                                                               \
    return ::hip_impl::narrow_dir<TO>((WIDE)x, ::hip_impl::rounding::down);                                \
  }                                                                                                          \
  inline TO __##FNAME##2##TNAME##_ru(FROM x) {                                                               \
    return ::hip_impl::narrow_dir<TO>((WIDE)x, ::hip_impl::rounding::up);                                  \
  }
__FERROCM_I2F(int, int, float, float, double)
__FERROCM_I2F(unsigned int, uint, float, float, double)
__FERROCM_I2F(long long, ll, float, float, long double)
__FERROCM_I2F(unsigned long long, ull, float, float, long double)
__FERROCM_I2F(long long, ll, double, double, long double)
__FERROCM_I2F(unsigned long long, ull, double, double, long double)
__FERROCM_I2F(double, double, float, float, double)
#undef __FERROCM_I2F
inline double __int2double_rn(int x) { return (double)x; }
inline double __uint2double_rn(unsigned int x) { return (double)x; }
inline float __float2float_rn(float x) { return x; }

/* ---- min/max for every scalar type, as HIP provides */
#define __FERROCM_MINMAX(T)                                                                                  \
  inline T min(T a, T b) { return b < a ? b : a; }                                                          \
  inline T max(T a, T b) { return a < b ? b : a; }
__FERROCM_MINMAX(int)
__FERROCM_MINMAX(unsigned int)
__FERROCM_MINMAX(long)
__FERROCM_MINMAX(unsigned long)
__FERROCM_MINMAX(long long)
__FERROCM_MINMAX(unsigned long long)
#undef __FERROCM_MINMAX
inline float min(float a, float b) { return fminf(a, b); }
inline float max(float a, float b) { return fmaxf(a, b); }
inline double min(double a, double b) { return fmin(a, b); }
inline double max(double a, double b) { return fmax(a, b); }
/* Mixed signed/unsigned forms HIP has (compare as unsigned, like the built-in operators). */
inline unsigned int min(unsigned int a, int b) { return min(a, (unsigned int)b); }
inline unsigned int min(int a, unsigned int b) { return min((unsigned int)a, b); }
inline unsigned int max(unsigned int a, int b) { return max(a, (unsigned int)b); }
inline unsigned int max(int a, unsigned int b) { return max((unsigned int)a, b); }

#undef __FERROCM_MATH

#endif /* HIP_CPU_DEVICE_MATH_H */
