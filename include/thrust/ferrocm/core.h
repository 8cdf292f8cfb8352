// ferrocm's rocThrust, CPU platform: execution policies, errors, device_ptr / device_reference
// and the iterator plumbing every algorithm uses.
//
// Memory: on the CPU platform HIP device memory is host memory, so device_ptr<T> holds a T* that
// the algorithms use directly (unwrap()); a device_reference reads and writes one element with
// hipMemcpy, as Thrust does on a GPU, so that a single element access stays ordered with the
// HIP work on the null stream.
//
// Ordering: every algorithm first synchronises what its policy names (exec::begin): the stream
// of thrust::hip::par.on(s), or the whole device for thrust::device / device iterators (Thrust
// runs those on the legacy default stream, which waits for the work of blocking streams). It
// then runs to completion before returning, as Thrust's synchronous hip/cuda policies do.
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstddef>
#include <iterator>
#include <new>
#include <ostream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "pool.h"

namespace thrust {

// ---------------------------------------------------------------------------------------------
// Errors (thrust/system_error.h, thrust/system/hip/error.h)

class system_error : public std::runtime_error {
 public:
  system_error(hipError_t code, const std::string &what)
      : std::runtime_error(what + ": " + hipGetErrorString(code)), code_(code) {}
  hipError_t code() const noexcept { return code_; }

 private:
  hipError_t code_;
};

namespace system {
using thrust::system_error;
namespace detail {
// Thrust throws this (a std::bad_alloc) when device memory runs out.
class bad_alloc : public std::bad_alloc {
 public:
  explicit bad_alloc(const char *what) : what_(what) {}
  const char *what() const noexcept override { return what_; }

 private:
  const char *what_;
};
}  // namespace detail
}  // namespace system

namespace ferrocm {
inline void throw_on_error(hipError_t e, const char *what) {
  if (e != hipSuccess) throw thrust::system_error(e, what);
}
}  // namespace ferrocm

// ---------------------------------------------------------------------------------------------
// Execution policies (thrust/execution_policy.h, thrust/system/hip/execution_policy.h)

namespace ferrocm {
enum class system_kind { host, device };

// What an algorithm needs to know about its policy.
struct exec {
  system_kind kind;
  bool has_stream;
  hipStream_t stream;

  // Orders the algorithm after the HIP work it must see.
  void begin() const {
    if (kind != system_kind::device) return;
    if (has_stream)
      throw_on_error(hipStreamSynchronize(stream), "thrust: hipStreamSynchronize");
    else
      throw_on_error(hipDeviceSynchronize(), "thrust: hipDeviceSynchronize");
  }
  // Host policies run on the caller (Thrust's host system is sequential, and host functors
  // may rely on it); device policies use the pool.
  bool parallel() const { return kind == system_kind::device; }
};

struct policy_tag {};
}  // namespace ferrocm

template <class Derived>
struct execution_policy : ferrocm::policy_tag {};

namespace ferrocm {
template <ferrocm::system_kind K>
struct basic_policy : execution_policy<basic_policy<K>> {
  exec to_exec() const { return exec{K, false, nullptr}; }
};
}  // namespace ferrocm

struct host_t : ferrocm::basic_policy<ferrocm::system_kind::host> {};
struct device_t : ferrocm::basic_policy<ferrocm::system_kind::device> {
  template <class Allocator>
  device_t operator()(Allocator &) const {  // thrust::device(allocator): see execute_on_stream
    return *this;
  }
};
struct seq_t : ferrocm::basic_policy<ferrocm::system_kind::host> {};
inline constexpr host_t host{};
inline constexpr device_t device{};
inline constexpr seq_t seq{};

namespace hip {
// thrust::hip::par / par_nosync: the device system on the null stream, or on `s` with .on(s).
// par_nosync may return before the work is done in rocThrust; here it completes like par.
struct execute_on_stream : execution_policy<execute_on_stream> {
  hipStream_t stream = nullptr;
  bool has_stream = false;
  ferrocm::exec to_exec() const { return ferrocm::exec{ferrocm::system_kind::device, has_stream, stream}; }
  execute_on_stream on(hipStream_t s) const {
    execute_on_stream p;
    p.stream = s;
    p.has_stream = true;
    return p;
  }
  // par(allocator): Thrust's temporary-storage allocator hook. Temporaries here are host
  // vectors (device memory is host memory), so the allocator is accepted and not needed.
  template <class Allocator>
  execute_on_stream operator()(Allocator &) const {
    return *this;
  }
  hipStream_t stream_of() const { return stream; }
};
struct par_t : execute_on_stream {};
struct par_nosync_t : execute_on_stream {};
inline constexpr par_t par{};
inline constexpr par_nosync_t par_nosync{};
}  // namespace hip
namespace system {
namespace hip {
using thrust::hip::par;
using thrust::hip::par_nosync;
}  // namespace hip
namespace cpp {
inline constexpr thrust::seq_t par{};
}
}  // namespace system

template <class T>
struct is_execution_policy
    : std::is_base_of<ferrocm::policy_tag, std::remove_cv_t<std::remove_reference_t<T>>> {};
template <class T>
inline constexpr bool is_execution_policy_v = is_execution_policy<T>::value;

// ---------------------------------------------------------------------------------------------
// device_ptr / device_reference (thrust/device_ptr.h, thrust/device_reference.h)

template <class T>
class device_ptr;

template <class T>
class device_reference {
 public:
  using value_type = std::remove_cv_t<T>;
  using pointer = device_ptr<T>;

  explicit device_reference(T *p) noexcept : p_(p) {}
  device_reference(const device_reference &) = default;

  operator value_type() const {
    value_type v;
    ferrocm::throw_on_error(hipMemcpy(&v, p_, sizeof(T), hipMemcpyDeviceToHost),
                            "thrust::device_reference read");
    return v;
  }
  device_reference &operator=(const value_type &v) {
    ferrocm::throw_on_error(hipMemcpy(p_, &v, sizeof(T), hipMemcpyHostToDevice),
                            "thrust::device_reference write");
    return *this;
  }
  device_reference &operator=(const device_reference &o) { return *this = static_cast<value_type>(o); }
  template <class U>
  device_reference &operator=(const device_reference<U> &o) {
    return *this = static_cast<value_type>(static_cast<typename device_reference<U>::value_type>(o));
  }
  pointer operator&() const noexcept { return pointer(p_); }

#define FERROCM_THRUST_REF_OP(op)                                \
  template <class U>                                             \
  device_reference &operator op##=(const U & u) {                \
    value_type v = *this;                                        \
    v op## = u;                                                  \
    return *this = v;                                            \
  }
  FERROCM_THRUST_REF_OP(+)
  FERROCM_THRUST_REF_OP(-)
  FERROCM_THRUST_REF_OP(*)
  FERROCM_THRUST_REF_OP(/)
  FERROCM_THRUST_REF_OP(%)
  FERROCM_THRUST_REF_OP(&)
  FERROCM_THRUST_REF_OP(|)
  FERROCM_THRUST_REF_OP(^)
  FERROCM_THRUST_REF_OP(<<)
  FERROCM_THRUST_REF_OP(>>)
#undef FERROCM_THRUST_REF_OP
  device_reference &operator++() { return *this += 1; }
  device_reference &operator--() { return *this -= 1; }
  value_type operator++(int) {
    value_type v = *this;
    *this = v + 1;
    return v;
  }
  value_type operator--(int) {
    value_type v = *this;
    *this = v - 1;
    return v;
  }
  void swap(device_reference &o) {
    value_type a = *this, b = o;
    *this = b;
    o = a;
  }

 private:
  T *p_;
};

template <class T>
void swap(device_reference<T> a, device_reference<T> b) {
  a.swap(b);
}

template <class T>
std::ostream &operator<<(std::ostream &os, const device_reference<T> &r) {
  return os << static_cast<typename device_reference<T>::value_type>(r);
}

template <class T>
class device_ptr {
 public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = std::remove_cv_t<T>;
  using difference_type = std::ptrdiff_t;
  using pointer = device_ptr<T>;
  using reference = device_reference<T>;
  using element_type = T;

  device_ptr() noexcept = default;
  device_ptr(std::nullptr_t) noexcept {}
  explicit device_ptr(T *p) noexcept : p_(p) {}
  template <class U, class = std::enable_if_t<std::is_convertible_v<U *, T *>>>
  device_ptr(const device_ptr<U> &o) noexcept : p_(o.get()) {}

  T *get() const noexcept { return p_; }
  reference operator*() const noexcept { return reference(p_); }
  reference operator[](difference_type i) const noexcept { return reference(p_ + i); }
  device_ptr &operator++() noexcept { ++p_; return *this; }
  device_ptr &operator--() noexcept { --p_; return *this; }
  device_ptr operator++(int) noexcept { device_ptr t = *this; ++p_; return t; }
  device_ptr operator--(int) noexcept { device_ptr t = *this; --p_; return t; }
  device_ptr &operator+=(difference_type d) noexcept { p_ += d; return *this; }
  device_ptr &operator-=(difference_type d) noexcept { p_ -= d; return *this; }
  friend device_ptr operator+(device_ptr a, difference_type d) noexcept { return device_ptr(a.p_ + d); }
  friend device_ptr operator+(difference_type d, device_ptr a) noexcept { return device_ptr(a.p_ + d); }
  friend device_ptr operator-(device_ptr a, difference_type d) noexcept { return device_ptr(a.p_ - d); }
  friend difference_type operator-(device_ptr a, device_ptr b) noexcept { return a.p_ - b.p_; }
  friend bool operator==(device_ptr a, device_ptr b) noexcept { return a.p_ == b.p_; }
  friend bool operator!=(device_ptr a, device_ptr b) noexcept { return a.p_ != b.p_; }
  friend bool operator<(device_ptr a, device_ptr b) noexcept { return a.p_ < b.p_; }
  friend bool operator>(device_ptr a, device_ptr b) noexcept { return a.p_ > b.p_; }
  friend bool operator<=(device_ptr a, device_ptr b) noexcept { return a.p_ <= b.p_; }
  friend bool operator>=(device_ptr a, device_ptr b) noexcept { return a.p_ >= b.p_; }
  friend bool operator==(device_ptr a, std::nullptr_t) noexcept { return a.p_ == nullptr; }
  friend bool operator!=(device_ptr a, std::nullptr_t) noexcept { return a.p_ != nullptr; }
  explicit operator bool() const noexcept { return p_ != nullptr; }
  friend std::ostream &operator<<(std::ostream &os, device_ptr p) { return os << static_cast<const void *>(p.p_); }

 private:
  T *p_ = nullptr;
};

template <class T>
device_ptr<T> device_pointer_cast(T *p) noexcept {
  return device_ptr<T>(p);
}
template <class T>
device_ptr<T> device_pointer_cast(device_ptr<T> p) noexcept {
  return p;
}
template <class T>
T *raw_pointer_cast(T *p) noexcept {
  return p;
}
template <class T>
T *raw_pointer_cast(device_ptr<T> p) noexcept {
  return p.get();
}
template <class T>
T *raw_reference_cast(T &r) noexcept {
  return &r;
}

// ---------------------------------------------------------------------------------------------
// Iterator plumbing

namespace ferrocm {

// unwrap(it): the iterator an algorithm works with. device_ptr becomes its raw pointer (device
// memory is host memory here); fancy iterators rebuild themselves over unwrapped bases through
// a `ferrocm_unwrap` friend found by ADL.
template <class It>
auto unwrap(It it) -> decltype(ferrocm_unwrap(it)) {
  return ferrocm_unwrap(it);
}
template <class It, class = void>
struct has_custom_unwrap : std::false_type {};
template <class It>
struct has_custom_unwrap<It, std::void_t<decltype(ferrocm_unwrap(std::declval<It>()))>> : std::true_type {};
template <class It, std::enable_if_t<!has_custom_unwrap<It>::value, int> = 0>
It unwrap(It it) {
  return it;
}
template <class T>
T *unwrap(device_ptr<T> p) {
  return p.get();
}
template <class It>
auto unwrap(std::reverse_iterator<It> it) {
  return std::reverse_iterator<decltype(unwrap(it.base()))>(unwrap(it.base()));
}
template <class It>
using unwrapped_t = decltype(unwrap(std::declval<It>()));

// is_device<T>: T is an iterator into device memory (or a fancy iterator over one). Fancy
// iterators say so through a nested `ferrocm_device` constant.
template <class T, class = void>
struct is_device : std::false_type {};
template <class T>
struct is_device<device_ptr<T>> : std::true_type {};
template <class It>
struct is_device<std::reverse_iterator<It>> : is_device<It> {};
template <class T>
struct is_device<T, std::enable_if_t<T::ferrocm_device>> : std::true_type {};

template <class... A>
inline constexpr bool any_device_v = (is_device<std::decay_t<A>>::value || ...);

// is_any_system<T>: an iterator that belongs to no memory (counting, constant, discard, and
// fancy iterators over only those): Thrust lets the other arguments choose, and alone they run
// on the device system.
template <class T, class = void>
struct is_any_system : std::false_type {};
template <class T>
struct is_any_system<T, std::enable_if_t<T::ferrocm_any_system>> : std::true_type {};
template <class T, class = void>
struct is_iterator : std::false_type {};
template <class T>
struct is_iterator<T, std::void_t<typename std::iterator_traits<T>::iterator_category>> : std::true_type {};
// An iterator into host memory: any other iterator (raw pointers, std:: containers' iterators).
template <class T>
inline constexpr bool is_host_iterator_v = is_iterator<T>::value && !is_device<T>::value && !is_any_system<T>::value;
template <class... A>
inline constexpr bool device_by_default_v =
    any_device_v<A...> || (!(is_host_iterator_v<std::decay_t<A>> || ...) && (is_any_system<std::decay_t<A>>::value || ...));

template <class It>
using category_t = typename std::iterator_traits<It>::iterator_category;
template <class It>
inline constexpr bool is_random_access_v =
    std::is_base_of_v<std::random_access_iterator_tag, category_t<It>>;
template <class It>
using value_t = typename std::iterator_traits<It>::value_type;
template <class It>
using diff_t = typename std::iterator_traits<It>::difference_type;

template <class P>
exec exec_of(const P &p) {
  return p.to_exec();
}

}  // namespace ferrocm
}  // namespace thrust
