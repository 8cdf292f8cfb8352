/* ferrocm rocPRIM, CPU platform: warp_scan (rocPRIM's warp_scan.hpp API); see warp_reduce.hpp
 * for the approach and the calling contract. */
#ifndef ROCPRIM_WARP_WARP_SCAN_HPP_
#define ROCPRIM_WARP_WARP_SCAN_HPP_

#include "../block/detail/block_core.hpp"

BEGIN_ROCPRIM_NAMESPACE

template <class T, unsigned int WarpSize = ROCPRIM_WARP_SIZE> class warp_scan {
  static_assert(WarpSize >= 1 && WarpSize <= ROCPRIM_WARP_SIZE, "WarpSize must be 1..the wavefront size");

public:
  struct storage_type {
    detail::raw_array<T, WarpSize> v;
  };

  template <class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void inclusive_scan(T input, T &output, storage_type &storage,
                                     BinaryFunction scan_op = BinaryFunction()) {
    T r;
    scan_impl(input, &output, nullptr, nullptr, r, storage, scan_op);
  }
  template <class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void inclusive_scan(T input, T &output, T &reduction, storage_type &storage,
                                     BinaryFunction scan_op = BinaryFunction()) {
    scan_impl(input, &output, nullptr, nullptr, reduction, storage, scan_op);
  }
  template <class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void exclusive_scan(T input, T &output, T init, storage_type &storage,
                                     BinaryFunction scan_op = BinaryFunction()) {
    T r;
    scan_impl(input, nullptr, &output, &init, r, storage, scan_op);
  }
  template <class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void exclusive_scan(T input, T &output, T init, T &reduction, storage_type &storage,
                                     BinaryFunction scan_op = BinaryFunction()) {
    scan_impl(input, nullptr, &output, &init, reduction, storage, scan_op);
  }
  template <class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void scan(T input, T &inclusive_output, T &exclusive_output, T init, storage_type &storage,
                           BinaryFunction scan_op = BinaryFunction()) {
    T r;
    scan_impl(input, &inclusive_output, &exclusive_output, &init, r, storage, scan_op);
  }
  template <class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void scan(T input, T &inclusive_output, T &exclusive_output, T init, T &reduction,
                           storage_type &storage, BinaryFunction scan_op = BinaryFunction()) {
    scan_impl(input, &inclusive_output, &exclusive_output, &init, reduction, storage, scan_op);
  }
  /* Every lane gets lane src_lane's input. */
  ROCPRIM_DEVICE T broadcast(T input, const unsigned int src_lane, storage_type &storage) {
    const unsigned lane = ::rocprim::flat_block_thread_id() % WarpSize;
    storage.v.put(lane, input);
    ::rocprim::wave_barrier();
    T r = storage.v[src_lane % WarpSize];
    ::rocprim::wave_barrier();
    return r;
  }

  /* Exclusive scan without a seed (hipCUB's ExclusiveScan(input, output, op)): lane 0's output
   * is left as it was. */
  template <class BinaryFunction>
  ROCPRIM_DEVICE void exclusive_scan_unseeded(T input, T &output, T &reduction, storage_type &storage,
                                              BinaryFunction scan_op) {
    const unsigned lane = ::rocprim::flat_block_thread_id() % WarpSize;
    T inc;
    scan_impl(input, &inc, nullptr, nullptr, reduction, storage, scan_op, lane > 0 ? &output : nullptr);
  }

private:
  template <class Op>
  ROCPRIM_DEVICE void scan_impl(const T &input, T *inclusive, T *exclusive, const T *init, T &reduction,
                                storage_type &s, Op op, T *before = nullptr) {
    const unsigned lane = ::rocprim::flat_block_thread_id() % WarpSize;
    s.v.put(lane, input);
    ::rocprim::wave_barrier();
    /* The lane's prefix over the values before it (O(lanes) per lane: a wavefront is short). */
    T acc = s.v[0];
    for (unsigned i = 1; i < lane; ++i) acc = op(acc, s.v[i]);
    if (before != nullptr && lane > 0) *before = acc;
    if (exclusive != nullptr) *exclusive = lane == 0 ? *init : op(*init, acc);
    if (inclusive != nullptr) *inclusive = lane == 0 ? s.v[0] : op(acc, s.v[lane]);
    T total = s.v[0];
    for (unsigned i = 1; i < WarpSize; ++i) total = op(total, s.v[i]);
    reduction = total;
    ::rocprim::wave_barrier();
  }
};

END_ROCPRIM_NAMESPACE

#endif
