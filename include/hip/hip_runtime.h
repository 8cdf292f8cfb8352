/*
 * HIP runtime header: the host API plus, in C++, the device language.
 *
 * Platform macros (set by hip_common.h):
 *   __HIP_PLATFORM_CPU__    defined unless __HIP_PLATFORM_NVIDIA__ is: ferrocm's CPU
 *                           platform (the default). Kernels are ordinary host functions
 *                           run by the CPU agent; the device language is in hip/cpu/.
 *   __HIP_CPU_RT__          defined with __HIP_PLATFORM_CPU__, for code written for
 *                           ROCm/HIP-CPU.
 *   __HIP_PLATFORM_NVIDIA__ the NVIDIA platform: defined by hipcc --platform nvidia (with
 *                           __HIP_PLATFORM_NVCC__), or by hip_common.h under nvcc. Device
 *                           code is compiled by nvcc; the device language is CUDA's plus
 *                           the HIP spellings in hip/nvidia/hip_runtime.h.
 *   __HIP_PLATFORM_AMD__    defined with __HIP_PLATFORM_CPU__ (and the legacy
 *                           __HIP_PLATFORM_HCC__): the CPU platform takes the AMD branch of
 *                           portable code (64-lane wavefronts, __AMDGCN_WAVEFRONT_SIZE,
 *                           __HIP_ARCH_HAS_*, hip/amd_detail/, __builtin_amdgcn_*); with the
 *                           NVIDIA platform it is an error.
 *   __FERROCM_CODE_OBJECT__ defined by hipcc --genco and hiprtc when compiling a CPU code
 *                           object (changes what FERROCM_REGISTER_KERNEL expands to).
 *   FERROCM_DYNAMIC_TLS     optional: use the default TLS model for __hip_wi (for
 *                           libraries that are dlopen'ed); see hip/cpu/hip_runtime.h.
 * __HIP_DEVICE_COMPILE__ is never defined on the CPU platform (a single, host, compilation
 * pass); on NVIDIA it is defined in nvcc's device passes (__CUDA_ARCH__).
 */
#ifndef HIP_RUNTIME_H
#define HIP_RUNTIME_H

#include "hip_common.h"
#include "hip_version.h"
#include "hip_runtime_api.h"

#if defined(__HIP_PLATFORM_NVIDIA__)
#include "nvidia/hip_runtime.h"
#elif defined(__HIP_PLATFORM_CPU__) && defined(__cplusplus)
#if __cplusplus >= 201703L
#include "cpu/hip_runtime.h"
#else
/* Host code before C++17 gets the host API and vector types; kernels need C++17. */
#include "hip_vector_types.h"
#define hipLaunchKernelGGL(...)                                                                              \
  static_assert(sizeof(int) == 0, "ferrocm: HIP kernels on the CPU platform need C++17 or later (-std=c++17)")
#endif
#endif

#endif /* HIP_RUNTIME_H */
