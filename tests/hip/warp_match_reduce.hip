// __match_any_sync, __match_all_sync and the __reduce_*_sync warp reductions (add, min, max,
// and, or, xor) over full warps, with 64-bit masks.
#define HIP_ENABLE_WARP_SYNC_BUILTINS 1
#include "hip_test.h"

__global__ void match_reduce(unsigned long long *m_any, unsigned long long *m_all, int *all_pred, unsigned *red) {
  const unsigned long long full = ~0ull;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int key = (threadIdx.x % warpSize) % 5;
  m_any[t] = __match_any_sync(full, key);
  int pred = -1;
  m_all[t] = __match_all_sync(full, 7, &pred);
  all_pred[t] = pred;
  unsigned v = (unsigned)(t * 2654435761u) >> 8;
  red[t * 6 + 0] = __reduce_add_sync(full, v);
  red[t * 6 + 1] = __reduce_min_sync(full, v);
  red[t * 6 + 2] = __reduce_max_sync(full, v);
  red[t * 6 + 3] = __reduce_and_sync(full, v | 0x80000001u);
  red[t * 6 + 4] = __reduce_or_sync(full, v);
  red[t * 6 + 5] = __reduce_xor_sync(full, v);
}

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  const int ws = prop.warpSize, n = 256;
  unsigned long long *ma, *ml;
  int *ap;
  unsigned *red;
  HIP_CHECK(hipMallocManaged((void **)&ma, n * 8, hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&ml, n * 8, hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&ap, n * 4, hipMemAttachGlobal));
  HIP_CHECK(hipMallocManaged((void **)&red, n * 6 * 4, hipMemAttachGlobal));
  hipLaunchKernelGGL(match_reduce, dim3(2), dim3(n / 2), 0, 0, ma, ml, ap, red);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  const unsigned long long full_warp = ws == 64 ? ~0ull : ((1ull << ws) - 1);
  for (int t = 0; t < n; ++t) {
    int lane = (t % (n / 2)) % ws, first = t - lane;
    unsigned long long want = 0;
    for (int l = 0; l < ws; ++l)
      if (l % 5 == lane % 5) want |= 1ull << l;
    if (ma[t] != want) FAIL_AT("__match_any_sync thread %d: 0x%llx, expected 0x%llx", t, ma[t], want);
    if (ml[t] != full_warp) FAIL_AT("__match_all_sync thread %d: 0x%llx, expected 0x%llx", t, ml[t], full_warp);
    CHECK_EQ(ap[t], 1);
    unsigned add = 0, mn = ~0u, mx = 0, an = ~0u, o = 0, x = 0;
    for (int l = 0; l < ws; ++l) {
      unsigned v = (unsigned)((first + l) * 2654435761u) >> 8;
      add += v;
      mn = v < mn ? v : mn;
      mx = v > mx ? v : mx;
      an &= v | 0x80000001u;
      o |= v;
      x ^= v;
    }
    const unsigned w[6] = {add, mn, mx, an, o, x};
    static const char *names[6] = {"add", "min", "max", "and", "or", "xor"};
    for (int k = 0; k < 6; ++k)
      if (red[t * 6 + k] != w[k]) FAIL_AT("__reduce_%s_sync thread %d: %u, expected %u", names[k], t, red[t * 6 + k], w[k]);
  }
  HIP_CHECK(hipFree(ma));
  HIP_CHECK(hipFree(ml));
  HIP_CHECK(hipFree(ap));
  HIP_CHECK(hipFree(red));
  return hip_test::pass();
}
