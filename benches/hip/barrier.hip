// Barrier cost: 200 __syncthreads() per work-item, 64 blocks of 1024 work-items
// (HIP-CPU's micro-measurement, hip-cpu-peer.md §6.2), and the same number of barriers
// separating phases of a shared-memory exchange. The native peer of the exchange is what a
// compiler that removes barriers (loop fission) would produce: per block, one loop over the
// work-items per phase, blocks split over std::threads. Bare barriers have no native
// equivalent (a loop-fissioned empty phase is nothing), so that row has no peer.
#include "bench.h"

constexpr int kBlocks = 64;
constexpr int kBlock = 1024;
constexpr int kBarriers = 200;

__global__ void bare_barriers(int *out, int rounds) {
  for (int r = 0; r < rounds; ++r) __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = rounds;
}

// Two barriers per round: write own value, read the neighbour's, rewrite.
__global__ void exchange(const float *in, float *out, int rounds) {
  __shared__ float s[kBlock];
  unsigned t = threadIdx.x, n = blockDim.x;
  float v = in[blockIdx.x * n + t];
  for (int r = 0; r < rounds; ++r) {
    s[t] = v;
    __syncthreads();
    v = 0.5f * v + 0.25f * s[(t + 1) % n];
    __syncthreads();
  }
  out[blockIdx.x * n + t] = v;
}

static void exchange_block(const float *in, float *out, int rounds, unsigned b, float *s, float *v) {
  const unsigned n = kBlock;
  for (unsigned t = 0; t < n; ++t) v[t] = in[b * n + t];
  for (int r = 0; r < rounds; ++r) {
    for (unsigned t = 0; t < n; ++t) s[t] = v[t];
    for (unsigned t = 0; t < n; ++t) v[t] = 0.5f * v[t] + 0.25f * s[(t + 1) % n];
  }
  for (unsigned t = 0; t < n; ++t) out[b * n + t] = v[t];
}

int main() {
  bool quick = bench::quick();
  int samples = quick ? 3 : 7;
  const size_t items = size_t{kBlocks} * kBlock;
  int *flags;
  float *in, *out;
  CHECK(hipMalloc(&flags, items * sizeof(int)));
  CHECK(hipMalloc(&in, items * sizeof(float)));
  CHECK(hipMalloc(&out, items * sizeof(float)));
  for (size_t i = 0; i < items; ++i) in[i] = static_cast<float>(i % 977);

  double per = static_cast<double>(kBarriers) * static_cast<double>(items);
  bench::group("barrier-bare", 0,
               "200 x __syncthreads() x 64 blocks x 1024 work-items; ns per work-item per barrier");
  CHECK(hipMemset(flags, 0, items * sizeof(int)));
  bench::ours("barrier-bare", "b1024", samples, [&] {
    hipLaunchKernelGGL(bare_barriers, dim3(kBlocks), dim3(kBlock), 0, 0, flags, kBarriers);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());
  }, per);
  for (size_t i = 0; i < items; ++i) {
    if (flags[i] != kBarriers) bench::fail("bare_barriers: out[" + std::to_string(i) + "]");
  }

  bench::group("barrier-exchange", 0,
               "shared-memory exchange, 100 rounds x 2 barriers, 64 x 1024; ns per work-item per barrier");
  CHECK(hipMemset(out, 0, items * sizeof(float)));
  bench::ours("barrier-exchange", "b1024", samples, [&] {
    hipLaunchKernelGGL(exchange, dim3(kBlocks), dim3(kBlock), 0, 0, in, out, kBarriers / 2);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());
  }, per);
  std::vector<float> ref(items);
  {
    std::vector<float> s(kBlock), v(kBlock);
    for (unsigned b = 0; b < kBlocks; ++b) exchange_block(in, ref.data(), kBarriers / 2, b, s.data(), v.data());
  }
  for (size_t i = 0; i < items; ++i) {
    if (out[i] != ref[i]) bench::fail("exchange: out[" + std::to_string(i) + "] = " + std::to_string(out[i]));
  }
  bench::peer("barrier-exchange", "fission-1t", samples, [&] {
    std::vector<float> s(kBlock), v(kBlock);
    for (unsigned b = 0; b < kBlocks; ++b) exchange_block(in, out, kBarriers / 2, b, s.data(), v.data());
  }, per);
  bench::peer("barrier-exchange", bench::threaded_name("fission"), samples, [&] {
    bench::parallel_for(kBlocks, [&](size_t lo, size_t hi) {
      std::vector<float> s(kBlock), v(kBlock);
      for (size_t b = lo; b < hi; ++b) {
        exchange_block(in, out, kBarriers / 2, static_cast<unsigned>(b), s.data(), v.data());
      }
    });
  }, per);
  for (size_t i = 0; i < items; ++i) {
    if (out[i] != ref[i]) bench::fail("exchange peer: out[" + std::to_string(i) + "]");
  }
  CHECK(hipFree(flags));
  CHECK(hipFree(in));
  CHECK(hipFree(out));
  return 0;
}
