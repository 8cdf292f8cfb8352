/* ferrocm rocPRIM: direct block stores (rocPRIM's block_store_func.hpp API). Blocked: work-item t
 * gets items [t * ItemsPerThread, (t + 1) * ItemsPerThread); striped: item i of work-item t is
 * t + i * BlockSize; warp-striped: striped within each warp's run of WarpSize * ItemsPerThread. */
#ifndef ROCPRIM_BLOCK_BLOCK_STORE_FUNC_HPP_
#define ROCPRIM_BLOCK_BLOCK_STORE_FUNC_HPP_

#include "block_load_func.hpp"

BEGIN_ROCPRIM_NAMESPACE

template <class OutputIterator, class T, unsigned int ItemsPerThread>
ROCPRIM_DEVICE inline void block_store_direct_blocked(unsigned int flat_id, OutputIterator block_output,
                                                     const T (&items)[ItemsPerThread]) {
  for (unsigned i = 0; i < ItemsPerThread; ++i) block_output[flat_id * ItemsPerThread + i] = items[i];
}
template <class OutputIterator, class T, unsigned int ItemsPerThread>
ROCPRIM_DEVICE inline void block_store_direct_blocked(unsigned int flat_id, OutputIterator block_output,
                                                     const T (&items)[ItemsPerThread], unsigned int valid) {
  for (unsigned i = 0; i < ItemsPerThread; ++i)
    if (flat_id * ItemsPerThread + i < valid) block_output[flat_id * ItemsPerThread + i] = items[i];
}
template <class T, class U, unsigned int ItemsPerThread>
ROCPRIM_DEVICE inline void block_store_direct_blocked_vectorized(unsigned int flat_id, T *block_output,
                                                                const U (&items)[ItemsPerThread]) {
  block_store_direct_blocked(flat_id, block_output, items);
}

template <unsigned int BlockSize, class OutputIterator, class T, unsigned int ItemsPerThread>
ROCPRIM_DEVICE inline void block_store_direct_striped(unsigned int flat_id, OutputIterator block_output,
                                                     const T (&items)[ItemsPerThread]) {
  for (unsigned i = 0; i < ItemsPerThread; ++i) block_output[flat_id + i * BlockSize] = items[i];
}
template <unsigned int BlockSize, class OutputIterator, class T, unsigned int ItemsPerThread>
ROCPRIM_DEVICE inline void block_store_direct_striped(unsigned int flat_id, OutputIterator block_output,
                                                     const T (&items)[ItemsPerThread], unsigned int valid) {
  for (unsigned i = 0; i < ItemsPerThread; ++i)
    if (flat_id + i * BlockSize < valid) block_output[flat_id + i * BlockSize] = items[i];
}

template <unsigned int WarpSize = ROCPRIM_WARP_SIZE, class OutputIterator, class T, unsigned int ItemsPerThread>
ROCPRIM_DEVICE inline void block_store_direct_warp_striped(unsigned int flat_id, OutputIterator block_output,
                                                          const T (&items)[ItemsPerThread]) {
  for (unsigned i = 0; i < ItemsPerThread; ++i)
    block_output[detail::warp_striped_index<WarpSize, ItemsPerThread>(flat_id, i)] = items[i];
}
template <unsigned int WarpSize = ROCPRIM_WARP_SIZE, class OutputIterator, class T, unsigned int ItemsPerThread>
ROCPRIM_DEVICE inline void block_store_direct_warp_striped(unsigned int flat_id, OutputIterator block_output,
                                                          const T (&items)[ItemsPerThread], unsigned int valid) {
  for (unsigned i = 0; i < ItemsPerThread; ++i) {
    const unsigned j = detail::warp_striped_index<WarpSize, ItemsPerThread>(flat_id, i);
    if (j < valid) block_output[j] = items[i];
  }
}

END_ROCPRIM_NAMESPACE

#endif
