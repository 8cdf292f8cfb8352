// One warpSize everywhere: device-side warpSize (in every work-item of 1D and 3D blocks), the
// hipDeviceProp_t field and hipDeviceAttributeWarpSize agree (HIP-CPU: 64 vs 4).
#include "hip_test.h"

__global__ void ws_kernel(int *out) {
  int t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  out[blockIdx.x * blockDim.x * blockDim.y * blockDim.z + t] = warpSize;
}

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  int attr = 0;
  HIP_CHECK(hipDeviceGetAttribute(&attr, hipDeviceAttributeWarpSize, 0));
  CHECK_EQ(attr, prop.warpSize);
  int *out = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&out, 2 * 1024 * sizeof(int), hipMemAttachGlobal));
  hipLaunchKernelGGL(ws_kernel, dim3(2), dim3(1024), 0, 0, out);
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < 2048; ++i) CHECK_EQ(out[i], prop.warpSize);
  hipLaunchKernelGGL(ws_kernel, dim3(2), dim3(4, 4, 8), 0, 0, out);
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < 256; ++i) CHECK_EQ(out[i], prop.warpSize);
  HIP_CHECK(hipFree(out));
  return hip_test::pass();
}
