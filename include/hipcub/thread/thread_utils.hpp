/* ferrocm hipCUB: thread-level utilities (CUB's thread_load.cuh, thread_store.cuh,
 * thread_reduce.cuh, thread_scan.cuh, util_ptx.cuh, util_macro.cuh names). Cache modifiers are
 * hints for GPU loads and stores; on the CPU they are plain accesses. On NVIDIA the loads,
 * stores, lane/warp helpers are CUB's; internal::ThreadReduce/ThreadScan* are these on both
 * platforms (CCCL moved CUB's). */
#ifndef HIPCUB_THREAD_THREAD_UTILS_HPP_
#define HIPCUB_THREAD_THREAD_UTILS_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
// CUB includes CCCL Thrust headers while its own are half-read: our thrust/ forwarders must
// only forward there (thrust/ferrocm/nvidia.h would pull in CUB headers that need what
// CUB has not defined yet: cub::detail::it_value_t with CUDA 13).
#ifndef FERROCM_THRUST_NV_NESTED
#define FERROCM_THRUST_NV_NESTED
#define FERROCM_CUB_SET_THRUST_NESTED
#endif
#include <cub/cub.cuh>
#ifdef FERROCM_CUB_SET_THRUST_NESTED
#undef FERROCM_THRUST_NV_NESTED
#undef FERROCM_CUB_SET_THRUST_NESTED
#endif
#else
#include "../iterator/iterators.hpp"
#endif

#ifndef CUB_MAX
#define CUB_MAX(a, b) (((b) > (a)) ? (b) : (a))
#endif
#ifndef CUB_MIN
#define CUB_MIN(a, b) (((b) < (a)) ? (b) : (a))
#endif
#ifndef CUB_QUOTIENT_CEILING
#define CUB_QUOTIENT_CEILING(x, y) (((x) + (y) - 1) / (y))
#endif
#ifndef CUB_ROUND_UP_NEAREST
#define CUB_ROUND_UP_NEAREST(x, y) ((((x) + (y) - 1) / (y)) * (y))
#endif

BEGIN_HIPCUB_NAMESPACE

#if !defined(__HIP_PLATFORM_NVIDIA__)
template <CacheLoadModifier MODIFIER = LOAD_DEFAULT, typename InputIteratorT>
HIPCUB_HOST_DEVICE typename std::iterator_traits<InputIteratorT>::value_type ThreadLoad(InputIteratorT itr) {
  return *itr;
}
template <CacheStoreModifier MODIFIER = STORE_DEFAULT, typename OutputIteratorT, typename T>
HIPCUB_HOST_DEVICE void ThreadStore(OutputIteratorT itr, T val) {
  *itr = val;
}
#endif

namespace internal {
/* prefix op input[0] op ... op input[LENGTH - 1] (CUB's internal::ThreadReduce). */
template <int LENGTH, typename T, typename ReductionOp>
HIPCUB_HOST_DEVICE T ThreadReduce(T *input, ReductionOp reduction_op, T prefix) {
  for (int i = 0; i < LENGTH; ++i) prefix = reduction_op(prefix, input[i]);
  return prefix;
}
template <int LENGTH, typename T, typename ReductionOp> HIPCUB_HOST_DEVICE T ThreadReduce(T *input, ReductionOp reduction_op) {
  T prefix = input[0];
  for (int i = 1; i < LENGTH; ++i) prefix = reduction_op(prefix, input[i]);
  return prefix;
}
template <int LENGTH, typename T, typename ReductionOp>
HIPCUB_HOST_DEVICE T ThreadReduce(T (&input)[LENGTH], ReductionOp reduction_op) {
  return ThreadReduce<LENGTH>(&input[0], reduction_op);
}
template <int LENGTH, typename T, typename ReductionOp>
HIPCUB_HOST_DEVICE T ThreadReduce(T (&input)[LENGTH], ReductionOp reduction_op, T prefix) {
  return ThreadReduce<LENGTH>(&input[0], reduction_op, prefix);
}
/* Exclusive / inclusive scans of a thread's items; they return the aggregate. */
template <int LENGTH, typename T, typename ScanOp>
HIPCUB_HOST_DEVICE T ThreadScanExclusive(T *input, T *output, ScanOp scan_op, T prefix, bool apply_prefix = true) {
  T inclusive = input[0];
  if (apply_prefix) inclusive = scan_op(prefix, inclusive);
  output[0] = prefix;
  T exclusive = inclusive;
  for (int i = 1; i < LENGTH; ++i) {
    inclusive = scan_op(exclusive, input[i]);
    output[i] = exclusive;
    exclusive = inclusive;
  }
  return inclusive;
}
template <int LENGTH, typename T, typename ScanOp>
HIPCUB_HOST_DEVICE T ThreadScanExclusive(T (&input)[LENGTH], T (&output)[LENGTH], ScanOp scan_op, T prefix,
                                         bool apply_prefix = true) {
  return ThreadScanExclusive<LENGTH>(&input[0], &output[0], scan_op, prefix, apply_prefix);
}
template <int LENGTH, typename T, typename ScanOp>
HIPCUB_HOST_DEVICE T ThreadScanInclusive(T *input, T *output, ScanOp scan_op) {
  T inclusive = input[0];
  output[0] = inclusive;
  for (int i = 1; i < LENGTH; ++i) output[i] = inclusive = scan_op(inclusive, input[i]);
  return inclusive;
}
template <int LENGTH, typename T, typename ScanOp>
HIPCUB_HOST_DEVICE T ThreadScanInclusive(T (&input)[LENGTH], T (&output)[LENGTH], ScanOp scan_op) {
  return ThreadScanInclusive<LENGTH>(&input[0], &output[0], scan_op);
}
template <int LENGTH, typename T, typename ScanOp>
HIPCUB_HOST_DEVICE T ThreadScanInclusive(T (&input)[LENGTH], T (&output)[LENGTH], ScanOp scan_op, T prefix,
                                         bool apply_prefix = true) {
  T inclusive = apply_prefix ? scan_op(prefix, input[0]) : input[0];
  output[0] = inclusive;
  for (int i = 1; i < LENGTH; ++i) output[i] = inclusive = scan_op(inclusive, input[i]);
  return inclusive;
}
} // namespace internal

#if !defined(__HIP_PLATFORM_NVIDIA__)
/* Lane and warp ids of the calling work-item (CUB's util_ptx.cuh). */
HIPCUB_DEVICE inline unsigned int LaneId() { return ::rocprim::lane_id(); }
HIPCUB_DEVICE inline unsigned int WarpId() { return ::rocprim::warp_id(); }
HIPCUB_DEVICE inline int RowMajorTid(int block_dim_x, int block_dim_y, int block_dim_z) {
  return (block_dim_z == 1 ? 0 : (int(threadIdx.z) * block_dim_x * block_dim_y)) +
         (block_dim_y == 1 ? 0 : (int(threadIdx.y) * block_dim_x)) + int(threadIdx.x);
}
HIPCUB_DEVICE inline uint64_t LaneMaskLt() { return (uint64_t(1) << LaneId()) - 1; }
HIPCUB_DEVICE inline uint64_t LaneMaskLe() { return LaneMaskLt() | (uint64_t(1) << LaneId()); }
HIPCUB_DEVICE inline uint64_t LaneMaskGt() { return ~LaneMaskLe(); }
HIPCUB_DEVICE inline uint64_t LaneMaskGe() { return ~LaneMaskLt(); }
HIPCUB_DEVICE inline void CTA_SYNC() { __syncthreads(); }
HIPCUB_DEVICE inline void WARP_SYNC(uint64_t = ~uint64_t(0)) { __syncwarp(); }
template <int LOGICAL_WARP_THREADS, typename T>
HIPCUB_DEVICE T ShuffleIndex(T input, int src_lane, uint64_t = ~uint64_t(0)) {
  return __shfl(input, src_lane, LOGICAL_WARP_THREADS);
}
template <int LOGICAL_WARP_THREADS, typename T>
HIPCUB_DEVICE T ShuffleUp(T input, int src_offset, int first_thread, uint64_t = ~uint64_t(0)) {
  (void)first_thread;
  return __shfl_up(input, unsigned(src_offset), LOGICAL_WARP_THREADS);
}
template <int LOGICAL_WARP_THREADS, typename T>
HIPCUB_DEVICE T ShuffleDown(T input, int src_offset, int last_thread, uint64_t = ~uint64_t(0)) {
  (void)last_thread;
  return __shfl_down(input, unsigned(src_offset), LOGICAL_WARP_THREADS);
}
#endif

END_HIPCUB_NAMESPACE

#endif
