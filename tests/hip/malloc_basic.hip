// hipMalloc: 256-byte alignment for many sizes, size 0 -> hipSuccess + nullptr, null out-pointer
// -> hipErrorInvalidValue, SIZE_MAX and 1 PiB -> hipErrorOutOfMemory, hipFree(nullptr) ok,
// allocations usable by kernels and not overlapping. (Values from HIP's own
// Unit_hipMalloc_* tests, which HIP-CPU fails.)
#include "hip_test.h"

__global__ void fill(unsigned char *p, size_t n, unsigned char seed) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = (unsigned char)(seed + i * 7);
}

int main() {
  const size_t sizes[] = {1, 2, 3, 7, 10, 16, 100, 255, 256, 257, 1000, 4095, 4096, 4097,
                          65535, 65537, (1u << 20) + 5, 3u << 20};
  const int n = sizeof sizes / sizeof sizes[0];
  std::vector<unsigned char *> ptrs(n, nullptr);
  for (int i = 0; i < n; ++i) {
    HIP_CHECK(hipMalloc((void **)&ptrs[i], sizes[i]));
    CHECK(ptrs[i] != nullptr, "hipMalloc(%zu) gave nullptr", sizes[i]);
    CHECK((uintptr_t)ptrs[i] % 256 == 0, "hipMalloc(%zu) = %p is not 256-byte aligned", sizes[i],
          (void *)ptrs[i]);
  }
  // Distinct, non-overlapping ranges.
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j) {
        uintptr_t a = (uintptr_t)ptrs[i], b = (uintptr_t)ptrs[j];
        CHECK(a + sizes[i] <= b || b + sizes[j] <= a, "allocations %d and %d overlap", i, j);
      }
  // Every byte is writable by a kernel and reads back.
  for (int i = 0; i < n; ++i) {
    size_t sz = sizes[i];
    unsigned blocks = (unsigned)((sz + 255) / 256);
    hipLaunchKernelGGL(fill, dim3(blocks), dim3(256), 0, 0, ptrs[i], sz, (unsigned char)i);
    HIP_CHECK(hipGetLastError());
  }
  for (int i = 0; i < n; ++i) {
    std::vector<unsigned char> h(sizes[i]);
    HIP_CHECK(hipMemcpy(h.data(), ptrs[i], sizes[i], hipMemcpyDeviceToHost));
    for (size_t k = 0; k < sizes[i]; ++k)
      if (h[k] != (unsigned char)(i + k * 7))
        FAIL_AT("allocation %d (size %zu) byte %zu: expected %u, got %u", i, sizes[i], k,
                (unsigned)(unsigned char)(i + k * 7), (unsigned)h[k]);
  }
  for (int i = 0; i < n; ++i) HIP_CHECK(hipFree(ptrs[i]));

  void *p = (void *)0x1;
  HIP_CHECK(hipMalloc(&p, 0));
  CHECK(p == nullptr, "hipMalloc(&p, 0) must give nullptr, got %p", p);
  HIP_EXPECT(hipMalloc(nullptr, 4096), hipErrorInvalidValue);
  HIP_EXPECT(hipMalloc(nullptr, 0), hipErrorInvalidValue);
  p = nullptr;
  HIP_EXPECT(hipMalloc(&p, SIZE_MAX), hipErrorOutOfMemory);
  CHECK(p == nullptr, "failed hipMalloc left %p", p);
  HIP_EXPECT(hipMalloc(&p, (size_t)1 << 50), hipErrorOutOfMemory);
  (void)hipGetLastError();
  HIP_CHECK(hipFree(nullptr));

  // Still fine after the failures.
  HIP_CHECK(hipMalloc(&p, 1 << 16));
  CHECK((uintptr_t)p % 256 == 0, "misaligned %p", p);
  HIP_CHECK(hipMemset(p, 0x11, 1 << 16));
  unsigned char b = 0;
  HIP_CHECK(hipMemcpy(&b, (char *)p + 65535, 1, hipMemcpyDeviceToHost));
  CHECK_EQ((unsigned)b, 0x11u);
  HIP_CHECK(hipFree(p));
  return hip_test::pass();
}
