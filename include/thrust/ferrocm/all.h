// ferrocm's rocThrust, CPU platform: everything, and the public thrust:: algorithm entry
// points. Each algorithm has two forms, as in Thrust: with an execution policy first
// (thrust::device, thrust::host, thrust::seq, thrust::hip::par, thrust::hip::par.on(stream)),
// or without one, when the iterators choose: any iterator into device memory (device_ptr,
// device_vector iterators, fancy iterators over them) selects the device system, else the
// host system (sequential, on the calling thread).
#pragma once

#include <algorithm>

#include "algo_basic.h"
#include "algo_select.h"
#include "algo_sort.h"
#include "complex.h"
#include "core.h"
#include "functional.h"
#include "iterators.h"
#include "vector.h"

namespace thrust {

#define FERROCM_THRUST_ENTRY(name)                                                                 \
  template <class P, class... A, std::enable_if_t<is_execution_policy_v<P>, int> = 0>            \
  auto name(const P &policy, A &&...a)                                                             \
      -> decltype(ferrocm::algo::name(ferrocm::exec_of(policy), std::forward<A>(a)...)) {          \
    return ferrocm::algo::name(ferrocm::exec_of(policy), std::forward<A>(a)...);                   \
  }                                                                                                \
  template <class A0, class... A, std::enable_if_t<!is_execution_policy_v<A0>, int> = 0>         \
  auto name(A0 &&a0, A &&...a)                                                                     \
      -> decltype(ferrocm::algo::name(ferrocm::exec{}, std::forward<A0>(a0), std::forward<A>(a)...)) { \
    return ferrocm::algo::name(ferrocm::default_exec<A0, A...>(), std::forward<A0>(a0),            \
                               std::forward<A>(a)...);                                             \
  }

FERROCM_THRUST_ENTRY(for_each)
FERROCM_THRUST_ENTRY(for_each_n)
FERROCM_THRUST_ENTRY(transform)
FERROCM_THRUST_ENTRY(transform_if)
FERROCM_THRUST_ENTRY(fill)
FERROCM_THRUST_ENTRY(fill_n)
FERROCM_THRUST_ENTRY(uninitialized_fill)
FERROCM_THRUST_ENTRY(sequence)
FERROCM_THRUST_ENTRY(tabulate)
FERROCM_THRUST_ENTRY(generate)
FERROCM_THRUST_ENTRY(generate_n)
FERROCM_THRUST_ENTRY(copy)
FERROCM_THRUST_ENTRY(copy_n)
FERROCM_THRUST_ENTRY(uninitialized_copy)
FERROCM_THRUST_ENTRY(gather)
FERROCM_THRUST_ENTRY(gather_if)
FERROCM_THRUST_ENTRY(scatter)
FERROCM_THRUST_ENTRY(scatter_if)
FERROCM_THRUST_ENTRY(replace)
FERROCM_THRUST_ENTRY(replace_if)
FERROCM_THRUST_ENTRY(replace_copy)
FERROCM_THRUST_ENTRY(replace_copy_if)
FERROCM_THRUST_ENTRY(reverse)
FERROCM_THRUST_ENTRY(reverse_copy)
FERROCM_THRUST_ENTRY(swap_ranges)
FERROCM_THRUST_ENTRY(adjacent_difference)
FERROCM_THRUST_ENTRY(reduce)
FERROCM_THRUST_ENTRY(transform_reduce)
FERROCM_THRUST_ENTRY(inner_product)
FERROCM_THRUST_ENTRY(count)
FERROCM_THRUST_ENTRY(count_if)
FERROCM_THRUST_ENTRY(min_element)
FERROCM_THRUST_ENTRY(max_element)
FERROCM_THRUST_ENTRY(minmax_element)
FERROCM_THRUST_ENTRY(find)
FERROCM_THRUST_ENTRY(find_if)
FERROCM_THRUST_ENTRY(find_if_not)
FERROCM_THRUST_ENTRY(any_of)
FERROCM_THRUST_ENTRY(all_of)
FERROCM_THRUST_ENTRY(none_of)
FERROCM_THRUST_ENTRY(mismatch)
FERROCM_THRUST_ENTRY(equal)
FERROCM_THRUST_ENTRY(is_sorted)
FERROCM_THRUST_ENTRY(is_sorted_until)
FERROCM_THRUST_ENTRY(inclusive_scan)
FERROCM_THRUST_ENTRY(exclusive_scan)
FERROCM_THRUST_ENTRY(transform_inclusive_scan)
FERROCM_THRUST_ENTRY(transform_exclusive_scan)
FERROCM_THRUST_ENTRY(sort)
FERROCM_THRUST_ENTRY(stable_sort)
FERROCM_THRUST_ENTRY(sort_by_key)
FERROCM_THRUST_ENTRY(stable_sort_by_key)
FERROCM_THRUST_ENTRY(merge)
FERROCM_THRUST_ENTRY(merge_by_key)
FERROCM_THRUST_ENTRY(set_union)
FERROCM_THRUST_ENTRY(set_intersection)
FERROCM_THRUST_ENTRY(set_difference)
FERROCM_THRUST_ENTRY(set_symmetric_difference)
FERROCM_THRUST_ENTRY(includes)
FERROCM_THRUST_ENTRY(lower_bound)
FERROCM_THRUST_ENTRY(upper_bound)
FERROCM_THRUST_ENTRY(binary_search)
FERROCM_THRUST_ENTRY(equal_range)
FERROCM_THRUST_ENTRY(copy_if)
FERROCM_THRUST_ENTRY(remove_copy_if)
FERROCM_THRUST_ENTRY(remove_copy)
FERROCM_THRUST_ENTRY(remove_if)
FERROCM_THRUST_ENTRY(remove)
FERROCM_THRUST_ENTRY(unique)
FERROCM_THRUST_ENTRY(unique_copy)
FERROCM_THRUST_ENTRY(unique_count)
FERROCM_THRUST_ENTRY(unique_by_key)
FERROCM_THRUST_ENTRY(unique_by_key_copy)
FERROCM_THRUST_ENTRY(partition)
FERROCM_THRUST_ENTRY(stable_partition)
FERROCM_THRUST_ENTRY(partition_copy)
FERROCM_THRUST_ENTRY(stable_partition_copy)
FERROCM_THRUST_ENTRY(is_partitioned)
FERROCM_THRUST_ENTRY(partition_point)
FERROCM_THRUST_ENTRY(reduce_by_key)
FERROCM_THRUST_ENTRY(inclusive_scan_by_key)
FERROCM_THRUST_ENTRY(exclusive_scan_by_key)
#undef FERROCM_THRUST_ENTRY

// thrust::min / thrust::max / thrust::swap (thrust/extrema.h, thrust/swap.h)
template <class T>
constexpr const T &min(const T &a, const T &b) {
  return b < a ? b : a;
}
template <class T, class C>
constexpr const T &min(const T &a, const T &b, C comp) {
  return comp(b, a) ? b : a;
}
template <class T>
constexpr const T &max(const T &a, const T &b) {
  return a < b ? b : a;
}
template <class T, class C>
constexpr const T &max(const T &a, const T &b, C comp) {
  return comp(a, b) ? b : a;
}
// Two parameters, as Thrust's: std::swap(T&, T&) stays the better match where both are found.
template <class A, class B>
void swap(A &a, B &b) {
  A t = std::move(a);
  a = std::move(b);
  b = std::move(t);
}

}  // namespace thrust
