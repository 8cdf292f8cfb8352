/* ferrocm hipCUB: WarpScan (CUB's warp_scan.cuh API). CPU: over rocprim::warp_scan (see
 * warp_reduce.hpp for the calling contract). NVIDIA: CUB's. */
#ifndef HIPCUB_WARP_WARP_SCAN_HPP_
#define HIPCUB_WARP_WARP_SCAN_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "../thread/thread_operators.hpp"

BEGIN_HIPCUB_NAMESPACE

template <typename T, int LOGICAL_WARP_THREADS = HIPCUB_DEVICE_WARP_THREADS, int ARCH = HIPCUB_ARCH>
class WarpScan : private ::rocprim::warp_scan<T, LOGICAL_WARP_THREADS> {
  using base = ::rocprim::warp_scan<T, LOGICAL_WARP_THREADS>;
  template <class Op> struct typed_op {
    Op op;
    HIPCUB_DEVICE T operator()(const T &a, const T &b) const { return static_cast<T>(op(a, b)); }
  };
  template <class Op> static HIPCUB_DEVICE typed_op<Op> op_of(Op op) { return typed_op<Op>{op}; }

public:
  using TempStorage = typename base::storage_type;

  HIPCUB_DEVICE WarpScan(TempStorage &temp_storage) : temp_storage_(temp_storage) {}

  HIPCUB_DEVICE void InclusiveSum(T input, T &inclusive_output) { InclusiveScan(input, inclusive_output, ::hipcub::Sum()); }
  HIPCUB_DEVICE void InclusiveSum(T input, T &inclusive_output, T &warp_aggregate) {
    InclusiveScan(input, inclusive_output, ::hipcub::Sum(), warp_aggregate);
  }
  HIPCUB_DEVICE void ExclusiveSum(T input, T &exclusive_output) {
    ExclusiveScan(input, exclusive_output, T(0), ::hipcub::Sum());
  }
  HIPCUB_DEVICE void ExclusiveSum(T input, T &exclusive_output, T &warp_aggregate) {
    ExclusiveScan(input, exclusive_output, T(0), ::hipcub::Sum(), warp_aggregate);
  }
  template <typename ScanOp> HIPCUB_DEVICE void InclusiveScan(T input, T &inclusive_output, ScanOp scan_op) {
    base::inclusive_scan(input, inclusive_output, temp_storage_, op_of(scan_op));
  }
  template <typename ScanOp>
  HIPCUB_DEVICE void InclusiveScan(T input, T &inclusive_output, ScanOp scan_op, T &warp_aggregate) {
    base::inclusive_scan(input, inclusive_output, warp_aggregate, temp_storage_, op_of(scan_op));
  }
  /* Without an initial value lane 0's output is undefined (left as it was). */
  template <typename ScanOp> HIPCUB_DEVICE void ExclusiveScan(T input, T &exclusive_output, ScanOp scan_op) {
    T aggregate;
    base::exclusive_scan_unseeded(input, exclusive_output, aggregate, temp_storage_, op_of(scan_op));
  }
  template <typename ScanOp>
  HIPCUB_DEVICE void ExclusiveScan(T input, T &exclusive_output, ScanOp scan_op, T &warp_aggregate) {
    base::exclusive_scan_unseeded(input, exclusive_output, warp_aggregate, temp_storage_, op_of(scan_op));
  }
  template <typename ScanOp>
  HIPCUB_DEVICE void ExclusiveScan(T input, T &exclusive_output, T initial_value, ScanOp scan_op) {
    base::exclusive_scan(input, exclusive_output, initial_value, temp_storage_, op_of(scan_op));
  }
  template <typename ScanOp>
  HIPCUB_DEVICE void ExclusiveScan(T input, T &exclusive_output, T initial_value, ScanOp scan_op, T &warp_aggregate) {
    base::exclusive_scan(input, exclusive_output, initial_value, warp_aggregate, temp_storage_, op_of(scan_op));
  }
  template <typename ScanOp>
  HIPCUB_DEVICE void Scan(T input, T &inclusive_output, T &exclusive_output, ScanOp scan_op) {
    T aggregate;
    base::inclusive_scan(input, inclusive_output, temp_storage_, op_of(scan_op));
    base::exclusive_scan_unseeded(input, exclusive_output, aggregate, temp_storage_, op_of(scan_op));
  }
  template <typename ScanOp>
  HIPCUB_DEVICE void Scan(T input, T &inclusive_output, T &exclusive_output, T initial_value, ScanOp scan_op) {
    base::scan(input, inclusive_output, exclusive_output, initial_value, temp_storage_, op_of(scan_op));
  }
  HIPCUB_DEVICE T Broadcast(T input, unsigned int src_lane) { return base::broadcast(input, src_lane, temp_storage_); }

private:
  TempStorage &temp_storage_;
};

END_HIPCUB_NAMESPACE
#endif

#endif
