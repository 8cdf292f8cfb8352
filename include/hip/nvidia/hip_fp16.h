/*
 * HIP half and bfloat16 precision on the NVIDIA platform: CUDA's types (hip/hip_fp16.h
 * includes this under __HIP_PLATFORM_NVIDIA__).
 */
#ifndef HIP_NVIDIA_HIP_FP16_H
#define HIP_NVIDIA_HIP_FP16_H

#if defined(__CUDACC__)
#include <cuda_fp16.h>
#include <cuda_bf16.h>
typedef __nv_bfloat16 __hip_bfloat16;
typedef __nv_bfloat162 __hip_bfloat162;
#else
typedef struct __half_raw {
  unsigned short x;
} __half_raw;
typedef struct __half2_raw {
  unsigned short x;
  unsigned short y;
} __half2_raw;
#endif

#endif /* HIP_NVIDIA_HIP_FP16_H */
