/* hip/amd_detail/host_defines.h, as ROCm ships it for programs that include it directly: on ferrocm
 * the CPU platform takes the AMD branch, and this is __global__, __device__, __host__ and friends. */
#ifndef FERROCM_AMD_DETAIL_HOST_DEFINES_H
#define FERROCM_AMD_DETAIL_HOST_DEFINES_H
#include "../hip_runtime.h"
#endif
