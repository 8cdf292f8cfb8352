/* ferrocm rocPRIM, CPU platform: block_load (rocPRIM's block_load.hpp API). The transposing
 * methods give the blocked arrangement that they give on the GPU; here they read it directly
 * (a transpose through shared memory only exists to coalesce GPU memory accesses). */
#ifndef ROCPRIM_BLOCK_BLOCK_LOAD_HPP_
#define ROCPRIM_BLOCK_BLOCK_LOAD_HPP_

#include "block_load_func.hpp"

BEGIN_ROCPRIM_NAMESPACE

enum class block_load_method {
  block_load_direct,
  block_load_striped,
  block_load_vectorize,
  block_load_transpose,
  block_load_warp_transpose,
  default_method = block_load_direct
};

template <class T, unsigned int BlockSizeX, unsigned int ItemsPerThread,
          block_load_method Method = block_load_method::block_load_direct, unsigned int BlockSizeY = 1,
          unsigned int BlockSizeZ = 1>
class block_load {
  static constexpr unsigned int BlockSize = BlockSizeX * BlockSizeY * BlockSizeZ;
  static constexpr bool striped = Method == block_load_method::block_load_striped;

public:
  struct storage_type {
    unsigned char unused;
  };

  template <class InputIterator> ROCPRIM_DEVICE void load(InputIterator block_input, T (&items)[ItemsPerThread]) {
    const unsigned t = tid();
    if (striped)
      block_load_direct_striped<BlockSize>(t, block_input, items);
    else
      block_load_direct_blocked(t, block_input, items);
  }
  template <class InputIterator>
  ROCPRIM_DEVICE void load(InputIterator block_input, T (&items)[ItemsPerThread], unsigned int valid) {
    const unsigned t = tid();
    if (striped)
      block_load_direct_striped<BlockSize>(t, block_input, items, valid);
    else
      block_load_direct_blocked(t, block_input, items, valid);
  }
  template <class InputIterator, class Default>
  ROCPRIM_DEVICE void load(InputIterator block_input, T (&items)[ItemsPerThread], unsigned int valid,
                           Default out_of_bounds) {
    const unsigned t = tid();
    if (striped)
      block_load_direct_striped<BlockSize>(t, block_input, items, valid, out_of_bounds);
    else
      block_load_direct_blocked(t, block_input, items, valid, out_of_bounds);
  }
  template <class InputIterator>
  ROCPRIM_DEVICE void load(InputIterator block_input, T (&items)[ItemsPerThread], storage_type &) {
    load(block_input, items);
  }
  template <class InputIterator>
  ROCPRIM_DEVICE void load(InputIterator block_input, T (&items)[ItemsPerThread], unsigned int valid, storage_type &) {
    load(block_input, items, valid);
  }
  template <class InputIterator, class Default>
  ROCPRIM_DEVICE void load(InputIterator block_input, T (&items)[ItemsPerThread], unsigned int valid,
                           Default out_of_bounds, storage_type &) {
    load(block_input, items, valid, out_of_bounds);
  }

private:
  ROCPRIM_DEVICE static unsigned tid() { return ::rocprim::flat_block_thread_id<BlockSizeX, BlockSizeY, BlockSizeZ>(); }
};

END_ROCPRIM_NAMESPACE

#endif
