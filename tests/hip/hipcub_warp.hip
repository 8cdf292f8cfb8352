// hipcub::WarpReduce and hipcub::WarpScan at the hardware warp size and at logical warps of 32,
// 16 and 8 lanes (every lane of the block calls, as CUB requires): Sum, Reduce with a max
// operator, valid_items, head- and tail-segmented sums (results read only where CUB documents
// them: lane 0, or the first lane of each segment), inclusive / exclusive sums and scans with
// warp aggregates, Broadcast; int, float (integer-valued) and double, blocks of 1-4 warps.
#include "hip_test.h"

#include <hipcub/hipcub.hpp>

#include <vector>

template <class T, int W, int B>
__global__ void warp_kernel(const T *in, T *red, T *maxred, T *part, T *head, T *tail, T *inc, T *exc, T *agg,
                            T *bcast) {
  using WR = hipcub::WarpReduce<T, W>;
  using WS = hipcub::WarpScan<T, W>;
  __shared__ typename WR::TempStorage rt[B / W];
  __shared__ typename WS::TempStorage st[B / W];
  const int t = threadIdx.x, w = t / W, lane = t % W;
  const T v = in[blockIdx.x * B + t];
  T r = WR(rt[w]).Sum(v);
  if (lane == 0) red[blockIdx.x * (B / W) + w] = r;
  r = WR(rt[w]).Reduce(v, hipcub::Max());
  if (lane == 0) maxred[blockIdx.x * (B / W) + w] = r;
  r = WR(rt[w]).Sum(v, W / 2 + 1);
  if (lane == 0) part[blockIdx.x * (B / W) + w] = r;
  // Segments of 3 lanes (heads at lanes 0, 3, 6...).
  r = WR(rt[w]).HeadSegmentedSum(v, lane % 3 == 0);
  head[blockIdx.x * B + t] = r;
  r = WR(rt[w]).TailSegmentedSum(v, lane % 3 == 2);
  tail[blockIdx.x * B + t] = r;
  T a;
  WS(st[w]).InclusiveSum(v, r, a);
  inc[blockIdx.x * B + t] = r;
  if (lane == 0) agg[blockIdx.x * (B / W) + w] = a;
  WS(st[w]).ExclusiveScan(v, r, T(-50), hipcub::Max());
  exc[blockIdx.x * B + t] = r;
  bcast[blockIdx.x * B + t] = WS(st[w]).Broadcast(v, W - 1);
}

template <class T, int W, int B> void check() {
  const int blocks = 2, n = blocks * B, warps = n / W;
  std::vector<T> h(n);
  for (int i = 0; i < n; ++i) h[i] = T((i * 29 + 3) % 17) - T(8);
  T *d, *buf[9];
  HIP_CHECK(hipMalloc(&d, n * sizeof(T)));
  for (auto &b : buf) HIP_CHECK(hipMalloc(&b, n * sizeof(T)));
  HIP_CHECK(hipMemcpy(d, h.data(), n * sizeof(T), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(HIP_KERNEL_NAME(warp_kernel<T, W, B>), dim3(blocks), dim3(B), 0, 0, d, buf[0], buf[1], buf[2],
                     buf[3], buf[4], buf[5], buf[6], buf[7], buf[8]);
  HIP_CHECK(hipGetLastError());
  std::vector<T> r[9];
  for (int k = 0; k < 9; ++k) {
    r[k].resize(n);
    HIP_CHECK(hipMemcpy(r[k].data(), buf[k], n * sizeof(T), hipMemcpyDeviceToHost));
  }
  for (int w = 0; w < warps; ++w) {
    const T *x = &h[w * W];
    T sum = 0, mx = x[0], part = 0;
    for (int l = 0; l < W; ++l) {
      sum += x[l];
      mx = x[l] > mx ? x[l] : mx;
      if (l < W / 2 + 1) part += x[l];
    }
    CHECK(r[0][w] == sum, "warp %d sum (W=%d)", w, W);
    CHECK(r[1][w] == mx, "warp %d max (W=%d)", w, W);
    CHECK(r[2][w] == part, "warp %d sum of the first %d lanes (W=%d)", w, W / 2 + 1, W);
    CHECK(r[7][w] == sum, "warp %d aggregate (W=%d)", w, W);
    T run = 0, runmax = T(-50);
    for (int l = 0; l < W; ++l) {
      const int j = w * W + l;
      CHECK(r[6][j] == runmax, "exclusive max scan lane %d of warp %d (W=%d)", l, w, W);
      run += x[l];
      runmax = x[l] > runmax ? x[l] : runmax;
      CHECK(r[5][j] == run, "inclusive sum lane %d of warp %d (W=%d)", l, w, W);
      CHECK(r[8][j] == x[W - 1], "broadcast lane %d of warp %d (W=%d)", l, w, W);
      if (l % 3 == 0) {
        T seg = 0;
        for (int k = l; k < W && k < l + 3; ++k) seg += x[k];
        CHECK(r[3][j] == seg, "head-segmented sum at lane %d of warp %d (W=%d)", l, w, W);
        CHECK(r[4][j] == seg, "tail-segmented sum at lane %d of warp %d (W=%d)", l, w, W);
      }
    }
  }
  HIP_CHECK(hipFree(d));
  for (auto &b : buf) HIP_CHECK(hipFree(b));
}

int main() {
  int ws = 0;
  HIP_CHECK(hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, 0));
  if (ws == 64) {
    check<int, 64, 64>();
    check<int, 64, 256>();
    check<double, 64, 128>();
    check<float, 64, 192>();
  }
  check<int, 32, 64>();
  check<float, 32, 128>();
  check<int, 16, 64>();
  check<double, 8, 64>();
  return hip_test::pass();
}
