/*
 * amd_extensions: the AMD extension calls around queues and packets.
 *
 * argv[1] = the atomic_inc code object.
 *
 * Checks: the AMD barrier-value vendor packet ((value & mask) cond value, for
 * EQ/NE/LT/GTE, signal handle 0 = satisfied); dispatch profiling
 * (hsa_amd_profiling_set_profiler_enabled + hsa_amd_profiling_get_dispatch_time
 * in the system timestamp domain); async-copy profiling
 * (hsa_amd_profiling_async_copy_enable + hsa_amd_profiling_get_async_copy_time);
 * hsa_amd_profiling_convert_tick_to_system_domain argument checks;
 * hsa_amd_queue_set_priority; hsa_amd_queue_cu_set_mask / cu_get_mask;
 * hsa_amd_coherency_get_type / set_type.
 */
#include "common.h"

/*
 * Weak references: a runtime that lacks one of these still links and runs the
 * other checks; the missing entry point is reported as a failed check.
 */
#pragma weak hsa_amd_queue_cu_set_mask
#pragma weak hsa_amd_queue_cu_get_mask
#pragma weak hsa_amd_queue_set_priority
#pragma weak hsa_amd_profiling_set_profiler_enabled
#pragma weak hsa_amd_profiling_get_dispatch_time
#pragma weak hsa_amd_profiling_async_copy_enable
#pragma weak hsa_amd_profiling_get_async_copy_time
#pragma weak hsa_amd_profiling_convert_tick_to_system_domain
#pragma weak hsa_amd_coherency_get_type
#pragma weak hsa_amd_coherency_set_type

/* True when the runtime exports `fn`; otherwise records a failed check. */
#define EXPORTED(fn) exported_((void (*)(void))(fn) != NULL, #fn, __LINE__)
static bool exported_(bool present, const char *name, int line) {
  if (!present) test_report(0, line, "%s is exported by the runtime", name);
  return present;
}

typedef struct {
  uint64_t *counter;
} atomic_inc_args_t;

static hsa_agent_t g_agent;
static kernel_t g_kernel;
static void *g_kernarg;
static uint64_t *g_counter;

static bool stays(hsa_signal_t s, hsa_signal_value_t value, unsigned ms) {
  uint64_t end = now_ns() + (uint64_t)ms * 1000000ull;
  while (now_ns() < end) {
    if (hsa_signal_load_scacquire(s) != value) return false;
    sleep_ms(2);
  }
  return hsa_signal_load_scacquire(s) == value;
}

static uint64_t submit_barrier_value(hsa_queue_t *q, hsa_signal_t signal, hsa_signal_value_t value,
                                     hsa_signal_value_t mask, hsa_signal_condition_t cond,
                                     hsa_signal_t completion) {
  hsa_amd_barrier_value_packet_t p;
  uint32_t first;
  memset(&p, 0, sizeof p);
  p.signal = signal;
  p.value = value;
  p.mask = mask;
  p.cond = (hsa_signal_condition32_t)cond;
  p.completion_signal = completion;
  first = (uint32_t)packet_header(HSA_PACKET_TYPE_VENDOR_SPECIFIC, false, HSA_FENCE_SCOPE_SYSTEM,
                                  HSA_FENCE_SCOPE_SYSTEM) |
          ((uint32_t)HSA_AMD_PACKET_TYPE_BARRIER_VALUE << 16);
  return queue_submit(q, &p, first);
}

static bool run_kernel(hsa_queue_t *q, hsa_signal_t done) {
  uint32_t grid[3] = {64, 1, 1};
  uint16_t wg[3] = {64, 1, 1};
  uint64_t before = __atomic_load_n(g_counter, __ATOMIC_ACQUIRE);
  hsa_signal_store_relaxed(done, 1);
  submit_dispatch(q, &g_kernel, 1, grid, wg, 0, g_kernarg, done);
  return wait_until(done, HSA_SIGNAL_CONDITION_LT, 1, 10000) == 0 &&
         __atomic_load_n(g_counter, __ATOMIC_ACQUIRE) == before + 64;
}

static void test_barrier_value(hsa_queue_t *q) {
  hsa_signal_t s = make_signal(0x10), c = make_signal(1), none = {0};
  hsa_signal_value_t v;

  printf("-- AMD barrier-value packet\n");
  submit_barrier_value(q, s, 0x3, 0xF, HSA_SIGNAL_CONDITION_EQ, c);
  CHECK(stays(c, 1, 100), "(0x10 & 0xF) == 3 is false: the packet waits");
  hsa_signal_store_screlease(s, 0x24);
  CHECK(stays(c, 1, 50), "(0x24 & 0xF) == 3 is false: the packet still waits");
  hsa_signal_store_screlease(s, 0x13);
  v = wait_until(c, HSA_SIGNAL_CONDITION_LT, 1, 10000);
  CHECK(v == 0, "the packet completes at 0x13: (0x13 & 0xF) == 3 (%" PRId64 ")", (int64_t)v);

  hsa_signal_store_relaxed(s, 5);
  hsa_signal_store_relaxed(c, 1);
  submit_barrier_value(q, s, 5, -1, HSA_SIGNAL_CONDITION_LT, c);
  CHECK(stays(c, 1, 60), "LT 5 on a signal at 5 waits");
  hsa_signal_store_screlease(s, 4);
  v = wait_until(c, HSA_SIGNAL_CONDITION_LT, 1, 10000);
  CHECK(v == 0, "LT 5 completes at 4 (%" PRId64 ")", (int64_t)v);

  hsa_signal_store_relaxed(s, 7);
  hsa_signal_store_relaxed(c, 1);
  submit_barrier_value(q, s, 7, -1, HSA_SIGNAL_CONDITION_NE, c);
  CHECK(stays(c, 1, 60), "NE 7 on a signal at 7 waits");
  hsa_signal_store_screlease(s, 8);
  v = wait_until(c, HSA_SIGNAL_CONDITION_LT, 1, 10000);
  CHECK(v == 0, "NE 7 completes at 8 (%" PRId64 ")", (int64_t)v);

  hsa_signal_store_relaxed(s, 0x7F0);
  hsa_signal_store_relaxed(c, 1);
  submit_barrier_value(q, s, 0x70, 0xF0, HSA_SIGNAL_CONDITION_GTE, c);
  v = wait_until(c, HSA_SIGNAL_CONDITION_LT, 1, 10000);
  CHECK(v == 0, "(0x7F0 & 0xF0) >= 0x70, already true, completes (%" PRId64 ")", (int64_t)v);

  hsa_signal_store_relaxed(c, 1);
  submit_barrier_value(q, none, 1, -1, HSA_SIGNAL_CONDITION_EQ, c);
  v = wait_until(c, HSA_SIGNAL_CONDITION_LT, 1, 10000);
  CHECK(v == 0, "a barrier-value packet with signal handle 0 is satisfied (%" PRId64 ")",
        (int64_t)v);

  hsa_signal_destroy(s);
  hsa_signal_destroy(c);
}

static void test_profiling(hsa_queue_t *q) {
  hsa_signal_t done = make_signal(1);
  hsa_amd_profiling_dispatch_time_t t;
  hsa_amd_profiling_async_copy_time_t ct;
  uint64_t t0 = 0, t1 = 0, sys = 0;

  printf("-- profiling\n");
  if (!(EXPORTED(hsa_amd_profiling_set_profiler_enabled) &
        EXPORTED(hsa_amd_profiling_get_dispatch_time) &
        EXPORTED(hsa_amd_profiling_async_copy_enable) &
        EXPORTED(hsa_amd_profiling_get_async_copy_time) &
        EXPORTED(hsa_amd_profiling_convert_tick_to_system_domain))) {
    hsa_signal_destroy(done);
    return;
  }
  CHECK_STATUS(hsa_amd_profiling_set_profiler_enabled(q, 1), HSA_STATUS_SUCCESS);
  hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, &t0);
  CHECK(run_kernel(q, done), "a dispatch on a profiling queue runs");
  hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, &t1);
  memset(&t, 0, sizeof t);
  CHECK_STATUS(hsa_amd_profiling_get_dispatch_time(g_agent, done, &t), HSA_STATUS_SUCCESS);
  CHECK(t0 <= t.start && t.start <= t.end && t.end <= t1,
        "dispatch start/end are in the system timestamp domain and ordered (%" PRIu64
        " <= %" PRIu64 " <= %" PRIu64 " <= %" PRIu64 ")",
        t0, t.start, t.end, t1);
  CHECK_STATUS(hsa_amd_profiling_get_dispatch_time(g_agent, done, NULL),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_amd_profiling_get_dispatch_time((hsa_agent_t){0xDEADBEEF00ull}, done, &t),
               HSA_STATUS_ERROR_INVALID_AGENT);
  CHECK_STATUS(hsa_amd_profiling_set_profiler_enabled(q, 0), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_amd_profiling_set_profiler_enabled(NULL, 1), HSA_STATUS_ERROR_INVALID_ARGUMENT);

  /* Async copy profiling */
  {
    hsa_amd_memory_pool_t pool =
        find_pool(g_agent, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED, 0);
    void *a = NULL, *b = NULL;
    const size_t n = 1u << 20;
    REQUIRE(pool.handle != 0, "a fine-grained pool");
    REQUIRE_SUCCESS(hsa_amd_memory_pool_allocate(pool, n, 0, &a));
    REQUIRE_SUCCESS(hsa_amd_memory_pool_allocate(pool, n, 0, &b));
    memset(a, 0x11, n);
    CHECK_STATUS(hsa_amd_profiling_async_copy_enable(true), HSA_STATUS_SUCCESS);
    hsa_signal_store_relaxed(done, 1);
    hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, &t0);
    CHECK_STATUS(hsa_amd_memory_async_copy(b, g_agent, a, g_agent, n, 0, NULL, done),
                 HSA_STATUS_SUCCESS);
    CHECK(wait_until(done, HSA_SIGNAL_CONDITION_LT, 1, 10000) == 0, "the profiled copy completed");
    hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, &t1);
    memset(&ct, 0, sizeof ct);
    CHECK_STATUS(hsa_amd_profiling_get_async_copy_time(done, &ct), HSA_STATUS_SUCCESS);
    CHECK(t0 <= ct.start && ct.start <= ct.end && ct.end <= t1,
          "copy start/end are in the system timestamp domain and ordered (%" PRIu64 " <= %" PRIu64
          " <= %" PRIu64 " <= %" PRIu64 ")",
          t0, ct.start, ct.end, t1);
    CHECK_STATUS(hsa_amd_profiling_get_async_copy_time(done, NULL),
                 HSA_STATUS_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(hsa_amd_profiling_async_copy_enable(false), HSA_STATUS_SUCCESS);
    hsa_amd_memory_pool_free(a);
    hsa_amd_memory_pool_free(b);
  }

  CHECK_STATUS(hsa_amd_profiling_convert_tick_to_system_domain((hsa_agent_t){0xDEADBEEF00ull}, 1,
                                                               &sys),
               HSA_STATUS_ERROR_INVALID_AGENT);
  CHECK_STATUS(hsa_amd_profiling_convert_tick_to_system_domain(g_agent, 1, NULL),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  hsa_signal_destroy(done);
}

static void test_queue_controls(hsa_queue_t *q) {
  hsa_signal_t done = make_signal(1);
  uint32_t cus = 0, bits, words, i;
  uint32_t mask[64], got[64];
  hsa_status_t st;

  printf("-- queue priority and CU masks\n");
  if (EXPORTED(hsa_amd_queue_set_priority)) {
    /* ferrocm's CPU queues have no priorities: valid requests get the documented
     * "not supported" answer (HSA_STATUS_ERROR), never a silent success. */
    CHECK_STATUS(hsa_amd_queue_set_priority(q, HSA_AMD_QUEUE_PRIORITY_HIGH), HSA_STATUS_ERROR);
    CHECK(run_kernel(q, done), "the queue still runs dispatches after the refused request");
    CHECK_STATUS(hsa_amd_queue_set_priority(q, HSA_AMD_QUEUE_PRIORITY_LOW), HSA_STATUS_ERROR);
    CHECK_STATUS(hsa_amd_queue_set_priority(q, HSA_AMD_QUEUE_PRIORITY_NORMAL), HSA_STATUS_ERROR);
    CHECK_STATUS(hsa_amd_queue_set_priority(q, (hsa_amd_queue_priority_t)7),
                 HSA_STATUS_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(hsa_amd_queue_set_priority(NULL, HSA_AMD_QUEUE_PRIORITY_NORMAL),
                 HSA_STATUS_ERROR_INVALID_ARGUMENT);
  }
  /* CU masks are not supported on the CPU agent: the calls exist, validate their
   * arguments and answer HSA_STATUS_ERROR; they must not pretend to succeed. */
  CHECK(EXPORTED(hsa_amd_queue_cu_set_mask) && EXPORTED(hsa_amd_queue_cu_get_mask),
        "CU mask entry points are exported");
  if (EXPORTED(hsa_amd_queue_cu_set_mask) && EXPORTED(hsa_amd_queue_cu_get_mask)) {
    for (i = 0; i < 64; ++i) mask[i] = 0xFFFFFFFFu;
    CHECK_STATUS(hsa_amd_queue_cu_set_mask(q, 32, mask), HSA_STATUS_ERROR);
    CHECK_STATUS(hsa_amd_queue_cu_get_mask(q, 32, got), HSA_STATUS_ERROR);
    CHECK_STATUS(hsa_amd_queue_cu_set_mask(NULL, 32, mask), HSA_STATUS_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(hsa_amd_queue_cu_set_mask(q, 32, NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
    CHECK(run_kernel(q, done), "the queue still runs dispatches");
  }
  (void)cus; (void)bits; (void)words; (void)st;
  hsa_signal_destroy(done);
}

static void test_coherency(void) {
  hsa_amd_coherency_type_t type = HSA_AMD_COHERENCY_TYPE_NONCOHERENT;
  printf("-- coherency\n");
  if (!(EXPORTED(hsa_amd_coherency_get_type) & EXPORTED(hsa_amd_coherency_set_type))) return;
  CHECK_STATUS(hsa_amd_coherency_get_type(g_agent, &type), HSA_STATUS_SUCCESS);
  CHECK(type == HSA_AMD_COHERENCY_TYPE_COHERENT, "the CPU agent is COHERENT (%d)", (int)type);
  CHECK_STATUS(hsa_amd_coherency_set_type(g_agent, HSA_AMD_COHERENCY_TYPE_COHERENT),
               HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_amd_coherency_get_type(g_agent, NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_amd_coherency_get_type((hsa_agent_t){0xDEADBEEF00ull}, &type),
               HSA_STATUS_ERROR_INVALID_AGENT);
}

int main(int argc, char **argv) {
  hsa_region_t kernarg_region, global;
  code_object_t co;
  atomic_inc_args_t args;
  queue_errors_t errs;
  hsa_queue_t *q;

  test_begin("amd_extensions", 100);
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
  q = make_queue(g_agent, 64, HSA_QUEUE_TYPE_MULTI, &errs);

  test_barrier_value(q);
  test_profiling(q);
  test_queue_controls(q);
  test_coherency();

  CHECK(errs.count == 0, "no queue error callback (%d, 0x%x)", errs.count, (unsigned)errs.status);
  CHECK_STATUS(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  hsa_memory_free(g_kernarg);
  hsa_memory_free(g_counter);
  unload_code_object(&co);
  CHECK_STATUS(hsa_shut_down(), HSA_STATUS_SUCCESS);
  return test_finish();
}
