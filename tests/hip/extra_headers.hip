// Headers ROCm ships that programs include by name: hip/hip_complex.h (hipFloatComplex and
// hipDoubleComplex arithmetic against std::complex, in a kernel and on the host), hip/hip_bf16.h
// (__hip_bfloat16: round-to-nearest-even conversions at ties, NaN, arithmetic, comparisons,
// __hip_bfloat162 lanes), hip/math_functions.h and hip/device_functions.h; and, on AMD's
// flavour of HIP, a __half2 built from one scalar (both lanes).
#include "hip_test.h"

#include <hip/device_functions.h>
#include <hip/hip_bf16.h>
#include <hip/hip_complex.h>
#include <hip/hip_fp16.h>
#include <hip/math_functions.h>

#include <cmath>
#include <complex>

struct Results {
  hipFloatComplex mul, div, fma;
  float abs;
  hipDoubleComplex dmul;
  float bf_sum, bf_prod, bf2_lo, bf2_hi;
  int bf_lt;
};

__global__ void compute(Results *r, hipFloatComplex a, hipFloatComplex b, hipDoubleComplex c) {
  r->mul = hipCmulf(a, b);
  r->div = hipCdivf(a, b);
  r->fma = hipCfmaf(a, b, make_hipFloatComplex(1.0f, -1.0f));
  r->abs = hipCabsf(a);
  r->dmul = hipCmul(c, hipConj(c));
  __hip_bfloat16 x = __float2bfloat16(1.5f), y = __float2bfloat16(2.25f);
  r->bf_sum = __bfloat162float(__hadd(x, y));
  r->bf_prod = __bfloat162float(__hmul(x, y));
  __hip_bfloat162 p = __floats2bfloat162_rn(3.0f, -0.5f);
  __hip_bfloat162 q = __hmul2(p, __float2bfloat162_rn(2.0f));
  r->bf2_lo = __low2float(q);
  r->bf2_hi = __high2float(q);
  r->bf_lt = __hlt(x, y) ? 1 : 0;
}

static bool close(float got, float want, float rel = 1e-6f) {
  return std::fabs(got - want) <= rel * std::fmax(1.0f, std::fabs(want));
}

int main() {
  const hipFloatComplex a = make_hipFloatComplex(3.0f, -4.0f), b = make_hipFloatComplex(0.5f, 2.0f);
  const hipDoubleComplex c = make_hipDoubleComplex(1.5, -2.5);
  const std::complex<float> ca(3.0f, -4.0f), cb(0.5f, 2.0f);
  const std::complex<float> mul = ca * cb, div = ca / cb, fma = ca * cb + std::complex<float>(1.0f, -1.0f);

  // Host.
  CHECK(close(hipCrealf(hipCmulf(a, b)), mul.real()) && close(hipCimagf(hipCmulf(a, b)), mul.imag()), "host hipCmulf");
  CHECK(close(hipCrealf(hipCdivf(a, b)), div.real()) && close(hipCimagf(hipCdivf(a, b)), div.imag()), "host hipCdivf");
  CHECK(close(hipCabsf(a), 5.0f), "hipCabsf(3-4i) = %g", hipCabsf(a));
  CHECK(close(hipCabsf(make_hipFloatComplex(3e30f, 4e30f)), 5e30f), "hipCabsf overflows in its squares");
  CHECK_EQ(hipCreal(hipComplexFloatToDouble(a)), 3.0);
  CHECK_EQ(hipCimagf(hipConjf(a)), 4.0f);

  // Device.
  Results *r = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&r, sizeof(Results), hipMemAttachGlobal));
  hipLaunchKernelGGL(compute, dim3(1), dim3(1), 0, 0, r, a, b, c);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  CHECK(close(hipCrealf(r->mul), mul.real()) && close(hipCimagf(r->mul), mul.imag()), "device hipCmulf");
  CHECK(close(hipCrealf(r->div), div.real(), 1e-5f) && close(hipCimagf(r->div), div.imag(), 1e-5f), "device hipCdivf");
  CHECK(close(hipCrealf(r->fma), fma.real()) && close(hipCimagf(r->fma), fma.imag()), "device hipCfmaf");
  CHECK(close(r->abs, 5.0f), "device hipCabsf");
  CHECK_EQ(hipCreal(r->dmul), 1.5 * 1.5 + 2.5 * 2.5);
  CHECK_EQ(hipCimag(r->dmul), 0.0);
  CHECK_EQ(r->bf_sum, 3.75f);
  CHECK_EQ(r->bf_prod, 3.375f);
  CHECK_EQ(r->bf2_lo, 6.0f);
  CHECK_EQ(r->bf2_hi, -1.0f);
  CHECK_EQ(r->bf_lt, 1);
  HIP_CHECK(hipFree(r));

  // bfloat16 rounding: ties go to the even neighbour; NaN stays NaN.
  CHECK_EQ((unsigned)__bfloat16_as_ushort(__float2bfloat16(1.0f)), 0x3f80u);
  CHECK_EQ((unsigned)__bfloat16_as_ushort(__float2bfloat16(1.00390625f)), 0x3f80u);   // 1 + 2^-8: tie, even below
  CHECK_EQ((unsigned)__bfloat16_as_ushort(__float2bfloat16(1.01171875f)), 0x3f82u);   // 1 + 3*2^-8: tie, even above
  CHECK_EQ((unsigned)__bfloat16_as_ushort(__float2bfloat16(1.005859375f)), 0x3f81u);  // above the tie
  CHECK_EQ((unsigned)__bfloat16_as_ushort(__float2bfloat16(-2.0f)), 0xc000u);
  CHECK(std::isnan(__bfloat162float(__float2bfloat16(NAN))), "NaN did not stay NaN");
  CHECK(__hisinf(__float2bfloat16(INFINITY)), "inf");
  CHECK_EQ((unsigned)__bfloat16_as_ushort(__float2bfloat16(3.0e38f)), 0x7f62u); // 0x7f61b1e6 rounds up

#if !HIP_TEST_NVIDIA
  // AMD's __half2 converts from one scalar into both lanes (CUDA's has no such constructor).
  __half2 h = __half2(3);
  CHECK_EQ(__low2float(h), 3.0f);
  CHECK_EQ(__high2float(h), 3.0f);
#endif
  std::printf("PASS\n");
  return 0;
}
