// ferrocm's rocThrust, CPU platform: element-wise algorithms, reductions, searches and scans.
//
// Every algorithm takes the policy's `exec` first: it synchronises what the policy names
// (exec::begin), unwraps the iterators (device memory is host memory here) and runs over
// index ranges, cut into chunks for the thread pool under a device policy and run on the caller
// under a host one. Reductions combine per-chunk partials in order, so operators need only be
// associative (as Thrust documents), not commutative.
#pragma once

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <limits>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#include "core.h"
#include "functional.h"
#include "iterators.h"
#include "pool.h"

namespace thrust {
namespace ferrocm {

template <class It>
void require_random_access() {
  static_assert(is_random_access_v<It>,
                "ferrocm's thrust runs algorithms over random-access iterators only");
}

// body(begin, end) over [0, n): in chunks on the pool under a device policy, else at once.
template <class F>
void run(const exec &e, std::size_t n, F &&body, std::size_t grain = parallel_grain) {
  if (n == 0) return;
  if (e.parallel())
    parallel_for(n, body, grain);
  else
    body(std::size_t{0}, n);
}

// Whether writes through O go to bits packed in shared words (std::vector<bool>'s iterator:
// its reference is a proxy to one bit of a word that holds 64 elements).
template <class O>
constexpr bool bit_proxy_v = std::is_same_v<typename std::iterator_traits<O>::value_type, bool> &&
                             !std::is_reference_v<typename std::iterator_traits<O>::reference>;

// run() for a body that writes element i of an output O: one thread when the elements of O
// share storage (chunks on several threads would race on the shared words, ThreadSanitizer
// found it with thrust::copy into a std::vector<bool>).
template <class O, class F>
void run_out(const exec &e, std::size_t n, F &&body) {
  if constexpr (bit_proxy_v<O>) {
    if (n != 0) body(std::size_t{0}, n);
  } else {
    run(e, n, std::forward<F>(body));
  }
}

// Reduces [0, n) with chunk(b, e) -> T for each chunk and combine(T, T) -> T, in order.
// n must be > 0.
template <class T, class Chunk, class Combine>
T run_reduce(const exec &e, std::size_t n, Chunk &&chunk, Combine &&combine) {
  if (!e.parallel() || n <= parallel_grain || thread_pool::in_worker()) return chunk(std::size_t{0}, n);
  std::size_t parts = std::min<std::size_t>(thread_pool::instance().size() * 4, n / (parallel_grain / 4) + 1);
  std::vector<std::pair<bool, T>> partial;
  partial.reserve(parts);
  for (std::size_t i = 0; i < parts; ++i) partial.emplace_back(false, T());
  parallel_for(
      parts,
      [&](std::size_t pb, std::size_t pe) {
        for (std::size_t p = pb; p < pe; ++p) {
          std::size_t b = n * p / parts, en = n * (p + 1) / parts;
          if (b < en) partial[p] = {true, chunk(b, en)};
        }
      },
      1);
  std::size_t first = 0;
  while (!partial[first].first) ++first;
  T acc = partial[first].second;
  for (std::size_t p = first + 1; p < parts; ++p)
    if (partial[p].first) acc = combine(acc, partial[p].second);
  return acc;
}

// Reduces [b, e) (non-empty) as load(b) op load(b+1) op ... in that order, grouped as a
// pairwise (cascade) combination of 1024-element blocks: the same result as a left fold for an
// associative operator, and far less rounding error for floating-point sums (a GPU's tree
// reduction has the same property; a plain float loop over 2^24 elements does not).
template <class T, class Load, class Op>
T block_reduce(std::size_t b, std::size_t e, Load load, Op &op) {
  constexpr std::size_t block = 1024;
  bool used[64] = {};
  alignas(T) unsigned char raw[64][sizeof(T)];
  T *slot = reinterpret_cast<T *>(raw);
  for (std::size_t i = b; i < e; i += block) {
    std::size_t end = std::min(e, i + block);
    T s = static_cast<T>(load(i));
    for (std::size_t j = i + 1; j < end; ++j) s = op(s, load(j));
    std::size_t level = 0;
    while (used[level]) {
      s = op(slot[level], s);
      slot[level].~T();
      used[level] = false;
      ++level;
    }
    new (&slot[level]) T(std::move(s));
    used[level] = true;
  }
  int top = 63;
  while (!used[top]) --top;
  T acc = std::move(slot[top]);
  slot[top].~T();
  for (int level = top - 1; level >= 0; --level) {
    if (!used[level]) continue;
    acc = op(acc, slot[level]);
    slot[level].~T();
  }
  return acc;
}

template <class... A>
exec default_exec() {
  return exec{device_by_default_v<A...> ? system_kind::device : system_kind::host, false, nullptr};
}

namespace algo {

// ---------------------------------------------------------------------------------------------
// for_each, transform, fill, sequence, tabulate, generate, copy, gather, scatter, replace

template <class It, class F>
It for_each(const exec &e, It first, It last, F f) {
  require_random_access<It>();
  e.begin();
  auto u = unwrap(first);
  std::size_t n = static_cast<std::size_t>(last - first);
  run(e, n, [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i) f(u[i]);
  });
  return last;
}
template <class It, class Size, class F>
It for_each_n(const exec &e, It first, Size n, F f) {
  return for_each(e, first, first + n, f);
}

template <class In, class Out, class F>
Out transform(const exec &e, In first, In last, Out out, F f) {
  require_random_access<In>();
  e.begin();
  auto ui = unwrap(first);
  auto uo = unwrap(out);
  std::size_t n = static_cast<std::size_t>(last - first);
  run_out<decltype(uo)>(e, n, [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i) uo[i] = f(ui[i]);
  });
  return out + n;
}
template <class In1, class In2, class Out, class F>
Out transform(const exec &e, In1 first1, In1 last1, In2 first2, Out out, F f) {
  require_random_access<In1>();
  e.begin();
  auto a = unwrap(first1);
  auto c = unwrap(first2);
  auto uo = unwrap(out);
  std::size_t n = static_cast<std::size_t>(last1 - first1);
  run_out<decltype(uo)>(e, n, [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i) uo[i] = f(a[i], c[i]);
  });
  return out + n;
}
// transform_if(first, last, out, op, pred) / (first, last, stencil, out, op, pred) /
// (first1, last1, first2, stencil, out, binary_op, pred)
template <class In, class Out, class F, class P>
Out transform_if(const exec &e, In first, In last, Out out, F f, P pred) {
  e.begin();
  auto ui = unwrap(first);
  auto uo = unwrap(out);
  std::size_t n = static_cast<std::size_t>(last - first);
  run_out<decltype(uo)>(e, n, [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i)
      if (pred(ui[i])) uo[i] = f(ui[i]);
  });
  return out + n;
}
template <class In, class St, class Out, class F, class P>
Out transform_if(const exec &e, In first, In last, St stencil, Out out, F f, P pred) {
  e.begin();
  auto ui = unwrap(first);
  auto us = unwrap(stencil);
  auto uo = unwrap(out);
  std::size_t n = static_cast<std::size_t>(last - first);
  run_out<decltype(uo)>(e, n, [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i)
      if (pred(us[i])) uo[i] = f(ui[i]);
  });
  return out + n;
}
template <class In1, class In2, class St, class Out, class F, class P>
Out transform_if(const exec &e, In1 first1, In1 last1, In2 first2, St stencil, Out out, F f, P pred) {
  e.begin();
  auto a = unwrap(first1);
  auto c = unwrap(first2);
  auto us = unwrap(stencil);
  auto uo = unwrap(out);
  std::size_t n = static_cast<std::size_t>(last1 - first1);
  run_out<decltype(uo)>(e, n, [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i)
      if (pred(us[i])) uo[i] = f(a[i], c[i]);
  });
  return out + n;
}

template <class It, class T>
void fill(const exec &e, It first, It last, const T &v) {
  require_random_access<It>();
  e.begin();
  auto u = unwrap(first);
  run(e, static_cast<std::size_t>(last - first), [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i) u[i] = v;
  });
}
template <class It, class Size, class T>
It fill_n(const exec &e, It first, Size n, const T &v) {
  fill(e, first, first + n, v);
  return first + n;
}
template <class It, class T>
void uninitialized_fill(const exec &e, It first, It last, const T &v) {
  fill(e, first, last, v);
}

template <class It, class T>
void sequence(const exec &e, It first, It last, T init, T step) {
  require_random_access<It>();
  e.begin();
  using V = value_t<It>;
  auto u = unwrap(first);
  run(e, static_cast<std::size_t>(last - first), [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i) u[i] = static_cast<V>(init + static_cast<T>(i) * step);
  });
}
template <class It, class T>
void sequence(const exec &e, It first, It last, T init) {
  sequence(e, first, last, init, T(1));
}
template <class It>
void sequence(const exec &e, It first, It last) {
  sequence(e, first, last, value_t<It>(0), value_t<It>(1));
}

template <class It, class F>
void tabulate(const exec &e, It first, It last, F f) {
  require_random_access<It>();
  e.begin();
  auto u = unwrap(first);
  using D = diff_t<It>;
  run(e, static_cast<std::size_t>(last - first), [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i) u[i] = f(static_cast<D>(i));
  });
}

// generate calls the generator in order on the caller (generators usually carry state).
template <class It, class G>
void generate(const exec &e, It first, It last, G g) {
  e.begin();
  auto u = unwrap(first);
  std::size_t n = static_cast<std::size_t>(last - first);
  for (std::size_t i = 0; i < n; ++i) u[i] = g();
}
template <class It, class Size, class G>
It generate_n(const exec &e, It first, Size n, G g) {
  generate(e, first, first + n, g);
  return first + n;
}

template <class In, class Out>
Out copy(const exec &e, In first, In last, Out out) {
  require_random_access<In>();
  e.begin();
  auto ui = unwrap(first);
  auto uo = unwrap(out);
  std::size_t n = static_cast<std::size_t>(last - first);
  run_out<decltype(uo)>(e, n, [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i) uo[i] = ui[i];
  });
  return out + n;
}
template <class In, class Size, class Out>
Out copy_n(const exec &e, In first, Size n, Out out) {
  return copy(e, first, first + n, out);
}
template <class In, class Out>
Out uninitialized_copy(const exec &e, In first, In last, Out out) {
  return copy(e, first, last, out);
}

template <class Map, class In, class Out>
Out gather(const exec &e, Map map_first, Map map_last, In input, Out out) {
  e.begin();
  auto m = unwrap(map_first);
  auto ui = unwrap(input);
  auto uo = unwrap(out);
  std::size_t n = static_cast<std::size_t>(map_last - map_first);
  run_out<decltype(uo)>(e, n, [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i) uo[i] = ui[m[i]];
  });
  return out + n;
}
template <class Map, class St, class In, class Out, class P>
Out gather_if(const exec &e, Map map_first, Map map_last, St stencil, In input, Out out, P pred) {
  e.begin();
  auto m = unwrap(map_first);
  auto us = unwrap(stencil);
  auto ui = unwrap(input);
  auto uo = unwrap(out);
  std::size_t n = static_cast<std::size_t>(map_last - map_first);
  run_out<decltype(uo)>(e, n, [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i)
      if (pred(us[i])) uo[i] = ui[m[i]];
  });
  return out + n;
}
template <class Map, class St, class In, class Out>
Out gather_if(const exec &e, Map map_first, Map map_last, St stencil, In input, Out out) {
  return gather_if(e, map_first, map_last, stencil, input, out, thrust::identity<>());
}
template <class In, class Map, class Out>
void scatter(const exec &e, In first, In last, Map map, Out out) {
  e.begin();
  auto ui = unwrap(first);
  auto m = unwrap(map);
  auto uo = unwrap(out);
  run_out<decltype(uo)>(e, static_cast<std::size_t>(last - first), [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i) uo[m[i]] = ui[i];
  });
}
template <class In, class Map, class St, class Out, class P>
void scatter_if(const exec &e, In first, In last, Map map, St stencil, Out out, P pred) {
  e.begin();
  auto ui = unwrap(first);
  auto m = unwrap(map);
  auto us = unwrap(stencil);
  auto uo = unwrap(out);
  run_out<decltype(uo)>(e, static_cast<std::size_t>(last - first), [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i)
      if (pred(us[i])) uo[m[i]] = ui[i];
  });
}
template <class In, class Map, class St, class Out>
void scatter_if(const exec &e, In first, In last, Map map, St stencil, Out out) {
  scatter_if(e, first, last, map, stencil, out, thrust::identity<>());
}

template <class It, class P, class T>
void replace_if(const exec &e, It first, It last, P pred, const T &nv) {
  e.begin();
  auto u = unwrap(first);
  run(e, static_cast<std::size_t>(last - first), [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i)
      if (pred(u[i])) u[i] = nv;
  });
}
template <class It, class St, class P, class T>
void replace_if(const exec &e, It first, It last, St stencil, P pred, const T &nv) {
  e.begin();
  auto u = unwrap(first);
  auto us = unwrap(stencil);
  run(e, static_cast<std::size_t>(last - first), [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i)
      if (pred(us[i])) u[i] = nv;
  });
}
template <class It, class T>
void replace(const exec &e, It first, It last, const T &ov, const T &nv) {
  replace_if(e, first, last, [&ov](const auto &x) { return x == ov; }, nv);
}
template <class In, class Out, class P, class T>
Out replace_copy_if(const exec &e, In first, In last, Out out, P pred, const T &nv) {
  e.begin();
  auto ui = unwrap(first);
  auto uo = unwrap(out);
  std::size_t n = static_cast<std::size_t>(last - first);
  run_out<decltype(uo)>(e, n, [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i) {
      if (pred(ui[i]))
        uo[i] = nv;
      else
        uo[i] = ui[i];
    }
  });
  return out + n;
}
template <class In, class Out, class T>
Out replace_copy(const exec &e, In first, In last, Out out, const T &ov, const T &nv) {
  return replace_copy_if(e, first, last, out, [&ov](const auto &x) { return x == ov; }, nv);
}

template <class It>
void reverse(const exec &e, It first, It last) {
  e.begin();
  auto u = unwrap(first);
  std::size_t n = static_cast<std::size_t>(last - first);
  run(e, n / 2, [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i) {
      value_t<decltype(u)> t = u[i];
      u[i] = u[n - 1 - i];
      u[n - 1 - i] = t;
    }
  });
}
template <class In, class Out>
Out reverse_copy(const exec &e, In first, In last, Out out) {
  e.begin();
  auto ui = unwrap(first);
  auto uo = unwrap(out);
  std::size_t n = static_cast<std::size_t>(last - first);
  run_out<decltype(uo)>(e, n, [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i) uo[i] = ui[n - 1 - i];
  });
  return out + n;
}
template <class It1, class It2>
It2 swap_ranges(const exec &e, It1 first1, It1 last1, It2 first2) {
  e.begin();
  auto a = unwrap(first1);
  auto c = unwrap(first2);
  std::size_t n = static_cast<std::size_t>(last1 - first1);
  run(e, n, [&](std::size_t b, std::size_t en) {
    for (std::size_t i = b; i < en; ++i) {
      value_t<decltype(a)> t = a[i];
      a[i] = c[i];
      c[i] = t;
    }
  });
  return first2 + n;
}

template <class In, class Out, class Op>
Out adjacent_difference(const exec &e, In first, In last, Out out, Op op) {
  e.begin();
  auto ui = unwrap(first);
  auto uo = unwrap(out);
  std::size_t n = static_cast<std::size_t>(last - first);
  if (n == 0) return out;
  // Backwards on the caller: in place (out == first) each input is read before it is replaced.
  using V = value_t<In>;
  V prev = ui[n - 1];
  for (std::size_t i = n - 1; i > 0; --i) {
    V before = ui[i - 1];
    uo[i] = op(prev, before);
    prev = before;
  }
  uo[0] = prev;
  return out + n;
}
template <class In, class Out>
Out adjacent_difference(const exec &e, In first, In last, Out out) {
  return adjacent_difference(e, first, last, out, thrust::minus<>());
}

// ---------------------------------------------------------------------------------------------
// Reductions

template <class It, class T, class Op>
T reduce(const exec &e, It first, It last, T init, Op op) {
  require_random_access<It>();
  e.begin();
  auto u = unwrap(first);
  std::size_t n = static_cast<std::size_t>(last - first);
  if (n == 0) return init;
  T r = run_reduce<T>(
      e, n,
      [&](std::size_t b, std::size_t en) { return block_reduce<T>(b, en, [&](std::size_t i) { return u[i]; }, op); },
      op);
  return op(init, r);
}
template <class It, class T>
T reduce(const exec &e, It first, It last, T init) {
  return reduce(e, first, last, init, thrust::plus<T>());
}
template <class It>
value_t<It> reduce(const exec &e, It first, It last) {
  return reduce(e, first, last, value_t<It>(), thrust::plus<value_t<It>>());
}

template <class It, class U, class T, class Op>
T transform_reduce(const exec &e, It first, It last, U unary, T init, Op op) {
  require_random_access<It>();
  e.begin();
  auto u = unwrap(first);
  std::size_t n = static_cast<std::size_t>(last - first);
  if (n == 0) return init;
  T r = run_reduce<T>(
      e, n,
      [&](std::size_t b, std::size_t en) {
        return block_reduce<T>(b, en, [&](std::size_t i) { return unary(u[i]); }, op);
      },
      op);
  return op(init, r);
}

template <class It1, class It2, class T, class Op1, class Op2>
T inner_product(const exec &e, It1 first1, It1 last1, It2 first2, T init, Op1 op1, Op2 op2) {
  require_random_access<It1>();
  e.begin();
  auto a = unwrap(first1);
  auto c = unwrap(first2);
  std::size_t n = static_cast<std::size_t>(last1 - first1);
  if (n == 0) return init;
  T r = run_reduce<T>(
      e, n,
      [&](std::size_t b, std::size_t en) {
        return block_reduce<T>(b, en, [&](std::size_t i) { return op2(a[i], c[i]); }, op1);
      },
      op1);
  return op1(init, r);
}
template <class It1, class It2, class T>
T inner_product(const exec &e, It1 first1, It1 last1, It2 first2, T init) {
  return inner_product(e, first1, last1, first2, init, thrust::plus<>(), thrust::multiplies<>());
}

template <class It, class P>
diff_t<It> count_if(const exec &e, It first, It last, P pred) {
  require_random_access<It>();
  e.begin();
  auto u = unwrap(first);
  std::size_t n = static_cast<std::size_t>(last - first);
  if (n == 0) return 0;
  return run_reduce<diff_t<It>>(
      e, n,
      [&](std::size_t b, std::size_t en) {
        diff_t<It> c = 0;
        for (std::size_t i = b; i < en; ++i)
          if (pred(u[i])) ++c;
        return c;
      },
      [](diff_t<It> x, diff_t<It> y) { return x + y; });
}
template <class It, class T>
diff_t<It> count(const exec &e, It first, It last, const T &v) {
  return count_if(e, first, last, [&v](const auto &x) { return x == v; });
}

// Index of the first element that is "better" than all before it: better(a, b) says a must
// replace the current pick b. Ties keep the earlier element.
template <class It, class Better>
It select_element(const exec &e, It first, It last, Better better) {
  require_random_access<It>();
  e.begin();
  auto u = unwrap(first);
  std::size_t n = static_cast<std::size_t>(last - first);
  if (n == 0) return last;
  std::size_t best = run_reduce<std::size_t>(
      e, n,
      [&](std::size_t b, std::size_t en) {
        std::size_t k = b;
        for (std::size_t i = b + 1; i < en; ++i)
          if (better(u[i], u[k])) k = i;
        return k;
      },
      [&](std::size_t x, std::size_t y) { return better(u[y], u[x]) ? y : x; });
  return first + static_cast<diff_t<It>>(best);
}
template <class It, class C>
It min_element(const exec &e, It first, It last, C comp) {
  return select_element(e, first, last, [&comp](const auto &a, const auto &b) { return comp(a, b); });
}
template <class It>
It min_element(const exec &e, It first, It last) {
  return min_element(e, first, last, thrust::less<>());
}
template <class It, class C>
It max_element(const exec &e, It first, It last, C comp) {
  return select_element(e, first, last, [&comp](const auto &a, const auto &b) { return comp(b, a); });
}
template <class It>
It max_element(const exec &e, It first, It last) {
  return max_element(e, first, last, thrust::less<>());
}
// Thrust: the first smallest and the first largest (what min_element and max_element return).
template <class It, class C>
thrust::pair<It, It> minmax_element(const exec &e, It first, It last, C comp) {
  return {min_element(e, first, last, comp), max_element(e, first, last, comp)};
}
template <class It>
thrust::pair<It, It> minmax_element(const exec &e, It first, It last) {
  return minmax_element(e, first, last, thrust::less<>());
}

template <class It, class P>
It find_if(const exec &e, It first, It last, P pred) {
  require_random_access<It>();
  e.begin();
  auto u = unwrap(first);
  std::size_t n = static_cast<std::size_t>(last - first);
  if (n == 0) return last;
  std::size_t k = run_reduce<std::size_t>(
      e, n,
      [&](std::size_t b, std::size_t en) {
        for (std::size_t i = b; i < en; ++i)
          if (pred(u[i])) return i;
        return n;
      },
      [](std::size_t x, std::size_t y) { return x < y ? x : y; });
  return first + static_cast<diff_t<It>>(k);
}
template <class It, class P>
It find_if_not(const exec &e, It first, It last, P pred) {
  return find_if(e, first, last, [&pred](const auto &x) { return !pred(x); });
}
template <class It, class T>
It find(const exec &e, It first, It last, const T &v) {
  return find_if(e, first, last, [&v](const auto &x) { return x == v; });
}
template <class It, class P>
bool any_of(const exec &e, It first, It last, P pred) {
  return find_if(e, first, last, pred) != last;
}
template <class It, class P>
bool all_of(const exec &e, It first, It last, P pred) {
  return find_if_not(e, first, last, pred) == last;
}
template <class It, class P>
bool none_of(const exec &e, It first, It last, P pred) {
  return find_if(e, first, last, pred) == last;
}

template <class It1, class It2, class P>
thrust::pair<It1, It2> mismatch(const exec &e, It1 first1, It1 last1, It2 first2, P pred) {
  e.begin();
  auto c = unwrap(first2);
  auto a = unwrap(first1);
  counting_iterator<std::size_t> idx(0);
  std::size_t n = static_cast<std::size_t>(last1 - first1);
  auto k = find_if(e, idx, idx + static_cast<std::ptrdiff_t>(n),
                   [&](std::size_t i) { return !pred(a[i], c[i]); });
  std::ptrdiff_t d = k - idx;
  return {first1 + d, first2 + d};
}
template <class It1, class It2>
thrust::pair<It1, It2> mismatch(const exec &e, It1 first1, It1 last1, It2 first2) {
  return mismatch(e, first1, last1, first2, thrust::equal_to<>());
}
template <class It1, class It2, class P>
bool equal(const exec &e, It1 first1, It1 last1, It2 first2, P pred) {
  return mismatch(e, first1, last1, first2, pred).first == last1;
}
template <class It1, class It2>
bool equal(const exec &e, It1 first1, It1 last1, It2 first2) {
  return equal(e, first1, last1, first2, thrust::equal_to<>());
}

template <class It, class C>
It is_sorted_until(const exec &e, It first, It last, C comp) {
  e.begin();
  auto u = unwrap(first);
  std::size_t n = static_cast<std::size_t>(last - first);
  if (n < 2) return last;
  counting_iterator<std::size_t> idx(1);
  auto k = find_if(e, idx, idx + static_cast<std::ptrdiff_t>(n - 1),
                   [&](std::size_t i) { return comp(u[i], u[i - 1]); });
  return first + static_cast<diff_t<It>>(1 + (k - idx));
}
template <class It>
It is_sorted_until(const exec &e, It first, It last) {
  return is_sorted_until(e, first, last, thrust::less<>());
}
template <class It, class C>
bool is_sorted(const exec &e, It first, It last, C comp) {
  return is_sorted_until(e, first, last, comp) == last;
}
template <class It>
bool is_sorted(const exec &e, It first, It last) {
  return is_sorted(e, first, last, thrust::less<>());
}

// ---------------------------------------------------------------------------------------------
// Scans: per-chunk totals, an exclusive scan of the totals, then each chunk scans from its
// offset. Each chunk reads an input before writing the same position, so in place works.

template <class T, class In, class Out, class U, class Op>
Out scan_impl(const exec &e, In first, In last, Out out, U unary, Op op, bool has_init, T init,
              bool exclusive) {
  require_random_access<In>();
  e.begin();
  auto ui = unwrap(first);
  auto uo = unwrap(out);
  std::size_t n = static_cast<std::size_t>(last - first);
  if (n == 0) return out;
  auto scan_chunk = [&](std::size_t b, std::size_t en, bool seeded, T carry) {
    for (std::size_t i = b; i < en; ++i) {
      T x = static_cast<T>(unary(ui[i]));
      if (exclusive) {
        uo[i] = carry;
        carry = op(carry, x);
      } else {
        carry = seeded ? op(carry, x) : x;
        seeded = true;
        uo[i] = carry;
      }
    }
  };
  std::size_t threads = thread_pool::instance().size();
  if (!e.parallel() || n <= parallel_grain || threads <= 1 || thread_pool::in_worker()) {
    scan_chunk(0, n, has_init, init);
    return out + n;
  }
  std::size_t parts = threads * 2;
  std::vector<T> total(parts, init);
  parallel_for(
      parts,
      [&](std::size_t pb, std::size_t pe) {
        for (std::size_t p = pb; p < pe; ++p) {
          std::size_t b = n * p / parts, en = n * (p + 1) / parts;
          T acc = static_cast<T>(unary(ui[b]));
          for (std::size_t i = b + 1; i < en; ++i) acc = op(acc, static_cast<T>(unary(ui[i])));
          total[p] = acc;
        }
      },
      1);
  // carry[p]: the combination of everything before chunk p (with init when there is one).
  std::vector<T> carry(parts, init);
  bool seeded = has_init;
  T acc = init;
  for (std::size_t p = 0; p < parts; ++p) {
    carry[p] = acc;
    acc = seeded ? op(acc, total[p]) : total[p];
    seeded = true;
  }
  parallel_for(
      parts,
      [&](std::size_t pb, std::size_t pe) {
        for (std::size_t p = pb; p < pe; ++p)
          scan_chunk(n * p / parts, n * (p + 1) / parts, p > 0 || has_init, carry[p]);
      },
      1);
  return out + n;
}

template <class In, class Out, class Op>
Out inclusive_scan(const exec &e, In first, In last, Out out, Op op) {
  using T = value_t<In>;
  return scan_impl<T>(e, first, last, out, thrust::identity<>(), op, false, T(), false);
}
template <class In, class Out>
Out inclusive_scan(const exec &e, In first, In last, Out out) {
  return inclusive_scan(e, first, last, out, thrust::plus<>());
}
template <class In, class Out, class T, class Op>
Out exclusive_scan(const exec &e, In first, In last, Out out, T init, Op op) {
  return scan_impl<T>(e, first, last, out, thrust::identity<>(), op, true, init, true);
}
template <class In, class Out, class T>
Out exclusive_scan(const exec &e, In first, In last, Out out, T init) {
  return exclusive_scan(e, first, last, out, init, thrust::plus<>());
}
template <class In, class Out>
Out exclusive_scan(const exec &e, In first, In last, Out out) {
  return exclusive_scan(e, first, last, out, value_t<In>(), thrust::plus<>());
}
template <class In, class Out, class U, class Op>
Out transform_inclusive_scan(const exec &e, In first, In last, Out out, U unary, Op op) {
  using T = std::decay_t<std::invoke_result_t<U &, typename std::iterator_traits<In>::reference>>;
  return scan_impl<T>(e, first, last, out, unary, op, false, T(), false);
}
template <class In, class Out, class U, class T, class Op>
Out transform_exclusive_scan(const exec &e, In first, In last, Out out, U unary, T init, Op op) {
  return scan_impl<T>(e, first, last, out, unary, op, true, init, true);
}

}  // namespace algo
}  // namespace ferrocm
}  // namespace thrust
