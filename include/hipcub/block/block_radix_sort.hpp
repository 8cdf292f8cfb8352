/* ferrocm hipCUB: BlockRadixSort (CUB's block_radix_sort.cuh API). CPU: over
 * rocprim::block_radix_sort (stable; equal keys keep their blocked order). NVIDIA: CUB's. */
#ifndef HIPCUB_BLOCK_BLOCK_RADIX_SORT_HPP_
#define HIPCUB_BLOCK_BLOCK_RADIX_SORT_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "../util_type.hpp"
#include "block_scan.hpp"

BEGIN_HIPCUB_NAMESPACE

template <typename KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, typename ValueT = NullType, int RADIX_BITS = 4,
          bool MEMOIZE_OUTER_SCAN = true, BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          hipSharedMemConfig SMEM_CONFIG = hipSharedMemBankSizeFourByte, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1,
          int ARCH = HIPCUB_ARCH>
class BlockRadixSort
    : private ::rocprim::block_radix_sort<KeyT, BLOCK_DIM_X, ITEMS_PER_THREAD,
                                          std::conditional_t<std::is_same<ValueT, NullType>::value, ::rocprim::empty_type, ValueT>,
                                          BLOCK_DIM_Y, BLOCK_DIM_Z, RADIX_BITS> {
  using value_t = std::conditional_t<std::is_same<ValueT, NullType>::value, ::rocprim::empty_type, ValueT>;
  using base = ::rocprim::block_radix_sort<KeyT, BLOCK_DIM_X, ITEMS_PER_THREAD, value_t, BLOCK_DIM_Y, BLOCK_DIM_Z, RADIX_BITS>;

public:
  using TempStorage = typename base::storage_type;
  HIPCUB_DEVICE BlockRadixSort() : temp_storage_(private_storage()) {}
  HIPCUB_DEVICE BlockRadixSort(TempStorage &temp_storage) : temp_storage_(temp_storage) {}

  HIPCUB_DEVICE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) {
    base::sort(keys, temp_storage_, begin_bit, end_bit);
  }
  HIPCUB_DEVICE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], value_t (&values)[ITEMS_PER_THREAD], int begin_bit = 0,
                          int end_bit = sizeof(KeyT) * 8) {
    base::sort(keys, values, temp_storage_, begin_bit, end_bit);
  }
  HIPCUB_DEVICE void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) {
    base::sort_desc(keys, temp_storage_, begin_bit, end_bit);
  }
  HIPCUB_DEVICE void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], value_t (&values)[ITEMS_PER_THREAD],
                                    int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) {
    base::sort_desc(keys, values, temp_storage_, begin_bit, end_bit);
  }
  HIPCUB_DEVICE void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0,
                                          int end_bit = sizeof(KeyT) * 8) {
    base::sort_to_striped(keys, temp_storage_, begin_bit, end_bit);
  }
  HIPCUB_DEVICE void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], value_t (&values)[ITEMS_PER_THREAD],
                                          int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) {
    base::sort_to_striped(keys, values, temp_storage_, begin_bit, end_bit);
  }
  HIPCUB_DEVICE void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0,
                                                    int end_bit = sizeof(KeyT) * 8) {
    base::sort_desc_to_striped(keys, temp_storage_, begin_bit, end_bit);
  }
  HIPCUB_DEVICE void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD],
                                                    value_t (&values)[ITEMS_PER_THREAD], int begin_bit = 0,
                                                    int end_bit = sizeof(KeyT) * 8) {
    base::sort_desc_to_striped(keys, values, temp_storage_, begin_bit, end_bit);
  }

private:
  static HIPCUB_DEVICE TempStorage &private_storage() {
    HIPCUB_SHARED_MEMORY TempStorage storage;
    return storage;
  }
  TempStorage &temp_storage_;
};

END_HIPCUB_NAMESPACE
#endif

#endif
