// rocPRIM's device-wide algorithms under their rocPRIM names, stream-ordered: reduce (with and
// without an initial value), inclusive_scan / exclusive_scan, inclusive_scan_by_key,
// radix_sort_keys / radix_sort_pairs_desc (iterators and double_buffer), select (flags and
// predicate), unique, partition, run_length_encode, reduce_by_key, segmented_reduce, merge_sort,
// histogram_even, adjacent_difference, transform and the fancy iterators (counting, constant,
// transform, discard, arg_index); sizes 0, 1, 4099 and 1000003; temporary-storage queries.
#include "hip_test.h"

#include <rocprim/rocprim.hpp>

#include <algorithm>
#include <numeric>
#include <vector>

template <class F> void two_phase(F call) {
  size_t bytes = 0;
  HIP_CHECK(call(nullptr, bytes));
  CHECK(bytes > 0, "temporary-storage size > 0 (got %zu)", bytes);
  void *tmp;
  HIP_CHECK(hipMalloc(&tmp, bytes));
#if !defined(__HIP_PLATFORM_NVIDIA__)
  // rocPRIM checks the size it is given; CUB does in its multi-pass paths only (its single-tile
  // paths ask for 1 byte and never look), so this part of the contract is checked on the CPU.
  size_t small = bytes - 1;
  HIP_EXPECT(call(tmp, small), hipErrorInvalidValue);
#endif
  HIP_CHECK(call(tmp, bytes));
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipFree(tmp));
}
template <class T> std::vector<T> get(const T *d, size_t n) {
  std::vector<T> h(n);
  if (n) HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost));
  return h;
}
template <class T> T *put(const std::vector<T> &h, size_t extra = 1) {
  T *d;
  HIP_CHECK(hipMalloc(&d, (h.size() + extra) * sizeof(T)));
  if (!h.empty()) HIP_CHECK(hipMemcpy(d, h.data(), h.size() * sizeof(T), hipMemcpyHostToDevice));
  return d;
}
struct Even {
  __host__ __device__ bool operator()(int x) const { return x % 2 == 0; }
};
// The first smallest value with its index (a type at namespace scope: nvcc rejects local types
// in kernel template arguments).
struct ArgMin {
  using kv = rocprim::key_value_pair<std::ptrdiff_t, int>;
  __host__ __device__ kv operator()(const kv &a, const kv &b) const {
    return (b.value < a.value || (b.value == a.value && b.key < a.key)) ? b : a;
  }
};
struct Twice {
  __host__ __device__ long long operator()(int x) const { return 2ll * x; }
};

void check(size_t n) {
  std::vector<int> h(n);
  for (size_t i = 0; i < n; ++i) h[i] = int((i * 7919) % 1013) - 500;
  int *d = put(h), *o = put(std::vector<int>(n)), *cnt = put(std::vector<int>(1));
  long long *ol = put(std::vector<long long>(n));

  two_phase([&](void *t, size_t &b) { return rocprim::reduce(t, b, d, ol, 7ll, n, rocprim::plus<long long>()); });
  CHECK(get(ol, 1)[0] == std::accumulate(h.begin(), h.end(), 7ll), "reduce with init over %zu", n);
  if (n > 0) {
    two_phase([&](void *t, size_t &b) { return rocprim::reduce(t, b, d, o, n, rocprim::maximum<int>()); });
    CHECK(get(o, 1)[0] == *std::max_element(h.begin(), h.end()), "reduce (max, no init) over %zu", n);
  }
  two_phase([&](void *t, size_t &b) { return rocprim::inclusive_scan(t, b, d, o, n, rocprim::plus<int>()); });
  std::vector<int> e(n);
  std::partial_sum(h.begin(), h.end(), e.begin());
  CHECK(get(o, n) == e, "inclusive_scan over %zu", n);
  two_phase([&](void *t, size_t &b) { return rocprim::exclusive_scan(t, b, d, o, 3, n, rocprim::plus<int>()); });
  std::exclusive_scan(h.begin(), h.end(), e.begin(), 3);
  CHECK(get(o, n) == e, "exclusive_scan over %zu", n);
  std::vector<int> keys(n);
  for (size_t i = 0; i < n; ++i) keys[i] = int(i / 5);
  int *dk = put(keys);
  two_phase([&](void *t, size_t &b) { return rocprim::inclusive_scan_by_key(t, b, dk, d, o, n); });
  for (size_t i = 0; i < n; ++i) e[i] = (i % 5 == 0) ? h[i] : e[i - 1] + h[i];
  CHECK(get(o, n) == e, "inclusive_scan_by_key over %zu", n);

  // Sorts.
  two_phase([&](void *t, size_t &b) { return rocprim::radix_sort_keys(t, b, d, o, n); });
  e = h;
  std::sort(e.begin(), e.end());
  CHECK(get(o, n) == e, "radix_sort_keys over %zu", n);
  std::vector<int> idx(n);
  std::iota(idx.begin(), idx.end(), 0);
  int *dv = put(idx), *ov = put(std::vector<int>(n)), *ok = put(std::vector<int>(n));
  two_phase([&](void *t, size_t &b) { return rocprim::radix_sort_pairs_desc(t, b, d, ok, dv, ov, n); });
  std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return h[a] > h[b]; });
  CHECK(get(ov, n) == idx, "radix_sort_pairs_desc (stable) over %zu", n);
  {
    HIP_CHECK(hipMemcpy(ok, d, n * sizeof(int), hipMemcpyDeviceToDevice));
    rocprim::double_buffer<int> db(ok, o);
    size_t bytes = 0;
    HIP_CHECK(rocprim::radix_sort_keys(nullptr, bytes, db, n, 0, 20));
    void *tmp;
    HIP_CHECK(hipMalloc(&tmp, bytes));
    HIP_CHECK(rocprim::radix_sort_keys(tmp, bytes, db, n, 0, 20));
    std::vector<int> r = get(db.current(), n), s = h;
    std::stable_sort(s.begin(), s.end(), [](int a, int b) { return (unsigned(a) & 0xfffff) < (unsigned(b) & 0xfffff); });
    CHECK(r == s, "radix_sort_keys(double_buffer, bits [0,20)) over %zu", n);
    HIP_CHECK(hipFree(tmp));
  }
  two_phase([&](void *t, size_t &b) { return rocprim::merge_sort(t, b, d, o, n, rocprim::greater<int>()); });
  e = h;
  std::sort(e.begin(), e.end(), std::greater<int>());
  CHECK(get(o, n) == e, "merge_sort(greater) over %zu", n);

  // Selection.
  two_phase([&](void *t, size_t &b) { return rocprim::select(t, b, d, o, cnt, n, Even()); });
  e.clear();
  std::copy_if(h.begin(), h.end(), std::back_inserter(e), Even());
  CHECK(get(cnt, 1)[0] == int(e.size()) && get(o, e.size()) == e, "select(predicate) over %zu", n);
  std::vector<int> sorted = h;
  std::sort(sorted.begin(), sorted.end());
  int *ds = put(sorted);
  two_phase([&](void *t, size_t &b) { return rocprim::unique(t, b, ds, o, cnt, n); });
  e = sorted;
  e.erase(std::unique(e.begin(), e.end()), e.end());
  CHECK(get(cnt, 1)[0] == int(e.size()) && get(o, e.size()) == e, "unique over %zu", n);
  two_phase([&](void *t, size_t &b) { return rocprim::partition(t, b, d, o, cnt, n, Even()); });
  std::vector<int> sel, rej;
  for (int x : h) (Even()(x) ? sel : rej).push_back(x);
  sel.insert(sel.end(), rej.rbegin(), rej.rend());
  CHECK(get(o, n) == sel, "partition over %zu", n);
  two_phase([&](void *t, size_t &b) {
    return rocprim::run_length_encode(t, b, ds, unsigned(n), o, ov, cnt);
  });
  CHECK(get(cnt, 1)[0] == int(e.size()) && get(o, e.size()) == e, "run_length_encode uniques over %zu", n);
  auto counts = get(ov, e.size());
  for (size_t j = 0; j < e.size(); ++j)
    CHECK(counts[j] == int(std::count(h.begin(), h.end(), e[j])), "run_length_encode count %zu", j);
  two_phase([&](void *t, size_t &b) {
    return rocprim::reduce_by_key(t, b, dk, d, unsigned(n), ok, o, cnt);
  });
  const size_t runs = (n + 4) / 5;
  CHECK(get(cnt, 1)[0] == int(runs), "reduce_by_key runs over %zu", n);
  auto agg = get(o, runs);
  for (size_t j = 0; j < runs; ++j) {
    int s = 0;
    for (size_t i = j * 5; i < std::min(n, j * 5 + 5); ++i) s += h[i];
    CHECK(agg[j] == s, "reduce_by_key run %zu", j);
  }

  // Iterators: the sum of 2*i over a counting iterator, written through a transform.
  auto tr = rocprim::make_transform_iterator(rocprim::make_counting_iterator<int>(0), Twice());
  two_phase([&](void *t, size_t &b) { return rocprim::reduce(t, b, tr, ol, 0ll, n, rocprim::plus<long long>()); });
  CHECK(get(ol, 1)[0] == (long long)n * ((long long)n - 1), "reduce over a transformed counting iterator, %zu", n);
  two_phase([&](void *t, size_t &b) {
    return rocprim::reduce(t, b, rocprim::make_constant_iterator<int>(3), ol, 0ll, n, rocprim::plus<long long>());
  });
  CHECK(get(ol, 1)[0] == 3ll * (long long)n, "reduce over a constant iterator, %zu", n);
  two_phase([&](void *t, size_t &b) {
    return rocprim::select(t, b, d, rocprim::make_discard_iterator(), cnt, n, Even());
  });
  CHECK(get(cnt, 1)[0] == int(std::count_if(h.begin(), h.end(), Even())), "select into a discard iterator");
  if (n > 0) {
    using kv = rocprim::key_value_pair<std::ptrdiff_t, int>;
    kv *dkv;
    HIP_CHECK(hipMalloc(&dkv, sizeof(kv)));
    two_phase([&](void *t, size_t &b) { return rocprim::reduce(t, b, rocprim::make_arg_index_iterator(d), dkv, n, ArgMin()); });
    kv r = get(dkv, 1)[0];
    auto mn = std::min_element(h.begin(), h.end());
    CHECK(r.key == mn - h.begin() && r.value == *mn, "arg-index reduce over %zu", n);
    HIP_CHECK(hipFree(dkv));
  }

  // Histogram, adjacent difference, transform, segmented reduce.
  unsigned *hist = put(std::vector<unsigned>(10));
  two_phase([&](void *t, size_t &b) { return rocprim::histogram_even(t, b, d, unsigned(n), hist, 11u, -500, 500); });
  std::vector<unsigned> eh(10);
  for (int x : h)
    if (x >= -500 && x < 500) ++eh[(x + 500) / 100];
  CHECK(get(hist, 10) == eh, "histogram_even over %zu", n);
  two_phase([&](void *t, size_t &b) { return rocprim::adjacent_difference(t, b, d, o, n); });
  for (size_t i = 0; i < n; ++i) e.resize(n), e[i] = i ? h[i] - h[i - 1] : h[0];
  CHECK(get(o, n) == e, "adjacent_difference over %zu", n);
  HIP_CHECK(rocprim::transform(d, ol, n, Twice()));
  HIP_CHECK(hipDeviceSynchronize());
  auto tw = get(ol, n);
  for (size_t i = 0; i < n; ++i) CHECK(tw[i] == 2ll * h[i], "transform at %zu", i);
  std::vector<unsigned> offs;
  for (size_t i = 0; i <= n; i += 1000) offs.push_back(unsigned(i));
  offs.push_back(unsigned(n));
  unsigned *doffs = put(offs);
  const unsigned segs = unsigned(offs.size() - 1);
  two_phase([&](void *t, size_t &b) {
    return rocprim::segmented_reduce(t, b, d, o, segs, doffs, doffs + 1, rocprim::plus<int>(), 0);
  });
  auto sr = get(o, segs);
  for (unsigned s = 0; s < segs; ++s)
    CHECK(sr[s] == std::accumulate(h.begin() + offs[s], h.begin() + offs[s + 1], 0), "segmented_reduce %u", s);
  for (int *p : {d, o, cnt, dk, dv, ov, ok, ds}) HIP_CHECK(hipFree(p));
  HIP_CHECK(hipFree(ol));
  HIP_CHECK(hipFree(hist));
  HIP_CHECK(hipFree(doffs));
}

int main() {
  for (size_t n : {size_t(0), size_t(1), size_t(4099), size_t(1000003)}) check(n);
  return hip_test::pass();
}
