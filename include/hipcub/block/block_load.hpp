/* ferrocm hipCUB: BlockLoad (CUB's block_load.cuh API). CPU: every algorithm gives the
 * arrangement it gives on the GPU (striped for BLOCK_LOAD_STRIPED, blocked for the others),
 * read directly (rocprim/block/block_load.hpp says why). NVIDIA: CUB's. */
#ifndef HIPCUB_BLOCK_BLOCK_LOAD_HPP_
#define HIPCUB_BLOCK_BLOCK_LOAD_HPP_

#include "block_load_func.hpp"
#if !defined(__HIP_PLATFORM_NVIDIA__)
BEGIN_HIPCUB_NAMESPACE

enum BlockLoadAlgorithm {
  BLOCK_LOAD_DIRECT,
  BLOCK_LOAD_STRIPED,
  BLOCK_LOAD_VECTORIZE,
  BLOCK_LOAD_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED
};

template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = HIPCUB_ARCH>
class BlockLoad {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr bool striped = ALGORITHM == BLOCK_LOAD_STRIPED;

public:
  struct TempStorage {
    unsigned char unused;
  };
  HIPCUB_DEVICE BlockLoad() {}
  HIPCUB_DEVICE BlockLoad(TempStorage &) {}

  template <typename InputIteratorT> HIPCUB_DEVICE void Load(InputIteratorT block_iter, T (&items)[ITEMS_PER_THREAD]) {
    if (striped)
      LoadDirectStriped<BLOCK_THREADS>(tid(), block_iter, items);
    else
      LoadDirectBlocked(tid(), block_iter, items);
  }
  template <typename InputIteratorT>
  HIPCUB_DEVICE void Load(InputIteratorT block_iter, T (&items)[ITEMS_PER_THREAD], int valid_items) {
    if (striped)
      LoadDirectStriped<BLOCK_THREADS>(tid(), block_iter, items, valid_items);
    else
      LoadDirectBlocked(tid(), block_iter, items, valid_items);
  }
  template <typename InputIteratorT, typename DefaultT>
  HIPCUB_DEVICE void Load(InputIteratorT block_iter, T (&items)[ITEMS_PER_THREAD], int valid_items,
                          DefaultT oob_default) {
    if (striped)
      LoadDirectStriped<BLOCK_THREADS>(tid(), block_iter, items, valid_items, oob_default);
    else
      LoadDirectBlocked(tid(), block_iter, items, valid_items, oob_default);
  }

private:
  static HIPCUB_DEVICE int tid() {
    return int(::rocprim::flat_block_thread_id<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>());
  }
};

END_HIPCUB_NAMESPACE
#endif

#endif
