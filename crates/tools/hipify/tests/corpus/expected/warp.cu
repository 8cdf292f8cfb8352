// Warp-size-sensitive code is kept and flagged: AMD wavefronts have 64 lanes.
#include <hip/hip_runtime.h>

__device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__global__ void reduce(const float *in, float *out) {
  int lane = threadIdx.x % 32;
  int warp = threadIdx.x / 32;
  float v = warp_sum(in[threadIdx.x]);
  unsigned mask = __ballot_sync(__activemask(), v > 0);
  if (lane == 0) out[warp] = v + mask;
  float buf[32];
  (void)buf;
}
// expect-warning: 6: __shfl_down_sync
// expect-warning: 6: 64-bit mask
// expect-warning: 11: hard-coded warp size 32
// expect-warning: 12: hard-coded warp size 32
// expect-warning: 14: __ballot_sync
// expect-warning: 14: __activemask
