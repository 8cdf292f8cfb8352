// HIPCC-FLAGS: -fgpu-rdc
// Relocatable device code across files (hipcc -fgpu-rdc: nvcc -rdc plus a device link step):
// a kernel here calls a __device__ function and reads __device__/__constant__ variables that
// are defined in dev.hip; the host writes them through hipMemcpyToSymbol from dev.hip and
// reads them back here.
#include "hip_test.h"

extern __device__ int rdc_scale(int v);
extern __device__ int rdc_table[4];
extern __constant__ int rdc_offset;
void rdc_setup(int offset); // dev.hip: writes rdc_offset and rdc_table through symbols
int rdc_table_sum();        // dev.hip: reads rdc_table back through hipMemcpyFromSymbol

__global__ void use_rdc(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = rdc_scale(i) + rdc_table[i % 4] + rdc_offset;
  if (i == 0) rdc_table[0] += 100;
}

int main() {
  const int n = 1000;
  rdc_setup(7);
  int *out;
  HIP_CHECK(hipMallocManaged((void **)&out, n * sizeof(int), hipMemAttachGlobal));
  hipLaunchKernelGGL(use_rdc, dim3((n + 255) / 256), dim3(256), 0, 0, out, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < n; ++i) CHECK_EQ(out[i], 3 * i + 10 * (i % 4 + 1) + 7);
  CHECK_EQ(rdc_table_sum(), 10 + 20 + 30 + 40 + 100);
  HIP_CHECK(hipFree(out));
  return hip_test::pass();
}
