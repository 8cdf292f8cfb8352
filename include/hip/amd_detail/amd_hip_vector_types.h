/* hip/amd_detail/amd_hip_vector_types.h, as ROCm ships it for programs that include it directly: on ferrocm
 * the CPU platform takes the AMD branch, and this is vector types. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_VECTOR_TYPES_H
#define FERROCM_AMD_DETAIL_AMD_HIP_VECTOR_TYPES_H
#include "../hip_vector_types.h"
#endif
