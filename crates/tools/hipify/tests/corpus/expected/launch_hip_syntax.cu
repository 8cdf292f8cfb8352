// hipify: --hip-kernel-execution-syntax
// Chevron launches become hipLaunchKernelGGL: 2, 3 and 4 configuration arguments, templates,
// namespaces, expressions with parentheses and commas, several lines, no arguments.
#include <hip/hip_runtime.h>

namespace ns {
__global__ void fill(float *x, float v) { x[threadIdx.x] = v; }
}
template <typename T, int N>
__global__ void axpy(T a, const T *x, T *y) { y[threadIdx.x] += a * x[threadIdx.x] * N; }
__global__ void noop() {}

void launch(float *x, float *y, int n, hipStream_t s) {
  dim3 grid((n + 255) / 256), block(256);
  hipLaunchKernelGGL(ns::fill, dim3(grid), dim3(block), 0, 0, x, 1.0f);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(axpy<float, 2>), dim3(n / 256, 1), dim3(256), sizeof(float) * 256, s, 2.0f, x, y);
  hipLaunchKernelGGL(noop, dim3(1), dim3(1), 0, 0);
  hipLaunchKernelGGL(noop, dim3(std::max(n / 256, 1)), dim3(256), 0, 0);
  hipLaunchKernelGGL(ns::fill, dim3(grid), dim3(block), 0, s,
      y, 0.0f);
}
