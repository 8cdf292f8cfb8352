/* A CPU code object written against include/ferrocm/cpu_kernel.h directly (no hipcc), for the
 * safe module API tests: scale(float *p, float f, int n) with a parameter table, and a global. */
#include <ferrocm/cpu_kernel.h>

FERROCM_CODE_OBJECT();

typedef struct {
  float *p;
  float f;
  int n;
} scale_args;

static void scale_workitem(ferrocm_workitem_t *wi) {
  const scale_args *a = (const scale_args *)wi->kernarg;
  uint32_t i = wi->group_id[0] * wi->workgroup_size[0] + wi->local_id[0];
  if ((int)i < a->n) a->p[i] *= a->f;
}

static const uint32_t scale_offsets[] = {0, 8, 12};
static const uint32_t scale_sizes[] = {8, 4, 4};
static const ferrocm_kernel_params_t scale_params = {3, 16, scale_offsets, scale_sizes};

FERROCM_EXPORT const ferrocm_kernel_descriptor_t scale_kd __asm__("scale.kd") = {
    FERROCM_KERNEL_DESCRIPTOR_MAGIC, FERROCM_CPU_ABI_VERSION, 16u, 16u, 0u, 0u, 0u, 0u, scale_workitem, NULL,
    &scale_params, NULL, NULL};

FERROCM_EXPORT int launches_seen = 7;
