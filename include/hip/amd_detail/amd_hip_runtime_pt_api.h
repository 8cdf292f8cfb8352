/* hip/amd_detail/amd_hip_runtime_pt_api.h, as ROCm ships it for programs that include it directly: on ferrocm
 * the CPU platform takes the AMD branch, and this is the per-thread default stream API. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_RUNTIME_PT_API_H
#define FERROCM_AMD_DETAIL_AMD_HIP_RUNTIME_PT_API_H
#include "../hip_runtime_pt_api.h"
#endif
