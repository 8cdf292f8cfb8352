/* A monitoring program written the way rocm_smi_lib users (PAPI, TAU, hwloc) call it: init,
 * count devices, read the core metrics of each. Prints PASS/FAIL. On ferrocm's CPU device,
 * values the kernel exposes must be real; absent ones must be RSMI_STATUS_NOT_SUPPORTED. */
#include <rocm_smi/rocm_smi.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond, ...)                          \
  do {                                            \
    if (!(cond)) {                                \
      printf("FAIL %s:%d: ", __FILE__, __LINE__); \
      printf(__VA_ARGS__);                        \
      printf("\n");                               \
      failures++;                                 \
    }                                             \
  } while (0)

#define OK(call)                                                                   \
  do {                                                                             \
    rsmi_status_t s_ = (call);                                                     \
    if (s_ != RSMI_STATUS_SUCCESS) {                                               \
      const char* t_ = NULL;                                                       \
      rsmi_status_string(s_, &t_);                                                 \
      printf("FAIL %s:%d: %s -> %d (%s)\n", __FILE__, __LINE__, #call, s_, t_);     \
      failures++;                                                                  \
    }                                                                              \
  } while (0)

int main(void) {
  uint32_t n = 0;
  CHECK(rsmi_num_monitor_devices(&n) == RSMI_STATUS_INIT_ERROR, "before init");
  OK(rsmi_init(0));
  OK(rsmi_num_monitor_devices(&n));
  CHECK(n >= 1, "the CPU device at least, got %u", n);
  char ver[32];
  OK(rsmi_version_str_get(RSMI_SW_COMP_DRIVER, ver, sizeof ver));
  printf("driver %s, %u devices\n", ver, n);

  for (uint32_t i = 0; i < n; i++) {
    char name[128], vendor[64];
    OK(rsmi_dev_name_get(i, name, sizeof name));
    OK(rsmi_dev_vendor_name_get(i, vendor, sizeof vendor));
    printf("device %u: %s (%s)\n", i, name, vendor);
    char tiny[2];
    CHECK(rsmi_dev_name_get(i, tiny, sizeof tiny) == RSMI_STATUS_INSUFFICIENT_SIZE, "truncated");

    uint64_t total = 0, used = 0;
    OK(rsmi_dev_memory_total_get(i, RSMI_MEM_TYPE_VRAM, &total));
    OK(rsmi_dev_memory_usage_get(i, RSMI_MEM_TYPE_VRAM, &used));
    CHECK(total > 0 && used <= total, "memory %llu of %llu", (unsigned long long)used,
          (unsigned long long)total);
    CHECK(rsmi_dev_memory_total_get(i, RSMI_MEM_TYPE_GTT, &total) == RSMI_STATUS_NOT_SUPPORTED,
          "no GTT");

    uint32_t busy = 1000;
    OK(rsmi_dev_busy_percent_get(i, &busy));
    CHECK(busy <= 100, "busy %u", busy);
    printf("  busy %u %%, memory %llu of %llu bytes\n", busy, (unsigned long long)used,
           (unsigned long long)total);

    int64_t temp = 0;
    rsmi_status_t s = rsmi_dev_temp_metric_get(i, RSMI_TEMP_TYPE_EDGE, RSMI_TEMP_CURRENT, &temp);
    CHECK(s == RSMI_STATUS_SUCCESS || s == RSMI_STATUS_NOT_SUPPORTED, "temperature -> %d", s);
    if (s == RSMI_STATUS_SUCCESS) {
      printf("  edge %.1f C\n", temp / 1000.0);
      CHECK(temp > -50000 && temp < 150000, "a plausible temperature");
    } else {
      printf("  edge N/A\n");
    }
    CHECK(rsmi_dev_temp_metric_get(i, 99, RSMI_TEMP_CURRENT, &temp) == RSMI_STATUS_INVALID_ARGS,
          "bad sensor");

    uint64_t power = 0;
    s = rsmi_dev_power_ave_get(i, 0, &power);
    CHECK(s == RSMI_STATUS_SUCCESS || s == RSMI_STATUS_NOT_SUPPORTED, "power -> %d", s);
    if (s == RSMI_STATUS_SUCCESS) printf("  power %.1f W\n", power / 1e6);

    CHECK(rsmi_dev_drm_render_minor_get(i, &busy) == RSMI_STATUS_NOT_SUPPORTED, "no DRM node");
    CHECK(rsmi_dev_busy_percent_get(i, NULL) == RSMI_STATUS_INVALID_ARGS, "NULL");
  }
  uint32_t busy;
  CHECK(rsmi_dev_busy_percent_get(n, &busy) == RSMI_STATUS_INVALID_ARGS, "index past the end");

  uint32_t nproc = 0;
  OK(rsmi_compute_process_info_get(NULL, &nproc));
  printf("%u processes\n", nproc);

  OK(rsmi_shut_down());
  CHECK(rsmi_dev_busy_percent_get(0, &busy) == RSMI_STATUS_INIT_ERROR, "after shut down");
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
