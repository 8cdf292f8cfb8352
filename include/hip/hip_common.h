/*
 * Platform selection shared by every HIP header (see hip_runtime.h for the list of
 * platform macros). Only ferrocm's CPU platform is implemented; NVIDIA is planned.
 */
#ifndef HIP_COMMON_H
#define HIP_COMMON_H

/* __HIP_PLATFORM_AMD__ (ROCm's hipcc defines it on every command line) selects the CPU
 * platform, which takes the AMD branch of portable code (see below); with the NVIDIA
 * platform it is a contradiction. */
#if (defined(__HIP_PLATFORM_AMD__) || defined(__HIP_PLATFORM_HCC__)) &&                                      \
    (defined(__HIP_PLATFORM_NVIDIA__) || defined(__HIP_PLATFORM_NVCC__))
#error "__HIP_PLATFORM_AMD__ and __HIP_PLATFORM_NVIDIA__ are mutually exclusive"
#endif

#if defined(__CUDACC_RTC__)
/* NVRTC (hiprtc on the NVIDIA platform) defines __CUDACC_RTC__, not __NVCC__: the NVIDIA
 * platform, and hiprtc's macro (hiprtc also passes both on its command line). */
#if !defined(__HIP_PLATFORM_NVIDIA__) && !defined(__HIP_PLATFORM_CPU__)
#define __HIP_PLATFORM_NVIDIA__ 1
#endif
#ifndef __HIPCC_RTC__
#define __HIPCC_RTC__ 1
#endif
#endif /* __CUDACC_RTC__ */

/* Compiled by nvcc without a platform macro: the NVIDIA platform (as ROCm's headers do). */
#if defined(__NVCC__) && !defined(__HIP_PLATFORM_NVIDIA__) && !defined(__HIP_PLATFORM_CPU__)
#define __HIP_PLATFORM_NVIDIA__ 1
#endif
#if defined(__HIP_PLATFORM_NVIDIA__) && !defined(__HIP_PLATFORM_NVCC__)
#define __HIP_PLATFORM_NVCC__ 1
#endif

#if defined(__HIP_PLATFORM_NVCC__) && !defined(__HIP_PLATFORM_NVIDIA__)
#define __HIP_PLATFORM_NVIDIA__ 1
#endif

#if !defined(__HIP_PLATFORM_NVIDIA__)
#ifndef __HIP_PLATFORM_CPU__
#define __HIP_PLATFORM_CPU__ 1
#endif
/* HIP-CPU (ROCm/HIP-CPU) defines this; code written for it keys on it. */
#ifndef __HIP_CPU_RT__
#define __HIP_CPU_RT__ 1
#endif
#endif

#if defined(__HIP_PLATFORM_CPU__) && defined(__HIP_PLATFORM_NVIDIA__)
#error "__HIP_PLATFORM_CPU__ and __HIP_PLATFORM_NVIDIA__ are mutually exclusive"
#endif

/* The CPU platform takes the AMD branch of portable code: its wavefronts have 64 lanes as on
 * AMD's data-centre GPUs, and code that tests __HIP_PLATFORM_AMD__ (or refuses to compile
 * without it or __HIP_PLATFORM_NVIDIA__) then gets what it expects: the feature macros below,
 * hip/amd_detail/ headers and the __builtin_amdgcn_* builtins with a CPU meaning
 * (hip/cpu/amdgcn_builtins.h). __HIP_PLATFORM_CPU__ still tells the two apart. */
#if defined(__HIP_PLATFORM_CPU__)
#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__ 1
#endif
#ifndef __HIP_PLATFORM_HCC__
#define __HIP_PLATFORM_HCC__ 1
#endif
#ifndef __AMDGCN_WAVEFRONT_SIZE
#define __AMDGCN_WAVEFRONT_SIZE 64
#endif
#ifndef __AMDGCN_WAVEFRONT_SIZE__
#define __AMDGCN_WAVEFRONT_SIZE__ 64
#endif
/* What the device language offers (ROCm defines these in its device pass; the CPU platform
 * has one pass, so they hold everywhere). */
#define __HIP_ARCH_HAS_GLOBAL_INT32_ATOMICS__ (1)
#define __HIP_ARCH_HAS_GLOBAL_FLOAT_ATOMIC_EXCH__ (1)
#define __HIP_ARCH_HAS_SHARED_INT32_ATOMICS__ (1)
#define __HIP_ARCH_HAS_SHARED_FLOAT_ATOMIC_EXCH__ (1)
#define __HIP_ARCH_HAS_FLOAT_ATOMIC_ADD__ (1)
#define __HIP_ARCH_HAS_GLOBAL_INT64_ATOMICS__ (1)
#define __HIP_ARCH_HAS_SHARED_INT64_ATOMICS__ (1)
#define __HIP_ARCH_HAS_DOUBLES__ (1)
#define __HIP_ARCH_HAS_WARP_VOTE__ (1)
#define __HIP_ARCH_HAS_WARP_BALLOT__ (1)
#define __HIP_ARCH_HAS_WARP_SHUFFLE__ (1)
#define __HIP_ARCH_HAS_WARP_FUNNEL_SHIFT__ (1)
#define __HIP_ARCH_HAS_THREAD_FENCE_SYSTEM__ (1)
#define __HIP_ARCH_HAS_SYNC_THREAD_EXT__ (1)
#define __HIP_ARCH_HAS_SURFACE_FUNCS__ (0)
#define __HIP_ARCH_HAS_3DGRID__ (1)
#define __HIP_ARCH_HAS_DYNAMIC_PARALLEL__ (0)
#include "cpu/host_defines.h"
#endif

/* NVIDIA platform under nvcc (which pre-includes cuda_runtime.h): dim3 is CUDA's, and the
 * headers avoid defining names CUDA's headers already define. */
#if defined(__HIP_PLATFORM_NVIDIA__) && defined(__CUDACC__) && !defined(__HIP_NVIDIA_CUDA_TYPES__)
#define __HIP_NVIDIA_CUDA_TYPES__ 1
#endif

#endif /* HIP_COMMON_H */
