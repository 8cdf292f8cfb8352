/* ferrocm rocPRIM: arg_index_iterator (reads key_value_pair{index, value}). */
#ifndef ROCPRIM_ITERATOR_ARG_INDEX_ITERATOR_HPP_
#define ROCPRIM_ITERATOR_ARG_INDEX_ITERATOR_HPP_
#include "../types.hpp"
#include "iterator_facade.hpp"
BEGIN_ROCPRIM_NAMESPACE
template <class InputIterator, class Difference = std::ptrdiff_t,
          class Value = typename std::iterator_traits<InputIterator>::value_type>
class arg_index_iterator
    : public detail::ra_facade<arg_index_iterator<InputIterator, Difference, Value>, key_value_pair<Difference, Value>,
                               key_value_pair<Difference, Value>, Difference> {
  InputIterator it_;

public:
  using value_type = key_value_pair<Difference, Value>;
  ROCPRIM_HOST_DEVICE arg_index_iterator(InputIterator iterator, Difference offset = 0) : it_(iterator) {
    this->index_ = offset;
  }
  ROCPRIM_HOST_DEVICE value_type at(Difference i) const { return value_type(i, static_cast<Value>(it_[i])); }
  ROCPRIM_HOST_DEVICE void normalize() {
    it_ += this->index_;
    this->index_ = 0;
  }
};
template <class InputIterator, class Difference = std::ptrdiff_t>
ROCPRIM_HOST_DEVICE inline arg_index_iterator<InputIterator, Difference> make_arg_index_iterator(InputIterator it,
                                                                                                 Difference offset = 0) {
  return arg_index_iterator<InputIterator, Difference>(it, offset);
}
END_ROCPRIM_NAMESPACE
#endif
