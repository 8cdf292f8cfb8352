/*
 * AMD extensions to the HSA runtime API (hsa_ext_amd.h), the subset that
 * ferrocm's libhsa-runtime64.so provides: memory pools, asynchronous copies and
 * fills, host-memory locking, pointer information, AMD signals and the
 * asynchronous handler thread, coherency, profiling, queue priority and CU
 * masks, AMD agent attributes, and the AMD barrier-value vendor packet.
 *
 * Names, values and layouts follow ROCR's hsa_ext_amd.h (interface version 1.6).
 * Usable from C (C99 and later) and C++ (C++11 and later).
 */
#ifndef HSA_RUNTIME_EXT_AMD_H_
#define HSA_RUNTIME_EXT_AMD_H_

#include "hsa.h"

/* Version of this AMD extension interface. */
#define HSA_AMD_INTERFACE_VERSION_MAJOR 1
#define HSA_AMD_INTERFACE_VERSION_MINOR 6

#ifdef __cplusplus
extern "C" {
#endif

/* ========================================================================== */
/* Status codes added to hsa_status_t (decimal values, outside 0x1000..)       */
/* ========================================================================== */

enum {
  /** The memory pool is invalid. */
  HSA_STATUS_ERROR_INVALID_MEMORY_POOL = 40,
  /** Agent accessed memory beyond the maximum legal address. */
  HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION = 41,
  /** Agent executed an invalid shader instruction. */
  HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION = 42,
  /** Agent attempted to access an inaccessible address. */
  HSA_STATUS_ERROR_MEMORY_FAULT = 43,
  /** The CU mask was set, but some requested CUs are disabled for the process (success). */
  HSA_STATUS_CU_MASK_REDUCED = 44,
  /** Kernel has requested more registers than are available on this agent. */
  HSA_STATUS_ERROR_OUT_OF_REGISTERS = 45,
  /** The resource is busy or temporarily unavailable. */
  HSA_STATUS_ERROR_RESOURCE_BUSY = 46
};

/* ========================================================================== */
/* Bit-mask helpers for the uint8_t[] attribute arrays                         */
/* ========================================================================== */

#if defined(__GNUC__) || defined(__clang__)
#define HSA_AMD_INLINE_ static __inline__ __attribute__((always_inline))
#else
#define HSA_AMD_INLINE_ static __inline
#endif

HSA_AMD_INLINE_ void hsa_flag_set64(uint8_t *value, uint32_t bit) {
  unsigned int index = bit / 8;
  unsigned int sub_bit = bit % 8;
  value[index] = (uint8_t)(value[index] | (uint8_t)(1u << sub_bit));
}

HSA_AMD_INLINE_ bool hsa_flag_isset64(uint8_t *value, uint32_t bit) {
  unsigned int index = bit / 8;
  unsigned int sub_bit = bit % 8;
  return (value[index] & (1u << sub_bit)) != 0;
}

/* ========================================================================== */
/* Vendor-specific AQL packets                                                */
/* ========================================================================== */

/** Condition type usable inside packets. */
typedef uint32_t hsa_signal_condition32_t;

/** AMD vendor packet formats (hsa_amd_vendor_packet_header_t.AmdFormat). */
typedef enum {
  HSA_AMD_PACKET_TYPE_BARRIER_VALUE = 2,
  HSA_AMD_PACKET_TYPE_AIE_ERT = 3
} hsa_amd_packet_type_t;

/** A fixed-size hsa_amd_packet_type_t. */
typedef uint8_t hsa_amd_packet_type8_t;

/** Header of AMD vendor packets (type HSA_PACKET_TYPE_VENDOR_SPECIFIC). 4 bytes. */
typedef struct hsa_amd_packet_header_s {
  uint16_t header;
  hsa_amd_packet_type8_t AmdFormat;
  uint8_t reserved;
} hsa_amd_vendor_packet_header_t;

/**
 * Barrier-value packet (64 bytes): completes when
 * (value of `signal` & `mask`) `cond` `value`; a 0 signal handle is satisfied.
 */
typedef struct hsa_amd_barrier_value_packet_s {
  hsa_amd_vendor_packet_header_t header;
  uint32_t reserved0;
  hsa_signal_t signal;
  hsa_signal_value_t value;
  hsa_signal_value_t mask;
  hsa_signal_condition32_t cond;
  uint32_t reserved1;
  uint64_t reserved2;
  uint64_t reserved3;
  hsa_signal_t completion_signal;
} hsa_amd_barrier_value_packet_t;

/* ========================================================================== */
/* Agent and region attributes                                                */
/* ========================================================================== */

/** AMD agent attributes, queried with hsa_agent_get_info. */
typedef enum hsa_amd_agent_info_s {
  /** uint32_t */
  HSA_AMD_AGENT_INFO_CHIP_ID = 0xA000,
  /** uint32_t, bytes */
  HSA_AMD_AGENT_INFO_CACHELINE_SIZE = 0xA001,
  /** uint32_t */
  HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT = 0xA002,
  /** uint32_t, MHz */
  HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY = 0xA003,
  /** uint32_t */
  HSA_AMD_AGENT_INFO_DRIVER_NODE_ID = 0xA004,
  /** uint32_t */
  HSA_AMD_AGENT_INFO_MAX_ADDRESS_WATCH_POINTS = 0xA005,
  /** uint32_t */
  HSA_AMD_AGENT_INFO_BDFID = 0xA006,
  /** uint32_t (deprecated) */
  HSA_AMD_AGENT_INFO_MEMORY_WIDTH = 0xA007,
  /** uint32_t, MHz */
  HSA_AMD_AGENT_INFO_MEMORY_MAX_FREQUENCY = 0xA008,
  /** char[64] */
  HSA_AMD_AGENT_INFO_PRODUCT_NAME = 0xA009,
  /** uint32_t */
  HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU = 0xA00A,
  /** uint32_t */
  HSA_AMD_AGENT_INFO_NUM_SIMDS_PER_CU = 0xA00B,
  /** uint32_t */
  HSA_AMD_AGENT_INFO_NUM_SHADER_ENGINES = 0xA00C,
  /** uint32_t */
  HSA_AMD_AGENT_INFO_NUM_SHADER_ARRAYS_PER_SE = 0xA00D,
  /** hsa_amd_hdp_flush_t */
  HSA_AMD_AGENT_INFO_HDP_FLUSH = 0xA00E,
  /** uint32_t */
  HSA_AMD_AGENT_INFO_DOMAIN = 0xA00F,
  /** bool */
  HSA_AMD_AGENT_INFO_COOPERATIVE_QUEUES = 0xA010,
  /** char[21] at most, NUL-terminated ("CPU-XX" for CPU agents) */
  HSA_AMD_AGENT_INFO_UUID = 0xA011,
  /** uint32_t */
  HSA_AMD_AGENT_INFO_ASIC_REVISION = 0xA012,
  /** bool */
  HSA_AMD_AGENT_INFO_SVM_DIRECT_HOST_ACCESS = 0xA013,
  /** uint32_t */
  HSA_AMD_AGENT_INFO_COOPERATIVE_COMPUTE_UNIT_COUNT = 0xA014,
  /** uint64_t, bytes */
  HSA_AMD_AGENT_INFO_MEMORY_AVAIL = 0xA015,
  /** uint64_t, Hz */
  HSA_AMD_AGENT_INFO_TIMESTAMP_FREQUENCY = 0xA016,
  /** uint32_t */
  HSA_AMD_AGENT_INFO_ASIC_FAMILY_ID = 0xA107,
  /** uint32_t */
  HSA_AMD_AGENT_INFO_UCODE_VERSION = 0xA108,
  /** uint32_t */
  HSA_AMD_AGENT_INFO_SDMA_UCODE_VERSION = 0xA109,
  /** uint32_t */
  HSA_AMD_AGENT_INFO_NUM_SDMA_ENG = 0xA10A,
  /** uint32_t */
  HSA_AMD_AGENT_INFO_NUM_SDMA_XGMI_ENG = 0xA10B,
  /** hsa_amd_iommu_version_t */
  HSA_AMD_AGENT_INFO_IOMMU_SUPPORT = 0xA110,
  /** uint32_t */
  HSA_AMD_AGENT_INFO_NUM_XCC = 0xA111,
  /** uint32_t */
  HSA_AMD_AGENT_INFO_DRIVER_UID = 0xA112,
  /** hsa_agent_t */
  HSA_AMD_AGENT_INFO_NEAREST_CPU = 0xA113,
  /** uint8_t[8], bits of hsa_amd_memory_property_t */
  HSA_AMD_AGENT_INFO_MEMORY_PROPERTIES = 0xA114,
  /** uint8_t[8] (not implemented yet) */
  HSA_AMD_AGENT_INFO_AQL_EXTENSIONS = 0xA115
} hsa_amd_agent_info_t;

/** Bits of HSA_AMD_AGENT_INFO_MEMORY_PROPERTIES. */
typedef enum hsa_amd_agent_memory_properties_s {
  HSA_AMD_MEMORY_PROPERTY_AGENT_IS_APU = (1 << 0)
} hsa_amd_agent_memory_properties_t;

/** HDP flush registers (HSA_AMD_AGENT_INFO_HDP_FLUSH). */
typedef struct hsa_amd_hdp_flush_s {
  uint32_t *HDP_MEM_FLUSH_CNTL;
  uint32_t *HDP_REG_FLUSH_CNTL;
} hsa_amd_hdp_flush_t;

/** IOMMU support (HSA_AMD_AGENT_INFO_IOMMU_SUPPORT). */
typedef enum hsa_amd_iommu_version_s {
  HSA_IOMMU_SUPPORT_NONE = 0,
  HSA_IOMMU_SUPPORT_V2 = 1
} hsa_amd_iommu_version_t;

/** AMD region attributes, queried with hsa_region_get_info. */
typedef enum hsa_amd_region_info_s {
  /** bool */
  HSA_AMD_REGION_INFO_HOST_ACCESSIBLE = 0xA000,
  /** void* */
  HSA_AMD_REGION_INFO_BASE = 0xA001,
  /** uint32_t (deprecated) */
  HSA_AMD_REGION_INFO_BUS_WIDTH = 0xA002,
  /** uint32_t (deprecated) */
  HSA_AMD_REGION_INFO_MAX_CLOCK_FREQUENCY = 0xA003
} hsa_amd_region_info_t;

/* ========================================================================== */
/* Coherency                                                                  */
/* ========================================================================== */

typedef enum hsa_amd_coherency_type_s {
  HSA_AMD_COHERENCY_TYPE_COHERENT = 0,
  HSA_AMD_COHERENCY_TYPE_NONCOHERENT = 1
} hsa_amd_coherency_type_t;

hsa_status_t HSA_API hsa_amd_coherency_get_type(hsa_agent_t agent,
                                                hsa_amd_coherency_type_t *type);

/** Deprecated; succeeds without effect on platforms other than KV. */
hsa_status_t HSA_API hsa_amd_coherency_set_type(hsa_agent_t agent,
                                                hsa_amd_coherency_type_t type);

/* ========================================================================== */
/* Profiling                                                                  */
/* ========================================================================== */

/** Start and end of a dispatch, in the system timestamp domain. */
typedef struct hsa_amd_profiling_dispatch_time_s {
  uint64_t start;
  uint64_t end;
} hsa_amd_profiling_dispatch_time_t;

/** Start and end of an asynchronous copy, in the system timestamp domain. */
typedef struct hsa_amd_profiling_async_copy_time_s {
  uint64_t start;
  uint64_t end;
} hsa_amd_profiling_async_copy_time_t;

hsa_status_t HSA_API hsa_amd_profiling_set_profiler_enabled(hsa_queue_t *queue, int enable);

hsa_status_t HSA_API hsa_amd_profiling_async_copy_enable(bool enable);

hsa_status_t HSA_API hsa_amd_profiling_get_dispatch_time(hsa_agent_t agent, hsa_signal_t signal,
                                                         hsa_amd_profiling_dispatch_time_t *time);

hsa_status_t HSA_API hsa_amd_profiling_get_async_copy_time(
    hsa_signal_t signal, hsa_amd_profiling_async_copy_time_t *time);

hsa_status_t HSA_API hsa_amd_profiling_convert_tick_to_system_domain(hsa_agent_t agent,
                                                                     uint64_t agent_tick,
                                                                     uint64_t *system_tick);

/* ========================================================================== */
/* Signals                                                                    */
/* ========================================================================== */

/** Attributes of hsa_amd_signal_create. */
typedef enum hsa_amd_signal_attribute_t {
  /** Only waited on / updated by AMD GPU agents. */
  HSA_AMD_SIGNAL_AMD_GPU_ONLY = 1,
  /** May be shared with another process. */
  HSA_AMD_SIGNAL_IPC = 2
} hsa_amd_signal_attribute_t;

/** attributes = 0 is equivalent to hsa_signal_create. */
hsa_status_t HSA_API hsa_amd_signal_create(hsa_signal_value_t initial_value,
                                           uint32_t num_consumers, const hsa_agent_t *consumers,
                                           uint64_t attributes, hsa_signal_t *signal);

/** Raw pointer to the signal's value. */
hsa_status_t HSA_API hsa_amd_signal_value_pointer(hsa_signal_t signal,
                                                  volatile hsa_signal_value_t **value_ptr);

/** Asynchronous signal handler: return true to stay registered, false to unregister. */
typedef bool (*hsa_amd_signal_handler)(hsa_signal_value_t value, void *arg);

/**
 * Registers `handler` to be called (on the runtime's asynchronous-events
 * thread, serially with other handlers) when `signal` satisfies `cond` `value`.
 */
hsa_status_t HSA_API hsa_amd_signal_async_handler(hsa_signal_t signal,
                                                  hsa_signal_condition_t cond,
                                                  hsa_signal_value_t value,
                                                  hsa_amd_signal_handler handler, void *arg);

/**
 * Waits (relaxed) until one of the signal/condition pairs is satisfied.
 * Returns its index, or UINT32_MAX on timeout or error.
 */
uint32_t HSA_API hsa_amd_signal_wait_any(uint32_t signal_count, hsa_signal_t *signals,
                                         hsa_signal_condition_t *conds,
                                         hsa_signal_value_t *values, uint64_t timeout_hint,
                                         hsa_wait_state_t wait_hint,
                                         hsa_signal_value_t *satisfying_value);

/** Runs `callback(arg)` on the runtime's asynchronous-events thread. */
hsa_status_t HSA_API hsa_amd_async_function(void (*callback)(void *arg), void *arg);

/* ========================================================================== */
/* Queues                                                                     */
/* ========================================================================== */

typedef enum hsa_amd_queue_priority_s {
  HSA_AMD_QUEUE_PRIORITY_LOW = 0,
  HSA_AMD_QUEUE_PRIORITY_NORMAL = 1,
  HSA_AMD_QUEUE_PRIORITY_HIGH = 2
} hsa_amd_queue_priority_t;

/** num_cu_mask_count: number of mask bits (a multiple of 32). May return HSA_STATUS_CU_MASK_REDUCED. */
hsa_status_t HSA_API hsa_amd_queue_cu_set_mask(const hsa_queue_t *queue,
                                               uint32_t num_cu_mask_count,
                                               const uint32_t *cu_mask);

hsa_status_t HSA_API hsa_amd_queue_cu_get_mask(const hsa_queue_t *queue,
                                               uint32_t num_cu_mask_count, uint32_t *cu_mask);

hsa_status_t HSA_API hsa_amd_queue_set_priority(hsa_queue_t *queue,
                                                hsa_amd_queue_priority_t priority);

/* ========================================================================== */
/* Memory pools                                                               */
/* ========================================================================== */

/** Memory pool handle (same handle space as hsa_region_t in ROCR). */
typedef struct hsa_amd_memory_pool_s {
  uint64_t handle;
} hsa_amd_memory_pool_t;

typedef enum hsa_amd_segment_s {
  HSA_AMD_SEGMENT_GLOBAL = 0,
  HSA_AMD_SEGMENT_READONLY = 1,
  HSA_AMD_SEGMENT_PRIVATE = 2,
  HSA_AMD_SEGMENT_GROUP = 3
} hsa_amd_segment_t;

typedef enum hsa_amd_memory_pool_global_flag_s {
  /** Usable for kernel arguments. */
  HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT = 1,
  HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED = 2,
  HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED = 4,
  HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_EXTENDED_SCOPE_FINE_GRAINED = 8
} hsa_amd_memory_pool_global_flag_t;

typedef enum hsa_amd_memory_pool_location_s {
  HSA_AMD_MEMORY_POOL_LOCATION_CPU = 0,
  HSA_AMD_MEMORY_POOL_LOCATION_GPU = 1
} hsa_amd_memory_pool_location_t;

typedef enum {
  /** hsa_amd_segment_t */
  HSA_AMD_MEMORY_POOL_INFO_SEGMENT = 0,
  /** uint32_t bitmask of hsa_amd_memory_pool_global_flag_t */
  HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS = 1,
  /** size_t */
  HSA_AMD_MEMORY_POOL_INFO_SIZE = 2,
  /** bool */
  HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED = 5,
  /** size_t, minimum */
  HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_GRANULE = 6,
  /** size_t */
  HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALIGNMENT = 7,
  /** bool */
  HSA_AMD_MEMORY_POOL_INFO_ACCESSIBLE_BY_ALL = 15,
  /** size_t, aggregate */
  HSA_AMD_MEMORY_POOL_INFO_ALLOC_MAX_SIZE = 16,
  /** hsa_amd_memory_pool_location_t */
  HSA_AMD_MEMORY_POOL_INFO_LOCATION = 17,
  /** size_t, recommended */
  HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_REC_GRANULE = 18
} hsa_amd_memory_pool_info_t;

/** Flags of hsa_amd_memory_pool_allocate. */
typedef enum hsa_amd_memory_pool_flag_s {
  HSA_AMD_MEMORY_POOL_STANDARD_FLAG = 0,
  HSA_AMD_MEMORY_POOL_PCIE_FLAG = (1 << 0),
  HSA_AMD_MEMORY_POOL_CONTIGUOUS_FLAG = (1 << 1),
  HSA_AMD_MEMORY_POOL_EXECUTABLE_FLAG = (1 << 2)
} hsa_amd_memory_pool_flag_t;

hsa_status_t HSA_API hsa_amd_memory_pool_get_info(hsa_amd_memory_pool_t memory_pool,
                                                  hsa_amd_memory_pool_info_t attribute,
                                                  void *value);

hsa_status_t HSA_API hsa_amd_agent_iterate_memory_pools(
    hsa_agent_t agent, hsa_status_t (*callback)(hsa_amd_memory_pool_t memory_pool, void *data),
    void *data);

hsa_status_t HSA_API hsa_amd_memory_pool_allocate(hsa_amd_memory_pool_t memory_pool, size_t size,
                                                  uint32_t flags, void **ptr);

hsa_status_t HSA_API hsa_amd_memory_pool_free(void *ptr);

typedef enum hsa_amd_memory_pool_access_s {
  HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED = 0,
  HSA_AMD_MEMORY_POOL_ACCESS_ALLOWED_BY_DEFAULT = 1,
  HSA_AMD_MEMORY_POOL_ACCESS_DISALLOWED_BY_DEFAULT = 2
} hsa_amd_memory_pool_access_t;

typedef enum hsa_amd_link_info_type_s {
  HSA_AMD_LINK_INFO_TYPE_HYPERTRANSPORT = 0,
  HSA_AMD_LINK_INFO_TYPE_QPI = 1,
  HSA_AMD_LINK_INFO_TYPE_PCIE = 2,
  HSA_AMD_LINK_INFO_TYPE_INFINBAND = 3,
  HSA_AMD_LINK_INFO_TYPE_XGMI = 4
} hsa_amd_link_info_type_t;

/** One hop of the link between an agent and a pool (28 bytes). */
typedef struct hsa_amd_memory_pool_link_info_s {
  uint32_t min_latency;
  uint32_t max_latency;
  uint32_t min_bandwidth;
  uint32_t max_bandwidth;
  bool atomic_support_32bit;
  bool atomic_support_64bit;
  bool coherent_support;
  hsa_amd_link_info_type_t link_type;
  uint32_t numa_distance;
} hsa_amd_memory_pool_link_info_t;

typedef enum hsa_amd_agent_memory_pool_info_s {
  /** hsa_amd_memory_pool_access_t */
  HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS = 0,
  /** uint32_t */
  HSA_AMD_AGENT_MEMORY_POOL_INFO_NUM_LINK_HOPS = 1,
  /** hsa_amd_memory_pool_link_info_t[NUM_LINK_HOPS] */
  HSA_AMD_AGENT_MEMORY_POOL_INFO_LINK_INFO = 2
} hsa_amd_agent_memory_pool_info_t;

hsa_status_t HSA_API hsa_amd_agent_memory_pool_get_info(
    hsa_agent_t agent, hsa_amd_memory_pool_t memory_pool,
    hsa_amd_agent_memory_pool_info_t attribute, void *value);

/** flags must be NULL; ptr must come from hsa_amd_memory_pool_allocate. */
hsa_status_t HSA_API hsa_amd_agents_allow_access(uint32_t num_agents, const hsa_agent_t *agents,
                                                 const uint32_t *flags, const void *ptr);

hsa_status_t HSA_API hsa_amd_memory_pool_can_migrate(hsa_amd_memory_pool_t src_memory_pool,
                                                     hsa_amd_memory_pool_t dst_memory_pool,
                                                     bool *result);

hsa_status_t HSA_API hsa_amd_memory_migrate(const void *ptr, hsa_amd_memory_pool_t memory_pool,
                                            uint32_t flags);

/* ========================================================================== */
/* Asynchronous copies and fills                                              */
/* ========================================================================== */

/**
 * Copies `size` bytes once every dependency signal has been observed 0, then
 * decrements `completion_signal` (a negative value reports an error).
 */
hsa_status_t HSA_API hsa_amd_memory_async_copy(void *dst, hsa_agent_t dst_agent, const void *src,
                                               hsa_agent_t src_agent, size_t size,
                                               uint32_t num_dep_signals,
                                               const hsa_signal_t *dep_signals,
                                               hsa_signal_t completion_signal);

/** SDMA engine ids (bit mask) for the copy-on-engine API. */
typedef enum {
  HSA_AMD_SDMA_ENGINE_0 = 0x1,
  HSA_AMD_SDMA_ENGINE_1 = 0x2,
  HSA_AMD_SDMA_ENGINE_2 = 0x4,
  HSA_AMD_SDMA_ENGINE_3 = 0x8,
  HSA_AMD_SDMA_ENGINE_4 = 0x10,
  HSA_AMD_SDMA_ENGINE_5 = 0x20,
  HSA_AMD_SDMA_ENGINE_6 = 0x40,
  HSA_AMD_SDMA_ENGINE_7 = 0x80,
  HSA_AMD_SDMA_ENGINE_8 = 0x100,
  HSA_AMD_SDMA_ENGINE_9 = 0x200,
  HSA_AMD_SDMA_ENGINE_10 = 0x400,
  HSA_AMD_SDMA_ENGINE_11 = 0x800,
  HSA_AMD_SDMA_ENGINE_12 = 0x1000,
  HSA_AMD_SDMA_ENGINE_13 = 0x2000,
  HSA_AMD_SDMA_ENGINE_14 = 0x4000,
  HSA_AMD_SDMA_ENGINE_15 = 0x8000
} hsa_amd_sdma_engine_id_t;

/** A pitched (2-D/3-D) buffer. */
typedef struct hsa_pitched_ptr_s {
  void *base;
  size_t pitch;
  size_t slice;
} hsa_pitched_ptr_t;

typedef enum {
  hsaHostToHost = 0,
  hsaHostToDevice = 1,
  hsaDeviceToHost = 2,
  hsaDeviceToDevice = 3
} hsa_amd_copy_direction_t;

/** Fills `count` uint32_t at `ptr` (4-byte aligned, HSA-allocated) with `value`. */
hsa_status_t HSA_API hsa_amd_memory_fill(void *ptr, uint32_t value, size_t count);

/* ========================================================================== */
/* Host memory locking                                                        */
/* ========================================================================== */

/** agents == NULL && num_agent == 0: all agents. */
hsa_status_t HSA_API hsa_amd_memory_lock(void *host_ptr, size_t size, hsa_agent_t *agents,
                                         int num_agent, void **agent_ptr);

hsa_status_t HSA_API hsa_amd_memory_lock_to_pool(void *host_ptr, size_t size, hsa_agent_t *agents,
                                                 int num_agent, hsa_amd_memory_pool_t pool,
                                                 uint32_t flags, void **agent_ptr);

hsa_status_t HSA_API hsa_amd_memory_unlock(void *host_ptr);

/* ========================================================================== */
/* Pointer information                                                        */
/* ========================================================================== */

typedef enum {
  /** Not known to the runtime. */
  HSA_EXT_POINTER_TYPE_UNKNOWN = 0,
  /** Allocated by the runtime (memory pools, regions). */
  HSA_EXT_POINTER_TYPE_HSA = 1,
  /** Host memory locked with hsa_amd_memory_lock*. */
  HSA_EXT_POINTER_TYPE_LOCKED = 2,
  /** Graphics interop. */
  HSA_EXT_POINTER_TYPE_GRAPHICS = 3,
  /** IPC-attached memory. */
  HSA_EXT_POINTER_TYPE_IPC = 4
} hsa_amd_pointer_type_t;

/**
 * Pointer information (56 bytes). Versioned: the caller sets `size` to
 * sizeof(hsa_amd_pointer_info_t) before the call.
 */
typedef struct hsa_amd_pointer_info_s {
  uint32_t size;
  hsa_amd_pointer_type_t type;
  void *agentBaseAddress;
  void *hostBaseAddress;
  size_t sizeInBytes;
  void *userData;
  hsa_agent_t agentOwner;
  uint32_t global_flags;
} hsa_amd_pointer_info_t;

/**
 * `alloc`, `num_agents_accessible` and `accessible` may be NULL; when given,
 * `*accessible` is allocated with `alloc` and receives the agents that can
 * access the allocation.
 */
hsa_status_t HSA_API hsa_amd_pointer_info(const void *ptr, hsa_amd_pointer_info_t *info,
                                          void *(*alloc)(size_t), uint32_t *num_agents_accessible,
                                          hsa_agent_t **accessible);

hsa_status_t HSA_API hsa_amd_pointer_info_set_userdata(const void *ptr, void *userdata);

/* ========================================================================== */
/* IPC and system events (types only)                                         */
/* ========================================================================== */

/** IPC memory handle (32 bytes). */
typedef struct hsa_amd_ipc_memory_s {
  uint32_t handle[8];
} hsa_amd_ipc_memory_t;

/** IPC signal handle. */
typedef hsa_amd_ipc_memory_t hsa_amd_ipc_signal_t;

/** System event types. */
typedef enum hsa_amd_event_type_s {
  HSA_AMD_GPU_MEMORY_FAULT_EVENT = 0,
  HSA_AMD_GPU_HW_EXCEPTION_EVENT = 1,
  HSA_AMD_GPU_MEMORY_ERROR_EVENT = 2
} hsa_amd_event_type_t;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HSA_RUNTIME_EXT_AMD_H_ */
