// Stream-ordered allocation: hipMallocAsync / hipFreeAsync in stream order with kernels, 256-byte
// alignment; null out-pointer, bogus stream and hipFreeAsync(nullptr) are errors (HIP's own
// Unit_hipMallocAsync_negative / Unit_hipFreeAsync_negative; HIP-CPU crashed or succeeded).
#include "hip_test.h"

__global__ void fill(int *p, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v + i;
}

int main() {
  int supported = 0;
  HIP_CHECK(hipDeviceGetAttribute(&supported, hipDeviceAttributeMemoryPoolsSupported, 0));
  CHECK_EQ(supported, 1);
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  const int n = 100000;
  std::vector<int> h(n);
  for (int round = 0; round < 20; ++round) {
    int *p = nullptr;
    HIP_CHECK(hipMallocAsync((void **)&p, n * sizeof(int), s));
    CHECK(p != nullptr && (uintptr_t)p % 256 == 0, "hipMallocAsync gave %p", (void *)p);
    hipLaunchKernelGGL(fill, dim3((n + 255) / 256), dim3(256), 0, s, p, n, round);
    HIP_CHECK(hipMemcpyAsync(h.data(), p, n * sizeof(int), hipMemcpyDeviceToHost, s));
    HIP_CHECK(hipFreeAsync(p, s));
    HIP_CHECK(hipStreamSynchronize(s));
    for (int i = 0; i < n; ++i)
      if (h[i] != round + i) FAIL_AT("round %d element %d: %d", round, i, h[i]);
  }
  void *q = nullptr;
  HIP_EXPECT(hipMallocAsync(nullptr, 100, s), hipErrorInvalidValue);
  HIP_EXPECT_FAIL(hipMallocAsync(&q, 100, (hipStream_t)0x1234));
  HIP_EXPECT(hipFreeAsync(nullptr, s), hipErrorInvalidValue);
  (void)hipGetLastError();
  HIP_CHECK(hipStreamDestroy(s));
  return hip_test::pass();
}
