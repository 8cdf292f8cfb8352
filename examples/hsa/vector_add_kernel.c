/* A CPU code object with one kernel: C[i] = A[i] + B[i]. Build:
 *   cc -O2 -shared -fPIC -I include vector_add_kernel.c -o vector_add_kernel.so */
#include <ferrocm/cpu_kernel.h>

typedef struct {
  const float *a;
  const float *b;
  float *c;
  uint32_t n;
} vector_add_args;

static void vector_add_item(ferrocm_workitem_t *wi) {
  const vector_add_args *args = (const vector_add_args *)wi->kernarg;
  uint64_t i = (uint64_t)wi->group_id[0] * wi->workgroup_size[0] + wi->local_id[0];
  if (i < args->n) args->c[i] = args->a[i] + args->b[i];
}

/* Fast path: the whole range of a work-group as one loop the compiler can vectorise. */
static void vector_add_group(ferrocm_workitem_t *wi, uint32_t begin, uint32_t end) {
  const vector_add_args *args = (const vector_add_args *)wi->kernarg;
  uint64_t base = (uint64_t)wi->group_id[0] * wi->workgroup_size[0];
  (void)end;
  for (uint32_t l = begin; l < wi->range_end; ++l) {
    uint64_t i = base + l;
    if (i < args->n) args->c[i] = args->a[i] + args->b[i];
  }
}

FERROCM_CODE_OBJECT();
FERROCM_KERNEL_DESCRIPTOR(vector_add, vector_add_item, vector_add_group, sizeof(vector_add_args),
                          16, 0);
