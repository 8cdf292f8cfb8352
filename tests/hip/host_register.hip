// hipHostRegister / hipHostUnregister with hipHostGetDevicePointer: kernels write registered
// memory; double registration / unregistration give the dedicated errors.
#include "hip_test.h"

__global__ void add_one(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1;
}

int main() {
  const int n = 1 << 18;
  const size_t bytes = n * sizeof(int);
  int *host = (int *)std::aligned_alloc(4096, bytes);
  CHECK(host != nullptr, "aligned_alloc");
  for (int i = 0; i < n; ++i) host[i] = i;
  HIP_CHECK(hipHostRegister(host, bytes, hipHostRegisterDefault));
  HIP_EXPECT(hipHostRegister(host, bytes, hipHostRegisterDefault), hipErrorHostMemoryAlreadyRegistered);
  (void)hipGetLastError();
  int *dev = nullptr;
  HIP_CHECK(hipHostGetDevicePointer((void **)&dev, host, 0));
  CHECK(dev != nullptr, "null device pointer");
  hipLaunchKernelGGL(add_one, dim3(n / 256), dim3(256), 0, 0, dev, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < n; ++i)
    if (host[i] != i + 1) FAIL_AT("host[%d] = %d, expected %d", i, host[i], i + 1);
  // Interior pointers map to the interior of the device mapping.
  int *dev_mid = nullptr;
  HIP_CHECK(hipHostGetDevicePointer((void **)&dev_mid, host + 1000, 0));
  CHECK(dev_mid == dev + 1000, "interior device pointer %p, expected %p", (void *)dev_mid, (void *)(dev + 1000));
  // Async copies from registered memory.
  int *d = nullptr;
  HIP_CHECK(hipMalloc(&d, bytes));
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  HIP_CHECK(hipMemcpyAsync(d, host, bytes, hipMemcpyHostToDevice, s));
  hipLaunchKernelGGL(add_one, dim3(n / 256), dim3(256), 0, s, d, n);
  HIP_CHECK(hipMemcpyAsync(host, d, bytes, hipMemcpyDeviceToHost, s));
  HIP_CHECK(hipStreamSynchronize(s));
  for (int i = 0; i < n; ++i)
    if (host[i] != i + 2) FAIL_AT("host[%d] = %d, expected %d", i, host[i], i + 2);
  HIP_CHECK(hipHostUnregister(host));
  HIP_EXPECT(hipHostUnregister(host), hipErrorHostMemoryNotRegistered);
  HIP_EXPECT(hipHostRegister(nullptr, bytes, 0), hipErrorInvalidValue);
  HIP_EXPECT(hipHostRegister(host, 0, 0), hipErrorInvalidValue);
  (void)hipGetLastError();
  // Mapped flag, then re-register the same range.
  HIP_CHECK(hipHostRegister(host, bytes, hipHostRegisterMapped));
  HIP_CHECK(hipHostGetDevicePointer((void **)&dev, host, 0));
  hipLaunchKernelGGL(add_one, dim3(n / 256), dim3(256), 0, 0, dev, n);
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(host[n - 1], n - 1 + 3);
  HIP_CHECK(hipHostUnregister(host));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d));
  std::free(host);
  return hip_test::pass();
}
