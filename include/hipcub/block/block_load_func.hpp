/* ferrocm hipCUB: direct loads (CUB's LoadDirect* functions). CPU: over rocPRIM's. */
#ifndef HIPCUB_BLOCK_BLOCK_LOAD_FUNC_HPP_
#define HIPCUB_BLOCK_BLOCK_LOAD_FUNC_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
BEGIN_HIPCUB_NAMESPACE

template <typename T, int ITEMS_PER_THREAD, typename InputIteratorT>
HIPCUB_DEVICE void LoadDirectBlocked(int linear_tid, InputIteratorT block_iter, T (&items)[ITEMS_PER_THREAD]) {
  ::rocprim::block_load_direct_blocked(unsigned(linear_tid), block_iter, items);
}
template <typename T, int ITEMS_PER_THREAD, typename InputIteratorT>
HIPCUB_DEVICE void LoadDirectBlocked(int linear_tid, InputIteratorT block_iter, T (&items)[ITEMS_PER_THREAD],
                                     int valid_items) {
  ::rocprim::block_load_direct_blocked(unsigned(linear_tid), block_iter, items, unsigned(valid_items < 0 ? 0 : valid_items));
}
template <typename T, typename Default, int ITEMS_PER_THREAD, typename InputIteratorT>
HIPCUB_DEVICE void LoadDirectBlocked(int linear_tid, InputIteratorT block_iter, T (&items)[ITEMS_PER_THREAD],
                                     int valid_items, Default oob_default) {
  ::rocprim::block_load_direct_blocked(unsigned(linear_tid), block_iter, items,
                                       unsigned(valid_items < 0 ? 0 : valid_items), oob_default);
}
template <typename T, int ITEMS_PER_THREAD>
HIPCUB_DEVICE void LoadDirectBlockedVectorized(int linear_tid, T *block_ptr, T (&items)[ITEMS_PER_THREAD]) {
  ::rocprim::block_load_direct_blocked(unsigned(linear_tid), block_ptr, items);
}
template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename InputIteratorT>
HIPCUB_DEVICE void LoadDirectStriped(int linear_tid, InputIteratorT block_iter, T (&items)[ITEMS_PER_THREAD]) {
  ::rocprim::block_load_direct_striped<BLOCK_THREADS>(unsigned(linear_tid), block_iter, items);
}
template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename InputIteratorT>
HIPCUB_DEVICE void LoadDirectStriped(int linear_tid, InputIteratorT block_iter, T (&items)[ITEMS_PER_THREAD],
                                     int valid_items) {
  ::rocprim::block_load_direct_striped<BLOCK_THREADS>(unsigned(linear_tid), block_iter, items,
                                                      unsigned(valid_items < 0 ? 0 : valid_items));
}
template <int BLOCK_THREADS, typename T, typename Default, int ITEMS_PER_THREAD, typename InputIteratorT>
HIPCUB_DEVICE void LoadDirectStriped(int linear_tid, InputIteratorT block_iter, T (&items)[ITEMS_PER_THREAD],
                                     int valid_items, Default oob_default) {
  ::rocprim::block_load_direct_striped<BLOCK_THREADS>(unsigned(linear_tid), block_iter, items,
                                                      unsigned(valid_items < 0 ? 0 : valid_items), oob_default);
}
template <typename T, int ITEMS_PER_THREAD, typename InputIteratorT>
HIPCUB_DEVICE void LoadDirectWarpStriped(int linear_tid, InputIteratorT block_iter, T (&items)[ITEMS_PER_THREAD]) {
  ::rocprim::block_load_direct_warp_striped<HIPCUB_WARP_THREADS>(unsigned(linear_tid), block_iter, items);
}
template <typename T, int ITEMS_PER_THREAD, typename InputIteratorT>
HIPCUB_DEVICE void LoadDirectWarpStriped(int linear_tid, InputIteratorT block_iter, T (&items)[ITEMS_PER_THREAD],
                                         int valid_items) {
  ::rocprim::block_load_direct_warp_striped<HIPCUB_WARP_THREADS>(unsigned(linear_tid), block_iter, items,
                                                                 unsigned(valid_items < 0 ? 0 : valid_items));
}
template <typename T, typename Default, int ITEMS_PER_THREAD, typename InputIteratorT>
HIPCUB_DEVICE void LoadDirectWarpStriped(int linear_tid, InputIteratorT block_iter, T (&items)[ITEMS_PER_THREAD],
                                         int valid_items, Default oob_default) {
  ::rocprim::block_load_direct_warp_striped<HIPCUB_WARP_THREADS>(
      unsigned(linear_tid), block_iter, items, unsigned(valid_items < 0 ? 0 : valid_items), oob_default);
}

END_HIPCUB_NAMESPACE
#endif

#endif
