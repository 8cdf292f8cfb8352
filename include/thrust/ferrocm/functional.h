// ferrocm's rocThrust, CPU platform: thrust/functional.h (function objects and the
// placeholders _1, _2, ... of thrust::placeholders), thrust/pair.h and thrust/tuple.h.
//
// thrust::tuple and thrust::pair are std::tuple and std::pair, as in Thrust 2 and rocThrust 3
// (there they are cuda::std's / std's); thrust::get, make_tuple, tie... are std's.
#pragma once

#include <functional>
#include <tuple>
#include <type_traits>
#include <utility>

namespace thrust {

using std::get;
using std::make_pair;
using std::make_tuple;
using std::pair;
using std::tie;
using std::tuple;
using std::tuple_element;
using std::tuple_size;
using std::ignore;

#define FERROCM_THRUST_BINARY_FN(name, expr)                                              \
  template <class T = void>                                                               \
  struct name {                                                                           \
    using first_argument_type = T;                                                        \
    using second_argument_type = T;                                                       \
    using result_type = decltype(std::declval<T>() expr std::declval<T>());               \
    constexpr result_type operator()(const T &a, const T &b) const { return a expr b; }   \
  };                                                                                      \
  template <>                                                                             \
  struct name<void> {                                                                     \
    using is_transparent = void;                                                          \
    template <class A, class B>                                                           \
    constexpr auto operator()(A &&a, B &&b) const                                         \
        -> decltype(std::forward<A>(a) expr std::forward<B>(b)) {                         \
      return std::forward<A>(a) expr std::forward<B>(b);                                  \
    }                                                                                     \
  };

FERROCM_THRUST_BINARY_FN(plus, +)
FERROCM_THRUST_BINARY_FN(minus, -)
FERROCM_THRUST_BINARY_FN(multiplies, *)
FERROCM_THRUST_BINARY_FN(divides, /)
FERROCM_THRUST_BINARY_FN(modulus, %)
FERROCM_THRUST_BINARY_FN(equal_to, ==)
FERROCM_THRUST_BINARY_FN(not_equal_to, !=)
FERROCM_THRUST_BINARY_FN(greater, >)
FERROCM_THRUST_BINARY_FN(less, <)
FERROCM_THRUST_BINARY_FN(greater_equal, >=)
FERROCM_THRUST_BINARY_FN(less_equal, <=)
FERROCM_THRUST_BINARY_FN(logical_and, &&)
FERROCM_THRUST_BINARY_FN(logical_or, ||)
FERROCM_THRUST_BINARY_FN(bit_and, &)
FERROCM_THRUST_BINARY_FN(bit_or, |)
FERROCM_THRUST_BINARY_FN(bit_xor, ^)
#undef FERROCM_THRUST_BINARY_FN

template <class T = void>
struct negate {
  constexpr T operator()(const T &a) const { return -a; }
};
template <>
struct negate<void> {
  template <class A>
  constexpr auto operator()(A &&a) const -> decltype(-std::forward<A>(a)) {
    return -std::forward<A>(a);
  }
};
template <class T = void>
struct logical_not {
  constexpr bool operator()(const T &a) const { return !a; }
};
template <>
struct logical_not<void> {
  template <class A>
  constexpr bool operator()(A &&a) const {
    return !std::forward<A>(a);
  }
};
template <class T = void>
struct bit_not {
  constexpr T operator()(const T &a) const { return ~a; }
};

// maximum/minimum: thrust's own (the larger / smaller, the first one on ties).
template <class T = void>
struct maximum {
  using result_type = T;
  constexpr T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
template <>
struct maximum<void> {
  template <class A, class B>
  constexpr std::common_type_t<A, B> operator()(const A &a, const B &b) const {
    return a < b ? b : a;
  }
};
template <class T = void>
struct minimum {
  using result_type = T;
  constexpr T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};
template <>
struct minimum<void> {
  template <class A, class B>
  constexpr std::common_type_t<A, B> operator()(const A &a, const B &b) const {
    return b < a ? b : a;
  }
};
template <class T = void>
struct identity {
  constexpr const T &operator()(const T &a) const { return a; }
};
template <>
struct identity<void> {
  template <class A>
  constexpr A &&operator()(A &&a) const noexcept {
    return std::forward<A>(a);
  }
};
template <class T1 = void, class T2 = void>
struct project1st {
  constexpr const T1 &operator()(const T1 &a, const T2 &) const { return a; }
};
template <>
struct project1st<void, void> {
  template <class A, class B>
  constexpr A &&operator()(A &&a, B &&) const {
    return std::forward<A>(a);
  }
};
template <class T1 = void, class T2 = void>
struct project2nd {
  constexpr const T2 &operator()(const T1 &, const T2 &b) const { return b; }
};
template <>
struct project2nd<void, void> {
  template <class A, class B>
  constexpr B &&operator()(A &&, B &&b) const {
    return std::forward<B>(b);
  }
};

template <class F>
auto not_fn(F &&f) {
  return std::not_fn(std::forward<F>(f));
}

// ---------------------------------------------------------------------------------------------
// Placeholders: _1 + _2, _1 * 3.0f, -_1, _1 < _2 ... build function objects (Thrust's
// "placeholder expressions"). An actor holds an expression; calling it evaluates the
// expression with the call's arguments.

namespace ferrocm {
template <class E>
struct actor;

template <std::size_t N>
struct arg_expr {
  template <class... A>
  constexpr decltype(auto) eval(A &&...a) const {
    return std::get<N>(std::forward_as_tuple(std::forward<A>(a)...));
  }
};
template <class T>
struct value_expr {
  T v;
  template <class... A>
  constexpr const T &eval(A &&...) const {
    return v;
  }
};

template <class E>
struct actor {
  E e;
  template <class... A>
  constexpr decltype(auto) operator()(A &&...a) const {
    return e.eval(std::forward<A>(a)...);
  }
  // _1 = expr assigns through the first argument (thrust::for_each(v, _1 = 0)).
  template <class R>
  constexpr auto operator=(R &&r) const;
};

template <class T>
struct is_actor : std::false_type {};
template <class E>
struct is_actor<actor<E>> : std::true_type {};

template <class T>
constexpr auto as_expr(const actor<T> &a) {
  return a.e;
}
template <class T, std::enable_if_t<!is_actor<std::decay_t<T>>::value, int> = 0>
constexpr auto as_expr(const T &v) {
  return value_expr<T>{v};
}

template <class Op, class L, class R>
struct binary_expr {
  L l;
  R r;
  template <class... A>
  constexpr decltype(auto) eval(A &&...a) const {
    return Op{}(l.eval(a...), r.eval(a...));
  }
};
template <class Op, class X>
struct unary_expr {
  X x;
  template <class... A>
  constexpr decltype(auto) eval(A &&...a) const {
    return Op{}(x.eval(a...));
  }
};
struct assign_op {
  template <class A, class B>
  constexpr decltype(auto) operator()(A &&a, B &&b) const {
    return std::forward<A>(a) = std::forward<B>(b);
  }
};
template <class E>
template <class R>
constexpr auto actor<E>::operator=(R &&r) const {
  using RE = decltype(as_expr(r));
  return actor<binary_expr<assign_op, E, RE>>{{e, as_expr(r)}};
}

template <class L, class R>
inline constexpr bool either_actor_v = is_actor<std::decay_t<L>>::value || is_actor<std::decay_t<R>>::value;

#define FERROCM_THRUST_PH_BINARY(op, fn)                                                      \
  struct fn##_op {                                                                            \
    template <class A, class B>                                                               \
    constexpr auto operator()(A &&a, B &&b) const -> decltype(std::forward<A>(a) op std::forward<B>(b)) { \
      return std::forward<A>(a) op std::forward<B>(b);                                        \
    }                                                                                         \
  };                                                                                          \
  template <class L, class R, std::enable_if_t<either_actor_v<L, R>, int> = 0>                \
  constexpr auto operator op(const L &l, const R &r) {                                        \
    using LE = decltype(as_expr(l));                                                          \
    using RE = decltype(as_expr(r));                                                          \
    return actor<binary_expr<fn##_op, LE, RE>>{{as_expr(l), as_expr(r)}};                     \
  }
FERROCM_THRUST_PH_BINARY(+, add)
FERROCM_THRUST_PH_BINARY(-, sub)
FERROCM_THRUST_PH_BINARY(*, mul)
FERROCM_THRUST_PH_BINARY(/, div)
FERROCM_THRUST_PH_BINARY(%, mod)
FERROCM_THRUST_PH_BINARY(==, eq)
FERROCM_THRUST_PH_BINARY(!=, ne)
FERROCM_THRUST_PH_BINARY(<, lt)
FERROCM_THRUST_PH_BINARY(>, gt)
FERROCM_THRUST_PH_BINARY(<=, le)
FERROCM_THRUST_PH_BINARY(>=, ge)
FERROCM_THRUST_PH_BINARY(&&, land)
FERROCM_THRUST_PH_BINARY(||, lor)
FERROCM_THRUST_PH_BINARY(&, band)
FERROCM_THRUST_PH_BINARY(|, bor)
FERROCM_THRUST_PH_BINARY(^, bxor)
FERROCM_THRUST_PH_BINARY(<<, shl)
FERROCM_THRUST_PH_BINARY(>>, shr)
FERROCM_THRUST_PH_BINARY(+=, add_assign)
FERROCM_THRUST_PH_BINARY(-=, sub_assign)
FERROCM_THRUST_PH_BINARY(*=, mul_assign)
#undef FERROCM_THRUST_PH_BINARY

#define FERROCM_THRUST_PH_UNARY(op, fn)                                                  \
  struct fn##_op {                                                                       \
    template <class A>                                                                   \
    constexpr auto operator()(A &&a) const -> decltype(op std::forward<A>(a)) {          \
      return op std::forward<A>(a);                                                      \
    }                                                                                    \
  };                                                                                     \
  template <class E>                                                                     \
  constexpr auto operator op(const actor<E> &x) {                                        \
    return actor<unary_expr<fn##_op, E>>{{x.e}};                                         \
  }
FERROCM_THRUST_PH_UNARY(-, neg)
FERROCM_THRUST_PH_UNARY(!, lnot)
FERROCM_THRUST_PH_UNARY(~, bnot)
#undef FERROCM_THRUST_PH_UNARY
}  // namespace ferrocm

namespace placeholders {
inline constexpr ferrocm::actor<ferrocm::arg_expr<0>> _1{};
inline constexpr ferrocm::actor<ferrocm::arg_expr<1>> _2{};
inline constexpr ferrocm::actor<ferrocm::arg_expr<2>> _3{};
inline constexpr ferrocm::actor<ferrocm::arg_expr<3>> _4{};
}  // namespace placeholders

}  // namespace thrust
