// Grid-wide synchronisation with hipLaunchCooperativeKernel, as the public samples use it: the grid
// sized with hipOccupancyMaxActiveBlocksPerMultiprocessor x multiProcessorCount; a two-phase sum
// (grid-stride partial sums per block into global memory, this_grid().sync(), block 0 adds the
// partials) over 2^20 + 3 values; a 1-D Jacobi stencil of 50 iterations with grid.sync() between
// them, against a host reference; grid_group accessors (size, thread_rank, is_valid, num_blocks,
// block_rank) and is_valid() false in an ordinary launch; shared memory kept across grid.sync();
// the co-residency limit (exactly the limit launches, one block more is
// hipErrorCooperativeLaunchTooLarge and runs nothing); hipDeviceAttributeCooperativeLaunch is 1.
#include "hip_test.h"
#include <hip/hip_cooperative_groups.h>
#include <cmath>
#include <vector>
namespace cg = cooperative_groups;

constexpr int kThreads = 256;

__global__ void grid_sum(const int *in, long long *partial, long long *total, int n) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  __shared__ long long s[kThreads];
  long long acc = 0;
  for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n; i += grid.size()) acc += in[i];
  s[block.thread_rank()] = acc;
  block.sync();
  for (unsigned stride = kThreads / 2; stride > 0; stride /= 2) {
    if (block.thread_rank() < stride) s[block.thread_rank()] += s[block.thread_rank() + stride];
    block.sync();
  }
  if (block.thread_rank() == 0) partial[blockIdx.x] = s[0];
  grid.sync();
  // The shared array survives the grid barrier: thread 0's first entry is still this block's sum.
  if (block.thread_rank() == 0 && s[0] != partial[blockIdx.x]) partial[blockIdx.x] = -1;
  if (blockIdx.x == 0) {
    long long t = 0;
    for (unsigned b = block.thread_rank(); b < gridDim.x; b += blockDim.x) t += partial[b];
    s[block.thread_rank()] = t;
    block.sync();
    if (block.thread_rank() == 0) {
      long long sum = 0;
      for (int k = 0; k < kThreads; ++k) sum += s[k];
      *total = sum;
    }
  }
}

__global__ void jacobi(float *a, float *b, int n, int iterations) {
  cg::grid_group grid = cg::this_grid();
  for (int it = 0; it < iterations; ++it) {
    const float *src = (it & 1) ? b : a;
    float *dst = (it & 1) ? a : b;
    for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n; i += grid.size()) {
      float left = i > 0 ? src[i - 1] : 1.0f;
      float right = i + 1 < (unsigned long long)n ? src[i + 1] : 0.0f;
      dst[i] = 0.25f * left + 0.5f * src[i] + 0.25f * right;
    }
    grid.sync();
  }
}

__global__ void accessors(unsigned long long *out) {
  cg::grid_group grid = cg::this_grid();
  unsigned long long g = blockIdx.x * blockDim.x + threadIdx.x;
  out[g * 5 + 0] = grid.size();
  out[g * 5 + 1] = grid.thread_rank();
  out[g * 5 + 2] = grid.is_valid() ? 1 : 0;
  out[g * 5 + 3] = grid.num_blocks();
  out[g * 5 + 4] = grid.block_rank();
}

__global__ void mark(int *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 1; }

int main() {
  int coop = 0, cus = 0, per_cu = 0;
  HIP_CHECK(hipDeviceGetAttribute(&coop, hipDeviceAttributeCooperativeLaunch, 0));
  CHECK_EQ(coop, 1);
  HIP_CHECK(hipDeviceGetAttribute(&cus, hipDeviceAttributeMultiprocessorCount, 0));
  HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_cu, grid_sum, kThreads, 0));
  CHECK(per_cu >= 1 && cus >= 1, "occupancy %d x %d multiprocessors", per_cu, cus);
  const int blocks = per_cu * cus;

  // Two-phase sum.
  const int n = (1 << 20) + 3;
  std::vector<int> h(n);
  long long want = 0;
  for (int i = 0; i < n; ++i) {
    h[i] = (int)(((long long)i * 7919) % 1000) - 300;
    want += h[i];
  }
  int *in;
  long long *partial, *total;
  HIP_CHECK(hipMalloc(&in, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&partial, blocks * sizeof(long long)));
  HIP_CHECK(hipMalloc(&total, sizeof(long long)));
  HIP_CHECK(hipMemcpy(in, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
  int nn = n;
  void *args[] = {&in, &partial, &total, &nn};
  for (int round = 0; round < 3; ++round) {
    HIP_CHECK(hipMemset(total, 0, sizeof(long long)));
    HIP_CHECK(hipLaunchCooperativeKernel((const void *)grid_sum, dim3(blocks), dim3(kThreads), args, 0, nullptr));
    HIP_CHECK(hipDeviceSynchronize());
    long long got = 0;
    HIP_CHECK(hipMemcpy(&got, total, sizeof(got), hipMemcpyDeviceToHost));
    std::vector<long long> parts(blocks);
    HIP_CHECK(hipMemcpy(parts.data(), partial, blocks * sizeof(long long), hipMemcpyDeviceToHost));
    for (int b = 0; b < blocks; ++b) CHECK(parts[b] != -1, "block %d: shared memory changed across grid.sync()", b);
    CHECK(got == want, "round %d: grid sum %lld, expected %lld (%d blocks)", round, got, want, blocks);
  }

  // Stencil: 50 iterations, each separated by a grid barrier.
  const int m = 4099, iters = 50;
  std::vector<float> ha(m, 0.0f), hb(m, 0.0f);
  for (int i = 0; i < m; ++i) ha[i] = (i % 17) * 0.125f;
  float *da, *db;
  HIP_CHECK(hipMalloc(&da, m * sizeof(float)));
  HIP_CHECK(hipMalloc(&db, m * sizeof(float)));
  HIP_CHECK(hipMemcpy(da, ha.data(), m * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(db, hb.data(), m * sizeof(float), hipMemcpyHostToDevice));
  int mm = m, it = iters;
  void *jargs[] = {&da, &db, &mm, &it};
  HIP_CHECK(hipLaunchCooperativeKernel((const void *)jacobi, dim3(blocks), dim3(kThreads), jargs, 0, nullptr));
  HIP_CHECK(hipDeviceSynchronize());
  for (int k = 0; k < iters; ++k) {
    const std::vector<float> &src = (k & 1) ? hb : ha;
    std::vector<float> &dst = (k & 1) ? ha : hb;
    for (int i = 0; i < m; ++i) {
      float left = i > 0 ? src[i - 1] : 1.0f;
      float right = i + 1 < m ? src[i + 1] : 0.0f;
      dst[i] = 0.25f * left + 0.5f * src[i] + 0.25f * right;
    }
  }
  std::vector<float> got(m);
  HIP_CHECK(hipMemcpy(got.data(), (iters & 1) ? db : da, m * sizeof(float), hipMemcpyDeviceToHost));
  const std::vector<float> &ref = (iters & 1) ? hb : ha;
  for (int i = 0; i < m; ++i)
    CHECK(std::fabs(got[i] - ref[i]) <= 1e-5f, "stencil[%d] = %g, expected %g", i, got[i], ref[i]);

  // Accessors, in a cooperative launch and in an ordinary one.
  const int ab = 64;
  unsigned long long *acc;
  HIP_CHECK(hipMalloc(&acc, (size_t)blocks * ab * 5 * sizeof(unsigned long long)));
  void *aargs[] = {&acc};
  for (int cooperative = 1; cooperative >= 0; --cooperative) {
    if (cooperative)
      HIP_CHECK(hipLaunchCooperativeKernel((const void *)accessors, dim3(blocks), dim3(ab), aargs, 0, nullptr));
    else
      hipLaunchKernelGGL(accessors, dim3(blocks), dim3(ab), 0, 0, acc);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());
    std::vector<unsigned long long> o((size_t)blocks * ab * 5);
    HIP_CHECK(hipMemcpy(o.data(), acc, o.size() * sizeof(unsigned long long), hipMemcpyDeviceToHost));
    for (int g = 0; g < blocks * ab; ++g) {
      // CUDA's grid_group::is_valid() is true in any launch of a kernel built for grid
      // sync; HIP's (and the CPU platform's) only in a cooperative one.
      const unsigned long long valid = cooperative || HIP_TEST_NVIDIA;
      const unsigned long long w[5] = {(unsigned long long)blocks * ab, (unsigned long long)g, valid,
                                       (unsigned long long)blocks, (unsigned long long)(g / ab)};
      for (int k = 0; k < 5; ++k)
        if (o[(size_t)g * 5 + k] != w[k])
          FAIL_AT("%s launch, thread %d field %d: %llu, expected %llu", cooperative ? "cooperative" : "ordinary", g, k,
                  o[(size_t)g * 5 + k], w[k]);
    }
  }

  // The co-residency limit: exactly it works; one block more is refused and runs nothing.
  int *flags;
  HIP_CHECK(hipMalloc(&flags, (size_t)(blocks + 1) * 64 * sizeof(int)));
  HIP_CHECK(hipMemset(flags, 0, (size_t)(blocks + 1) * 64 * sizeof(int)));
  int per_cu64 = 0;
  HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_cu64, mark, 64, 0));
  const int limit = per_cu64 * cus;
  void *margs[] = {&flags};
  HIP_EXPECT(hipLaunchCooperativeKernel((const void *)mark, dim3(limit + 1), dim3(64), margs, 0, nullptr),
             hipErrorCooperativeLaunchTooLarge);
  (void)hipGetLastError();
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> hf((size_t)(limit + 1) * 64);
  if (limit + 1 <= blocks + 1) {
    HIP_CHECK(hipMemcpy(hf.data(), flags, hf.size() * sizeof(int), hipMemcpyDeviceToHost));
    for (size_t i = 0; i < hf.size(); ++i) CHECK(hf[i] == 0, "a refused launch ran (entry %zu)", i);
  }
  HIP_CHECK(hipFree(flags));
  HIP_CHECK(hipMalloc(&flags, (size_t)limit * 64 * sizeof(int)));
  HIP_CHECK(hipLaunchCooperativeKernel((const void *)mark, dim3(limit), dim3(64), margs, 0, nullptr));
  HIP_CHECK(hipDeviceSynchronize());
  hf.assign((size_t)limit * 64, 0);
  HIP_CHECK(hipMemcpy(hf.data(), flags, hf.size() * sizeof(int), hipMemcpyDeviceToHost));
  for (size_t i = 0; i < hf.size(); ++i) CHECK(hf[i] == 1, "launch at the limit: entry %zu not written", i);
  // A block larger than the device allows is a configuration error, as for ordinary launches.
  HIP_EXPECT(hipLaunchCooperativeKernel((const void *)mark, dim3(1), dim3(2048), margs, 0, nullptr),
             hipErrorInvalidConfiguration);
  (void)hipGetLastError();

  HIP_CHECK(hipFree(flags));
  HIP_CHECK(hipFree(acc));
  HIP_CHECK(hipFree(da));
  HIP_CHECK(hipFree(db));
  HIP_CHECK(hipFree(in));
  HIP_CHECK(hipFree(partial));
  HIP_CHECK(hipFree(total));
  return hip_test::pass();
}
