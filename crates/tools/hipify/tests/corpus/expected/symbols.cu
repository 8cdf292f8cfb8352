// Argument rules: HIP takes a __device__ variable through HIP_SYMBOL and a kernel as
// const void*; nested parentheses and templates in the arguments are handled.
#include <hip/hip_runtime.h>

__constant__ float coeffs[16];
__device__ int counter;
template <int N> __global__ void k(float *x) { x[threadIdx.x] = coeffs[threadIdx.x % N]; }

void setup(const float *h, float *x, hipStream_t s) {
  hipMemcpyToSymbol(HIP_SYMBOL(coeffs), h, sizeof(float) * 16);
  hipMemcpyToSymbolAsync(HIP_SYMBOL(coeffs), h, sizeof(float) * (16 - 8), sizeof(float) * 8,
                          hipMemcpyHostToDevice, s);
  int c = 0;
  hipMemcpyFromSymbol(&c, HIP_SYMBOL(counter), sizeof(int));
  void *addr = nullptr;
  hipGetSymbolAddress(&addr, HIP_SYMBOL(counter));
  hipFuncAttributes attr;
  hipFuncGetAttributes(&attr, reinterpret_cast<const void*>(k<16>));
  hipFuncSetCacheConfig(reinterpret_cast<const void*>(k<16>), hipFuncCachePreferShared);
  void *args[] = {&x};
  hipLaunchKernel(reinterpret_cast<const void*>((const void *)k<16>), dim3(1), dim3(16), args, 0, s);
}
