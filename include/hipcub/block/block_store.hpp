/* ferrocm hipCUB: BlockStore (CUB's block_store.cuh API); see block_load.hpp. */
#ifndef HIPCUB_BLOCK_BLOCK_STORE_HPP_
#define HIPCUB_BLOCK_BLOCK_STORE_HPP_

#include "block_store_func.hpp"
#if !defined(__HIP_PLATFORM_NVIDIA__)
BEGIN_HIPCUB_NAMESPACE

enum BlockStoreAlgorithm {
  BLOCK_STORE_DIRECT,
  BLOCK_STORE_STRIPED,
  BLOCK_STORE_VECTORIZE,
  BLOCK_STORE_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED
};

template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = HIPCUB_ARCH>
class BlockStore {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr bool striped = ALGORITHM == BLOCK_STORE_STRIPED;

public:
  struct TempStorage {
    unsigned char unused;
  };
  HIPCUB_DEVICE BlockStore() {}
  HIPCUB_DEVICE BlockStore(TempStorage &) {}

  template <typename OutputIteratorT> HIPCUB_DEVICE void Store(OutputIteratorT block_iter, T (&items)[ITEMS_PER_THREAD]) {
    if (striped)
      StoreDirectStriped<BLOCK_THREADS>(tid(), block_iter, items);
    else
      StoreDirectBlocked(tid(), block_iter, items);
  }
  template <typename OutputIteratorT>
  HIPCUB_DEVICE void Store(OutputIteratorT block_iter, T (&items)[ITEMS_PER_THREAD], int valid_items) {
    if (striped)
      StoreDirectStriped<BLOCK_THREADS>(tid(), block_iter, items, valid_items);
    else
      StoreDirectBlocked(tid(), block_iter, items, valid_items);
  }

private:
  static HIPCUB_DEVICE int tid() {
    return int(::rocprim::flat_block_thread_id<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>());
  }
};

END_HIPCUB_NAMESPACE
#endif

#endif
