/* ferrocm hipCUB: DevicePartition (CUB's device_partition.cuh API). CPU: host-parallel algorithms enqueued on the stream
 * (rocprim/detail/host_parallel.hpp). Selected items first in input order, then the rejected
 * ones in reverse input order (CUB's layout). NVIDIA: CUB's. */
#ifndef HIPCUB_DEVICE_DEVICE_PARTITION_HPP_
#define HIPCUB_DEVICE_DEVICE_PARTITION_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "device_common.hpp"

BEGIN_HIPCUB_NAMESPACE

struct DevicePartition {
  template <typename InputIteratorT, typename FlagIterator, typename OutputIteratorT,
            typename NumSelectedIteratorT, typename NumItemsT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t Flagged(void *d_temp_storage, size_t &temp_storage_bytes,
                                                    InputIteratorT d_in, FlagIterator d_flags, OutputIteratorT d_out,
                                                    NumSelectedIteratorT d_num_selected_out, NumItemsT num_items,
                                                    hipStream_t stream = 0, bool debug_synchronous = false) {
    return ::rocprim::partition(d_temp_storage, temp_storage_bytes, d_in, d_flags, d_out, d_num_selected_out,
                                detail::count_of(num_items), stream, debug_synchronous);
  }
  template <typename InputIteratorT, typename OutputIteratorT, typename NumSelectedIteratorT, typename SelectOp,
            typename NumItemsT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t If(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                               OutputIteratorT d_out, NumSelectedIteratorT d_num_selected_out,
                                               NumItemsT num_items, SelectOp select_op, hipStream_t stream = 0,
                                               bool debug_synchronous = false) {
    return ::rocprim::partition(d_temp_storage, temp_storage_bytes, d_in, d_out, d_num_selected_out,
                                detail::count_of(num_items), select_op, stream, debug_synchronous);
  }
};

END_HIPCUB_NAMESPACE
#endif

#endif
