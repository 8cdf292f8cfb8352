// ferrocm's rocThrust, CPU platform: stream compaction (copy_if, remove, unique, partition) and
// the keyed algorithms (reduce_by_key, inclusive/exclusive_scan_by_key).
//
// copy_if and its relatives count the selected elements per chunk, scan the counts, then let
// every chunk write at its offset: stable and parallel. The in-place forms (remove_if, unique,
// partition...) write through a temporary copy of the kept values, so they also work on zip and
// other proxy iterators.
#pragma once

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "algo_basic.h"

namespace thrust {
namespace ferrocm {

// Writes the elements i of [0, n) with keep(i) to out, in order, via put(out_index, i).
// Returns the number written.
template <class Keep, class Put>
std::size_t compact(const exec &e, std::size_t n, Keep keep, Put put) {
  if (n == 0) return 0;
  bool par = e.parallel() && n > parallel_grain && !thread_pool::in_worker() && thread_pool::instance().size() > 1;
  if (!par) {
    std::size_t o = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (keep(i)) put(o++, i);
    return o;
  }
  std::size_t parts = thread_pool::instance().size() * 2;
  std::vector<std::size_t> cnt(parts + 1, 0);
  parallel_for(parts, [&](std::size_t pb, std::size_t pe) {
    for (std::size_t p = pb; p < pe; ++p) {
      std::size_t c = 0;
      for (std::size_t i = n * p / parts, en = n * (p + 1) / parts; i < en; ++i) c += keep(i) ? 1 : 0;
      cnt[p + 1] = c;
    }
  }, 1);
  for (std::size_t p = 0; p < parts; ++p) cnt[p + 1] += cnt[p];
  parallel_for(parts, [&](std::size_t pb, std::size_t pe) {
    for (std::size_t p = pb; p < pe; ++p) {
      std::size_t o = cnt[p];
      for (std::size_t i = n * p / parts, en = n * (p + 1) / parts; i < en; ++i)
        if (keep(i)) put(o++, i);
    }
  }, 1);
  return cnt[parts];
}

namespace algo {

template <class In, class Out, class P>
Out copy_if(const exec &e, In first, In last, Out out, P pred) {
  require_random_access<In>();
  e.begin();
  auto ui = unwrap(first);
  auto uo = unwrap(out);
  std::size_t k = compact(e, static_cast<std::size_t>(last - first), [&](std::size_t i) { return bool(pred(ui[i])); },
                          [&](std::size_t o, std::size_t i) { uo[o] = ui[i]; });
  return out + static_cast<std::ptrdiff_t>(k);
}
template <class In, class St, class Out, class P>
Out copy_if(const exec &e, In first, In last, St stencil, Out out, P pred) {
  require_random_access<In>();
  e.begin();
  auto ui = unwrap(first);
  auto us = unwrap(stencil);
  auto uo = unwrap(out);
  std::size_t k = compact(e, static_cast<std::size_t>(last - first), [&](std::size_t i) { return bool(pred(us[i])); },
                          [&](std::size_t o, std::size_t i) { uo[o] = ui[i]; });
  return out + static_cast<std::ptrdiff_t>(k);
}
template <class In, class Out, class P>
Out remove_copy_if(const exec &e, In first, In last, Out out, P pred) {
  return copy_if(e, first, last, out, [&pred](const auto &x) { return !pred(x); });
}
template <class In, class St, class Out, class P>
Out remove_copy_if(const exec &e, In first, In last, St stencil, Out out, P pred) {
  return copy_if(e, first, last, stencil, out, [&pred](const auto &x) { return !pred(x); });
}
template <class In, class Out, class T>
Out remove_copy(const exec &e, In first, In last, Out out, const T &v) {
  return copy_if(e, first, last, out, [&v](const auto &x) { return !(x == v); });
}

// In place through a temporary of the kept values (stable).
template <class It, class Keep>
It keep_in_place(const exec &e, It first, It last, Keep keep) {
  require_random_access<It>();
  auto u = unwrap(first);
  std::size_t n = static_cast<std::size_t>(last - first);
  std::vector<value_t<It>> tmp;
  tmp.reserve(n);
  for (std::size_t i = 0; i < n; ++i)
    if (keep(i)) tmp.push_back(u[i]);
  run(e, tmp.size(), [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i) u[i] = std::move(tmp[i]);
  });
  return first + static_cast<std::ptrdiff_t>(tmp.size());
}
template <class It, class P>
It remove_if(const exec &e, It first, It last, P pred) {
  e.begin();
  auto u = unwrap(first);
  return keep_in_place(e, first, last, [&](std::size_t i) { return !pred(u[i]); });
}
template <class It, class St, class P>
It remove_if(const exec &e, It first, It last, St stencil, P pred) {
  e.begin();
  auto us = unwrap(stencil);
  return keep_in_place(e, first, last, [&](std::size_t i) { return !pred(us[i]); });
}
template <class It, class T>
It remove(const exec &e, It first, It last, const T &v) {
  return remove_if(e, first, last, [&v](const auto &x) { return x == v; });
}

template <class It, class P>
It unique(const exec &e, It first, It last, P pred) {
  e.begin();
  auto u = unwrap(first);
  return keep_in_place(e, first, last, [&](std::size_t i) { return i == 0 || !pred(u[i - 1], u[i]); });
}
template <class It>
It unique(const exec &e, It first, It last) {
  return unique(e, first, last, thrust::equal_to<>());
}
template <class In, class Out, class P>
Out unique_copy(const exec &e, In first, In last, Out out, P pred) {
  e.begin();
  auto ui = unwrap(first);
  auto uo = unwrap(out);
  std::size_t k = compact(e, static_cast<std::size_t>(last - first),
                          [&](std::size_t i) { return i == 0 || !pred(ui[i - 1], ui[i]); },
                          [&](std::size_t o, std::size_t i) { uo[o] = ui[i]; });
  return out + static_cast<std::ptrdiff_t>(k);
}
template <class In, class Out>
Out unique_copy(const exec &e, In first, In last, Out out) {
  return unique_copy(e, first, last, out, thrust::equal_to<>());
}
template <class It, class P>
diff_t<It> unique_count(const exec &e, It first, It last, P pred) {
  e.begin();
  auto u = unwrap(first);
  std::size_t n = static_cast<std::size_t>(last - first);
  if (n == 0) return 0;
  counting_iterator<std::size_t> idx(1);
  return 1 + count_if(e, idx, idx + static_cast<std::ptrdiff_t>(n - 1),
                      [&](std::size_t i) { return !pred(u[i - 1], u[i]); });
}
template <class It>
diff_t<It> unique_count(const exec &e, It first, It last) {
  return unique_count(e, first, last, thrust::equal_to<>());
}
template <class KIt, class VIt, class P>
thrust::pair<KIt, VIt> unique_by_key(const exec &e, KIt kfirst, KIt klast, VIt vfirst, P pred) {
  e.begin();
  auto uk = unwrap(kfirst);
  std::size_t n = static_cast<std::size_t>(klast - kfirst);
  std::vector<char> keep(n);
  for (std::size_t i = 0; i < n; ++i) keep[i] = i == 0 || !pred(uk[i - 1], uk[i]);
  auto kend = keep_in_place(e, kfirst, klast, [&](std::size_t i) { return keep[i] != 0; });
  auto vend = keep_in_place(e, vfirst, vfirst + static_cast<std::ptrdiff_t>(n), [&](std::size_t i) { return keep[i] != 0; });
  return {kend, vend};
}
template <class KIt, class VIt>
thrust::pair<KIt, VIt> unique_by_key(const exec &e, KIt kfirst, KIt klast, VIt vfirst) {
  return unique_by_key(e, kfirst, klast, vfirst, thrust::equal_to<>());
}
template <class KIt, class VIt, class KO, class VO, class P>
thrust::pair<KO, VO> unique_by_key_copy(const exec &e, KIt kfirst, KIt klast, VIt vfirst, KO ko, VO vo, P pred) {
  e.begin();
  auto uk = unwrap(kfirst);
  auto uv = unwrap(vfirst);
  auto uko = unwrap(ko);
  auto uvo = unwrap(vo);
  std::size_t k = compact(e, static_cast<std::size_t>(klast - kfirst),
                          [&](std::size_t i) { return i == 0 || !pred(uk[i - 1], uk[i]); },
                          [&](std::size_t o, std::size_t i) {
                            uko[o] = uk[i];
                            uvo[o] = uv[i];
                          });
  return {ko + static_cast<std::ptrdiff_t>(k), vo + static_cast<std::ptrdiff_t>(k)};
}
template <class KIt, class VIt, class KO, class VO>
thrust::pair<KO, VO> unique_by_key_copy(const exec &e, KIt kfirst, KIt klast, VIt vfirst, KO ko, VO vo) {
  return unique_by_key_copy(e, kfirst, klast, vfirst, ko, vo, thrust::equal_to<>());
}

// --- partition (always stable here) -----------------------------------------------------------

template <class It, class Sel>
It partition_by(const exec &e, It first, It last, Sel sel) {
  require_random_access<It>();
  auto u = unwrap(first);
  std::size_t n = static_cast<std::size_t>(last - first);
  std::vector<value_t<It>> yes, no;
  for (std::size_t i = 0; i < n; ++i) (sel(i) ? yes : no).push_back(u[i]);
  std::size_t k = yes.size();
  run(e, n, [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i) u[i] = i < k ? std::move(yes[i]) : std::move(no[i - k]);
  });
  return first + static_cast<std::ptrdiff_t>(k);
}
template <class It, class P>
It stable_partition(const exec &e, It first, It last, P pred) {
  e.begin();
  auto u = unwrap(first);
  return partition_by(e, first, last, [&](std::size_t i) { return bool(pred(u[i])); });
}
template <class It, class St, class P>
It stable_partition(const exec &e, It first, It last, St stencil, P pred) {
  e.begin();
  auto us = unwrap(stencil);
  return partition_by(e, first, last, [&](std::size_t i) { return bool(pred(us[i])); });
}
template <class It, class P>
It partition(const exec &e, It first, It last, P pred) {
  return stable_partition(e, first, last, pred);
}
template <class It, class St, class P>
It partition(const exec &e, It first, It last, St stencil, P pred) {
  return stable_partition(e, first, last, stencil, pred);
}
template <class In, class OT, class OF, class P>
thrust::pair<OT, OF> partition_copy(const exec &e, In first, In last, OT ot, OF of, P pred) {
  OT te = copy_if(e, first, last, ot, pred);
  OF fe = remove_copy_if(e, first, last, of, pred);
  return {te, fe};
}
template <class In, class St, class OT, class OF, class P>
thrust::pair<OT, OF> partition_copy(const exec &e, In first, In last, St stencil, OT ot, OF of, P pred) {
  OT te = copy_if(e, first, last, stencil, ot, pred);
  OF fe = remove_copy_if(e, first, last, stencil, of, pred);
  return {te, fe};
}
template <class... A>
auto stable_partition_copy(const exec &e, A... a) {
  return partition_copy(e, a...);
}
template <class It, class P>
bool is_partitioned(const exec &e, It first, It last, P pred) {
  It k = find_if_not(e, first, last, pred);
  return none_of(e, k, last, pred);
}
template <class It, class P>
It partition_point(const exec &e, It first, It last, P pred) {
  return find_if_not(e, first, last, pred);
}

// --- keyed algorithms (sequential: one pass, segments follow the keys) -------------------------

template <class KIt, class VIt, class KO, class VO, class P, class Op>
thrust::pair<KO, VO> reduce_by_key(const exec &e, KIt kfirst, KIt klast, VIt vfirst, KO ko, VO vo, P pred, Op op) {
  e.begin();
  using V = value_t<VIt>;
  auto uk = unwrap(kfirst);
  auto uv = unwrap(vfirst);
  auto uko = unwrap(ko);
  auto uvo = unwrap(vo);
  std::size_t n = static_cast<std::size_t>(klast - kfirst), o = 0;
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i + 1;
    V acc = uv[i];
    while (j < n && pred(uk[j - 1], uk[j])) {
      acc = op(acc, uv[j]);
      ++j;
    }
    uko[o] = uk[i];
    uvo[o] = acc;
    ++o;
    i = j;
  }
  return {ko + static_cast<std::ptrdiff_t>(o), vo + static_cast<std::ptrdiff_t>(o)};
}
template <class KIt, class VIt, class KO, class VO, class P>
thrust::pair<KO, VO> reduce_by_key(const exec &e, KIt kfirst, KIt klast, VIt vfirst, KO ko, VO vo, P pred) {
  return reduce_by_key(e, kfirst, klast, vfirst, ko, vo, pred, thrust::plus<>());
}
template <class KIt, class VIt, class KO, class VO>
thrust::pair<KO, VO> reduce_by_key(const exec &e, KIt kfirst, KIt klast, VIt vfirst, KO ko, VO vo) {
  return reduce_by_key(e, kfirst, klast, vfirst, ko, vo, thrust::equal_to<>(), thrust::plus<>());
}

template <class KIt, class VIt, class Out, class P, class Op>
Out inclusive_scan_by_key(const exec &e, KIt kfirst, KIt klast, VIt vfirst, Out out, P pred, Op op) {
  e.begin();
  using V = value_t<VIt>;
  auto uk = unwrap(kfirst);
  auto uv = unwrap(vfirst);
  auto uo = unwrap(out);
  std::size_t n = static_cast<std::size_t>(klast - kfirst);
  V acc{};
  for (std::size_t i = 0; i < n; ++i) {
    V x = uv[i];
    acc = (i > 0 && pred(uk[i - 1], uk[i])) ? V(op(acc, x)) : x;
    uo[i] = acc;
  }
  return out + static_cast<std::ptrdiff_t>(n);
}
template <class KIt, class VIt, class Out, class P>
Out inclusive_scan_by_key(const exec &e, KIt kfirst, KIt klast, VIt vfirst, Out out, P pred) {
  return inclusive_scan_by_key(e, kfirst, klast, vfirst, out, pred, thrust::plus<>());
}
template <class KIt, class VIt, class Out>
Out inclusive_scan_by_key(const exec &e, KIt kfirst, KIt klast, VIt vfirst, Out out) {
  return inclusive_scan_by_key(e, kfirst, klast, vfirst, out, thrust::equal_to<>(), thrust::plus<>());
}
template <class KIt, class VIt, class Out, class T, class P, class Op>
Out exclusive_scan_by_key(const exec &e, KIt kfirst, KIt klast, VIt vfirst, Out out, T init, P pred, Op op) {
  e.begin();
  auto uk = unwrap(kfirst);
  auto uv = unwrap(vfirst);
  auto uo = unwrap(out);
  std::size_t n = static_cast<std::size_t>(klast - kfirst);
  T acc = init;
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0 && !pred(uk[i - 1], uk[i])) acc = init;
    T x = static_cast<T>(uv[i]);
    uo[i] = acc;
    acc = op(acc, x);
  }
  return out + static_cast<std::ptrdiff_t>(n);
}
template <class KIt, class VIt, class Out, class T, class P>
Out exclusive_scan_by_key(const exec &e, KIt kfirst, KIt klast, VIt vfirst, Out out, T init, P pred) {
  return exclusive_scan_by_key(e, kfirst, klast, vfirst, out, init, pred, thrust::plus<>());
}
template <class KIt, class VIt, class Out, class T>
Out exclusive_scan_by_key(const exec &e, KIt kfirst, KIt klast, VIt vfirst, Out out, T init) {
  return exclusive_scan_by_key(e, kfirst, klast, vfirst, out, init, thrust::equal_to<>(), thrust::plus<>());
}
template <class KIt, class VIt, class Out>
Out exclusive_scan_by_key(const exec &e, KIt kfirst, KIt klast, VIt vfirst, Out out) {
  return exclusive_scan_by_key(e, kfirst, klast, vfirst, out, value_t<VIt>(), thrust::equal_to<>(),
                               thrust::plus<>());
}

}  // namespace algo
}  // namespace ferrocm
}  // namespace thrust
