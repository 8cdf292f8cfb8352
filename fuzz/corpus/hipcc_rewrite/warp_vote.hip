// __ballot, __any, __all, __activemask in divergence-free code, with predicates, in full warps
// and in a partial last warp (block = warpSize + warpSize/2: the second warp has half its
// lanes); __lane_id. Masks are 64-bit (AMD); lanes above warpSize are never set.
#include "hip_test.h"

__global__ void votes(unsigned long long *ball, int *any, int *all, unsigned long long *active, int *lane,
                      int mode) {
  int t = threadIdx.x;
  int p;
  switch (mode) {
  case 0: p = (t % 3) == 0; break;
  case 1: p = 1; break;
  case 2: p = 0; break;
  case 3: p = (t % warpSize) == warpSize - 1; break;
  default: p = t & 4; break; // non-0/1 truth value
  }
  int g = blockIdx.x * blockDim.x + t;
  ball[g] = __ballot(p);
  any[g] = __any(p) != 0;
  all[g] = __all(p) != 0;
  active[g] = __activemask();
  lane[g] = (int)__lane_id();
}

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  const int ws = prop.warpSize;
  const int bss[] = {ws, 2 * ws, ws + ws / 2, 256, 1024, 100};
  const int blocks = 3, maxn = 3 * 1024;
  unsigned long long *ball, *active;
  int *any, *all, *lane;
  HIP_CHECK(hipMallocManaged((void **)&ball, maxn * 8, hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&active, maxn * 8, hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&any, maxn * 4, hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&all, maxn * 4, hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&lane, maxn * 4, hipMemAttachGlobal));
  for (int bs : bss)
    for (int mode = 0; mode < 5; ++mode) {
      hipLaunchKernelGGL(votes, dim3(blocks), dim3(bs), 0, 0, ball, any, all, active, lane, mode);
      HIP_CHECK(hipGetLastError());
      HIP_CHECK(hipDeviceSynchronize());
      for (int b = 0; b < blocks; ++b)
        for (int t = 0; t < bs; ++t) {
          int g = b * bs + t, first = t - t % ws;
          int lanes = (bs - first) < ws ? (bs - first) : ws; // lanes present in this warp
          unsigned long long want_ball = 0, want_active = 0;
          for (int l = 0; l < lanes; ++l) {
            int tt = first + l;
            int p;
            switch (mode) {
            case 0: p = (tt % 3) == 0; break;
            case 1: p = 1; break;
            case 2: p = 0; break;
            case 3: p = (tt % ws) == ws - 1; break;
            default: p = tt & 4; break;
            }
            if (p) want_ball |= 1ull << l;
            want_active |= 1ull << l;
          }
          if (ball[g] != want_ball)
            FAIL_AT("block %d mode %d thread %d: __ballot = 0x%llx, expected 0x%llx", bs, mode, t, ball[g], want_ball);
          if (any[g] != (want_ball != 0))
            FAIL_AT("block %d mode %d thread %d: __any = %d", bs, mode, t, any[g]);
          if (all[g] != (want_ball == want_active))
            FAIL_AT("block %d mode %d thread %d: __all = %d", bs, mode, t, all[g]);
          if (active[g] != want_active)
            FAIL_AT("block %d thread %d: __activemask = 0x%llx, expected 0x%llx", bs, t, active[g], want_active);
          if (lane[g] != t % ws) FAIL_AT("block %d thread %d: __lane_id = %d, expected %d", bs, t, lane[g], t % ws);
        }
    }
  HIP_CHECK(hipFree(ball));
  HIP_CHECK(hipFree(active));
  HIP_CHECK(hipFree(any));
  HIP_CHECK(hipFree(all));
  HIP_CHECK(hipFree(lane));
  return hip_test::pass();
}
