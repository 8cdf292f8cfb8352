/* ferrocm rocPRIM, CPU platform: block_scan (rocPRIM's block_scan.hpp API). Work-item 0 scans
 * the block's values in the storage between two barriers (block/detail/block_core.hpp); with a
 * prefix callback the first wavefront calls it with the block's aggregate and work-item 0's
 * answer is the prefix of every result, as documented. */
#ifndef ROCPRIM_BLOCK_BLOCK_SCAN_HPP_
#define ROCPRIM_BLOCK_BLOCK_SCAN_HPP_

#include "detail/block_core.hpp"

BEGIN_ROCPRIM_NAMESPACE

enum class block_scan_algorithm { using_warp_scan, reduce_then_scan, default_algorithm = using_warp_scan };

namespace detail {
/* The scans of one block of BlockSize values in `s`; tid is the caller's flat id. */
template <class T, unsigned int BlockSize> struct block_scan_core {
  using storage = block_values<T, BlockSize>;

  /* Inclusive scan of the thread values: out = inclusive value; aggregate in s.extra[0]. */
  template <class Op> ROCPRIM_DEVICE static T inclusive(unsigned tid, const T &in, storage &s, Op op) {
    s.v.put(tid, in);
    ::rocprim::syncthreads();
    if (tid == 0) {
      serial_inclusive(s.v.data(), BlockSize, op);
      s.extra.put(0, s.v[BlockSize - 1]);
    }
    ::rocprim::syncthreads();
    return s.v[tid];
  }
  /* Exclusive scan seeded with init: out = init op (values before tid); aggregate (without
   * init) in s.extra[0]. */
  template <class Op> ROCPRIM_DEVICE static T exclusive(unsigned tid, const T &in, const T &init, storage &s, Op op) {
    s.v.put(tid, in);
    ::rocprim::syncthreads();
    if (tid == 0) {
      T carry = init;
      T agg = s.v[0];
      for (unsigned i = 0; i < BlockSize; ++i) {
        T v = s.v[i];
        if (i > 0) agg = op(agg, v);
        s.v[i] = carry;
        carry = op(carry, v);
      }
      s.extra.put(0, agg);
    }
    ::rocprim::syncthreads();
    return s.v[tid];
  }
  /* Exclusive scan without a seed: work-item 0's result is undefined (its input is returned). */
  template <class Op> ROCPRIM_DEVICE static T exclusive_unseeded(unsigned tid, const T &in, storage &s, Op op) {
    s.v.put(tid, in);
    ::rocprim::syncthreads();
    if (tid == 0) {
      T carry = s.v[0];
      for (unsigned i = 1; i < BlockSize; ++i) {
        T v = s.v[i];
        s.v[i] = carry;
        carry = op(carry, v);
      }
      s.extra.put(0, carry);
    }
    ::rocprim::syncthreads();
    return s.v[tid];
  }
  ROCPRIM_DEVICE static T aggregate(storage &s) { return s.extra[0]; }
  /* The first wavefront calls the callback with the aggregate; work-item 0's answer is shared. */
  template <class Callback> ROCPRIM_DEVICE static T prefix(unsigned tid, storage &s, Callback &callback) {
    if (tid < ::rocprim::device_warp_size()) {
      T p = callback(s.extra[0]);
      if (tid == 0) s.extra.put(1, p);
    }
    ::rocprim::syncthreads();
    return s.extra[1];
  }
};
} // namespace detail

template <class T, unsigned int BlockSizeX, block_scan_algorithm Algorithm = block_scan_algorithm::default_algorithm,
          unsigned int BlockSizeY = 1, unsigned int BlockSizeZ = 1>
class block_scan {
  static constexpr unsigned int BlockSize = BlockSizeX * BlockSizeY * BlockSizeZ;
  using core = detail::block_scan_core<T, BlockSize>;

public:
  using storage_type = typename core::storage;

  /* ---- inclusive, one item */
  template <class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void inclusive_scan(T input, T &output, storage_type &storage, BinaryFunction scan_op = BinaryFunction()) {
    output = core::inclusive(tid(), input, storage, scan_op);
  }
  template <class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void inclusive_scan(T input, T &output, BinaryFunction scan_op = BinaryFunction()) {
    inclusive_scan(input, output, private_storage(), scan_op);
  }
  template <class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void inclusive_scan(T input, T &output, T &reduction, storage_type &storage,
                                     BinaryFunction scan_op = BinaryFunction()) {
    output = core::inclusive(tid(), input, storage, scan_op);
    reduction = core::aggregate(storage);
  }
  template <class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void inclusive_scan(T input, T &output, T &reduction, BinaryFunction scan_op = BinaryFunction()) {
    inclusive_scan(input, output, reduction, private_storage(), scan_op);
  }
  template <class PrefixCallback, class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void inclusive_scan(T input, T &output, storage_type &storage, PrefixCallback &prefix_callback_op,
                                     BinaryFunction scan_op) {
    const unsigned t = tid();
    T v = core::inclusive(t, input, storage, scan_op);
    T p = core::prefix(t, storage, prefix_callback_op);
    output = scan_op(p, v);
  }
  /* ---- inclusive, ItemsPerThread items (blocked arrangement) */
  template <unsigned int ItemsPerThread, class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void inclusive_scan(T (&input)[ItemsPerThread], T (&output)[ItemsPerThread], storage_type &storage,
                                     BinaryFunction scan_op = BinaryFunction()) {
    T r;
    inclusive_scan(input, output, r, storage, scan_op);
  }
  template <unsigned int ItemsPerThread, class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void inclusive_scan(T (&input)[ItemsPerThread], T (&output)[ItemsPerThread],
                                     BinaryFunction scan_op = BinaryFunction()) {
    inclusive_scan(input, output, private_storage(), scan_op);
  }
  template <unsigned int ItemsPerThread, class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void inclusive_scan(T (&input)[ItemsPerThread], T (&output)[ItemsPerThread], T &reduction,
                                     storage_type &storage, BinaryFunction scan_op = BinaryFunction()) {
    const unsigned t = tid();
    T total = detail::thread_reduce(input, scan_op);
    T before = core::exclusive_unseeded(t, total, storage, scan_op);
    detail::thread_inclusive_with(input, output, before, t != 0, scan_op);
    reduction = core::aggregate(storage);
  }
  template <unsigned int ItemsPerThread, class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void inclusive_scan(T (&input)[ItemsPerThread], T (&output)[ItemsPerThread], T &reduction,
                                     BinaryFunction scan_op = BinaryFunction()) {
    inclusive_scan(input, output, reduction, private_storage(), scan_op);
  }
  template <unsigned int ItemsPerThread, class PrefixCallback, class BinaryFunction>
  ROCPRIM_DEVICE void inclusive_scan(T (&input)[ItemsPerThread], T (&output)[ItemsPerThread], storage_type &storage,
                                     PrefixCallback &prefix_callback_op, BinaryFunction scan_op) {
    const unsigned t = tid();
    T total = detail::thread_reduce(input, scan_op);
    T before = core::exclusive_unseeded(t, total, storage, scan_op);
    T p = core::prefix(t, storage, prefix_callback_op);
    detail::thread_inclusive_with(input, output, t == 0 ? p : scan_op(p, before), true, scan_op);
  }

  /* ---- exclusive, one item */
  template <class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void exclusive_scan(T input, T &output, T init, storage_type &storage,
                                     BinaryFunction scan_op = BinaryFunction()) {
    output = core::exclusive(tid(), input, init, storage, scan_op);
  }
  template <class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void exclusive_scan(T input, T &output, T init, BinaryFunction scan_op = BinaryFunction()) {
    exclusive_scan(input, output, init, private_storage(), scan_op);
  }
  template <class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void exclusive_scan(T input, T &output, T init, T &reduction, storage_type &storage,
                                     BinaryFunction scan_op = BinaryFunction()) {
    output = core::exclusive(tid(), input, init, storage, scan_op);
    reduction = core::aggregate(storage);
  }
  template <class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void exclusive_scan(T input, T &output, T init, T &reduction, BinaryFunction scan_op = BinaryFunction()) {
    exclusive_scan(input, output, init, reduction, private_storage(), scan_op);
  }
  template <class PrefixCallback, class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void exclusive_scan(T input, T &output, storage_type &storage, PrefixCallback &prefix_callback_op,
                                     BinaryFunction scan_op) {
    const unsigned t = tid();
    T v = core::exclusive_unseeded(t, input, storage, scan_op);
    T p = core::prefix(t, storage, prefix_callback_op);
    output = t == 0 ? p : scan_op(p, v);
  }
  /* ---- exclusive, ItemsPerThread items */
  template <unsigned int ItemsPerThread, class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void exclusive_scan(T (&input)[ItemsPerThread], T (&output)[ItemsPerThread], T init,
                                     storage_type &storage, BinaryFunction scan_op = BinaryFunction()) {
    T r;
    exclusive_scan(input, output, init, r, storage, scan_op);
  }
  template <unsigned int ItemsPerThread, class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void exclusive_scan(T (&input)[ItemsPerThread], T (&output)[ItemsPerThread], T init,
                                     BinaryFunction scan_op = BinaryFunction()) {
    exclusive_scan(input, output, init, private_storage(), scan_op);
  }
  template <unsigned int ItemsPerThread, class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void exclusive_scan(T (&input)[ItemsPerThread], T (&output)[ItemsPerThread], T init, T &reduction,
                                     storage_type &storage, BinaryFunction scan_op = BinaryFunction()) {
    const unsigned t = tid();
    T total = detail::thread_reduce(input, scan_op);
    T before = core::exclusive(t, total, init, storage, scan_op);
    detail::thread_exclusive_with(input, output, before, scan_op);
    reduction = core::aggregate(storage);
  }
  template <unsigned int ItemsPerThread, class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void exclusive_scan(T (&input)[ItemsPerThread], T (&output)[ItemsPerThread], T init, T &reduction,
                                     BinaryFunction scan_op = BinaryFunction()) {
    exclusive_scan(input, output, init, reduction, private_storage(), scan_op);
  }
  template <unsigned int ItemsPerThread, class PrefixCallback, class BinaryFunction>
  ROCPRIM_DEVICE void exclusive_scan(T (&input)[ItemsPerThread], T (&output)[ItemsPerThread], storage_type &storage,
                                     PrefixCallback &prefix_callback_op, BinaryFunction scan_op) {
    const unsigned t = tid();
    T total = detail::thread_reduce(input, scan_op);
    T before = core::exclusive_unseeded(t, total, storage, scan_op);
    T p = core::prefix(t, storage, prefix_callback_op);
    detail::thread_exclusive_with(input, output, t == 0 ? p : scan_op(p, before), scan_op);
  }

private:
  ROCPRIM_DEVICE static unsigned tid() { return ::rocprim::flat_block_thread_id<BlockSizeX, BlockSizeY, BlockSizeZ>(); }
  ROCPRIM_DEVICE static storage_type &private_storage() {
    ROCPRIM_SHARED_MEMORY storage_type storage;
    return storage;
  }
};

END_ROCPRIM_NAMESPACE

#endif
