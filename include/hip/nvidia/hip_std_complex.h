/*
 * std::complex in HIP device code on the NVIDIA platform, included by hip_runtime.h.
 *
 * HIP (clang) lets kernels use std::complex: clang's CUDA wrapper headers make <complex>'s
 * functions __host__ __device__. nvcc has no such switch, so this header includes <complex>
 * and adds non-template __host__ __device__ overloads for complex<float> and
 * complex<double> of the free operators and functions. Overload resolution prefers a
 * non-template over a template on an exact match, so host and device code call these; they
 * follow the usual formulas (Smith's division, a cancellation-free sqrt). The class's own
 * members (constructors, real(), imag()) are constexpr and callable on the device already
 * under --expt-relaxed-constexpr; its compound assignments (+=, ...) are constexpr only from
 * C++20. (A <complex> wrapper found through -isystem did not work: the host compiler on the
 * lent machine puts the C++ library's directory ahead of every -isystem directory.)
 */
#ifndef HIP_NVIDIA_HIP_STD_COMPLEX_H
#define HIP_NVIDIA_HIP_STD_COMPLEX_H

#if defined(__CUDACC__) && !defined(__CUDACC_RTC__)
#include <cmath>
#include <complex>

namespace std {
#define FERROCM_COMPLEX_FUNCTIONS(T)                                                               \
  __host__ __device__ inline complex<T> operator+(const complex<T> &a, const complex<T> &b) {      \
    return complex<T>(a.real() + b.real(), a.imag() + b.imag());                                   \
  }                                                                                                \
  __host__ __device__ inline complex<T> operator-(const complex<T> &a, const complex<T> &b) {      \
    return complex<T>(a.real() - b.real(), a.imag() - b.imag());                                   \
  }                                                                                                \
  __host__ __device__ inline complex<T> operator*(const complex<T> &a, const complex<T> &b) {      \
    return complex<T>(a.real() * b.real() - a.imag() * b.imag(),                                   \
                      a.real() * b.imag() + a.imag() * b.real());                                  \
  }                                                                                                \
  __host__ __device__ inline complex<T> operator/(const complex<T> &a, const complex<T> &b) {      \
    /* Smith's algorithm: no overflow from squaring the divisor's parts. */                        \
    if (::fabs(b.real()) >= ::fabs(b.imag())) {                                                    \
      T r = b.imag() / b.real(), d = b.real() + b.imag() * r;                                      \
      return complex<T>((a.real() + a.imag() * r) / d, (a.imag() - a.real() * r) / d);             \
    }                                                                                              \
    T r = b.real() / b.imag(), d = b.imag() + b.real() * r;                                        \
    return complex<T>((a.real() * r + a.imag()) / d, (a.imag() * r - a.real()) / d);               \
  }                                                                                                \
  __host__ __device__ inline complex<T> operator+(const complex<T> &a, const T &b) {               \
    return complex<T>(a.real() + b, a.imag());                                                     \
  }                                                                                                \
  __host__ __device__ inline complex<T> operator+(const T &a, const complex<T> &b) {               \
    return complex<T>(a + b.real(), b.imag());                                                     \
  }                                                                                                \
  __host__ __device__ inline complex<T> operator-(const complex<T> &a, const T &b) {               \
    return complex<T>(a.real() - b, a.imag());                                                     \
  }                                                                                                \
  __host__ __device__ inline complex<T> operator-(const T &a, const complex<T> &b) {               \
    return complex<T>(a - b.real(), -b.imag());                                                    \
  }                                                                                                \
  __host__ __device__ inline complex<T> operator*(const complex<T> &a, const T &b) {               \
    return complex<T>(a.real() * b, a.imag() * b);                                                 \
  }                                                                                                \
  __host__ __device__ inline complex<T> operator*(const T &a, const complex<T> &b) {               \
    return complex<T>(a * b.real(), a * b.imag());                                                 \
  }                                                                                                \
  __host__ __device__ inline complex<T> operator/(const complex<T> &a, const T &b) {               \
    return complex<T>(a.real() / b, a.imag() / b);                                                 \
  }                                                                                                \
  __host__ __device__ inline complex<T> operator/(const T &a, const complex<T> &b) {               \
    return complex<T>(a, T(0)) / b;                                                                \
  }                                                                                                \
  __host__ __device__ inline complex<T> operator+(const complex<T> &a) { return a; }               \
  __host__ __device__ inline complex<T> operator-(const complex<T> &a) {                           \
    return complex<T>(-a.real(), -a.imag());                                                       \
  }                                                                                                \
  __host__ __device__ inline bool operator==(const complex<T> &a, const complex<T> &b) {           \
    return a.real() == b.real() && a.imag() == b.imag();                                           \
  }                                                                                                \
  __host__ __device__ inline bool operator!=(const complex<T> &a, const complex<T> &b) {           \
    return !(a == b);                                                                              \
  }                                                                                                \
  __host__ __device__ inline T real(const complex<T> &a) { return a.real(); }                      \
  __host__ __device__ inline T imag(const complex<T> &a) { return a.imag(); }                      \
  __host__ __device__ inline T abs(const complex<T> &a) { return ::hypot(a.real(), a.imag()); }    \
  __host__ __device__ inline T arg(const complex<T> &a) { return ::atan2(a.imag(), a.real()); }    \
  __host__ __device__ inline T norm(const complex<T> &a) {                                         \
    return a.real() * a.real() + a.imag() * a.imag();                                              \
  }                                                                                                \
  __host__ __device__ inline complex<T> conj(const complex<T> &a) {                                \
    return complex<T>(a.real(), -a.imag());                                                        \
  }                                                                                                \
  __host__ __device__ inline complex<T> polar(const T &r, const T &theta) {                        \
    return complex<T>(r * ::cos(theta), r * ::sin(theta));                                         \
  }                                                                                                \
  __host__ __device__ inline complex<T> exp(const complex<T> &a) {                                 \
    return polar(T(::exp(a.real())), a.imag());                                                    \
  }                                                                                                \
  __host__ __device__ inline complex<T> log(const complex<T> &a) {                                 \
    return complex<T>(::log(abs(a)), arg(a));                                                      \
  }                                                                                                \
  __host__ __device__ inline complex<T> sqrt(const complex<T> &a) {                                \
    /* Principal root without cancellation: t = sqrt((|a| + |re|) / 2). */                         \
    T x = a.real(), y = a.imag();                                                                  \
    if (x == T(0) && y == T(0)) return complex<T>(T(0), y);                                        \
    T t = ::sqrt((abs(a) + ::fabs(x)) / T(2));                                                     \
    if (x >= T(0)) return complex<T>(t, y / (T(2) * t));                                           \
    return complex<T>(::fabs(y) / (T(2) * t), ::copysign(t, y));                                   \
  }                                                                                                \
  __host__ __device__ inline complex<T> pow(const complex<T> &a, const complex<T> &b) {            \
    return (a.real() == T(0) && a.imag() == T(0)) ? complex<T>(T(0), T(0)) : exp(b * log(a));      \
  }                                                                                                \
  __host__ __device__ inline complex<T> pow(const complex<T> &a, const T &b) {                     \
    return (a.real() == T(0) && a.imag() == T(0)) ? complex<T>(T(0), T(0))                         \
                                                  : polar(T(::pow(abs(a), b)), arg(a) * b);        \
  }
FERROCM_COMPLEX_FUNCTIONS(float)
FERROCM_COMPLEX_FUNCTIONS(double)
#undef FERROCM_COMPLEX_FUNCTIONS
} // namespace std
#endif

#endif /* HIP_NVIDIA_HIP_STD_COMPLEX_H */
