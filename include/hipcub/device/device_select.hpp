/* ferrocm hipCUB: DeviceSelect (CUB's device_select.cuh API). CPU: host-parallel algorithms enqueued on the stream
 * (rocprim/detail/host_parallel.hpp). Selected items keep their input order. NVIDIA: CUB's. */
#ifndef HIPCUB_DEVICE_DEVICE_SELECT_HPP_
#define HIPCUB_DEVICE_DEVICE_SELECT_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "device_common.hpp"

BEGIN_HIPCUB_NAMESPACE

struct DeviceSelect {
  template <typename InputIteratorT, typename FlagIterator, typename OutputIteratorT,
            typename NumSelectedIteratorT, typename NumItemsT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t Flagged(void *d_temp_storage, size_t &temp_storage_bytes,
                                                    InputIteratorT d_in, FlagIterator d_flags, OutputIteratorT d_out,
                                                    NumSelectedIteratorT d_num_selected_out, NumItemsT num_items,
                                                    hipStream_t stream = 0, bool debug_synchronous = false) {
    return ::rocprim::select(d_temp_storage, temp_storage_bytes, d_in, d_flags, d_out, d_num_selected_out,
                             detail::count_of(num_items), stream, debug_synchronous);
  }
  template <typename InputIteratorT, typename OutputIteratorT, typename NumSelectedIteratorT, typename SelectOp,
            typename NumItemsT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t If(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                               OutputIteratorT d_out, NumSelectedIteratorT d_num_selected_out,
                                               NumItemsT num_items, SelectOp select_op, hipStream_t stream = 0,
                                               bool debug_synchronous = false) {
    return ::rocprim::select(d_temp_storage, temp_storage_bytes, d_in, d_out, d_num_selected_out,
                             detail::count_of(num_items), select_op, stream, debug_synchronous);
  }
  /* The first item of every run of equal consecutive items. */
  template <typename InputIteratorT, typename OutputIteratorT, typename NumSelectedIteratorT, typename NumItemsT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t Unique(void *d_temp_storage, size_t &temp_storage_bytes,
                                                   InputIteratorT d_in, OutputIteratorT d_out,
                                                   NumSelectedIteratorT d_num_selected_out, NumItemsT num_items,
                                                   hipStream_t stream = 0, bool debug_synchronous = false) {
    return ::rocprim::unique(d_temp_storage, temp_storage_bytes, d_in, d_out, d_num_selected_out,
                             detail::count_of(num_items), ::hipcub::Equality(), stream, debug_synchronous);
  }
  /* The first key of every run of equal consecutive keys, with its value. */
  template <typename KeyInputIteratorT, typename ValueInputIteratorT, typename KeyOutputIteratorT,
            typename ValueOutputIteratorT, typename NumSelectedIteratorT, typename NumItemsT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t UniqueByKey(void *d_temp_storage, size_t &temp_storage_bytes,
                                                        KeyInputIteratorT d_keys_input,
                                                        ValueInputIteratorT d_values_input,
                                                        KeyOutputIteratorT d_keys_output,
                                                        ValueOutputIteratorT d_values_output,
                                                        NumSelectedIteratorT d_num_selected_out, NumItemsT num_items,
                                                        hipStream_t stream = 0, bool debug_synchronous = false) {
    hipError_t e;
    if (detail::storage_done(d_temp_storage, temp_storage_bytes, detail::small_storage, e)) return e;
    const size_t n = detail::count_of(num_items);
    return detail::host::enqueue(
        stream,
        [=]() {
          const size_t m = detail::host::select(
              n, [&](size_t i) { return i == 0 || !(d_keys_input[i - 1] == d_keys_input[i]); },
              [&](size_t i, size_t j) {
                d_keys_output[j] = d_keys_input[i];
                d_values_output[j] = d_values_input[i];
              });
          detail::put(d_num_selected_out, m);
        },
        debug_synchronous);
  }
};

END_HIPCUB_NAMESPACE
#endif

#endif
