/* hip/amd_detail/amd_hip_runtime.h, as ROCm ships it for programs that include it directly: on ferrocm
 * the CPU platform takes the AMD branch, and this is the runtime API and the device language. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_RUNTIME_H
#define FERROCM_AMD_DETAIL_AMD_HIP_RUNTIME_H
#include "../hip_runtime.h"
#endif
