/* Calls a function nobody defines: parses, but dlopen(RTLD_NOW) fails. */
#include <ferrocm/cpu_kernel.h>

FERROCM_CODE_OBJECT();

extern void ferrocm_no_such_function(void);
static void k(ferrocm_workitem_t *wi) { (void)wi; ferrocm_no_such_function(); }
FERROCM_KERNEL_DESCRIPTOR(k, k, NULL, 0, 16, 0);
