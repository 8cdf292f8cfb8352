/* ferrocm rocPRIM, CPU platform: segmented radix sort (rocPRIM's
 * device_segmented_radix_sort.hpp API). Segments are sorted in parallel, each stably by its
 * keys' bits [begin_bit, end_bit); items outside every segment are left alone. */
#ifndef ROCPRIM_DEVICE_DEVICE_SEGMENTED_RADIX_SORT_HPP_
#define ROCPRIM_DEVICE_DEVICE_SEGMENTED_RADIX_SORT_HPP_

#include "detail/host_common.hpp"

BEGIN_ROCPRIM_NAMESPACE

namespace detail {
/* Sorts every segment [begin_offsets[s], end_offsets[s]) of the input into the same places of
 * the output (which may be the input). */
template <bool Pairs, class KI, class KO, class VI, class VO, class OffsetIterator>
void segmented_sort_run(KI keys_in, KO keys_out, VI values_in, VO values_out, unsigned segments,
                        OffsetIterator begin_offsets, OffsetIterator end_offsets, unsigned begin_bit,
                        unsigned end_bit, bool descending, bool radix) {
  using key_t = value_type_t<KI>;
  const size_t k = host::chunks_for(segments, 16);
  host::for_chunks(segments, k, [&](size_t, size_t b, size_t e) {
    std::vector<size_t> order;
    std::vector<key_t> keys;
    for (size_t s = b; s < e; ++s) {
      const size_t first = size_t(begin_offsets[s]), last = size_t(end_offsets[s]);
      if (last <= first) continue;
      const size_t n = last - first;
      order.resize(n);
      keys.resize(n);
      for (size_t i = 0; i < n; ++i) {
        order[i] = i;
        keys[i] = keys_in[first + i];
      }
      if (radix) {
        host::radix_digits<key_t> dig{begin_bit, end_bit, descending};
        std::stable_sort(order.begin(), order.end(),
                         [&](size_t x, size_t y) { return dig.value(keys[x]) < dig.value(keys[y]); });
      } else if (descending) {
        std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return keys[y] < keys[x]; });
      } else {
        std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return keys[x] < keys[y]; });
      }
      if constexpr (Pairs) {
        using value_t = value_type_t<VI>;
        std::vector<value_t> values(n);
        for (size_t i = 0; i < n; ++i) values[i] = values_in[first + order[i]];
        for (size_t i = 0; i < n; ++i) values_out[first + i] = values[i];
      }
      for (size_t i = 0; i < n; ++i) keys_out[first + i] = keys[order[i]];
    }
  });
}
} // namespace detail

#define ROCPRIM_SEG_RADIX(NAME, DESC, PAIRS, VPARAMS, VARGS)                                                      \
  template <class Config = default_config, class KeysInputIterator, class KeysOutputIterator,                    \
            class ValuesInputIterator = empty_type *, class ValuesOutputIterator = empty_type *,                  \
            class OffsetIterator, class Key = typename std::iterator_traits<KeysInputIterator>::value_type>      \
  inline hipError_t NAME(void *temporary_storage, size_t &storage_size, KeysInputIterator keys_input,             \
                         KeysOutputIterator keys_output, VPARAMS unsigned int size, unsigned int segments,        \
                         OffsetIterator begin_offsets, OffsetIterator end_offsets, unsigned int begin_bit = 0,     \
                         unsigned int end_bit = 8 * sizeof(Key), hipStream_t stream = 0,                          \
                         bool debug_synchronous = false) {                                                        \
    static_assert(detail::host::is_radix_key<Key>(), "radix sort keys are integers, float or double");           \
    hipError_t e;                                                                                                 \
    if (detail::storage_done(temporary_storage, storage_size, detail::small_storage, e)) return e;                \
    if (!(begin_bit <= end_bit && end_bit <= 8 * sizeof(Key))) return hipErrorInvalidValue;                       \
    (void)size;                                                                                                   \
    return detail::host::enqueue(                                                                                 \
        stream,                                                                                                   \
        [=]() {                                                                                                   \
          detail::segmented_sort_run<PAIRS>(keys_input, keys_output, VARGS, segments, begin_offsets, end_offsets, \
                                            begin_bit, end_bit, DESC, true);                                      \
        },                                                                                                        \
        debug_synchronous);                                                                                       \
  }
#define ROCPRIM_COMMA ,
ROCPRIM_SEG_RADIX(segmented_radix_sort_keys, false, false, , static_cast<empty_type *>(nullptr) ROCPRIM_COMMA static_cast<empty_type *>(nullptr))
ROCPRIM_SEG_RADIX(segmented_radix_sort_keys_desc, true, false, , static_cast<empty_type *>(nullptr) ROCPRIM_COMMA static_cast<empty_type *>(nullptr))
ROCPRIM_SEG_RADIX(segmented_radix_sort_pairs, false, true,
                  ValuesInputIterator values_input ROCPRIM_COMMA ValuesOutputIterator values_output ROCPRIM_COMMA,
                  values_input ROCPRIM_COMMA values_output)
ROCPRIM_SEG_RADIX(segmented_radix_sort_pairs_desc, true, true,
                  ValuesInputIterator values_input ROCPRIM_COMMA ValuesOutputIterator values_output ROCPRIM_COMMA,
                  values_input ROCPRIM_COMMA values_output)
#undef ROCPRIM_COMMA
#undef ROCPRIM_SEG_RADIX

END_ROCPRIM_NAMESPACE

#endif
