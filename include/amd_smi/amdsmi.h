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

/* ---- Types of the remaining AMD SMI functions (declared at the end; on ferrocm's devices
 * they answer AMDSMI_STATUS_NOT_SUPPORTED, see docs/TOOLS.md) ---- */
#define AMDSMI_MAX_CONTAINER_TYPE 2

#define AMDSMI_MAX_CACHE_TYPES 10

#define AMDSMI_MAX_NUM_XGMI_PHYSICAL_LINK 64

#define AMDSMI_MAX_ACCELERATOR_PROFILE 32

#define AMDSMI_MAX_CP_PROFILE_RESOURCES 32

#define AMDSMI_MAX_ACCELERATOR_PARTITIONS 8

#define AMDSMI_NUM_HBM_INSTANCES 4

#define AMDSMI_MAX_NUM_VCN 4

#define AMDSMI_MAX_NUM_CLKS 4

#define AMDSMI_MAX_NUM_XGMI_LINKS 8

#define AMDSMI_MAX_NUM_GFX_CLKS 8

#define AMDSMI_MAX_AID 4

#define AMDSMI_MAX_ENGINES 8

#define AMDSMI_MAX_NUM_JPEG 32

#define AMDSMI_MAX_NUM_XCC 8

#define AMDSMI_MAX_NUM_XCP 8

#define AMDSMI_TIME_FORMAT "%02d:%02d:%02d.%03d"

#define AMDSMI_DATE_FORMAT "%04d-%02d-%02d:%02d:%02d:%02d.%03d"

#define AMDSMI_LIB_VERSION_CREATE_STRING(YEAR, MAJOR, MINOR, RELEASE) (#YEAR "." #MAJOR "." #MINOR "." #RELEASE)

#define AMDSMI_LIB_VERSION_EXPAND_PARTS(YEAR_STR, MAJOR_STR, MINOR_STR, RELEASE_STR) AMDSMI_LIB_VERSION_CREATE_STRING(YEAR_STR, MAJOR_STR, MINOR_STR, RELEASE_STR)

#define AMDSMI_LIB_VERSION_STRING AMDSMI_LIB_VERSION_EXPAND_PARTS(AMDSMI_LIB_VERSION_YEAR, AMDSMI_LIB_VERSION_MAJOR, AMDSMI_LIB_VERSION_MINOR, AMDSMI_LIB_VERSION_RELEASE)

typedef enum {
  AMDSMI_MM_UVD,
  AMDSMI_MM_VCE,
  AMDSMI_MM_VCN,
  AMDSMI_MM__MAX
} amdsmi_mm_ip_t;

typedef enum {
  AMDSMI_CONTAINER_LXC,
  AMDSMI_CONTAINER_DOCKER,
} amdsmi_container_types_t;

typedef enum {
  AMDSMI_ACCELERATOR_PARTITION_INVALID = 0,
  AMDSMI_ACCELERATOR_PARTITION_SPX,
  AMDSMI_ACCELERATOR_PARTITION_DPX,
  AMDSMI_ACCELERATOR_PARTITION_TPX,
  AMDSMI_ACCELERATOR_PARTITION_QPX,
  AMDSMI_ACCELERATOR_PARTITION_CPX,
} amdsmi_accelerator_partition_type_t;

typedef enum {
  AMDSMI_COMPUTE_PARTITION_INVALID = 0,
  AMDSMI_COMPUTE_PARTITION_SPX,
  AMDSMI_COMPUTE_PARTITION_DPX,
  AMDSMI_COMPUTE_PARTITION_TPX,
  AMDSMI_COMPUTE_PARTITION_QPX,
  AMDSMI_COMPUTE_PARTITION_CPX,
} amdsmi_compute_partition_type_t;

typedef enum {
  AMDSMI_MEMORY_PARTITION_UNKNOWN = 0,
  AMDSMI_MEMORY_PARTITION_NPS1,
  AMDSMI_MEMORY_PARTITION_NPS2,
  AMDSMI_MEMORY_PARTITION_NPS4,
  AMDSMI_MEMORY_PARTITION_NPS8,
} amdsmi_memory_partition_type_t;

typedef enum {
  AMDSMI_FW_ID_SMU = 1,
  AMDSMI_FW_ID_FIRST = AMDSMI_FW_ID_SMU,
  AMDSMI_FW_ID_CP_CE,
  AMDSMI_FW_ID_CP_PFP,
  AMDSMI_FW_ID_CP_ME,
  AMDSMI_FW_ID_CP_MEC_JT1,
  AMDSMI_FW_ID_CP_MEC_JT2,
  AMDSMI_FW_ID_CP_MEC1,
  AMDSMI_FW_ID_CP_MEC2,
  AMDSMI_FW_ID_RLC,
  AMDSMI_FW_ID_SDMA0,
  AMDSMI_FW_ID_SDMA1,
  AMDSMI_FW_ID_SDMA2,
  AMDSMI_FW_ID_SDMA3,
  AMDSMI_FW_ID_SDMA4,
  AMDSMI_FW_ID_SDMA5,
  AMDSMI_FW_ID_SDMA6,
  AMDSMI_FW_ID_SDMA7,
  AMDSMI_FW_ID_VCN,
  AMDSMI_FW_ID_UVD,
  AMDSMI_FW_ID_VCE,
  AMDSMI_FW_ID_ISP,
  AMDSMI_FW_ID_DMCU_ERAM,
  AMDSMI_FW_ID_DMCU_ISR,
  AMDSMI_FW_ID_RLC_RESTORE_LIST_GPM_MEM,
  AMDSMI_FW_ID_RLC_RESTORE_LIST_SRM_MEM,
  AMDSMI_FW_ID_RLC_RESTORE_LIST_CNTL,
  AMDSMI_FW_ID_RLC_V,
  AMDSMI_FW_ID_MMSCH,
  AMDSMI_FW_ID_PSP_SYSDRV,
  AMDSMI_FW_ID_PSP_SOSDRV,
  AMDSMI_FW_ID_PSP_TOC,
  AMDSMI_FW_ID_PSP_KEYDB,
  AMDSMI_FW_ID_DFC,
  AMDSMI_FW_ID_PSP_SPL,
  AMDSMI_FW_ID_DRV_CAP,
  AMDSMI_FW_ID_MC,
  AMDSMI_FW_ID_PSP_BL,
  AMDSMI_FW_ID_CP_PM4,
  AMDSMI_FW_ID_RLC_P,
  AMDSMI_FW_ID_SEC_POLICY_STAGE2,
  AMDSMI_FW_ID_REG_ACCESS_WHITELIST,
  AMDSMI_FW_ID_IMU_DRAM,
  AMDSMI_FW_ID_IMU_IRAM,
  AMDSMI_FW_ID_SDMA_TH0,
  AMDSMI_FW_ID_SDMA_TH1,
  AMDSMI_FW_ID_CP_MES,
  AMDSMI_FW_ID_MES_KIQ,
  AMDSMI_FW_ID_MES_STACK,
  AMDSMI_FW_ID_MES_THREAD1,
  AMDSMI_FW_ID_MES_THREAD1_STACK,
  AMDSMI_FW_ID_RLX6,
  AMDSMI_FW_ID_RLX6_DRAM_BOOT,
  AMDSMI_FW_ID_RS64_ME,
  AMDSMI_FW_ID_RS64_ME_P0_DATA,
  AMDSMI_FW_ID_RS64_ME_P1_DATA,
  AMDSMI_FW_ID_RS64_PFP,
  AMDSMI_FW_ID_RS64_PFP_P0_DATA,
  AMDSMI_FW_ID_RS64_PFP_P1_DATA,
  AMDSMI_FW_ID_RS64_MEC,
  AMDSMI_FW_ID_RS64_MEC_P0_DATA,
  AMDSMI_FW_ID_RS64_MEC_P1_DATA,
  AMDSMI_FW_ID_RS64_MEC_P2_DATA,
  AMDSMI_FW_ID_RS64_MEC_P3_DATA,
  AMDSMI_FW_ID_PPTABLE,
  AMDSMI_FW_ID_PSP_SOC,
  AMDSMI_FW_ID_PSP_DBG,
  AMDSMI_FW_ID_PSP_INTF,
  AMDSMI_FW_ID_RLX6_CORE1,
  AMDSMI_FW_ID_RLX6_DRAM_BOOT_CORE1,
  AMDSMI_FW_ID_RLCV_LX7,
  AMDSMI_FW_ID_RLC_SAVE_RESTORE_LIST,
  AMDSMI_FW_ID_ASD,
  AMDSMI_FW_ID_TA_RAS,
  AMDSMI_FW_ID_TA_XGMI,
  AMDSMI_FW_ID_RLC_SRLG,
  AMDSMI_FW_ID_RLC_SRLS,
  AMDSMI_FW_ID_PM,
  AMDSMI_FW_ID_DMCU,
  AMDSMI_FW_ID__MAX
} amdsmi_fw_block_t;

typedef struct {
  uint64_t lower_bound;
  uint64_t upper_bound;
  uint64_t reserved[2];
} amdsmi_range_t;

typedef struct {
  uint8_t xgmi_lanes;
  uint64_t xgmi_hive_id;
  uint64_t xgmi_node_id;
  uint32_t index;
  uint32_t reserved[9];
} amdsmi_xgmi_info_t;

typedef struct {
  uint64_t reference_timestamp;
  uint64_t violation_timestamp;
  uint64_t acc_counter;
  uint64_t acc_prochot_thrm;
  uint64_t acc_ppt_pwr;
  uint64_t acc_socket_thrm;
  uint64_t acc_vr_thrm;
  uint64_t acc_hbm_thrm;
  uint64_t per_prochot_thrm;
  uint64_t per_ppt_pwr;
  uint64_t per_socket_thrm;
  uint64_t per_vr_thrm;
  uint64_t per_hbm_thrm;
  uint8_t active_prochot_thrm;
  uint8_t active_ppt_pwr;
  uint8_t active_socket_thrm;
  uint8_t active_vr_thrm;
  uint8_t active_hbm_thrm;
  uint64_t reserved[30];
} amdsmi_violation_status_t;

typedef struct {
  amdsmi_range_t supported_freq_range;
  amdsmi_range_t current_freq_range;
  uint32_t reserved[8];
} amdsmi_frequency_range_t;

typedef enum {
  AMDSMI_CARD_FORM_FACTOR_PCIE,
  AMDSMI_CARD_FORM_FACTOR_OAM,
  AMDSMI_CARD_FORM_FACTOR_CEM,
  AMDSMI_CARD_FORM_FACTOR_UNKNOWN
} amdsmi_card_form_factor_t;

typedef struct {
  struct pcie_static_ {
    uint16_t max_pcie_width;
    uint32_t max_pcie_speed;
    uint32_t pcie_interface_version;
    amdsmi_card_form_factor_t slot_type;
    uint64_t reserved[10];
  } pcie_static;
  struct pcie_metric_ {
    uint16_t pcie_width;
    uint32_t pcie_speed;
    uint32_t pcie_bandwidth;
    uint64_t pcie_replay_count;
    uint64_t pcie_l0_to_recovery_count;
    uint64_t pcie_replay_roll_over_count;
    uint64_t pcie_nak_sent_count;
    uint64_t pcie_nak_received_count;
    uint32_t pcie_lc_perf_other_end_recovery_count;
    uint64_t reserved[12];
  } pcie_metric;
  uint64_t reserved[32];
} amdsmi_pcie_info_t;

typedef enum {
  AMDSMI_CACHE_PROPERTY_ENABLED = 0x00000001,
  AMDSMI_CACHE_PROPERTY_DATA_CACHE = 0x00000002,
  AMDSMI_CACHE_PROPERTY_INST_CACHE = 0x00000004,
  AMDSMI_CACHE_PROPERTY_CPU_CACHE = 0x00000008,
  AMDSMI_CACHE_PROPERTY_SIMD_CACHE = 0x00000010,
} amdsmi_cache_property_type_t;

typedef struct {
  uint32_t num_cache_types;
  struct cache_ {
    uint32_t cache_properties;
    uint32_t cache_size;
    uint32_t cache_level;
    uint32_t max_num_cu_shared;
    uint32_t num_cache_instance;
    uint32_t reserved[3];
  } cache[AMDSMI_MAX_CACHE_TYPES];
  uint32_t reserved[15];
} amdsmi_gpu_cache_info_t;

typedef struct {
  uint8_t num_fw_info;
  struct fw_info_list_ {
    amdsmi_fw_block_t fw_id;
    uint64_t fw_version;
    uint64_t reserved[2];
  } fw_info_list[AMDSMI_FW_ID__MAX];
  uint32_t reserved[7];
} amdsmi_fw_info_t;

typedef union {
  struct nps_flags_ {
    uint32_t nps1_cap :1;
    uint32_t nps2_cap :1;
    uint32_t nps4_cap :1;
    uint32_t nps8_cap :1;
    uint32_t reserved :28;
  } amdsmi_nps_flags_t;
  uint32_t nps_cap_mask;
} amdsmi_nps_caps_t;

typedef struct {
  amdsmi_accelerator_partition_type_t profile_type;
  uint32_t num_partitions;
  uint32_t profile_index;
  amdsmi_nps_caps_t memory_caps;
  uint32_t num_resources;
  uint32_t resources[AMDSMI_MAX_ACCELERATOR_PARTITIONS][AMDSMI_MAX_CP_PROFILE_RESOURCES];
  uint64_t reserved[6];
} amdsmi_accelerator_partition_profile_t;

typedef enum {
  AMDSMI_LINK_TYPE_INTERNAL,
  AMDSMI_LINK_TYPE_XGMI,
  AMDSMI_LINK_TYPE_PCIE,
  AMDSMI_LINK_TYPE_NOT_APPLICABLE,
  AMDSMI_LINK_TYPE_UNKNOWN
} amdsmi_link_type_t;

typedef struct {
  uint32_t num_links;
  struct _links {
    amdsmi_bdf_t bdf;
    uint32_t bit_rate;
    uint32_t max_bandwidth;
    amdsmi_link_type_t link_type;
    uint64_t read;
    uint64_t write;
    uint64_t reserved[2];
  } links[AMDSMI_MAX_NUM_XGMI_PHYSICAL_LINK];
  uint64_t reserved[7];
} amdsmi_link_metrics_t;

typedef struct {
  uint8_t is_iolink_coherent;
  uint8_t is_iolink_atomics_32bit;
  uint8_t is_iolink_atomics_64bit;
  uint8_t is_iolink_dma;
  uint8_t is_iolink_bi_directional;
} amdsmi_p2p_capability_t;

#define AMDSMI_MAX_NUM_FREQUENCIES 33

#define AMDSMI_NUM_VOLTAGE_CURVE_POINTS 3

typedef uintptr_t amdsmi_event_handle_t;

typedef enum {
  AMDSMI_EVNT_GRP_XGMI = 0,
  AMDSMI_EVNT_GRP_XGMI_DATA_OUT = 10,
  AMDSMI_EVNT_GRP_INVALID = 0xFFFFFFFF
} amdsmi_event_group_t;

typedef enum {
  AMDSMI_EVNT_FIRST = AMDSMI_EVNT_GRP_XGMI,
  AMDSMI_EVNT_XGMI_FIRST = AMDSMI_EVNT_GRP_XGMI,
  AMDSMI_EVNT_XGMI_0_NOP_TX = AMDSMI_EVNT_XGMI_FIRST,
  AMDSMI_EVNT_XGMI_0_REQUEST_TX,
  AMDSMI_EVNT_XGMI_0_RESPONSE_TX,
  AMDSMI_EVNT_XGMI_0_BEATS_TX,
  AMDSMI_EVNT_XGMI_1_NOP_TX,
  AMDSMI_EVNT_XGMI_1_REQUEST_TX,
  AMDSMI_EVNT_XGMI_1_RESPONSE_TX,
  AMDSMI_EVNT_XGMI_1_BEATS_TX,
  AMDSMI_EVNT_XGMI_LAST = AMDSMI_EVNT_XGMI_1_BEATS_TX,
  AMDSMI_EVNT_XGMI_DATA_OUT_FIRST = AMDSMI_EVNT_GRP_XGMI_DATA_OUT,
  AMDSMI_EVNT_XGMI_DATA_OUT_0 = AMDSMI_EVNT_XGMI_DATA_OUT_FIRST,
  AMDSMI_EVNT_XGMI_DATA_OUT_1,
  AMDSMI_EVNT_XGMI_DATA_OUT_2,
  AMDSMI_EVNT_XGMI_DATA_OUT_3,
  AMDSMI_EVNT_XGMI_DATA_OUT_4,
  AMDSMI_EVNT_XGMI_DATA_OUT_5,
  AMDSMI_EVNT_XGMI_DATA_OUT_LAST = AMDSMI_EVNT_XGMI_DATA_OUT_5,
  AMDSMI_EVNT_LAST = AMDSMI_EVNT_XGMI_DATA_OUT_LAST,
} amdsmi_event_type_t;

typedef enum {
  AMDSMI_CNTR_CMD_START = 0,
  AMDSMI_CNTR_CMD_STOP,
} amdsmi_counter_command_t;

typedef struct {
  uint64_t value;
  uint64_t time_enabled;
  uint64_t time_running;
} amdsmi_counter_value_t;

typedef enum {
  AMDSMI_EVT_NOTIF_NONE = 0,
  AMDSMI_EVT_NOTIF_VMFAULT = 1,
  AMDSMI_EVT_NOTIF_FIRST = AMDSMI_EVT_NOTIF_VMFAULT,
  AMDSMI_EVT_NOTIF_THERMAL_THROTTLE = 2,
  AMDSMI_EVT_NOTIF_GPU_PRE_RESET = 3,
  AMDSMI_EVT_NOTIF_GPU_POST_RESET = 4,
  AMDSMI_EVT_NOTIF_RING_HANG = 5,
  AMDSMI_EVT_NOTIF_LAST = AMDSMI_EVT_NOTIF_RING_HANG
} amdsmi_evt_notification_type_t;

#define AMDSMI_EVENT_MASK_FROM_INDEX(i) (1ULL << ((i) - 1))

#define MAX_EVENT_NOTIFICATION_MSG_SIZE 64

typedef struct {
  amdsmi_processor_handle processor_handle;
  amdsmi_evt_notification_type_t event;
  char message[MAX_EVENT_NOTIFICATION_MSG_SIZE];
} amdsmi_evt_notification_data_t;

typedef enum {
  AMDSMI_VOLT_CURRENT = 0x0,
  AMDSMI_VOLT_FIRST = AMDSMI_VOLT_CURRENT,
  AMDSMI_VOLT_MAX,
  AMDSMI_VOLT_MIN_CRIT,
  AMDSMI_VOLT_MIN,
  AMDSMI_VOLT_MAX_CRIT,
  AMDSMI_VOLT_AVERAGE,
  AMDSMI_VOLT_LOWEST,
  AMDSMI_VOLT_HIGHEST,
  AMDSMI_VOLT_LAST = AMDSMI_VOLT_HIGHEST
} amdsmi_voltage_metric_t;

typedef enum {
  AMDSMI_VOLT_TYPE_FIRST = 0,
  AMDSMI_VOLT_TYPE_VDDGFX = AMDSMI_VOLT_TYPE_FIRST,
  AMDSMI_VOLT_TYPE_LAST = AMDSMI_VOLT_TYPE_VDDGFX,
  AMDSMI_VOLT_TYPE_INVALID = 0xFFFFFFFF
} amdsmi_voltage_type_t;

typedef enum {
  AMDSMI_PWR_PROF_PRST_CUSTOM_MASK = 0x1,
  AMDSMI_PWR_PROF_PRST_VIDEO_MASK = 0x2,
  AMDSMI_PWR_PROF_PRST_POWER_SAVING_MASK = 0x4,
  AMDSMI_PWR_PROF_PRST_COMPUTE_MASK = 0x8,
  AMDSMI_PWR_PROF_PRST_VR_MASK = 0x10,
  AMDSMI_PWR_PROF_PRST_3D_FULL_SCR_MASK = 0x20,
  AMDSMI_PWR_PROF_PRST_BOOTUP_DEFAULT = 0x40,
  AMDSMI_PWR_PROF_PRST_LAST = AMDSMI_PWR_PROF_PRST_BOOTUP_DEFAULT,
  AMDSMI_PWR_PROF_PRST_INVALID = 0xFFFFFFFFFFFFFFFF
} amdsmi_power_profile_preset_masks_t;

typedef enum {
  AMDSMI_GPU_BLOCK_INVALID = 0x0000000000000000,
  AMDSMI_GPU_BLOCK_FIRST = 0x0000000000000001,
  AMDSMI_GPU_BLOCK_UMC = AMDSMI_GPU_BLOCK_FIRST,
  AMDSMI_GPU_BLOCK_SDMA = 0x0000000000000002,
  AMDSMI_GPU_BLOCK_GFX = 0x0000000000000004,
  AMDSMI_GPU_BLOCK_MMHUB = 0x0000000000000008,
  AMDSMI_GPU_BLOCK_ATHUB = 0x0000000000000010,
  AMDSMI_GPU_BLOCK_PCIE_BIF = 0x0000000000000020,
  AMDSMI_GPU_BLOCK_HDP = 0x0000000000000040,
  AMDSMI_GPU_BLOCK_XGMI_WAFL = 0x0000000000000080,
  AMDSMI_GPU_BLOCK_DF = 0x0000000000000100,
  AMDSMI_GPU_BLOCK_SMN = 0x0000000000000200,
  AMDSMI_GPU_BLOCK_SEM = 0x0000000000000400,
  AMDSMI_GPU_BLOCK_MP0 = 0x0000000000000800,
  AMDSMI_GPU_BLOCK_MP1 = 0x0000000000001000,
  AMDSMI_GPU_BLOCK_FUSE = 0x0000000000002000,
  AMDSMI_GPU_BLOCK_MCA = 0x0000000000004000,
  AMDSMI_GPU_BLOCK_VCN = 0x0000000000008000,
  AMDSMI_GPU_BLOCK_JPEG = 0x0000000000010000,
  AMDSMI_GPU_BLOCK_IH = 0x0000000000020000,
  AMDSMI_GPU_BLOCK_MPIO = 0x0000000000040000,
  AMDSMI_GPU_BLOCK_LAST = AMDSMI_GPU_BLOCK_MPIO,
  AMDSMI_GPU_BLOCK_RESERVED = 0x8000000000000000
} amdsmi_gpu_block_t;

typedef enum {
  CLK_LIMIT_MIN,
  CLK_LIMIT_MAX
} amdsmi_clk_limit_type_t;

typedef enum {
  AMDSMI_RAS_ERR_STATE_NONE = 0,
  AMDSMI_RAS_ERR_STATE_DISABLED,
  AMDSMI_RAS_ERR_STATE_PARITY,
  AMDSMI_RAS_ERR_STATE_SING_C,
  AMDSMI_RAS_ERR_STATE_MULT_UC,
  AMDSMI_RAS_ERR_STATE_POISON,
  AMDSMI_RAS_ERR_STATE_ENABLED,
  AMDSMI_RAS_ERR_STATE_LAST = AMDSMI_RAS_ERR_STATE_ENABLED,
  AMDSMI_RAS_ERR_STATE_INVALID = 0xFFFFFFFF
} amdsmi_ras_err_state_t;

typedef enum {
  AMDSMI_FREQ_IND_MIN = 0,
  AMDSMI_FREQ_IND_MAX = 1,
  AMDSMI_FREQ_IND_INVALID = 0xFFFFFFFF
} amdsmi_freq_ind_t;

typedef enum {
  AMDSMI_XGMI_STATUS_NO_ERRORS = 0,
  AMDSMI_XGMI_STATUS_ERROR,
  AMDSMI_XGMI_STATUS_MULTIPLE_ERRORS,
} amdsmi_xgmi_status_t;

typedef uint64_t amdsmi_bit_field_t;

typedef enum {
  AMDSMI_MEM_PAGE_STATUS_RESERVED = 0,
  AMDSMI_MEM_PAGE_STATUS_PENDING,
  AMDSMI_MEM_PAGE_STATUS_UNRESERVABLE
} amdsmi_memory_page_status_t;

typedef enum {
  AMDSMI_IOLINK_TYPE_UNDEFINED = 0,
  AMDSMI_IOLINK_TYPE_PCIEXPRESS = 1,
  AMDSMI_IOLINK_TYPE_XGMI = 2,
  AMDSMI_IOLINK_TYPE_NUMIOLINKTYPES,
  AMDSMI_IOLINK_TYPE_SIZE = 0xFFFFFFFF
} amdsmi_io_link_type_t;

typedef enum {
  AMDSMI_UTILIZATION_COUNTER_FIRST = 0,
  AMDSMI_COARSE_GRAIN_GFX_ACTIVITY = AMDSMI_UTILIZATION_COUNTER_FIRST,
  AMDSMI_COARSE_GRAIN_MEM_ACTIVITY,
  AMDSMI_COARSE_DECODER_ACTIVITY,
  AMDSMI_FINE_GRAIN_GFX_ACTIVITY = 100,
  AMDSMI_FINE_GRAIN_MEM_ACTIVITY = 101,
  AMDSMI_FINE_DECODER_ACTIVITY = 102,
  AMDSMI_UTILIZATION_COUNTER_LAST = AMDSMI_FINE_DECODER_ACTIVITY
} amdsmi_utilization_counter_type_t;

typedef enum {
  AMDSMI_AVERAGE_POWER = 0,
  AMDSMI_CURRENT_POWER,
  AMDSMI_INVALID_POWER = 0xFFFFFFFF
} amdsmi_power_type_t;

#define AMDSMI_MAX_UTILIZATION_VALUES 4

typedef struct {
  amdsmi_utilization_counter_type_t type;
  uint64_t value;
  uint64_t fine_value[AMDSMI_MAX_UTILIZATION_VALUES];
  uint16_t fine_value_count;
} amdsmi_utilization_counter_t;

typedef struct {
  uint64_t page_address;
  uint64_t page_size;
  amdsmi_memory_page_status_t status;
} amdsmi_retired_page_record_t;

#define AMDSMI_MAX_NUM_POWER_PROFILES (sizeof(amdsmi_bit_field_t) * 8)

typedef struct {
  amdsmi_bit_field_t available_profiles;
  amdsmi_power_profile_preset_masks_t current;
  uint32_t num_profiles;
} amdsmi_power_profile_status_t;

typedef struct {
  bool has_deep_sleep;
  uint32_t num_supported;
  uint32_t current;
  uint64_t frequency[AMDSMI_MAX_NUM_FREQUENCIES];
} amdsmi_frequencies_t;

typedef struct {
  uint32_t policy_id;
  char policy_description[AMDSMI_MAX_NAME];
} amdsmi_dpm_policy_entry_t;

#define AMDSMI_MAX_NUM_PM_POLICIES 32

typedef struct {
  uint32_t num_supported;
  uint32_t current;
  amdsmi_dpm_policy_entry_t policies[AMDSMI_MAX_NUM_PM_POLICIES];
} amdsmi_dpm_policy_t;

typedef struct {
  amdsmi_frequencies_t transfer_rate;
  uint32_t lanes[AMDSMI_MAX_NUM_FREQUENCIES];
} amdsmi_pcie_bandwidth_t;

typedef struct {
  uint64_t frequency;
  uint64_t voltage;
} amdsmi_od_vddc_point_t;

typedef struct {
  amdsmi_range_t freq_range;
  amdsmi_range_t volt_range;
} amdsmi_freq_volt_region_t;

typedef struct {
  amdsmi_od_vddc_point_t vc_points[AMDSMI_NUM_VOLTAGE_CURVE_POINTS];
} amdsmi_od_volt_curve_t;

typedef struct {
  amdsmi_range_t curr_sclk_range;
  amdsmi_range_t curr_mclk_range;
  amdsmi_range_t sclk_freq_limits;
  amdsmi_range_t mclk_freq_limits;
  amdsmi_od_volt_curve_t curve;
  uint32_t num_regions;
} amdsmi_od_volt_freq_data_t;

typedef struct {
  uint16_t structure_size;
  uint8_t format_revision;
  uint8_t content_revision;
} amd_metrics_table_header_t;

struct amdsmi_gpu_xcp_metrics_t {
  uint32_t gfx_busy_inst[AMDSMI_MAX_NUM_XCC];
  uint16_t jpeg_busy[AMDSMI_MAX_NUM_JPEG];
  uint16_t vcn_busy[AMDSMI_MAX_NUM_VCN];
  uint64_t gfx_busy_acc[AMDSMI_MAX_NUM_XCC];
};

typedef struct {
  amd_metrics_table_header_t common_header;
  uint16_t temperature_edge;
  uint16_t temperature_hotspot;
  uint16_t temperature_mem;
  uint16_t temperature_vrgfx;
  uint16_t temperature_vrsoc;
  uint16_t temperature_vrmem;
  uint16_t average_gfx_activity;
  uint16_t average_umc_activity;
  uint16_t average_mm_activity;
  uint16_t average_socket_power;
  uint64_t energy_accumulator;
  uint64_t system_clock_counter;
  uint16_t average_gfxclk_frequency;
  uint16_t average_socclk_frequency;
  uint16_t average_uclk_frequency;
  uint16_t average_vclk0_frequency;
  uint16_t average_dclk0_frequency;
  uint16_t average_vclk1_frequency;
  uint16_t average_dclk1_frequency;
  uint16_t current_gfxclk;
  uint16_t current_socclk;
  uint16_t current_uclk;
  uint16_t current_vclk0;
  uint16_t current_dclk0;
  uint16_t current_vclk1;
  uint16_t current_dclk1;
  uint32_t throttle_status;
  uint16_t current_fan_speed;
  uint16_t pcie_link_width;
  uint16_t pcie_link_speed;
  uint32_t gfx_activity_acc;
  uint32_t mem_activity_acc;
  uint16_t temperature_hbm[AMDSMI_NUM_HBM_INSTANCES];
  uint64_t firmware_timestamp;
  uint16_t voltage_soc;
  uint16_t voltage_gfx;
  uint16_t voltage_mem;
  uint64_t indep_throttle_status;
  uint16_t current_socket_power;
  uint16_t vcn_activity[AMDSMI_MAX_NUM_VCN];
  uint32_t gfxclk_lock_status;
  uint16_t xgmi_link_width;
  uint16_t xgmi_link_speed;
  uint64_t pcie_bandwidth_acc;
  uint64_t pcie_bandwidth_inst;
  uint64_t pcie_l0_to_recov_count_acc;
  uint64_t pcie_replay_count_acc;
  uint64_t pcie_replay_rover_count_acc;
  uint64_t xgmi_read_data_acc[AMDSMI_MAX_NUM_XGMI_LINKS];
  uint64_t xgmi_write_data_acc[AMDSMI_MAX_NUM_XGMI_LINKS];
  uint16_t current_gfxclks[AMDSMI_MAX_NUM_GFX_CLKS];
  uint16_t current_socclks[AMDSMI_MAX_NUM_CLKS];
  uint16_t current_vclk0s[AMDSMI_MAX_NUM_CLKS];
  uint16_t current_dclk0s[AMDSMI_MAX_NUM_CLKS];
  uint16_t jpeg_activity[AMDSMI_MAX_NUM_JPEG];
  uint32_t pcie_nak_sent_count_acc;
  uint32_t pcie_nak_rcvd_count_acc;
  uint64_t accumulation_counter;
  uint64_t prochot_residency_acc;
  uint64_t ppt_residency_acc;
  uint64_t socket_thm_residency_acc;
  uint64_t vr_thm_residency_acc;
  uint64_t hbm_thm_residency_acc;
  uint16_t num_partition;
  struct amdsmi_gpu_xcp_metrics_t xcp_stats[AMDSMI_MAX_NUM_XCP];
  uint32_t pcie_lc_perf_other_end_recovery;
} amdsmi_gpu_metrics_t;

#define MAX_AMDSMI_NAME_LENGTH 64

typedef struct {
  char name[MAX_AMDSMI_NAME_LENGTH];
  uint64_t value;
} amdsmi_name_value_t;

typedef enum {
  AMDSMI_REG_XGMI,
  AMDSMI_REG_WAFL,
  AMDSMI_REG_PCIE,
  AMDSMI_REG_USR,
  AMDSMI_REG_USR1,
} amdsmi_reg_type_t;

typedef struct {
  uint32_t ras_eeprom_version;
  uint32_t ecc_correction_schema_flag;
} amdsmi_ras_feature_t;

typedef struct {
  uint64_t correctable_count;
  uint64_t uncorrectable_count;
  uint64_t deferred_count;
  uint64_t reserved[5];
} amdsmi_error_count_t;

typedef struct {
  uint32_t count;
  amdsmi_processor_handle processor_list[AMDSMI_MAX_DEVICES];
  uint64_t reserved[15];
} amdsmi_topology_nearest_t;

#define AMDSMI_DEFAULT_VARIANT 0xFFFFFFFFFFFFFFFF

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
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_compute_process_info_by_pid(uint32_t pid, amdsmi_process_info_t* proc);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_compute_process_gpus(uint32_t pid, uint32_t* dv_indices, uint32_t* num_devices);
/* Frees what amdsmi_get_gpu_pm_metrics_info/amdsmi_get_gpu_reg_table_info return; they return
 * nothing on ferrocm's devices, so there is nothing to free. */
AMDSMI_API void amdsmi_free_name_value_pairs(void* p);

/* ---- Not supported on ferrocm's devices: AMDSMI_STATUS_NOT_SUPPORTED (docs/TOOLS.md) ---- */
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_pci_bandwidth(amdsmi_processor_handle processor_handle, amdsmi_pcie_bandwidth_t* bandwidth);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_pci_throughput(amdsmi_processor_handle processor_handle, uint64_t* sent, uint64_t* received, uint64_t* max_pkt_sz);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_pci_replay_counter(amdsmi_processor_handle processor_handle, uint64_t* counter);
AMDSMI_API amdsmi_status_t amdsmi_set_gpu_pci_bandwidth(amdsmi_processor_handle processor_handle, uint64_t bw_bitmask);
AMDSMI_API amdsmi_status_t amdsmi_set_power_cap(amdsmi_processor_handle processor_handle, uint32_t sensor_ind, uint64_t cap);
AMDSMI_API amdsmi_status_t amdsmi_set_gpu_power_profile(amdsmi_processor_handle processor_handle, uint32_t reserved, amdsmi_power_profile_preset_masks_t profile);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_bad_page_info(amdsmi_processor_handle processor_handle, uint32_t* num_pages, amdsmi_retired_page_record_t* info);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_ras_feature_info(amdsmi_processor_handle processor_handle, amdsmi_ras_feature_t* ras_feature);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_ras_block_features_enabled(amdsmi_processor_handle processor_handle, amdsmi_gpu_block_t block, amdsmi_ras_err_state_t* state);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_memory_reserved_pages(amdsmi_processor_handle processor_handle, uint32_t* num_pages, amdsmi_retired_page_record_t* records);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_cache_info(amdsmi_processor_handle processor_handle, amdsmi_gpu_cache_info_t* info);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_volt_metric(amdsmi_processor_handle processor_handle, amdsmi_voltage_type_t sensor_type, amdsmi_voltage_metric_t metric, int64_t* voltage);
AMDSMI_API amdsmi_status_t amdsmi_reset_gpu_fan(amdsmi_processor_handle processor_handle, uint32_t sensor_ind);
AMDSMI_API amdsmi_status_t amdsmi_set_gpu_fan_speed(amdsmi_processor_handle processor_handle, uint32_t sensor_ind, uint64_t speed);
AMDSMI_API amdsmi_status_t amdsmi_get_utilization_count(amdsmi_processor_handle processor_handle, amdsmi_utilization_counter_t utilization_counters[], uint32_t count, uint64_t* timestamp);
AMDSMI_API amdsmi_status_t amdsmi_set_gpu_perf_determinism_mode(amdsmi_processor_handle processor_handle, uint64_t clkvalue);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_overdrive_level(amdsmi_processor_handle processor_handle, uint32_t* od);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_mem_overdrive_level(amdsmi_processor_handle processor_handle, uint32_t* od);
AMDSMI_API amdsmi_status_t amdsmi_get_clk_freq(amdsmi_processor_handle processor_handle, amdsmi_clk_type_t clk_type, amdsmi_frequencies_t* f);
AMDSMI_API amdsmi_status_t amdsmi_reset_gpu(amdsmi_processor_handle processor_handle);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_od_volt_info(amdsmi_processor_handle processor_handle, amdsmi_od_volt_freq_data_t* odv);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_metrics_header_info(amdsmi_processor_handle processor_handle, amd_metrics_table_header_t* header_value);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_metrics_info(amdsmi_processor_handle processor_handle, amdsmi_gpu_metrics_t* pgpu_metrics);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_pm_metrics_info(amdsmi_processor_handle processor_handle, amdsmi_name_value_t** pm_metrics, uint32_t* num_of_metrics);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_reg_table_info(amdsmi_processor_handle processor_handle, amdsmi_reg_type_t reg_type, amdsmi_name_value_t** reg_metrics, uint32_t* num_of_metrics);
AMDSMI_API amdsmi_status_t amdsmi_set_gpu_clk_range(amdsmi_processor_handle processor_handle, uint64_t minclkvalue, uint64_t maxclkvalue, amdsmi_clk_type_t clkType);
AMDSMI_API amdsmi_status_t amdsmi_set_gpu_clk_limit(amdsmi_processor_handle processor_handle, amdsmi_clk_type_t clk_type, amdsmi_clk_limit_type_t limit_type, uint64_t clk_value);
AMDSMI_API amdsmi_status_t amdsmi_set_gpu_od_clk_info(amdsmi_processor_handle processor_handle, amdsmi_freq_ind_t level, uint64_t clkvalue, amdsmi_clk_type_t clkType);
AMDSMI_API amdsmi_status_t amdsmi_set_gpu_od_volt_info(amdsmi_processor_handle processor_handle, uint32_t vpoint, uint64_t clkvalue, uint64_t voltvalue);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_od_volt_curve_regions(amdsmi_processor_handle processor_handle, uint32_t* num_regions, amdsmi_freq_volt_region_t* buffer);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_power_profile_presets(amdsmi_processor_handle processor_handle, uint32_t sensor_ind, amdsmi_power_profile_status_t* status);
AMDSMI_API amdsmi_status_t amdsmi_set_gpu_perf_level(amdsmi_processor_handle processor_handle, amdsmi_dev_perf_level_t perf_lvl);
AMDSMI_API amdsmi_status_t amdsmi_set_gpu_overdrive_level(amdsmi_processor_handle processor_handle, uint32_t od);
AMDSMI_API amdsmi_status_t amdsmi_set_clk_freq(amdsmi_processor_handle processor_handle, amdsmi_clk_type_t clk_type, uint64_t freq_bitmask);
AMDSMI_API amdsmi_status_t amdsmi_get_soc_pstate(amdsmi_processor_handle processor_handle, amdsmi_dpm_policy_t* policy);
AMDSMI_API amdsmi_status_t amdsmi_set_soc_pstate(amdsmi_processor_handle processor_handle, uint32_t policy_id);
AMDSMI_API amdsmi_status_t amdsmi_get_xgmi_plpd(amdsmi_processor_handle processor_handle, amdsmi_dpm_policy_t* xgmi_plpd);
AMDSMI_API amdsmi_status_t amdsmi_set_xgmi_plpd(amdsmi_processor_handle processor_handle, uint32_t plpd_id);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_process_isolation(amdsmi_processor_handle processor_handle, uint32_t* pisolate);
AMDSMI_API amdsmi_status_t amdsmi_set_gpu_process_isolation(amdsmi_processor_handle processor_handle, uint32_t pisolate);
AMDSMI_API amdsmi_status_t amdsmi_clean_gpu_local_data(amdsmi_processor_handle processor_handle);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_ecc_count(amdsmi_processor_handle processor_handle, amdsmi_gpu_block_t block, amdsmi_error_count_t* ec);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_ecc_enabled(amdsmi_processor_handle processor_handle, uint64_t* enabled_blocks);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_ecc_status(amdsmi_processor_handle processor_handle, amdsmi_gpu_block_t block, amdsmi_ras_err_state_t* state);
AMDSMI_API amdsmi_status_t amdsmi_gpu_counter_group_supported(amdsmi_processor_handle processor_handle, amdsmi_event_group_t group);
AMDSMI_API amdsmi_status_t amdsmi_gpu_create_counter(amdsmi_processor_handle processor_handle, amdsmi_event_type_t type, amdsmi_event_handle_t* evnt_handle);
AMDSMI_API amdsmi_status_t amdsmi_gpu_destroy_counter(amdsmi_event_handle_t evnt_handle);
AMDSMI_API amdsmi_status_t amdsmi_gpu_control_counter(amdsmi_event_handle_t evt_handle, amdsmi_counter_command_t cmd, void* cmd_args);
AMDSMI_API amdsmi_status_t amdsmi_gpu_read_counter(amdsmi_event_handle_t evt_handle, amdsmi_counter_value_t* value);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_available_counters(amdsmi_processor_handle processor_handle, amdsmi_event_group_t grp, uint32_t* available);
AMDSMI_API amdsmi_status_t amdsmi_gpu_xgmi_error_status(amdsmi_processor_handle processor_handle, amdsmi_xgmi_status_t* status);
AMDSMI_API amdsmi_status_t amdsmi_reset_gpu_xgmi_error(amdsmi_processor_handle processor_handle);
AMDSMI_API amdsmi_status_t amdsmi_get_link_metrics(amdsmi_processor_handle processor_handle, amdsmi_link_metrics_t* link_metrics);
AMDSMI_API amdsmi_status_t amdsmi_topo_get_link_weight(amdsmi_processor_handle processor_handle_src, amdsmi_processor_handle processor_handle_dst, uint64_t* weight);
AMDSMI_API amdsmi_status_t amdsmi_get_minmax_bandwidth_between_processors(amdsmi_processor_handle processor_handle_src, amdsmi_processor_handle processor_handle_dst, uint64_t* min_bandwidth, uint64_t* max_bandwidth);
AMDSMI_API amdsmi_status_t amdsmi_topo_get_link_type(amdsmi_processor_handle processor_handle_src, amdsmi_processor_handle processor_handle_dst, uint64_t* hops, amdsmi_io_link_type_t* type);
AMDSMI_API amdsmi_status_t amdsmi_is_P2P_accessible(amdsmi_processor_handle processor_handle_src, amdsmi_processor_handle processor_handle_dst, bool* accessible);
AMDSMI_API amdsmi_status_t amdsmi_topo_get_p2p_status(amdsmi_processor_handle processor_handle_src, amdsmi_processor_handle processor_handle_dst, amdsmi_io_link_type_t* type, amdsmi_p2p_capability_t* cap);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_compute_partition(amdsmi_processor_handle processor_handle, char* compute_partition, uint32_t len);
AMDSMI_API amdsmi_status_t amdsmi_set_gpu_compute_partition(amdsmi_processor_handle processor_handle, amdsmi_compute_partition_type_t compute_partition);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_memory_partition(amdsmi_processor_handle processor_handle, char* memory_partition, uint32_t len);
AMDSMI_API amdsmi_status_t amdsmi_set_gpu_memory_partition(amdsmi_processor_handle processor_handle, amdsmi_memory_partition_type_t memory_partition);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_accelerator_partition_profile(amdsmi_processor_handle processor_handle, amdsmi_accelerator_partition_profile_t* profile, uint32_t* partition_id);
AMDSMI_API amdsmi_status_t amdsmi_init_gpu_event_notification(amdsmi_processor_handle processor_handle);
AMDSMI_API amdsmi_status_t amdsmi_set_gpu_event_notification_mask(amdsmi_processor_handle processor_handle, uint64_t mask);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_event_notification(int timeout_ms, uint32_t* num_elem, amdsmi_evt_notification_data_t* data);
AMDSMI_API amdsmi_status_t amdsmi_stop_gpu_event_notification(amdsmi_processor_handle processor_handle);
AMDSMI_API amdsmi_status_t amdsmi_get_pcie_info(amdsmi_processor_handle processor_handle, amdsmi_pcie_info_t* info);
AMDSMI_API amdsmi_status_t amdsmi_get_xgmi_info(amdsmi_processor_handle processor_handle, amdsmi_xgmi_info_t* info);
AMDSMI_API amdsmi_status_t amdsmi_get_fw_info(amdsmi_processor_handle processor_handle, amdsmi_fw_info_t* info);
AMDSMI_API amdsmi_status_t amdsmi_get_violation_status(amdsmi_processor_handle processor_handle, amdsmi_violation_status_t* info);
AMDSMI_API amdsmi_status_t amdsmi_get_gpu_total_ecc_count(amdsmi_processor_handle processor_handle, amdsmi_error_count_t* ec);
AMDSMI_API amdsmi_status_t amdsmi_get_link_topology_nearest(amdsmi_processor_handle processor_handle, amdsmi_link_type_t link_type, amdsmi_topology_nearest_t* topology_nearest_info);

#ifdef __cplusplus
}
#endif

#endif /* AMDSMI_H_ */
