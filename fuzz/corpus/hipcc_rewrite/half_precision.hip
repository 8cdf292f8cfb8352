// __half and __half2 (hip/hip_fp16.h): conversions, arithmetic intrinsics, comparisons,
// isnan/isinf, math (hsqrt, hexp, hlog...), __half2 lane-wise operations; the cases HIP-CPU
// has in a file it never builds.
#include "hip_test.h"
#include <hip/hip_fp16.h>

__global__ void halfk(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half a = __float2half(in[i]);
  __half b = __float2half(0.5f + (float)(i % 7));
  float *r = out + i * 16;
  r[0] = __half2float(a);
  r[1] = __half2float(__hadd(a, b));
  r[2] = __half2float(__hsub(a, b));
  r[3] = __half2float(__hmul(a, b));
  r[4] = __half2float(__hdiv(a, b));
  r[5] = __half2float(__hfma(a, b, b));
  r[6] = __half2float(__hneg(a));
  r[7] = (float)__hlt(a, b) + 2.0f * (float)__heq(a, a) + 4.0f * (float)__hgt(a, b);
  r[8] = __half2float(hsqrt(__habs(a)));
  r[9] = __half2float(hexp(__hmul(b, __float2half(0.25f))));
  r[10] = __half2float(hlog(b));
  __half2 p = __floats2half2_rn(in[i], 2.0f);
  __half2 q = __halves2half2(b, __float2half(-1.0f));
  __half2 s = __hadd2(p, q);
  __half2 m = __hmul2(p, q);
  r[11] = __low2float(s);
  r[12] = __high2float(s);
  r[13] = __low2float(m);
  r[14] = __high2float(m);
  __half inf = __float2half(1e6f); // overflows to +inf
  __half nan = __hdiv(__float2half(0.0f), __float2half(0.0f));
  r[15] = (float)__hisinf(inf) * 1.0f + (__hisnan(nan) ? 2.0f : 0.0f) + (__hisnan(a) ? 4.0f : 0.0f);
}

static float to_half(float f) { // round to nearest even at 11 significant bits, normal range
  if (f == 0) return f;
  int e;
  std::frexp(f, &e);
  float q = std::ldexp(1.0f, e - 11);
  return std::nearbyint(f / q) * q;
}

int main() {
  const int n = 1000;
  float *in, *out;
  HIP_CHECK(hipMallocManaged((void **)&in, n * 4, hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&out, n * 16 * 4, hipMemAttachGlobal));
  for (int i = 0; i < n; ++i) in[i] = -30.0f + 60.0f * i / n;
  hipLaunchKernelGGL(halfk, dim3((n + 127) / 128), dim3(128), 0, 0, in, out, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < n; ++i) {
    float a = to_half(in[i]), b = 0.5f + (float)(i % 7);
    const float *r = out + i * 16;
    auto near = [](float got, float want, float rel) { return std::fabs(got - want) <= rel * std::fmax(1.0f, std::fabs(want)); };
    CHECK(r[0] == a, "i=%d: __float2half(%g) -> %g, expected %g", i, in[i], r[0], a);
    CHECK(r[1] == to_half(a + b), "i=%d: __hadd %g, expected %g", i, r[1], to_half(a + b));
    CHECK(r[2] == to_half(a - b), "i=%d: __hsub %g, expected %g", i, r[2], to_half(a - b));
    CHECK(r[3] == to_half(a * b), "i=%d: __hmul %g, expected %g", i, r[3], to_half(a * b));
    CHECK(near(r[4], a / b, 1e-3f), "i=%d: __hdiv %g, expected %g", i, r[4], a / b);
    CHECK(near(r[5], a * b + b, 1e-3f), "i=%d: __hfma %g, expected %g", i, r[5], a * b + b);
    CHECK(r[6] == -a, "i=%d: __hneg", i);
    float cmp = (float)(a < b) + 2.0f + 4.0f * (float)(a > b);
    CHECK(r[7] == cmp, "i=%d: comparisons %g, expected %g", i, r[7], cmp);
    CHECK(near(r[8], std::sqrt(std::fabs(a)), 2e-3f), "i=%d: hsqrt %g", i, r[8]);
    CHECK(near(r[9], std::exp(b * 0.25f), 3e-3f), "i=%d: hexp %g", i, r[9]);
    CHECK(near(r[10], std::log(b), 3e-3f), "i=%d: hlog %g", i, r[10]);
    CHECK(r[11] == to_half(a + b) && r[12] == 1.0f, "i=%d: __hadd2 (%g,%g)", i, r[11], r[12]);
    CHECK(r[13] == to_half(a * b) && r[14] == -2.0f, "i=%d: __hmul2 (%g,%g)", i, r[13], r[14]);
    CHECK(r[15] == 3.0f, "i=%d: isinf/isnan flags %g, expected 3", i, r[15]);
  }
  HIP_CHECK(hipFree(in));
  HIP_CHECK(hipFree(out));
  return hip_test::pass();
}
