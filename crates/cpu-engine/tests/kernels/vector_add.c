/* Vector add with a workgroup function, plus global variables. */
#include <ferrocm/cpu_kernel.h>

FERROCM_CODE_OBJECT();

typedef struct {
  const float *a;
  const float *b;
  float *c;
  uint64_t n;
} vadd_args;

/* Global variables, visible to the host through the loader. */
FERROCM_EXPORT int32_t scale_hint = 42;
FERROCM_EXPORT uint64_t groups_run = 0;
FERROCM_EXPORT double table[16] = {1.0, 2.0, 3.0};

static inline void vadd_item(const ferrocm_workitem_t *wi, uint32_t flat) {
  const vadd_args *a = (const vadd_args *)wi->kernarg;
  uint64_t i = (uint64_t)wi->group_id[0] * wi->workgroup_size[0] + flat;
  if (i < a->n) a->c[i] = a->a[i] + a->b[i];
}

static void vadd_workitem(ferrocm_workitem_t *wi) {
  if (wi->flat_local_id == 0) __atomic_fetch_add(&groups_run, 1, __ATOMIC_RELAXED);
  vadd_item(wi, wi->flat_local_id);
}

static void vadd_workgroup(ferrocm_workitem_t *wi, uint32_t begin, uint32_t end) {
  (void)end;
  for (uint32_t f = begin; f < wi->range_end; ++f) {
    wi->local_id[0] = f;
    wi->flat_local_id = f;
    vadd_item(wi, f);
  }
}

FERROCM_KERNEL_DESCRIPTOR(vector_add, vadd_workitem, vadd_workgroup, sizeof(vadd_args), 8, 0);
