/*
 * HIP half precision: __half and __half2. On the CPU platform they are built on the
 * compiler's _Float16 (hip/cpu/hip_fp16.h). In C only the raw storage types exist.
 */
#ifndef HIP_FP16_H
#define HIP_FP16_H

#include "hip_common.h"

#if defined(__HIP_PLATFORM_NVIDIA__)
#include "nvidia/hip_fp16.h"
#else /* the rest of this file is the CPU platform's */

typedef struct __half_raw {
  unsigned short x;
} __half_raw;
typedef struct __half2_raw {
  unsigned short x;
  unsigned short y;
} __half2_raw;

#if defined(__cplusplus) && defined(__HIP_PLATFORM_CPU__)
#include "cpu/hip_fp16.h"
#endif

#endif /* !__HIP_PLATFORM_NVIDIA__ */

#endif /* HIP_FP16_H */
