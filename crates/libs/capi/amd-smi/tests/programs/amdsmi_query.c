/* A monitoring program written the way AMD SMI's samples and tools use the library: init,
 * sockets, processor handles, then the common queries. Prints what it reads and PASS/FAIL.
 * On ferrocm's CPU device, values the kernel exposes must be real, and metrics the device
 * lacks must say AMDSMI_STATUS_NOT_SUPPORTED. */
#include <amd_smi/amdsmi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond, ...)                        \
  do {                                          \
    if (!(cond)) {                              \
      printf("FAIL %s:%d: ", __FILE__, __LINE__); \
      printf(__VA_ARGS__);                      \
      printf("\n");                             \
      failures++;                               \
    }                                           \
  } while (0)

#define OK(call)                                                               \
  do {                                                                         \
    amdsmi_status_t s_ = (call);                                               \
    if (s_ != AMDSMI_STATUS_SUCCESS) {                                         \
      const char* t_ = NULL;                                                   \
      amdsmi_status_code_to_string(s_, &t_);                                   \
      printf("FAIL %s:%d: %s -> %d (%s)\n", __FILE__, __LINE__, #call, s_, t_); \
      failures++;                                                              \
    }                                                                          \
  } while (0)

/* A call that must succeed or say not supported; returns 1 when it succeeded. */
static int ok_or_na(amdsmi_status_t s, const char* what) {
  if (s == AMDSMI_STATUS_SUCCESS) return 1;
  if (s == AMDSMI_STATUS_NOT_SUPPORTED) {
    printf("  %s: N/A\n", what);
    return 0;
  }
  printf("FAIL %s -> %d\n", what, s);
  failures++;
  return 0;
}

int main(void) {
  uint32_t n = 0;
  CHECK(amdsmi_get_socket_handles(&n, NULL) == AMDSMI_STATUS_NOT_INIT, "before init");
  OK(amdsmi_init(AMDSMI_INIT_AMD_GPUS));

  amdsmi_version_t v;
  OK(amdsmi_get_lib_version(&v));
  printf("library %u.%u.%u.%u (%s)\n", v.year, v.major, v.minor, v.release, v.build);

  OK(amdsmi_get_socket_handles(&n, NULL));
  CHECK(n >= 1, "at least the CPU device's socket, got %u", n);
  amdsmi_socket_handle* sockets = calloc(n, sizeof *sockets);
  OK(amdsmi_get_socket_handles(&n, sockets));
  CHECK(amdsmi_get_socket_handles(NULL, sockets) == AMDSMI_STATUS_INVAL, "NULL count");

  for (uint32_t s = 0; s < n; s++) {
    char sname[64];
    OK(amdsmi_get_socket_info(sockets[s], sizeof sname, sname));
    uint32_t np = 0;
    OK(amdsmi_get_processor_handles(sockets[s], &np, NULL));
    CHECK(np == 1, "one processor per socket, got %u", np);
    amdsmi_processor_handle h;
    np = 1;
    OK(amdsmi_get_processor_handles(sockets[s], &np, &h));

    processor_type_t type;
    OK(amdsmi_get_processor_type(h, &type));
    amdsmi_asic_info_t asic;
    OK(amdsmi_get_gpu_asic_info(h, &asic));
    printf("socket %s: %s (%s), type %d, %u compute units\n", sname, asic.market_name,
           asic.vendor_name, type, asic.num_of_compute_units);
    CHECK(strlen(asic.market_name) > 0, "a name");
    int is_cpu = type == AMDSMI_PROCESSOR_TYPE_AMD_CPU || type == AMDSMI_PROCESSOR_TYPE_NON_AMD_CPU;

    amdsmi_driver_info_t drv;
    OK(amdsmi_get_gpu_driver_info(h, &drv));
    printf("  driver %s %s\n", drv.driver_name, drv.driver_version);
    amdsmi_board_info_t board;
    OK(amdsmi_get_gpu_board_info(h, &board));
    char vendor[64];
    OK(amdsmi_get_gpu_vendor_name(h, vendor, sizeof vendor));
    char tiny[2];
    CHECK(amdsmi_get_gpu_vendor_name(h, tiny, sizeof tiny) == AMDSMI_STATUS_INSUFFICIENT_SIZE,
          "a 2-byte buffer is too small");

    amdsmi_engine_usage_t use;
    if (ok_or_na(amdsmi_get_gpu_activity(h, &use), "activity")) {
      printf("  gfx_activity %u %%\n", use.gfx_activity);
      CHECK(use.gfx_activity <= 100, "a percentage");
    } else {
      CHECK(!is_cpu, "the CPU device always has an activity");
    }

    uint64_t total = 0, used = 0;
    OK(amdsmi_get_gpu_memory_total(h, AMDSMI_MEM_TYPE_VRAM, &total));
    OK(amdsmi_get_gpu_memory_usage(h, AMDSMI_MEM_TYPE_VRAM, &used));
    printf("  memory %llu of %llu bytes used\n", (unsigned long long)used,
           (unsigned long long)total);
    CHECK(total > 0 && used <= total, "memory");
    CHECK(amdsmi_get_gpu_memory_total(h, (amdsmi_memory_type_t)99, &total) == AMDSMI_STATUS_INVAL,
          "bad memory type");
    CHECK(amdsmi_get_gpu_memory_total(h, AMDSMI_MEM_TYPE_GTT, &total) == AMDSMI_STATUS_NOT_SUPPORTED,
          "no GTT");
    amdsmi_vram_usage_t vram;
    OK(amdsmi_get_gpu_vram_usage(h, &vram));
    CHECK(vram.vram_total > 0 && vram.vram_used <= vram.vram_total, "VRAM MiB");

    amdsmi_clk_info_t clk;
    if (ok_or_na(amdsmi_get_clock_info(h, AMDSMI_CLK_TYPE_GFX, &clk), "gfx clock"))
      printf("  gfx clock %u MHz\n", clk.clk);
    if (is_cpu)
      CHECK(amdsmi_get_clock_info(h, AMDSMI_CLK_TYPE_MEM, &clk) == AMDSMI_STATUS_NOT_SUPPORTED,
            "a CPU has no memory clock in Linux");

    int64_t temp = 0;
    if (ok_or_na(amdsmi_get_temp_metric(h, AMDSMI_TEMPERATURE_TYPE_EDGE, AMDSMI_TEMP_CURRENT, &temp),
                 "edge temperature"))
      printf("  edge %lld C\n", (long long)temp);
    CHECK(amdsmi_get_temp_metric(h, AMDSMI_TEMPERATURE_TYPE_HBM_0, AMDSMI_TEMP_CURRENT, &temp) ==
              AMDSMI_STATUS_NOT_SUPPORTED,
          "no HBM sensor");

    amdsmi_power_info_t power;
    if (ok_or_na(amdsmi_get_power_info(h, &power), "power"))
      printf("  power %u W\n", power.current_socket_power);

    int64_t fan;
    if (is_cpu)
      CHECK(amdsmi_get_gpu_fan_speed(h, 0, &fan) == AMDSMI_STATUS_NOT_SUPPORTED, "no fan");
    uint16_t rev;
    CHECK(amdsmi_get_gpu_revision(h, &rev) == AMDSMI_STATUS_NOT_SUPPORTED, "no revision");

    uint32_t nproc = 0;
    OK(amdsmi_get_gpu_process_list(h, &nproc, NULL));
    printf("  %u processes\n", nproc);

    CHECK(amdsmi_get_gpu_asic_info(h, NULL) == AMDSMI_STATUS_INVAL, "NULL out-pointer");
  }
  amdsmi_asic_info_t asic;
  CHECK(amdsmi_get_gpu_asic_info((amdsmi_processor_handle)0x1234, &asic) == AMDSMI_STATUS_INVAL,
        "a foreign handle");

  amdsmi_processor_handle first;
  uint32_t one = 1;
  OK(amdsmi_get_processor_handles(sockets[0], &one, &first));
  OK(amdsmi_shut_down());
  CHECK(amdsmi_get_gpu_asic_info(first, &asic) == AMDSMI_STATUS_NOT_INIT, "after shut down");
  CHECK(amdsmi_shut_down() == AMDSMI_STATUS_NOT_INIT, "twice");
  free(sockets);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
