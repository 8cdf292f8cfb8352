#define HIP_TEST_NO_SPIN_KERNEL // defined in main.hip
#include "kernels.h"

#define DEFINE_B(n) __global__ void kb_##n(int *p) { p[32 + n] = 2000 + n; }
FOR_32(DEFINE_B)

void launch_b(int *p) {
#define LAUNCH_B(n) hipLaunchKernelGGL(kb_##n, dim3(1), dim3(1), 0, 0, p);
  FOR_32(LAUNCH_B)
}

void launch_tk_b(float *f) {
  // tk<2, float> is instantiated in TU a too: either TU's registration must work.
  hipLaunchKernelGGL((tk<2, float>), dim3(1), dim3(64), 0, 0, f + 128);
  hipLaunchKernelGGL((tk<3, float>), dim3(1), dim3(64), 0, 0, f + 192);
}
