// NVIDIA negative tests: exact errors, no crash, and the runtime keeps working afterwards.
// GENCO: module_kernels.kernel.hip
// argv[1]: a --genco code object (tests/hip/module_kernels.kernel.hip built by gpu-check.sh).
#include "hip_test.h"

__global__ void k(int *p) { p[threadIdx.x] = threadIdx.x; }

int main(int argc, char **argv) {
  CHECK(argc >= 2, "usage: negative <code object>");
  int *d;
  HIP_CHECK(hipMalloc((void **)&d, 1024 * sizeof(int)));
  int host[16] = {};

  // Copies with a pointer that is not a device allocation.
  void *bogus = (void *)0x1000;
  HIP_EXPECT(hipMemcpy(host, bogus, sizeof host, hipMemcpyDeviceToHost), hipErrorInvalidValue);
  HIP_EXPECT(hipMemcpy(bogus, host, sizeof host, hipMemcpyHostToDevice), hipErrorInvalidValue);
  HIP_EXPECT(hipMemcpy(d, bogus, sizeof host, hipMemcpyDeviceToDevice), hipErrorInvalidValue);
  HIP_EXPECT(hipMemset(bogus, 0, 64), hipErrorInvalidValue);
  HIP_EXPECT(hipFree(bogus), hipErrorInvalidValue);
  (void)hipGetLastError();

  // Launches beyond the limits.
  hipLaunchKernelGGL(k, dim3(1), dim3(1025), 0, 0, d);
  HIP_EXPECT(hipGetLastError(), hipErrorInvalidConfiguration);
  hipLaunchKernelGGL(k, dim3(1), dim3(1, 1, 65), 0, 0, d);
  HIP_EXPECT(hipGetLastError(), hipErrorInvalidConfiguration);
  hipLaunchKernelGGL(k, dim3(1, 65536), dim3(1), 0, 0, d);
  HIP_EXPECT(hipGetLastError(), hipErrorInvalidConfiguration);
  hipLaunchKernelGGL(k, dim3(0), dim3(1), 0, 0, d);
  HIP_EXPECT(hipGetLastError(), hipErrorInvalidConfiguration);
  hipLaunchKernelGGL(k, dim3(1), dim3(32), 1 << 20, 0, d); // 1 MiB of dynamic shared memory
  hipError_t e = hipGetLastError();
  CHECK(e == hipErrorInvalidValue || e == hipErrorInvalidConfiguration || e == hipErrorOutOfMemory,
        "too much shared memory: %s", hip_test::to_str(e).c_str());

  // A module's functions and globals after it is unloaded.
  hipModule_t m;
  HIP_CHECK(hipModuleLoad(&m, argv[1]));
  hipFunction_t f;
  HIP_CHECK(hipModuleGetFunction(&f, m, "scale_c"));
  HIP_CHECK(hipModuleUnload(m));
  hipFunction_t f2;
  HIP_EXPECT(hipModuleGetFunction(&f2, m, "scale_c"), hipErrorInvalidHandle);
  float factor = 2;
  int n = 4;
  void *params[] = {&d, &factor, &n};
  HIP_EXPECT(hipModuleLaunchKernel(f, 1, 1, 1, 4, 1, 1, 0, nullptr, params, nullptr), hipErrorInvalidHandle);
  HIP_EXPECT(hipModuleUnload(m), hipErrorNotFound); // a second unload (ROCm's code)
  (void)hipGetLastError();

  // Everything still works.
  hipLaunchKernelGGL(k, dim3(1), dim3(16), 0, 0, d);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(host, d, sizeof host, hipMemcpyDeviceToHost));
  for (int i = 0; i < 16; ++i) CHECK_EQ(host[i], i);
  HIP_CHECK(hipFree(d));
  return hip_test::pass();
}
