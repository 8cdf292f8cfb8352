#include "hip/hip_runtime.h"
// cuRAND device API -> hipRAND.
#include <hiprand/hiprand_kernel.h>

__global__ void draw(float *out, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  hiprandState state;
  hiprand_init(seed, id, 0, &state);
  out[id] = hiprand_uniform(&state) + hiprand_normal(&state);
}
