/* ferrocm rocPRIM: thread and wavefront utilities (rocPRIM's intrinsics/thread.hpp names). */
#ifndef ROCPRIM_INTRINSICS_HPP_
#define ROCPRIM_INTRINSICS_HPP_

#include "config.hpp"

BEGIN_ROCPRIM_NAMESPACE

ROCPRIM_DEVICE inline unsigned int flat_block_size() { return blockDim.x * blockDim.y * blockDim.z; }
ROCPRIM_DEVICE inline unsigned int flat_block_thread_id() {
  return threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
}
/* The flat id of a block whose sizes are known at compile time. */
template <unsigned int BlockSizeX, unsigned int BlockSizeY, unsigned int BlockSizeZ>
ROCPRIM_DEVICE inline unsigned int flat_block_thread_id() {
  return threadIdx.x + (BlockSizeY > 1 || BlockSizeZ > 1 ? threadIdx.y * BlockSizeX : 0u) +
         (BlockSizeZ > 1 ? threadIdx.z * BlockSizeX * BlockSizeY : 0u);
}
ROCPRIM_DEVICE inline unsigned int flat_block_id() {
  return blockIdx.x + blockIdx.y * gridDim.x + blockIdx.z * gridDim.x * gridDim.y;
}
template <unsigned int Dim> ROCPRIM_DEVICE inline unsigned int block_thread_id() {
  static_assert(Dim <= 2, "Dim must be 0, 1 or 2");
  return Dim == 0 ? threadIdx.x : Dim == 1 ? threadIdx.y : threadIdx.z;
}
template <unsigned int Dim> ROCPRIM_DEVICE inline unsigned int block_id() {
  static_assert(Dim <= 2, "Dim must be 0, 1 or 2");
  return Dim == 0 ? blockIdx.x : Dim == 1 ? blockIdx.y : blockIdx.z;
}
template <unsigned int Dim> ROCPRIM_DEVICE inline unsigned int block_size() {
  static_assert(Dim <= 2, "Dim must be 0, 1 or 2");
  return Dim == 0 ? blockDim.x : Dim == 1 ? blockDim.y : blockDim.z;
}
template <unsigned int Dim> ROCPRIM_DEVICE inline unsigned int grid_size() {
  static_assert(Dim <= 2, "Dim must be 0, 1 or 2");
  return Dim == 0 ? gridDim.x : Dim == 1 ? gridDim.y : gridDim.z;
}
ROCPRIM_DEVICE inline unsigned int lane_id() { return flat_block_thread_id() % device_warp_size(); }
template <unsigned int LogicalWarpSize = ROCPRIM_WARP_SIZE> ROCPRIM_DEVICE inline unsigned int logical_lane_id() {
  return flat_block_thread_id() % LogicalWarpSize;
}
ROCPRIM_DEVICE inline unsigned int warp_id() { return flat_block_thread_id() / device_warp_size(); }
ROCPRIM_DEVICE inline unsigned int warp_id(unsigned int flat_id) { return flat_id / device_warp_size(); }
template <unsigned int LogicalWarpSize = ROCPRIM_WARP_SIZE> ROCPRIM_DEVICE inline unsigned int logical_warp_id() {
  return flat_block_thread_id() / LogicalWarpSize;
}
ROCPRIM_DEVICE inline void syncthreads() { __syncthreads(); }
/* Every running lane of the wavefront meets here (also a memory fence between them). */
ROCPRIM_DEVICE inline void wave_barrier() { __syncwarp(); }
ROCPRIM_DEVICE inline uint64_t ballot(int predicate) { return __ballot(predicate); }
ROCPRIM_DEVICE inline unsigned int bit_count(unsigned int x) { return __popc(x); }
ROCPRIM_DEVICE inline unsigned int bit_count(unsigned long long x) { return __popcll(x); }
template <class T> ROCPRIM_DEVICE inline T warp_shuffle(const T &input, const int src_lane, const int width = ROCPRIM_WARP_SIZE) {
  return __shfl(input, src_lane, width);
}
template <class T> ROCPRIM_DEVICE inline T warp_shuffle_up(const T &input, const unsigned int delta, const int width = ROCPRIM_WARP_SIZE) {
  return __shfl_up(input, delta, width);
}
template <class T> ROCPRIM_DEVICE inline T warp_shuffle_down(const T &input, const unsigned int delta, const int width = ROCPRIM_WARP_SIZE) {
  return __shfl_down(input, delta, width);
}
template <class T> ROCPRIM_DEVICE inline T warp_shuffle_xor(const T &input, const int lane_mask, const int width = ROCPRIM_WARP_SIZE) {
  return __shfl_xor(input, lane_mask, width);
}

END_ROCPRIM_NAMESPACE

#endif
