// hipDeviceSynchronize waits for every stream (created, non-blocking, null) including kernels
// that a host thread releases 50 ms later, and async copies; after it, every stream queries
// hipSuccess.
#include "hip_test.h"

__global__ void work(int *p, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int acc = 0;
    for (int k = 0; k < 200; ++k) acc += (i ^ k) & 1;
    p[i] = v + acc - acc;
  }
}

int main() {
  hip_test::watchdog(40, "device_synchronize");
  const int ns = 8, n = 1 << 16;
  hipStream_t ss[ns];
  int *d[ns], *h[ns];
  int *flag, *done;
  HIP_CHECK(hipHostMalloc((void **)&flag, sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&done, ns * sizeof(int), 0));
  *flag = 0;
  for (int i = 0; i < ns; ++i) {
    HIP_CHECK(hipStreamCreateWithFlags(&ss[i], i % 2 ? hipStreamNonBlocking : hipStreamDefault));
    HIP_CHECK(hipMalloc(&d[i], n * sizeof(int)));
    HIP_CHECK(hipHostMalloc((void **)&h[i], n * sizeof(int), 0));
    std::memset(h[i], 0, n * sizeof(int));
    done[i] = 0;
  }
  for (int i = 0; i < ns; ++i) {
    hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, ss[i], flag, &done[i], i + 1);
    hipLaunchKernelGGL(work, dim3(n / 256), dim3(256), 0, ss[i], d[i], n, 10 * i);
    HIP_CHECK(hipMemcpyAsync(h[i], d[i], n * sizeof(int), hipMemcpyDeviceToHost, ss[i]));
  }
  std::thread([flag] {
    hip_test::sleep_ms(50);
    hip_test::host_store(flag, 1);
  }).detach();
  double t0 = hip_test::now_s();
  HIP_CHECK(hipDeviceSynchronize());
  double dt = hip_test::now_s() - t0;
  CHECK(dt >= 0.04, "hipDeviceSynchronize returned after %.3f s, before the kernels were released", dt);
  for (int i = 0; i < ns; ++i) {
    CHECK_EQ(done[i], i + 1);
    HIP_CHECK(hipStreamQuery(ss[i]));
    for (int k = 0; k < n; ++k)
      if (h[i][k] != 10 * i) FAIL_AT("stream %d element %d: %d, expected %d", i, k, h[i][k], 10 * i);
  }
  HIP_CHECK(hipStreamQuery(nullptr));
  for (int i = 0; i < ns; ++i) {
    HIP_CHECK(hipStreamDestroy(ss[i]));
    HIP_CHECK(hipFree(d[i]));
    HIP_CHECK(hipHostFree(h[i]));
  }
  HIP_CHECK(hipHostFree(flag));
  HIP_CHECK(hipHostFree(done));
  return hip_test::pass();
}
