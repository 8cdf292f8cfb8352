/* ferrocm rocPRIM: the random-access operators shared by the fancy iterators. Derived holds an
 * offset `index_` (Difference) and provides `reference at(difference_type) const`. */
#ifndef ROCPRIM_ITERATOR_ITERATOR_FACADE_HPP_
#define ROCPRIM_ITERATOR_ITERATOR_FACADE_HPP_

#include "../config.hpp"

BEGIN_ROCPRIM_NAMESPACE
namespace detail {
template <class Derived, class Value, class Reference, class Difference> class ra_facade {
public:
  using value_type = Value;
  using reference = Reference;
  using pointer = const Value *;
  using difference_type = Difference;
  using iterator_category = std::random_access_iterator_tag;

  ROCPRIM_HOST_DEVICE reference operator*() const { return self().at(index_); }
  ROCPRIM_HOST_DEVICE reference operator[](difference_type n) const { return self().at(index_ + n); }
  ROCPRIM_HOST_DEVICE Derived &operator++() {
    ++index_;
    return self();
  }
  ROCPRIM_HOST_DEVICE Derived operator++(int) {
    Derived old = self();
    ++index_;
    return old;
  }
  ROCPRIM_HOST_DEVICE Derived &operator--() {
    --index_;
    return self();
  }
  ROCPRIM_HOST_DEVICE Derived operator--(int) {
    Derived old = self();
    --index_;
    return old;
  }
  ROCPRIM_HOST_DEVICE Derived &operator+=(difference_type n) {
    index_ += n;
    return self();
  }
  ROCPRIM_HOST_DEVICE Derived &operator-=(difference_type n) {
    index_ -= n;
    return self();
  }
  ROCPRIM_HOST_DEVICE Derived operator+(difference_type n) const {
    Derived r = self();
    r.index_ += n;
    return r;
  }
  ROCPRIM_HOST_DEVICE friend Derived operator+(difference_type n, const Derived &it) { return it + n; }
  ROCPRIM_HOST_DEVICE Derived operator-(difference_type n) const {
    Derived r = self();
    r.index_ -= n;
    return r;
  }
  ROCPRIM_HOST_DEVICE difference_type operator-(const Derived &o) const { return index_ - o.index_; }
  ROCPRIM_HOST_DEVICE bool operator==(const Derived &o) const { return index_ == o.index_; }
  ROCPRIM_HOST_DEVICE bool operator!=(const Derived &o) const { return index_ != o.index_; }
  ROCPRIM_HOST_DEVICE bool operator<(const Derived &o) const { return index_ < o.index_; }
  ROCPRIM_HOST_DEVICE bool operator<=(const Derived &o) const { return index_ <= o.index_; }
  ROCPRIM_HOST_DEVICE bool operator>(const Derived &o) const { return index_ > o.index_; }
  ROCPRIM_HOST_DEVICE bool operator>=(const Derived &o) const { return index_ >= o.index_; }

protected:
  difference_type index_ = 0;

private:
  ROCPRIM_HOST_DEVICE const Derived &self() const { return static_cast<const Derived &>(*this); }
  ROCPRIM_HOST_DEVICE Derived &self() { return static_cast<Derived &>(*this); }
};
} // namespace detail
END_ROCPRIM_NAMESPACE

#endif
