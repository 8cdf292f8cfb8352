// EXPECT-EXIT: nonzero
// EXPECT-STDOUT: launching the overflowing kernel
// TIMEOUT: 60
// A kernel that overflows its stack (deep recursion with a barrier first, so it runs on a
// fiber) must kill the process (guard page) or fail the synchronisation with an error (exit 2),
// not corrupt memory silently or hang. A silent success exits 0, which EXPECT-EXIT rejects.
#include "hip_test.h"

__attribute__((noinline)) __device__ int recurse(volatile char *prev, int depth) {
  volatile char frame[4096];
  frame[0] = (char)depth;
  frame[4095] = prev ? prev[0] : 0;
  if (depth == 0) return frame[0] + frame[4095];
  return recurse(frame, depth - 1) + frame[0];
}

__global__ void overflow(int *out, int depth) {
  __syncthreads();
  out[threadIdx.x] = recurse(nullptr, depth);
}

int main() {
  int *out = nullptr;
  HIP_CHECK(hipMalloc(&out, 64 * sizeof(int)));
  std::printf("launching the overflowing kernel\n");
  std::fflush(stdout);
  // 1 Mi frames of 4 KiB = 4 GiB of stack per work-item: far beyond any stack limit.
  hipLaunchKernelGGL(overflow, dim3(1), dim3(64), 0, 0, out, 1 << 20);
  hipError_t e = hipDeviceSynchronize();
  if (e != hipSuccess) {
    // Reported as a launch failure instead of killing the process: also acceptable.
    std::printf("overflow reported as %s\n", hipGetErrorName(e));
    std::fflush(stdout);
    return 2;
  }
  std::printf("synchronize returned %s; the overflow went unnoticed\n", hipGetErrorName(e));
  std::printf("FAIL: the stack overflow did not terminate the program\n");
  std::fflush(stdout);
  return 0;
}
