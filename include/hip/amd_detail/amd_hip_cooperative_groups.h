/* hip/amd_detail/amd_hip_cooperative_groups.h, as ROCm ships it for programs that include it directly: on ferrocm
 * the CPU platform takes the AMD branch, and this is cooperative groups. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_COOPERATIVE_GROUPS_H
#define FERROCM_AMD_DETAIL_AMD_HIP_COOPERATIVE_GROUPS_H
#include "../hip_cooperative_groups.h"
#endif
