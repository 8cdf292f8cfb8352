/* ferrocm rocPRIM, CPU platform: run-length encoding and reduce by key (rocPRIM's
 * device_run_length_encode.hpp and device_reduce_by_key.hpp APIs). */
#ifndef ROCPRIM_DEVICE_DEVICE_RUN_LENGTH_ENCODE_HPP_
#define ROCPRIM_DEVICE_DEVICE_RUN_LENGTH_ENCODE_HPP_

#include "detail/host_common.hpp"

BEGIN_ROCPRIM_NAMESPACE

template <class Config = default_config, class InputIterator, class UniqueOutputIterator,
          class CountsOutputIterator, class RunsCountOutputIterator>
inline hipError_t run_length_encode(void *temporary_storage, size_t &storage_size, InputIterator input,
                                    unsigned int size, UniqueOutputIterator unique_output,
                                    CountsOutputIterator counts_output, RunsCountOutputIterator runs_count_output,
                                    hipStream_t stream = 0, bool debug_synchronous = false) {
  hipError_t e;
  if (detail::storage_done(temporary_storage, storage_size, detail::small_storage, e)) return e;
  return detail::host::enqueue(
      stream,
      [=]() {
        using in_t = detail::value_type_t<InputIterator>;
        auto starts = detail::host::run_starts(input, size, ::rocprim::equal_to<in_t>());
        const size_t runs = starts.empty() ? 0 : starts.size() - 1;
        detail::host::pool::get().run(detail::host::chunks_for(runs), [&](size_t c) {
          detail::host::range r = detail::host::chunk(runs, detail::host::chunks_for(runs), c);
          for (size_t j = r.begin; j < r.end; ++j) {
            unique_output[j] = input[starts[j]];
            counts_output[j] = static_cast<detail::value_type_t<CountsOutputIterator>>(starts[j + 1] - starts[j]);
          }
        });
        *runs_count_output = static_cast<detail::value_type_t<RunsCountOutputIterator>>(runs);
      },
      debug_synchronous);
}

template <class Config = default_config, class InputIterator, class OffsetsOutputIterator,
          class CountsOutputIterator, class RunsCountOutputIterator>
inline hipError_t run_length_encode_non_trivial_runs(void *temporary_storage, size_t &storage_size,
                                                     InputIterator input, unsigned int size,
                                                     OffsetsOutputIterator offsets_output,
                                                     CountsOutputIterator counts_output,
                                                     RunsCountOutputIterator runs_count_output,
                                                     hipStream_t stream = 0, bool debug_synchronous = false) {
  hipError_t e;
  if (detail::storage_done(temporary_storage, storage_size, detail::small_storage, e)) return e;
  return detail::host::enqueue(
      stream,
      [=]() {
        using in_t = detail::value_type_t<InputIterator>;
        auto starts = detail::host::run_starts(input, size, ::rocprim::equal_to<in_t>());
        const size_t runs = starts.empty() ? 0 : starts.size() - 1;
        size_t m = 0;
        for (size_t j = 0; j < runs; ++j) {
          const size_t len = starts[j + 1] - starts[j];
          if (len > 1) {
            offsets_output[m] = static_cast<detail::value_type_t<OffsetsOutputIterator>>(starts[j]);
            counts_output[m] = static_cast<detail::value_type_t<CountsOutputIterator>>(len);
            ++m;
          }
        }
        *runs_count_output = static_cast<detail::value_type_t<RunsCountOutputIterator>>(m);
      },
      debug_synchronous);
}

template <class Config = default_config, class KeysInputIterator, class ValuesInputIterator,
          class UniqueOutputIterator, class AggregatesOutputIterator, class UniqueCountOutputIterator,
          class BinaryFunction = ::rocprim::plus<typename std::iterator_traits<ValuesInputIterator>::value_type>,
          class KeyCompareFunction = ::rocprim::equal_to<typename std::iterator_traits<KeysInputIterator>::value_type>>
inline hipError_t reduce_by_key(void *temporary_storage, size_t &storage_size, KeysInputIterator keys_input,
                                ValuesInputIterator values_input, unsigned int size,
                                UniqueOutputIterator unique_output, AggregatesOutputIterator aggregates_output,
                                UniqueCountOutputIterator unique_count_output,
                                BinaryFunction reduce_op = BinaryFunction(),
                                KeyCompareFunction key_compare_op = KeyCompareFunction(), hipStream_t stream = 0,
                                bool debug_synchronous = false) {
  hipError_t e;
  if (detail::storage_done(temporary_storage, storage_size, detail::small_storage, e)) return e;
  return detail::host::enqueue(
      stream,
      [=]() {
        using acc_t = detail::result_t<BinaryFunction, detail::value_type_t<ValuesInputIterator>>;
        auto starts = detail::host::run_starts(keys_input, size, key_compare_op);
        const size_t runs = starts.empty() ? 0 : starts.size() - 1;
        const size_t k = detail::host::chunks_for(runs, 1024);
        detail::host::for_chunks(runs, k, [&](size_t, size_t b, size_t en) {
          for (size_t j = b; j < en; ++j) {
            unique_output[j] = keys_input[starts[j]];
            acc_t acc = static_cast<acc_t>(values_input[starts[j]]);
            for (size_t i = starts[j] + 1; i < starts[j + 1]; ++i) acc = reduce_op(acc, values_input[i]);
            aggregates_output[j] = acc;
          }
        });
        *unique_count_output = static_cast<detail::value_type_t<UniqueCountOutputIterator>>(runs);
      },
      debug_synchronous);
}

END_ROCPRIM_NAMESPACE

#endif
