// rocPRIM's smaller block and warp primitives under their rocPRIM names, against host
// references: block_discontinuity (flag_heads, flag_tails, with a tile predecessor),
// block_shuffle (offset, rotate, up, down), block_histogram (histogram + composite),
// block_sort (keys with a greater-than comparison, pairs, the `size` form) and warp_sort
// (pairs, 16-lane logical warps); blocks of 64 and 128 work-items.
#include "hip_test.h"

#include <rocprim/rocprim.hpp>

#include <algorithm>
#include <vector>

constexpr unsigned B = 128, I = 3, N = B * I;

struct NotEqual {
  __host__ __device__ bool operator()(int a, int b) const { return a != b; }
};

__global__ void misc_kernel(const int *in, int *out) {
  using disc_t = rocprim::block_discontinuity<int, B>;
  using shuf_t = rocprim::block_shuffle<int, B>;
  __shared__ typename disc_t::storage_type ds;
  __shared__ typename shuf_t::storage_type ss;
  const unsigned t = threadIdx.x;
  int items[I], flags[I], res[I];
  for (unsigned i = 0; i < I; ++i) items[i] = in[t * I + i];
  auto store = [&](unsigned region, const int (&v)[I]) {
    for (unsigned i = 0; i < I; ++i) out[region * N + t * I + i] = v[i];
  };
  disc_t().flag_heads(flags, items, NotEqual(), ds);
  store(0, flags);
  __syncthreads();
  disc_t().flag_tails(flags, items, NotEqual(), ds);
  store(1, flags);
  __syncthreads();
  disc_t().flag_heads(flags, in[0], items, NotEqual(), ds);
  store(2, flags);
  int o = -1;
  shuf_t().offset(items[0], o, -2, ss);
  out[3 * N + t] = o;
  __syncthreads();
  shuf_t().rotate(items[0], o, 7, ss);
  out[3 * N + B + t] = o;
  __syncthreads();
  for (unsigned i = 0; i < I; ++i) res[i] = -1;
  shuf_t().up(items, res, ss);
  store(4, res);
  __syncthreads();
  for (unsigned i = 0; i < I; ++i) res[i] = -1;
  shuf_t().down(items, res, ss);
  store(5, res);
}

__global__ void histo_sort_kernel(const int *in, unsigned *hist, int *keys, int *vals, int *single) {
  using hist_t = rocprim::block_histogram<unsigned char, B, I, 8>;
  using sort_t = rocprim::block_sort<int, B, I, int>;
  using sort1_t = rocprim::block_sort<int, B>;
  __shared__ typename hist_t::storage_type hs;
  __shared__ typename sort_t::storage_type ms;
  __shared__ typename sort1_t::storage_type s1;
  __shared__ unsigned h[8];
  const unsigned t = threadIdx.x;
  unsigned char bins[I];
  for (unsigned i = 0; i < I; ++i) bins[i] = (unsigned char)(in[t * I + i] & 7);
  hist_t().histogram(bins, h, hs);
  hist_t().composite(bins, h, hs);
  for (unsigned i = t; i < 8; i += B) hist[i] = h[i];
  int k[I], v[I];
  for (unsigned i = 0; i < I; ++i) {
    k[i] = in[t * I + i] % 5;
    v[i] = int(t * I + i);
  }
  sort_t().sort(k, v, ms, rocprim::greater<int>());
  for (unsigned i = 0; i < I; ++i) {
    keys[t * I + i] = k[i];
    vals[t * I + i] = v[i];
  }
  int one = in[t];
  sort1_t().sort(one, s1, 100u); // only the first 100 items are sorted
  single[t] = one;
}

constexpr unsigned LW = 16;
__global__ void warp_sort_kernel(const int *in, int *keys, int *vals) {
  using ws_t = rocprim::warp_sort<int, LW, int>;
  __shared__ typename ws_t::storage_type st[64 / LW];
  const unsigned w = threadIdx.x / LW;
  int k[2] = {in[threadIdx.x * 2], in[threadIdx.x * 2 + 1]};
  int v[2] = {int(threadIdx.x * 2), int(threadIdx.x * 2 + 1)};
  ws_t().sort(k, v, st[w]);
  keys[threadIdx.x * 2] = k[0];
  keys[threadIdx.x * 2 + 1] = k[1];
  vals[threadIdx.x * 2] = v[0];
  vals[threadIdx.x * 2 + 1] = v[1];
}

template <class T> std::vector<T> get(const T *d, size_t n) {
  std::vector<T> h(n);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost));
  return h;
}

int main() {
  std::vector<int> h(N);
  for (unsigned i = 0; i < N; ++i) h[i] = int((i / 4) % 6 + (i % 13 == 0 ? 50 : 0));
  int *d, *o;
  HIP_CHECK(hipMalloc(&d, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&o, 6 * N * sizeof(int)));
  HIP_CHECK(hipMemcpy(d, h.data(), N * sizeof(int), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(misc_kernel, dim3(1), dim3(B), 0, 0, d, o);
  auto r = get(o, 6 * N);
  for (unsigned j = 0; j < N; ++j) {
    CHECK(r[j] == (j == 0 ? 1 : h[j] != h[j - 1]), "flag_heads at %u", j);
    CHECK(r[N + j] == (j == N - 1 ? 1 : h[j] != h[j + 1]), "flag_tails at %u", j);
    CHECK(r[2 * N + j] == (j == 0 ? 0 : h[j] != h[j - 1]), "flag_heads with predecessor at %u", j);
    CHECK(r[4 * N + j] == (j == 0 ? -1 : h[j - 1]), "up at %u", j);
    CHECK(r[5 * N + j] == (j == N - 1 ? -1 : h[j + 1]), "down at %u", j);
  }
  for (unsigned t = 0; t < B; ++t) {
    CHECK(r[3 * N + t] == (t >= 2 ? h[(t - 2) * I] : -1), "offset(-2) at %u", t);
    CHECK(r[3 * N + B + t] == h[((t + 7) % B) * I], "rotate(7) at %u", t);
  }

  unsigned *hist;
  int *ko, *vo, *so;
  HIP_CHECK(hipMalloc(&hist, 8 * sizeof(unsigned)));
  HIP_CHECK(hipMalloc(&ko, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&vo, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&so, B * sizeof(int)));
  hipLaunchKernelGGL(histo_sort_kernel, dim3(1), dim3(B), 0, 0, d, hist, ko, vo, so);
  std::vector<unsigned> eh(8, 0);
  for (int x : h) eh[x & 7] += 2;
  CHECK(get(hist, 8) == eh, "block_histogram histogram + composite");
  auto rk = get(ko, N), rv = get(vo, N);
  std::vector<int> idx(N);
  for (unsigned i = 0; i < N; ++i) idx[i] = int(i);
  std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return h[a] % 5 > h[b] % 5; });
  for (unsigned j = 0; j < N; ++j)
    CHECK(rk[j] == h[idx[j]] % 5 && h[rv[j]] % 5 == rk[j], "block_sort (greater) position %u", j);
  auto rs = get(so, B);
  std::vector<int> es(h.begin(), h.begin() + B);
  std::sort(es.begin(), es.begin() + 100);
  CHECK(rs == es, "block_sort of the first 100 items, the rest in place");

  std::vector<int> wk(128);
  for (int i = 0; i < 128; ++i) wk[i] = (i * 37) % 23;
  int *dk, *wko, *wvo;
  HIP_CHECK(hipMalloc(&dk, 128 * sizeof(int)));
  HIP_CHECK(hipMalloc(&wko, 128 * sizeof(int)));
  HIP_CHECK(hipMalloc(&wvo, 128 * sizeof(int)));
  HIP_CHECK(hipMemcpy(dk, wk.data(), 128 * sizeof(int), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(warp_sort_kernel, dim3(1), dim3(64), 0, 0, dk, wko, wvo);
  auto wr = get(wko, 128), wv = get(wvo, 128);
  for (unsigned w = 0; w < 64 / LW; ++w) {
    const unsigned base = w * LW * 2;
    std::vector<int> e(wk.begin() + base, wk.begin() + base + LW * 2);
    std::sort(e.begin(), e.end());
    for (unsigned j = 0; j < LW * 2; ++j)
      CHECK(wr[base + j] == e[j] && wk[wv[base + j]] == wr[base + j], "warp_sort warp %u position %u", w, j);
  }
  for (void *p : {(void *)d, (void *)o, (void *)hist, (void *)ko, (void *)vo, (void *)so, (void *)dk, (void *)wko,
                  (void *)wvo})
    HIP_CHECK(hipFree(p));
  return hip_test::pass();
}
