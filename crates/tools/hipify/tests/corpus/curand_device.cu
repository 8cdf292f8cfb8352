// cuRAND device API -> hipRAND.
#include <curand_kernel.h>

__global__ void draw(float *out, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState state;
  curand_init(seed, id, 0, &state);
  out[id] = curand_uniform(&state) + curand_normal(&state);
}
