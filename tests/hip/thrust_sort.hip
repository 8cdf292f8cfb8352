// thrust::sort / stable_sort / sort_by_key / stable_sort_by_key on device_vectors, checked
// against std::stable_sort: int8..int64, unsigned, float, double (with negative values and
// -0.0), ascending and thrust::greater, a user struct with a custom comparator; sizes 0, 1,
// primes and 1e6 (int32, uint32, float, the struct); stability of the stable forms (equal keys keep their order) and of
// sort_by_key values; zip-iterator sorts; thrust::hip::par.on(stream) and thrust::host forms.
#include "hip_test.h"

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/sort.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

static const size_t kSizes[] = {0, 1, 2, 3, 17, 127, 1009, 65537};
static const size_t kBig = 1000000;  // for a few types only: the run stays within seconds
static size_t g_max = 65537;

static std::vector<size_t> sizes() {
  std::vector<size_t> v(std::begin(kSizes), std::end(kSizes));
  if (g_max >= kBig) v.push_back(kBig);
  return v;
}

// Values with many duplicates (so stability shows) and, for signed/float types, negatives.
template <class T> static std::vector<T> make_keys(size_t n, unsigned seed, int spread) {
  std::mt19937 rng(seed);
  std::vector<T> v(n);
  for (size_t i = 0; i < n; ++i) {
    long long r = (long long)(rng() % (unsigned)spread);
    if (std::is_signed_v<T>) r -= spread / 2;
    v[i] = (T)r;
  }
  return v;
}

template <class T> static const char *tname() {
  if (std::is_same_v<T, int8_t>) return "int8";
  if (std::is_same_v<T, uint8_t>) return "uint8";
  if (std::is_same_v<T, int16_t>) return "int16";
  if (std::is_same_v<T, int32_t>) return "int32";
  if (std::is_same_v<T, uint32_t>) return "uint32";
  if (std::is_same_v<T, int64_t>) return "int64";
  if (std::is_same_v<T, uint64_t>) return "uint64";
  if (std::is_same_v<T, float>) return "float";
  if (std::is_same_v<T, double>) return "double";
  return "?";
}

template <class T, class Comp> static void sort_keys(Comp comp, int spread) {
  for (size_t n : sizes()) {
    std::vector<T> ref = make_keys<T>(n, 1234u + (unsigned)n, spread);
    thrust::device_vector<T> d(ref.begin(), ref.end());
    std::stable_sort(ref.begin(), ref.end(), comp);
    thrust::sort(d.begin(), d.end(), comp);
    thrust::host_vector<T> h = d;
    for (size_t i = 0; i < n; ++i)
      CHECK(h[i] == ref[i], "sort %s n=%zu: [%zu] = %s, expected %s", tname<T>(), n, i,
            hip_test::to_str(h[i]).c_str(), hip_test::to_str(ref[i]).c_str());
  }
}

// sort_by_key / stable_sort_by_key: values are the original positions, so the result must be
// exactly std::stable_sort's order of (key, position).
template <class T, class Comp> static void sort_pairs(Comp comp, int spread, bool stable) {
  for (size_t n : sizes()) {
    std::vector<T> keys = make_keys<T>(n, 99u + (unsigned)n, spread);
    std::vector<int> pos(n);
    for (size_t i = 0; i < n; ++i) pos[i] = (int)i;
    thrust::device_vector<T> dk(keys.begin(), keys.end());
    thrust::device_vector<int> dv(pos.begin(), pos.end());
    if (stable)
      thrust::stable_sort_by_key(dk.begin(), dk.end(), dv.begin(), comp);
    else
      thrust::sort_by_key(thrust::device, dk.begin(), dk.end(), dv.begin(), comp);
    std::stable_sort(pos.begin(), pos.end(), [&](int a, int b) { return comp(keys[a], keys[b]); });
    thrust::host_vector<T> hk = dk;
    thrust::host_vector<int> hv = dv;
    for (size_t i = 0; i < n; ++i) {
      CHECK(hk[i] == keys[pos[i]], "sort_by_key %s n=%zu: key[%zu] = %s, expected %s", tname<T>(), n, i,
            hip_test::to_str(hk[i]).c_str(), hip_test::to_str(keys[pos[i]]).c_str());
      if (stable)
        CHECK(hv[i] == pos[i], "stable_sort_by_key %s n=%zu: value[%zu] = %d, expected %d", tname<T>(), n, i, hv[i],
              pos[i]);
      else
        CHECK(keys[hv[i]] == hk[i], "sort_by_key %s n=%zu: value[%zu] = %d does not belong to key %s", tname<T>(),
              n, i, hv[i], hip_test::to_str(hk[i]).c_str());
    }
    if (!stable) {  // the values must be a permutation of the positions
      std::vector<int> seen(hv.begin(), hv.end());
      std::sort(seen.begin(), seen.end());
      for (size_t i = 0; i < n; ++i) CHECK(seen[i] == (int)i, "sort_by_key %s n=%zu: values not a permutation", tname<T>(), n);
    }
  }
}

template <class T> static void all_for_type(int spread, bool big = false) {
  g_max = big ? kBig : 65537;
  sort_keys<T>(thrust::less<T>(), spread);
  sort_keys<T>(thrust::greater<T>(), spread);
  sort_pairs<T>(thrust::less<T>(), spread, true);
  sort_pairs<T>(thrust::greater<T>(), spread, true);
  sort_pairs<T>(thrust::less<T>(), spread, false);
}

// A user type compared on one field only: the other field shows stability.
struct Particle {
  int cell;
  float mass;
  int id;
};
struct ByCellThenMass {
  __host__ __device__ bool operator()(const Particle &a, const Particle &b) const {
    return a.cell < b.cell || (a.cell == b.cell && a.mass > b.mass);
  }
};

static void user_struct() {
  g_max = kBig;
  for (size_t n : sizes()) {
    std::mt19937 rng(7u + (unsigned)n);
    std::vector<Particle> ref(n);
    for (size_t i = 0; i < n; ++i) ref[i] = Particle{(int)(rng() % 50), (float)(rng() % 4), (int)i};
    thrust::device_vector<Particle> d(ref.begin(), ref.end());
    thrust::device_vector<Particle> d2 = d;
    std::stable_sort(ref.begin(), ref.end(), ByCellThenMass());
    thrust::stable_sort(d.begin(), d.end(), ByCellThenMass());
    thrust::sort(d2.begin(), d2.end(), ByCellThenMass());
    thrust::host_vector<Particle> h = d, h2 = d2;
    std::vector<int> ids;
    for (size_t i = 0; i < n; ++i) {
      CHECK(h[i].id == ref[i].id && h[i].cell == ref[i].cell && h[i].mass == ref[i].mass,
            "stable_sort<Particle> n=%zu: [%zu] has id %d, expected %d", n, i, h[i].id, ref[i].id);
      // thrust::sort need not be stable: same keys in order, same elements.
      CHECK(h2[i].cell == ref[i].cell && h2[i].mass == ref[i].mass, "sort<Particle> n=%zu: [%zu] out of order", n, i);
      ids.push_back(h2[i].id);
    }
    std::sort(ids.begin(), ids.end());
    for (size_t i = 0; i < n; ++i) CHECK(ids[i] == (int)i, "sort<Particle> n=%zu: elements lost", n);
  }
}

// Floats: negative zero sorts equal to zero (stable order kept), negatives before positives.
static void float_specials() {
  std::vector<float> v = {3.5f, -0.0f, -2.0f, 0.0f, -0.0f, 1e30f, -1e30f, 0.0f, -1.5f, 2.0f};
  thrust::device_vector<float> d(v.begin(), v.end());
  thrust::device_vector<int> pos(v.size());
  for (size_t i = 0; i < v.size(); ++i) pos[i] = (int)i;
  thrust::stable_sort_by_key(d.begin(), d.end(), pos.begin());
  const int expect[] = {6, 2, 8, 1, 3, 4, 7, 9, 0, 5};
  for (size_t i = 0; i < v.size(); ++i)
    CHECK(pos[i] == expect[i], "float keys with -0.0: position %zu holds %d, expected %d", i, (int)pos[i], expect[i]);
}

// Sorting through a zip iterator (lexicographic on the tuple) and in a host vector.
static void zip_and_host() {
  const size_t n = 5003;
  std::mt19937 rng(5);
  std::vector<int> a(n), b(n);
  for (size_t i = 0; i < n; ++i) {
    a[i] = (int)(rng() % 10);
    b[i] = (int)(rng() % 1000);
  }
  std::vector<std::pair<int, int>> ref(n);
  for (size_t i = 0; i < n; ++i) ref[i] = {a[i], b[i]};
  std::sort(ref.begin(), ref.end());
  thrust::device_vector<int> da(a.begin(), a.end()), db(b.begin(), b.end());
  auto z = thrust::make_zip_iterator(thrust::make_tuple(da.begin(), db.begin()));
  thrust::sort(z, z + n);
  thrust::host_vector<int> ha = da, hb = db;
  for (size_t i = 0; i < n; ++i)
    CHECK(ha[i] == ref[i].first && hb[i] == ref[i].second, "zip sort: [%zu] = (%d,%d), expected (%d,%d)", i, ha[i],
          hb[i], ref[i].first, ref[i].second);

  thrust::host_vector<double> h(a.begin(), a.end());
  thrust::sort(thrust::host, h.begin(), h.end(), thrust::greater<double>());
  std::vector<double> r(a.begin(), a.end());
  std::sort(r.begin(), r.end(), std::greater<double>());
  for (size_t i = 0; i < n; ++i) CHECK(h[i] == r[i], "host sort: [%zu]", i);
}

// Sorting on a stream: the keys come from a kernel on that stream.
__global__ void fill_desc(unsigned *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = (unsigned)(n - i);
}
static void on_stream() {
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  const int n = 300007;
  thrust::device_vector<unsigned> d(n, 0u);
  hipLaunchKernelGGL(fill_desc, dim3((n + 255) / 256), dim3(256), 0, s, thrust::raw_pointer_cast(d.data()), n);
  thrust::sort(thrust::hip::par.on(s), d.begin(), d.end());
  std::vector<unsigned> h(n);
  HIP_CHECK(hipMemcpyAsync(h.data(), thrust::raw_pointer_cast(d.data()), n * sizeof(unsigned), hipMemcpyDeviceToHost, s));
  HIP_CHECK(hipStreamSynchronize(s));
  for (int i = 0; i < n; ++i) CHECK(h[i] == (unsigned)(i + 1), "sort on stream: [%d] = %u", i, h[i]);
  HIP_CHECK(hipStreamDestroy(s));
}

int main() {
  hip_test::watchdog(120, "thrust_sort");
  all_for_type<int8_t>(200);
  all_for_type<uint8_t>(256);
  all_for_type<int16_t>(3000);
  all_for_type<int32_t>(100000, true);
  all_for_type<uint32_t>(1 << 30, true);
  all_for_type<int64_t>(1 << 30);
  all_for_type<uint64_t>(1000);
  all_for_type<float>(5000, true);
  all_for_type<double>(70000);
  user_struct();
  float_specials();
  zip_and_host();
  on_stream();
  return hip_test::pass();
}
