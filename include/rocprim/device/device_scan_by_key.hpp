/* ferrocm rocPRIM, CPU platform: scans by key (rocPRIM's device_scan_by_key.hpp API). */
#ifndef ROCPRIM_DEVICE_DEVICE_SCAN_BY_KEY_HPP_
#define ROCPRIM_DEVICE_DEVICE_SCAN_BY_KEY_HPP_

#include "detail/host_common.hpp"

BEGIN_ROCPRIM_NAMESPACE

template <class Config = default_config, class KeysInputIterator, class ValuesInputIterator,
          class ValuesOutputIterator,
          class BinaryFunction = ::rocprim::plus<typename std::iterator_traits<ValuesInputIterator>::value_type>,
          class KeyCompareFunction = ::rocprim::equal_to<typename std::iterator_traits<KeysInputIterator>::value_type>>
inline hipError_t inclusive_scan_by_key(void *const temporary_storage, size_t &storage_size,
                                        const KeysInputIterator keys_input, const ValuesInputIterator values_input,
                                        const ValuesOutputIterator values_output, const size_t size,
                                        const BinaryFunction scan_op = BinaryFunction(),
                                        const KeyCompareFunction key_compare_op = KeyCompareFunction(),
                                        const hipStream_t stream = 0, const bool debug_synchronous = false) {
  hipError_t e;
  if (detail::storage_done(temporary_storage, storage_size, detail::small_storage, e)) return e;
  using acc_t = typename std::iterator_traits<ValuesInputIterator>::value_type;
  return detail::host::enqueue(
      stream,
      [=]() {
        detail::host::scan_by_key<acc_t>(keys_input, values_input, values_output, size, acc_t(), false, scan_op,
                                         key_compare_op);
      },
      debug_synchronous);
}

template <class Config = default_config, class KeysInputIterator, class ValuesInputIterator,
          class ValuesOutputIterator, class InitialValueType,
          class BinaryFunction = ::rocprim::plus<typename std::iterator_traits<ValuesInputIterator>::value_type>,
          class KeyCompareFunction = ::rocprim::equal_to<typename std::iterator_traits<KeysInputIterator>::value_type>>
inline hipError_t exclusive_scan_by_key(void *const temporary_storage, size_t &storage_size,
                                        const KeysInputIterator keys_input, const ValuesInputIterator values_input,
                                        const ValuesOutputIterator values_output,
                                        const InitialValueType initial_value, const size_t size,
                                        const BinaryFunction scan_op = BinaryFunction(),
                                        const KeyCompareFunction key_compare_op = KeyCompareFunction(),
                                        const hipStream_t stream = 0, const bool debug_synchronous = false) {
  hipError_t e;
  if (detail::storage_done(temporary_storage, storage_size, detail::small_storage, e)) return e;
  return detail::host::enqueue(
      stream,
      [=]() {
        detail::host::scan_by_key<InitialValueType>(keys_input, values_input, values_output, size, initial_value,
                                                    true, scan_op, key_compare_op);
      },
      debug_synchronous);
}

END_ROCPRIM_NAMESPACE

#endif
