/* ferrocm hipCUB: DeviceSegmentedReduce (CUB's device_segmented_reduce.cuh API). CPU: host-parallel algorithms enqueued on the stream
 * (rocprim/detail/host_parallel.hpp). Segments run in parallel; an empty segment gives the initial
 * value (ArgMin/ArgMax: {1, Max()} / {1, Lowest()}); Arg* keys are offsets within the segment. NVIDIA: CUB's. */
#ifndef HIPCUB_DEVICE_DEVICE_SEGMENTED_REDUCE_HPP_
#define HIPCUB_DEVICE_DEVICE_SEGMENTED_REDUCE_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "device_common.hpp"

BEGIN_HIPCUB_NAMESPACE

struct DeviceSegmentedReduce {
  template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
            typename EndOffsetIteratorT, typename ReductionOp, typename T>
  HIPCUB_RUNTIME_FUNCTION static hipError_t Reduce(void *d_temp_storage, size_t &temp_storage_bytes,
                                                   InputIteratorT d_in, OutputIteratorT d_out, int num_segments,
                                                   BeginOffsetIteratorT d_begin_offsets,
                                                   EndOffsetIteratorT d_end_offsets, ReductionOp reduction_op,
                                                   T initial_value, hipStream_t stream = 0,
                                                   bool debug_synchronous = false) {
    hipError_t e;
    if (detail::storage_done(d_temp_storage, temp_storage_bytes, detail::small_storage, e)) return e;
    const size_t segments = detail::count_of(num_segments);
    return detail::host::enqueue(
        stream,
        [=]() {
          detail::host::for_chunks(segments, detail::host::chunks_for(segments, 64), [&](size_t, size_t b, size_t en) {
            for (size_t s = b; s < en; ++s) {
              T acc = initial_value;
              const size_t first = size_t(d_begin_offsets[s]), last = size_t(d_end_offsets[s]);
              for (size_t i = first; i < last; ++i) acc = static_cast<T>(reduction_op(acc, d_in[i]));
              d_out[s] = acc;
            }
          });
        },
        debug_synchronous);
  }
#define HIPCUB_SEG_SIMPLE(NAME, OP, INIT)                                                                          \
  template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,                     \
            typename EndOffsetIteratorT>                                                                           \
  HIPCUB_RUNTIME_FUNCTION static hipError_t NAME(void *d_temp_storage, size_t &temp_storage_bytes,                 \
                                                 InputIteratorT d_in, OutputIteratorT d_out, int num_segments,     \
                                                 BeginOffsetIteratorT d_begin_offsets,                             \
                                                 EndOffsetIteratorT d_end_offsets, hipStream_t stream = 0,         \
                                                 bool debug_synchronous = false) {                                 \
    using T = detail::out_or_in_t<OutputIteratorT, InputIteratorT>;                                                \
    return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets, d_end_offsets,   \
                  OP, INIT, stream, debug_synchronous);                                                            \
  }
  HIPCUB_SEG_SIMPLE(Sum, ::hipcub::Sum(), T(0))
  HIPCUB_SEG_SIMPLE(Min, ::hipcub::Min(), Traits<T>::Max())
  HIPCUB_SEG_SIMPLE(Max, ::hipcub::Max(), Traits<T>::Lowest())
#undef HIPCUB_SEG_SIMPLE
#define HIPCUB_SEG_ARG(NAME, OP, EMPTY)                                                                            \
  template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,                     \
            typename EndOffsetIteratorT>                                                                           \
  HIPCUB_RUNTIME_FUNCTION static hipError_t NAME(void *d_temp_storage, size_t &temp_storage_bytes,                 \
                                                 InputIteratorT d_in, OutputIteratorT d_out, int num_segments,     \
                                                 BeginOffsetIteratorT d_begin_offsets,                             \
                                                 EndOffsetIteratorT d_end_offsets, hipStream_t stream = 0,         \
                                                 bool debug_synchronous = false) {                                 \
    hipError_t e;                                                                                                  \
    if (detail::storage_done(d_temp_storage, temp_storage_bytes, detail::small_storage, e)) return e;              \
    const size_t segments = detail::count_of(num_segments);                                                        \
    return detail::host::enqueue(                                                                                  \
        stream,                                                                                                    \
        [=]() {                                                                                                    \
          using T = detail::it_value_t<InputIteratorT>;                                                            \
          using P = KeyValuePair<int, T>;                                                                          \
          OP op;                                                                                                   \
          for (size_t s = 0; s < segments; ++s) {                                                                  \
            const size_t first = size_t(d_begin_offsets[s]), last = size_t(d_end_offsets[s]);                      \
            P acc(1, EMPTY);                                                                                       \
            if (last > first) {                                                                                    \
              acc = P(0, static_cast<T>(d_in[first]));                                                             \
              for (size_t i = first + 1; i < last; ++i) acc = op(acc, P(int(i - first), static_cast<T>(d_in[i]))); \
            }                                                                                                      \
            d_out[s] = acc;                                                                                        \
          }                                                                                                        \
        },                                                                                                         \
        debug_synchronous);                                                                                        \
  }
  HIPCUB_SEG_ARG(ArgMin, ::hipcub::ArgMin, Traits<T>::Max())
  HIPCUB_SEG_ARG(ArgMax, ::hipcub::ArgMax, Traits<T>::Lowest())
#undef HIPCUB_SEG_ARG
};

END_HIPCUB_NAMESPACE
#endif

#endif
