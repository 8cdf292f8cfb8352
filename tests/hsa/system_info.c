/*
 * system_info: system, agent, cache, ISA and wavefront information.
 *
 * Checks: system version 1.1, a timestamp that increases, timestamp frequency
 * 1 GHz, SIGNAL_MAX_WAIT, little endian, large machine model, the extensions
 * bitmask (only known extension ids set) and extension names, AMD system
 * attributes; the CPU agent's name, vendor, KERNEL_DISPATCH feature, device type
 * CPU, wavefront size 64, work-group limits (1024), grid limits, queue limits and
 * type (MULTI), version 1.1, profile, rounding mode, AMD agent attributes (UUID
 * "CPU-..."); cache iteration; ISA iteration, hsa_isa_get_info_alt,
 * hsa_isa_from_name, wavefront iteration; hsa_iterate_agents stopping early with
 * HSA_STATUS_INFO_BREAK (and other callback statuses) being returned.
 */
#include "common.h"

static hsa_agent_t g_agent;

static bool is_pow2_u32(uint32_t v) { return v != 0 && (v & (v - 1)) == 0; }

static bool bounded_string(const char *s, size_t cap) {
  size_t n = strnlen(s, cap);
  return n > 0 && n < cap;
}

static void test_system(void) {
  uint16_t major = 0, minor = 0;
  uint64_t t1 = 0, t2 = 0, freq = 0, max_wait = 0;
  hsa_endianness_t endian = HSA_ENDIANNESS_BIG;
  hsa_machine_model_t model = HSA_MACHINE_MODEL_SMALL;
  uint8_t ext[128];
  unsigned i;
  int unknown_bits = 0;
  static const uint16_t known[] = {HSA_EXTENSION_FINALIZER,      HSA_EXTENSION_IMAGES,
                                   HSA_EXTENSION_PERFORMANCE_COUNTERS,
                                   HSA_EXTENSION_PROFILING_EVENTS, HSA_EXTENSION_AMD_PROFILER,
                                   HSA_EXTENSION_AMD_LOADER,       HSA_EXTENSION_AMD_AQLPROFILE,
                                   HSA_EXTENSION_AMD_PC_SAMPLING};

  printf("-- system\n");
  CHECK_STATUS(hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MAJOR, &major), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MINOR, &minor), HSA_STATUS_SUCCESS);
  CHECK(major == 1 && minor == 1, "system version 1.1 (%u.%u)", major, minor);
  CHECK_STATUS(hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, &t1), HSA_STATUS_SUCCESS);
  sleep_ms(5);
  CHECK_STATUS(hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, &t2), HSA_STATUS_SUCCESS);
  CHECK(t2 > t1, "the timestamp increases (%" PRIu64 " -> %" PRIu64 ")", t1, t2);
  CHECK_STATUS(hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY, &freq), HSA_STATUS_SUCCESS);
  CHECK(freq == 1000000000ull, "timestamp frequency is 1 GHz (%" PRIu64 ")", freq);
  CHECK(t2 - t1 >= 4000000ull && t2 - t1 < 5000000000ull,
        "5 ms of sleep advance the timestamp by about 5e6 ticks (%" PRIu64 ")", t2 - t1);
  CHECK_STATUS(hsa_system_get_info(HSA_SYSTEM_INFO_SIGNAL_MAX_WAIT, &max_wait), HSA_STATUS_SUCCESS);
  CHECK(max_wait > 0, "SIGNAL_MAX_WAIT > 0 (%" PRIu64 ")", max_wait);
  CHECK_STATUS(hsa_system_get_info(HSA_SYSTEM_INFO_ENDIANNESS, &endian), HSA_STATUS_SUCCESS);
  {
    uint16_t probe = 1;
    hsa_endianness_t host =
        *(uint8_t *)&probe == 1 ? HSA_ENDIANNESS_LITTLE : HSA_ENDIANNESS_BIG;
    CHECK(endian == host, "endianness matches the host (%d)", (int)endian);
  }
  CHECK_STATUS(hsa_system_get_info(HSA_SYSTEM_INFO_MACHINE_MODEL, &model), HSA_STATUS_SUCCESS);
  CHECK(model == (sizeof(void *) == 8 ? HSA_MACHINE_MODEL_LARGE : HSA_MACHINE_MODEL_SMALL),
        "machine model LARGE on a 64-bit host (%d)", (int)model);

  memset(ext, 0xAB, sizeof ext);
  CHECK_STATUS(hsa_system_get_info(HSA_SYSTEM_INFO_EXTENSIONS, ext), HSA_STATUS_SUCCESS);
  for (i = 0; i < 1024; i++) {
    size_t k;
    bool is_known = false;
    if (!(ext[i / 8] & (1u << (i % 8)))) continue;
    for (k = 0; k < sizeof known / sizeof known[0]; k++)
      if (known[k] == i) is_known = true;
    if (!is_known) unknown_bits++;
    else
      test_note("extension 0x%x is reported", i);
  }
  CHECK(unknown_bits == 0, "the extensions bitmask only has bits of known extensions (%d others)",
        unknown_bits);
  for (i = 0; i < sizeof known / sizeof known[0]; i++) {
    const char *name = NULL;
    CHECK(hsa_extension_get_name(known[i], &name) == HSA_STATUS_SUCCESS && name && name[0],
          "hsa_extension_get_name(0x%x) = \"%s\"", known[i], name ? name : "(null)");
  }
  {
    const char *name = NULL;
    hsa_extension_get_name(HSA_EXTENSION_FINALIZER, &name);
    CHECK(name && strcmp(name, "HSA_EXTENSION_FINALIZER") == 0,
          "the finalizer extension is named HSA_EXTENSION_FINALIZER");
  }
  for (i = 0; i < sizeof known / sizeof known[0]; i++) {
    bool supported = false;
    uint16_t ver_minor = 0;
    if (!(ext[known[i] / 8] & (1u << (known[i] % 8)))) continue;
    CHECK(hsa_system_major_extension_supported(known[i], 1, &ver_minor, &supported) ==
                  HSA_STATUS_SUCCESS &&
              supported,
          "extension 0x%x is in the bitmask and supported in version 1.%u", known[i], ver_minor);
  }
  {
    bool result = true;
    CHECK_STATUS(hsa_system_extension_supported(HSA_EXTENSION_IMAGES, 0x7FFF, 0, &result),
                 HSA_STATUS_SUCCESS);
    CHECK(!result, "deprecated hsa_system_extension_supported: version 0x7FFF is not supported");
  }

  /* AMD system attributes */
  {
    const char *build = NULL;
    bool b = false;
    uint16_t amaj = 0, amin = 0;
    CHECK_STATUS(hsa_system_get_info(HSA_AMD_SYSTEM_INFO_BUILD_VERSION, &build), HSA_STATUS_SUCCESS);
    CHECK(build != NULL && build[0] != 0, "AMD build version \"%s\"", build ? build : "(null)");
    CHECK_STATUS(hsa_system_get_info(HSA_AMD_SYSTEM_INFO_SVM_SUPPORTED, &b), HSA_STATUS_SUCCESS);
    CHECK_STATUS(hsa_system_get_info(HSA_AMD_SYSTEM_INFO_VIRTUAL_MEM_API_SUPPORTED, &b),
                 HSA_STATUS_SUCCESS);
    CHECK_STATUS(hsa_system_get_info(HSA_AMD_SYSTEM_INFO_EXT_VERSION_MAJOR, &amaj),
                 HSA_STATUS_SUCCESS);
    CHECK_STATUS(hsa_system_get_info(HSA_AMD_SYSTEM_INFO_EXT_VERSION_MINOR, &amin),
                 HSA_STATUS_SUCCESS);
    CHECK(amaj == HSA_AMD_INTERFACE_VERSION_MAJOR && amin == HSA_AMD_INTERFACE_VERSION_MINOR,
          "AMD extension interface version %u.%u (%u.%u)", HSA_AMD_INTERFACE_VERSION_MAJOR,
          HSA_AMD_INTERFACE_VERSION_MINOR, amaj, amin);
  }
}

/* ------------------------------------------------------------------------ */

typedef struct {
  int calls;
  hsa_status_t ret;
  int cpu_agents, kernel_agents;
} iterate_state_t;

static hsa_status_t iterate_cb(hsa_agent_t agent, void *data) {
  iterate_state_t *s = (iterate_state_t *)data;
  hsa_device_type_t type;
  uint32_t feature = 0;
  s->calls++;
  if (hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type) == HSA_STATUS_SUCCESS &&
      type == HSA_DEVICE_TYPE_CPU)
    s->cpu_agents++;
  if (hsa_agent_get_info(agent, HSA_AGENT_INFO_FEATURE, &feature) == HSA_STATUS_SUCCESS &&
      (feature & HSA_AGENT_FEATURE_KERNEL_DISPATCH))
    s->kernel_agents++;
  return s->ret;
}

static void test_iterate_agents(void) {
  iterate_state_t s;
  printf("-- hsa_iterate_agents\n");
  memset(&s, 0, sizeof s);
  s.ret = HSA_STATUS_SUCCESS;
  CHECK_STATUS(hsa_iterate_agents(iterate_cb, &s), HSA_STATUS_SUCCESS);
  CHECK(s.calls >= 1 && s.cpu_agents >= 1, "at least one CPU agent among %d agents", s.calls);
  CHECK(s.kernel_agents >= 1, "at least one kernel agent (%d)", s.kernel_agents);
  test_note("%d agents, %d CPU, %d kernel agents", s.calls, s.cpu_agents, s.kernel_agents);
  memset(&s, 0, sizeof s);
  s.ret = HSA_STATUS_INFO_BREAK;
  CHECK_STATUS(hsa_iterate_agents(iterate_cb, &s), HSA_STATUS_INFO_BREAK);
  CHECK(s.calls == 1, "iteration stops after the callback returns INFO_BREAK (%d calls)", s.calls);
  memset(&s, 0, sizeof s);
  s.ret = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  CHECK_STATUS(hsa_iterate_agents(iterate_cb, &s), HSA_STATUS_ERROR_OUT_OF_RESOURCES);
  CHECK(s.calls == 1, "any non-success callback status stops the iteration (%d calls)", s.calls);
}

/* ------------------------------------------------------------------------ */

typedef struct {
  int count;
  int last_level;
  int bad;
} cache_state_t;

static hsa_status_t cache_cb(hsa_cache_t cache, void *data) {
  cache_state_t *s = (cache_state_t *)data;
  uint32_t len = 0, size = 0;
  uint8_t level = 0;
  char name[256];
  s->count++;
  memset(name, 0, sizeof name);
  if (hsa_cache_get_info(cache, HSA_CACHE_INFO_NAME_LENGTH, &len) != HSA_STATUS_SUCCESS ||
      len >= sizeof name || hsa_cache_get_info(cache, HSA_CACHE_INFO_NAME, name) != HSA_STATUS_SUCCESS ||
      hsa_cache_get_info(cache, HSA_CACHE_INFO_LEVEL, &level) != HSA_STATUS_SUCCESS ||
      hsa_cache_get_info(cache, HSA_CACHE_INFO_SIZE, &size) != HSA_STATUS_SUCCESS) {
    s->bad++;
    return HSA_STATUS_SUCCESS;
  }
  test_note("cache \"%s\" level %u size %u", name, level, size);
  if (level < 1 || level < s->last_level ||
      (strnlen(name, sizeof name) != len && strnlen(name, sizeof name) + 1 != len))
    s->bad++;
  s->last_level = level;
  return HSA_STATUS_SUCCESS;
}

static hsa_status_t isa_cb(hsa_isa_t isa, void *data) {
  hsa_isa_t *out = (hsa_isa_t *)data;
  if (out->handle == 0) *out = isa;
  return HSA_STATUS_SUCCESS;
}

static hsa_status_t wavefront_cb(hsa_wavefront_t wf, void *data) {
  uint32_t size = 0;
  if (hsa_wavefront_get_info(wf, HSA_WAVEFRONT_INFO_SIZE, &size) == HSA_STATUS_SUCCESS &&
      size == 64)
    ++*(int *)data;
  return HSA_STATUS_SUCCESS;
}

static void test_agent(void) {
  char name[64], vendor[64];
  uint32_t feature = 0, wavefront = 0, wg_max = 0, qmin = 0, qmax = 0, qtype = 99, queues_max = 0;
  uint32_t grid_max = 0, fbarrier = 0, node = 0, cache_sizes[4];
  uint16_t wg_dim[3] = {0, 0, 0}, vmaj = 0, vmin = 0;
  hsa_dim3_t grid_dim = {0, 0, 0};
  hsa_device_type_t device = HSA_DEVICE_TYPE_GPU;
  hsa_machine_model_t model = HSA_MACHINE_MODEL_SMALL;
  hsa_profile_t profile = HSA_PROFILE_BASE;
  hsa_default_float_rounding_mode_t rounding = HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT;
  hsa_isa_t agent_isa = {0}, isa = {0};
  uint8_t ext[128];

  printf("-- CPU agent\n");
  memset(name, 0, sizeof name);
  memset(vendor, 0, sizeof vendor);
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_NAME, name), HSA_STATUS_SUCCESS);
  CHECK(bounded_string(name, sizeof name), "agent name \"%.63s\"", name);
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_VENDOR_NAME, vendor), HSA_STATUS_SUCCESS);
  CHECK(bounded_string(vendor, sizeof vendor), "vendor name \"%.63s\"", vendor);
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_FEATURE, &feature), HSA_STATUS_SUCCESS);
  CHECK(feature & HSA_AGENT_FEATURE_KERNEL_DISPATCH, "feature has KERNEL_DISPATCH (0x%x)", feature);
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_DEVICE, &device), HSA_STATUS_SUCCESS);
  CHECK(device == HSA_DEVICE_TYPE_CPU, "device type CPU (%d)", (int)device);
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_WAVEFRONT_SIZE, &wavefront),
               HSA_STATUS_SUCCESS);
  CHECK(wavefront == 64, "wavefront size 64 (%u)", wavefront);
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_WORKGROUP_MAX_SIZE, &wg_max),
               HSA_STATUS_SUCCESS);
  CHECK(wg_max == 1024, "work-group max size 1024 (%u)", wg_max);
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_WORKGROUP_MAX_DIM, wg_dim),
               HSA_STATUS_SUCCESS);
  CHECK(wg_dim[0] >= 1 && wg_dim[1] >= 1 && wg_dim[2] >= 1 && wg_dim[0] <= 1024 &&
            wg_dim[1] <= 1024 && wg_dim[2] <= 1024 && wg_dim[0] == 1024,
        "work-group max dims %ux%ux%u (x = 1024, each within 1..1024)", wg_dim[0], wg_dim[1],
        wg_dim[2]);
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_GRID_MAX_DIM, &grid_dim),
               HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_GRID_MAX_SIZE, &grid_max),
               HSA_STATUS_SUCCESS);
  CHECK(grid_dim.x >= 1024 && grid_dim.y >= 1 && grid_dim.z >= 1 && grid_max >= 1024,
        "grid max dims %ux%ux%u, max size %u", grid_dim.x, grid_dim.y, grid_dim.z, grid_max);
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_FBARRIER_MAX_SIZE, &fbarrier),
               HSA_STATUS_SUCCESS);
  CHECK(fbarrier >= 32, "fbarrier max size >= 32 (%u)", fbarrier);
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_QUEUES_MAX, &queues_max),
               HSA_STATUS_SUCCESS);
  CHECK(queues_max >= 1, "queues max >= 1 (%u)", queues_max);
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_QUEUE_MIN_SIZE, &qmin),
               HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_QUEUE_MAX_SIZE, &qmax),
               HSA_STATUS_SUCCESS);
  CHECK(is_pow2_u32(qmin) && is_pow2_u32(qmax) && qmin <= qmax && qmax >= 256,
        "queue min/max sizes are powers of two, min <= max, max >= 256 (%u, %u)", qmin, qmax);
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_QUEUE_TYPE, &qtype), HSA_STATUS_SUCCESS);
  CHECK(qtype == HSA_QUEUE_TYPE_MULTI, "queue type MULTI (%u)", qtype);
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_NODE, &node), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_CACHE_SIZE, cache_sizes),
               HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_MACHINE_MODEL, &model), HSA_STATUS_SUCCESS);
  CHECK(model == HSA_MACHINE_MODEL_LARGE, "agent machine model LARGE (%d)", (int)model);
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_PROFILE, &profile), HSA_STATUS_SUCCESS);
  CHECK(profile == HSA_PROFILE_FULL, "agent profile FULL (%d)", (int)profile);
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_DEFAULT_FLOAT_ROUNDING_MODE, &rounding),
               HSA_STATUS_SUCCESS);
  CHECK(rounding == HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR ||
            rounding == HSA_DEFAULT_FLOAT_ROUNDING_MODE_ZERO,
        "default float rounding mode is NEAR or ZERO (%d)", (int)rounding);
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_VERSION_MAJOR, &vmaj), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_VERSION_MINOR, &vmin), HSA_STATUS_SUCCESS);
  CHECK(vmaj == 1 && vmin == 1, "agent version 1.1 (%u.%u)", vmaj, vmin);
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_EXTENSIONS, ext), HSA_STATUS_SUCCESS);

  /* AMD agent attributes */
  {
    uint32_t cus = 0, cacheline = 0, clock = 0;
    char uuid[32], product[64];
    memset(uuid, 0, sizeof uuid);
    memset(product, 0, sizeof product);
    CHECK_STATUS(hsa_agent_get_info(g_agent, (hsa_agent_info_t)HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT,
                                    &cus),
                 HSA_STATUS_SUCCESS);
    CHECK(cus >= 1, "AMD compute unit count >= 1 (%u)", cus);
    CHECK_STATUS(hsa_agent_get_info(g_agent, (hsa_agent_info_t)HSA_AMD_AGENT_INFO_CACHELINE_SIZE,
                                    &cacheline),
                 HSA_STATUS_SUCCESS);
    CHECK(is_pow2_u32(cacheline), "AMD cacheline size is a power of two (%u)", cacheline);
    CHECK_STATUS(hsa_agent_get_info(g_agent,
                                    (hsa_agent_info_t)HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY, &clock),
                 HSA_STATUS_SUCCESS);
    CHECK_STATUS(hsa_agent_get_info(g_agent, (hsa_agent_info_t)HSA_AMD_AGENT_INFO_UUID, uuid),
                 HSA_STATUS_SUCCESS);
    CHECK(strncmp(uuid, "CPU-", 4) == 0 && strnlen(uuid, sizeof uuid) <= 21,
          "AMD UUID of a CPU agent starts with \"CPU-\" (\"%.31s\")", uuid);
    CHECK_STATUS(hsa_agent_get_info(g_agent, (hsa_agent_info_t)HSA_AMD_AGENT_INFO_PRODUCT_NAME,
                                    product),
                 HSA_STATUS_SUCCESS);
    CHECK(bounded_string(product, sizeof product), "AMD product name \"%.63s\"", product);
  }

  /* Caches */
  {
    cache_state_t cs;
    memset(&cs, 0, sizeof cs);
    CHECK_STATUS(hsa_agent_iterate_caches(g_agent, cache_cb, &cs), HSA_STATUS_SUCCESS);
    CHECK(cs.bad == 0, "%d caches with names, levels (ascending from 1) and sizes", cs.count);
  }

  /* ISA */
  CHECK_STATUS(hsa_agent_iterate_isas(g_agent, isa_cb, &isa), HSA_STATUS_SUCCESS);
  REQUIRE(isa.handle != 0, "the CPU agent reports an ISA");
  CHECK_STATUS(hsa_agent_get_info(g_agent, HSA_AGENT_INFO_ISA, &agent_isa), HSA_STATUS_SUCCESS);
  CHECK(agent_isa.handle == isa.handle, "deprecated HSA_AGENT_INFO_ISA is the iterated ISA");
  {
    uint32_t len = 0, isa_wg_max = 0, fb = 0;
    char isa_name[256];
    uint16_t isa_wg_dim[3] = {0, 0, 0};
    uint64_t isa_grid_max = 0;
    hsa_dim3_t isa_grid_dim = {0, 0, 0};
    bool models[2] = {false, false}, profiles[2] = {false, false};
    bool modes[3] = {false, false, false};
    hsa_isa_t by_name = {0};
    int wavefronts = 0;
    hsa_round_method_t method = (hsa_round_method_t)0;
    uint16_t mask = 0;

    memset(isa_name, 0, sizeof isa_name);
    CHECK_STATUS(hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME_LENGTH, &len), HSA_STATUS_SUCCESS);
    REQUIRE(len > 0 && len < sizeof isa_name, "ISA name length %u", len);
    CHECK_STATUS(hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME, isa_name), HSA_STATUS_SUCCESS);
    CHECK(strnlen(isa_name, sizeof isa_name) == len || strnlen(isa_name, sizeof isa_name) + 1 == len,
          "ISA name \"%s\" matches NAME_LENGTH %u", isa_name, len);
    CHECK_STATUS(hsa_isa_from_name(isa_name, &by_name), HSA_STATUS_SUCCESS);
    CHECK(by_name.handle == isa.handle, "hsa_isa_from_name(\"%s\") finds the same ISA", isa_name);
    CHECK_STATUS(hsa_isa_get_info_alt(isa, HSA_ISA_INFO_MACHINE_MODELS, models), HSA_STATUS_SUCCESS);
    CHECK(models[HSA_MACHINE_MODEL_LARGE], "the ISA supports the large machine model");
    CHECK_STATUS(hsa_isa_get_info_alt(isa, HSA_ISA_INFO_PROFILES, profiles), HSA_STATUS_SUCCESS);
    CHECK(profiles[profile], "the ISA supports the agent's profile");
    CHECK_STATUS(hsa_isa_get_info_alt(isa, HSA_ISA_INFO_DEFAULT_FLOAT_ROUNDING_MODES, modes),
                 HSA_STATUS_SUCCESS);
    CHECK(modes[rounding], "the ISA supports the agent's rounding mode");
    CHECK_STATUS(hsa_isa_get_info_alt(isa, HSA_ISA_INFO_WORKGROUP_MAX_SIZE, &isa_wg_max),
                 HSA_STATUS_SUCCESS);
    CHECK(isa_wg_max == wg_max, "ISA work-group max size == agent's (%u)", isa_wg_max);
    CHECK_STATUS(hsa_isa_get_info_alt(isa, HSA_ISA_INFO_WORKGROUP_MAX_DIM, isa_wg_dim),
                 HSA_STATUS_SUCCESS);
    CHECK(memcmp(isa_wg_dim, wg_dim, sizeof wg_dim) == 0, "ISA work-group max dims == agent's");
    CHECK_STATUS(hsa_isa_get_info_alt(isa, HSA_ISA_INFO_GRID_MAX_DIM, &isa_grid_dim),
                 HSA_STATUS_SUCCESS);
    CHECK(isa_grid_dim.x == grid_dim.x && isa_grid_dim.y == grid_dim.y &&
              isa_grid_dim.z == grid_dim.z,
          "ISA grid max dims == agent's");
    CHECK_STATUS(hsa_isa_get_info_alt(isa, HSA_ISA_INFO_GRID_MAX_SIZE, &isa_grid_max),
                 HSA_STATUS_SUCCESS);
    CHECK(isa_grid_max >= grid_max, "ISA grid max size (uint64) %" PRIu64 " >= agent's %u",
          isa_grid_max, grid_max);
    CHECK_STATUS(hsa_isa_get_info_alt(isa, HSA_ISA_INFO_FBARRIER_MAX_SIZE, &fb), HSA_STATUS_SUCCESS);
    CHECK_STATUS(hsa_isa_iterate_wavefronts(isa, wavefront_cb, &wavefronts), HSA_STATUS_SUCCESS);
    CHECK(wavefronts >= 1, "the ISA has a wavefront of size 64 (%d)", wavefronts);
    {
      uint32_t old_len = 0;
      CHECK_STATUS(hsa_isa_get_info(isa, HSA_ISA_INFO_NAME_LENGTH, 0, &old_len), HSA_STATUS_SUCCESS);
      CHECK(old_len == len, "deprecated hsa_isa_get_info agrees (%u)", old_len);
    }
    CHECK_STATUS(hsa_isa_get_round_method(isa, HSA_FP_TYPE_32, HSA_FLUSH_MODE_NON_FTZ, &method),
                 HSA_STATUS_SUCCESS);
    CHECK(method == HSA_ROUND_METHOD_SINGLE || method == HSA_ROUND_METHOD_DOUBLE,
          "round method for f32 (%d)", (int)method);
    CHECK_STATUS(hsa_isa_get_exception_policies(isa, profile, &mask), HSA_STATUS_SUCCESS);
    {
      bool compatible = false;
      CHECK_STATUS(hsa_isa_compatible(isa, isa, &compatible), HSA_STATUS_SUCCESS);
      CHECK(compatible, "an ISA is compatible with itself");
    }
  }
}

int main(void) {
  test_begin("system_info", 100);
  REQUIRE_SUCCESS(hsa_init());
  g_agent = require_cpu_agent();
  test_system();
  test_iterate_agents();
  test_agent();
  CHECK_STATUS(hsa_shut_down(), HSA_STATUS_SUCCESS);
  return test_finish();
}
