/*
 * Shared helpers of the HSA C conformance programs (tests/hsa/<program>.c).
 *
 * Each program prints one line per check ("ok   ..." or "FAIL ...") and ends with
 * exactly "PASS" or "FAIL" on its last line; the exit code is 0 only on PASS.
 * Include this header first (it defines _GNU_SOURCE).
 */
#ifndef FERROCM_TESTS_HSA_COMMON_H
#define FERROCM_TESTS_HSA_COMMON_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#include <hsa/hsa_ext_ferrocm.h>

/* ------------------------------------------------------------------------ */
/* Reporting                                                                */
/* ------------------------------------------------------------------------ */

static int g_checks;
static int g_failures;

static inline void test_report(int ok, int line, const char *fmt, ...) {
  va_list ap;
  g_checks++;
  if (!ok) g_failures++;
  printf("%s ", ok ? "ok  " : "FAIL");
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  printf(ok ? "\n" : "  [line %d]\n", line);
  fflush(stdout);
}

static inline void test_note(const char *fmt, ...) {
  va_list ap;
  printf("note ");
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  printf("\n");
  fflush(stdout);
}

/** Prints the verdict line and returns the exit code. */
static inline int test_finish(void) {
  printf("%d checks, %d failed\n", g_checks, g_failures);
  if (g_failures == 0 && g_checks > 0) {
    printf("PASS\n");
    fflush(stdout);
    return 0;
  }
  printf("FAIL\n");
  fflush(stdout);
  return 1;
}

/** Ends the program at once with FAIL (a precondition of later checks failed). */
static inline void test_abort(int line, const char *what) {
  printf("FAIL cannot continue: %s  [line %d]\n", what, line);
  printf("%d checks, %d failed\n", g_checks, g_failures + 1);
  printf("FAIL\n");
  fflush(stdout);
  _exit(1);
}

static void test_alarm_handler(int sig) {
  static const char msg[] = "FAIL watchdog: the program did not finish in time\nFAIL\n";
  (void)sig;
  if (write(STDOUT_FILENO, msg, sizeof msg - 1) < 0) {
    /* nothing more to do */
  }
  _exit(1);
}

/** Line-buffers stdout and arms a watchdog that ends the program with FAIL. */
static inline void test_begin(const char *name, unsigned watchdog_seconds) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  signal(SIGALRM, test_alarm_handler);
  alarm(watchdog_seconds);
  printf("== %s\n", name);
}

static inline const char *status_name(hsa_status_t s) {
  switch ((unsigned)s) {
#define STATUS_NAME_CASE(n) \
  case (unsigned)n:         \
    return #n;
    STATUS_NAME_CASE(HSA_STATUS_SUCCESS)
    STATUS_NAME_CASE(HSA_STATUS_INFO_BREAK)
    STATUS_NAME_CASE(HSA_STATUS_ERROR)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_ARGUMENT)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_QUEUE_CREATION)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_ALLOCATION)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_AGENT)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_REGION)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_SIGNAL)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_QUEUE)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_OUT_OF_RESOURCES)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_PACKET_FORMAT)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_RESOURCE_FREE)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_NOT_INITIALIZED)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_REFCOUNT_OVERFLOW)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_INDEX)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_ISA)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_ISA_NAME)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_CODE_OBJECT)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_EXECUTABLE)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_FROZEN_EXECUTABLE)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_SYMBOL_NAME)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_VARIABLE_UNDEFINED)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_EXCEPTION)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_CODE_SYMBOL)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_FILE)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_CACHE)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_WAVEFRONT)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_RUNTIME_STATE)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_FATAL)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_INVALID_MEMORY_POOL)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_MEMORY_FAULT)
    STATUS_NAME_CASE(HSA_STATUS_CU_MASK_REDUCED)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_OUT_OF_REGISTERS)
    STATUS_NAME_CASE(HSA_STATUS_ERROR_RESOURCE_BUSY)
#undef STATUS_NAME_CASE
  default:
    return "(unknown status)";
  }
}

/** A check: prints `desc` with its verdict. */
#define CHECK(cond, ...) test_report(!!(cond), __LINE__, __VA_ARGS__)

/** Checks that `expr` (an hsa_status_t expression) returns `expected`. */
#define CHECK_STATUS(expr, expected)                                                     \
  do {                                                                                   \
    hsa_status_t check_got_ = (hsa_status_t)(expr);                                      \
    hsa_status_t check_want_ = (hsa_status_t)(expected);                                 \
    if (check_got_ == check_want_)                                                       \
      test_report(1, __LINE__, "%s -> %s", #expr, status_name(check_want_));             \
    else                                                                                 \
      test_report(0, __LINE__, "%s -> 0x%x %s, expected 0x%x %s", #expr,                 \
                  (unsigned)check_got_, status_name(check_got_), (unsigned)check_want_, \
                  status_name(check_want_));                                             \
  } while (0)

/** Like CHECK_STATUS(expr, HSA_STATUS_SUCCESS), but ends the program on failure. */
#define REQUIRE_SUCCESS(expr)                                                       \
  do {                                                                              \
    hsa_status_t req_got_ = (hsa_status_t)(expr);                                   \
    if (req_got_ != HSA_STATUS_SUCCESS) {                                           \
      test_report(0, __LINE__, "%s -> 0x%x %s, expected HSA_STATUS_SUCCESS", #expr, \
                  (unsigned)req_got_, status_name(req_got_));                       \
      test_abort(__LINE__, #expr);                                                  \
    }                                                                               \
    test_report(1, __LINE__, "%s -> HSA_STATUS_SUCCESS", #expr);                    \
  } while (0)

/** Ends the program when `cond` is false. */
#define REQUIRE(cond, ...)                                 \
  do {                                                     \
    int req_ok_ = !!(cond);                                \
    test_report(req_ok_, __LINE__, __VA_ARGS__);           \
    if (!req_ok_) test_abort(__LINE__, #cond);             \
  } while (0)

/* ------------------------------------------------------------------------ */
/* Time                                                                     */
/* ------------------------------------------------------------------------ */

static inline uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static inline void sleep_ms(unsigned ms) {
  struct timespec ts;
  ts.tv_sec = ms / 1000;
  ts.tv_nsec = (long)(ms % 1000) * 1000000L;
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
  }
}

/** HSA timestamp ticks for `ms` milliseconds. */
static inline uint64_t ms_to_ticks(uint64_t ms) {
  uint64_t freq = 0;
  if (hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY, &freq) != HSA_STATUS_SUCCESS ||
      freq == 0)
    freq = 1000000000ull;
  return freq / 1000 * ms;
}

/* ------------------------------------------------------------------------ */
/* Agents, regions and pools                                                */
/* ------------------------------------------------------------------------ */

static inline hsa_status_t find_cpu_agent_cb(hsa_agent_t agent, void *data) {
  hsa_device_type_t type;
  uint32_t feature = 0;
  if (hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type) != HSA_STATUS_SUCCESS)
    return HSA_STATUS_ERROR;
  if (hsa_agent_get_info(agent, HSA_AGENT_INFO_FEATURE, &feature) != HSA_STATUS_SUCCESS)
    return HSA_STATUS_ERROR;
  if (type == HSA_DEVICE_TYPE_CPU && (feature & HSA_AGENT_FEATURE_KERNEL_DISPATCH)) {
    *(hsa_agent_t *)data = agent;
    return HSA_STATUS_INFO_BREAK;
  }
  return HSA_STATUS_SUCCESS;
}

/** The CPU kernel agent (CPU device type with the KERNEL_DISPATCH feature); handle 0 if none. */
static inline hsa_agent_t find_cpu_agent(void) {
  hsa_agent_t agent = {0};
  hsa_iterate_agents(find_cpu_agent_cb, &agent);
  return agent;
}

/** Finds the CPU agent or ends the program. */
static inline hsa_agent_t require_cpu_agent(void) {
  hsa_agent_t agent = find_cpu_agent();
  REQUIRE(agent.handle != 0, "a CPU agent with HSA_AGENT_FEATURE_KERNEL_DISPATCH exists");
  return agent;
}

typedef struct {
  hsa_region_segment_t segment;
  uint32_t flags_required;
  uint32_t flags_excluded;
  hsa_region_t found;
} region_query_t;

static inline hsa_status_t find_region_cb(hsa_region_t region, void *data) {
  region_query_t *q = (region_query_t *)data;
  hsa_region_segment_t segment;
  uint32_t flags = 0;
  if (hsa_region_get_info(region, HSA_REGION_INFO_SEGMENT, &segment) != HSA_STATUS_SUCCESS)
    return HSA_STATUS_ERROR;
  if (segment != q->segment) return HSA_STATUS_SUCCESS;
  if (segment == HSA_REGION_SEGMENT_GLOBAL &&
      hsa_region_get_info(region, HSA_REGION_INFO_GLOBAL_FLAGS, &flags) != HSA_STATUS_SUCCESS)
    return HSA_STATUS_ERROR;
  if ((flags & q->flags_required) != q->flags_required) return HSA_STATUS_SUCCESS;
  if (flags & q->flags_excluded) return HSA_STATUS_SUCCESS;
  q->found = region;
  return HSA_STATUS_INFO_BREAK;
}

/** First region of `agent` in `segment` whose global flags include `required` and none of `excluded`. */
static inline hsa_region_t find_region(hsa_agent_t agent, hsa_region_segment_t segment,
                                       uint32_t required, uint32_t excluded) {
  region_query_t q;
  q.segment = segment;
  q.flags_required = required;
  q.flags_excluded = excluded;
  q.found.handle = 0;
  hsa_agent_iterate_regions(agent, find_region_cb, &q);
  return q.found;
}

/** The kernarg region of `agent` (GLOBAL with the KERNARG flag); ends the program if none. */
static inline hsa_region_t require_kernarg_region(hsa_agent_t agent) {
  hsa_region_t r = find_region(agent, HSA_REGION_SEGMENT_GLOBAL, HSA_REGION_GLOBAL_FLAG_KERNARG, 0);
  REQUIRE(r.handle != 0, "the CPU agent has a kernarg region");
  return r;
}

typedef struct {
  uint32_t flags_required;
  uint32_t flags_excluded;
  hsa_amd_memory_pool_t found;
} pool_query_t;

static inline hsa_status_t find_pool_cb(hsa_amd_memory_pool_t pool, void *data) {
  pool_query_t *q = (pool_query_t *)data;
  hsa_amd_segment_t segment;
  uint32_t flags = 0;
  bool alloc = false;
  if (hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_SEGMENT, &segment) !=
      HSA_STATUS_SUCCESS)
    return HSA_STATUS_ERROR;
  if (segment != HSA_AMD_SEGMENT_GLOBAL) return HSA_STATUS_SUCCESS;
  if (hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS, &flags) !=
          HSA_STATUS_SUCCESS ||
      hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED,
                                   &alloc) != HSA_STATUS_SUCCESS)
    return HSA_STATUS_ERROR;
  if (!alloc) return HSA_STATUS_SUCCESS;
  if ((flags & q->flags_required) != q->flags_required) return HSA_STATUS_SUCCESS;
  if (flags & q->flags_excluded) return HSA_STATUS_SUCCESS;
  q->found = pool;
  return HSA_STATUS_INFO_BREAK;
}

/** First allocatable global pool of `agent` with the flags `required` and none of `excluded`. */
static inline hsa_amd_memory_pool_t find_pool(hsa_agent_t agent, uint32_t required,
                                              uint32_t excluded) {
  pool_query_t q;
  q.flags_required = required;
  q.flags_excluded = excluded;
  q.found.handle = 0;
  hsa_amd_agent_iterate_memory_pools(agent, find_pool_cb, &q);
  return q.found;
}

/* ------------------------------------------------------------------------ */
/* Code objects and kernels                                                 */
/* ------------------------------------------------------------------------ */

typedef struct {
  int fd;
  hsa_code_object_reader_t reader;
  hsa_executable_t executable;
} code_object_t;

typedef struct {
  uint64_t object;
  uint32_t kernarg_size;
  uint32_t kernarg_align;
  uint32_t group_size;
  uint32_t private_size;
} kernel_t;

/** Creates an executable for `agent` with the agent's profile and rounding mode. */
static inline hsa_status_t create_executable(hsa_agent_t agent, hsa_executable_t *exe) {
  hsa_profile_t profile = HSA_PROFILE_FULL;
  hsa_default_float_rounding_mode_t mode = HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR;
  if (hsa_agent_get_info(agent, HSA_AGENT_INFO_PROFILE, &profile) != HSA_STATUS_SUCCESS)
    profile = HSA_PROFILE_FULL;
  if (hsa_agent_get_info(agent, HSA_AGENT_INFO_DEFAULT_FLOAT_ROUNDING_MODE, &mode) !=
          HSA_STATUS_SUCCESS ||
      mode == HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT)
    mode = HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR;
  return hsa_executable_create_alt(profile, mode, NULL, exe);
}

/**
 * Loads the code object file `path` for `agent` into a new frozen executable
 * (reader from the file descriptor, create_alt, load_agent_code_object, freeze).
 * Ends the program on failure.
 */
static inline code_object_t load_code_object(const char *path, hsa_agent_t agent) {
  code_object_t co;
  memset(&co, 0, sizeof co);
  co.fd = open(path, O_RDONLY);
  if (co.fd < 0) {
    printf("FAIL cannot open code object '%s': %s\n", path, strerror(errno));
    test_abort(__LINE__, "open code object");
  }
  REQUIRE_SUCCESS(hsa_code_object_reader_create_from_file(co.fd, &co.reader));
  REQUIRE_SUCCESS(create_executable(agent, &co.executable));
  REQUIRE_SUCCESS(
      hsa_executable_load_agent_code_object(co.executable, agent, co.reader, NULL, NULL));
  REQUIRE_SUCCESS(hsa_executable_freeze(co.executable, NULL));
  return co;
}

static inline void unload_code_object(code_object_t *co) {
  CHECK_STATUS(hsa_executable_destroy(co->executable), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_code_object_reader_destroy(co->reader), HSA_STATUS_SUCCESS);
  close(co->fd);
}

/** Looks up kernel `name` ("x.kd") and reads its object and segment sizes. Ends the program on failure. */
static inline kernel_t get_kernel(hsa_executable_t exe, hsa_agent_t agent, const char *name) {
  kernel_t k;
  hsa_executable_symbol_t sym;
  memset(&k, 0, sizeof k);
  if (hsa_executable_get_symbol_by_name(exe, name, &agent, &sym) != HSA_STATUS_SUCCESS) {
    printf("FAIL kernel symbol '%s' not found\n", name);
    test_abort(__LINE__, "hsa_executable_get_symbol_by_name");
  }
  REQUIRE_SUCCESS(hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT,
                                                 &k.object));
  REQUIRE_SUCCESS(hsa_executable_symbol_get_info(
      sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE, &k.kernarg_size));
  REQUIRE_SUCCESS(hsa_executable_symbol_get_info(
      sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_ALIGNMENT, &k.kernarg_align));
  REQUIRE_SUCCESS(hsa_executable_symbol_get_info(
      sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE, &k.group_size));
  REQUIRE_SUCCESS(hsa_executable_symbol_get_info(
      sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE, &k.private_size));
  REQUIRE(k.object != 0, "kernel object of %s is not 0", name);
  return k;
}

/** Allocates and fills a kernarg buffer (at least `kernarg_size` bytes). */
static inline void *make_kernarg(hsa_region_t kernarg_region, const kernel_t *k, const void *args,
                                 size_t args_size) {
  void *p = NULL;
  size_t size = k->kernarg_size > args_size ? k->kernarg_size : args_size;
  if (size == 0) size = 16;
  REQUIRE_SUCCESS(hsa_memory_allocate(kernarg_region, size, &p));
  memset(p, 0, size);
  memcpy(p, args, args_size);
  return p;
}

/* ------------------------------------------------------------------------ */
/* Queues and packets (producer protocol)                                   */
/* ------------------------------------------------------------------------ */

static inline uint16_t packet_header(hsa_packet_type_t type, bool barrier,
                                     hsa_fence_scope_t acquire, hsa_fence_scope_t release) {
  return (uint16_t)(((unsigned)type << HSA_PACKET_HEADER_TYPE) |
                    ((barrier ? 1u : 0u) << HSA_PACKET_HEADER_BARRIER) |
                    ((unsigned)acquire << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
                    ((unsigned)release << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE));
}

/** Reserves one packet id with add_write_index_screlease (multi-producer safe). */
static inline uint64_t queue_reserve(hsa_queue_t *q) {
  return hsa_queue_add_write_index_screlease(q, 1);
}

/** Waits until slot `id` is free: while id - read_index >= size. Returns false on timeout. */
static inline bool queue_wait_slot(hsa_queue_t *q, uint64_t id, unsigned timeout_ms) {
  uint64_t deadline = now_ns() + (uint64_t)timeout_ms * 1000000ull;
  while (id - hsa_queue_load_read_index_scacquire(q) >= q->size) {
    if (now_ns() > deadline) return false;
    sched_yield();
  }
  return true;
}

static inline void *queue_slot(hsa_queue_t *q, uint64_t id) {
  return (char *)q->base_address + 64u * (size_t)(id & (q->size - 1));
}

/**
 * Writes the 64-byte `packet` into slot `id` (its first 32 bits last, with a
 * 32-bit release store of `first_word` = header | setup << 16) and rings the doorbell.
 */
static inline void queue_publish(hsa_queue_t *q, uint64_t id, const void *packet,
                                 uint32_t first_word) {
  char *slot = (char *)queue_slot(q, id);
  memcpy(slot + 4, (const char *)packet + 4, 60);
  __atomic_store_n((uint32_t *)(void *)slot, first_word, __ATOMIC_RELEASE);
  hsa_signal_store_screlease(q->doorbell_signal, (hsa_signal_value_t)id);
}

/** Reserve, wait for a free slot, write, publish, ring. Returns the packet id. */
static inline uint64_t queue_submit(hsa_queue_t *q, const void *packet, uint32_t first_word) {
  uint64_t id = queue_reserve(q);
  if (!queue_wait_slot(q, id, 20000)) test_abort(__LINE__, "queue slot never became free");
  queue_publish(q, id, packet, first_word);
  return id;
}

static inline uint32_t dispatch_first_word(uint16_t header, uint32_t dims) {
  return (uint32_t)header | ((dims << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS) << 16);
}

/** Fills a kernel-dispatch packet body (the header is published separately). */
static inline void make_dispatch(hsa_kernel_dispatch_packet_t *p, const kernel_t *k,
                                 const uint32_t grid[3], const uint16_t wg[3],
                                 uint32_t dynamic_group, void *kernarg, hsa_signal_t completion) {
  memset(p, 0, sizeof *p);
  p->workgroup_size_x = wg[0];
  p->workgroup_size_y = wg[1];
  p->workgroup_size_z = wg[2];
  p->grid_size_x = grid[0];
  p->grid_size_y = grid[1];
  p->grid_size_z = grid[2];
  p->private_segment_size = k->private_size;
  p->group_segment_size = ((k->group_size + 15u) & ~15u) + dynamic_group;
  p->kernel_object = k->object;
  p->kernarg_address = kernarg;
  p->completion_signal = completion;
}

/** Submits a kernel dispatch with system-scope fences. */
static inline uint64_t submit_dispatch(hsa_queue_t *q, const kernel_t *k, uint32_t dims,
                                       const uint32_t grid[3], const uint16_t wg[3],
                                       uint32_t dynamic_group, void *kernarg,
                                       hsa_signal_t completion) {
  hsa_kernel_dispatch_packet_t p;
  make_dispatch(&p, k, grid, wg, dynamic_group, kernarg, completion);
  return queue_submit(
      q, &p,
      dispatch_first_word(packet_header(HSA_PACKET_TYPE_KERNEL_DISPATCH, false,
                                        HSA_FENCE_SCOPE_SYSTEM, HSA_FENCE_SCOPE_SYSTEM),
                          dims));
}

/** Submits a barrier-AND (or barrier-OR when `is_or`) packet with up to 5 dependencies. */
static inline uint64_t submit_barrier(hsa_queue_t *q, bool is_or, const hsa_signal_t *deps,
                                      unsigned ndeps, hsa_signal_t completion, bool barrier_bit) {
  hsa_barrier_and_packet_t p;
  unsigned i;
  memset(&p, 0, sizeof p);
  for (i = 0; i < ndeps && i < 5; i++) p.dep_signal[i] = deps[i];
  p.completion_signal = completion;
  return queue_submit(q, &p,
                      packet_header(is_or ? HSA_PACKET_TYPE_BARRIER_OR : HSA_PACKET_TYPE_BARRIER_AND,
                                    barrier_bit, HSA_FENCE_SCOPE_SYSTEM, HSA_FENCE_SCOPE_SYSTEM));
}

/** Submits an agent-dispatch packet with function code `type`. */
static inline uint64_t submit_agent_dispatch(hsa_queue_t *q, uint16_t type, uint64_t a0,
                                             uint64_t a1, uint64_t a2, uint64_t a3,
                                             void *return_address, hsa_signal_t completion,
                                             bool barrier_bit) {
  hsa_agent_dispatch_packet_t p;
  memset(&p, 0, sizeof p);
  p.type = type;
  p.return_address = return_address;
  p.arg[0] = a0;
  p.arg[1] = a1;
  p.arg[2] = a2;
  p.arg[3] = a3;
  p.completion_signal = completion;
  return queue_submit(q, &p,
                      (uint32_t)packet_header(HSA_PACKET_TYPE_AGENT_DISPATCH, barrier_bit,
                                              HSA_FENCE_SCOPE_SYSTEM, HSA_FENCE_SCOPE_SYSTEM) |
                          ((uint32_t)type << 16));
}

/* ------------------------------------------------------------------------ */
/* Signals                                                                  */
/* ------------------------------------------------------------------------ */

/**
 * Waits (scacquire, BLOCKED) until the signal value satisfies `cond` `value`, for
 * at most `timeout_ms` (spurious returns of hsa_signal_wait are retried).
 * Returns the last observed value.
 */
static inline hsa_signal_value_t wait_until(hsa_signal_t s, hsa_signal_condition_t cond,
                                            hsa_signal_value_t value, unsigned timeout_ms) {
  uint64_t deadline = now_ns() + (uint64_t)timeout_ms * 1000000ull;
  uint64_t slice = ms_to_ticks(50);
  for (;;) {
    hsa_signal_value_t v = hsa_signal_wait_scacquire(s, cond, value, slice, HSA_WAIT_STATE_BLOCKED);
    bool ok = false;
    switch (cond) {
    case HSA_SIGNAL_CONDITION_EQ: ok = v == value; break;
    case HSA_SIGNAL_CONDITION_NE: ok = v != value; break;
    case HSA_SIGNAL_CONDITION_LT: ok = v < value; break;
    case HSA_SIGNAL_CONDITION_GTE: ok = v >= value; break;
    }
    if (ok || now_ns() > deadline) return v;
  }
}

/** Waits until `*flag` (read atomically) is non-zero, for at most `timeout_ms`. */
static inline bool wait_flag(const volatile int *flag, unsigned timeout_ms) {
  uint64_t deadline = now_ns() + (uint64_t)timeout_ms * 1000000ull;
  while (!__atomic_load_n(flag, __ATOMIC_ACQUIRE)) {
    if (now_ns() > deadline) return false;
    sleep_ms(1);
  }
  return true;
}

/** Creates a signal or ends the program. */
static inline hsa_signal_t make_signal(hsa_signal_value_t initial) {
  hsa_signal_t s = {0};
  if (hsa_signal_create(initial, 0, NULL, &s) != HSA_STATUS_SUCCESS || s.handle == 0)
    test_abort(__LINE__, "hsa_signal_create");
  return s;
}

/* ------------------------------------------------------------------------ */
/* Queue error callbacks                                                    */
/* ------------------------------------------------------------------------ */

typedef struct {
  volatile int count;
  volatile int status;
  hsa_queue_t *volatile queue;
} queue_errors_t;

static inline void record_queue_error(hsa_status_t status, hsa_queue_t *source, void *data) {
  queue_errors_t *e = (queue_errors_t *)data;
  e->queue = source;
  __atomic_store_n(&e->status, (int)status, __ATOMIC_RELAXED);
  __atomic_fetch_add(&e->count, 1, __ATOMIC_RELEASE);
}

/** Creates a queue of at least `size` packets on `agent` that records its errors in `errors`. */
static inline hsa_queue_t *make_queue(hsa_agent_t agent, uint32_t size, hsa_queue_type32_t type,
                                      queue_errors_t *errors) {
  hsa_queue_t *q = NULL;
  uint32_t min_size = 1, max_size = 0;
  hsa_agent_get_info(agent, HSA_AGENT_INFO_QUEUE_MIN_SIZE, &min_size);
  hsa_agent_get_info(agent, HSA_AGENT_INFO_QUEUE_MAX_SIZE, &max_size);
  if (size < min_size) size = min_size;
  if (max_size != 0 && size > max_size) size = max_size;
  if (errors) memset(errors, 0, sizeof *errors);
  if (hsa_queue_create(agent, size, type, errors ? record_queue_error : NULL, errors, UINT32_MAX,
                       UINT32_MAX, &q) != HSA_STATUS_SUCCESS ||
      q == NULL)
    test_abort(__LINE__, "hsa_queue_create");
  return q;
}

/** Code-object path given on the command line, or the program ends. */
static inline const char *arg_path(int argc, char **argv, int index, const char *what) {
  if (argc <= index) {
    printf("FAIL usage: argv[%d] must be the path of %s\n", index, what);
    test_abort(__LINE__, "missing argument");
  }
  return argv[index];
}

#endif /* FERROCM_TESTS_HSA_COMMON_H */
