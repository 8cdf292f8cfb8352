// hipStreamPerThread: usable for copies, kernels and synchronisation from several host
// threads, each getting its own ordered stream; hipStreamQuery/Synchronize on it work; it is
// not blocked by another thread's per-thread stream.
#include "hip_test.h"

__global__ void inc(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1;
}

__global__ void set_v(int *p, int v) { *p = v; }

int main() {
  hip_test::watchdog(40, "stream_per_thread");
  const int threads = 4, n = 10000, rounds = 50;
  std::vector<std::thread> ts;
  std::atomic<int> failures{0};
  for (int t = 0; t < threads; ++t)
    ts.emplace_back([&, t] {
      int *d = nullptr;
      std::vector<int> h(n);
      if (hipMalloc(&d, n * sizeof(int)) != hipSuccess) {
        failures++;
        return;
      }
      for (int i = 0; i < n; ++i) h[i] = t * 1000000 + i;
      if (hipMemcpyAsync(d, h.data(), n * sizeof(int), hipMemcpyHostToDevice, hipStreamPerThread) != hipSuccess)
        failures++;
      for (int r = 0; r < rounds; ++r) hipLaunchKernelGGL(inc, dim3((n + 255) / 256), dim3(256), 0, hipStreamPerThread, d, n);
      if (hipMemcpyAsync(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost, hipStreamPerThread) != hipSuccess)
        failures++;
      if (hipStreamSynchronize(hipStreamPerThread) != hipSuccess) failures++;
      if (hipStreamQuery(hipStreamPerThread) != hipSuccess) failures++;
      for (int i = 0; i < n; ++i)
        if (h[i] != t * 1000000 + i + rounds) {
          std::printf("thread %d element %d: %d, expected %d\n", t, i, h[i], t * 1000000 + i + rounds);
          failures++;
          break;
        }
      hipFree(d);
    });
  for (auto &th : ts) th.join();
  CHECK_EQ(failures.load(), 0);
  // One thread's per-thread stream blocked does not block another's.
  int *flag, *done;
  HIP_CHECK(hipHostMalloc((void **)&flag, sizeof(int), 0));
  HIP_CHECK(hipHostMalloc((void **)&done, 2 * sizeof(int), 0));
  *flag = 0;
  done[0] = done[1] = 0;
  hipLaunchKernelGGL(hip_test_spin_kernel, dim3(1), dim3(1), 0, hipStreamPerThread, flag, done, 1);
  hipError_t other = hipErrorUnknown;
  std::thread([&] {
    hipLaunchKernelGGL(set_v, dim3(1), dim3(1), 0, hipStreamPerThread, &done[1], 5);
    other = hipStreamSynchronize(hipStreamPerThread);
  }).join();
  HIP_EXPECT(other, hipSuccess);
  CHECK_EQ(done[1], 5);
  CHECK_EQ(hip_test::host_load(&done[0]), 0);
  hip_test::host_store(flag, 1);
  HIP_CHECK(hipStreamSynchronize(hipStreamPerThread));
  CHECK_EQ(done[0], 1);
  HIP_CHECK(hipHostFree(flag));
  HIP_CHECK(hipHostFree(done));
  return hip_test::pass();
}
