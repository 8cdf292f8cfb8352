/* ferrocm hipCUB: DeviceAdjacentDifference (CUB's device_adjacent_difference.cuh API). CPU: host-parallel algorithms enqueued on the stream
 * (rocprim/detail/host_parallel.hpp). SubtractLeft: out[0] = in[0], out[i] = op(in[i], in[i - 1]);
 * SubtractRight: out[i] = op(in[i], in[i + 1]), out[n - 1] = in[n - 1]. NVIDIA: CUB's. */
#ifndef HIPCUB_DEVICE_DEVICE_ADJACENT_DIFFERENCE_HPP_
#define HIPCUB_DEVICE_DEVICE_ADJACENT_DIFFERENCE_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "device_common.hpp"

BEGIN_HIPCUB_NAMESPACE

struct DeviceAdjacentDifference {
  template <typename InputIteratorT, typename OutputIteratorT, typename DifferenceOpT = ::hipcub::Difference,
            typename NumItemsT = std::uint32_t>
  HIPCUB_RUNTIME_FUNCTION static hipError_t SubtractLeftCopy(void *d_temp_storage, std::size_t &temp_storage_bytes,
                                                             InputIteratorT d_input, OutputIteratorT d_output,
                                                             NumItemsT num_items,
                                                             DifferenceOpT difference_op = {}, hipStream_t stream = 0,
                                                             bool debug_synchronous = false) {
    return ::rocprim::detail::adjacent_difference_host<false>(d_temp_storage, temp_storage_bytes, d_input, d_output,
                                                              detail::count_of(num_items), difference_op, stream,
                                                              debug_synchronous);
  }
  template <typename RandomAccessIteratorT, typename DifferenceOpT = ::hipcub::Difference,
            typename NumItemsT = std::uint32_t>
  HIPCUB_RUNTIME_FUNCTION static hipError_t SubtractLeft(void *d_temp_storage, std::size_t &temp_storage_bytes,
                                                         RandomAccessIteratorT d_input, NumItemsT num_items,
                                                         DifferenceOpT difference_op = {}, hipStream_t stream = 0,
                                                         bool debug_synchronous = false) {
    return ::rocprim::detail::adjacent_difference_host<false>(d_temp_storage, temp_storage_bytes, d_input, d_input,
                                                              detail::count_of(num_items), difference_op, stream,
                                                              debug_synchronous);
  }
  template <typename InputIteratorT, typename OutputIteratorT, typename DifferenceOpT = ::hipcub::Difference,
            typename NumItemsT = std::uint32_t>
  HIPCUB_RUNTIME_FUNCTION static hipError_t SubtractRightCopy(void *d_temp_storage, std::size_t &temp_storage_bytes,
                                                              InputIteratorT d_input, OutputIteratorT d_output,
                                                              NumItemsT num_items,
                                                              DifferenceOpT difference_op = {}, hipStream_t stream = 0,
                                                              bool debug_synchronous = false) {
    return ::rocprim::detail::adjacent_difference_host<true>(d_temp_storage, temp_storage_bytes, d_input, d_output,
                                                             detail::count_of(num_items), difference_op, stream,
                                                             debug_synchronous);
  }
  template <typename RandomAccessIteratorT, typename DifferenceOpT = ::hipcub::Difference,
            typename NumItemsT = std::uint32_t>
  HIPCUB_RUNTIME_FUNCTION static hipError_t SubtractRight(void *d_temp_storage, std::size_t &temp_storage_bytes,
                                                          RandomAccessIteratorT d_input, NumItemsT num_items,
                                                          DifferenceOpT difference_op = {}, hipStream_t stream = 0,
                                                          bool debug_synchronous = false) {
    return ::rocprim::detail::adjacent_difference_host<true>(d_temp_storage, temp_storage_bytes, d_input, d_input,
                                                             detail::count_of(num_items), difference_op, stream,
                                                             debug_synchronous);
  }
};

END_HIPCUB_NAMESPACE
#endif

#endif
