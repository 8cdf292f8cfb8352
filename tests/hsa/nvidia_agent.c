/*
 * NVIDIA GPUs as HSA agents, through the C API:
 *   - the GPU agent's attributes (device type, vendor, wavefront 32, ISA name, nearest CPU);
 *   - its pools: device coarse-grained (location GPU, not accessible to the CPU agent),
 *     pinned host fine-grained and kernarg; allocation, hsa_memory_copy host <-> device,
 *     hsa_amd_memory_fill on device memory, hsa_amd_pointer_info, freeing;
 *   - a PTX code object (embedded below) loaded with hsa_executable_load_agent_code_object,
 *     its kernel and variable symbols;
 *   - kernel dispatches through an AQL queue with a completion signal;
 *   - a barrier-AND on a signal the host sets later (the next dispatch must not run before);
 *   - a barrier-OR;
 *   - a malformed packet -> the queue error callback with HSA_STATUS_ERROR_INVALID_PACKET_FORMAT.
 *
 * Without an NVIDIA GPU agent it prints "skipped: no NVIDIA GPU", checks that PTX does not
 * load on the CPU agent, and passes.
 */
#include "common.h"

/* store_id(u32* out, u32 n, u32 base): out[i] = base + i for the global id i < n. */
static const char PTX[] =
    ".version 7.0\n"
    ".target sm_50\n"
    ".address_size 64\n"
    "\n"
    ".visible .global .align 4 .u32 hsa_test_counter;\n"
    "\n"
    ".visible .entry store_id(\n"
    "\t.param .u64 store_id_out,\n"
    "\t.param .u32 store_id_n,\n"
    "\t.param .u32 store_id_base\n"
    ")\n"
    "{\n"
    "\t.reg .pred %p<2>;\n"
    "\t.reg .b32 %r<8>;\n"
    "\t.reg .b64 %rd<4>;\n"
    "\tld.param.u64 %rd1, [store_id_out];\n"
    "\tld.param.u32 %r1, [store_id_n];\n"
    "\tld.param.u32 %r2, [store_id_base];\n"
    "\tmov.u32 %r3, %ctaid.x;\n"
    "\tmov.u32 %r4, %ntid.x;\n"
    "\tmov.u32 %r5, %tid.x;\n"
    "\tmad.lo.u32 %r6, %r3, %r4, %r5;\n"
    "\tsetp.ge.u32 %p1, %r6, %r1;\n"
    "\t@%p1 bra $L_done;\n"
    "\tadd.u32 %r7, %r6, %r2;\n"
    "\tmul.wide.u32 %rd2, %r6, 4;\n"
    "\tadd.u64 %rd3, %rd1, %rd2;\n"
    "\tst.u32 [%rd3], %r7;\n"
    "$L_done:\n"
    "\tret;\n"
    "}\n";

typedef struct {
  hsa_agent_t first;
  int count;
} gpu_query_t;

static hsa_status_t find_gpu_cb(hsa_agent_t agent, void *data) {
  gpu_query_t *q = (gpu_query_t *)data;
  hsa_device_type_t type;
  char vendor[64];
  if (hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type) != HSA_STATUS_SUCCESS)
    return HSA_STATUS_ERROR;
  if (type != HSA_DEVICE_TYPE_GPU) return HSA_STATUS_SUCCESS;
  memset(vendor, 0, sizeof vendor);
  if (hsa_agent_get_info(agent, HSA_AGENT_INFO_VENDOR_NAME, vendor) != HSA_STATUS_SUCCESS)
    return HSA_STATUS_ERROR;
  if (strncmp(vendor, "NVIDIA", 6) != 0) return HSA_STATUS_SUCCESS;
  if (q->count++ == 0) q->first = agent;
  return HSA_STATUS_SUCCESS;
}

static hsa_agent_t g_gpu;
static hsa_agent_t g_cpu;
static hsa_amd_memory_pool_t g_coarse, g_fine, g_kernarg;

/** Loads the PTX for `agent`; returns the status of hsa_executable_load_agent_code_object. */
static hsa_status_t load_ptx(hsa_agent_t agent, hsa_code_object_reader_t *reader,
                             hsa_executable_t *exe) {
  hsa_status_t st;
  REQUIRE_SUCCESS(hsa_code_object_reader_create_from_memory(PTX, sizeof PTX - 1, reader));
  REQUIRE_SUCCESS(create_executable(agent, exe));
  st = hsa_executable_load_agent_code_object(*exe, agent, *reader, NULL, NULL);
  return st;
}

static void test_agent(void) {
  char name[64], vendor[64], isa_name[128];
  uint32_t wavefront = 0, wg_max = 0, feature = 0, cus = 0, isa_len = 0;
  uint16_t wg_dim[3] = {0, 0, 0};
  hsa_isa_t isa = {0};
  hsa_agent_t nearest = {0};
  hsa_profile_t profile = HSA_PROFILE_FULL;
  printf("-- the GPU agent\n");
  memset(name, 0, sizeof name);
  memset(vendor, 0, sizeof vendor);
  memset(isa_name, 0, sizeof isa_name);
  CHECK_STATUS(hsa_agent_get_info(g_gpu, HSA_AGENT_INFO_NAME, name), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_agent_get_info(g_gpu, HSA_AGENT_INFO_VENDOR_NAME, vendor), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_agent_get_info(g_gpu, HSA_AGENT_INFO_FEATURE, &feature), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_agent_get_info(g_gpu, HSA_AGENT_INFO_WAVEFRONT_SIZE, &wavefront),
               HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_agent_get_info(g_gpu, HSA_AGENT_INFO_WORKGROUP_MAX_SIZE, &wg_max),
               HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_agent_get_info(g_gpu, HSA_AGENT_INFO_WORKGROUP_MAX_DIM, wg_dim),
               HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_agent_get_info(g_gpu, (hsa_agent_info_t)HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT,
                                  &cus),
               HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_agent_get_info(g_gpu, (hsa_agent_info_t)HSA_AMD_AGENT_INFO_NEAREST_CPU,
                                  &nearest),
               HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_agent_get_info(g_gpu, HSA_AGENT_INFO_PROFILE, &profile), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_agent_get_info(g_gpu, HSA_AGENT_INFO_ISA, &isa), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME_LENGTH, &isa_len), HSA_STATUS_SUCCESS);
  if (isa_len < sizeof isa_name)
    CHECK_STATUS(hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME, isa_name), HSA_STATUS_SUCCESS);
  test_note("GPU agent \"%s\", %u compute units, ISA %s", name, cus, isa_name);
  CHECK(strcmp(vendor, "NVIDIA") == 0, "vendor NVIDIA (%s)", vendor);
  CHECK(name[0] != 0, "the agent has a name");
  CHECK(feature == HSA_AGENT_FEATURE_KERNEL_DISPATCH, "feature KERNEL_DISPATCH only (%u)", feature);
  CHECK(wavefront == 32, "wavefront size 32 (%u)", wavefront);
  CHECK(wg_max == 1024, "work-group max size 1024 (%u)", wg_max);
  CHECK(wg_dim[0] == 1024 && wg_dim[1] == 1024 && wg_dim[2] == 64,
        "work-group max dims 1024x1024x64 (%u x %u x %u)", wg_dim[0], wg_dim[1], wg_dim[2]);
  CHECK(cus >= 1, "compute units (%u)", cus);
  CHECK(nearest.handle == g_cpu.handle, "the nearest CPU is the CPU agent");
  CHECK(profile == HSA_PROFILE_BASE, "base profile (%d)", (int)profile);
  CHECK(strncmp(isa_name, "nvptx64-nvidia-cuda--sm_", 24) == 0, "ISA name %s", isa_name);
}

static void test_pools(void) {
  const size_t n = 4096;
  uint32_t *host = NULL, *dev = NULL, *back;
  hsa_amd_memory_pool_location_t loc = HSA_AMD_MEMORY_POOL_LOCATION_CPU;
  hsa_amd_memory_pool_access_t access = HSA_AMD_MEMORY_POOL_ACCESS_ALLOWED_BY_DEFAULT;
  hsa_amd_pointer_info_t info;
  size_t i;
  int ok;
  printf("-- pools, allocation and copies\n");
  CHECK_STATUS(hsa_amd_memory_pool_get_info(g_coarse, HSA_AMD_MEMORY_POOL_INFO_LOCATION, &loc),
               HSA_STATUS_SUCCESS);
  CHECK(loc == HSA_AMD_MEMORY_POOL_LOCATION_GPU, "the coarse-grained pool is GPU memory");
  CHECK_STATUS(hsa_amd_agent_memory_pool_get_info(g_cpu, g_coarse,
                                                  HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS, &access),
               HSA_STATUS_SUCCESS);
  CHECK(access == HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED,
        "the CPU agent never accesses device memory (%d)", (int)access);
  CHECK_STATUS(hsa_amd_agent_memory_pool_get_info(g_gpu, g_fine,
                                                  HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS, &access),
               HSA_STATUS_SUCCESS);
  CHECK(access == HSA_AMD_MEMORY_POOL_ACCESS_ALLOWED_BY_DEFAULT,
        "the GPU accesses its pinned host pool (%d)", (int)access);

  REQUIRE_SUCCESS(hsa_amd_memory_pool_allocate(g_coarse, n * 4, 0, (void **)&dev));
  REQUIRE_SUCCESS(hsa_amd_memory_pool_allocate(g_fine, n * 4, 0, (void **)&host));
  back = (uint32_t *)calloc(n, 4);
  REQUIRE(back != NULL, "calloc");
  for (i = 0; i < n; i++) host[i] = (uint32_t)(i * 7u + 3u);
  CHECK_STATUS(hsa_memory_copy(dev, host, n * 4), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_memory_copy(back, dev, n * 4), HSA_STATUS_SUCCESS);
  for (ok = 1, i = 0; i < n; i++) ok &= back[i] == (uint32_t)(i * 7u + 3u);
  CHECK(ok, "host -> device -> host copies round-trip");
  CHECK_STATUS(hsa_amd_memory_fill(dev, 0xCAFEu, n), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_memory_copy(back, dev, n * 4), HSA_STATUS_SUCCESS);
  for (ok = 1, i = 0; i < n; i++) ok &= back[i] == 0xCAFEu;
  CHECK(ok, "hsa_amd_memory_fill on device memory");

  memset(&info, 0, sizeof info);
  info.size = sizeof info;
  CHECK_STATUS(hsa_amd_pointer_info(dev, &info, NULL, NULL, NULL), HSA_STATUS_SUCCESS);
  CHECK(info.type == HSA_EXT_POINTER_TYPE_HSA && info.agentBaseAddress == dev &&
            info.hostBaseAddress == NULL && info.agentOwner.handle == g_gpu.handle,
        "pointer info of device memory: HSA type, no host address, owned by the GPU agent");

  CHECK_STATUS(hsa_amd_memory_pool_free(dev), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_amd_memory_pool_free(host), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_amd_memory_pool_free(dev), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  free(back);
}

typedef struct {
  hsa_code_object_reader_t reader;
  hsa_executable_t exe;
  kernel_t store_id;
} module_t;

static module_t load_module(void) {
  module_t m;
  hsa_executable_symbol_t var;
  uint64_t address = 0;
  uint32_t size = 0, value = 0x5EEDu, back = 0;
  printf("-- the PTX code object\n");
  REQUIRE_SUCCESS(load_ptx(g_gpu, &m.reader, &m.exe));
  REQUIRE_SUCCESS(hsa_executable_freeze(m.exe, NULL));
  m.store_id = get_kernel(m.exe, g_gpu, "store_id.kd");
  test_note("store_id: kernel object 0x%" PRIx64 ", kernarg %u bytes (align %u), group %u",
            m.store_id.object, m.store_id.kernarg_size, m.store_id.kernarg_align,
            m.store_id.group_size);
  CHECK(m.store_id.kernarg_size == 16, "kernarg segment size 16 (%u)", m.store_id.kernarg_size);
  CHECK(m.store_id.kernarg_align >= 16, "kernarg alignment >= 16 (%u)", m.store_id.kernarg_align);
  CHECK_STATUS(hsa_executable_get_symbol_by_name(m.exe, "hsa_test_counter", &g_gpu, &var),
               HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_executable_symbol_get_info(var, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS,
                                              &address),
               HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_executable_symbol_get_info(var, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE, &size),
               HSA_STATUS_SUCCESS);
  CHECK(address != 0 && size == 4, "variable hsa_test_counter (%u bytes)", size);
  CHECK_STATUS(hsa_memory_copy((void *)(uintptr_t)address, &value, 4), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_memory_copy(&back, (void *)(uintptr_t)address, 4), HSA_STATUS_SUCCESS);
  CHECK(back == value, "the variable round-trips through device memory (0x%x)", back);
  return m;
}

static void unload_module(module_t *m) {
  CHECK_STATUS(hsa_executable_destroy(m->exe), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_code_object_reader_destroy(m->reader), HSA_STATUS_SUCCESS);
}

/** A kernarg buffer for store_id(out, n, base) from the GPU's kernarg pool. */
static void *store_id_args(uint32_t *out, uint32_t n, uint32_t base) {
  struct {
    uint32_t *out;
    uint32_t n;
    uint32_t base;
  } args;
  void *p = NULL;
  args.out = out;
  args.n = n;
  args.base = base;
  REQUIRE_SUCCESS(hsa_amd_memory_pool_allocate(g_kernarg, sizeof args, 0, &p));
  memcpy(p, &args, sizeof args);
  return p;
}

static uint32_t *host_buffer(uint32_t n) {
  uint32_t *p = NULL;
  REQUIRE_SUCCESS(hsa_amd_memory_pool_allocate(g_fine, (size_t)n * 4, 0, (void **)&p));
  memset(p, 0, (size_t)n * 4);
  return p;
}

static int all_equal_from(const uint32_t *p, uint32_t n, uint32_t base) {
  uint32_t i;
  for (i = 0; i < n; i++)
    if (__atomic_load_n(&p[i], __ATOMIC_RELAXED) != base + i) return 0;
  return 1;
}

static int all_zero(const uint32_t *p, uint32_t n) {
  uint32_t i;
  for (i = 0; i < n; i++)
    if (__atomic_load_n(&p[i], __ATOMIC_RELAXED) != 0) return 0;
  return 1;
}

static void test_dispatch(const module_t *m) {
  const uint32_t n = 1000;
  const uint32_t grid[3] = {n, 1, 1};
  const uint16_t wg[3] = {128, 1, 1};
  queue_errors_t errs;
  hsa_queue_t *q = make_queue(g_gpu, 64, HSA_QUEUE_TYPE_MULTI, &errs);
  uint32_t *out = host_buffer(n);
  void *args = store_id_args(out, n, 5);
  hsa_signal_t done = make_signal(1);
  printf("-- a kernel dispatch with a completion signal\n");
  submit_dispatch(q, &m->store_id, 1, grid, wg, 0, args, done);
  CHECK(wait_until(done, HSA_SIGNAL_CONDITION_EQ, 0, 30000) == 0, "the completion signal drops to 0");
  CHECK(all_equal_from(out, n, 5), "out[i] == 5 + i for all %u work-items", n);
  CHECK(hsa_queue_load_read_index_scacquire(q) == 1, "the read index advanced");
  CHECK(errs.count == 0, "no queue error");
  CHECK_STATUS(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  hsa_signal_destroy(done);
  hsa_amd_memory_pool_free(args);
  hsa_amd_memory_pool_free(out);
}

static void test_barrier_and(const module_t *m) {
  const uint32_t n = 256;
  const uint32_t grid[3] = {n, 1, 1};
  const uint16_t wg[3] = {64, 1, 1};
  queue_errors_t errs;
  hsa_queue_t *q = make_queue(g_gpu, 64, HSA_QUEUE_TYPE_MULTI, &errs);
  uint32_t *first = host_buffer(n), *second = host_buffer(n);
  void *a1 = store_id_args(first, n, 100), *a2 = store_id_args(second, n, 200);
  hsa_signal_t gate = make_signal(1), barrier_done = make_signal(1), done = make_signal(1);
  hsa_signal_t none = {0};
  uint64_t deadline;
  printf("-- barrier-AND on a signal the host sets later\n");
  submit_dispatch(q, &m->store_id, 1, grid, wg, 0, a1, none);
  submit_barrier(q, false, &gate, 1, barrier_done, false);
  submit_dispatch(q, &m->store_id, 1, grid, wg, 0, a2, done);
  deadline = now_ns() + 30000000000ull;
  while (!all_equal_from(first, n, 100) && now_ns() < deadline) sleep_ms(1);
  CHECK(all_equal_from(first, n, 100), "the dispatch before the barrier ran");
  sleep_ms(200);
  CHECK(hsa_signal_load_scacquire(barrier_done) == 1, "the barrier waits for its dependency");
  CHECK(hsa_signal_load_scacquire(done) == 1, "the dispatch after the barrier has not completed");
  CHECK(all_zero(second, n), "the dispatch after the barrier did not run");
  hsa_signal_store_screlease(gate, 0);
  CHECK(wait_until(barrier_done, HSA_SIGNAL_CONDITION_EQ, 0, 30000) == 0,
        "the barrier completes once the signal is 0");
  CHECK(wait_until(done, HSA_SIGNAL_CONDITION_EQ, 0, 30000) == 0, "then the dispatch completes");
  CHECK(all_equal_from(second, n, 200), "and wrote its output");
  CHECK(errs.count == 0, "no queue error");
  CHECK_STATUS(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  hsa_signal_destroy(gate);
  hsa_signal_destroy(barrier_done);
  hsa_signal_destroy(done);
  hsa_amd_memory_pool_free(a1);
  hsa_amd_memory_pool_free(a2);
  hsa_amd_memory_pool_free(first);
  hsa_amd_memory_pool_free(second);
}

static void test_barrier_or(const module_t *m) {
  const uint32_t n = 64;
  const uint32_t grid[3] = {n, 1, 1};
  const uint16_t wg[3] = {64, 1, 1};
  queue_errors_t errs;
  hsa_queue_t *q = make_queue(g_gpu, 64, HSA_QUEUE_TYPE_MULTI, &errs);
  uint32_t *out = host_buffer(n);
  void *args = store_id_args(out, n, 300);
  hsa_signal_t deps[2], or_done = make_signal(1), done = make_signal(1);
  printf("-- barrier-OR\n");
  deps[0] = make_signal(1);
  deps[1] = make_signal(1);
  submit_barrier(q, true, deps, 2, or_done, false);
  submit_dispatch(q, &m->store_id, 1, grid, wg, 0, args, done);
  sleep_ms(200);
  CHECK(hsa_signal_load_scacquire(or_done) == 1 && all_zero(out, n),
        "nothing completes while both dependencies are 1");
  hsa_signal_store_screlease(deps[1], 0);
  CHECK(wait_until(or_done, HSA_SIGNAL_CONDITION_EQ, 0, 30000) == 0,
        "the barrier-OR completes when one dependency is 0");
  CHECK(wait_until(done, HSA_SIGNAL_CONDITION_EQ, 0, 30000) == 0, "then the dispatch completes");
  CHECK(all_equal_from(out, n, 300), "and wrote its output");
  CHECK(errs.count == 0, "no queue error");
  CHECK_STATUS(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  hsa_signal_destroy(deps[0]);
  hsa_signal_destroy(deps[1]);
  hsa_signal_destroy(or_done);
  hsa_signal_destroy(done);
  hsa_amd_memory_pool_free(args);
  hsa_amd_memory_pool_free(out);
}

static void test_malformed(const module_t *m) {
  const uint32_t grid[3] = {64, 1, 1};
  const uint16_t wg[3] = {64, 1, 1};
  queue_errors_t errs;
  hsa_queue_t *q = make_queue(g_gpu, 64, HSA_QUEUE_TYPE_MULTI, &errs);
  hsa_kernel_dispatch_packet_t p;
  hsa_signal_t none = {0};
  printf("-- a malformed packet\n");
  make_dispatch(&p, &m->store_id, grid, wg, 0, NULL, none);
  queue_submit(q, &p, 0xFFu | (1u << 16));
  CHECK(wait_flag(&errs.count, 30000), "the queue error callback is called");
  CHECK(errs.status == (int)HSA_STATUS_ERROR_INVALID_PACKET_FORMAT,
        "header type 0xFF -> HSA_STATUS_ERROR_INVALID_PACKET_FORMAT (0x%x %s)",
        (unsigned)errs.status, status_name((hsa_status_t)errs.status));
  CHECK(errs.queue == q, "the callback receives the failing queue");
  CHECK_STATUS(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);

  q = make_queue(g_gpu, 64, HSA_QUEUE_TYPE_MULTI, &errs);
  make_dispatch(&p, &m->store_id, grid, wg, 0, NULL, none);
  p.kernel_object = 0;
  queue_submit(q, &p,
               dispatch_first_word(packet_header(HSA_PACKET_TYPE_KERNEL_DISPATCH, false,
                                                 HSA_FENCE_SCOPE_SYSTEM, HSA_FENCE_SCOPE_SYSTEM),
                                   1));
  CHECK(wait_flag(&errs.count, 30000), "the queue error callback is called");
  CHECK(errs.status == (int)HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
        "kernel_object 0 -> HSA_STATUS_ERROR_INVALID_CODE_OBJECT (0x%x %s)",
        (unsigned)errs.status, status_name((hsa_status_t)errs.status));
  CHECK_STATUS(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
}

int main(void) {
  gpu_query_t gq;
  test_begin("nvidia_agent", 300);
  REQUIRE_SUCCESS(hsa_init());
  g_cpu = require_cpu_agent();
  memset(&gq, 0, sizeof gq);
  CHECK_STATUS(hsa_iterate_agents(find_gpu_cb, &gq), HSA_STATUS_SUCCESS);
  {
    /* PTX is recognised, and refused by the CPU agent. */
    hsa_code_object_reader_t reader;
    hsa_executable_t exe;
    CHECK_STATUS(load_ptx(g_cpu, &reader, &exe), HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS);
    CHECK_STATUS(hsa_executable_destroy(exe), HSA_STATUS_SUCCESS);
    CHECK_STATUS(hsa_code_object_reader_destroy(reader), HSA_STATUS_SUCCESS);
  }
  if (gq.count == 0) {
    printf("skipped: no NVIDIA GPU\n");
    CHECK_STATUS(hsa_shut_down(), HSA_STATUS_SUCCESS);
    return test_finish();
  }
  test_note("%d NVIDIA GPU agent(s)", gq.count);
  g_gpu = gq.first;
  g_coarse = find_pool(g_gpu, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED, 0);
  g_fine = find_pool(g_gpu, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED,
                     HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT);
  g_kernarg = find_pool(g_gpu, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT, 0);
  REQUIRE(g_coarse.handle && g_fine.handle && g_kernarg.handle,
          "the GPU agent has coarse-grained, fine-grained and kernarg pools");

  test_agent();
  test_pools();
  {
    module_t m = load_module();
    if (m.store_id.kernarg_size == 0) {
      /* Kernel argument sizes come from cuFuncGetParamInfo (CUDA 12.4+ drivers). */
      printf("skipped: dispatches (the CUDA driver cannot describe kernel arguments)\n");
    } else {
      test_dispatch(&m);
      test_barrier_and(&m);
      test_barrier_or(&m);
    }
    test_malformed(&m);
    unload_module(&m);
  }
  CHECK_STATUS(hsa_shut_down(), HSA_STATUS_SUCCESS);
  return test_finish();
}
