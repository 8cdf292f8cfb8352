/*
 * ferrocm hipCUB: configuration.
 *
 * CPU platform: hipCUB over ferrocm's rocPRIM (include/rocprim), as AMD's hipCUB is over
 * rocPRIM. NVIDIA (__HIP_PLATFORM_NVIDIA__): hipCUB is CUB from the CUDA toolkit
 * (backend/cub/hipcub_cub.hpp), as AMD's hipCUB does on its CUDA backend.
 */
#ifndef HIPCUB_CONFIG_HPP_
#define HIPCUB_CONFIG_HPP_

#include <hip/hip_runtime.h>

#define HIPCUB_NAMESPACE hipcub
#define BEGIN_HIPCUB_NAMESPACE namespace hipcub {
#define END_HIPCUB_NAMESPACE }

#define HIPCUB_HOST __host__
#define HIPCUB_DEVICE __device__
#define HIPCUB_HOST_DEVICE __host__ __device__
#define HIPCUB_SHARED_MEMORY __shared__
#define HIPCUB_FORCEINLINE __forceinline__
#define HIPCUB_RUNTIME_FUNCTION __host__
#define CUB_RUNTIME_FUNCTION __host__

#if defined(__HIP_PLATFORM_NVIDIA__)
#define HIPCUB_CUB_API 1
#define HIPCUB_WARP_THREADS 32
#else
#define HIPCUB_ROCPRIM_API 1
#include <rocprim/rocprim.hpp>
#define HIPCUB_WARP_THREADS ROCPRIM_WARP_SIZE
#endif
#define HIPCUB_DEVICE_WARP_THREADS HIPCUB_WARP_THREADS
#define HIPCUB_HOST_WARP_THREADS HIPCUB_WARP_THREADS
#define HIPCUB_ARCH 1
#define CUB_PTX_WARP_THREADS HIPCUB_WARP_THREADS
#define CUB_PTX_ARCH 0

#endif
