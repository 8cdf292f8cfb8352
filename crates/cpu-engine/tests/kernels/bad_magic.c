/* A kernel descriptor with a wrong magic number. */
#include <ferrocm/cpu_kernel.h>

FERROCM_CODE_OBJECT();

static void k(ferrocm_workitem_t *wi) { (void)wi; }
FERROCM_EXPORT const ferrocm_kernel_descriptor_t bad_kd __asm__("bad.kd") = {
    0xdeadbeefu, FERROCM_CPU_ABI_VERSION, 0, 16, 0, 0, 0, 0, k, NULL, NULL, NULL};
