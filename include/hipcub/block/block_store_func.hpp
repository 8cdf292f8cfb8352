/* ferrocm hipCUB: direct stores (CUB's StoreDirect* functions). CPU: over rocPRIM's. */
#ifndef HIPCUB_BLOCK_BLOCK_STORE_FUNC_HPP_
#define HIPCUB_BLOCK_BLOCK_STORE_FUNC_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
BEGIN_HIPCUB_NAMESPACE

template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
HIPCUB_DEVICE void StoreDirectBlocked(int linear_tid, OutputIteratorT block_iter, T (&items)[ITEMS_PER_THREAD]) {
  ::rocprim::block_store_direct_blocked(unsigned(linear_tid), block_iter, items);
}
template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
HIPCUB_DEVICE void StoreDirectBlocked(int linear_tid, OutputIteratorT block_iter, T (&items)[ITEMS_PER_THREAD],
                                      int valid_items) {
  ::rocprim::block_store_direct_blocked(unsigned(linear_tid), block_iter, items, unsigned(valid_items < 0 ? 0 : valid_items));
}
template <typename T, int ITEMS_PER_THREAD>
HIPCUB_DEVICE void StoreDirectBlockedVectorized(int linear_tid, T *block_ptr, T (&items)[ITEMS_PER_THREAD]) {
  ::rocprim::block_store_direct_blocked(unsigned(linear_tid), block_ptr, items);
}
template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
HIPCUB_DEVICE void StoreDirectStriped(int linear_tid, OutputIteratorT block_iter, T (&items)[ITEMS_PER_THREAD]) {
  ::rocprim::block_store_direct_striped<BLOCK_THREADS>(unsigned(linear_tid), block_iter, items);
}
template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
HIPCUB_DEVICE void StoreDirectStriped(int linear_tid, OutputIteratorT block_iter, T (&items)[ITEMS_PER_THREAD],
                                      int valid_items) {
  ::rocprim::block_store_direct_striped<BLOCK_THREADS>(unsigned(linear_tid), block_iter, items,
                                                       unsigned(valid_items < 0 ? 0 : valid_items));
}
template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
HIPCUB_DEVICE void StoreDirectWarpStriped(int linear_tid, OutputIteratorT block_iter, T (&items)[ITEMS_PER_THREAD]) {
  ::rocprim::block_store_direct_warp_striped<HIPCUB_WARP_THREADS>(unsigned(linear_tid), block_iter, items);
}
template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
HIPCUB_DEVICE void StoreDirectWarpStriped(int linear_tid, OutputIteratorT block_iter, T (&items)[ITEMS_PER_THREAD],
                                          int valid_items) {
  ::rocprim::block_store_direct_warp_striped<HIPCUB_WARP_THREADS>(unsigned(linear_tid), block_iter, items,
                                                                  unsigned(valid_items < 0 ? 0 : valid_items));
}

END_HIPCUB_NAMESPACE
#endif

#endif
