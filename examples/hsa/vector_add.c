/* The classic HSA flow on ferrocm's CPU agent: find the agent and its kernarg region,
 * create a queue, load a code object, dispatch a kernel, wait, verify. */
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHECK(call)                                                              \
  do {                                                                           \
    hsa_status_t s_ = (call);                                                    \
    if (s_ != HSA_STATUS_SUCCESS) {                                              \
      const char *msg_ = NULL;                                                   \
      hsa_status_string(s_, &msg_);                                              \
      fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,       \
              msg_ ? msg_ : "?");                                                \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

static hsa_status_t find_cpu_kernel_agent(hsa_agent_t agent, void *data) {
  hsa_device_type_t type;
  uint32_t features = 0;
  hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type);
  hsa_agent_get_info(agent, HSA_AGENT_INFO_FEATURE, &features);
  if (type == HSA_DEVICE_TYPE_CPU && (features & HSA_AGENT_FEATURE_KERNEL_DISPATCH)) {
    *(hsa_agent_t *)data = agent;
    return HSA_STATUS_INFO_BREAK;
  }
  return HSA_STATUS_SUCCESS;
}

static hsa_status_t find_kernarg_region(hsa_region_t region, void *data) {
  hsa_region_segment_t segment;
  uint32_t flags = 0;
  hsa_region_get_info(region, HSA_REGION_INFO_SEGMENT, &segment);
  hsa_region_get_info(region, HSA_REGION_INFO_GLOBAL_FLAGS, &flags);
  if (segment == HSA_REGION_SEGMENT_GLOBAL && (flags & HSA_REGION_GLOBAL_FLAG_KERNARG)) {
    *(hsa_region_t *)data = region;
    return HSA_STATUS_INFO_BREAK;
  }
  return HSA_STATUS_SUCCESS;
}

typedef struct {
  const float *a;
  const float *b;
  float *c;
  uint32_t n;
} vector_add_args;

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s vector_add_kernel.so\n", argv[0]);
    return 2;
  }
  const uint32_t n = 1u << 20;
  CHECK(hsa_init());

  hsa_agent_t agent = {0};
  hsa_iterate_agents(find_cpu_kernel_agent, &agent);
  if (agent.handle == 0) { fprintf(stderr, "no CPU kernel agent\n"); return 1; }
  char name[64] = {0};
  CHECK(hsa_agent_get_info(agent, HSA_AGENT_INFO_NAME, name));

  hsa_region_t kernarg_region = {0};
  hsa_agent_iterate_regions(agent, find_kernarg_region, &kernarg_region);
  if (kernarg_region.handle == 0) { fprintf(stderr, "no kernarg region\n"); return 1; }

  hsa_queue_t *queue = NULL;
  CHECK(hsa_queue_create(agent, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, UINT32_MAX, UINT32_MAX, &queue));

  int fd = open(argv[1], O_RDONLY);
  if (fd < 0) { perror(argv[1]); return 1; }
  hsa_code_object_reader_t reader;
  CHECK(hsa_code_object_reader_create_from_file(fd, &reader));
  hsa_executable_t exe;
  CHECK(hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR, NULL, &exe));
  CHECK(hsa_executable_load_agent_code_object(exe, agent, reader, NULL, NULL));
  CHECK(hsa_executable_freeze(exe, NULL));
  hsa_executable_symbol_t sym;
  CHECK(hsa_executable_get_symbol_by_name(exe, "vector_add.kd", &agent, &sym));
  uint64_t kernel_object = 0;
  uint32_t kernarg_size = 0;
  CHECK(hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &kernel_object));
  CHECK(hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE, &kernarg_size));

  float *a, *b, *c;
  CHECK(hsa_memory_allocate(kernarg_region, n * sizeof(float), (void **)&a));
  CHECK(hsa_memory_allocate(kernarg_region, n * sizeof(float), (void **)&b));
  CHECK(hsa_memory_allocate(kernarg_region, n * sizeof(float), (void **)&c));
  for (uint32_t i = 0; i < n; ++i) { a[i] = (float)i; b[i] = 2.0f * (float)i; c[i] = -1.0f; }

  vector_add_args *args;
  CHECK(hsa_memory_allocate(kernarg_region, kernarg_size, (void **)&args));
  args->a = a; args->b = b; args->c = c; args->n = n;

  hsa_signal_t done;
  CHECK(hsa_signal_create(1, 0, NULL, &done));

  /* Producer protocol: reserve, wait for room, write the body, publish the header. */
  uint64_t index = hsa_queue_add_write_index_screlease(queue, 1);
  while (index - hsa_queue_load_read_index_scacquire(queue) >= queue->size) {}
  hsa_kernel_dispatch_packet_t *packet =
      (hsa_kernel_dispatch_packet_t *)queue->base_address + (index & (queue->size - 1));
  memset((char *)packet + 4, 0, sizeof(*packet) - 4);
  packet->workgroup_size_x = 256;
  packet->workgroup_size_y = 1;
  packet->workgroup_size_z = 1;
  packet->grid_size_x = n;
  packet->grid_size_y = 1;
  packet->grid_size_z = 1;
  packet->kernel_object = kernel_object;
  packet->kernarg_address = args;
  packet->completion_signal = done;
  uint16_t header = (HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE) |
                    (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
                    (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE);
  uint16_t setup = 1 << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS;
  __atomic_store_n((uint32_t *)packet, header | ((uint32_t)setup << 16), __ATOMIC_RELEASE);
  hsa_signal_store_screlease(queue->doorbell_signal, (hsa_signal_value_t)index);

  while (hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_LT, 1, UINT64_MAX,
                                   HSA_WAIT_STATE_BLOCKED) != 0) {}

  uint32_t errors = 0;
  for (uint32_t i = 0; i < n; ++i)
    if (c[i] != 3.0f * (float)i) ++errors;

  CHECK(hsa_signal_destroy(done));
  CHECK(hsa_memory_free(args));
  CHECK(hsa_memory_free(a));
  CHECK(hsa_memory_free(b));
  CHECK(hsa_memory_free(c));
  CHECK(hsa_executable_destroy(exe));
  CHECK(hsa_code_object_reader_destroy(reader));
  close(fd);
  CHECK(hsa_queue_destroy(queue));
  CHECK(hsa_shut_down());

  printf("vector_add: %u elements on HSA agent \"%s\" (CPU): %s\n", n, name,
         errors ? "FAILED" : "PASSED");
  return errors ? 1 : 0;
}
