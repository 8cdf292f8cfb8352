/*
 * Platform selection shared by every HIP header (see hip_runtime.h for the list of
 * platform macros). Only ferrocm's CPU platform is implemented; NVIDIA is planned.
 */
#ifndef HIP_COMMON_H
#define HIP_COMMON_H

#if defined(__HIP_PLATFORM_AMD__) || defined(__HIP_PLATFORM_HCC__)
#error "ferrocm's HIP headers do not target AMD GPUs: do not define __HIP_PLATFORM_AMD__ (the CPU platform is the default)"
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

#if defined(__HIP_PLATFORM_CPU__)
#include "cpu/host_defines.h"
#endif

/* NVIDIA platform under nvcc (which pre-includes cuda_runtime.h): dim3 is CUDA's, and the
 * headers avoid defining names CUDA's headers already define. */
#if defined(__HIP_PLATFORM_NVIDIA__) && defined(__CUDACC__) && !defined(__HIP_NVIDIA_CUDA_TYPES__)
#define __HIP_NVIDIA_CUDA_TYPES__ 1
#endif

#endif /* HIP_COMMON_H */
