/*
 * The HIP device language on the NVIDIA platform (nvcc), included by hip/hip_runtime.h
 * under __HIP_PLATFORM_NVIDIA__. nvcc pre-includes cuda_runtime.h, so CUDA's builtins
 * (threadIdx, __syncthreads, atomics, math, __shfl_sync, printf...) are HIP's as they are;
 * this header adds the HIP spellings CUDA lacks or spells differently:
 *
 *  - hipThreadIdx_x ... hipGridDim_z, HIP_KERNEL_NAME, hipLaunchKernelGGL (a <<<>>> launch:
 *    nvcc's stub calls libamdhip64's __cudaPushCallConfiguration / __cudaLaunchKernel),
 *    HIP_DYNAMIC_SHARED;
 *  - the mask-less warp functions (__shfl*, __ballot returning 64 bits, __any, __all):
 *    CUDA removed them for sm_70+, here they are the _sync forms over __activemask();
 *  - __lane_id, wall_clock64 (%globaltimer, nanoseconds: hipDeviceAttributeWallClockRate
 *    is 1000000 kHz on this platform), __clock, __clock64, __smid;
 *  - HIP-only bit intrinsics (__bitextract_*, __bitinsert_*, __lastbit_*, __fns32/64,
 *    __mbcnt_lo/hi) and atomics (float/double atomicMin/atomicMax, atomicAddNoRet,
 *    unsafeAtomic* / safeAtomic*).
 *
 * Not provided: __hip_atomic_* builtins, __builtin_amdgcn_*, DPP/permute intrinsics (AMD
 * ISA), operators on vector types, a constexpr warpSize (CUDA's is a built-in variable;
 * it is 32 on every NVIDIA GPU).
 */
#ifndef HIP_NVIDIA_HIP_RUNTIME_H
#define HIP_NVIDIA_HIP_RUNTIME_H

#if defined(__CUDACC_RTC__)
/* NVRTC (hiprtc): CUDA's device built-ins are predefined and system headers cannot be read.
 * cuda_runtime.h is not needed; <stdint.h>'s fixed-width types are declared here (with the
 * types NVRTC's own headers, libcu++ and cuda_fp16.h use); hip/hip_fp16.h is not
 * pre-included (include it: it needs cuda_fp16.h, which hiprtc finds in the CUDA toolkit's
 * include directory when there is one). */
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;
#include "hip_vector_types.h"
#else
#include <cuda_runtime.h>
#include <stdint.h>

#include "hip_fp16.h"
#include "hip_vector_types.h"
#endif /* __CUDACC_RTC__ */

#if defined(__CUDACC__) && !defined(__HIPCC__)
#define __HIPCC__ 1
#endif
#if defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__)
#define __HIP_DEVICE_COMPILE__ 1
#endif

/* HIP device code traps with clang's __builtin_trap(), which nvcc does not offer in device
 * code; CUDA's __trap() is the same instruction. Only the device pass sees the macro (the
 * host pass keeps the compiler's builtin), and it goes through a __host__ __device__
 * function so that host functions parsed in that pass still compile. */
#if defined(__CUDA_ARCH__) && !defined(__builtin_trap)
static __host__ __device__ inline void __ferrocm_device_trap() { __trap(); }
#define __builtin_trap() __ferrocm_device_trap()
#endif

/* Feature macros (hipother derives them from __CUDA_ARCH__; every supported GPU, sm_60 and
 * later, has all of them). */
#if defined(__CUDA_ARCH__)
#define __HIP_ARCH_HAS_GLOBAL_INT32_ATOMICS__ 1
#define __HIP_ARCH_HAS_GLOBAL_FLOAT_ATOMIC_EXCH__ 1
#define __HIP_ARCH_HAS_SHARED_INT32_ATOMICS__ 1
#define __HIP_ARCH_HAS_SHARED_FLOAT_ATOMIC_EXCH__ 1
#define __HIP_ARCH_HAS_FLOAT_ATOMIC_ADD__ 1
#define __HIP_ARCH_HAS_GLOBAL_INT64_ATOMICS__ 1
#define __HIP_ARCH_HAS_SHARED_INT64_ATOMICS__ 1
#define __HIP_ARCH_HAS_DOUBLES__ 1
#define __HIP_ARCH_HAS_WARP_VOTE__ 1
#define __HIP_ARCH_HAS_WARP_BALLOT__ 1
#define __HIP_ARCH_HAS_WARP_SHUFFLE__ 1
#define __HIP_ARCH_HAS_WARP_FUNNEL_SHIFT__ 1
#define __HIP_ARCH_HAS_THREAD_FENCE_SYSTEM__ 1
#define __HIP_ARCH_HAS_SYNC_THREAD_EXT__ 1
#define __HIP_ARCH_HAS_SURFACE_FUNCS__ 1
#define __HIP_ARCH_HAS_3DGRID__ 1
#define __HIP_ARCH_HAS_DYNAMIC_PARALLEL__ 1
#endif

/* ---------------------------------------------------------------- launch and built-ins */

#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define HIP_SYMBOL_NAME(X) X

#define hipLaunchKernelGGL(kernelName, numBlocks, numThreads, memPerBlock, streamId, ...)                     \
  do {                                                                                                       \
    kernelName<<<(numBlocks), (numThreads), (memPerBlock), (streamId)>>>(__VA_ARGS__);                      \
  } while (0)

#define hipLaunchKernelEx(...) hipLaunchKernelGGL(__VA_ARGS__)

#define HIP_DYNAMIC_SHARED_ATTRIBUTE
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];

#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockIdx_y (blockIdx.y)
#define hipBlockIdx_z (blockIdx.z)
#define hipBlockDim_x (blockDim.x)
#define hipBlockDim_y (blockDim.y)
#define hipBlockDim_z (blockDim.z)
#define hipGridDim_x (gridDim.x)
#define hipGridDim_y (gridDim.y)
#define hipGridDim_z (gridDim.z)

#define __clock() clock()
#define __clock64() clock64()

#if defined(__CUDACC__)

/* ---------------------------------------------------------------- lanes, clocks, ids */

__device__ static inline unsigned int __hip_lane_id() {
  unsigned int r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}
#define __lane_id __hip_lane_id

__device__ static inline unsigned int __hip_lanemask_lt() {
  unsigned int r;
  asm volatile("mov.u32 %0, %%lanemask_lt;" : "=r"(r));
  return r;
}

/* Nanoseconds (%globaltimer): the wall-clock rate is 1 GHz = 1000000 kHz. */
__device__ static inline unsigned long long wall_clock64() {
  unsigned long long r;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(r));
  return r;
}

__device__ static inline unsigned int __smid() {
  unsigned int r;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(r));
  return r;
}

/* ---------------------------------------------------------------- warp functions (no mask) */

template <class T> __device__ static inline T __hip_shfl(T var, int src_lane, int width = warpSize) {
  return __shfl_sync(__activemask(), var, src_lane, width);
}
/* HIP (AMD): a lane whose source is outside its segment keeps its own value, also for
 * deltas >= width, where the PTX shuffle would use only the delta's low bits. */
template <class T> __device__ static inline T __hip_shfl_up(T var, unsigned int delta, int width = warpSize) {
  return __shfl_up_sync(__activemask(), var, delta < (unsigned int)width ? delta : 0u, width);
}
template <class T> __device__ static inline T __hip_shfl_down(T var, unsigned int delta, int width = warpSize) {
  return __shfl_down_sync(__activemask(), var, delta < (unsigned int)width ? delta : 0u, width);
}
template <class T> __device__ static inline T __hip_shfl_xor(T var, int lane_mask, int width = warpSize) {
  return __shfl_xor_sync(__activemask(), var, lane_mask, width);
}
/* Object-like renames (not function-like macros, and not overloads of the names, which CUDA
 * still declares with other return types in some passes): every later use of the name in
 * the translation unit, including unrelated ones in headers included afterwards (libcu++
 * has a `struct __any`), is renamed consistently. */
#define __shfl __hip_shfl
#define __shfl_up __hip_shfl_up
#define __shfl_down __hip_shfl_down
#define __shfl_xor __hip_shfl_xor

/* HIP's __ballot returns a 64-bit mask (the low 32 bits on a 32-lane warp). */
__device__ static inline unsigned long long __hip_ballot(int predicate) {
  return (unsigned long long)__ballot_sync(__activemask(), predicate);
}
__device__ static inline int __hip_any(int predicate) { return __any_sync(__activemask(), predicate); }
__device__ static inline int __hip_all(int predicate) { return __all_sync(__activemask(), predicate); }
#define __ballot __hip_ballot
#define __any __hip_any
#define __all __hip_all

/* ---------------------------------------------------------------- bit intrinsics (HIP-only) */

__device__ static inline unsigned int __bitextract_u32(unsigned int src0, unsigned int offset, unsigned int width) {
  unsigned int r;
  asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(src0), "r"(offset), "r"(width));
  return r;
}
__device__ static inline uint64_t __bitextract_u64(uint64_t src0, unsigned int offset, unsigned int width) {
  uint64_t r;
  asm("bfe.u64 %0, %1, %2, %3;" : "=l"(r) : "l"(src0), "r"(offset), "r"(width));
  return r;
}
__device__ static inline unsigned int __bitinsert_u32(unsigned int src0, unsigned int src1, unsigned int offset,
                                                      unsigned int width) {
  unsigned int r;
  asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(src1), "r"(src0), "r"(offset), "r"(width));
  return r;
}
__device__ static inline uint64_t __bitinsert_u64(uint64_t src0, uint64_t src1, unsigned int offset,
                                                  unsigned int width) {
  uint64_t r;
  asm("bfi.b64 %0, %1, %2, %3, %4;" : "=l"(r) : "l"(src1), "l"(src0), "r"(offset), "r"(width));
  return r;
}
__device__ static inline unsigned int __lastbit_u32_u32(unsigned int input) {
  return input == 0 ? 0xffffffffu : (unsigned int)(__ffs((int)input) - 1);
}
__device__ static inline unsigned int __lastbit_u32_u64(unsigned long long input) {
  return input == 0 ? 0xffffffffu : (unsigned int)(__ffsll((long long)input) - 1);
}
/* A 64-bit lane mask narrows to the 32 lanes of an NVIDIA warp. */
__device__ static inline unsigned int __fns64(unsigned long long mask, unsigned int base, int offset) {
  return __fns((unsigned int)mask, base, offset);
}
__device__ static inline unsigned int __fns32(unsigned long long mask, unsigned int base, int offset) {
  return __fns((unsigned int)mask, base, offset);
}
__device__ static inline unsigned int __mbcnt_lo(unsigned int x, unsigned int y) {
  return (unsigned int)__popc(x & __hip_lanemask_lt()) + y;
}
/* Lanes 32-63 do not exist on a 32-lane warp. */
__device__ static inline unsigned int __mbcnt_hi(unsigned int x, unsigned int y) {
  (void)x;
  return y;
}

/* ---------------------------------------------------------------- atomics HIP has */

__device__ static inline float __hip_atomic_float_minmax(float *address, float val, bool is_max) {
  unsigned int *a = (unsigned int *)address;
  unsigned int old = *(volatile unsigned int *)a, assumed;
  do {
    assumed = old;
    const float cur = __uint_as_float(assumed);
    if (is_max ? !(val > cur) : !(val < cur)) {
      break;
    }
    old = atomicCAS(a, assumed, __float_as_uint(val));
  } while (assumed != old);
  return __uint_as_float(old);
}
__device__ static inline double __hip_atomic_double_minmax(double *address, double val, bool is_max) {
  unsigned long long *a = (unsigned long long *)address;
  unsigned long long old = *(volatile unsigned long long *)a, assumed;
  do {
    assumed = old;
    const double cur = __longlong_as_double((long long)assumed);
    if (is_max ? !(val > cur) : !(val < cur)) {
      break;
    }
    old = atomicCAS(a, assumed, (unsigned long long)__double_as_longlong(val));
  } while (assumed != old);
  return __longlong_as_double((long long)old);
}
__device__ static inline float atomicMax(float *address, float val) {
  return __hip_atomic_float_minmax(address, val, true);
}
__device__ static inline float atomicMin(float *address, float val) {
  return __hip_atomic_float_minmax(address, val, false);
}
__device__ static inline double atomicMax(double *address, double val) {
  return __hip_atomic_double_minmax(address, val, true);
}
__device__ static inline double atomicMin(double *address, double val) {
  return __hip_atomic_double_minmax(address, val, false);
}

template <class T> __device__ static inline void atomicAddNoRet(T *address, T val) { (void)atomicAdd(address, val); }
template <class T> __device__ static inline T unsafeAtomicAdd(T *address, T val) { return atomicAdd(address, val); }
template <class T> __device__ static inline T safeAtomicAdd(T *address, T val) { return atomicAdd(address, val); }
template <class T> __device__ static inline T unsafeAtomicMax(T *address, T val) { return atomicMax(address, val); }
template <class T> __device__ static inline T safeAtomicMax(T *address, T val) { return atomicMax(address, val); }
template <class T> __device__ static inline T unsafeAtomicMin(T *address, T val) { return atomicMin(address, val); }
template <class T> __device__ static inline T safeAtomicMin(T *address, T val) { return atomicMin(address, val); }

#endif /* __CUDACC__ */

#include "hip_std_complex.h"
#include "texture_functions.h"

#endif /* HIP_NVIDIA_HIP_RUNTIME_H */
