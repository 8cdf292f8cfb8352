/*
 * hip/hip_complex.h: HIP's complex numbers (ROCm 6.x API). On the CPU platform they are
 * float2/double2 as on AMD GPUs; on NVIDIA they are CUDA's cuFloatComplex/cuDoubleComplex
 * (cuComplex.h), as ROCm's NVIDIA headers define them. The functions are usable in host and
 * device code. ROCm 6 has no operators on these types (float2's are element-wise), so none
 * are defined here either.
 */
#ifndef HIP_HIP_COMPLEX_H
#define HIP_HIP_COMPLEX_H
/* ROCm's guard name too: headers written for ROCm (hipBLAS's among them) test it to know
 * whether the complex types are already declared. */
#ifndef HIP_INCLUDE_HIP_HIP_COMPLEX_H
#define HIP_INCLUDE_HIP_HIP_COMPLEX_H
#endif

#include "hip_common.h"

#if defined(__HIP_PLATFORM_NVIDIA__)
#include <cuComplex.h>

typedef cuFloatComplex hipFloatComplex;
typedef cuDoubleComplex hipDoubleComplex;
typedef cuFloatComplex hipComplex;
#define __HIP_COMPLEX_FN static inline __host__ __device__
__HIP_COMPLEX_FN float hipCrealf(hipFloatComplex z) { return cuCrealf(z); }
__HIP_COMPLEX_FN float hipCimagf(hipFloatComplex z) { return cuCimagf(z); }
__HIP_COMPLEX_FN hipFloatComplex make_hipFloatComplex(float a, float b) { return make_cuFloatComplex(a, b); }
__HIP_COMPLEX_FN hipFloatComplex hipConjf(hipFloatComplex z) { return cuConjf(z); }
__HIP_COMPLEX_FN float hipCsqabsf(hipFloatComplex z) { return cuCrealf(z) * cuCrealf(z) + cuCimagf(z) * cuCimagf(z); }
__HIP_COMPLEX_FN hipFloatComplex hipCaddf(hipFloatComplex p, hipFloatComplex q) { return cuCaddf(p, q); }
__HIP_COMPLEX_FN hipFloatComplex hipCsubf(hipFloatComplex p, hipFloatComplex q) { return cuCsubf(p, q); }
__HIP_COMPLEX_FN hipFloatComplex hipCmulf(hipFloatComplex p, hipFloatComplex q) { return cuCmulf(p, q); }
__HIP_COMPLEX_FN hipFloatComplex hipCdivf(hipFloatComplex p, hipFloatComplex q) { return cuCdivf(p, q); }
__HIP_COMPLEX_FN float hipCabsf(hipFloatComplex z) { return cuCabsf(z); }
__HIP_COMPLEX_FN double hipCreal(hipDoubleComplex z) { return cuCreal(z); }
__HIP_COMPLEX_FN double hipCimag(hipDoubleComplex z) { return cuCimag(z); }
__HIP_COMPLEX_FN hipDoubleComplex make_hipDoubleComplex(double a, double b) { return make_cuDoubleComplex(a, b); }
__HIP_COMPLEX_FN hipDoubleComplex hipConj(hipDoubleComplex z) { return cuConj(z); }
__HIP_COMPLEX_FN double hipCsqabs(hipDoubleComplex z) { return cuCreal(z) * cuCreal(z) + cuCimag(z) * cuCimag(z); }
__HIP_COMPLEX_FN hipDoubleComplex hipCadd(hipDoubleComplex p, hipDoubleComplex q) { return cuCadd(p, q); }
__HIP_COMPLEX_FN hipDoubleComplex hipCsub(hipDoubleComplex p, hipDoubleComplex q) { return cuCsub(p, q); }
__HIP_COMPLEX_FN hipDoubleComplex hipCmul(hipDoubleComplex p, hipDoubleComplex q) { return cuCmul(p, q); }
__HIP_COMPLEX_FN hipDoubleComplex hipCdiv(hipDoubleComplex p, hipDoubleComplex q) { return cuCdiv(p, q); }
__HIP_COMPLEX_FN double hipCabs(hipDoubleComplex z) { return cuCabs(z); }
__HIP_COMPLEX_FN hipComplex make_hipComplex(float x, float y) { return make_cuComplex(x, y); }
__HIP_COMPLEX_FN hipFloatComplex hipComplexDoubleToFloat(hipDoubleComplex z) { return cuComplexDoubleToFloat(z); }
__HIP_COMPLEX_FN hipDoubleComplex hipComplexFloatToDouble(hipFloatComplex z) { return cuComplexFloatToDouble(z); }
__HIP_COMPLEX_FN hipComplex hipCfmaf(hipComplex p, hipComplex q, hipComplex r) { return cuCfmaf(p, q, r); }
__HIP_COMPLEX_FN hipDoubleComplex hipCfma(hipDoubleComplex p, hipDoubleComplex q, hipDoubleComplex r) {
  return cuCfma(p, q, r);
}
#undef __HIP_COMPLEX_FN

#else /* the CPU platform: the AMD layout */

#include <math.h>
#include "hip_vector_types.h"

typedef float2 hipFloatComplex;
typedef double2 hipDoubleComplex;
typedef hipFloatComplex hipComplex;

/* Written once for float (suffix f) and double (no suffix). Division and absolute value are
 * scaled so that intermediate squares neither overflow nor underflow for representable
 * results (as CUDA's cuComplex does), which AMD's unscaled formulas do not guarantee. */
#define __HIP_COMPLEX_FUNCTIONS(T, C, S, SQRT, FABS)                                                         \
  static inline T hipCreal##S(C z) { return z.x; }                                                           \
  static inline T hipCimag##S(C z) { return z.y; }                                                           \
  static inline C __hip_make_complex##S(T a, T b) {                                                          \
    C z;                                                                                                       \
    z.x = a;                                                                                                   \
    z.y = b;                                                                                                   \
    return z;                                                                                                  \
  }                                                                                                            \
  static inline C hipConj##S(C z) { return __hip_make_complex##S(z.x, -z.y); }                               \
  static inline T hipCsqabs##S(C z) { return z.x * z.x + z.y * z.y; }                                        \
  static inline C hipCadd##S(C p, C q) { return __hip_make_complex##S(p.x + q.x, p.y + q.y); }               \
  static inline C hipCsub##S(C p, C q) { return __hip_make_complex##S(p.x - q.x, p.y - q.y); }               \
  static inline C hipCmul##S(C p, C q) {                                                                     \
    return __hip_make_complex##S(p.x * q.x - p.y * q.y, p.x * q.y + p.y * q.x);                              \
  }                                                                                                            \
  static inline C hipCdiv##S(C p, C q) {                                                                     \
    T s = FABS(q.x) + FABS(q.y);                                                                             \
    T inv = (T)1 / s;                                                                                        \
    T ar = p.x * inv, ai = p.y * inv, br = q.x * inv, bi = q.y * inv;                                        \
    T d = (T)1 / (br * br + bi * bi);                                                                        \
    return __hip_make_complex##S((ar * br + ai * bi) * d, (ai * br - ar * bi) * d);                          \
  }                                                                                                            \
  static inline T hipCabs##S(C z) {                                                                          \
    T a = FABS(z.x), b = FABS(z.y);                                                                          \
    T hi = a > b ? a : b, lo = a > b ? b : a;                                                                \
    if (hi == (T)0 || hi + lo == hi) return hi + lo; /* zero, or lo negligible (also inf) */                 \
    T r = lo / hi;                                                                                           \
    return hi * SQRT((T)1 + r * r);                                                                          \
  }                                                                                                            \
  static inline C hipCfma##S(C p, C q, C r) {                                                                \
    return __hip_make_complex##S(p.x * q.x - p.y * q.y + r.x, p.x * q.y + p.y * q.x + r.y);                  \
  }

__HIP_COMPLEX_FUNCTIONS(float, hipFloatComplex, f, sqrtf, fabsf)
__HIP_COMPLEX_FUNCTIONS(double, hipDoubleComplex, , sqrt, fabs)
#undef __HIP_COMPLEX_FUNCTIONS

static inline hipFloatComplex make_hipFloatComplex(float a, float b) { return __hip_make_complexf(a, b); }
static inline hipDoubleComplex make_hipDoubleComplex(double a, double b) { return __hip_make_complex(a, b); }
static inline hipComplex make_hipComplex(float x, float y) { return __hip_make_complexf(x, y); }
static inline hipFloatComplex hipComplexDoubleToFloat(hipDoubleComplex z) {
  return __hip_make_complexf((float)z.x, (float)z.y);
}
static inline hipDoubleComplex hipComplexFloatToDouble(hipFloatComplex z) {
  return __hip_make_complex((double)z.x, (double)z.y);
}

#endif /* platform */

#endif /* HIP_HIP_COMPLEX_H */
