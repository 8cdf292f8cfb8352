/* ferrocm rocPRIM, CPU platform: partition (rocPRIM's device_partition.hpp API): selected items
 * first in input order, the rejected ones after them in reverse input order. */
#ifndef ROCPRIM_DEVICE_DEVICE_PARTITION_HPP_
#define ROCPRIM_DEVICE_DEVICE_PARTITION_HPP_

#include "detail/host_common.hpp"

BEGIN_ROCPRIM_NAMESPACE

namespace detail {
template <class In, class Out, class Count, class Keep>
hipError_t partition_host(void *temporary_storage, size_t &storage_size, In input, Out output, Count count_output,
                          size_t size, Keep keep, hipStream_t stream, bool debug_synchronous) {
  hipError_t e;
  if (storage_done(temporary_storage, storage_size, small_storage, e)) return e;
  return host::enqueue(
      stream,
      [=]() {
        size_t m = host::partition(input, output, size, keep);
        *count_output = static_cast<value_type_t<Count>>(m);
      },
      debug_synchronous);
}
} // namespace detail

template <class Config = default_config, class InputIterator, class FlagIterator, class OutputIterator,
          class SelectedCountOutputIterator>
inline hipError_t partition(void *temporary_storage, size_t &storage_size, InputIterator input, FlagIterator flags,
                            OutputIterator output, SelectedCountOutputIterator selected_count_output,
                            const size_t size, const hipStream_t stream = 0, const bool debug_synchronous = false) {
  return detail::partition_host(
      temporary_storage, storage_size, input, output, selected_count_output, size,
      [flags](size_t i) { return static_cast<bool>(flags[i]); }, stream, debug_synchronous);
}

template <class Config = default_config, class InputIterator, class OutputIterator,
          class SelectedCountOutputIterator, class UnaryPredicate>
inline hipError_t partition(void *temporary_storage, size_t &storage_size, InputIterator input, OutputIterator output,
                            SelectedCountOutputIterator selected_count_output, const size_t size,
                            UnaryPredicate predicate, const hipStream_t stream = 0,
                            const bool debug_synchronous = false) {
  return detail::partition_host(
      temporary_storage, storage_size, input, output, selected_count_output, size,
      [input, predicate](size_t i) { return static_cast<bool>(predicate(input[i])); }, stream, debug_synchronous);
}

END_ROCPRIM_NAMESPACE

#endif
