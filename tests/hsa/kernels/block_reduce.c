/*
 * CPU code object with group memory and barriers:
 *  - block_reduce: out[group] = sum of in[i] over the group's work-items, via a
 *    tree reduction in 1024 bytes of static group memory (work-groups of at most
 *    256 work-items; trailing partial groups supported).
 *  - block_reduce_dyn: the same reduction in dynamic group memory
 *    (wi->group_segment + wi->dynamic_group_offset, local size * 4 bytes, given by
 *    the packet's group_segment_size), plus 16 bytes of static group memory used
 *    as an arrival counter; also checks the barrier's predicate count.
 *    err[group] = bit mask of failed checks (0 = all good).
 */
#include <ferrocm/cpu_kernel.h>

FERROCM_CODE_OBJECT();

typedef struct {
  const uint32_t *in;
  uint32_t *out;
  uint32_t *err;
  uint32_t n;
  uint32_t pad;
} block_reduce_args_t; /* 32 bytes */

static uint32_t local_count(const ferrocm_workitem_t *wi) {
  return wi->local_size[0] * wi->local_size[1] * wi->local_size[2];
}

static uint32_t next_pow2(uint32_t v) {
  uint32_t p = 1;
  while (p < v) p <<= 1;
  return p;
}

static void reduce(ferrocm_workitem_t *wi, uint32_t *sh, const block_reduce_args_t *a) {
  uint32_t lid = wi->local_id[0];
  uint32_t count = local_count(wi);
  uint64_t gid = (uint64_t)wi->group_id[0] * wi->workgroup_size[0] + lid;
  uint32_t s;
  sh[lid] = gid < a->n ? a->in[gid] : 0u;
  wi->ops->barrier(wi, 0);
  for (s = next_pow2(count) / 2; s > 0; s >>= 1) {
    if (lid < s && lid + s < count) sh[lid] += sh[lid + s];
    wi->ops->barrier(wi, 0);
  }
  if (lid == 0) a->out[wi->group_id[0]] = sh[0];
}

static void block_reduce_wi(ferrocm_workitem_t *wi) {
  const block_reduce_args_t *a = (const block_reduce_args_t *)wi->kernarg;
  uint32_t *sh = (uint32_t *)wi->group_segment;
  if (wi->local_id[0] == 0 && a->err != NULL) {
    uint32_t bad = 0;
    if (wi->group_segment == NULL) bad |= 1u;
    if (wi->group_segment_size < 1024u) bad |= 2u;
    a->err[wi->group_id[0]] = bad;
  }
  reduce(wi, sh, a);
}

FERROCM_KERNEL_DESCRIPTOR(block_reduce, block_reduce_wi, NULL, 32u, 16u, 1024u);

static void block_reduce_dyn_wi(ferrocm_workitem_t *wi) {
  const block_reduce_args_t *a = (const block_reduce_args_t *)wi->kernarg;
  uint32_t *arrivals = (uint32_t *)wi->group_segment; /* static: 16 bytes */
  uint32_t *sh = (uint32_t *)((char *)wi->group_segment + wi->dynamic_group_offset);
  uint32_t count = local_count(wi);
  uint32_t lid = wi->local_id[0];
  uint32_t evens, bad = 0;
  if (lid == 0) *arrivals = 0;
  wi->ops->barrier(wi, 0);
  __atomic_fetch_add(arrivals, 1u, __ATOMIC_RELAXED);
  /* Every work-item with an even id passes a non-zero predicate. */
  evens = wi->ops->barrier(wi, (lid % 2u) == 0u);
  if (evens != (count + 1u) / 2u) bad |= 1u;
  if (__atomic_load_n(arrivals, __ATOMIC_RELAXED) != count) bad |= 2u;
  if (wi->dynamic_group_offset < 16u || (wi->dynamic_group_offset % 16u) != 0) bad |= 4u;
  if (wi->group_segment_size < wi->dynamic_group_offset + count * 4u) bad |= 8u;
  if (bad != 0 && a->err != NULL) __atomic_fetch_or(&a->err[wi->group_id[0]], bad, __ATOMIC_RELAXED);
  if (bad & 12u) return; /* not enough group memory: do not write out of bounds */
  reduce(wi, sh, a);
}

FERROCM_KERNEL_DESCRIPTOR(block_reduce_dyn, block_reduce_dyn_wi, NULL, 32u, 16u, 16u);
