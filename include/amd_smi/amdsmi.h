/* AMD SMI: device inventory and metrics. ferrocm's libamd_smi.so (link with -lamd_smi).
 *
 * The devices are ferrocm's: the host CPU (the device of the CPU platform) and NVIDIA GPUs
 * (over NVML). Each device is one socket holding one processor. Names, values and struct
 * layouts are AMD SMI's (library 24.7, ROCm 6.3), for the subset of functions declared here.
 *
 * N/A: a function whose value a device lacks returns AMDSMI_STATUS_NOT_SUPPORTED; in a struct
 * that is partly known, unknown numbers are all ones (UINT32_MAX, UINT64_MAX...) and unknown
 * strings "N/A". Temperatures are in degrees Celsius, power in W (power info) or uW (power
 * cap info), memory in bytes (memory total/usage) or MiB (VRAM usage/info), clocks in MHz.
 * See docs/TOOLS.md. */
#ifndef AMDSMI_H_
#define AMDSMI_H_ 1

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if !defined(AMDSMI_API)
#if defined(__GNUC__)
#define AMDSMI_API __attribute__((visibility("default")))
#else
#define AMDSMI_API
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Sizes and versions ---- */
#define AMDSMI_MAX_MM_IP_COUNT 8
#define AMDSMI_MAX_DATE_LENGTH 32
#define AMDSMI_MAX_STRING_LENGTH 64
#define AMDSMI_NORMAL_STRING_LENGTH 32
#define AMDSMI_MAX_DEVICES 32
#define AMDSMI_MAX_NAME 32
#define AMDSMI_MAX_DRIVER_VERSION_LENGTH 80
#define AMDSMI_256_LENGTH 256
#define AMDSMI_GPU_UUID_SIZE 38
#define AMDSMI_MAX_FAN_SPEED 255
#define CENTRIGRADE_TO_MILLI_CENTIGRADE 1000

#define AMDSMI_LIB_VERSION_YEAR 24
#define AMDSMI_LIB_VERSION_MAJOR 7
#define AMDSMI_LIB_VERSION_MINOR 0
#define AMDSMI_LIB_VERSION_RELEASE 0

/* ---- Initialisation flags (ferrocm lists every device whatever the flags) ---- */
typedef enum {
  AMDSMI_INIT_ALL_PROCESSORS = 0xFFFFFFFF,
  AMDSMI_INIT_AMD_CPUS = (1 << 0),
  AMDSMI_INIT_AMD_GPUS = (1 << 1),
  AMDSMI_INIT_NON_AMD_CPUS = (1 << 2),
  AMDSMI_INIT_NON_AMD_GPUS = (1 << 3),
  AMDSMI_INIT_AMD_APUS = (AMDSMI_INIT_AMD_CPUS | AMDSMI_INIT_AMD_GPUS)
} amdsmi_init_flags_t;

/* ---- Handles ---- */
typedef void* amdsmi_processor_handle;
typedef void* amdsmi_socket_handle;

typedef enum {
  AMDSMI_PROCESSOR_TYPE_UNKNOWN = 0,
  AMDSMI_PROCESSOR_TYPE_AMD_GPU,
  AMDSMI_PROCESSOR_TYPE_AMD_CPU,
  AMDSMI_PROCESSOR_TYPE_NON_AMD_GPU,
  AMDSMI_PROCESSOR_TYPE_NON_AMD_CPU,
  AMDSMI_PROCESSOR_TYPE_AMD_CPU_CORE,
  AMDSMI_PROCESSOR_TYPE_AMD_APU
} processor_type_t;

/* ---- Status codes ---- */
typedef enum {
  AMDSMI_STATUS_SUCCESS = 0,
  AMDSMI_STATUS_INVAL = 1,
  AMDSMI_STATUS_NOT_SUPPORTED = 2,
  AMDSMI_STATUS_NOT_YET_IMPLEMENTED = 3,
  AMDSMI_STATUS_FAIL_LOAD_MODULE = 4,
  AMDSMI_STATUS_FAIL_LOAD_SYMBOL = 5,
  AMDSMI_STATUS_DRM_ERROR = 6,
  AMDSMI_STATUS_API_FAILED = 7,
  AMDSMI_STATUS_TIMEOUT = 8,
  AMDSMI_STATUS_RETRY = 9,
  AMDSMI_STATUS_NO_PERM = 10,
  AMDSMI_STATUS_INTERRUPT = 11,
  AMDSMI_STATUS_IO = 12,
  AMDSMI_STATUS_ADDRESS_FAULT = 13,
  AMDSMI_STATUS_FILE_ERROR = 14,
  AMDSMI_STATUS_OUT_OF_RESOURCES = 15,
  AMDSMI_STATUS_INTERNAL_EXCEPTION = 16,
  AMDSMI_STATUS_INPUT_OUT_OF_BOUNDS = 17,
  AMDSMI_STATUS_INIT_ERROR = 18,
  AMDSMI_STATUS_REFCOUNT_OVERFLOW = 19,
  AMDSMI_STATUS_BUSY = 30,
  AMDSMI_STATUS_NOT_FOUND = 31,
  AMDSMI_STATUS_NOT_INIT = 32,
  AMDSMI_STATUS_NO_SLOT = 33,
  AMDSMI_STATUS_DRIVER_NOT_LOADED = 34,
  AMDSMI_STATUS_NO_DATA = 40,
  AMDSMI_STATUS_INSUFFICIENT_SIZE = 41,
  AMDSMI_STATUS_UNEXPECTED_SIZE = 42,
  AMDSMI_STATUS_UNEXPECTED_DATA = 43,
  AMDSMI_STATUS_NON_AMD_CPU = 44,
  AMDSMI_STATUS_NO_ENERGY_DRV = 45,
  AMDSMI_STATUS_NO_MSR_DRV = 46,
  AMDSMI_STATUS_NO_HSMP_DRV = 47,
  AMDSMI_STATUS_NO_HSMP_SUP = 48,
  AMDSMI_STATUS_NO_HSMP_MSG_SUP = 49,
  AMDSMI_STATUS_HSMP_TIMEOUT = 50,
  AMDSMI_STATUS_NO_DRV = 51,
  AMDSMI_STATUS_FILE_NOT_FOUND = 52,
  AMDSMI_STATUS_ARG_PTR_NULL = 53,
  AMDSMI_STATUS_AMDGPU_RESTART_ERR = 54,
  AMDSMI_STATUS_SETTING_UNAVAILABLE = 55,
  AMDSMI_STATUS_MAP_ERROR = 0xFFFFFFFE,
  AMDSMI_STATUS_UNKNOWN_ERROR = 0xFFFFFFFF
} amdsmi_status_t;

/* ---- Enumerations of the queries ---- */
typedef enum {
  AMDSMI_CLK_TYPE_SYS = 0x0,
  AMDSMI_CLK_TYPE_FIRST = AMDSMI_CLK_TYPE_SYS,
  AMDSMI_CLK_TYPE_GFX = AMDSMI_CLK_TYPE_SYS,
  AMDSMI_CLK_TYPE_DF,
  AMDSMI_CLK_TYPE_DCEF,
  AMDSMI_CLK_TYPE_SOC,
  AMDSMI_CLK_TYPE_MEM,
  AMDSMI_CLK_TYPE_PCIE,
  AMDSMI_CLK_TYPE_VCLK0,
  AMDSMI_CLK_TYPE_VCLK1,
  AMDSMI_CLK_TYPE_DCLK0,
  AMDSMI_CLK_TYPE_DCLK1,
  AMDSMI_CLK_TYPE__MAX = AMDSMI_CLK_TYPE_DCLK1
} amdsmi_clk_type_t;

typedef enum {
  AMDSMI_TEMPERATURE_TYPE_EDGE,
  AMDSMI_TEMPERATURE_TYPE_FIRST = AMDSMI_TEMPERATURE_TYPE_EDGE,
  AMDSMI_TEMPERATURE_TYPE_HOTSPOT,
  AMDSMI_TEMPERATURE_TYPE_JUNCTION = AMDSMI_TEMPERATURE_TYPE_HOTSPOT,
  AMDSMI_TEMPERATURE_TYPE_VRAM,
  AMDSMI_TEMPERATURE_TYPE_HBM_0,
  AMDSMI_TEMPERATURE_TYPE_HBM_1,
  AMDSMI_TEMPERATURE_TYPE_HBM_2,
  AMDSMI_TEMPERATURE_TYPE_HBM_3,
  AMDSMI_TEMPERATURE_TYPE_PLX,
  AMDSMI_TEMPERATURE_TYPE__MAX = AMDSMI_TEMPERATURE_TYPE_PLX
} amdsmi_temperature_type_t;

typedef enum {
  AMDSMI_TEMP_CURRENT = 0x0,
  AMDSMI_TEMP_FIRST = AMDSMI_TEMP_CURRENT,
  AMDSMI_TEMP_MAX,
  AMDSMI_TEMP_MIN,
  AMDSMI_TEMP_MAX_HYST,
  AMDSMI_TEMP_MIN_HYST,
  AMDSMI_TEMP_CRITICAL,
  AMDSMI_TEMP_CRITICAL_HYST,
  AMDSMI_TEMP_EMERGENCY,
  AMDSMI_TEMP_EMERGENCY_HYST,
  AMDSMI_TEMP_CRIT_MIN,
  AMDSMI_TEMP_CRIT_MIN_HYST,
  AMDSMI_TEMP_OFFSET,
  AMDSMI_TEMP_LOWEST,
  AMDSMI_TEMP_HIGHEST,
  AMDSMI_TEMP_LAST = AMDSMI_TEMP_HIGHEST
} amdsmi_temperature_metric_t;

typedef enum {
  AMDSMI_MEM_TYPE_FIRST = 0,
  AMDSMI_MEM_TYPE_VRAM = AMDSMI_MEM_TYPE_FIRST,
  AMDSMI_MEM_TYPE_VIS_VRAM,
  AMDSMI_MEM_TYPE_GTT,
  AMDSMI_MEM_TYPE_LAST = AMDSMI_MEM_TYPE_GTT
} amdsmi_memory_type_t;

typedef enum {
  AMDSMI_VRAM_TYPE_UNKNOWN = 0,
  AMDSMI_VRAM_TYPE_HBM = 1,
  AMDSMI_VRAM_TYPE_HBM2 = 2,
  AMDSMI_VRAM_TYPE_HBM2E = 3,
  AMDSMI_VRAM_TYPE_HBM3 = 4,
  AMDSMI_VRAM_TYPE_DDR2 = 10,
  AMDSMI_VRAM_TYPE_DDR3 = 11,
  AMDSMI_VRAM_TYPE_DDR4 = 12,
  AMDSMI_VRAM_TYPE_GDDR1 = 17,
  AMDSMI_VRAM_TYPE_GDDR2 = 18,
  AMDSMI_VRAM_TYPE_GDDR3 = 19,
  AMDSMI_VRAM_TYPE_GDDR4 = 20,
  AMDSMI_VRAM_TYPE_GDDR5 = 21,
  AMDSMI_VRAM_TYPE_GDDR6 = 22,
  AMDSMI_VRAM_TYPE_GDDR7 = 23,
  AMDSMI_VRAM_TYPE__MAX = AMDSMI_VRAM_TYPE_GDDR7
} amdsmi_vram_type_t;

typedef enum {
  AMDSMI_VRAM_VENDOR__PLACEHOLDER0,
  AMDSMI_VRAM_VENDOR__SAMSUNG,
  AMDSMI_VRAM_VENDOR__INFINEON,
  AMDSMI_VRAM_VENDOR__ELPIDA,
  AMDSMI_VRAM_VENDOR__ETRON,
  AMDSMI_VRAM_VENDOR__NANYA,
  AMDSMI_VRAM_VENDOR__HYNIX,
  AMDSMI_VRAM_VENDOR__MOSEL,
  AMDSMI_VRAM_VENDOR__WINBOND,
  AMDSMI_VRAM_VENDOR__ESMT,
  AMDSMI_VRAM_VENDOR__PLACEHOLDER1,
  AMDSMI_VRAM_VENDOR__PLACEHOLDER2,
  AMDSMI_VRAM_VENDOR__PLACEHOLDER3,
  AMDSMI_VRAM_VENDOR__PLACEHOLDER4,
  AMDSMI_VRAM_VENDOR__PLACEHOLDER5,
  AMDSMI_VRAM_VENDOR__MICRON
} amdsmi_vram_vendor_type_t;

typedef enum {
  AMDSMI_DEV_PERF_LEVEL_AUTO = 0,
  AMDSMI_DEV_PERF_LEVEL_FIRST = AMDSMI_DEV_PERF_LEVEL_AUTO,
  AMDSMI_DEV_PERF_LEVEL_LOW,
  AMDSMI_DEV_PERF_LEVEL_HIGH,
  AMDSMI_DEV_PERF_LEVEL_MANUAL,
  AMDSMI_DEV_PERF_LEVEL_STABLE_STD,
  AMDSMI_DEV_PERF_LEVEL_STABLE_PEAK,
  AMDSMI_DEV_PERF_LEVEL_STABLE_MIN_MCLK,
  AMDSMI_DEV_PERF_LEVEL_STABLE_MIN_SCLK,
  AMDSMI_DEV_PERF_LEVEL_DETERMINISM,
  AMDSMI_DEV_PERF_LEVEL_LAST = AMDSMI_DEV_PERF_LEVEL_DETERMINISM,
  AMDSMI_DEV_PERF_LEVEL_UNKNOWN = 0x100
} amdsmi_dev_perf_level_t;

/* ---- Structures ---- */

/* A PCI address: function (3 bits), device (5), bus (8), domain (48). */
typedef union {
  struct {
    uint64_t function_number : 3;
    uint64_t device_number : 5;
    uint64_t bus_number : 8;
    uint64_t domain_number : 48;
  };
  uint64_t as_uint;
} amdsmi_bdf_t;

typedef struct {
  uint32_t year;
  uint32_t major;
  uint32_t minor;
  uint32_t release;
  const char* build;
} amdsmi_version_t;

/* VRAM in MiB. */
typedef struct {
  uint32_t vram_total;
  uint32_t vram_used;
  uint32_t reserved[2];
} amdsmi_vram_usage_t;

/* Power caps in microwatts. */
typedef struct {
  uint64_t power_cap;
  uint64_t default_power_cap;
  uint64_t dpm_cap;
  uint64_t min_power_cap;
  uint64_t max_power_cap;
  uint64_t reserved[3];
} amdsmi_power_cap_info_t;

typedef struct {
  char name[AMDSMI_MAX_STRING_LENGTH];
  char build_date[AMDSMI_MAX_DATE_LENGTH];
  char part_number[AMDSMI_MAX_STRING_LENGTH];
  char version[AMDSMI_NORMAL_STRING_LENGTH];
  uint32_t reserved[16];
} amdsmi_vbios_info_t;

typedef struct {
  char market_name[AMDSMI_256_LENGTH];
  uint32_t vendor_id;
  char vendor_name[AMDSMI_MAX_STRING_LENGTH];
  uint32_t subvendor_id;
  uint64_t device_id;
  uint32_t rev_id;
  char asic_serial[AMDSMI_NORMAL_STRING_LENGTH];
  uint32_t oam_id;
  uint32_t num_of_compute_units;
  uint64_t target_graphics_version;
  uint32_t reserved[15];
} amdsmi_asic_info_t;

typedef struct {
  uint64_t kfd_id;
  uint32_t node_id;
  uint32_t current_partition_id;
  uint32_t reserved[12];
} amdsmi_kfd_info_t;

/* vram_size in MiB. */
typedef struct {
  amdsmi_vram_type_t vram_type;
  amdsmi_vram_vendor_type_t vram_vendor;
  uint64_t vram_size;
  uint32_t vram_bit_width;
  uint64_t reserved[5];
} amdsmi_vram_info_t;

typedef struct {
  char driver_version[AMDSMI_MAX_STRING_LENGTH];
  char driver_date[AMDSMI_MAX_STRING_LENGTH];
  char driver_name[AMDSMI_MAX_STRING_LENGTH];
} amdsmi_driver_info_t;

typedef struct {
  char model_number[AMDSMI_256_LENGTH];
  char product_serial[AMDSMI_NORMAL_STRING_LENGTH];
  char fru_id[AMDSMI_NORMAL_STRING_LENGTH];
  char product_name[AMDSMI_256_LENGTH];
  char manufacturer_name[AMDSMI_MAX_STRING_LENGTH];
  uint32_t reserved[32];
} amdsmi_board_info_t;

/* Power in W, voltages in mV. */
typedef struct {
  uint32_t current_socket_power;
  uint32_t average_socket_power;
  uint32_t gfx_voltage;
  uint32_t soc_voltage;
  uint32_t mem_voltage;
  uint32_t power_limit;
  uint32_t reserved[11];
} amdsmi_power_info_t;

/* Clocks in MHz. */
typedef struct {
  uint32_t clk;
  uint32_t min_clk;
  uint32_t max_clk;
  uint8_t clk_locked;
  uint8_t clk_deep_sleep;
  uint32_t reserved[4];
} amdsmi_clk_info_t;

/* Busy percentages. */
typedef struct {
  uint32_t gfx_activity;
  uint32_t umc_activity;
  uint32_t mm_activity;
  uint32_t reserved[13];
} amdsmi_engine_usage_t;

typedef uint32_t amdsmi_process_handle_t;

/* A process using a device; memory in bytes, engine time in ns. */
typedef struct {
  char name[AMDSMI_NORMAL_STRING_LENGTH];
  amdsmi_process_handle_t pid;
  uint64_t mem;
  struct engine_usage_ {
    uint64_t gfx;
    uint64_t enc;
    uint32_t reserved[12];
  } engine_usage;
  struct memory_usage_ {
    uint64_t gtt_mem;
    uint64_t cpu_mem;
    uint64_t vram_mem;
    uint32_t reserved[10];
  } memory_usage;
  char container_name[AMDSMI_NORMAL_STRING_LENGTH];
  uint32_t reserved[4];
} amdsmi_proc_info_t;

typedef struct {
  uint32_t process_id;
  uint32_t pasid;
  uint64_t vram_usage;
  uint64_t sdma_usage;
  uint32_t cu_occupancy;
} amdsmi_process_info_t;

/* ---- Library ---- */
AMDSMI_API amdsmi_status_t amdsmi_init(uint64_t init_flags);
AMDSMI_API amdsmi_status_t amdsmi_shut_down(void);
AMDSMI_API amdsmi_status_t amdsmi_get_lib_version(amdsmi_version_t* version);
AMDSMI_API amdsmi_status_t amdsmi_status_code_to_string(amdsmi_status_t status, const char** status_string);

/* ---- Discovery: sockets, processors ---- */
/* With handles NULL, *count becomes the number of handles; else up to *count are written. */
AMDSMI_API amdsmi_status_t amdsmi_get_socket_handles(uint32_t* socket_count, amdsmi_socket_handle* socket_handles);
AMDSMI_API amdsmi_status_t amdsmi_get_socket_info(amdsmi_socket_handle socket_handle, size_t len, char* name);
/* A NULL socket handle lists the processors of every socket. */
AMDSMI_API amdsmi_status_t amdsmi_get_processor_handles(amdsmi_socket_handle socket_handle, uint32_t* processor_count, amdsmi_processor_handle* processor_handles);
AMDSMI_API amdsmi_status_t amdsmi_get_processor_type(amdsmi_processor_handle processor_handle, processor_type_t* processor_type);
AMDSMI_API amdsmi_status_t amdsmi_get_processor_handle_from_bdf(amdsmi_bdf_t bdf, amdsmi_processor_handle* processor_handle);

/* ---- Identity ---- */
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_id(amdsmi_processor_handle processor_handle, uint16_t* id);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_revision(amdsmi_processor_handle processor_handle, uint16_t* revision);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_vendor_name(amdsmi_processor_handle processor_handle, char* name, size_t len);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_vram_vendor(amdsmi_processor_handle processor_handle, char* brand, uint32_t len);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_subsystem_id(amdsmi_processor_handle processor_handle, uint16_t* id);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_subsystem_name(amdsmi_processor_handle processor_handle, char* name, size_t len);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_bdf_id(amdsmi_processor_handle processor_handle, uint64_t* bdfid);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_topo_numa_affinity(amdsmi_processor_handle processor_handle, int32_t* numa_node);
AMDSMI_API amdsmi_status_t amdsmi_topo_get_numa_node_number(amdsmi_processor_handle processor_handle, uint32_t* numa_node);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_device_bdf(amdsmi_processor_handle processor_handle, amdsmi_bdf_t* bdf);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_device_uuid(amdsmi_processor_handle processor_handle, unsigned int* uuid_length, char* uuid);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_driver_info(amdsmi_processor_handle processor_handle, amdsmi_driver_info_t* info);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_asic_info(amdsmi_processor_handle processor_handle, amdsmi_asic_info_t* info);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_kfd_info(amdsmi_processor_handle processor_handle, amdsmi_kfd_info_t* info);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_vram_info(amdsmi_processor_handle processor_handle, amdsmi_vram_info_t* info);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_board_info(amdsmi_processor_handle processor_handle, amdsmi_board_info_t* info);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_vbios_info(amdsmi_processor_handle processor_handle, amdsmi_vbios_info_t* info);

/* ---- Metrics ---- */
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_activity(amdsmi_processor_handle processor_handle, amdsmi_engine_usage_t* info);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_memory_total(amdsmi_processor_handle processor_handle, amdsmi_memory_type_t mem_type, uint64_t* total);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_memory_usage(amdsmi_processor_handle processor_handle, amdsmi_memory_type_t mem_type, uint64_t* used);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_vram_usage(amdsmi_processor_handle processor_handle, amdsmi_vram_usage_t* info);
AMDSMI_API amdsmi_status_t amdsmi_get_clock_info(amdsmi_processor_handle processor_handle, amdsmi_clk_type_t clk_type, amdsmi_clk_info_t* info);
AMDSMI_API amdsmi_status_t amdsmi_get_temp_metric(amdsmi_processor_handle processor_handle, amdsmi_temperature_type_t sensor_type, amdsmi_temperature_metric_t metric, int64_t* temperature);
AMDSMI_API amdsmi_status_t amdsmi_get_power_info(amdsmi_processor_handle processor_handle, amdsmi_power_info_t* info);
AMDSMI_API amdsmi_status_t amdsmi_get_power_cap_info(amdsmi_processor_handle processor_handle, uint32_t sensor_ind, amdsmi_power_cap_info_t* info);
AMDSMI_API amdsmi_status_t amdsmi_get_energy_count(amdsmi_processor_handle processor_handle, uint64_t* energy_accumulator, float* counter_resolution, uint64_t* timestamp);
AMDSMI_API amdsmi_status_t amdsmi_is_gpu_power_management_enabled(amdsmi_processor_handle processor_handle, bool* enabled);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_fan_speed(amdsmi_processor_handle processor_handle, uint32_t sensor_ind, int64_t* speed);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_fan_speed_max(amdsmi_processor_handle processor_handle, uint32_t sensor_ind, uint64_t* max_speed);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_fan_rpms(amdsmi_processor_handle processor_handle, uint32_t sensor_ind, int64_t* speed);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_perf_level(amdsmi_processor_handle processor_handle, amdsmi_dev_perf_level_t* perf);

/* ---- Processes ---- */
/* With list NULL, *max_processes becomes the number of processes; else up to *max_processes
 * are written and AMDSMI_STATUS_OUT_OF_RESOURCES says there were more. */
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_process_list(amdsmi_processor_handle processor_handle, uint32_t* max_processes, amdsmi_proc_info_t* list);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_compute_process_info(amdsmi_process_info_t* procs, uint32_t* num_items);

#ifdef __cplusplus
}
#endif

#endif /* AMDSMI_H_ */
