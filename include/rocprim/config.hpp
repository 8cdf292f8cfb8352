/*
 * ferrocm rocPRIM: configuration (rocPRIM's config.hpp names).
 *
 * On the CPU platform rocPRIM is ferrocm's own implementation: block and warp primitives run
 * on the HIP device language of include/hip/cpu (shared memory, barriers, 64-lane wavefronts),
 * device-wide algorithms are host-parallel algorithms run in stream order
 * (detail/host_parallel.hpp). On NVIDIA (__HIP_PLATFORM_NVIDIA__) rocPRIM's API is provided
 * over CUB from the CUDA toolkit (nvidia/*.hpp); rocPRIM itself has no NVIDIA backend.
 */
#ifndef ROCPRIM_CONFIG_HPP_
#define ROCPRIM_CONFIG_HPP_

#include <hip/hip_runtime.h>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <type_traits>

#define BEGIN_ROCPRIM_NAMESPACE namespace rocprim {
#define END_ROCPRIM_NAMESPACE }

#define ROCPRIM_HOST __host__
#define ROCPRIM_DEVICE __device__
#define ROCPRIM_HOST_DEVICE __host__ __device__
#define ROCPRIM_SHARED_MEMORY __shared__
#define ROCPRIM_KERNEL __global__
#define ROCPRIM_FORCE_INLINE __forceinline__
#define ROCPRIM_INLINE inline

#if defined(__HIP_PLATFORM_NVIDIA__)
#define ROCPRIM_WARP_SIZE 32
#define ROCPRIM_NAVI 0
#else
/* The CPU agent's wavefront (hip/cpu/hip_runtime.h: warpSize). */
#define ROCPRIM_WARP_SIZE 64
#define ROCPRIM_NAVI 0
#endif
#define ROCPRIM_WARP_SIZE_32 32u
#define ROCPRIM_WARP_SIZE_64 64u
#define ROCPRIM_MAX_WARP_SIZE ROCPRIM_WARP_SIZE_64
#define ROCPRIM_DEFAULT_MAX_BLOCK_SIZE 256
#define ROCPRIM_DEFAULT_MIN_WARPS_PER_EU 1

#ifndef ROCPRIM_DEFAULT_ITEMS_PER_THREAD
#define ROCPRIM_DEFAULT_ITEMS_PER_THREAD 1
#endif

BEGIN_ROCPRIM_NAMESPACE
/* The wavefront size in device code and on the host (the same on one platform). */
ROCPRIM_HOST_DEVICE constexpr unsigned int device_warp_size() { return ROCPRIM_WARP_SIZE; }
ROCPRIM_HOST_DEVICE constexpr unsigned int warp_size() { return ROCPRIM_WARP_SIZE; }
/* Host query of the current device's wavefront size. */
inline hipError_t host_warp_size(const int device_id, unsigned int &warp_size_out) {
  int ws = 0;
  hipError_t e = hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, device_id);
  warp_size_out = e == hipSuccess ? unsigned(ws) : 0u;
  return e;
}
inline hipError_t host_warp_size(const hipStream_t stream, unsigned int &warp_size_out) {
  (void)stream;
  int dev = 0;
  hipError_t e = hipGetDevice(&dev);
  if (e != hipSuccess) return e;
  return host_warp_size(dev, warp_size_out);
}
END_ROCPRIM_NAMESPACE

#endif
