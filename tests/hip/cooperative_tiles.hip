// Cooperative-groups tiles and coalesced groups, checked lane by lane against host references:
// static tiles (thread_block_tile<4/8/16/32>) with shfl / shfl_up / shfl_down / shfl_xor, ballot,
// any, all, match_any, match_all, sync, thread_rank / size / meta_group_rank / meta_group_size; a
// tile of a tile; dynamic tiled_partition(block, n); coalesced_threads() in a divergent branch
// (aggregated atomics and shfl by rank); cg::reduce / inclusive_scan / exclusive_scan with plus,
// less, greater, bit_and, bit_or, bit_xor on tiles and coalesced groups (a 16-byte struct too);
// labeled_partition / binary_partition; the free functions group_size / thread_rank / sync.
#include "hip_test.h"
#include <hip/hip_cooperative_groups.h>
#if defined(__HIP_PLATFORM_NVIDIA__)
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#endif
#include <vector>
namespace cg = cooperative_groups;

constexpr int kBlock = 128;
constexpr int kFields = 16;

template <unsigned N> __global__ void tile_ops(const int *in, long long *out) {
  cg::thread_block b = cg::this_thread_block();
  cg::thread_block_tile<N> t = cg::tiled_partition<N>(b);
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[g];
  long long *o = out + (long long)g * kFields;
  o[0] = t.thread_rank();
  o[1] = t.size();
  o[2] = t.meta_group_rank();
  o[3] = t.meta_group_size();
  o[4] = t.shfl(v, 1);
  o[5] = t.shfl_down(v, 2);
  o[6] = t.shfl_up(v, 3);
  o[7] = t.shfl_xor(v, 1);
  o[8] = (long long)t.ballot(v % 3 == 0);
  o[9] = t.any(v == 7);
  o[10] = t.all(v >= 0);
  o[11] = (long long)t.match_any(v % 4);
  int pred = -1;
  o[12] = (long long)t.match_all(v / 1000, pred);
  o[13] = pred;
  t.sync();
  o[14] = cg::reduce(t, v, cg::plus<int>());
  o[15] = cg::inclusive_scan(t, v, cg::plus<int>());
}

struct pair_sum {
  long long a;
  double b;
};
struct pair_plus {
  __device__ pair_sum operator()(const pair_sum &x, const pair_sum &y) const { return {x.a + y.a, x.b + y.b}; }
};

__global__ void reduce_ops(const int *in, long long *out) {
  cg::thread_block_tile<16> t = cg::tiled_partition<16>(cg::this_thread_block());
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[g];
  long long *o = out + (long long)g * 10;
  o[0] = cg::reduce(t, v, cg::less<int>());
  o[1] = cg::reduce(t, v, cg::greater<int>());
  o[2] = cg::reduce(t, (unsigned)v | 0x100u, cg::bit_and<unsigned>());
  o[3] = cg::reduce(t, (unsigned)v, cg::bit_or<unsigned>());
  o[4] = cg::reduce(t, (unsigned)v, cg::bit_xor<unsigned>());
  o[5] = cg::exclusive_scan(t, v, cg::plus<int>());
  o[6] = cg::inclusive_scan(t, v, cg::greater<int>());
  pair_sum p = cg::reduce(t, pair_sum{v, v * 0.5}, pair_plus());
  o[7] = p.a;
  o[8] = (long long)(p.b * 2);
  // A tile of a tile: 4-wide tiles of the 16-wide one.
  cg::thread_block_tile<4> q = cg::tiled_partition<4>(t);
  o[9] = q.meta_group_rank() * 100 + q.meta_group_size() * 10 + q.thread_rank();
}

__global__ void dynamic_tiles(long long *out) {
  cg::thread_block b = cg::this_thread_block();
  cg::thread_group t8 = cg::tiled_partition(b, 8);
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  out[g * 4 + 0] = t8.thread_rank();
  out[g * 4 + 1] = t8.size();
  t8.sync();
  cg::sync(b);
  out[g * 4 + 2] = cg::group_size(b);
  out[g * 4 + 3] = cg::thread_rank(b);
}

// Lanes with an odd value form a coalesced group: one atomic per group, ranks by lane order,
// a shfl from rank 0 and a reduce / scan over the members only.
__global__ void coalesced(const int *in, int *counter, long long *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[g];
  long long *o = out + (long long)g * 6;
  for (int k = 0; k < 6; ++k) o[k] = -1;
  if (v & 1) {
    cg::coalesced_group active = cg::coalesced_threads();
    int base = 0;
    if (active.thread_rank() == 0) base = atomicAdd(counter, (int)active.size());
    base = active.shfl(base, 0);
    o[0] = base + active.thread_rank();
    o[1] = active.size();
    o[2] = active.thread_rank();
    o[3] = cg::reduce(active, v, cg::plus<int>());
    o[4] = cg::exclusive_scan(active, v, cg::plus<int>());
    o[5] = (long long)active.ballot(v % 3 == 0);
  }
}

__global__ void partitions(const int *in, long long *out) {
  cg::thread_block_tile<32> t = cg::tiled_partition<32>(cg::this_thread_block());
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[g];
  cg::coalesced_group same = cg::labeled_partition(t, v % 3);
  cg::coalesced_group half = cg::binary_partition(t, v >= 50);
  out[g * 4 + 0] = same.size();
  out[g * 4 + 1] = same.thread_rank();
  out[g * 4 + 2] = half.size();
  out[g * 4 + 3] = cg::reduce(half, v, cg::plus<int>());
}

static std::vector<int> inputs(int n) {
  std::vector<int> v(n);
  for (int i = 0; i < n; ++i) v[i] = (i * 37 + 11) % 97;
  return v;
}

template <unsigned N> static void check_tile(const int *d_in, const std::vector<int> &in, long long *d_out, int n) {
  hipLaunchKernelGGL(tile_ops<N>, dim3(n / kBlock), dim3(kBlock), 0, 0, d_in, d_out);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<long long> o((size_t)n * kFields);
  HIP_CHECK(hipMemcpy(o.data(), d_out, o.size() * sizeof(long long), hipMemcpyDeviceToHost));
  for (int g = 0; g < n; ++g) {
    int t = g % kBlock, r = t % (int)N, base = g - r;
    auto at = [&](int rank) { return in[base + rank]; };
    long long ballot = 0, match = 0, sum = 0, scan = 0;
    bool any7 = false, same = true;
    for (int k = 0; k < (int)N; ++k) {
      if (at(k) % 3 == 0) ballot |= 1ll << k;
      if (at(k) % 4 == in[g] % 4) match |= 1ll << k;
      any7 |= at(k) == 7;
      same &= at(k) / 1000 == in[g] / 1000;
      sum += at(k);
      if (k <= r) scan += at(k);
    }
    const long long want[kFields] = {r,
                                     (long long)N,
                                     t / (int)N,
                                     kBlock / (int)N,
                                     at(1 % N),
                                     r + 2 < (int)N ? at(r + 2) : in[g],
                                     r >= 3 ? at(r - 3) : in[g],
                                     (r ^ 1) < (int)N ? at(r ^ 1) : in[g],
                                     ballot,
                                     any7,
                                     1,
                                     match,
                                     same ? (long long)((N == 64 ? ~0ull : (1ull << N) - 1)) : 0,
                                     same ? 1 : 0,
                                     sum,
                                     scan};
    for (int k = 0; k < kFields; ++k)
      if (o[(size_t)g * kFields + k] != want[k])
        FAIL_AT("tile<%u> thread %d field %d: %lld, expected %lld", N, g, k, o[(size_t)g * kFields + k], want[k]);
  }
}

int main() {
  const int blocks = 4, n = blocks * kBlock;
  std::vector<int> in = inputs(n);
  int *d_in, *counter;
  long long *d_out;
  HIP_CHECK(hipMalloc(&d_in, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&counter, sizeof(int)));
  HIP_CHECK(hipMalloc(&d_out, (size_t)n * kFields * sizeof(long long)));
  HIP_CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));

  check_tile<4>(d_in, in, d_out, n);
  check_tile<8>(d_in, in, d_out, n);
  check_tile<16>(d_in, in, d_out, n);
  check_tile<32>(d_in, in, d_out, n);

  hipLaunchKernelGGL(reduce_ops, dim3(blocks), dim3(kBlock), 0, 0, d_in, d_out);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<long long> o((size_t)n * 10);
  HIP_CHECK(hipMemcpy(o.data(), d_out, o.size() * sizeof(long long), hipMemcpyDeviceToHost));
  for (int g = 0; g < n; ++g) {
    int r = g % 16, base = g - r;
    long long mn = 1 << 30, mx = -1, ex = 0, incmax = -1, sum = 0;
    unsigned band = ~0u, bor = 0, bxor = 0;
    for (int k = 0; k < 16; ++k) {
      int v = in[base + k];
      mn = std::min<long long>(mn, v);
      mx = std::max<long long>(mx, v);
      band &= (unsigned)v | 0x100u;
      bor |= (unsigned)v;
      bxor ^= (unsigned)v;
      if (k < r) ex += v;
      if (k <= r) incmax = std::max<long long>(incmax, v);
      sum += v;
    }
    int t = g % kBlock % 16;
    const long long want[10] = {mn, mx, band, bor, bxor, ex, incmax, sum, sum,
                                (long long)(t / 4) * 100 + 4 * 10 + t % 4};
    for (int k = 0; k < 10; ++k)
      if (o[(size_t)g * 10 + k] != want[k])
        FAIL_AT("reduce thread %d field %d: %lld, expected %lld", g, k, o[(size_t)g * 10 + k], want[k]);
  }

  hipLaunchKernelGGL(dynamic_tiles, dim3(blocks), dim3(kBlock), 0, 0, d_out);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(o.data(), d_out, (size_t)n * 4 * sizeof(long long), hipMemcpyDeviceToHost));
  for (int g = 0; g < n; ++g) {
    const long long want[4] = {g % kBlock % 8, 8, kBlock, g % kBlock};
    for (int k = 0; k < 4; ++k)
      if (o[(size_t)g * 4 + k] != want[k]) FAIL_AT("dynamic tile thread %d field %d: %lld, expected %lld", g, k, o[(size_t)g * 4 + k], want[k]);
  }

  HIP_CHECK(hipMemset(counter, 0, sizeof(int)));
  hipLaunchKernelGGL(coalesced, dim3(blocks), dim3(kBlock), 0, 0, d_in, counter, d_out);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(o.data(), d_out, (size_t)n * 6 * sizeof(long long), hipMemcpyDeviceToHost));
  int hits = 0, odd = 0;
  HIP_CHECK(hipMemcpy(&hits, counter, sizeof(int), hipMemcpyDeviceToHost));
  std::vector<int> seen(n, 0);
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  const int warp = prop.warpSize;
  for (int g = 0; g < n; ++g) {
    const long long *r = &o[(size_t)g * 6];
    if (!(in[g] & 1)) {
      CHECK(r[0] == -1, "thread %d (even value) took part in the coalesced group", g);
      continue;
    }
    ++odd;
    int w0 = g - g % warp;
    long long size = 0, rank = 0, sum = 0, ex = 0, ballot = 0;
    for (int k = w0; k < w0 + warp; ++k)
      if (in[k] & 1) {
        if (in[k] % 3 == 0) ballot |= 1ll << size;
        if (k < g) {
          ++rank;
          ex += in[k];
        }
        ++size;
        sum += in[k];
      }
    CHECK(r[1] == size && r[2] == rank, "thread %d: coalesced size %lld rank %lld, expected %lld %lld", g, r[1], r[2], size, rank);
    CHECK(r[3] == sum && r[4] == ex && r[5] == ballot, "thread %d: reduce %lld scan %lld ballot %llx, expected %lld %lld %llx", g,
          r[3], r[4], (unsigned long long)r[5], sum, ex, (unsigned long long)ballot);
    CHECK(r[0] >= 0 && r[0] < n && !seen[r[0]]++, "thread %d: aggregated slot %lld reused or out of range", g, r[0]);
  }
  CHECK_EQ(hits, odd);

  hipLaunchKernelGGL(partitions, dim3(blocks), dim3(kBlock), 0, 0, d_in, d_out);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(o.data(), d_out, (size_t)n * 4 * sizeof(long long), hipMemcpyDeviceToHost));
  for (int g = 0; g < n; ++g) {
    int base = g - g % 32;
    long long same = 0, rank = 0, half = 0, hsum = 0;
    for (int k = base; k < base + 32; ++k) {
      if (in[k] % 3 == in[g] % 3) {
        ++same;
        if (k < g) ++rank;
      }
      if ((in[k] >= 50) == (in[g] >= 50)) {
        ++half;
        hsum += in[k];
      }
    }
    const long long want[4] = {same, rank, half, hsum};
    for (int k = 0; k < 4; ++k)
      if (o[(size_t)g * 4 + k] != want[k]) FAIL_AT("partition thread %d field %d: %lld, expected %lld", g, k, o[(size_t)g * 4 + k], want[k]);
  }

  HIP_CHECK(hipFree(d_in));
  HIP_CHECK(hipFree(counter));
  HIP_CHECK(hipFree(d_out));
  return hip_test::pass();
}
