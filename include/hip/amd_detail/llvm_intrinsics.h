/* hip/amd_detail/llvm_intrinsics.h, as ROCm ships it for programs that include it directly: on ferrocm
 * the CPU platform takes the AMD branch, and this is the __builtin_amdgcn_* builtins (hip/cpu/amdgcn_builtins.h). */
#ifndef FERROCM_AMD_DETAIL_LLVM_INTRINSICS_H
#define FERROCM_AMD_DETAIL_LLVM_INTRINSICS_H
#include "../hip_runtime.h"
#endif
