// Without --hip-kernel-execution-syntax the chevrons stay (hipify-clang's default).
#include <hip/hip_runtime.h>

__global__ void k(int *p) { p[threadIdx.x] = 1; }

void go(int *p, hipStream_t s) {
  k<<<1, 64, 0, s>>>(p);
  hipStreamSynchronize(s);
}
