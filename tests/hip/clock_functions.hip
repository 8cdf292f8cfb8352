// clock64(), clock() and wall_clock64() in kernels: monotonic non-decreasing within a
// work-item across a loop, advancing over a host-controlled wait; wall_clock64 ticks at
// hipDeviceAttributeWallClockRate (kHz): a 100 ms host sleep between two kernels is measured
// within a generous tolerance (AMD; HIP on NVIDIA has no wall_clock64).
#include "hip_test.h"

__global__ void sample(long long *c64, long long *wall, int *mono, int steps) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  long long prev_c = clock64(), prev_w = wall_clock64();
  int ok = 1;
  for (int i = 0; i < steps; ++i) {
    volatile int spin = 0;
    for (int k = 0; k < 1000; ++k) spin = spin + k;
    long long c = clock64(), w = wall_clock64();
    if (c < prev_c || w < prev_w) ok = 0;
    prev_c = c;
    prev_w = w;
  }
  mono[t] = ok;
  c64[t] = prev_c;
  wall[t] = prev_w;
}

__global__ void stamp(long long *w, long long *c) {
  *w = wall_clock64();
  *c = clock64();
}

int main() {
  long long *c64, *wall;
  int *mono;
  HIP_CHECK(hipMallocManaged((void **)&c64, 256 * 8, hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&wall, 256 * 8, hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&mono, 256 * 4, hipMemAttachGlobal));
  hipLaunchKernelGGL(sample, dim3(4), dim3(64), 0, 0, c64, wall, mono, 100);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < 256; ++i) CHECK(mono[i] == 1, "work-item %d saw a clock go backwards", i);
  int rate_khz = 0;
  HIP_CHECK(hipDeviceGetAttribute(&rate_khz, hipDeviceAttributeWallClockRate, 0));
  CHECK(rate_khz > 0, "wall clock rate %d kHz", rate_khz);
  long long *w, *c;
  HIP_CHECK(hipMallocManaged((void **)&w, 2 * 8, hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&c, 2 * 8, hipMemAttachGlobal));
  hipLaunchKernelGGL(stamp, dim3(1), dim3(1), 0, 0, &w[0], &c[0]);
  HIP_CHECK(hipDeviceSynchronize());
  double t0 = hip_test::now_s();
  hip_test::sleep_ms(100);
  double host_ms = 0;
  hipLaunchKernelGGL(stamp, dim3(1), dim3(1), 0, 0, &w[1], &c[1]);
  HIP_CHECK(hipDeviceSynchronize());
  host_ms = (hip_test::now_s() - t0) * 1000.0;
  double dev_ms = (double)(w[1] - w[0]) / rate_khz;
  CHECK(c[1] > c[0], "clock64 did not advance: %lld -> %lld", c[0], c[1]);
  CHECK(dev_ms >= 80.0 && dev_ms <= host_ms + 200.0,
        "wall_clock64 measured %.1f ms over a %.1f ms host interval (at %d kHz)", dev_ms, host_ms, rate_khz);
  HIP_CHECK(hipFree(c64));
  HIP_CHECK(hipFree(wall));
  HIP_CHECK(hipFree(mono));
  HIP_CHECK(hipFree(w));
  HIP_CHECK(hipFree(c));
  return hip_test::pass();
}
