/* ferrocm rocPRIM, CPU platform: device-wide scans (rocPRIM's device_scan.hpp API). */
#ifndef ROCPRIM_DEVICE_DEVICE_SCAN_HPP_
#define ROCPRIM_DEVICE_DEVICE_SCAN_HPP_

#include "detail/host_common.hpp"

BEGIN_ROCPRIM_NAMESPACE

namespace detail {
template <class Acc, class In, class Out, class Op>
hipError_t scan_host(void *temporary_storage, size_t &storage_size, In input, Out output, Acc init, bool has_init,
                     bool exclusive, size_t size, Op op, hipStream_t stream, bool debug_synchronous) {
  hipError_t e;
  if (storage_done(temporary_storage, storage_size, small_storage, e)) return e;
  return host::enqueue(
      stream, [=]() { host::scan<Acc>(input, output, size, init, has_init, exclusive, op); }, debug_synchronous);
}
} // namespace detail

template <class Config = default_config, class InputIterator, class OutputIterator,
          class BinaryFunction = ::rocprim::plus<typename std::iterator_traits<InputIterator>::value_type>>
inline hipError_t inclusive_scan(void *temporary_storage, size_t &storage_size, InputIterator input,
                                 OutputIterator output, const size_t size, BinaryFunction scan_op = BinaryFunction(),
                                 const hipStream_t stream = 0, bool debug_synchronous = false) {
  using acc_t = typename std::iterator_traits<InputIterator>::value_type;
  return detail::scan_host<acc_t>(temporary_storage, storage_size, input, output, acc_t(), false, false, size,
                                  scan_op, stream, debug_synchronous);
}

template <class Config = default_config, class InputIterator, class OutputIterator, class InitValueType,
          class BinaryFunction = ::rocprim::plus<typename std::iterator_traits<InputIterator>::value_type>>
inline hipError_t exclusive_scan(void *temporary_storage, size_t &storage_size, InputIterator input,
                                 OutputIterator output, const InitValueType initial_value, const size_t size,
                                 BinaryFunction scan_op = BinaryFunction(), const hipStream_t stream = 0,
                                 bool debug_synchronous = false) {
  return detail::scan_host<InitValueType>(temporary_storage, storage_size, input, output, initial_value, true, true,
                                          size, scan_op, stream, debug_synchronous);
}

END_ROCPRIM_NAMESPACE

#endif
