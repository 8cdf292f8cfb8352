/* hip/amd_detail/amd_hip_common.h, as ROCm ships it for programs that include it directly: on ferrocm
 * the CPU platform takes the AMD branch, and this is platform and feature macros. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_COMMON_H
#define FERROCM_AMD_DETAIL_AMD_HIP_COMMON_H
#include "../hip_common.h"
#endif
