/* ferrocm rocPRIM: radix-sort keys as ordered bit patterns (host and device code). */
#ifndef ROCPRIM_DETAIL_RADIX_KEY_HPP_
#define ROCPRIM_DETAIL_RADIX_KEY_HPP_

#include <cstdint>
#include <type_traits>

#include "../config.hpp"

namespace rocprim {
namespace detail {
namespace host {

/* Keys as unsigned bit patterns that order like the keys (CUB's and rocPRIM's "twiddle"):
 * unsigned as is, signed with the sign bit flipped, floating point with negatives inverted
 * (so -0.0 sorts before +0.0 and NaNs with the sign bit set first, as on the GPU). */
template <class K, class = void> struct radix_key;
template <class K> struct radix_key<K, std::enable_if_t<std::is_integral<K>::value>> {
  using bits = std::make_unsigned_t<std::conditional_t<std::is_same<K, bool>::value, unsigned char, K>>;
  ROCPRIM_HOST_DEVICE static bits encode(K k) {
    bits b;
    __builtin_memcpy(&b, &k, sizeof(K));
    if (std::is_signed<K>::value) b ^= bits(bits(1) << (sizeof(K) * 8 - 1));
    return b;
  }
};
template <class K> struct radix_key<K, std::enable_if_t<std::is_floating_point<K>::value>> {
  using bits = std::conditional_t<sizeof(K) == 8, uint64_t, uint32_t>;
  ROCPRIM_HOST_DEVICE static bits encode(K k) {
    static_assert(sizeof(K) == sizeof(bits), "float and double keys");
    bits b;
    __builtin_memcpy(&b, &k, sizeof(K));
    const bits sign = bits(1) << (sizeof(K) * 8 - 1);
    return (b & sign) ? bits(~b) : bits(b | sign);
  }
};
template <class K> ROCPRIM_HOST_DEVICE constexpr bool is_radix_key() {
  return std::is_integral<K>::value || std::is_same<K, float>::value || std::is_same<K, double>::value;
}

/* The sort key of k for bits [begin, end) (descending: inverted), as one integer. */
template <class K> struct radix_digits {
  using bits = typename radix_key<K>::bits;
  unsigned begin, end;
  bool descending;
  ROCPRIM_HOST_DEVICE bits mask() const {
    const unsigned w = end - begin;
    return w >= sizeof(bits) * 8 ? bits(~bits(0)) : bits((bits(1) << w) - 1);
  }
  ROCPRIM_HOST_DEVICE bits value(const K &k) const {
    bits b = radix_key<K>::encode(k);
    if (descending) b = bits(~b);
    return begin >= sizeof(bits) * 8 ? bits(0) : bits((b >> begin) & mask());
  }
};

} // namespace host
} // namespace detail
} // namespace rocprim

#endif
