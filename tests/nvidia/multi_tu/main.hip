// Registration across translation units (nvcc registers each TU's fat binary and kernels
// separately): 96 kernels in 3 TUs launched from their own TU and from another one, a
// template kernel instantiated in several TUs (tk<2,float> in two of them), and the same
// kernels through hipLaunchKernel and hipFuncGetAttributes.
#include "kernels.h"

#define DEFINE_M(n) __global__ void km_##n(int *p) { p[64 + n] = 3000 + n; }
FOR_32(DEFINE_M)

int main() {
  int *p;
  HIP_CHECK(hipMallocManaged((void **)&p, 96 * sizeof(int), hipMemAttachGlobal));
  for (int i = 0; i < 96; ++i) p[i] = -1;
  launch_a(p);
  launch_b(p);
#define LAUNCH_M(n) hipLaunchKernelGGL(km_##n, dim3(1), dim3(1), 0, 0, p);
  FOR_32(LAUNCH_M)
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < 96; ++i) CHECK_EQ(p[i], (i / 32 + 1) * 1000 + i % 32);

  // TU b's kernels launched from here, through their host stubs.
  for (int i = 0; i < 96; ++i) p[i] = -1;
#define LAUNCH_B(n) hipLaunchKernelGGL(kb_##n, dim3(1), dim3(1), 0, 0, p);
  FOR_32(LAUNCH_B)
  // ... and through hipLaunchKernel with the stub's address.
  void *args[] = {&p};
  HIP_CHECK(hipLaunchKernel((const void *)&kb_7, dim3(1), dim3(1), args, 0, nullptr));
  HIP_CHECK(hipDeviceSynchronize());
  for (int i = 32; i < 64; ++i) CHECK_EQ(p[i], 2000 + i % 32);
  hipFuncAttributes attr;
  HIP_CHECK(hipFuncGetAttributes(&attr, (const void *)&kb_31));
  CHECK(attr.maxThreadsPerBlock >= 32, "kb_31 maxThreadsPerBlock %d", attr.maxThreadsPerBlock);

  // Template instances from three TUs.
  float *f;
  HIP_CHECK(hipMallocManaged((void **)&f, 4 * 64 * sizeof(float), hipMemAttachGlobal));
  launch_tk_a(f);
  launch_tk_b(f);
  hipLaunchKernelGGL((tk<0, float>), dim3(1), dim3(64), 0, 0, f);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int k = 0; k < 4; ++k)
    for (int i = 0; i < 64; ++i) CHECK_EQ(f[k * 64 + i], float(k + i));
  HIP_CHECK(hipFree(p));
  HIP_CHECK(hipFree(f));
  return hip_test::pass();
}
