/* ferrocm rocPRIM, CPU platform: warp_reduce (rocPRIM's warp_reduce.hpp API). Every lane of
 * the logical warp writes its value to the warp's storage, the wavefront meets
 * (wave_barrier), lane 0 (every lane with UseAllReduce) reduces, and the wavefront meets
 * again so that the storage may be reused at once. As with every wavefront operation on the
 * CPU, all running lanes of the 64-lane wavefront must make the call. */
#ifndef ROCPRIM_WARP_WARP_REDUCE_HPP_
#define ROCPRIM_WARP_WARP_REDUCE_HPP_

#include "../block/detail/block_core.hpp"

BEGIN_ROCPRIM_NAMESPACE

template <class T, unsigned int WarpSize = ROCPRIM_WARP_SIZE, bool UseAllReduce = false> class warp_reduce {
  static_assert(WarpSize >= 1 && WarpSize <= ROCPRIM_WARP_SIZE, "WarpSize must be 1..the wavefront size");

public:
  struct storage_type {
    detail::raw_array<T, WarpSize> v;
    detail::raw_array<unsigned char, WarpSize> flag;
  };

  template <class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void reduce(T input, T &output, storage_type &storage, BinaryFunction reduce_op = BinaryFunction()) {
    reduce_impl(input, output, WarpSize, storage, reduce_op);
  }
  template <class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void reduce(T input, T &output, int valid_items, storage_type &storage,
                             BinaryFunction reduce_op = BinaryFunction()) {
    reduce_impl(input, output, valid_items < 0 ? 0u : unsigned(valid_items), storage, reduce_op);
  }
  /* Segments start at lanes whose flag is set (and at lane 0); each head lane gets its
   * segment's reduction. */
  template <class Flag, class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void head_segmented_reduce(T input, T &output, Flag flag, storage_type &storage,
                                            BinaryFunction reduce_op = BinaryFunction()) {
    segmented(input, output, bool(flag), false, storage, reduce_op);
  }
  /* Segments end at lanes whose flag is set; the first lane of each segment gets its reduction. */
  template <class Flag, class BinaryFunction = ::rocprim::plus<T>>
  ROCPRIM_DEVICE void tail_segmented_reduce(T input, T &output, Flag flag, storage_type &storage,
                                            BinaryFunction reduce_op = BinaryFunction()) {
    segmented(input, output, bool(flag), true, storage, reduce_op);
  }

private:
  template <class Op>
  ROCPRIM_DEVICE void reduce_impl(const T &input, T &output, unsigned valid, storage_type &s, Op op) {
    const unsigned lane = ::rocprim::flat_block_thread_id() % WarpSize;
    if (valid > WarpSize) valid = WarpSize;
    if (lane < valid) s.v.put(lane, input);
    ::rocprim::wave_barrier();
    if ((UseAllReduce || lane == 0) && valid > 0) output = detail::serial_reduce(s.v.data(), valid, op);
    ::rocprim::wave_barrier();
  }
  template <class Op>
  ROCPRIM_DEVICE void segmented(const T &input, T &output, bool flag, bool tail, storage_type &s, Op op) {
    const unsigned lane = ::rocprim::flat_block_thread_id() % WarpSize;
    s.v.put(lane, input);
    s.flag.put(lane, flag ? 1 : 0);
    ::rocprim::wave_barrier();
    const bool head = lane == 0 || (tail ? s.flag[lane - 1] != 0 : flag);
    if (head) {
      T acc = s.v[lane];
      for (unsigned i = lane + 1; i < WarpSize; ++i) {
        if (tail ? s.flag[i - 1] != 0 : s.flag[i] != 0) break;
        acc = op(acc, s.v[i]);
      }
      output = acc;
    }
    ::rocprim::wave_barrier();
  }
};

END_ROCPRIM_NAMESPACE

#endif
