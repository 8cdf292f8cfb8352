/* Block reduction in group memory with barriers, and a warp-level reduction. */
#include <ferrocm/cpu_kernel.h>

FERROCM_CODE_OBJECT();

#define BLOCK 256

typedef struct {
  const uint32_t *in;
  uint32_t *out;
  uint64_t n;
} reduce_args;

static void block_reduce(ferrocm_workitem_t *wi) {
  const reduce_args *a = (const reduce_args *)wi->kernarg;
  uint32_t *shared = (uint32_t *)wi->group_segment; /* static: BLOCK u32 */
  uint32_t lid = wi->flat_local_id, size = wi->local_size[0];
  uint64_t gid = (uint64_t)wi->group_id[0] * wi->workgroup_size[0] + lid;
  shared[lid] = gid < a->n ? a->in[gid] : 0;
  wi->ops->barrier(wi, 0);
  for (uint32_t s = 1; s < size; s *= 2) {
    if (lid % (2 * s) == 0 && lid + s < size) shared[lid] += shared[lid + s];
    wi->ops->barrier(wi, 0);
  }
  if (lid == 0) a->out[wi->group_id[0]] = shared[0];
}

FERROCM_KERNEL_DESCRIPTOR(block_reduce, block_reduce, NULL, sizeof(reduce_args), 8, BLOCK * sizeof(uint32_t));

/* One sum per 64-lane wavefront, by shuffle-down over wave_exchange. */
static void wave_reduce(ferrocm_workitem_t *wi) {
  const reduce_args *a = (const reduce_args *)wi->kernarg;
  uint32_t lane = wi->flat_local_id % FERROCM_WAVEFRONT_SIZE;
  uint64_t gid = (uint64_t)wi->group_id[0] * wi->workgroup_size[0] + wi->flat_local_id;
  uint64_t v = gid < a->n ? a->in[gid] : 0, lanes[FERROCM_WAVEFRONT_SIZE];
  for (uint32_t off = FERROCM_WAVEFRONT_SIZE / 2; off > 0; off /= 2) {
    uint64_t active = wi->ops->wave_exchange(wi, v, lanes);
    if (lane + off < FERROCM_WAVEFRONT_SIZE && (active >> (lane + off)) & 1) v += lanes[lane + off];
  }
  if (lane == 0) a->out[gid / FERROCM_WAVEFRONT_SIZE] = (uint32_t)v;
}

FERROCM_KERNEL_DESCRIPTOR(wave_reduce, wave_reduce, NULL, sizeof(reduce_args), 8, 0);
