/*
 * multi_producer: 4 host threads race to submit packets on one MULTI queue of
 * 256 slots (so it fills up and producers must wait for free slots).
 *
 * argv[1] = the atomic_inc code object.
 *
 * Phase 1: each thread submits 5,000 packets reserved with
 * hsa_queue_add_write_index_screlease, alternating kernel dispatches of
 * atomic_inc (2 work-items each) and barrier-AND packets without dependencies;
 * every packet decrements one completion signal initialised to 20,000. None may
 * be lost: counter == 20,000, completion == 0, read index == write index == 20,000.
 * Phase 2: the same with 1,000 barrier-AND packets per thread reserved through
 * hsa_queue_cas_write_index_scacq_screl loops: indexes end at 24,000.
 */
#include "common.h"

enum { THREADS = 4, PER_THREAD = 5000, CAS_PER_THREAD = 1000, QUEUE_SIZE = 256 };

typedef struct {
  uint64_t *counter;
} atomic_inc_args_t;

static hsa_queue_t *g_queue;
static kernel_t g_kernel;
static void *g_kernarg;
static hsa_signal_t g_done;
static pthread_barrier_t g_start;
static volatile int g_slot_timeouts;
static volatile int g_full_waits;

static void wait_for_slot(uint64_t id) {
  bool waited = false;
  uint64_t deadline = now_ns() + 30000000000ull;
  while (id - hsa_queue_load_read_index_scacquire(g_queue) >= g_queue->size) {
    waited = true;
    if (now_ns() > deadline) {
      __atomic_fetch_add(&g_slot_timeouts, 1, __ATOMIC_RELAXED);
      break;
    }
    sched_yield();
  }
  if (waited) __atomic_fetch_add(&g_full_waits, 1, __ATOMIC_RELAXED);
}

static void write_packet(uint64_t id, bool dispatch) {
  if (dispatch) {
    hsa_kernel_dispatch_packet_t p;
    uint32_t grid[3] = {2, 1, 1};
    uint16_t wg[3] = {2, 1, 1};
    make_dispatch(&p, &g_kernel, grid, wg, 0, g_kernarg, g_done);
    queue_publish(g_queue, id, &p,
                  dispatch_first_word(packet_header(HSA_PACKET_TYPE_KERNEL_DISPATCH, false,
                                                    HSA_FENCE_SCOPE_SYSTEM,
                                                    HSA_FENCE_SCOPE_SYSTEM),
                                      1));
  } else {
    hsa_barrier_and_packet_t p;
    memset(&p, 0, sizeof p);
    p.completion_signal = g_done;
    queue_publish(g_queue, id, &p,
                  packet_header(HSA_PACKET_TYPE_BARRIER_AND, false, HSA_FENCE_SCOPE_SYSTEM,
                                HSA_FENCE_SCOPE_SYSTEM));
  }
}

static void *producer_add(void *arg) {
  int t = (int)(intptr_t)arg, i;
  pthread_barrier_wait(&g_start);
  for (i = 0; i < PER_THREAD; i++) {
    uint64_t id = hsa_queue_add_write_index_screlease(g_queue, 1);
    wait_for_slot(id);
    write_packet(id, ((i + t) % 2) == 0);
  }
  return NULL;
}

static void *producer_cas(void *arg) {
  int i;
  (void)arg;
  pthread_barrier_wait(&g_start);
  for (i = 0; i < CAS_PER_THREAD; i++) {
    uint64_t id, seen;
    do {
      id = hsa_queue_load_write_index_relaxed(g_queue);
      seen = hsa_queue_cas_write_index_scacq_screl(g_queue, id, id + 1);
    } while (seen != id);
    wait_for_slot(id);
    write_packet(id, false);
  }
  return NULL;
}

static void run_phase(void *(*fn)(void *), const char *what) {
  pthread_t th[THREADS];
  int t;
  pthread_barrier_init(&g_start, NULL, THREADS);
  for (t = 0; t < THREADS; t++)
    REQUIRE(pthread_create(&th[t], NULL, fn, (void *)(intptr_t)t) == 0, "start producer %d (%s)",
            t, what);
  for (t = 0; t < THREADS; t++) pthread_join(th[t], NULL);
  pthread_barrier_destroy(&g_start);
}

static uint64_t wait_read_index(uint64_t want) {
  uint64_t deadline = now_ns() + 10000000000ull, r;
  while ((r = hsa_queue_load_read_index_scacquire(g_queue)) != want && now_ns() < deadline)
    sleep_ms(1);
  return r;
}

int main(int argc, char **argv) {
  hsa_agent_t agent;
  hsa_region_t kernarg_region, global;
  queue_errors_t errs;
  code_object_t co;
  uint64_t *counter = NULL;
  atomic_inc_args_t args;
  hsa_signal_value_t v;
  uint64_t total = (uint64_t)THREADS * PER_THREAD, r, w;
  uint32_t qtype = 0;

  test_begin("multi_producer", 110);
  REQUIRE_SUCCESS(hsa_init());
  agent = require_cpu_agent();
  kernarg_region = require_kernarg_region(agent);
  global = find_region(agent, HSA_REGION_SEGMENT_GLOBAL, HSA_REGION_GLOBAL_FLAG_FINE_GRAINED, 0);
  REQUIRE(global.handle != 0, "the CPU agent has a fine-grained global region");
  CHECK_STATUS(hsa_agent_get_info(agent, HSA_AGENT_INFO_QUEUE_TYPE, &qtype), HSA_STATUS_SUCCESS);
  CHECK(qtype == HSA_QUEUE_TYPE_MULTI, "the CPU agent supports MULTI queues (%u)", qtype);

  co = load_code_object(arg_path(argc, argv, 1, "the atomic_inc code object"), agent);
  g_kernel = get_kernel(co.executable, agent, "atomic_inc.kd");
  REQUIRE_SUCCESS(hsa_memory_allocate(global, 64, (void **)&counter));
  *counter = 0;
  args.counter = counter;
  g_kernarg = make_kernarg(kernarg_region, &g_kernel, &args, sizeof args);

  g_queue = make_queue(agent, QUEUE_SIZE, HSA_QUEUE_TYPE_MULTI, &errs);
  CHECK(g_queue->type == HSA_QUEUE_TYPE_MULTI, "queue type is MULTI");
  CHECK(g_queue->size == QUEUE_SIZE, "queue size is %u (%u)", QUEUE_SIZE, g_queue->size);
  CHECK(g_queue->base_address != NULL && ((uintptr_t)g_queue->base_address % 64) == 0,
        "ring buffer is 64-byte aligned");
  {
    uint32_t i, invalid = 0;
    for (i = 0; i < g_queue->size; i++) {
      const uint16_t *h = (const uint16_t *)queue_slot(g_queue, i);
      if ((*h & 0xFF) == HSA_PACKET_TYPE_INVALID) invalid++;
    }
    CHECK(invalid == g_queue->size, "every slot of a new queue is INVALID (%u of %u)", invalid,
          g_queue->size);
  }

  /* Phase 1 */
  g_done = make_signal((hsa_signal_value_t)total);
  run_phase(producer_add, "add_write_index_screlease");
  CHECK(g_slot_timeouts == 0, "no producer timed out waiting for a free slot");
  test_note("producers found the queue full %d times", g_full_waits);
  v = wait_until(g_done, HSA_SIGNAL_CONDITION_EQ, 0, 60000);
  CHECK(v == 0, "completion signal counted down from %" PRIu64 " to 0 (%" PRId64 ")", total,
        (int64_t)v);
  CHECK(__atomic_load_n(counter, __ATOMIC_ACQUIRE) == total,
        "atomic_inc counter == %" PRIu64 " (%" PRIu64 ")", total,
        __atomic_load_n(counter, __ATOMIC_ACQUIRE));
  w = hsa_queue_load_write_index_scacquire(g_queue);
  r = wait_read_index(total);
  CHECK(w == total, "write index == %" PRIu64 " (%" PRIu64 ")", total, w);
  CHECK(r == total, "read index == %" PRIu64 " (%" PRIu64 ")", total, r);

  /* Phase 2 */
  {
    uint64_t total2 = total + (uint64_t)THREADS * CAS_PER_THREAD;
    hsa_signal_store_screlease(g_done, (hsa_signal_value_t)THREADS * CAS_PER_THREAD);
    run_phase(producer_cas, "cas_write_index_scacq_screl");
    CHECK(g_slot_timeouts == 0, "no CAS producer timed out waiting for a free slot");
    v = wait_until(g_done, HSA_SIGNAL_CONDITION_EQ, 0, 60000);
    CHECK(v == 0, "CAS phase: completion signal reached 0 (%" PRId64 ")", (int64_t)v);
    w = hsa_queue_load_write_index_scacquire(g_queue);
    r = wait_read_index(total2);
    CHECK(w == total2 && r == total2,
          "CAS phase: read index == write index == %" PRIu64 " (%" PRIu64 ", %" PRIu64 ")",
          total2, r, w);
  }

  CHECK(errs.count == 0, "the queue error callback was never called (%d, 0x%x)", errs.count,
        (unsigned)errs.status);
  CHECK_STATUS(hsa_queue_destroy(g_queue), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_signal_destroy(g_done), HSA_STATUS_SUCCESS);
  hsa_memory_free(g_kernarg);
  hsa_memory_free(counter);
  unload_code_object(&co);
  CHECK_STATUS(hsa_shut_down(), HSA_STATUS_SUCCESS);
  return test_finish();
}
