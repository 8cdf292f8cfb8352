// Floating-point atomics under contention with exactly representable totals: atomicAdd on float
// and double (also atomicSub where HIP has it), atomicExch on float, and (AMD HIP only; HIP on
// NVIDIA lacks them) atomicMin/atomicMax on float and double including negative values.
#include "hip_test.h"

__global__ void fadd(float *f, double *d, float *fx, float *fmn, float *fmx, double *dmn, double *dmx, int rounds) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = 0; r < rounds; ++r) {
    atomicAdd(f, 0.5f);
    atomicAdd(d, 0.25);
    atomicAdd(d + 1, (double)(g % 7) - 3.0);
  }
  atomicExch(fx, (float)g);
#if !HIP_TEST_NVIDIA
  float v = (float)(g % 1000) - 500.25f;
  atomicMin(fmn, v);
  atomicMax(fmx, v);
  atomicMin(dmn, (double)g * -1.5);
  atomicMax(dmx, (double)g * 1.5);
#endif
}

int main() {
  const int blocks = 64, bs = 256, rounds = 8, T = blocks * bs;
  float *f, *fx, *fmn, *fmx;
  double *d, *dmn, *dmx;
  HIP_CHECK(hipMallocManaged((void **)&f, sizeof(float), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&fx, sizeof(float), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&fmn, sizeof(float), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&fmx, sizeof(float), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&d, 2 * sizeof(double), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&dmn, sizeof(double), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&dmx, sizeof(double), hipMemAttachGlobal));
  *f = 0;
  d[0] = 0;
  d[1] = 0;
  *fx = -1;
  *fmn = 1e30f;
  *fmx = -1e30f;
  *dmn = 0;
  *dmx = 0;
  hipLaunchKernelGGL(fadd, dim3(blocks), dim3(bs), 0, 0, f, d, fx, fmn, fmx, dmn, dmx, rounds);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  // 131072 additions of 0.5 = 65536: every partial sum is exact in float (< 2^24).
  CHECK_EQ(*f, 0.5f * T * rounds);
  CHECK_EQ(d[0], 0.25 * T * rounds);
  double s = 0;
  for (int g = 0; g < T; ++g) s += (double)(g % 7) - 3.0;
  CHECK_EQ(d[1], s * rounds);
  CHECK(*fx >= 0.0f && *fx < (float)T && *fx == (float)(int)*fx, "atomicExch result %g", *fx);
#if !HIP_TEST_NVIDIA
  CHECK_EQ(*fmn, -500.25f);
  CHECK_EQ(*fmx, 999.0f - 500.25f); // g % 1000 reaches 999
  CHECK_EQ(*dmn, (T - 1) * -1.5);
  CHECK_EQ(*dmx, (T - 1) * 1.5);
#endif
  HIP_CHECK(hipFree(f));
  HIP_CHECK(hipFree(fx));
  HIP_CHECK(hipFree(fmn));
  HIP_CHECK(hipFree(fmx));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(dmn));
  HIP_CHECK(hipFree(dmx));
  return hip_test::pass();
}
