/* ROCm SMI: the core device queries. ferrocm's librocm_smi64.so (link with -lrocm_smi64).
 *
 * Device indexes (dv_ind) count ferrocm's devices as `amd-smi list` and `rocm-smi` print them:
 * the host CPU (the device of the CPU platform) first, then NVIDIA GPUs (over NVML). Names and
 * values are ROCm SMI's for the functions declared here. A value a device lacks returns
 * RSMI_STATUS_NOT_SUPPORTED. Units: temperatures in millidegrees Celsius, power in
 * microwatts, memory in bytes, energy in microjoules. See docs/TOOLS.md. */
#ifndef ROCM_SMI_ROCM_SMI_H_
#define ROCM_SMI_ROCM_SMI_H_ 1

#include <stddef.h>
#include <stdint.h>

#if !defined(RSMI_API)
#if defined(__GNUC__)
#define RSMI_API __attribute__((visibility("default")))
#else
#define RSMI_API
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define RSMI_MAX_FAN_SPEED 255

typedef enum {
  RSMI_STATUS_SUCCESS = 0x0,
  RSMI_STATUS_INVALID_ARGS,
  RSMI_STATUS_NOT_SUPPORTED,
  RSMI_STATUS_FILE_ERROR,
  RSMI_STATUS_PERMISSION,
  RSMI_STATUS_OUT_OF_RESOURCES,
  RSMI_STATUS_INTERNAL_EXCEPTION,
  RSMI_STATUS_INPUT_OUT_OF_BOUNDS,
  RSMI_STATUS_INIT_ERROR,
  RSMI_INITIALIZATION_ERROR = RSMI_STATUS_INIT_ERROR,
  RSMI_STATUS_NOT_YET_IMPLEMENTED,
  RSMI_STATUS_NOT_FOUND,
  RSMI_STATUS_INSUFFICIENT_SIZE,
  RSMI_STATUS_INTERRUPT,
  RSMI_STATUS_UNEXPECTED_SIZE,
  RSMI_STATUS_NO_DATA,
  RSMI_STATUS_UNEXPECTED_DATA,
  RSMI_STATUS_BUSY,
  RSMI_STATUS_REFCOUNT_OVERFLOW,
  RSMI_STATUS_UNKNOWN_ERROR = 0xFFFFFFFF
} rsmi_status_t;

/* rsmi_init's flags (ferrocm lists every device whatever they are). */
typedef enum {
  RSMI_INIT_FLAG_ALL_GPUS = 0x1,
  RSMI_INIT_FLAG_RESRV_TEST1 = 0x800000000000000
} rsmi_init_flags_t;

typedef enum {
  RSMI_DEV_PERF_LEVEL_AUTO = 0,
  RSMI_DEV_PERF_LEVEL_FIRST = RSMI_DEV_PERF_LEVEL_AUTO,
  RSMI_DEV_PERF_LEVEL_LOW,
  RSMI_DEV_PERF_LEVEL_HIGH,
  RSMI_DEV_PERF_LEVEL_MANUAL,
  RSMI_DEV_PERF_LEVEL_STABLE_STD,
  RSMI_DEV_PERF_LEVEL_STABLE_PEAK,
  RSMI_DEV_PERF_LEVEL_STABLE_MIN_MCLK,
  RSMI_DEV_PERF_LEVEL_STABLE_MIN_SCLK,
  RSMI_DEV_PERF_LEVEL_DETERMINISM,
  RSMI_DEV_PERF_LEVEL_LAST = RSMI_DEV_PERF_LEVEL_DETERMINISM,
  RSMI_DEV_PERF_LEVEL_UNKNOWN = 0x100
} rsmi_dev_perf_level_t;

typedef enum {
  RSMI_SW_COMP_FIRST = 0x0,
  RSMI_SW_COMP_DRIVER = RSMI_SW_COMP_FIRST,
  RSMI_SW_COMP_LAST = RSMI_SW_COMP_DRIVER
} rsmi_sw_component_t;

typedef enum {
  RSMI_TEMP_CURRENT = 0x0,
  RSMI_TEMP_FIRST = RSMI_TEMP_CURRENT,
  RSMI_TEMP_MAX,
  RSMI_TEMP_MIN,
  RSMI_TEMP_MAX_HYST,
  RSMI_TEMP_MIN_HYST,
  RSMI_TEMP_CRITICAL,
  RSMI_TEMP_CRITICAL_HYST,
  RSMI_TEMP_EMERGENCY,
  RSMI_TEMP_EMERGENCY_HYST,
  RSMI_TEMP_CRIT_MIN,
  RSMI_TEMP_CRIT_MIN_HYST,
  RSMI_TEMP_OFFSET,
  RSMI_TEMP_LOWEST,
  RSMI_TEMP_HIGHEST,
  RSMI_TEMP_LAST = RSMI_TEMP_HIGHEST
} rsmi_temperature_metric_t;

/* The sensor_type argument of rsmi_dev_temp_metric_get. */
typedef enum {
  RSMI_TEMP_TYPE_FIRST = 0,
  RSMI_TEMP_TYPE_EDGE = RSMI_TEMP_TYPE_FIRST,
  RSMI_TEMP_TYPE_JUNCTION,
  RSMI_TEMP_TYPE_MEMORY,
  RSMI_TEMP_TYPE_HBM_0,
  RSMI_TEMP_TYPE_HBM_1,
  RSMI_TEMP_TYPE_HBM_2,
  RSMI_TEMP_TYPE_HBM_3,
  RSMI_TEMP_TYPE_LAST = RSMI_TEMP_TYPE_HBM_3,
  RSMI_TEMP_TYPE_INVALID = 0xFFFFFFFF
} rsmi_temperature_type_t;

typedef enum {
  RSMI_MEM_TYPE_FIRST = 0,
  RSMI_MEM_TYPE_VRAM = RSMI_MEM_TYPE_FIRST,
  RSMI_MEM_TYPE_VIS_VRAM,
  RSMI_MEM_TYPE_GTT,
  RSMI_MEM_TYPE_LAST = RSMI_MEM_TYPE_GTT
} rsmi_memory_type_t;

typedef struct {
  uint32_t major;
  uint32_t minor;
  uint32_t patch;
  const char* build;
} rsmi_version_t;

typedef struct {
  uint32_t process_id;
  uint32_t pasid;
  uint64_t vram_usage;
  uint64_t sdma_usage;
  uint32_t cu_occupancy;
} rsmi_process_info_t;

/* ---- Library ---- */
RSMI_API rsmi_status_t rsmi_init(uint64_t init_flags);
RSMI_API rsmi_status_t rsmi_shut_down(void);
RSMI_API rsmi_status_t rsmi_num_monitor_devices(uint32_t* num_devices);
RSMI_API rsmi_status_t rsmi_version_get(rsmi_version_t* version);
RSMI_API rsmi_status_t rsmi_version_str_get(rsmi_sw_component_t component, char* ver_str, uint32_t len);
RSMI_API rsmi_status_t rsmi_status_string(rsmi_status_t status, const char** status_string);

/* ---- Identity ---- */
RSMI_API rsmi_status_t rsmi_dev_id_get(uint32_t dv_ind, uint16_t* id);
RSMI_API rsmi_status_t rsmi_dev_revision_get(uint32_t dv_ind, uint16_t* revision);
RSMI_API rsmi_status_t rsmi_dev_vendor_id_get(uint32_t dv_ind, uint16_t* id);
RSMI_API rsmi_status_t rsmi_dev_name_get(uint32_t dv_ind, char* name, size_t len);
RSMI_API rsmi_status_t rsmi_dev_brand_get(uint32_t dv_ind, char* brand, uint32_t len);
RSMI_API rsmi_status_t rsmi_dev_vendor_name_get(uint32_t dv_ind, char* name, size_t len);
RSMI_API rsmi_status_t rsmi_dev_serial_number_get(uint32_t dv_ind, char* serial_num, uint32_t len);
RSMI_API rsmi_status_t rsmi_dev_subsystem_id_get(uint32_t dv_ind, uint16_t* id);
RSMI_API rsmi_status_t rsmi_dev_subsystem_name_get(uint32_t dv_ind, char* name, size_t len);
RSMI_API rsmi_status_t rsmi_dev_unique_id_get(uint32_t dv_ind, uint64_t* id);
RSMI_API rsmi_status_t rsmi_dev_drm_render_minor_get(uint32_t dv_ind, uint32_t* minor);
RSMI_API rsmi_status_t rsmi_dev_pci_id_get(uint32_t dv_ind, uint64_t* bdfid);
RSMI_API rsmi_status_t rsmi_dev_vbios_version_get(uint32_t dv_ind, char* vbios, uint32_t len);

/* ---- Memory and utilisation ---- */
RSMI_API rsmi_status_t rsmi_dev_memory_total_get(uint32_t dv_ind, rsmi_memory_type_t mem_type, uint64_t* total);
RSMI_API rsmi_status_t rsmi_dev_memory_usage_get(uint32_t dv_ind, rsmi_memory_type_t mem_type, uint64_t* used);
RSMI_API rsmi_status_t rsmi_dev_memory_busy_percent_get(uint32_t dv_ind, uint32_t* busy_percent);
RSMI_API rsmi_status_t rsmi_dev_busy_percent_get(uint32_t dv_ind, uint32_t* busy_percent);

/* ---- Temperature, power, energy, fan ---- */
RSMI_API rsmi_status_t rsmi_dev_temp_metric_get(uint32_t dv_ind, uint32_t sensor_type, rsmi_temperature_metric_t metric, int64_t* temperature);
RSMI_API rsmi_status_t rsmi_dev_power_ave_get(uint32_t dv_ind, uint32_t sensor_ind, uint64_t* power);
RSMI_API rsmi_status_t rsmi_dev_current_socket_power_get(uint32_t dv_ind, uint64_t* socket_power);
RSMI_API rsmi_status_t rsmi_dev_power_cap_get(uint32_t dv_ind, uint32_t sensor_ind, uint64_t* cap);
RSMI_API rsmi_status_t rsmi_dev_power_cap_default_get(uint32_t dv_ind, uint64_t* default_cap);
RSMI_API rsmi_status_t rsmi_dev_energy_count_get(uint32_t dv_ind, uint64_t* power, float* counter_resolution, uint64_t* timestamp);
RSMI_API rsmi_status_t rsmi_dev_fan_speed_get(uint32_t dv_ind, uint32_t sensor_ind, int64_t* speed);
RSMI_API rsmi_status_t rsmi_dev_fan_speed_max_get(uint32_t dv_ind, uint32_t sensor_ind, uint64_t* max_speed);
RSMI_API rsmi_status_t rsmi_dev_perf_level_get(uint32_t dv_ind, rsmi_dev_perf_level_t* perf);

/* ---- Processes ---- */
/* With procs NULL, *num_items becomes the number of processes; else up to *num_items are
 * written and RSMI_STATUS_INSUFFICIENT_SIZE says there were more. */
RSMI_API rsmi_status_t rsmi_compute_process_info_get(rsmi_process_info_t* procs, uint32_t* num_items);
RSMI_API rsmi_status_t rsmi_compute_process_info_by_pid_get(uint32_t pid, rsmi_process_info_t* proc);

#ifdef __cplusplus
}
#endif

#endif /* ROCM_SMI_ROCM_SMI_H_ */
