/* ferrocm hipCUB: DeviceRadixSort (CUB's device_radix_sort.cuh API). CPU: host-parallel algorithms enqueued on the stream
 * (rocprim/detail/host_parallel.hpp). A stable LSD radix sort in 8-bit digits; the pointer
 * forms use the temporary storage as scratch (num_items keys and values), the DoubleBuffer forms
 * flip the selector when the result ends in the alternate buffer. NVIDIA: CUB's. */
#ifndef HIPCUB_DEVICE_DEVICE_RADIX_SORT_HPP_
#define HIPCUB_DEVICE_DEVICE_RADIX_SORT_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "device_common.hpp"

BEGIN_HIPCUB_NAMESPACE

struct DeviceRadixSort {
#define HIPCUB_RADIX_PAIRS(NAME, DESC)                                                                             \
  template <typename KeyT, typename ValueT, typename NumItemsT>                                                     \
  HIPCUB_RUNTIME_FUNCTION static hipError_t NAME(void *d_temp_storage, size_t &temp_storage_bytes,                 \
                                                 const KeyT *d_keys_in, KeyT *d_keys_out, const ValueT *d_values_in, \
                                                 ValueT *d_values_out, NumItemsT num_items, int begin_bit = 0,     \
                                                 int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0,          \
                                                 bool debug_synchronous = false) {                                 \
    if (begin_bit < 0 || end_bit < 0) return hipErrorInvalidValue;                                                 \
    return ::rocprim::detail::radix_sort_host<true>(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out,     \
                                                    d_values_in, d_values_out, detail::count_of(num_items),        \
                                                    unsigned(begin_bit), unsigned(end_bit), DESC, stream,          \
                                                    debug_synchronous);                                            \
  }                                                                                                                \
  template <typename KeyT, typename ValueT, typename NumItemsT>                                                     \
  HIPCUB_RUNTIME_FUNCTION static hipError_t NAME(void *d_temp_storage, size_t &temp_storage_bytes,                 \
                                                 DoubleBuffer<KeyT> &d_keys, DoubleBuffer<ValueT> &d_values,       \
                                                 NumItemsT num_items, int begin_bit = 0,                           \
                                                 int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0,          \
                                                 bool debug_synchronous = false) {                                 \
    if (begin_bit < 0 || end_bit < 0) return hipErrorInvalidValue;                                                 \
    ::rocprim::double_buffer<KeyT> k(d_keys.Current(), d_keys.Alternate());                                        \
    ::rocprim::double_buffer<ValueT> v(d_values.Current(), d_values.Alternate());                                  \
    hipError_t e = ::rocprim::detail::radix_sort_buffers_host<true, KeyT, ValueT>(                                 \
        d_temp_storage, temp_storage_bytes, k, &v, detail::count_of(num_items), unsigned(begin_bit),               \
        unsigned(end_bit), DESC, stream, debug_synchronous);                                                       \
    if (e == hipSuccess && d_temp_storage != nullptr && k.current() != d_keys.Current()) {                         \
      d_keys.selector ^= 1;                                                                                        \
      d_values.selector ^= 1;                                                                                      \
    }                                                                                                              \
    return e;                                                                                                      \
  }
  HIPCUB_RADIX_PAIRS(SortPairs, false)
  HIPCUB_RADIX_PAIRS(SortPairsDescending, true)
#undef HIPCUB_RADIX_PAIRS

#define HIPCUB_RADIX_KEYS(NAME, DESC)                                                                              \
  template <typename KeyT, typename NumItemsT>                                                                     \
  HIPCUB_RUNTIME_FUNCTION static hipError_t NAME(void *d_temp_storage, size_t &temp_storage_bytes,                 \
                                                 const KeyT *d_keys_in, KeyT *d_keys_out, NumItemsT num_items,     \
                                                 int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,                \
                                                 hipStream_t stream = 0, bool debug_synchronous = false) {         \
    if (begin_bit < 0 || end_bit < 0) return hipErrorInvalidValue;                                                 \
    return ::rocprim::detail::radix_sort_host<false>(                                                              \
        d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, static_cast<::rocprim::empty_type *>(nullptr),   \
        static_cast<::rocprim::empty_type *>(nullptr), detail::count_of(num_items), unsigned(begin_bit),           \
        unsigned(end_bit), DESC, stream, debug_synchronous);                                                       \
  }                                                                                                                \
  template <typename KeyT, typename NumItemsT>                                                                     \
  HIPCUB_RUNTIME_FUNCTION static hipError_t NAME(void *d_temp_storage, size_t &temp_storage_bytes,                 \
                                                 DoubleBuffer<KeyT> &d_keys, NumItemsT num_items, int begin_bit = 0, \
                                                 int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0,          \
                                                 bool debug_synchronous = false) {                                 \
    if (begin_bit < 0 || end_bit < 0) return hipErrorInvalidValue;                                                 \
    ::rocprim::double_buffer<KeyT> k(d_keys.Current(), d_keys.Alternate());                                        \
    hipError_t e = ::rocprim::detail::radix_sort_buffers_host<false, KeyT, ::rocprim::empty_type>(                 \
        d_temp_storage, temp_storage_bytes, k, nullptr, detail::count_of(num_items), unsigned(begin_bit),          \
        unsigned(end_bit), DESC, stream, debug_synchronous);                                                       \
    if (e == hipSuccess && d_temp_storage != nullptr && k.current() != d_keys.Current()) d_keys.selector ^= 1;      \
    return e;                                                                                                      \
  }
  HIPCUB_RADIX_KEYS(SortKeys, false)
  HIPCUB_RADIX_KEYS(SortKeysDescending, true)
#undef HIPCUB_RADIX_KEYS
};

END_HIPCUB_NAMESPACE
#endif

#endif
