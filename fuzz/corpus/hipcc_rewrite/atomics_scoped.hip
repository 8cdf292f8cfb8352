// Scoped atomics: atomicAdd_system / atomicAdd_block / atomicCAS_system / atomicExch_block /
// atomicMax_system on device and host-visible memory, and (AMD HIP) the __hip_atomic_*
// builtins with memory orders and scopes; block-scope atomics on __shared__ memory. The host
// observes a system-scope counter while the kernel is still running.
#include "hip_test.h"

__global__ void scoped(int *sys_ctr, unsigned long long *blk, int *pinned, float *fsum, int rounds) {
  __shared__ int local;
  if (threadIdx.x == 0) local = 0;
  __syncthreads();
  for (int r = 0; r < rounds; ++r) {
    atomicAdd_system(sys_ctr, 1);
    atomicAdd_block(&local, 2);
    atomicAdd_system(fsum, 0.5f);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    atomicAdd(&blk[blockIdx.x], (unsigned long long)local);
    atomicExch_block(&pinned[1 + blockIdx.x], local);
  }
  atomicMax_system(&pinned[0], (int)(blockIdx.x * blockDim.x + threadIdx.x));
  int old = atomicCAS_system(&pinned[100], 0, 1);
  (void)old;
#if !HIP_TEST_NVIDIA
  __hip_atomic_fetch_add(&pinned[101], 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_fetch_add(&pinned[102], 2, __ATOMIC_SEQ_CST, __HIP_MEMORY_SCOPE_SYSTEM);
  int seen = __hip_atomic_load(&pinned[103], __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_SYSTEM);
  if (seen != 77) __hip_atomic_store(&pinned[104], 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_SYSTEM);
  __hip_atomic_fetch_max(&pinned[105], (int)threadIdx.x, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
#endif
}

__global__ void progress(int *ctr, volatile int *release) {
  atomicAdd_system(ctr, 1);
  while (*release == 0) {
  }
}

int main() {
  const int blocks = 32, bs = 128, rounds = 16;
  int *sys, *pinned;
  unsigned long long *blk;
  float *fsum;
  HIP_CHECK(hipMallocManaged((void **)&sys, sizeof(int), hipMemAttachGlobal));
  HIP_CHECK(hipMalloc(&blk, blocks * sizeof(unsigned long long)));
  HIP_CHECK(hipHostMalloc((void **)&pinned, 128 * sizeof(int), 0));
  HIP_CHECK(hipMallocManaged((void **)&fsum, sizeof(float), hipMemAttachGlobal));
  *sys = 0;
  *fsum = 0;
  HIP_CHECK(hipMemset(blk, 0, blocks * sizeof(unsigned long long)));
  std::memset(pinned, 0, 128 * sizeof(int));
  pinned[103] = 77;
  hipLaunchKernelGGL(scoped, dim3(blocks), dim3(bs), 0, 0, sys, blk, pinned, fsum, rounds);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(*sys, blocks * bs * rounds);
  CHECK_EQ(*fsum, 0.5f * blocks * bs * rounds);
  std::vector<unsigned long long> hb(blocks);
  HIP_CHECK(hipMemcpy(hb.data(), blk, blocks * sizeof(unsigned long long), hipMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    CHECK_EQ(hb[b], (unsigned long long)(2 * bs * rounds));
    CHECK_EQ(pinned[1 + b], 2 * bs * rounds);
  }
  CHECK_EQ(pinned[0], blocks * bs - 1);
  CHECK_EQ(pinned[100], 1);
#if !HIP_TEST_NVIDIA
  CHECK_EQ(pinned[101], blocks * bs);
  CHECK_EQ(pinned[102], 2 * blocks * bs);
  CHECK_EQ(pinned[104], 0);
  CHECK_EQ(pinned[105], bs - 1);
#endif
  // System scope: the host sees the kernel's increments before the kernel finishes.
  int *release;
  HIP_CHECK(hipHostMalloc((void **)&release, sizeof(int), 0));
  *release = 0;
  pinned[0] = 0;
  hip_test::watchdog(30, "atomics_scoped progress");
  hipLaunchKernelGGL(progress, dim3(1), dim3(1), 0, 0, &pinned[0], release);
  double t0 = hip_test::now_s();
  while (hip_test::host_load(&pinned[0]) == 0 && hip_test::now_s() - t0 < 10) {
  }
  int seen = hip_test::host_load(&pinned[0]);
  hip_test::host_store(release, 1);
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(seen, 1);
  HIP_CHECK(hipFree(sys));
  HIP_CHECK(hipFree(blk));
  HIP_CHECK(hipFree(fsum));
  HIP_CHECK(hipHostFree(pinned));
  HIP_CHECK(hipHostFree(release));
  return hip_test::pass();
}
