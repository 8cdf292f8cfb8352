// Warp functions at NVIDIA's width, 32: warpSize and the device property, __shfl/_up/_down/
// _xor at widths 32, 16, 8 and 4 (HIP's mask-less forms, mapped onto the *_sync ones),
// __ballot (64-bit result, upper half zero), __any/__all, __activemask, __lane_id, and
// 64-thread blocks holding two independent warps.
#include "hip_test.h"

constexpr int kCases = 10;

__global__ void warp_ops(int *out, unsigned long long *ballots) {
  int t = threadIdx.x;
  int lane = __lane_id();
  int *o = out + t * kCases;
  o[0] = warpSize;
  o[1] = lane;
  o[2] = __shfl(t * 10, 3);          // width 32: lane 3 of this warp
  o[3] = __shfl(t * 10, 5, 16);      // lane 5 of this 16-lane segment
  o[4] = __shfl_up(t, 1, 8);         // from lane-1 within 8 lanes (unchanged at segment start)
  o[5] = __shfl_down(t, 2, 16);      // from lane+2 within 16 lanes (unchanged past the end)
  o[6] = __shfl_xor(t, 1, 4);        // swap neighbours
  o[7] = __any(t == 40);             // only the second warp has a 40
  o[8] = __all(t < 60);              // false in the second warp (lanes 28..31 hold 60..63)
  o[9] = __activemask() == 0xffffffffu;
  unsigned long long b = __ballot(t % 3 == 0);
  if (lane == 0) ballots[t / 32] = b;
}

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  CHECK_EQ(prop.warpSize, 32);
  int ws = 0;
  HIP_CHECK(hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, 0));
  CHECK_EQ(ws, 32);

  const int n = 64;
  int *out;
  unsigned long long *ballots;
  HIP_CHECK(hipMallocManaged((void **)&out, n * kCases * sizeof(int), hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&ballots, 2 * sizeof(unsigned long long), hipMemAttachGlobal));
  hipLaunchKernelGGL(warp_ops, dim3(1), dim3(n), 0, 0, out, ballots);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int t = 0; t < n; ++t) {
    const int *o = out + t * kCases;
    int lane = t % 32, warp_base = t - lane;
    CHECK_EQ(o[0], 32);
    CHECK_EQ(o[1], lane);
    CHECK_EQ(o[2], (warp_base + 3) * 10);
    CHECK_EQ(o[3], (t - t % 16 + 5) * 10);
    CHECK_EQ(o[4], t % 8 == 0 ? t : t - 1);
    CHECK_EQ(o[5], t % 16 < 14 ? t + 2 : t);
    CHECK_EQ(o[6], t ^ 1);
    CHECK_EQ(o[7], t >= 32 ? 1 : 0);
    CHECK_EQ(o[8], t < 32 ? 1 : 0);
    CHECK_EQ(o[9], 1);
  }
  for (int w = 0; w < 2; ++w) {
    unsigned long long want = 0;
    for (int l = 0; l < 32; ++l)
      if ((w * 32 + l) % 3 == 0) want |= 1ull << l;
    CHECK_EQ(ballots[w], want);
  }
  HIP_CHECK(hipFree(out));
  HIP_CHECK(hipFree(ballots));
  return hip_test::pass();
}
