// hipMallocManaged (global and host attach) and __managed__ variables: the host and kernels use
// the same pointer; invalid flags and null out-pointers are rejected.
#include "hip_test.h"

__managed__ int managed_counter = 5;

__global__ void inc_all(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += i;
  atomicAdd(&managed_counter, 1);
}

int main() {
  int attr = 0;
  HIP_CHECK(hipDeviceGetAttribute(&attr, hipDeviceAttributeManagedMemory, 0));
  CHECK_EQ(attr, 1);
  const int n = 100000;
  int *p = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&p, n * sizeof(int), hipMemAttachGlobal));
  CHECK(p != nullptr, "null managed pointer");
  CHECK((uintptr_t)p % 256 == 0, "managed pointer %p not 256-byte aligned", (void *)p);
  for (int i = 0; i < n; ++i) p[i] = 3 * i;
  CHECK_EQ(managed_counter, 5);
  const int blocks = (n + 255) / 256;
  hipLaunchKernelGGL(inc_all, dim3(blocks), dim3(256), 0, 0, p, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < n; ++i)
    if (p[i] != 4 * i) FAIL_AT("p[%d] = %d, expected %d", i, p[i], 4 * i);
  CHECK_EQ(managed_counter, 5 + blocks * 256);

  int *q = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&q, 4096, hipMemAttachHost));
  std::memset(q, 0, 4096);
  hipLaunchKernelGGL(inc_all, dim3(1), dim3(64), 0, 0, q, 64);
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < 64; ++i) CHECK_EQ(q[i], i);
  // Copies to and from managed memory with the default kind.
  std::vector<int> h(64);
  HIP_CHECK(hipMemcpy(h.data(), q, 64 * sizeof(int), hipMemcpyDefault));
  for (int i = 0; i < 64; ++i) CHECK_EQ(h[i], i);

  HIP_EXPECT(hipMallocManaged(nullptr, 64, hipMemAttachGlobal), hipErrorInvalidValue);
  void *bad = nullptr;
  HIP_EXPECT(hipMallocManaged(&bad, 64, 0x12340), hipErrorInvalidValue);
  (void)hipGetLastError();
  HIP_CHECK(hipFree(p));
  HIP_CHECK(hipFree(q));
  return hip_test::pass();
}
