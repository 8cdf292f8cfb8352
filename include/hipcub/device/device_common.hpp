/* ferrocm hipCUB, CPU platform: what the Device* algorithms share (over rocPRIM's host-parallel
 * algorithms, rocprim/detail/host_algorithms.hpp). */
#ifndef HIPCUB_DEVICE_DEVICE_COMMON_HPP_
#define HIPCUB_DEVICE_DEVICE_COMMON_HPP_

#include "../config.hpp"
#include "../thread/thread_operators.hpp"
#include "../util_type.hpp"

BEGIN_HIPCUB_NAMESPACE
namespace detail {
namespace host = ::rocprim::detail::host;
using ::rocprim::detail::small_storage;
using ::rocprim::detail::storage_done;
/* A count as size_t (negative counts are empty). */
template <class N> inline size_t count_of(N n) {
  if constexpr (std::is_signed<N>::value)
    return n < 0 ? 0 : size_t(n);
  else
    return size_t(n);
}
template <class It, class V> inline void put(It it, const V &v) { *it = static_cast<it_value_t<It>>(v); }
} // namespace detail
END_HIPCUB_NAMESPACE

#endif
