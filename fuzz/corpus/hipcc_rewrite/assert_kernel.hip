// EXPECT-EXIT: nonzero
// EXPECT-STDOUT: launching the asserting kernel
// EXPECT-OUTPUT: value_must_not_be_13
// TIMEOUT: 60
// assert() failing in one work-item of a kernel aborts the program (as on AMD GPUs, where the
// failed device assert prints the expression and aborts), with the expression in the output; it
// must not hang. If the program gets past the synchronisation it exits 0, which EXPECT-EXIT
// rejects.
#undef NDEBUG
#include <cassert>
#include "hip_test.h"

__global__ void check_values(const int *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int value_must_not_be_13 = v[i];
    assert(value_must_not_be_13 != 13);
  }
}

int main() {
  const int n = 256;
  int *v = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&v, n * sizeof(int), hipMemAttachGlobal));
  for (int i = 0; i < n; ++i) v[i] = i % 13 == 0 && i != 0 && i != 13 ? 1 : i; // exactly one 13
  std::printf("launching the asserting kernel\n");
  std::fflush(stdout);
  hipLaunchKernelGGL(check_values, dim3(4), dim3(64), 0, 0, v, n);
  hipError_t e = hipDeviceSynchronize();
  std::printf("synchronize returned %s\n", hipGetErrorName(e));
  std::printf("FAIL: the failed device assert did not abort the program\n");
  std::fflush(stdout);
  return 0;
}
