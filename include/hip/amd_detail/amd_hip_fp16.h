/* hip/amd_detail/amd_hip_fp16.h, as ROCm ships it for programs that include it directly: on ferrocm
 * the CPU platform takes the AMD branch, and this is __half and __half2. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_FP16_H
#define FERROCM_AMD_DETAIL_AMD_HIP_FP16_H
#include "../hip_fp16.h"
#endif
