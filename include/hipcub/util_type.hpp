/* ferrocm hipCUB, CPU platform: utility types (CUB's util_type.cuh names). */
#ifndef HIPCUB_UTIL_TYPE_HPP_
#define HIPCUB_UTIL_TYPE_HPP_

#include "config.hpp"

#include <limits>

BEGIN_HIPCUB_NAMESPACE

struct NullType {};

/* A key and a value (ArgMin / ArgMax results: key = offset, value = item). */
template <typename K, typename V> struct KeyValuePair {
  typedef K Key;
  typedef V Value;
  Key key;
  Value value;
  HIPCUB_HOST_DEVICE KeyValuePair() = default;
  HIPCUB_HOST_DEVICE KeyValuePair(Key const &key, Value const &value) : key(key), value(value) {}
  HIPCUB_HOST_DEVICE bool operator!=(const KeyValuePair &b) { return (value != b.value) || (key != b.key); }
};

/* Two buffers of one sort (CUB's DoubleBuffer): d_buffers[selector] is current. */
template <typename T> struct DoubleBuffer {
  T *d_buffers[2];
  int selector;
  HIPCUB_HOST_DEVICE DoubleBuffer() {
    selector = 0;
    d_buffers[0] = nullptr;
    d_buffers[1] = nullptr;
  }
  HIPCUB_HOST_DEVICE DoubleBuffer(T *d_current, T *d_alternate) {
    selector = 0;
    d_buffers[0] = d_current;
    d_buffers[1] = d_alternate;
  }
  HIPCUB_HOST_DEVICE T *Current() { return d_buffers[selector]; }
  HIPCUB_HOST_DEVICE T *Alternate() { return d_buffers[selector ^ 1]; }
};

/* Limits of the arithmetic types (CUB's Traits<T>::Max() / Lowest()). */
template <typename T> struct Traits {
  static HIPCUB_HOST_DEVICE T Max() { return std::numeric_limits<T>::max(); }
  static HIPCUB_HOST_DEVICE T Lowest() { return std::numeric_limits<T>::lowest(); }
};

template <typename T> struct Uninitialized {
  alignas(T) unsigned char bytes[sizeof(T)];
  HIPCUB_HOST_DEVICE T &Alias() { return reinterpret_cast<T &>(*this); }
};

template <bool Condition, typename T, typename F> struct If {
  using Type = typename std::conditional<Condition, T, F>::type;
};
template <typename A, typename B> struct Equals {
  enum { VALUE = std::is_same<A, B>::value ? 1 : 0, NEGATE = std::is_same<A, B>::value ? 0 : 1 };
};
template <int N> struct Log2 {
  enum { VALUE = N <= 1 ? 0 : 1 + Log2<(N >> 1)>::VALUE };
};
template <> struct Log2<0> {
  enum { VALUE = 0 };
};
template <> struct Log2<1> {
  enum { VALUE = 0 };
};
template <int N> struct PowerOfTwo {
  enum { VALUE = (N > 0) && ((N & (N - 1)) == 0) };
};

/* The value type of an iterator, or T when that is void (CUB's output-type rule). */
namespace detail {
template <class It> using it_value_t = typename std::iterator_traits<It>::value_type;
template <class Out, class In>
using out_or_in_t = std::conditional_t<std::is_void<it_value_t<Out>>::value, it_value_t<In>, it_value_t<Out>>;
} // namespace detail

END_HIPCUB_NAMESPACE

#endif
