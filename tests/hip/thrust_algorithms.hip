// thrust algorithms on device_vectors against std:: on the same data: reduce (+ custom op on a
// user struct), reduce_by_key, transform (unary/binary), transform_reduce, inner_product,
// inclusive/exclusive_scan (+ by_key, in place), copy, copy_if (+ stencil), remove_if, unique,
// count(_if), find(_if), fill, sequence, tabulate, gather/scatter, for_each, min/max/minmax_element
// (first of equal extremes), lower/upper_bound and binary_search (one value and vectorised),
// set_union/intersection/difference/symmetric_difference, merge, partition / stable_partition,
// equal, replace(_if); sizes 0, 1, primes and 1e6; int, float, double, long long and a struct;
// thrust::device, thrust::host and thrust::hip::par policies; the less common forms (transform_if,
// gather_if, scatter_if, unique_copy, unique_by_key, partition_copy, merge_by_key, adjacent_difference,
// transform scans, is_sorted, reverse, mismatch, equal_range, any/all/none_of); float sum accuracy.
#include "hip_test.h"

#include <thrust/adjacent_difference.h>
#include <thrust/binary_search.h>
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/equal.h>
#include <thrust/execution_policy.h>
#include <thrust/extrema.h>
#include <thrust/fill.h>
#include <thrust/find.h>
#include <thrust/for_each.h>
#include <thrust/functional.h>
#include <thrust/gather.h>
#include <thrust/host_vector.h>
#include <thrust/inner_product.h>
#include <thrust/logical.h>
#include <thrust/merge.h>
#include <thrust/partition.h>
#include <thrust/reduce.h>
#include <thrust/remove.h>
#include <thrust/replace.h>
#include <thrust/scan.h>
#include <thrust/scatter.h>
#include <thrust/sequence.h>
#include <thrust/set_operations.h>
#include <thrust/sort.h>
#include <thrust/tabulate.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <thrust/transform_scan.h>
#include <thrust/unique.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

static const size_t kSizes[] = {0, 1, 2, 31, 1021, 65521, 1000000};

template <class T> static std::vector<T> data(size_t n, unsigned seed, int spread = 1000) {
  std::mt19937 rng(seed);
  std::vector<T> v(n);
  for (auto &x : v) x = (T)((int)(rng() % (unsigned)spread) - spread / 3);
  return v;
}
template <class T> static std::vector<T> host(const thrust::device_vector<T> &d) {
  std::vector<T> h(d.size());
  thrust::copy(d.begin(), d.end(), h.begin());
  return h;
}
template <class T> static void same(const std::vector<T> &got, const std::vector<T> &want, const char *what, size_t n) {
  CHECK(got.size() == want.size(), "%s n=%zu: size %zu, expected %zu", what, n, got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i)
    CHECK(got[i] == want[i], "%s n=%zu: [%zu] = %s, expected %s", what, n, i, hip_test::to_str(got[i]).c_str(),
          hip_test::to_str(want[i]).c_str());
}

template <class T> struct square {  // typed: CUB may pass a device_reference to a template operator()
  __host__ __device__ T operator()(const T &x) const { return x * x; }
};
struct is_odd {
  template <class T> __host__ __device__ bool operator()(const T &x) const { return ((long long)x) % 2 != 0; }
};
struct near_equal {  // a custom equivalence for unique: same value divided by 10
  __host__ __device__ bool operator()(int a, int b) const { return a / 10 == b / 10; }
};

// A struct reduced with a custom (associative, non-commutative-safe) operator.
struct Stat {
  long long count;
  long long sum;
  int max;
};
struct merge_stat {
  __host__ __device__ Stat operator()(const Stat &a, const Stat &b) const {
    return Stat{a.count + b.count, a.sum + b.sum, a.max > b.max ? a.max : b.max};
  }
};
struct to_stat {
  __host__ __device__ Stat operator()(int x) const { return Stat{1, x, x}; }
};

template <class T> static void reductions_and_transforms(size_t n) {
  // float: |values| <= 199 and n <= 65521 keep every partial sum below 2^24, so sums are exact
  // in any order (thrust may combine in another order than std::accumulate).
  int spread = std::is_same_v<T, float> ? 300 : 1000;
  std::vector<T> a = data<T>(n, 11u + (unsigned)n, spread), b = data<T>(n, 12u + (unsigned)n, spread);
  thrust::device_vector<T> da(a.begin(), a.end()), db(b.begin(), b.end());

  T sum = thrust::reduce(da.begin(), da.end());
  CHECK(sum == std::accumulate(a.begin(), a.end(), T(0)), "reduce n=%zu", n);
  T mx = thrust::reduce(thrust::device, da.begin(), da.end(), T(-100000), thrust::maximum<T>());
  CHECK(mx == (n ? std::max(T(-100000), *std::max_element(a.begin(), a.end())) : T(-100000)), "reduce max n=%zu", n);
  double sq = thrust::transform_reduce(da.begin(), da.end(), square<T>(), 0.0, thrust::plus<double>());
  double sq_ref = 0;
  for (T x : a) sq_ref += (double)x * (double)x;
  CHECK(sq == sq_ref, "transform_reduce n=%zu: %.17g vs %.17g", n, sq, sq_ref);
  double ip = thrust::inner_product(da.begin(), da.end(), db.begin(), 0.0);
  double ip_ref = 0;
  for (size_t i = 0; i < n; ++i) ip_ref += (double)a[i] * (double)b[i];
  CHECK(ip == ip_ref, "inner_product n=%zu: %.17g vs %.17g", n, ip, ip_ref);

  thrust::device_vector<T> out(n);
  thrust::transform(da.begin(), da.end(), db.begin(), out.begin(), thrust::minus<T>());
  std::vector<T> ref(n);
  std::transform(a.begin(), a.end(), b.begin(), ref.begin(), std::minus<T>());
  same(host(out), ref, "transform binary", n);
  thrust::transform(thrust::hip::par, da.begin(), da.end(), out.begin(), thrust::negate<T>());
  std::transform(a.begin(), a.end(), ref.begin(), std::negate<T>());
  same(host(out), ref, "transform unary", n);

  // Scans: out of place, in place, exclusive with an init, with maximum.
  thrust::inclusive_scan(da.begin(), da.end(), out.begin());
  std::partial_sum(a.begin(), a.end(), ref.begin());
  same(host(out), ref, "inclusive_scan", n);
  thrust::device_vector<T> inplace = da;
  thrust::exclusive_scan(inplace.begin(), inplace.end(), inplace.begin(), T(5));
  T acc = 5;
  for (size_t i = 0; i < n; ++i) {
    ref[i] = acc;
    acc = acc + a[i];
  }
  same(host(inplace), ref, "exclusive_scan in place", n);
  thrust::inclusive_scan(da.begin(), da.end(), out.begin(), thrust::maximum<T>());
  for (size_t i = 0; i < n; ++i) ref[i] = i ? std::max(ref[i - 1] = ref[i - 1], a[i]) : a[i];
  {
    T m = n ? a[0] : T(0);
    for (size_t i = 0; i < n; ++i) ref[i] = m = std::max(m, a[i]);
  }
  same(host(out), ref, "inclusive_scan maximum", n);

  // Counting, finding, extremes: min/max_element return the first of equal extremes.
  long long odd = thrust::count_if(da.begin(), da.end(), is_odd());
  CHECK(odd == std::count_if(a.begin(), a.end(), is_odd()), "count_if n=%zu", n);
  long long c7 = thrust::count(da.begin(), da.end(), T(7));
  CHECK(c7 == std::count(a.begin(), a.end(), T(7)), "count n=%zu", n);
  auto f = thrust::find(da.begin(), da.end(), T(7));
  CHECK(f - da.begin() == std::find(a.begin(), a.end(), T(7)) - a.begin(), "find n=%zu", n);
  auto fi = thrust::find_if(da.begin(), da.end(), is_odd());
  CHECK(fi - da.begin() == std::find_if(a.begin(), a.end(), is_odd()) - a.begin(), "find_if n=%zu", n);
  auto mn = thrust::min_element(da.begin(), da.end());
  CHECK(mn - da.begin() == std::min_element(a.begin(), a.end()) - a.begin(), "min_element n=%zu", n);
  auto mxe = thrust::max_element(da.begin(), da.end());
  CHECK(mxe - da.begin() == std::max_element(a.begin(), a.end()) - a.begin(), "max_element n=%zu", n);
  auto mm = thrust::minmax_element(da.begin(), da.end());
  CHECK(mm.first == mn && mm.second == mxe, "minmax_element n=%zu", n);
  CHECK(thrust::equal(da.begin(), da.end(), da.begin()), "equal to itself n=%zu", n);
  if (n > 1) {
    thrust::device_vector<T> other = da;
    other[n / 2] = other[n / 2] + T(1);
    CHECK(!thrust::equal(da.begin(), da.end(), other.begin()), "equal n=%zu: a changed element is not seen", n);
  }
}

static void compaction(size_t n) {
  std::vector<int> a = data<int>(n, 21u + (unsigned)n, 200);
  thrust::device_vector<int> da(a.begin(), a.end());

  thrust::device_vector<int> out(n);
  auto end = thrust::copy_if(da.begin(), da.end(), out.begin(), is_odd());
  std::vector<int> ref;
  std::copy_if(a.begin(), a.end(), std::back_inserter(ref), is_odd());
  CHECK((size_t)(end - out.begin()) == ref.size(), "copy_if n=%zu: %zu kept, expected %zu", n,
        (size_t)(end - out.begin()), ref.size());
  out.resize(ref.size());
  same(host(out), ref, "copy_if", n);

  // copy_if with a stencil: keep a[i] where i is a multiple of 3.
  thrust::device_vector<int> stencil(n);
  thrust::sequence(stencil.begin(), stencil.end());
  thrust::device_vector<int> out2(n);
  auto end2 = thrust::copy_if(da.begin(), da.end(), stencil.begin(), out2.begin(), [] __host__ __device__(int i) { return i % 3 == 0; });
  std::vector<int> ref2;
  for (size_t i = 0; i < n; i += 3) ref2.push_back(a[i]);
  out2.resize(end2 - out2.begin());
  same(host(out2), ref2, "copy_if stencil", n);

  thrust::device_vector<int> rm = da;
  auto rend = thrust::remove_if(rm.begin(), rm.end(), is_odd());
  rm.erase(rend, rm.end());
  std::vector<int> rref = a;
  rref.erase(std::remove_if(rref.begin(), rref.end(), is_odd()), rref.end());
  same(host(rm), rref, "remove_if", n);

  // unique after sort, and with a custom equivalence
  std::vector<int> s = a;
  std::sort(s.begin(), s.end());
  thrust::device_vector<int> ds(s.begin(), s.end());
  ds.erase(thrust::unique(ds.begin(), ds.end()), ds.end());
  std::vector<int> uref = s;
  uref.erase(std::unique(uref.begin(), uref.end()), uref.end());
  same(host(ds), uref, "unique", n);
  thrust::device_vector<int> ds2(s.begin(), s.end());
  ds2.erase(thrust::unique(ds2.begin(), ds2.end(), near_equal()), ds2.end());
  std::vector<int> uref2 = s;
  uref2.erase(std::unique(uref2.begin(), uref2.end(), near_equal()), uref2.end());
  same(host(ds2), uref2, "unique near_equal", n);

  // partition: true ones first; stable_partition keeps the relative order in both halves.
  thrust::device_vector<int> p = da;
  auto mid = thrust::stable_partition(p.begin(), p.end(), is_odd());
  std::vector<int> pref = a;
  auto pmid = std::stable_partition(pref.begin(), pref.end(), is_odd());
  CHECK(mid - p.begin() == pmid - pref.begin(), "stable_partition n=%zu: split point", n);
  same(host(p), pref, "stable_partition", n);
  thrust::device_vector<int> p2 = da;
  auto mid2 = thrust::partition(p2.begin(), p2.end(), is_odd());
  std::vector<int> hp2 = host(p2);
  CHECK(mid2 - p2.begin() == pmid - pref.begin(), "partition n=%zu: split point", n);
  for (size_t i = 0; i < n; ++i)
    CHECK(is_odd()(hp2[i]) == (i < (size_t)(mid2 - p2.begin())), "partition n=%zu: [%zu] on the wrong side", n, i);
  std::sort(hp2.begin(), hp2.end());
  same(hp2, s, "partition keeps the elements", n);

  // replace / replace_if
  thrust::device_vector<int> r = da;
  thrust::replace(r.begin(), r.end(), 7, -7);
  thrust::replace_if(r.begin(), r.end(), is_odd(), 1000);
  std::vector<int> rr = a;
  std::replace(rr.begin(), rr.end(), 7, -7);
  std::replace_if(rr.begin(), rr.end(), is_odd(), 1000);
  same(host(r), rr, "replace / replace_if", n);
}

static void keyed(size_t n) {
  // Keys in runs (sorted small values), values arbitrary.
  std::vector<int> k = data<int>(n, 31u + (unsigned)n, 50);
  std::sort(k.begin(), k.end());
  std::vector<int> v = data<int>(n, 32u + (unsigned)n);
  thrust::device_vector<int> dk(k.begin(), k.end()), dv(v.begin(), v.end());

  thrust::device_vector<int> ko(n), vo(n);
  auto ends = thrust::reduce_by_key(dk.begin(), dk.end(), dv.begin(), ko.begin(), vo.begin());
  std::vector<int> kref, vref;
  for (size_t i = 0; i < n; ++i) {
    if (i == 0 || k[i] != k[i - 1]) {
      kref.push_back(k[i]);
      vref.push_back(0);
    }
    vref.back() += v[i];
  }
  CHECK((size_t)(ends.first - ko.begin()) == kref.size() && (size_t)(ends.second - vo.begin()) == kref.size(),
        "reduce_by_key n=%zu: %zu segments, expected %zu", n, (size_t)(ends.first - ko.begin()), kref.size());
  ko.resize(kref.size());
  vo.resize(kref.size());
  same(host(ko), kref, "reduce_by_key keys", n);
  same(host(vo), vref, "reduce_by_key values", n);

  thrust::device_vector<int> so(n);
  thrust::inclusive_scan_by_key(dk.begin(), dk.end(), dv.begin(), so.begin());
  std::vector<int> sref(n);
  for (size_t i = 0; i < n; ++i) sref[i] = (i > 0 && k[i] == k[i - 1]) ? sref[i - 1] + v[i] : v[i];
  same(host(so), sref, "inclusive_scan_by_key", n);
  thrust::exclusive_scan_by_key(dk.begin(), dk.end(), dv.begin(), so.begin(), 100);
  for (size_t i = 0; i < n; ++i) sref[i] = (i > 0 && k[i] == k[i - 1]) ? sref[i - 1] + v[i - 1] : 100;
  same(host(so), sref, "exclusive_scan_by_key", n);
}

static void user_struct_reduce(size_t n) {
  std::vector<int> a = data<int>(n, 41u + (unsigned)n);
  thrust::device_vector<int> da(a.begin(), a.end());
  Stat s = thrust::transform_reduce(da.begin(), da.end(), to_stat(), Stat{0, 0, -1000000}, merge_stat());
  long long sum = 0;
  int mx = -1000000;
  for (int x : a) {
    sum += x;
    mx = std::max(mx, x);
  }
  CHECK(s.count == (long long)n && s.sum == sum && s.max == mx, "transform_reduce<Stat> n=%zu: {%lld,%lld,%d}", n,
        s.count, s.sum, s.max);
  thrust::device_vector<Stat> ds(n);
  thrust::transform(da.begin(), da.end(), ds.begin(), to_stat());
  Stat s2 = thrust::reduce(ds.begin(), ds.end(), Stat{0, 0, -1000000}, merge_stat());
  CHECK(s2.count == s.count && s2.sum == s.sum && s2.max == s.max, "reduce<Stat> n=%zu", n);
}

static void fills_and_maps(size_t n) {
  thrust::device_vector<long long> d(n);
  thrust::sequence(d.begin(), d.end(), 10LL, 3LL);
  std::vector<long long> ref(n);
  for (size_t i = 0; i < n; ++i) ref[i] = 10 + 3 * (long long)i;
  same(host(d), ref, "sequence", n);
  thrust::tabulate(d.begin(), d.end(), [] __host__ __device__(long long i) { return i * i; });
  for (size_t i = 0; i < n; ++i) ref[i] = (long long)i * (long long)i;
  same(host(d), ref, "tabulate", n);
  thrust::fill(thrust::device, d.begin(), d.end(), 42LL);
  std::fill(ref.begin(), ref.end(), 42LL);
  same(host(d), ref, "fill", n);
  thrust::for_each(d.begin(), d.end(), [] __host__ __device__(long long &x) { x += 1; });
  for (auto &x : ref) x += 1;
  same(host(d), ref, "for_each", n);

  // gather / scatter through a reversing map
  std::vector<int> map(n);
  for (size_t i = 0; i < n; ++i) map[i] = (int)(n - 1 - i);
  std::vector<float> src = data<float>(n, 51u + (unsigned)n);
  thrust::device_vector<int> dmap(map.begin(), map.end());
  thrust::device_vector<float> dsrc(src.begin(), src.end()), dout(n);
  thrust::gather(dmap.begin(), dmap.end(), dsrc.begin(), dout.begin());
  std::vector<float> fref(n);
  for (size_t i = 0; i < n; ++i) fref[i] = src[map[i]];
  same(host(dout), fref, "gather", n);
  thrust::scatter(dsrc.begin(), dsrc.end(), dmap.begin(), dout.begin());
  for (size_t i = 0; i < n; ++i) fref[map[i]] = src[i];
  same(host(dout), fref, "scatter", n);
}

static void searches_and_sets(size_t n) {
  std::vector<int> a = data<int>(n, 61u + (unsigned)n, 3000), b = data<int>(n / 2 + 1, 62u + (unsigned)n, 3000);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  thrust::device_vector<int> da(a.begin(), a.end()), db(b.begin(), b.end());

  // one value
  for (int v : {-5000, -1, 0, 7, 500, 5000}) {
    auto lb = thrust::lower_bound(da.begin(), da.end(), v);
    auto ub = thrust::upper_bound(thrust::device, da.begin(), da.end(), v);
    CHECK(lb - da.begin() == std::lower_bound(a.begin(), a.end(), v) - a.begin(), "lower_bound(%d) n=%zu", v, n);
    CHECK(ub - da.begin() == std::upper_bound(a.begin(), a.end(), v) - a.begin(), "upper_bound(%d) n=%zu", v, n);
    CHECK(thrust::binary_search(da.begin(), da.end(), v) == std::binary_search(a.begin(), a.end(), v),
          "binary_search(%d) n=%zu", v, n);
  }
  // vectorised: the positions of every b in a
  thrust::device_vector<int> pos(b.size());
  thrust::lower_bound(da.begin(), da.end(), db.begin(), db.end(), pos.begin());
  std::vector<int> pref(b.size());
  for (size_t i = 0; i < b.size(); ++i) pref[i] = (int)(std::lower_bound(a.begin(), a.end(), b[i]) - a.begin());
  same(host(pos), pref, "lower_bound vectorised", n);
  thrust::upper_bound(da.begin(), da.end(), db.begin(), db.end(), pos.begin());
  for (size_t i = 0; i < b.size(); ++i) pref[i] = (int)(std::upper_bound(a.begin(), a.end(), b[i]) - a.begin());
  same(host(pos), pref, "upper_bound vectorised", n);
  thrust::device_vector<bool> found(b.size());
  thrust::binary_search(da.begin(), da.end(), db.begin(), db.end(), found.begin());
  std::vector<bool> hf(b.size());
  thrust::copy(found.begin(), found.end(), hf.begin());
  for (size_t i = 0; i < b.size(); ++i)
    CHECK(hf[i] == std::binary_search(a.begin(), a.end(), b[i]), "binary_search vectorised n=%zu [%zu]", n, i);

  // merge and the set operations (multiset semantics, as std::)
  thrust::device_vector<int> out(a.size() + b.size());
  std::vector<int> ref(a.size() + b.size());
  auto me = thrust::merge(da.begin(), da.end(), db.begin(), db.end(), out.begin());
  std::merge(a.begin(), a.end(), b.begin(), b.end(), ref.begin());
  CHECK(me == out.end(), "merge n=%zu: end", n);
  same(host(out), ref, "merge", n);
#define SET_OP(name)                                                                      \
  {                                                                                       \
    thrust::device_vector<int> o(a.size() + b.size());                                    \
    auto e = thrust::name(da.begin(), da.end(), db.begin(), db.end(), o.begin());         \
    o.resize(e - o.begin());                                                              \
    std::vector<int> r;                                                                   \
    std::name(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(r));             \
    same(host(o), r, #name, n);                                                           \
  }
  SET_OP(set_union)
  SET_OP(set_intersection)
  SET_OP(set_difference)
  SET_OP(set_symmetric_difference)
#undef SET_OP
  // merge with a comparator (descending inputs)
  std::vector<int> ad(a.rbegin(), a.rend()), bd(b.rbegin(), b.rend());
  thrust::device_vector<int> dad(ad.begin(), ad.end()), dbd(bd.begin(), bd.end());
  thrust::merge(dad.begin(), dad.end(), dbd.begin(), dbd.end(), out.begin(), thrust::greater<int>());
  std::merge(ad.begin(), ad.end(), bd.begin(), bd.end(), ref.begin(), std::greater<int>());
  same(host(out), ref, "merge greater", n);
}

struct is_positive {
  __host__ __device__ bool operator()(int x) const { return x > 0; }
};
struct times10 {
  __host__ __device__ int operator()(int x) const { return x * 10; }
};

// The less common forms: transform_if, gather_if / scatter_if, unique_copy, unique_by_key,
// partition_copy, merge_by_key, adjacent_difference, transform_inclusive/exclusive_scan,
// is_sorted(_until), reverse, mismatch, equal_range, reduce_by_key with a custom predicate and
// operator, all_of / any_of / none_of.
static void less_common(size_t n) {
  std::vector<int> a = data<int>(n, 71u + (unsigned)n, 40);
  thrust::device_vector<int> da(a.begin(), a.end());
  std::vector<int> ref(n);

  thrust::device_vector<int> t = da;
  thrust::transform_if(da.begin(), da.end(), t.begin(), times10(), is_positive());
  for (size_t i = 0; i < n; ++i) ref[i] = a[i] > 0 ? a[i] * 10 : a[i];
  same(host(t), ref, "transform_if", n);

  std::vector<int> map(n);
  for (size_t i = 0; i < n; ++i) map[i] = (int)((i * 7919) % (n ? n : 1));
  thrust::device_vector<int> dmap(map.begin(), map.end()), g(n, -1), sc(n, -1);
  thrust::gather_if(dmap.begin(), dmap.end(), da.begin(), da.begin(), g.begin(), is_positive());
  for (size_t i = 0; i < n; ++i) ref[i] = a[i] > 0 ? a[map[i]] : -1;
  same(host(g), ref, "gather_if", n);
  // 7919 is prime and not a factor of any size here, so map is a permutation
  thrust::scatter_if(da.begin(), da.end(), dmap.begin(), da.begin(), sc.begin(), is_positive());
  std::fill(ref.begin(), ref.end(), -1);
  for (size_t i = 0; i < n; ++i)
    if (a[i] > 0) ref[map[i]] = a[i];
  same(host(sc), ref, "scatter_if", n);

  std::vector<int> s = a;
  std::sort(s.begin(), s.end());
  thrust::device_vector<int> ds(s.begin(), s.end()), uc(n);
  uc.resize(thrust::unique_copy(ds.begin(), ds.end(), uc.begin()) - uc.begin());
  std::vector<int> uref;
  std::unique_copy(s.begin(), s.end(), std::back_inserter(uref));
  same(host(uc), uref, "unique_copy", n);
  thrust::device_vector<int> uk = ds, uv(n);
  thrust::sequence(uv.begin(), uv.end());
  auto ue = thrust::unique_by_key(uk.begin(), uk.end(), uv.begin());
  uk.resize(ue.first - uk.begin());
  uv.resize(ue.second - uv.begin());
  std::vector<int> ukr, uvr;
  for (size_t i = 0; i < n; ++i)
    if (i == 0 || s[i] != s[i - 1]) {
      ukr.push_back(s[i]);
      uvr.push_back((int)i);
    }
  same(host(uk), ukr, "unique_by_key keys", n);
  same(host(uv), uvr, "unique_by_key values (the first of each run)", n);

  thrust::device_vector<int> yes(n), no(n);
  auto pe = thrust::partition_copy(da.begin(), da.end(), yes.begin(), no.begin(), is_positive());
  yes.resize(pe.first - yes.begin());
  no.resize(pe.second - no.begin());
  std::vector<int> yr, nr;
  std::partition_copy(a.begin(), a.end(), std::back_inserter(yr), std::back_inserter(nr), is_positive());
  same(host(yes), yr, "partition_copy true", n);
  same(host(no), nr, "partition_copy false", n);

  // merge_by_key: equal keys take the first range's element first
  std::vector<int> k2 = data<int>(n / 3 + 1, 72u + (unsigned)n, 40);
  std::sort(k2.begin(), k2.end());
  thrust::device_vector<int> dk2(k2.begin(), k2.end()), v1(n, 1), v2(k2.size(), 2);
  thrust::device_vector<int> mk(n + k2.size()), mv(n + k2.size());
  thrust::merge_by_key(ds.begin(), ds.end(), dk2.begin(), dk2.end(), v1.begin(), v2.begin(), mk.begin(), mv.begin());
  std::vector<std::pair<int, int>> mref;
  for (int x : s) mref.push_back({x, 1});
  std::vector<std::pair<int, int>> m2;
  for (int x : k2) m2.push_back({x, 2});
  std::vector<std::pair<int, int>> merged(mref.size() + m2.size());
  std::merge(mref.begin(), mref.end(), m2.begin(), m2.end(), merged.begin(),
             [](const std::pair<int, int> &x, const std::pair<int, int> &y) { return x.first < y.first; });
  std::vector<int> mkr, mvr;
  for (auto &p : merged) {
    mkr.push_back(p.first);
    mvr.push_back(p.second);
  }
  same(host(mk), mkr, "merge_by_key keys", n);
  same(host(mv), mvr, "merge_by_key values", n);

  thrust::device_vector<int> ad(n);
  thrust::adjacent_difference(da.begin(), da.end(), ad.begin());
  std::adjacent_difference(a.begin(), a.end(), ref.begin());
  same(host(ad), ref, "adjacent_difference", n);
  thrust::device_vector<int> adi = da;  // in place
  thrust::adjacent_difference(adi.begin(), adi.end(), adi.begin());
  same(host(adi), ref, "adjacent_difference in place", n);

  thrust::device_vector<int> ts(n);
  thrust::transform_inclusive_scan(da.begin(), da.end(), ts.begin(), times10(), thrust::plus<int>());
  int acc = 0;
  for (size_t i = 0; i < n; ++i) ref[i] = acc += a[i] * 10;
  same(host(ts), ref, "transform_inclusive_scan", n);
  thrust::transform_exclusive_scan(da.begin(), da.end(), ts.begin(), times10(), 3, thrust::plus<int>());
  acc = 3;
  for (size_t i = 0; i < n; ++i) {
    ref[i] = acc;
    acc += a[i] * 10;
  }
  same(host(ts), ref, "transform_exclusive_scan", n);

  CHECK(thrust::is_sorted(ds.begin(), ds.end()), "is_sorted n=%zu", n);
  CHECK(thrust::is_sorted_until(da.begin(), da.end()) - da.begin() == std::is_sorted_until(a.begin(), a.end()) - a.begin(),
        "is_sorted_until n=%zu", n);
  thrust::device_vector<int> rv = da;
  thrust::reverse(rv.begin(), rv.end());
  std::vector<int> rr(a.rbegin(), a.rend());
  same(host(rv), rr, "reverse", n);
  if (n > 2) {
    thrust::device_vector<int> other = da;
    other[n - 2] = other[n - 2] + 1;
    auto mm = thrust::mismatch(da.begin(), da.end(), other.begin());
    CHECK(mm.first - da.begin() == (std::ptrdiff_t)(n - 2) && mm.second - other.begin() == (std::ptrdiff_t)(n - 2),
          "mismatch n=%zu", n);
  }
  auto er = thrust::equal_range(ds.begin(), ds.end(), 5);
  auto err = std::equal_range(s.begin(), s.end(), 5);
  CHECK(er.first - ds.begin() == err.first - s.begin() && er.second - ds.begin() == err.second - s.begin(),
        "equal_range n=%zu", n);
  CHECK(thrust::any_of(da.begin(), da.end(), is_positive()) == std::any_of(a.begin(), a.end(), is_positive()) &&
            thrust::all_of(da.begin(), da.end(), is_positive()) == std::all_of(a.begin(), a.end(), is_positive()) &&
            thrust::none_of(da.begin(), da.end(), is_positive()) == std::none_of(a.begin(), a.end(), is_positive()),
        "any/all/none_of n=%zu", n);

  // reduce_by_key with "same sign" as the key equivalence and maximum as the operator
  thrust::device_vector<int> rk(n), rvv(n);
  auto re = thrust::reduce_by_key(da.begin(), da.end(), da.begin(), rk.begin(), rvv.begin(),
                                  [] __host__ __device__(int x, int y) { return (x > 0) == (y > 0); },
                                  thrust::maximum<int>());
  std::vector<int> rkr, rvr;
  for (size_t i = 0; i < n; ++i) {
    if (i == 0 || (a[i] > 0) != (a[i - 1] > 0)) {
      rkr.push_back(a[i]);
      rvr.push_back(a[i]);
    } else {
      rvr.back() = std::max(rvr.back(), a[i]);
    }
  }
  rk.resize(re.first - rk.begin());
  rvv.resize(re.second - rvv.begin());
  same(host(rk), rkr, "reduce_by_key custom keys", n);
  same(host(rvv), rvr, "reduce_by_key custom values", n);
}

// A float sum of 2^22 elements within 1e-5 of the exact value: a GPU reduces as a tree; a
// plain left-to-right float loop drifts far more (the CPU version once did, at 2^26 elements
// by over 1%).
static void float_sum_accuracy() {
  const size_t n = (size_t)1 << 22;
  thrust::device_vector<float> d(n, 0.1f);
  float s = thrust::reduce(d.begin(), d.end());
  double exact = (double)n * (double)0.1f;
  CHECK(std::fabs(s - exact) <= 1e-5 * exact, "reduce of 2^22 x 0.1f: %.9g, exact %.9g", (double)s, exact);
  float t = thrust::transform_reduce(d.begin(), d.end(), thrust::negate<float>(), 0.0f, thrust::plus<float>());
  CHECK(std::fabs(t + exact) <= 1e-5 * exact, "transform_reduce of 2^22 x -0.1f: %.9g", (double)t);
}

// Host vectors with thrust::host, and a host_vector given to algorithms without a policy.
static void host_side() {
  thrust::host_vector<int> h(1000);
  thrust::sequence(thrust::host, h.begin(), h.end(), 1);
  CHECK(thrust::reduce(thrust::host, h.begin(), h.end()) == 500500, "host reduce");
  CHECK(thrust::count_if(h.begin(), h.end(), is_odd()) == 500, "host count_if");
  thrust::device_vector<int> d = h;
  CHECK(thrust::reduce(d.begin(), d.end()) == 500500, "device reduce of a host_vector copy");
}

int main() {
  hip_test::watchdog(120, "thrust_algorithms");
  for (size_t n : kSizes) {
    reductions_and_transforms<int>(n);
    reductions_and_transforms<double>(n);
    if (n < 100000) {
      reductions_and_transforms<float>(n);
      reductions_and_transforms<long long>(n);
    }
    compaction(n);
    keyed(n);
    user_struct_reduce(n);
    fills_and_maps(n);
    searches_and_sets(n);
    less_common(n);
  }
  host_side();
  float_sum_accuracy();
  return hip_test::pass();
}
