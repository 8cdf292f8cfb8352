/* ferrocm hipCUB: the operators of CUB's thread_operators.cuh, on both platforms (CCCL 3 dropped
 * cub::Sum & co., so hipCUB keeps its own; ArgMin/ArgMax take any pair with .key and .value, so
 * they work on hipCUB's KeyValuePair on the CPU and on CUB's on NVIDIA). */
#ifndef HIPCUB_THREAD_THREAD_OPERATORS_HPP_
#define HIPCUB_THREAD_THREAD_OPERATORS_HPP_

#include "../config.hpp"

BEGIN_HIPCUB_NAMESPACE

struct Equality {
  template <class T, class U> HIPCUB_HOST_DEVICE bool operator()(const T &a, const U &b) const { return a == b; }
};
struct Inequality {
  template <class T, class U> HIPCUB_HOST_DEVICE bool operator()(const T &a, const U &b) const { return a != b; }
};
template <class EqualityOp> struct InequalityWrapper {
  EqualityOp op;
  HIPCUB_HOST_DEVICE InequalityWrapper(EqualityOp op) : op(op) {}
  template <class T, class U> HIPCUB_HOST_DEVICE bool operator()(const T &a, const U &b) { return !op(a, b); }
};
struct Sum {
  template <class T, class U> HIPCUB_HOST_DEVICE auto operator()(const T &a, const U &b) const -> decltype(a + b) {
    return a + b;
  }
};
struct Difference {
  template <class T, class U> HIPCUB_HOST_DEVICE auto operator()(const T &a, const U &b) const -> decltype(a - b) {
    return a - b;
  }
};
struct Division {
  template <class T, class U> HIPCUB_HOST_DEVICE auto operator()(const T &a, const U &b) const -> decltype(a / b) {
    return a / b;
  }
};
struct Max {
  template <class T> HIPCUB_HOST_DEVICE T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
struct Min {
  template <class T> HIPCUB_HOST_DEVICE T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};
/* The larger value; on equal values the smaller key (offset). */
struct ArgMax {
  template <class P> HIPCUB_HOST_DEVICE P operator()(const P &a, const P &b) const {
    return ((b.value > a.value) || ((a.value == b.value) && (b.key < a.key))) ? b : a;
  }
};
/* The smaller value; on equal values the smaller key (offset). */
struct ArgMin {
  template <class P> HIPCUB_HOST_DEVICE P operator()(const P &a, const P &b) const {
    return ((b.value < a.value) || ((a.value == b.value) && (b.key < a.key))) ? b : a;
  }
};
template <class B> struct CastOp {
  template <class A> HIPCUB_HOST_DEVICE B operator()(const A &a) const { return (B)a; }
};
template <class ScanOp> class SwizzleScanOp {
  ScanOp scan_op;

public:
  HIPCUB_HOST_DEVICE SwizzleScanOp(ScanOp scan_op) : scan_op(scan_op) {}
  template <class T> HIPCUB_HOST_DEVICE T operator()(const T &a, const T &b) {
    T _a(a), _b(b);
    return scan_op(_b, _a);
  }
};

END_HIPCUB_NAMESPACE

#endif
