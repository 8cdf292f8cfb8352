/* ferrocm hipCUB: BlockScan (CUB's block_scan.cuh API). CPU: over rocprim::block_scan.
 * NVIDIA: CUB's. */
#ifndef HIPCUB_BLOCK_BLOCK_SCAN_HPP_
#define HIPCUB_BLOCK_BLOCK_SCAN_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "../thread/thread_operators.hpp"

BEGIN_HIPCUB_NAMESPACE

enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };

template <typename T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int ARCH = HIPCUB_ARCH>
class BlockScan : private ::rocprim::block_scan<T, BLOCK_DIM_X, ::rocprim::block_scan_algorithm::default_algorithm,
                                                BLOCK_DIM_Y, BLOCK_DIM_Z> {
  using base = ::rocprim::block_scan<T, BLOCK_DIM_X, ::rocprim::block_scan_algorithm::default_algorithm, BLOCK_DIM_Y,
                                     BLOCK_DIM_Z>;
  template <class Op> struct typed_op {
    Op op;
    HIPCUB_DEVICE T operator()(const T &a, const T &b) const { return static_cast<T>(op(a, b)); }
  };
  template <class Op> static HIPCUB_DEVICE typed_op<Op> op_of(Op op) { return typed_op<Op>{op}; }
  static HIPCUB_DEVICE typed_op<::hipcub::Sum> sum() { return typed_op<::hipcub::Sum>{::hipcub::Sum()}; }

public:
  using TempStorage = typename base::storage_type;

  HIPCUB_DEVICE BlockScan() : temp_storage_(private_storage()) {}
  HIPCUB_DEVICE BlockScan(TempStorage &temp_storage) : temp_storage_(temp_storage) {}

  /* ---- sums */
  HIPCUB_DEVICE void ExclusiveSum(T input, T &output) { base::exclusive_scan(input, output, T(0), temp_storage_, sum()); }
  HIPCUB_DEVICE void ExclusiveSum(T input, T &output, T &block_aggregate) {
    base::exclusive_scan(input, output, T(0), block_aggregate, temp_storage_, sum());
  }
  template <typename BlockPrefixCallbackOp>
  HIPCUB_DEVICE void ExclusiveSum(T input, T &output, BlockPrefixCallbackOp &block_prefix_callback_op) {
    base::exclusive_scan(input, output, temp_storage_, block_prefix_callback_op, sum());
  }
  template <int ITEMS_PER_THREAD> HIPCUB_DEVICE void ExclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD]) {
    base::exclusive_scan(input, output, T(0), temp_storage_, sum());
  }
  template <int ITEMS_PER_THREAD>
  HIPCUB_DEVICE void ExclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], T &block_aggregate) {
    base::exclusive_scan(input, output, T(0), block_aggregate, temp_storage_, sum());
  }
  template <int ITEMS_PER_THREAD, typename BlockPrefixCallbackOp>
  HIPCUB_DEVICE void ExclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD],
                                  BlockPrefixCallbackOp &block_prefix_callback_op) {
    base::exclusive_scan(input, output, temp_storage_, block_prefix_callback_op, sum());
  }
  HIPCUB_DEVICE void InclusiveSum(T input, T &output) { base::inclusive_scan(input, output, temp_storage_, sum()); }
  HIPCUB_DEVICE void InclusiveSum(T input, T &output, T &block_aggregate) {
    base::inclusive_scan(input, output, block_aggregate, temp_storage_, sum());
  }
  template <typename BlockPrefixCallbackOp>
  HIPCUB_DEVICE void InclusiveSum(T input, T &output, BlockPrefixCallbackOp &block_prefix_callback_op) {
    base::inclusive_scan(input, output, temp_storage_, block_prefix_callback_op, sum());
  }
  template <int ITEMS_PER_THREAD> HIPCUB_DEVICE void InclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD]) {
    base::inclusive_scan(input, output, temp_storage_, sum());
  }
  template <int ITEMS_PER_THREAD>
  HIPCUB_DEVICE void InclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], T &block_aggregate) {
    base::inclusive_scan(input, output, block_aggregate, temp_storage_, sum());
  }
  template <int ITEMS_PER_THREAD, typename BlockPrefixCallbackOp>
  HIPCUB_DEVICE void InclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD],
                                  BlockPrefixCallbackOp &block_prefix_callback_op) {
    base::inclusive_scan(input, output, temp_storage_, block_prefix_callback_op, sum());
  }

  /* ---- scans with an operator */
  template <typename ScanOp> HIPCUB_DEVICE void ExclusiveScan(T input, T &output, T initial_value, ScanOp scan_op) {
    base::exclusive_scan(input, output, initial_value, temp_storage_, op_of(scan_op));
  }
  template <typename ScanOp>
  HIPCUB_DEVICE void ExclusiveScan(T input, T &output, T initial_value, ScanOp scan_op, T &block_aggregate) {
    base::exclusive_scan(input, output, initial_value, block_aggregate, temp_storage_, op_of(scan_op));
  }
  template <typename ScanOp, typename BlockPrefixCallbackOp>
  HIPCUB_DEVICE void ExclusiveScan(T input, T &output, ScanOp scan_op, BlockPrefixCallbackOp &block_prefix_callback_op) {
    base::exclusive_scan(input, output, temp_storage_, block_prefix_callback_op, op_of(scan_op));
  }
  template <int ITEMS_PER_THREAD, typename ScanOp>
  HIPCUB_DEVICE void ExclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], T initial_value,
                                   ScanOp scan_op) {
    base::exclusive_scan(input, output, initial_value, temp_storage_, op_of(scan_op));
  }
  template <int ITEMS_PER_THREAD, typename ScanOp>
  HIPCUB_DEVICE void ExclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], T initial_value,
                                   ScanOp scan_op, T &block_aggregate) {
    base::exclusive_scan(input, output, initial_value, block_aggregate, temp_storage_, op_of(scan_op));
  }
  template <int ITEMS_PER_THREAD, typename ScanOp, typename BlockPrefixCallbackOp>
  HIPCUB_DEVICE void ExclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], ScanOp scan_op,
                                   BlockPrefixCallbackOp &block_prefix_callback_op) {
    base::exclusive_scan(input, output, temp_storage_, block_prefix_callback_op, op_of(scan_op));
  }
  template <typename ScanOp> HIPCUB_DEVICE void InclusiveScan(T input, T &output, ScanOp scan_op) {
    base::inclusive_scan(input, output, temp_storage_, op_of(scan_op));
  }
  template <typename ScanOp> HIPCUB_DEVICE void InclusiveScan(T input, T &output, ScanOp scan_op, T &block_aggregate) {
    base::inclusive_scan(input, output, block_aggregate, temp_storage_, op_of(scan_op));
  }
  template <typename ScanOp, typename BlockPrefixCallbackOp>
  HIPCUB_DEVICE void InclusiveScan(T input, T &output, ScanOp scan_op, BlockPrefixCallbackOp &block_prefix_callback_op) {
    base::inclusive_scan(input, output, temp_storage_, block_prefix_callback_op, op_of(scan_op));
  }
  template <int ITEMS_PER_THREAD, typename ScanOp>
  HIPCUB_DEVICE void InclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], ScanOp scan_op) {
    base::inclusive_scan(input, output, temp_storage_, op_of(scan_op));
  }
  template <int ITEMS_PER_THREAD, typename ScanOp>
  HIPCUB_DEVICE void InclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], ScanOp scan_op,
                                   T &block_aggregate) {
    base::inclusive_scan(input, output, block_aggregate, temp_storage_, op_of(scan_op));
  }
  template <int ITEMS_PER_THREAD, typename ScanOp, typename BlockPrefixCallbackOp>
  HIPCUB_DEVICE void InclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], ScanOp scan_op,
                                   BlockPrefixCallbackOp &block_prefix_callback_op) {
    base::inclusive_scan(input, output, temp_storage_, block_prefix_callback_op, op_of(scan_op));
  }

private:
  static HIPCUB_DEVICE TempStorage &private_storage() {
    HIPCUB_SHARED_MEMORY TempStorage storage;
    return storage;
  }
  TempStorage &temp_storage_;
};

END_HIPCUB_NAMESPACE
#endif

#endif
