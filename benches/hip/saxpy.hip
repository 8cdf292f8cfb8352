// saxpy, y = a * x + y on 2^24 floats (quick: 2^22), one element per work-item, blocks of 256,
// and the grid-stride form (256 blocks of 256, each work-item walking the array a grid apart,
// as many HIP samples write it), beside native loops over the same buffers (one thread, split
// over threads). Protocol: launch on the null stream + hipDeviceSynchronize per sample.
#include "bench.h"

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

__global__ void saxpy_grid_stride(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) y[i] = a * x[i] + y[i];
}

int main() {
  bool quick = bench::quick();
  const int log2n = quick ? 22 : 24;
  const size_t n = size_t{1} << log2n;
  const int samples = quick ? 5 : 15;
  const float a = 0.5f;
  float *x, *y;
  CHECK(hipMalloc(&x, n * sizeof(float)));
  CHECK(hipMalloc(&y, n * sizeof(float)));
  // Every sample starts from the same y, so each result can be checked.
  auto reset = [&] {
    bench::parallel_for(n, [&](size_t lo, size_t hi) {
      for (size_t i = lo; i < hi; ++i) {
        x[i] = static_cast<float>(i & 1023);
        y[i] = static_cast<float>(i % 1000);
      }
    });
  };
  auto verify = [&](const char *what, int runs) {
    for (size_t i = 0; i < n; ++i) {
      float want = static_cast<float>(i % 1000);
      for (int r = 0; r < runs; ++r) want = a * static_cast<float>(i & 1023) + want;
      if (y[i] != want) bench::fail(std::string("saxpy ") + what + ": y[" + std::to_string(i) + "]");
    }
  };
  std::string id = "saxpy-2^" + std::to_string(log2n);
  bench::group(id, 3.0 * 4 * static_cast<double>(n), "saxpy y = a*x + y, one element per work-item");
  const int runs = samples + 1; // measure() makes one untimed warm-up call
  reset();
  const unsigned block = 256, grid = static_cast<unsigned>((n + block - 1) / block);
  bench::ours(id, "b256", samples, [&] {
    hipLaunchKernelGGL(saxpy, dim3(grid), dim3(block), 0, 0, static_cast<int>(n), a, x, y);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());
  });
  verify("ours", runs);
  reset();
  bench::ours(id, "grid-stride-256x256", samples, [&] {
    hipLaunchKernelGGL(saxpy_grid_stride, dim3(256), dim3(block), 0, 0, static_cast<int>(n), a, x, y);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());
  });
  verify("ours, grid-stride", runs);
  reset();
  bench::peer(id, "loop-1t", samples, [&] {
    for (size_t i = 0; i < n; ++i) y[i] = a * x[i] + y[i];
  });
  verify("loop-1t", runs);
  reset();
  bench::peer(id, bench::threaded_name("loop"), samples, [&] {
    bench::parallel_for(n, [&](size_t lo, size_t hi) {
      for (size_t i = lo; i < hi; ++i) y[i] = a * x[i] + y[i];
    });
  });
  verify("threaded loop", runs);
  CHECK(hipFree(x));
  CHECK(hipFree(y));
  return 0;
}
