/* ferrocm rocPRIM: constant_iterator (the same value everywhere). */
#ifndef ROCPRIM_ITERATOR_CONSTANT_ITERATOR_HPP_
#define ROCPRIM_ITERATOR_CONSTANT_ITERATOR_HPP_
#include "iterator_facade.hpp"
BEGIN_ROCPRIM_NAMESPACE
template <class ValueType, class Difference = std::ptrdiff_t>
class constant_iterator
    : public detail::ra_facade<constant_iterator<ValueType, Difference>, ValueType, ValueType, Difference> {
  ValueType value_;

public:
  ROCPRIM_HOST_DEVICE constant_iterator() : value_() {}
  ROCPRIM_HOST_DEVICE explicit constant_iterator(const ValueType value, const size_t index = 0) : value_(value) {
    this->index_ = Difference(index);
  }
  ROCPRIM_HOST_DEVICE ValueType at(Difference) const { return value_; }
};
template <class ValueType, class Difference = std::ptrdiff_t>
ROCPRIM_HOST_DEVICE inline constant_iterator<ValueType, Difference> make_constant_iterator(const ValueType value,
                                                                                          const size_t index = 0) {
  return constant_iterator<ValueType, Difference>(value, index);
}
END_ROCPRIM_NAMESPACE
#endif
