/* ferrocm hipCUB: BlockMergeSort (CUB's block_merge_sort.cuh API): the block's keys (and values)
 * sorted by compare_op into the blocked arrangement; every form is stable here (CUB documents
 * Sort as possibly unstable, StableSort as stable). With valid_items, items past it are replaced
 * by oob_default first, as CUB does. NVIDIA: CUB's. */
#ifndef HIPCUB_BLOCK_BLOCK_MERGE_SORT_HPP_
#define HIPCUB_BLOCK_BLOCK_MERGE_SORT_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "block_misc_core.hpp"

BEGIN_HIPCUB_NAMESPACE

template <typename KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, typename ValueT = NullType, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockMergeSort {
  static constexpr unsigned B = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr unsigned N = B * ITEMS_PER_THREAD;
  static constexpr bool pairs = !std::is_same<ValueT, NullType>::value;
  using value_t = std::conditional_t<pairs, ValueT, unsigned char>;

public:
  struct TempStorage {
    detail::raw_array<KeyT, N> keys[2];
    detail::raw_array<value_t, pairs ? N : 1> values[2];
    unsigned result;
  };
  HIPCUB_DEVICE BlockMergeSort() : s_(private_storage()) {}
  HIPCUB_DEVICE BlockMergeSort(TempStorage &temp_storage) : s_(temp_storage) {}

  template <typename CompareOp> HIPCUB_DEVICE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op) {
    run<false>(keys, nullptr, compare_op, N, nullptr);
  }
  template <typename CompareOp>
  HIPCUB_DEVICE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op, int valid_items, KeyT oob_default) {
    run<false>(keys, nullptr, compare_op, clamp(valid_items), &oob_default);
  }
  template <typename CompareOp>
  HIPCUB_DEVICE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], value_t (&items)[ITEMS_PER_THREAD], CompareOp compare_op) {
    run<true>(keys, &items, compare_op, N, nullptr);
  }
  template <typename CompareOp>
  HIPCUB_DEVICE void Sort(KeyT (&keys)[ITEMS_PER_THREAD], value_t (&items)[ITEMS_PER_THREAD], CompareOp compare_op,
                          int valid_items, KeyT oob_default) {
    run<true>(keys, &items, compare_op, clamp(valid_items), &oob_default);
  }
  template <typename CompareOp> HIPCUB_DEVICE void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op) {
    Sort(keys, compare_op);
  }
  template <typename CompareOp>
  HIPCUB_DEVICE void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op, int valid_items,
                                KeyT oob_default) {
    Sort(keys, compare_op, valid_items, oob_default);
  }
  template <typename CompareOp>
  HIPCUB_DEVICE void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], value_t (&items)[ITEMS_PER_THREAD],
                                CompareOp compare_op) {
    Sort(keys, items, compare_op);
  }
  template <typename CompareOp>
  HIPCUB_DEVICE void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], value_t (&items)[ITEMS_PER_THREAD],
                                CompareOp compare_op, int valid_items, KeyT oob_default) {
    Sort(keys, items, compare_op, valid_items, oob_default);
  }

private:
  static HIPCUB_DEVICE unsigned clamp(int v) { return v < 0 ? 0u : (unsigned(v) > N ? N : unsigned(v)); }
  static HIPCUB_DEVICE TempStorage &private_storage() {
    HIPCUB_SHARED_MEMORY TempStorage storage;
    return storage;
  }
  template <bool Pairs, typename CompareOp>
  HIPCUB_DEVICE void run(KeyT (&keys)[ITEMS_PER_THREAD], value_t (*items)[ITEMS_PER_THREAD], CompareOp comp,
                         unsigned valid, const KeyT *oob) {
    const unsigned t = detail::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>();
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
      const unsigned j = t * ITEMS_PER_THREAD + unsigned(i);
      s_.keys[0].put(j, j < valid || oob == nullptr ? keys[i] : *oob);
      if (Pairs) s_.values[0].put(j, (*items)[i]);
    }
    __syncthreads();
    if (t == 0)
      s_.result = detail::serial_merge_sort<Pairs>(s_.keys[0].data(), s_.keys[1].data(), s_.values[0].data(),
                                                   s_.values[1].data(), N, comp);
    __syncthreads();
    const unsigned r = s_.result;
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
      const unsigned j = t * ITEMS_PER_THREAD + unsigned(i);
      keys[i] = s_.keys[r][j];
      if (Pairs) (*items)[i] = s_.values[r][j];
    }
  }
  TempStorage &s_;
};

END_HIPCUB_NAMESPACE
#endif

#endif
