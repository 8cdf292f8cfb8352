// ferrocm's rocThrust, CPU platform: thrust::complex<T> (thrust/complex.h). Layout: two T,
// aligned to 2*sizeof(T) as Thrust's is; the functions delegate to std::complex.
#pragma once

#include <cmath>
#include <complex>
#include <istream>
#include <ostream>
#include <type_traits>

namespace thrust {

template <class T>
struct alignas(2 * sizeof(T)) complex {
  using value_type = T;

  constexpr complex(const T &re = T(), const T &im = T()) : re_(re), im_(im) {}
  template <class U>
  constexpr complex(const complex<U> &o) : re_(T(o.real())), im_(T(o.imag())) {}
  complex(const std::complex<T> &o) : re_(o.real()), im_(o.imag()) {}
  operator std::complex<T>() const { return std::complex<T>(re_, im_); }

  constexpr T real() const { return re_; }
  constexpr T imag() const { return im_; }
  void real(T v) { re_ = v; }
  void imag(T v) { im_ = v; }

  complex &operator=(const T &v) {
    re_ = v;
    im_ = T();
    return *this;
  }
  template <class U>
  complex &operator+=(const complex<U> &o) { re_ += T(o.real()); im_ += T(o.imag()); return *this; }
  template <class U>
  complex &operator-=(const complex<U> &o) { re_ -= T(o.real()); im_ -= T(o.imag()); return *this; }
  template <class U>
  complex &operator*=(const complex<U> &o) { return *this = *this * complex<T>(o); }
  template <class U>
  complex &operator/=(const complex<U> &o) { return *this = *this / complex<T>(o); }
  complex &operator+=(const T &v) { re_ += v; return *this; }
  complex &operator-=(const T &v) { re_ -= v; return *this; }
  complex &operator*=(const T &v) { re_ *= v; im_ *= v; return *this; }
  complex &operator/=(const T &v) { re_ /= v; im_ /= v; return *this; }

 private:
  T re_, im_;
};

template <class T> complex<T> operator+(const complex<T> &a, const complex<T> &b) { return {a.real() + b.real(), a.imag() + b.imag()}; }
template <class T> complex<T> operator-(const complex<T> &a, const complex<T> &b) { return {a.real() - b.real(), a.imag() - b.imag()}; }
template <class T> complex<T> operator*(const complex<T> &a, const complex<T> &b) {
  return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}
template <class T> complex<T> operator/(const complex<T> &a, const complex<T> &b) {
  return complex<T>(std::complex<T>(a) / std::complex<T>(b));
}
template <class T> complex<T> operator+(const complex<T> &a, const T &b) { return {a.real() + b, a.imag()}; }
template <class T> complex<T> operator+(const T &a, const complex<T> &b) { return {a + b.real(), b.imag()}; }
template <class T> complex<T> operator-(const complex<T> &a, const T &b) { return {a.real() - b, a.imag()}; }
template <class T> complex<T> operator-(const T &a, const complex<T> &b) { return {a - b.real(), -b.imag()}; }
template <class T> complex<T> operator*(const complex<T> &a, const T &b) { return {a.real() * b, a.imag() * b}; }
template <class T> complex<T> operator*(const T &a, const complex<T> &b) { return {a * b.real(), a * b.imag()}; }
template <class T> complex<T> operator/(const complex<T> &a, const T &b) { return {a.real() / b, a.imag() / b}; }
template <class T> complex<T> operator/(const T &a, const complex<T> &b) { return complex<T>(a) / b; }
template <class T> complex<T> operator+(const complex<T> &a) { return a; }
template <class T> complex<T> operator-(const complex<T> &a) { return {-a.real(), -a.imag()}; }
template <class T> bool operator==(const complex<T> &a, const complex<T> &b) { return a.real() == b.real() && a.imag() == b.imag(); }
template <class T> bool operator!=(const complex<T> &a, const complex<T> &b) { return !(a == b); }
template <class T> bool operator==(const complex<T> &a, const T &b) { return a.real() == b && a.imag() == T(); }
template <class T> bool operator==(const T &a, const complex<T> &b) { return b == a; }
template <class T> bool operator!=(const complex<T> &a, const T &b) { return !(a == b); }
template <class T> bool operator!=(const T &a, const complex<T> &b) { return !(b == a); }

template <class T> T real(const complex<T> &z) { return z.real(); }
template <class T> T imag(const complex<T> &z) { return z.imag(); }
template <class T> T abs(const complex<T> &z) { return std::hypot(z.real(), z.imag()); }
template <class T> T arg(const complex<T> &z) { return std::atan2(z.imag(), z.real()); }
template <class T> T norm(const complex<T> &z) { return z.real() * z.real() + z.imag() * z.imag(); }
template <class T> complex<T> conj(const complex<T> &z) { return {z.real(), -z.imag()}; }
template <class T> complex<T> polar(const T &m, const T &theta = T()) { return {m * std::cos(theta), m * std::sin(theta)}; }
template <class T> complex<T> proj(const complex<T> &z) { return complex<T>(std::proj(std::complex<T>(z))); }

#define FERROCM_THRUST_COMPLEX_FN(name) \
  template <class T> complex<T> name(const complex<T> &z) { return complex<T>(std::name(std::complex<T>(z))); }
FERROCM_THRUST_COMPLEX_FN(exp)
FERROCM_THRUST_COMPLEX_FN(log)
FERROCM_THRUST_COMPLEX_FN(log10)
FERROCM_THRUST_COMPLEX_FN(sqrt)
FERROCM_THRUST_COMPLEX_FN(sin)
FERROCM_THRUST_COMPLEX_FN(cos)
FERROCM_THRUST_COMPLEX_FN(tan)
FERROCM_THRUST_COMPLEX_FN(sinh)
FERROCM_THRUST_COMPLEX_FN(cosh)
FERROCM_THRUST_COMPLEX_FN(tanh)
FERROCM_THRUST_COMPLEX_FN(asin)
FERROCM_THRUST_COMPLEX_FN(acos)
FERROCM_THRUST_COMPLEX_FN(atan)
FERROCM_THRUST_COMPLEX_FN(asinh)
FERROCM_THRUST_COMPLEX_FN(acosh)
FERROCM_THRUST_COMPLEX_FN(atanh)
#undef FERROCM_THRUST_COMPLEX_FN
template <class T> complex<T> pow(const complex<T> &a, const complex<T> &b) { return complex<T>(std::pow(std::complex<T>(a), std::complex<T>(b))); }
template <class T> complex<T> pow(const complex<T> &a, const T &b) { return complex<T>(std::pow(std::complex<T>(a), b)); }
template <class T> complex<T> pow(const T &a, const complex<T> &b) { return complex<T>(std::pow(a, std::complex<T>(b))); }

template <class T, class C, class Tr>
std::basic_ostream<C, Tr> &operator<<(std::basic_ostream<C, Tr> &os, const complex<T> &z) {
  return os << '(' << z.real() << ',' << z.imag() << ')';
}
template <class T, class C, class Tr>
std::basic_istream<C, Tr> &operator>>(std::basic_istream<C, Tr> &is, complex<T> &z) {
  std::complex<T> s;
  is >> s;
  z = complex<T>(s);
  return is;
}

}  // namespace thrust
