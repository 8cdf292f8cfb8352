/*
 * CPU code object used by crates/hsa/tests/flow.rs, reinit.rs and the agent suite
 * (agent_suite/mod.rs: store_id, reverse_block and hsa_test_counter are the CPU twins of the
 * PTX kernels and variable that nvidia_agent.rs loads on NVIDIA GPUs).
 * Built at test time with: cc -shared -fPIC -O2 -I<repo>/include
 */
#include <ferrocm/cpu_kernel.h>
#include <stdint.h>

FERROCM_CODE_OBJECT();

/* A global variable, visible through Executable::variable("flow_table"). */
FERROCM_EXPORT uint32_t flow_table[4] = {11u, 22u, 33u, 44u};

static inline uint32_t global_id_x(const ferrocm_workitem_t *wi) {
  return wi->group_id[0] * wi->workgroup_size[0] + wi->local_id[0];
}

/* ---- vector_add: c[i] = a[i] + b[i] for i < n ------------------------------------ */

typedef struct {
  const float *a;
  const float *b;
  float *c;
  uint32_t n;
} vector_add_args_t;

static inline void vector_add_body(ferrocm_workitem_t *wi) {
  const vector_add_args_t *args = (const vector_add_args_t *)wi->kernarg;
  uint32_t i = global_id_x(wi);
  if (i < args->n) args->c[i] = args->a[i] + args->b[i];
}

static void vector_add_wi(ferrocm_workitem_t *wi) { vector_add_body(wi); }

/* Work-group fast path: runs flat ids begin..range_end-1 (1-D kernel). */
static void vector_add_wg(ferrocm_workitem_t *wi, uint32_t begin, uint32_t end) {
  (void)end;
  for (uint32_t f = begin; f < wi->range_end; ++f) {
    wi->local_id[0] = f % wi->local_size[0];
    wi->local_id[1] = (f / wi->local_size[0]) % wi->local_size[1];
    wi->local_id[2] = f / (wi->local_size[0] * wi->local_size[1]);
    wi->flat_local_id = f;
    vector_add_body(wi);
  }
}

FERROCM_KERNEL_DESCRIPTOR(vector_add, vector_add_wi, vector_add_wg, sizeof(vector_add_args_t), 16, 0);

/* ---- fill_ids: every work-item of a 1/2/3-D grid counts itself and writes its ids --- */

typedef struct {
  uint32_t *count; /* atomically incremented once per work-item */
  uint32_t *tag;   /* x | y << 10 | z << 20 */
} fill_ids_args_t;

static void fill_ids_wi(ferrocm_workitem_t *wi) {
  const fill_ids_args_t *args = (const fill_ids_args_t *)wi->kernarg;
  uint32_t g[3];
  for (int d = 0; d < 3; ++d) g[d] = wi->group_id[d] * wi->workgroup_size[d] + wi->local_id[d];
  if (g[0] >= wi->grid_size[0] || g[1] >= wi->grid_size[1] || g[2] >= wi->grid_size[2]) return;
  uint32_t idx = (g[2] * wi->grid_size[1] + g[1]) * wi->grid_size[0] + g[0];
  __atomic_fetch_add(&args->count[idx], 1u, __ATOMIC_RELAXED);
  args->tag[idx] = g[0] | (g[1] << 10) | (g[2] << 20);
}

FERROCM_KERNEL_DESCRIPTOR(fill_ids, fill_ids_wi, NULL, sizeof(fill_ids_args_t), 16, 0);

/* ---- block_reduce: per-group sum through group memory and work-group barriers ------- */

typedef struct {
  const uint32_t *in;
  uint32_t *sums;    /* one per group */
  uint32_t *nonzero; /* one per group: barrier predicate count of in[i] != 0 */
  uint32_t n;
} reduce_args_t;

static void reduce_body(ferrocm_workitem_t *wi, uint32_t *s) {
  const reduce_args_t *args = (const reduce_args_t *)wi->kernarg;
  uint32_t lid = wi->local_id[0];
  uint32_t size = wi->local_size[0];
  uint32_t i = global_id_x(wi);
  uint32_t v = i < args->n ? args->in[i] : 0u;
  s[lid] = v;
  uint32_t nonzero = wi->ops->barrier(wi, v != 0);
  uint32_t half = 1;
  while (half < size) half <<= 1;
  for (half >>= 1; half > 0; half >>= 1) {
    if (lid < half && lid + half < size) s[lid] += s[lid + half];
    wi->ops->barrier(wi, 0);
  }
  if (lid == 0) {
    args->sums[wi->group_id[0]] = s[0];
    args->nonzero[wi->group_id[0]] = nonzero;
  }
}

/* Static group memory: FERROCM_MAX_WORKGROUP_SIZE words. */
static void block_reduce_wi(ferrocm_workitem_t *wi) { reduce_body(wi, (uint32_t *)wi->group_segment); }

FERROCM_KERNEL_DESCRIPTOR(block_reduce, block_reduce_wi, NULL, sizeof(reduce_args_t), 16,
                          FERROCM_MAX_WORKGROUP_SIZE * sizeof(uint32_t));

/* Dynamic group memory: the dispatch's group_segment_size provides it. */
static void block_reduce_dynamic_wi(ferrocm_workitem_t *wi) {
  reduce_body(wi, (uint32_t *)((char *)wi->group_segment + wi->dynamic_group_offset));
}

FERROCM_KERNEL_DESCRIPTOR(block_reduce_dynamic, block_reduce_dynamic_wi, NULL, sizeof(reduce_args_t), 16, 0);

/* ---- atomic_inc: every work-item adds 1 to *counter ------------------------------- */

typedef struct {
  uint64_t *counter;
} atomic_inc_args_t;

static void atomic_inc_wi(ferrocm_workitem_t *wi) {
  const atomic_inc_args_t *args = (const atomic_inc_args_t *)wi->kernarg;
  __atomic_fetch_add(args->counter, 1u, __ATOMIC_RELAXED);
}

FERROCM_KERNEL_DESCRIPTOR(atomic_inc, atomic_inc_wi, NULL, sizeof(atomic_inc_args_t), 16, 0);

/* ---- agent suite: the CPU twins of nvidia_agent.rs's PTX --------------------------- */

/* A u32 in global memory. */
FERROCM_EXPORT uint32_t hsa_test_counter = 0u;

/* store_id(u32 *out, u32 n, u32 base): out[i] = base + i for the global id i < n. */
typedef struct {
  uint32_t *out;
  uint32_t n;
  uint32_t base;
} store_id_args_t;

static void store_id_wi(ferrocm_workitem_t *wi) {
  const store_id_args_t *args = (const store_id_args_t *)wi->kernarg;
  uint32_t i = global_id_x(wi);
  if (i < args->n) args->out[i] = args->base + i;
}

FERROCM_KERNEL_DESCRIPTOR(store_id, store_id_wi, NULL, sizeof(store_id_args_t), 16, 0);

/* reverse_block(u32 *out): each work-item writes its id to dynamic group memory, then
 * out[i] = size - 1 - i read back from it after a barrier. */
typedef struct {
  uint32_t *out;
} reverse_block_args_t;

static void reverse_block_wi(ferrocm_workitem_t *wi) {
  const reverse_block_args_t *args = (const reverse_block_args_t *)wi->kernarg;
  uint32_t *s = (uint32_t *)((char *)wi->group_segment + wi->dynamic_group_offset);
  uint32_t lid = wi->local_id[0];
  uint32_t size = wi->local_size[0];
  s[lid] = lid;
  wi->ops->barrier(wi, 0);
  args->out[lid] = s[size - 1 - lid];
}

FERROCM_KERNEL_DESCRIPTOR(reverse_block, reverse_block_wi, NULL, sizeof(reverse_block_args_t), 16, 0);
