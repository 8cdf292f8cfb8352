/* ferrocm hipCUB: WarpReduce (CUB's warp_reduce.cuh API). CPU: over rocprim::warp_reduce; the
 * result is valid in lane 0 of each logical warp; every running lane of the 64-lane wavefront
 * must make the call (the CPU engine's wavefront contract). NVIDIA: CUB's. */
#ifndef HIPCUB_WARP_WARP_REDUCE_HPP_
#define HIPCUB_WARP_WARP_REDUCE_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "../thread/thread_operators.hpp"

BEGIN_HIPCUB_NAMESPACE

template <typename T, int LOGICAL_WARP_THREADS = HIPCUB_DEVICE_WARP_THREADS, int ARCH = HIPCUB_ARCH>
class WarpReduce : private ::rocprim::warp_reduce<T, LOGICAL_WARP_THREADS, false> {
  using base = ::rocprim::warp_reduce<T, LOGICAL_WARP_THREADS, false>;
  template <class Op> struct typed_op {
    Op op;
    HIPCUB_DEVICE T operator()(const T &a, const T &b) const { return static_cast<T>(op(a, b)); }
  };

public:
  using TempStorage = typename base::storage_type;

  HIPCUB_DEVICE WarpReduce(TempStorage &temp_storage) : temp_storage_(temp_storage) {}

  HIPCUB_DEVICE T Sum(T input) { return Reduce(input, ::hipcub::Sum()); }
  HIPCUB_DEVICE T Sum(T input, int valid_items) { return Reduce(input, ::hipcub::Sum(), valid_items); }
  template <typename FlagT> HIPCUB_DEVICE T HeadSegmentedSum(T input, FlagT head_flag) {
    return HeadSegmentedReduce(input, head_flag, ::hipcub::Sum());
  }
  template <typename FlagT> HIPCUB_DEVICE T TailSegmentedSum(T input, FlagT tail_flag) {
    return TailSegmentedReduce(input, tail_flag, ::hipcub::Sum());
  }
  template <typename ReductionOp> HIPCUB_DEVICE T Reduce(T input, ReductionOp reduction_op) {
    T output = input;
    base::reduce(input, output, temp_storage_, typed_op<ReductionOp>{reduction_op});
    return output;
  }
  template <typename ReductionOp> HIPCUB_DEVICE T Reduce(T input, ReductionOp reduction_op, int valid_items) {
    T output = input;
    base::reduce(input, output, valid_items, temp_storage_, typed_op<ReductionOp>{reduction_op});
    return output;
  }
  template <typename ReductionOp, typename FlagT>
  HIPCUB_DEVICE T HeadSegmentedReduce(T input, FlagT head_flag, ReductionOp reduction_op) {
    T output = input;
    base::head_segmented_reduce(input, output, head_flag, temp_storage_, typed_op<ReductionOp>{reduction_op});
    return output;
  }
  template <typename ReductionOp, typename FlagT>
  HIPCUB_DEVICE T TailSegmentedReduce(T input, FlagT tail_flag, ReductionOp reduction_op) {
    T output = input;
    base::tail_segmented_reduce(input, output, tail_flag, temp_storage_, typed_op<ReductionOp>{reduction_op});
    return output;
  }

private:
  TempStorage &temp_storage_;
};

END_HIPCUB_NAMESPACE
#endif

#endif
