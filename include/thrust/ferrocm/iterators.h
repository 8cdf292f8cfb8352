// ferrocm's rocThrust, CPU platform: the fancy iterators of thrust/iterator/*.h (counting,
// constant, transform, zip, permutation, discard, reverse) and iterator_traits helpers. All
// are random-access; each rebuilds itself over unwrapped bases (ferrocm_unwrap) so that the
// algorithms read device memory directly, and says whether it reaches device memory
// (ferrocm_device) so that a policy-less call picks the device system.
#pragma once

#include <cstddef>
#include <iterator>
#include <tuple>
#include <type_traits>
#include <utility>

#include "core.h"
#include "functional.h"

namespace thrust {

using std::iterator_traits;
using std::reverse_iterator;
using std::make_reverse_iterator;
using std::distance;
using std::advance;

struct random_access_traversal_tag {};
struct use_default {};

template <class It>
struct iterator_value {
  using type = typename std::iterator_traits<It>::value_type;
};
template <class It>
using iterator_value_t = typename iterator_value<It>::type;
template <class It>
struct iterator_difference {
  using type = typename std::iterator_traits<It>::difference_type;
};
template <class It>
struct iterator_reference {
  using type = typename std::iterator_traits<It>::reference;
};

namespace ferrocm {
template <class T>
struct is_tuple : std::false_type {};
template <class... T>
struct is_tuple<std::tuple<T...>> : std::true_type {};
template <class T>
inline constexpr bool is_tuple_v = is_tuple<std::decay_t<T>>::value;

// CRTP base giving a random-access iterator from deref_at(offset) and a position.
// Derived holds its state; `pos` is an offset from it.
template <class Derived, class Value, class Reference>
class ra_iterator {
 public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = Value;
  using difference_type = std::ptrdiff_t;
  using reference = Reference;
  using pointer = void;

  Reference operator*() const { return self().deref(); }
  Reference operator[](difference_type i) const { return (self() + i).deref(); }
  Derived &operator++() { self().advance_by(1); return self(); }
  Derived &operator--() { self().advance_by(-1); return self(); }
  Derived operator++(int) { Derived t = self(); self().advance_by(1); return t; }
  Derived operator--(int) { Derived t = self(); self().advance_by(-1); return t; }
  Derived &operator+=(difference_type d) { self().advance_by(d); return self(); }
  Derived &operator-=(difference_type d) { self().advance_by(-d); return self(); }
  friend Derived operator+(Derived a, difference_type d) { a.advance_by(d); return a; }
  friend Derived operator+(difference_type d, Derived a) { a.advance_by(d); return a; }
  friend Derived operator-(Derived a, difference_type d) { a.advance_by(-d); return a; }
  friend difference_type operator-(const Derived &a, const Derived &b) { return a.distance_from(b); }
  friend bool operator==(const Derived &a, const Derived &b) { return a.distance_from(b) == 0; }
  friend bool operator!=(const Derived &a, const Derived &b) { return a.distance_from(b) != 0; }
  friend bool operator<(const Derived &a, const Derived &b) { return a.distance_from(b) < 0; }
  friend bool operator>(const Derived &a, const Derived &b) { return a.distance_from(b) > 0; }
  friend bool operator<=(const Derived &a, const Derived &b) { return a.distance_from(b) <= 0; }
  friend bool operator>=(const Derived &a, const Derived &b) { return a.distance_from(b) >= 0; }

 private:
  Derived &self() { return static_cast<Derived &>(*this); }
  const Derived &self() const { return static_cast<const Derived &>(*this); }
};
}  // namespace ferrocm

// --- counting_iterator ------------------------------------------------------------------------
template <class T, class System = use_default, class Traversal = use_default, class Difference = use_default>
class counting_iterator
    : public ferrocm::ra_iterator<counting_iterator<T, System, Traversal, Difference>, T, T> {
 public:
  static constexpr bool ferrocm_any_system = true;
  counting_iterator() = default;
  explicit counting_iterator(T v) : v_(v) {}
  T deref() const { return v_; }
  void advance_by(std::ptrdiff_t d) { v_ = static_cast<T>(v_ + static_cast<T>(d)); }
  std::ptrdiff_t distance_from(const counting_iterator &o) const {
    return static_cast<std::ptrdiff_t>(v_) - static_cast<std::ptrdiff_t>(o.v_);
  }
  const T &base() const { return v_; }

 private:
  T v_{};
};
template <class T>
counting_iterator<T> make_counting_iterator(T v) {
  return counting_iterator<T>(v);
}

// --- constant_iterator ------------------------------------------------------------------------
template <class T, class Incrementable = std::ptrdiff_t, class System = use_default>
class constant_iterator
    : public ferrocm::ra_iterator<constant_iterator<T, Incrementable, System>, T, T> {
 public:
  static constexpr bool ferrocm_any_system = true;
  constant_iterator() = default;
  explicit constant_iterator(const T &v, Incrementable i = Incrementable()) : v_(v), i_(i) {}
  T deref() const { return v_; }
  void advance_by(std::ptrdiff_t d) { i_ += static_cast<Incrementable>(d); }
  std::ptrdiff_t distance_from(const constant_iterator &o) const {
    return static_cast<std::ptrdiff_t>(i_) - static_cast<std::ptrdiff_t>(o.i_);
  }
  const T &value() const { return v_; }

 private:
  T v_{};
  Incrementable i_{};
};
template <class T>
constant_iterator<T> make_constant_iterator(T v) {
  return constant_iterator<T>(v);
}
template <class T, class I>
constant_iterator<T, I> make_constant_iterator(T v, I i) {
  return constant_iterator<T, I>(v, i);
}

// --- transform_iterator -----------------------------------------------------------------------
namespace ferrocm {
template <class F, class It, class Ref>
using transform_ref_t = std::conditional_t<std::is_same_v<Ref, use_default>,
                                           std::invoke_result_t<const F &, typename std::iterator_traits<It>::reference>, Ref>;
}
template <class F, class It, class Reference = use_default, class Value = use_default>
class transform_iterator
    : public ferrocm::ra_iterator<
          transform_iterator<F, It, Reference, Value>,
          std::conditional_t<std::is_same_v<Value, use_default>,
                             std::remove_cv_t<std::remove_reference_t<ferrocm::transform_ref_t<F, It, Reference>>>, Value>,
          ferrocm::transform_ref_t<F, It, Reference>> {
 public:
  static constexpr bool ferrocm_device = ferrocm::is_device<It>::value;
  static constexpr bool ferrocm_any_system = ferrocm::is_any_system<It>::value;
  transform_iterator() = default;
  transform_iterator(It it, F f) : it_(it), f_(f) {}
  ferrocm::transform_ref_t<F, It, Reference> deref() const { return f_(*it_); }
  void advance_by(std::ptrdiff_t d) { it_ += d; }
  std::ptrdiff_t distance_from(const transform_iterator &o) const { return it_ - o.it_; }
  const It &base() const { return it_; }
  const F &functor() const { return f_; }
  friend auto ferrocm_unwrap(const transform_iterator &t) {
    using U = ferrocm::unwrapped_t<It>;
    return transform_iterator<F, U, Reference, Value>(ferrocm::unwrap(t.it_), t.f_);
  }

 private:
  It it_{};
  F f_{};
};
template <class It, class F>
transform_iterator<F, It> make_transform_iterator(It it, F f) {
  return transform_iterator<F, It>(it, f);
}

// --- zip_iterator -----------------------------------------------------------------------------
template <class IteratorTuple>
class zip_iterator;
template <class... Its>
class zip_iterator<std::tuple<Its...>>
    : public ferrocm::ra_iterator<zip_iterator<std::tuple<Its...>>,
                                  std::tuple<typename std::iterator_traits<Its>::value_type...>,
                                  std::tuple<typename std::iterator_traits<Its>::reference...>> {
 public:
  static constexpr bool ferrocm_device = ferrocm::any_device_v<Its...>;
  static constexpr bool ferrocm_any_system = (ferrocm::is_any_system<Its>::value && ...);
  using reference = std::tuple<typename std::iterator_traits<Its>::reference...>;
  zip_iterator() = default;
  explicit zip_iterator(std::tuple<Its...> its) : its_(its) {}
  reference deref() const {
    return std::apply([](const auto &...it) { return reference(*it...); }, its_);
  }
  void advance_by(std::ptrdiff_t d) {
    std::apply([d](auto &...it) { ((it += d), ...); }, its_);
  }
  std::ptrdiff_t distance_from(const zip_iterator &o) const { return std::get<0>(its_) - std::get<0>(o.its_); }
  const std::tuple<Its...> &get_iterator_tuple() const { return its_; }
  friend auto ferrocm_unwrap(const zip_iterator &z) {
    return zip_iterator<std::tuple<ferrocm::unwrapped_t<Its>...>>(
        std::apply([](const auto &...it) { return std::make_tuple(ferrocm::unwrap(it)...); }, z.its_));
  }

 private:
  std::tuple<Its...> its_;
};
template <class... Its>
zip_iterator<std::tuple<Its...>> make_zip_iterator(std::tuple<Its...> t) {
  return zip_iterator<std::tuple<Its...>>(t);
}
template <class It0, class... Its, std::enable_if_t<!ferrocm::is_tuple_v<It0>, int> = 0>
zip_iterator<std::tuple<It0, Its...>> make_zip_iterator(It0 i0, Its... its) {
  return zip_iterator<std::tuple<It0, Its...>>(std::make_tuple(i0, its...));
}

// --- permutation_iterator ---------------------------------------------------------------------
template <class ElementIt, class IndexIt>
class permutation_iterator
    : public ferrocm::ra_iterator<permutation_iterator<ElementIt, IndexIt>,
                                  typename std::iterator_traits<ElementIt>::value_type,
                                  typename std::iterator_traits<ElementIt>::reference> {
 public:
  static constexpr bool ferrocm_device = ferrocm::any_device_v<ElementIt, IndexIt>;
  static constexpr bool ferrocm_any_system = ferrocm::is_any_system<ElementIt>::value && ferrocm::is_any_system<IndexIt>::value;
  permutation_iterator() = default;
  permutation_iterator(ElementIt e, IndexIt i) : e_(e), i_(i) {}
  typename std::iterator_traits<ElementIt>::reference deref() const { return e_[*i_]; }
  void advance_by(std::ptrdiff_t d) { i_ += d; }
  std::ptrdiff_t distance_from(const permutation_iterator &o) const { return i_ - o.i_; }
  const IndexIt &base() const { return i_; }
  friend auto ferrocm_unwrap(const permutation_iterator &p) {
    return permutation_iterator<ferrocm::unwrapped_t<ElementIt>, ferrocm::unwrapped_t<IndexIt>>(
        ferrocm::unwrap(p.e_), ferrocm::unwrap(p.i_));
  }

 private:
  ElementIt e_{};
  IndexIt i_{};
};
template <class E, class I>
permutation_iterator<E, I> make_permutation_iterator(E e, I i) {
  return permutation_iterator<E, I>(e, i);
}

// --- discard_iterator -------------------------------------------------------------------------
namespace ferrocm {
struct discard_sink {
  template <class T>
  const discard_sink &operator=(const T &) const {
    return *this;
  }
};
}  // namespace ferrocm
template <class System = use_default>
class discard_iterator
    : public ferrocm::ra_iterator<discard_iterator<System>, ferrocm::discard_sink, ferrocm::discard_sink> {
 public:
  static constexpr bool ferrocm_any_system = true;
  discard_iterator() = default;
  explicit discard_iterator(std::ptrdiff_t i) : i_(i) {}
  ferrocm::discard_sink deref() const { return {}; }
  void advance_by(std::ptrdiff_t d) { i_ += d; }
  std::ptrdiff_t distance_from(const discard_iterator &o) const { return i_ - o.i_; }

 private:
  std::ptrdiff_t i_ = 0;
};
inline discard_iterator<> make_discard_iterator(std::ptrdiff_t i = 0) {
  return discard_iterator<>(i);
}

}  // namespace thrust
