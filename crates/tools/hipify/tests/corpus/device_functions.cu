// Device functions HIP provides keep their names; half precision moves to hip/hip_fp16.h;
// an unsupported one is reported.
#include <cuda_fp16.h>

__device__ float f(float a, float b) {
  __half h = __float2half(a);
  float r = __fdividef(a, b) + __saturatef(b) + __half2float(h);
  atomicAdd(&r, 1.0f);
  __syncthreads();
  return r + __ldg(&a) + umul24(1, 2);
}
// expect-warning: 10: unsupported HIP identifier: umul24
