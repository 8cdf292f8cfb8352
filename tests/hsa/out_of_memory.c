/*
 * Out of memory is a status, never a crash (argv[1] = vector_add code object).
 *
 * Checks, for the CPU agent's allocatable global pool and its global and kernarg regions:
 * a size above HSA_AMD_MEMORY_POOL_INFO_ALLOC_MAX_SIZE (or the region's ALLOC_MAX_SIZE) and
 * SIZE_MAX are HSA_STATUS_ERROR_INVALID_ALLOCATION (ROCR's code for a size beyond the pool's
 * largest allocation); then, under an address-space limit (setrlimit(RLIMIT_AS), what
 * `ulimit -v` does; the test runner runs this program in its own process), a 2 GiB request
 * (below the largest allocation, so only the limit refuses it) is
 * HSA_STATUS_ERROR_OUT_OF_RESOURCES from hsa_amd_memory_pool_allocate and hsa_memory_allocate;
 * exhausting the limit with 32 MiB blocks ends with OUT_OF_RESOURCES, every block is usable,
 * and after freeing them the same number can be allocated again. After every failure the
 * runtime still works: a vector_add dispatch on a queue and hsa_memory_copy give right results.
 */
#include "common.h"

#include <sys/resource.h>

typedef struct {
  const float *a;
  const float *b;
  float *c;
  uint32_t n;
  uint32_t pad;
} vector_add_args_t;

static hsa_agent_t g_agent;
static hsa_region_t g_kernarg;
static hsa_region_t g_global;
static hsa_amd_memory_pool_t g_pool;
static kernel_t g_vector_add;
static hsa_queue_t *g_queue;
static queue_errors_t g_errors;

/* A dispatch of vector_add over 4096 elements and a copy back: both right. */
static void runtime_still_works(const char *when) {
  enum { N = 4096 };
  float *a = NULL, *b = NULL, *c = NULL;
  float back[N];
  uint32_t i;
  int wrong = 0;
  CHECK_STATUS(hsa_amd_memory_pool_allocate(g_pool, N * sizeof(float), 0, (void **)&a),
               HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_amd_memory_pool_allocate(g_pool, N * sizeof(float), 0, (void **)&b),
               HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_memory_allocate(g_global, N * sizeof(float), (void **)&c), HSA_STATUS_SUCCESS);
  if (!a || !b || !c) test_abort(__LINE__, "small allocations failed");
  for (i = 0; i < N; i++) {
    a[i] = (float)i;
    b[i] = 0.5f;
    c[i] = -1.0f;
  }
  vector_add_args_t args = {a, b, c, N, 0};
  void *kernarg = make_kernarg(g_kernarg, &g_vector_add, &args, sizeof args);
  hsa_signal_t done = make_signal(1);
  const uint32_t grid[3] = {N, 1, 1};
  const uint16_t wg[3] = {256, 1, 1};
  submit_dispatch(g_queue, &g_vector_add, 1, grid, wg, 0, kernarg, done);
  CHECK(wait_until(done, HSA_SIGNAL_CONDITION_LT, 1, 20000) < 1, "%s: the dispatch completed",
        when);
  CHECK_STATUS(hsa_memory_copy(back, c, sizeof back), HSA_STATUS_SUCCESS);
  for (i = 0; i < N; i++)
    if (back[i] != (float)i + 0.5f) wrong++;
  CHECK(wrong == 0, "%s: vector_add gave %d wrong elements", when, wrong);
  CHECK(g_errors.count == 0, "%s: no queue error (got %d)", when, g_errors.count);
  CHECK_STATUS(hsa_signal_destroy(done), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_memory_free(kernarg), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_amd_memory_pool_free(a), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_amd_memory_pool_free(b), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_memory_free(c), HSA_STATUS_SUCCESS);
}

/* Every allocation entry point refuses `size` with `expected` and leaves the pointer null. */
static void every_allocator_refuses(size_t size, hsa_status_t expected, const char *when) {
  void *p = NULL;
  CHECK_STATUS(hsa_amd_memory_pool_allocate(g_pool, size, 0, &p), expected);
  CHECK(p == NULL, "%s: pool allocation left the pointer null (%p)", when, p);
  CHECK_STATUS(hsa_memory_allocate(g_global, size, &p), expected);
  CHECK_STATUS(hsa_memory_allocate(g_kernarg, size, &p), expected);
  CHECK(p == NULL, "%s: region allocations left the pointer null (%p)", when, p);
  runtime_still_works(when);
}

static size_t vm_size(void) {
  FILE *f = fopen("/proc/self/status", "r");
  char line[256];
  size_t kib = 0;
  if (!f) test_abort(__LINE__, "cannot read /proc/self/status");
  while (fgets(line, sizeof line, f))
    if (sscanf(line, "VmSize: %zu kB", &kib) == 1) break;
  fclose(f);
  if (kib == 0) test_abort(__LINE__, "no VmSize");
  return kib << 10;
}

int main(int argc, char **argv) {
  const char *path = arg_path(argc, argv, 1, "the vector_add code object");
  test_begin("out_of_memory", 100);
  REQUIRE_SUCCESS(hsa_init());
  g_agent = require_cpu_agent();
  g_kernarg = require_kernarg_region(g_agent);
  g_global = find_region(g_agent, HSA_REGION_SEGMENT_GLOBAL, HSA_REGION_GLOBAL_FLAG_FINE_GRAINED,
                         HSA_REGION_GLOBAL_FLAG_KERNARG);
  g_pool = find_pool(g_agent, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED, 0);
  if (g_global.handle == 0 || g_pool.handle == 0) test_abort(__LINE__, "no global region/pool");
  code_object_t co = load_code_object(path, g_agent);
  g_vector_add = get_kernel(co.executable, g_agent, "vector_add.kd");
  g_queue = make_queue(g_agent, 64, HSA_QUEUE_TYPE_MULTI, &g_errors);
  runtime_still_works("at the start");

  /* 1. Beyond the largest allocation, without a limit. */
  size_t max_pool = 0, max_region = 0;
  CHECK_STATUS(hsa_amd_memory_pool_get_info(g_pool, HSA_AMD_MEMORY_POOL_INFO_ALLOC_MAX_SIZE,
                                            &max_pool),
               HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_region_get_info(g_global, HSA_REGION_INFO_ALLOC_MAX_SIZE, &max_region),
               HSA_STATUS_SUCCESS);
  CHECK(max_pool > 0 && max_region > 0, "ALLOC_MAX_SIZE of pool %zu, region %zu", max_pool,
        max_region);
  every_allocator_refuses(SIZE_MAX, HSA_STATUS_ERROR_INVALID_ALLOCATION, "SIZE_MAX");
  every_allocator_refuses((size_t)1 << 62, HSA_STATUS_ERROR_INVALID_ALLOCATION, "2^62 bytes");
  every_allocator_refuses(max_pool + ((size_t)1 << 30), HSA_STATUS_ERROR_INVALID_ALLOCATION,
                          "ALLOC_MAX_SIZE + 1 GiB");

  /* 2. Under an address-space limit: VmSize + 512 MiB. */
  struct rlimit rl;
  size_t limit = vm_size() + ((size_t)512 << 20);
  if (getrlimit(RLIMIT_AS, &rl) != 0) test_abort(__LINE__, "getrlimit");
  rl.rlim_cur = limit;
  if (setrlimit(RLIMIT_AS, &rl) != 0) test_abort(__LINE__, "setrlimit");
  test_note("RLIMIT_AS set to %zu MiB (VmSize + 512 MiB)", limit >> 20);
  if (max_pool > ((size_t)2 << 30))
    every_allocator_refuses((size_t)2 << 30, HSA_STATUS_ERROR_OUT_OF_RESOURCES,
                            "2 GiB under the limit");
  else
    test_note("the pool's largest allocation is below 2 GiB: that step is skipped");

  /* 3. Exhaust the limit, give it back, take it again. */
  enum { MAX_BLOCKS = 64 };
  void *blocks[MAX_BLOCKS];
  const size_t block = (size_t)32 << 20;
  hsa_status_t last = HSA_STATUS_SUCCESS;
  int n = 0, i;
  while (n < MAX_BLOCKS) {
    void *b = NULL;
    last = hsa_amd_memory_pool_allocate(g_pool, block, 0, &b);
    if (last != HSA_STATUS_SUCCESS) break;
    memset(b, n, block);
    blocks[n++] = b;
  }
  CHECK_STATUS(last, HSA_STATUS_ERROR_OUT_OF_RESOURCES);
  CHECK(n > 0, "%d blocks of 32 MiB fitted under the limit", n);
  test_note("%d blocks of 32 MiB before OUT_OF_RESOURCES", n);
  {
    void *p = NULL;
    CHECK_STATUS(hsa_memory_allocate(g_global, block, &p), HSA_STATUS_ERROR_OUT_OF_RESOURCES);
  }
  for (i = 0; i < n; i++) {
    const unsigned char *b = (const unsigned char *)blocks[i];
    if (b[0] != (unsigned char)i || b[block - 1] != (unsigned char)i)
      CHECK(0, "block %d holds %d/%d", i, b[0], b[block - 1]);
    CHECK_STATUS(hsa_amd_memory_pool_free(blocks[i]), HSA_STATUS_SUCCESS);
  }
  for (i = 0; i < n; i++) {
    CHECK_STATUS(hsa_memory_allocate(g_global, block, &blocks[i]), HSA_STATUS_SUCCESS);
  }
  for (i = 0; i < n; i++) CHECK_STATUS(hsa_memory_free(blocks[i]), HSA_STATUS_SUCCESS);
  runtime_still_works("after exhausting the limit");

  CHECK_STATUS(hsa_queue_destroy(g_queue), HSA_STATUS_SUCCESS);
  unload_code_object(&co);
  CHECK_STATUS(hsa_shut_down(), HSA_STATUS_SUCCESS);
  return test_finish();
}
