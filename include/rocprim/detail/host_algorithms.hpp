/*
 * ferrocm rocPRIM, CPU platform: the host-parallel algorithms behind the device-wide API
 * (rocPRIM's device_*.hpp and hipCUB's Device* both call these). Every one is a fork-join
 * over independent chunks (host_parallel.hpp), written for random-access iterators, and keeps
 * the documented order of results (stable sorts and selections, scans in input order).
 */
#ifndef ROCPRIM_DETAIL_HOST_ALGORITHMS_HPP_
#define ROCPRIM_DETAIL_HOST_ALGORITHMS_HPP_

#include <algorithm>
#include <cstring>
#include <iterator>
#include <limits>
#include <type_traits>
#include <vector>

#include "host_parallel.hpp"
#include "radix_key.hpp"

namespace rocprim {
namespace detail {
namespace host {

/* ------------------------------------------------------------------ reduce */

/* op over in[b..e) from `acc`, in order. Eight contiguous stretches run in lockstep (eight
 * independent chains, so that the processor overlaps them: one chain of float additions is
 * latency-bound at a fraction of memory bandwidth) and are combined left to right, which is the
 * same order of operands: only associativity is used, as CUB and rocPRIM require. */
template <class Acc, class In, class Op> Acc reduce_range(In in, size_t b, size_t e, Acc acc, Op op) {
  constexpr size_t K = 8;
  const size_t len = e - b, step = len / K;
  if (step < 64) {
    for (size_t i = b; i < e; ++i) acc = op(acc, static_cast<Acc>(in[i]));
    return acc;
  }
  Acc part[K] = {static_cast<Acc>(in[b]),            static_cast<Acc>(in[b + step]),
                 static_cast<Acc>(in[b + 2 * step]), static_cast<Acc>(in[b + 3 * step]),
                 static_cast<Acc>(in[b + 4 * step]), static_cast<Acc>(in[b + 5 * step]),
                 static_cast<Acc>(in[b + 6 * step]), static_cast<Acc>(in[b + 7 * step])};
  for (size_t i = 1; i < step; ++i)
    for (size_t k = 0; k < K; ++k) part[k] = op(part[k], static_cast<Acc>(in[b + k * step + i]));
  for (size_t i = b + K * step; i < e; ++i) part[K - 1] = op(part[K - 1], static_cast<Acc>(in[i]));
  for (size_t k = 0; k < K; ++k) acc = op(acc, part[k]);
  return acc;
}

/* init op in[0] op ... op in[n-1], in that order (op need not commute). */
template <class Acc, class In, class Op> Acc reduce(In in, size_t n, Acc init, Op op) {
  if (n == 0) return init;
  const size_t k = chunks_for(n);
  if (k == 1) return reduce_range(in, 0, n, init, op);
  std::vector<Acc> part(k, init);
  for_chunks(n, k, [&](size_t c, size_t b, size_t e) {
    part[c] = reduce_range(in, b + 1, e, static_cast<Acc>(in[b]), op);
  });
  Acc acc = init;
  for (size_t c = 0; c < k; ++c) acc = op(acc, part[c]);
  return acc;
}

/* ------------------------------------------------------------------ scan */

/* Inclusive scan of in[b..e) into out[b..e) from `carry` (when `have`), else from in[b]; four
 * contiguous stretches run in lockstep and the later stretches get their carries in a second,
 * cache-hot pass. Returns the total (op over the carry and the whole range). out may be in. */
template <class Acc, class In, class Out, class Op>
Acc scan_range(In in, Out out, size_t b, size_t e, Acc carry, bool have, Op op) {
  constexpr size_t K = 4;
  const size_t len = e - b, step = len / K;
  if (step < 64) {
    size_t i = b;
    if (!have && i < e) {
      carry = static_cast<Acc>(in[i]);
      out[i] = carry;
      ++i;
    }
    for (; i < e; ++i) {
      carry = op(carry, static_cast<Acc>(in[i]));
      out[i] = carry;
    }
    return carry;
  }
  const size_t start[K] = {b, b + step, b + 2 * step, b + 3 * step};
  const size_t stop[K] = {b + step, b + 2 * step, b + 3 * step, e};
  Acc run[K] = {static_cast<Acc>(in[start[0]]), static_cast<Acc>(in[start[1]]), static_cast<Acc>(in[start[2]]),
                static_cast<Acc>(in[start[3]])};
  if (have) run[0] = op(carry, run[0]);
  for (size_t k = 0; k < K; ++k) out[start[k]] = run[k];
  for (size_t i = 1; i < step; ++i)
    for (size_t k = 0; k < K; ++k) {
      run[k] = op(run[k], static_cast<Acc>(in[start[k] + i]));
      out[start[k] + i] = run[k];
    }
  for (size_t i = start[K - 1] + step; i < e; ++i) {
    run[K - 1] = op(run[K - 1], static_cast<Acc>(in[i]));
    out[i] = run[K - 1];
  }
  /* Stretch k > 0 is offset by everything before it. */
  Acc before = run[0];
  for (size_t k = 1; k < K; ++k) {
    const Acc total_k = run[k];
    for (size_t i = start[k]; i < stop[k]; ++i) out[i] = op(before, static_cast<Acc>(out[i]));
    before = op(before, total_k);
  }
  return before;
}

/* Inclusive (exclusive = false) or exclusive scan; `init` seeds the exclusive scan and, when
 * has_init, the inclusive one. out may be in (in-place).
 *
 * One pass over memory: the input is cut into cache-sized chunks taken in order by the pool's
 * threads; a thread scans its chunk locally, waits until the chunk before it has published its
 * inclusive prefix, publishes its own, then adds the prefix to its (still cached) results. The
 * wait is safe where a GPU's is not: chunks are taken in increasing order by running OS threads
 * that finish one chunk before taking another, so the awaited chunk is always being scanned by
 * a thread that is running (never one waiting behind this one). */
template <class Acc, class In, class Out, class Op>
void scan(In in, Out out, size_t n, Acc init, bool has_init, bool exclusive, Op op) {
  if (n == 0) return;
  const bool seeded = exclusive || has_init;
  const size_t chunk_items = 32768;
  const size_t k = (n + chunk_items - 1) / chunk_items;
  auto finish = [&](size_t b, size_t e, bool have_pred, const Acc &pred) {
    /* out[b..e) holds the chunk's local inclusive scan. */
    if (exclusive) {
      for (size_t i = e; i-- > b;) {
        if (i == b)
          out[i] = pred;
        else
          out[i] = op(pred, static_cast<Acc>(out[i - 1]));
      }
    } else if (have_pred) {
      for (size_t i = b; i < e; ++i) out[i] = op(pred, static_cast<Acc>(out[i]));
    }
  };
  if (k == 1 || pool::get().size() == 1) {
    Acc carry = init;
    for (size_t c = 0; c < k; ++c) {
      const size_t b = c * chunk_items, e = std::min(n, b + chunk_items);
      const bool have = seeded || c > 0;
      if (exclusive) {
        const Acc total = scan_range<Acc>(in, out, b, e, carry, false, op);
        finish(b, e, true, carry);
        carry = op(carry, total);
      } else {
        carry = scan_range<Acc>(in, out, b, e, carry, have, op);
      }
    }
    return;
  }
  std::vector<Acc> prefix(k, init);
  std::unique_ptr<std::atomic<unsigned char>[]> ready(new std::atomic<unsigned char>[k]);
  for (size_t c = 0; c < k; ++c) ready[c].store(0, std::memory_order_relaxed);
  pool::get().run(k, [&](size_t c) {
    const size_t b = c * chunk_items, e = std::min(n, b + chunk_items);
    const Acc total = scan_range<Acc>(in, out, b, e, init, false, op);
    bool have_pred = seeded;
    Acc pred = init;
    if (c > 0) {
      unsigned spins = 0;
      while (ready[c - 1].load(std::memory_order_acquire) == 0) {
        if (++spins > 64) std::this_thread::yield();
      }
      pred = prefix[c - 1];
      have_pred = true;
    }
    prefix[c] = have_pred ? op(pred, total) : total;
    ready[c].store(1, std::memory_order_release);
    finish(b, e, have_pred, pred);
  });
}

/* Scan by key: a new segment starts where !eq(key[i-1], key[i]). Sequential (the segments'
 * carries chain through the whole input). */
template <class Acc, class Keys, class In, class Out, class Op, class Eq>
void scan_by_key(Keys keys, In in, Out out, size_t n, Acc init, bool exclusive, Op op, Eq eq) {
  Acc carry = init;
  for (size_t i = 0; i < n; ++i) {
    const bool head = i == 0 || !eq(keys[i - 1], keys[i]);
    Acc v = static_cast<Acc>(in[i]);
    if (exclusive) {
      if (head) carry = init;
      out[i] = carry;
      carry = op(carry, v);
    } else {
      carry = head ? v : op(carry, v);
      out[i] = carry;
    }
  }
}

/* ------------------------------------------------------------------ selection */

/* Keeps the items i with keep(i), in order: out[0..count). Returns count. */
template <class Keep, class Emit> size_t select(size_t n, const Keep &keep, const Emit &emit) {
  if (n == 0) return 0;
  const size_t k = chunks_for(n);
  if (k == 1) {
    size_t j = 0;
    for (size_t i = 0; i < n; ++i)
      if (keep(i)) emit(i, j++);
    return j;
  }
  std::vector<size_t> count(k, 0);
  for_chunks(n, k, [&](size_t c, size_t b, size_t e) {
    size_t m = 0;
    for (size_t i = b; i < e; ++i) m += keep(i) ? 1 : 0;
    count[c] = m;
  });
  size_t total = 0;
  for (size_t c = 0; c < k; ++c) {
    size_t m = count[c];
    count[c] = total;
    total += m;
  }
  for_chunks(n, k, [&](size_t c, size_t b, size_t e) {
    size_t j = count[c];
    for (size_t i = b; i < e; ++i)
      if (keep(i)) emit(i, j++);
  });
  return total;
}

/* Partition: kept items to out[0..m) in order, the others to out[n-1], out[n-2], ... in order
 * (CUB's and rocPRIM's layout: rejected items reversed at the end). Returns m. */
template <class Keep, class In, class Out> size_t partition(In in, Out out, size_t n, const Keep &keep) {
  if (n == 0) return 0;
  const size_t k = chunks_for(n);
  std::vector<size_t> count(k, 0);
  for_chunks(n, k, [&](size_t c, size_t b, size_t e) {
    size_t m = 0;
    for (size_t i = b; i < e; ++i) m += keep(i) ? 1 : 0;
    count[c] = m;
  });
  std::vector<size_t> kept(k), rejected(k);
  size_t tk = 0, tr = 0;
  for (size_t c = 0; c < k; ++c) {
    range r = chunk(n, k, c);
    kept[c] = tk;
    rejected[c] = tr;
    tk += count[c];
    tr += (r.end - r.begin) - count[c];
  }
  for_chunks(n, k, [&](size_t c, size_t b, size_t e) {
    size_t a = kept[c], z = rejected[c];
    for (size_t i = b; i < e; ++i) {
      if (keep(i))
        out[a++] = in[i];
      else
        out[n - 1 - z++] = in[i];
    }
  });
  return tk;
}

/* Heads of runs of equal items: the start index of every run, in order. */
template <class In, class Eq> std::vector<size_t> run_starts(In in, size_t n, Eq eq) {
  std::vector<size_t> starts;
  if (n == 0) return starts;
  const size_t k = chunks_for(n);
  std::vector<size_t> count(k, 0);
  auto head = [&](size_t i) { return i == 0 || !eq(in[i - 1], in[i]); };
  for_chunks(n, k, [&](size_t c, size_t b, size_t e) {
    size_t m = 0;
    for (size_t i = b; i < e; ++i) m += head(i) ? 1 : 0;
    count[c] = m;
  });
  size_t total = 0;
  for (size_t c = 0; c < k; ++c) {
    size_t m = count[c];
    count[c] = total;
    total += m;
  }
  starts.resize(total + 1);
  for_chunks(n, k, [&](size_t c, size_t b, size_t e) {
    size_t j = count[c];
    for (size_t i = b; i < e; ++i)
      if (head(i)) starts[j++] = i;
  });
  starts[total] = n;
  return starts;
}

/* ------------------------------------------------------------------ radix sort */

/* Digits of at most 11 bits: 32-bit keys take 3 passes instead of 4, and 2048 buckets' write
 * streams still fit the caches. */
constexpr unsigned radix_max_bits = 11;
constexpr unsigned radix_buckets = 1u << radix_max_bits;

/* Passes over bits [begin, end) and the width of each (the bits split evenly). */
inline unsigned radix_passes(unsigned begin, unsigned end) {
  return end > begin ? (end - begin + radix_max_bits - 1) / radix_max_bits : 0;
}
inline unsigned radix_width(unsigned begin, unsigned end) {
  const unsigned p = radix_passes(begin, end);
  return p ? (end - begin + p - 1) / p : 0;
}

/* One stable LSD counting pass: digit (`width` bits from `shift` of the sort key) of src -> dst. */
template <class K, class V, bool Pairs, class KS, class VS>
bool radix_pass(KS ks, VS vs, K *kd, V *vd, size_t n, const radix_digits<K> &dig, unsigned shift, unsigned width,
                bool allow_skip) {
  const size_t k = chunks_for(n, 65536);
  const unsigned radix = 1u << width;
  const auto mask = (typename radix_digits<K>::bits)(radix - 1);
  std::vector<size_t> counts(k * radix, 0);
  auto digit = [&](const K &key) { return unsigned((dig.value(key) >> shift) & mask); };
  for_chunks(n, k, [&](size_t c, size_t b, size_t e) {
    size_t *cnt = &counts[c * radix];
    for (size_t i = b; i < e; ++i) ++cnt[digit(ks[i])];
  });
  /* offsets: by digit, then by chunk */
  size_t total = 0;
  for (unsigned d = 0; d < radix; ++d) {
    size_t sum = 0;
    for (size_t c = 0; c < k; ++c) sum += counts[c * radix + d];
    if (allow_skip && sum == n) return false; /* every key has this digit: nothing moves */
    for (size_t c = 0; c < k; ++c) {
      size_t m = counts[c * radix + d];
      counts[c * radix + d] = total;
      total += m;
    }
  }
  for_chunks(n, k, [&](size_t c, size_t b, size_t e) {
    size_t *off = &counts[c * radix];
    for (size_t i = b; i < e; ++i) {
      const K key = ks[i];
      size_t j = off[digit(key)]++;
      kd[j] = key;
      if constexpr (Pairs) vd[j] = vs[i];
    }
  });
  return true;
}

/* Copies src to dst in parallel. */
template <class S, class D> void copy(S src, D dst, size_t n) {
  const size_t k = chunks_for(n, 65536);
  for_chunks(n, k, [&](size_t, size_t b, size_t e) {
    for (size_t i = b; i < e; ++i) dst[i] = src[i];
  });
}

/* Stable radix sort with every pass between two buffers: the data starts in (k0, v0); when
 * `end_in_other` the result must end in (k1, v1), else in (k0, v0). Passes whose digit is the
 * same for every key are skipped; a final copy puts the result where it belongs. */
template <class K, class V, bool Pairs>
void radix_sort_buffers_from(K *k0, V *v0, K *k1, V *v1, size_t n, unsigned begin, unsigned end, unsigned first_shift,
                             bool descending, bool end_in_other) {
  if (n == 0) return;
  radix_digits<K> dig{begin, end, descending};
  K *ks = k0, *kd = k1;
  V *vs = v0, *vd = v1;
  const unsigned step = radix_width(begin, end);
  for (unsigned shift = first_shift; begin + shift < end; shift += step) {
    const unsigned width = std::min(step, end - begin - shift);
    if (radix_pass<K, V, Pairs>(ks, vs, kd, vd, n, dig, shift, width, true)) {
      std::swap(ks, kd);
      std::swap(vs, vd);
    }
  }
  K *want_k = end_in_other ? k1 : k0;
  if (ks != want_k) {
    copy(ks, kd, n);
    if constexpr (Pairs) copy(vs, vd, n);
  }
}

template <class K, class V, bool Pairs>
void radix_sort_buffers(K *k0, V *v0, K *k1, V *v1, size_t n, unsigned begin, unsigned end, bool descending,
                        bool end_in_other) {
  radix_sort_buffers_from<K, V, Pairs>(k0, v0, k1, v1, n, begin, end, 0, descending, end_in_other);
}

/* Stable radix sort from input iterators into output pointers, with scratch buffers. */
template <class K, class V, bool Pairs, class KI, class VI>
void radix_sort_copy(KI keys_in, VI values_in, K *keys_out, V *values_out, K *kt, V *vt, size_t n, unsigned begin,
                     unsigned end, bool descending) {
  if (n == 0) return;
  radix_digits<K> dig{begin, end, descending};
  if (radix_passes(begin, end) == 0) {
    copy(keys_in, keys_out, n);
    if constexpr (Pairs) copy(values_in, values_out, n);
    return;
  }
  /* First pass from the input into the scratch buffers (never skipped: it moves the data out
   * of the read-only input), then the rest between scratch and output ending in the output. */
  const unsigned width = radix_width(begin, end);
  if (begin + width >= end) {
    radix_pass<K, V, Pairs>(keys_in, values_in, keys_out, values_out, n, dig, 0, end - begin, false);
    return;
  }
  radix_pass<K, V, Pairs>(keys_in, values_in, kt, vt, n, dig, 0, width, false);
  radix_sort_buffers_from<K, V, Pairs>(kt, vt, keys_out, values_out, n, begin, end, width, descending, true);
}

/* ------------------------------------------------------------------ merge sort */

/* Stable sort of [first, first + n) by comp, in parallel: sorted chunks merged pairwise. */
template <class T, class Comp> void stable_sort(T *first, size_t n, Comp comp) {
  if (n < 2) return;
  size_t k = chunks_for(n, 65536);
  if (k == 1) {
    std::stable_sort(first, first + n, comp);
    return;
  }
  for_chunks(n, k, [&](size_t, size_t b, size_t e) { std::stable_sort(first + b, first + e, comp); });
  std::vector<T> tmp(n);
  T *src = first, *dst = tmp.data();
  for (size_t width = 1; width < k; width *= 2) {
    const size_t groups = (k + 2 * width - 1) / (2 * width);
    pool::get().run(groups, [&](size_t g) {
      const size_t c0 = g * 2 * width, c1 = std::min(k, c0 + width), c2 = std::min(k, c0 + 2 * width);
      const size_t b = chunk(n, k, c0).begin, m = chunk(n, k, c1 - 1).end, e = chunk(n, k, c2 - 1).end;
      std::merge(src + b, src + m, src + m, src + e, dst + b, comp);
    });
    std::swap(src, dst);
  }
  if (src != first) copy(src, first, n);
}

} // namespace host
} // namespace detail
} // namespace rocprim

#endif
