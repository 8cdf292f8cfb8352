// A grid-synchronising cooperative kernel against the same work as two ordinary launches
// (issue 16's target: >= 0.8x). Sum of 2^24 floats in two phases: grid-stride partial sums per
// block reduced through a __shared__ tree into partial[block], then the partials added by one
// block. Ours: one hipLaunchCooperativeKernel with this_grid().sync() between the phases, grid =
// hipOccupancyMaxActiveBlocksPerMultiprocessor x multiProcessorCount (the co-residency limit).
// hipcc splits it at its barriers and at the grid.sync() (docs/HIP_CPU.md). Peers: the same
// kernel kept on fibers (as hipcc compiled it before it split grid-synchronising kernels), the
// same two phases as two hipLaunchKernelGGL launches (same grid and block) on the same stream,
// as hipcc compiles them (split at their barriers and stride loop: docs/HIP_CPU.md), and the
// same two kernels kept on fibers (a cooperative-groups call that the split does not follow
// keeps them there: with grid-sync-fibers, this isolates the cost of the cooperative launch
// and the grid barrier). Launch + hipDeviceSynchronize per sample.
// Second group: the round trip of a cooperative launch of a kernel that only synchronises the
// grid once, against an ordinary launch of an empty kernel (same grid and block).
#include "bench.h"

#include <hip/hip_cooperative_groups.h>

#include <cmath>

namespace cg = cooperative_groups;

constexpr unsigned kBlock = 256;

__device__ float block_sum(float v) {
  __shared__ float s[kBlock];
  unsigned t = threadIdx.x;
  s[t] = v;
  __syncthreads();
  for (unsigned w = kBlock / 2; w > 0; w >>= 1) {
    if (t < w) s[t] += s[t + w];
    __syncthreads();
  }
  return s[0];
}

__device__ void phase1(const float *in, float *partial, unsigned n) {
  float acc = 0.0f;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) acc += in[i];
  float b = block_sum(acc);
  if (threadIdx.x == 0) partial[blockIdx.x] = b;
}

__device__ void phase2(const float *partial, float *out, unsigned parts) {
  float acc = 0.0f;
  for (unsigned i = threadIdx.x; i < parts; i += blockDim.x) acc += partial[i];
  float b = block_sum(acc);
  if (threadIdx.x == 0) *out = b;
}

__global__ void coop_sum(const float *in, float *partial, float *out, unsigned n) {
  phase1(in, partial, n);
  cg::this_grid().sync();
  if (blockIdx.x == 0) phase2(partial, out, gridDim.x);
}

// The cooperative kernel as hipcc compiled it before it split grid-synchronising kernels (the
// stray this_thread_block() call is a cooperative-groups use the split does not follow).
__global__ void coop_sum_fibers(const float *in, float *partial, float *out, unsigned n) {
  (void)cg::this_thread_block();
  phase1(in, partial, n);
  cg::this_grid().sync();
  if (blockIdx.x == 0) phase2(partial, out, gridDim.x);
}

__global__ void first_phase(const float *in, float *partial, unsigned n) { phase1(in, partial, n); }
__global__ void second_phase(const float *partial, float *out, unsigned parts) { phase2(partial, out, parts); }
// The same, unsplit (hipcc leaves kernels that use cooperative groups on fibers).
__global__ void first_phase_fibers(const float *in, float *partial, unsigned n) {
  (void)cg::this_thread_block();
  phase1(in, partial, n);
}
__global__ void second_phase_fibers(const float *partial, float *out, unsigned parts) {
  (void)cg::this_thread_block();
  phase2(partial, out, parts);
}

__global__ void just_sync() { cg::this_grid().sync(); }
__global__ void empty_kernel() {}

int main() {
  bool quick = bench::quick();
  int samples = quick ? 5 : 15;
  const unsigned n = 1u << 24;
  float *in, *partial, *out;
  int per_cu = 0, cus = 0;
  CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_cu, coop_sum, kBlock, 0));
  CHECK(hipDeviceGetAttribute(&cus, hipDeviceAttributeMultiprocessorCount, 0));
  unsigned grid = static_cast<unsigned>(per_cu * cus);
  CHECK(hipMalloc(&in, size_t{n} * sizeof(float)));
  CHECK(hipMalloc(&partial, grid * sizeof(float)));
  CHECK(hipMalloc(&out, sizeof(float)));
  std::vector<float> h(n);
  double exact = 0.0;
  for (unsigned i = 0; i < n; ++i) {
    h[i] = static_cast<float>(i % 100) * 0.01f;
    exact += h[i];
  }
  CHECK(hipMemcpy(in, h.data(), size_t{n} * sizeof(float), hipMemcpyHostToDevice));
  auto check = [&](const char *what) {
    float got = 0.0f;
    CHECK(hipMemcpy(&got, out, sizeof(float), hipMemcpyDeviceToHost));
    if (std::fabs(got - exact) > 1e-3 * exact)
      bench::fail(std::string(what) + ": sum " + std::to_string(got) + ", expected " + std::to_string(exact));
  };
  std::printf("note: %u blocks of %u (occupancy %d x %d multiprocessors)\n", grid, kBlock, per_cu, cus);
  bench::group("coop-reduce-2^24", 4.0 * n, "two-phase sum of 2^24 floats: grid.sync() vs two launches");
  unsigned nn = n;
  void *args[] = {&in, &partial, &out, &nn};
  bench::ours("coop-reduce-2^24", "grid-sync", samples, [&] {
    CHECK(hipLaunchCooperativeKernel((const void *)coop_sum, dim3(grid), dim3(kBlock), args, 0, nullptr));
    CHECK(hipDeviceSynchronize());
  });
  check("grid-sync");
  CHECK(hipMemset(out, 0, sizeof(float)));
  bench::peer("coop-reduce-2^24", "grid-sync-fibers", samples, [&] {
    CHECK(hipLaunchCooperativeKernel((const void *)coop_sum_fibers, dim3(grid), dim3(kBlock), args, 0, nullptr));
    CHECK(hipDeviceSynchronize());
  });
  check("grid-sync-fibers");
  CHECK(hipMemset(out, 0, sizeof(float)));
  bench::peer("coop-reduce-2^24", "two-launches", samples, [&] {
    hipLaunchKernelGGL(first_phase, dim3(grid), dim3(kBlock), 0, 0, in, partial, n);
    hipLaunchKernelGGL(second_phase, dim3(1), dim3(kBlock), 0, 0, partial, out, grid);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());
  });
  check("two-launches");
  CHECK(hipMemset(out, 0, sizeof(float)));
  bench::peer("coop-reduce-2^24", "two-launches-fibers", samples, [&] {
    hipLaunchKernelGGL(first_phase_fibers, dim3(grid), dim3(kBlock), 0, 0, in, partial, n);
    hipLaunchKernelGGL(second_phase_fibers, dim3(1), dim3(kBlock), 0, 0, partial, out, grid);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());
  });
  check("two-launches-fibers");
  bench::group("coop-launch", 0.0, "launch + sync: cooperative launch with one grid.sync() vs an empty kernel");
  const int launches = quick ? 200 : 1000;
  bench::ours("coop-launch", "grid-sync", samples, [&] {
    for (int k = 0; k < launches; ++k)
      CHECK(hipLaunchCooperativeKernel((const void *)just_sync, dim3(grid), dim3(64), nullptr, 0, nullptr));
    CHECK(hipDeviceSynchronize());
  }, launches);
  bench::peer("coop-launch", "ordinary-empty", samples, [&] {
    for (int k = 0; k < launches; ++k) hipLaunchKernelGGL(empty_kernel, dim3(grid), dim3(64), 0, 0);
    CHECK(hipDeviceSynchronize());
  }, launches);
  CHECK(hipFree(in));
  CHECK(hipFree(partial));
  CHECK(hipFree(out));
  return 0;
}
