/* ferrocm rocPRIM, CPU platform: device-wide radix sort (rocPRIM's device_radix_sort.hpp API).
 *
 * A stable LSD radix sort in 8-bit digits, each pass a parallel histogram + scatter
 * (detail/host_algorithms.hpp). The iterator forms sort from the input into the output through
 * scratch buffers carved from the temporary storage (n keys, and n values for pairs); the
 * double_buffer forms sort between the two buffers and swap them when the result ends in the
 * alternate one (decided on the host at the call, as on the GPU). */
#ifndef ROCPRIM_DEVICE_DEVICE_RADIX_SORT_HPP_
#define ROCPRIM_DEVICE_DEVICE_RADIX_SORT_HPP_

#include "detail/host_common.hpp"

BEGIN_ROCPRIM_NAMESPACE

namespace detail {
template <class Key> inline bool radix_bits_ok(unsigned begin_bit, unsigned end_bit) {
  return begin_bit <= end_bit && end_bit <= 8 * sizeof(Key);
}

template <bool Pairs, class KI, class KO, class VI, class VO>
hipError_t radix_sort_host(void *temporary_storage, size_t &storage_size, KI keys_input, KO keys_output,
                           VI values_input, VO values_output, size_t size, unsigned begin_bit, unsigned end_bit,
                           bool descending, hipStream_t stream, bool debug_synchronous) {
  using key_t = value_type_t<KI>;
  using value_t = std::conditional_t<Pairs, value_type_t<VI>, empty_type>;
  static_assert(host::is_radix_key<key_t>(), "radix sort keys are integers, float or double");
  static_assert(std::is_pointer<KO>::value && (!Pairs || std::is_pointer<VO>::value),
                "the CPU radix sort writes its output through pointers");
  host::storage_plan plan;
  const size_t koff = plan.add(size * sizeof(key_t));
  const size_t voff = plan.add(Pairs ? size * sizeof(value_t) : 0);
  hipError_t e;
  if (storage_done(temporary_storage, storage_size, plan.total(), e)) return e;
  if (!radix_bits_ok<key_t>(begin_bit, end_bit)) return hipErrorInvalidValue;
  key_t *kt = reinterpret_cast<key_t *>(static_cast<char *>(temporary_storage) + koff);
  value_t *vt = reinterpret_cast<value_t *>(static_cast<char *>(temporary_storage) + voff);
  return host::enqueue(
      stream,
      [=]() {
        value_t *vo = nullptr;
        if constexpr (Pairs) vo = values_output;
        if constexpr (Pairs)
          host::radix_sort_copy<key_t, value_t, true>(keys_input, values_input, keys_output, vo, kt, vt, size,
                                                      begin_bit, end_bit, descending);
        else
          host::radix_sort_copy<key_t, value_t, false>(keys_input, static_cast<value_t *>(nullptr), keys_output, vo,
                                                       kt, vt, size, begin_bit, end_bit, descending);
      },
      debug_synchronous);
}

template <bool Pairs, class Key, class Value>
hipError_t radix_sort_buffers_host(void *temporary_storage, size_t &storage_size, double_buffer<Key> &keys,
                                   double_buffer<Value> *values, size_t size, unsigned begin_bit, unsigned end_bit,
                                   bool descending, hipStream_t stream, bool debug_synchronous) {
  static_assert(host::is_radix_key<Key>(), "radix sort keys are integers, float or double");
  hipError_t e;
  if (storage_done(temporary_storage, storage_size, small_storage, e)) return e;
  if (!radix_bits_ok<Key>(begin_bit, end_bit)) return hipErrorInvalidValue;
  const bool other = size > 0 && (host::radix_passes(begin_bit, end_bit) & 1u) != 0;
  Key *k0 = keys.current(), *k1 = keys.alternate();
  Value *v0 = Pairs ? values->current() : nullptr, *v1 = Pairs ? values->alternate() : nullptr;
  e = host::enqueue(
      stream,
      [=]() {
        host::radix_sort_buffers<Key, Value, Pairs>(k0, v0, k1, v1, size, begin_bit, end_bit, descending, other);
      },
      debug_synchronous);
  if (e == hipSuccess && other) {
    keys.swap();
    if (Pairs) values->swap();
  }
  return e;
}
} // namespace detail

#define ROCPRIM_RADIX_KEYS(NAME, DESC)                                                                             \
  template <class Config = default_config, class KeysInputIterator, class KeysOutputIterator,                     \
            class Key = typename std::iterator_traits<KeysInputIterator>::value_type, class Size = size_t>        \
  inline hipError_t NAME(void *temporary_storage, size_t &storage_size, KeysInputIterator keys_input,              \
                         KeysOutputIterator keys_output, Size size, unsigned int begin_bit = 0,                    \
                         unsigned int end_bit = 8 * sizeof(Key), hipStream_t stream = 0,                           \
                         bool debug_synchronous = false) {                                                         \
    static_assert(std::is_integral<Size>::value, "Size must be an integral type.");                                \
    return detail::radix_sort_host<false>(temporary_storage, storage_size, keys_input, keys_output,                \
                                          static_cast<empty_type *>(nullptr), static_cast<empty_type *>(nullptr),  \
                                          size_t(size), begin_bit, end_bit, DESC, stream, debug_synchronous);      \
  }                                                                                                                \
  template <class Config = default_config, class Key, class Size = size_t>                                         \
  inline hipError_t NAME(void *temporary_storage, size_t &storage_size, double_buffer<Key> &keys, Size size,       \
                         unsigned int begin_bit = 0, unsigned int end_bit = 8 * sizeof(Key),                       \
                         hipStream_t stream = 0, bool debug_synchronous = false) {                                 \
    static_assert(std::is_integral<Size>::value, "Size must be an integral type.");                                \
    return detail::radix_sort_buffers_host<false, Key, empty_type>(temporary_storage, storage_size, keys, nullptr, \
                                                                   size_t(size), begin_bit, end_bit, DESC, stream, \
                                                                   debug_synchronous);                             \
  }
ROCPRIM_RADIX_KEYS(radix_sort_keys, false)
ROCPRIM_RADIX_KEYS(radix_sort_keys_desc, true)
#undef ROCPRIM_RADIX_KEYS

#define ROCPRIM_RADIX_PAIRS(NAME, DESC)                                                                            \
  template <class Config = default_config, class KeysInputIterator, class KeysOutputIterator,                     \
            class ValuesInputIterator, class ValuesOutputIterator,                                                 \
            class Key = typename std::iterator_traits<KeysInputIterator>::value_type, class Size = size_t>        \
  inline hipError_t NAME(void *temporary_storage, size_t &storage_size, KeysInputIterator keys_input,              \
                         KeysOutputIterator keys_output, ValuesInputIterator values_input,                         \
                         ValuesOutputIterator values_output, Size size, unsigned int begin_bit = 0,                \
                         unsigned int end_bit = 8 * sizeof(Key), hipStream_t stream = 0,                           \
                         bool debug_synchronous = false) {                                                         \
    static_assert(std::is_integral<Size>::value, "Size must be an integral type.");                                \
    return detail::radix_sort_host<true>(temporary_storage, storage_size, keys_input, keys_output, values_input,   \
                                         values_output, size_t(size), begin_bit, end_bit, DESC, stream,            \
                                         debug_synchronous);                                                       \
  }                                                                                                                \
  template <class Config = default_config, class Key, class Value, class Size = size_t>                            \
  inline hipError_t NAME(void *temporary_storage, size_t &storage_size, double_buffer<Key> &keys,                  \
                         double_buffer<Value> &values, Size size, unsigned int begin_bit = 0,                      \
                         unsigned int end_bit = 8 * sizeof(Key), hipStream_t stream = 0,                           \
                         bool debug_synchronous = false) {                                                         \
    static_assert(std::is_integral<Size>::value, "Size must be an integral type.");                                \
    return detail::radix_sort_buffers_host<true, Key, Value>(temporary_storage, storage_size, keys, &values,       \
                                                             size_t(size), begin_bit, end_bit, DESC, stream,       \
                                                             debug_synchronous);                                   \
  }
ROCPRIM_RADIX_PAIRS(radix_sort_pairs, false)
ROCPRIM_RADIX_PAIRS(radix_sort_pairs_desc, true)
#undef ROCPRIM_RADIX_PAIRS

END_ROCPRIM_NAMESPACE

#endif
