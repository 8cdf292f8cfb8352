/* ferrocm rocPRIM, CPU platform: transform and batch_memcpy. */
#ifndef ROCPRIM_DEVICE_DEVICE_TRANSFORM_HPP_
#define ROCPRIM_DEVICE_DEVICE_TRANSFORM_HPP_

#include "detail/host_common.hpp"

BEGIN_ROCPRIM_NAMESPACE

template <class Config = default_config, class InputIterator, class OutputIterator, class UnaryFunction>
inline hipError_t transform(InputIterator input, OutputIterator output, const size_t size,
                            UnaryFunction transform_op, const hipStream_t stream = 0, bool debug_synchronous = false) {
  return detail::host::enqueue(
      stream,
      [=]() {
        detail::host::for_chunks(size, detail::host::chunks_for(size), [&](size_t, size_t b, size_t e) {
          for (size_t i = b; i < e; ++i) output[i] = transform_op(input[i]);
        });
      },
      debug_synchronous);
}

/* Copies buffer i (sizes[i] bytes) from sources[i] to destinations[i] for i < num_copies. */
template <class Config = default_config, class InputBufferItType, class OutputBufferItType, class BufferSizeItType>
inline hipError_t batch_memcpy(void *temporary_storage, size_t &storage_size, InputBufferItType sources,
                               OutputBufferItType destinations, BufferSizeItType sizes, uint32_t num_copies,
                               hipStream_t stream = 0, bool debug_synchronous = false) {
  hipError_t e;
  if (detail::storage_done(temporary_storage, storage_size, detail::small_storage, e)) return e;
  return detail::host::enqueue(
      stream,
      [=]() {
        detail::host::for_chunks(num_copies, detail::host::chunks_for(num_copies, 16), [&](size_t, size_t b, size_t en) {
          for (size_t i = b; i < en; ++i) {
            const size_t bytes = size_t(sizes[i]);
            if (bytes != 0)
              std::memcpy(static_cast<void *>(destinations[i]), static_cast<const void *>(sources[i]), bytes);
          }
        });
      },
      debug_synchronous);
}

END_ROCPRIM_NAMESPACE

#endif
