// hipRAND's device API on NVIDIA: hiprand_kernel.h maps onto cuRAND's curand_kernel.h, so a
// kernel's hiprand_* numbers are exactly curand_*'s for the same state (XORWOW, Philox,
// MRG32k3a), and the distributions have the right moments.
#include <hip/hip_runtime.h>
#include <hiprand/hiprand_kernel.h>

#include "hip_test.h"

template <class H, class C>
__global__ void same_as_curand(unsigned long long seed, int* bad, double* sums) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  H h;
  C c;
  hiprand_init(seed, i, 0, &h);
  curand_init(seed, i, 0, &c);
  double s = 0, s2 = 0;
  for (int k = 0; k < 64; k++) {
    if (hiprand(&h) != curand(&c)) atomicAdd(bad, 1);
    float u = hiprand_uniform(&h);
    if (u != curand_uniform(&c)) atomicAdd(bad, 1);
    float z = hiprand_normal(&h);
    if (z != curand_normal(&c)) atomicAdd(bad, 1);
    s += u;
    s2 += (double)z * z;
  }
  sums[2 * i] = s;
  sums[2 * i + 1] = s2;
}

template <class H, class C> static void check(const char* name) {
  const int threads = 256 * 16;
  int* bad;
  double* sums;
  HIP_CHECK(hipMalloc(&bad, sizeof(int)));
  HIP_CHECK(hipMemset(bad, 0, sizeof(int)));
  HIP_CHECK(hipMalloc(&sums, 2 * threads * sizeof(double)));
  same_as_curand<H, C><<<16, 256>>>(20261127ULL, bad, sums);
  HIP_CHECK(hipDeviceSynchronize());
  int hbad = -1;
  HIP_CHECK(hipMemcpy(&hbad, bad, sizeof(int), hipMemcpyDeviceToHost));
  CHECK(hbad == 0, "%s: %d values differ from cuRAND's", name, hbad);
  double* h = (double*)malloc(2 * threads * sizeof(double));
  HIP_CHECK(hipMemcpy(h, sums, 2 * threads * sizeof(double), hipMemcpyDeviceToHost));
  double s = 0, s2 = 0;
  for (int i = 0; i < threads; i++) { s += h[2 * i]; s2 += h[2 * i + 1]; }
  const double n = threads * 64.0;
  CHECK(fabs(s / n - 0.5) < 0.01 && fabs(s2 / n - 1.0) < 0.02, "%s: uniform mean %f, normal variance %f",
        name, s / n, s2 / n);
  free(h);
  HIP_CHECK(hipFree(bad));
  HIP_CHECK(hipFree(sums));
}

int main() {
  check<hiprandStateXORWOW_t, curandStateXORWOW_t>("XORWOW");
  check<hiprandStatePhilox4_32_10_t, curandStatePhilox4_32_10_t>("Philox4x32-10");
  check<hiprandStateMRG32k3a_t, curandStateMRG32k3a_t>("MRG32k3a");
  printf("PASS\n");
  return 0;
}
