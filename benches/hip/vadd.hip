// vadd, one element per work-item, with and without a __syncthreads() at the top, beside
// native loops over the same buffers (single thread, std::thread split, std::transform with
// std::execution::par_unseq). Protocol of HIP-CPU's measurements (hip-cpu-peer.md §6.1-6.2):
// launch on the null stream + hipDeviceSynchronize per sample.
//
// Environment: FERROCM_BENCH_VADD_LARGE_LOG2 = log2 of the large size (default 29, quick 26;
// 0 skips it; three float arrays of that size must fit in memory).
#include <execution>

#include "bench.h"

__global__ void vadd(const float *a, const float *b, float *c, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

// The seed's vectorAdd (README's main job) as written there: an `int` index and bound.
__global__ void vectorAdd(const float *A, const float *B, float *C, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) C[i] = A[i] + B[i];
}

__global__ void vadd_sync(const float *a, const float *b, float *c, unsigned n) {
  __syncthreads();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

// Bytes of memory available now (MemAvailable), or 0 if unknown.
static size_t available_bytes() {
  std::FILE *f = std::fopen("/proc/meminfo", "r");
  if (f == nullptr) return 0;
  char line[256];
  size_t kib = 0;
  while (std::fgets(line, sizeof line, f) != nullptr) {
    if (std::sscanf(line, "MemAvailable: %zu kB", &kib) == 1) break;
  }
  std::fclose(f);
  return kib * 1024;
}

static const char *pstl_backend() {
#if defined(_PSTL_PAR_BACKEND_TBB)
  return "tbb";
#elif defined(_PSTL_PAR_BACKEND_SERIAL)
  return "serial";
#else
  return "unknown";
#endif
}

struct Buffers {
  float *a = nullptr, *b = nullptr, *c = nullptr;
  size_t n = 0;
  explicit Buffers(size_t n_) : n(n_) {
    CHECK(hipMalloc(&a, n * sizeof(float)));
    CHECK(hipMalloc(&b, n * sizeof(float)));
    CHECK(hipMalloc(&c, n * sizeof(float)));
    // Device memory is host memory on the CPU platform: filled in place, and the native
    // peers below work on the very same pages (so allocation and page placement are equal).
    bench::parallel_for(n, [&](size_t lo, size_t hi) {
      for (size_t i = lo; i < hi; ++i) {
        a[i] = static_cast<float>(i & 1023) * 0.5f;
        b[i] = static_cast<float>(i % 1000) * 0.25f;
      }
    });
  }
  ~Buffers() {
    (void)hipFree(a);
    (void)hipFree(b);
    (void)hipFree(c);
  }
  void clear() { CHECK(hipMemset(c, 0, n * sizeof(float))); }
  void verify(const std::string &what) {
    for (size_t i = 0; i < n; ++i) {
      if (c[i] != a[i] + b[i]) {
        bench::fail(what + ": c[" + std::to_string(i) + "] = " + std::to_string(c[i]));
      }
    }
  }
};

static void run_size(const std::string &id, size_t n, int samples, int sync_samples,
                     const std::vector<unsigned> &blocks) {
  Buffers buf(n);
  for (int sync = 0; sync <= (sync_samples > 0 ? 1 : 0); ++sync) {
    for (unsigned block : blocks) {
      unsigned grid = static_cast<unsigned>((n + block - 1) / block);
      std::string variant = std::string(sync ? "sync-" : "") + "b" + std::to_string(block);
      buf.clear();
      bench::ours(id, variant, sync ? sync_samples : samples, [&] {
        if (sync) {
          hipLaunchKernelGGL(vadd_sync, dim3(grid), dim3(block), 0, 0, buf.a, buf.b, buf.c,
                             static_cast<unsigned>(n));
        } else {
          hipLaunchKernelGGL(vadd, dim3(grid), dim3(block), 0, 0, buf.a, buf.b, buf.c,
                             static_cast<unsigned>(n));
        }
        CHECK(hipGetLastError());
        CHECK(hipDeviceSynchronize());
      });
      buf.verify(id + " " + variant);
    }
  }
  // The same with the seed's kernel (`int` index: see docs/PERFORMANCE.md for why it matters).
  for (unsigned block : blocks) {
    if (block < 256 || n > static_cast<size_t>(INT_MAX)) continue;
    unsigned grid = static_cast<unsigned>((n + block - 1) / block);
    std::string variant = "int-b" + std::to_string(block);
    buf.clear();
    bench::ours(id, variant, samples, [&] {
      hipLaunchKernelGGL(vectorAdd, dim3(grid), dim3(block), 0, 0, buf.a, buf.b, buf.c, static_cast<int>(n));
      CHECK(hipGetLastError());
      CHECK(hipDeviceSynchronize());
    });
    buf.verify(id + " " + variant);
  }
  float *a = buf.a, *b = buf.b, *c = buf.c;
  buf.clear();
  bench::peer(id, "loop-1t", samples, [&] {
    for (size_t i = 0; i < n; ++i) c[i] = a[i] + b[i];
  });
  buf.verify(id + " loop-1t");
  buf.clear();
  bench::peer(id, bench::threaded_name("loop"), samples, [&] {
    bench::parallel_for(n, [&](size_t lo, size_t hi) {
      for (size_t i = lo; i < hi; ++i) c[i] = a[i] + b[i];
    });
  });
  buf.verify(id + " threaded loop");
  buf.clear();
  bench::peer(id, std::string("par_unseq-") + pstl_backend(), samples, [&] {
    std::transform(std::execution::par_unseq, a, a + n, b, c,
                   [](float x, float y) { return x + y; });
  });
  buf.verify(id + " par_unseq");
}

int main() {
  bool quick = bench::quick();
  int large_log2 = quick ? 26 : 29;
  if (const char *e = std::getenv("FERROCM_BENCH_VADD_LARGE_LOG2")) large_log2 = std::atoi(e);

  bench::group("vadd-2^24", 3.0 * 4 * (1 << 24),
               "vadd 2^24 floats, one element per work-item (+ __syncthreads at the top: sync-)");
  run_size("vadd-2^24", size_t{1} << 24, quick ? 5 : 15, quick ? 2 : 5, {64, 256, 1024});

  if (large_log2 > 0 && large_log2 <= 31) {
    std::string id = "vadd-2^" + std::to_string(large_log2);
    size_t n = size_t{1} << large_log2;
    size_t need = 3 * n * sizeof(float), have = available_bytes();
    if (have != 0 && have < need + need / 4) {
      std::printf("vadd 2^%d skipped: needs %zu MiB, %zu MiB available "
                  "(FERROCM_BENCH_VADD_LARGE_LOG2 picks a smaller size)\n",
                  large_log2, need >> 20, have >> 20);
      return 0;
    }
    bench::group(id, 3.0 * 4 * static_cast<double>(n), "vadd, large size, one element per work-item");
    run_size(id, n, quick ? 3 : 5, 0, {256, 1024});
  }
  return 0;
}
