// EXPECT-STDOUT: kernel says hello from block 0 thread 0
// EXPECT-STDOUT: kernel says hello from block 1 thread 3
// EXPECT-STDOUT: formats: int=-42 uint=4000000000 hex=beef long=123456789012 char=Z str=ferrocm float=2.50 double=-0.125000
// EXPECT-STDOUT: padded: [   7] [7   ] [0007] [3.14159]
// EXPECT-STDOUT: after sync 8 lines
// printf from kernels: output appears on the program's stdout by the time the kernel has been
// synchronised, every line once (the runner checks the lines above; this program counts them
// through a pipe-free check of the printf return value and prints a summary).
#include "hip_test.h"

__global__ void hello(int *ret) {
  int r = printf("kernel says hello from block %d thread %d\n", (int)blockIdx.x, (int)threadIdx.x);
  ret[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

__global__ void formats() {
  printf("formats: int=%d uint=%u hex=%x long=%lld char=%c str=%s float=%.2f double=%f\n", -42, 4000000000u, 0xbeef,
         123456789012ll, 'Z', "ferrocm", 2.5f, -0.125);
  printf("padded: [%4d] [%-4d] [%04d] [%.5f]\n", 7, 7, 7, 3.14159265);
}

int main() {
  int *ret = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&ret, 8 * sizeof(int), hipMemAttachGlobal));
  for (int i = 0; i < 8; ++i) ret[i] = -1;
  hipLaunchKernelGGL(hello, dim3(2), dim3(4), 0, 0, ret);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  hipLaunchKernelGGL(formats, dim3(1), dim3(1), 0, 0);
  HIP_CHECK(hipDeviceSynchronize());
  std::fflush(stdout);
  // printf returns the number of characters written (>= 0; AMD documents 0 on success in
  // older ROCm, so only require non-negative).
  int ok = 0;
  for (int i = 0; i < 8; ++i) ok += ret[i] >= 0;
  CHECK_EQ(ok, 8);
  std::printf("after sync %d lines\n", ok);
  HIP_CHECK(hipFree(ret));
  return hip_test::pass();
}
