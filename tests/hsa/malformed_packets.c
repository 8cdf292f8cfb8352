/*
 * malformed_packets: each malformed packet goes to a fresh queue created with an
 * error callback that records the status and the queue pointer.
 *
 * argv[1] = the atomic_inc code object.
 *
 * Expected statuses (rocrtst QueueValidation / HSA conformance async tests):
 *   header type 0xFF, undefined type 6          -> HSA_STATUS_ERROR_INVALID_PACKET_FORMAT
 *   setup dimensions 0, setup = 4               -> HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS
 *   work-group size 0 in a used dimension,
 *   0xFFFF, or a product above 1024            -> HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS
 *   group_segment_size 0xFFFFFFFF               -> HSA_STATUS_ERROR_INVALID_ALLOCATION
 *   kernel_object 0 or garbage (0x1234)         -> HSA_STATUS_ERROR_INVALID_CODE_OBJECT
 * Then: the callback fires exactly once with the failing queue, the kernel never
 * ran, later packets on that queue are not executed, hsa_queue_destroy works and a
 * new queue still runs a valid dispatch. A packet written after
 * hsa_queue_inactivate is not run.
 */
#include "common.h"

typedef struct {
  uint64_t *counter;
} atomic_inc_args_t;

static hsa_agent_t g_agent;
static kernel_t g_kernel;
static void *g_kernarg;
static uint64_t *g_counter;

typedef struct {
  const char *what;
  hsa_status_t expected;
  uint16_t type;     /* header packet type */
  uint16_t setup;    /* raw setup word */
  uint16_t wg[3];
  uint32_t grid[3];
  uint32_t group_segment_size;
  uint64_t kernel_object; /* UINT64_MAX: the valid kernel */
} bad_packet_t;

static void run_case(const bad_packet_t *c) {
  queue_errors_t errs;
  hsa_queue_t *q = make_queue(g_agent, 16, HSA_QUEUE_TYPE_MULTI, &errs);
  hsa_kernel_dispatch_packet_t p;
  hsa_signal_t done = make_signal(1), later = make_signal(1);
  uint16_t header = packet_header(HSA_PACKET_TYPE_KERNEL_DISPATCH, false, HSA_FENCE_SCOPE_SYSTEM,
                                  HSA_FENCE_SCOPE_SYSTEM);
  uint64_t before = __atomic_load_n(g_counter, __ATOMIC_ACQUIRE);
  bool called;

  printf("-- %s\n", c->what);
  make_dispatch(&p, &g_kernel, c->grid, c->wg, 0, g_kernarg, done);
  p.group_segment_size = c->group_segment_size;
  if (c->kernel_object != UINT64_MAX) p.kernel_object = c->kernel_object;
  header = (uint16_t)((header & ~0xFFu) | c->type);
  queue_submit(q, &p, (uint32_t)header | ((uint32_t)c->setup << 16));

  called = wait_flag(&errs.count, 10000);
  CHECK(called, "%s: the error callback is called", c->what);
  CHECK(errs.status == (int)c->expected, "%s -> %s (got 0x%x %s)", c->what,
        status_name(c->expected), (unsigned)errs.status, status_name((hsa_status_t)errs.status));
  CHECK(errs.queue == q, "%s: the callback receives the failing queue", c->what);

  /* A later, valid packet on the same queue is not executed. */
  submit_barrier(q, false, NULL, 0, later, false);
  sleep_ms(100);
  CHECK(hsa_signal_load_scacquire(later) == 1,
        "%s: a packet submitted after the error is not executed", c->what);
  CHECK(errs.count == 1, "%s: the callback was called exactly once (%d)", c->what, errs.count);
  CHECK(__atomic_load_n(g_counter, __ATOMIC_ACQUIRE) == before, "%s: the kernel did not run",
        c->what);
  CHECK_STATUS(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  hsa_signal_destroy(done);
  hsa_signal_destroy(later);
}

static void run_valid(const char *what) {
  queue_errors_t errs;
  hsa_queue_t *q = make_queue(g_agent, 16, HSA_QUEUE_TYPE_MULTI, &errs);
  hsa_signal_t done = make_signal(1);
  uint32_t grid[3] = {1, 1, 1};
  uint16_t wg[3] = {1, 1, 1};
  uint64_t before = __atomic_load_n(g_counter, __ATOMIC_ACQUIRE);
  hsa_signal_value_t v;
  submit_dispatch(q, &g_kernel, 1, grid, wg, 0, g_kernarg, done);
  v = wait_until(done, HSA_SIGNAL_CONDITION_LT, 1, 10000);
  CHECK(v == 0 && __atomic_load_n(g_counter, __ATOMIC_ACQUIRE) == before + 1,
        "%s: a new queue runs a valid dispatch (%" PRId64 ")", what, (int64_t)v);
  CHECK(errs.count == 0, "%s: no error callback on the new queue", what);
  CHECK_STATUS(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  hsa_signal_destroy(done);
}

static void test_inactivate(void) {
  queue_errors_t errs;
  hsa_queue_t *q = make_queue(g_agent, 16, HSA_QUEUE_TYPE_MULTI, &errs);
  hsa_signal_t done = make_signal(1);
  uint32_t grid[3] = {1, 1, 1};
  uint16_t wg[3] = {1, 1, 1};
  uint64_t before = __atomic_load_n(g_counter, __ATOMIC_ACQUIRE);
  printf("-- inactivated queue\n");
  CHECK_STATUS(hsa_queue_inactivate(q), HSA_STATUS_SUCCESS);
  submit_dispatch(q, &g_kernel, 1, grid, wg, 0, g_kernarg, done);
  sleep_ms(150);
  CHECK(hsa_signal_load_scacquire(done) == 1 &&
            __atomic_load_n(g_counter, __ATOMIC_ACQUIRE) == before,
        "a valid packet written after hsa_queue_inactivate does not run");
  CHECK_STATUS(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  hsa_signal_destroy(done);
}

int main(int argc, char **argv) {
  hsa_region_t kernarg_region, global;
  code_object_t co;
  atomic_inc_args_t args;
  const uint16_t dispatch = HSA_PACKET_TYPE_KERNEL_DISPATCH;
  const bad_packet_t cases[] = {
      {"header type 0xFF", HSA_STATUS_ERROR_INVALID_PACKET_FORMAT, 0xFF, 1, {1, 1, 1}, {1, 1, 1},
       0, UINT64_MAX},
      {"undefined header type 6", HSA_STATUS_ERROR_INVALID_PACKET_FORMAT, 6, 1, {1, 1, 1},
       {1, 1, 1}, 0, UINT64_MAX},
      {"setup dimensions 0", HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS, dispatch, 0, {1, 1, 1},
       {1, 1, 1}, 0, UINT64_MAX},
      {"setup 4 (dimensions 4)", HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS, dispatch, 4, {1, 1, 1},
       {1, 1, 1}, 0, UINT64_MAX},
      {"work-group size x 0", HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS, dispatch, 1, {0, 1, 1},
       {64, 1, 1}, 0, UINT64_MAX},
      {"work-group size y 0 in a 2-D dispatch", HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS, dispatch,
       2, {8, 0, 1}, {8, 8, 1}, 0, UINT64_MAX},
      {"work-group size z 0 in a 3-D dispatch", HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS, dispatch,
       3, {4, 4, 0}, {4, 4, 4}, 0, UINT64_MAX},
      {"work-group size 0xFFFF", HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS, dispatch, 1,
       {0xFFFF, 1, 1}, {0xFFFF, 1, 1}, 0, UINT64_MAX},
      {"work-group size 64x32 (2048 > 1024 work-items)", HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS,
       dispatch, 2, {64, 32, 1}, {64, 32, 1}, 0, UINT64_MAX},
      {"group_segment_size 0xFFFFFFFF", HSA_STATUS_ERROR_INVALID_ALLOCATION, dispatch, 1,
       {1, 1, 1}, {1, 1, 1}, 0xFFFFFFFFu, UINT64_MAX},
      {"kernel_object 0", HSA_STATUS_ERROR_INVALID_CODE_OBJECT, dispatch, 1, {1, 1, 1}, {1, 1, 1},
       0, 0},
      {"kernel_object 0x1234 (garbage)", HSA_STATUS_ERROR_INVALID_CODE_OBJECT, dispatch, 1,
       {1, 1, 1}, {1, 1, 1}, 0, 0x1234},
  };
  size_t i;

  test_begin("malformed_packets", 100);
  REQUIRE_SUCCESS(hsa_init());
  g_agent = require_cpu_agent();
  kernarg_region = require_kernarg_region(g_agent);
  global = find_region(g_agent, HSA_REGION_SEGMENT_GLOBAL, HSA_REGION_GLOBAL_FLAG_FINE_GRAINED, 0);
  REQUIRE(global.handle != 0, "the CPU agent has a fine-grained global region");
  co = load_code_object(arg_path(argc, argv, 1, "the atomic_inc code object"), g_agent);
  g_kernel = get_kernel(co.executable, g_agent, "atomic_inc.kd");
  REQUIRE_SUCCESS(hsa_memory_allocate(global, 64, (void **)&g_counter));
  *g_counter = 0;
  args.counter = g_counter;
  g_kernarg = make_kernarg(kernarg_region, &g_kernel, &args, sizeof args);

  run_valid("before the malformed packets");
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) run_case(&cases[i]);
  run_valid("after the malformed packets");
  test_inactivate();

  hsa_memory_free(g_kernarg);
  hsa_memory_free(g_counter);
  unload_code_object(&co);
  CHECK_STATUS(hsa_shut_down(), HSA_STATUS_SUCCESS);
  return test_finish();
}
