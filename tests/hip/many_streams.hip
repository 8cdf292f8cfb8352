// 1000 live streams (HIP-CPU terminated at 254): created, each given a copy and a kernel, all
// results checked, destroyed; twice; then 1000 create/use/destroy cycles.
#include "hip_test.h"

__global__ void add_k(int *p, int v) { p[threadIdx.x] += v; }
// The 1000 short-lived streams below are independent (half are non-blocking), so their kernels
// may run at the same time on a GPU: their increments must be atomic.
__global__ void atomic_add_k(int *p, int v) { atomicAdd(&p[threadIdx.x], v); }

int main() {
  hip_test::watchdog(50, "many_streams");
  const int ns = 1000, w = 32;
  int *d;
  HIP_CHECK(hipMalloc(&d, ns * w * sizeof(int)));
  std::vector<int> h(ns * w), back(ns * w);
  for (int round = 0; round < 2; ++round) {
    std::vector<hipStream_t> ss(ns);
    for (int i = 0; i < ns; ++i) {
      hipError_t e = hipStreamCreate(&ss[i]);
      if (e != hipSuccess) FAIL_AT("round %d: hipStreamCreate #%d failed with %s", round, i, hip_test::to_str(e).c_str());
    }
    for (int i = 0; i < ns * w; ++i) h[i] = i + round;
    for (int i = 0; i < ns; ++i) {
      HIP_CHECK(hipMemcpyAsync(d + i * w, h.data() + i * w, w * sizeof(int), hipMemcpyHostToDevice, ss[i]));
      hipLaunchKernelGGL(add_k, dim3(1), dim3(w), 0, ss[i], d + i * w, i);
      HIP_CHECK(hipMemcpyAsync(back.data() + i * w, d + i * w, w * sizeof(int), hipMemcpyDeviceToHost, ss[i]));
    }
    HIP_CHECK(hipGetLastError());
    for (int i = 0; i < ns; ++i) HIP_CHECK(hipStreamSynchronize(ss[i]));
    for (int i = 0; i < ns * w; ++i)
      if (back[i] != i + round + i / w) FAIL_AT("round %d element %d: %d, expected %d", round, i, back[i], i + round + i / w);
    for (int i = 0; i < ns; ++i) HIP_CHECK(hipStreamDestroy(ss[i]));
  }
  int *m;
  HIP_CHECK(hipMallocManaged((void **)&m, w * sizeof(int), hipMemAttachGlobal));
  std::memset(m, 0, w * sizeof(int));
  for (int i = 0; i < 1000; ++i) {
    hipStream_t s;
    HIP_CHECK(hipStreamCreateWithFlags(&s, i % 2 ? hipStreamNonBlocking : hipStreamDefault));
    hipLaunchKernelGGL(atomic_add_k, dim3(1), dim3(w), 0, s, m, 1);
    HIP_CHECK(hipStreamDestroy(s)); // destroying a stream with pending work is allowed
  }
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < w; ++i) CHECK_EQ(m[i], 1000);
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(m));
  return hip_test::pass();
}
