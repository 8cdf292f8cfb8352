/* ferrocm rocPRIM on NVIDIA: the device-wide algorithms over CUB (see rocprim_cub.hpp). */
#ifndef ROCPRIM_NVIDIA_DEVICE_CUB_HPP_
#define ROCPRIM_NVIDIA_DEVICE_CUB_HPP_

// CUB includes CCCL Thrust headers while its own are half-read: our thrust/ forwarders must
// only forward there (thrust/ferrocm/nvidia.h would pull in CUB headers that need what
// CUB has not defined yet: cub::detail::it_value_t with CUDA 13).
#ifndef FERROCM_THRUST_NV_NESTED
#define FERROCM_THRUST_NV_NESTED
#define FERROCM_CUB_SET_THRUST_NESTED
#endif
#include <cub/cub.cuh>
#ifdef FERROCM_CUB_SET_THRUST_NESTED
#undef FERROCM_THRUST_NV_NESTED
#undef FERROCM_CUB_SET_THRUST_NESTED
#endif

#if !defined(HIPCUB_NO_CUDART_SHIM)
#include "../../hipcub/backend/cub/cudart_shim.hpp"
#endif

#include "../config.hpp"
#include "../functional.hpp"
#include "../iterator.hpp"
#include "../types.hpp"

BEGIN_ROCPRIM_NAMESPACE

struct default_config {};

namespace detail {
inline hipError_t cub_status(cudaError_t e, void *temporary_storage, hipStream_t stream, bool debug_synchronous) {
  hipError_t h = static_cast<hipError_t>(static_cast<int>(e));
  if (h == hipSuccess && debug_synchronous && temporary_storage != nullptr) h = hipStreamSynchronize(stream);
  return h;
}
template <class It> using value_type_t = typename std::iterator_traits<It>::value_type;

/* A value that may be absent: rocPRIM's reduce without an initial value, over CUB's reduce,
 * which needs one (the absent value is the identity of the wrapped operator). */
template <class T> struct maybe {
  T v;
  bool has;
};
template <class T> struct to_maybe {
  ROCPRIM_HOST_DEVICE maybe<T> operator()(const T &x) const { return maybe<T>{x, true}; }
};
template <class T, class Op> struct maybe_op {
  Op op;
  ROCPRIM_HOST_DEVICE maybe<T> operator()(const maybe<T> &a, const maybe<T> &b) const {
    if (!a.has) return b;
    if (!b.has) return a;
    return maybe<T>{static_cast<T>(op(a.v, b.v)), true};
  }
};
/* Writes the value when there is one. */
template <class Out> struct maybe_writer {
  Out out;
  template <class T> ROCPRIM_HOST_DEVICE const maybe_writer &operator=(const maybe<T> &m) const {
    if (m.has) *out = m.v;
    return *this;
  }
};
template <class Out> struct maybe_output {
  using value_type = void;
  using difference_type = std::ptrdiff_t;
  using pointer = void;
  using reference = maybe_writer<Out>;
  using iterator_category = std::random_access_iterator_tag;
  Out out;
  ROCPRIM_HOST_DEVICE maybe_writer<Out> operator*() const { return maybe_writer<Out>{out}; }
  ROCPRIM_HOST_DEVICE maybe_writer<Out> operator[](difference_type) const { return maybe_writer<Out>{out}; }
  ROCPRIM_HOST_DEVICE maybe_output operator+(difference_type) const { return *this; }
};

template <class In, class Out, class Op>
__global__ void transform_kernel(In input, Out output, size_t size, Op op) {
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < size; i += size_t(gridDim.x) * blockDim.x)
    output[i] = op(input[i]);
}
} // namespace detail

/* ---------------------------------------------------------------- reduce */
template <class Config = default_config, class InputIterator, class OutputIterator, class InitValueType,
          class BinaryFunction = ::rocprim::plus<typename std::iterator_traits<InputIterator>::value_type>>
inline hipError_t reduce(void *temporary_storage, size_t &storage_size, InputIterator input, OutputIterator output,
                         const InitValueType initial_value, const size_t size,
                         BinaryFunction reduce_op = BinaryFunction(), const hipStream_t stream = 0,
                         bool debug_synchronous = false) {
  return detail::cub_status(::cub::DeviceReduce::Reduce(temporary_storage, storage_size, input, output, size, reduce_op,
                                                        initial_value, stream),
                            temporary_storage, stream, debug_synchronous);
}
template <class Config = default_config, class InputIterator, class OutputIterator,
          class BinaryFunction = ::rocprim::plus<typename std::iterator_traits<InputIterator>::value_type>>
inline hipError_t reduce(void *temporary_storage, size_t &storage_size, InputIterator input, OutputIterator output,
                         const size_t size, BinaryFunction reduce_op = BinaryFunction(), const hipStream_t stream = 0,
                         bool debug_synchronous = false) {
  using T = detail::value_type_t<InputIterator>;
  ::rocprim::transform_iterator<InputIterator, detail::to_maybe<T>, detail::maybe<T>> in(input, detail::to_maybe<T>());
  detail::maybe<T> none{};
  none.has = false;
  return detail::cub_status(
      ::cub::DeviceReduce::Reduce(temporary_storage, storage_size, in, detail::maybe_output<OutputIterator>{output}, size,
                                  detail::maybe_op<T, BinaryFunction>{reduce_op}, none, stream),
      temporary_storage, stream, debug_synchronous);
}

/* ---------------------------------------------------------------- scans */
template <class Config = default_config, class InputIterator, class OutputIterator,
          class BinaryFunction = ::rocprim::plus<typename std::iterator_traits<InputIterator>::value_type>>
inline hipError_t inclusive_scan(void *temporary_storage, size_t &storage_size, InputIterator input,
                                 OutputIterator output, const size_t size, BinaryFunction scan_op = BinaryFunction(),
                                 const hipStream_t stream = 0, bool debug_synchronous = false) {
  return detail::cub_status(
      ::cub::DeviceScan::InclusiveScan(temporary_storage, storage_size, input, output, scan_op, size, stream),
      temporary_storage, stream, debug_synchronous);
}
template <class Config = default_config, class InputIterator, class OutputIterator, class InitValueType,
          class BinaryFunction = ::rocprim::plus<typename std::iterator_traits<InputIterator>::value_type>>
inline hipError_t exclusive_scan(void *temporary_storage, size_t &storage_size, InputIterator input,
                                 OutputIterator output, const InitValueType initial_value, const size_t size,
                                 BinaryFunction scan_op = BinaryFunction(), const hipStream_t stream = 0,
                                 bool debug_synchronous = false) {
  return detail::cub_status(::cub::DeviceScan::ExclusiveScan(temporary_storage, storage_size, input, output, scan_op,
                                                             initial_value, size, stream),
                            temporary_storage, stream, debug_synchronous);
}
template <class Config = default_config, class KeysInputIterator, class ValuesInputIterator,
          class ValuesOutputIterator,
          class BinaryFunction = ::rocprim::plus<typename std::iterator_traits<ValuesInputIterator>::value_type>,
          class KeyCompareFunction = ::rocprim::equal_to<typename std::iterator_traits<KeysInputIterator>::value_type>>
inline hipError_t inclusive_scan_by_key(void *const temporary_storage, size_t &storage_size,
                                        const KeysInputIterator keys_input, const ValuesInputIterator values_input,
                                        const ValuesOutputIterator values_output, const size_t size,
                                        const BinaryFunction scan_op = BinaryFunction(),
                                        const KeyCompareFunction key_compare_op = KeyCompareFunction(),
                                        const hipStream_t stream = 0, const bool debug_synchronous = false) {
  return detail::cub_status(::cub::DeviceScan::InclusiveScanByKey(temporary_storage, storage_size, keys_input,
                                                                  values_input, values_output, scan_op, size,
                                                                  key_compare_op, stream),
                            temporary_storage, stream, debug_synchronous);
}
template <class Config = default_config, class KeysInputIterator, class ValuesInputIterator,
          class ValuesOutputIterator, class InitialValueType,
          class BinaryFunction = ::rocprim::plus<typename std::iterator_traits<ValuesInputIterator>::value_type>,
          class KeyCompareFunction = ::rocprim::equal_to<typename std::iterator_traits<KeysInputIterator>::value_type>>
inline hipError_t exclusive_scan_by_key(void *const temporary_storage, size_t &storage_size,
                                        const KeysInputIterator keys_input, const ValuesInputIterator values_input,
                                        const ValuesOutputIterator values_output,
                                        const InitialValueType initial_value, const size_t size,
                                        const BinaryFunction scan_op = BinaryFunction(),
                                        const KeyCompareFunction key_compare_op = KeyCompareFunction(),
                                        const hipStream_t stream = 0, const bool debug_synchronous = false) {
  return detail::cub_status(::cub::DeviceScan::ExclusiveScanByKey(temporary_storage, storage_size, keys_input,
                                                                  values_input, values_output, scan_op, initial_value,
                                                                  size, key_compare_op, stream),
                            temporary_storage, stream, debug_synchronous);
}

/* ---------------------------------------------------------------- radix sort */

template <bool Desc> struct cub_radix {
  template <class K, class S>
  static cudaError_t keys(void *t, size_t &b, const K *in, K *out, S n, int bb, int eb, hipStream_t s) {
    return Desc ? ::cub::DeviceRadixSort::SortKeysDescending(t, b, in, out, n, bb, eb, s)
                : ::cub::DeviceRadixSort::SortKeys(t, b, in, out, n, bb, eb, s);
  }
  template <class K, class V, class S>
  static cudaError_t pairs(void *t, size_t &b, const K *ki, K *ko, const V *vi, V *vo, S n, int bb, int eb,
                           hipStream_t s) {
    return Desc ? ::cub::DeviceRadixSort::SortPairsDescending(t, b, ki, ko, vi, vo, n, bb, eb, s)
                : ::cub::DeviceRadixSort::SortPairs(t, b, ki, ko, vi, vo, n, bb, eb, s);
  }
  template <class K, class S>
  static cudaError_t keys_db(void *t, size_t &b, ::cub::DoubleBuffer<K> &k, S n, int bb, int eb, hipStream_t s) {
    return Desc ? ::cub::DeviceRadixSort::SortKeysDescending(t, b, k, n, bb, eb, s)
                : ::cub::DeviceRadixSort::SortKeys(t, b, k, n, bb, eb, s);
  }
  template <class K, class V, class S>
  static cudaError_t pairs_db(void *t, size_t &b, ::cub::DoubleBuffer<K> &k, ::cub::DoubleBuffer<V> &v, S n, int bb,
                              int eb, hipStream_t s) {
    return Desc ? ::cub::DeviceRadixSort::SortPairsDescending(t, b, k, v, n, bb, eb, s)
                : ::cub::DeviceRadixSort::SortPairs(t, b, k, v, n, bb, eb, s);
  }
};

#define ROCPRIM_CUB_RADIX_ALL(SUFFIX, DESC)                                                                        \
  template <class Config = default_config, class KeysInputIterator, class KeysOutputIterator,                     \
            class Key = typename std::iterator_traits<KeysInputIterator>::value_type, class Size = size_t>        \
  inline hipError_t radix_sort_keys##SUFFIX(void *temporary_storage, size_t &storage_size,                         \
                                            KeysInputIterator keys_input, KeysOutputIterator keys_output,          \
                                            Size size, unsigned int begin_bit = 0,                                 \
                                            unsigned int end_bit = 8 * sizeof(Key), hipStream_t stream = 0,        \
                                            bool debug_synchronous = false) {                                      \
    return detail::cub_status(cub_radix<DESC>::keys(temporary_storage, storage_size, keys_input, keys_output, size, \
                                                    int(begin_bit), int(end_bit), stream),                         \
                              temporary_storage, stream, debug_synchronous);                                       \
  }                                                                                                                \
  template <class Config = default_config, class Key, class Size = size_t>                                         \
  inline hipError_t radix_sort_keys##SUFFIX(void *temporary_storage, size_t &storage_size, double_buffer<Key> &keys, \
                                            Size size, unsigned int begin_bit = 0,                                 \
                                            unsigned int end_bit = 8 * sizeof(Key), hipStream_t stream = 0,        \
                                            bool debug_synchronous = false) {                                      \
    ::cub::DoubleBuffer<Key> k(keys.current(), keys.alternate());                                                  \
    hipError_t e = detail::cub_status(cub_radix<DESC>::keys_db(temporary_storage, storage_size, k, size,           \
                                                               int(begin_bit), int(end_bit), stream),              \
                                      temporary_storage, stream, debug_synchronous);                               \
    if (e == hipSuccess && k.selector != 0) keys.swap();                                                           \
    return e;                                                                                                      \
  }                                                                                                                \
  template <class Config = default_config, class KeysInputIterator, class KeysOutputIterator,                     \
            class ValuesInputIterator, class ValuesOutputIterator,                                                 \
            class Key = typename std::iterator_traits<KeysInputIterator>::value_type, class Size = size_t>        \
  inline hipError_t radix_sort_pairs##SUFFIX(void *temporary_storage, size_t &storage_size,                        \
                                             KeysInputIterator keys_input, KeysOutputIterator keys_output,         \
                                             ValuesInputIterator values_input, ValuesOutputIterator values_output, \
                                             Size size, unsigned int begin_bit = 0,                                \
                                             unsigned int end_bit = 8 * sizeof(Key), hipStream_t stream = 0,       \
                                             bool debug_synchronous = false) {                                     \
    return detail::cub_status(cub_radix<DESC>::pairs(temporary_storage, storage_size, keys_input, keys_output,      \
                                                     values_input, values_output, size, int(begin_bit),            \
                                                     int(end_bit), stream),                                        \
                              temporary_storage, stream, debug_synchronous);                                       \
  }                                                                                                                \
  template <class Config = default_config, class Key, class Value, class Size = size_t>                            \
  inline hipError_t radix_sort_pairs##SUFFIX(void *temporary_storage, size_t &storage_size,                        \
                                             double_buffer<Key> &keys, double_buffer<Value> &values, Size size,    \
                                             unsigned int begin_bit = 0, unsigned int end_bit = 8 * sizeof(Key),   \
                                             hipStream_t stream = 0, bool debug_synchronous = false) {             \
    ::cub::DoubleBuffer<Key> k(keys.current(), keys.alternate());                                                  \
    ::cub::DoubleBuffer<Value> v(values.current(), values.alternate());                                            \
    hipError_t e = detail::cub_status(cub_radix<DESC>::pairs_db(temporary_storage, storage_size, k, v, size,       \
                                                                int(begin_bit), int(end_bit), stream),             \
                                      temporary_storage, stream, debug_synchronous);                               \
    if (e == hipSuccess && k.selector != 0) {                                                                      \
      keys.swap();                                                                                                 \
      values.swap();                                                                                               \
    }                                                                                                              \
    return e;                                                                                                      \
  }
ROCPRIM_CUB_RADIX_ALL(, false)
ROCPRIM_CUB_RADIX_ALL(_desc, true)
#undef ROCPRIM_CUB_RADIX_ALL

/* ---------------------------------------------------------------- merge sort */
template <class Config = default_config, class KeysInputIterator, class KeysOutputIterator,
          class BinaryFunction = ::rocprim::less<typename std::iterator_traits<KeysInputIterator>::value_type>>
inline hipError_t merge_sort(void *temporary_storage, size_t &storage_size, KeysInputIterator keys_input,
                             KeysOutputIterator keys_output, const size_t size,
                             BinaryFunction compare_function = BinaryFunction(), const hipStream_t stream = 0,
                             bool debug_synchronous = false) {
  return detail::cub_status(::cub::DeviceMergeSort::SortKeysCopy(temporary_storage, storage_size, keys_input,
                                                                 keys_output, size, compare_function, stream),
                            temporary_storage, stream, debug_synchronous);
}
template <class Config = default_config, class KeysInputIterator, class KeysOutputIterator,
          class ValuesInputIterator, class ValuesOutputIterator,
          class BinaryFunction = ::rocprim::less<typename std::iterator_traits<KeysInputIterator>::value_type>>
inline hipError_t merge_sort(void *temporary_storage, size_t &storage_size, KeysInputIterator keys_input,
                             KeysOutputIterator keys_output, ValuesInputIterator values_input,
                             ValuesOutputIterator values_output, const size_t size,
                             BinaryFunction compare_function = BinaryFunction(), const hipStream_t stream = 0,
                             bool debug_synchronous = false) {
  return detail::cub_status(::cub::DeviceMergeSort::SortPairsCopy(temporary_storage, storage_size, keys_input,
                                                                  values_input, keys_output, values_output, size,
                                                                  compare_function, stream),
                            temporary_storage, stream, debug_synchronous);
}

/* ---------------------------------------------------------------- selection */
template <class Config = default_config, class InputIterator, class FlagIterator, class OutputIterator,
          class SelectedCountOutputIterator>
inline hipError_t select(void *temporary_storage, size_t &storage_size, InputIterator input, FlagIterator flags,
                         OutputIterator output, SelectedCountOutputIterator selected_count_output, const size_t size,
                         const hipStream_t stream = 0, const bool debug_synchronous = false) {
  return detail::cub_status(::cub::DeviceSelect::Flagged(temporary_storage, storage_size, input, flags, output,
                                                         selected_count_output, size, stream),
                            temporary_storage, stream, debug_synchronous);
}
template <class Config = default_config, class InputIterator, class OutputIterator,
          class SelectedCountOutputIterator, class UnaryPredicate>
inline hipError_t select(void *temporary_storage, size_t &storage_size, InputIterator input, OutputIterator output,
                         SelectedCountOutputIterator selected_count_output, const size_t size,
                         UnaryPredicate predicate, const hipStream_t stream = 0,
                         const bool debug_synchronous = false) {
  return detail::cub_status(::cub::DeviceSelect::If(temporary_storage, storage_size, input, output,
                                                    selected_count_output, size, predicate, stream),
                            temporary_storage, stream, debug_synchronous);
}
/* CUB's Unique compares with ==: equality_op is not used. */
template <class Config = default_config, class InputIterator, class OutputIterator, class UniqueCountOutputIterator,
          class EqualityOp = ::rocprim::equal_to<typename std::iterator_traits<InputIterator>::value_type>>
inline hipError_t unique(void *temporary_storage, size_t &storage_size, InputIterator input, OutputIterator output,
                         UniqueCountOutputIterator unique_count_output, const size_t size,
                         EqualityOp equality_op = EqualityOp(), const hipStream_t stream = 0,
                         const bool debug_synchronous = false) {
  (void)equality_op;
  return detail::cub_status(::cub::DeviceSelect::Unique(temporary_storage, storage_size, input, output,
                                                        unique_count_output, size, stream),
                            temporary_storage, stream, debug_synchronous);
}
template <class Config = default_config, class InputIterator, class FlagIterator, class OutputIterator,
          class SelectedCountOutputIterator>
inline hipError_t partition(void *temporary_storage, size_t &storage_size, InputIterator input, FlagIterator flags,
                            OutputIterator output, SelectedCountOutputIterator selected_count_output,
                            const size_t size, const hipStream_t stream = 0, const bool debug_synchronous = false) {
  return detail::cub_status(::cub::DevicePartition::Flagged(temporary_storage, storage_size, input, flags, output,
                                                            selected_count_output, size, stream),
                            temporary_storage, stream, debug_synchronous);
}
template <class Config = default_config, class InputIterator, class OutputIterator,
          class SelectedCountOutputIterator, class UnaryPredicate>
inline hipError_t partition(void *temporary_storage, size_t &storage_size, InputIterator input, OutputIterator output,
                            SelectedCountOutputIterator selected_count_output, const size_t size,
                            UnaryPredicate predicate, const hipStream_t stream = 0,
                            const bool debug_synchronous = false) {
  return detail::cub_status(::cub::DevicePartition::If(temporary_storage, storage_size, input, output,
                                                       selected_count_output, size, predicate, stream),
                            temporary_storage, stream, debug_synchronous);
}

/* ---------------------------------------------------------------- runs */
template <class Config = default_config, class InputIterator, class UniqueOutputIterator,
          class CountsOutputIterator, class RunsCountOutputIterator>
inline hipError_t run_length_encode(void *temporary_storage, size_t &storage_size, InputIterator input,
                                    unsigned int size, UniqueOutputIterator unique_output,
                                    CountsOutputIterator counts_output, RunsCountOutputIterator runs_count_output,
                                    hipStream_t stream = 0, bool debug_synchronous = false) {
  return detail::cub_status(::cub::DeviceRunLengthEncode::Encode(temporary_storage, storage_size, input, unique_output,
                                                                 counts_output, runs_count_output, int(size), stream),
                            temporary_storage, stream, debug_synchronous);
}
template <class Config = default_config, class InputIterator, class OffsetsOutputIterator,
          class CountsOutputIterator, class RunsCountOutputIterator>
inline hipError_t run_length_encode_non_trivial_runs(void *temporary_storage, size_t &storage_size,
                                                     InputIterator input, unsigned int size,
                                                     OffsetsOutputIterator offsets_output,
                                                     CountsOutputIterator counts_output,
                                                     RunsCountOutputIterator runs_count_output,
                                                     hipStream_t stream = 0, bool debug_synchronous = false) {
  return detail::cub_status(::cub::DeviceRunLengthEncode::NonTrivialRuns(temporary_storage, storage_size, input,
                                                                         offsets_output, counts_output,
                                                                         runs_count_output, int(size), stream),
                            temporary_storage, stream, debug_synchronous);
}
/* CUB's ReduceByKey compares keys with ==: key_compare_op is not used. */
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
  (void)key_compare_op;
  return detail::cub_status(::cub::DeviceReduce::ReduceByKey(temporary_storage, storage_size, keys_input,
                                                             unique_output, values_input, aggregates_output,
                                                             unique_count_output, reduce_op, int(size), stream),
                            temporary_storage, stream, debug_synchronous);
}

/* ---------------------------------------------------------------- segmented */
template <class Config = default_config, class InputIterator, class OutputIterator, class OffsetIterator,
          class BinaryFunction = ::rocprim::plus<typename std::iterator_traits<InputIterator>::value_type>,
          class InitValueType = typename std::iterator_traits<InputIterator>::value_type>
inline hipError_t segmented_reduce(void *temporary_storage, size_t &storage_size, InputIterator input,
                                   OutputIterator output, unsigned int segments, OffsetIterator begin_offsets,
                                   OffsetIterator end_offsets, BinaryFunction reduce_op = BinaryFunction(),
                                   InitValueType initial_value = InitValueType(), hipStream_t stream = 0,
                                   bool debug_synchronous = false) {
  return detail::cub_status(::cub::DeviceSegmentedReduce::Reduce(temporary_storage, storage_size, input, output,
                                                                 int(segments), begin_offsets, end_offsets, reduce_op,
                                                                 initial_value, stream),
                            temporary_storage, stream, debug_synchronous);
}
#define ROCPRIM_CUB_SEG(NAME, CUBNAME)                                                                             \
  template <class Config = default_config, class KeysInputIterator, class KeysOutputIterator,                     \
            class ValuesInputIterator, class ValuesOutputIterator, class OffsetIterator,                           \
            class Key = typename std::iterator_traits<KeysInputIterator>::value_type>                             \
  inline hipError_t NAME(void *temporary_storage, size_t &storage_size, KeysInputIterator keys_input,              \
                         KeysOutputIterator keys_output, ValuesInputIterator values_input,                         \
                         ValuesOutputIterator values_output, unsigned int size, unsigned int segments,             \
                         OffsetIterator begin_offsets, OffsetIterator end_offsets, unsigned int begin_bit = 0,     \
                         unsigned int end_bit = 8 * sizeof(Key), hipStream_t stream = 0,                          \
                         bool debug_synchronous = false) {                                                         \
    return detail::cub_status(::cub::DeviceSegmentedRadixSort::CUBNAME(                                            \
                                  temporary_storage, storage_size, keys_input, keys_output, values_input,          \
                                  values_output, int(size), int(segments), begin_offsets, end_offsets,             \
                                  int(begin_bit), int(end_bit), stream),                                           \
                              temporary_storage, stream, debug_synchronous);                                       \
  }
ROCPRIM_CUB_SEG(segmented_radix_sort_pairs, SortPairs)
ROCPRIM_CUB_SEG(segmented_radix_sort_pairs_desc, SortPairsDescending)
#undef ROCPRIM_CUB_SEG
#define ROCPRIM_CUB_SEGK(NAME, CUBNAME)                                                                            \
  template <class Config = default_config, class KeysInputIterator, class KeysOutputIterator, class OffsetIterator, \
            class Key = typename std::iterator_traits<KeysInputIterator>::value_type>                             \
  inline hipError_t NAME(void *temporary_storage, size_t &storage_size, KeysInputIterator keys_input,              \
                         KeysOutputIterator keys_output, unsigned int size, unsigned int segments,                 \
                         OffsetIterator begin_offsets, OffsetIterator end_offsets, unsigned int begin_bit = 0,     \
                         unsigned int end_bit = 8 * sizeof(Key), hipStream_t stream = 0,                          \
                         bool debug_synchronous = false) {                                                         \
    return detail::cub_status(::cub::DeviceSegmentedRadixSort::CUBNAME(                                            \
                                  temporary_storage, storage_size, keys_input, keys_output, int(size),             \
                                  int(segments), begin_offsets, end_offsets, int(begin_bit), int(end_bit), stream), \
                              temporary_storage, stream, debug_synchronous);                                       \
  }
ROCPRIM_CUB_SEGK(segmented_radix_sort_keys, SortKeys)
ROCPRIM_CUB_SEGK(segmented_radix_sort_keys_desc, SortKeysDescending)
#undef ROCPRIM_CUB_SEGK

/* ---------------------------------------------------------------- histogram */
template <class Config = default_config, class SampleIterator, class Counter, class Level>
inline hipError_t histogram_even(void *temporary_storage, size_t &storage_size, SampleIterator samples,
                                 unsigned int size, Counter *histogram, unsigned int levels, Level lower_level,
                                 Level upper_level, hipStream_t stream = 0, bool debug_synchronous = false) {
  return detail::cub_status(::cub::DeviceHistogram::HistogramEven(temporary_storage, storage_size, samples, histogram,
                                                                  int(levels), lower_level, upper_level, int(size),
                                                                  stream),
                            temporary_storage, stream, debug_synchronous);
}
template <class Config = default_config, class SampleIterator, class Counter, class Level>
inline hipError_t histogram_range(void *temporary_storage, size_t &storage_size, SampleIterator samples,
                                  unsigned int size, Counter *histogram, unsigned int levels, Level *level_values,
                                  hipStream_t stream = 0, bool debug_synchronous = false) {
  return detail::cub_status(::cub::DeviceHistogram::HistogramRange(temporary_storage, storage_size, samples,
                                                                   histogram, int(levels), level_values, int(size),
                                                                   stream),
                            temporary_storage, stream, debug_synchronous);
}

/* ---------------------------------------------------------------- adjacent difference */
#define ROCPRIM_CUB_ADJ(NAME, CUBNAME, INPLACE)                                                                    \
  template <class Config = default_config, class InputIt, class OutputIt,                                         \
            class BinaryFunction = ::rocprim::minus<typename std::iterator_traits<InputIt>::value_type>>          \
  hipError_t NAME(void *const temporary_storage, std::size_t &storage_size, const InputIt input,                   \
                  const OutputIt output, const std::size_t size, const BinaryFunction op = BinaryFunction{},       \
                  const hipStream_t stream = 0, const bool debug_synchronous = false) {                            \
    return detail::cub_status(::cub::DeviceAdjacentDifference::CUBNAME(temporary_storage, storage_size, input,     \
                                                                        output, size, op, stream),                 \
                              temporary_storage, stream, debug_synchronous);                                       \
  }
ROCPRIM_CUB_ADJ(adjacent_difference, SubtractLeftCopy, false)
ROCPRIM_CUB_ADJ(adjacent_difference_right, SubtractRightCopy, false)
#undef ROCPRIM_CUB_ADJ
template <class Config = default_config, class InputIt,
          class BinaryFunction = ::rocprim::minus<typename std::iterator_traits<InputIt>::value_type>>
hipError_t adjacent_difference_inplace(void *const temporary_storage, std::size_t &storage_size, const InputIt values,
                                       const std::size_t size, const BinaryFunction op = BinaryFunction{},
                                       const hipStream_t stream = 0, const bool debug_synchronous = false) {
  return detail::cub_status(
      ::cub::DeviceAdjacentDifference::SubtractLeft(temporary_storage, storage_size, values, size, op, stream),
      temporary_storage, stream, debug_synchronous);
}
template <class Config = default_config, class InputIt,
          class BinaryFunction = ::rocprim::minus<typename std::iterator_traits<InputIt>::value_type>>
hipError_t adjacent_difference_right_inplace(void *const temporary_storage, std::size_t &storage_size,
                                             const InputIt values, const std::size_t size,
                                             const BinaryFunction op = BinaryFunction{}, const hipStream_t stream = 0,
                                             const bool debug_synchronous = false) {
  return detail::cub_status(
      ::cub::DeviceAdjacentDifference::SubtractRight(temporary_storage, storage_size, values, size, op, stream),
      temporary_storage, stream, debug_synchronous);
}

/* ---------------------------------------------------------------- transform, batch_memcpy */
template <class Config = default_config, class InputIterator, class OutputIterator, class UnaryFunction>
inline hipError_t transform(InputIterator input, OutputIterator output, const size_t size,
                            UnaryFunction transform_op, const hipStream_t stream = 0, bool debug_synchronous = false) {
  if (size == 0) return hipSuccess;
  const size_t blocks = (size + 255) / 256;
  detail::transform_kernel<<<unsigned(blocks < 65535 ? blocks : 65535), 256, 0, stream>>>(input, output, size,
                                                                                         transform_op);
  hipError_t e = hipGetLastError();
  if (e == hipSuccess && debug_synchronous) e = hipStreamSynchronize(stream);
  return e;
}
#if CUB_VERSION >= 200100
template <class Config = default_config, class InputBufferItType, class OutputBufferItType, class BufferSizeItType>
inline hipError_t batch_memcpy(void *temporary_storage, size_t &storage_size, InputBufferItType sources,
                               OutputBufferItType destinations, BufferSizeItType sizes, uint32_t num_copies,
                               hipStream_t stream = 0, bool debug_synchronous = false) {
  return detail::cub_status(::cub::DeviceMemcpy::Batched(temporary_storage, storage_size, sources, destinations, sizes,
                                                         num_copies, stream),
                            temporary_storage, stream, debug_synchronous);
}
#endif

END_ROCPRIM_NAMESPACE

#endif
