/*
 * queue_full: a small queue (4 slots) stalled by a barrier-AND on a user signal
 * still at 1.
 *
 * Checks: the queue is filled until write - read == size; the read index then
 * stops (at most past the stalled barrier itself) and none of the queued packets
 * completes; a producer thread reserving more ids must wait for free slots
 * (polling the read index) while the main thread releases the signal; then every
 * packet completes and read index == write index. Also: the packet processor
 * does not skip a reserved slot whose header is still INVALID (a later published
 * packet waits for it).
 */
#include "common.h"

enum { EXTRA_PER_ROUND = 3, BIG = 1000000 };

static hsa_queue_t *g_q;
static hsa_signal_t g_c;
static volatile int g_waiting;   /* producer observed a full queue */
static volatile int g_published; /* packets the producer published */
static volatile int g_timeout;
static int g_extra;

static void write_barrier(uint64_t id, hsa_signal_t dep, hsa_signal_t completion) {
  hsa_barrier_and_packet_t p;
  memset(&p, 0, sizeof p);
  p.dep_signal[0] = dep;
  p.completion_signal = completion;
  queue_publish(g_q, id, &p,
                packet_header(HSA_PACKET_TYPE_BARRIER_AND, false, HSA_FENCE_SCOPE_SYSTEM,
                              HSA_FENCE_SCOPE_SYSTEM));
}

static void *producer(void *arg) {
  int i;
  hsa_signal_t none = {0};
  (void)arg;
  for (i = 0; i < g_extra; i++) {
    uint64_t id = hsa_queue_add_write_index_screlease(g_q, 1);
    uint64_t deadline = now_ns() + 20000000000ull;
    while (id - hsa_queue_load_read_index_scacquire(g_q) >= g_q->size) {
      __atomic_store_n(&g_waiting, 1, __ATOMIC_RELEASE);
      if (now_ns() > deadline) {
        __atomic_store_n(&g_timeout, 1, __ATOMIC_RELEASE);
        return NULL;
      }
      sched_yield();
    }
    write_barrier(id, none, g_c);
    __atomic_fetch_add(&g_published, 1, __ATOMIC_RELEASE);
  }
  return NULL;
}

static void test_full_queue(hsa_agent_t agent) {
  queue_errors_t errs;
  hsa_signal_t gate = make_signal(1), c0 = make_signal(1), none = {0};
  uint32_t min_size = 0, n;
  uint64_t submitted = 0, r, w, r_before;
  int round;
  pthread_t th;
  hsa_signal_value_t v;

  printf("-- full queue\n");
  hsa_agent_get_info(agent, HSA_AGENT_INFO_QUEUE_MIN_SIZE, &min_size);
  g_q = make_queue(agent, 4, HSA_QUEUE_TYPE_MULTI, &errs);
  n = g_q->size;
  CHECK(n == (min_size > 4 ? min_size : 4), "queue size is max(4, QUEUE_MIN_SIZE) (%u)", n);
  g_c = make_signal(BIG);

  /* Packet 0: barrier-AND on the gate, which stays 1 for now. */
  write_barrier(queue_reserve(g_q), gate, c0);

  /* Fill the ring. The processor may release the stalled barrier's own slot, so refill until stable. */
  for (round = 0; round < 10; round++) {
    uint64_t i, free_slots;
    r = hsa_queue_load_read_index_scacquire(g_q);
    w = hsa_queue_load_write_index_scacquire(g_q);
    free_slots = n - (w - r);
    for (i = 0; i < free_slots; i++) {
      uint64_t id = queue_reserve(g_q);
      write_barrier(id, none, g_c);
      submitted++;
    }
    sleep_ms(50);
    if (hsa_queue_load_read_index_scacquire(g_q) == r && free_slots == 0) break;
  }
  r = hsa_queue_load_read_index_scacquire(g_q);
  w = hsa_queue_load_write_index_scacquire(g_q);
  CHECK(w - r == n, "write - read == size (%" PRIu64 " - %" PRIu64 " == %u)", w, r, n);
  r_before = r;
  sleep_ms(100);
  r = hsa_queue_load_read_index_scacquire(g_q);
  CHECK(r == r_before, "the read index stops while the barrier is blocked (%" PRIu64 ")", r);
  CHECK(r <= 1, "the read index did not pass the blocked barrier (%" PRIu64 ")", r);
  CHECK(hsa_signal_load_scacquire(c0) == 1, "the blocked barrier has not completed");
  CHECK(hsa_signal_load_scacquire(g_c) == BIG, "no packet behind the barrier has completed");

  /* A producer thread waits for free slots while the main thread opens the gate. */
  g_extra = (int)(EXTRA_PER_ROUND * n);
  REQUIRE(pthread_create(&th, NULL, producer, NULL) == 0, "start the producer thread");
  sleep_ms(100);
  CHECK(__atomic_load_n(&g_waiting, __ATOMIC_ACQUIRE) == 1 &&
            __atomic_load_n(&g_published, __ATOMIC_ACQUIRE) == 0,
        "the producer waits for a free slot while the queue is full");
  hsa_signal_store_screlease(gate, 0);
  pthread_join(th, NULL);
  CHECK(!g_timeout && g_published == g_extra, "the producer published all %d packets (%d)",
        g_extra, g_published);
  submitted += (uint64_t)g_extra;
  v = wait_until(g_c, HSA_SIGNAL_CONDITION_EQ, (hsa_signal_value_t)(BIG - submitted), 20000);
  CHECK(v == (hsa_signal_value_t)(BIG - submitted),
        "all %" PRIu64 " queued packets completed (%" PRId64 " left)", submitted,
        (int64_t)(v - (BIG - (hsa_signal_value_t)submitted)));
  v = wait_until(c0, HSA_SIGNAL_CONDITION_EQ, 0, 1000);
  CHECK(v == 0, "the gated barrier completed (%" PRId64 ")", (int64_t)v);
  {
    uint64_t deadline = now_ns() + 5000000000ull;
    w = hsa_queue_load_write_index_scacquire(g_q);
    while ((r = hsa_queue_load_read_index_scacquire(g_q)) != w && now_ns() < deadline) sleep_ms(1);
    CHECK(r == w && w == submitted + 1,
          "read index == write index == %" PRIu64 " (%" PRIu64 ", %" PRIu64 ")", submitted + 1,
          r, w);
  }
  CHECK(errs.count == 0, "no error callback (%d)", errs.count);
  CHECK_STATUS(hsa_queue_destroy(g_q), HSA_STATUS_SUCCESS);
  hsa_signal_destroy(gate);
  hsa_signal_destroy(c0);
  hsa_signal_destroy(g_c);
}

static void test_gap(hsa_agent_t agent) {
  queue_errors_t errs;
  hsa_signal_t c1 = make_signal(1), c2 = make_signal(1), none = {0};
  uint64_t id1, id2;
  hsa_signal_value_t v;

  printf("-- reserved but unpublished slot\n");
  g_q = make_queue(agent, 16, HSA_QUEUE_TYPE_MULTI, &errs);
  id1 = queue_reserve(g_q);
  id2 = queue_reserve(g_q);
  CHECK(id2 == id1 + 1, "consecutive reservations");
  write_barrier(id2, none, c2); /* publishes id2 and rings the doorbell with it */
  CHECK(hsa_signal_load_scacquire(c2) == 1 && (sleep_ms(150), hsa_signal_load_scacquire(c2) == 1),
        "a packet behind a reserved slot whose header is still INVALID does not run");
  CHECK(hsa_queue_load_read_index_scacquire(g_q) == id1, "the read index waits at the gap");
  write_barrier(id1, none, c1);
  v = wait_until(c2, HSA_SIGNAL_CONDITION_EQ, 0, 10000);
  CHECK(v == 0 && hsa_signal_load_scacquire(c1) == 0,
        "once the gap is published both packets complete");
  CHECK(errs.count == 0, "no error callback (%d)", errs.count);
  CHECK_STATUS(hsa_queue_destroy(g_q), HSA_STATUS_SUCCESS);
  hsa_signal_destroy(c1);
  hsa_signal_destroy(c2);
}

int main(void) {
  hsa_agent_t agent;
  test_begin("queue_full", 100);
  REQUIRE_SUCCESS(hsa_init());
  agent = require_cpu_agent();
  test_full_queue(agent);
  test_gap(agent);
  CHECK_STATUS(hsa_shut_down(), HSA_STATUS_SUCCESS);
  return test_finish();
}
