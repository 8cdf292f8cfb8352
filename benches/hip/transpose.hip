// Matrix transpose of N x N floats (default 4096; FERROCM_BENCH_TRANSPOSE_N; quick: 2048):
// the tiled kernel of the CUDA samples (32 x 32 tiles in __shared__, blocks of 32 x 8 threads,
// each thread moving 4 elements, one __syncthreads() between the load and the store), and the
// naive one-element-per-thread kernel without shared memory. Native peers on the same
// buffers: the naive double loop and a 32 x 32 blocked loop, on 1 thread and split over
// threads. Protocol: launch on the null stream + hipDeviceSynchronize per sample.
#include "bench.h"

constexpr int kTile = 32;
constexpr int kRows = 8;

__global__ void transpose_tiled(const float *in, float *out, int n) {
  __shared__ float tile[kTile][kTile + 1];
  int x = blockIdx.x * kTile + threadIdx.x;
  int y = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows)
    if (x < n && y + j < n) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * kTile + threadIdx.x;
  y = blockIdx.x * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows)
    if (x < n && y + j < n) out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transpose_naive(const float *in, float *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n) out[x * n + y] = in[y * n + x];
}

static void naive_rows(const float *in, float *out, size_t n, size_t y0, size_t y1) {
  for (size_t y = y0; y < y1; ++y)
    for (size_t x = 0; x < n; ++x) out[x * n + y] = in[y * n + x];
}

static void blocked_rows(const float *in, float *out, size_t n, size_t by0, size_t by1) {
  for (size_t by = by0; by < by1; by += kTile)
    for (size_t bx = 0; bx < n; bx += kTile)
      for (size_t y = by; y < by + kTile && y < n; ++y)
        for (size_t x = bx; x < bx + kTile && x < n; ++x) out[x * n + y] = in[y * n + x];
}

int main() {
  bool quick = bench::quick();
  int n = quick ? 2048 : 4096;
  if (const char *e = std::getenv("FERROCM_BENCH_TRANSPOSE_N")) n = std::atoi(e);
  if (n <= 0 || n % kTile != 0) bench::fail("FERROCM_BENCH_TRANSPOSE_N must be a positive multiple of 32");
  const size_t count = size_t(n) * size_t(n);
  const int samples = quick ? 5 : 11;
  float *in, *out;
  CHECK(hipMalloc(&in, count * sizeof(float)));
  CHECK(hipMalloc(&out, count * sizeof(float)));
  bench::parallel_for(count, [&](size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; ++i) in[i] = static_cast<float>(i % 100003);
  });
  auto verify = [&](const std::string &what) {
    for (size_t y = 0; y < size_t(n); ++y)
      for (size_t x = 0; x < size_t(n); ++x)
        if (out[x * n + y] != in[y * n + x]) bench::fail("transpose " + what + " at " + std::to_string(x) + "," + std::to_string(y));
  };
  std::string id = "transpose-" + std::to_string(n);
  std::string title = "transpose " + std::to_string(n) + " x " + std::to_string(n) +
                      " floats (tiled: 32 x 32 __shared__ tile, 32 x 8 threads, one __syncthreads)";
  bench::group(id, 2.0 * 4 * static_cast<double>(count), title.c_str());

  CHECK(hipMemset(out, 0, count * sizeof(float)));
  bench::ours(id, "tiled-32x8", samples, [&] {
    hipLaunchKernelGGL(transpose_tiled, dim3(n / kTile, n / kTile), dim3(kTile, kRows), 0, 0, in, out, n);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());
  });
  verify("tiled");
  CHECK(hipMemset(out, 0, count * sizeof(float)));
  bench::ours(id, "naive-32x8", samples, [&] {
    hipLaunchKernelGGL(transpose_naive, dim3(n / 32, n / 8), dim3(32, 8), 0, 0, in, out, n);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());
  });
  verify("naive");

  std::memset(out, 0, count * sizeof(float));
  bench::peer(id, "naive-1t", samples, [&] { naive_rows(in, out, n, 0, n); });
  verify("naive-1t");
  std::memset(out, 0, count * sizeof(float));
  bench::peer(id, "blocked-1t", samples, [&] { blocked_rows(in, out, n, 0, n); });
  verify("blocked-1t");
  std::memset(out, 0, count * sizeof(float));
  bench::peer(id, bench::threaded_name("blocked"), samples, [&] {
    // Split by tile rows.
    bench::parallel_for(size_t(n) / kTile, [&](size_t lo, size_t hi) {
      blocked_rows(in, out, n, lo * kTile, hi * kTile);
    });
  });
  verify("blocked threaded");
  CHECK(hipFree(in));
  CHECK(hipFree(out));
  return 0;
}
