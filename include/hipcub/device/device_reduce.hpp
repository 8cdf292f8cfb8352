/* ferrocm hipCUB: DeviceReduce (CUB's device_reduce.cuh API). CPU: host-parallel reductions
 * enqueued on the stream (rocprim/detail/host_parallel.hpp). NVIDIA: CUB's. */
#ifndef HIPCUB_DEVICE_DEVICE_REDUCE_HPP_
#define HIPCUB_DEVICE_DEVICE_REDUCE_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "device_common.hpp"

BEGIN_HIPCUB_NAMESPACE

struct DeviceReduce {
  /* *d_out = init op d_in[0] op ... op d_in[num_items - 1]. */
  template <typename InputIteratorT, typename OutputIteratorT, typename ReductionOpT, typename T, typename NumItemsT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t Reduce(void *d_temp_storage, size_t &temp_storage_bytes,
                                                   InputIteratorT d_in, OutputIteratorT d_out, NumItemsT num_items,
                                                   ReductionOpT reduction_op, T init, hipStream_t stream = 0,
                                                   bool debug_synchronous = false) {
    hipError_t e;
    if (detail::storage_done(d_temp_storage, temp_storage_bytes, detail::small_storage, e)) return e;
    const size_t n = detail::count_of(num_items);
    return detail::host::enqueue(
        stream, [=]() { detail::put(d_out, detail::host::reduce<T>(d_in, n, init, reduction_op)); },
        debug_synchronous);
  }
  template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t Sum(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                                OutputIteratorT d_out, NumItemsT num_items, hipStream_t stream = 0,
                                                bool debug_synchronous = false) {
    using T = detail::out_or_in_t<OutputIteratorT, InputIteratorT>;
    return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, ::hipcub::Sum(), T(0), stream,
                  debug_synchronous);
  }
  template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t Min(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                                OutputIteratorT d_out, NumItemsT num_items, hipStream_t stream = 0,
                                                bool debug_synchronous = false) {
    using T = detail::it_value_t<InputIteratorT>;
    return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, ::hipcub::Min(), Traits<T>::Max(),
                  stream, debug_synchronous);
  }
  template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t Max(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                                OutputIteratorT d_out, NumItemsT num_items, hipStream_t stream = 0,
                                                bool debug_synchronous = false) {
    using T = detail::it_value_t<InputIteratorT>;
    return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, ::hipcub::Max(), Traits<T>::Lowest(),
                  stream, debug_synchronous);
  }
  /* {offset, value} of the first smallest item; {1, Max()} for no items (CUB's rule). */
  template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t ArgMin(void *d_temp_storage, size_t &temp_storage_bytes,
                                                   InputIteratorT d_in, OutputIteratorT d_out, NumItemsT num_items,
                                                   hipStream_t stream = 0, bool debug_synchronous = false) {
    using T = detail::it_value_t<InputIteratorT>;
    return arg(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, ::hipcub::ArgMin(), Traits<T>::Max(), stream,
               debug_synchronous);
  }
  /* {offset, value} of the first largest item; {1, Lowest()} for no items. */
  template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t ArgMax(void *d_temp_storage, size_t &temp_storage_bytes,
                                                   InputIteratorT d_in, OutputIteratorT d_out, NumItemsT num_items,
                                                   hipStream_t stream = 0, bool debug_synchronous = false) {
    using T = detail::it_value_t<InputIteratorT>;
    return arg(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, ::hipcub::ArgMax(), Traits<T>::Lowest(),
               stream, debug_synchronous);
  }
  /* Runs of equal consecutive keys: their first key and the reduction of their values. */
  template <typename KeysInputIteratorT, typename UniqueOutputIteratorT, typename ValuesInputIteratorT,
            typename AggregatesOutputIteratorT, typename NumRunsOutputIteratorT, typename ReductionOpT,
            typename NumItemsT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t
  ReduceByKey(void *d_temp_storage, size_t &temp_storage_bytes, KeysInputIteratorT d_keys_in,
              UniqueOutputIteratorT d_unique_out, ValuesInputIteratorT d_values_in,
              AggregatesOutputIteratorT d_aggregates_out, NumRunsOutputIteratorT d_num_runs_out,
              ReductionOpT reduction_op, NumItemsT num_items, hipStream_t stream = 0, bool debug_synchronous = false) {
    hipError_t e;
    if (detail::storage_done(d_temp_storage, temp_storage_bytes, detail::small_storage, e)) return e;
    const size_t n = detail::count_of(num_items);
    return detail::host::enqueue(
        stream,
        [=]() {
          using A = detail::out_or_in_t<AggregatesOutputIteratorT, ValuesInputIteratorT>;
          auto starts = detail::host::run_starts(d_keys_in, n, ::hipcub::Equality());
          const size_t runs = starts.empty() ? 0 : starts.size() - 1;
          detail::host::for_chunks(runs, detail::host::chunks_for(runs, 1024), [&](size_t, size_t b, size_t en) {
            for (size_t j = b; j < en; ++j) {
              d_unique_out[j] = d_keys_in[starts[j]];
              A acc = static_cast<A>(d_values_in[starts[j]]);
              for (size_t i = starts[j] + 1; i < starts[j + 1]; ++i) acc = static_cast<A>(reduction_op(acc, d_values_in[i]));
              d_aggregates_out[j] = acc;
            }
          });
          detail::put(d_num_runs_out, runs);
        },
        debug_synchronous);
  }

private:
  template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT, typename Op, typename T>
  static hipError_t arg(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in, OutputIteratorT d_out,
                        NumItemsT num_items, Op op, T empty, hipStream_t stream, bool debug_synchronous) {
    hipError_t e;
    if (detail::storage_done(d_temp_storage, temp_storage_bytes, detail::small_storage, e)) return e;
    const size_t n = detail::count_of(num_items);
    return detail::host::enqueue(
        stream,
        [=]() {
          using P = KeyValuePair<int, T>;
          if (n == 0) {
            *d_out = P(1, empty);
            return;
          }
          /* The pairs carry their offsets: item 0 seeds the reduction over offsets 1..n-1. */
          struct shifted {
            InputIteratorT in;
            P operator[](size_t i) const { return P(int(i + 1), static_cast<T>(in[i + 1])); }
          };
          const P first(0, static_cast<T>(d_in[0]));
          *d_out = detail::host::reduce<P>(shifted{d_in}, n - 1, first, op);
        },
        debug_synchronous);
  }
};

END_HIPCUB_NAMESPACE
#endif

#endif
