// SGEMM C = A * B, N x N row-major floats: the naive kernel (one C element per work-item,
// 32 x 32 blocks) as in HIP-CPU's performance_tests, and the classic shared-memory tiled
// kernel (32 x 32 tiles, two __syncthreads() per tile). Native peers: the same i-j-k dot
// product loop on one thread (HIP-CPU's "CPU" reference) and split over std::threads, and
// the cache-friendly i-k-j loop order (what one writes for a CPU) split over std::threads.
//
// Environment: FERROCM_BENCH_SGEMM_N (default 1024, quick 512; a multiple of 32).
#include "bench.h"

#include <cmath>

constexpr unsigned kTile = 32;

__global__ void sgemm_naive(const float *a, const float *b, float *c, unsigned n) {
  unsigned col = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < n && col < n) {
    float acc = 0.0f;
    for (unsigned k = 0; k < n; ++k) acc += a[row * n + k] * b[k * n + col];
    c[row * n + col] = acc;
  }
}

__global__ void sgemm_tiled(const float *a, const float *b, float *c, unsigned n) {
  __shared__ float ta[kTile][kTile];
  __shared__ float tb[kTile][kTile];
  unsigned tx = threadIdx.x, ty = threadIdx.y;
  unsigned col = blockIdx.x * kTile + tx;
  unsigned row = blockIdx.y * kTile + ty;
  float acc = 0.0f;
  for (unsigned t = 0; t < n; t += kTile) {
    ta[ty][tx] = a[row * n + t + tx];
    tb[ty][tx] = b[(t + ty) * n + col];
    __syncthreads();
    for (unsigned k = 0; k < kTile; ++k) acc += ta[ty][k] * tb[k][tx];
    __syncthreads();
  }
  c[row * n + col] = acc;
}

static void ijk_rows(const float *a, const float *b, float *c, unsigned n, size_t lo, size_t hi) {
  for (size_t i = lo; i < hi; ++i) {
    for (unsigned j = 0; j < n; ++j) {
      float acc = 0.0f;
      for (unsigned k = 0; k < n; ++k) acc += a[i * n + k] * b[size_t{k} * n + j];
      c[i * n + j] = acc;
    }
  }
}

static void ikj_rows(const float *a, const float *b, float *c, unsigned n, size_t lo, size_t hi) {
  for (size_t i = lo; i < hi; ++i) {
    float *ci = c + i * n;
    for (unsigned j = 0; j < n; ++j) ci[j] = 0.0f;
    for (unsigned k = 0; k < n; ++k) {
      const float aik = a[i * n + k];
      const float *bk = b + size_t{k} * n;
      for (unsigned j = 0; j < n; ++j) ci[j] += aik * bk[j];
    }
  }
}

int main() {
  bool quick = bench::quick();
  unsigned n = quick ? 512 : 1024;
  if (const char *e = std::getenv("FERROCM_BENCH_SGEMM_N")) n = static_cast<unsigned>(std::atoi(e));
  if (n == 0 || n % kTile != 0) bench::fail("FERROCM_BENCH_SGEMM_N must be a positive multiple of 32");
  int samples = quick ? 2 : 3;
  size_t nn = size_t{n} * n;
  float *a, *b, *c;
  CHECK(hipMalloc(&a, nn * sizeof(float)));
  CHECK(hipMalloc(&b, nn * sizeof(float)));
  CHECK(hipMalloc(&c, nn * sizeof(float)));
  for (size_t i = 0; i < nn; ++i) {
    a[i] = static_cast<float>(i % 17) * 0.125f - 1.0f;
    b[i] = static_cast<float>(i % 13) * 0.25f - 1.5f;
  }
  // Reference (i-k-j, double accumulation is not needed: compare with a tolerance).
  std::vector<float> ref(nn);
  ikj_rows(a, b, ref.data(), n, 0, n);
  auto verify = [&](const char *what) {
    for (size_t i = 0; i < nn; ++i) {
      if (std::fabs(c[i] - ref[i]) > 1e-3f * (1.0f + std::fabs(ref[i]))) {
        bench::fail(std::string(what) + ": c[" + std::to_string(i) + "] = " + std::to_string(c[i]) +
                    ", expected " + std::to_string(ref[i]));
      }
    }
  };

  std::string id = "sgemm-" + std::to_string(n);
  std::string title = "SGEMM " + std::to_string(n) + "^2 (naive: one C element per work-item; tiled: 32x32 shared tiles)";
  bench::group(id, 0, title.c_str());
  dim3 block(kTile, kTile), grid(n / kTile, n / kTile);
  CHECK(hipMemset(c, 0, nn * sizeof(float)));
  bench::ours(id, "naive-b32x32", samples, [&] {
    hipLaunchKernelGGL(sgemm_naive, grid, block, 0, 0, a, b, c, n);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());
  });
  verify("naive kernel");
  CHECK(hipMemset(c, 0, nn * sizeof(float)));
  bench::ours(id, "tiled-b32x32", samples, [&] {
    hipLaunchKernelGGL(sgemm_tiled, grid, block, 0, 0, a, b, c, n);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());
  });
  verify("tiled kernel");

  CHECK(hipMemset(c, 0, nn * sizeof(float)));
  bench::peer(id, "ijk-1t", samples, [&] { ijk_rows(a, b, c, n, 0, n); });
  verify("ijk-1t");
  CHECK(hipMemset(c, 0, nn * sizeof(float)));
  bench::peer(id, bench::threaded_name("ijk"), samples, [&] {
    bench::parallel_for(n, [&](size_t lo, size_t hi) { ijk_rows(a, b, c, n, lo, hi); });
  });
  verify("ijk threaded");
  CHECK(hipMemset(c, 0, nn * sizeof(float)));
  bench::peer(id, bench::threaded_name("ikj"), samples, [&] {
    bench::parallel_for(n, [&](size_t lo, size_t hi) { ikj_rows(a, b, c, n, lo, hi); });
  });
  verify("ikj threaded");
  CHECK(hipFree(a));
  CHECK(hipFree(b));
  CHECK(hipFree(c));
  return 0;
}
