// hipcub::BlockLoad / BlockStore with every algorithm (the arrangement each one documents:
// striped for *_STRIPED, blocked for the others; partial tiles with valid_items and an
// out-of-bounds default), the LoadDirect*/StoreDirect* functions, hipcub::BlockExchange
// (blocked <-> striped <-> warp-striped, scatter by rank), and hipcub::BlockRadixSort (keys and
// pairs, ascending and descending, a bit range, blocked-to-striped output) checked against
// std::stable_sort: equal keys keep their original order. Block sizes 32..1024, items per thread
// 1..16, int8 / uint16 / int / uint64 / float (with negatives and -0.0) / double keys.
#include "hip_test.h"

#include <hipcub/hipcub.hpp>

#include <algorithm>
#include <cstring>
#include <vector>

template <class T, int B, int I, hipcub::BlockLoadAlgorithm LA, hipcub::BlockStoreAlgorithm SA>
__global__ void load_store(const T *in, T *out, T *blocked_copy, int valid) {
  using BL = hipcub::BlockLoad<T, B, I, LA>;
  using BS = hipcub::BlockStore<T, B, I, SA>;
  __shared__ typename BL::TempStorage lt;
  __shared__ typename BS::TempStorage st;
  T items[I];
  BL(lt).Load(in + blockIdx.x * B * I, items, valid, T(-7));
  __syncthreads();
  BS(st).Store(out + blockIdx.x * B * I, items, valid);
  // The arrangement itself: where item i of this thread came from.
  for (int i = 0; i < I; ++i) blocked_copy[blockIdx.x * B * I + threadIdx.x * I + i] = items[i];
}

template <class T, int B, int I, hipcub::BlockLoadAlgorithm LA, hipcub::BlockStoreAlgorithm SA>
void check_load_store(bool striped_load) {
  const int blocks = 2, n = blocks * B * I, valid = B * I - 3;
  std::vector<T> h(n);
  for (int i = 0; i < n; ++i) h[i] = T(i % 101);
  T *d, *o, *c;
  HIP_CHECK(hipMalloc(&d, n * sizeof(T)));
  HIP_CHECK(hipMalloc(&o, n * sizeof(T)));
  HIP_CHECK(hipMalloc(&c, n * sizeof(T)));
  HIP_CHECK(hipMemcpy(d, h.data(), n * sizeof(T), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemset(o, 0, n * sizeof(T)));
  hipLaunchKernelGGL(HIP_KERNEL_NAME(load_store<T, B, I, LA, SA>), dim3(blocks), dim3(B), 0, 0, d, o, c, valid);
  HIP_CHECK(hipGetLastError());
  std::vector<T> ho(n), hc(n);
  HIP_CHECK(hipMemcpy(ho.data(), o, n * sizeof(T), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(hc.data(), c, n * sizeof(T), hipMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < B; ++t)
      for (int i = 0; i < I; ++i) {
        const int idx = striped_load ? t + i * B : t * I + i;
        const T want = idx < valid ? h[b * B * I + idx] : T(-7);
        CHECK(hc[b * B * I + t * I + i] == want, "load alg %d: thread %d item %d (B=%d I=%d)", int(LA), t, i, B, I);
      }
  // Store with the matching algorithm puts every valid item back where it came from.
  const bool same = striped_load == (SA == hipcub::BLOCK_STORE_STRIPED);
  if (same)
    for (int b = 0; b < blocks; ++b)
      for (int j = 0; j < B * I; ++j)
        CHECK(ho[b * B * I + j] == (j < valid ? h[b * B * I + j] : T(0)), "store alg %d: item %d", int(SA), j);
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(o));
  HIP_CHECK(hipFree(c));
}

template <int B, int I> __global__ void exchange_kernel(const int *in, int *out) {
  using BX = hipcub::BlockExchange<int, B, I>;
  __shared__ typename BX::TempStorage tmp;
  int items[I], ranks[I];
  hipcub::LoadDirectBlocked(threadIdx.x, in, items);
  BX(tmp).BlockedToStriped(items, items);
  __syncthreads();
  hipcub::StoreDirectStriped<B>(threadIdx.x, out, items); // back in the original order
  __syncthreads();
  BX(tmp).StripedToBlocked(items, items);
  __syncthreads();
  hipcub::StoreDirectBlocked(threadIdx.x, out + B * I, items); // striped view of the input
  __syncthreads();
  hipcub::LoadDirectBlocked(threadIdx.x, in, items);
  BX(tmp).BlockedToWarpStriped(items, items);
  __syncthreads();
  hipcub::StoreDirectWarpStriped(threadIdx.x, out + 2 * B * I, items); // original order again
  __syncthreads();
  hipcub::LoadDirectBlocked(threadIdx.x, in, items);
  for (int i = 0; i < I; ++i) ranks[i] = B * I - 1 - (threadIdx.x * I + i); // reverse
  BX(tmp).ScatterToBlocked(items, items, ranks);
  hipcub::StoreDirectBlocked(threadIdx.x, out + 3 * B * I, items);
}

template <int B, int I> void check_exchange() {
  const int n = B * I;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = i * 3 + 1;
  int *d, *o;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&o, 4 * n * sizeof(int)));
  HIP_CHECK(hipMemcpy(d, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(HIP_KERNEL_NAME(exchange_kernel<B, I>), dim3(1), dim3(B), 0, 0, d, o);
  std::vector<int> r(4 * n);
  HIP_CHECK(hipMemcpy(r.data(), o, 4 * n * sizeof(int), hipMemcpyDeviceToHost));
  for (int j = 0; j < n; ++j) {
    CHECK(r[j] == h[j], "blocked->striped->stored striped at %d (B=%d I=%d)", j, B, I);
    CHECK(r[2 * n + j] == h[j], "blocked->warp-striped->stored warp-striped at %d", j);
    CHECK(r[3 * n + j] == h[n - 1 - j], "scatter to blocked (reverse) at %d", j);
  }
  // Thread t, item i of striped_to_blocked(blocked_to_striped(x)) is x's blocked item again.
  for (int j = 0; j < n; ++j) CHECK(r[n + j] == h[j], "round trip at %d", j);
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(o));
}

template <class K, int B, int I>
__global__ void radix_kernel(const K *keys, K *out_keys, int *out_vals, int mode, int begin_bit, int end_bit) {
  using RS = hipcub::BlockRadixSort<K, B, I, int>;
  __shared__ typename RS::TempStorage tmp;
  K k[I];
  int v[I];
  for (int i = 0; i < I; ++i) {
    k[i] = keys[threadIdx.x * I + i];
    v[i] = threadIdx.x * I + i;
  }
  if (mode == 0) RS(tmp).Sort(k, v, begin_bit, end_bit);
  if (mode == 1) RS(tmp).SortDescending(k, v, begin_bit, end_bit);
  if (mode == 2) RS(tmp).SortBlockedToStriped(k, v, begin_bit, end_bit);
  for (int i = 0; i < I; ++i) {
    const int j = mode == 2 ? threadIdx.x + i * B : threadIdx.x * I + i;
    out_keys[j] = k[i];
    out_vals[j] = v[i];
  }
}

// The order-preserving bit pattern of a key (what the radix sort compares).
template <class K> unsigned long long ordered(K k) {
  unsigned long long b = 0;
  std::memcpy(&b, &k, sizeof(K));
  const unsigned long long sign = 1ull << (8 * sizeof(K) - 1);
  if (std::is_floating_point<K>::value) return (b & sign) ? (~b & (sign | (sign - 1))) : (b | sign);
  if (std::is_signed<K>::value) return b ^ sign;
  return b;
}

template <class K, int B, int I> void check_radix(int begin_bit, int end_bit) {
  const int n = B * I;
  std::vector<K> h(n);
  for (int i = 0; i < n; ++i) {
    long long x = (long long)((i * 2654435761u) % 97) - 48; // many equal keys: stability shows
    h[i] = K(x);
  }
  if (std::is_floating_point<K>::value && n > 2) {
    h[0] = K(-0.0);
    h[1] = K(0.0);
  }
  K *d, *ok;
  int *ov;
  HIP_CHECK(hipMalloc(&d, n * sizeof(K)));
  HIP_CHECK(hipMalloc(&ok, n * sizeof(K)));
  HIP_CHECK(hipMalloc(&ov, n * sizeof(int)));
  HIP_CHECK(hipMemcpy(d, h.data(), n * sizeof(K), hipMemcpyHostToDevice));
  const unsigned long long mask =
      (end_bit - begin_bit >= 64) ? ~0ull : (((1ull << (end_bit - begin_bit)) - 1) << begin_bit);
  for (int mode = 0; mode < 3; ++mode) {
    hipLaunchKernelGGL(HIP_KERNEL_NAME(radix_kernel<K, B, I>), dim3(1), dim3(B), 0, 0, d, ok, ov, mode, begin_bit,
                       end_bit);
    std::vector<K> rk(n);
    std::vector<int> rv(n);
    HIP_CHECK(hipMemcpy(rk.data(), ok, n * sizeof(K), hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpy(rv.data(), ov, n * sizeof(int), hipMemcpyDeviceToHost));
    std::vector<int> idx(n);
    for (int i = 0; i < n; ++i) idx[i] = i;
    std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) {
      const unsigned long long ka = ordered(h[a]) & mask, kb = ordered(h[b]) & mask;
      return mode == 1 ? kb < ka : ka < kb;
    });
    for (int j = 0; j < n; ++j) {
      CHECK(rv[j] == idx[j], "mode %d position %d: value (original index) %d, stable order wants %d (B=%d I=%d)",
            mode, j, rv[j], idx[j], B, I);
      CHECK(std::memcmp(&rk[j], &h[idx[j]], sizeof(K)) == 0, "mode %d position %d: key", mode, j);
    }
  }
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(ok));
  HIP_CHECK(hipFree(ov));
}

int main() {
  check_load_store<int, 64, 4, hipcub::BLOCK_LOAD_DIRECT, hipcub::BLOCK_STORE_DIRECT>(false);
  check_load_store<int, 128, 3, hipcub::BLOCK_LOAD_STRIPED, hipcub::BLOCK_STORE_STRIPED>(true);
  check_load_store<float, 64, 4, hipcub::BLOCK_LOAD_VECTORIZE, hipcub::BLOCK_STORE_VECTORIZE>(false);
  check_load_store<double, 256, 2, hipcub::BLOCK_LOAD_TRANSPOSE, hipcub::BLOCK_STORE_TRANSPOSE>(false);
  check_load_store<int, 64, 16, hipcub::BLOCK_LOAD_WARP_TRANSPOSE, hipcub::BLOCK_STORE_WARP_TRANSPOSE>(false);
  check_load_store<long long, 1024, 1, hipcub::BLOCK_LOAD_TRANSPOSE, hipcub::BLOCK_STORE_STRIPED>(false);
  check_exchange<64, 4>();
  check_exchange<128, 1>();
  check_exchange<256, 7>();
  check_radix<int, 64, 4>(0, 32);
  check_radix<int, 128, 3>(4, 12);
  check_radix<unsigned long long, 256, 2>(0, 64);
  check_radix<signed char, 32, 16>(0, 8);
  check_radix<unsigned short, 1024, 1>(0, 16);
  check_radix<float, 128, 5>(0, 32);
  check_radix<double, 64, 8>(0, 64);
  return hip_test::pass();
}
