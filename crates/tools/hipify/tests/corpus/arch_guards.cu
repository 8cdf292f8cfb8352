// __CUDA_ARCH__ stays and is reported: HIP does not define it for AMD GPUs.
#include <cuda_runtime.h>

__device__ float fast_div(float a, float b) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  return __fdividef(a, b);
#else
  return a / b;
#endif
}
// expect-warning: 5: __CUDA_ARCH__ is not defined when compiling for AMD GPUs
