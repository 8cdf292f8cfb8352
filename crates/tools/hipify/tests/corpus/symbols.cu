// Argument rules: HIP takes a __device__ variable through HIP_SYMBOL and a kernel as
// const void*; nested parentheses and templates in the arguments are handled.
#include <cuda_runtime.h>

__constant__ float coeffs[16];
__device__ int counter;
template <int N> __global__ void k(float *x) { x[threadIdx.x] = coeffs[threadIdx.x % N]; }

void setup(const float *h, float *x, cudaStream_t s) {
  cudaMemcpyToSymbol(coeffs, h, sizeof(float) * 16);
  cudaMemcpyToSymbolAsync(coeffs, h, sizeof(float) * (16 - 8), sizeof(float) * 8,
                          cudaMemcpyHostToDevice, s);
  int c = 0;
  cudaMemcpyFromSymbol(&c, counter, sizeof(int));
  void *addr = nullptr;
  cudaGetSymbolAddress(&addr, counter);
  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, k<16>);
  cudaFuncSetCacheConfig(k<16>, cudaFuncCachePreferShared);
  void *args[] = {&x};
  cudaLaunchKernel((const void *)k<16>, dim3(1), dim3(16), args, 0, s);
}
