/*
 * CPU code object: global_id. Every work-item writes its global id (x, y, z) and
 * a bit mask of inconsistencies between the work-item state and the dispatch
 * (0 = consistent) into out[4 * linear_id .. 4 * linear_id + 3], where
 * linear_id = x + y * grid_x + z * grid_x * grid_y. Works for 1-, 2- and 3-D grids.
 * Work-items outside the grid (which must not run) increment *out_of_grid instead.
 */
#include <ferrocm/cpu_kernel.h>

FERROCM_CODE_OBJECT();

typedef struct {
  uint32_t *out;
  uint32_t *out_of_grid; /* counts work-items run outside the grid */
  uint32_t grid[3];
  uint32_t wg[3];
  uint32_t dims;
  uint32_t pad;
} global_id_args_t; /* 48 bytes */

static void global_id_wi(ferrocm_workitem_t *wi) {
  const global_id_args_t *a = (const global_id_args_t *)wi->kernarg;
  uint32_t gid[3];
  uint32_t bad = 0;
  uint64_t linear;
  int d;
  for (d = 0; d < 3; d++) {
    uint32_t groups = (a->grid[d] + a->wg[d] - 1) / a->wg[d];
    uint32_t remaining = a->grid[d] - wi->group_id[d] * a->wg[d];
    uint32_t expect_local = remaining < a->wg[d] ? remaining : a->wg[d];
    gid[d] = wi->group_id[d] * wi->workgroup_size[d] + wi->local_id[d];
    if (wi->grid_size[d] != a->grid[d]) bad |= 1u << (0 + d);
    if (wi->workgroup_size[d] != a->wg[d]) bad |= 1u << (3 + d);
    if (wi->num_groups[d] != groups) bad |= 1u << (6 + d);
    if (wi->group_id[d] >= groups) bad |= 1u << (9 + d);
    if (wi->local_size[d] != expect_local) bad |= 1u << (12 + d);
    if (wi->local_id[d] >= wi->local_size[d]) bad |= 1u << (15 + d);
    if (gid[d] >= a->grid[d]) bad |= 1u << (18 + d);
  }
  if (wi->dimensions != a->dims) bad |= 1u << 21;
  if (wi->ops == NULL || wi->ops->version != FERROCM_CPU_ABI_VERSION) bad |= 1u << 22;
  if (wi->kernarg == NULL) bad |= 1u << 23;
  /* Out-of-grid work-items must not run: count them and write nothing. */
  if (bad & (7u << 18)) {
    __atomic_fetch_add(a->out_of_grid, 1u, __ATOMIC_RELAXED);
    return;
  }
  linear = (uint64_t)gid[0] + (uint64_t)gid[1] * a->grid[0] +
           (uint64_t)gid[2] * a->grid[0] * a->grid[1];
  a->out[4 * linear + 0] = gid[0];
  a->out[4 * linear + 1] = gid[1];
  a->out[4 * linear + 2] = gid[2];
  a->out[4 * linear + 3] = bad;
}

FERROCM_KERNEL_DESCRIPTOR(global_id, global_id_wi, NULL, 48u, 16u, 0u);
