/*
 * barrier_packets: barrier-AND / barrier-OR packets, the barrier bit, and
 * agent-dispatch packets with the ferrocm function codes.
 *
 * argv[1] = the atomic_inc code object (for its wait_flag kernel).
 *
 * Checks: cross-queue barrier-AND chains (a packet on queue B waits for signals
 * completed by packets of queue A); 5 dependencies; null dependency handles
 * (satisfied for AND, never satisfied for OR); barrier-OR across queues; a
 * negative dependency value makes the barrier's completion signal negative; the
 * barrier bit keeps a packet from launching before the previous kernel
 * completes; agent dispatch MEMCPY, MEMSET (element sizes 1/2/4/8), MEMCPY_2D and
 * HOST_CALL with their return values; an unknown agent-dispatch code reports
 * HSA_STATUS_ERROR_INVALID_PACKET_FORMAT through the queue's error callback.
 */
#include "common.h"

static hsa_agent_t g_agent;
static hsa_region_t g_global;
static hsa_region_t g_kernarg;

static void *alloc_global(size_t size) {
  void *p = NULL;
  REQUIRE_SUCCESS(hsa_memory_allocate(g_global, size, &p));
  return p;
}

/* Checks that `s` keeps `value` for `ms` milliseconds (a packet that must not complete). */
static bool stays(hsa_signal_t s, hsa_signal_value_t value, unsigned ms) {
  uint64_t end = now_ns() + (uint64_t)ms * 1000000ull;
  while (now_ns() < end) {
    if (hsa_signal_load_scacquire(s) != value) return false;
    sleep_ms(2);
  }
  return hsa_signal_load_scacquire(s) == value;
}

/* ------------------------------------------------------------------------ */

static void test_cross_queue_and(hsa_queue_t *qa, hsa_queue_t *qb) {
  hsa_signal_t gate = make_signal(1);
  hsa_signal_t a1 = make_signal(1), a2 = make_signal(1), cb = make_signal(1);
  hsa_signal_t deps[5];
  hsa_signal_value_t v;

  printf("-- barrier-AND across queues\n");
  /* Queue A: AND(gate) -> a1, then AND() -> a2 (waits behind the first barrier). */
  deps[0] = gate;
  submit_barrier(qa, false, deps, 1, a1, false);
  submit_barrier(qa, false, NULL, 0, a2, false);
  /* Queue B: AND(a1, a2, 0, 0, 0) -> cb. */
  memset(deps, 0, sizeof deps);
  deps[0] = a1;
  deps[1] = a2;
  submit_barrier(qb, false, deps, 5, cb, false);

  CHECK(stays(cb, 1, 100), "queue B's barrier waits while queue A is blocked");
  CHECK(hsa_signal_load_relaxed(a1) == 1 && hsa_signal_load_relaxed(a2) == 1,
        "queue A's barriers have not completed");
  hsa_signal_store_screlease(gate, 0);
  v = wait_until(cb, HSA_SIGNAL_CONDITION_LT, 1, 10000);
  CHECK(v == 0, "queue B's barrier completes once queue A's complete (%" PRId64 ")", (int64_t)v);
  CHECK(hsa_signal_load_relaxed(a1) == 0 && hsa_signal_load_relaxed(a2) == 0,
        "queue A's completion signals were decremented to 0");

  /* Five real dependencies, released one at a time. */
  {
    hsa_signal_t d[5], c = make_signal(1);
    int i;
    bool early = false;
    for (i = 0; i < 5; i++) d[i] = make_signal(1);
    submit_barrier(qb, false, d, 5, c, false);
    for (i = 0; i < 4; i++) {
      hsa_signal_store_screlease(d[i], 0);
      if (!stays(c, 1, 30)) early = true;
    }
    CHECK(!early, "a barrier-AND with 5 dependencies waits while any of them is non-zero");
    hsa_signal_store_screlease(d[4], 0);
    v = wait_until(c, HSA_SIGNAL_CONDITION_LT, 1, 10000);
    CHECK(v == 0, "... and completes when all 5 are 0 (%" PRId64 ")", (int64_t)v);
    for (i = 0; i < 5; i++) hsa_signal_destroy(d[i]);
    hsa_signal_destroy(c);
  }

  /* All-null dependencies: satisfied. */
  {
    hsa_signal_t c = make_signal(1);
    submit_barrier(qb, false, NULL, 0, c, false);
    v = wait_until(c, HSA_SIGNAL_CONDITION_LT, 1, 10000);
    CHECK(v == 0, "a barrier-AND whose 5 dependency handles are 0 completes (%" PRId64 ")",
          (int64_t)v);
    hsa_signal_destroy(c);
  }

  /* Dependencies already 0 when the packet is submitted. */
  {
    hsa_signal_t d0 = make_signal(0), d1 = make_signal(0), c = make_signal(1);
    hsa_signal_t dd[5] = {{0}, {0}, {0}, {0}, {0}};
    dd[1] = d0;
    dd[3] = d1;
    submit_barrier(qb, false, dd, 5, c, false);
    v = wait_until(c, HSA_SIGNAL_CONDITION_LT, 1, 10000);
    CHECK(v == 0, "a barrier-AND whose dependencies are already 0 completes (%" PRId64 ")",
          (int64_t)v);
    hsa_signal_destroy(d0);
    hsa_signal_destroy(d1);
    hsa_signal_destroy(c);
  }

  hsa_signal_destroy(gate);
  hsa_signal_destroy(a1);
  hsa_signal_destroy(a2);
  hsa_signal_destroy(cb);
}

static void test_barrier_or(hsa_queue_t *qa, hsa_queue_t *qb) {
  hsa_signal_t s1 = make_signal(1), s2 = make_signal(1), c = make_signal(1);
  hsa_signal_t deps[5] = {{0}, {0}, {0}, {0}, {0}};
  hsa_signal_value_t v;

  printf("-- barrier-OR\n");
  deps[2] = s1;
  deps[4] = s2;
  submit_barrier(qb, true, deps, 5, c, false);
  CHECK(stays(c, 1, 100), "a barrier-OR with null handles and two non-zero signals waits "
                          "(null handles are not satisfied)");
  hsa_signal_store_screlease(s2, 0);
  v = wait_until(c, HSA_SIGNAL_CONDITION_LT, 1, 10000);
  CHECK(v == 0, "the barrier-OR completes when one dependency reaches 0 (%" PRId64 ")",
        (int64_t)v);
  CHECK(hsa_signal_load_relaxed(s1) == 1, "the other dependency is untouched");

  /* Across queues: OR(x, s1) on B, where x is completed by queue A after a gate opens. */
  {
    hsa_signal_t gate = make_signal(1), x = make_signal(1), c2 = make_signal(1);
    hsa_signal_t d[5] = {{0}, {0}, {0}, {0}, {0}};
    d[0] = gate;
    submit_barrier(qa, false, d, 1, x, false);
    d[0] = x;
    d[1] = s1;
    submit_barrier(qb, true, d, 2, c2, false);
    CHECK(stays(c2, 1, 60), "barrier-OR on queue B waits for queue A");
    hsa_signal_store_screlease(gate, 0);
    v = wait_until(c2, HSA_SIGNAL_CONDITION_LT, 1, 10000);
    CHECK(v == 0, "barrier-OR on queue B completes after queue A's barrier (%" PRId64 ")",
          (int64_t)v);
    hsa_signal_destroy(gate);
    hsa_signal_destroy(x);
    hsa_signal_destroy(c2);
  }

  /* All-null barrier-OR never completes; the queue can still be destroyed. */
  {
    queue_errors_t errs;
    hsa_queue_t *qc = make_queue(g_agent, 16, HSA_QUEUE_TYPE_MULTI, &errs);
    hsa_signal_t c3 = make_signal(1);
    submit_barrier(qc, true, NULL, 0, c3, false);
    CHECK(stays(c3, 1, 150), "a barrier-OR whose 5 dependency handles are 0 never completes");
    CHECK_STATUS(hsa_queue_destroy(qc), HSA_STATUS_SUCCESS);
    hsa_signal_destroy(c3);
  }

  hsa_signal_destroy(s1);
  hsa_signal_destroy(s2);
  hsa_signal_destroy(c);
}

static void test_negative_dependency(void) {
  queue_errors_t errs;
  hsa_queue_t *q;
  hsa_signal_t d, c;
  hsa_signal_value_t v;

  printf("-- negative dependency value\n");
  q = make_queue(g_agent, 16, HSA_QUEUE_TYPE_MULTI, &errs);
  d = make_signal(1);
  c = make_signal(1);
  {
    hsa_signal_t deps[5] = {{0}, {0}, {0}, {0}, {0}};
    deps[3] = d;
    submit_barrier(q, false, deps, 5, c, false);
  }
  CHECK(stays(c, 1, 50), "the barrier waits while the dependency is 1");
  hsa_signal_store_screlease(d, -1);
  v = wait_until(c, HSA_SIGNAL_CONDITION_LT, 1, 10000);
  CHECK(v < 0, "a negative dependency value makes the completion signal negative (%" PRId64 ")",
        (int64_t)v);
  test_note("error callback calls after the negative dependency: %d (status 0x%x)", errs.count,
            (unsigned)errs.status);
  CHECK_STATUS(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);

  /* Same across queues: queue A's packet fails the dependency of queue B's barrier. */
  {
    hsa_queue_t *q2 = make_queue(g_agent, 16, HSA_QUEUE_TYPE_MULTI, &errs);
    hsa_signal_t c2 = make_signal(1);
    hsa_signal_t d2 = make_signal(2);
    hsa_signal_t deps[5] = {{0}, {0}, {0}, {0}, {0}};
    deps[0] = d2;
    submit_barrier(q2, false, deps, 1, c2, false);
    hsa_signal_subtract_screlease(d2, 3); /* 2 -> -1 */
    v = wait_until(c2, HSA_SIGNAL_CONDITION_LT, 1, 10000);
    CHECK(v < 0, "a dependency that goes from 2 to -1 also yields a negative completion (%" PRId64
                 ")",
          (int64_t)v);
    CHECK_STATUS(hsa_queue_destroy(q2), HSA_STATUS_SUCCESS);
    hsa_signal_destroy(c2);
    hsa_signal_destroy(d2);
  }
  hsa_signal_destroy(d);
  hsa_signal_destroy(c);
}

/* ------------------------------------------------------------------------ */

typedef struct {
  volatile int ran;
  volatile uint32_t done_seen;
  const uint32_t *done;
  pthread_t thread;
} host_call_t;

static void host_fn(void *arg) {
  host_call_t *h = (host_call_t *)arg;
  if (h->done) h->done_seen = __atomic_load_n(h->done, __ATOMIC_ACQUIRE);
  h->thread = pthread_self();
  __atomic_store_n(&h->ran, 1, __ATOMIC_RELEASE);
}

typedef struct {
  const uint32_t *flag;
  uint32_t *done;
} wait_flag_args_t;

static void test_barrier_bit(hsa_queue_t *q, const char *path) {
  code_object_t co;
  kernel_t k;
  uint32_t *mem;
  wait_flag_args_t args;
  void *kernarg;
  hsa_signal_t k1 = make_signal(1), k2 = make_signal(1);
  host_call_t hc;
  uint32_t grid[3] = {1, 1, 1};
  uint16_t wg[3] = {1, 1, 1};
  hsa_signal_value_t v;

  printf("-- barrier bit\n");
  co = load_code_object(path, g_agent);
  k = get_kernel(co.executable, g_agent, "wait_flag.kd");
  mem = (uint32_t *)alloc_global(64);
  mem[0] = 0; /* flag */
  mem[1] = 0; /* done */
  args.flag = &mem[0];
  args.done = &mem[1];
  kernarg = make_kernarg(g_kernarg, &k, &args, sizeof args);
  memset(&hc, 0, sizeof hc);
  hc.done = &mem[1];

  submit_dispatch(q, &k, 1, grid, wg, 0, kernarg, k1);
  submit_agent_dispatch(q, FERROCM_AGENT_DISPATCH_HOST_CALL, (uint64_t)(uintptr_t)host_fn,
                        (uint64_t)(uintptr_t)&hc, 0, 0, NULL, k2, true);
  CHECK(stays(k2, 1, 150) && !__atomic_load_n(&hc.ran, __ATOMIC_ACQUIRE),
        "a packet with the barrier bit does not launch while the previous kernel runs");
  CHECK(hsa_signal_load_relaxed(k1) == 1, "the spinning kernel has not completed");
  __atomic_store_n(&mem[0], 1u, __ATOMIC_RELEASE);
  v = wait_until(k2, HSA_SIGNAL_CONDITION_LT, 1, 10000);
  CHECK(v == 0, "the barrier-bit packet completes after the kernel (%" PRId64 ")", (int64_t)v);
  CHECK(hsa_signal_load_relaxed(k1) == 0, "the kernel completed");
  CHECK(hc.ran && hc.done_seen == 1, "the barrier-bit packet observed the kernel's result (%u)",
        hc.done_seen);

  /* Barrier bit on a barrier-AND behind a kernel. */
  mem[0] = 0;
  mem[1] = 0;
  hsa_signal_store_relaxed(k1, 1);
  hsa_signal_store_relaxed(k2, 1);
  submit_dispatch(q, &k, 1, grid, wg, 0, kernarg, k1);
  submit_barrier(q, false, NULL, 0, k2, true);
  CHECK(stays(k2, 1, 100), "a barrier-AND with the barrier bit waits for the running kernel");
  __atomic_store_n(&mem[0], 1u, __ATOMIC_RELEASE);
  v = wait_until(k2, HSA_SIGNAL_CONDITION_LT, 1, 10000);
  CHECK(v == 0 && mem[1] == 1 && hsa_signal_load_relaxed(k1) == 0,
        "... and completes after it (%" PRId64 ")", (int64_t)v);

  hsa_signal_destroy(k1);
  hsa_signal_destroy(k2);
  hsa_memory_free(kernarg);
  hsa_memory_free(mem);
  unload_code_object(&co);
}

/* ------------------------------------------------------------------------ */

static void test_agent_dispatch(hsa_queue_t *q) {
  hsa_signal_t c = make_signal(1);
  uint64_t *ret = (uint64_t *)alloc_global(64);
  hsa_signal_value_t v;
  size_t i;

  printf("-- agent dispatch\n");
  /* MEMCPY */
  {
    const size_t n = (1u << 20) + 3;
    uint8_t *src = (uint8_t *)alloc_global(n), *dst = (uint8_t *)alloc_global(n + 64);
    size_t wrong = 0;
    for (i = 0; i < n; i++) src[i] = (uint8_t)(i * 7 + 3);
    memset(dst, 0xCC, n + 64);
    *ret = 0xDEADBEEF;
    submit_agent_dispatch(q, FERROCM_AGENT_DISPATCH_MEMCPY, (uint64_t)(uintptr_t)dst,
                          (uint64_t)(uintptr_t)src, n, 0, ret, c, false);
    v = wait_until(c, HSA_SIGNAL_CONDITION_LT, 1, 10000);
    CHECK(v == 0, "MEMCPY completed (%" PRId64 ")", (int64_t)v);
    for (i = 0; i < n; i++)
      if (dst[i] != src[i]) wrong++;
    for (i = n; i < n + 64; i++)
      if (dst[i] != 0xCC) wrong++;
    CHECK(wrong == 0, "MEMCPY copied %zu bytes exactly (%zu wrong)", n, wrong);
    CHECK(*ret == n, "MEMCPY return value is the byte count (%" PRIu64 ")", *ret);

    /* return_address NULL: nothing is written back. */
    hsa_signal_store_relaxed(c, 1);
    memset(dst, 0, n);
    submit_agent_dispatch(q, FERROCM_AGENT_DISPATCH_MEMCPY, (uint64_t)(uintptr_t)dst,
                          (uint64_t)(uintptr_t)src, 4096, 0, NULL, c, false);
    v = wait_until(c, HSA_SIGNAL_CONDITION_LT, 1, 10000);
    CHECK(v == 0 && memcmp(dst, src, 4096) == 0, "MEMCPY with a NULL return address");
    hsa_memory_free(src);
    hsa_memory_free(dst);
  }

  /* MEMSET with element sizes 1, 2, 4, 8 */
  {
    const uint64_t value = 0x1122334455667788ull;
    unsigned es;
    for (es = 1; es <= 8; es *= 2) {
      const size_t count = 10007;
      uint8_t *dst = (uint8_t *)alloc_global(count * es + 64);
      size_t wrong = 0;
      memset(dst, 0xCC, count * es + 64);
      *ret = 0xDEADBEEF;
      hsa_signal_store_relaxed(c, 1);
      submit_agent_dispatch(q, FERROCM_AGENT_DISPATCH_MEMSET, (uint64_t)(uintptr_t)dst, value,
                            count, es, ret, c, false);
      v = wait_until(c, HSA_SIGNAL_CONDITION_LT, 1, 10000);
      CHECK(v == 0, "MEMSET element size %u completed (%" PRId64 ")", es, (int64_t)v);
      for (i = 0; i < count; i++) {
        uint64_t got = 0;
        memcpy(&got, dst + i * es, es);
        if (got != (es == 8 ? value : (value & ((1ull << (8 * es)) - 1)))) wrong++;
      }
      for (i = count * es; i < count * es + 64; i++)
        if (dst[i] != 0xCC) wrong++;
      CHECK(wrong == 0, "MEMSET element size %u: %zu elements hold the low %u bytes of the value "
                        "(%zu wrong)",
            es, count, es, wrong);
      CHECK(*ret == count * es, "MEMSET element size %u return value is the byte count (%" PRIu64
                                ")",
            es, *ret);
      hsa_memory_free(dst);
    }
  }

  /* MEMCPY_2D */
  {
    const uint32_t src_pitch = 300, dst_pitch = 512, width = 250, height = 40;
    uint8_t *src = (uint8_t *)alloc_global((size_t)src_pitch * height);
    uint8_t *dst = (uint8_t *)alloc_global((size_t)dst_pitch * height + 64);
    uint32_t x, y;
    size_t wrong = 0;
    for (i = 0; i < (size_t)src_pitch * height; i++) src[i] = (uint8_t)(i * 13 + 1);
    memset(dst, 0xCC, (size_t)dst_pitch * height + 64);
    *ret = 0xDEADBEEF;
    hsa_signal_store_relaxed(c, 1);
    submit_agent_dispatch(q, FERROCM_AGENT_DISPATCH_MEMCPY_2D, (uint64_t)(uintptr_t)dst,
                          (uint64_t)(uintptr_t)src, ((uint64_t)dst_pitch << 32) | src_pitch,
                          ((uint64_t)height << 32) | width, ret, c, false);
    v = wait_until(c, HSA_SIGNAL_CONDITION_LT, 1, 10000);
    CHECK(v == 0, "MEMCPY_2D completed (%" PRId64 ")", (int64_t)v);
    for (y = 0; y < height; y++)
      for (x = 0; x < dst_pitch; x++) {
        uint8_t want = x < width ? src[(size_t)y * src_pitch + x] : 0xCC;
        if (dst[(size_t)y * dst_pitch + x] != want) wrong++;
      }
    CHECK(wrong == 0, "MEMCPY_2D copied %ux%u bytes between pitches %u and %u, padding untouched "
                      "(%zu wrong)",
          width, height, src_pitch, dst_pitch, wrong);
    CHECK(*ret == (uint64_t)width * height, "MEMCPY_2D return value is the byte count (%" PRIu64
                                            ")",
          *ret);
    hsa_memory_free(src);
    hsa_memory_free(dst);
  }

  /* HOST_CALL */
  {
    host_call_t hc;
    memset(&hc, 0, sizeof hc);
    *ret = 0xDEADBEEF;
    hsa_signal_store_relaxed(c, 1);
    submit_agent_dispatch(q, FERROCM_AGENT_DISPATCH_HOST_CALL, (uint64_t)(uintptr_t)host_fn,
                          (uint64_t)(uintptr_t)&hc, 0, 0, ret, c, false);
    v = wait_until(c, HSA_SIGNAL_CONDITION_LT, 1, 10000);
    CHECK(v == 0, "HOST_CALL completed (%" PRId64 ")", (int64_t)v);
    CHECK(__atomic_load_n(&hc.ran, __ATOMIC_ACQUIRE) == 1,
          "HOST_CALL ran the function before completing");
    CHECK(!pthread_equal(hc.thread, pthread_self()),
          "HOST_CALL ran on the packet processor's thread, not the caller's");
    CHECK(*ret == 0, "HOST_CALL return value is 0 (%" PRIu64 ")", *ret);
  }

  /* A batch of agent dispatches sharing one completion signal, stalled halfway by a gate. */
  {
    enum { N = 32 };
    uint32_t *words = (uint32_t *)alloc_global(N * sizeof(uint32_t));
    hsa_signal_t gate = make_signal(1), none = {0};
    int j, wrong = 0;
    memset(words, 0, N * sizeof(uint32_t));
    hsa_signal_store_relaxed(c, N);
    for (j = 0; j < N; j++) {
      if (j == N / 2) submit_barrier(q, false, &gate, 1, none, false);
      submit_agent_dispatch(q, FERROCM_AGENT_DISPATCH_MEMSET, (uint64_t)(uintptr_t)&words[j],
                            (uint64_t)(j + 1), 1, 4, NULL, c, false);
    }
    v = wait_until(c, HSA_SIGNAL_CONDITION_LT, N / 2 + 1, 10000);
    CHECK(v == N / 2 && stays(c, N / 2, 50),
          "16 of 32 packets sharing a completion signal ran: it went from 32 to 16 (%" PRId64 ")",
          (int64_t)v);
    hsa_signal_store_screlease(gate, 0);
    v = wait_until(c, HSA_SIGNAL_CONDITION_LT, 1, 10000);
    for (j = 0; j < N; j++)
      if (words[j] != (uint32_t)(j + 1)) wrong++;
    CHECK(v == 0 && wrong == 0, "after the gate opens all 32 ran and the signal reached 0 (%" PRId64
                                ", %d wrong)",
          (int64_t)v, wrong);
    hsa_signal_destroy(gate);
    hsa_memory_free(words);
  }

  hsa_signal_destroy(c);
  hsa_memory_free(ret);
}

static void test_unknown_agent_dispatch(void) {
  queue_errors_t errs;
  hsa_queue_t *q = make_queue(g_agent, 16, HSA_QUEUE_TYPE_MULTI, &errs);
  hsa_signal_t c = make_signal(1);
  printf("-- unknown agent-dispatch code\n");
  submit_agent_dispatch(q, 0x7777, 0, 0, 0, 0, NULL, c, false);
  CHECK(wait_flag(&errs.count, 10000), "the queue error callback is called");
  CHECK(errs.status == (int)HSA_STATUS_ERROR_INVALID_PACKET_FORMAT,
        "unknown agent-dispatch code -> HSA_STATUS_ERROR_INVALID_PACKET_FORMAT (0x%x %s)",
        (unsigned)errs.status, status_name((hsa_status_t)errs.status));
  CHECK(errs.queue == q, "the callback receives the failing queue");
  CHECK_STATUS(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  hsa_signal_destroy(c);
}

int main(int argc, char **argv) {
  queue_errors_t ea, eb;
  hsa_queue_t *qa, *qb;
  const char *path;
  test_begin("barrier_packets", 100);
  path = arg_path(argc, argv, 1, "the atomic_inc code object");
  REQUIRE_SUCCESS(hsa_init());
  g_agent = require_cpu_agent();
  g_kernarg = require_kernarg_region(g_agent);
  g_global = find_region(g_agent, HSA_REGION_SEGMENT_GLOBAL, HSA_REGION_GLOBAL_FLAG_FINE_GRAINED, 0);
  REQUIRE(g_global.handle != 0, "the CPU agent has a fine-grained global region");
  qa = make_queue(g_agent, 64, HSA_QUEUE_TYPE_MULTI, &ea);
  qb = make_queue(g_agent, 64, HSA_QUEUE_TYPE_MULTI, &eb);

  test_cross_queue_and(qa, qb);
  test_barrier_or(qa, qb);
  test_negative_dependency();
  test_barrier_bit(qa, path);
  test_agent_dispatch(qb);
  test_unknown_agent_dispatch();

  CHECK(ea.count == 0 && eb.count == 0, "no error callback on the main queues (%d, %d)", ea.count,
        eb.count);
  CHECK_STATUS(hsa_queue_destroy(qa), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_queue_destroy(qb), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_shut_down(), HSA_STATUS_SUCCESS);
  return test_finish();
}
