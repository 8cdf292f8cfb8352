/* A kernel descriptor without a work-item function: rejected when loaded. */
#include <ferrocm/cpu_kernel.h>

FERROCM_CODE_OBJECT();

FERROCM_KERNEL_DESCRIPTOR(empty, NULL, NULL, 0, 16, 0);
