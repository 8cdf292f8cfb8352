// hipcub::DeviceSelect (Flagged, If, Unique, UniqueByKey), DevicePartition (Flagged, If: the
// rejected items reversed at the end), DeviceRunLengthEncode (Encode, NonTrivialRuns),
// DeviceHistogram (HistogramEven, HistogramRange, overwriting the bins), DeviceSegmentedReduce
// (Sum, Min, ArgMax with empty segments), DeviceAdjacentDifference (left/right, copy and in
// place) and DeviceMemcpy::Batched where the toolkit has it, checked against std:: algorithms for
// sizes 0, 1, 257, 4099 and 1000003, with the temporary-storage contract of every call.
#include "hip_test.h"

#include <hipcub/hipcub.hpp>

#include <algorithm>
#include <limits>
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

struct IsOdd {
  __host__ __device__ bool operator()(int x) const { return (x & 1) != 0; }
};

void check_select(int n) {
  std::vector<int> h(n);
  std::vector<unsigned char> flags(n);
  for (int i = 0; i < n; ++i) {
    h[i] = int(((long long)i * 7919) % 61) / 4; // runs of equal values
    flags[i] = (i % 3) == 1;
  }
  int *d = put(h), *o = put(std::vector<int>(n)), *cnt = put(std::vector<int>(1));
  unsigned char *df = put(flags);
  auto count = [&] { return get(cnt, 1)[0]; };

  two_phase([&](void *t, size_t &b) { return hipcub::DeviceSelect::Flagged(t, b, d, df, o, cnt, n); });
  std::vector<int> e;
  for (int i = 0; i < n; ++i)
    if (flags[i]) e.push_back(h[i]);
  CHECK(count() == int(e.size()) && get(o, e.size()) == e, "Flagged over %d items", n);

  two_phase([&](void *t, size_t &b) { return hipcub::DeviceSelect::If(t, b, d, o, cnt, n, IsOdd()); });
  e.clear();
  std::copy_if(h.begin(), h.end(), std::back_inserter(e), IsOdd());
  CHECK(count() == int(e.size()) && get(o, e.size()) == e, "If over %d items", n);

  two_phase([&](void *t, size_t &b) { return hipcub::DeviceSelect::Unique(t, b, d, o, cnt, n); });
  e = h;
  e.erase(std::unique(e.begin(), e.end()), e.end());
  CHECK(count() == int(e.size()) && get(o, e.size()) == e, "Unique over %d items", n);

  // UniqueByKey: the first value of every run of keys.
  std::vector<int> vals(n);
  for (int i = 0; i < n; ++i) vals[i] = i;
  int *dv = put(vals), *ok = put(std::vector<int>(n)), *ov = put(std::vector<int>(n));
  two_phase([&](void *t, size_t &b) { return hipcub::DeviceSelect::UniqueByKey(t, b, d, dv, ok, ov, cnt, n); });
  std::vector<int> ek, ev;
  for (int i = 0; i < n; ++i)
    if (i == 0 || h[i] != h[i - 1]) {
      ek.push_back(h[i]);
      ev.push_back(i);
    }
  CHECK(count() == int(ek.size()) && get(ok, ek.size()) == ek && get(ov, ev.size()) == ev, "UniqueByKey over %d", n);

  // Partition: selected in order, then the rejected ones in reverse order.
  two_phase([&](void *t, size_t &b) { return hipcub::DevicePartition::If(t, b, d, o, cnt, n, IsOdd()); });
  std::vector<int> sel, rej;
  for (int x : h) (IsOdd()(x) ? sel : rej).push_back(x);
  e = sel;
  e.insert(e.end(), rej.rbegin(), rej.rend());
  CHECK(count() == int(sel.size()) && get(o, n) == e, "Partition::If over %d items", n);
  two_phase([&](void *t, size_t &b) { return hipcub::DevicePartition::Flagged(t, b, d, df, o, cnt, n); });
  sel.clear();
  rej.clear();
  for (int i = 0; i < n; ++i) (flags[i] ? sel : rej).push_back(h[i]);
  e = sel;
  e.insert(e.end(), rej.rbegin(), rej.rend());
  CHECK(count() == int(sel.size()) && get(o, n) == e, "Partition::Flagged over %d items", n);

  // Run-length encoding.
  int *lens = put(std::vector<int>(n));
  two_phase([&](void *t, size_t &b) { return hipcub::DeviceRunLengthEncode::Encode(t, b, d, o, lens, cnt, n); });
  std::vector<int> eu, el, eo, enl;
  for (int i = 0; i < n;) {
    int j = i;
    while (j < n && h[j] == h[i]) ++j;
    eu.push_back(h[i]);
    el.push_back(j - i);
    if (j - i > 1) {
      eo.push_back(i);
      enl.push_back(j - i);
    }
    i = j;
  }
  CHECK(count() == int(eu.size()) && get(o, eu.size()) == eu && get(lens, el.size()) == el, "Encode over %d", n);
  two_phase([&](void *t, size_t &b) {
    return hipcub::DeviceRunLengthEncode::NonTrivialRuns(t, b, d, o, lens, cnt, n);
  });
  CHECK(count() == int(eo.size()) && get(o, eo.size()) == eo && get(lens, enl.size()) == enl,
        "NonTrivialRuns over %d", n);
  for (int *p : {d, o, cnt, dv, ok, ov, lens}) HIP_CHECK(hipFree(p));
  HIP_CHECK(hipFree(df));
}

void check_histogram(int n) {
  std::vector<float> h(n);
  for (int i = 0; i < n; ++i) h[i] = float(((long long)i * 7919) % 1200) / 100.0f - 1.0f; // [-1, 11)
  float *d = put(h);
  int *hist = put(std::vector<int>(16, 123));
  // Even: 10 bins over [0, 10): samples outside are not counted.
  two_phase([&](void *t, size_t &b) {
    return hipcub::DeviceHistogram::HistogramEven(t, b, d, hist, 11, 0.0f, 10.0f, n);
  });
  std::vector<int> e(10, 0);
  for (float x : h)
    if (x >= 0.0f && x < 10.0f) ++e[int(x)];
  CHECK(get(hist, 10) == e, "HistogramEven over %d samples", n);
  // Range: bins [0,1) [1,3) [3,7) [7,10).
  std::vector<float> levels = {0.0f, 1.0f, 3.0f, 7.0f, 10.0f};
  float *dl = put(levels);
  two_phase([&](void *t, size_t &b) {
    return hipcub::DeviceHistogram::HistogramRange(t, b, d, hist, 5, dl, n);
  });
  std::vector<int> er(4, 0);
  for (float x : h)
    for (int k = 0; k < 4; ++k)
      if (x >= levels[k] && x < levels[k + 1]) ++er[k];
  CHECK(get(hist, 4) == er, "HistogramRange over %d samples", n);
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(hist));
  HIP_CHECK(hipFree(dl));
}

void check_segmented_reduce() {
  const int segments = 50;
  std::vector<int> begin(segments), end(segments), h;
  for (int s = 0; s < segments; ++s) {
    begin[s] = int(h.size());
    for (int j = 0; j < (s * 13) % 40; ++j) h.push_back(int(((long long)h.size() * 7919) % 301) - 150);
    end[s] = int(h.size());
  }
  int *d = put(h), *db = put(begin), *de = put(end), *o = put(std::vector<int>(segments));
  using KV = hipcub::KeyValuePair<int, int>;
  KV *kv;
  HIP_CHECK(hipMalloc(&kv, segments * sizeof(KV)));
  two_phase([&](void *t, size_t &b) { return hipcub::DeviceSegmentedReduce::Sum(t, b, d, o, segments, db, de); });
  auto sums = get(o, segments);
  two_phase([&](void *t, size_t &b) { return hipcub::DeviceSegmentedReduce::Min(t, b, d, o, segments, db, de); });
  auto mins = get(o, segments);
  two_phase([&](void *t, size_t &b) { return hipcub::DeviceSegmentedReduce::ArgMax(t, b, d, kv, segments, db, de); });
  auto args = get(kv, segments);
  for (int s = 0; s < segments; ++s) {
    long long sum = 0;
    int mn = std::numeric_limits<int>::max();
    KV am(1, std::numeric_limits<int>::lowest());
    for (int i = begin[s]; i < end[s]; ++i) {
      sum += h[i];
      mn = std::min(mn, h[i]);
      if (i == begin[s] || h[i] > am.value) am = KV(i - begin[s], h[i]);
    }
    CHECK(sums[s] == int(sum), "segment %d sum", s);
    CHECK(mins[s] == mn, "segment %d min", s);
    CHECK(args[s].key == am.key && args[s].value == am.value, "segment %d argmax {%d,%d} vs {%d,%d}", s,
          args[s].key, args[s].value, am.key, am.value);
  }
  for (int *p : {d, db, de, o}) HIP_CHECK(hipFree(p));
  HIP_CHECK(hipFree(kv));
}

void check_adjacent(int n) {
  std::vector<long long> h(n);
  for (int i = 0; i < n; ++i) h[i] = ((long long)i * i * 31) % 1009;
  long long *d = put(h), *o = put(std::vector<long long>(n));
  two_phase([&](void *t, size_t &b) { return hipcub::DeviceAdjacentDifference::SubtractLeftCopy(t, b, d, o, n); });
  std::vector<long long> e(n);
  for (int i = 0; i < n; ++i) e[i] = i == 0 ? h[0] : h[i] - h[i - 1];
  CHECK(get(o, n) == e, "SubtractLeftCopy over %d", n);
  two_phase([&](void *t, size_t &b) { return hipcub::DeviceAdjacentDifference::SubtractLeft(t, b, d, n); });
  CHECK(get(d, n) == e, "SubtractLeft (in place) over %d", n);
  if (n) HIP_CHECK(hipMemcpy(d, h.data(), n * sizeof(long long), hipMemcpyHostToDevice));
  for (int i = 0; i < n; ++i) e[i] = i == n - 1 ? h[i] : h[i] - h[i + 1];
  two_phase([&](void *t, size_t &b) { return hipcub::DeviceAdjacentDifference::SubtractRightCopy(t, b, d, o, n); });
  CHECK(get(o, n) == e, "SubtractRightCopy over %d", n);
  two_phase([&](void *t, size_t &b) { return hipcub::DeviceAdjacentDifference::SubtractRight(t, b, d, n); });
  CHECK(get(d, n) == e, "SubtractRight (in place) over %d", n);
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(o));
}

#if !defined(__HIP_PLATFORM_NVIDIA__) || (defined(CUB_VERSION) && CUB_VERSION >= 200100)
#define HAVE_BATCHED_MEMCPY 1
void check_memcpy_batched() {
  const int buffers = 100;
  std::vector<int> sizes(buffers);
  std::vector<char> src_h;
  for (int b = 0; b < buffers; ++b) sizes[b] = (b * 97) % 1000;
  size_t total = 0;
  for (int s : sizes) total += s;
  src_h.resize(total);
  for (size_t i = 0; i < total; ++i) src_h[i] = char(i * 13);
  char *src = put(src_h), *dst = put(std::vector<char>(total));
  std::vector<void *> in(buffers), out(buffers);
  size_t off = 0;
  for (int b = 0; b < buffers; ++b) {
    in[b] = src + off;
    out[b] = dst + (total - off - sizes[b]); // mirrored placement
    off += sizes[b];
  }
  void **din = put(in), **dout = put(out);
  int *dsz = put(sizes);
  two_phase([&](void *t, size_t &b) { return hipcub::DeviceMemcpy::Batched(t, b, din, dout, dsz, buffers); });
  auto r = get(dst, total);
  off = 0;
  for (int b = 0; b < buffers; ++b) {
    const size_t to = total - off - sizes[b];
    for (int i = 0; i < sizes[b]; ++i) CHECK(r[to + i] == src_h[off + i], "buffer %d byte %d", b, i);
    off += sizes[b];
  }
  HIP_CHECK(hipFree(src));
  HIP_CHECK(hipFree(dst));
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
  HIP_CHECK(hipFree(dsz));
}
#endif

// hipcub::CachingDeviceAllocator: a freed block is handed out again for a request of its bin,
// double frees are rejected, blocks above the largest bin are not cached; the temporary storage
// of a device algorithm comes from it as in CUB's examples.
void check_allocator() {
  hipcub::CachingDeviceAllocator alloc(true);
  void *p = nullptr, *q = nullptr;
  HIP_CHECK(alloc.DeviceAllocate(&p, 1000));
  HIP_CHECK(alloc.DeviceFree(p));
  HIP_CHECK(alloc.DeviceAllocate(&q, 900));
  CHECK(p == q, "a freed block of the same bin is reused");
  HIP_CHECK(alloc.DeviceFree(q));
  HIP_EXPECT(alloc.DeviceFree(q), hipErrorInvalidValue);
  std::vector<int> h(10000);
  for (int i = 0; i < 10000; ++i) h[i] = i % 3;
  int *d = put(h), *o = put(std::vector<int>(1));
  size_t bytes = 0;
  HIP_CHECK(hipcub::DeviceReduce::Sum(nullptr, bytes, d, o, 10000));
  void *tmp = nullptr;
  HIP_CHECK(alloc.DeviceAllocate(&tmp, bytes));
  HIP_CHECK(hipcub::DeviceReduce::Sum(tmp, bytes, d, o, 10000));
  CHECK(get(o, 1)[0] == 9999, "sum with storage from the allocator");
  HIP_CHECK(alloc.DeviceFree(tmp));
  HIP_CHECK(alloc.DeviceAllocate(&p, size_t(64) << 20)); // above the largest bin: not cached
  HIP_CHECK(alloc.DeviceFree(p));
  HIP_CHECK(alloc.FreeAllCached());
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(o));
}

int main() {
  check_allocator();
  for (int n : {0, 1, 257, 4099, 1000003}) {
    check_select(n);
    check_histogram(n);
    check_adjacent(n);
  }
  check_segmented_reduce();
#ifdef HAVE_BATCHED_MEMCPY
  check_memcpy_batched();
#else
  std::printf("DeviceMemcpy::Batched: skipped (the CUDA toolkit's CUB predates it)\n");
#endif
  return hip_test::pass();
}
