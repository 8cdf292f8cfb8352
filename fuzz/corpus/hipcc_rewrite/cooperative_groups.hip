// Cooperative groups: this_thread_block (sync, thread_rank, size), tiled_partition (dynamic
// and thread_block_tile<16> with shfl and sync) and, if hipDeviceAttributeCooperativeLaunch
// reports 1, grid-wide sync through hipLaunchCooperativeKernel (a reported 1 must work).
#include "hip_test.h"
#include <hip/hip_cooperative_groups.h>
#include <algorithm>
namespace cg = cooperative_groups;

__global__ void block_groups(int *out) {
  cg::thread_block b = cg::this_thread_block();
  __shared__ int s[256];
  s[b.thread_rank()] = (int)b.thread_rank();
  b.sync();
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  out[g * 6 + 0] = (int)b.size();
  out[g * 6 + 1] = s[(b.thread_rank() + 1) % b.size()];
  cg::thread_group tile = cg::tiled_partition(b, 16);
  out[g * 6 + 2] = (int)tile.thread_rank();
  out[g * 6 + 3] = (int)tile.size();
  cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(b);
  out[g * 6 + 4] = t16.shfl((int)b.thread_rank(), 3);
  t16.sync();
  out[g * 6 + 5] = t16.shfl_down((int)b.thread_rank(), 1);
}

__global__ void grid_phases(int *data, int *out, int n) {
  cg::grid_group grid = cg::this_grid();
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  data[g] = g;
  grid.sync();
  out[g] = data[(g + 1) % n] + (int)grid.size();
}

int main() {
  const int bs = 256, blocks = 4, n = bs * blocks;
  int *out;
  HIP_CHECK(hipMallocManaged((void **)&out, n * 6 * sizeof(int), hipMemAttachGlobal));
  hipLaunchKernelGGL(block_groups, dim3(blocks), dim3(bs), 0, 0, out);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  for (int g = 0; g < n; ++g) {
    int t = g % bs;
    const int *o = out + g * 6;
    int lane = t % 16;
    int want_down = lane + 1 < 16 ? t + 1 : t;
    const int want[6] = {bs, (t + 1) % bs, lane, 16, t - lane + 3, want_down};
    for (int k = 0; k < 6; ++k)
      if (o[k] != want[k]) FAIL_AT("thread %d check %d: %d, expected %d", g, k, o[k], want[k]);
  }
  int coop = 0;
  HIP_CHECK(hipDeviceGetAttribute(&coop, hipDeviceAttributeCooperativeLaunch, 0));
  if (coop) {
    int per_cu = 0, cus = 0;
    HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_cu, grid_phases, 64, 0));
    HIP_CHECK(hipDeviceGetAttribute(&cus, hipDeviceAttributeMultiprocessorCount, 0));
    int gb = std::min(8, per_cu * cus);
    CHECK(gb >= 1, "no co-resident block possible");
    int gn = gb * 64;
    int *data, *res;
    HIP_CHECK(hipMallocManaged((void **)&data, gn * sizeof(int), hipMemAttachGlobal));
    HIP_CHECK(hipMallocManaged((void **)&res, gn * sizeof(int), hipMemAttachGlobal));
    void *args[] = {&data, &res, &gn};
    HIP_CHECK(hipLaunchCooperativeKernel((const void *)grid_phases, dim3(gb), dim3(64), args, 0, nullptr));
    HIP_CHECK(hipDeviceSynchronize());
    for (int g = 0; g < gn; ++g) CHECK_EQ(res[g], (g + 1) % gn + gn);
    HIP_CHECK(hipFree(data));
    HIP_CHECK(hipFree(res));
  } else {
    std::printf("note: cooperativeLaunch is 0; grid sync not tested\n");
  }
  HIP_CHECK(hipFree(out));
  return hip_test::pass();
}
