// hipcub::DeviceReduce (Sum/Min/Max/ArgMin/ArgMax/Reduce with a user struct and operator,
// ReduceByKey) and hipcub::DeviceScan (inclusive/exclusive sums and scans, by key), checked
// against std:: algorithms for sizes 0, 1, 255, 256, 257, 4099 (prime), 1000003 (prime) and
// 2^20; the temporary-storage contract (a null pointer asks for the size, which is > 0; a
// too-small buffer is hipErrorInvalidValue) and stream order (the algorithm is enqueued on a
// stream after a kernel that fills the input and before an async copy of the result).
#include "hip_test.h"

#include <hipcub/hipcub.hpp>

#include <algorithm>
#include <limits>
#include <numeric>
#include <vector>

struct Vec2 {
  int x, y;
};
struct Vec2Add {
  __host__ __device__ Vec2 operator()(const Vec2 &a, const Vec2 &b) const { return Vec2{a.x + b.x, a.y + b.y}; }
};

template <class T> __global__ void fill(T *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = T((int)(((long long)i * 7919) % 201)) - T(100);
}
template <class T> T host_value(int i) { return T((int)(((long long)i * 7919) % 201)) - T(100); }

// Runs a hipcub call through its two phases: the size query, then the run.
template <class F> void two_phase(F call) {
  size_t bytes = 0;
  HIP_CHECK(call(nullptr, bytes));
  CHECK(bytes > 0, "the temporary-storage query answers a non-zero size, got %zu", bytes);
  void *tmp;
  HIP_CHECK(hipMalloc(&tmp, bytes));
#if !defined(__HIP_PLATFORM_NVIDIA__)
  // rocPRIM checks the size it is given; CUB does in its multi-pass paths only (its single-tile
  // paths ask for 1 byte and never look), so this part of the contract is checked on the CPU.
  size_t small = bytes - 1;
  HIP_EXPECT(call(tmp, small), hipErrorInvalidValue);
#endif
  HIP_CHECK(call(tmp, bytes));
  HIP_CHECK(hipStreamSynchronize(0));
  HIP_CHECK(hipFree(tmp));
}

template <class T> void check_reduce(int n, hipStream_t stream) {
  T *d, *o;
  hipcub::KeyValuePair<int, T> *kv;
  HIP_CHECK(hipMalloc(&d, (n + 1) * sizeof(T)));
  HIP_CHECK(hipMalloc(&o, 4 * sizeof(T)));
  HIP_CHECK(hipMalloc(&kv, 2 * sizeof(hipcub::KeyValuePair<int, T>)));
  std::vector<T> h(n);
  for (int i = 0; i < n; ++i) h[i] = host_value<T>(i);
  if (n > 0) hipLaunchKernelGGL(fill<T>, dim3((n + 255) / 256), dim3(256), 0, stream, d, n);
  size_t bytes = 0;
  HIP_CHECK(hipcub::DeviceReduce::Sum(nullptr, bytes, d, o, n, stream));
  void *tmp;
  HIP_CHECK(hipMalloc(&tmp, bytes));
  HIP_CHECK(hipcub::DeviceReduce::Sum(tmp, bytes, d, o, n, stream));
  HIP_CHECK(hipcub::DeviceReduce::Min(nullptr, bytes, d, o + 1, n, stream));
  HIP_CHECK(hipcub::DeviceReduce::Min(tmp, bytes, d, o + 1, n, stream));
  HIP_CHECK(hipcub::DeviceReduce::Max(tmp, bytes, d, o + 2, n, stream));
  HIP_CHECK(hipcub::DeviceReduce::Reduce(tmp, bytes, d, o + 3, n, hipcub::Max(), T(7), stream));
  HIP_CHECK(hipcub::DeviceReduce::ArgMin(tmp, bytes, d, kv, n, stream));
  HIP_CHECK(hipcub::DeviceReduce::ArgMax(tmp, bytes, d, kv + 1, n, stream));
  T r[4];
  hipcub::KeyValuePair<int, T> a[2];
  HIP_CHECK(hipMemcpyAsync(r, o, sizeof(r), hipMemcpyDeviceToHost, stream));
  HIP_CHECK(hipMemcpyAsync(a, kv, sizeof(a), hipMemcpyDeviceToHost, stream));
  HIP_CHECK(hipStreamSynchronize(stream));
  T sum = T(0);
  for (T v : h) sum = T(sum + v);
  CHECK(r[0] == sum, "Sum of %d items", n);
  if (n == 0) {
    CHECK(r[1] == std::numeric_limits<T>::max(), "Min of nothing is Traits::Max()");
    CHECK(r[2] == std::numeric_limits<T>::lowest(), "Max of nothing is Traits::Lowest()");
    CHECK(r[3] == T(7), "Reduce of nothing is the initial value");
    CHECK(a[0].key == 1 && a[0].value == std::numeric_limits<T>::max(), "ArgMin of nothing is {1, Max()}");
    CHECK(a[1].key == 1 && a[1].value == std::numeric_limits<T>::lowest(), "ArgMax of nothing is {1, Lowest()}");
  } else {
    auto mn = std::min_element(h.begin(), h.end()), mx = std::max_element(h.begin(), h.end());
    CHECK(r[1] == *mn, "Min of %d items", n);
    CHECK(r[2] == *mx, "Max of %d items", n);
    CHECK(r[3] == std::max(T(7), *mx), "Reduce(max, init 7) of %d items", n);
    CHECK(a[0].key == int(mn - h.begin()) && a[0].value == *mn, "ArgMin of %d items: first smallest at %d, got %d",
          n, int(mn - h.begin()), a[0].key);
    CHECK(a[1].key == int(mx - h.begin()) && a[1].value == *mx, "ArgMax of %d items: first largest at %d, got %d",
          n, int(mx - h.begin()), a[1].key);
  }
  HIP_CHECK(hipFree(tmp));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(o));
  HIP_CHECK(hipFree(kv));
}

template <class T> void check_scan(int n) {
  std::vector<T> h(n), e(n), r(n);
  for (int i = 0; i < n; ++i) h[i] = host_value<T>(i);
  T *d, *o;
  HIP_CHECK(hipMalloc(&d, (n + 1) * sizeof(T)));
  HIP_CHECK(hipMalloc(&o, (n + 1) * sizeof(T)));
  HIP_CHECK(hipMemcpy(d, h.data(), n * sizeof(T), hipMemcpyHostToDevice));
  auto get = [&]() { HIP_CHECK(hipMemcpy(r.data(), o, n * sizeof(T), hipMemcpyDeviceToHost)); };

  two_phase([&](void *t, size_t &b) { return hipcub::DeviceScan::InclusiveSum(t, b, d, o, n); });
  get();
  T run = T(0);
  for (int i = 0; i < n; ++i) CHECK(r[i] == (run = T(run + h[i])), "InclusiveSum at %d of %d", i, n);
  two_phase([&](void *t, size_t &b) { return hipcub::DeviceScan::ExclusiveSum(t, b, d, o, n); });
  get();
  run = T(0);
  for (int i = 0; i < n; ++i) {
    CHECK(r[i] == run, "ExclusiveSum at %d of %d", i, n);
    run = T(run + h[i]);
  }
  two_phase([&](void *t, size_t &b) { return hipcub::DeviceScan::InclusiveScan(t, b, d, o, hipcub::Max(), n); });
  get();
  T m = std::numeric_limits<T>::lowest();
  for (int i = 0; i < n; ++i) CHECK(r[i] == (m = std::max(m, h[i])), "InclusiveScan(max) at %d of %d", i, n);
  two_phase([&](void *t, size_t &b) { return hipcub::DeviceScan::ExclusiveScan(t, b, d, o, hipcub::Min(), T(50), n); });
  get();
  m = T(50);
  for (int i = 0; i < n; ++i) {
    CHECK(r[i] == m, "ExclusiveScan(min, 50) at %d of %d", i, n);
    m = std::min(m, h[i]);
  }
  // In place.
  HIP_CHECK(hipMemcpy(o, h.data(), n * sizeof(T), hipMemcpyHostToDevice));
  two_phase([&](void *t, size_t &b) { return hipcub::DeviceScan::InclusiveSum(t, b, o, o, n); });
  get();
  run = T(0);
  for (int i = 0; i < n; ++i) CHECK(r[i] == (run = T(run + h[i])), "in-place InclusiveSum at %d of %d", i, n);

  // By key: keys in runs of 1..5 equal values.
  std::vector<int> keys(n);
  for (int i = 0, k = 0; i < n; ++k)
    for (int j = 0; j < 1 + k % 5 && i < n; ++j) keys[i++] = k;
  int *dk;
  HIP_CHECK(hipMalloc(&dk, (n + 1) * sizeof(int)));
  HIP_CHECK(hipMemcpy(dk, keys.data(), n * sizeof(int), hipMemcpyHostToDevice));
  two_phase([&](void *t, size_t &b) { return hipcub::DeviceScan::InclusiveSumByKey(t, b, dk, d, o, n); });
  get();
  for (int i = 0; i < n; ++i) {
    run = (i == 0 || keys[i] != keys[i - 1]) ? h[i] : T(run + h[i]);
    CHECK(r[i] == run, "InclusiveSumByKey at %d of %d", i, n);
  }
  two_phase([&](void *t, size_t &b) {
    return hipcub::DeviceScan::ExclusiveScanByKey(t, b, dk, d, o, hipcub::Max(), T(-3), n);
  });
  get();
  for (int i = 0; i < n; ++i) {
    if (i == 0 || keys[i] != keys[i - 1]) m = T(-3);
    CHECK(r[i] == m, "ExclusiveScanByKey(max, -3) at %d of %d", i, n);
    m = std::max(m, h[i]);
  }

  // ReduceByKey over the same runs.
  int *du, *dn;
  HIP_CHECK(hipMalloc(&du, (n + 1) * sizeof(int)));
  HIP_CHECK(hipMalloc(&dn, sizeof(int)));
  two_phase([&](void *t, size_t &b) {
    return hipcub::DeviceReduce::ReduceByKey(t, b, dk, du, d, o, dn, hipcub::Sum(), n);
  });
  int runs = -1;
  HIP_CHECK(hipMemcpy(&runs, dn, sizeof(int), hipMemcpyDeviceToHost));
  std::vector<int> uk(n + 1);
  HIP_CHECK(hipMemcpy(uk.data(), du, n * sizeof(int), hipMemcpyDeviceToHost));
  get();
  int expect_runs = 0;
  for (int i = 0; i < n; ++i) {
    if (i == 0 || keys[i] != keys[i - 1]) {
      T s = T(0);
      for (int j = i; j < n && keys[j] == keys[i]; ++j) s = T(s + h[j]);
      CHECK(uk[expect_runs] == keys[i] && r[expect_runs] == s, "ReduceByKey run %d of %d items", expect_runs, n);
      ++expect_runs;
    }
  }
  CHECK(runs == expect_runs, "ReduceByKey: %d runs, got %d", expect_runs, runs);
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(o));
  HIP_CHECK(hipFree(dk));
  HIP_CHECK(hipFree(du));
  HIP_CHECK(hipFree(dn));
}

void check_struct(int n) {
  std::vector<Vec2> h(n);
  for (int i = 0; i < n; ++i) h[i] = Vec2{i % 13, -(i % 7)};
  Vec2 *d, *o;
  HIP_CHECK(hipMalloc(&d, (n + 1) * sizeof(Vec2)));
  HIP_CHECK(hipMalloc(&o, (n + 1) * sizeof(Vec2)));
  HIP_CHECK(hipMemcpy(d, h.data(), n * sizeof(Vec2), hipMemcpyHostToDevice));
  two_phase([&](void *t, size_t &b) { return hipcub::DeviceReduce::Reduce(t, b, d, o, n, Vec2Add(), Vec2{1, 2}); });
  Vec2 r;
  HIP_CHECK(hipMemcpy(&r, o, sizeof(Vec2), hipMemcpyDeviceToHost));
  Vec2 e{1, 2};
  for (auto &v : h) e = Vec2Add()(e, v);
  CHECK(r.x == e.x && r.y == e.y, "Reduce of %d structs: {%d,%d} vs {%d,%d}", n, r.x, r.y, e.x, e.y);
  two_phase([&](void *t, size_t &b) { return hipcub::DeviceScan::InclusiveScan(t, b, d, o, Vec2Add(), n); });
  std::vector<Vec2> s(n);
  HIP_CHECK(hipMemcpy(s.data(), o, n * sizeof(Vec2), hipMemcpyDeviceToHost));
  Vec2 run{0, 0};
  for (int i = 0; i < n; ++i) {
    run = Vec2Add()(run, h[i]);
    CHECK(s[i].x == run.x && s[i].y == run.y, "InclusiveScan of structs at %d", i);
  }
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(o));
}

// Fancy iterators as inputs: the sum of a CountingInputIterator, a TransformInputIterator.
struct Square {
  __host__ __device__ long long operator()(int x) const { return (long long)x * x; }
};
void check_iterators() {
  long long *o;
  HIP_CHECK(hipMalloc(&o, sizeof(long long)));
  const int n = 1000;
  hipcub::CountingInputIterator<int> count(1);
  hipcub::TransformInputIterator<long long, Square, hipcub::CountingInputIterator<int>> sq(count, Square());
  two_phase([&](void *t, size_t &b) { return hipcub::DeviceReduce::Sum(t, b, sq, o, n); });
  long long r;
  HIP_CHECK(hipMemcpy(&r, o, sizeof(r), hipMemcpyDeviceToHost));
  CHECK_EQ(r, (long long)n * (n + 1) * (2 * n + 1) / 6);
  HIP_CHECK(hipFree(o));
}

int main() {
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  const int sizes[] = {0, 1, 255, 256, 257, 4099, 1000003, 1 << 20};
  for (int n : sizes) {
    check_reduce<int>(n, s);
    check_reduce<double>(n, s);
    check_scan<int>(n);
  }
  for (int n : {0, 1, 257, 65537}) {
    check_reduce<signed char>(n, s);
    check_reduce<unsigned>(n, s);
    check_reduce<long long>(n, s);
    check_reduce<float>(n, s);
    check_scan<float>(n);
    check_scan<long long>(n);
    check_scan<short>(n);
    check_struct(n);
  }
  check_iterators();
  HIP_CHECK(hipStreamDestroy(s));
  return hip_test::pass();
}
