/* ferrocm rocPRIM, CPU platform: adjacent differences (rocPRIM's device_adjacent_difference.hpp
 * API): output[0] = input[0], output[i] = op(input[i], input[i - 1]) (left), or
 * output[i] = op(input[i], input[i + 1]) and output[n - 1] = input[n - 1] (right). The in-place
 * forms read every neighbour before it is overwritten. */
#ifndef ROCPRIM_DEVICE_DEVICE_ADJACENT_DIFFERENCE_HPP_
#define ROCPRIM_DEVICE_DEVICE_ADJACENT_DIFFERENCE_HPP_

#include "detail/host_common.hpp"

BEGIN_ROCPRIM_NAMESPACE

namespace detail {
template <bool Right, class In, class Out, class Op> void adjacent_difference_run(In in, Out out, size_t n, Op op) {
  using T = value_type_t<In>;
  if (n == 0) return;
  const size_t k = host::chunks_for(n);
  /* The neighbour of every chunk's edge item, saved before any chunk writes. */
  std::vector<T> edge(k);
  for (size_t c = 0; c < k; ++c) {
    host::range r = host::chunk(n, k, c);
    if (!Right && r.begin > 0) edge[c] = in[r.begin - 1];
    if (Right && r.end < n) edge[c] = in[r.end];
  }
  host::for_chunks(n, k, [&](size_t c, size_t b, size_t e) {
    if (!Right) {
      /* Backwards, so that an in-place output never overwrites a neighbour still to be read. */
      for (size_t i = e; i-- > b;) {
        if (i == 0)
          out[0] = in[0];
        else if (i == b)
          out[i] = op(T(in[i]), edge[c]);
        else
          out[i] = op(T(in[i]), T(in[i - 1]));
      }
    } else {
      for (size_t i = b; i < e; ++i) {
        if (i + 1 == n)
          out[i] = in[i];
        else if (i + 1 == e)
          out[i] = op(T(in[i]), edge[c]);
        else
          out[i] = op(T(in[i]), T(in[i + 1]));
      }
    }
  });
}
template <bool Right, class In, class Out, class Op>
hipError_t adjacent_difference_host(void *temporary_storage, size_t &storage_size, In input, Out output, size_t size,
                                    Op op, hipStream_t stream, bool debug_synchronous) {
  hipError_t e;
  if (storage_done(temporary_storage, storage_size, small_storage, e)) return e;
  return host::enqueue(
      stream, [=]() { adjacent_difference_run<Right>(input, output, size, op); }, debug_synchronous);
}
} // namespace detail

template <class Config = default_config, class InputIt, class OutputIt,
          class BinaryFunction = ::rocprim::minus<typename std::iterator_traits<InputIt>::value_type>>
hipError_t adjacent_difference(void *const temporary_storage, std::size_t &storage_size, const InputIt input,
                               const OutputIt output, const std::size_t size, const BinaryFunction op = BinaryFunction{},
                               const hipStream_t stream = 0, const bool debug_synchronous = false) {
  return detail::adjacent_difference_host<false>(temporary_storage, storage_size, input, output, size, op, stream,
                                                 debug_synchronous);
}
template <class Config = default_config, class InputIt,
          class BinaryFunction = ::rocprim::minus<typename std::iterator_traits<InputIt>::value_type>>
hipError_t adjacent_difference_inplace(void *const temporary_storage, std::size_t &storage_size, const InputIt values,
                                       const std::size_t size, const BinaryFunction op = BinaryFunction{},
                                       const hipStream_t stream = 0, const bool debug_synchronous = false) {
  return detail::adjacent_difference_host<false>(temporary_storage, storage_size, values, values, size, op, stream,
                                                 debug_synchronous);
}
template <class Config = default_config, class InputIt, class OutputIt,
          class BinaryFunction = ::rocprim::minus<typename std::iterator_traits<InputIt>::value_type>>
hipError_t adjacent_difference_right(void *const temporary_storage, std::size_t &storage_size, const InputIt input,
                                     const OutputIt output, const std::size_t size,
                                     const BinaryFunction op = BinaryFunction{}, const hipStream_t stream = 0,
                                     const bool debug_synchronous = false) {
  return detail::adjacent_difference_host<true>(temporary_storage, storage_size, input, output, size, op, stream,
                                                debug_synchronous);
}
template <class Config = default_config, class InputIt,
          class BinaryFunction = ::rocprim::minus<typename std::iterator_traits<InputIt>::value_type>>
hipError_t adjacent_difference_right_inplace(void *const temporary_storage, std::size_t &storage_size,
                                             const InputIt values, const std::size_t size,
                                             const BinaryFunction op = BinaryFunction{}, const hipStream_t stream = 0,
                                             const bool debug_synchronous = false) {
  return detail::adjacent_difference_host<true>(temporary_storage, storage_size, values, values, size, op, stream,
                                                debug_synchronous);
}

END_ROCPRIM_NAMESPACE

#endif
