/*
 * signals: signal value operations, waits, signal groups and the AMD signal API.
 *
 * Checks: load/store/silent_store/exchange/cas/add/subtract/and/or/xor in every
 * memory-order variant, including the deprecated _acquire/_release/_acq_rel
 * aliases, on 64-bit values; waits with EQ/NE/LT/GTE already satisfied and
 * satisfied later by another thread, in the scacquire/relaxed/acquire variants
 * and both wait-state hints; timeouts (10 ms in timestamp ticks returns after
 * about that long with the unchanged value); signal groups with wait_any;
 * hsa_amd_signal_wait_any (index, satisfying value, timeout -> UINT32_MAX);
 * hsa_amd_signal_create / value_pointer; hsa_amd_signal_async_handler (one-shot,
 * re-armed, duplicate registrations, serial execution); hsa_amd_async_function;
 * 8 threads hammering add/subtract/cas, then the exact sum.
 */
#include "common.h"

_Static_assert(sizeof(hsa_signal_value_t) == 8, "hsa_signal_value_t is 64-bit in the large model");
_Static_assert(sizeof(hsa_signal_t) == 8, "hsa_signal_t is a 64-bit handle");

static hsa_agent_t g_agent;

typedef void (*rmw_fn)(hsa_signal_t, hsa_signal_value_t);
typedef hsa_signal_value_t (*xchg_fn)(hsa_signal_t, hsa_signal_value_t);
typedef hsa_signal_value_t (*cas_fn)(hsa_signal_t, hsa_signal_value_t, hsa_signal_value_t);
typedef hsa_signal_value_t (*wait_fn)(hsa_signal_t, hsa_signal_condition_t, hsa_signal_value_t,
                                      uint64_t, hsa_wait_state_t);

#define ORDERS(op)                                                                          \
  {{#op "_scacq_screl", op##_scacq_screl}, {#op "_acq_rel", op##_acq_rel},                  \
   {#op "_scacquire", op##_scacquire},     {#op "_acquire", op##_acquire},                  \
   {#op "_relaxed", op##_relaxed},         {#op "_screlease", op##_screlease},              \
   {#op "_release", op##_release}}

typedef struct {
  const char *name;
  rmw_fn fn;
} named_rmw_t;
typedef struct {
  const char *name;
  xchg_fn fn;
} named_xchg_t;
typedef struct {
  const char *name;
  cas_fn fn;
} named_cas_t;
typedef struct {
  const char *name;
  wait_fn fn;
} named_wait_t;

static const named_wait_t WAITS[] = {{"wait_scacquire", hsa_signal_wait_scacquire},
                                     {"wait_relaxed", hsa_signal_wait_relaxed},
                                     {"wait_acquire", hsa_signal_wait_acquire}};

static bool satisfied(hsa_signal_condition_t c, hsa_signal_value_t v, hsa_signal_value_t cmp) {
  switch (c) {
  case HSA_SIGNAL_CONDITION_EQ: return v == cmp;
  case HSA_SIGNAL_CONDITION_NE: return v != cmp;
  case HSA_SIGNAL_CONDITION_LT: return v < cmp;
  case HSA_SIGNAL_CONDITION_GTE: return v >= cmp;
  }
  return false;
}

static const char *cond_name(hsa_signal_condition_t c) {
  static const char *names[] = {"EQ", "NE", "LT", "GTE"};
  return (unsigned)c < 4 ? names[c] : "?";
}

/* ------------------------------------------------------------------------ */

static void test_value_ops(void) {
  const named_rmw_t adds[] = ORDERS(hsa_signal_add);
  const named_rmw_t subs[] = ORDERS(hsa_signal_subtract);
  const named_rmw_t ands[] = ORDERS(hsa_signal_and);
  const named_rmw_t ors[] = ORDERS(hsa_signal_or);
  const named_rmw_t xors[] = ORDERS(hsa_signal_xor);
  const named_xchg_t xchgs[] = ORDERS(hsa_signal_exchange);
  const named_cas_t cass[] = ORDERS(hsa_signal_cas);
  hsa_signal_t s = {0};
  hsa_signal_value_t v, r;
  int i;
  const hsa_signal_value_t big = (hsa_signal_value_t)0x123456789ABCDEF0ll;

  printf("-- value operations\n");
  CHECK_STATUS(hsa_signal_create(5, 0, NULL, &s), HSA_STATUS_SUCCESS);
  CHECK(s.handle != 0, "signal handle is not 0");
  CHECK(hsa_signal_load_scacquire(s) == 5 && hsa_signal_load_relaxed(s) == 5 &&
            hsa_signal_load_acquire(s) == 5,
        "load_scacquire / load_relaxed / load_acquire read the initial value");

  hsa_signal_store_relaxed(s, 7);
  CHECK(hsa_signal_load_relaxed(s) == 7, "store_relaxed");
  hsa_signal_store_screlease(s, -8);
  CHECK(hsa_signal_load_scacquire(s) == -8, "store_screlease (negative value)");
  hsa_signal_store_release(s, big);
  CHECK(hsa_signal_load_scacquire(s) == big, "store_release / 64-bit value");
  hsa_signal_silent_store_relaxed(s, 10);
  CHECK(hsa_signal_load_relaxed(s) == 10, "silent_store_relaxed");
  hsa_signal_silent_store_screlease(s, INT64_MIN);
  CHECK(hsa_signal_load_scacquire(s) == INT64_MIN, "silent_store_screlease (INT64_MIN)");

  for (i = 0; i < 7; i++) {
    hsa_signal_store_relaxed(s, 100 + i);
    r = xchgs[i].fn(s, big + i);
    v = hsa_signal_load_relaxed(s);
    CHECK(r == 100 + i && v == big + i, "%s returns the old value and stores the new one",
          xchgs[i].name);
  }
  for (i = 0; i < 7; i++) {
    hsa_signal_store_relaxed(s, 3);
    r = cass[i].fn(s, 3, big);
    v = hsa_signal_load_relaxed(s);
    CHECK(r == 3 && v == big, "%s succeeds when the value matches (returns 3, stores)",
          cass[i].name);
    r = cass[i].fn(s, 3, 99);
    v = hsa_signal_load_relaxed(s);
    CHECK(r == big && v == big, "%s fails when the value differs (returns the value, no store)",
          cass[i].name);
  }
  for (i = 0; i < 7; i++) {
    hsa_signal_store_relaxed(s, 10);
    adds[i].fn(s, 0x100000000ll + i);
    CHECK(hsa_signal_load_relaxed(s) == 10 + 0x100000000ll + i, "%s", adds[i].name);
  }
  for (i = 0; i < 7; i++) {
    hsa_signal_store_relaxed(s, 10);
    subs[i].fn(s, 13 + i);
    CHECK(hsa_signal_load_relaxed(s) == -3 - i, "%s (result below 0)", subs[i].name);
  }
  for (i = 0; i < 7; i++) {
    hsa_signal_store_relaxed(s, (hsa_signal_value_t)0xF0F0F0F00000F0F0ll);
    ands[i].fn(s, (hsa_signal_value_t)0x0FF00FF000000FF0ll);
    CHECK(hsa_signal_load_relaxed(s) == (hsa_signal_value_t)0x00F000F0000000F0ll, "%s",
          ands[i].name);
  }
  for (i = 0; i < 7; i++) {
    hsa_signal_store_relaxed(s, 0xF000);
    ors[i].fn(s, (hsa_signal_value_t)0x100000000000000Fll);
    CHECK(hsa_signal_load_relaxed(s) == (hsa_signal_value_t)0x100000000000F00Fll, "%s",
          ors[i].name);
  }
  for (i = 0; i < 7; i++) {
    hsa_signal_store_relaxed(s, 0xFF00);
    xors[i].fn(s, -1);
    CHECK(hsa_signal_load_relaxed(s) == ~(hsa_signal_value_t)0xFF00, "%s", xors[i].name);
  }
  CHECK_STATUS(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);

  /* Consumers list and the AMD create / value pointer. */
  {
    hsa_signal_t c = {0}, a = {0};
    volatile hsa_signal_value_t *p = NULL;
    CHECK_STATUS(hsa_signal_create(0, 1, &g_agent, &c), HSA_STATUS_SUCCESS);
    CHECK(hsa_signal_wait_scacquire(c, HSA_SIGNAL_CONDITION_EQ, 0, UINT64_MAX,
                                    HSA_WAIT_STATE_ACTIVE) == 0,
          "a host thread can wait on a signal whose consumer is the CPU agent");
    CHECK_STATUS(hsa_signal_destroy(c), HSA_STATUS_SUCCESS);
    CHECK_STATUS(hsa_amd_signal_create(42, 0, NULL, 0, &a), HSA_STATUS_SUCCESS);
    CHECK(hsa_signal_load_relaxed(a) == 42, "hsa_amd_signal_create sets the initial value");
    CHECK_STATUS(hsa_amd_signal_value_pointer(a, &p), HSA_STATUS_SUCCESS);
    CHECK(p != NULL && *p == 42, "hsa_amd_signal_value_pointer points at the value");
    if (p) {
      *p = 43;
      CHECK(hsa_signal_load_scacquire(a) == 43, "a store through the value pointer is seen by load");
      hsa_signal_store_relaxed(a, 44);
      CHECK(*p == 44, "a store_relaxed is seen through the value pointer");
    }
    CHECK_STATUS(hsa_signal_destroy(a), HSA_STATUS_SUCCESS);
  }
}

/* ------------------------------------------------------------------------ */

typedef struct {
  hsa_signal_t s;
  unsigned delay_ms;
  hsa_signal_value_t value;
  int op; /* 0 store_screlease, 1 subtract_screlease, 2 add_relaxed, 3 store_relaxed */
} delayed_t;

static void *delayed_update(void *arg) {
  delayed_t *d = (delayed_t *)arg;
  sleep_ms(d->delay_ms);
  switch (d->op) {
  case 0: hsa_signal_store_screlease(d->s, d->value); break;
  case 1: hsa_signal_subtract_screlease(d->s, d->value); break;
  case 2: hsa_signal_add_relaxed(d->s, d->value); break;
  default: hsa_signal_store_relaxed(d->s, d->value); break;
  }
  return NULL;
}

static void test_waits(void) {
  hsa_signal_t s = make_signal(5);
  const hsa_signal_condition_t conds[4] = {HSA_SIGNAL_CONDITION_EQ, HSA_SIGNAL_CONDITION_NE,
                                           HSA_SIGNAL_CONDITION_LT, HSA_SIGNAL_CONDITION_GTE};
  const hsa_signal_value_t sat_cmp[4] = {5, 4, 6, 5};
  size_t w;
  int c, st;

  printf("-- waits already satisfied\n");
  for (w = 0; w < 3; w++)
    for (st = 0; st < 2; st++)
      for (c = 0; c < 4; c++) {
        uint64_t t0 = now_ns();
        hsa_signal_value_t v = WAITS[w].fn(s, conds[c], sat_cmp[c], UINT64_MAX,
                                           st ? HSA_WAIT_STATE_ACTIVE : HSA_WAIT_STATE_BLOCKED);
        uint64_t dt = now_ns() - t0;
        CHECK(v == 5 && dt < 1000000000ull, "%s(%s %" PRId64 ", %s) returns 5 at once (%.3f ms)",
              WAITS[w].name, cond_name(conds[c]), (int64_t)sat_cmp[c], st ? "ACTIVE" : "BLOCKED",
              dt / 1e6);
      }

  printf("-- waits satisfied later by another thread\n");
  {
    struct {
      hsa_signal_condition_t cond;
      hsa_signal_value_t initial, cmp, value;
      int op;
    } cases[] = {
        {HSA_SIGNAL_CONDITION_EQ, 1, 0, 1, 1},      /* 1 - 1 == 0 */
        {HSA_SIGNAL_CONDITION_NE, 1, 1, 2, 0},      /* 1 -> 2 */
        {HSA_SIGNAL_CONDITION_LT, 5, 0, -1, 0},     /* 5 -> -1 */
        {HSA_SIGNAL_CONDITION_GTE, 0, 10, 10, 2},   /* 0 + 10 */
        {HSA_SIGNAL_CONDITION_EQ, 7, 1000, 1000, 3} /* store_relaxed 1000 */
    };
    size_t i;
    for (w = 0; w < 3; w++)
      for (st = 0; st < 2; st++)
        for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
          delayed_t d;
          pthread_t th;
          hsa_signal_value_t v;
          uint64_t t0;
          int spurious = 0;
          hsa_signal_store_relaxed(s, cases[i].initial);
          d.s = s;
          d.delay_ms = 30;
          d.value = cases[i].value;
          d.op = cases[i].op;
          t0 = now_ns();
          pthread_create(&th, NULL, delayed_update, &d);
          for (;;) {
            v = WAITS[w].fn(s, cases[i].cond, cases[i].cmp, UINT64_MAX,
                            st ? HSA_WAIT_STATE_ACTIVE : HSA_WAIT_STATE_BLOCKED);
            if (satisfied(cases[i].cond, v, cases[i].cmp) || now_ns() - t0 > 10000000000ull)
              break;
            spurious++;
          }
          pthread_join(th, NULL);
          CHECK(satisfied(cases[i].cond, v, cases[i].cmp) && now_ns() - t0 >= 20000000ull,
                "%s(%s %" PRId64 ", %s) wakes when another thread makes it true (got %" PRId64
                ", %d early returns)",
                WAITS[w].name, cond_name(cases[i].cond), (int64_t)cases[i].cmp,
                st ? "ACTIVE" : "BLOCKED", (int64_t)v, spurious);
        }
  }

  printf("-- wait timeouts\n");
  for (w = 0; w < 3; w++)
    for (st = 0; st < 2; st++) {
      uint64_t t0, dt;
      hsa_signal_value_t v;
      hsa_signal_store_relaxed(s, 1);
      t0 = now_ns();
      v = WAITS[w].fn(s, HSA_SIGNAL_CONDITION_EQ, 0, ms_to_ticks(10),
                      st ? HSA_WAIT_STATE_ACTIVE : HSA_WAIT_STATE_BLOCKED);
      dt = now_ns() - t0;
      CHECK(v == 1 && dt >= 5000000ull && dt < 2000000000ull,
            "%s(EQ 0, 10 ms, %s) on a signal at 1 returns 1 after about 10 ms (%.3f ms)",
            WAITS[w].name, st ? "ACTIVE" : "BLOCKED", dt / 1e6);
    }
  {
    uint64_t t0 = now_ns(), dt;
    hsa_signal_value_t v;
    hsa_signal_store_relaxed(s, 3);
    v = hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_LT, 0, ms_to_ticks(100),
                                  HSA_WAIT_STATE_BLOCKED);
    dt = now_ns() - t0;
    CHECK(v == 3 && dt >= 50000000ull && dt < 3000000000ull,
          "wait_scacquire(LT 0, 100 ms) returns the unchanged value after about 100 ms (%.3f ms)",
          dt / 1e6);
  }
  hsa_signal_destroy(s);
}

/* ------------------------------------------------------------------------ */

static void test_groups(void) {
  hsa_signal_t sig[3];
  hsa_signal_group_t g = {0};
  hsa_signal_condition_t conds[3] = {HSA_SIGNAL_CONDITION_EQ, HSA_SIGNAL_CONDITION_EQ,
                                     HSA_SIGNAL_CONDITION_EQ};
  hsa_signal_value_t cmps[3] = {0, 0, 0};
  hsa_signal_t which = {0};
  hsa_signal_value_t value = -1;
  int i;

  printf("-- signal groups\n");
  for (i = 0; i < 3; i++) sig[i] = make_signal(1);
  CHECK_STATUS(hsa_signal_group_create(3, sig, 1, &g_agent, &g), HSA_STATUS_SUCCESS);
  hsa_signal_store_screlease(sig[2], 0);
  CHECK_STATUS(hsa_signal_group_wait_any_scacquire(g, conds, cmps, HSA_WAIT_STATE_BLOCKED, &which,
                                                   &value),
               HSA_STATUS_SUCCESS);
  CHECK(which.handle == sig[2].handle && value == 0,
        "wait_any_scacquire returns the already-satisfied signal and its value");
  hsa_signal_store_relaxed(sig[2], 1);
  {
    delayed_t d;
    pthread_t th;
    d.s = sig[1];
    d.delay_ms = 30;
    d.value = 0;
    d.op = 0;
    which.handle = 0;
    value = -1;
    pthread_create(&th, NULL, delayed_update, &d);
    CHECK_STATUS(hsa_signal_group_wait_any_relaxed(g, conds, cmps, HSA_WAIT_STATE_ACTIVE, &which,
                                                   &value),
                 HSA_STATUS_SUCCESS);
    pthread_join(th, NULL);
    CHECK(which.handle == sig[1].handle && value == 0,
          "wait_any_relaxed wakes when another thread satisfies one signal");
  }
  {
    hsa_signal_condition_t mixed[3] = {HSA_SIGNAL_CONDITION_NE, HSA_SIGNAL_CONDITION_GTE,
                                       HSA_SIGNAL_CONDITION_LT};
    hsa_signal_value_t mcmp[3] = {1, 10, -5};
    delayed_t d;
    pthread_t th;
    for (i = 0; i < 3; i++) hsa_signal_store_relaxed(sig[i], 1);
    hsa_signal_store_relaxed(sig[1], 0);
    hsa_signal_store_relaxed(sig[2], 0);
    d.s = sig[1];
    d.delay_ms = 30;
    d.value = 12;
    d.op = 2; /* 0 + 12 >= 10 */
    pthread_create(&th, NULL, delayed_update, &d);
    CHECK_STATUS(hsa_signal_group_wait_any_scacquire(g, mixed, mcmp, HSA_WAIT_STATE_BLOCKED,
                                                     &which, &value),
                 HSA_STATUS_SUCCESS);
    pthread_join(th, NULL);
    CHECK(which.handle == sig[1].handle && value == 12,
          "wait_any with different conditions per signal (GTE 10 satisfied by 12)");
  }
  CHECK_STATUS(hsa_signal_group_wait_any_scacquire(g, NULL, cmps, HSA_WAIT_STATE_BLOCKED, &which,
                                                   &value),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_signal_group_destroy(g), HSA_STATUS_SUCCESS);
  for (i = 0; i < 3; i++) hsa_signal_destroy(sig[i]);
}

static void test_amd_wait_any(void) {
  hsa_signal_t sig[4];
  hsa_signal_condition_t conds[4] = {HSA_SIGNAL_CONDITION_EQ, HSA_SIGNAL_CONDITION_EQ,
                                     HSA_SIGNAL_CONDITION_GTE, HSA_SIGNAL_CONDITION_LT};
  hsa_signal_value_t cmps[4] = {0, 0, 100, -1};
  hsa_signal_value_t sv = 0;
  uint32_t idx;
  int i;

  printf("-- hsa_amd_signal_wait_any\n");
  for (i = 0; i < 4; i++) sig[i] = make_signal(1);
  hsa_signal_store_relaxed(sig[3], -7);
  idx = hsa_amd_signal_wait_any(4, sig, conds, cmps, UINT64_MAX, HSA_WAIT_STATE_BLOCKED, &sv);
  CHECK(idx == 3 && sv == -7, "returns the index and value of the satisfied pair (%u, %" PRId64
                              ")",
        idx, (int64_t)sv);
  hsa_signal_store_relaxed(sig[3], 1);
  {
    delayed_t d;
    pthread_t th;
    d.s = sig[2];
    d.delay_ms = 30;
    d.value = 150;
    d.op = 0;
    pthread_create(&th, NULL, delayed_update, &d);
    idx = hsa_amd_signal_wait_any(4, sig, conds, cmps, UINT64_MAX, HSA_WAIT_STATE_ACTIVE, &sv);
    pthread_join(th, NULL);
    CHECK(idx == 2 && sv == 150, "wakes when another thread satisfies a pair (%u, %" PRId64 ")",
          idx, (int64_t)sv);
  }
  hsa_signal_store_relaxed(sig[2], 1);
  {
    uint64_t t0 = now_ns(), dt;
    idx = hsa_amd_signal_wait_any(4, sig, conds, cmps, ms_to_ticks(10), HSA_WAIT_STATE_BLOCKED,
                                  &sv);
    dt = now_ns() - t0;
    CHECK(idx == UINT32_MAX && dt >= 5000000ull && dt < 2000000000ull,
          "returns UINT32_MAX after the 10 ms timeout when nothing is satisfied (%u, %.3f ms)",
          idx, dt / 1e6);
  }
  for (i = 0; i < 4; i++) hsa_signal_destroy(sig[i]);
}

/* ------------------------------------------------------------------------ */

typedef struct {
  volatile int count;
  hsa_signal_value_t values[8];
  hsa_signal_t signal;
  int rearm_until;
  volatile int active;
  volatile int max_active;
  pthread_t thread;
} handler_state_t;

static bool one_shot(hsa_signal_value_t value, void *arg) {
  handler_state_t *h = (handler_state_t *)arg;
  int n = __atomic_load_n(&h->count, __ATOMIC_RELAXED);
  if (n < 8) h->values[n] = value;
  h->thread = pthread_self();
  __atomic_fetch_add(&h->count, 1, __ATOMIC_RELEASE);
  return false;
}

static bool rearming(hsa_signal_value_t value, void *arg) {
  handler_state_t *h = (handler_state_t *)arg;
  int n = __atomic_load_n(&h->count, __ATOMIC_RELAXED);
  if (n < 8) h->values[n] = value;
  if (n + 1 < h->rearm_until) hsa_signal_store_screlease(h->signal, 0); /* before counting */
  __atomic_fetch_add(&h->count, 1, __ATOMIC_RELEASE);
  return n + 1 < h->rearm_until;
}

static bool slow_handler(hsa_signal_value_t value, void *arg) {
  handler_state_t *h = (handler_state_t *)arg;
  int a = __atomic_add_fetch(&h->active, 1, __ATOMIC_ACQ_REL), m;
  (void)value;
  while ((m = __atomic_load_n(&h->max_active, __ATOMIC_RELAXED)) < a &&
         !__atomic_compare_exchange_n(&h->max_active, &m, a, false, __ATOMIC_RELAXED,
                                      __ATOMIC_RELAXED)) {
  }
  sleep_ms(20);
  __atomic_sub_fetch(&h->active, 1, __ATOMIC_ACQ_REL);
  __atomic_fetch_add(&h->count, 1, __ATOMIC_RELEASE);
  return false;
}

static bool wait_count(const volatile int *count, int want, unsigned ms) {
  uint64_t deadline = now_ns() + (uint64_t)ms * 1000000ull;
  while (__atomic_load_n(count, __ATOMIC_ACQUIRE) < want) {
    if (now_ns() > deadline) return false;
    sleep_ms(1);
  }
  return true;
}

typedef struct {
  volatile int ran;
  pthread_t thread;
} async_fn_state_t;

static void async_fn(void *arg) {
  async_fn_state_t *a = (async_fn_state_t *)arg;
  a->thread = pthread_self();
  __atomic_store_n(&a->ran, 1, __ATOMIC_RELEASE);
}

static void test_async_handlers(void) {
  /* static: a faulty runtime that keeps calling a handler must not write into a dead frame */
  static handler_state_t h1, h2, h3, h4, h0;
  static async_fn_state_t a;
  hsa_signal_t s1 = make_signal(1), s2 = make_signal(0), s3 = make_signal(1), s4[4];
  int i;

  printf("-- hsa_amd_signal_async_handler\n");
  memset(&h1, 0, sizeof h1);
  CHECK_STATUS(hsa_amd_signal_async_handler(s1, HSA_SIGNAL_CONDITION_EQ, 0, one_shot, &h1),
               HSA_STATUS_SUCCESS);
  sleep_ms(30);
  CHECK(h1.count == 0, "the handler is not called while the condition is false");
  hsa_signal_store_screlease(s1, 0);
  CHECK(wait_count(&h1.count, 1, 5000), "the handler runs once the condition holds");
  CHECK(h1.values[0] == 0, "the handler receives the satisfying value (%" PRId64 ")",
        (int64_t)h1.values[0]);
  CHECK(!pthread_equal(h1.thread, pthread_self()), "handlers run on a runtime thread");
  hsa_signal_store_screlease(s1, 1);
  sleep_ms(10);
  hsa_signal_store_screlease(s1, 0);
  sleep_ms(100);
  CHECK(h1.count == 1, "a handler that returned false is not called again (%d)", h1.count);

  memset(&h2, 0, sizeof h2);
  h2.signal = s2;
  h2.rearm_until = 3;
  CHECK_STATUS(hsa_amd_signal_async_handler(s2, HSA_SIGNAL_CONDITION_GTE, 1, rearming, &h2),
               HSA_STATUS_SUCCESS);
  for (i = 1; i <= 3; i++) {
    hsa_signal_store_screlease(s2, i);
    CHECK(wait_count(&h2.count, i, 5000), "re-armed handler call %d", i);
  }
  hsa_signal_store_screlease(s2, 4);
  sleep_ms(100);
  CHECK(h2.count == 3 && h2.values[0] == 1 && h2.values[1] == 2 && h2.values[2] == 3,
        "returning true re-arms, false unregisters (calls %d, values %" PRId64 " %" PRId64
        " %" PRId64 ")",
        h2.count, (int64_t)h2.values[0], (int64_t)h2.values[1], (int64_t)h2.values[2]);

  memset(&h3, 0, sizeof h3);
  CHECK_STATUS(hsa_amd_signal_async_handler(s3, HSA_SIGNAL_CONDITION_LT, 1, one_shot, &h3),
               HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_amd_signal_async_handler(s3, HSA_SIGNAL_CONDITION_LT, 1, one_shot, &h3),
               HSA_STATUS_SUCCESS);
  hsa_signal_subtract_screlease(s3, 1);
  CHECK(wait_count(&h3.count, 2, 5000), "two registrations of one handler are both called");
  sleep_ms(50);
  CHECK(h3.count == 2, "... exactly once each (%d)", h3.count);

  /* Already satisfied at registration. */
  {
    hsa_signal_t s0 = make_signal(0);
    memset(&h0, 0, sizeof h0);
    CHECK_STATUS(hsa_amd_signal_async_handler(s0, HSA_SIGNAL_CONDITION_EQ, 0, one_shot, &h0),
                 HSA_STATUS_SUCCESS);
    CHECK(wait_count(&h0.count, 1, 5000), "a handler whose condition already holds runs");
    hsa_signal_destroy(s0);
  }

  /* Serial execution. */
  memset(&h4, 0, sizeof h4);
  for (i = 0; i < 4; i++) {
    s4[i] = make_signal(1);
    CHECK_STATUS(hsa_amd_signal_async_handler(s4[i], HSA_SIGNAL_CONDITION_EQ, 0, slow_handler,
                                              &h4),
                 HSA_STATUS_SUCCESS);
  }
  for (i = 0; i < 4; i++) hsa_signal_store_screlease(s4[i], 0);
  CHECK(wait_count(&h4.count, 4, 5000), "four handlers ran");
  CHECK(h4.max_active == 1, "handlers run serially (max %d at once)", h4.max_active);

  printf("-- hsa_amd_async_function\n");
  {
    memset(&a, 0, sizeof a);
    CHECK_STATUS(hsa_amd_async_function(async_fn, &a), HSA_STATUS_SUCCESS);
    CHECK(wait_flag(&a.ran, 5000), "the async function ran");
    CHECK(!pthread_equal(a.thread, pthread_self()), "... on a runtime thread");
  }

  hsa_signal_destroy(s1);
  hsa_signal_destroy(s2);
  hsa_signal_destroy(s3);
  for (i = 0; i < 4; i++) hsa_signal_destroy(s4[i]);
}

/* ------------------------------------------------------------------------ */

enum { HAMMER_THREADS = 8, HAMMER_ITERS = 50000, CAS_ITERS = 5000 };
static hsa_signal_t g_hammer;
static pthread_barrier_t g_hammer_start;

static void *hammer_add(void *arg) {
  int i;
  (void)arg;
  pthread_barrier_wait(&g_hammer_start);
  for (i = 0; i < HAMMER_ITERS; i++) hsa_signal_add_relaxed(g_hammer, 1);
  return NULL;
}

static void *hammer_mixed(void *arg) {
  int i, t = (int)(intptr_t)arg;
  pthread_barrier_wait(&g_hammer_start);
  for (i = 0; i < HAMMER_ITERS; i++) {
    switch ((i + t) % 3) {
    case 0:
      hsa_signal_add_scacq_screl(g_hammer, 3);
      hsa_signal_subtract_screlease(g_hammer, 2);
      break;
    case 1:
      hsa_signal_add_screlease(g_hammer, 5);
      hsa_signal_subtract_scacquire(g_hammer, 4);
      break;
    default:
      hsa_signal_add_scacquire(g_hammer, 2);
      hsa_signal_subtract_relaxed(g_hammer, 1);
      break;
    }
  }
  return NULL;
}

static void *hammer_cas(void *arg) {
  int i;
  (void)arg;
  pthread_barrier_wait(&g_hammer_start);
  for (i = 0; i < CAS_ITERS; i++) {
    hsa_signal_value_t v;
    do {
      v = hsa_signal_load_relaxed(g_hammer);
    } while (hsa_signal_cas_scacq_screl(g_hammer, v, v + 1) != v);
  }
  return NULL;
}

static void hammer(void *(*fn)(void *)) {
  pthread_t th[HAMMER_THREADS];
  int t;
  pthread_barrier_init(&g_hammer_start, NULL, HAMMER_THREADS);
  for (t = 0; t < HAMMER_THREADS; t++) pthread_create(&th[t], NULL, fn, (void *)(intptr_t)t);
  for (t = 0; t < HAMMER_THREADS; t++) pthread_join(th[t], NULL);
  pthread_barrier_destroy(&g_hammer_start);
}

static void test_hammer(void) {
  hsa_signal_value_t want;
  printf("-- 8 threads hammering one signal\n");
  g_hammer = make_signal(0);
  hammer(hammer_add);
  want = (hsa_signal_value_t)HAMMER_THREADS * HAMMER_ITERS;
  CHECK(hsa_signal_load_scacquire(g_hammer) == want,
        "8 threads x %d add_relaxed(1) == %" PRId64 " (%" PRId64 ")", HAMMER_ITERS, (int64_t)want,
        (int64_t)hsa_signal_load_scacquire(g_hammer));
  hammer(hammer_mixed);
  want += (hsa_signal_value_t)HAMMER_THREADS * HAMMER_ITERS;
  CHECK(hsa_signal_load_scacquire(g_hammer) == want,
        "8 threads mixing add/subtract variants == %" PRId64 " (%" PRId64 ")", (int64_t)want,
        (int64_t)hsa_signal_load_scacquire(g_hammer));
  hammer(hammer_cas);
  want += (hsa_signal_value_t)HAMMER_THREADS * CAS_ITERS;
  CHECK(hsa_signal_load_scacquire(g_hammer) == want,
        "8 threads incrementing with cas_scacq_screl loops == %" PRId64 " (%" PRId64 ")",
        (int64_t)want, (int64_t)hsa_signal_load_scacquire(g_hammer));
  hsa_signal_destroy(g_hammer);
}

int main(void) {
  test_begin("signals", 100);
  REQUIRE_SUCCESS(hsa_init());
  g_agent = require_cpu_agent();
  test_value_ops();
  test_waits();
  test_groups();
  test_amd_wait_any();
  test_async_handlers();
  test_hammer();
  CHECK_STATUS(hsa_shut_down(), HSA_STATUS_SUCCESS);
  return test_finish();
}
