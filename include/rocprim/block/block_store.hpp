/* ferrocm rocPRIM, CPU platform: block_store (rocPRIM's block_store.hpp API); the transposing
 * methods write the blocked arrangement directly (see block_load.hpp). */
#ifndef ROCPRIM_BLOCK_BLOCK_STORE_HPP_
#define ROCPRIM_BLOCK_BLOCK_STORE_HPP_

#include "block_store_func.hpp"

BEGIN_ROCPRIM_NAMESPACE

enum class block_store_method {
  block_store_direct,
  block_store_striped,
  block_store_vectorize,
  block_store_transpose,
  block_store_warp_transpose,
  default_method = block_store_direct
};

template <class T, unsigned int BlockSizeX, unsigned int ItemsPerThread,
          block_store_method Method = block_store_method::block_store_direct, unsigned int BlockSizeY = 1,
          unsigned int BlockSizeZ = 1>
class block_store {
  static constexpr unsigned int BlockSize = BlockSizeX * BlockSizeY * BlockSizeZ;
  static constexpr bool striped = Method == block_store_method::block_store_striped;

public:
  struct storage_type {
    unsigned char unused;
  };

  template <class OutputIterator> ROCPRIM_DEVICE void store(OutputIterator block_output, T (&items)[ItemsPerThread]) {
    const unsigned t = tid();
    if (striped)
      block_store_direct_striped<BlockSize>(t, block_output, items);
    else
      block_store_direct_blocked(t, block_output, items);
  }
  template <class OutputIterator>
  ROCPRIM_DEVICE void store(OutputIterator block_output, T (&items)[ItemsPerThread], unsigned int valid) {
    const unsigned t = tid();
    if (striped)
      block_store_direct_striped<BlockSize>(t, block_output, items, valid);
    else
      block_store_direct_blocked(t, block_output, items, valid);
  }
  template <class OutputIterator>
  ROCPRIM_DEVICE void store(OutputIterator block_output, T (&items)[ItemsPerThread], storage_type &) {
    store(block_output, items);
  }
  template <class OutputIterator>
  ROCPRIM_DEVICE void store(OutputIterator block_output, T (&items)[ItemsPerThread], unsigned int valid,
                            storage_type &) {
    store(block_output, items, valid);
  }

private:
  ROCPRIM_DEVICE static unsigned tid() { return ::rocprim::flat_block_thread_id<BlockSizeX, BlockSizeY, BlockSizeZ>(); }
};

END_ROCPRIM_NAMESPACE

#endif
