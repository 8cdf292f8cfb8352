/*
 * CPU code object: atomic_inc (every work-item atomically adds 1 to *counter)
 * and wait_flag (one work-item spins until *flag != 0, then stores 1 to *done).
 */
#include <ferrocm/cpu_kernel.h>
#include <sched.h>

FERROCM_CODE_OBJECT();

typedef struct {
  uint64_t *counter;
} atomic_inc_args_t;

static void atomic_inc_wi(ferrocm_workitem_t *wi) {
  const atomic_inc_args_t *args = (const atomic_inc_args_t *)wi->kernarg;
  __atomic_fetch_add(args->counter, 1u, __ATOMIC_RELAXED);
}

static void atomic_inc_wg(ferrocm_workitem_t *wi, uint32_t begin, uint32_t end) {
  const atomic_inc_args_t *args = (const atomic_inc_args_t *)wi->kernarg;
  uint32_t f;
  (void)end;
  for (f = begin; f < wi->range_end; ++f) {
    wi->flat_local_id = f;
    __atomic_fetch_add(args->counter, 1u, __ATOMIC_RELAXED);
  }
}

FERROCM_KERNEL_DESCRIPTOR(atomic_inc, atomic_inc_wi, atomic_inc_wg, 16u, 16u, 0u);

typedef struct {
  const uint32_t *flag;
  uint32_t *done;
} wait_flag_args_t;

static void wait_flag_wi(ferrocm_workitem_t *wi) {
  const wait_flag_args_t *args = (const wait_flag_args_t *)wi->kernarg;
  while (__atomic_load_n(args->flag, __ATOMIC_ACQUIRE) == 0) sched_yield();
  __atomic_store_n(args->done, 1u, __ATOMIC_RELEASE);
}

FERROCM_KERNEL_DESCRIPTOR(wait_flag, wait_flag_wi, NULL, 16u, 16u, 0u);
