/* ferrocm hipCUB: DeviceScan (CUB's device_scan.cuh API). CPU: host-parallel algorithms enqueued on the stream
 * (rocprim/detail/host_parallel.hpp). Accumulation in the output's value type (the input's for
 * output iterators without one), as CUB 1.17 does. NVIDIA: CUB's. */
#ifndef HIPCUB_DEVICE_DEVICE_SCAN_HPP_
#define HIPCUB_DEVICE_DEVICE_SCAN_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "device_common.hpp"

BEGIN_HIPCUB_NAMESPACE

struct DeviceScan {
  template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t InclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes,
                                                         InputIteratorT d_in, OutputIteratorT d_out,
                                                         NumItemsT num_items, hipStream_t stream = 0,
                                                         bool debug_synchronous = false) {
    return InclusiveScan(d_temp_storage, temp_storage_bytes, d_in, d_out, ::hipcub::Sum(), num_items, stream,
                         debug_synchronous);
  }
  template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename NumItemsT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t InclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes,
                                                          InputIteratorT d_in, OutputIteratorT d_out, ScanOpT scan_op,
                                                          NumItemsT num_items, hipStream_t stream = 0,
                                                          bool debug_synchronous = false) {
    using A = detail::out_or_in_t<OutputIteratorT, InputIteratorT>;
    return run<A>(d_temp_storage, temp_storage_bytes, d_in, d_out, A(), false, false, scan_op, num_items, stream,
                  debug_synchronous);
  }
  template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t ExclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes,
                                                         InputIteratorT d_in, OutputIteratorT d_out,
                                                         NumItemsT num_items, hipStream_t stream = 0,
                                                         bool debug_synchronous = false) {
    using A = detail::out_or_in_t<OutputIteratorT, InputIteratorT>;
    return ExclusiveScan(d_temp_storage, temp_storage_bytes, d_in, d_out, ::hipcub::Sum(), A(0), num_items, stream,
                         debug_synchronous);
  }
  template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename InitValueT,
            typename NumItemsT>
  HIPCUB_RUNTIME_FUNCTION static hipError_t ExclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes,
                                                          InputIteratorT d_in, OutputIteratorT d_out, ScanOpT scan_op,
                                                          InitValueT init_value, NumItemsT num_items,
                                                          hipStream_t stream = 0, bool debug_synchronous = false) {
    using A = detail::out_or_in_t<OutputIteratorT, InputIteratorT>;
    return run<A>(d_temp_storage, temp_storage_bytes, d_in, d_out, A(init_value), true, true, scan_op, num_items,
                  stream, debug_synchronous);
  }

  /* ---- by key: segments of equal consecutive keys scan separately */
  template <typename KeysInputIteratorT, typename ValuesInputIteratorT, typename ValuesOutputIteratorT,
            typename EqualityOpT = ::hipcub::Equality, typename NumItemsT = int>
  HIPCUB_RUNTIME_FUNCTION static hipError_t
  ExclusiveSumByKey(void *d_temp_storage, size_t &temp_storage_bytes, KeysInputIteratorT d_keys_in,
                    ValuesInputIteratorT d_values_in, ValuesOutputIteratorT d_values_out, NumItemsT num_items,
                    EqualityOpT equality_op = EqualityOpT(), hipStream_t stream = 0, bool debug_synchronous = false) {
    using A = detail::out_or_in_t<ValuesOutputIteratorT, ValuesInputIteratorT>;
    return ExclusiveScanByKey(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out,
                              ::hipcub::Sum(), A(0), num_items, equality_op, stream, debug_synchronous);
  }
  template <typename KeysInputIteratorT, typename ValuesInputIteratorT, typename ValuesOutputIteratorT,
            typename ScanOpT, typename InitValueT, typename EqualityOpT = ::hipcub::Equality, typename NumItemsT = int>
  HIPCUB_RUNTIME_FUNCTION static hipError_t
  ExclusiveScanByKey(void *d_temp_storage, size_t &temp_storage_bytes, KeysInputIteratorT d_keys_in,
                     ValuesInputIteratorT d_values_in, ValuesOutputIteratorT d_values_out, ScanOpT scan_op,
                     InitValueT init_value, NumItemsT num_items, EqualityOpT equality_op = EqualityOpT(),
                     hipStream_t stream = 0, bool debug_synchronous = false) {
    using A = detail::out_or_in_t<ValuesOutputIteratorT, ValuesInputIteratorT>;
    return by_key<A>(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out, A(init_value), true,
                     scan_op, num_items, equality_op, stream, debug_synchronous);
  }
  template <typename KeysInputIteratorT, typename ValuesInputIteratorT, typename ValuesOutputIteratorT,
            typename EqualityOpT = ::hipcub::Equality, typename NumItemsT = int>
  HIPCUB_RUNTIME_FUNCTION static hipError_t
  InclusiveSumByKey(void *d_temp_storage, size_t &temp_storage_bytes, KeysInputIteratorT d_keys_in,
                    ValuesInputIteratorT d_values_in, ValuesOutputIteratorT d_values_out, NumItemsT num_items,
                    EqualityOpT equality_op = EqualityOpT(), hipStream_t stream = 0, bool debug_synchronous = false) {
    return InclusiveScanByKey(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out,
                              ::hipcub::Sum(), num_items, equality_op, stream, debug_synchronous);
  }
  template <typename KeysInputIteratorT, typename ValuesInputIteratorT, typename ValuesOutputIteratorT,
            typename ScanOpT, typename EqualityOpT = ::hipcub::Equality, typename NumItemsT = int>
  HIPCUB_RUNTIME_FUNCTION static hipError_t
  InclusiveScanByKey(void *d_temp_storage, size_t &temp_storage_bytes, KeysInputIteratorT d_keys_in,
                     ValuesInputIteratorT d_values_in, ValuesOutputIteratorT d_values_out, ScanOpT scan_op,
                     NumItemsT num_items, EqualityOpT equality_op = EqualityOpT(), hipStream_t stream = 0,
                     bool debug_synchronous = false) {
    using A = detail::out_or_in_t<ValuesOutputIteratorT, ValuesInputIteratorT>;
    return by_key<A>(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out, A(), false, scan_op,
                     num_items, equality_op, stream, debug_synchronous);
  }

private:
  template <class A, class In, class Out, class Op, class N>
  static hipError_t run(void *d_temp_storage, size_t &temp_storage_bytes, In in, Out out, A init, bool has_init,
                        bool exclusive, Op op, N num_items, hipStream_t stream, bool debug_synchronous) {
    hipError_t e;
    if (detail::storage_done(d_temp_storage, temp_storage_bytes, detail::small_storage, e)) return e;
    const size_t n = detail::count_of(num_items);
    auto typed = [op](const A &a, const A &b) { return static_cast<A>(op(a, b)); };
    return detail::host::enqueue(
        stream, [=]() { detail::host::scan<A>(in, out, n, init, has_init, exclusive, typed); }, debug_synchronous);
  }
  template <class A, class K, class In, class Out, class Op, class N, class Eq>
  static hipError_t by_key(void *d_temp_storage, size_t &temp_storage_bytes, K keys, In in, Out out, A init,
                           bool exclusive, Op op, N num_items, Eq eq, hipStream_t stream, bool debug_synchronous) {
    hipError_t e;
    if (detail::storage_done(d_temp_storage, temp_storage_bytes, detail::small_storage, e)) return e;
    const size_t n = detail::count_of(num_items);
    auto typed = [op](const A &a, const A &b) { return static_cast<A>(op(a, b)); };
    return detail::host::enqueue(
        stream, [=]() { detail::host::scan_by_key<A>(keys, in, out, n, init, exclusive, typed, eq); },
        debug_synchronous);
  }
};

END_HIPCUB_NAMESPACE
#endif

#endif
