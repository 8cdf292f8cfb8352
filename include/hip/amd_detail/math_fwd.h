/* hip/amd_detail/math_fwd.h, as ROCm ships it for programs that include it directly: on ferrocm
 * the CPU platform takes the AMD branch, and this is device math declarations (part of the device language). */
#ifndef FERROCM_AMD_DETAIL_MATH_FWD_H
#define FERROCM_AMD_DETAIL_MATH_FWD_H
#include "../hip_runtime.h"
#endif
