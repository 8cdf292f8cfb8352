/* A kernel descriptor whose kernarg alignment is not a power of two. */
#include <ferrocm/cpu_kernel.h>

FERROCM_CODE_OBJECT();

static void k(ferrocm_workitem_t *wi) { (void)wi; }
FERROCM_KERNEL_DESCRIPTOR(k, k, NULL, 0, 12, 0);
