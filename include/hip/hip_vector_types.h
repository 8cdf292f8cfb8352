/*
 * HIP vector types: char1..double4 with make_<type>N. In C they are plain structs; in
 * C++ they are HIP_vector_type<T, N> with HIP's element-wise operators. Alignment is
 * HIP's: N * sizeof(T) for N = 1, 2, 4 and sizeof(T) for N = 3.
 */
#ifndef HIP_VECTOR_TYPES_H
#define HIP_VECTOR_TYPES_H

#include "hip_common.h"

#if defined(__HIP_PLATFORM_NVIDIA__)
#include "nvidia/hip_vector_types.h"
#else /* the rest of this file is the CPU platform's */

#ifndef __cplusplus

#define __FERROCM_VEC_C(T, NAME)                                                                            \
  typedef struct __attribute__((aligned(sizeof(T)))) NAME##1 { T x; } NAME##1;                               \
  typedef struct __attribute__((aligned(2 * sizeof(T)))) NAME##2 { T x, y; } NAME##2;                        \
  typedef struct NAME##3 { T x, y, z; } NAME##3;                                                               \
  typedef struct __attribute__((aligned(4 * sizeof(T)))) NAME##4 { T x, y, z, w; } NAME##4;                  \
  static inline NAME##1 make_##NAME##1(T x) { NAME##1 r = {x}; return r; }                                     \
  static inline NAME##2 make_##NAME##2(T x, T y) { NAME##2 r = {x, y}; return r; }                             \
  static inline NAME##3 make_##NAME##3(T x, T y, T z) { NAME##3 r = {x, y, z}; return r; }                     \
  static inline NAME##4 make_##NAME##4(T x, T y, T z, T w) { NAME##4 r = {x, y, z, w}; return r; }

#else /* C++ */

#include <type_traits>

namespace hip_impl {
template <class T, unsigned N> struct vec_storage;
template <class T> struct alignas(sizeof(T)) vec_storage<T, 1> {
  T x;
};
template <class T> struct alignas(2 * sizeof(T)) vec_storage<T, 2> {
  T x, y;
};
template <class T> struct vec_storage<T, 3> {
  T x, y, z;
};
template <class T> struct alignas(4 * sizeof(T)) vec_storage<T, 4> {
  T x, y, z, w;
};
/* Applies f to each pair of elements. */
template <unsigned N> struct vec_each;
template <> struct vec_each<1> {
  template <class A, class B, class F> static void run(A &a, B &b, F f) { f(a.x, b.x); }
};
template <> struct vec_each<2> {
  template <class A, class B, class F> static void run(A &a, B &b, F f) {
    f(a.x, b.x);
    f(a.y, b.y);
  }
};
template <> struct vec_each<3> {
  template <class A, class B, class F> static void run(A &a, B &b, F f) {
    f(a.x, b.x);
    f(a.y, b.y);
    f(a.z, b.z);
  }
};
template <> struct vec_each<4> {
  template <class A, class B, class F> static void run(A &a, B &b, F f) {
    f(a.x, b.x);
    f(a.y, b.y);
    f(a.z, b.z);
    f(a.w, b.w);
  }
};
#define __FERROCM_VEC_FN(NAME, EXPR)                                                                        \
  struct NAME {                                                                                              \
    template <class T> void operator()(T &a, const T &b) const { EXPR; }                                    \
  };
__FERROCM_VEC_FN(op_add, a = T(a + b))
__FERROCM_VEC_FN(op_sub, a = T(a - b))
__FERROCM_VEC_FN(op_mul, a = T(a * b))
__FERROCM_VEC_FN(op_div, a = T(a / b))
__FERROCM_VEC_FN(op_mod, a = T(a % b))
__FERROCM_VEC_FN(op_and, a = T(a & b))
__FERROCM_VEC_FN(op_or, a = T(a | b))
__FERROCM_VEC_FN(op_xor, a = T(a ^ b))
__FERROCM_VEC_FN(op_shl, a = T(a << b))
__FERROCM_VEC_FN(op_shr, a = T(a >> b))
#undef __FERROCM_VEC_FN
struct op_eq {
  bool *r;
  template <class T> void operator()(const T &a, const T &b) const { *r = *r && a == b; }
};
} // namespace hip_impl

template <class T, unsigned N> struct HIP_vector_type : ::hip_impl::vec_storage<T, N> {
  using value_type = T;
  static constexpr unsigned size = N;

  HIP_vector_type() = default;
  /* Broadcast (explicit, as in HIP). */
  explicit constexpr HIP_vector_type(T v) : HIP_vector_type(v, v, v, v, 0) {}
  template <unsigned M = N, class = typename std::enable_if<M == 2>::type>
  constexpr HIP_vector_type(T x, T y) : ::hip_impl::vec_storage<T, N>{x, y} {}
  template <unsigned M = N, class = typename std::enable_if<M == 3>::type>
  constexpr HIP_vector_type(T x, T y, T z) : ::hip_impl::vec_storage<T, N>{x, y, z} {}
  template <unsigned M = N, class = typename std::enable_if<M == 4>::type>
  constexpr HIP_vector_type(T x, T y, T z, T w) : ::hip_impl::vec_storage<T, N>{x, y, z, w} {}

#define __FERROCM_VEC_ASSIGN(OP, FN)                                                                        \
  HIP_vector_type &operator OP(const HIP_vector_type &o) {                                                  \
    ::hip_impl::vec_each<N>::run(*this, o, ::hip_impl::FN());                                               \
    return *this;                                                                                           \
  }                                                                                                         \
  HIP_vector_type &operator OP(T s) { return *this OP HIP_vector_type(s); }
  __FERROCM_VEC_ASSIGN(+=, op_add)
  __FERROCM_VEC_ASSIGN(-=, op_sub)
  __FERROCM_VEC_ASSIGN(*=, op_mul)
  __FERROCM_VEC_ASSIGN(/=, op_div)
  __FERROCM_VEC_ASSIGN(%=, op_mod)
  __FERROCM_VEC_ASSIGN(&=, op_and)
  __FERROCM_VEC_ASSIGN(|=, op_or)
  __FERROCM_VEC_ASSIGN(^=, op_xor)
  __FERROCM_VEC_ASSIGN(<<=, op_shl)
  __FERROCM_VEC_ASSIGN(>>=, op_shr)
#undef __FERROCM_VEC_ASSIGN

  HIP_vector_type &operator++() { return *this += T(1); }
  HIP_vector_type operator++(int) {
    HIP_vector_type t(*this);
    ++*this;
    return t;
  }
  HIP_vector_type &operator--() { return *this -= T(1); }
  HIP_vector_type operator--(int) {
    HIP_vector_type t(*this);
    --*this;
    return t;
  }
  HIP_vector_type operator-() const { return HIP_vector_type(T(0)) - *this; }
  HIP_vector_type operator+() const { return *this; }
  HIP_vector_type operator~() const { return HIP_vector_type(T(~T(0))) ^ *this; }

private:
  /* Broadcast helper: picks the first N values. */
  constexpr HIP_vector_type(T a, T b, T c, T d, int) : HIP_vector_type(pick(a, b, c, d)) {}
  static constexpr ::hip_impl::vec_storage<T, N> pick(T a, T b, T c, T d) {
    return pick_n(a, b, c, d, static_cast<std::integral_constant<unsigned, N> *>(nullptr));
  }
  static constexpr ::hip_impl::vec_storage<T, N> pick_n(T a, T, T, T, std::integral_constant<unsigned, 1> *) {
    return {a};
  }
  static constexpr ::hip_impl::vec_storage<T, N> pick_n(T a, T b, T, T, std::integral_constant<unsigned, 2> *) {
    return {a, b};
  }
  static constexpr ::hip_impl::vec_storage<T, N> pick_n(T a, T b, T c, T, std::integral_constant<unsigned, 3> *) {
    return {a, b, c};
  }
  static constexpr ::hip_impl::vec_storage<T, N> pick_n(T a, T b, T c, T d, std::integral_constant<unsigned, 4> *) {
    return {a, b, c, d};
  }
  constexpr HIP_vector_type(const ::hip_impl::vec_storage<T, N> &s) : ::hip_impl::vec_storage<T, N>(s) {}
};

template <class T> struct HIP_vector_type<T, 1> : ::hip_impl::vec_storage<T, 1> {
  using value_type = T;
  static constexpr unsigned size = 1;
  HIP_vector_type() = default;
  constexpr HIP_vector_type(T v) : ::hip_impl::vec_storage<T, 1>{v} {}
#define __FERROCM_VEC_ASSIGN(OP, FN)                                                                        \
  HIP_vector_type &operator OP(const HIP_vector_type &o) {                                                  \
    ::hip_impl::vec_each<1>::run(*this, o, ::hip_impl::FN());                                               \
    return *this;                                                                                           \
  }
  __FERROCM_VEC_ASSIGN(+=, op_add)
  __FERROCM_VEC_ASSIGN(-=, op_sub)
  __FERROCM_VEC_ASSIGN(*=, op_mul)
  __FERROCM_VEC_ASSIGN(/=, op_div)
  __FERROCM_VEC_ASSIGN(%=, op_mod)
  __FERROCM_VEC_ASSIGN(&=, op_and)
  __FERROCM_VEC_ASSIGN(|=, op_or)
  __FERROCM_VEC_ASSIGN(^=, op_xor)
  __FERROCM_VEC_ASSIGN(<<=, op_shl)
  __FERROCM_VEC_ASSIGN(>>=, op_shr)
#undef __FERROCM_VEC_ASSIGN
  HIP_vector_type &operator++() { return *this += HIP_vector_type(T(1)); }
  HIP_vector_type operator++(int) {
    HIP_vector_type t(*this);
    ++*this;
    return t;
  }
  HIP_vector_type &operator--() { return *this -= HIP_vector_type(T(1)); }
  HIP_vector_type operator--(int) {
    HIP_vector_type t(*this);
    --*this;
    return t;
  }
  HIP_vector_type operator-() const { return HIP_vector_type(T(-this->x)); }
  HIP_vector_type operator+() const { return *this; }
  HIP_vector_type operator~() const { return HIP_vector_type(T(~this->x)); }
};

#define __FERROCM_VEC_BINOP(OP)                                                                             \
  template <class T, unsigned N>                                                                            \
  inline HIP_vector_type<T, N> operator OP(HIP_vector_type<T, N> a, const HIP_vector_type<T, N> &b) {       \
    return a OP## = b;                                                                                      \
  }                                                                                                         \
  template <class T, unsigned N, class U, class = typename std::enable_if<std::is_arithmetic<U>::value>::type> \
  inline HIP_vector_type<T, N> operator OP(HIP_vector_type<T, N> a, U s) {                                  \
    return a OP## = HIP_vector_type<T, N>(T(s));                                                            \
  }                                                                                                         \
  template <class T, unsigned N, class U, class = typename std::enable_if<std::is_arithmetic<U>::value>::type> \
  inline HIP_vector_type<T, N> operator OP(U s, const HIP_vector_type<T, N> &b) {                           \
    HIP_vector_type<T, N> a((T(s)));                                                                         \
    return a OP## = b;                                                                                      \
  }
__FERROCM_VEC_BINOP(+)
__FERROCM_VEC_BINOP(-)
__FERROCM_VEC_BINOP(*)
__FERROCM_VEC_BINOP(/)
__FERROCM_VEC_BINOP(%)
__FERROCM_VEC_BINOP(&)
__FERROCM_VEC_BINOP(|)
__FERROCM_VEC_BINOP(^)
__FERROCM_VEC_BINOP(<<)
__FERROCM_VEC_BINOP(>>)
#undef __FERROCM_VEC_BINOP

template <class T, unsigned N> inline bool operator==(const HIP_vector_type<T, N> &a, const HIP_vector_type<T, N> &b) {
  bool r = true;
  ::hip_impl::vec_each<N>::run(a, b, ::hip_impl::op_eq{&r});
  return r;
}
template <class T, unsigned N> inline bool operator!=(const HIP_vector_type<T, N> &a, const HIP_vector_type<T, N> &b) {
  return !(a == b);
}

#define __FERROCM_VEC_CXX(T, NAME)                                                                          \
  typedef HIP_vector_type<T, 1> NAME##1;                                                                     \
  typedef HIP_vector_type<T, 2> NAME##2;                                                                     \
  typedef HIP_vector_type<T, 3> NAME##3;                                                                     \
  typedef HIP_vector_type<T, 4> NAME##4;                                                                     \
  static inline constexpr NAME##1 make_##NAME##1(T x) { return NAME##1(x); }                                  \
  static inline constexpr NAME##2 make_##NAME##2(T x, T y) { return NAME##2(x, y); }                          \
  static inline constexpr NAME##3 make_##NAME##3(T x, T y, T z) { return NAME##3(x, y, z); }                 \
  static inline constexpr NAME##4 make_##NAME##4(T x, T y, T z, T w) { return NAME##4(x, y, z, w); }

#endif /* __cplusplus */

#ifdef __cplusplus
#define __FERROCM_VEC __FERROCM_VEC_CXX
#else
#define __FERROCM_VEC __FERROCM_VEC_C
#endif

__FERROCM_VEC(char, char)
__FERROCM_VEC(unsigned char, uchar)
__FERROCM_VEC(short, short)
__FERROCM_VEC(unsigned short, ushort)
__FERROCM_VEC(int, int)
__FERROCM_VEC(unsigned int, uint)
__FERROCM_VEC(long, long)
__FERROCM_VEC(unsigned long, ulong)
__FERROCM_VEC(long long, longlong)
__FERROCM_VEC(unsigned long long, ulonglong)
__FERROCM_VEC(float, float)
__FERROCM_VEC(double, double)

#undef __FERROCM_VEC
#undef __FERROCM_VEC_C
#undef __FERROCM_VEC_CXX

#endif /* !__HIP_PLATFORM_NVIDIA__ */

#endif /* HIP_VECTOR_TYPES_H */
