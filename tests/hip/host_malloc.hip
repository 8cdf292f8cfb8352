// hipHostMalloc / hipHostAlloc with their flags, hipHostGetFlags, hipHostGetDevicePointer,
// kernels writing pinned memory through the device pointer, hipHostFree; invalid flag mixes.
#include "hip_test.h"

__global__ void write_idx(int *p, int n, int base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = base + i;
}

static void use(void *host, unsigned requested, const char *what) {
  const int n = 4096;
  unsigned flags = 0;
  HIP_CHECK(hipHostGetFlags(&flags, host));
  if ((flags & requested) != requested)
    FAIL_AT("%s: hipHostGetFlags = 0x%x lacks the requested 0x%x", what, flags, requested);
  void *dev = nullptr;
  HIP_CHECK(hipHostGetDevicePointer(&dev, host, 0));
  CHECK(dev != nullptr, "%s: null device pointer", what);
  hipLaunchKernelGGL(write_idx, dim3(n / 256), dim3(256), 0, 0, (int *)dev, n, 1000);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  const int *h = (const int *)host;
  for (int i = 0; i < n; ++i)
    if (h[i] != 1000 + i) FAIL_AT("%s: host[%d] = %d, expected %d", what, i, h[i], 1000 + i);
  // Copies from pinned memory.
  int *d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  HIP_CHECK(hipMemcpy(d, host, n * sizeof(int), hipMemcpyHostToDevice));
  std::vector<int> back(n);
  HIP_CHECK(hipMemcpy(back.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) CHECK_EQ(back[i], 1000 + i);
  HIP_CHECK(hipFree(d));
}

int main() {
  struct F {
    unsigned flags;
    const char *name;
  } mallocs[] = {{hipHostMallocDefault, "hipHostMallocDefault"},
                 {hipHostMallocPortable, "hipHostMallocPortable"},
                 {hipHostMallocMapped, "hipHostMallocMapped"},
                 {hipHostMallocWriteCombined, "hipHostMallocWriteCombined"},
                 {hipHostMallocMapped | hipHostMallocPortable, "Mapped|Portable"},
                 {hipHostMallocCoherent, "hipHostMallocCoherent"},
                 {hipHostMallocNonCoherent, "hipHostMallocNonCoherent"}};
  for (const F &f : mallocs) {
    void *p = nullptr;
    HIP_CHECK(hipHostMalloc(&p, 4096 * sizeof(int), f.flags));
    CHECK(p != nullptr, "%s: nullptr", f.name);
    CHECK((uintptr_t)p % 256 == 0, "%s: %p not 256-byte aligned", f.name, p);
    use(p, f.flags & (hipHostMallocPortable | hipHostMallocMapped | hipHostMallocWriteCombined), f.name);
    HIP_CHECK(hipHostFree(p));
  }
  F allocs[] = {{hipHostAllocDefault, "hipHostAllocDefault"},
                {hipHostAllocPortable, "hipHostAllocPortable"},
                {hipHostAllocMapped, "hipHostAllocMapped"},
                {hipHostAllocWriteCombined, "hipHostAllocWriteCombined"}};
  for (const F &f : allocs) {
    void *p = nullptr;
    HIP_CHECK(hipHostAlloc(&p, 4096 * sizeof(int), f.flags));
    CHECK(p != nullptr, "%s: nullptr", f.name);
    use(p, f.flags, f.name);
    HIP_CHECK(hipHostFree(p));
  }
  // HIP documents hipHostMallocCoherent and hipHostMallocNonCoherent as mutually exclusive.
  void *p = nullptr;
  HIP_EXPECT(hipHostMalloc(&p, 64, hipHostMallocCoherent | hipHostMallocNonCoherent), hipErrorInvalidValue);
  HIP_EXPECT(hipHostMalloc(nullptr, 64, 0), hipErrorInvalidValue);
  HIP_EXPECT(hipHostMalloc(&p, 64, 0x00000100u), hipErrorInvalidValue); // no such flag bit
  // Size 0: hipSuccess and nullptr, as for hipMalloc (AMD's ihipHostMalloc).
  p = (void *)0x1;
  HIP_CHECK(hipHostMalloc(&p, 0, 0));
  CHECK(p == nullptr, "hipHostMalloc(0) gave %p", p);
  int x = 0;
  unsigned fl = 0;
  HIP_EXPECT(hipHostGetFlags(&fl, &x), hipErrorInvalidValue); // not pinned memory
  (void)hipGetLastError();
  return hip_test::pass();
}
