/* ferrocm rocPRIM: direct block loads (rocPRIM's block_load_func.hpp API). Blocked: work-item t
 * gets items [t * ItemsPerThread, (t + 1) * ItemsPerThread); striped: item i of work-item t is
 * t + i * BlockSize; warp-striped: striped within each warp's run of WarpSize * ItemsPerThread. */
#ifndef ROCPRIM_BLOCK_BLOCK_LOAD_FUNC_HPP_
#define ROCPRIM_BLOCK_BLOCK_LOAD_FUNC_HPP_

#include "detail/block_core.hpp"

BEGIN_ROCPRIM_NAMESPACE

template <class InputIterator, class T, unsigned int ItemsPerThread>
ROCPRIM_DEVICE inline void block_load_direct_blocked(unsigned int flat_id, InputIterator block_input,
                                                     T (&items)[ItemsPerThread]) {
  for (unsigned i = 0; i < ItemsPerThread; ++i) items[i] = block_input[flat_id * ItemsPerThread + i];
}
template <class InputIterator, class T, unsigned int ItemsPerThread>
ROCPRIM_DEVICE inline void block_load_direct_blocked(unsigned int flat_id, InputIterator block_input,
                                                     T (&items)[ItemsPerThread], unsigned int valid) {
  for (unsigned i = 0; i < ItemsPerThread; ++i)
    if (flat_id * ItemsPerThread + i < valid) items[i] = block_input[flat_id * ItemsPerThread + i];
}
template <class InputIterator, class T, unsigned int ItemsPerThread, class Default>
ROCPRIM_DEVICE inline void block_load_direct_blocked(unsigned int flat_id, InputIterator block_input,
                                                     T (&items)[ItemsPerThread], unsigned int valid,
                                                     Default out_of_bounds) {
  for (unsigned i = 0; i < ItemsPerThread; ++i) items[i] = static_cast<T>(out_of_bounds);
  block_load_direct_blocked(flat_id, block_input, items, valid);
}
template <class T, class U, unsigned int ItemsPerThread>
ROCPRIM_DEVICE inline void block_load_direct_blocked_vectorized(unsigned int flat_id, T *block_input,
                                                                U (&items)[ItemsPerThread]) {
  block_load_direct_blocked(flat_id, block_input, items);
}

template <unsigned int BlockSize, class InputIterator, class T, unsigned int ItemsPerThread>
ROCPRIM_DEVICE inline void block_load_direct_striped(unsigned int flat_id, InputIterator block_input,
                                                     T (&items)[ItemsPerThread]) {
  for (unsigned i = 0; i < ItemsPerThread; ++i) items[i] = block_input[flat_id + i * BlockSize];
}
template <unsigned int BlockSize, class InputIterator, class T, unsigned int ItemsPerThread>
ROCPRIM_DEVICE inline void block_load_direct_striped(unsigned int flat_id, InputIterator block_input,
                                                     T (&items)[ItemsPerThread], unsigned int valid) {
  for (unsigned i = 0; i < ItemsPerThread; ++i)
    if (flat_id + i * BlockSize < valid) items[i] = block_input[flat_id + i * BlockSize];
}
template <unsigned int BlockSize, class InputIterator, class T, unsigned int ItemsPerThread, class Default>
ROCPRIM_DEVICE inline void block_load_direct_striped(unsigned int flat_id, InputIterator block_input,
                                                     T (&items)[ItemsPerThread], unsigned int valid,
                                                     Default out_of_bounds) {
  for (unsigned i = 0; i < ItemsPerThread; ++i) items[i] = static_cast<T>(out_of_bounds);
  block_load_direct_striped<BlockSize>(flat_id, block_input, items, valid);
}

namespace detail {
template <unsigned int WarpSize, unsigned int ItemsPerThread>
ROCPRIM_DEVICE inline unsigned warp_striped_index(unsigned flat_id, unsigned i) {
  const unsigned lane = flat_id % WarpSize, warp = flat_id / WarpSize;
  return warp * WarpSize * ItemsPerThread + lane + i * WarpSize;
}
} // namespace detail
template <unsigned int WarpSize = ROCPRIM_WARP_SIZE, class InputIterator, class T, unsigned int ItemsPerThread>
ROCPRIM_DEVICE inline void block_load_direct_warp_striped(unsigned int flat_id, InputIterator block_input,
                                                          T (&items)[ItemsPerThread]) {
  for (unsigned i = 0; i < ItemsPerThread; ++i)
    items[i] = block_input[detail::warp_striped_index<WarpSize, ItemsPerThread>(flat_id, i)];
}
template <unsigned int WarpSize = ROCPRIM_WARP_SIZE, class InputIterator, class T, unsigned int ItemsPerThread>
ROCPRIM_DEVICE inline void block_load_direct_warp_striped(unsigned int flat_id, InputIterator block_input,
                                                          T (&items)[ItemsPerThread], unsigned int valid) {
  for (unsigned i = 0; i < ItemsPerThread; ++i) {
    const unsigned j = detail::warp_striped_index<WarpSize, ItemsPerThread>(flat_id, i);
    if (j < valid) items[i] = block_input[j];
  }
}
template <unsigned int WarpSize = ROCPRIM_WARP_SIZE, class InputIterator, class T, unsigned int ItemsPerThread,
          class Default>
ROCPRIM_DEVICE inline void block_load_direct_warp_striped(unsigned int flat_id, InputIterator block_input,
                                                          T (&items)[ItemsPerThread], unsigned int valid,
                                                          Default out_of_bounds) {
  for (unsigned i = 0; i < ItemsPerThread; ++i) items[i] = static_cast<T>(out_of_bounds);
  block_load_direct_warp_striped<WarpSize>(flat_id, block_input, items, valid);
}

END_ROCPRIM_NAMESPACE

#endif
