// thrust's fancy iterators, function objects, placeholders, thrust::complex and thrust::tuple /
// pair, used the way Thrust's samples use them: counting_iterator (sum of 0..n-1, as a map
// for gather), constant_iterator (transform with a scalar), transform_iterator (sum of squares
// without a temporary), zip_iterator (SAXPY over a tuple, reduction of a tuple, for_each writing
// through the zip), permutation_iterator (reduce over picked elements), discard_iterator
// (reduce_by_key keeping only the values), reverse iterators (rbegin, make_reverse_iterator);
// plus/minus/multiplies/maximum/minimum/identity; _1 + _2, 3 * _1, -_1, _1 > 5, _1 = _2;
// complex<float/double> arithmetic and functions against std::complex, in a device_vector.
#include "hip_test.h"

#include <thrust/complex.h>
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/for_each.h>
#include <thrust/functional.h>
#include <thrust/gather.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/reverse_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/pair.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <thrust/tuple.h>

#include <cmath>
#include <complex>
#include <vector>

using namespace thrust::placeholders;

struct square {
  __host__ __device__ float operator()(float x) const { return x * x; }
};
struct saxpy_tuple {
  float a;
  __host__ __device__ float operator()(const thrust::tuple<float, float> &t) const {
    return a * thrust::get<0>(t) + thrust::get<1>(t);
  }
};
struct tuple_sum {
  __host__ __device__ thrust::tuple<int, float> operator()(const thrust::tuple<int, float> &a,
                                                           const thrust::tuple<int, float> &b) const {
    return thrust::make_tuple(thrust::get<0>(a) + thrust::get<0>(b), thrust::get<1>(a) + thrust::get<1>(b));
  }
};
struct write_sum {
  template <class Tuple> __host__ __device__ void operator()(Tuple t) const {
    thrust::get<2>(t) = thrust::get<0>(t) + thrust::get<1>(t);
  }
};

// Writes through a zip's reference (a tuple of references: Thrust's samples take it as a
// template parameter, since its exact type differs between implementations).
struct times3_into_first {
  template <class Tuple> __host__ __device__ void operator()(Tuple t) const { thrust::get<0>(t) = thrust::get<1>(t) * 3; }
};

static void counting_constant_transform() {
  const int n = 100003;
  thrust::counting_iterator<long long> first(0);
  long long s = thrust::reduce(thrust::device, first, first + n);
  CHECK_EQ(s, (long long)n * (n - 1) / 2);
  CHECK_EQ(first[17], 17LL);
  CHECK_EQ((first + n) - first, (std::ptrdiff_t)n);

  thrust::device_vector<int> v(n);
  thrust::sequence(v.begin(), v.end());
  thrust::device_vector<int> out(n);
  thrust::transform(v.begin(), v.end(), thrust::make_constant_iterator(10), out.begin(), thrust::multiplies<int>());
  thrust::host_vector<int> h = out;
  for (int i = 0; i < n; ++i) CHECK(h[i] == 10 * i, "constant_iterator: [%d] = %d", i, h[i]);

  thrust::device_vector<float> f(1000);
  thrust::sequence(f.begin(), f.end(), 0.0f, 0.5f);
  float sq = thrust::reduce(thrust::make_transform_iterator(f.begin(), square()),
                            thrust::make_transform_iterator(f.end(), square()));
  double ref = 0;
  for (int i = 0; i < 1000; ++i) ref += (0.5 * i) * (0.5 * i);
  CHECK(std::fabs(sq - ref) <= 1e-5 * ref, "transform_iterator sum of squares: %g vs %g", sq, ref);

  // counting_iterator as a gather map
  thrust::device_vector<int> g(10);
  thrust::gather(thrust::make_counting_iterator(5), thrust::make_counting_iterator(15), v.begin(), g.begin());
  for (int i = 0; i < 10; ++i) CHECK(g[i] == 5 + i, "gather by counting_iterator: [%d] = %d", i, (int)g[i]);
}

static void zip_permutation_discard_reverse() {
  const int n = 70001;
  thrust::device_vector<float> x(n), y(n), z(n);
  thrust::sequence(x.begin(), x.end(), 1.0f);
  thrust::fill(y.begin(), y.end(), 2.0f);
  auto zb = thrust::make_zip_iterator(thrust::make_tuple(x.begin(), y.begin()));
  thrust::transform(zb, zb + n, z.begin(), saxpy_tuple{3.0f});
  thrust::host_vector<float> hz = z;
  for (int i = 0; i < n; ++i) CHECK(hz[i] == 3.0f * (i + 1) + 2.0f, "zip SAXPY: [%d] = %g", i, hz[i]);

  // for_each writing through a zip of three ranges
  auto z3 = thrust::make_zip_iterator(thrust::make_tuple(x.begin(), y.begin(), z.begin()));
  thrust::for_each(z3, z3 + n, write_sum());
  hz = z;
  for (int i = 0; i < n; ++i) CHECK(hz[i] == (i + 1) + 2.0f, "zip for_each: [%d] = %g", i, hz[i]);

  // reduce of a tuple
  thrust::device_vector<int> ones(n, 1);
  auto zr = thrust::make_zip_iterator(thrust::make_tuple(ones.begin(), y.begin()));
  thrust::tuple<int, float> t = thrust::reduce(zr, zr + n, thrust::make_tuple(0, 0.0f), tuple_sum());
  CHECK(thrust::get<0>(t) == n && thrust::get<1>(t) == 2.0f * n, "reduce over zip: (%d, %g)", thrust::get<0>(t),
        thrust::get<1>(t));

  // permutation_iterator: sum of x at indices 0, 10, 20, ...
  thrust::device_vector<int> idx(n / 10);
  thrust::sequence(idx.begin(), idx.end(), 0, 10);
  auto pb = thrust::make_permutation_iterator(x.begin(), idx.begin());
  double ps = thrust::reduce(pb, pb + idx.size(), 0.0);
  double pref = 0;
  for (int i = 0; i < n / 10; ++i) pref += 10.0 * i + 1;
  CHECK(ps == pref, "permutation_iterator reduce: %g vs %g", ps, pref);
  // and as an output: scatter 7 into the picked places
  thrust::copy(thrust::make_constant_iterator(7.0f), thrust::make_constant_iterator(7.0f) + idx.size(), pb);
  CHECK(x[0] == 7.0f && x[10] == 7.0f && x[1] == 2.0f, "permutation_iterator write");

  // discard_iterator: reduce_by_key keeping only the values
  thrust::device_vector<int> keys(12), vals(12, 1), sums(12);
  int kk[12] = {1, 1, 2, 2, 2, 3, 4, 4, 4, 4, 5, 1};
  thrust::copy(kk, kk + 12, keys.begin());
  auto ends = thrust::reduce_by_key(keys.begin(), keys.end(), vals.begin(), thrust::make_discard_iterator(), sums.begin());
  CHECK(ends.second - sums.begin() == 6, "discard_iterator: %d segments", (int)(ends.second - sums.begin()));
  int sref[6] = {2, 3, 1, 4, 1, 1};
  for (int i = 0; i < 6; ++i) CHECK(sums[i] == sref[i], "discard reduce_by_key: [%d] = %d", i, (int)sums[i]);

  // reverse iterators
  thrust::device_vector<int> r(10);
  thrust::sequence(r.begin(), r.end());
  thrust::device_vector<int> rr(10);
  thrust::copy(r.rbegin(), r.rend(), rr.begin());
  for (int i = 0; i < 10; ++i) CHECK(rr[i] == 9 - i, "rbegin copy: [%d] = %d", i, (int)rr[i]);
  thrust::copy(r.begin(), r.end(), thrust::make_reverse_iterator(rr.end()));
  for (int i = 0; i < 10; ++i) CHECK(rr[i] == 9 - i, "make_reverse_iterator output: [%d] = %d", i, (int)rr[i]);
  thrust::inclusive_scan(r.rbegin(), r.rend(), rr.begin());
  int acc = 0;
  for (int i = 0; i < 10; ++i) {
    acc += 9 - i;
    CHECK(rr[i] == acc, "scan over reverse: [%d] = %d", i, (int)rr[i]);
  }
}

static void functional_and_placeholders() {
  CHECK_EQ(thrust::plus<int>()(2, 3), 5);
  CHECK_EQ(thrust::minus<int>()(2, 3), -1);
  CHECK_EQ(thrust::multiplies<double>()(2.5, 4.0), 10.0);
  CHECK_EQ(thrust::maximum<int>()(2, 3), 3);
  CHECK_EQ(thrust::minimum<int>()(2, 3), 2);
#if !HIP_TEST_NVIDIA  // rocThrust has thrust::identity; CUDA 13's Thrust (CCCL 3) removed it
  CHECK_EQ(thrust::identity<int>()(7), 7);
#endif
  CHECK_EQ(thrust::modulus<int>()(7, 4), 3);
  CHECK(thrust::less<int>()(1, 2) && !thrust::greater<int>()(1, 2) && thrust::equal_to<int>()(4, 4), "comparisons");

  const int n = 50000;
  thrust::device_vector<float> a(n), b(n), c(n);
  thrust::sequence(a.begin(), a.end());
  thrust::fill(b.begin(), b.end(), 1.5f);
  thrust::transform(a.begin(), a.end(), b.begin(), c.begin(), 2.0f * _1 + _2);
  thrust::host_vector<float> hc = c;
  for (int i = 0; i < n; ++i) CHECK(hc[i] == 2.0f * i + 1.5f, "2*_1+_2: [%d] = %g", i, hc[i]);
  thrust::transform(a.begin(), a.end(), c.begin(), -_1);
  CHECK(c[5] == -5.0f, "-_1");
  long long big = thrust::count_if(a.begin(), a.end(), _1 > 100.0f);
  CHECK_EQ(big, (long long)(n - 101));
  float mx = thrust::reduce(a.begin(), a.end(), -1.0f, thrust::maximum<float>());
  CHECK_EQ(mx, (float)(n - 1));
  thrust::for_each(thrust::make_zip_iterator(thrust::make_tuple(c.begin(), a.begin())),
                   thrust::make_zip_iterator(thrust::make_tuple(c.end(), a.end())),
                   times3_into_first());
  CHECK(c[7] == 21.0f, "zip for_each functor: %g", (float)c[7]);
  // _1 = value assigns through the argument (Thrust's documented use with for_each)
  thrust::for_each(c.begin(), c.end(), _1 = 4.0f);
  CHECK(c[0] == 4.0f && c[n - 1] == 4.0f, "_1 = 4: %g", (float)c[0]);
}

template <class T> static void complex_numbers(double tol) {
  const int n = 1000;
  std::vector<std::complex<T>> ref(n);
  thrust::host_vector<thrust::complex<T>> h(n);
  for (int i = 0; i < n; ++i) {
    ref[i] = std::complex<T>(T(i % 7) - 3, T(i % 5) - 2);
    h[i] = thrust::complex<T>(ref[i].real(), ref[i].imag());
  }
  static_assert(sizeof(thrust::complex<T>) == 2 * sizeof(T), "complex layout");
  thrust::device_vector<thrust::complex<T>> d = h;
  thrust::complex<T> sum = thrust::reduce(d.begin(), d.end(), thrust::complex<T>(0, 0));
  std::complex<T> sref(0, 0);
  for (auto &z : ref) sref += z;
  CHECK(std::abs(sum.real() - sref.real()) <= tol && std::abs(sum.imag() - sref.imag()) <= tol, "complex reduce");
  thrust::complex<T> z(1.5, -2.0), w(0.5, 3.0);
  std::complex<T> zs(1.5, -2.0), ws(0.5, 3.0);
  auto close = [tol](thrust::complex<T> a, std::complex<T> b) {
    return std::abs(a.real() - b.real()) <= tol * (1 + std::abs(b)) && std::abs(a.imag() - b.imag()) <= tol * (1 + std::abs(b));
  };
  CHECK(close(z + w, zs + ws) && close(z - w, zs - ws) && close(z * w, zs * ws) && close(z / w, zs / ws), "complex + - * /");
  CHECK(close(z * T(2), zs * T(2)) && close(thrust::conj(z), std::conj(zs)), "complex scalar, conj");
  CHECK(std::abs(thrust::abs(z) - std::abs(zs)) <= tol && std::abs(thrust::arg(z) - std::arg(zs)) <= tol &&
            std::abs(thrust::norm(z) - std::norm(zs)) <= tol,
        "complex abs/arg/norm");
  CHECK(close(thrust::exp(z), std::exp(zs)) && close(thrust::log(z), std::log(zs)) && close(thrust::sqrt(z), std::sqrt(zs)) &&
            close(thrust::pow(z, w), std::pow(zs, ws)) && close(thrust::sin(z), std::sin(zs)) &&
            close(thrust::polar(T(2), T(0.5)), std::polar(T(2), T(0.5))),
        "complex exp/log/sqrt/pow/sin/polar");
  CHECK(z == thrust::complex<T>(1.5, -2.0) && z != w, "complex ==, !=");
}

static void pair_and_tuple() {
  thrust::pair<int, float> p = thrust::make_pair(3, 2.5f);
  CHECK(p.first == 3 && p.second == 2.5f, "pair");
  thrust::tuple<int, double, char> t = thrust::make_tuple(1, 2.0, 'c');
  CHECK(thrust::get<0>(t) == 1 && thrust::get<1>(t) == 2.0 && thrust::get<2>(t) == 'c', "tuple get");
  int a;
  double b;
  char c;
  thrust::tie(a, b, c) = t;
  CHECK(a == 1 && b == 2.0 && c == 'c', "tie");
  CHECK(thrust::make_tuple(1, 2) < thrust::make_tuple(1, 3), "tuple <");
  static_assert(thrust::tuple_size<thrust::tuple<int, double, char>>::value == 3, "tuple_size");
}

int main() {
  hip_test::watchdog(60, "thrust_iterators");
  counting_constant_transform();
  zip_permutation_discard_reverse();
  functional_and_placeholders();
  complex_numbers<float>(1e-4);
  complex_numbers<double>(1e-12);
  pair_and_tuple();
  return hip_test::pass();
}
