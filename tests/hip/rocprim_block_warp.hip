// rocPRIM's block and warp primitives under their rocPRIM names: block_reduce (also with
// valid_items), block_scan (inclusive / exclusive, with reduction and with a prefix callback),
// block_load / block_store (direct and striped), block_exchange, block_radix_sort (pairs,
// descending), warp_reduce / warp_scan at the device warp size and at 16 lanes; int, double
// and a user struct with a custom operator; block sizes 64, 100, 256, 1024.
#include "hip_test.h"

#include <rocprim/rocprim.hpp>

#include <algorithm>
#include <vector>

struct MinMax {
  int lo, hi;
};
struct MinMaxOp {
  __host__ __device__ MinMax operator()(const MinMax &a, const MinMax &b) const {
    return MinMax{a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
  }
};

template <class T, unsigned B, unsigned I>
__global__ void block_kernel(const T *in, T *red, T *inc, T *exc, T *agg, T *part) {
  using reduce_t = rocprim::block_reduce<T, B>;
  using scan_t = rocprim::block_scan<T, B>;
  using load_t = rocprim::block_load<T, B, I, rocprim::block_load_method::block_load_striped>;
  using store_t = rocprim::block_store<T, B, I, rocprim::block_store_method::block_store_striped>;
  using exch_t = rocprim::block_exchange<T, B, I>;
  __shared__ typename reduce_t::storage_type rs;
  __shared__ typename scan_t::storage_type ss;
  __shared__ typename exch_t::storage_type es;
  const unsigned base = blockIdx.x * B * I;
  T items[I];
  load_t().load(in + base, items);               // striped
  exch_t().striped_to_blocked(items, items, es); // now blocked
  __syncthreads();
  T r;
  reduce_t().reduce(items, r, rs);
  if (threadIdx.x == 0) red[blockIdx.x] = r;
  __syncthreads();
  reduce_t().reduce(items[0], r, 37u, rs, rocprim::maximum<T>());
  if (threadIdx.x == 0) part[blockIdx.x] = r;
  T out[I], a;
  scan_t().inclusive_scan(items, out, a, ss);
  if (threadIdx.x == 0) agg[blockIdx.x] = a;
  rocprim::block_store_direct_blocked(threadIdx.x, inc + base, out);
  __syncthreads();
  scan_t().exclusive_scan(items, out, T(5), ss, rocprim::plus<T>());
  exch_t().blocked_to_striped(out, out, es);
  store_t().store(exc + base, out);
}

template <class T, unsigned B, unsigned I> void check_block() {
  const int blocks = 2, n = blocks * B * I;
  std::vector<T> h(n);
  for (int i = 0; i < n; ++i) h[i] = T((i * 31) % 17) - T(8);
  T *d, *red, *inc, *exc, *agg, *part;
  HIP_CHECK(hipMalloc(&d, n * sizeof(T)));
  HIP_CHECK(hipMalloc(&inc, n * sizeof(T)));
  HIP_CHECK(hipMalloc(&exc, n * sizeof(T)));
  HIP_CHECK(hipMalloc(&red, blocks * sizeof(T)));
  HIP_CHECK(hipMalloc(&agg, blocks * sizeof(T)));
  HIP_CHECK(hipMalloc(&part, blocks * sizeof(T)));
  HIP_CHECK(hipMemcpy(d, h.data(), n * sizeof(T), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(HIP_KERNEL_NAME(block_kernel<T, B, I>), dim3(blocks), dim3(B), 0, 0, d, red, inc, exc, agg, part);
  HIP_CHECK(hipGetLastError());
  std::vector<T> hi(n), he(n), hr(blocks), ha(blocks), hp(blocks);
  HIP_CHECK(hipMemcpy(hi.data(), inc, n * sizeof(T), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(he.data(), exc, n * sizeof(T), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(hr.data(), red, blocks * sizeof(T), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(ha.data(), agg, blocks * sizeof(T), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(hp.data(), part, blocks * sizeof(T), hipMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    T run = 0, ex = 5, mx = h[b * B * I];
    for (unsigned t = 1; t < 37 && t < B; ++t) mx = std::max(mx, h[b * B * I + t * I]);
    for (unsigned j = 0; j < B * I; ++j) {
      const int k = b * B * I + j;
      CHECK(he[k] == ex, "exclusive_scan at %d (B=%u I=%u)", k, B, I);
      ex += h[k];
      run += h[k];
      CHECK(hi[k] == run, "inclusive_scan at %d (B=%u I=%u)", k, B, I);
    }
    CHECK(hr[b] == run && ha[b] == run, "reduce / reduction of block %d (B=%u I=%u)", b, B, I);
    CHECK(hp[b] == mx, "reduce over 37 valid items, block %d", b);
  }
  for (T *p : {d, inc, exc, red, agg, part}) HIP_CHECK(hipFree(p));
}

template <unsigned B> __global__ void struct_kernel(const MinMax *in, MinMax *out) {
  using reduce_t = rocprim::block_reduce<MinMax, B>;
  __shared__ typename reduce_t::storage_type rs;
  MinMax r;
  reduce_t().reduce(in[threadIdx.x], r, rs, MinMaxOp());
  if (threadIdx.x == 0) *out = r;
}

// A prefix callback carrying a running total over tiles (the first wavefront calls it).
struct Prefix {
  int total;
  __device__ int operator()(int aggregate) {
    int old = total;
    total += aggregate;
    return old;
  }
};
template <unsigned B> __global__ void prefix_kernel(const int *in, int *out, int tiles) {
  using scan_t = rocprim::block_scan<int, B>;
  __shared__ typename scan_t::storage_type ss;
  Prefix p{10};
  for (int t = 0; t < tiles; ++t) {
    int r;
    scan_t().inclusive_scan(in[t * B + threadIdx.x], r, ss, p, rocprim::plus<int>());
    out[t * B + threadIdx.x] = r;
    __syncthreads();
  }
}

template <class T, unsigned W, unsigned B> __global__ void warp_kernel(const T *in, T *red, T *inc, T *exc) {
  using wr = rocprim::warp_reduce<T, W>;
  using ws = rocprim::warp_scan<T, W>;
  __shared__ typename wr::storage_type rs[B / W];
  __shared__ typename ws::storage_type ss[B / W];
  const unsigned w = threadIdx.x / W;
  T v = in[threadIdx.x], r;
  wr().reduce(v, r, rs[w]);
  if (threadIdx.x % W == 0) red[w] = r;
  ws().inclusive_scan(v, r, ss[w]);
  inc[threadIdx.x] = r;
  ws().exclusive_scan(v, r, T(100), ss[w], rocprim::minimum<T>());
  exc[threadIdx.x] = r;
}
template <class T, unsigned W, unsigned B> void check_warp() {
  std::vector<T> h(B);
  for (unsigned i = 0; i < B; ++i) h[i] = T((i * 7) % 23);
  T *d, *red, *inc, *exc;
  HIP_CHECK(hipMalloc(&d, B * sizeof(T)));
  HIP_CHECK(hipMalloc(&red, B * sizeof(T)));
  HIP_CHECK(hipMalloc(&inc, B * sizeof(T)));
  HIP_CHECK(hipMalloc(&exc, B * sizeof(T)));
  HIP_CHECK(hipMemcpy(d, h.data(), B * sizeof(T), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(HIP_KERNEL_NAME(warp_kernel<T, W, B>), dim3(1), dim3(B), 0, 0, d, red, inc, exc);
  std::vector<T> r(B), hi(B), he(B);
  HIP_CHECK(hipMemcpy(r.data(), red, B * sizeof(T), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(hi.data(), inc, B * sizeof(T), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(he.data(), exc, B * sizeof(T), hipMemcpyDeviceToHost));
  for (unsigned w = 0; w < B / W; ++w) {
    T run = 0, mn = T(100);
    for (unsigned l = 0; l < W; ++l) {
      CHECK(he[w * W + l] == mn, "warp_scan exclusive(min) warp %u lane %u (W=%u)", w, l, W);
      mn = std::min(mn, h[w * W + l]);
      run += h[w * W + l];
      CHECK(hi[w * W + l] == run, "warp_scan inclusive warp %u lane %u (W=%u)", w, l, W);
    }
    CHECK(r[w] == run, "warp_reduce warp %u (W=%u)", w, W);
  }
  for (T *p : {d, red, inc, exc}) HIP_CHECK(hipFree(p));
}

template <unsigned B, unsigned I> __global__ void sort_kernel(int *keys, int *vals) {
  using sort_t = rocprim::block_radix_sort<int, B, I, int>;
  __shared__ typename sort_t::storage_type st;
  int k[I], v[I];
  for (unsigned i = 0; i < I; ++i) {
    k[i] = keys[threadIdx.x * I + i];
    v[i] = threadIdx.x * I + i;
  }
  sort_t().sort_desc(k, v, st);
  for (unsigned i = 0; i < I; ++i) {
    keys[threadIdx.x * I + i] = k[i];
    vals[threadIdx.x * I + i] = v[i];
  }
}

int main() {
  check_block<int, 64, 4>();
  check_block<int, 100, 1>();
  check_block<double, 256, 3>();
  check_block<long long, 1024, 2>();
  {
    std::vector<MinMax> h(256);
    for (int i = 0; i < 256; ++i) h[i] = MinMax{(i * 37) % 101 - 50, (i * 53) % 89};
    MinMax *d, *o, r;
    HIP_CHECK(hipMalloc(&d, h.size() * sizeof(MinMax)));
    HIP_CHECK(hipMalloc(&o, sizeof(MinMax)));
    HIP_CHECK(hipMemcpy(d, h.data(), h.size() * sizeof(MinMax), hipMemcpyHostToDevice));
    hipLaunchKernelGGL(HIP_KERNEL_NAME(struct_kernel<256>), dim3(1), dim3(256), 0, 0, d, o);
    HIP_CHECK(hipMemcpy(&r, o, sizeof(MinMax), hipMemcpyDeviceToHost));
    MinMax e = h[0];
    for (auto &m : h) e = MinMaxOp()(e, m);
    CHECK(r.lo == e.lo && r.hi == e.hi, "struct reduce {%d,%d} vs {%d,%d}", r.lo, r.hi, e.lo, e.hi);
    HIP_CHECK(hipFree(d));
    HIP_CHECK(hipFree(o));
  }
  {
    const unsigned B = 128;
    const int tiles = 4;
    std::vector<int> h(B * tiles);
    for (size_t i = 0; i < h.size(); ++i) h[i] = int(i % 9) - 3;
    int *d, *o;
    HIP_CHECK(hipMalloc(&d, h.size() * sizeof(int)));
    HIP_CHECK(hipMalloc(&o, h.size() * sizeof(int)));
    HIP_CHECK(hipMemcpy(d, h.data(), h.size() * sizeof(int), hipMemcpyHostToDevice));
    hipLaunchKernelGGL(HIP_KERNEL_NAME(prefix_kernel<B>), dim3(1), dim3(B), 0, 0, d, o, tiles);
    std::vector<int> r(h.size());
    HIP_CHECK(hipMemcpy(r.data(), o, h.size() * sizeof(int), hipMemcpyDeviceToHost));
    int run = 10;
    for (size_t i = 0; i < h.size(); ++i) CHECK(r[i] == (run += h[i]), "scan with prefix callback at %zu", i);
    HIP_CHECK(hipFree(d));
    HIP_CHECK(hipFree(o));
  }
  check_warp<int, rocprim::device_warp_size(), 2 * rocprim::device_warp_size()>();
  check_warp<double, 16, 64>();
  {
    const unsigned B = 64, I = 5, n = B * I;
    std::vector<int> h(n);
    for (unsigned i = 0; i < n; ++i) h[i] = int((i * 2654435761u) % 23);
    int *dk, *dv;
    HIP_CHECK(hipMalloc(&dk, n * sizeof(int)));
    HIP_CHECK(hipMalloc(&dv, n * sizeof(int)));
    HIP_CHECK(hipMemcpy(dk, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
    hipLaunchKernelGGL(HIP_KERNEL_NAME(sort_kernel<B, I>), dim3(1), dim3(B), 0, 0, dk, dv);
    std::vector<int> rk(n), rv(n), idx(n);
    HIP_CHECK(hipMemcpy(rk.data(), dk, n * sizeof(int), hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpy(rv.data(), dv, n * sizeof(int), hipMemcpyDeviceToHost));
    for (unsigned i = 0; i < n; ++i) idx[i] = int(i);
    std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return h[a] > h[b]; });
    for (unsigned i = 0; i < n; ++i)
      CHECK(rv[i] == idx[i] && rk[i] == h[idx[i]], "block_radix_sort sort_desc position %u", i);
    HIP_CHECK(hipFree(dk));
    HIP_CHECK(hipFree(dv));
  }
  return hip_test::pass();
}
