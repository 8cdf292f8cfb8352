/* ferrocm hipCUB: DeviceHistogram (CUB's device_histogram.cuh API). CPU: host-parallel algorithms enqueued on the stream
 * (rocprim/detail/host_parallel.hpp). One channel; the bins are overwritten. NVIDIA: CUB's. */
#ifndef HIPCUB_DEVICE_DEVICE_HISTOGRAM_HPP_
#define HIPCUB_DEVICE_DEVICE_HISTOGRAM_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "device_common.hpp"

BEGIN_HIPCUB_NAMESPACE

struct DeviceHistogram {
  template <typename SampleIteratorT, typename CounterT, typename LevelT, typename OffsetT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t HistogramEven(void *d_temp_storage, size_t &temp_storage_bytes,
                                                          SampleIteratorT d_samples, CounterT *d_histogram,
                                                          int num_levels, LevelT lower_level, LevelT upper_level,
                                                          OffsetT num_samples, hipStream_t stream = 0,
                                                          bool debug_synchronous = false) {
    if (num_levels < 2) return hipErrorInvalidValue;
    return ::rocprim::histogram_even(d_temp_storage, temp_storage_bytes, d_samples,
                                     unsigned(detail::count_of(num_samples)), d_histogram, unsigned(num_levels),
                                     lower_level, upper_level, stream, debug_synchronous);
  }
  template <typename SampleIteratorT, typename CounterT, typename LevelT, typename OffsetT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t HistogramEven(void *d_temp_storage, size_t &temp_storage_bytes,
                                                          SampleIteratorT d_samples, CounterT *d_histogram,
                                                          int num_levels, LevelT lower_level, LevelT upper_level,
                                                          OffsetT num_row_samples, OffsetT num_rows,
                                                          size_t row_stride_bytes, hipStream_t stream = 0,
                                                          bool debug_synchronous = false) {
    if (num_levels < 2) return hipErrorInvalidValue;
    return ::rocprim::histogram_even(d_temp_storage, temp_storage_bytes, d_samples,
                                     unsigned(detail::count_of(num_row_samples)), unsigned(detail::count_of(num_rows)),
                                     row_stride_bytes, d_histogram, unsigned(num_levels), lower_level, upper_level,
                                     stream, debug_synchronous);
  }
  template <typename SampleIteratorT, typename CounterT, typename LevelT, typename OffsetT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t HistogramRange(void *d_temp_storage, size_t &temp_storage_bytes,
                                                           SampleIteratorT d_samples, CounterT *d_histogram,
                                                           int num_levels, LevelT *d_levels, OffsetT num_samples,
                                                           hipStream_t stream = 0, bool debug_synchronous = false) {
    if (num_levels < 2) return hipErrorInvalidValue;
    return ::rocprim::histogram_range(d_temp_storage, temp_storage_bytes, d_samples,
                                      unsigned(detail::count_of(num_samples)), d_histogram, unsigned(num_levels),
                                      d_levels, stream, debug_synchronous);
  }
  template <typename SampleIteratorT, typename CounterT, typename LevelT, typename OffsetT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t HistogramRange(void *d_temp_storage, size_t &temp_storage_bytes,
                                                           SampleIteratorT d_samples, CounterT *d_histogram,
                                                           int num_levels, LevelT *d_levels, OffsetT num_row_samples,
                                                           OffsetT num_rows, size_t row_stride_bytes,
                                                           hipStream_t stream = 0, bool debug_synchronous = false) {
    if (num_levels < 2) return hipErrorInvalidValue;
    return ::rocprim::histogram_range(d_temp_storage, temp_storage_bytes, d_samples,
                                      unsigned(detail::count_of(num_row_samples)), unsigned(detail::count_of(num_rows)),
                                      row_stride_bytes, d_histogram, unsigned(num_levels), d_levels, stream,
                                      debug_synchronous);
  }
};

END_HIPCUB_NAMESPACE
#endif

#endif
