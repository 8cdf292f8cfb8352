/* A valid shared object with a kernel but without FERROCM_CODE_OBJECT(). */
#include <ferrocm/cpu_kernel.h>

static void k(ferrocm_workitem_t *wi) { (void)wi; }
FERROCM_KERNEL_DESCRIPTOR(k, k, NULL, 0, 16, 0);
