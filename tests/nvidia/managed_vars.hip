// __managed__ variables on NVIDIA (__cudaRegisterManagedVar): initialised values visible to
// kernels and the host, kernel updates visible on the host after synchronisation, host writes
// visible to the next kernel, arrays, and hipMemcpyToSymbol/FromSymbol on them.
#include "hip_test.h"

__managed__ int counter = 5;
__managed__ float values[256];
__managed__ double scale = 2.5;

__global__ void bump(int by) { atomicAdd(&counter, by); }
__global__ void scale_values(int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) values[i] = values[i] * (float)scale + (float)counter;
}

int main() {
  CHECK_EQ(counter, 5);
  hipLaunchKernelGGL(bump, dim3(4), dim3(64), 0, 0, 2);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(counter, 5 + 4 * 64 * 2);
  for (int i = 0; i < 256; ++i) values[i] = (float)i;
  counter = 1;
  scale = 3.0;
  hipLaunchKernelGGL(scale_values, dim3(2), dim3(128), 0, 0, 256);
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < 256; ++i) CHECK_EQ(values[i], 3.0f * i + 1.0f);
  int c = 42;
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(counter), &c, sizeof c));
  CHECK_EQ(counter, 42);
  double s = 0;
  HIP_CHECK(hipMemcpyFromSymbol(&s, HIP_SYMBOL(scale), sizeof s));
  CHECK_EQ(s, 3.0);
  return hip_test::pass();
}
