/* ferrocm rocPRIM: discard_iterator (writes through it go nowhere). */
#ifndef ROCPRIM_ITERATOR_DISCARD_ITERATOR_HPP_
#define ROCPRIM_ITERATOR_DISCARD_ITERATOR_HPP_
#include "iterator_facade.hpp"
BEGIN_ROCPRIM_NAMESPACE
namespace detail {
struct discard_value {
  discard_value() = default; // defaulted: host and device alike (nvcc warns on annotations here)
  template <class T> ROCPRIM_HOST_DEVICE explicit discard_value(const T &) {}
  template <class T> ROCPRIM_HOST_DEVICE const discard_value &operator=(const T &) const { return *this; }
};
} // namespace detail
class discard_iterator
    : public detail::ra_facade<discard_iterator, detail::discard_value, detail::discard_value, std::ptrdiff_t> {
public:
  using value = detail::discard_value;
  ROCPRIM_HOST_DEVICE discard_iterator(size_t index = 0) { this->index_ = std::ptrdiff_t(index); }
  ROCPRIM_HOST_DEVICE detail::discard_value at(std::ptrdiff_t) const { return {}; }
};
ROCPRIM_HOST_DEVICE inline discard_iterator make_discard_iterator(size_t index = 0) { return discard_iterator(index); }
END_ROCPRIM_NAMESPACE
#endif
