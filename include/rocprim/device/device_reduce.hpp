/* ferrocm rocPRIM, CPU platform: device-wide reduce (rocPRIM's device_reduce.hpp API). */
#ifndef ROCPRIM_DEVICE_DEVICE_REDUCE_HPP_
#define ROCPRIM_DEVICE_DEVICE_REDUCE_HPP_

#include "detail/host_common.hpp"

BEGIN_ROCPRIM_NAMESPACE

namespace detail {
template <class In, class Out, class Init, class Op>
hipError_t reduce_host(void *temporary_storage, size_t &storage_size, In input, Out output, Init initial_value,
                       size_t size, Op op, bool with_init, hipStream_t stream, bool debug_synchronous) {
  hipError_t e;
  if (storage_done(temporary_storage, storage_size, small_storage, e)) return e;
  using acc_t = result_t<Op, value_type_t<In>>;
  return host::enqueue(
      stream,
      [=]() mutable {
        if (!with_init) {
          /* rocPRIM's reduce without an initial value: the plain reduction of the input. */
          if (size == 0) return;
          acc_t first = static_cast<acc_t>(input[0]);
          *output = host::reduce<acc_t>(input + 1, size - 1, first, op);
        } else {
          *output = host::reduce<acc_t>(input, size, static_cast<acc_t>(initial_value), op);
        }
      },
      debug_synchronous);
}
} // namespace detail

template <class Config = default_config, class InputIterator, class OutputIterator, class InitValueType,
          class BinaryFunction = ::rocprim::plus<typename std::iterator_traits<InputIterator>::value_type>>
inline hipError_t reduce(void *temporary_storage, size_t &storage_size, InputIterator input, OutputIterator output,
                         const InitValueType initial_value, const size_t size,
                         BinaryFunction reduce_op = BinaryFunction(), const hipStream_t stream = 0,
                         bool debug_synchronous = false) {
  return detail::reduce_host(temporary_storage, storage_size, input, output, initial_value, size, reduce_op, true,
                             stream, debug_synchronous);
}

template <class Config = default_config, class InputIterator, class OutputIterator,
          class BinaryFunction = ::rocprim::plus<typename std::iterator_traits<InputIterator>::value_type>>
inline hipError_t reduce(void *temporary_storage, size_t &storage_size, InputIterator input, OutputIterator output,
                         const size_t size, BinaryFunction reduce_op = BinaryFunction(), const hipStream_t stream = 0,
                         bool debug_synchronous = false) {
  using input_type = typename std::iterator_traits<InputIterator>::value_type;
  return detail::reduce_host(temporary_storage, storage_size, input, output, input_type(), size, reduce_op, false,
                             stream, debug_synchronous);
}

END_ROCPRIM_NAMESPACE

#endif
