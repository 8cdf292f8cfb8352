// malloc/free in device code: per-work-item allocations that live across kernels, are freed by a
// later kernel, and do not overlap; hipLimitMallocHeapSize is readable.
#include "hip_test.h"
#include <algorithm>

__global__ void alloc_k(int **slots, int words) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int *p = (int *)malloc(words * sizeof(int));
  if (p)
    for (int i = 0; i < words; ++i) p[i] = t * 1000 + i;
  slots[t] = p;
}
__global__ void check_free_k(int **slots, int words, int *bad) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int *p = slots[t];
  if (!p) {
    atomicAdd(bad, 1000000);
    return;
  }
  for (int i = 0; i < words; ++i)
    if (p[i] != t * 1000 + i) atomicAdd(bad, 1);
  free(p);
}

int main() {
  size_t heap = 0;
  HIP_CHECK(hipDeviceGetLimit(&heap, hipLimitMallocHeapSize));
  CHECK(heap >= 1024 * 1024, "malloc heap %zu bytes", heap);
  const int n = 2048, words = 50;
  int **slots;
  int *bad;
  HIP_CHECK(hipMalloc(&slots, n * sizeof(int *)));
  HIP_CHECK(hipMallocManaged((void **)&bad, sizeof(int), hipMemAttachGlobal));
  for (int round = 0; round < 3; ++round) {
    *bad = 0;
    hipLaunchKernelGGL(alloc_k, dim3(n / 256), dim3(256), 0, 0, slots, words);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());
    std::vector<int *> h(n);
    HIP_CHECK(hipMemcpy(h.data(), slots, n * sizeof(int *), hipMemcpyDeviceToHost));
    std::vector<uintptr_t> sorted;
    for (int *p : h) {
      CHECK(p != nullptr, "device malloc returned NULL");
      sorted.push_back((uintptr_t)p);
    }
    std::sort(sorted.begin(), sorted.end());
    for (int i = 1; i < n; ++i)
      CHECK(sorted[i] - sorted[i - 1] >= words * sizeof(int), "device allocations overlap");
    hipLaunchKernelGGL(check_free_k, dim3(n / 256), dim3(256), 0, 0, slots, words, bad);
    HIP_CHECK(hipDeviceSynchronize());
    CHECK_EQ(*bad, 0);
  }
  HIP_CHECK(hipFree(slots));
  HIP_CHECK(hipFree(bad));
  return hip_test::pass();
}
