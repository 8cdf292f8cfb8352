/*
 * HIP cooperative groups on the NVIDIA platform: CUDA's (same namespace and names).
 * hip/hip_cooperative_groups.h includes this under __HIP_PLATFORM_NVIDIA__. HIP's header
 * also declares cg::reduce, cg::inclusive_scan and cg::exclusive_scan, which CUDA keeps in
 * cooperative_groups/reduce.h and scan.h: they come with it here too.
 */
#ifndef HIP_NVIDIA_HIP_COOPERATIVE_GROUPS_H
#define HIP_NVIDIA_HIP_COOPERATIVE_GROUPS_H

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>

#if defined(__CUDACC_VER_MAJOR__) && __CUDACC_VER_MAJOR__ >= 13
/* CUDA 13 dropped multi-device cooperative launches and multi_grid_group with them; HIP
 * programs still name it. No launch is part of a multi-device one here
 * (hipDeviceAttributeCooperativeMultiDeviceLaunch is 0 on NVIDIA): the group is the grid
 * alone and is_valid() is false. */
namespace cooperative_groups {
class multi_grid_group {
public:
  __device__ unsigned int num_grids() const { return 1; }
  __device__ unsigned int grid_rank() const { return 0; }
  __device__ unsigned long long size() const { return this_grid().size(); }
  __device__ unsigned long long num_threads() const { return this_grid().size(); }
  __device__ unsigned long long thread_rank() const { return this_grid().thread_rank(); }
  __device__ bool is_valid() const { return false; }
  __device__ void sync() const { this_grid().sync(); }
};
__device__ inline multi_grid_group this_multi_grid() { return multi_grid_group(); }
} // namespace cooperative_groups
#endif

#endif /* HIP_NVIDIA_HIP_COOPERATIVE_GROUPS_H */
