/* ferrocm hipCUB: BlockReduce (CUB's block_reduce.cuh API). CPU: over rocprim::block_reduce;
 * the result is valid in work-item 0. NVIDIA: CUB's. */
#ifndef HIPCUB_BLOCK_BLOCK_REDUCE_HPP_
#define HIPCUB_BLOCK_BLOCK_REDUCE_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "../thread/thread_operators.hpp"

BEGIN_HIPCUB_NAMESPACE

enum BlockReduceAlgorithm { BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, BLOCK_REDUCE_RAKING, BLOCK_REDUCE_WARP_REDUCTIONS };

template <typename T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = HIPCUB_ARCH>
class BlockReduce : private ::rocprim::block_reduce<T, BLOCK_DIM_X, ::rocprim::block_reduce_algorithm::default_algorithm,
                                                    BLOCK_DIM_Y, BLOCK_DIM_Z> {
  using base = ::rocprim::block_reduce<T, BLOCK_DIM_X, ::rocprim::block_reduce_algorithm::default_algorithm,
                                       BLOCK_DIM_Y, BLOCK_DIM_Z>;
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;

public:
  using TempStorage = typename base::storage_type;

  HIPCUB_DEVICE BlockReduce() : temp_storage_(private_storage()) {}
  HIPCUB_DEVICE BlockReduce(TempStorage &temp_storage) : temp_storage_(temp_storage) {}

  HIPCUB_DEVICE T Sum(T input) { return Reduce(input, ::hipcub::Sum()); }
  template <int ITEMS_PER_THREAD> HIPCUB_DEVICE T Sum(T (&inputs)[ITEMS_PER_THREAD]) {
    return Reduce(inputs, ::hipcub::Sum());
  }
  HIPCUB_DEVICE T Sum(T input, int num_valid) { return Reduce(input, ::hipcub::Sum(), num_valid); }

  template <typename ReductionOp> HIPCUB_DEVICE T Reduce(T input, ReductionOp reduction_op) {
    T output = input;
    base::reduce(input, output, temp_storage_, op_of<ReductionOp>(reduction_op));
    return output;
  }
  template <int ITEMS_PER_THREAD, typename ReductionOp>
  HIPCUB_DEVICE T Reduce(T (&inputs)[ITEMS_PER_THREAD], ReductionOp reduction_op) {
    T output = inputs[0];
    base::reduce(inputs, output, temp_storage_, op_of<ReductionOp>(reduction_op));
    return output;
  }
  template <typename ReductionOp> HIPCUB_DEVICE T Reduce(T input, ReductionOp reduction_op, int num_valid) {
    T output = input;
    base::reduce(input, output, num_valid < 0 ? 0u : unsigned(num_valid), temp_storage_,
                 op_of<ReductionOp>(reduction_op));
    return output;
  }

private:
  /* The user's operator with T arguments and result (CUB's Sum on T returns T). */
  template <class Op> struct typed_op {
    Op op;
    HIPCUB_DEVICE T operator()(const T &a, const T &b) const { return static_cast<T>(op(a, b)); }
  };
  template <class Op> static HIPCUB_DEVICE typed_op<Op> op_of(Op op) { return typed_op<Op>{op}; }
  static HIPCUB_DEVICE TempStorage &private_storage() {
    HIPCUB_SHARED_MEMORY TempStorage storage;
    return storage;
  }
  TempStorage &temp_storage_;
};

END_HIPCUB_NAMESPACE
#endif

#endif
