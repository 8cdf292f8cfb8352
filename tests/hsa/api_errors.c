/*
 * api_errors: the statuses of bad calls.
 *
 * argv[1] = the vector_add code object.
 *
 * Checks: entry points before hsa_init -> HSA_STATUS_ERROR_NOT_INITIALIZED
 * (hsa_status_string works before init); the init reference count; status strings
 * for every code ("<ENUM_NAME>: ..."), INVALID_ARGUMENT for unknown codes and a
 * NULL out-pointer; NULL out-pointers -> INVALID_ARGUMENT; bad agent / region /
 * signal / queue / signal group / cache / ISA / wavefront / pool handles;
 * queue-creation and soft-queue validation; memory allocation limits; executable
 * and code-object-reader errors; bad attribute values -> INVALID_ARGUMENT.
 */
#include "common.h"

static const hsa_agent_t BAD_AGENT = {0xDEADBEEF00ull};
static const hsa_region_t BAD_REGION = {0xDEADBEEF10ull};
static const hsa_signal_t BAD_SIGNAL = {0xDEADBEEF20ull};

static hsa_status_t count_agent_cb(hsa_agent_t agent, void *data) {
  (void)agent;
  ++*(int *)data;
  return HSA_STATUS_SUCCESS;
}

static hsa_status_t count_region_cb(hsa_region_t region, void *data) {
  (void)region;
  ++*(int *)data;
  return HSA_STATUS_SUCCESS;
}

static hsa_status_t first_isa_cb(hsa_isa_t isa, void *data) {
  *(hsa_isa_t *)data = isa;
  return HSA_STATUS_INFO_BREAK;
}

static hsa_status_t count_pool_cb(hsa_amd_memory_pool_t pool, void *data) {
  (void)pool;
  ++*(int *)data;
  return HSA_STATUS_SUCCESS;
}

static void test_before_init(void) {
  const char *s = NULL;
  uint16_t major = 0;
  uint64_t ts = 0;
  char name[64];
  hsa_signal_t sig = {0};
  hsa_queue_t *q = NULL;
  void *ptr = NULL;
  hsa_executable_t exe = {0};
  hsa_code_object_reader_t reader = {0};
  hsa_isa_t isa = {0};
  hsa_signal_group_t group = {0};
  bool result = false;
  int count = 0;
  uint32_t u32 = 0;
  char buffer[64];

  printf("-- before hsa_init\n");
  CHECK_STATUS(hsa_status_string(HSA_STATUS_SUCCESS, &s), HSA_STATUS_SUCCESS);
  CHECK(s != NULL && strncmp(s, "HSA_STATUS_SUCCESS", 18) == 0,
        "hsa_status_string works before hsa_init (\"%s\")", s ? s : "(null)");
  CHECK_STATUS(hsa_shut_down(), HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_STATUS(hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MAJOR, &major),
               HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_STATUS(hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, &ts),
               HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_STATUS(hsa_iterate_agents(count_agent_cb, &count), HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK(count == 0, "no agent callback before init");
  CHECK_STATUS(hsa_agent_get_info(BAD_AGENT, HSA_AGENT_INFO_NAME, name),
               HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_STATUS(hsa_agent_iterate_regions(BAD_AGENT, count_region_cb, &count),
               HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_STATUS(hsa_signal_create(1, 0, NULL, &sig), HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_STATUS(hsa_signal_destroy(BAD_SIGNAL), HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_STATUS(hsa_queue_create(BAD_AGENT, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, UINT32_MAX,
                                UINT32_MAX, &q),
               HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_STATUS(hsa_memory_allocate(BAD_REGION, 4096, &ptr), HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_STATUS(hsa_region_get_info(BAD_REGION, HSA_REGION_INFO_SIZE, &ts),
               HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_STATUS(hsa_memory_register(buffer, sizeof buffer), HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_STATUS(hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR,
                                         NULL, &exe),
               HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_STATUS(hsa_code_object_reader_create_from_memory(buffer, sizeof buffer, &reader),
               HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_STATUS(hsa_isa_from_name("ferrocm-cpu", &isa), HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_STATUS(hsa_system_major_extension_supported(HSA_EXTENSION_AMD_PROFILER, 1, &major,
                                                    &result),
               HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_STATUS(hsa_signal_group_create(1, &BAD_SIGNAL, 0, NULL, &group),
               HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_STATUS(hsa_amd_memory_pool_get_info((hsa_amd_memory_pool_t){1},
                                            HSA_AMD_MEMORY_POOL_INFO_SIZE, &ts),
               HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_STATUS(hsa_amd_signal_create(1, 0, NULL, 0, &sig), HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_STATUS(hsa_agent_get_info(BAD_AGENT, HSA_AGENT_INFO_QUEUE_MAX_SIZE, &u32),
               HSA_STATUS_ERROR_NOT_INITIALIZED);
}

static void test_refcount(void) {
  uint16_t major = 0;
  printf("-- init reference count\n");
  CHECK_STATUS(hsa_init(), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_init(), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_shut_down(), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MAJOR, &major), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_shut_down(), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_shut_down(), HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_STATUS(hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MAJOR, &major),
               HSA_STATUS_ERROR_NOT_INITIALIZED);
  CHECK_STATUS(hsa_init(), HSA_STATUS_SUCCESS); /* re-initialise after a full shut down */
  CHECK(find_cpu_agent().handle != 0, "after re-initialisation the CPU agent is found");
}

static void test_status_strings(void) {
  static const struct {
    unsigned code;
    const char *name;
  } codes[] = {
#define C(n) {(unsigned)n, #n}
      C(HSA_STATUS_SUCCESS),
      C(HSA_STATUS_INFO_BREAK),
      C(HSA_STATUS_ERROR),
      C(HSA_STATUS_ERROR_INVALID_ARGUMENT),
      C(HSA_STATUS_ERROR_INVALID_QUEUE_CREATION),
      C(HSA_STATUS_ERROR_INVALID_ALLOCATION),
      C(HSA_STATUS_ERROR_INVALID_AGENT),
      C(HSA_STATUS_ERROR_INVALID_REGION),
      C(HSA_STATUS_ERROR_INVALID_SIGNAL),
      C(HSA_STATUS_ERROR_INVALID_QUEUE),
      C(HSA_STATUS_ERROR_OUT_OF_RESOURCES),
      C(HSA_STATUS_ERROR_INVALID_PACKET_FORMAT),
      C(HSA_STATUS_ERROR_RESOURCE_FREE),
      C(HSA_STATUS_ERROR_NOT_INITIALIZED),
      C(HSA_STATUS_ERROR_REFCOUNT_OVERFLOW),
      C(HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS),
      C(HSA_STATUS_ERROR_INVALID_INDEX),
      C(HSA_STATUS_ERROR_INVALID_ISA),
      C(HSA_STATUS_ERROR_INVALID_ISA_NAME),
      C(HSA_STATUS_ERROR_INVALID_CODE_OBJECT),
      C(HSA_STATUS_ERROR_INVALID_EXECUTABLE),
      C(HSA_STATUS_ERROR_FROZEN_EXECUTABLE),
      C(HSA_STATUS_ERROR_INVALID_SYMBOL_NAME),
      C(HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED),
      C(HSA_STATUS_ERROR_VARIABLE_UNDEFINED),
      C(HSA_STATUS_ERROR_EXCEPTION),
      C(HSA_STATUS_ERROR_INVALID_CODE_SYMBOL),
      C(HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL),
      C(HSA_STATUS_ERROR_INVALID_FILE),
      C(HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER),
      C(HSA_STATUS_ERROR_INVALID_CACHE),
      C(HSA_STATUS_ERROR_INVALID_WAVEFRONT),
      C(HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP),
      C(HSA_STATUS_ERROR_INVALID_RUNTIME_STATE),
      C(HSA_STATUS_ERROR_FATAL),
      C(HSA_STATUS_ERROR_INVALID_MEMORY_POOL),
      C(HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION),
      C(HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION),
      C(HSA_STATUS_ERROR_MEMORY_FAULT),
      C(HSA_STATUS_CU_MASK_REDUCED),
      C(HSA_STATUS_ERROR_OUT_OF_REGISTERS),
      C(HSA_STATUS_ERROR_RESOURCE_BUSY),
#undef C
      /* finalizer and image extension codes */
      {0x2000, "HSA_EXT_STATUS_ERROR_INVALID_PROGRAM"},
      {0x2001, "HSA_EXT_STATUS_ERROR_INVALID_MODULE"},
      {0x2002, "HSA_EXT_STATUS_ERROR_INCOMPATIBLE_MODULE"},
      {0x2003, "HSA_EXT_STATUS_ERROR_MODULE_ALREADY_INCLUDED"},
      {0x2004, "HSA_EXT_STATUS_ERROR_SYMBOL_MISMATCH"},
      {0x2005, "HSA_EXT_STATUS_ERROR_FINALIZATION_FAILED"},
      {0x2006, "HSA_EXT_STATUS_ERROR_DIRECTIVE_MISMATCH"},
      {0x3000, "HSA_EXT_STATUS_ERROR_IMAGE_FORMAT_UNSUPPORTED"},
      {0x3001, "HSA_EXT_STATUS_ERROR_IMAGE_SIZE_UNSUPPORTED"},
      {0x3002, "HSA_EXT_STATUS_ERROR_IMAGE_PITCH_UNSUPPORTED"},
      {0x3003, "HSA_EXT_STATUS_ERROR_SAMPLER_DESCRIPTOR_UNSUPPORTED"},
  };
  static const unsigned unknown[] = {0x2, 0x27, 47, 0x101A, 0x101F, 0x1027, 0x2007, 0x3004,
                                     0xFFFF, 0x7FFFFFFF};
  size_t i;
  int bad = 0;
  const char *s;

  printf("-- status strings\n");
  for (i = 0; i < sizeof codes / sizeof codes[0]; i++) {
    size_t len = strlen(codes[i].name);
    hsa_status_t st;
    s = NULL;
    st = hsa_status_string((hsa_status_t)codes[i].code, &s);
    if (st != HSA_STATUS_SUCCESS || s == NULL || strncmp(s, codes[i].name, len) != 0 ||
        (s[len] != ':' && s[len] != '\0')) {
      bad++;
      test_report(0, __LINE__, "hsa_status_string(0x%x) -> 0x%x \"%s\", expected \"%s: ...\"",
                  codes[i].code, (unsigned)st, s ? s : "(null)", codes[i].name);
    }
  }
  CHECK(bad == 0, "hsa_status_string gives \"<ENUM_NAME>...\" for all %zu known codes",
        sizeof codes / sizeof codes[0]);
  bad = 0;
  for (i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
    hsa_status_t st = hsa_status_string((hsa_status_t)unknown[i], &s);
    if (st != HSA_STATUS_ERROR_INVALID_ARGUMENT) {
      bad++;
      test_report(0, __LINE__, "hsa_status_string(0x%x) -> 0x%x, expected INVALID_ARGUMENT",
                  unknown[i], (unsigned)st);
    }
  }
  CHECK(bad == 0, "hsa_status_string rejects %zu unknown codes with INVALID_ARGUMENT",
        sizeof unknown / sizeof unknown[0]);
  CHECK_STATUS(hsa_status_string(HSA_STATUS_ERROR, NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

static void test_null_outputs(hsa_agent_t agent, hsa_region_t region) {
  hsa_signal_t sig = make_signal(1);
  printf("-- NULL out-pointers\n");
  CHECK_STATUS(hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MAJOR, NULL),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_agent_get_info(agent, HSA_AGENT_INFO_NAME, NULL),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_iterate_agents(NULL, NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_agent_iterate_regions(agent, NULL, NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_agent_iterate_isas(agent, NULL, NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_agent_iterate_caches(agent, NULL, NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_amd_agent_iterate_memory_pools(agent, NULL, NULL),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_region_get_info(region, HSA_REGION_INFO_SIZE, NULL),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_signal_create(1, 0, NULL, NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_amd_signal_create(1, 0, NULL, 0, NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  {
    hsa_signal_t other = {0};
    CHECK_STATUS(hsa_signal_create(1, 1, NULL, &other), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  }
  CHECK_STATUS(hsa_queue_create(agent, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, UINT32_MAX,
                                UINT32_MAX, NULL),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_memory_allocate(region, 4096, NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR,
                                         NULL, NULL),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_code_object_reader_create_from_memory(&sig, 8, NULL),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_code_object_reader_create_from_file(0, NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_isa_from_name("x", NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_extension_get_name(HSA_EXTENSION_FINALIZER, NULL),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_memory_copy(NULL, &sig, 8), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_memory_copy(&sig, NULL, 8), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  {
    hsa_isa_t isa = {0};
    CHECK_STATUS(hsa_isa_from_name(NULL, &isa), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  }
  {
    hsa_code_object_reader_t r;
    CHECK_STATUS(hsa_code_object_reader_create_from_memory(NULL, 8, &r),
                 HSA_STATUS_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(hsa_code_object_reader_create_from_memory(&sig, 0, &r),
                 HSA_STATUS_ERROR_INVALID_ARGUMENT);
  }
  CHECK_STATUS(hsa_amd_signal_value_pointer(sig, NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_amd_signal_async_handler(sig, HSA_SIGNAL_CONDITION_EQ, 0, NULL, NULL),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_amd_async_function(NULL, NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_amd_pointer_info(&sig, NULL, NULL, NULL, NULL),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_signal_destroy(sig), HSA_STATUS_SUCCESS);
}

static bool async_handler_never(hsa_signal_value_t v, void *arg) {
  (void)v;
  (void)arg;
  return false;
}

static void test_bad_handles(hsa_agent_t agent) {
  char name[64];
  hsa_queue_t *q = NULL;
  int count = 0;
  size_t size = 0;
  void *ptr = NULL;
  hsa_signal_t sig;
  uint32_t u32;

  printf("-- bad handles\n");
  CHECK_STATUS(hsa_agent_get_info(BAD_AGENT, HSA_AGENT_INFO_NAME, name),
               HSA_STATUS_ERROR_INVALID_AGENT);
  CHECK_STATUS(hsa_agent_get_info((hsa_agent_t){0}, HSA_AGENT_INFO_NAME, name),
               HSA_STATUS_ERROR_INVALID_AGENT);
  CHECK_STATUS(hsa_queue_create(BAD_AGENT, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, UINT32_MAX,
                                UINT32_MAX, &q),
               HSA_STATUS_ERROR_INVALID_AGENT);
  CHECK_STATUS(hsa_agent_iterate_regions(BAD_AGENT, count_region_cb, &count),
               HSA_STATUS_ERROR_INVALID_AGENT);
  CHECK_STATUS(hsa_agent_iterate_isas(BAD_AGENT, first_isa_cb, &count),
               HSA_STATUS_ERROR_INVALID_AGENT);
  CHECK_STATUS(hsa_amd_agent_iterate_memory_pools(BAD_AGENT, count_pool_cb, &count),
               HSA_STATUS_ERROR_INVALID_AGENT);
  CHECK(count == 0, "no callbacks for a bad agent");
  CHECK_STATUS(hsa_region_get_info(BAD_REGION, HSA_REGION_INFO_SIZE, &size),
               HSA_STATUS_ERROR_INVALID_REGION);
  CHECK_STATUS(hsa_memory_allocate(BAD_REGION, 4096, &ptr), HSA_STATUS_ERROR_INVALID_REGION);
  CHECK_STATUS(hsa_amd_memory_pool_get_info((hsa_amd_memory_pool_t){0xDEADBEEF30ull},
                                            HSA_AMD_MEMORY_POOL_INFO_SIZE, &size),
               HSA_STATUS_ERROR_INVALID_MEMORY_POOL);
  CHECK_STATUS(hsa_amd_memory_pool_allocate((hsa_amd_memory_pool_t){0xDEADBEEF30ull}, 4096, 0,
                                            &ptr),
               HSA_STATUS_ERROR_INVALID_MEMORY_POOL);
  CHECK_STATUS(hsa_cache_get_info((hsa_cache_t){0xDEADBEEF40ull}, HSA_CACHE_INFO_LEVEL, name),
               HSA_STATUS_ERROR_INVALID_CACHE);
  CHECK_STATUS(hsa_isa_get_info_alt((hsa_isa_t){0xDEADBEEF50ull}, HSA_ISA_INFO_NAME_LENGTH, &u32),
               HSA_STATUS_ERROR_INVALID_ISA);
  CHECK_STATUS(hsa_wavefront_get_info((hsa_wavefront_t){0xDEADBEEF60ull}, HSA_WAVEFRONT_INFO_SIZE,
                                      &u32),
               HSA_STATUS_ERROR_INVALID_WAVEFRONT);
  CHECK_STATUS(hsa_signal_group_destroy((hsa_signal_group_t){0xDEADBEEF70ull}),
               HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP);

  /* Signals */
  sig = make_signal(0);
  CHECK_STATUS(hsa_signal_destroy(sig), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_signal_destroy(sig), HSA_STATUS_ERROR_INVALID_SIGNAL);
  CHECK_STATUS(hsa_signal_destroy(BAD_SIGNAL), HSA_STATUS_ERROR_INVALID_SIGNAL);
  CHECK_STATUS(hsa_signal_destroy((hsa_signal_t){0}), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  {
    hsa_signal_t dup[2];
    hsa_signal_group_t g;
    hsa_agent_t agents[2];
    agents[0] = agent;
    agents[1] = agent;
    CHECK_STATUS(hsa_signal_create(1, 2, agents, &sig), HSA_STATUS_ERROR_INVALID_ARGUMENT);
    sig = make_signal(1);
    dup[0] = sig;
    dup[1] = sig;
    CHECK_STATUS(hsa_signal_group_create(0, dup, 1, &agent, &g),
                 HSA_STATUS_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(hsa_signal_group_create(2, dup, 1, &agent, &g),
                 HSA_STATUS_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(hsa_signal_group_create(1, dup, 2, agents, &g),
                 HSA_STATUS_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(hsa_signal_group_create(1, NULL, 1, &agent, &g),
                 HSA_STATUS_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(hsa_signal_group_create(1, dup, 1, &agent, NULL),
                 HSA_STATUS_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(hsa_signal_group_create(1, dup, 1, &agent, &g), HSA_STATUS_SUCCESS);
    CHECK_STATUS(hsa_signal_group_destroy(g), HSA_STATUS_SUCCESS);
    CHECK_STATUS(hsa_signal_group_destroy(g), HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP);
    CHECK_STATUS(hsa_amd_signal_async_handler(BAD_SIGNAL, HSA_SIGNAL_CONDITION_EQ, 0,
                                              async_handler_never, NULL),
                 HSA_STATUS_ERROR_INVALID_SIGNAL);
    CHECK_STATUS(hsa_signal_destroy(sig), HSA_STATUS_SUCCESS);
  }

  /* Queues */
  {
    static char fake[4096];
    hsa_queue_t *fq = (hsa_queue_t *)(void *)(fake + 2048);
    memset(fake, 0, sizeof fake);
    CHECK_STATUS(hsa_queue_destroy(NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(hsa_queue_inactivate(NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(hsa_queue_destroy(fq), HSA_STATUS_ERROR_INVALID_QUEUE);
    CHECK_STATUS(hsa_queue_inactivate(fq), HSA_STATUS_ERROR_INVALID_QUEUE);
    q = make_queue(agent, 16, HSA_QUEUE_TYPE_MULTI, NULL);
    CHECK_STATUS(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
    CHECK_STATUS(hsa_queue_destroy(q), HSA_STATUS_ERROR_INVALID_QUEUE);
  }
}

static void test_queue_creation(hsa_agent_t agent) {
  uint32_t max_size = 0, min_size = 0;
  hsa_queue_t *q = NULL;
  hsa_signal_t doorbell;
  hsa_region_t region =
      find_region(agent, HSA_REGION_SEGMENT_GLOBAL, HSA_REGION_GLOBAL_FLAG_FINE_GRAINED, 0);

  printf("-- queue creation\n");
  CHECK_STATUS(hsa_agent_get_info(agent, HSA_AGENT_INFO_QUEUE_MAX_SIZE, &max_size),
               HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_agent_get_info(agent, HSA_AGENT_INFO_QUEUE_MIN_SIZE, &min_size),
               HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_queue_create(agent, 0, HSA_QUEUE_TYPE_MULTI, NULL, NULL, UINT32_MAX,
                                UINT32_MAX, &q),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_queue_create(agent, 48, HSA_QUEUE_TYPE_MULTI, NULL, NULL, UINT32_MAX,
                                UINT32_MAX, &q),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_queue_create(agent, 3, HSA_QUEUE_TYPE_MULTI, NULL, NULL, UINT32_MAX,
                                UINT32_MAX, &q),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  if (max_size != 0 && max_size <= 0x40000000u) {
    CHECK_STATUS(hsa_queue_create(agent, max_size * 2, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
                                  UINT32_MAX, UINT32_MAX, &q),
                 HSA_STATUS_ERROR_INVALID_ARGUMENT);
  }
  CHECK_STATUS(hsa_queue_create(agent, 64, 7, NULL, NULL, UINT32_MAX, UINT32_MAX, &q),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_queue_create(agent, 64, 0xFFFFFFFFu, NULL, NULL, UINT32_MAX, UINT32_MAX, &q),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);

  /* Smallest and largest power-of-two sizes, SINGLE type. */
  {
    queue_errors_t e;
    memset(&e, 0, sizeof e);
    q = NULL;
    CHECK_STATUS(hsa_queue_create(agent, 1, HSA_QUEUE_TYPE_SINGLE, record_queue_error, &e,
                                  UINT32_MAX, UINT32_MAX, &q),
                 HSA_STATUS_SUCCESS);
    if (q) {
      CHECK(q->size == (min_size > 1 ? min_size : 1), "size 1 -> actual size max(1, min) (%u)",
            q->size);
      CHECK(q->type == HSA_QUEUE_TYPE_SINGLE, "queue type SINGLE is echoed");
      CHECK(q->features & HSA_QUEUE_FEATURE_KERNEL_DISPATCH,
            "a CPU-agent queue has the KERNEL_DISPATCH feature");
      CHECK(q->doorbell_signal.handle != 0, "the queue has a doorbell signal");
      CHECK(q->reserved1 == 0, "reserved1 is 0");
      CHECK_STATUS(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
    }
    q = NULL;
    if (max_size != 0 && max_size <= (1u << 17)) {
      CHECK_STATUS(hsa_queue_create(agent, max_size, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
                                    UINT32_MAX, UINT32_MAX, &q),
                   HSA_STATUS_SUCCESS);
      if (q) {
        CHECK(q->size == max_size, "a queue of QUEUE_MAX_SIZE packets (%u)", q->size);
        CHECK_STATUS(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
      }
    }
    {
      hsa_queue_t *q1 = NULL, *q2 = NULL;
      CHECK_STATUS(hsa_queue_create(agent, 16, HSA_QUEUE_TYPE_MULTI, NULL, NULL, UINT32_MAX,
                                    UINT32_MAX, &q1),
                   HSA_STATUS_SUCCESS);
      CHECK_STATUS(hsa_queue_create(agent, 16, HSA_QUEUE_TYPE_MULTI, NULL, NULL, UINT32_MAX,
                                    UINT32_MAX, &q2),
                   HSA_STATUS_SUCCESS);
      if (q1 && q2) {
        CHECK(q1->id != q2->id, "queue ids are unique");
        CHECK(q1->doorbell_signal.handle != q2->doorbell_signal.handle,
              "each queue has its own doorbell");
      }
      if (q1) hsa_queue_destroy(q1);
      if (q2) hsa_queue_destroy(q2);
    }
  }

  /* Soft queues */
  doorbell = make_signal(0);
  q = NULL;
  CHECK_STATUS(hsa_soft_queue_create((hsa_region_t){0}, 16, HSA_QUEUE_TYPE_MULTI,
                                     HSA_QUEUE_FEATURE_AGENT_DISPATCH, doorbell, &q),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_soft_queue_create(region, 16, HSA_QUEUE_TYPE_MULTI,
                                     HSA_QUEUE_FEATURE_AGENT_DISPATCH, (hsa_signal_t){0}, &q),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_soft_queue_create(region, 12, HSA_QUEUE_TYPE_MULTI,
                                     HSA_QUEUE_FEATURE_AGENT_DISPATCH, doorbell, &q),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_soft_queue_create(region, 0, HSA_QUEUE_TYPE_MULTI,
                                     HSA_QUEUE_FEATURE_AGENT_DISPATCH, doorbell, &q),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_soft_queue_create(region, 16, 5, HSA_QUEUE_FEATURE_AGENT_DISPATCH, doorbell,
                                     &q),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_soft_queue_create(region, 16, HSA_QUEUE_TYPE_MULTI, 0, doorbell, &q),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_soft_queue_create(region, 16, HSA_QUEUE_TYPE_MULTI,
                                     HSA_QUEUE_FEATURE_AGENT_DISPATCH, doorbell, NULL),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_soft_queue_create(BAD_REGION, 16, HSA_QUEUE_TYPE_MULTI,
                                     HSA_QUEUE_FEATURE_AGENT_DISPATCH, doorbell, &q),
               HSA_STATUS_ERROR_INVALID_REGION);
  CHECK_STATUS(hsa_soft_queue_create(region, 16, HSA_QUEUE_TYPE_MULTI,
                                     HSA_QUEUE_FEATURE_AGENT_DISPATCH, BAD_SIGNAL, &q),
               HSA_STATUS_ERROR_INVALID_SIGNAL);
  q = NULL;
  CHECK_STATUS(hsa_soft_queue_create(region, 16, HSA_QUEUE_TYPE_SINGLE,
                                     HSA_QUEUE_FEATURE_AGENT_DISPATCH, doorbell, &q),
               HSA_STATUS_SUCCESS);
  if (q) {
    uint32_t i, invalid = 0;
    CHECK(q->size == 16 && q->type == HSA_QUEUE_TYPE_SINGLE &&
              q->features == HSA_QUEUE_FEATURE_AGENT_DISPATCH &&
              q->doorbell_signal.handle == doorbell.handle,
          "a soft queue echoes size, type, features and doorbell");
    CHECK(q->base_address != NULL && ((uintptr_t)q->base_address % 64) == 0,
          "the soft queue's ring is 64-byte aligned");
    for (i = 0; i < q->size; i++)
      if ((*(const uint16_t *)queue_slot(q, i) & 0xFF) == HSA_PACKET_TYPE_INVALID) invalid++;
    CHECK(invalid == q->size, "the soft queue's packets start INVALID");
    CHECK(hsa_queue_load_read_index_relaxed(q) == 0 && hsa_queue_load_write_index_relaxed(q) == 0,
          "soft queue indexes start at 0");
    hsa_queue_store_write_index_relaxed(q, 5);
    hsa_queue_store_read_index_screlease(q, 3);
    CHECK(hsa_queue_load_write_index_scacquire(q) == 5 && hsa_queue_load_read_index_scacquire(q) == 3,
          "store_write_index / store_read_index on a soft queue");
    CHECK(hsa_queue_cas_write_index_relaxed(q, 4, 9) == 5 &&
              hsa_queue_load_write_index_relaxed(q) == 5,
          "a failing cas_write_index returns the current value and changes nothing");
    CHECK(hsa_queue_cas_write_index_screlease(q, 5, 9) == 5 &&
              hsa_queue_load_write_index_relaxed(q) == 9,
          "a succeeding cas_write_index returns the previous value");
    CHECK(hsa_queue_add_write_index_scacquire(q, 3) == 9 &&
              hsa_queue_load_write_index_relaxed(q) == 12,
          "add_write_index returns the previous value");
    hsa_queue_store_read_index_relaxed(q, 12);
    CHECK(hsa_queue_load_read_index_relaxed(q) == 12, "store_read_index_relaxed");
    /* deprecated aliases */
    hsa_queue_store_write_index_release(q, 20);
    hsa_queue_store_read_index_release(q, 20);
    CHECK(hsa_queue_load_write_index_acquire(q) == 20 && hsa_queue_load_read_index_acquire(q) == 20,
          "deprecated store/load index aliases");
    CHECK(hsa_queue_add_write_index_acq_rel(q, 1) == 20 && hsa_queue_add_write_index_acquire(q, 1) == 21 &&
              hsa_queue_add_write_index_release(q, 1) == 22 &&
              hsa_queue_cas_write_index_acq_rel(q, 23, 24) == 23 &&
              hsa_queue_cas_write_index_acquire(q, 24, 25) == 24 &&
              hsa_queue_cas_write_index_release(q, 25, 26) == 25 &&
              hsa_queue_add_write_index_scacq_screl(q, 1) == 26 &&
              hsa_queue_add_write_index_relaxed(q, 1) == 27 &&
              hsa_queue_add_write_index_screlease(q, 1) == 28 &&
              hsa_queue_cas_write_index_scacq_screl(q, 29, 30) == 29 &&
              hsa_queue_cas_write_index_scacquire(q, 30, 31) == 30 &&
              hsa_queue_load_write_index_relaxed(q) == 31,
          "every add/cas write-index variant returns the previous value");
    CHECK_STATUS(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  }
  CHECK_STATUS(hsa_signal_destroy(doorbell), HSA_STATUS_SUCCESS);
}

static void test_memory(hsa_agent_t agent) {
  hsa_region_t region =
      find_region(agent, HSA_REGION_SEGMENT_GLOBAL, HSA_REGION_GLOBAL_FLAG_FINE_GRAINED, 0);
  hsa_region_t group = find_region(agent, HSA_REGION_SEGMENT_GROUP, 0, 0);
  size_t max = 0;
  void *ptr = NULL;
  char buf[64];

  printf("-- memory\n");
  CHECK_STATUS(hsa_memory_allocate(region, 0, &ptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_region_get_info(region, HSA_REGION_INFO_ALLOC_MAX_SIZE, &max),
               HSA_STATUS_SUCCESS);
  if (max != 0 && max != SIZE_MAX) {
    CHECK_STATUS(hsa_memory_allocate(region, max + 1, &ptr), HSA_STATUS_ERROR_INVALID_ALLOCATION);
  }
  if (group.handle != 0) {
    CHECK_STATUS(hsa_memory_allocate(group, 64, &ptr), HSA_STATUS_ERROR_INVALID_ALLOCATION);
  } else {
    CHECK(0, "the CPU agent has a group region");
  }
  CHECK_STATUS(hsa_memory_register(buf, 0), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_memory_copy(buf, buf + 32, 0), HSA_STATUS_SUCCESS);
  REQUIRE_SUCCESS(hsa_memory_allocate(region, 4096, &ptr));
  /* A copy over unmapped memory or past the end of an allocation is refused, not faulted on. */
  CHECK_STATUS(hsa_memory_copy((void *)(uintptr_t)0x1000, buf, 8), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_memory_copy(buf, (void *)(uintptr_t)0x1000, 8), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_memory_copy(ptr, buf, 8192), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_memory_copy(ptr, buf, 64), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_memory_assign_agent(ptr, BAD_AGENT, HSA_ACCESS_PERMISSION_RW),
               HSA_STATUS_ERROR_INVALID_AGENT);
  CHECK_STATUS(hsa_memory_assign_agent(NULL, agent, HSA_ACCESS_PERMISSION_RW),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_memory_assign_agent(ptr, agent, (hsa_access_permission_t)7),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_memory_free(ptr), HSA_STATUS_SUCCESS);
  {
    hsa_amd_memory_pool_t pool = find_pool(agent, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED, 0);
    CHECK(pool.handle != 0, "the CPU agent has a fine-grained pool");
    CHECK_STATUS(hsa_amd_memory_pool_allocate(pool, 0, 0, &ptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(hsa_amd_memory_pool_allocate(pool, 4096, 0, NULL),
                 HSA_STATUS_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_ALLOC_MAX_SIZE, &max),
                 HSA_STATUS_SUCCESS);
    if (max != 0 && max != SIZE_MAX) {
      CHECK_STATUS(hsa_amd_memory_pool_allocate(pool, max + 1, 0, &ptr),
                   HSA_STATUS_ERROR_INVALID_ALLOCATION);
    }
  }
}

static void test_executables(hsa_agent_t agent, const char *path) {
  int fd;
  hsa_code_object_reader_t reader, garbage_reader;
  hsa_executable_t exe, exe2;
  hsa_executable_symbol_t sym;
  static uint8_t garbage[4096];
  hsa_status_t st;
  size_t i;
  uint32_t u32;

  printf("-- executables and code object readers\n");
  fd = open(path, O_RDONLY);
  REQUIRE(fd >= 0, "open(%s)", path);
  REQUIRE_SUCCESS(hsa_code_object_reader_create_from_file(fd, &reader));
  /* An executable frozen before anything was loaded: loads and defines are refused. */
  REQUIRE_SUCCESS(create_executable(agent, &exe));
  CHECK_STATUS(hsa_executable_freeze(exe, NULL), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_executable_freeze(exe, NULL), HSA_STATUS_ERROR_FROZEN_EXECUTABLE);
  CHECK_STATUS(hsa_executable_load_agent_code_object(exe, agent, reader, NULL, NULL),
               HSA_STATUS_ERROR_FROZEN_EXECUTABLE);
  CHECK_STATUS(hsa_executable_agent_global_variable_define(exe, agent, "ferrocm_other", garbage),
               HSA_STATUS_ERROR_FROZEN_EXECUTABLE);
  CHECK_STATUS(hsa_executable_destroy(exe), HSA_STATUS_SUCCESS);

  REQUIRE_SUCCESS(create_executable(agent, &exe));
  CHECK_STATUS(hsa_executable_load_agent_code_object(exe, BAD_AGENT, reader, NULL, NULL),
               HSA_STATUS_ERROR_INVALID_AGENT);
  CHECK_STATUS(hsa_executable_load_agent_code_object(exe, agent, reader, NULL, NULL),
               HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_executable_freeze(exe, NULL), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_executable_freeze(exe, NULL), HSA_STATUS_ERROR_FROZEN_EXECUTABLE);
  CHECK_STATUS(hsa_executable_get_symbol_by_name(exe, "no_such_kernel.kd", &agent, &sym),
               HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);
  CHECK_STATUS(hsa_executable_get_symbol_by_name(exe, NULL, &agent, &sym),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_executable_get_symbol_by_name(exe, "vector_add.kd", &agent, NULL),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_executable_get_symbol_by_name(exe, "vector_add.kd", &agent, &sym),
               HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_executable_symbol_get_info(sym, (hsa_executable_symbol_info_t)19, &u32),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_executable_symbol_get_info(sym, (hsa_executable_symbol_info_t)0x7777, &u32),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_TYPE, NULL),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_executable_symbol_get_info((hsa_executable_symbol_t){0xDEADBEEF80ull},
                                              HSA_EXECUTABLE_SYMBOL_INFO_TYPE, &u32),
               HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL);
  CHECK_STATUS(hsa_executable_get_info(exe, (hsa_executable_info_t)0, &u32),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_executable_get_info(exe, (hsa_executable_info_t)99, &u32),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_executable_get_info(exe, HSA_EXECUTABLE_INFO_STATE, NULL),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_executable_get_info((hsa_executable_t){0xDEADBEEF90ull},
                                       HSA_EXECUTABLE_INFO_STATE, &u32),
               HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  CHECK_STATUS(hsa_executable_destroy(exe), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_executable_destroy(exe), HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  CHECK_STATUS(hsa_executable_get_symbol_by_name(exe, "vector_add.kd", &agent, &sym),
               HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  CHECK_STATUS(hsa_executable_freeze(exe, NULL), HSA_STATUS_ERROR_INVALID_EXECUTABLE);

  /* create_alt argument validation */
  CHECK_STATUS(hsa_executable_create_alt((hsa_profile_t)5, HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR,
                                         NULL, &exe2),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_executable_create_alt(HSA_PROFILE_FULL, (hsa_default_float_rounding_mode_t)7,
                                         NULL, &exe2),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);

  /* Destroyed reader */
  CHECK_STATUS(hsa_code_object_reader_destroy(reader), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_code_object_reader_destroy(reader), HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER);
  CHECK_STATUS(hsa_code_object_reader_destroy((hsa_code_object_reader_t){0xDEADBEEFA0ull}),
               HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER);
  REQUIRE_SUCCESS(create_executable(agent, &exe2));
  CHECK_STATUS(hsa_executable_load_agent_code_object(exe2, agent, reader, NULL, NULL),
               HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER);

  /* Garbage memory: rejected when the reader is created or, at the latest, when loaded. */
  for (i = 0; i < sizeof garbage; i++) garbage[i] = (uint8_t)(i * 37 + 11);
  st = hsa_code_object_reader_create_from_memory(garbage, sizeof garbage, &garbage_reader);
  if (st == HSA_STATUS_SUCCESS) {
    CHECK_STATUS(hsa_executable_load_agent_code_object(exe2, agent, garbage_reader, NULL, NULL),
                 HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
    CHECK_STATUS(hsa_code_object_reader_destroy(garbage_reader), HSA_STATUS_SUCCESS);
  } else {
    CHECK_STATUS(st, HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
  }
  /* A file that is not a code object (this program's own source would do; use /dev/null-like data). */
  {
    char tmpl[] = "/tmp/ferrocm-hsa-garbage-XXXXXX";
    int gfd = mkstemp(tmpl);
    if (gfd >= 0) {
      hsa_code_object_reader_t r2;
      if (write(gfd, garbage, sizeof garbage) != (ssize_t)sizeof garbage) {
        /* ignore: the reader will see a short file, still not a code object */
      }
      lseek(gfd, 0, SEEK_SET);
      st = hsa_code_object_reader_create_from_file(gfd, &r2);
      if (st == HSA_STATUS_SUCCESS) {
        CHECK_STATUS(hsa_executable_load_agent_code_object(exe2, agent, r2, NULL, NULL),
                     HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
        hsa_code_object_reader_destroy(r2);
      } else {
        CHECK_STATUS(st, HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
      }
      close(gfd);
      unlink(tmpl);
    }
  }
  CHECK_STATUS(hsa_executable_destroy(exe2), HSA_STATUS_SUCCESS);

  /* Bad file descriptors */
  CHECK_STATUS(hsa_code_object_reader_create_from_file(-1, &reader), HSA_STATUS_ERROR_INVALID_FILE);
  {
    int closed = open(path, O_RDONLY);
    close(closed);
    CHECK_STATUS(hsa_code_object_reader_create_from_file(closed, &reader),
                 HSA_STATUS_ERROR_INVALID_FILE);
  }
  close(fd);
}

static void test_bad_attributes(hsa_agent_t agent) {
  uint8_t buf[256];
  hsa_region_t region =
      find_region(agent, HSA_REGION_SEGMENT_GLOBAL, HSA_REGION_GLOBAL_FLAG_FINE_GRAINED, 0);
  hsa_amd_memory_pool_t pool = find_pool(agent, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED, 0);
  hsa_isa_t isa = {0};
  printf("-- bad attribute values\n");
  CHECK_STATUS(hsa_system_get_info((hsa_system_info_t)8, buf), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_system_get_info((hsa_system_info_t)0x1FF, buf),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_agent_get_info(agent, (hsa_agent_info_t)25, buf),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_agent_get_info(agent, (hsa_agent_info_t)0x9999, buf),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_region_get_info(region, (hsa_region_info_t)3, buf),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_region_get_info(region, (hsa_region_info_t)9, buf),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_amd_memory_pool_get_info(pool, (hsa_amd_memory_pool_info_t)3, buf),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_amd_agent_memory_pool_get_info(agent, pool,
                                                  (hsa_amd_agent_memory_pool_info_t)9, buf),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  if (hsa_agent_iterate_isas(agent, first_isa_cb, &isa) == HSA_STATUS_INFO_BREAK && isa.handle) {
    CHECK_STATUS(hsa_isa_get_info_alt(isa, (hsa_isa_info_t)10, buf),
                 HSA_STATUS_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(hsa_isa_get_info_alt(isa, (hsa_isa_info_t)99, buf),
                 HSA_STATUS_ERROR_INVALID_ARGUMENT);
  } else {
    CHECK(0, "the CPU agent reports an ISA");
  }
  {
    const char *name = NULL;
    CHECK_STATUS(hsa_extension_get_name(0x150, &name), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  }
  CHECK_STATUS(hsa_isa_from_name("not-an-isa:name", &isa), HSA_STATUS_ERROR_INVALID_ISA_NAME);
}

int main(int argc, char **argv) {
  hsa_agent_t agent;
  hsa_region_t region;
  const char *path;
  test_begin("api_errors", 100);
  path = arg_path(argc, argv, 1, "the vector_add code object");
  test_before_init();
  test_status_strings();
  test_refcount();
  agent = require_cpu_agent();
  region = find_region(agent, HSA_REGION_SEGMENT_GLOBAL, HSA_REGION_GLOBAL_FLAG_FINE_GRAINED, 0);
  REQUIRE(region.handle != 0, "the CPU agent has a fine-grained global region");
  test_null_outputs(agent, region);
  test_bad_handles(agent);
  test_queue_creation(agent);
  test_memory(agent);
  test_executables(agent, path);
  test_bad_attributes(agent);
  CHECK_STATUS(hsa_shut_down(), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_shut_down(), HSA_STATUS_ERROR_NOT_INITIALIZED);
  return test_finish();
}
