/* ferrocm rocPRIM, CPU platform: merge sort (rocPRIM's device_merge_sort.hpp API): a stable
 * parallel merge sort by the given comparison. */
#ifndef ROCPRIM_DEVICE_DEVICE_MERGE_SORT_HPP_
#define ROCPRIM_DEVICE_DEVICE_MERGE_SORT_HPP_

#include "detail/host_common.hpp"

BEGIN_ROCPRIM_NAMESPACE

namespace detail {
/* Sorts keys (and values, when given) stably by comp from the inputs into the outputs (which
 * may be the inputs). */
template <bool Pairs, class KI, class KO, class VI, class VO, class Comp>
void merge_sort_run(KI keys_in, KO keys_out, VI values_in, VO values_out, size_t n, Comp comp) {
  using key_t = value_type_t<KI>;
  if constexpr (!Pairs) {
    std::vector<key_t> keys(n);
    host::copy(keys_in, keys.data(), n);
    host::stable_sort(keys.data(), n, comp);
    host::copy(keys.data(), keys_out, n);
  } else {
    using value_t = value_type_t<VI>;
    struct item {
      key_t key;
      value_t value;
    };
    std::vector<item> items(n);
    const size_t k = host::chunks_for(n);
    host::for_chunks(n, k, [&](size_t, size_t b, size_t e) {
      for (size_t i = b; i < e; ++i) items[i] = item{keys_in[i], values_in[i]};
    });
    host::stable_sort(items.data(), n, [&](const item &a, const item &b) { return comp(a.key, b.key); });
    host::for_chunks(n, k, [&](size_t, size_t b, size_t e) {
      for (size_t i = b; i < e; ++i) {
        keys_out[i] = items[i].key;
        values_out[i] = items[i].value;
      }
    });
  }
}
} // namespace detail

template <class Config = default_config, class KeysInputIterator, class KeysOutputIterator,
          class BinaryFunction = ::rocprim::less<typename std::iterator_traits<KeysInputIterator>::value_type>>
inline hipError_t merge_sort(void *temporary_storage, size_t &storage_size, KeysInputIterator keys_input,
                             KeysOutputIterator keys_output, const size_t size,
                             BinaryFunction compare_function = BinaryFunction(), const hipStream_t stream = 0,
                             bool debug_synchronous = false) {
  hipError_t e;
  if (detail::storage_done(temporary_storage, storage_size, detail::small_storage, e)) return e;
  return detail::host::enqueue(
      stream,
      [=]() {
        detail::merge_sort_run<false>(keys_input, keys_output, static_cast<empty_type *>(nullptr),
                                      static_cast<empty_type *>(nullptr), size, compare_function);
      },
      debug_synchronous);
}

template <class Config = default_config, class KeysInputIterator, class KeysOutputIterator,
          class ValuesInputIterator, class ValuesOutputIterator,
          class BinaryFunction = ::rocprim::less<typename std::iterator_traits<KeysInputIterator>::value_type>>
inline hipError_t merge_sort(void *temporary_storage, size_t &storage_size, KeysInputIterator keys_input,
                             KeysOutputIterator keys_output, ValuesInputIterator values_input,
                             ValuesOutputIterator values_output, const size_t size,
                             BinaryFunction compare_function = BinaryFunction(), const hipStream_t stream = 0,
                             bool debug_synchronous = false) {
  hipError_t e;
  if (detail::storage_done(temporary_storage, storage_size, detail::small_storage, e)) return e;
  return detail::host::enqueue(
      stream,
      [=]() {
        detail::merge_sort_run<true>(keys_input, keys_output, values_input, values_output, size, compare_function);
      },
      debug_synchronous);
}

END_ROCPRIM_NAMESPACE

#endif
