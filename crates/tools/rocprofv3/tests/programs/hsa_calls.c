/* Traced by tests/hsa_trace.rs: an HSA program as the HSA samples write one (initialise,
 * find the CPU agent and a memory pool, make a signal, count it down, allocate and free pool
 * memory, shut down), with one failing call. Prints "agents N" and PASS. */
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(x)                                                                                   \
  do {                                                                                             \
    if (!(x)) {                                                                                    \
      printf("FAIL: %s (line %d)\n", #x, __LINE__);                                                \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

static int agents = 0;
static hsa_agent_t first_agent;

static hsa_status_t count_agent(hsa_agent_t agent, void *data) {
  (void)data;
  if (agents++ == 0) first_agent = agent;
  return HSA_STATUS_SUCCESS;
}

static hsa_amd_memory_pool_t pool;
static int found_pool = 0;

static hsa_status_t find_pool(hsa_amd_memory_pool_t p, void *data) {
  (void)data;
  bool allowed = false;
  if (hsa_amd_memory_pool_get_info(p, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED, &allowed) ==
          HSA_STATUS_SUCCESS &&
      allowed) {
    pool = p;
    found_pool = 1;
    return HSA_STATUS_INFO_BREAK;
  }
  return HSA_STATUS_SUCCESS;
}

int main(void) {
  CHECK(hsa_init() == HSA_STATUS_SUCCESS);
  CHECK(hsa_iterate_agents(count_agent, NULL) == HSA_STATUS_SUCCESS);
  hsa_signal_t s;
  CHECK(hsa_signal_create(3, 0, NULL, &s) == HSA_STATUS_SUCCESS);
  hsa_signal_subtract_relaxed(s, 1);
  hsa_signal_subtract_relaxed(s, 2);
  CHECK(hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_EQ, 0, UINT64_MAX, HSA_WAIT_STATE_BLOCKED) == 0);
  CHECK(hsa_signal_destroy(s) == HSA_STATUS_SUCCESS);
  CHECK(hsa_signal_create(0, 0, NULL, NULL) == HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK(hsa_amd_agent_iterate_memory_pools(first_agent, find_pool, NULL) == HSA_STATUS_INFO_BREAK);
  CHECK(found_pool);
  void *p = NULL;
  CHECK(hsa_amd_memory_pool_allocate(pool, 4096, 0, &p) == HSA_STATUS_SUCCESS);
  CHECK(hsa_amd_memory_pool_free(p) == HSA_STATUS_SUCCESS);
  CHECK(hsa_shut_down() == HSA_STATUS_SUCCESS);
  printf("agents %d\nPASS\n", agents);
  return 0;
}
