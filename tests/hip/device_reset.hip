// hipDeviceReset: afterwards the device works again (allocation, copies, kernels, streams), the
// last error is clean and memory from before the reset is no longer a valid allocation.
#include "hip_test.h"

__global__ void fill(int *p, int v) { p[threadIdx.x] = v; }

int main() {
  int *old = nullptr;
  HIP_CHECK(hipMalloc(&old, 1024));
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  hipLaunchKernelGGL(fill, dim3(1), dim3(256), 0, s, old, 1);
  HIP_CHECK(hipDeviceReset());
  hipPointerAttribute_t a;
  std::memset(&a, 0, sizeof a);
  hipError_t e = hipPointerGetAttributes(&a, old);
  CHECK(e != hipSuccess || a.type != hipMemoryTypeDevice, "memory allocated before the reset is still device memory");
  (void)hipGetLastError();
  int dev = -1;
  HIP_CHECK(hipGetDevice(&dev));
  CHECK_EQ(dev, 0);
  int *p = nullptr;
  HIP_CHECK(hipMalloc(&p, 256 * sizeof(int)));
  hipStream_t s2;
  HIP_CHECK(hipStreamCreate(&s2));
  hipLaunchKernelGGL(fill, dim3(1), dim3(256), 0, s2, p, 42);
  std::vector<int> h(256);
  HIP_CHECK(hipMemcpyAsync(h.data(), p, 256 * sizeof(int), hipMemcpyDeviceToHost, s2));
  HIP_CHECK(hipStreamSynchronize(s2));
  for (int i = 0; i < 256; ++i) CHECK_EQ(h[i], 42);
  HIP_CHECK(hipStreamDestroy(s2));
  HIP_CHECK(hipFree(p));
  HIP_CHECK(hipDeviceReset());
  HIP_CHECK(hipDeviceSynchronize());
  return hip_test::pass();
}
