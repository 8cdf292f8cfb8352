/* ferrocm rocPRIM: utility types (rocPRIM's types.hpp names). */
#ifndef ROCPRIM_TYPES_HPP_
#define ROCPRIM_TYPES_HPP_

#include "config.hpp"

BEGIN_ROCPRIM_NAMESPACE

/* An empty type (a value that is not there). */
struct empty_type {};

/* A key and its value (arg_min / arg_max results, arg_index_iterator). */
template <class Key, class Value> struct key_value_pair {
  using key_type = Key;
  using value_type = Value;
  key_type key;
  value_type value;
  ROCPRIM_HOST_DEVICE key_value_pair() = default;
  ROCPRIM_HOST_DEVICE key_value_pair(const key_type k, const value_type v) : key(k), value(v) {}
  ROCPRIM_HOST_DEVICE bool operator!=(const key_value_pair &kvp) const { return key != kvp.key || value != kvp.value; }
  ROCPRIM_HOST_DEVICE bool operator==(const key_value_pair &kvp) const { return !(*this != kvp); }
};

/* Two buffers of one sort: current() holds the data, alternate() the scratch space; the sort
 * swaps them when the result ends in the other one. */
template <class T> class double_buffer {
  T *buffers[2];
  unsigned int selector;

public:
  ROCPRIM_HOST_DEVICE double_buffer() : buffers{nullptr, nullptr}, selector(0) {}
  ROCPRIM_HOST_DEVICE double_buffer(T *current, T *alternate) : buffers{current, alternate}, selector(0) {}
  ROCPRIM_HOST_DEVICE T *current() const { return buffers[selector]; }
  ROCPRIM_HOST_DEVICE T *alternate() const { return buffers[selector ^ 1]; }
  ROCPRIM_HOST_DEVICE void swap() { selector ^= 1; }
};

/* Lane masks of a wavefront. */
using lane_mask_type = uint64_t;

template <class T, unsigned int Items> struct uninitialized_array {
  alignas(T) unsigned char bytes[sizeof(T) * Items];
  ROCPRIM_HOST_DEVICE T *data() { return reinterpret_cast<T *>(bytes); }
  ROCPRIM_HOST_DEVICE T &operator[](unsigned int i) { return data()[i]; }
};

END_ROCPRIM_NAMESPACE

#endif
