/* ferrocm hipCUB, CPU platform: shared parts of the smaller block primitives
 * (block_discontinuity, block_adjacent_difference, block_shuffle, block_histogram,
 * block_merge_sort, block_run_length_decode, block_radix_rank). As everywhere on the CPU
 * (rocprim/block/detail/block_core.hpp): values to the storage, a barrier, one work-item or every
 * work-item reads what it needs. */
#ifndef HIPCUB_BLOCK_BLOCK_MISC_CORE_HPP_
#define HIPCUB_BLOCK_BLOCK_MISC_CORE_HPP_

#include "../config.hpp"
#include "../util_type.hpp"

BEGIN_HIPCUB_NAMESPACE
namespace detail {
template <class T, unsigned N> using raw_array = ::rocprim::detail::raw_array<T, N>;

template <int X, int Y, int Z> HIPCUB_DEVICE inline unsigned block_tid() {
  return ::rocprim::flat_block_thread_id<X, Y, Z>();
}

/* Stable merge sort of keys (and values) in src[0..n) using dst as scratch; returns the buffer
 * holding the result (0: src, 1: dst). Serial (one work-item runs it). */
template <bool Pairs, class K, class V, class Comp>
HIPCUB_DEVICE inline unsigned serial_merge_sort(K *k0, K *k1, V *v0, V *v1, unsigned n, Comp comp) {
  K *ks = k0, *kd = k1;
  V *vs = v0, *vd = v1;
  unsigned where = 0;
  for (unsigned width = 1; width < n; width *= 2) {
    for (unsigned lo = 0; lo < n; lo += 2 * width) {
      const unsigned mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
      unsigned a = lo, b = mid, o = lo;
      while (a < mid && b < hi) {
        /* Take from the right run only when strictly smaller: equal keys keep their order. */
        if (comp(ks[b], ks[a])) {
          ::new (static_cast<void *>(kd + o)) K(ks[b]);
          if (Pairs) ::new (static_cast<void *>(vd + o)) V(vs[b]);
          ++b;
        } else {
          ::new (static_cast<void *>(kd + o)) K(ks[a]);
          if (Pairs) ::new (static_cast<void *>(vd + o)) V(vs[a]);
          ++a;
        }
        ++o;
      }
      for (; a < mid; ++a, ++o) {
        ::new (static_cast<void *>(kd + o)) K(ks[a]);
        if (Pairs) ::new (static_cast<void *>(vd + o)) V(vs[a]);
      }
      for (; b < hi; ++b, ++o) {
        ::new (static_cast<void *>(kd + o)) K(ks[b]);
        if (Pairs) ::new (static_cast<void *>(vd + o)) V(vs[b]);
      }
    }
    K *kt = ks;
    ks = kd;
    kd = kt;
    V *vt = vs;
    vs = vd;
    vd = vt;
    where ^= 1u;
  }
  return where;
}
} // namespace detail
END_HIPCUB_NAMESPACE

#endif
