// hipCUB / rocPRIM on the CPU platform (benches/prim.rs builds and runs this program and adds the
// Rust peers: rayon's par_sort_unstable and a parallel memcpy):
// - radix-2^24: hipcub::DeviceRadixSort::SortKeys and SortPairs of 2^24 random uint32 (pairs:
//   uint32 values), temporary storage allocated once; native peers: std::sort on one thread;
// - reduce-2^26 / scan-2^26: hipcub::DeviceReduce::Sum and DeviceScan::InclusiveSum of 2^26
//   floats (256 MiB) against memcpy of the same bytes on one thread (the Rust side adds a
//   parallel copy): the bandwidth the algorithms must approach;
// - blockreduce: a kernel summing 2^24 floats with grid-stride partial sums and
//   hipcub::BlockReduce (256 work-items, one atomicAdd per block) against the same kernel with
//   the hand-written shared-memory tree of benches/hip/reduce.hip.
// Results are checked (sorted order, sums to 1e-3 relative), a wrong one prints FAIL.
#include "bench.h"

#include <hipcub/hipcub.hpp>

#include <cmath>
#include <numeric>

constexpr unsigned kBlock = 256;

__global__ void sum_blockreduce(const float *in, float *out, unsigned n) {
  using BR = hipcub::BlockReduce<float, kBlock>;
  __shared__ typename BR::TempStorage temp;
  float acc = 0.0f;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) acc += in[i];
  float s = BR(temp).Sum(acc);
  if (threadIdx.x == 0) atomicAdd(out, s);
}

__global__ void sum_tree(const float *in, float *out, unsigned n) {
  __shared__ float s[kBlock];
  unsigned t = threadIdx.x;
  float acc = 0.0f;
  for (unsigned i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) acc += in[i];
  s[t] = acc;
  __syncthreads();
  for (unsigned w = blockDim.x / 2; w > 0; w >>= 1) {
    if (t < w) s[t] += s[t + w];
    __syncthreads();
  }
  if (t == 0) atomicAdd(out, s[0]);
}

static uint32_t rng(uint64_t &s) {
  s ^= s << 13;
  s ^= s >> 7;
  s ^= s << 17;
  return uint32_t(s >> 11);
}

template <class F> std::vector<double> samples(int n, F f) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) {
    double t0 = bench::now_ns();
    f();
    v.push_back(bench::now_ns() - t0);
  }
  return v;
}
static void print(const char *tag, const char *group, const char *name, const std::vector<double> &v) {
  std::printf("%s %s %s", tag, group, name);
  for (double x : v) std::printf(" %.0f", x);
  std::printf("\n");
}

int main() {
  const bool quick = bench::quick();
  const int reps = quick ? 3 : 7;
  // ---------------------------------------------------------------- radix sort
  {
    const size_t n = size_t(1) << (quick ? 22 : 24);
    std::vector<uint32_t> h(n), v(n);
    uint64_t s = 88172645463325252ull;
    for (size_t i = 0; i < n; ++i) {
      h[i] = rng(s);
      v[i] = uint32_t(i);
    }
    uint32_t *dk, *dko, *dv, *dvo;
    CHECK(hipMalloc(&dk, n * 4));
    CHECK(hipMalloc(&dko, n * 4));
    CHECK(hipMalloc(&dv, n * 4));
    CHECK(hipMalloc(&dvo, n * 4));
    CHECK(hipMemcpy(dk, h.data(), n * 4, hipMemcpyHostToDevice));
    CHECK(hipMemcpy(dv, v.data(), n * 4, hipMemcpyHostToDevice));
    size_t bytes = 0, b2 = 0;
    CHECK(hipcub::DeviceRadixSort::SortPairs(nullptr, bytes, dk, dko, dv, dvo, n));
    CHECK(hipcub::DeviceRadixSort::SortKeys(nullptr, b2, dk, dko, n));
    void *tmp;
    CHECK(hipMalloc(&tmp, std::max(bytes, b2)));
    std::printf("GROUP radix-2^%d %zu DeviceRadixSort of %zu uint32 keys\n", quick ? 22 : 24, n * 4, n);
    auto keys = samples(reps, [&] {
      CHECK(hipcub::DeviceRadixSort::SortKeys(tmp, b2, dk, dko, n));
      CHECK(hipDeviceSynchronize());
    });
    print("OURS", quick ? "radix-2^22" : "radix-2^24", "SortKeys", keys);
    auto pairs = samples(reps, [&] {
      CHECK(hipcub::DeviceRadixSort::SortPairs(tmp, bytes, dk, dko, dv, dvo, n));
      CHECK(hipDeviceSynchronize());
    });
    print("OURS", quick ? "radix-2^22" : "radix-2^24", "SortPairs", pairs);
    std::vector<uint32_t> rk(n), rv(n);
    CHECK(hipMemcpy(rk.data(), dko, n * 4, hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(rv.data(), dvo, n * 4, hipMemcpyDeviceToHost));
    for (size_t i = 0; i < n; ++i)
      if ((i && rk[i - 1] > rk[i]) || h[rv[i]] != rk[i]) {
        std::printf("FAIL radix sort result at %zu\n", i);
        return 1;
      }
    auto one = samples(quick ? 1 : 3, [&] {
      std::vector<uint32_t> c(h);
      std::sort(c.begin(), c.end());
    });
    print("PEER", quick ? "radix-2^22" : "radix-2^24", "std::sort-1t", one);
    CHECK(hipFree(dk));
    CHECK(hipFree(dko));
    CHECK(hipFree(dv));
    CHECK(hipFree(dvo));
    CHECK(hipFree(tmp));
  }
  // ---------------------------------------------------------------- reduce and scan of 2^26 floats
  {
    const size_t n = size_t(1) << (quick ? 24 : 26);
    const char *rg = quick ? "reduce-2^24" : "reduce-2^26", *sg = quick ? "scan-2^24" : "scan-2^26";
    float *d, *o;
    CHECK(hipMalloc(&d, n * 4));
    CHECK(hipMalloc(&o, n * 4));
    std::vector<float> h(n);
    for (size_t i = 0; i < n; ++i) h[i] = float(i % 7) - 3.0f;
    CHECK(hipMemcpy(d, h.data(), n * 4, hipMemcpyHostToDevice));
    size_t bytes = 0, b2 = 0;
    CHECK(hipcub::DeviceReduce::Sum(nullptr, bytes, d, o, n));
    CHECK(hipcub::DeviceScan::InclusiveSum(nullptr, b2, d, o, n));
    void *tmp;
    CHECK(hipMalloc(&tmp, std::max(bytes, b2)));
    std::printf("GROUP %s %zu DeviceReduce::Sum of %zu floats (bytes read)\n", rg, n * 4, n);
    print("OURS", rg, "DeviceReduce::Sum", samples(reps, [&] {
            CHECK(hipcub::DeviceReduce::Sum(tmp, bytes, d, o, n));
            CHECK(hipDeviceSynchronize());
          }));
    float r = 0;
    CHECK(hipMemcpy(&r, o, 4, hipMemcpyDeviceToHost));
    double e = 0;
    for (float x : h) e += x;
    if (std::fabs(r - e) > 1e-3 * (std::fabs(e) + 1)) {
      std::printf("FAIL DeviceReduce::Sum %f vs %f\n", r, e);
      return 1;
    }
    std::vector<float> dst(n);
    print("PEER", rg, "memcpy-1t", samples(reps, [&] { std::memcpy(dst.data(), h.data(), n * 4); }));
    std::printf("GROUP %s %zu DeviceScan::InclusiveSum of %zu floats (bytes read)\n", sg, n * 4, n);
    print("OURS", sg, "DeviceScan::InclusiveSum", samples(reps, [&] {
            CHECK(hipcub::DeviceScan::InclusiveSum(tmp, b2, d, o, n));
            CHECK(hipDeviceSynchronize());
          }));
    print("PEER", sg, "memcpy-1t", samples(reps, [&] { std::memcpy(dst.data(), h.data(), n * 4); }));
    CHECK(hipFree(d));
    CHECK(hipFree(o));
    CHECK(hipFree(tmp));
  }
  // ---------------------------------------------------------------- BlockReduce vs shared tree
  {
    const unsigned n = 1u << 24;
    float *d, *o;
    CHECK(hipMalloc(&d, size_t(n) * 4));
    CHECK(hipMalloc(&o, 4));
    std::vector<float> h(n);
    for (unsigned i = 0; i < n; ++i) h[i] = float(i % 5);
    CHECK(hipMemcpy(d, h.data(), size_t(n) * 4, hipMemcpyHostToDevice));
    std::printf("GROUP blockreduce %u kernel sum of 2^24 floats: hipcub::BlockReduce vs a shared-memory tree\n",
                n * 4);
    for (int variant = 0; variant < 2; ++variant) {
      auto v = samples(reps, [&] {
        CHECK(hipMemset(o, 0, 4));
        if (variant == 0)
          hipLaunchKernelGGL(sum_blockreduce, dim3(256), dim3(kBlock), 0, 0, d, o, n);
        else
          hipLaunchKernelGGL(sum_tree, dim3(256), dim3(kBlock), 0, 0, d, o, n);
        CHECK(hipDeviceSynchronize());
      });
      float r = 0;
      CHECK(hipMemcpy(&r, o, 4, hipMemcpyDeviceToHost));
      const double e = double(n / 5) * 10.0 + 0 + 1 + 2 + 3 * 0; // n % 5 == 1: one extra 0
      if (std::fabs(r - e) > 1e-3 * e) {
        std::printf("FAIL blockreduce variant %d: %f vs %f\n", variant, r, e);
        return 1;
      }
      print(variant == 0 ? "OURS" : "PEER", "blockreduce", variant == 0 ? "BlockReduce" : "shared-tree", v);
    }
    CHECK(hipFree(d));
    CHECK(hipFree(o));
  }
  return 0;
}
