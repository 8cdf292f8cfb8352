/*
 * CPU platform: function and variable qualifiers of the HIP language, usable from C
 * and C++. Kernels are ordinary host functions, so the qualifiers change nothing about
 * the declaration (debuggers and sanitizers see plain functions and variables).
 * __shared__ and __noinline__ are defined by the device part (hip/cpu/hip_runtime.h).
 */
#ifndef HIP_CPU_HOST_DEFINES_H
#define HIP_CPU_HOST_DEFINES_H

#define __host__
#define __device__
#define __global__
#define __constant__
#define __managed__
#define __forceinline__ inline __attribute__((always_inline))
/* Occupancy hints for GPUs; a CPU work-group runs on one thread whatever they say. */
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
#define __HIP_CPU_RT_HOST_DEVICE__ 1

#endif /* HIP_CPU_HOST_DEFINES_H */
