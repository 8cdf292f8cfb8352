/* ferrocm rocPRIM: function objects (rocPRIM's functional.hpp names). */
#ifndef ROCPRIM_FUNCTIONAL_HPP_
#define ROCPRIM_FUNCTIONAL_HPP_

#include "config.hpp"

BEGIN_ROCPRIM_NAMESPACE

template <class T> ROCPRIM_HOST_DEVICE constexpr T max(const T &a, const T &b) { return a < b ? b : a; }
template <class T> ROCPRIM_HOST_DEVICE constexpr T min(const T &a, const T &b) { return b < a ? b : a; }
template <class T> ROCPRIM_HOST_DEVICE void swap(T &a, T &b) {
  T c = a;
  a = b;
  b = c;
}

#define ROCPRIM_BINARY_OP(NAME, EXPR, RESULT)                                                                \
  template <class T = void> struct NAME {                                                                   \
    ROCPRIM_HOST_DEVICE constexpr RESULT operator()(const T &a, const T &b) const { return EXPR; }          \
  };                                                                                                        \
  template <> struct NAME<void> {                                                                           \
    template <class T, class U>                                                                             \
    ROCPRIM_HOST_DEVICE constexpr auto operator()(const T &a, const U &b) const -> decltype(EXPR) {         \
      return EXPR;                                                                                          \
    }                                                                                                       \
  };
ROCPRIM_BINARY_OP(plus, a + b, T)
ROCPRIM_BINARY_OP(minus, a - b, T)
ROCPRIM_BINARY_OP(multiplies, a * b, T)
ROCPRIM_BINARY_OP(bit_and, a & b, T)
ROCPRIM_BINARY_OP(bit_or, a | b, T)
ROCPRIM_BINARY_OP(bit_xor, a ^ b, T)
ROCPRIM_BINARY_OP(equal_to, a == b, bool)
ROCPRIM_BINARY_OP(not_equal_to, a != b, bool)
ROCPRIM_BINARY_OP(less, a < b, bool)
ROCPRIM_BINARY_OP(less_equal, a <= b, bool)
ROCPRIM_BINARY_OP(greater, a > b, bool)
ROCPRIM_BINARY_OP(greater_equal, a >= b, bool)
#undef ROCPRIM_BINARY_OP

template <class T = void> struct maximum {
  ROCPRIM_HOST_DEVICE constexpr T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
template <> struct maximum<void> {
  template <class T> ROCPRIM_HOST_DEVICE constexpr T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
template <class T = void> struct minimum {
  ROCPRIM_HOST_DEVICE constexpr T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};
template <> struct minimum<void> {
  template <class T> ROCPRIM_HOST_DEVICE constexpr T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};
template <class T = void> struct identity {
  ROCPRIM_HOST_DEVICE constexpr T operator()(const T &a) const { return a; }
};
template <> struct identity<void> {
  template <class T> ROCPRIM_HOST_DEVICE constexpr T operator()(const T &a) const { return a; }
};

END_ROCPRIM_NAMESPACE

#endif
