/* ferrocm hipCUB: DeviceRunLengthEncode (CUB's device_run_length_encode.cuh API). CPU: host-parallel algorithms enqueued on the stream
 * (rocprim/detail/host_parallel.hpp). NVIDIA: CUB's. */
#ifndef HIPCUB_DEVICE_DEVICE_RUN_LENGTH_ENCODE_HPP_
#define HIPCUB_DEVICE_DEVICE_RUN_LENGTH_ENCODE_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "device_common.hpp"

BEGIN_HIPCUB_NAMESPACE

struct DeviceRunLengthEncode {
  template <typename InputIteratorT, typename UniqueOutputIteratorT, typename LengthsOutputIteratorT,
            typename NumRunsOutputIteratorT, typename NumItemsT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t Encode(void *d_temp_storage, size_t &temp_storage_bytes,
                                                   InputIteratorT d_in, UniqueOutputIteratorT d_unique_out,
                                                   LengthsOutputIteratorT d_counts_out,
                                                   NumRunsOutputIteratorT d_num_runs_out, NumItemsT num_items,
                                                   hipStream_t stream = 0, bool debug_synchronous = false) {
    return ::rocprim::run_length_encode(d_temp_storage, temp_storage_bytes, d_in, unsigned(detail::count_of(num_items)),
                                        d_unique_out, d_counts_out, d_num_runs_out, stream, debug_synchronous);
  }
  template <typename InputIteratorT, typename OffsetsOutputIteratorT, typename LengthsOutputIteratorT,
            typename NumRunsOutputIteratorT, typename NumItemsT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t NonTrivialRuns(void *d_temp_storage, size_t &temp_storage_bytes,
                                                           InputIteratorT d_in, OffsetsOutputIteratorT d_offsets_out,
                                                           LengthsOutputIteratorT d_lengths_out,
                                                           NumRunsOutputIteratorT d_num_runs_out, NumItemsT num_items,
                                                           hipStream_t stream = 0, bool debug_synchronous = false) {
    return ::rocprim::run_length_encode_non_trivial_runs(d_temp_storage, temp_storage_bytes, d_in,
                                                         unsigned(detail::count_of(num_items)), d_offsets_out,
                                                         d_lengths_out, d_num_runs_out, stream, debug_synchronous);
  }
};

END_HIPCUB_NAMESPACE
#endif

#endif
