/* ferrocm hipCUB: DeviceSegmentedRadixSort and DeviceSegmentedSort (CUB's device_segmented_radix_sort.cuh and device_segmented_sort.cuh API). CPU: host-parallel algorithms enqueued on the stream
 * (rocprim/detail/host_parallel.hpp). Segments are sorted in parallel, each stably; items outside
 * every segment are left alone; DoubleBuffer forms write the alternate buffer and flip the
 * selector. NVIDIA: CUB's. */
#ifndef HIPCUB_DEVICE_DEVICE_SEGMENTED_SORT_HPP_
#define HIPCUB_DEVICE_DEVICE_SEGMENTED_SORT_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "device_common.hpp"

BEGIN_HIPCUB_NAMESPACE

namespace detail {
/* Sorts the segments from (k_in, v_in) into (k_out, v_out); radix: by bits [begin, end). */
template <bool Pairs, class K, class V, class B, class E>
hipError_t segmented_sort(void *d_temp_storage, size_t &temp_storage_bytes, const K *k_in, K *k_out, const V *v_in,
                          V *v_out, int num_segments, B begin_offsets, E end_offsets, int begin_bit, int end_bit,
                          bool descending, bool radix, hipStream_t stream, bool debug_synchronous) {
  hipError_t e;
  if (storage_done(d_temp_storage, temp_storage_bytes, small_storage, e)) return e;
  if (begin_bit < 0 || end_bit < begin_bit || size_t(end_bit) > 8 * sizeof(K)) return hipErrorInvalidValue;
  const unsigned segments = unsigned(count_of(num_segments));
  return host::enqueue(
      stream,
      [=]() {
        ::rocprim::detail::segmented_sort_run<Pairs>(k_in, k_out, v_in, v_out, segments, begin_offsets, end_offsets,
                                                     unsigned(begin_bit), unsigned(end_bit), descending, radix);
      },
      debug_synchronous);
}
} // namespace detail

struct DeviceSegmentedRadixSort {
  template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
      KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out, int num_items, int num_segments,
      BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0,
      bool debug_synchronous = false) {
    (void)num_items;
    return detail::segmented_sort<true>(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in,
                                        d_values_out, num_segments, d_begin_offsets, d_end_offsets, begin_bit, end_bit, false,
                                        true, stream, debug_synchronous);
  }
  template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes,
      DoubleBuffer<KeyT> &d_keys, DoubleBuffer<ValueT> &d_values, int num_items, int num_segments,
      BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0,
      bool debug_synchronous = false) {
    (void)num_items;
    hipError_t e = detail::segmented_sort<true>(d_temp_storage, temp_storage_bytes, d_keys.Current(),
                                                d_keys.Alternate(), d_values.Current(), d_values.Alternate(),
                                                num_segments, d_begin_offsets, d_end_offsets, begin_bit, end_bit, false, true,
                                                stream, debug_synchronous);
    if (e == hipSuccess && d_temp_storage != nullptr) {
      d_keys.selector ^= 1;
      d_values.selector ^= 1;
    }
    return e;
  }
  template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
      KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out, int num_items, int num_segments,
      BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0,
      bool debug_synchronous = false) {
    (void)num_items;
    return detail::segmented_sort<true>(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in,
                                        d_values_out, num_segments, d_begin_offsets, d_end_offsets, begin_bit, end_bit, true,
                                        true, stream, debug_synchronous);
  }
  template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes,
      DoubleBuffer<KeyT> &d_keys, DoubleBuffer<ValueT> &d_values, int num_items, int num_segments,
      BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0,
      bool debug_synchronous = false) {
    (void)num_items;
    hipError_t e = detail::segmented_sort<true>(d_temp_storage, temp_storage_bytes, d_keys.Current(),
                                                d_keys.Alternate(), d_values.Current(), d_values.Alternate(),
                                                num_segments, d_begin_offsets, d_end_offsets, begin_bit, end_bit, true, true,
                                                stream, debug_synchronous);
    if (e == hipSuccess && d_temp_storage != nullptr) {
      d_keys.selector ^= 1;
      d_values.selector ^= 1;
    }
    return e;
  }
  template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
      KeyT *d_keys_out, int num_items, int num_segments, BeginOffsetIteratorT d_begin_offsets,
      EndOffsetIteratorT d_end_offsets, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)num_items;
    return detail::segmented_sort<false>(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out,
                                         static_cast<const ::rocprim::empty_type *>(nullptr),
                                         static_cast<::rocprim::empty_type *>(nullptr), num_segments,
                                         d_begin_offsets, d_end_offsets, begin_bit, end_bit, false, true, stream,
                                         debug_synchronous);
  }
  template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes,
      DoubleBuffer<KeyT> &d_keys, int num_items, int num_segments, BeginOffsetIteratorT d_begin_offsets,
      EndOffsetIteratorT d_end_offsets, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)num_items;
    hipError_t e = detail::segmented_sort<false>(
        d_temp_storage, temp_storage_bytes, d_keys.Current(), d_keys.Alternate(),
        static_cast<const ::rocprim::empty_type *>(nullptr), static_cast<::rocprim::empty_type *>(nullptr),
        num_segments, d_begin_offsets, d_end_offsets, begin_bit, end_bit, false, true, stream, debug_synchronous);
    if (e == hipSuccess && d_temp_storage != nullptr) d_keys.selector ^= 1;
    return e;
  }
  template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
      KeyT *d_keys_out, int num_items, int num_segments, BeginOffsetIteratorT d_begin_offsets,
      EndOffsetIteratorT d_end_offsets, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)num_items;
    return detail::segmented_sort<false>(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out,
                                         static_cast<const ::rocprim::empty_type *>(nullptr),
                                         static_cast<::rocprim::empty_type *>(nullptr), num_segments,
                                         d_begin_offsets, d_end_offsets, begin_bit, end_bit, true, true, stream,
                                         debug_synchronous);
  }
  template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes,
      DoubleBuffer<KeyT> &d_keys, int num_items, int num_segments, BeginOffsetIteratorT d_begin_offsets,
      EndOffsetIteratorT d_end_offsets, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)num_items;
    hipError_t e = detail::segmented_sort<false>(
        d_temp_storage, temp_storage_bytes, d_keys.Current(), d_keys.Alternate(),
        static_cast<const ::rocprim::empty_type *>(nullptr), static_cast<::rocprim::empty_type *>(nullptr),
        num_segments, d_begin_offsets, d_end_offsets, begin_bit, end_bit, true, true, stream, debug_synchronous);
    if (e == hipSuccess && d_temp_storage != nullptr) d_keys.selector ^= 1;
    return e;
  }
};

/* Every form of DeviceSegmentedSort is stable here (Stable* and the others alike). */
struct DeviceSegmentedSort {
  template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
      KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out, int num_items, int num_segments,
      BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets, hipStream_t stream = 0,
      bool debug_synchronous = false) {
    (void)num_items;
    return detail::segmented_sort<true>(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in,
                                        d_values_out, num_segments, d_begin_offsets, d_end_offsets, 0, int(sizeof(KeyT) * 8), false,
                                        false, stream, debug_synchronous);
  }
  template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes,
      DoubleBuffer<KeyT> &d_keys, DoubleBuffer<ValueT> &d_values, int num_items, int num_segments,
      BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets, hipStream_t stream = 0,
      bool debug_synchronous = false) {
    (void)num_items;
    hipError_t e = detail::segmented_sort<true>(d_temp_storage, temp_storage_bytes, d_keys.Current(),
                                                d_keys.Alternate(), d_values.Current(), d_values.Alternate(),
                                                num_segments, d_begin_offsets, d_end_offsets, 0, int(sizeof(KeyT) * 8), false, false,
                                                stream, debug_synchronous);
    if (e == hipSuccess && d_temp_storage != nullptr) {
      d_keys.selector ^= 1;
      d_values.selector ^= 1;
    }
    return e;
  }
  template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
      KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out, int num_items, int num_segments,
      BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets, hipStream_t stream = 0,
      bool debug_synchronous = false) {
    (void)num_items;
    return detail::segmented_sort<true>(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in,
                                        d_values_out, num_segments, d_begin_offsets, d_end_offsets, 0, int(sizeof(KeyT) * 8), true,
                                        false, stream, debug_synchronous);
  }
  template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes,
      DoubleBuffer<KeyT> &d_keys, DoubleBuffer<ValueT> &d_values, int num_items, int num_segments,
      BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets, hipStream_t stream = 0,
      bool debug_synchronous = false) {
    (void)num_items;
    hipError_t e = detail::segmented_sort<true>(d_temp_storage, temp_storage_bytes, d_keys.Current(),
                                                d_keys.Alternate(), d_values.Current(), d_values.Alternate(),
                                                num_segments, d_begin_offsets, d_end_offsets, 0, int(sizeof(KeyT) * 8), true, false,
                                                stream, debug_synchronous);
    if (e == hipSuccess && d_temp_storage != nullptr) {
      d_keys.selector ^= 1;
      d_values.selector ^= 1;
    }
    return e;
  }
  template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
      KeyT *d_keys_out, int num_items, int num_segments, BeginOffsetIteratorT d_begin_offsets,
      EndOffsetIteratorT d_end_offsets, hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)num_items;
    return detail::segmented_sort<false>(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out,
                                         static_cast<const ::rocprim::empty_type *>(nullptr),
                                         static_cast<::rocprim::empty_type *>(nullptr), num_segments,
                                         d_begin_offsets, d_end_offsets, 0, int(sizeof(KeyT) * 8), false, false, stream,
                                         debug_synchronous);
  }
  template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes,
      DoubleBuffer<KeyT> &d_keys, int num_items, int num_segments, BeginOffsetIteratorT d_begin_offsets,
      EndOffsetIteratorT d_end_offsets, hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)num_items;
    hipError_t e = detail::segmented_sort<false>(
        d_temp_storage, temp_storage_bytes, d_keys.Current(), d_keys.Alternate(),
        static_cast<const ::rocprim::empty_type *>(nullptr), static_cast<::rocprim::empty_type *>(nullptr),
        num_segments, d_begin_offsets, d_end_offsets, 0, int(sizeof(KeyT) * 8), false, false, stream, debug_synchronous);
    if (e == hipSuccess && d_temp_storage != nullptr) d_keys.selector ^= 1;
    return e;
  }
  template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
      KeyT *d_keys_out, int num_items, int num_segments, BeginOffsetIteratorT d_begin_offsets,
      EndOffsetIteratorT d_end_offsets, hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)num_items;
    return detail::segmented_sort<false>(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out,
                                         static_cast<const ::rocprim::empty_type *>(nullptr),
                                         static_cast<::rocprim::empty_type *>(nullptr), num_segments,
                                         d_begin_offsets, d_end_offsets, 0, int(sizeof(KeyT) * 8), true, false, stream,
                                         debug_synchronous);
  }
  template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes,
      DoubleBuffer<KeyT> &d_keys, int num_items, int num_segments, BeginOffsetIteratorT d_begin_offsets,
      EndOffsetIteratorT d_end_offsets, hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)num_items;
    hipError_t e = detail::segmented_sort<false>(
        d_temp_storage, temp_storage_bytes, d_keys.Current(), d_keys.Alternate(),
        static_cast<const ::rocprim::empty_type *>(nullptr), static_cast<::rocprim::empty_type *>(nullptr),
        num_segments, d_begin_offsets, d_end_offsets, 0, int(sizeof(KeyT) * 8), true, false, stream, debug_synchronous);
    if (e == hipSuccess && d_temp_storage != nullptr) d_keys.selector ^= 1;
    return e;
  }
  template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t StableSortPairs(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
      KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out, int num_items, int num_segments,
      BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets, hipStream_t stream = 0,
      bool debug_synchronous = false) {
    (void)num_items;
    return detail::segmented_sort<true>(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in,
                                        d_values_out, num_segments, d_begin_offsets, d_end_offsets, 0, int(sizeof(KeyT) * 8), false,
                                        false, stream, debug_synchronous);
  }
  template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t StableSortPairs(void *d_temp_storage, size_t &temp_storage_bytes,
      DoubleBuffer<KeyT> &d_keys, DoubleBuffer<ValueT> &d_values, int num_items, int num_segments,
      BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets, hipStream_t stream = 0,
      bool debug_synchronous = false) {
    (void)num_items;
    hipError_t e = detail::segmented_sort<true>(d_temp_storage, temp_storage_bytes, d_keys.Current(),
                                                d_keys.Alternate(), d_values.Current(), d_values.Alternate(),
                                                num_segments, d_begin_offsets, d_end_offsets, 0, int(sizeof(KeyT) * 8), false, false,
                                                stream, debug_synchronous);
    if (e == hipSuccess && d_temp_storage != nullptr) {
      d_keys.selector ^= 1;
      d_values.selector ^= 1;
    }
    return e;
  }
  template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t StableSortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
      KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out, int num_items, int num_segments,
      BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets, hipStream_t stream = 0,
      bool debug_synchronous = false) {
    (void)num_items;
    return detail::segmented_sort<true>(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in,
                                        d_values_out, num_segments, d_begin_offsets, d_end_offsets, 0, int(sizeof(KeyT) * 8), true,
                                        false, stream, debug_synchronous);
  }
  template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t StableSortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes,
      DoubleBuffer<KeyT> &d_keys, DoubleBuffer<ValueT> &d_values, int num_items, int num_segments,
      BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets, hipStream_t stream = 0,
      bool debug_synchronous = false) {
    (void)num_items;
    hipError_t e = detail::segmented_sort<true>(d_temp_storage, temp_storage_bytes, d_keys.Current(),
                                                d_keys.Alternate(), d_values.Current(), d_values.Alternate(),
                                                num_segments, d_begin_offsets, d_end_offsets, 0, int(sizeof(KeyT) * 8), true, false,
                                                stream, debug_synchronous);
    if (e == hipSuccess && d_temp_storage != nullptr) {
      d_keys.selector ^= 1;
      d_values.selector ^= 1;
    }
    return e;
  }
  template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t StableSortKeys(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
      KeyT *d_keys_out, int num_items, int num_segments, BeginOffsetIteratorT d_begin_offsets,
      EndOffsetIteratorT d_end_offsets, hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)num_items;
    return detail::segmented_sort<false>(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out,
                                         static_cast<const ::rocprim::empty_type *>(nullptr),
                                         static_cast<::rocprim::empty_type *>(nullptr), num_segments,
                                         d_begin_offsets, d_end_offsets, 0, int(sizeof(KeyT) * 8), false, false, stream,
                                         debug_synchronous);
  }
  template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t StableSortKeys(void *d_temp_storage, size_t &temp_storage_bytes,
      DoubleBuffer<KeyT> &d_keys, int num_items, int num_segments, BeginOffsetIteratorT d_begin_offsets,
      EndOffsetIteratorT d_end_offsets, hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)num_items;
    hipError_t e = detail::segmented_sort<false>(
        d_temp_storage, temp_storage_bytes, d_keys.Current(), d_keys.Alternate(),
        static_cast<const ::rocprim::empty_type *>(nullptr), static_cast<::rocprim::empty_type *>(nullptr),
        num_segments, d_begin_offsets, d_end_offsets, 0, int(sizeof(KeyT) * 8), false, false, stream, debug_synchronous);
    if (e == hipSuccess && d_temp_storage != nullptr) d_keys.selector ^= 1;
    return e;
  }
  template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t StableSortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
      KeyT *d_keys_out, int num_items, int num_segments, BeginOffsetIteratorT d_begin_offsets,
      EndOffsetIteratorT d_end_offsets, hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)num_items;
    return detail::segmented_sort<false>(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out,
                                         static_cast<const ::rocprim::empty_type *>(nullptr),
                                         static_cast<::rocprim::empty_type *>(nullptr), num_segments,
                                         d_begin_offsets, d_end_offsets, 0, int(sizeof(KeyT) * 8), true, false, stream,
                                         debug_synchronous);
  }
  template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t StableSortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes,
      DoubleBuffer<KeyT> &d_keys, int num_items, int num_segments, BeginOffsetIteratorT d_begin_offsets,
      EndOffsetIteratorT d_end_offsets, hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)num_items;
    hipError_t e = detail::segmented_sort<false>(
        d_temp_storage, temp_storage_bytes, d_keys.Current(), d_keys.Alternate(),
        static_cast<const ::rocprim::empty_type *>(nullptr), static_cast<::rocprim::empty_type *>(nullptr),
        num_segments, d_begin_offsets, d_end_offsets, 0, int(sizeof(KeyT) * 8), true, false, stream, debug_synchronous);
    if (e == hipSuccess && d_temp_storage != nullptr) d_keys.selector ^= 1;
    return e;
  }
};

END_HIPCUB_NAMESPACE
#endif

#endif
