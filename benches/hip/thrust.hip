// thrust on the CPU platform (include/thrust): thrust::sort of 2^24 uint32 keys, thrust::sort_by_key
// of 2^24 uint32 pairs and thrust::reduce of 2^26 floats, each on a device_vector with the
// default (device) policy, beside native peers over the same data in the same run: std::sort
// on one thread, a native parallel sort (std::sort per chunk on threads() std::threads, then
// pairwise std::inplace_merge rounds on threads), std::sort(std::execution::par_unseq)
// (libstdc++'s PSTL: TBB back end where it was built with one, else serial), and for reduce a
// plain float loop on one thread and on threads() std::threads, plus memcpy of the same bytes.
// Each sort sample starts from the same unsorted data (copied in, untimed).
#include "bench.h"

#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>

#include <execution>
#include <random>

static const char *pstl_backend() {
#if defined(_PSTL_PAR_BACKEND_TBB)
  return "tbb";
#elif defined(_PSTL_PAR_BACKEND_SERIAL)
  return "serial";
#else
  return "unknown";
#endif
}

// Times f() after prepare() for each sample; prints "<tag> <id> <name> ns...".
template <class P, class F>
static void timed(const char *tag, const std::string &id, const std::string &name, int n, P &&prepare, F &&f) {
  std::vector<double> s;
  prepare();
  f();  // warm-up
  for (int k = 0; k < n; ++k) {
    prepare();
    double t = bench::now_ns();
    f();
    s.push_back(bench::now_ns() - t);
  }
  bench::print_samples(tag, id, name, s);
}

// The native parallel peer: chunks sorted on threads, then merged pairwise, each round's
// merges on threads.
template <class T> static void native_parallel_sort(std::vector<T> &v) {
  size_t n = v.size();
  unsigned t = bench::threads();
  size_t parts = 1;
  while (parts < t) parts *= 2;
  std::vector<size_t> b(parts + 1);
  for (size_t p = 0; p <= parts; ++p) b[p] = n * p / parts;
  std::vector<std::thread> th;
  for (size_t p = 0; p < parts; ++p) th.emplace_back([&, p] { std::sort(v.begin() + b[p], v.begin() + b[p + 1]); });
  for (auto &x : th) x.join();
  for (size_t w = 1; w < parts; w *= 2) {
    th.clear();
    for (size_t p = 0; p + w < parts; p += 2 * w)
      th.emplace_back([&, p, w] {
        std::inplace_merge(v.begin() + b[p], v.begin() + b[p + w], v.begin() + b[std::min(parts, p + 2 * w)]);
      });
    for (auto &x : th) x.join();
  }
}

static void sort_keys(size_t n, int samples) {
  std::string id = "thrust-sort-2^" + std::to_string((int)std::log2((double)n)) + "-u32";
  bench::group(id, 4.0 * n, "thrust::sort of uint32 keys (device_vector) vs native sorts");
  std::mt19937 rng(42);
  std::vector<uint32_t> src(n);
  for (auto &x : src) x = rng();
  std::vector<uint32_t> ref = src;
  std::sort(ref.begin(), ref.end());

  thrust::device_vector<uint32_t> d(n);
  uint32_t *raw = thrust::raw_pointer_cast(d.data());
  timed("OURS", id, "thrust::sort", samples,
        [&] { CHECK(hipMemcpy(raw, src.data(), n * 4, hipMemcpyHostToDevice)); },
        [&] { thrust::sort(d.begin(), d.end()); });
  std::vector<uint32_t> out(n);
  CHECK(hipMemcpy(out.data(), raw, n * 4, hipMemcpyDeviceToHost));
  if (out != ref) bench::fail(id + ": thrust::sort result differs from std::sort");

  std::vector<uint32_t> v;
  timed("PEER", id, "std::sort-1t", samples, [&] { v = src; }, [&] { std::sort(v.begin(), v.end()); });
  timed("PEER", id, bench::threaded_name("std::sort+merge"), samples, [&] { v = src; },
        [&] { native_parallel_sort(v); });
  if (v != ref) bench::fail(id + ": native parallel sort differs");
  timed("PEER", id, std::string("par_unseq-") + pstl_backend(), samples, [&] { v = src; },
        [&] { std::sort(std::execution::par_unseq, v.begin(), v.end()); });
}

static void sort_pairs(size_t n, int samples) {
  std::string id = "thrust-sort_by_key-2^" + std::to_string((int)std::log2((double)n)) + "-u32";
  bench::group(id, 8.0 * n, "thrust::sort_by_key of uint32 keys + uint32 values vs native sorts of pairs");
  std::mt19937 rng(7);
  std::vector<uint32_t> keys(n), vals(n);
  for (size_t i = 0; i < n; ++i) {
    keys[i] = rng();
    vals[i] = (uint32_t)i;
  }
  thrust::device_vector<uint32_t> dk(n), dv(n);
  timed("OURS", id, "thrust::sort_by_key", samples,
        [&] {
          CHECK(hipMemcpy(thrust::raw_pointer_cast(dk.data()), keys.data(), n * 4, hipMemcpyHostToDevice));
          CHECK(hipMemcpy(thrust::raw_pointer_cast(dv.data()), vals.data(), n * 4, hipMemcpyHostToDevice));
        },
        [&] { thrust::sort_by_key(dk.begin(), dk.end(), dv.begin()); });
  std::vector<uint32_t> hk(n), hv(n);
  thrust::copy(dk.begin(), dk.end(), hk.begin());
  thrust::copy(dv.begin(), dv.end(), hv.begin());
  for (size_t i = 0; i < n; ++i)
    if ((i > 0 && hk[i - 1] > hk[i]) || keys[hv[i]] != hk[i]) bench::fail(id + ": thrust::sort_by_key result wrong");

  std::vector<std::pair<uint32_t, uint32_t>> src(n), v;
  for (size_t i = 0; i < n; ++i) src[i] = {keys[i], vals[i]};
  timed("PEER", id, "std::sort-1t", samples, [&] { v = src; }, [&] { std::sort(v.begin(), v.end()); });
  timed("PEER", id, bench::threaded_name("std::sort+merge"), samples, [&] { v = src; },
        [&] { native_parallel_sort(v); });
}

static void reduce(size_t n, int samples) {
  std::string id = "thrust-reduce-2^" + std::to_string((int)std::log2((double)n)) + "-f32";
  bench::group(id, 4.0 * n, "thrust::reduce of floats (device_vector) vs native loops and memcpy");
  std::vector<float> src(n);
  for (size_t i = 0; i < n; ++i) src[i] = (float)(i % 7) * 0.5f;
  double exact = 0;
  for (float x : src) exact += x;
  thrust::device_vector<float> d(src.begin(), src.end());
  float r = 0;
  bench::ours(id, "thrust::reduce", samples, [&] { r = thrust::reduce(d.begin(), d.end()); });
  if (std::fabs(r - exact) > 0.01 * exact) bench::fail(id + ": thrust::reduce result wrong");
  volatile float sink = 0;
  bench::peer(id, "loop-1t", samples, [&] {
    float s = 0;
    for (size_t i = 0; i < n; ++i) s += src[i];
    sink = s;
  });
  bench::peer(id, bench::threaded_name("loop"), samples, [&] {
    std::vector<float> part(bench::threads() + 1, 0.0f);
    std::atomic<unsigned> slot{0};
    bench::parallel_for(n, [&](size_t b, size_t e) {
      float s = 0;
      for (size_t i = b; i < e; ++i) s += src[i];
      part[slot++] = s;
    });
    float s = 0;
    for (float x : part) s += x;
    sink = s;
  });
  std::vector<float> dst(n);
  bench::peer(id, "memcpy", samples, [&] { std::memcpy(dst.data(), src.data(), n * 4); });
  (void)sink;
}

int main() {
  bool q = bench::quick();
  int samples = q ? 3 : 7;
  sort_keys(q ? (size_t)1 << 20 : (size_t)1 << 24, samples);
  sort_pairs(q ? (size_t)1 << 20 : (size_t)1 << 24, samples);
  reduce(q ? (size_t)1 << 22 : (size_t)1 << 26, samples);
  return 0;
}
