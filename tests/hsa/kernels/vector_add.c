/*
 * CPU code object: vector_add (c[i] = a[i] + b[i], with a work-group fast path),
 * read_global (reads and increments ferrocm_test_global) and the global variable
 * ferrocm_test_global.
 */
#include <ferrocm/cpu_kernel.h>

FERROCM_CODE_OBJECT();

/* A global variable visible through hsa_executable_get_symbol_by_name. */
FERROCM_EXPORT uint32_t ferrocm_test_global = 0x12345678u;

typedef struct {
  const float *a;
  const float *b;
  float *c;
  uint32_t n;
} vector_add_args_t; /* 32 bytes */

static inline void vector_add_one(const ferrocm_workitem_t *wi, uint32_t local_x) {
  const vector_add_args_t *args = (const vector_add_args_t *)wi->kernarg;
  uint64_t i = (uint64_t)wi->group_id[0] * wi->workgroup_size[0] + local_x;
  if (i < args->n) args->c[i] = args->a[i] + args->b[i];
}

static void vector_add_wi(ferrocm_workitem_t *wi) { vector_add_one(wi, wi->local_id[0]); }

/* Work-group fast path: runs flat ids begin..range_end-1 (1-D dispatches only). */
static void vector_add_wg(ferrocm_workitem_t *wi, uint32_t begin, uint32_t end) {
  uint32_t f;
  (void)end;
  for (f = begin; f < wi->range_end; ++f) {
    wi->local_id[0] = f % wi->local_size[0];
    wi->local_id[1] = (f / wi->local_size[0]) % wi->local_size[1];
    wi->local_id[2] = f / (wi->local_size[0] * wi->local_size[1]);
    wi->flat_local_id = f;
    vector_add_one(wi, wi->local_id[0]);
  }
}

FERROCM_KERNEL_DESCRIPTOR(vector_add, vector_add_wi, vector_add_wg, 32u, 16u, 0u);

typedef struct {
  uint32_t *out;
} read_global_args_t;

/* One work-item: out[0] = ferrocm_test_global; ferrocm_test_global += 1. */
static void read_global_wi(ferrocm_workitem_t *wi) {
  const read_global_args_t *args = (const read_global_args_t *)wi->kernarg;
  args->out[0] = __atomic_fetch_add(&ferrocm_test_global, 1u, __ATOMIC_SEQ_CST);
}

FERROCM_KERNEL_DESCRIPTOR(read_global, read_global_wi, NULL, 16u, 16u, 0u);
