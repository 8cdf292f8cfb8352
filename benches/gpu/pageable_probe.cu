// Which driver path does cudart take for pageable copies? benches/gpu/run.sh showed our
// hipMemcpy (cuMemcpyHtoD_v2 / cuMemcpyDtoH_v2) 0.75-0.94x of cudaMemcpy on 256 MiB pageable
// buffers. This probe times, in one process on the same buffers, cudaMemcpy against several
// driver entry points, alternating, median of 9 each.
// Build: nvcc -O2 pageable_probe.cu -o probe -lcuda
#include <cuda.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

#define CK(x) do { long long e_ = (long long)(x); if (e_) { std::printf("%s failed %lld\n", #x, e_); return 1; } } while (0)

int main() {
  const size_t n = size_t(256) << 20;
  std::vector<unsigned char> host(n, 1);
  void *d;
  CK(cudaMalloc(&d, n));
  CK(cudaDeviceSynchronize());
  CUdeviceptr dp = (CUdeviceptr)d;
  CUstream s;
  CK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
  struct Way { const char *name; std::function<int()> run; std::vector<double> t; };
  std::vector<Way> ways = {
      {"h2d cudaMemcpy", [&] { return (int)cudaMemcpy(d, host.data(), n, cudaMemcpyHostToDevice); }, {}},
      {"h2d cuMemcpyHtoD_v2", [&] { return (int)cuMemcpyHtoD(dp, host.data(), n); }, {}},
      {"h2d cuMemcpy (unified)", [&] { return (int)cuMemcpy(dp, (CUdeviceptr)host.data(), n); }, {}},
      {"h2d cuMemcpyHtoDAsync+sync (non-blocking stream)", [&] { int r = cuMemcpyHtoDAsync(dp, host.data(), n, s); return r ? r : (int)cuStreamSynchronize(s); }, {}},
      {"d2h cudaMemcpy", [&] { return (int)cudaMemcpy(host.data(), d, n, cudaMemcpyDeviceToHost); }, {}},
      {"d2h cuMemcpyDtoH_v2", [&] { return (int)cuMemcpyDtoH(host.data(), dp, n); }, {}},
      {"d2h cuMemcpy (unified)", [&] { return (int)cuMemcpy((CUdeviceptr)host.data(), dp, n); }, {}},
      {"d2h cuMemcpyDtoHAsync+sync (non-blocking stream)", [&] { int r = cuMemcpyDtoHAsync(host.data(), dp, n, s); return r ? r : (int)cuStreamSynchronize(s); }, {}},
  };
  for (int rep = 0; rep < 10; ++rep)
    for (auto &w : ways) {
      auto t0 = std::chrono::steady_clock::now();
      CK(w.run());
      double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (rep > 0) w.t.push_back(dt);
    }
  for (auto &w : ways) {
    std::sort(w.t.begin(), w.t.end());
    std::printf("PROBE %-50s %6.2f GB/s\n", w.name, n / 1e9 / w.t[w.t.size() / 2]);
  }
  return 0;
}
