/* Claims an ABI version this engine does not know. */
#include <ferrocm/cpu_kernel.h>

FERROCM_EXPORT const uint32_t ferrocm_code_object_abi_version = 99;
