/* ferrocm rocPRIM: counting_iterator (value + offset). */
#ifndef ROCPRIM_ITERATOR_COUNTING_ITERATOR_HPP_
#define ROCPRIM_ITERATOR_COUNTING_ITERATOR_HPP_
#include "iterator_facade.hpp"
BEGIN_ROCPRIM_NAMESPACE
template <class Incrementable, class Difference = std::ptrdiff_t>
class counting_iterator
    : public detail::ra_facade<counting_iterator<Incrementable, Difference>, Incrementable, Incrementable, Difference> {
  Incrementable base_;

public:
  ROCPRIM_HOST_DEVICE counting_iterator() : base_() {}
  ROCPRIM_HOST_DEVICE explicit counting_iterator(const Incrementable value) : base_(value) {}
  ROCPRIM_HOST_DEVICE Incrementable at(Difference i) const { return Incrementable(base_ + Incrementable(i)); }
};
template <class Incrementable, class Difference = std::ptrdiff_t>
ROCPRIM_HOST_DEVICE inline counting_iterator<Incrementable, Difference> make_counting_iterator(const Incrementable value) {
  return counting_iterator<Incrementable, Difference>(value);
}
END_ROCPRIM_NAMESPACE
#endif
