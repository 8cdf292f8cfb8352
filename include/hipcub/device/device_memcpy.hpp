/* ferrocm hipCUB: DeviceMemcpy (CUB's device_memcpy.cuh (CUB 2.x) API). CPU: host-parallel algorithms enqueued on the stream
 * (rocprim/detail/host_parallel.hpp). Buffers are copied in parallel. NVIDIA: CUB's. */
#ifndef HIPCUB_DEVICE_DEVICE_MEMCPY_HPP_
#define HIPCUB_DEVICE_DEVICE_MEMCPY_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "device_common.hpp"

BEGIN_HIPCUB_NAMESPACE

struct DeviceMemcpy {
  template <typename InputBufferIt, typename OutputBufferIt, typename BufferSizeIteratorT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t Batched(void *d_temp_storage, size_t &temp_storage_bytes,
                                                    InputBufferIt input_buffer_it, OutputBufferIt output_buffer_it,
                                                    BufferSizeIteratorT buffer_sizes, uint32_t num_buffers,
                                                    hipStream_t stream = 0, bool debug_synchronous = false) {
    return ::rocprim::batch_memcpy(d_temp_storage, temp_storage_bytes, input_buffer_it, output_buffer_it, buffer_sizes,
                                   num_buffers, stream, debug_synchronous);
  }
};

END_HIPCUB_NAMESPACE
#endif

#endif
