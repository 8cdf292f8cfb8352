// The smaller hipCUB block and warp primitives against host references: BlockDiscontinuity
// (heads, tails, with tile predecessor / successor), BlockAdjacentDifference (left, right,
// partial tile), BlockShuffle (Offset, Rotate, Up, Down), BlockHistogram (Histogram +
// Composite over two tiles), BlockMergeSort (pairs, stable, valid_items with an out-of-bounds
// default), BlockRunLengthDecode (decoded items and offsets within runs, in windows),
// BlockRadixRank (stable ranks by a digit), WarpLoad / WarpStore / WarpExchange and
// WarpMergeSort on logical warps of 16 lanes. Blocks of 64 and 128 work-items.
#include "hip_test.h"

#include <hipcub/hipcub.hpp>

#include <algorithm>
#include <vector>

constexpr int B = 128, I = 4, N = B * I;

struct NotEqual {
  __host__ __device__ bool operator()(int a, int b) const { return a != b; }
};
struct Minus {
  __host__ __device__ int operator()(int a, int b) const { return a - b; }
};
struct Less {
  __host__ __device__ bool operator()(int a, int b) const { return a < b; }
};

// out layout: [heads N][tails N][heads with predecessor N][left diff N][right diff N]
//             [right diff partial N][shuffle offset B][rotate B][up N][down N]
__global__ void misc_kernel(const int *in, int *out) {
  using Disc = hipcub::BlockDiscontinuity<int, B>;
  using Adj = hipcub::BlockAdjacentDifference<int, B>;
  using Shuf = hipcub::BlockShuffle<int, B>;
  __shared__ typename Disc::TempStorage ds;
  __shared__ typename Adj::TempStorage as;
  __shared__ typename Shuf::TempStorage ss;
  const int t = threadIdx.x;
  int items[I], flags[I], res[I];
  for (int i = 0; i < I; ++i) items[i] = in[t * I + i];
  auto store = [&](int region, const int (&v)[I]) {
    for (int i = 0; i < I; ++i) out[region * N + t * I + i] = v[i];
  };
  Disc(ds).FlagHeads(flags, items, NotEqual());
  store(0, flags);
  __syncthreads();
  Disc(ds).FlagTails(flags, items, NotEqual());
  store(1, flags);
  __syncthreads();
  Disc(ds).FlagHeads(flags, items, NotEqual(), in[0]); // predecessor equal to the first item
  store(2, flags);
  Adj(as).SubtractLeft(items, res, Minus());
  store(3, res);
  __syncthreads();
  Adj(as).SubtractRight(items, res, Minus());
  store(4, res);
  __syncthreads();
  Adj(as).SubtractRightPartialTile(items, res, Minus(), N - 5);
  store(5, res);
  int o = -1;
  Shuf(ss).Offset(items[0], o, 3);
  out[6 * N + t] = o;
  __syncthreads();
  Shuf(ss).Rotate(items[0], o, 5);
  out[6 * N + B + t] = o;
  __syncthreads();
  for (int i = 0; i < I; ++i) res[i] = -1;
  Shuf(ss).Up(items, res);
  store(7, res);
  __syncthreads();
  for (int i = 0; i < I; ++i) res[i] = -1;
  Shuf(ss).Down(items, res);
  store(8, res);
}

__global__ void histo_sort_kernel(const int *in, unsigned *hist, int *keys_out, int *vals_out, int valid) {
  using Hist = hipcub::BlockHistogram<unsigned char, B, I, 16>;
  using Sort = hipcub::BlockMergeSort<int, B, I, int>;
  __shared__ typename Hist::TempStorage hs;
  __shared__ typename Sort::TempStorage ms;
  __shared__ unsigned h[16];
  const int t = threadIdx.x;
  unsigned char bins[I];
  for (int i = 0; i < I; ++i) bins[i] = (unsigned char)(in[t * I + i] & 15);
  Hist(hs).Histogram(bins, h);
  __syncthreads();
  Hist(hs).Composite(bins, h); // a second tile: every count doubles
  __syncthreads();
  for (int i = t; i < 16; i += B) hist[i] = h[i];
  int k[I], v[I];
  for (int i = 0; i < I; ++i) {
    k[i] = in[t * I + i] % 10;
    v[i] = t * I + i;
  }
  Sort(ms).StableSort(k, v, Less(), valid, 1000);
  for (int i = 0; i < I; ++i) {
    keys_out[t * I + i] = k[i];
    vals_out[t * I + i] = v[i];
  }
}

// Runs: work-item t has 2 runs, values 10t and 10t+1, lengths t % 3 and 1.
__global__ void rld_kernel(int *decoded, int *rel, int *total) {
  using RLD = hipcub::BlockRunLengthDecode<int, 64, 2, 3>;
  __shared__ typename RLD::TempStorage s;
  const int t = threadIdx.x;
  int values[2] = {10 * t, 10 * t + 1};
  int lengths[2] = {t % 3, 1};
  unsigned size = 0;
  RLD rld(s, values, lengths, size);
  if (t == 0) *total = int(size);
  for (unsigned from = 0; from < size; from += 64 * 3) {
    int items[3] = {-1, -1, -1};
    unsigned offs[3] = {0, 0, 0};
    rld.RunLengthDecode(items, offs, from);
    for (int i = 0; i < 3; ++i) {
      const unsigned pos = from + t * 3 + i;
      if (pos < size) {
        decoded[pos] = items[i];
        rel[pos] = int(offs[i]);
      }
    }
  }
}

__global__ void rank_kernel(const unsigned *keys, int *ranks) {
  using Rank = hipcub::BlockRadixRank<64, 4, false>;
  __shared__ typename Rank::TempStorage s;
  unsigned k[3];
  int r[3];
  for (int i = 0; i < 3; ++i) k[i] = keys[threadIdx.x * 3 + i];
  Rank(s).RankKeys(k, r, 4, 4);
  for (int i = 0; i < 3; ++i) ranks[threadIdx.x * 3 + i] = r[i];
}

constexpr int LW = 16, WI = 3;
__global__ void warp_kernel(const int *in, int *striped, int *sorted, int *exchanged) {
  using WL = hipcub::WarpLoad<int, WI, hipcub::WARP_LOAD_STRIPED, LW>;
  using WS = hipcub::WarpStore<int, WI, hipcub::WARP_STORE_DIRECT, LW>;
  using WX = hipcub::WarpExchange<int, WI, LW>;
  using WM = hipcub::WarpMergeSort<int, WI, LW>;
  __shared__ typename WX::TempStorage xs[64 / LW];
  __shared__ typename WM::TempStorage ms[64 / LW];
  const int w = threadIdx.x / LW;
  int items[WI];
  WL().Load(in + w * LW * WI, items);                 // striped
  WS().Store(striped + w * LW * WI, items);           // stored blocked: a transposition
  WX(xs[w]).StripedToBlocked(items, items);           // now blocked
  WS().Store(exchanged + w * LW * WI, items);         // equal to the input
  WM(ms[w]).Sort(items, Less());
  WS().Store(sorted + w * LW * WI, items);
}

// Thread-level utilities: ThreadReduce, ThreadScanExclusive/Inclusive, ThreadLoad, the macros.
__global__ void thread_utils_kernel(int *out) {
  int a[4] = {1, 2, 3, 4}, b[4];
  out[0] = hipcub::internal::ThreadReduce(a, hipcub::Sum());
  out[1] = hipcub::internal::ThreadScanExclusive(a, b, hipcub::Sum(), 10);
  out[2] = b[3];
  out[3] = hipcub::ThreadLoad<hipcub::LOAD_LDG>(a + 2);
  out[4] = CUB_MAX(3, 7) + CUB_QUOTIENT_CEILING(10, 3);
  out[5] = hipcub::internal::ThreadScanInclusive(a, b, hipcub::Max());
  out[6] = b[1];
}

template <class T> std::vector<T> get(const T *d, size_t n) {
  std::vector<T> h(n);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost));
  return h;
}

int main() {
  std::vector<int> h(N);
  for (int i = 0; i < N; ++i) h[i] = (i / 3) % 7 + (i % 11 == 0 ? 100 : 0); // runs and jumps
  int *d, *o;
  HIP_CHECK(hipMalloc(&d, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&o, 10 * N * sizeof(int)));
  HIP_CHECK(hipMemcpy(d, h.data(), N * sizeof(int), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(misc_kernel, dim3(1), dim3(B), 0, 0, d, o);
  auto r = get(o, 10 * N);
  for (int j = 0; j < N; ++j) {
    CHECK(r[j] == (j == 0 ? 1 : h[j] != h[j - 1]), "FlagHeads at %d", j);
    CHECK(r[N + j] == (j == N - 1 ? 1 : h[j] != h[j + 1]), "FlagTails at %d", j);
    CHECK(r[2 * N + j] == (j == 0 ? 0 : h[j] != h[j - 1]), "FlagHeads with predecessor at %d", j);
    CHECK(r[3 * N + j] == (j == 0 ? h[0] : h[j] - h[j - 1]), "SubtractLeft at %d", j);
    CHECK(r[4 * N + j] == (j == N - 1 ? h[j] : h[j] - h[j + 1]), "SubtractRight at %d", j);
    CHECK(r[5 * N + j] == (j >= N - 6 ? h[j] : h[j] - h[j + 1]), "SubtractRightPartialTile at %d", j);
    CHECK(r[7 * N + j] == (j == 0 ? -1 : h[j - 1]), "Up at %d", j);
    CHECK(r[8 * N + j] == (j == N - 1 ? -1 : h[j + 1]), "Down at %d", j);
  }
  for (int t = 0; t < B; ++t) {
    CHECK(r[6 * N + t] == (t + 3 < B ? h[(t + 3) * I] : -1), "Offset(3) at %d (unchanged past the block)", t);
    CHECK(r[6 * N + B + t] == h[((t + 5) % B) * I], "Rotate(5) at %d", t);
  }

  unsigned *hist;
  int *ko, *vo;
  HIP_CHECK(hipMalloc(&hist, 16 * sizeof(unsigned)));
  HIP_CHECK(hipMalloc(&ko, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&vo, N * sizeof(int)));
  const int valid = N - 17;
  hipLaunchKernelGGL(histo_sort_kernel, dim3(1), dim3(B), 0, 0, d, hist, ko, vo, valid);
  auto hh = get(hist, 16);
  std::vector<unsigned> eh(16, 0);
  for (int x : h) eh[x & 15] += 2;
  CHECK(hh == eh, "BlockHistogram Histogram + Composite");
  auto rk = get(ko, N), rv = get(vo, N);
  std::vector<int> idx(N);
  for (int i = 0; i < N; ++i) idx[i] = i;
  auto key = [&](int i) { return i < valid ? h[i] % 10 : 1000; };
  std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return key(a) < key(b); });
  for (int j = 0; j < N; ++j)
    CHECK(rk[j] == key(idx[j]) && rv[j] == idx[j], "BlockMergeSort position %d: {%d,%d} want {%d,%d}", j, rk[j],
          rv[j], key(idx[j]), idx[j]);

  int *dec, *rel, *tot;
  HIP_CHECK(hipMalloc(&dec, 1024 * sizeof(int)));
  HIP_CHECK(hipMalloc(&rel, 1024 * sizeof(int)));
  HIP_CHECK(hipMalloc(&tot, sizeof(int)));
  hipLaunchKernelGGL(rld_kernel, dim3(1), dim3(64), 0, 0, dec, rel, tot);
  std::vector<int> ed, er;
  for (int t = 0; t < 64; ++t) {
    for (int k = 0; k < t % 3; ++k) {
      ed.push_back(10 * t);
      er.push_back(k);
    }
    ed.push_back(10 * t + 1);
    er.push_back(0);
  }
  const int total = get(tot, 1)[0];
  CHECK(total == int(ed.size()), "decoded size %d, want %zu", total, ed.size());
  CHECK(get(dec, ed.size()) == ed && get(rel, er.size()) == er, "BlockRunLengthDecode items and offsets");

  std::vector<unsigned> keys(192);
  for (int i = 0; i < 192; ++i) keys[i] = unsigned(i * 2654435761u);
  unsigned *dk;
  int *dr;
  HIP_CHECK(hipMalloc(&dk, 192 * sizeof(unsigned)));
  HIP_CHECK(hipMalloc(&dr, 192 * sizeof(int)));
  HIP_CHECK(hipMemcpy(dk, keys.data(), 192 * sizeof(unsigned), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(rank_kernel, dim3(1), dim3(64), 0, 0, dk, dr);
  auto ranks = get(dr, 192);
  std::vector<int> order(192);
  for (int i = 0; i < 192; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return ((keys[a] >> 4) & 15) < ((keys[b] >> 4) & 15); });
  for (int p = 0; p < 192; ++p) CHECK(ranks[order[p]] == p, "BlockRadixRank of key %d", order[p]);

  std::vector<int> wi(64 * WI);
  for (int i = 0; i < 64 * WI; ++i) wi[i] = (i * 37) % 101;
  int *dw, *ws, *wsort, *wx;
  HIP_CHECK(hipMalloc(&dw, wi.size() * sizeof(int)));
  HIP_CHECK(hipMalloc(&ws, wi.size() * sizeof(int)));
  HIP_CHECK(hipMalloc(&wsort, wi.size() * sizeof(int)));
  HIP_CHECK(hipMalloc(&wx, wi.size() * sizeof(int)));
  HIP_CHECK(hipMemcpy(dw, wi.data(), wi.size() * sizeof(int), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(warp_kernel, dim3(1), dim3(64), 0, 0, dw, ws, wsort, wx);
  auto rs = get(ws, wi.size()), rso = get(wsort, wi.size()), rx = get(wx, wi.size());
  for (int w = 0; w < 64 / LW; ++w) {
    const int *tile = &wi[w * LW * WI];
    std::vector<int> sorted(tile, tile + LW * WI);
    std::sort(sorted.begin(), sorted.end());
    for (int l = 0; l < LW; ++l)
      for (int i = 0; i < WI; ++i) {
        const int j = w * LW * WI + l * WI + i;
        CHECK(rs[j] == tile[l + i * LW], "WarpLoad striped, warp %d lane %d item %d", w, l, i);
        CHECK(rx[j] == tile[l * WI + i], "WarpExchange StripedToBlocked, warp %d lane %d item %d", w, l, i);
        CHECK(rso[j] == sorted[l * WI + i], "WarpMergeSort, warp %d position %d", w, l * WI + i);
      }
  }
  int *tu;
  HIP_CHECK(hipMalloc(&tu, 7 * sizeof(int)));
  hipLaunchKernelGGL(thread_utils_kernel, dim3(1), dim3(1), 0, 0, tu);
  auto r7 = get(tu, 7);
  CHECK(r7[0] == 10 && r7[1] == 20 && r7[2] == 16 && r7[3] == 3 && r7[4] == 11 && r7[5] == 4 && r7[6] == 2,
        "thread utilities: %d %d %d %d %d %d %d", r7[0], r7[1], r7[2], r7[3], r7[4], r7[5], r7[6]);
  HIP_CHECK(hipFree(tu));
  for (void *p : {(void *)d, (void *)o, (void *)hist, (void *)ko, (void *)vo, (void *)dec, (void *)rel, (void *)tot,
                  (void *)dk, (void *)dr, (void *)dw, (void *)ws, (void *)wsort, (void *)wx})
    HIP_CHECK(hipFree(p));
  return hip_test::pass();
}
