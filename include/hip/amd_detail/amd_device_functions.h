/* hip/amd_detail/amd_device_functions.h, as ROCm ships it for programs that include it directly: on ferrocm
 * the CPU platform takes the AMD branch, and this is device functions (part of the device language). */
#ifndef FERROCM_AMD_DETAIL_AMD_DEVICE_FUNCTIONS_H
#define FERROCM_AMD_DETAIL_AMD_DEVICE_FUNCTIONS_H
#include "../hip_runtime.h"
#endif
