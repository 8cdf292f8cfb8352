/*
 * layout: ABI layout of the HSA headers (x86-64 / LP64 large model).
 *
 * Sizes and offsets of hsa_queue_t, every AQL packet type, the AMD barrier-value
 * packet, hsa_amd_pointer_info_t and the other structures, plus key enumeration
 * values, as _Static_asserts (the program does not compile if one is wrong) and
 * again as run-time checks that print one line each. Needs no runtime calls.
 */
#include "common.h"

#include <stddef.h>

#define LAYOUT(cond) _Static_assert(cond, #cond)
#define SIZE(T, n) LAYOUT(sizeof(T) == (n))
#define OFF(T, f, n) LAYOUT(offsetof(T, f) == (n))

/* Handles */
SIZE(hsa_agent_t, 8);
SIZE(hsa_signal_t, 8);
SIZE(hsa_region_t, 8);
SIZE(hsa_cache_t, 8);
SIZE(hsa_isa_t, 8);
SIZE(hsa_wavefront_t, 8);
SIZE(hsa_signal_group_t, 8);
SIZE(hsa_executable_t, 8);
SIZE(hsa_executable_symbol_t, 8);
SIZE(hsa_code_object_reader_t, 8);
SIZE(hsa_loaded_code_object_t, 8);
SIZE(hsa_code_object_t, 8);
SIZE(hsa_code_symbol_t, 8);
SIZE(hsa_callback_data_t, 8);
SIZE(hsa_amd_memory_pool_t, 8);
SIZE(hsa_signal_value_t, 8);
SIZE(hsa_queue_type32_t, 4);
SIZE(hsa_signal_condition32_t, 4);
SIZE(hsa_status_t, 4);
SIZE(hsa_dim3_t, 12);

/* hsa_queue_t: 40 bytes */
SIZE(hsa_queue_t, 40);
OFF(hsa_queue_t, type, 0);
OFF(hsa_queue_t, features, 4);
OFF(hsa_queue_t, base_address, 8);
OFF(hsa_queue_t, doorbell_signal, 16);
OFF(hsa_queue_t, size, 24);
OFF(hsa_queue_t, reserved1, 28);
OFF(hsa_queue_t, id, 32);

/* Kernel dispatch packet */
SIZE(hsa_kernel_dispatch_packet_t, 64);
OFF(hsa_kernel_dispatch_packet_t, header, 0);
OFF(hsa_kernel_dispatch_packet_t, setup, 2);
OFF(hsa_kernel_dispatch_packet_t, workgroup_size_x, 4);
OFF(hsa_kernel_dispatch_packet_t, workgroup_size_y, 6);
OFF(hsa_kernel_dispatch_packet_t, workgroup_size_z, 8);
OFF(hsa_kernel_dispatch_packet_t, reserved0, 10);
OFF(hsa_kernel_dispatch_packet_t, grid_size_x, 12);
OFF(hsa_kernel_dispatch_packet_t, grid_size_y, 16);
OFF(hsa_kernel_dispatch_packet_t, grid_size_z, 20);
OFF(hsa_kernel_dispatch_packet_t, private_segment_size, 24);
OFF(hsa_kernel_dispatch_packet_t, group_segment_size, 28);
OFF(hsa_kernel_dispatch_packet_t, kernel_object, 32);
OFF(hsa_kernel_dispatch_packet_t, kernarg_address, 40);
OFF(hsa_kernel_dispatch_packet_t, reserved2, 48);
OFF(hsa_kernel_dispatch_packet_t, completion_signal, 56);

/* Agent dispatch packet */
SIZE(hsa_agent_dispatch_packet_t, 64);
OFF(hsa_agent_dispatch_packet_t, header, 0);
OFF(hsa_agent_dispatch_packet_t, type, 2);
OFF(hsa_agent_dispatch_packet_t, reserved0, 4);
OFF(hsa_agent_dispatch_packet_t, return_address, 8);
OFF(hsa_agent_dispatch_packet_t, arg, 16);
OFF(hsa_agent_dispatch_packet_t, reserved2, 48);
OFF(hsa_agent_dispatch_packet_t, completion_signal, 56);

/* Barrier-AND and barrier-OR packets */
SIZE(hsa_barrier_and_packet_t, 64);
OFF(hsa_barrier_and_packet_t, header, 0);
OFF(hsa_barrier_and_packet_t, reserved0, 2);
OFF(hsa_barrier_and_packet_t, reserved1, 4);
OFF(hsa_barrier_and_packet_t, dep_signal, 8);
OFF(hsa_barrier_and_packet_t, reserved2, 48);
OFF(hsa_barrier_and_packet_t, completion_signal, 56);
SIZE(hsa_barrier_or_packet_t, 64);
OFF(hsa_barrier_or_packet_t, header, 0);
OFF(hsa_barrier_or_packet_t, reserved0, 2);
OFF(hsa_barrier_or_packet_t, reserved1, 4);
OFF(hsa_barrier_or_packet_t, dep_signal, 8);
OFF(hsa_barrier_or_packet_t, reserved2, 48);
OFF(hsa_barrier_or_packet_t, completion_signal, 56);

/* AMD vendor packets */
SIZE(hsa_amd_vendor_packet_header_t, 4);
OFF(hsa_amd_vendor_packet_header_t, header, 0);
OFF(hsa_amd_vendor_packet_header_t, AmdFormat, 2);
OFF(hsa_amd_vendor_packet_header_t, reserved, 3);
SIZE(hsa_amd_barrier_value_packet_t, 64);
OFF(hsa_amd_barrier_value_packet_t, header, 0);
OFF(hsa_amd_barrier_value_packet_t, reserved0, 4);
OFF(hsa_amd_barrier_value_packet_t, signal, 8);
OFF(hsa_amd_barrier_value_packet_t, value, 16);
OFF(hsa_amd_barrier_value_packet_t, mask, 24);
OFF(hsa_amd_barrier_value_packet_t, cond, 32);
OFF(hsa_amd_barrier_value_packet_t, reserved1, 36);
OFF(hsa_amd_barrier_value_packet_t, reserved2, 40);
OFF(hsa_amd_barrier_value_packet_t, reserved3, 48);
OFF(hsa_amd_barrier_value_packet_t, completion_signal, 56);

/* AMD structures */
SIZE(hsa_amd_pointer_info_t, 56);
OFF(hsa_amd_pointer_info_t, size, 0);
OFF(hsa_amd_pointer_info_t, type, 4);
OFF(hsa_amd_pointer_info_t, agentBaseAddress, 8);
OFF(hsa_amd_pointer_info_t, hostBaseAddress, 16);
OFF(hsa_amd_pointer_info_t, sizeInBytes, 24);
OFF(hsa_amd_pointer_info_t, userData, 32);
OFF(hsa_amd_pointer_info_t, agentOwner, 40);
OFF(hsa_amd_pointer_info_t, global_flags, 48);
SIZE(hsa_amd_memory_pool_link_info_t, 28);
OFF(hsa_amd_memory_pool_link_info_t, min_latency, 0);
OFF(hsa_amd_memory_pool_link_info_t, max_bandwidth, 12);
OFF(hsa_amd_memory_pool_link_info_t, atomic_support_32bit, 16);
OFF(hsa_amd_memory_pool_link_info_t, atomic_support_64bit, 17);
OFF(hsa_amd_memory_pool_link_info_t, coherent_support, 18);
OFF(hsa_amd_memory_pool_link_info_t, link_type, 20);
OFF(hsa_amd_memory_pool_link_info_t, numa_distance, 24);
SIZE(hsa_amd_profiling_dispatch_time_t, 16);
OFF(hsa_amd_profiling_dispatch_time_t, end, 8);
SIZE(hsa_amd_profiling_async_copy_time_t, 16);
SIZE(hsa_amd_ipc_memory_t, 32);
SIZE(hsa_amd_hdp_flush_t, 16);
SIZE(hsa_pitched_ptr_t, 24);

/* Enumeration values that packets and status codes depend on */
LAYOUT(HSA_PACKET_TYPE_VENDOR_SPECIFIC == 0 && HSA_PACKET_TYPE_INVALID == 1 &&
       HSA_PACKET_TYPE_KERNEL_DISPATCH == 2 && HSA_PACKET_TYPE_BARRIER_AND == 3 &&
       HSA_PACKET_TYPE_AGENT_DISPATCH == 4 && HSA_PACKET_TYPE_BARRIER_OR == 5);
LAYOUT(HSA_PACKET_HEADER_TYPE == 0 && HSA_PACKET_HEADER_BARRIER == 8 &&
       HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE == 9 && HSA_PACKET_HEADER_ACQUIRE_FENCE_SCOPE == 9 &&
       HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE == 11 && HSA_PACKET_HEADER_RELEASE_FENCE_SCOPE == 11);
LAYOUT(HSA_PACKET_HEADER_WIDTH_TYPE == 8 && HSA_PACKET_HEADER_WIDTH_BARRIER == 1 &&
       HSA_PACKET_HEADER_WIDTH_SCACQUIRE_FENCE_SCOPE == 2 &&
       HSA_PACKET_HEADER_WIDTH_SCRELEASE_FENCE_SCOPE == 2);
LAYOUT(HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS == 0 &&
       HSA_KERNEL_DISPATCH_PACKET_SETUP_WIDTH_DIMENSIONS == 2);
LAYOUT(HSA_FENCE_SCOPE_NONE == 0 && HSA_FENCE_SCOPE_AGENT == 1 && HSA_FENCE_SCOPE_SYSTEM == 2);
LAYOUT(HSA_AMD_PACKET_TYPE_BARRIER_VALUE == 2 && HSA_AMD_PACKET_TYPE_AIE_ERT == 3);
LAYOUT(HSA_SIGNAL_CONDITION_EQ == 0 && HSA_SIGNAL_CONDITION_NE == 1 &&
       HSA_SIGNAL_CONDITION_LT == 2 && HSA_SIGNAL_CONDITION_GTE == 3);
LAYOUT(HSA_WAIT_STATE_BLOCKED == 0 && HSA_WAIT_STATE_ACTIVE == 1);
LAYOUT(HSA_QUEUE_TYPE_MULTI == 0 && HSA_QUEUE_TYPE_SINGLE == 1 && HSA_QUEUE_TYPE_COOPERATIVE == 2);
LAYOUT(HSA_QUEUE_FEATURE_KERNEL_DISPATCH == 1 && HSA_QUEUE_FEATURE_AGENT_DISPATCH == 2);
LAYOUT(HSA_STATUS_SUCCESS == 0 && HSA_STATUS_INFO_BREAK == 1 && HSA_STATUS_ERROR == 0x1000 &&
       HSA_STATUS_ERROR_INVALID_ARGUMENT == 0x1001 && HSA_STATUS_ERROR_INVALID_PACKET_FORMAT == 0x1009 &&
       HSA_STATUS_ERROR_NOT_INITIALIZED == 0x100B &&
       HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS == 0x100D &&
       HSA_STATUS_ERROR_INVALID_ISA_NAME == 0x1017 && HSA_STATUS_ERROR_INVALID_CODE_OBJECT == 0x1010 &&
       HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL == 0x1019 && HSA_STATUS_ERROR_INVALID_FILE == 0x1020 &&
       HSA_STATUS_ERROR_FATAL == 0x1026);
LAYOUT(HSA_STATUS_ERROR_INVALID_MEMORY_POOL == 40 && HSA_STATUS_CU_MASK_REDUCED == 44 &&
       HSA_STATUS_ERROR_RESOURCE_BUSY == 46);
LAYOUT(HSA_AGENT_INFO_NAME == 0 && HSA_AGENT_INFO_DEVICE == 17 && HSA_AGENT_INFO_VERSION_MINOR == 22 &&
       HSA_AGENT_INFO_FAST_F16_OPERATION == 24 && HSA_AGENT_INFO_LAST == INT32_MAX);
LAYOUT(HSA_AMD_AGENT_INFO_CHIP_ID == 0xA000 && HSA_AMD_AGENT_INFO_TIMESTAMP_FREQUENCY == 0xA016 &&
       HSA_AMD_AGENT_INFO_ASIC_FAMILY_ID == 0xA107 && HSA_AMD_AGENT_INFO_AQL_EXTENSIONS == 0xA115);
LAYOUT(HSA_REGION_INFO_ALLOC_MAX_SIZE == 4 && HSA_REGION_INFO_ALLOC_MAX_PRIVATE_WORKGROUP_SIZE == 8);
LAYOUT(HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS == 21 &&
       HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT == 22);
LAYOUT(HSA_ISA_INFO_GRID_MAX_SIZE == 16 && HSA_ISA_INFO_FBARRIER_MAX_SIZE == 17);
LAYOUT(HSA_AMD_MEMORY_POOL_INFO_ACCESSIBLE_BY_ALL == 15 &&
       HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_REC_GRANULE == 18);
LAYOUT(HSA_EXTENSION_AMD_PROFILER == 0x200 && HSA_EXTENSION_AMD_PC_SAMPLING == 0x203);
LAYOUT(HSA_AMD_SYSTEM_INFO_BUILD_VERSION == 0x200 && HSA_AMD_SYSTEM_INFO_EXT_VERSION_MINOR == 0x208);
LAYOUT(HSA_EXT_POINTER_TYPE_UNKNOWN == 0 && HSA_EXT_POINTER_TYPE_HSA == 1 &&
       HSA_EXT_POINTER_TYPE_LOCKED == 2 && HSA_EXT_POINTER_TYPE_IPC == 4);

#define RT_SIZE(T, n) CHECK(sizeof(T) == (n), "sizeof(%s) == %d (%zu)", #T, (int)(n), sizeof(T))
#define RT_OFF(T, f, n) \
  CHECK(offsetof(T, f) == (n), "offsetof(%s, %s) == %d (%zu)", #T, #f, (int)(n), offsetof(T, f))

int main(void) {
  test_begin("layout", 30);
  RT_SIZE(hsa_queue_t, 40);
  RT_OFF(hsa_queue_t, base_address, 8);
  RT_OFF(hsa_queue_t, doorbell_signal, 16);
  RT_OFF(hsa_queue_t, size, 24);
  RT_OFF(hsa_queue_t, id, 32);
  RT_SIZE(hsa_kernel_dispatch_packet_t, 64);
  RT_OFF(hsa_kernel_dispatch_packet_t, grid_size_x, 12);
  RT_OFF(hsa_kernel_dispatch_packet_t, kernel_object, 32);
  RT_OFF(hsa_kernel_dispatch_packet_t, kernarg_address, 40);
  RT_OFF(hsa_kernel_dispatch_packet_t, completion_signal, 56);
  RT_SIZE(hsa_agent_dispatch_packet_t, 64);
  RT_OFF(hsa_agent_dispatch_packet_t, return_address, 8);
  RT_OFF(hsa_agent_dispatch_packet_t, arg, 16);
  RT_OFF(hsa_agent_dispatch_packet_t, completion_signal, 56);
  RT_SIZE(hsa_barrier_and_packet_t, 64);
  RT_OFF(hsa_barrier_and_packet_t, dep_signal, 8);
  RT_OFF(hsa_barrier_and_packet_t, completion_signal, 56);
  RT_SIZE(hsa_barrier_or_packet_t, 64);
  RT_OFF(hsa_barrier_or_packet_t, dep_signal, 8);
  RT_OFF(hsa_barrier_or_packet_t, completion_signal, 56);
  RT_SIZE(hsa_amd_barrier_value_packet_t, 64);
  RT_OFF(hsa_amd_barrier_value_packet_t, signal, 8);
  RT_OFF(hsa_amd_barrier_value_packet_t, value, 16);
  RT_OFF(hsa_amd_barrier_value_packet_t, mask, 24);
  RT_OFF(hsa_amd_barrier_value_packet_t, cond, 32);
  RT_OFF(hsa_amd_barrier_value_packet_t, completion_signal, 56);
  RT_SIZE(hsa_amd_pointer_info_t, 56);
  RT_OFF(hsa_amd_pointer_info_t, sizeInBytes, 24);
  RT_OFF(hsa_amd_pointer_info_t, agentOwner, 40);
  RT_OFF(hsa_amd_pointer_info_t, global_flags, 48);
  RT_SIZE(hsa_amd_memory_pool_link_info_t, 28);
  RT_SIZE(hsa_signal_value_t, 8);
  {
    /* The header|setup word that producers publish with one 32-bit store. */
    hsa_kernel_dispatch_packet_t p;
    uint32_t word;
    memset(&p, 0, sizeof p);
    p.header = packet_header(HSA_PACKET_TYPE_KERNEL_DISPATCH, true, HSA_FENCE_SCOPE_SYSTEM,
                             HSA_FENCE_SCOPE_AGENT);
    p.setup = 3;
    memcpy(&word, &p, sizeof word);
    CHECK(word == dispatch_first_word(p.header, 3),
          "header | setup << 16 is the packet's first 32-bit word (0x%08x)", word);
    CHECK(p.header == (2u | 1u << 8 | 2u << 9 | 1u << 11), "header bit fields (0x%04x)", p.header);
  }
  return test_finish();
}
