// TIMEOUT: 180
// 8 host threads, each with its own 2 streams, 10,000 small launches and copies each (copy in,
// kernel, copy out, alternating streams and buffers); every result is checked.
#include "hip_test.h"

__global__ void add_k(int *p, int v) { p[threadIdx.x] += v; }

int main() {
  hip_test::watchdog(170, "concurrency_threads");
  const int threads = 8, iters = 10000, w = 16;
  std::atomic<int> failures{0};
  std::vector<std::thread> ts;
  for (int t = 0; t < threads; ++t)
    ts.emplace_back([&, t] {
      hipStream_t s[2];
      int *d[2], *in = nullptr, *out = nullptr;
      bool ok = hipStreamCreate(&s[0]) == hipSuccess && hipStreamCreate(&s[1]) == hipSuccess &&
                hipMalloc(&d[0], w * sizeof(int)) == hipSuccess && hipMalloc(&d[1], w * sizeof(int)) == hipSuccess &&
                hipHostMalloc((void **)&in, (size_t)iters * w * sizeof(int), 0) == hipSuccess &&
                hipHostMalloc((void **)&out, (size_t)iters * w * sizeof(int), 0) == hipSuccess;
      if (!ok) {
        std::printf("thread %d: setup failed\n", t);
        failures++;
        return;
      }
      for (int i = 0; i < iters * w; ++i) {
        in[i] = t * 100000000 + i;
        out[i] = -1;
      }
      for (int i = 0; i < iters; ++i) {
        int k = i % 2;
        if (hipMemcpyAsync(d[k], in + (size_t)i * w, w * sizeof(int), hipMemcpyHostToDevice, s[k]) != hipSuccess) failures++;
        hipLaunchKernelGGL(add_k, dim3(1), dim3(w), 0, s[k], d[k], i % 7);
        if (hipMemcpyAsync(out + (size_t)i * w, d[k], w * sizeof(int), hipMemcpyDeviceToHost, s[k]) != hipSuccess) failures++;
        if (i % 1000 == 999 && hipStreamSynchronize(s[k]) != hipSuccess) failures++;
      }
      if (hipGetLastError() != hipSuccess) failures++;
      if (hipStreamSynchronize(s[0]) != hipSuccess || hipStreamSynchronize(s[1]) != hipSuccess) failures++;
      for (int i = 0; i < iters; ++i)
        for (int j = 0; j < w; ++j) {
          int want = t * 100000000 + i * w + j + i % 7;
          if (out[(size_t)i * w + j] != want) {
            std::printf("thread %d iteration %d element %d: %d, expected %d\n", t, i, j, out[(size_t)i * w + j], want);
            failures++;
            i = iters;
            break;
          }
        }
      hipStreamDestroy(s[0]);
      hipStreamDestroy(s[1]);
      hipFree(d[0]);
      hipFree(d[1]);
      hipHostFree(in);
      hipHostFree(out);
    });
  for (auto &th : ts) th.join();
  CHECK_EQ(failures.load(), 0);
  return hip_test::pass();
}
