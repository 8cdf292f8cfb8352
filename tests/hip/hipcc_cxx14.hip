// HIPCC-FLAGS: -std=c++14
// EXPECT-STDOUT: (null)
// A program built with -std=c++14 (ROCm's hipcc accepts every standard from C++11 on; the CPU
// platform's device language needs C++17, so hipcc raises the standard for HIP sources): a
// grid-stride loop kernel, a user __device__ function named like hipcc's internals
// (__hip_gridDim), and device printf("%s\n", nullptr), which prints "(null)" as GPUs do (GCC
// used to turn it into puts(nullptr), which faults). Written without hip_test.h (C++17).
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>

__device__ int __hip_gridDim(int x) { return 2 * x + 1; }

__global__ void grid_stride(int *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) out[i] = __hip_gridDim(i);
}

__global__ void print_null() {
  if (threadIdx.x == 0 && blockIdx.x == 0) printf("%s\n", static_cast<const char *>(nullptr));
}

#define CHECK_HIP(call)                                                                                      \
  do {                                                                                                       \
    hipError_t e_ = (call);                                                                                  \
    if (e_ != hipSuccess) {                                                                                  \
      std::printf("FAIL: %s returned %s [%s:%d]\n", #call, hipGetErrorName(e_), __FILE__, __LINE__);      \
      std::exit(1);                                                                                          \
    }                                                                                                        \
  } while (0)

int main() {
  const int n = 10007;
  int *out = nullptr;
  CHECK_HIP(hipMallocManaged(reinterpret_cast<void **>(&out), n * sizeof(int), hipMemAttachGlobal));
  grid_stride<<<7, 64>>>(out, n);
  CHECK_HIP(hipGetLastError());
  CHECK_HIP(hipDeviceSynchronize());
  for (int i = 0; i < n; ++i) {
    if (out[i] != 2 * i + 1) {
      std::printf("FAIL: out[%d] = %d, expected %d\n", i, out[i], 2 * i + 1);
      return 1;
    }
  }
  print_null<<<1, 1>>>();
  CHECK_HIP(hipGetLastError());
  CHECK_HIP(hipDeviceSynchronize());
  CHECK_HIP(hipFree(out));
  std::fflush(stdout);
  std::printf("PASS\n");
  return 0;
}
