// EXPECT-STDOUT: launching the asserting kernel
// EXPECT-OUTPUT: value_must_not_be_13
// TIMEOUT: 60
// assert() failing in one work-item of a kernel prints the failed expression (with the file,
// line and function, as HIP and CUDA do) and fails the kernel's stream with hipErrorAssert, the
// code HIP documents for it; it must not hang. On NVIDIA the error is CUDA's sticky
// cudaErrorAssert, so nothing else is checked there; on the CPU platform the process goes on
// (docs/RELIABILITY.md, "Faults"; tests/hip/fault_kernel_trap.hip checks the rest).
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
  HIP_EXPECT(hipDeviceSynchronize(), hipErrorAssert);
  return hip_test::pass();
}
