// hipOccupancyMaxPotentialBlockSize and hipOccupancyMaxActiveBlocksPerMultiprocessor are
// consistent with the limits: block size in (0, maxThreadsPerBlock], within the requested
// limit and __launch_bounds__, a positive grid; active blocks >= 1 for legal configurations,
// active blocks x block size <= maxThreadsPerMultiProcessor, the shared-memory bound respected,
// and the suggested configuration launches.
#include "hip_test.h"

__global__ void k_plain(int *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 1; }
__global__ void __launch_bounds__(128) k_bounded(int *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 2; }
__global__ void k_dyn(int *p) {
  extern __shared__ int s[];
  s[threadIdx.x] = 3;
  __syncthreads();
  p[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x];
}

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  int grid = 0, block = 0;
  HIP_CHECK(hipOccupancyMaxPotentialBlockSize(&grid, &block, k_plain, 0, 0));
  CHECK(block > 0 && block <= prop.maxThreadsPerBlock, "block %d", block);
  CHECK(grid > 0, "grid %d", grid);
  HIP_CHECK(hipOccupancyMaxPotentialBlockSize(&grid, &block, k_plain, 0, 100));
  CHECK(block > 0 && block <= 100, "block %d with a limit of 100", block);
  HIP_CHECK(hipOccupancyMaxPotentialBlockSize(&grid, &block, k_bounded, 0, 0));
  CHECK(block > 0 && block <= 128, "block %d for __launch_bounds__(128)", block);
  HIP_CHECK(hipOccupancyMaxPotentialBlockSize(&grid, &block, k_dyn, 4096, 0));
  CHECK(block > 0 && block <= prop.maxThreadsPerBlock, "block %d", block);
  int *p = nullptr;
  HIP_CHECK(hipMalloc(&p, (size_t)grid * block * sizeof(int)));
  hipLaunchKernelGGL(k_dyn, dim3(grid), dim3(block), 4096, 0, p);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipFree(p));

  const int bss[] = {1, 64, 256, 1024};
  for (int bs : bss) {
    int n = -1;
    HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&n, k_plain, bs, 0));
    CHECK(n >= 1, "block %d: %d active blocks", bs, n);
    CHECK(n * bs <= prop.maxThreadsPerMultiProcessor, "block %d: %d blocks exceed %d threads per CU", bs, n,
          prop.maxThreadsPerMultiProcessor);
    HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&n, k_dyn, bs, prop.sharedMemPerBlock));
    CHECK(n >= 1, "block %d with the full shared memory: %d active blocks", bs, n);
    if (prop.maxSharedMemoryPerMultiProcessor > 0)
      CHECK((size_t)n * prop.sharedMemPerBlock <= (size_t)prop.maxSharedMemoryPerMultiProcessor,
            "block %d: %d blocks x %zu bytes exceed %zu bytes per CU", bs, n, (size_t)prop.sharedMemPerBlock,
            (size_t)prop.maxSharedMemoryPerMultiProcessor);
  }
  // Beyond the limits: no block can be resident (0) or the call fails.
  int n = -1;
  hipError_t e = hipOccupancyMaxActiveBlocksPerMultiprocessor(&n, k_plain, prop.maxThreadsPerBlock + 1, 0);
  CHECK(e != hipSuccess || n == 0, "1025-thread blocks: %s with %d active blocks", hip_test::to_str(e).c_str(), n);
  n = -1;
  e = hipOccupancyMaxActiveBlocksPerMultiprocessor(&n, k_dyn, 64, prop.sharedMemPerBlock + 1);
  CHECK(e != hipSuccess || n == 0, "too much shared memory: %s with %d active blocks", hip_test::to_str(e).c_str(), n);
  (void)hipGetLastError();
  HIP_EXPECT(hipOccupancyMaxPotentialBlockSize(nullptr, &block, k_plain, 0, 0), hipErrorInvalidValue);
  (void)hipGetLastError();
  return hip_test::pass();
}
