/* ferrocm rocPRIM, CPU platform: segmented reduce (rocPRIM's device_segmented_reduce.hpp API);
 * segments run in parallel, an empty segment gives the initial value. */
#ifndef ROCPRIM_DEVICE_DEVICE_SEGMENTED_REDUCE_HPP_
#define ROCPRIM_DEVICE_DEVICE_SEGMENTED_REDUCE_HPP_

#include "detail/host_common.hpp"

BEGIN_ROCPRIM_NAMESPACE

template <class Config = default_config, class InputIterator, class OutputIterator, class OffsetIterator,
          class BinaryFunction = ::rocprim::plus<typename std::iterator_traits<InputIterator>::value_type>,
          class InitValueType = typename std::iterator_traits<InputIterator>::value_type>
inline hipError_t segmented_reduce(void *temporary_storage, size_t &storage_size, InputIterator input,
                                   OutputIterator output, unsigned int segments, OffsetIterator begin_offsets,
                                   OffsetIterator end_offsets, BinaryFunction reduce_op = BinaryFunction(),
                                   InitValueType initial_value = InitValueType(), hipStream_t stream = 0,
                                   bool debug_synchronous = false) {
  hipError_t e;
  if (detail::storage_done(temporary_storage, storage_size, detail::small_storage, e)) return e;
  return detail::host::enqueue(
      stream,
      [=]() {
        using acc_t = detail::result_t<BinaryFunction, detail::value_type_t<InputIterator>>;
        const size_t k = detail::host::chunks_for(segments, 64);
        detail::host::for_chunks(segments, k, [&](size_t, size_t b, size_t en) {
          for (size_t s = b; s < en; ++s) {
            acc_t acc = static_cast<acc_t>(initial_value);
            const size_t first = size_t(begin_offsets[s]), last = size_t(end_offsets[s]);
            for (size_t i = first; i < last; ++i) acc = reduce_op(acc, input[i]);
            output[s] = acc;
          }
        });
      },
      debug_synchronous);
}

END_ROCPRIM_NAMESPACE

#endif
