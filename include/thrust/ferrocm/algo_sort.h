// ferrocm's rocThrust, CPU platform: sorting, merging, set operations and binary search.
//
// Sorting is always stable (thrust::sort may be, and stable_sort must be):
//  - arithmetic keys compared with less/greater: a parallel LSD radix sort (8-bit digits, per
//    chunk histograms, a stable scatter; passes whose digit is the same for every key are
//    skipped), carrying the values of sort_by_key along;
//  - anything else (user types, custom comparators): a parallel merge sort (std::stable_sort per
//    chunk, then rounds of pairwise std::merge, which takes the first range's element on ties).
// Ranges that are not contiguous memory (zip and other fancy iterators) are sorted in a
// temporary vector of values and copied back.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <iterator>
#include <numeric>
#include <type_traits>
#include <utility>
#include <vector>

#include "algo_basic.h"

namespace thrust {
namespace ferrocm {

// The raw pointer behind a contiguous iterator, or nullptr_t when there is none.
template <class It>
auto contiguous(It it) {
  using U = unwrapped_t<It>;
  auto u = unwrap(it);
  if constexpr (std::is_pointer_v<U>) {
    return u;
  } else if constexpr (std::is_same_v<U, typename std::vector<value_t<U>>::iterator> &&
                       !std::is_same_v<value_t<U>, bool>) {
    return &*u;
  } else {
    return nullptr;
  }
}

// --- radix sort -------------------------------------------------------------------------------

// 0: not radix-sortable; 1: ascending; 2: descending.
template <class K, class C>
constexpr int radix_order() {
  if constexpr (!(std::is_integral_v<K> || std::is_floating_point_v<K>) || std::is_same_v<K, bool> ||
                sizeof(K) > 8 || std::is_same_v<K, long double>) {
    return 0;
  } else if constexpr (std::is_same_v<C, thrust::less<K>> || std::is_same_v<C, thrust::less<>> ||
                       std::is_same_v<C, std::less<K>> || std::is_same_v<C, std::less<>>) {
    return 1;
  } else if constexpr (std::is_same_v<C, thrust::greater<K>> || std::is_same_v<C, thrust::greater<>> ||
                       std::is_same_v<C, std::greater<K>> || std::is_same_v<C, std::greater<>>) {
    return 2;
  } else {
    return 0;
  }
}

template <class K>
using radix_bits_t = std::conditional_t<
    sizeof(K) == 1, std::uint8_t,
    std::conditional_t<sizeof(K) == 2, std::uint16_t, std::conditional_t<sizeof(K) == 4, std::uint32_t, std::uint64_t>>>;

// The unsigned image of a key whose unsigned order is the key's order (descending: reversed).
// -0.0 and +0.0 map to the same image (they compare equal).
template <class K, bool Desc>
inline radix_bits_t<K> radix_key(K k) {
  using B = radix_bits_t<K>;
  constexpr B sign = B(B(1) << (sizeof(K) * 8 - 1));
  B b;
  if constexpr (std::is_floating_point_v<K>) {
    if (k == K(0)) k = K(0);
    std::memcpy(&b, &k, sizeof(K));
    b = (b & sign) ? B(~b) : B(b | sign);
  } else {
    std::memcpy(&b, &k, sizeof(K));
    if constexpr (std::is_signed_v<K>) b = B(b ^ sign);
  }
  return Desc ? B(~b) : b;
}

struct no_values {};

template <bool Desc, class K, class V>
void radix_sort(const exec &e, K *keys, V *vals, std::size_t n) {
  constexpr bool has_vals = !std::is_same_v<V, no_values>;
  constexpr unsigned passes = sizeof(K);
  std::vector<K> kbuf(n);
  std::vector<std::conditional_t<has_vals, V, char>> vbuf(has_vals ? n : 0);
  K *ksrc = keys, *kdst = kbuf.data();
  V *vsrc = vals;
  [[maybe_unused]] V *vdst = nullptr;
  if constexpr (has_vals) vdst = vbuf.data();
  bool par = e.parallel() && n > parallel_grain && !thread_pool::in_worker();
  std::size_t parts = par ? thread_pool::instance().size() * 2 : 1;
  std::vector<std::size_t> hist(parts * 256);
  for (unsigned pass = 0; pass < passes; ++pass) {
    unsigned shift = pass * 8;
    std::fill(hist.begin(), hist.end(), 0);
    auto count = [&](std::size_t p) {
      std::size_t *h = &hist[p * 256];
      std::size_t b = n * p / parts, en = n * (p + 1) / parts;
      for (std::size_t i = b; i < en; ++i) ++h[(radix_key<K, Desc>(ksrc[i]) >> shift) & 0xff];
    };
    if (par)
      parallel_for(parts, [&](std::size_t pb, std::size_t pe) { for (std::size_t p = pb; p < pe; ++p) count(p); }, 1);
    else
      count(0);
    // Skip a pass in which every key has the same digit.
    std::size_t digit_total = 0;
    bool trivial = false;
    for (unsigned d = 0; d < 256 && !trivial; ++d) {
      digit_total = 0;
      for (std::size_t p = 0; p < parts; ++p) digit_total += hist[p * 256 + d];
      if (digit_total == n) trivial = true;
      if (digit_total != 0) break;
    }
    if (trivial) continue;
    // Offsets: digit-major, chunk-minor, so that the scatter is stable.
    std::size_t off = 0;
    for (unsigned d = 0; d < 256; ++d)
      for (std::size_t p = 0; p < parts; ++p) {
        std::size_t c = hist[p * 256 + d];
        hist[p * 256 + d] = off;
        off += c;
      }
    auto scatter = [&](std::size_t p) {
      std::size_t *h = &hist[p * 256];
      std::size_t b = n * p / parts, en = n * (p + 1) / parts;
      for (std::size_t i = b; i < en; ++i) {
        std::size_t dst = h[(radix_key<K, Desc>(ksrc[i]) >> shift) & 0xff]++;
        kdst[dst] = ksrc[i];
        if constexpr (has_vals) vdst[dst] = std::move(vsrc[i]);
      }
    };
    if (par)
      parallel_for(parts, [&](std::size_t pb, std::size_t pe) { for (std::size_t p = pb; p < pe; ++p) scatter(p); }, 1);
    else
      scatter(0);
    std::swap(ksrc, kdst);
    if constexpr (has_vals) std::swap(vsrc, vdst);
  }
  if (ksrc != keys) {
    run(e, n, [&](std::size_t b, std::size_t en) {
      std::copy(ksrc + b, ksrc + en, keys + b);
      if constexpr (has_vals) std::move(vsrc + b, vsrc + en, vals + b);
    });
  }
}

// --- merge sort -------------------------------------------------------------------------------

template <class T, class C>
void merge_sort(const exec &e, T *data, std::size_t n, C comp) {
  bool par = e.parallel() && n > parallel_grain && !thread_pool::in_worker() && thread_pool::instance().size() > 1;
  if (!par) {
    std::stable_sort(data, data + n, comp);
    return;
  }
  std::size_t parts = 1;
  while (parts < thread_pool::instance().size() * 2) parts *= 2;
  std::vector<std::size_t> bound(parts + 1);
  for (std::size_t p = 0; p <= parts; ++p) bound[p] = n * p / parts;
  parallel_for(parts, [&](std::size_t pb, std::size_t pe) {
    for (std::size_t p = pb; p < pe; ++p) std::stable_sort(data + bound[p], data + bound[p + 1], comp);
  }, 1);
  std::vector<T> buf(data, data + n);  // copies: T need not be default-constructible
  T *src = data, *dst = buf.data();
  for (std::size_t width = 1; width < parts; width *= 2) {
    std::size_t pairs = parts / (2 * width);
    parallel_for(pairs, [&](std::size_t qb, std::size_t qe) {
      for (std::size_t q = qb; q < qe; ++q) {
        std::size_t lo = bound[2 * width * q], mid = bound[2 * width * q + width], hi = bound[2 * width * (q + 1)];
        std::merge(std::make_move_iterator(src + lo), std::make_move_iterator(src + mid),
                   std::make_move_iterator(src + mid), std::make_move_iterator(src + hi), dst + lo, comp);
      }
    }, 1);
    std::swap(src, dst);
  }
  if (src != data) std::move(src, src + n, data);
}

// Sorts keys (and values, when V is not no_values) stably by comp.
template <class KIt, class VIt, class C>
void sort_impl(const exec &e, KIt kfirst, KIt klast, VIt vfirst, C comp) {
  require_random_access<KIt>();
  e.begin();
  using K = value_t<KIt>;
  constexpr bool has_vals = !std::is_same_v<VIt, no_values>;
  std::size_t n = static_cast<std::size_t>(klast - kfirst);
  if (n < 2) return;
  auto kp = contiguous(kfirst);
  if constexpr (!has_vals) {
    if constexpr (std::is_pointer_v<decltype(kp)>) {
      constexpr int order = radix_order<K, C>();
      if constexpr (order == 1)
        radix_sort<false, K, no_values>(e, kp, nullptr, n);
      else if constexpr (order == 2)
        radix_sort<true, K, no_values>(e, kp, nullptr, n);
      else
        merge_sort(e, kp, n, comp);
    } else {
      auto u = unwrap(kfirst);
      std::vector<K> tmp(u, u + static_cast<std::ptrdiff_t>(n));
      sort_impl(e, tmp.data(), tmp.data() + n, no_values{}, comp);
      for (std::size_t i = 0; i < n; ++i) u[i] = std::move(tmp[i]);
    }
  } else {
    using V = value_t<VIt>;
    auto vp = contiguous(vfirst);
    constexpr int order = radix_order<K, C>();
    if constexpr (order != 0 && std::is_pointer_v<decltype(kp)> && std::is_pointer_v<decltype(vp)> &&
                  std::is_default_constructible_v<V>) {
      radix_sort<order == 2, K, V>(e, kp, vp, n);
    } else {
      // Sort (key, original position) pairs, then permute keys and values.
      auto uk = unwrap(kfirst);
      auto uv = unwrap(vfirst);
      std::vector<std::pair<K, std::size_t>> kv;
      kv.reserve(n);
      for (std::size_t i = 0; i < n; ++i) kv.emplace_back(uk[i], i);
      merge_sort(e, kv.data(), n, [&comp](const std::pair<K, std::size_t> &a, const std::pair<K, std::size_t> &b) {
        return comp(a.first, b.first);
      });
      std::vector<V> vals;
      vals.reserve(n);
      for (std::size_t i = 0; i < n; ++i) vals.push_back(uv[kv[i].second]);
      run(e, n, [&](std::size_t b, std::size_t en) {
        for (std::size_t i = b; i < en; ++i) {
          uk[i] = std::move(kv[i].first);
          uv[i] = std::move(vals[i]);
        }
      });
    }
  }
}

namespace algo {

template <class It, class C>
void sort(const exec &e, It first, It last, C comp) {
  sort_impl(e, first, last, no_values{}, comp);
}
template <class It>
void sort(const exec &e, It first, It last) {
  sort_impl(e, first, last, no_values{}, thrust::less<value_t<It>>());
}
template <class It, class C>
void stable_sort(const exec &e, It first, It last, C comp) {
  sort_impl(e, first, last, no_values{}, comp);
}
template <class It>
void stable_sort(const exec &e, It first, It last) {
  sort_impl(e, first, last, no_values{}, thrust::less<value_t<It>>());
}
template <class KIt, class VIt, class C>
void sort_by_key(const exec &e, KIt kfirst, KIt klast, VIt vfirst, C comp) {
  sort_impl(e, kfirst, klast, vfirst, comp);
}
template <class KIt, class VIt>
void sort_by_key(const exec &e, KIt kfirst, KIt klast, VIt vfirst) {
  sort_impl(e, kfirst, klast, vfirst, thrust::less<value_t<KIt>>());
}
template <class KIt, class VIt, class C>
void stable_sort_by_key(const exec &e, KIt kfirst, KIt klast, VIt vfirst, C comp) {
  sort_impl(e, kfirst, klast, vfirst, comp);
}
template <class KIt, class VIt>
void stable_sort_by_key(const exec &e, KIt kfirst, KIt klast, VIt vfirst) {
  sort_impl(e, kfirst, klast, vfirst, thrust::less<value_t<KIt>>());
}

// --- merge and set operations (sequential: one pass over both inputs) --------------------------

template <class It1, class It2, class Out, class C>
Out merge(const exec &e, It1 f1, It1 l1, It2 f2, It2 l2, Out out, C comp) {
  e.begin();
  auto uo = unwrap(out);
  auto end = std::merge(unwrap(f1), unwrap(l1), unwrap(f2), unwrap(l2), uo, comp);
  return out + (end - uo);
}
template <class It1, class It2, class Out>
Out merge(const exec &e, It1 f1, It1 l1, It2 f2, It2 l2, Out out) {
  return merge(e, f1, l1, f2, l2, out, thrust::less<>());
}
template <class K1, class K2, class V1, class V2, class KO, class VO, class C>
thrust::pair<KO, VO> merge_by_key(const exec &e, K1 k1, K1 k1l, K2 k2, K2 k2l, V1 v1, V2 v2, KO ko, VO vo, C comp) {
  e.begin();
  auto a = unwrap(k1);
  auto b = unwrap(k2);
  auto va = unwrap(v1);
  auto vb = unwrap(v2);
  auto uk = unwrap(ko);
  auto uv = unwrap(vo);
  std::size_t na = static_cast<std::size_t>(k1l - k1), nb = static_cast<std::size_t>(k2l - k2), i = 0, j = 0, o = 0;
  while (i < na || j < nb) {
    if (j == nb || (i < na && !comp(b[j], a[i]))) {
      uk[o] = a[i];
      uv[o] = va[i];
      ++i;
    } else {
      uk[o] = b[j];
      uv[o] = vb[j];
      ++j;
    }
    ++o;
  }
  return {ko + static_cast<std::ptrdiff_t>(o), vo + static_cast<std::ptrdiff_t>(o)};
}
template <class K1, class K2, class V1, class V2, class KO, class VO>
thrust::pair<KO, VO> merge_by_key(const exec &e, K1 k1, K1 k1l, K2 k2, K2 k2l, V1 v1, V2 v2, KO ko, VO vo) {
  return merge_by_key(e, k1, k1l, k2, k2l, v1, v2, ko, vo, thrust::less<>());
}

#define FERROCM_THRUST_SET_OP(name)                                                          \
  template <class It1, class It2, class Out, class C>                                        \
  Out name(const exec &e, It1 f1, It1 l1, It2 f2, It2 l2, Out out, C comp) {                 \
    e.begin();                                                                               \
    auto uo = unwrap(out);                                                                   \
    auto end = std::name(unwrap(f1), unwrap(l1), unwrap(f2), unwrap(l2), uo, comp);          \
    return out + (end - uo);                                                                 \
  }                                                                                          \
  template <class It1, class It2, class Out>                                                 \
  Out name(const exec &e, It1 f1, It1 l1, It2 f2, It2 l2, Out out) {                         \
    return name(e, f1, l1, f2, l2, out, thrust::less<>());                                   \
  }
FERROCM_THRUST_SET_OP(set_union)
FERROCM_THRUST_SET_OP(set_intersection)
FERROCM_THRUST_SET_OP(set_difference)
FERROCM_THRUST_SET_OP(set_symmetric_difference)
#undef FERROCM_THRUST_SET_OP

template <class It1, class It2, class C>
bool includes(const exec &e, It1 f1, It1 l1, It2 f2, It2 l2, C comp) {
  e.begin();
  return std::includes(unwrap(f1), unwrap(l1), unwrap(f2), unwrap(l2), comp);
}
template <class It1, class It2>
bool includes(const exec &e, It1 f1, It1 l1, It2 f2, It2 l2) {
  return includes(e, f1, l1, f2, l2, thrust::less<>());
}

// --- binary search: one value (returns an iterator / bool) or many (writes to an output) -------

template <class It, class T, class C>
It lower_bound(const exec &e, It first, It last, const T &v, C comp) {
  e.begin();
  auto u = unwrap(first);
  return first + (std::lower_bound(u, unwrap(last), v, comp) - u);
}
template <class It, class T>
It lower_bound(const exec &e, It first, It last, const T &v) {
  return lower_bound(e, first, last, v, thrust::less<>());
}
template <class It, class T, class C>
It upper_bound(const exec &e, It first, It last, const T &v, C comp) {
  e.begin();
  auto u = unwrap(first);
  return first + (std::upper_bound(u, unwrap(last), v, comp) - u);
}
template <class It, class T>
It upper_bound(const exec &e, It first, It last, const T &v) {
  return upper_bound(e, first, last, v, thrust::less<>());
}
template <class It, class T, class C>
bool binary_search(const exec &e, It first, It last, const T &v, C comp) {
  e.begin();
  return std::binary_search(unwrap(first), unwrap(last), v, comp);
}
template <class It, class T>
bool binary_search(const exec &e, It first, It last, const T &v) {
  return binary_search(e, first, last, v, thrust::less<>());
}
template <class It, class T, class C>
thrust::pair<It, It> equal_range(const exec &e, It first, It last, const T &v, C comp) {
  return {lower_bound(e, first, last, v, comp), upper_bound(e, first, last, v, comp)};
}
template <class It, class T>
thrust::pair<It, It> equal_range(const exec &e, It first, It last, const T &v) {
  return equal_range(e, first, last, v, thrust::less<>());
}

template <class F, class It, class VIt, class Out>
Out vector_search(const exec &e, It first, It last, VIt vfirst, VIt vlast, Out out, F f) {
  e.begin();
  auto u = unwrap(first);
  auto ul = unwrap(last);
  auto uv = unwrap(vfirst);
  auto uo = unwrap(out);
  std::size_t n = static_cast<std::size_t>(vlast - vfirst);
  run(e, n, [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i) uo[i] = f(u, ul, uv[i]);
  }, 4096);
  return out + n;
}
template <class It, class VIt, class Out, class C>
Out lower_bound(const exec &e, It first, It last, VIt vfirst, VIt vlast, Out out, C comp) {
  return vector_search(e, first, last, vfirst, vlast, out, [&comp](auto b, auto l, const auto &v) {
    return std::lower_bound(b, l, v, comp) - b;
  });
}
template <class It, class VIt, class Out>
Out lower_bound(const exec &e, It first, It last, VIt vfirst, VIt vlast, Out out) {
  return lower_bound(e, first, last, vfirst, vlast, out, thrust::less<>());
}
template <class It, class VIt, class Out, class C>
Out upper_bound(const exec &e, It first, It last, VIt vfirst, VIt vlast, Out out, C comp) {
  return vector_search(e, first, last, vfirst, vlast, out, [&comp](auto b, auto l, const auto &v) {
    return std::upper_bound(b, l, v, comp) - b;
  });
}
template <class It, class VIt, class Out>
Out upper_bound(const exec &e, It first, It last, VIt vfirst, VIt vlast, Out out) {
  return upper_bound(e, first, last, vfirst, vlast, out, thrust::less<>());
}
template <class It, class VIt, class Out, class C>
Out binary_search(const exec &e, It first, It last, VIt vfirst, VIt vlast, Out out, C comp) {
  return vector_search(e, first, last, vfirst, vlast, out, [&comp](auto b, auto l, const auto &v) {
    return std::binary_search(b, l, v, comp);
  });
}
template <class It, class VIt, class Out>
Out binary_search(const exec &e, It first, It last, VIt vfirst, VIt vlast, Out out) {
  return binary_search(e, first, last, vfirst, vlast, out, thrust::less<>());
}

}  // namespace algo
}  // namespace ferrocm
}  // namespace thrust
