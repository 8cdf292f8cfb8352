// The _sync warp functions with full 64-bit masks (AMD requires a 64-bit mask type; on a
// 32-lane warp the value narrows to the low 32 lanes): __shfl_sync / _up / _down / _xor,
// __ballot_sync, __any_sync, __all_sync; __lane_id; __syncwarp; a warp reduction with
// __shfl_xor_sync and one with __shfl_down; warp ops run by only some warps of a block.
#define HIP_ENABLE_WARP_SYNC_BUILTINS 1
#include "hip_test.h"

__global__ void sync_forms(int *out, int width) {
  const unsigned long long full = ~0ull;
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int v = tid * 5 + 2;
  int *o = out + tid * 8;
  o[0] = __shfl_sync(full, v, 1, width);
  o[1] = __shfl_up_sync(full, v, 1, width);
  o[2] = __shfl_down_sync(full, v, 1, width);
  o[3] = __shfl_xor_sync(full, v, 1, width);
  unsigned long long b = __ballot_sync(full, (threadIdx.x % 3) == 0);
  o[4] = (int)__popcll(b);
  o[5] = __any_sync(full, threadIdx.x == 5) ? 1 : 0;
  o[6] = __all_sync(full, threadIdx.x < 100000) ? 1 : 0;
  o[7] = (int)__lane_id();
}

__global__ void warp_reduce(const int *in, int *out_xor, int *out_down) {
  const unsigned long long full = ~0ull;
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[tid];
  int a = v;
  for (int m = warpSize / 2; m > 0; m /= 2) a += __shfl_xor_sync(full, a, m);
  int b = v;
  for (int d = warpSize / 2; d > 0; d /= 2) b += __shfl_down(b, d);
  out_xor[tid] = a;
  if (__lane_id() == 0) out_down[tid / warpSize] = b;
}

// Only odd-numbered warps shuffle; even warps wait at the barrier. Shared-memory handoff via
// __syncwarp inside a warp.
__global__ void some_warps(int *out) {
  __shared__ int s[1024];
  int t = threadIdx.x;
  int warp = t / warpSize;
  out[t] = -1;
  if (warp % 2 == 1) {
    s[t] = t * 2;
    __syncwarp();
    int lane = t % warpSize;
    int nb = s[warp * warpSize + (lane + 1) % warpSize];
    out[t] = __shfl(nb, 0) + nb;
  }
  __syncthreads();
}

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  const int ws = prop.warpSize;
  const int bs = 256, blocks = 2, n = bs * blocks;
  int *out = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&out, n * 8 * sizeof(int), hipMemAttachGlobal));
  for (int width = 1; width <= ws; width *= 2) {
    hipLaunchKernelGGL(sync_forms, dim3(blocks), dim3(bs), 0, 0, out, width);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());
    for (int tid = 0; tid < n; ++tid) {
      int t = tid % bs, lane = t % ws, base = lane & ~(width - 1);
      auto val = [&](int l) { return (tid - lane + l) * 5 + 2; };
      const int *o = out + tid * 8;
      int want0 = val(base + (1 & (width - 1)));
      int want1 = lane - 1 < base ? val(lane) : val(lane - 1);
      int want2 = (lane & (width - 1)) + 1 >= width ? val(lane) : val(lane + 1);
      int x = lane ^ 1;
      int want3 = x >= ((lane + width) & ~(width - 1)) ? val(lane) : val(x);
      int warp_first = t - lane;
      int ballot_pop = 0;
      for (int l = 0; l < ws; ++l) ballot_pop += ((warp_first + l) % 3) == 0;
      int any5 = (warp_first <= 5 && 5 < warp_first + ws) ? 1 : 0;
      const int want[8] = {want0, want1, want2, want3, ballot_pop, any5, 1, lane};
      for (int k = 0; k < 8; ++k)
        if (o[k] != want[k]) FAIL_AT("width %d thread %d check %d: got %d, expected %d", width, tid, k, o[k], want[k]);
    }
  }
  int *in = nullptr, *rx = nullptr, *rd = nullptr;
  HIP_CHECK(hipMallocManaged((void **)&in, n * sizeof(int), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&rx, n * sizeof(int), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&rd, n * sizeof(int), hipMemAttachGlobal));
  for (int i = 0; i < n; ++i) in[i] = (i * 37) % 101 - 50;
  hipLaunchKernelGGL(warp_reduce, dim3(blocks), dim3(bs), 0, 0, in, rx, rd);
  HIP_CHECK(hipDeviceSynchronize());
  for (int w = 0; w < n / ws; ++w) {
    int sum = 0;
    for (int l = 0; l < ws; ++l) sum += in[w * ws + l];
    for (int l = 0; l < ws; ++l) CHECK_EQ(rx[w * ws + l], sum);
    CHECK_EQ(rd[w], sum);
  }
  hipLaunchKernelGGL(some_warps, dim3(1), dim3(1024), 0, 0, out);
  HIP_CHECK(hipDeviceSynchronize());
  for (int t = 0; t < 1024; ++t) {
    int warp = t / ws, lane = t % ws;
    int want = -1;
    if (warp % 2 == 1) {
      int nb0 = (warp * ws + 1 % ws) * 2; // lane 0's neighbour value
      want = nb0 + (warp * ws + (lane + 1) % ws) * 2;
    }
    if (out[t] != want) FAIL_AT("some_warps thread %d: %d, expected %d", t, out[t], want);
  }
  HIP_CHECK(hipFree(out));
  HIP_CHECK(hipFree(in));
  HIP_CHECK(hipFree(rx));
  HIP_CHECK(hipFree(rd));
  return hip_test::pass();
}
