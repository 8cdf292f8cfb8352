// hipcub::BlockReduce and hipcub::BlockScan in kernels, checked against std:: algorithms on the
// host: Sum / Reduce (custom operator on a user struct) / partial tiles (num_valid); inclusive and
// exclusive sums and scans with block aggregates, items per thread 1..16, and a running prefix
// through BlockPrefixCallbackOp over several tiles; block sizes 32..1024 (also 100, not a
// multiple of the warp), int8, int, unsigned, int64, float (integer-valued: exact), double and
// a struct. The results CUB documents as valid (thread 0 for reductions) are the only ones read.
#include "hip_test.h"

#include <hipcub/hipcub.hpp>

#include <algorithm>
#include <numeric>
#include <vector>

struct Pair {
  int lo, hi;
};
// Lexicographic max of (hi, lo): associative and not commutative-sensitive here.
struct PairMax {
  __host__ __device__ Pair operator()(const Pair &a, const Pair &b) const {
    return (a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo)) ? b : a;
  }
};
bool operator==(const Pair &a, const Pair &b) { return a.lo == b.lo && a.hi == b.hi; }
namespace hip_test {
inline std::string to_str(const Pair &p) { return "{" + std::to_string(p.lo) + "," + std::to_string(p.hi) + "}"; }
} // namespace hip_test

template <class T> T make_value(int i) { return T((i * 37 + 11) % 23) - T(5); }
template <> Pair make_value<Pair>(int i) { return Pair{(i * 7) % 13, (i * 5) % 11}; }

// out[block] = BlockReduce sum of the block's tile (ITEMS per thread, blocked), and, for the
// first `valid` threads only, the partial reduction with a max operator.
template <class T, int B, int ITEMS>
__global__ void __launch_bounds__(B) reduce_kernel(const T *in, T *sums, T *maxes, int valid) {
  using BR = hipcub::BlockReduce<T, B>;
  __shared__ typename BR::TempStorage temp;
  T items[ITEMS];
  const T *tile = in + blockIdx.x * B * ITEMS;
  for (int i = 0; i < ITEMS; ++i) items[i] = tile[threadIdx.x * ITEMS + i];
  T s = BR(temp).Sum(items);
  if (threadIdx.x == 0) sums[blockIdx.x] = s;
  __syncthreads();
  T m = BR(temp).Reduce(items[0], hipcub::Max(), valid);
  if (threadIdx.x == 0) maxes[blockIdx.x] = m;
}

template <class T, int B, int ITEMS> void check_reduce() {
  const int blocks = 3, n = blocks * B * ITEMS;
  std::vector<T> h(n);
  for (int i = 0; i < n; ++i) h[i] = make_value<T>(i);
  T *d, *ds, *dm;
  HIP_CHECK(hipMalloc(&d, n * sizeof(T)));
  HIP_CHECK(hipMalloc(&ds, blocks * sizeof(T)));
  HIP_CHECK(hipMalloc(&dm, blocks * sizeof(T)));
  HIP_CHECK(hipMemcpy(d, h.data(), n * sizeof(T), hipMemcpyHostToDevice));
  const int valid = B > 1 ? B - 1 : 1;
  hipLaunchKernelGGL(HIP_KERNEL_NAME(reduce_kernel<T, B, ITEMS>), dim3(blocks), dim3(B), 0, 0, d, ds, dm, valid);
  HIP_CHECK(hipGetLastError());
  std::vector<T> s(blocks), m(blocks);
  HIP_CHECK(hipMemcpy(s.data(), ds, blocks * sizeof(T), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(m.data(), dm, blocks * sizeof(T), hipMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    T es = T(0);
    for (int i = 0; i < B * ITEMS; ++i) es = T(es + h[b * B * ITEMS + i]);
    T em = h[b * B * ITEMS];
    for (int t = 1; t < valid; ++t) em = std::max(em, h[b * B * ITEMS + t * ITEMS]);
    CHECK(s[b] == es, "block %d sum (B=%d ITEMS=%d): %s vs %s", b, B, ITEMS, hip_test::to_str(s[b]).c_str(),
          hip_test::to_str(es).c_str());
    CHECK(m[b] == em, "block %d partial max (B=%d valid=%d)", b, B, valid);
  }
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(ds));
  HIP_CHECK(hipFree(dm));
}

// A user struct with a custom operator through BlockReduce::Reduce.
template <int B> __global__ void __launch_bounds__(B) reduce_struct(const Pair *in, Pair *out) {
  using BR = hipcub::BlockReduce<Pair, B>;
  __shared__ typename BR::TempStorage temp;
  Pair r = BR(temp).Reduce(in[blockIdx.x * B + threadIdx.x], PairMax());
  if (threadIdx.x == 0) out[blockIdx.x] = r;
}

// Scans: every thread writes its inclusive sum, exclusive sum, exclusive max scan with an
// initial value, and thread 0 the aggregate.
template <class T, int B, int ITEMS>
__global__ void __launch_bounds__(B) scan_kernel(const T *in, T *inc, T *exc, T *excmax, T *agg) {
  using BS = hipcub::BlockScan<T, B>;
  __shared__ typename BS::TempStorage temp;
  const int base = blockIdx.x * B * ITEMS + threadIdx.x * ITEMS;
  T items[ITEMS], out[ITEMS];
  for (int i = 0; i < ITEMS; ++i) items[i] = in[base + i];
  T aggregate;
  BS(temp).InclusiveSum(items, out, aggregate);
  for (int i = 0; i < ITEMS; ++i) inc[base + i] = out[i];
  if (threadIdx.x == 0) agg[blockIdx.x] = aggregate;
  __syncthreads();
  BS(temp).ExclusiveSum(items, out);
  for (int i = 0; i < ITEMS; ++i) exc[base + i] = out[i];
  __syncthreads();
  BS(temp).ExclusiveScan(items, out, T(-100), hipcub::Max());
  for (int i = 0; i < ITEMS; ++i) excmax[base + i] = out[i];
}

template <class T, int B, int ITEMS> void check_scan() {
  const int blocks = 2, n = blocks * B * ITEMS;
  std::vector<T> h(n);
  for (int i = 0; i < n; ++i) h[i] = make_value<T>(i * 3 + 1);
  T *d, *inc, *exc, *excmax, *agg;
  HIP_CHECK(hipMalloc(&d, n * sizeof(T)));
  HIP_CHECK(hipMalloc(&inc, n * sizeof(T)));
  HIP_CHECK(hipMalloc(&exc, n * sizeof(T)));
  HIP_CHECK(hipMalloc(&excmax, n * sizeof(T)));
  HIP_CHECK(hipMalloc(&agg, blocks * sizeof(T)));
  HIP_CHECK(hipMemcpy(d, h.data(), n * sizeof(T), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(HIP_KERNEL_NAME(scan_kernel<T, B, ITEMS>), dim3(blocks), dim3(B), 0, 0, d, inc, exc, excmax, agg);
  HIP_CHECK(hipGetLastError());
  std::vector<T> hi(n), he(n), hm(n), ha(blocks);
  HIP_CHECK(hipMemcpy(hi.data(), inc, n * sizeof(T), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(he.data(), exc, n * sizeof(T), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(hm.data(), excmax, n * sizeof(T), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(ha.data(), agg, blocks * sizeof(T), hipMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    T run = T(0), mx = T(-100);
    for (int i = 0; i < B * ITEMS; ++i) {
      const int j = b * B * ITEMS + i;
      CHECK(he[j] == run, "exclusive sum at %d (B=%d ITEMS=%d)", j, B, ITEMS);
      CHECK(hm[j] == mx, "exclusive max scan at %d (B=%d ITEMS=%d)", j, B, ITEMS);
      run = T(run + h[j]);
      mx = std::max(mx, h[j]);
      CHECK(hi[j] == run, "inclusive sum at %d (B=%d ITEMS=%d)", j, B, ITEMS);
    }
    CHECK(ha[b] == run, "block aggregate of block %d (B=%d ITEMS=%d)", b, B, ITEMS);
  }
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(inc));
  HIP_CHECK(hipFree(exc));
  HIP_CHECK(hipFree(excmax));
  HIP_CHECK(hipFree(agg));
}

// CUB's running-prefix pattern: one block scans `tiles` consecutive tiles; the callback (called
// by the first warp, lane 0's answer counts) carries the running total from tile to tile.
struct RunningPrefix {
  long long total;
  __device__ RunningPrefix(long long t) : total(t) {}
  __device__ long long operator()(long long block_aggregate) {
    long long old = total;
    total += block_aggregate;
    return old;
  }
};
template <int B> __global__ void __launch_bounds__(B) prefix_kernel(const long long *in, long long *out, int tiles) {
  using BS = hipcub::BlockScan<long long, B>;
  __shared__ typename BS::TempStorage temp;
  RunningPrefix prefix(1000);
  for (int t = 0; t < tiles; ++t) {
    long long v = in[t * B + threadIdx.x], r;
    BS(temp).ExclusiveSum(v, r, prefix);
    __syncthreads();
    out[t * B + threadIdx.x] = r;
    BS(temp).InclusiveScan(v, r, hipcub::Sum(), prefix);
    __syncthreads();
    out[(tiles + t) * B + threadIdx.x] = r;
  }
}
template <int B> void check_prefix() {
  const int tiles = 3, n = tiles * B;
  std::vector<long long> h(n);
  for (int i = 0; i < n; ++i) h[i] = (i * 13) % 7 - 2;
  long long *d, *o;
  HIP_CHECK(hipMalloc(&d, n * sizeof(long long)));
  HIP_CHECK(hipMalloc(&o, 2 * n * sizeof(long long)));
  HIP_CHECK(hipMemcpy(d, h.data(), n * sizeof(long long), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(HIP_KERNEL_NAME(prefix_kernel<B>), dim3(1), dim3(B), 0, 0, d, o, tiles);
  std::vector<long long> r(2 * n);
  HIP_CHECK(hipMemcpy(r.data(), o, 2 * n * sizeof(long long), hipMemcpyDeviceToHost));
  // Each tile is scanned twice (exclusive, then inclusive), both advancing the prefix.
  long long total = 1000;
  for (int t = 0; t < tiles; ++t) {
    long long run = total;
    for (int i = 0; i < B; ++i) {
      CHECK(r[t * B + i] == run, "exclusive with prefix, tile %d item %d (B=%d)", t, i, B);
      run += h[t * B + i];
    }
    long long tile_sum = run - total;
    total += tile_sum;
    run = total;
    for (int i = 0; i < B; ++i) {
      run += h[t * B + i];
      CHECK(r[(tiles + t) * B + i] == run, "inclusive with prefix, tile %d item %d (B=%d)", t, i, B);
    }
    total += tile_sum;
  }
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(o));
}

template <class T> void all_shapes() {
  check_reduce<T, 32, 1>();
  check_reduce<T, 100, 3>();
  check_reduce<T, 256, 4>();
  check_reduce<T, 1024, 1>();
  check_scan<T, 32, 16>();
  check_scan<T, 100, 1>();
  check_scan<T, 256, 2>();
  check_scan<T, 1024, 1>();
}

int main() {
  all_shapes<int>();
  all_shapes<long long>();
  all_shapes<float>();
  all_shapes<double>();
  check_reduce<signed char, 64, 2>();
  check_scan<signed char, 64, 2>();
  check_reduce<unsigned, 128, 8>();
  check_scan<unsigned, 128, 8>();
  check_prefix<64>();
  check_prefix<192>();
  {
    const int B = 128, blocks = 2;
    std::vector<Pair> h(B * blocks);
    for (int i = 0; i < B * blocks; ++i) h[i] = make_value<Pair>(i);
    Pair *d, *o;
    HIP_CHECK(hipMalloc(&d, h.size() * sizeof(Pair)));
    HIP_CHECK(hipMalloc(&o, blocks * sizeof(Pair)));
    HIP_CHECK(hipMemcpy(d, h.data(), h.size() * sizeof(Pair), hipMemcpyHostToDevice));
    hipLaunchKernelGGL(HIP_KERNEL_NAME(reduce_struct<B>), dim3(blocks), dim3(B), 0, 0, d, o);
    std::vector<Pair> r(blocks);
    HIP_CHECK(hipMemcpy(r.data(), o, blocks * sizeof(Pair), hipMemcpyDeviceToHost));
    for (int b = 0; b < blocks; ++b) {
      Pair e = h[b * B];
      for (int i = 1; i < B; ++i) e = PairMax()(e, h[b * B + i]);
      CHECK_EQ(r[b], e);
    }
    HIP_CHECK(hipFree(d));
    HIP_CHECK(hipFree(o));
  }
  return hip_test::pass();
}
