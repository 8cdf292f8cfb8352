/*
 * CPU code object: fault_at (the work-item whose global id is args->bad, or every work-item
 * when bad is 0xFFFFFFFE, reports a device
 * fault of kind args->kind through wi->ops->fault, the way a trap or a failed assert in HIP
 * device code does; every other work-item atomically adds 1 to *args->counter).
 */
#include <ferrocm/cpu_kernel.h>
#include <stdlib.h>

FERROCM_CODE_OBJECT();

typedef struct {
  uint64_t *counter;
  uint32_t bad;
  uint32_t kind;
} fault_at_args_t;

static void fault_at_wi(ferrocm_workitem_t *wi) {
  const fault_at_args_t *args = (const fault_at_args_t *)wi->kernarg;
  uint32_t id = wi->group_id[0] * wi->workgroup_size[0] + wi->local_id[0];
  if (id == args->bad || args->bad == 0xFFFFFFFEu) {
    /* Does not return inside a dispatch; an engine without the op has no way to contain it. */
    if (wi->ops->fault != NULL) wi->ops->fault(wi, args->kind);
    abort();
  }
  __atomic_fetch_add(args->counter, 1u, __ATOMIC_RELAXED);
}

FERROCM_KERNEL_DESCRIPTOR(fault_at, fault_at_wi, NULL, 16u, 16u, 0u);
