/* ferrocm rocPRIM: transform_iterator (op applied to what the wrapped iterator reads). */
#ifndef ROCPRIM_ITERATOR_TRANSFORM_ITERATOR_HPP_
#define ROCPRIM_ITERATOR_TRANSFORM_ITERATOR_HPP_
#include "iterator_facade.hpp"
BEGIN_ROCPRIM_NAMESPACE
template <class InputIterator, class UnaryFunction,
          class ValueType = std::decay_t<std::invoke_result_t<
              UnaryFunction, typename std::iterator_traits<InputIterator>::value_type>>>
class transform_iterator
    : public detail::ra_facade<transform_iterator<InputIterator, UnaryFunction, ValueType>, ValueType, ValueType,
                               typename std::iterator_traits<InputIterator>::difference_type> {
  using diff = typename std::iterator_traits<InputIterator>::difference_type;
  InputIterator it_;
  UnaryFunction op_;

public:
  using unary_function = UnaryFunction;
  ROCPRIM_HOST_DEVICE transform_iterator(InputIterator iterator, UnaryFunction transform)
      : it_(iterator), op_(transform) {}
  ROCPRIM_HOST_DEVICE ValueType at(diff i) const { return static_cast<ValueType>(op_(it_[i])); }
};
template <class InputIterator, class UnaryFunction>
ROCPRIM_HOST_DEVICE inline transform_iterator<InputIterator, UnaryFunction>
make_transform_iterator(InputIterator iterator, UnaryFunction transform) {
  return transform_iterator<InputIterator, UnaryFunction>(iterator, transform);
}
END_ROCPRIM_NAMESPACE
#endif
