/*
 * ferrocm rocPRIM, CPU platform: the work shared by the block- and warp-level primitives.
 *
 * On the CPU every work-item of a block runs on one OS thread (one after the other between
 * barriers, on fibers), so the cheapest correct collective is: every work-item writes its
 * value to the primitive's storage, one barrier, then one work-item does the O(n) pass over
 * all values (a tree of shuffles would cost a fiber switch per step and per work-item), and
 * a barrier before the results are read where every work-item needs one. The storage is the
 * TempStorage / storage_type the user puts in shared memory, so the documented contracts
 * (one storage per primitive instance, a barrier before reusing it) are the GPU's.
 */
#ifndef ROCPRIM_BLOCK_DETAIL_BLOCK_CORE_HPP_
#define ROCPRIM_BLOCK_DETAIL_BLOCK_CORE_HPP_

#include <new>

#include "../../config.hpp"
#include "../../functional.hpp"
#include "../../intrinsics.hpp"
#include "../../types.hpp"

BEGIN_ROCPRIM_NAMESPACE
namespace detail {

/* Raw room for N values of T (constructed by the primitive when written), usable in
 * __shared__ declarations whatever T's constructors are. */
template <class T, unsigned int N> struct raw_array {
  alignas(T) unsigned char bytes[sizeof(T) * (N ? N : 1)];
  ROCPRIM_HOST_DEVICE T *data() { return reinterpret_cast<T *>(bytes); }
  ROCPRIM_HOST_DEVICE const T *data() const { return reinterpret_cast<const T *>(bytes); }
  ROCPRIM_HOST_DEVICE T &operator[](unsigned int i) { return data()[i]; }
  ROCPRIM_HOST_DEVICE const T &operator[](unsigned int i) const { return data()[i]; }
  ROCPRIM_HOST_DEVICE void put(unsigned int i, const T &v) { ::new (static_cast<void *>(data() + i)) T(v); }
};

/* Values of one block: slot per work-item, plus the aggregate and the prefix of a scan. */
template <class T, unsigned int N> struct block_values {
  raw_array<T, N> v;
  raw_array<T, 2> extra; /* [0] aggregate, [1] prefix from the callback */
};

/* In-place inclusive scan of a[0..n) (n >= 1). */
template <class T, class Op> ROCPRIM_DEVICE inline void serial_inclusive(T *a, unsigned n, Op op) {
  for (unsigned i = 1; i < n; ++i) a[i] = op(a[i - 1], a[i]);
}
template <class T, class Op> ROCPRIM_DEVICE inline T serial_reduce(const T *a, unsigned n, Op op) {
  T acc = a[0];
  for (unsigned i = 1; i < n; ++i) acc = op(acc, a[i]);
  return acc;
}

/* Per-thread reduction and scans of an items array. */
template <class T, unsigned int N, class Op> ROCPRIM_DEVICE inline T thread_reduce(const T (&in)[N], Op op) {
  T acc = in[0];
  for (unsigned i = 1; i < N; ++i) acc = op(acc, in[i]);
  return acc;
}
template <class T, unsigned int N, class Op>
ROCPRIM_DEVICE inline void thread_inclusive_with(const T (&in)[N], T (&out)[N], T prefix, bool has_prefix, Op op) {
  T acc = has_prefix ? op(prefix, in[0]) : in[0];
  out[0] = acc;
  for (unsigned i = 1; i < N; ++i) {
    acc = op(acc, in[i]);
    out[i] = acc;
  }
}
template <class T, unsigned int N, class Op>
ROCPRIM_DEVICE inline void thread_exclusive_with(const T (&in)[N], T (&out)[N], T prefix, Op op) {
  T acc = prefix;
  for (unsigned i = 0; i < N; ++i) {
    T v = in[i];
    out[i] = acc;
    acc = op(acc, v);
  }
}

} // namespace detail
END_ROCPRIM_NAMESPACE

#endif
