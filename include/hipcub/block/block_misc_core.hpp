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

using ::rocprim::detail::serial_merge_sort;
} // namespace detail
END_HIPCUB_NAMESPACE

#endif
