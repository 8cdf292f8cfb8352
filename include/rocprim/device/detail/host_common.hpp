/* ferrocm rocPRIM, CPU platform: what the device-wide entry points share. */
#ifndef ROCPRIM_DEVICE_DETAIL_HOST_COMMON_HPP_
#define ROCPRIM_DEVICE_DETAIL_HOST_COMMON_HPP_

#include "../../config.hpp"
#include "../../functional.hpp"
#include "../../types.hpp"
#include "../../detail/host_algorithms.hpp"

BEGIN_ROCPRIM_NAMESPACE
namespace detail {
/* value_type of an iterator (void for output-only iterators). */
template <class It> using value_type_t = typename std::iterator_traits<It>::value_type;
/* The result type of op(a, b). */
template <class Op, class A, class B = A> using result_t = std::decay_t<std::invoke_result_t<Op, A, B>>;
/* The size that the temporary-storage query answers for algorithms that need no scratch
 * memory of their own (CUB and rocPRIM report a non-zero size: callers allocate it). */
constexpr size_t small_storage = 256;

/* Storage check and query in one: returns true when the caller should return `e`. */
inline bool storage_done(void *storage, size_t &size, size_t required, hipError_t &e) {
  bool go = false;
  e = host::check_storage(storage, size, required, go);
  return !go;
}
} // namespace detail

/* rocPRIM's default configuration tag (tuning parameters mean nothing on the CPU). */
struct default_config {};
END_ROCPRIM_NAMESPACE

#endif
