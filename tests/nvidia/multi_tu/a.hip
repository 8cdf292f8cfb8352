#define HIP_TEST_NO_SPIN_KERNEL // defined in main.hip
#include "kernels.h"

#define DEFINE_A(n) __global__ void ka_##n(int *p) { p[n] = 1000 + n; }
FOR_32(DEFINE_A)

void launch_a(int *p) {
#define LAUNCH_A(n) hipLaunchKernelGGL(ka_##n, dim3(1), dim3(1), 0, 0, p);
  FOR_32(LAUNCH_A)
}

void launch_tk_a(float *f) {
  hipLaunchKernelGGL((tk<1, float>), dim3(1), dim3(64), 0, 0, f + 64);
  hipLaunchKernelGGL((tk<2, float>), dim3(1), dim3(64), 0, 0, f + 128);
}
