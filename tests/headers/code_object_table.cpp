// The extra unit hipcc links into a code object (docs/HIP_CPU.md section 5).
#include <hip/hip_runtime.h>

FERROCM_CODE_OBJECT_KERNEL_TABLE()
