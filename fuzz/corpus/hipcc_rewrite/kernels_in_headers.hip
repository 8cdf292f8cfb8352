// hipcc sees the whole translation unit: kernels, chevron launches and extern __shared__ arrays
// in the program's own headers (kernels_in_headers/common.hpp and the detail/reduce.cuh it
// includes, found relative to this file) compile and run on the CPU as they do in the source;
// launched from the header and from the source by <<<>>>, hipLaunchKernelGGL (a template kernel
// with deduced arguments), and hipLaunchKernel by address with hipFuncGetAttributes (the header
// kernels register themselves).
#include "hip_test.h"

#include "kernels_in_headers/common.hpp"

#include <vector>

int main() {
  const int blocks = 4, threads = 128, n = blocks * threads;
  int *p = nullptr, *sums = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&p, n * sizeof(int), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&sums, blocks * sizeof(int), hipMemAttachGlobal));
  for (int i = 0; i < n; ++i) p[i] = i;

  reverse_all(p, blocks, threads); // a launch written in the header
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < threads; ++t) CHECK_EQ(p[b * threads + t], b * threads + (threads - 1 - t));

  reverse_block<<<blocks, threads, threads * sizeof(int)>>>(p); // launched from the source
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < n; ++i) CHECK_EQ(p[i], i);

  sum_blocks(p, sums, blocks);
  HIP_CHECK(hipDeviceSynchronize());
  for (int b = 0; b < blocks; ++b) {
    int want = 0;
    for (int t = 0; t < threads; ++t) want += b * threads + t;
    CHECK_EQ(sums[b], want);
  }

  hipLaunchKernelGGL(scale, dim3(1), dim3(64), 0, 0, p, 3); // T deduced as int
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < 64; ++i) CHECK_EQ(p[i], 3 * i);

  // By address: the registry knows the header's kernel.
  hipFuncAttributes attr;
  HIP_CHECK(hipFuncGetAttributes(&attr, reinterpret_cast<const void *>(&block_sum)));
  CHECK(attr.maxThreadsPerBlock >= 128, "maxThreadsPerBlock %d", attr.maxThreadsPerBlock);
  int *in = p;
  void *args[] = {&in, &sums};
  HIP_CHECK(hipLaunchKernel(reinterpret_cast<const void *>(&block_sum), dim3(1), dim3(128), args, 0, nullptr));
  HIP_CHECK(hipDeviceSynchronize());
  int want = 0;
  for (int t = 0; t < 128; ++t) want += p[t];
  CHECK_EQ(sums[0], want);

  HIP_CHECK(hipFree(p));
  HIP_CHECK(hipFree(sums));
  std::printf("PASS\n");
  return 0;
}
