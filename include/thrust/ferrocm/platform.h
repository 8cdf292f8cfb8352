// ferrocm's rocThrust: the platform switch every public thrust/ header includes first.
//
// CPU platform (default): thrust is ferrocm's own header implementation (thrust/ferrocm/*.h):
// containers over HIP memory (hipMalloc), algorithms run by a small host thread pool after
// the execution policy's stream (or, for thrust::device, the device) is synchronised, so that
// work stays ordered with the HIP work around it. NVIDIA platform (__HIP_PLATFORM_NVIDIA__):
// thrust is NVIDIA's Thrust from the CUDA toolkit; each public header forwards there with
// #include_next and thrust/ferrocm/nvidia.h adds rocThrust's spellings (thrust::hip::par).
#pragma once

#if defined(__HIP_PLATFORM_NVIDIA__) || defined(__HIP_PLATFORM_NVCC__)
#define FERROCM_THRUST_NVIDIA 1
#else
#define FERROCM_THRUST_NVIDIA 0
// rocThrust's version and system macros (thrust/version.h, thrust/detail/config/device_system.h).
#ifndef THRUST_VERSION
#define THRUST_VERSION 200200
#define THRUST_MAJOR_VERSION 2
#define THRUST_MINOR_VERSION 2
#define THRUST_SUBMINOR_VERSION 0
#define THRUST_PATCH_NUMBER 0
#endif
#define THRUST_DEVICE_SYSTEM_CUDA 1
#define THRUST_DEVICE_SYSTEM_OMP 2
#define THRUST_DEVICE_SYSTEM_TBB 3
#define THRUST_DEVICE_SYSTEM_CPP 4
#define THRUST_DEVICE_SYSTEM_HIP 5
#define THRUST_HOST_SYSTEM_CPP 1
#define THRUST_HOST_SYSTEM_OMP 2
#define THRUST_HOST_SYSTEM_TBB 3
#ifndef THRUST_DEVICE_SYSTEM
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_HIP
#endif
#ifndef THRUST_HOST_SYSTEM
#define THRUST_HOST_SYSTEM THRUST_HOST_SYSTEM_CPP
#endif
#define THRUST_ROCPRIM_NS_PREFIX
#if __cplusplus < 201703L
#error "ferrocm's thrust needs C++17 (hipcc's default)"
#endif
#endif
