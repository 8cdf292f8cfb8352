/*
 * dispatch_basic: the classic HSA kernel-dispatch flow on the CPU agent.
 *
 * argv[1] = vector_add code object, argv[2] = global_id code object,
 * argv[3] = block_reduce code object (tests/hsa/kernels/<name>.c built with cc -shared -fPIC).
 *
 * Checks: code object reader from a file descriptor, executable create/load/
 * freeze and their states, kernel symbol attributes, a 1M-element vector add with
 * 256-wide groups waited on with hsa_signal_wait_scacquire(LT 1, UINT64_MAX,
 * BLOCKED), several dispatches sharing one completion signal (decrement, not
 * store 0), 1/2/3-D grids with partial trailing groups (global ids, work-item
 * state, nothing run outside the grid), group memory and barriers (static and
 * dynamic group memory), and a code-object global variable through
 * HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS.
 */
#include "common.h"

typedef struct {
  const float *a;
  const float *b;
  float *c;
  uint32_t n;
  uint32_t pad;
} vector_add_args_t;

typedef struct {
  uint32_t *out;
  uint32_t *out_of_grid;
  uint32_t grid[3];
  uint32_t wg[3];
  uint32_t dims;
  uint32_t pad;
} global_id_args_t;

typedef struct {
  const uint32_t *in;
  uint32_t *out;
  uint32_t *err;
  uint32_t n;
  uint32_t pad;
} block_reduce_args_t;

typedef struct {
  uint32_t *out;
  uint64_t pad;
} read_global_args_t;

static hsa_agent_t g_agent;
static hsa_region_t g_kernarg;
static hsa_region_t g_global;
static hsa_queue_t *g_queue;
static queue_errors_t g_errors;

static void *alloc_global(size_t size) {
  void *p = NULL;
  REQUIRE_SUCCESS(hsa_memory_allocate(g_global, size, &p));
  return p;
}

/* Waits for completion exactly the way classic HSA samples do. */
static hsa_signal_value_t wait_completion(hsa_signal_t s) {
  hsa_signal_value_t v;
  while ((v = hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_LT, 1, UINT64_MAX,
                                        HSA_WAIT_STATE_BLOCKED)) >= 1) {
  }
  return v;
}

static bool symbol_name_is(hsa_executable_symbol_t sym, const char *want) {
  uint32_t len = 0;
  char buf[256];
  if (hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_NAME_LENGTH, &len) !=
          HSA_STATUS_SUCCESS ||
      len >= sizeof buf)
    return false;
  memset(buf, 0, sizeof buf);
  if (hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_NAME, buf) !=
      HSA_STATUS_SUCCESS)
    return false;
  return len == strlen(want) && memcmp(buf, want, len) == 0;
}

typedef struct {
  int kernels_named_vector_add;
  int variables_named_global;
  int total;
} symbol_census_t;

static void census(hsa_executable_symbol_t sym, symbol_census_t *c) {
  hsa_symbol_kind_t kind;
  c->total++;
  if (hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_TYPE, &kind) !=
      HSA_STATUS_SUCCESS)
    return;
  if (kind == HSA_SYMBOL_KIND_KERNEL && symbol_name_is(sym, "vector_add.kd"))
    c->kernels_named_vector_add++;
  if (kind == HSA_SYMBOL_KIND_VARIABLE && symbol_name_is(sym, "ferrocm_test_global"))
    c->variables_named_global++;
}

static hsa_status_t agent_symbol_cb(hsa_executable_t exe, hsa_agent_t agent,
                                    hsa_executable_symbol_t sym, void *data) {
  (void)exe;
  if (agent.handle != g_agent.handle) return HSA_STATUS_ERROR;
  census(sym, (symbol_census_t *)data);
  return HSA_STATUS_SUCCESS;
}

static hsa_status_t any_symbol_cb(hsa_executable_t exe, hsa_executable_symbol_t sym,
                                  void *data) {
  (void)exe;
  census(sym, (symbol_census_t *)data);
  return HSA_STATUS_SUCCESS;
}

/* ------------------------------------------------------------------------ */

static void test_executable_and_vector_add(const char *path) {
  code_object_t co;
  hsa_executable_state_t state;
  hsa_profile_t profile;
  hsa_default_float_rounding_mode_t mode;
  hsa_loaded_code_object_t loaded = {0};
  hsa_executable_symbol_t sym;
  hsa_symbol_kind_t kind;
  uint32_t u32;
  uint64_t u64;
  hsa_agent_t sym_agent = {0};
  kernel_t k;
  const uint32_t n = 1u << 20;
  float *a, *b, *c;
  uint32_t i, bad;
  vector_add_args_t args;
  void *kernarg;
  hsa_signal_t done;
  uint64_t id;
  hsa_signal_value_t v;
  symbol_census_t cs;

  printf("-- executable from %s\n", path);
  memset(&co, 0, sizeof co);
  co.fd = open(path, O_RDONLY);
  REQUIRE(co.fd >= 0, "open(%s)", path);
  REQUIRE_SUCCESS(hsa_code_object_reader_create_from_file(co.fd, &co.reader));
  CHECK(co.reader.handle != 0, "code object reader handle is not 0");
  REQUIRE_SUCCESS(create_executable(g_agent, &co.executable));
  CHECK_STATUS(hsa_executable_get_info(co.executable, HSA_EXECUTABLE_INFO_STATE, &state),
               HSA_STATUS_SUCCESS);
  CHECK(state == HSA_EXECUTABLE_STATE_UNFROZEN, "a new executable is UNFROZEN (%d)", (int)state);
  REQUIRE_SUCCESS(
      hsa_executable_load_agent_code_object(co.executable, g_agent, co.reader, NULL, &loaded));
  CHECK(loaded.handle != 0, "loaded code object handle is not 0");
  REQUIRE_SUCCESS(hsa_executable_freeze(co.executable, NULL));
  CHECK_STATUS(hsa_executable_get_info(co.executable, HSA_EXECUTABLE_INFO_STATE, &state),
               HSA_STATUS_SUCCESS);
  CHECK(state == HSA_EXECUTABLE_STATE_FROZEN, "after freeze the executable is FROZEN (%d)",
        (int)state);
  {
    hsa_profile_t agent_profile = HSA_PROFILE_FULL;
    hsa_default_float_rounding_mode_t agent_mode = HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR;
    hsa_agent_get_info(g_agent, HSA_AGENT_INFO_PROFILE, &agent_profile);
    hsa_agent_get_info(g_agent, HSA_AGENT_INFO_DEFAULT_FLOAT_ROUNDING_MODE, &agent_mode);
    if (agent_mode == HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT)
      agent_mode = HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR;
    CHECK_STATUS(hsa_executable_get_info(co.executable, HSA_EXECUTABLE_INFO_PROFILE, &profile),
                 HSA_STATUS_SUCCESS);
    CHECK(profile == agent_profile, "executable profile is the one it was created with (%d)",
          (int)profile);
    CHECK_STATUS(hsa_executable_get_info(co.executable,
                                         HSA_EXECUTABLE_INFO_DEFAULT_FLOAT_ROUNDING_MODE, &mode),
                 HSA_STATUS_SUCCESS);
    CHECK(mode == agent_mode, "executable rounding mode is the one it was created with (%d)",
          (int)mode);
  }

  /* Kernel symbol. */
  REQUIRE_SUCCESS(hsa_executable_get_symbol_by_name(co.executable, "vector_add.kd", &g_agent, &sym));
  CHECK_STATUS(hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_TYPE, &kind),
               HSA_STATUS_SUCCESS);
  CHECK(kind == HSA_SYMBOL_KIND_KERNEL, "vector_add.kd is a KERNEL symbol (%d)", (int)kind);
  CHECK(symbol_name_is(sym, "vector_add.kd"), "symbol NAME / NAME_LENGTH is \"vector_add.kd\"");
  CHECK_STATUS(hsa_executable_symbol_get_info(
                   sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE, &u32),
               HSA_STATUS_SUCCESS);
  CHECK(u32 == 32, "KERNARG_SEGMENT_SIZE == 32 (descriptor) (%u)", u32);
  CHECK_STATUS(hsa_executable_symbol_get_info(
                   sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_ALIGNMENT, &u32),
               HSA_STATUS_SUCCESS);
  CHECK(u32 == 16, "KERNARG_SEGMENT_ALIGNMENT == 16 (%u)", u32);
  CHECK_STATUS(hsa_executable_symbol_get_info(
                   sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE, &u32),
               HSA_STATUS_SUCCESS);
  CHECK(u32 == 0, "GROUP_SEGMENT_SIZE == 0 (%u)", u32);
  CHECK_STATUS(hsa_executable_symbol_get_info(
                   sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE, &u32),
               HSA_STATUS_SUCCESS);
  CHECK(u32 == 0, "PRIVATE_SEGMENT_SIZE == 0 (%u)", u32);
  CHECK_STATUS(
      hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &u64),
      HSA_STATUS_SUCCESS);
  CHECK(u64 != 0, "KERNEL_OBJECT of a frozen executable is not 0");
  CHECK_STATUS(hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_AGENT, &sym_agent),
               HSA_STATUS_SUCCESS);
  CHECK(sym_agent.handle == g_agent.handle, "symbol AGENT is the CPU agent");
  k = get_kernel(co.executable, g_agent, "vector_add.kd");
  CHECK(k.object == u64, "the kernel object is stable across lookups");

  /* Symbol iteration. */
  memset(&cs, 0, sizeof cs);
  CHECK_STATUS(hsa_executable_iterate_agent_symbols(co.executable, g_agent, agent_symbol_cb, &cs),
               HSA_STATUS_SUCCESS);
  CHECK(cs.kernels_named_vector_add == 1 && cs.variables_named_global == 1,
        "iterate_agent_symbols: vector_add.kd (kernel) and ferrocm_test_global (variable), "
        "%d symbols",
        cs.total);
  memset(&cs, 0, sizeof cs);
  CHECK_STATUS(hsa_executable_iterate_symbols(co.executable, any_symbol_cb, &cs),
               HSA_STATUS_SUCCESS);
  CHECK(cs.kernels_named_vector_add == 1 && cs.variables_named_global == 1,
        "deprecated iterate_symbols sees the same symbols (%d symbols)", cs.total);

  /* 1M-element vector add with 256-wide groups. */
  a = (float *)alloc_global(n * sizeof(float));
  b = (float *)alloc_global(n * sizeof(float));
  c = (float *)alloc_global((n + 1024) * sizeof(float));
  for (i = 0; i < n; i++) {
    a[i] = (float)i;
    b[i] = (float)(2 * (i % 4096)) + 0.5f;
  }
  for (i = 0; i < n + 1024; i++) c[i] = -1.0f;
  memset(&args, 0, sizeof args);
  args.a = a;
  args.b = b;
  args.c = c;
  args.n = n;
  kernarg = make_kernarg(g_kernarg, &k, &args, sizeof args);
  done = make_signal(1);
  {
    uint32_t grid[3] = {n, 1, 1};
    uint16_t wg[3] = {256, 1, 1};
    uint64_t before = hsa_queue_load_write_index_relaxed(g_queue);
    id = submit_dispatch(g_queue, &k, 1, grid, wg, 0, kernarg, done);
    CHECK(id == before, "the reserved packet id is the previous write index (%" PRIu64 ")", id);
  }
  v = wait_completion(done);
  CHECK(v == 0, "completion signal decremented to 0 (%" PRId64 ")", (int64_t)v);
  bad = 0;
  for (i = 0; i < n; i++)
    if (c[i] != a[i] + b[i]) bad++;
  CHECK(bad == 0, "vector_add: all %u elements correct (%u wrong)", n, bad);
  bad = 0;
  for (i = n; i < n + 1024; i++)
    if (c[i] != -1.0f) bad++;
  CHECK(bad == 0, "vector_add: nothing written past the end");
  {
    uint64_t deadline = now_ns() + 2000000000ull;
    while (hsa_queue_load_read_index_scacquire(g_queue) != id + 1 && now_ns() < deadline)
      sleep_ms(1);
    CHECK(hsa_queue_load_read_index_scacquire(g_queue) == id + 1,
          "read index advanced past the dispatch (%" PRIu64 ")",
          hsa_queue_load_read_index_scacquire(g_queue));
  }

  /* Partial trailing group with the same kernel: n2 = 1000003. */
  {
    const uint32_t n2 = 1000003;
    uint32_t grid[3] = {n2, 1, 1};
    uint16_t wg[3] = {256, 1, 1};
    for (i = 0; i < n + 1024; i++) c[i] = -1.0f;
    args.n = n2;
    memcpy(kernarg, &args, sizeof args);
    hsa_signal_store_relaxed(done, 1);
    submit_dispatch(g_queue, &k, 1, grid, wg, 0, kernarg, done);
    v = wait_completion(done);
    CHECK(v == 0, "completion of the partial-group vector add (%" PRId64 ")", (int64_t)v);
    bad = 0;
    for (i = 0; i < n2; i++)
      if (c[i] != a[i] + b[i]) bad++;
    for (i = n2; i < n + 1024; i++)
      if (c[i] != -1.0f) bad++;
    CHECK(bad == 0, "vector_add over %u elements (grid not a multiple of 256): %u wrong", n2, bad);
  }

  /* Eight dispatches in flight sharing one completion signal initialised to 8. */
  {
    enum { K = 8 };
    const uint32_t m = 65536 + 17;
    float *outs[K];
    void *kas[K];
    int j;
    uint32_t grid[3] = {m, 1, 1};
    uint16_t wg[3] = {64, 1, 1};
    hsa_signal_store_relaxed(done, K);
    for (j = 0; j < K; j++) {
      outs[j] = (float *)alloc_global(m * sizeof(float));
      memset(outs[j], 0, m * sizeof(float));
      args.c = outs[j];
      args.n = m;
      kas[j] = make_kernarg(g_kernarg, &k, &args, sizeof args);
    }
    hsa_signal_t gate = make_signal(1), none = {0};
    {
      /* Half of them, then a barrier-AND on a closed gate (no completion signal), then the rest. */
      for (j = 0; j < K; j++) {
        if (j == K / 2) submit_barrier(g_queue, false, &gate, 1, none, false);
        submit_dispatch(g_queue, &k, 1, grid, wg, 0, kas[j], done);
      }
      v = wait_until(done, HSA_SIGNAL_CONDITION_LT, K / 2 + 1, 30000);
      CHECK(v == K / 2, "4 completed dispatches decremented the shared signal from 8 to 4 (%" PRId64
                        ")",
            (int64_t)v);
      sleep_ms(20);
      CHECK(hsa_signal_load_scacquire(done) == K / 2,
            "the dispatches behind the closed gate have not completed");
      hsa_signal_store_screlease(gate, 0);
    }
    v = wait_completion(done);
    CHECK(v == 0, "shared completion signal counted down from 8 to 0 (%" PRId64 ")", (int64_t)v);
    bad = 0;
    for (j = 0; j < K; j++)
      for (i = 0; i < m; i++)
        if (outs[j][i] != a[i] + b[i]) bad++;
    CHECK(bad == 0, "all 8 dispatches complete when the shared signal reaches 0 (%u wrong)", bad);
    hsa_signal_destroy(gate);
    for (j = 0; j < K; j++) {
      hsa_memory_free(outs[j]);
      hsa_memory_free(kas[j]);
    }
  }

  /* Global variable. */
  {
    hsa_executable_symbol_t var;
    uint64_t addr = 0;
    uint32_t size = 0;
    volatile uint32_t *gv;
    uint32_t *out = (uint32_t *)alloc_global(64);
    kernel_t rk;
    read_global_args_t rargs;
    void *rka;
    uint32_t grid[3] = {1, 1, 1};
    uint16_t wg[3] = {1, 1, 1};

    REQUIRE_SUCCESS(
        hsa_executable_get_symbol_by_name(co.executable, "ferrocm_test_global", &g_agent, &var));
    CHECK_STATUS(hsa_executable_symbol_get_info(var, HSA_EXECUTABLE_SYMBOL_INFO_TYPE, &kind),
                 HSA_STATUS_SUCCESS);
    CHECK(kind == HSA_SYMBOL_KIND_VARIABLE, "ferrocm_test_global is a VARIABLE symbol (%d)",
          (int)kind);
    CHECK_STATUS(
        hsa_executable_symbol_get_info(var, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS, &addr),
        HSA_STATUS_SUCCESS);
    CHECK(addr != 0, "VARIABLE_ADDRESS is not 0");
    CHECK_STATUS(
        hsa_executable_symbol_get_info(var, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE, &size),
        HSA_STATUS_SUCCESS);
    CHECK(size == 4, "VARIABLE_SIZE == 4 (%u)", size);
    if (addr != 0) {
      gv = (volatile uint32_t *)(uintptr_t)addr;
      CHECK(*gv == 0x12345678u, "the variable holds its initial value 0x12345678 (0x%x)", *gv);
      *gv = 777;
      rk = get_kernel(co.executable, g_agent, "read_global.kd");
      memset(&rargs, 0, sizeof rargs);
      rargs.out = out;
      out[0] = 0;
      rka = make_kernarg(g_kernarg, &rk, &rargs, sizeof rargs);
      hsa_signal_store_relaxed(done, 1);
      submit_dispatch(g_queue, &rk, 1, grid, wg, 0, rka, done);
      v = wait_completion(done);
      CHECK(v == 0, "read_global completed");
      CHECK(out[0] == 777, "the kernel sees the value the host stored at VARIABLE_ADDRESS (%u)",
            out[0]);
      CHECK(*gv == 778, "the host sees the kernel's increment at VARIABLE_ADDRESS (%u)", *gv);
      hsa_memory_free(rka);
    }
    hsa_memory_free(out);
  }

  CHECK_STATUS(hsa_signal_destroy(done), HSA_STATUS_SUCCESS);
  hsa_memory_free(kernarg);
  hsa_memory_free(a);
  hsa_memory_free(b);
  hsa_memory_free(c);
  unload_code_object(&co);
}

/* ------------------------------------------------------------------------ */

static void run_global_id(const kernel_t *k, uint32_t dims, uint32_t gx, uint32_t gy, uint32_t gz,
                          uint16_t wx, uint16_t wy, uint16_t wz) {
  const uint64_t total = (uint64_t)gx * gy * gz;
  const uint64_t tail = 256;
  uint32_t *out = (uint32_t *)alloc_global((size_t)(4 * (total + tail)) * sizeof(uint32_t));
  uint32_t *oob = (uint32_t *)alloc_global(64);
  global_id_args_t args;
  void *kernarg;
  hsa_signal_t done = make_signal(1);
  hsa_signal_value_t v;
  uint64_t i, wrong = 0, bad_state = 0, first_wrong = UINT64_MAX, tail_bad = 0;
  uint32_t grid[3];
  uint16_t wg[3];

  memset(out, 0xFF, (size_t)(4 * (total + tail)) * sizeof(uint32_t));
  *oob = 0;
  memset(&args, 0, sizeof args);
  args.out = out;
  args.out_of_grid = oob;
  args.grid[0] = gx;
  args.grid[1] = gy;
  args.grid[2] = gz;
  args.wg[0] = wx;
  args.wg[1] = wy;
  args.wg[2] = wz;
  args.dims = dims;
  kernarg = make_kernarg(g_kernarg, k, &args, sizeof args);
  grid[0] = gx;
  grid[1] = gy;
  grid[2] = gz;
  wg[0] = wx;
  wg[1] = wy;
  wg[2] = wz;
  submit_dispatch(g_queue, k, dims, grid, wg, 0, kernarg, done);
  v = wait_until(done, HSA_SIGNAL_CONDITION_LT, 1, 60000);
  CHECK(v == 0, "%uD global_id %ux%ux%u / %ux%ux%u completed (%" PRId64 ")", dims, gx, gy, gz, wx,
        wy, wz, (int64_t)v);
  for (i = 0; i < total; i++) {
    uint32_t x = (uint32_t)(i % gx), y = (uint32_t)((i / gx) % gy), z = (uint32_t)(i / gx / gy);
    if (out[4 * i] != x || out[4 * i + 1] != y || out[4 * i + 2] != z) {
      wrong++;
      if (first_wrong == UINT64_MAX) first_wrong = i;
    } else if (out[4 * i + 3] != 0) {
      bad_state++;
      if (first_wrong == UINT64_MAX) first_wrong = i;
    }
  }
  for (i = 4 * total; i < 4 * (total + tail); i++)
    if (out[i] != 0xFFFFFFFFu) tail_bad++;
  CHECK(wrong == 0, "%uD grid %ux%ux%u wg %ux%ux%u: every work-item ran once with its global id "
                    "(%" PRIu64 " wrong, first at %" PRId64 ")",
        dims, gx, gy, gz, wx, wy, wz, wrong, wrong ? (int64_t)first_wrong : -1);
  CHECK(bad_state == 0,
        "%uD: work-item state (grid/workgroup/local size, num_groups, ids, dims) consistent "
        "(%" PRIu64 " bad; first mask 0x%x)",
        dims, bad_state, first_wrong < total ? out[4 * first_wrong + 3] : 0u);
  CHECK(*oob == 0 && tail_bad == 0, "%uD: no work-item ran outside the grid (%u, %" PRIu64 ")",
        dims, *oob, tail_bad);
  hsa_signal_destroy(done);
  hsa_memory_free(kernarg);
  hsa_memory_free(out);
  hsa_memory_free(oob);
}

static void test_global_ids(const char *path) {
  code_object_t co;
  kernel_t k;
  printf("-- global ids from %s\n", path);
  co = load_code_object(path, g_agent);
  k = get_kernel(co.executable, g_agent, "global_id.kd");
  CHECK(k.kernarg_size == 48, "global_id KERNARG_SEGMENT_SIZE == 48 (%u)", k.kernarg_size);
  run_global_id(&k, 1, 1024, 1, 1, 256, 1, 1);
  run_global_id(&k, 1, 1000, 1, 1, 64, 1, 1);     /* partial last group */
  run_global_id(&k, 1, 100003, 1, 1, 1024, 1, 1); /* largest group, partial */
  run_global_id(&k, 2, 256, 64, 1, 16, 16, 1);
  run_global_id(&k, 2, 300, 200, 1, 16, 16, 1); /* partial in x and y */
  run_global_id(&k, 2, 100, 70, 1, 64, 16, 1);  /* 1024-item groups, partial */
  run_global_id(&k, 3, 32, 16, 8, 8, 4, 2);
  run_global_id(&k, 3, 37, 19, 11, 8, 4, 2); /* partial in x, y and z */
  run_global_id(&k, 3, 5, 6, 7, 1, 1, 1);
  unload_code_object(&co);
}

/* ------------------------------------------------------------------------ */

static void run_reduce(const kernel_t *k, bool dynamic, uint32_t n, uint16_t wgx) {
  const uint32_t groups = (n + wgx - 1) / wgx;
  uint32_t *in = (uint32_t *)alloc_global(n * sizeof(uint32_t));
  uint32_t *out = (uint32_t *)alloc_global(groups * sizeof(uint32_t) + 64);
  uint32_t *err = (uint32_t *)alloc_global(groups * sizeof(uint32_t) + 64);
  block_reduce_args_t args;
  void *kernarg;
  hsa_signal_t done = make_signal(1);
  uint32_t i, g, wrong = 0, errs = 0, first_err = 0;
  uint32_t grid[3] = {n, 1, 1};
  uint16_t wg[3] = {wgx, 1, 1};
  hsa_signal_value_t v;

  for (i = 0; i < n; i++) in[i] = i % 1000u + 1u;
  memset(out, 0xFF, groups * sizeof(uint32_t));
  memset(err, 0, groups * sizeof(uint32_t));
  memset(&args, 0, sizeof args);
  args.in = in;
  args.out = out;
  args.err = err;
  args.n = n;
  kernarg = make_kernarg(g_kernarg, k, &args, sizeof args);
  submit_dispatch(g_queue, k, 1, grid, wg, dynamic ? (uint32_t)wgx * 4u : 0u, kernarg, done);
  v = wait_until(done, HSA_SIGNAL_CONDITION_LT, 1, 60000);
  CHECK(v == 0, "block_reduce%s n=%u wg=%u completed", dynamic ? "_dyn" : "", n, wgx);
  for (g = 0; g < groups; g++) {
    uint32_t sum = 0;
    for (i = g * wgx; i < n && i < (g + 1) * wgx; i++) sum += in[i];
    if (out[g] != sum) wrong++;
    if (err[g] != 0) {
      if (errs == 0) first_err = err[g];
      errs++;
    }
  }
  CHECK(wrong == 0, "block_reduce%s: all %u group sums correct (%u wrong)",
        dynamic ? "_dyn (dynamic group memory)" : " (static group memory)", groups, wrong);
  CHECK(errs == 0, "block_reduce%s: group segment and barrier checks (%u groups bad, mask 0x%x)",
        dynamic ? "_dyn" : "", errs, first_err);
  hsa_signal_destroy(done);
  hsa_memory_free(kernarg);
  hsa_memory_free(in);
  hsa_memory_free(out);
  hsa_memory_free(err);
}

static void test_group_memory(const char *path) {
  code_object_t co;
  kernel_t ks, kd;
  printf("-- group memory from %s\n", path);
  co = load_code_object(path, g_agent);
  ks = get_kernel(co.executable, g_agent, "block_reduce.kd");
  kd = get_kernel(co.executable, g_agent, "block_reduce_dyn.kd");
  CHECK(ks.group_size == 1024, "block_reduce GROUP_SEGMENT_SIZE == 1024 (%u)", ks.group_size);
  CHECK(kd.group_size == 16, "block_reduce_dyn GROUP_SEGMENT_SIZE == 16 (%u)", kd.group_size);
  run_reduce(&ks, false, 256 * 64, 256);
  run_reduce(&ks, false, 100000, 256); /* partial last group */
  run_reduce(&ks, false, 1000, 64);
  run_reduce(&kd, true, 256 * 64, 256);
  run_reduce(&kd, true, 100001, 256);
  run_reduce(&kd, true, 999, 128);
  unload_code_object(&co);
}

int main(int argc, char **argv) {
  const char *va, *gi, *br;
  test_begin("dispatch_basic", 100);
  va = arg_path(argc, argv, 1, "the vector_add code object");
  gi = arg_path(argc, argv, 2, "the global_id code object");
  br = arg_path(argc, argv, 3, "the block_reduce code object");

  REQUIRE_SUCCESS(hsa_init());
  g_agent = require_cpu_agent();
  g_kernarg = require_kernarg_region(g_agent);
  g_global = find_region(g_agent, HSA_REGION_SEGMENT_GLOBAL, HSA_REGION_GLOBAL_FLAG_FINE_GRAINED, 0);
  REQUIRE(g_global.handle != 0, "the CPU agent has a fine-grained global region");
  g_queue = make_queue(g_agent, 256, HSA_QUEUE_TYPE_MULTI, &g_errors);
  CHECK(hsa_queue_load_read_index_relaxed(g_queue) == 0 &&
            hsa_queue_load_write_index_relaxed(g_queue) == 0,
        "a new queue has read index == write index == 0");

  test_executable_and_vector_add(va);
  test_global_ids(gi);
  test_group_memory(br);

  CHECK(g_errors.count == 0, "the queue error callback was never called (%d, status 0x%x)",
        g_errors.count, (unsigned)g_errors.status);
  CHECK_STATUS(hsa_queue_destroy(g_queue), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_shut_down(), HSA_STATUS_SUCCESS);
  return test_finish();
}
