/*
 * A kernel that reports a device fault (argv[1] = device_fault code object, argv[2] =
 * atomic_inc code object).
 *
 * A work-item calling wi->ops->fault (what a trap, abort() or a failed assert() in HIP device
 * code does) stops the dispatch: the queue's error callback is called once with
 * HSA_STATUS_ERROR_EXCEPTION (ROCR's status for a GPU trap) and the failing queue, the packet's
 * completion signal is not decremented, later packets on that queue do not run, the remaining
 * work-groups are skipped, and the process goes on: another queue created before and one
 * created after run dispatches with right results. Both kinds (trap, assert) and a fault in
 * every work-item are checked.
 */
#include "common.h"

#include <ferrocm/cpu_kernel.h> /* FERROCM_FAULT_* */

typedef struct {
  uint64_t *counter;
  uint32_t bad;
  uint32_t kind;
} fault_at_args_t;

static hsa_agent_t g_agent;
static hsa_region_t g_kernarg;
static kernel_t g_fault, g_inc;
static uint64_t *g_counter;

/* atomic_inc over `n` work-items on `q`: the counter grows by n. */
static void queue_works(hsa_queue_t *q, const char *what) {
  uint64_t before = __atomic_load_n(g_counter, __ATOMIC_ACQUIRE);
  void *args = make_kernarg(g_kernarg, &g_inc, &g_counter, sizeof g_counter);
  hsa_signal_t done = make_signal(1);
  uint32_t grid[3] = {4096, 1, 1};
  uint16_t wg[3] = {64, 1, 1};
  submit_dispatch(q, &g_inc, 1, grid, wg, 0, args, done);
  CHECK(wait_until(done, HSA_SIGNAL_CONDITION_LT, 1, 10000) == 0, "%s: the dispatch completed",
        what);
  CHECK(__atomic_load_n(g_counter, __ATOMIC_ACQUIRE) == before + 4096,
        "%s: every work-item ran", what);
  hsa_signal_destroy(done);
  hsa_memory_free(args);
}

static void fault(uint32_t bad, uint32_t kind, hsa_queue_t *other, const char *what) {
  queue_errors_t errs;
  memset(&errs, 0, sizeof errs);
  hsa_queue_t *q = make_queue(g_agent, 16, HSA_QUEUE_TYPE_MULTI, &errs);
  fault_at_args_t a = {g_counter, bad, kind};
  void *args = make_kernarg(g_kernarg, &g_fault, &a, sizeof a);
  hsa_signal_t done = make_signal(1), later = make_signal(1);
  uint32_t grid[3] = {64 * 256, 1, 1};
  uint16_t wg[3] = {64, 1, 1};
  uint64_t before = __atomic_load_n(g_counter, __ATOMIC_ACQUIRE);
  submit_dispatch(q, &g_fault, 1, grid, wg, 0, args, done);
  CHECK(wait_flag(&errs.count, 10000), "%s: the queue's error callback was called", what);
  CHECK(errs.status == (int)HSA_STATUS_ERROR_EXCEPTION, "%s: status %s (0x%x)", what,
        status_name((hsa_status_t)errs.status), (unsigned)errs.status);
  CHECK(errs.queue == q, "%s: the callback receives the failing queue", what);
  CHECK(hsa_signal_load_scacquire(done) == 1, "%s: the completion signal was not decremented",
        what);
  uint64_t ran = __atomic_load_n(g_counter, __ATOMIC_ACQUIRE) - before;
  CHECK(ran < 64 * 256, "%s: the dispatch stopped (%" PRIu64 " of %u work-items ran)", what, ran,
        64u * 256u);
  submit_barrier(q, false, NULL, 0, later, false);
  sleep_ms(100);
  CHECK(hsa_signal_load_scacquire(later) == 1, "%s: a later packet does not run", what);
  CHECK(errs.count == 1, "%s: the callback was called once (%d)", what, errs.count);
  queue_works(other, what);
  CHECK_STATUS(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  hsa_signal_destroy(done);
  hsa_signal_destroy(later);
  hsa_memory_free(args);
}

int main(int argc, char **argv) {
  const char *fault_path = arg_path(argc, argv, 1, "the device_fault code object");
  const char *inc_path = arg_path(argc, argv, 2, "the atomic_inc code object");
  test_begin("device_fault", 60);
  REQUIRE_SUCCESS(hsa_init());
  g_agent = require_cpu_agent();
  g_kernarg = require_kernarg_region(g_agent);
  code_object_t fco = load_code_object(fault_path, g_agent);
  code_object_t ico = load_code_object(inc_path, g_agent);
  g_fault = get_kernel(fco.executable, g_agent, "fault_at.kd");
  g_inc = get_kernel(ico.executable, g_agent, "atomic_inc.kd");
  REQUIRE_SUCCESS(hsa_memory_allocate(g_kernarg, sizeof(uint64_t), (void **)&g_counter));
  *g_counter = 0;

  queue_errors_t other_errs;
  memset(&other_errs, 0, sizeof other_errs);
  hsa_queue_t *other = make_queue(g_agent, 16, HSA_QUEUE_TYPE_MULTI, &other_errs);
  queue_works(other, "before any fault");
  fault(1000, FERROCM_FAULT_TRAP, other, "a trap");
  fault(5, FERROCM_FAULT_ASSERT, other, "a failed assert");
  fault(0xFFFFFFFEu, FERROCM_FAULT_TRAP, other, "a fault in every work-item");
  CHECK(other_errs.count == 0, "the other queue reported no error (%d)", other_errs.count);
  queue_errors_t new_errs;
  memset(&new_errs, 0, sizeof new_errs);
  hsa_queue_t *fresh = make_queue(g_agent, 16, HSA_QUEUE_TYPE_MULTI, &new_errs);
  queue_works(fresh, "a queue created after the faults");
  CHECK_STATUS(hsa_queue_destroy(fresh), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_queue_destroy(other), HSA_STATUS_SUCCESS);
  hsa_memory_free(g_counter);
  unload_code_object(&fco);
  unload_code_object(&ico);
  CHECK_STATUS(hsa_shut_down(), HSA_STATUS_SUCCESS);
  return test_finish();
}
